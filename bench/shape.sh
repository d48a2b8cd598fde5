#!/bin/sh
# shape.sh: the statistics that say whether a TREC qrels + run pair has the
# shape of the benchmark's (bench/gentrec.c, $RANKKIT_SHARED/bench/gen_trec_bench.py):
# line and field counts, rank column and trec_eval order, ties, relevant docs
# per query, grades, retrieved fraction of the relevant docs.
# usage: sh bench/shape.sh QRELS RUN
# Plain POSIX awk (mawk, gawk, BWK awk); reads each file once.
set -eu
[ $# -eq 2 ] || { echo "usage: shape.sh QRELS RUN" >&2; exit 2; }
AWK="awk"; command -v mawk >/dev/null 2>&1 && AWK=mawk
exec $AWK '
NR == FNR {
	nqr++
	if (NF != 4 || $2 != "0") badqr++
	if (!($1 in nrelq)) { qq++; nrelq[$1] = 0 }
	if ($4 > 0) { rel[$1 SUBSEP $3] = $4; nrelq[$1]++; nrel++; grade[$4]++ }
	else zero++
	next
}
$1 != q {
	if (q != "") endq()
	q = $1; nq++; r = 0; prev = ""; prevd = ""; run = 0
}
{
	r++; lines++; bytes += length($0) + 1
	if (NF != 6 || $2 != "Q0") badf++
	if ($4 != r) badrank++
	if (prev != "") {
		if ($5 + 0 > prev + 0) badorder++
		else if ($5 == prev) {
			if ($3 >= prevd) badorder++
			run++; pairs += run	# the k-th doc of a tie group ties with k-1 before it
		} else run = 0
	}
	if (($1 SUBSEP $3) in rel) {
		retr++
		if (!($1 in first)) first[$1] = r
		if ($5 == prev) reltied++
	}
	prev = $5; prevd = $3; dw = length($3)
}
function endq() {
	if (r < minn || minn == "") minn = r
	if (r > maxn) maxn = r
}
END {
	endq()
	printf "run: %d lines, %d bytes (%.1f per line), %d queries, %d..%d lines per query\n", lines, bytes, bytes / lines, nq, minn, maxn
	printf "run: %d lines not 6 fields with Q0, %d rank column errors, %d order errors (score desc, docid desc)\n", badf + 0, badrank + 0, badorder + 0
	printf "run: %.2f tied pairs per query (%d in all); %d relevant docs tied with the doc above\n", pairs / nq, pairs, reltied + 0
	printf "qrels: %d lines (%d malformed), %d queries, %d relevant, %d judged 0\n", nqr, badqr + 0, qq, nrel, zero + 0
	for (k in nrelq) hist[nrelq[k]]++
	printf "qrels: relevant per query"
	for (k = 0; k <= 5; k++) printf " %d:%.3f", k, hist[k] / qq
	printf "; mean %.3f\n", nrel / qq
	printf "qrels: grades 1:%.3f 2:%.3f 3:%.3f\n", grade[1] / nrel, grade[2] / nrel, grade[3] / nrel
	h1 = h10 = 0
	for (k in first) { h1 += first[k] == 1; h10 += first[k] <= 10 }
	printf "relevant docs retrieved: %.4f; first relevant at rank 1: %.4f of queries, within 10: %.4f\n", retr / nrel, h1 / nq, h10 / nq
}' "$1" "$2"
