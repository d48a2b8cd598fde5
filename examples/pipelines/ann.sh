#!/bin/sh
# Approximate nearest neighbour search, the protocol of Jegou, Douze and
# Schmid (TPAMI 2011) on the TEXMEX benchmarks (SIFT1M, GIST1M): the
# relevant item of a query is its exact nearest neighbour in the base, and
# recall@R is the share of queries whose exact neighbour appears within
# the first R results of the approximate search. The exact neighbours come
# from simmat -k 1 (all items tied with the nearest count as exact).
#
# usage: ann.sh [DIR]
#   DIR holds base.fvecs and query.fvecs (rows numbered from 0) and
#   approx.scores, the approximate result lists as a score stream or a TREC
#   run (query item score, higher is better); by default `synthemb ann`
#   writes them into a temporary folder. Writes hitrate's measure stream:
#   hit@R is recall@R, R = 1, 10, 100.
set -e
. "$(dirname "$0")/common.sh"
data ann "${1:-}"
need base.fvecs query.fvecs approx.scores

# the exact nearest neighbour of each query, as qrels
simmat -m l2 -k 1 "$dir/query.fvecs" "$dir/base.fvecs" >"$work/exact"
tail -n 1 "$work/exact" | grep -qx '# end' ||
	{ echo "ann.sh: simmat failed" >&2; exit 1; }
awk '!/^#/ { print $1, $2, 1 }' "$work/exact" >"$work/exact.qrels"
# each query's lines together (grouped: a stable sort keeps their order,
# a file cut short is refused); -u: a query whose list the approximate
# index left empty still counts
grouped "$dir/approx.scores" |
	rankof -u -r "$work/exact.qrels" | hitrate --empty miss -k 1,10,100 -m hit
