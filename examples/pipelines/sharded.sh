#!/bin/sh
# The 5K image-to-text protocol split into shards under GNU parallel, both
# ways, each checked against the single run:
#   query shards    rankof --shard I/N, the parts given to hitrate as files
#   gallery shards  rankof -e --items A:B, the parts added by rankof --merge
#                   (each part names its rows, '# items A:B N'; the merge
#                   refuses parts that do not cover the rows exactly once)
# On several machines, the same lines with parallel's --sshlogin (each
# machine needs rankkit on its PATH and the data at the same path):
#   parallel --sshlogin 8/host1,8/host2 ... rankof --shard {}/$n ...
#
# usage: sharded.sh [DIR] [N]
#   DIR holds img.npy, cap.npy, img.labels and cap.labels (by default the
#   5K image-text data that `synthemb crossmodal` writes, the reference
#   article's kind); N shards of each kind [4].
# Prints hit@1/5/10 of the single run and "same" for each kind of shard.
set -e
. "$(dirname "$0")/common.sh"
data crossmodal "${1:-}"
need img.npy cap.npy img.labels cap.labels
n=${2:-4}
command -v parallel >/dev/null 2>&1 ||
	{ echo "sharded.sh: needs GNU parallel (Debian: apt-get install parallel)" >&2; exit 1; }
tmp=$work
rel="--query-labels $dir/img.labels --item-labels $dir/cap.labels"
emb="-e -m cos $rel $dir/img.npy $dir/cap.npy"

# shellcheck disable=SC2086
rankof -j 1 $emb > "$tmp/one"
hitrate -k 1,5,10 -m hit "$tmp/one"

# query shards: one job per shard, the parts measured together
seq 0 $((n - 1)) | parallel -j "$n" "rankof -j 1 --shard {}/$n $emb > $tmp/q.{}"
# shellcheck disable=SC2046
if [ "$(hitrate -k 1,5,10 -m hit $(seq -f "$tmp/q.%g" 0 $((n - 1))))" = \
     "$(hitrate -k 1,5,10 -m hit "$tmp/one")" ]; then
	echo "query shards ($n): same"
else
	echo "query shards ($n): DIFFERENT" >&2
	exit 1
fi

# gallery shards: item rows cut into n ranges, merged line by line
# the item rows: one label line per caption
items=$(grep -vc '^#' "$dir/cap.labels")
seq 0 $((n - 1)) | parallel -j "$n" \
	"rankof -j 1 --items \$(({} * $items / $n)):\$((({} + 1) * $items / $n)) $emb > $tmp/g.{}"
# shellcheck disable=SC2046
rankof --merge $(seq -f "$tmp/g.%g" 0 $((n - 1))) > "$tmp/merged"
if cmp -s "$tmp/merged" "$tmp/one"; then
	echo "gallery shards ($n): same"
else
	echo "gallery shards ($n): DIFFERENT" >&2
	exit 1
fi
