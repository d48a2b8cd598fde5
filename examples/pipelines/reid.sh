#!/bin/sh
# Person re-identification, the Market-1501 protocol (Zheng et al., ICCV
# 2015): each query image searches a gallery for other images of the same
# person taken by other cameras. Gallery images of the query's person and
# camera are junk, and so are images labelled -1 (bad detections): they
# leave that query's gallery; distractors (label 0, people never queried)
# stay as wrong answers. A query with no valid match left is skipped, as
# the benchmark's code does. Reported: the CMC at ranks 1, 5, 10 and 20
# (the hit rate) and mAP, the mean of each query's average precision.
#
# usage: reid.sh [DIR [SVG]]
#   DIR holds query.npy, gallery.npy (embeddings, compared by cosine) and
#   query.labels, gallery.labels (row identity camera, rows numbered from
#   0); by default `synthemb reid` writes them into a temporary folder.
#   Prints the table, then the same measures with the same-camera matches
#   and the junk kept, to show what the protocol removes; given SVG, draws
#   both CMC curves (ranks 1 to 50) into that picture (no file is written
#   otherwise: `reid.sh "" reid-cmc.svg` for the generated data).
set -e
. "$(dirname "$0")/common.sh"
data reid "${1:-}"
need query.npy gallery.npy query.labels gallery.labels

# ranks FILE [OPTION...]: the rank stream of every query into $work/FILE
ranks() {
	out=$work/$1
	shift
	rankof -e -m cos "$@" --query-labels "$dir/query.labels" \
		--item-labels "$dir/gallery.labels" "$dir/query.npy" "$dir/gallery.npy" \
		>"$out"
}
# row NAME FILE: CMC rank-1/5/10/20 and mAP of $work/FILE, queries without
# a valid match skipped
row() {
	{
		hitrate --empty skip -k 1,5,10,20 -m hit -p 1 "$work/$2"
		mapr --empty skip -m AP -p 1 "$work/$2"
	} 2>"$work/notes" | grep -v '^#' | cut -f3 | paste -sd' ' - >"$work/row"
	read -r r1 r5 r10 r20 map <"$work/row"
	printf '%-24s %7s %7s %7s %7s %7s\n' "$1" "$r1" "$r5" "$r10" "$r20" "$map"
}

nq=$(wc -l <"$dir/query.labels")
ng=$(wc -l <"$dir/gallery.labels")
ranks market --junk same-camera --junk-label -1
skipped=$(awk '$2 == "-"' "$work/market" | wc -l)
echo "$nq queries, $(( nq - skipped )) with a valid match ($skipped skipped); gallery of $ng images"
printf '%-24s %7s %7s %7s %7s %7s\n' protocol rank-1 rank-5 rank-10 rank-20 mAP
row "Market-1501" market
ranks kept
row "same camera, junk kept" kept
if [ -n "${2:-}" ]; then
	cmc --empty skip -K 50 --svg "$2" --label "Market-1501" \
		--label "same camera, junk kept" "$work/market" "$work/kept" >/dev/null 2>"$work/notes"
	echo "CMC curves, ranks 1 to 50: $2"
fi
