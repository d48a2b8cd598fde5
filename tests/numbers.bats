#!/usr/bin/env bats
# Scores are read exactly: two spellings tie when, and only when, they are
# the same double. awk reads numbers with strtod, so it is the oracle: it
# counts, for each relevant item, the candidates above and equal.
load helper

# 17- to 19-digit decimals (simmat prints up to 17), values around 2^53
# (9007199254740993 lies halfway between two doubles), near-halfway tails,
# and short spellings of the same values
scores() {
	awk 'BEGIN { srand(11)
		for (i = 0; i < 400; i++) {
			r = rand()
			if (r < 0.25) s = sprintf("0.%d%d", int(rand() * 1e9), int(rand() * 1e9))
			else if (r < 0.4) s = sprintf("900719925474099%d", int(rand() * 10))
			else if (r < 0.55) s = sprintf("-0.%017d", int(rand() * 1e8) * 1000000000 + 500000000)
			else if (r < 0.7) s = sprintf("%.17g", rand())
			else if (r < 0.8) s = sprintf("%.3f", rand())
			else if (r < 0.9) s = sprintf("%.3f000000000000", rand())
			else s = sprintf("0.30000000000000004%d", int(rand() * 10))
			printf "q\td%d\t%s\n", i, s
		}
	}'
}

@test "numbers: ties and ranks of tricky spellings agree with strtod (awk)" {
	scores > "$BATS_TEST_TMPDIR/run"
	awk '$2 ~ /[05]$/ { print "q", 0, $2, 1 }' "$BATS_TEST_TMPDIR/run" > "$BATS_TEST_TMPDIR/qrels"
	# the oracle: rank = 1 + #strictly greater, ties = #equal - 1
	awk 'NR == FNR { s[$2] = $3; next }
	     { v = s[$3] + 0; gt = 0; eq = 0
	       for (d in s) { x = s[d] + 0; if (x > v) gt++; else if (x == v) eq++ }
	       print $1 "\t" $3 "\t1\t" gt + 1 "\t" eq - 1 "\t" length(s) }' \
		"$BATS_TEST_TMPDIR/run" "$BATS_TEST_TMPDIR/qrels" |
		sort -t "$(printf '\t')" -k4,4n -k2,2 > "$BATS_TEST_TMPDIR/want"
	rankof -r "$BATS_TEST_TMPDIR/qrels" "$BATS_TEST_TMPDIR/run" | body > "$BATS_TEST_TMPDIR/got"
	# the oracle must see ties, or the test proves little
	[ "$(awk -F'\t' '$5 > 0' "$BATS_TEST_TMPDIR/want" | wc -l)" -gt 5 ]
	diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}
