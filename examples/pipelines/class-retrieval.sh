#!/bin/sh
# Class-level retrieval (deep metric learning): one set of images is both the
# queries and the gallery, a query leaves its own gallery (-x), and the
# relevant items are the other images of its class. R@1 (the hit rate) is
# read against R-precision and MAP@R (Musgrave et al., "A Metric Learning
# Reality Check", ECCV 2020), in the test protocol of Song et al. (CVPR 2016):
# the embedding that wins on R@1 can be the one that clusters the classes
# worse.
#
# usage: class-retrieval.sh [DIR]
#   DIR holds EMB.tsv files (id v1 .. vD; pixels.tsv and spectrum.tsv are
#   read) and shots.labels (id class); by default `synthemb classes` writes
#   them into a temporary folder: 500 images of 20 classes under four
#   shifts, embedded as raw pixels and as the shift-invariant Fourier
#   magnitude (spectrum), as in the reference article.
set -e
. "$(dirname "$0")/common.sh"
data classes "${1:-}"
need shots.labels
tmp=$work/t

printf '%-10s %7s %7s %12s %7s\n' embedding R@1 R@10 R-precision MAP@R
for emb in pixels spectrum; do
	[ -r "$dir/$emb.tsv" ] || continue
	# scores -> rank stream: leave-one-out, relevance by class label
	simmat -m dot "$dir/$emb.tsv" "$dir/$emb.tsv" |
		rankof -x -l "$dir/shots.labels" >"$tmp.ranks"
	# hit@1 and hit@10 are the "R@1" and "R@10" of the papers
	{
		hitrate -k 1,10 -m hit -p 1 "$tmp.ranks"
		mapr -m Rprec,MAP@R -p 1 "$tmp.ranks"
	} | grep -v '^#' | cut -f3 | paste -sd' ' - >"$tmp.row"
	read -r r1 r10 rp mapr <"$tmp.row"
	printf '%-10s %7s %7s %12s %7s\n' "$emb" "$r1" "$r10" "$rp" "$mapr"
done
