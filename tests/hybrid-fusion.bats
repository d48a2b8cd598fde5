#!/usr/bin/env bats
# examples/pipelines/hybrid-fusion.sh: a lexical and a dense run of
# synthemb's crossmodal data, fused; rrf and combsum of z-scores beat both
# inputs on hit@1 and MRR (the runs err on different queries).
load helper
bats_require_minimum_version 1.5.0

@test "hybrid-fusion.sh: fusion beats the lexical and the dense run on hit@1 and MRR" {
	run --separate-stderr sh "$BATS_TEST_DIRNAME/../examples/pipelines/hybrid-fusion.sh"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${lines[0]}" = "run                          hit@1  hit@10     MRR" ]
	[ "${#lines[@]}" -eq 6 ]
	printf '%s\n' "$output" | awk '
		$1 == "lexical" { l1 = $2; lm = $4 }
		$1 == "dense" { d1 = $2; dm = $4 }
		$1 == "fuse" && ($3 == "rrf" || $5 == "zscore") {
			n++
			if (!($(NF - 2) > l1 && $(NF - 2) > d1 && $NF > lm && $NF > dm)) {
				print "no gain: " $0; bad = 1
			}
		}
		END { exit bad || n != 2 || l1 == "" || d1 == "" }'
}
