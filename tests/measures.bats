#!/usr/bin/env bats
# One record per measure (lib/measure/measures.c): every measure name the
# measure programs and cmc print has a record, in rankkit's naming and in
# trec_eval's, with the chance and gallery-size marks; a name without one
# is found; every record's manual section exists; ir_measures' names are
# its documentation's (ir-measur.es: Success@k, R@k for recall, P@k, RR,
# AP, nDCG@k, Rprec, Bpref, NumQ...); and bootstrap takes a measure's
# direction from its record. tests/measurecheck.c reads the table.
load helper

TESTBIN="${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}"

setup() {
	cd "$BATS_TEST_TMPDIR"
	# version 2 (bpref reads the judged items): one query, relevant items
	# at ranks 1 and 3 of 5, a judged one at 2
	printf '%s\n' '# query item grade rank ties n kind' \
	    'q a 1 1 0 5 r' 'q b 2 3 0 5 r' 'q x 0 2 0 5 j' '# end' |
		tr ' ' '\t' | sed 's/^#\t/# /' > v2
}

# known PROG: the measures PROG's -m knows, cut-off ones at K = 2,
# comma-separated (from its error for an unknown name)
known() {
	"$1" -m unknown-name v2 2>&1 | sed -n '1s/.*(known: \(.*\))$/\1/p' |
		sed 's/@K/@2/g; s/, /,/g'
}

# printed: the measure names of a measure stream's rows
printed() {
	grep -v '^#' | cut -f1 | sed 's/ *$//' | sort -u
}

@test "measures: every name hitrate, mapr, ndcg and cmc print has a record, at home" {
	for p in hitrate mapr ndcg; do
		m=$(known $p)
		[ -n "$m" ]
		{ $p -q -m "$m" v2
		  $p -q --chance -k 2 v2
		  $p -q -m "$m" --names trec v2
		  $p -q --gallery-size 4 v2; } | printed > names
		[ "$(wc -l < names)" -gt 3 ]
		run --separate-stderr "$TESTBIN/measurecheck" names < names
		[ "$status" -eq 0 ]
		# each at home in the program that printed it
		[ -z "$(printf '%s\n' "$output" | awk -F'\t' -v p=$p '$2 != p')" ]
	done
	cmc v2 | printed > names
	run --separate-stderr "$TESTBIN/measurecheck" names < names
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | cut -f2 | sort -u)" = hitrate ]
}

@test "measures: a name without a record is found and named" {
	printf 'hit@10\nsuccess_5\nMeanR/G4\nfoo@10\nhit\nMedR@5\nP_x\n' > names
	run --separate-stderr "$TESTBIN/measurecheck" names < names
	[ "$status" -eq 1 ]
	[ "$stderr" = "$(printf '%s\n' "measurecheck: no record for 'foo@10'" \
	    "measurecheck: no record for 'hit'" "measurecheck: no record for 'MedR@5'" \
	    "measurecheck: no record for 'P_x'")" ]
	[ "$output" = "$(printf '%s\n' 'hit@10 hitrate higher' 'success_5 hitrate higher' \
	    'MeanR/G4 hitrate lower' | tr ' ' '\t')" ]
}

@test "measures: every record's manual section exists and names the measure" {
	"$TESTBIN/measurecheck" rows > rows
	[ "$(wc -l < rows)" -gt 20 ]
	cd "$BATS_TEST_DIRNAME/../man"
	# one pass: the rows (name, home, "page section"), then each page's
	# sections (.Sh or .Ss to the next one); a row fails when its page is
	# not its home's, or its section is missing or lacks its name
	run awk -F'\t' '
		FNR == NR { n++; name[n] = $1; sub(/@K$/, "", name[n]); home[n] = $5
			    page[n] = $7; sub(/ .*/, "", page[n])
			    sect[n] = $7; sub(/^[^ ]* /, "", sect[n]); next }
		/^\.S[hs] / { key = FILENAME SUBSEP substr($0, 5); seen[key] = 1; next }
		{ text[key] = text[key] "\n" $0 }
		END { for (i = 1; i <= n; i++) {
			key = page[i] SUBSEP sect[i]
			if (page[i] != home[i] ".1" || !seen[key] ||
			    index(text[key], name[i]) == 0)
				print "FAIL " name[i] ": " page[i] " " sect[i] } }' \
		"$BATS_TEST_TMPDIR/rows" $(cut -f7 "$BATS_TEST_TMPDIR/rows" | cut -d' ' -f1 | sort -u)
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "measures: ir_measures' and trec_eval's names and the directions, by the peers' docs" {
	"$TESTBIN/measurecheck" rows | cut -f1-4 > rows
	# ir-measur.es: Success@k is the hit rate, R@k recall, RR the
	# reciprocal rank, NumRelRet the relevant retrieved; trec_eval 10.0's
	# names; MeanR and MedR are ranks (lower is better), counts neither
	printf '%s\n' 'hit@K success_K Success@K higher' 'recall@K recall_K R@K higher' \
	    'P@K P_K P@K higher' 'MRR recip_rank RR higher' 'MRR@K - RR@K higher' \
	    'MedR - - lower' 'MeanR - - lower' 'num_q num_q NumQ neither' \
	    'num_rel_ret num_rel_ret NumRelRet neither' 'runid runid - neither' \
	    'Rprec Rprec Rprec higher' 'AP map AP higher' 'AP@K map_cut_K AP@K higher' \
	    'bpref bpref Bpref higher' 'nDCG@K ndcg_cut_K nDCG@K higher' \
	    'nDCG ndcg nDCG higher' | tr ' ' '\t' > want
	run grep -vxFf rows want
	[ -z "$output" ] || { echo "no rows: $output"; false; }
}

@test "measures: bootstrap says lower is better for MeanR at a gallery size" {
	# two systems' first relevant ranks at G = 4: 2 1 3 2 and 1 3 2 1
	for s in a:2,1,3,2 b:1,3,2,1; do
		{ echo '# measure	query	value'
		  i=0; for r in $(echo "${s#*:}" | tr , ' '); do
			i=$((i + 1)); printf 'MeanR/G4\tq%d\t%s.00\n' $i $r; done
		  echo '# end'; } > "${s%%:*}"
	done
	run --separate-stderr bootstrap -B 100 --permutations 100 --format report a b
	[ "$status" -eq 0 ]
	[[ "$output" == *"MeanR/G4 (lower is better)"* ]]
	run --separate-stderr bootstrap -B 100 --permutations 100 --format text a b
	[ "$status" -eq 0 ]
	[[ "$output" == *"lower is better for MeanR/G4"* ]]
}
