#!/bin/sh
# Visual place recognition, the protocol of the Pittsburgh and Tokyo 24/7
# benchmarks as NetVLAD reports them (Arandjelovic et al., CVPR 2016): a
# query photo is correctly localized when one of the first N database
# images lies within 25 m of its true position, and Recall@N is the
# percentage of such queries. Relevance comes from the coordinates, not
# from labels; a query with no database image within 25 m counts as a miss
# (rankof -u keeps it, hitrate counts it as 0).
#
# usage: place-recognition.sh [DIR [METRES]]
#   DIR holds qpos.npy and dbpos.npy (one row per image: easting northing,
#   metres, float64) and qdesc.npy, dbdesc.npy (descriptors, nearest by
#   Euclidean distance); by default `synthemb places` writes them into a
#   temporary folder. METRES: the positive radius (default 25).
#   Writes hitrate's measure stream: hit@N is Recall@N, N = 1, 5, 10, 20.
set -e
. "$(dirname "$0")/common.sh"
data places "${1:-}"
metres=${2:-25}
need qpos.npy dbpos.npy qdesc.npy dbdesc.npy

# positives: every database image within METRES of the query (simmat's l2
# score is minus the distance), as qrels; the end line is checked by
# keeping the stream whole until awk has read it
simmat -m l2 -t "-$metres" "$dir/qpos.npy" "$dir/dbpos.npy" >"$work/near"
tail -n 1 "$work/near" | grep -qx '# end' ||
	{ echo "place-recognition.sh: simmat failed" >&2; exit 1; }
awk '!/^#/ { print $1, $2, 1 }' "$work/near" >"$work/positives"
# every query row is ranked (-u: those without positives too) by the
# distance of the descriptors
rankof -u -e -m l2 -r "$work/positives" "$dir/qdesc.npy" "$dir/dbdesc.npy" |
	hitrate --empty miss -k 1,5,10,20 -m hit
