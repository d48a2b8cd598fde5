#!/usr/bin/env bats
# Several embedding files as one gallery (rankof(1) and simmat(1), ITEMS
# ...): at a billion items embeddings come as one .npy file per writer.
# The rows are numbered on through the files, so a gallery cut into files
# ranks as the concatenated file does: the reference here is the one file
# synthemb wrote, and its parts are cut from it by bytes (npy_rows below),
# not by rankkit.
load helper
load errtable

# npy_rows FILE R0 R1: rows R0 .. R1-1 of the float32 .npy FILE of 8
# columns (as synthemb -d 8 writes it), as a .npy file of format 1.0 on
# stdout: the header is 10 bytes and a dict padded to 118 ('v'), so that
# the values begin at byte 128 as NumPy's format.py aligns them; FILE's
# own header length is the little-endian word at bytes 8-9 (od reads it
# in the host's order: x86 and arm64 are little-endian)
npy_rows() {
	local hl w=32
	hl=$(od -An -tu2 -j8 -N2 "$1" | tr -d ' ')
	printf '\223NUMPY\001\000v\000'
	printf "%-117s\n" "{'descr': '<f4', 'fortran_order': False, 'shape': ($(($3 - $2)), 8), }"
	tail -c +$((10 + hl + $2 * w + 1)) "$1" | head -c $((($3 - $2) * w))
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	# 40 images of 5 captions each: 200 caption rows, cut at row 70
	synthemb -o d -n 40 -d 8 crossmodal >/dev/null
	npy_rows d/cap.npy 0 70 > a.npy
	npy_rows d/cap.npy 70 200 > b.npy
	lab="--query-labels d/img.labels --item-labels d/cap.labels"
}

# the stream without its fingerprint line: a shard's names its files
nofp() { grep -v '^# fingerprint'; }

@test "itemfiles: two items files rank as the one file they were cut from" {
	# the parts are rows 0-69 and 70-199 of the file: cut, they are it
	[ "$(cat a.npy b.npy | wc -c)" -eq $(($(wc -c < d/cap.npy) - 128 + 256)) ]
	cmp <(tail -c +129 a.npy; tail -c +129 b.npy) <(tail -c +129 d/cap.npy)
	rankof -e -m cos $lab d/img.npy d/cap.npy > one
	rankof -e -m cos $lab d/img.npy a.npy b.npy | cmp - one
	# gallery shards inside a, inside b, across the cut, the whole
	for c in 0:50 100:150 50:120 0:200; do
		rankof -e -m cos --items $c $lab d/img.npy d/cap.npy | nofp > s1
		rankof -e -m cos --items $c $lab d/img.npy a.npy b.npy | nofp > s2
		cmp s1 s2
	done
	# the shards of the files merge into the one file's run
	for c in 0:50 50:120 120:200; do
		rankof -e -m cos --items $c $lab d/img.npy a.npy b.npy > g.$c
	done
	rankof --merge g.0:50 g.50:120 g.120:200 | cmp - one
	# queries of float64 against the parts (the items made float64)
	synthemb -o d64 --float64 -n 40 -d 8 crossmodal >/dev/null
	rankof -e $lab d64/img.npy a.npy b.npy | cmp - <(rankof -e $lab d64/img.npy d/cap.npy)
	# simmat takes them too
	simmat -m l2 -k 3 d/img.npy a.npy b.npy | cmp - <(simmat -m l2 -k 3 d/img.npy d/cap.npy)
}

@test "itemfiles: --item-ids names the rows of all the files, in their order" {
	# caption row r is c<r>, relevant to image r / 5 (row 5q to query q)
	seq 0 199 | sed 's/^/c/' > ids
	awk 'BEGIN { for (q = 0; q < 40; q++) print q, 0, "c" 5 * q, 1 }' > n.qrels
	rankof -e -r n.qrels --item-ids ids d/img.npy d/cap.npy > one
	[ "$(body < one | cut -f2 | head -n 3 | tr '\n' ' ')" = "c0 c5 c10 " ]
	rankof -e -r n.qrels --item-ids ids d/img.npy a.npy b.npy | cmp - one
	rankof -e -r n.qrels --item-ids ids --items 60:80 d/img.npy d/cap.npy | nofp > s1
	rankof -e -r n.qrels --item-ids ids --items 60:80 d/img.npy a.npy b.npy | nofp | cmp - s1
	# the queries among the items: one file against itself, refused
	# without -x or --keep-self as with one items file
	run --separate-stderr rankof -e -r n.qrels d/cap.npy a.npy d/cap.npy
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "rankof: QUERIES and ITEMS are one file: each query would find itself at rank 1; give -x to leave it out, or --keep-self if that is meant" ]
}

@test "itemfiles: a file none of whose rows a shard reads is read for its header only" {
	# c.npy: b.npy with a NaN (0x7fc00000) at its row 3, column 2; the
	# qrels make item 5q relevant to query q, all below row 200
	cp b.npy c.npy
	printf '\000\000\300\177' | dd of=c.npy bs=1 seek=$((128 + 3 * 32 + 2 * 4)) conv=notrunc 2>/dev/null
	awk 'BEGIN { for (q = 0; q < 40; q++) print q, 0, 5 * q, 1 }' > r.qrels
	rankof -e -r r.qrels --items 0:70 d/img.npy a.npy b.npy c.npy > s
	tail -n 1 s | grep -qx '# end'
	[ "$(grep -c '^# items	0:70	330$' s)" -eq 1 ]
	# the rows of c are read when a shard's range reaches them, and the
	# message names c's own row
	fails_with "rankof: c.npy: row 3, column 2: value is not finite" \
		rankof -e -r r.qrels --items 150:250 d/img.npy a.npy b.npy c.npy
	fails_with "rankof: c.npy: row 3, column 2: value is not finite" \
		rankof -e -r r.qrels d/img.npy a.npy b.npy c.npy
	# shards of another list of files are of another run
	rankof -e -r r.qrels --items 70:330 d/img.npy a.npy b.npy b.npy > t
	fails_with "rankof: t: fingerprint $(rankof --fingerprint -e -r r.qrels --items 70:330 d/img.npy a.npy b.npy b.npy) where s has $(rankof --fingerprint -e -r r.qrels --items 0:70 d/img.npy a.npy b.npy c.npy): a shard of another run (another query file, gallery, relevance or option)" \
		rankof --merge s t
}

@test "itemfiles: files of another dimension, value type or format are refused" {
	synthemb -o d64 --float64 -n 40 -d 8 crossmodal >/dev/null
	synthemb -o d4 -n 40 -d 4 crossmodal >/dev/null
	awk '{ print $1, 1, 2, 3, 4, 5, 6, 7, 8 }' d/cap.labels > t.txt
	err_table <<-'T'
	1 | rankof -e --query-labels d/img.labels --item-labels d/cap.labels d/img.npy a.npy d64/cap.npy | | rankof: d64/cap.npy: float64 values where a.npy has float32: the items files of one gallery have one value type
	1 | rankof -e --query-labels d/img.labels --item-labels d/cap.labels d/img.npy a.npy d4/cap.npy | | rankof: d4/cap.npy: rows of 4 values where a.npy has 8: the items files of one gallery have one dimension
	1 | rankof -e --query-labels d/img.labels --item-labels d/cap.labels d/img.npy a.npy t.txt | | rankof: t.txt: a text embedding file among several items files: give them in a binary format (.npy, .fvecs), their rows numbered on through the files, or as one file
	1 | rankof -e --items 0:201 --query-labels d/img.labels --item-labels d/cap.labels d/img.npy a.npy b.npy | | rankof: --items 0:201: a.npy + b.npy has 200 rows
	1 | simmat d/img.npy a.npy d4/cap.npy | | simmat: d4/cap.npy: rows of 4 values where a.npy has 8: the items files of one gallery have one dimension
	T
	run --separate-stderr rankof -e $lab d/img.npy
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "rankof: -e needs QUERIES and ITEMS (one file, or several as one gallery)" ]
}
