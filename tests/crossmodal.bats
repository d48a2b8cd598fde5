#!/usr/bin/env bats
# The article's image-text worked example (../shared/data/crossmodal-seed0):
# its printed table (article-output.txt) and its unrounded numbers
# (expected.json, copied below with their keys), through rankof -e and
# through simmat | rankof, which must give the same bytes.

bats_require_minimum_version 1.5.0
load helper

setup() {
	need_shared data/crossmodal-seed0
	D="$SHARED/data/crossmodal-seed0"
	cd "$BATS_TEST_TMPDIR"
}

# near GOT WANT: |GOT - WANT| <= 1e-9 * max(1, |WANT|)
near() {
	awk -v g="$1" -v w="$2" 'BEGIN { d = g - w; if (d < 0) d = -d
		a = w < 0 ? -w : w; if (a < 1) a = 1
		if (d > 1e-9 * a) { print "got " g ", want " w; exit 1 } }'
}
# val MEASURE QUERY FILE
val() { awk -v m="$1" -v q="$2" '$1 == m && $2 == q { print $3 }' "$3"; }

i2t() { rankof -e "$@" --query-labels "$D/img.labels" --item-labels "$D/cap.labels" "$D/img.npy" "$D/cap.npy"; }
t2i() { rankof -e "$@" --query-labels "$D/cap.labels" --item-labels "$D/img.labels" "$D/cap.npy" "$D/img.npy"; }
measures() { hitrate -k 1,5,10 -m hit,MedR,MeanR -p 10 "$@"; }

@test "crossmodal: 1K protocol, all five folds (MedR both rules) and the mean rsum" {
	i2t --folds 5 | measures --folds 5 >i2t
	t2i --folds 5 | measures --folds 5 >t2i
	# expected.json 1k_folds[0]
	near "$(val hit@1 fold1 i2t)" 78.3
	near "$(val hit@5 fold1 i2t)" 97.7
	near "$(val hit@10 fold1 i2t)" 98.6
	near "$(val MedR fold1 i2t)" 1
	near "$(val MeanR fold1 i2t)" 1.576
	near "$(val hit@1 fold1 t2i)" 65.74
	near "$(val hit@5 fold1 t2i)" 93.58
	near "$(val hit@10 fold1 t2i)" 98.1
	near "$(val MedR fold1 t2i)" 1
	near "$(val MeanR fold1 t2i)" 2.073
	# every fold, expected.json 1k_folds[0..4]: i2t R@1 R@5 R@10 median
	# medr_vsepp mean, t2i the same, rsum
	i2t --folds 5 | hitrate -m MedR --medr vsepp --folds 5 -p 10 >i2t.vsepp
	t2i --folds 5 | hitrate -m MedR --medr vsepp --folds 5 -p 10 >t2i.vsepp
	while read -r f a1 a5 a10 amed avs amean b1 b5 b10 bmed bvs bmean rsum; do
		near "$(val hit@1 fold$f i2t)" $a1
		near "$(val hit@5 fold$f i2t)" $a5
		near "$(val hit@10 fold$f i2t)" $a10
		near "$(val MedR fold$f i2t)" $amed
		near "$(val MedR fold$f i2t.vsepp)" $avs
		near "$(val MeanR fold$f i2t)" $amean
		near "$(val hit@1 fold$f t2i)" $b1
		near "$(val hit@5 fold$f t2i)" $b5
		near "$(val hit@10 fold$f t2i)" $b10
		near "$(val MedR fold$f t2i)" $bmed
		near "$(val MedR fold$f t2i.vsepp)" $bvs
		near "$(val MeanR fold$f t2i)" $bmean
		near "$(awk -v f=fold$f '$2 == f && $1 ~ /^hit/ { s += $3 } END { printf "%.10f", s }' i2t t2i)" $rsum
	done <<-'F'
	1 78.3 97.7 98.6 1 1 1.576 65.74 93.58 98.1 1 1 2.073 532.02
	2 79.60000000000001 96.5 99.1 1 1 1.595 67.44 94.19999999999999 98.16 1 1 2.0478 535.0
	3 81.10000000000001 96.7 98.7 1 1 1.543 66.66 93.47999999999999 98.06 1 1 2.0798 534.7
	4 78.0 97.6 99.2 1 1 1.501 67.30000000000001 93.22 97.89999999999999 1 1 2.0836 533.22
	5 81.0 97.3 99.3 1 1 1.504 66.44 93.67999999999999 98.14 1 1 2.0804 535.86
	F
	[ "$(grep -c '^hit@1	fold' i2t)" -eq 5 ]
	# article-output.txt, to the printed decimals
	[ "$(awk '$2 == "fold1" && $1 ~ /^hit/ { printf "%.1f ", $3 }' i2t t2i)" = \
	  "78.3 97.7 98.6 65.7 93.6 98.1 " ]
	[ "$(awk '$2 == "fold1" && $1 == "MeanR" { printf "%.1f ", $3 }' i2t t2i)" = "1.6 2.1 " ]
	rs1=$(awk '$2 == "fold1" && $1 ~ /^hit/ { s += $3 } END { printf "%.10f", s }' i2t t2i)
	near "$rs1" 532.02
	[ "$(printf '%.1f' "$rs1")" = 532.0 ]
	# the mean over folds of the rsum is the rsum of the `all` rows
	rs=$(awk '$2 == "all" && $1 ~ /^hit/ { s += $3 } END { printf "%.10f", s }' i2t t2i)
	near "$rs" 534.1600000000001
	[ "$(printf '%.1f' "$rs")" = 534.2 ]
}

# the article's own data ($RANKKIT_SHARED/data/crossmodal-seed0, its NumPy
# script's): make demo's synthemb data are other draws and print rsum 424.7
@test "crossmodal: 5K protocol, both directions, rsum 437.8" {
	i2t | measures >i2t
	t2i | measures >t2i
	# expected.json 5k
	near "$(val hit@1 all i2t)" 57.34
	near "$(val hit@5 all i2t)" 85.26
	near "$(val hit@10 all i2t)" 93.12
	near "$(val MedR all i2t)" 1
	near "$(val MeanR all i2t)" 3.6946
	near "$(val hit@1 all t2i)" 42.912
	near "$(val hit@5 all t2i)" 74.02
	near "$(val hit@10 all t2i)" 85.10799999999999
	near "$(val MedR all t2i)" 2
	near "$(val MeanR all t2i)" 6.34832
	# medr_vsepp: 1 and 2
	i2t | hitrate -m MedR --medr vsepp -p 10 >i2t.vsepp
	t2i | hitrate -m MedR --medr vsepp -p 10 >t2i.vsepp
	near "$(val MedR all i2t.vsepp)" 1
	near "$(val MedR all t2i.vsepp)" 2
	[ "$(awk '$1 ~ /^hit/ { printf "%.1f ", $3 } $1 ~ /R$/ { printf "%.1f ", $3 }' i2t t2i)" = \
	  "57.3 85.3 93.1 1.0 3.7 42.9 74.0 85.1 2.0 6.3 " ]
	rs=$(awk '$1 ~ /^hit/ { s += $3 } END { printf "%.10f", s }' i2t t2i)
	near "$rs" 437.76
	[ "$(printf '%.1f' "$rs")" = 437.8 ]
}

@test "crossmodal: 32-bit codes, text to image: ties in three modes" {
	rankof -e -m hamming --query-labels "$D/cap.labels" --item-labels "$D/img.labels" \
		"$D/cap_codes.tsv" "$D/img_codes.tsv" >ranks
	# expected.json ties
	near "$(awk '!/^#/ { s += $5; n++ } END { printf "%.10f", s / n }' ranks)" 25.0942
	near "$(hitrate -T optimistic -k 1 -m hit -p 10 ranks 2>/dev/null | awk '$2 == "all" { print $3 }')" 13.34
	near "$(hitrate -T pessimistic -k 1 -m hit -p 10 ranks 2>/dev/null | awk '$2 == "all" { print $3 }')" 6.18
	near "$(hitrate -T expected -k 1 -m hit -p 10 ranks 2>/dev/null | awk '$2 == "all" { print $3 }')" 8.858968975468974
	# article-output.txt
	[ "$(hitrate -k 1 -m hit -p 1 ranks 2>/dev/null | awk '$2 == "all" { print $3 }')" = 8.9 ]
}

@test "crossmodal: rankof -e and simmat | rankof give the same bytes" {
	i2t --folds 5 >e1
	simmat --folds 5 "$D/img.npy" "$D/cap.npy" |
		rankof --folds 5 --query-labels "$D/img.labels" --item-labels "$D/cap.labels" >p1
	cmp e1 p1
	t2i --folds 5 -m cos >e2
	simmat -m cos --folds 5 "$D/cap.npy" "$D/img.npy" |
		rankof --folds 5 --query-labels "$D/cap.labels" --item-labels "$D/img.labels" >p2
	cmp e2 p2
	rankof -e -m hamming --query-labels "$D/cap.labels" --item-labels "$D/img.labels" \
		"$D/cap_codes.tsv" "$D/img_codes.tsv" >e3
	simmat -m hamming "$D/cap_codes.tsv" "$D/img_codes.tsv" |
		rankof --query-labels "$D/cap.labels" --item-labels "$D/img.labels" >p3
	cmp e3 p3
	# -x and -j: one set against itself, leave-one-out
	rankof -e -x -j 1 -m l2 -l "$D/shots.labels" "$D/spectrum.tsv" "$D/spectrum.tsv" >e4
	simmat -x -j 2 -m l2 "$D/spectrum.tsv" "$D/spectrum.tsv" | rankof -x -l "$D/shots.labels" >p4
	cmp e4 p4
}

@test "crossmodal: rankof -e's row fast path = simmat | rankof: breaks, junk, cameras, qrels, ids, shuffled folds" {
	S="$D/spectrum.tsv"
	awk '{ print $1, $2, NR % 3 }' "$D/shots.labels" >cam.labels
	awk 'NR % 2 { print } !(NR % 2) { k[NR] = $0 } END { for (i = 2; i <= NR; i += 2) print k[i] }' \
		"$D/shots.labels" >shuf.labels
	awk '$1 < 400 { print $1, 0, ($1 % 7 ? $1 + 1 : "x"), 1 + $1 % 3 }' "$D/shots.labels" >q.qrels
	awk '{ print "id" (NR * 7919) % 1000 }' "$D/shots.labels" >ids
	awk 'NR == FNR { id[NR - 1] = $0; next } { print id[$1], $2 }' ids "$D/shots.labels" >idlab
	same() {	# same "SIMMAT OPTS" "RANKOF OPTS"
		local ks=--keep-self	# one file against itself, kept
		[[ " $1 $2" != *" -x"* ]] || ks=
		rankof -e $ks $1 $2 "$S" "$S" >e
		simmat $1 "$S" "$S" | rankof $ks $(echo " $1" | sed 's/ -m [a-z0-9]*//; s/--[a-z]*-ids [^ ]*//g') $2 >p
		cmp e p
	}
	for b in "" "--break input" "--break id"; do
		same "-m dot -x" "-l cam.labels --junk same-camera --junk-label 2 $b"
		same "-m cos --folds 5" "-l shuf.labels $b"
		same "-m l2 -x --item-ids ids --query-ids ids" "-l idlab $b"
		same "-m dot -x" "-r q.qrels -c -g 2 $b"
	done
	# the lines the exclusions left
	[ "$(rankof -e -m dot -x -l cam.labels --junk same-camera "$S" "$S" | awk '!/^#/ { print $6 }' | sort -u)" = \
	  "$(awk '{ n[$2 " " $3]++; t++ } END { for (k in n) print t - n[k] }' cam.labels | sort -u)" ]
}

# same_as_base V: variant V (-j 2) gives the bytes of the portable variant
# (base, -j 1: C99 fma(), whose scores tests/simmat.bats checks against an
# independent emulation): scores and rankof -e's fused counts, float64 and
# float32, every metric, tiles cut by folds
same_as_base() {
	runs_variant "$1" || skip "this CPU cannot run the $1 micro-kernels"
	echo "# RANKKIT_KERNEL=$1 (-j 2) against base (-j 1)" >&3
	fvecs "$D/spectrum.tsv" >s32.fvecs
	for f in "$D/spectrum.tsv" s32.fvecs; do
		for m in dot cos l2; do
			RANKKIT_KERNEL=base simmat -j 1 -m $m "$f" "$f" >base
			RANKKIT_KERNEL=$1 simmat -j 2 -m $m "$f" "$f" >other
			cmp base other
			RANKKIT_KERNEL=base rankof -e --keep-self -j 1 -m $m --folds 5 -l "$D/shots.labels" "$f" "$f" >base
			RANKKIT_KERNEL=$1 rankof -e --keep-self -j 2 -m $m --folds 5 -l "$D/shots.labels" "$f" "$f" >other
			cmp base other
		done
	done
	RANKKIT_KERNEL=base simmat -j 1 -m hamming "$D/img_codes.tsv" "$D/cap_codes.tsv" >base
	RANKKIT_KERNEL=$1 simmat -j 2 -m hamming "$D/img_codes.tsv" "$D/cap_codes.tsv" >other
	cmp base other
	RANKKIT_KERNEL=base simmat -m cos -k 2 --folds 25 "$D/img.npy" "$D/cap.npy" >base
	RANKKIT_KERNEL=$1 simmat -m cos -k 2 --folds 25 "$D/img.npy" "$D/cap.npy" >other
	cmp base other
	# a tile cut by the folds (7 items per fold), 3 dimensions
	awk '{ print $1, $2, $3, $4 }' "$D/spectrum.tsv" | head -35 >small
	RANKKIT_KERNEL=base simmat -m l2 --folds 5 small small >base
	RANKKIT_KERNEL=$1 simmat -m l2 --folds 5 small small >other
	cmp base other
	[ "$(grep -vc '^#' other)" -eq 245 ]
}

@test "crossmodal: micro-kernel variant avx2 (RANKKIT_KERNEL) gives the portable variant's bits" {
	same_as_base avx2
}

@test "crossmodal: micro-kernel variant avx512 (RANKKIT_KERNEL) gives the portable variant's bits" {
	same_as_base avx512
}

@test "crossmodal: the variant chosen without RANKKIT_KERNEL gives the portable variant's bits" {
	simmat -m cos "$D/spectrum.tsv" "$D/spectrum.tsv" >best
	RANKKIT_KERNEL=base simmat -m cos "$D/spectrum.tsv" "$D/spectrum.tsv" >base
	cmp best base
	run --separate-stderr env RANKKIT_KERNEL=sse9 simmat "$D/spectrum.tsv" "$D/spectrum.tsv"
	[ "$status" -eq 2 ]
	[ "$stderr" = "simmat: RANKKIT_KERNEL=sse9: no such kernel variant in this build" ]
}

@test "crossmodal: examples/pipelines/coco-1k-5k.sh prints the article's 1K and 5K table" {
	run --separate-stderr sh "$BATS_TEST_DIRNAME/../examples/pipelines/coco-1k-5k.sh" "$D"
	[ "$status" -eq 0 ]
	# the first two blocks of the article's own output, line for line
	[ "$output" = "$(sed -n 1,9p "$D/article-output.txt")" ]
	[ "${lines[1]}" = "image->text  R@1  78.3  R@5  97.7  R@10  98.6  median rank   1  mean rank   1.6" ]
	[ "${lines[6]}" = "text->image  R@1  42.9  R@5  74.0  R@10  85.1  median rank   2  mean rank   6.3" ]
	run --separate-stderr sh "$BATS_TEST_DIRNAME/../examples/pipelines/coco-1k-5k.sh" "$BATS_TEST_TMPDIR/none"
	[ "$status" -eq 1 ]
	[ "$stderr" = "coco-1k-5k.sh: no $BATS_TEST_TMPDIR/none/img.npy" ]
}

# fvecs FILE.tsv: the rows (id then values) as float32 .fvecs, each value
# rounded to a multiple of 1/64 (exact in float32, and many exact ties)
fvecs() {
	LC_ALL=C awk 'function b(x) { printf "%c%c%c%c", x % 256, int(x / 256) % 256, int(x / 65536) % 256, int(x / 16777216) }
	{
		b(NF - 1)
		for (i = 2; i <= NF; i++) {
			v = $i * 64; v = v < 0 ? -int(-v + 0.5) : int(v + 0.5); v /= 64
			if (v == 0) { b(0); continue }
			s = v < 0 ? 2147483648 : 0; a = v < 0 ? -v : v; e = 0
			while (a >= 2) { a /= 2; e++ }
			while (a < 1) { a *= 2; e-- }
			b(s + (e + 127) * 8388608 + (a - 1) * 8388608)
		}
	}' "$1"
}

@test "crossmodal: rankof -e's fused count = the row path = simmat | rankof: ties, float32, exclusions, breaks, variants" {
	S="$D/spectrum.tsv"
	fvecs "$S" >s32.fvecs
	# row 0 with itself: the sum of its squared 1/64ths, exact in float32
	[ "$(awk 'NR == 1 { for (i = 2; i <= NF; i++) { v = $i * 64; v = v < 0 ? -int(-v + 0.5) : int(v + 0.5); s += v * v }
		printf "%.8g", s / 4096 }' "$S")" = 1.0043945 ]
	[ "$(simmat -m dot s32.fvecs s32.fvecs | body | head -n 1)" = "0	0	1.0043945" ]
	awk '{ print $1, $2, NR % 3 }' "$D/shots.labels" >cam.labels
	awk 'NR % 2 { print } !(NR % 2) { k[NR] = $0 } END { for (i = 2; i <= NR; i += 2) print k[i] }' \
		"$D/shots.labels" >shuf.labels
	awk '$1 < 400 { print $1, 0, ($1 % 7 ? $1 + 1 : "x"), 1 + $1 % 3 }' "$D/shots.labels" >q.qrels
	# same FILE "SIMMAT OPTS" "RANKOF OPTS": fused (best variant, -j 2;
	# base, -j 1), the row path (best variant), the text stream
	same() {
		local ks=--keep-self	# one file against itself, kept
		[[ " $2 $3" != *" -x"* ]] || ks=
		rankof -e $ks -j 2 $2 $3 "$1" "$1" >e
		RANKKIT_KERNEL=base rankof -e $ks -j 1 $2 $3 "$1" "$1" >b
		RANKKIT_EMBRANK=rows rankof -e $ks $2 $3 "$1" "$1" >r
		simmat $2 "$1" "$1" | rankof $ks $(echo " $2" | sed 's/ -m [a-z0-9]*//') $3 >p
		cmp e p
		cmp b p
		cmp r p
	}
	# a break order acts only among tied scores: the three orders on the
	# float32 rows (667 of 12500 lines tie), the default on the float64
	# rows too (no tie there: the other orders would give the same bytes)
	for b in "" "--break input" "--break id"; do
		for f in s32.fvecs "$S"; do
			[ -z "$b" ] || [ "$f" = s32.fvecs ] || continue
			same $f "-m dot -x" "-l cam.labels --junk same-camera $b"
			same $f "-m dot" "-l cam.labels --junk-label 2 $b"
			same $f "-m l2 --folds 5" "-l $D/shots.labels --folds 5 $b"
			same $f "-m cos --folds 5" "-l shuf.labels $b"
			same $f "-m dot -x" "-r q.qrels -c -g 2 $b"
		done
	done 2>/dev/null
	# float32 ties: 667 of the 12500 lines tie
	rankof -e --keep-self -m dot -l "$D/shots.labels" s32.fvecs s32.fvecs >e
	[ "$(awk '!/^#/ && $5 > 0 { n++ } END { print (n > 500) }' e)" = 1 ]
	# binary codes: ties everywhere, the break orders through the row path
	for b in "" "--break input" "--break id"; do
		rankof -e -m hamming $b --query-labels "$D/cap.labels" --item-labels "$D/img.labels" \
			"$D/cap_codes.tsv" "$D/img_codes.tsv" >e
		simmat -m hamming "$D/cap_codes.tsv" "$D/img_codes.tsv" |
			rankof $b --query-labels "$D/cap.labels" --item-labels "$D/img.labels" >p
		cmp e p
	done
	# the 5K data, both directions, 1K folds: the row path's bytes
	i2t >e
	RANKKIT_EMBRANK=rows i2t >r
	cmp e r
	t2i -m cos --folds 5 --break id >e
	RANKKIT_EMBRANK=rows t2i -m cos --folds 5 --break id >r
	cmp e r
}
