#!/usr/bin/env bats
# paperrow: the image-text table row (R@1/5/10, MedR, MeanR each way and
# rsum) on the folds and on the whole gallery, from two embedding files and
# their labels.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# The article's data (written by its own script, seed 0) and its table:
# expected.json's 1K row is the mean of its five folds' numbers, its 5K row
# the whole gallery's. Made at test-writing time from expected.json by
#   python3 -c "import json; e = json.load(open('expected.json')); ..."
# (the mean over e['1k_folds'] of each of R@1, R@5, R@10, median, mean for
# i2t then t2i, and e['1k_mean_rsum']; e['5k'] likewise), to 4 decimals
@test "paperrow: the article's data give its 1K (mean of 5 folds) and 5K rows" {
	need_shared data/crossmodal-seed0
	d=$SHARED/data/crossmodal-seed0
	paperrow -p 4 "$d/img.npy" "$d/cap.npy" "$d/img.labels" "$d/cap.labels" > row
	same "$(cat row)" "$(tsv \
	    'gallery i2t:R@1 i2t:R@5 i2t:R@10 i2t:MedR i2t:MeanR t2i:R@1 t2i:R@5 t2i:R@10 t2i:MedR t2i:MeanR rsum' \
	    '1K 79.6000 97.1600 98.9800 1.0000 1.5438 66.7160 93.6320 98.0720 1.0000 2.0729 534.1600' \
	    '5K 57.3400 85.2600 93.1200 1.0000 3.6946 42.9120 74.0200 85.1080 2.0000 6.3483 437.7600')"
}

# by separate runs: each direction ranked by rankof and measured by
# hitrate on its own, the rsum added here from the six hit@K
@test "paperrow: synthemb's data give the separate rankof and hitrate runs, rsum their sum" {
	synthemb -s 4 -n 200 -o my crossmodal
	paperrow -m dot -T pessimistic -p 3 my/img.npy my/cap.npy my/img.labels my/cap.labels > row
	[ "$(wc -l < row)" -eq 3 ]
	for f in "--folds 5" ""; do
		rankof -e -m dot $f --query-labels my/img.labels --item-labels my/cap.labels \
			my/img.npy my/cap.npy | hitrate -T pessimistic -p 3 $f > i2t
		rankof -e -m dot $f --query-labels my/cap.labels --item-labels my/img.labels \
			my/cap.npy my/img.npy | hitrate -T pessimistic -p 3 $f > t2i
		want=$(awk -v g="${f:+40}" '$2 == "all" { v[FILENAME, $1] = $3 }
			END { printf "%s", g == "" ? 200 : g
			for (i = 1; i <= 2; i++) { d = i == 1 ? "i2t" : "t2i"
				printf "\t%s\t%s\t%s\t%s\t%s", v[d, "hit@1"], v[d, "hit@5"],
				    v[d, "hit@10"], v[d, "MedR"], v[d, "MeanR"]
				s += v[d, "hit@1"] + v[d, "hit@5"] + v[d, "hit@10"] }
			printf "\t%.3f\n", s }' i2t t2i)
		grep -qxF "$want" row || { echo "want $want"; cat row; false; }
	done
	# the rows differ: the gallery is part of the measure
	[ "$(sed -n 2p row | cut -f12)" != "$(sed -n 3p row | cut -f12)" ]
	# --folds 0: the whole gallery's row alone, the same as above
	paperrow --folds 0 -m dot -T pessimistic -p 3 my/img.npy my/cap.npy \
		my/img.labels my/cap.labels > whole
	same "$(cat whole)" "$(sed 2d row)"
}

@test "paperrow: usage errors exit 2, data errors 1 with the program's message, --help and --version" {
	paperrow --version | grep -q '^paperrow (rankkit) [0-9]'
	paperrow --help | grep -q -- '--folds N'
	run --separate-stderr paperrow a b c
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "paperrow: expected 4 files, found 3" ]
	run --separate-stderr paperrow -z a b c d
	[ "$status" -eq 2 ]
	run --separate-stderr paperrow - b c d
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "paperrow: the standard input cannot be read twice: name a file" ]
	# 8 captions do not split into 3 folds: rankof's message, its status,
	# and no part of the table
	e=$BATS_TEST_DIRNAME/../examples/data
	run --separate-stderr paperrow --folds 3 "$e/img.npy" "$e/cap.npy" "$e/img.labels" "$e/cap.labels"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == "rankof: "*"cap.labels: 8 items do not split into 3 equal folds" ]]
}
