#!/bin/sh
# Ad-hoc text retrieval: trec_eval's measures from a TREC run and its qrels.
# trec_eval breaks score ties by document id, descending (rankof --break id);
# it accepts queries in any order, rankof wants each query's lines together
# (sort -s -k1,1 keeps the order inside a query). With -c, trec_eval also
# scores the qrels' queries that the run lacks (rankof -c).
#
# usage: trec.sh [QRELS RUN]
#   by default trec_eval's own test collection in the test data directory,
#   $RANKKIT_SHARED/peers/trec_eval (qrels.test, results.test), whose
#   out.test.aq these numbers match.
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
PATH="$root/bin:$PATH"
LC_ALL=C
export PATH LC_ALL
t=${RANKKIT_SHARED:-}/peers/trec_eval
[ $# -ge 2 ] || [ -n "${RANKKIT_SHARED:-}" ] ||
	{ echo "trec.sh: give QRELS RUN or set RANKKIT_SHARED" >&2; exit 1; }
qrels=${1:-$t/qrels.test}
run=${2:-$t/results.test}
tmp=${TMPDIR:-/tmp}/trec.$$
trap 'rm -f "$tmp".*' EXIT INT TERM

sort -s -k1,1 "$run" | rankof --break id -r "$qrels" >"$tmp.ranks"
{
	# map, Rprec, map_cut_K
	mapr -f -m AP,Rprec,AP@K -k 5,10,15,20,30,100,200,500,1000 "$tmp.ranks"
	# ndcg (gain = grade), ndcg_cut_K
	ndcg -f -m nDCG,nDCG@K -k 5,10,15,20,30,100,200,500,1000 "$tmp.ranks"
	# P_K, recall_K, recip_rank; success_K is hit@K
	hitrate -f -m P,recall,hit -k 5,10,20 "$tmp.ranks"
	hitrate -f -m MRR "$tmp.ranks"
} | grep -v '^#' |
	# trec_eval's names, and its layout
	awk -F'\t' '{
		n = $1
		if (n == "AP") n = "map"
		else if (n ~ /^AP@/) { sub(/^AP@/, "", n); n = "map_cut_" n }
		else if (n == "nDCG") n = "ndcg"
		else if (n ~ /^nDCG@/) { sub(/^nDCG@/, "", n); n = "ndcg_cut_" n }
		else if (n ~ /^P@/) { sub(/@/, "_", n) }
		else if (n ~ /^recall@/) { sub(/@/, "_", n) }
		else if (n ~ /^hit@/) { sub(/^hit@/, "", n); n = "success_" n }
		else if (n == "MRR") n = "recip_rank"
		printf "%-22s\t%s\t%s\n", n, $2, $3
	}'
