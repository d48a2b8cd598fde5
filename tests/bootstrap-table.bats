#!/usr/bin/env bats
# bootstrap --format text|markdown|latex: the results table. The systems'
# values are constant over the queries, so every interval is [mean, mean],
# every d_z '-' (sd 0) and every query a win, a tie or a loss alike (b
# wins P_10, 0.75 > 0.5, and MeanR, 2 < 3, on all 20; c ties a), and the
# expected tables are written by hand; the intervals themselves
# are checked against the stream in bootstrap-report.bats.
load helper
load data/ranks/common

# sys FILE P_10 MeanR num_ret: 20 queries with these values, and MedR's
# summary row alone
sys() {
	awk -v p="$2" -v r="$3" -v n="$4" 'BEGIN {
		print "# measure\tquery\tvalue"
		for (i = 1; i <= 20; i++)
			printf "P_10\tq%d\t%s\nMeanR\tq%d\t%s\nnum_ret\tq%d\t%s\n", i, p, i, r, i, n
		print "MedR\tall\t3"; print "# end" }' > "$BATS_TEST_TMPDIR/$1"
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	sys a 0.5 3 10		# the baseline
	sys b 0.75 2 10		# better in P_10 and MeanR (lower), the same count
	sys c 0.5 3 10		# the baseline again
	# names that are markup in LaTeX
	table() {
		bootstrap -B 1000 --permutations 999 -p 2 --format "$1" \
			--label base_1 --label 'R&D #1 50%' --label '~x^' a b c
	}
}

@test "bootstrap --format latex: the table written by hand" {
	cat > expected <<'TEX'
% bootstrap --format latex: needs \usepackage{booktabs}
\begin{table}
\centering
\begin{tabular}{lrrr}
\toprule
System & P\_10 & MeanR & num\_ret \\
\midrule
base\_1 & 0.50 {[}0.50, 0.50{]} & 3.00 {[}3.00, 3.00{]} & 10.00 {[}10.00, 10.00{]} \\
R\&D \#1 50\% & \textbf{0.75}$^{\dagger}$ {[}0.75, 0.75{]} & \textbf{2.00}$^{\dagger}$ {[}2.00, 2.00{]} & 10.00 {[}10.00, 10.00{]} \\
\textasciitilde{}x\textasciicircum{} & 0.50 {[}0.50, 0.50{]} & 3.00 {[}3.00, 3.00{]} & 10.00 {[}10.00, 10.00{]} \\
\midrule
R\&D \#1 50\% vs base\_1 & - 20/0/0 & - 20/0/0 & - 0/20/0 \\
\textasciitilde{}x\textasciicircum{} vs base\_1 & - 0/20/0 & - 0/20/0 & - 0/20/0 \\
\bottomrule
\end{tabular}

\smallskip
{\footnotesize Each cell: the mean over 20 queries and its 95\% percentile bootstrap interval {[}lower, upper{]} (1,000 resamples, seed 1).
Bold: the best mean of its column; lower is better for MeanR.
$^{\dagger}$: differs from the baseline, base\_1, at the 95\% level: Holm-adjusted p $\le$ 0.05 over the 2 comparisons with it per measure (paired sign-flip test, 999 permutations, seed 2).
vs base\_1: a system's d\_z, the mean of its per-query differences to the baseline over their standard deviation (- when that is 0), then the queries it wins/ties/loses, in the measure's direction.
Not in the table: MedR (no per-query rows).
\par}
\end{table}
TEX
	table latex > got
	diff expected got
}

@test "bootstrap --format text and markdown: the tables written by hand" {
	cat > expected <<'TXT'
system      P_10                  MeanR                 num_ret
base_1      0.50 [0.50, 0.50]     3.00 [3.00, 3.00]     10.00 [10.00, 10.00]
R&D #1 50%  0.75 [0.75, 0.75] *^  2.00 [2.00, 2.00] *^  10.00 [10.00, 10.00]
~x^         0.50 [0.50, 0.50]     3.00 [3.00, 3.00]     10.00 [10.00, 10.00]

vs base_1   P_10      MeanR     num_ret
R&D #1 50%  - 20/0/0  - 20/0/0  - 0/20/0
~x^         - 0/20/0  - 0/20/0  - 0/20/0

Each cell: the mean over 20 queries and its 95% percentile bootstrap interval [lower, upper] (1,000 resamples, seed 1).
^: the best mean of its column; lower is better for MeanR.
*: differs from the baseline, base_1, at the 95% level: Holm-adjusted p <= 0.05 over the 2 comparisons with it per measure (paired sign-flip test, 999 permutations, seed 2).
vs base_1: a system's d_z, the mean of its per-query differences to the baseline over their standard deviation (- when that is 0), then the queries it wins/ties/loses, in the measure's direction.
Not in the table: MedR (no per-query rows).
TXT
	table text > got
	diff expected got
	cat > expected <<'MD'
| System | P\_10 | MeanR | num\_ret |
|:--|--:|--:|--:|
| base\_1 | 0.50 [0.50, 0.50] | 3.00 [3.00, 3.00] | 10.00 [10.00, 10.00] |
| R&amp;D #1 50% | **0.75**† [0.75, 0.75] | **2.00**† [2.00, 2.00] | 10.00 [10.00, 10.00] |
| \~x^ | 0.50 [0.50, 0.50] | 3.00 [3.00, 3.00] | 10.00 [10.00, 10.00] |

| vs base\_1 | P\_10 | MeanR | num\_ret |
|:--|--:|--:|--:|
| R&amp;D #1 50% | - 20/0/0 | - 20/0/0 | - 0/20/0 |
| \~x^ | - 0/20/0 | - 0/20/0 | - 0/20/0 |

Each cell: the mean over 20 queries and its 95% percentile bootstrap interval [lower, upper] (1,000 resamples, seed 1).

**Bold**: the best mean of its column; lower is better for MeanR.

†: differs from the baseline, base\_1, at the 95% level: Holm-adjusted p ≤ 0.05 over the 2 comparisons with it per measure (paired sign-flip test, 999 permutations, seed 2).

vs base\_1: a system's d\_z, the mean of its per-query differences to the baseline over their standard deviation (- when that is 0), then the queries it wins/ties/loses, in the measure's direction.

Not in the table: MedR (no per-query rows).
MD
	table markdown > got
	diff expected got
}

@test "bootstrap --format text: --baseline, two systems (no Holm), the level, the same bytes" {
	run --separate-stderr bootstrap -B 200 --permutations 999 -c 90 --format text --baseline b a b
	[ "$status" -eq 0 ]
	# a differs from b at 90%: the mark moves to a, the best stays with b
	[[ ${lines[1]} == "a       0.5000 [0.5000, 0.5000] *"* ]]
	[[ ${lines[2]} == "b       0.7500 [0.7500, 0.7500] ^"* ]]
	[[ $output == *"*: differs from the baseline, b, at the 90% level: p <= 0.1 (paired sign-flip test, 999 permutations, seed 2)."* ]]
	bootstrap -B 300 -j 1 --format latex a b c > j1
	bootstrap -B 300 -j 4 --format latex a b c > j4
	cmp j1 j4
	bootstrap -B 300 -s 7 --format latex a b c > s7
	grep -q 'seed 7' s7
}

@test "bootstrap --format latex compiles with pdflatex and booktabs" {
	command -v pdflatex > /dev/null || skip "pdflatex is absent (Debian: texlive-latex-base, texlive-latex-recommended for booktabs)"
	kpsewhich booktabs.sty > /dev/null || skip "booktabs.sty is absent (Debian: texlive-latex-recommended)"
	table latex > table.tex
	printf '%s\n' '\documentclass{article}' '\usepackage[T1]{fontenc}' \
		'\usepackage{booktabs}' '\begin{document}' '\input{table}' '\end{document}' > doc.tex
	run pdflatex -interaction=nonstopmode -halt-on-error doc.tex
	[ "$status" -eq 0 ]
	[ -s doc.pdf ]
	! grep -q '^! ' doc.log
}

@test "bootstrap --format text: within a column the means align at the right" {
	for v in 5 10; do
		awk -v v=$v 'BEGIN { print "# measure\tquery\tvalue"
			for (i = 1; i <= 20; i++) printf "m\tq%d\t%s\n", i, v; print "# end" }' > "m$v"
	done
	run --separate-stderr bootstrap -B 100 --permutations 999 -p 1 --format text --label a --label b m5 m10
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "system  m" ]
	[ "${lines[1]}" = "a        5.0 [5.0, 5.0]" ]
	[ "${lines[2]}" = "b       10.0 [10.0, 10.0] *^" ]
}

@test "bootstrap: one --label for two systems is a usage error naming it" {
	run --separate-stderr bootstrap -B 100 --format text --label a --label a --baseline a a b
	status_is 2
	same "$output" ""
	same "${stderr%%$'\n'*}" "bootstrap: --label 'a' names two systems, files 1 and 2: each needs a name of its own"
	# the same file twice, named by the file: allowed (a system against itself)
	run --separate-stderr bootstrap -B 100 --format text a a
	status_is 0
}

@test "bootstrap --format text: UTF-8 names padded by their columns, not their bytes" {
	# 日本語検索: five wide characters, 10 columns (15 bytes); cafe + a
	# combining acute accent: 4 columns (6 bytes); x: 1. The name column
	# is 10 wide, then two blanks
	bootstrap -B 1000 --permutations 999 -p 2 --format text \
	    --label 日本語検索 --label $'cafe\xcc\x81' --label x a b c > got
	cat > expected <<'TXT'
system      P_10                  MeanR                 num_ret
日本語検索  0.50 [0.50, 0.50]     3.00 [3.00, 3.00]     10.00 [10.00, 10.00]
TXT
	printf 'cafe\xcc\x81        0.75 [0.75, 0.75] *^  2.00 [2.00, 2.00] *^  10.00 [10.00, 10.00]\n' >> expected
	printf 'x           0.50 [0.50, 0.50]     3.00 [3.00, 3.00]     10.00 [10.00, 10.00]\n' >> expected
	head -n 4 got > got4
	diff expected got4
}

@test "bootstrap --format markdown and latex: &lt; stays as written, -- and backquotes stay plain" {
	bootstrap -B 1000 --permutations 999 -p 2 --format markdown \
	    --label '&lt;b>' --label 'a--b' --label '`q`' a b c > got
	same "$(sed -n 3p got)" '| &amp;lt;b&gt; | 0.50 [0.50, 0.50] | 3.00 [3.00, 3.00] | 10.00 [10.00, 10.00] |'
	same "$(sed -n 4p got | cut -d'|' -f2)" ' a--b '
	same "$(sed -n 5p got | cut -d'|' -f2)" ' \`q\` '
	bootstrap -B 1000 --permutations 999 -p 2 --format latex \
	    --label '&lt;b>' --label 'a---b' --label "\`\`q'' ,,x" a b c > got
	same "$(sed -n 8p got)" '\&lt;b\textgreater{} & 0.50 {[}0.50, 0.50{]} & 3.00 {[}3.00, 3.00{]} & 10.00 {[}10.00, 10.00{]} \\'
	same "$(sed -n 9p got | cut -d'&' -f1)" 'a-{}-{}-b '
	same "$(sed -n 10p got | cut -d'&' -f1)" "\\textasciigrave{}\\textasciigrave{}q'{}' ,{},x "
}
