#!/usr/bin/env bats
# examples/pipelines/Makefile (issue 29 item 3): many systems end in the
# results table, three formats, and one CMC picture of every system; each
# step is a file, so a second run does nothing and a changed system's
# results rerun that system alone (and the table and picture made from
# all of them).
load helper

MK="$BATS_TEST_DIRNAME/../examples/pipelines"

setup() {
	command -v make > /dev/null && make --version | grep -q 'GNU Make' ||
		skip "GNU make is absent"
	o="$BATS_TEST_TMPDIR/out"
}

@test "pipelines Makefile: table in three formats and one SVG of every system, make -j2" {
	run --separate-stderr make -s -j2 -C "$MK" OUT="$o"
	[ "$status" -eq 0 ]
	# the table on stdout: a row per system, a column per measure
	[ "${lines[0]}" = "system  hit@1                hit@10                  hit@100                 MRR" ]
	for s in e0.02 e0.05 e0.1 e0.2; do
		grep -q "^$s " "$o/table.txt"
		grep -q "^| $s |" "$o/table.md"
		grep -q "^$s & " "$o/table.tex"
	done
	[ "$output" = "$(cat "$o/table.txt")" ]
	grep -q '^\\begin{tabular}{lrrrr}$' "$o/table.tex"
	grep -q '^\\toprule$' "$o/table.tex"
	[ "$(grep -c '<polyline class="curve"' "$o/cmc.svg")" -eq 4 ]
	for s in e0.02 e0.05 e0.1 e0.2; do grep -q ">$s</text>" "$o/cmc.svg"; done
	# the means are those of the per-query rows (awk), to the table's decimal
	want=$(awk -F'\t' '$1 == "hit@1" && $2 != "all" { s += $3; n++ } END { printf "%.1f", s / n }' "$o/e0.1.measures")
	[[ $(grep '^e0.1 ' "$o/table.txt") == "e0.1    $want ["* ]]
	# one make job or two: the same bytes
	make -s -j1 -C "$MK" OUT="$BATS_TEST_TMPDIR/serial" > /dev/null
	for f in table.txt table.md table.tex cmc.svg; do
		cmp "$o/$f" "$BATS_TEST_TMPDIR/serial/$f"
	done
}

@test "pipelines Makefile: a second run does nothing; a touched system reruns alone" {
	make -s -j2 -C "$MK" OUT="$o" > /dev/null
	# up to date: the only command left is showing the table
	run --separate-stderr make --no-print-directory -n -C "$MK" OUT="$o"
	[ "$status" -eq 0 ]
	[ "$output" = "cat $o/table.txt" ]
	touch "$BATS_TEST_TMPDIR/stamp"
	sleep 1
	touch "$o/data/e0.05.scores"
	run --separate-stderr make --no-print-directory -n -C "$MK" OUT="$o"
	[[ $output == *"e0.05.scores"* ]]
	[[ $output != *"e0.02.scores"* && $output != *"e0.1.scores"* && $output != *"e0.2.scores"* ]]
	make -s -j2 -C "$MK" OUT="$o" > /dev/null
	# rebuilt: that system's ranks and measures, the tables and the picture
	[ "$(cd "$o" && find . -newer "$BATS_TEST_TMPDIR/stamp" -type f ! -name '*.notes' | sort | paste -sd' ')" = \
		"./cmc.svg ./data/e0.05.scores ./e0.05.measures ./e0.05.ranks ./table.md ./table.tex ./table.txt" ]
}

@test "pipelines Makefile: a system's score file cut short fails the run, naming the file" {
	d="$BATS_TEST_TMPDIR/d"
	"$MK/../../bin/synthemb" -s 4 -n 1000 -q 30 -e 0.1 -o "$d" ann > /dev/null
	# the file as its writer left it when it failed: no "# end" line
	head -n 100 "$d/approx.scores" > "$d/cut.scores"
	run --separate-stderr make -s -C "$MK" OUT="$o" DATA="$d" SYSTEMS=cut
	[ "$status" -ne 0 ]
	[[ $stderr == *"Makefile: $d/cut.scores: no '# end' line at its end"* ]]
	[ ! -e "$o/cut.ranks" ] && [ ! -e "$o/table.txt" ]
}
