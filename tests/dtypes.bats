#!/usr/bin/env bats
# .npy embeddings as models save them besides float32 and float64:
# float16 (half precision), int8 and uint8. Each value is a float32, so
# the scores are those of the same values written as float32: worked by
# hand below, and compared with the float32 file's.
load helper
load npy
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# rows (1, 0.5), (-2, 65504), (2^-24, -0): float16's one, a half, minus
# two, its largest finite value and its smallest subnormal. Dot products
# by hand: r0.r0 = 1.25, r0.r1 = -2 + 32752 = 32750, r0.r2 = 2^-24,
# r1.r2 = -2^-23, r2.r2 = 2^-48; r1.r1 = 4 + 65504^2 = 4290774020, whose
# float32 is 4290774016 (printed shortest, 4.290774e+09)
@test "dtypes: float16 .npy values are exact, scores as by hand" {
	mknpy h.npy 1 '<f2' False '(3, 2)' '\x00\x3c\x00\x38\x00\xc0\xff\x7b\x01\x00\x00\x80'
	simmat h.npy h.npy > s
	same "$(body < s)" "$(tsv '0 0 1.25' '0 1 32750' '0 2 5.9604645e-08' \
	    '1 0 32750' '1 1 4.290774e+09' '1 2 -1.1920929e-07' \
	    '2 0 5.9604645e-08' '2 1 -1.1920929e-07' '2 2 3.5527137e-15')"
	# big-endian and unknown dtypes name the fix
	mknpy b.npy 1 '>f2' False '(1, 1)' '\x3c\x00'
	run --separate-stderr simmat b.npy b.npy
	[ "$status" -eq 1 ]
	[[ $stderr == *"big-endian dtype '>f2' is not supported (rankkit reads little-endian: save arr.astype('<f2'))" ]]
	mknpy c.npy 1 '<c8' False '(1, 1)' '\x00\x00\x00\x00\x00\x00\x00\x00'
	run --separate-stderr simmat c.npy c.npy
	[[ $stderr == *"dtype '<c8' is not supported (rankkit reads float16, float32, float64, int8 and uint8: save arr.astype('<f4'))" ]]
	# a float16 infinity is refused as a float32 one is
	mknpy i.npy 1 '<f2' False '(1, 1)' '\x00\x7c'
	run --separate-stderr simmat i.npy i.npy
	[ "$status" -eq 1 ]
}

# int8 rows (-128, 127), (3, -1); uint8 rows (255, 0), (1, 2):
# int8: r0.r0 = 16384 + 16129 = 32513, r0.r1 = -384 - 127 = -511,
# r1.r1 = 10; uint8: 65025, 255, 5; and cos int8 r0.r1 as float32 file
@test "dtypes: int8 and uint8 .npy values, scores as by hand and as float32's" {
	mknpy i8.npy 1 '|i1' False '(2, 2)' '\x80\x7f\x03\xff'
	simmat i8.npy i8.npy > s
	same "$(body < s)" "$(tsv '0 0 32513' '0 1 -511' '1 0 -511' '1 1 10')"
	mknpy u8.npy 1 '|u1' False '(2, 2)' '\xff\x00\x01\x02'
	simmat u8.npy u8.npy > s
	same "$(body < s)" "$(tsv '0 0 65025' '0 1 255' '1 0 255' '1 1 5')"
	# -128 = 0xc3000000, 127 = 0x42fe0000 as float32
	mknpy f4.npy 1 '<f4' False '(2, 2)' "\x00\x00\x00\xc3\x00\x00\xfe\x42$(f4 3 -1)"
	[ "$(simmat -m cos i8.npy i8.npy)" = "$(simmat -m cos f4.npy f4.npy)" ]
	printf '0 a\n1 a\n' > lab
	rankof -e -x -m l2 -l lab u8.npy u8.npy > r
	[ "$(body < r | wc -l)" -eq 2 ]
}
