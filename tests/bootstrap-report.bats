#!/usr/bin/env bats
# bootstrap --format report: the numbers of the stream in sentences. The
# means are recomputed here in awk from the per-query values; the
# intervals and p are those of the tested machine stream (same seed), so
# the report is checked against it, not against itself.
load helper

# sys NAME SEED SHIFT: 200 queries of hit@1 (0/1, P(1) = 0.6 - SHIFT) and
# MeanR (1 + 2 SHIFT*10 + 10 u), and MedR's summary row alone
sys() {
	awk -v seed="$2" -v d="$3" 'BEGIN { srand(seed)
		print "# measure\tquery\tvalue"
		for (i = 1; i <= 200; i++) {
			u = rand()
			printf "hit@1\tq%d\t%d\nMeanR\tq%d\t%.4f\n", i, u < 0.6 - d, i, 1 + 20 * d + 10 * rand()
		}
		print "MedR\tall\t3"; print "runid\tall\ttag"; print "# end" }' > "$BATS_TEST_TMPDIR/$1"
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	sys good 3 0
	sys bad 3 0.2
	sys same 3 0
}

# mean NAME MEASURE: the mean of the per-query values, to 4 decimals
mean() {
	awk -F'\t' -v m="$2" '$1 == m && $2 != "all" { s += $3; n++ } END { printf "%.4f", s / n }' "$1"
}

@test "bootstrap --format report: means by awk, intervals and difference as the stream's" {
	run --separate-stderr bootstrap -B 2000 --format report --label G --label B good bad
	[ "$status" -eq 0 ]
	for m in hit@1 MeanR; do
		one=$(bootstrap -B 2000 good | awk -v m=$m '$1 == m { print $4 ", " $5 }')
		[[ $output == *"  G  "*" $(mean good $m)  [$one]"* ]]
		two=$(bootstrap -B 2000 bad | awk -v m=$m '$1 == m { print $4 ", " $5 }')
		[[ $output == *"$(mean bad $m)  [$two]"* ]]
		d=$(bootstrap -B 2000 good bad | awk -v m=$m '$1 == m { print $3 "  [" $4 ", " $5 "]" }')
		[[ $output == *"G - B"*"$d"* ]]
	done
	# both measures in their direction: G hits more, and its ranks are lower
	[ "$(grep -c '^  G is better than B at the 95% level' <<< "$output")" -eq 2 ]
	[[ $output == *"hit@1 (higher is better)"* ]]
	[[ $output == *"MeanR (lower is better)"* ]]
	# the baseline swapped: the difference flips sign, the words do not
	run --separate-stderr bootstrap -B 2000 --format report --label G --label B --baseline B good bad
	[ "$(grep -c '^  G is better than B at the 95% level' <<< "$output")" -eq 2 ]
	[[ $output == *"B - G"* ]]
	[[ $output == *"Systems: G (good), B (bad, the baseline)."* ]]
}

@test "bootstrap --format report: p at its floor says so, with the permutations" {
	run --separate-stderr bootstrap -B 100 --format report good bad
	[[ $output == *"(p <= 0.0001, the smallest value 10,000 permutations can give)"* ]]
	# 1/1000 exactly; 1/1501 = 0.000666..., rounded up
	run --separate-stderr bootstrap -B 100 --permutations 999 --format report good bad
	[[ $output == *"(p <= 0.001, the smallest value 999 permutations can give)"* ]]
	run --separate-stderr bootstrap -B 100 --permutations 1500 --format report good bad
	[[ $output == *"(p <= 0.000667, the smallest value 1,500 permutations can give)"* ]]
	# Holm's two comparisons: twice the floor, 2/10001 and 2/1501 rounded up
	run --separate-stderr bootstrap -B 100 --format report good bad bad
	[[ $output == *"(Holm-adjusted p <= 0.0002; before the adjustment p <= 0.0001, the smallest value 10,000 permutations can give)"* ]]
	run --separate-stderr bootstrap -B 100 --permutations 1500 --format report good bad bad
	[[ $output == *"(Holm-adjusted p <= 0.00134; before the adjustment p <= 0.000667, "* ]]
}

@test "bootstrap --format report: no difference, the level, Holm with three systems" {
	run --separate-stderr bootstrap -B 100 --permutations 999 -c 90 --format report good same bad
	[ "$status" -eq 0 ]
	# identical systems: p = 1, at the 90% level asked for
	[[ $output == *"No difference between good and same shown at the 90% level (Holm-adjusted p = 1; before the adjustment p = 1)."* ]]
	[[ $output == *"Holm-adjusted over the 2 comparisons with the baseline per measure"* ]]
	[[ $output == *"90% percentile interval"* ]]
}

@test "bootstrap --format report: a measure without per-query rows is named" {
	run --separate-stderr bootstrap -B 100 --format report good
	[[ $output == *"Not resampled: MedR. It has a summary row over all queries but no per-query rows"* ]]
	# the run's tag is no measure
	[[ $output != *runid* ]]
}

@test "bootstrap: the stream stays the default; a report is the same bytes every time, terminal or not" {
	run --separate-stderr bootstrap -B 100 good
	[ "${lines[0]}" = "# measure	query	mean	lower	upper" ]
	bootstrap -B 500 -j 1 --format report good bad > r1
	bootstrap -B 500 -j 3 --format report good bad > r2
	cmp r1 r2
	if command -v script > /dev/null; then
		# under a terminal (script(1) gives it one) the stream, not the report
		script -qec "bootstrap -B 100 good" /dev/null | tr -d '\r' > tty
		bootstrap -B 100 good > notty
		cmp tty notty
	fi
}

@test "bootstrap: --label and --baseline: usage errors" {
	run --separate-stderr bootstrap --format report --label a good bad
	[ "$status" -eq 2 ]
	[[ $stderr == *"1 --label for 2 files"* ]]
	run --separate-stderr bootstrap --format report --baseline zz good bad
	[ "$status" -eq 2 ]
	[[ $stderr == *"--baseline 'zz' names none of the systems"* ]]
	run --separate-stderr bootstrap --label a good
	[ "$status" -eq 2 ]
	run --separate-stderr bootstrap --format words good
	[ "$status" -eq 2 ]
}
