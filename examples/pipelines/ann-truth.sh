#!/bin/sh
# Approximate nearest neighbour search measured against ground truth, in
# both senses the literature uses: the recall@R of Jegou, Douze and Schmid
# (TPAMI 2011), the share of queries whose true nearest neighbour is among
# the first R results, and the k-NN recall@10 of ANN papers and
# ann-benchmarks, |first 10 results and true 10 nearest in common| / 10,
# averaged over the queries. rankof --truth GT --knn K makes a query's K
# true neighbours its relevant items (rankof(1)): then hitrate -m hit -k R
# with K = 1 is recall@R, and hitrate -m P -k 10 with K = 10 is k-NN
# recall@10.
#
# usage: ann-truth.sh [DIR]
#   DIR in the TEXMEX layout (examples/data/ann): query.fvecs, base.fvecs,
#   gt.ivecs (row i: query i's true neighbours, nearest first) and the
#   index's result matrix run.npy (row i: the ids it returned for query i,
#   -1 padding, as faiss returns them); with gt-dist.fvecs, the true
#   distances, k-NN recall@10 is ann-benchmarks' (a result within 1e-3 of
#   the 10th true distance counts, its distance recomputed from the
#   vectors) and epsilon recall@10 (within 1.1 times it) is added.
#   Or DIR as `synthemb ann` writes it (the default: a temporary folder):
#   query.fvecs, base.fvecs and approx.scores, the result lists as a score
#   stream; the truth is then computed exactly, simmat -m l2 -k 10, and
#   written as gt.ivecs.
# Writes one line per measure: its name and value.
set -e
. "$(dirname "$0")/common.sh"
data ann "${1:-}"
need query.fvecs base.fvecs

if [ -r "$dir/gt.ivecs" ]; then
	need run.npy
	gt=$dir/gt.ivecs
	results=$dir/run.npy
else
	need approx.scores
	gt=$work/gt.ivecs
	# the 10 nearest base rows of each query, nearest first, as TEXMEX's
	# .ivecs rows (each: the count 10, then 10 ids, int32 little-endian);
	# an 11th row tied with the 10th would make the set depend on the tie
	simmat -m l2 -k 10 "$dir/query.fvecs" "$dir/base.fvecs" >"$work/exact"
	tail -n 1 "$work/exact" | grep -qx '# end' ||
		{ echo "$script: simmat failed" >&2; exit 1; }
	grep -v '^#' "$work/exact" | sort -k1,1n -k3,3gr | awk -v script="$script" '
		function i32(v) {
			printf "%c%c%c%c", v % 256, int(v / 256) % 256,
			    int(v / 65536) % 256, int(v / 16777216) % 256
		}
		function row(  i) {
			if (n != 10) {
				printf "%s: query %s: %d neighbours tie at the 10th\n",
				    script, q, n > "/dev/stderr"
				exit 1
			}
			i32(n)
			for (i = 0; i < n; i++)
				i32(id[i])
		}
		NR > 1 && $1 != q { row(); n = 0 }
		{ q = $1; id[n++] = $2 }
		END { row() }' >"$gt"
	# each query's lines together, a file cut short refused (grouped)
	results=$work/approx.scores
	grouped "$dir/approx.scores" >"$results"
fi

# measure NAME K HITRATE-OPTIONS [RANKOF-OPTIONS]: NAME and the value.
# Query i and item i are rows of two files: no query finds itself
# (--keep-self keeps rankof's note on shared ids quiet). A failure above
# leaves no value: stop, as the pipe's status is the last program's
measure() {
	name=$1 k=$2 m=$3
	shift 3
	v=$(rankof --keep-self --truth "$gt" --knn "$k" "$@" "$results" |
		hitrate --quiet $m | awk -F '\t' '!/^#/ { print $3 }')
	[ -n "$v" ] || { echo "$script: $name: no value" >&2; exit 1; }
	echo "$name $v"
}
measure recall@1 1 "-m hit -k 1"
measure recall@10 1 "-m hit -k 10"
if [ -r "$dir/gt-dist.fvecs" ]; then
	set -- --truth-distances "$dir/gt-dist.fvecs" \
		--query-vectors "$dir/query.fvecs" --base-vectors "$dir/base.fvecs"
	measure "knn recall@10" 10 "-m P -k 10" "$@" --tolerance 1e-3
	measure "epsilon recall@10" 10 "-m P -k 10" "$@" --epsilon 0.1
else
	measure "knn recall@10" 10 "-m P -k 10"
fi
