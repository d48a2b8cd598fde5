#!/bin/sh
# Comparing retrieval systems with confidence intervals and paired tests:
# rankof | hitrate -q | bootstrap, for two and for three systems.
#
# Part 1 uses the tiny example in examples/data: four queries, far too few
# to tell systems apart, which bootstrap says. Part 2 makes a collection of
# 300 queries of 40 candidates each, one relevant, and three systems whose
# scores are the relevant item's signal plus noise: A (signal 0.5), B
# (signal 0.6: better) and C (signal 0.5 with other noise: as good as A).
# The noise comes from the Park-Miller generator computed exactly in awk,
# so every awk writes the same collection.
set -e
. "$(dirname "$0")/common.sh"
cd "$root"
d=examples/data
tmp=$work

say() { printf '\n'; printf '# %s\n' "$@"; }
run() { printf '$ %s\n' "$*"; sh -c "$*"; }

# measures FILE: per-query hit@1, hit@10 and MRR of a score stream
measures() {
	rankof -r "$2" "$1" | hitrate -q -f -k 1,10 -m hit,MRR 2>/dev/null
}

say "Part 1: the tiny example. System A is tiny.scores; system B puts q1's" \
    "relevant d3 first (score 0.95 instead of 0.7) and is otherwise A."
awk '$1 == "q1" && $2 == "d3" { $3 = 0.95 } { print $1 "\t" $2 "\t" $3 }' \
    $d/tiny.scores > "$tmp/tinyB.scores"
measures $d/tiny.scores $d/tiny.qrels > "$tmp/tinyA.m"
measures "$tmp/tinyB.scores" $d/tiny.qrels > "$tmp/tinyB.m"
cd "$tmp"
run "bootstrap tinyA.m tinyB.m"
say "B is better on q1 and equal elsewhere, so A-B is negative, yet p = 1:" \
    "a difference on one query is as large under every flip of its sign, so" \
    "four queries with one change cannot show that B is the better system."
cd "$root"

# system SIGNAL SEED: the score stream of a system on the 300 queries
system() {
	awk -v signal="$1" -v seed="$2" 'BEGIN {
		x = seed
		for (q = 1; q <= 300; q++)
			for (i = 1; i <= 40; i++) {
				x = (16807 * x) % 2147483647
				s = x / 2147483647 + (i == 1 ? signal : 0)
				printf "q%d\td%d\t%.6f\n", q, i, s
			}
	}'
}
awk 'BEGIN { for (q = 1; q <= 300; q++) printf "q%d\td1\t1\n", q }' > "$tmp/qrels"
system 0.5 1 > "$tmp/A.scores"
system 0.6 2 > "$tmp/B.scores"
system 0.5 3 > "$tmp/C.scores"
for s in A B C; do
	measures "$tmp/$s.scores" "$tmp/qrels" > "$tmp/$s.m"
done

cd "$tmp"
say "Part 2: 300 queries. System A alone: each measure's mean and its 95%" \
    "bootstrap interval (10,000 resamples of the queries)."
run "bootstrap A.m"
say "Another 300 queries like these would give a mean inside the interval" \
    "about 95 times in 100."
say "Two systems, paired on the same queries: A-B is A's value minus B's."
run "bootstrap A.m B.m"
say "B beats A on every measure: the intervals of A-B lie below 0 and p is" \
    "below 0.05, so a difference this large is unlikely to come from the" \
    "choice of queries alone."
say "Three systems, each against the first (A), with Holm's adjustment for" \
    "the two comparisons (raw_p is the p of each comparison alone); BCa" \
    "intervals this time."
run "bootstrap --method bca A.m B.m C.m"
say "A-C's intervals straddle 0 and its p-values are large: nothing shows" \
    "that C differs from A (it does not: only its noise differs), while B's" \
    "gain survives the adjustment."
