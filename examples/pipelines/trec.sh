#!/bin/sh
# Ad-hoc text retrieval, the TREC protocol: a run ranks documents for each
# topic, the qrels judge them (graded), and trec_eval's measures summarize
# the run (Voorhees and Harman, "TREC: Experiment and Evaluation in
# Information Retrieval", 2005). trec_eval breaks score ties by document
# id, descending (rankof --break id); it accepts topics in any order,
# rankof wants each topic's lines together (sort -b -s -k1,1 keeps the order
# inside a topic). Topics of the run that the qrels lack are left out.
#
# usage: trec.sh [QRELS RUN]
#   by default examples/data/trec.qrels and examples/data/trec.run, a
#   small run written for rankkit: three judged topics, a tie, graded
#   judgments, a relevant document never retrieved and a topic without
#   judgments. trec_eval's own test collection (qrels.test, results.test)
#   gives the numbers of its out.test.aq.
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
PATH="$root/bin:$PATH"
LC_ALL=C
export PATH LC_ALL
qrels=${1:-$root/examples/data/trec.qrels}
run=${2:-$root/examples/data/trec.run}
tmp=${TMPDIR:-/tmp}/trec.$$
trap 'rm -f "$tmp".*' EXIT INT TERM

sort -b -s -k1,1 "$run" | rankof --break id -r "$qrels" >"$tmp.ranks"
# --quiet: trec_eval prints measures only, no notes (a short run makes the
# deep cut-offs lower bounds, which its users know)
{
	# map, Rprec, map_cut_K
	mapr --quiet -f -m AP,Rprec,AP@K -k 5,10,15,20,30,100,200,500,1000 "$tmp.ranks"
	# ndcg (gain = grade), ndcg_cut_K
	ndcg --quiet -f -m nDCG,nDCG@K -k 5,10,15,20,30,100,200,500,1000 "$tmp.ranks"
	# P_K, recall_K, recip_rank; success_K is hit@K
	hitrate --quiet -f -m P,recall,hit -k 5,10,20 "$tmp.ranks"
	hitrate --quiet -f -m MRR "$tmp.ranks"
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
