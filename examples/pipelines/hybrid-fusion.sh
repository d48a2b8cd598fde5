#!/bin/sh
# Hybrid retrieval: a lexical run (BM25-like) and a dense run of the same
# text-to-image queries, fused by fuse, and all three measured by
# rankof | hitrate: the fused run beats both, since the two runs err on
# different queries.
#
# usage: hybrid-fusion.sh [DIR]
#   DIR holds synthemb's crossmodal files cap.npy, img.npy, cap.labels and
#   img.labels; by default `synthemb -n 200 crossmodal` writes them (1000
#   captions, the queries, and 200 images, the items; a caption's image
#   is the one relevant item).
#
# The dense run is simmat's dot products of the embeddings. The lexical
# run is a seeded model of term matching, computed exactly in awk (the
# Park-Miller generator): each query has 6 terms of idf 1, 1.5 or 2; the
# relevant image holds each term with chance 0.45, any other image with
# chance 0.03; an image scores the idf of the terms it holds, and one
# that holds none is not retrieved. Its scores tie often and it misses
# some relevant images: fuse takes those from the dense run alone.
#
# Then weights: fuse --optimize learns them on the even captions (their
# qrels), and the runs are measured on the odd ones, which it never saw.
set -e
. "$(dirname "$0")/common.sh"
if [ -n "${1:-}" ]; then
	dir=$1
else
	dir=$work/data
	synthemb -n 200 -o "$dir" crossmodal >/dev/null
fi
need cap.npy img.npy cap.labels img.labels
tmp=$work

simmat "$dir/cap.npy" "$dir/img.npy" >"$tmp/dense.raw"
awk -v seed=42 '
	function draw() { x = (16807 * x) % 2147483647; return x / 2147483647 }
	FNR == 1 { file++ }
	file == 1 { img[++ni] = $1; ilab[$1] = $2; next }
	{
		for (i = 1; i <= ni; i++) {
			p = ilab[img[i]] == $2 ? 0.45 : 0.03
			s = 0
			for (t = 0; t < 6; t++)
				if (draw() < p)
					s += 1 + (t % 3) * 0.5
			if (s > 0)
				printf "%s\t%s\t%g\n", $1, img[i], s
		}
	}
	BEGIN { x = seed }
' "$dir/img.labels" "$dir/cap.labels" >"$tmp/lexical.raw"
# each run's queries in one order, the one fuse needs when a run lacks
# some of them (fuse(1))
grouped "$tmp/dense.raw" >"$tmp/dense.scores"
grouped "$tmp/lexical.raw" >"$tmp/lexical.scores"

# measure RUN: hit@1, hit@10 and MRR of a score stream
measure() {
	rankof --query-labels "$dir/cap.labels" --item-labels "$dir/img.labels" \
		"$@" | hitrate --quiet -k 1,10 -m hit,MRR | grep -v '^#' | cut -f3 |
		paste -sd' ' -
}

printf '%-26s %7s %7s %7s\n' run hit@1 hit@10 MRR
for run in lexical dense; do
	printf '%-26s %7s %7s %7s\n' "$run" $(measure "$tmp/$run.scores")
done
for m in "rrf" "combsum -n zscore" "combmnz -n minmax"; do
	fuse -m $m "$tmp/lexical.scores" "$tmp/dense.scores" >"$tmp/fused.scores"
	printf '%-26s %7s %7s %7s\n' "fuse -m $m" $(measure "$tmp/fused.scores")
done

# the captions' relevant images as qrels, even captions to train, odd
# ones to test
awk -v tmp="$tmp" 'FNR == 1 { file++ }
	file == 1 { imgs[$2] = imgs[$2] " " $1; next }
	{
		n = split(imgs[$2], im, " ")
		for (i = 1; i <= n; i++)
			print $1, im[i], 1 > (tmp ($1 % 2 ? "/test.qrels" : "/train.qrels"))
	}' "$dir/img.labels" "$dir/cap.labels"
w=$(fuse -m combsum -n zscore --optimize MRR --qrels "$tmp/train.qrels" \
	"$tmp/lexical.scores" "$tmp/dense.scores" 2>/dev/null | cut -f2)
printf '\nweights learned on the even captions (--optimize MRR): %s\n' "$w"

# test RUN: hit@1, hit@10 and MRR on the odd captions
test_measure() {
	rankof -r "$tmp/test.qrels" "$1" 2>/dev/null |
		hitrate --quiet -k 1,10 -m hit,MRR | grep -v '^#' | cut -f3 |
		paste -sd' ' -
}
printf '%-26s %7s %7s %7s\n' "odd captions" hit@1 hit@10 MRR
printf '%-26s %7s %7s %7s\n' dense $(test_measure "$tmp/dense.scores")
fuse -m combsum -n zscore "$tmp/lexical.scores" "$tmp/dense.scores" >"$tmp/fused.scores"
printf '%-26s %7s %7s %7s\n' "combsum -n zscore" $(test_measure "$tmp/fused.scores")
fuse -m combsum -n zscore -w "$w" "$tmp/lexical.scores" "$tmp/dense.scores" \
	>"$tmp/fused.scores"
printf '%-26s %7s %7s %7s\n' "  -w $w" $(test_measure "$tmp/fused.scores")
