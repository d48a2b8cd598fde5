#!/usr/bin/env bats
# examples/pipelines/hybrid-fusion.sh: a lexical and a dense run of
# synthemb's crossmodal data, fused; rrf and combsum of z-scores beat both
# inputs on hit@1 and MRR (the runs err on different queries); weights
# that --optimize learns on the even captions beat equal weights and the
# dense run on the odd ones.
load helper
bats_require_minimum_version 1.5.0

@test "hybrid-fusion.sh: fusion beats the lexical and the dense run on hit@1 and MRR" {
	run --separate-stderr sh "$BATS_TEST_DIRNAME/../examples/pipelines/hybrid-fusion.sh"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${lines[0]}" = "run                          hit@1  hit@10     MRR" ]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 12 ]
	printf '%s\n' "$output" | awk '
		/^odd captions/ { exit }
		$1 == "lexical" { l1 = $2; lm = $4 }
		$1 == "dense" { d1 = $2; dm = $4 }
		$1 == "fuse" && ($3 == "rrf" || $5 == "zscore") {
			n++
			if (!($(NF - 2) > l1 && $(NF - 2) > d1 && $NF > lm && $NF > dm)) {
				print "no gain: " $0; bad = 1
			}
		}
		END { exit bad || n != 2 || l1 == "" || d1 == "" }'

	# the learned weights: a grid point of tenths summing to 1, the
	# second (dense) the greater; on the odd captions, above both
	w=$(printf '%s\n' "$output" | sed -n 's/^weights learned on the even captions (--optimize MRR): //p')
	awk -v w="$w" 'BEGIN { n = split(w, x, ","); d = x[1] + x[2] - 1; exit !(n == 2 && d * d < 1e-20 && x[2] > x[1]) }'
	printf '%s\n' "$output" | awk '
		/^odd captions/ { odd = 1; next }
		!odd { next }
		$1 == "dense" { d1 = $2; dm = $4 }
		$1 == "combsum" { e1 = $4; em = $6 }
		$1 == "-w" { n++; if (!($3 > d1 && $3 > e1 && $5 > dm && $5 > em)) bad = 1 }
		END { exit bad || n != 1 || d1 == "" || e1 == "" }'
}

# The dense run is simmat's output, written by the script itself: a copy
# of the scripts whose bin/ holds a simmat that stops after 50 lines and
# exits 0 (a writer cut short whose status was lost) stands in for it.
# grouped (grouped.sh) must refuse the file before its sort hides the cut.
@test "hybrid-fusion.sh refuses a score file cut short, naming it" {
	cd "$BATS_TEST_TMPDIR"
	synthemb -n 20 -o d crossmodal > /dev/null
	mkdir -p t/bin t/examples/pipelines
	cp "$BATS_TEST_DIRNAME"/../examples/pipelines/*.sh t/examples/pipelines/
	for p in "$RK_BIN"/*; do ln -s "$p" t/bin/; done
	rm t/bin/simmat
	printf '#!/bin/sh\n"%s/simmat" "$@" | head -n 50\n' "$RK_BIN" > t/bin/simmat
	chmod +x t/bin/simmat
	run --separate-stderr sh t/examples/pipelines/hybrid-fusion.sh d
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == "hybrid-fusion.sh: "*"/dense.raw: no '# end' line at its end: the file is cut short (its writer failed?)" ]]
}
