#!/bin/sh
# Remakes the list of tests/san-skip: the tests that CI's run of the suite
# under ASan+UBSan leaves out because every line of lib/ and src/ they run
# is run by the tests it keeps. A build with gcov's counters runs the
# whole suite, one test at a time, each test's counts in a folder of its
# own (tests/helper.bash: RK_COVDIR); gcov turns each folder into the
# lines the test ran; then, the costliest test first, a test is left out
# when every one of its lines is still run by a test kept (reverse
# deletion, a greedy set cover). Cost is each test's wall time in that
# run (bats --timing): the tests slow under gcov are the ones slow under
# ASan. Writes the names and each one's cost to the standard output:
#   sh tests/san-select.sh > /tmp/list   (then merge it into tests/san-skip)
# Takes about 20 minutes on two cores; needs gcc's gcov and bats.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
work=${SAN_SELECT_DIR:-$top/build/san-select}
rm -rf "$work"
mkdir -p "$work/counts"
make -s -j2 BUILD=build/cov BINDIR=build/cov/bin CFLAGS='-O0 -g --coverage' \
	all test-programs >&2
# tests/check.sh's environment, serially (the test numbers of the TAP
# output name the count folders)
RK_COVDIR="$work/counts" RANKKIT_BIN="$top/build/cov/bin" \
	RANKKIT_TESTBIN="$top/build/cov/tests" \
	RANKKIT_SHARED="${RANKKIT_SHARED:-$(dirname "$top")/shared}" \
	ASAN_OPTIONS=detect_leaks=0 bats --tap --timing tests >"$work/tap" || true
# each test's lines: gcov reads a folder's .gcda files beside links to
# their .gcno files; "N:LINE:" rows with N > 0 ran
for t in "$work"/counts/*; do
	[ -d "$t" ] || continue
	n=${t##*/}
	find "$t" -name '*.gcda' | while read -r g; do
		o=${g#"$t"}
		ln -sf "${o%.gcda}.gcno" "${g%.gcda}.gcno"
		echo "$g"
	done >"$t.list"
	# gcov -t prints to the standard output; the sources are named from
	# the top, where the build ran
	xargs gcov -t <"$t.list" 2>/dev/null |
		awk -v n="$n" '/^ *-: *0:Source:/ { sub(/.*:Source:/, ""); src = $0; next }
		    src ~ /^(lib|src)\// && $1 ~ /^[0-9]+\*?:$/ { split($0, f, ":"); sub(/ +/, "", f[2]); print n "\t" src ":" f[2] }'
done | sort -u >"$work/lines"
# the tests kept whatever their lines: tests/san-skip's "keep" patterns
keep=$(sed -n 's/^keep //p' tests/san-skip | paste -sd'|' -)
# each test's number, cost (ms) and name, from the TAP lines
sed -n 's/^ok \([0-9]*\) \(.*\) in \([0-9]*\)ms$/\1\t\3\t\2/p' "$work/tap" |
	grep -v ' # skip' >"$work/costs"
awk -F'\t' -v keep="${keep:-^$}" '
	FNR == NR { cost[$1] = $2; name[$1] = $3; next }
	{ covers[$1] = covers[$1] SUBSEP $2; runs[$2]++ }
	END {
		# the tests that ran no program of this build cover nothing here:
		# they are left out by their own rule in tests/san-skip, not here
		for (t in cost) if (t in covers) order[++n] = t
		# costliest first (insertion sort: a few hundred tests)
		for (i = 2; i <= n; i++) {
			x = order[i]
			for (j = i - 1; j >= 1 && cost[order[j]] + 0 < cost[x] + 0; j--)
				order[j + 1] = order[j]
			order[j + 1] = x
		}
		for (i = 1; i <= n; i++) {
			t = order[i]
			if (name[t] ~ keep) continue
			m = split(covers[t], l, SUBSEP)
			needed = 0
			for (k = 2; k <= m; k++) if (runs[l[k]] == 1) { needed = 1; break }
			if (needed) continue
			for (k = 2; k <= m; k++) runs[l[k]]--
			printf "%s\t%d ms\n", name[t], cost[t]
		}
	}' "$work/costs" "$work/lines"
