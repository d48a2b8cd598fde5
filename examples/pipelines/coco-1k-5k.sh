#!/bin/sh
# Image-text retrieval, the COCO protocols of Karpathy and Fei-Fei (CVPR
# 2015) as the VSE++ evaluation code runs them (Faghri et al., BMVC 2018):
# 5,000 test images with five captions each. Image to text: a query image
# has five relevant captions and R@K is the hit rate (one of them in the
# top K); text to image: a caption has one relevant image. 1K: five folds
# of 1,000 images and their 5,000 captions, each ranked on its own (the
# table shows fold 1 and the mean rsum over the folds); 5K: the whole set
# at once. rsum is the sum of the six R@K of a row pair.
#
# usage: coco-1k-5k.sh [DIR]
#   DIR holds img.npy, cap.npy (the embeddings), img.labels and cap.labels
#   (id image), rows in fold order; by default `synthemb crossmodal` writes
#   them (the reference article's kind of data, seed 0) into a temporary
#   folder. Prints the table of the article's example.
set -e
. "$(dirname "$0")/common.sh"
data crossmodal "${1:-}"
need img.npy cap.npy img.labels cap.labels
tmp=$work/t

# measures DIRECTION [--folds 5]: R@1/5/10 (hit@K), median and mean rank
# of the first relevant item, unrounded, into $tmp.DIRECTION
measures() {
	d=$1
	shift
	if [ "$d" = i2t ]; then
		rankof -e "$@" --query-labels "$dir/img.labels" --item-labels "$dir/cap.labels" \
			"$dir/img.npy" "$dir/cap.npy"
	else
		rankof -e "$@" --query-labels "$dir/cap.labels" --item-labels "$dir/img.labels" \
			"$dir/cap.npy" "$dir/img.npy"
	fi | hitrate -k 1,5,10 -m hit,MedR,MeanR -p 10 "$@" >"$tmp.$d"
}

# row NAME FILE QUERY: one line of the table from the rows of QUERY
row() {
	awk -v name="$1" -v q="$3" '$2 == q { v[$1] = $3 }
	END { printf "%s  R@1 %5.1f  R@5 %5.1f  R@10 %5.1f  median rank %3g  mean rank %5.1f\n",
		name, v["hit@1"], v["hit@5"], v["hit@10"], v["MedR"], v["MeanR"] }' "$2"
}
# rsum QUERY: the six R@K of both directions
rsum() { awk -v q="$1" '$2 == q && $1 ~ /^hit@/ { s += $3 } END { printf "%.1f", s }' "$tmp.i2t" "$tmp.t2i"; }

measures i2t --folds 5
measures t2i --folds 5
echo "1K protocol, fold 1"
row "image->text" "$tmp.i2t" fold1
row "text->image" "$tmp.t2i" fold1
# with --folds the `all` rows are the means over the folds
echo "rsum: fold 1 $(rsum fold1), mean of 5 folds $(rsum all)"
echo
measures i2t
measures t2i
echo "5K protocol"
row "image->text" "$tmp.i2t" all
row "text->image" "$tmp.t2i" all
echo "rsum $(rsum all)"
