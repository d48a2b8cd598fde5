#!/usr/bin/env bats
# bootstrap --svg: the per-query differences with the baseline as a sorted
# bar chart. The expected positions are worked by hand from the layout
# (lib/plot/svgdoc.h: a 640 x 400 picture, the plot area from y = 20 to
# 400 - 64 = 336, 8 px inside it at each end; 44 with a title) and from the
# differences of the values below, subtracted by hand.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	# two systems, five queries; B - A for AP: q1 +0.25, q2 -0.25,
	# q3 0, q4 +0.5, q5 -0.125; for P@5: q1 +0.2, q2 0, q3 -0.4,
	# q4 +0.2, q5 0
	{ printf '# measure\tquery\tvalue\n'
	  printf 'AP\t%s\t%s\n' q1 0.5 q2 0.25 q3 0.75 q4 0 q5 0.5
	  printf 'P@5\t%s\t%s\n' q1 0.2 q2 0.4 q3 0.6 q4 0 q5 1
	  printf 'AP\tall\t0.4\n# end\n'; } > A
	{ printf '# measure\tquery\tvalue\n'
	  printf 'AP\t%s\t%s\n' q1 0.75 q2 0 q3 0.75 q4 0.5 q5 0.375
	  printf 'P@5\t%s\t%s\n' q1 0.4 q2 0.4 q3 0.2 q4 0.2 q5 1
	  printf '# end\n'; } > B
}

# bars FILE: each bar's class, y, height and tooltip, one a line
bars() {
	sed -n 's|^<rect class="\([a-z]*\)" x="[^"]*" y="\([^"]*\)" width="[^"]*" height="\([^"]*\)"><title>\(.*\)</title></rect>$|\1 \2 \3 \4|p' "$1"
}

@test "bootstrap --svg: bars sorted, heights from the differences, 0 the baseline" {
	run --separate-stderr bootstrap -B 50 --permutations 50 --svg pic.svg A B
	[ "$status" -eq 0 ]
	# the y axis: the differences and 0 span [-0.25, 0.5]; a fifth of
	# it, 0.15, rounds up to a step of 0.2, the ends out to -0.4 and 0.6;
	# 300 px (328 - 28) for a range of 1: 300 px a unit, 0 at
	# 328 - 0.4 * 300 = 208; a bar's height |d| * 300
	[ "$(bars pic.svg)" = "below 208.00 75.00 q2: -0.25
below 208.00 37.50 q5: -0.125
above 208.00 0.00 q3: 0
above 133.00 75.00 q1: 0.25
above 58.00 150.00 q4: 0.5" ]
	# the ticks -0.4 .. 0.6 and the line at 0 over the bars
	[ "$(grep -c 'text-anchor="end">' pic.svg)" -eq 6 ]
	grep -q '<line x1="70.00" y1="208.00" x2="616.00" y2="208.00" class="axis"/>' pic.svg
	grep -q '>AP: B - A</text>' pic.svg
	grep -q '>queries, by difference</text>' pic.svg
	# the numbers on the standard output are those without --svg
	bootstrap -B 50 --permutations 50 A B > plain 2>/dev/null
	[ "$output" = "$(cat plain)" ]
}

@test "bootstrap --svg: --svg-measure, equal differences in the baseline's order, --baseline" {
	bootstrap -B 10 --permutations 10 --svg-measure P@5 --svg - A B > p5.svg
	# P@5: q3 -0.4 first; q2 and q5 equal (0) in A's order; q1 and q4 (0.2)
	[ "$(bars p5.svg | sed 's/.* \(q[0-9]\):.*/\1/' | tr '\n' ' ')" = "q3 q2 q5 q1 q4 " ]
	# the baseline B: A - B, the signs reversed, the order with them
	bootstrap -B 10 --permutations 10 --label a --label b --baseline b \
	    --svg - A B > rev.svg
	[ "$(bars rev.svg | sed 's/^[a-z]* [^ ]* [^ ]* //')" = "q4: -0.5
q1: -0.25
q3: 0
q5: 0.125
q2: 0.25" ]
	grep -q '>AP: a - b</text>' rev.svg
}

@test "bootstrap --svg: title, labels and size; the same bytes at any -j, to a file or -" {
	bootstrap -B 10 --svg - --title 'A & <B>' --xlabel topics --ylabel 'AP gain' \
	    --width 400 --height 300 A B > t.svg
	grep -q '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="400.00" height="300.00"' t.svg
	grep -q '<title>A &amp; &lt;B&gt;</title>' t.svg
	grep -q '>topics</text>' t.svg
	grep -q '>AP gain</text>' t.svg
	# with a title the plot area starts at 44: 0 at 228 - 0.4 * 176
	# = 157.6, q4's 0.5 a bar of 88 px (300 - 64 - 8 = 228, 44 + 8 = 52)
	bars t.svg | grep -qx 'above 69.60 88.00 q4: 0.5'
	bootstrap -B 10 -j 1 --svg one.svg --title 'A & <B>' --xlabel topics \
	    --ylabel 'AP gain' --width 400 --height 300 A B > /dev/null
	bootstrap -B 10 -j 2 --svg two.svg --title 'A & <B>' --xlabel topics \
	    --ylabel 'AP gain' --width 400 --height 300 A B > /dev/null
	cmp one.svg t.svg
	cmp two.svg t.svg
	if ! command -v xmllint >/dev/null; then
		[ -z "${CI:-}" ] || { echo "CI: xmllint missing"; false; }
		skip "xmllint (libxml2-utils) is not installed: validity unchecked"
	fi
	xmllint --noout t.svg
}

@test "bootstrap --svg: one bar, all differences 0" {
	bootstrap -B 10 --svg - A A > same.svg
	# every bar 0 high; the y axis a band -1 .. 1 (step 0.5): 0 in the middle
	[ "$(bars same.svg | cut -d' ' -f1-3 | sort -u)" = "above 178.00 0.00" ]
	printf '# measure\tquery\tvalue\nAP\tq1\t0.5\n# end\n' > one
	printf '# measure\tquery\tvalue\nAP\tq1\t0.25\n# end\n' > two
	bootstrap -B 10 --svg - one two > bar.svg
	# -0.25 and 0: a step of 0.05, the axis -0.25 .. 0, 0 at the top
	# (28) and the bar the whole 300 px
	[ "$(bars bar.svg)" = "below 28.00 300.00 q1: -0.25" ]
	grep -q 'text-anchor="middle">1</text>' bar.svg
}

@test "bootstrap --svg: a query one system lacks is the numbers' error; '-' is no bar" {
	grep -v q5 B > B4
	fails_with "bootstrap: B4: query 'q5' of A is missing (from treceval -q, add -c: a row for every query of the qrels)" \
		bootstrap -B 10 --svg x A B4
	[ -z "$output" ]
	[ ! -e x ]
	# q2 without a value in B: four bars
	sed 's/^AP	q2	0$/AP	q2	-/' B > Bn
	bootstrap -B 10 --svg - A Bn > n.svg
	[ "$(bars n.svg | wc -l)" -eq 4 ]
	! grep -q 'q2:' n.svg
}

@test "bootstrap --svg: usage errors" {
	for bad in "--svg x A" "--svg x A B A" "--svg x --all-pairs A B" \
	    "--title t A B" "--svg-measure AP A B" "--width 100 --svg x A B"; do
		run --separate-stderr bootstrap $bad
		[ "$status" -eq 2 ]
	done
	run --separate-stderr bootstrap --svg x A B A
	[ "${stderr%%$'\n'*}" = "bootstrap: --svg draws one comparison: two files, without --all-pairs" ]
	run --separate-stderr bootstrap -B 10 --svg x --svg-measure nDCG A B
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "bootstrap: --svg-measure 'nDCG' is not a measure of A" ]
	# refused before any output
	[ -z "$output" ]
	[ ! -e x ]
}
