#!/usr/bin/env bats
# --packed-bits (stream/packedbits.h): binary codes as np.packbits writes
# them, a uint8 .npy of ceil(bits / 8) bytes per row, the first bit in
# each byte's most significant bit (numpy's documentation:
# np.packbits([1, 0, 1]) is [160], 0b10100000), scored by -m hamming as
# the same codes written as text.
load helper
load npy
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# pack BITS OUT.npy PAD < "id c1 .. cBITS" lines of -1/+1 codes: the rows
# packed as np.packbits(codes > 0, axis=1), the PAD bits after the last
# code bit set to PAD (np.packbits writes 0; they are no part of a code)
pack() {
	local bits=$1 out=$2 pad=$3 n
	awk -v bits="$bits" -v pad="$pad" '{
		nb = int((bits + 7) / 8)
		for (j = 0; j < nb; j++) {
			v = 0
			for (b = 0; b < 8; b++) {
				k = j * 8 + b
				bit = k < bits ? ($(k + 2) > 0) : pad
				v = v * 2 + bit
			}
			printf "\\x%02x", v
		}
	}' > "$out.bytes"
	n=$(( $(wc -c < "$out.bytes") / 4 / ((bits + 7) / 8) ))
	mknpy "$out" 1 '|u1' False "($n, $(( (bits + 7) / 8 )))" "$(cat "$out.bytes")"
}

@test "packed-bits: np.packbits bit order, worked by hand" {
	# 0x81 = bits 1 0 0 0 0 0 0 1, 0x80 = 1 0 0 0 0 0 0 0, 0xa0 = 1 0 1:
	# distances 0x81-0x80: 1; 0x81-0xa0: 2 (bits 2 and 7); 0x80-0xa0: 1
	mknpy p.npy 1 '|u1' False '(3, 1)' '\x81\x80\xa0'
	simmat -m hamming --packed-bits p.npy p.npy > s
	same "$(body < s | cut -f3 | tr "\n" " ")" "0 -1 -2 -1 0 -1 -2 -1 0 "
	# --bits 3: the first three bits only: 100, 100, 101
	simmat -m hamming --packed-bits --bits 3 p.npy p.npy > s
	same "$(body < s | cut -f3 | tr '\n' ' ')" "0 0 -1 0 0 -1 -1 -1 0 "
}

@test "packed-bits: synthemb's codes packed give the TSV codes' ranks, simmat and rankof -e" {
	synthemb -n 40 -b 20 -o cm crossmodal
	for side in img cap; do
		pack 20 $side.npy 0 < cm/${side}_codes.tsv
		pack 20 ${side}1.npy 1 < cm/${side}_codes.tsv
	done
	lab="--query-labels cm/img.labels --item-labels cm/cap.labels"
	rankof -e -m hamming $lab cm/img_codes.tsv cm/cap_codes.tsv > want 2>/dev/null
	[ "$(body < want | wc -l)" -eq 200 ]
	rankof -e -m hamming $lab --packed-bits --bits 20 img.npy cap.npy 2>/dev/null | cmp - want
	# the 4 padding bits, set, change nothing
	rankof -e -m hamming $lab --packed-bits --bits 20 img1.npy cap1.npy 2>/dev/null | cmp - want
	# two gallery shards merged give the whole; --packed-bits is part of
	# the shards' fingerprint (it changes the ranks)
	pk="$lab -m hamming --packed-bits --bits 20"
	rankof -e $pk --items 0:120 img.npy cap.npy > a.r 2>/dev/null
	rankof -e $pk --items 120:200 img.npy cap.npy > b.r 2>/dev/null
	rankof --merge a.r b.r | body | cmp - <(body < want)
	[ "$(rankof -e $pk --fingerprint img.npy cap.npy)" != \
	  "$(rankof -e $lab -m hamming --fingerprint img.npy cap.npy)" ]
	# simmat: the same scores (the ids line aside: row numbers, not ids)
	simmat -m hamming cm/img_codes.tsv cm/cap_codes.tsv | body > s.tsv
	simmat -m hamming --packed-bits --bits 20 img.npy cap.npy | body > s.npy
	cmp s.tsv s.npy
	[ "$(wc -l < s.npy)" -eq 8000 ]
}

@test "packed-bits: wrong --bits, values that are no byte, and --bits alone are refused" {
	mknpy p.npy 1 '|u1' False '(1, 3)' '\x81\x80\xa0'
	fails_with "simmat: p.npy: --packed-bits: rows of 3 bytes hold 17 to 24 bits, not --bits 16" \
		simmat --packed-bits --bits 16 p.npy p.npy
	mknpy f.npy 1 '<f8' False '(1, 2)' "$(f8 1 0.5)"
	fails_with "simmat: f.npy: row 0, column 1: 0.5 is not a byte (--packed-bits reads np.packbits output, dtype uint8)" \
		simmat --packed-bits f.npy f.npy
	run --separate-stderr simmat --bits 8 p.npy p.npy
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "simmat: --bits needs --packed-bits" ]
	printf '0 a\n' > lab
	run --separate-stderr rankof -l lab --packed-bits lab
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "rankof: -m, --items, --query-ids, --item-ids and --packed-bits need -e" ]
}
