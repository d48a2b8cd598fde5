#!/usr/bin/env bats
# Scores are read exactly: two spellings tie when, and only when, they are
# the same double. awk reads numbers with strtod, so it is the oracle: it
# counts, for each relevant item, the candidates above and equal.
load helper
TESTBIN="${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}"

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

# Pairs of spellings of one double: "%.17g" (the fast paths) and a longer
# one (25 significant digits, or every digit of a 20-digit integer): a
# reader that rounds twice, or wraps a long mantissa, splits a pair. Ranges:
# 17-digit mantissas above 2^53 (0.09..0.18), 20-digit integers, negatives.
@test "numbers: two spellings of one double always tie (17, 20 and 25 digits)" {
	awk 'BEGIN { srand(23)
		for (i = 0; i < 300; i++) {
			r = rand()
			if (r < 0.4) x = 0.0900719925474099 + rand() * 0.09
			else if (r < 0.6) x = 1e19 + rand() * 8e19
			else if (r < 0.8) x = -(0.1 + rand())
			else x = rand() * 1000
			printf "q\ta%d\t%.17g\n", i, x
			if (r >= 0.4 && r < 0.6) printf "q\tb%d\t%.0f\n", i, x
			else printf "q\tb%d\t%.25g\n", i, x
		}
	}' > "$BATS_TEST_TMPDIR/run"
	# the 20-digit integers are there, unrounded
	[ "$(awk '$3 ~ /^[0-9]+$/ && length($3) == 20' "$BATS_TEST_TMPDIR/run" | wc -l)" -gt 30 ]
	awk '$2 ~ /^a/ { print "q", 0, $2, 1 }' "$BATS_TEST_TMPDIR/run" > "$BATS_TEST_TMPDIR/qrels"
	# awk (strtod) ties every pair, and nothing else
	[ "$(awk '{ c[$3 + 0]++ } END { for (v in c) if (c[v] != 2) bad++; print bad + 0 }' "$BATS_TEST_TMPDIR/run")" = 0 ]
	run --separate-stderr rankof -r "$BATS_TEST_TMPDIR/qrels" "$BATS_TEST_TMPDIR/run"
	[ "$status" -eq 0 ]
	# every relevant a-item ties with exactly its b-twin: ties = 1, and the
	# ranks are the odd numbers 1, 3, ..., 599
	[ "$(printf '%s\n' "$output" | body | awk -F'\t' '$5 != 1' | wc -l)" -eq 0 ]
	[ "$(printf '%s\n' "$output" | body | cut -f4 | sort -n | paste -sd' ' -)" = "$(seq 1 2 599 | paste -sd' ' -)" ]
}

@test "numbers: integer fields out of the range of long are errors, at the edge too" {
	# LONG_MAX reads; one more does not. LONG_MAX is the build's: 2^31-1
	# for a 32-bit program (ELF class byte 1), else 2^63-1
	if [ "$(od -An -tu1 -j4 -N1 "$RK_BIN/hitrate" | tr -d ' ')" = 1 ]; then
		max=2147483647 over=2147483648 under=-2147483649
	else
		max=9223372036854775807 over=9223372036854775808
		under=-9223372036854775809
	fi
	printf 'q\td\t1\t1\t0\t%s\n' $max > "$BATS_TEST_TMPDIR/ok"
	run --separate-stderr hitrate -f -k 1 -m hit "$BATS_TEST_TMPDIR/ok"
	[ "$status" -eq 0 ]
	printf 'q\td\t1\t1\t0\t%s\n' $over > "$BATS_TEST_TMPDIR/big"
	run --separate-stderr hitrate -f -k 1 -m hit "$BATS_TEST_TMPDIR/big"
	[ "$status" -eq 1 ]
	[ "$stderr" = "hitrate: $BATS_TEST_TMPDIR/big:1: field 6: number out of range '$over'" ]
	printf 'q\td\t%s\t1\t0\t5\n' $under > "$BATS_TEST_TMPDIR/neg"
	run --separate-stderr hitrate -f -k 1 -m hit "$BATS_TEST_TMPDIR/neg"
	[ "$status" -eq 1 ]
	[ "$stderr" = "hitrate: $BATS_TEST_TMPDIR/neg:1: field 3: number out of range '$under'" ]
}

@test "numbers: integer fields of 1 to 9 digits read inline, the bytes beside the digits refused" {
	# the rank comes back as the mean rank of the one query, whatever
	# its length (up to 9 digits inline, more through parse_long)
	for r in 7 42 123456789 987654321; do
		printf 'q\td\t1\t%s\t0\t999999999\n' $r > "$BATS_TEST_TMPDIR/r"
		run --separate-stderr hitrate -m MeanR "$BATS_TEST_TMPDIR/r"
		[ "$status" -eq 0 ]
		[ "${lines[1]}" = "MeanR	all	$r.00" ]
	done
	# '/' and ':' are the bytes before '0' and after '9'
	for v in 1: 9: /1 12345678: 1234567/9 ':' '/'; do
		printf 'q\td\t1\t%s\t0\t999999999\n' "$v" > "$BATS_TEST_TMPDIR/b"
		run --separate-stderr hitrate -m MeanR "$BATS_TEST_TMPDIR/b"
		[ "$status" -eq 1 ]
		[ "$stderr" = "hitrate: $BATS_TEST_TMPDIR/b:1: field 4: bad number '$v'" ]
	done
}

@test "numbers: scores read a word at a time (rankof's padded buffer) equal parse_double's, bit for bit" {
	# tests/numcheck.c: every string of 1 to 4 bytes over digits, '.',
	# signs, 'e' and the bytes beside the digits and from 0x80 up, and
	# two million random ones, each with random bytes after it
	run "$TESTBIN/numcheck"
	[ "$status" -eq 0 ]
	[[ "$output" == "ok: "*" strings, the same status and bits" ]]
}
