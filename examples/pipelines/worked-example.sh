#!/bin/sh
# The worked example of rankkit(7) and a few queries with ties, through
# rankof | hitrate, one step at a time: scores, the rank stream, expected
# hit rates under ties, the three tie rules, trec_eval's tie order, hit
# rate against recall, labels. Every command is printed before it runs, so
# the output can be shown in a class as is.
set -e
. "$(dirname "$0")/common.sh"
cd "$root"
d=examples/data

# say LINE...: a comment block; run CMD: print it, then run it (stderr, where
# the programs put their notes, goes with stdout so the order is kept)
say() { printf '\n'; printf '# %s\n' "$@"; }
run() { printf '$ %s\n' "$*"; sh -c "$*" 2>&1; }

say "1. Scores: what a retrieval system said about each candidate of each query." \
    "   q1 is the worked example: d2, d3 and d4 tie at 0.7."
run "awk '\$1 == \"q1\"' $d/tiny.scores"

say "Relevance judgments (qrels): d3 is relevant to q1 (grade 1), and so is" \
    "d9 (grade 2), which the system never retrieved; d5 is judged not relevant."
run "awk '\$1 == \"q1\"' $d/tiny.qrels"

say "2. rankof turns scores + relevance into the rank stream: one line per" \
    "   relevant item: query item grade rank ties n." \
    "   rank = 1 + candidates strictly above, ties = other candidates with the" \
    "   same score, n = candidates of the query; '-' = not retrieved."
run "rankof -r $d/tiny.qrels $d/tiny.scores"

say "q1 d3: rank 2, ties 2: one candidate above, two tied with it, so d3 lands" \
    "at position 2, 3 or 4 depending on how the tie is broken." \
    "q3: four candidates tie at the top and the relevant d2 is one of them."

say "3. hitrate reads the rank stream. Per query (-q), as fractions (-f):" \
    "   hit@K = [a relevant item in the top K], the R@K of the papers." \
    "   By default a tie counts at its expected value over all tie orders:" \
    "   q1's hit@2 is 1/3 (one of the three tied positions is 2)."
run "rankof -r $d/tiny.qrels $d/tiny.scores | hitrate -q -f -k 1,2,4 -m hit"

say "The notes at the end (on stderr) say which values the tie rule changes."

say "4. The tie rule alone moves hit@1 from 0 to 50%." \
    "   hitrate says so on stderr whenever ties change a reported value."
for t in optimistic expected pessimistic; do
	run "rankof -r $d/tiny.qrels $d/tiny.scores | hitrate -k 1 -m hit -T $t 2>/dev/null"
done

say "5. trec_eval breaks ties by item id, descending: rankof --break id does" \
    "   the same (every ties becomes 0), and the number is then one of the" \
    "   possible orders, not the expected one."
run "rankof --break id -r $d/tiny.qrels $d/tiny.scores | hitrate -k 1 -m hit"

say "6. Hit rate, recall and precision are different numbers once a query has" \
    "   more than one relevant item: q1 and q2 have two each."
run "rankof -r $d/tiny.qrels $d/tiny.scores | hitrate -q -k 5 -m hit,recall,P 2>/dev/null"

say "7. Labels instead of qrels: leave-one-out retrieval by class." \
    "   -x takes each query out of its own gallery; c1, the only owl, has no" \
    "   relevant item and is left out (--empty skip, the metric-learning habit);" \
    "   --chance adds what a random ranking of each gallery would score."
run "rankof -x -l $d/tiny.labels $d/tiny-self.scores"
run "rankof -x -l $d/tiny.labels $d/tiny-self.scores | hitrate --empty skip --chance -k 1,2 -m hit,recall"

say "More: man -l man/rankkit.7, man -l man/rankof.1, man -l man/hitrate.1"
