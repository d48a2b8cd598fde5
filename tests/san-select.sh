#!/bin/sh
# Remakes the list of tests/san-skip: the tests that CI's run of the suite
# under ASan+UBSan leaves out because they add too few lines of lib/ and
# src/ for their time. A build with gcov's counters runs the whole suite,
# one test at a time, each test's counts in a folder of its own
# (tests/helper.bash: RK_COVDIR); gcov turns each folder into the lines
# the test ran. Kept: the tests of san-skip's "keep" lines, then, greedily
# (the weighted set cover's rule), the test that adds the most lines not
# yet run per second of its time, until SAN_COVER (default 0.99) of the
# lines the suite runs are run; the rest are listed. Cost is each test's
# wall time in that run (bats --timing): the tests slow under gcov are the
# ones slow under ASan. Writes the names and each one's cost to the
# standard output:
#   sh tests/san-select.sh > /tmp/list   (then merge it into tests/san-skip)
# Takes about 20 minutes on two cores; needs gcc's gcov and bats.
# SAN_SELECT_REUSE=1 chooses again from the counts of the last run
# (SAN_SELECT_DIR, default build/san-select), in seconds: another SAN_COVER.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
work=${SAN_SELECT_DIR:-$top/build/san-select}
if [ "${SAN_SELECT_REUSE:-0}" != 1 ]; then
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
	# each test's number, cost (ms) and name, from the TAP lines
	sed -n 's/^ok \([0-9]*\) \(.*\) in \([0-9]*\)ms$/\1\t\3\t\2/p' "$work/tap" |
		grep -v ' # skip' >"$work/costs"
fi
# the tests kept whatever their lines: tests/san-skip's "keep" patterns
keep=$(sed -n 's/^keep //p' tests/san-skip | paste -sd'|' -)
# the tests that run no program of this build: its "pattern" lines
skip=$(sed -n 's/^pattern //p' tests/san-skip | paste -sd'|' -)
awk -F'\t' -v keep="${keep:-^$}" -v skip="${skip:-^$}" -v frac="${SAN_COVER:-0.99}" '
	FNR == NR { cost[$1] = $2; name[$1] = $3; next }
	!(($1, $2) in seen) { seen[$1, $2]; covers[$1] = covers[$1] SUBSEP $2; lines[$2] }
	END {
		# the tests that ran no program of this build cover nothing here,
		# and those its patterns leave out run nothing there: both are
		# left out by their own rule in tests/san-skip, not here
		for (t in cost) if (t in covers && name[t] !~ skip) pool[t]
		for (l in lines) total++
		# the kept tests first, whatever they add
		for (t in pool) if (name[t] ~ keep) take(t)
		# then, while less than frac of the lines is run, the test that
		# adds the most new lines a second (at least 50 ms: a test too
		# quick to time is not free); lazily: a test'"'"'s gain only falls
		# as others are taken, so a stored gain is a bound, and the
		# test whose bound is best and still true is the best
		for (t in pool) if (!(t in kept)) bound[t] = gain(t)
		while (got < frac * total) {
			best = ""
			for (t in bound)
				if (best == "" || bound[t] > bound[best] ||
				    bound[t] == bound[best] && t + 0 < best + 0)
					best = t
			if (best == "" || bound[best] <= 0) break
			g = gain(best)
			if (g < bound[best]) { bound[best] = g; continue }
			take(best)
		}
		for (t in pool) if (!(t in kept)) printf "%s\t%d ms\n", name[t], cost[t]
	}
	function take(t,   m, l, k) {
		kept[t]; delete bound[t]
		m = split(covers[t], l, SUBSEP)
		for (k = 2; k <= m; k++) if (!(l[k] in run)) { run[l[k]]; got++ }
	}
	# gain T: the lines T runs that no kept test runs, a second of its time
	function gain(t,   m, l, k, c) {
		m = split(covers[t], l, SUBSEP)
		for (k = 2; k <= m; k++) if (!(l[k] in run)) c++
		return c / ((cost[t] < 50 ? 50 : cost[t]) / 1000)
	}' "$work/costs" "$work/lines" | sort
