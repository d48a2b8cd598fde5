#!/usr/bin/env bats
# Inputs packed as ML data travels (stream/archive.h): a .npz archive, or a
# gzip, zstd, xz or bzip2 file, where an embedding, label, qrels, score or
# rank stream file is expected, is refused by its first bytes in one line
# naming the command that unpacks it. The magic bytes are those of the formats' specifications
# (zip: PKWARE APPNOTE 4.3.7; gzip: RFC 1952; zstd: RFC 8878; xz: its file
# format 2.2.1; bzip2: "BZh", block size, block magic 0x314159265359).
load helper
load npy

setup() {
	cd "$BATS_TEST_TMPDIR"
	mknpy e.npy 1 '<f4' False '(2, 1)' "$(f4 1 2)"
	printf '0 a\n1 a\n' > lab
	printf 'PK\3\4\24\0\0\0' > x.npz
	printf '\37\213\10\0\0\0\0\0' > e.npy.gz
	printf '\50\265\57\375\44\0' > lab.zst
	printf '\3757zXZ\0\0\4' > q.xz
	printf 'BZh91AY&SY\0' > e.bz2
}

@test "archives: .npz, gzip, zstd, xz and bzip2 refused, naming the fix" {
	fails=0
	while IFS='|' read -r cmd want; do
		cmd=${cmd% } want=${want# }
		run --separate-stderr $cmd
		if [ "$status" != 1 ] || [ "$stderr" != "$want" ]; then
			echo "FAIL $cmd: $status, $stderr" >&2; fails=$((fails + 1))
		fi
	done <<-'T'
	simmat x.npz e.npy | simmat: x.npz: a .npz archive, not a .npy array: np.save('x.npy', np.load('x.npz')['arr_0'])
	simmat e.npy e.npy.gz | simmat: e.npy.gz: gzip-compressed: gunzip -k e.npy.gz
	simmat e.bz2 e.npy | simmat: e.bz2: bzip2-compressed: bunzip2 -k e.bz2
	rankof -e -x -l lab.zst e.npy e.npy | rankof: lab.zst: zstd-compressed: zstd -d lab.zst
	rankof -e -x --query-labels lab --item-labels x.npz e.npy e.npy | rankof: x.npz: a .npz archive, not a .npy array: np.save('x.npy', np.load('x.npz')['arr_0'])
	rankof -r q.xz lab | rankof: q.xz: xz-compressed: unxz -k q.xz
	rankof -l lab lab.zst | rankof: lab.zst: zstd-compressed: zstd -d lab.zst
	mapr e.bz2 | mapr: e.bz2: bzip2-compressed: bunzip2 -k e.bz2
	T
	[ "$fails" -eq 0 ]
	# without the compressor's suffix, and on standard input
	cp e.npy.gz emb
	fails_with "simmat: emb: gzip-compressed: gunzip -c emb > unpacked" simmat emb e.npy
	run --separate-stderr simmat - e.npy < e.npy.gz
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: -: gzip-compressed: unpack it first (gunzip -c)" ]
}

@test "archives: a real gzip file is refused; text that only begins like bzip2 is read" {
	command -v gzip >/dev/null || skip "no gzip"
	printf 'a 1\nb 2\n' > t.txt
	gzip -k t.txt
	fails_with "rankof: t.txt.gz: gzip-compressed: gunzip -k t.txt.gz" \
		rankof -e -x -l lab t.txt.gz t.txt
	# an id "BZh9" is text, not bzip2 (no block magic after it)
	printf 'BZh9 3\n' > b.txt
	[ "$(simmat b.txt b.txt | body)" = "$(printf 'BZh9\tBZh9\t9')" ]
}

@test "archives: structured and unknown dtypes name the numpy line that converts them" {
	# a structured array's descr is a list of (name, dtype) fields
	d="{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (1,), }"
	{ printf '\x93NUMPY\x01\x00'; printf "\\x$(printf %02x $(( ${#d} + 1 )))\\x00"
	  printf '%s\n' "$d"
	  printf '\0\0\x80\x3f'; } > s.npy
	fails_with "simmat: s.npy: a structured array (a dtype of named fields) is not supported: save one field, arr['name'].astype('<f4')" simmat s.npy s.npy
	mknpy c.npy 1 '<c8' False '(1, 1)' '\x00\x00\x00\x00\x00\x00\x00\x00'
	fails_with "simmat: c.npy: dtype '<c8' is not supported (rankkit reads float16, float32, float64, int8, int16, uint8, uint16 and bool: save arr.astype('<f4'))" simmat c.npy c.npy
}
