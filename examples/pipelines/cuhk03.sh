#!/bin/sh
# Person re-identification, CUHK03's single-shot protocol as torchreid
# evaluates it (eval_cuhk03; Li et al., CVPR 2014): each query searches the
# gallery for its person; the gallery images of its person and camera
# leave its gallery, a query with no match left is skipped, and the CMC is
# taken on galleries of one image per identity, drawn at random. torchreid
# averages 10 draws; rankof --single-shot gives the expectation over every
# draw, exactly. Reported: that CMC at ranks 1, 5, 10 and 20, and mAP on
# the whole gallery (torchreid's pairing); then, to compare, the CMC of the
# whole gallery, where any image of the person is a match.
#
# usage: cuhk03.sh [DIR]
#   DIR holds query.npy, gallery.npy (embeddings, compared by cosine) and
#   query.labels, gallery.labels (row identity camera, rows numbered from
#   0), as reid.sh reads them; images labelled -1 (bad detections) leave
#   every gallery. By default `synthemb reid` writes CUHK03-like data
#   (neither distractors nor bad detections) into a temporary folder.
set -e
. "$(dirname "$0")/common.sh"
data reid "${1:-}" --distractors 0 --junk 0
need query.npy gallery.npy query.labels gallery.labels

labels="--query-labels $dir/query.labels --item-labels $dir/gallery.labels"
# the score stream once: single-shot needs every candidate's score
simmat -m cos "$dir/query.npy" "$dir/gallery.npy" >"$work/scores"
# shellcheck disable=SC2086 # $labels: two options and their files
rankof $labels --junk same-camera --junk-label -1 --single-shot 1,5,10,20 \
	-p 1 "$work/scores" >"$work/single" 2>"$work/notes"
# shellcheck disable=SC2086
rankof $labels --junk same-camera --junk-label -1 "$work/scores" >"$work/ranks"

# row NAME: the five values of $work/row's lines' third fields
row() {
	grep -v '^#' "$work/row" | cut -f3 | paste -sd' ' - >"$work/cells"
	read -r r1 r5 r10 r20 map <"$work/cells"
	printf '%-24s %7s %7s %7s %7s %7s\n' "$1" "$r1" "$r5" "$r10" "$r20" "$map"
}
map() { mapr --quiet --empty skip -m AP -p 1 "$work/ranks"; }

printf '%-24s %7s %7s %7s %7s %7s\n' protocol rank-1 rank-5 rank-10 rank-20 mAP
{ awk '$2 == "all"' "$work/single"; map; } >"$work/row"
row "CUHK03 single-shot"
{ hitrate --quiet --empty skip -k 1,5,10,20 -m hit -p 1 "$work/ranks"; map; } >"$work/row"
row "whole gallery"
