#!/bin/sh
# awk_success.sh: the benchmark's baseline, the hit rate at 1, 5 and 10 (R@K,
# trec_eval's success_K) as the one-pass awk program a Unix user would write
# without a toolkit. mawk when installed (the fastest awk), else awk.
#
# usage: sh bench/awk_success.sh QRELS RUN
#   QRELS: TREC qrels `query 0 doc grade`; grade >= 1 is relevant.
#   RUN:   TREC run `query Q0 doc rank score tag`, each query's lines
#          contiguous and ALREADY IN RANK ORDER: the rank of a doc is its line
#          number within the query. There is no tie handling: the order of
#          the file decides, as trec_eval's own order (score descending, then
#          docid descending) does in a run written by bench/gentrec.
# Queries of the run absent from the qrels are left out, as rankof and
# trec_eval do. Output: hitrate's measure stream (`-f -p 4 -m hit`):
#   hit@1<TAB>all<TAB>0.3080
# and so on, fractions at 4 decimals.
set -eu
[ $# -eq 2 ] || { echo "usage: awk_success.sh QRELS RUN" >&2; exit 2; }
AWK="awk"; command -v mawk >/dev/null 2>&1 && AWK=mawk
exec $AWK '
NR == FNR { if ($4 >= 1) rel[$1 SUBSEP $3] = 1; judged[$1] = 1; next }
$1 != q   { if (q in judged) done(); q = $1; r = 0; f = 0 }
          { r++; if (!f && (($1 SUBSEP $3) in rel)) f = r }
function done() { n++; if (f) { h1 += f <= 1; h5 += f <= 5; h10 += f <= 10 } }
END {
	if (q in judged) done()
	if (n == 0) { print "awk_success: no query of the run is in the qrels" > "/dev/stderr"; exit 1 }
	printf "hit@1\tall\t%.4f\nhit@5\tall\t%.4f\nhit@10\tall\t%.4f\n", h1 / n, h5 / n, h10 / n
}' "$1" "$2"
