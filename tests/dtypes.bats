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
	# unknown dtypes name the fix
	mknpy c.npy 1 '<c8' False '(1, 1)' '\x00\x00\x00\x00\x00\x00\x00\x00'
	run --separate-stderr simmat c.npy c.npy
	[[ $stderr == *"dtype '<c8' is not supported (rankkit reads float16, float32, float64, int8, int16, uint8, uint16 and bool: save arr.astype('<f4'))" ]]
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

# scores SCORES: simmat's score lines equal, as numbers (awk's strtod: the
# shortest exact printing and numpy's repr read to the same double), the
# listed scores of (0 0) (0 1) (1 0) (1 1)
scores() {
	body | awk -v want="$1" 'BEGIN { n = split(want, w, " ") }
		{ i++; if ($3 + 0 != w[i] + 0) { print "score " i ": " $3 " != " w[i]; bad = 1 } }
		END { exit bad || i != n }'
}

# int16 A = [[1, -2, 300], [-32768, 32767, 7]] and uint16 B = [[65535, 0,
# 1], [2, 3, 40000]], little- and big-endian and (A) Fortran order: the
# bytes are numpy 1.24's a.tobytes(order='A') of a.astype('<i2'), '>i2',
# np.asfortranarray(a), ...; the scores its (x @ x.T) and -sqrt(((x[:,
# None] - x[None]) ** 2).sum(2)) in float64 (3 * 65535^2 > 2^24: these
# are read as float64, exactly)
@test "dtypes: int16 and uint16, either byte order and Fortran order, give numpy's exact scores" {
	A_dot='90005.0 -96202.0 -96202.0 2147418162.0'
	A_l2='-0.0 -46343.290463669066 -46343.290463669066 -0.0'
	B_dot='4294836226.0 171070.0 171070.0 1600000013.0'
	B_l2='-0.0 -76775.60875043584 -76775.60875043584 -0.0'
	mknpy i2.npy 1 '<i2' False '(2, 3)' '\x01\x00\xfe\xff\x2c\x01\x00\x80\xff\x7f\x07\x00'
	mknpy i2be.npy 1 '>i2' False '(2, 3)' '\x00\x01\xff\xfe\x01\x2c\x80\x00\x7f\xff\x00\x07'
	mknpy i2f.npy 1 '<i2' True '(2, 3)' '\x01\x00\x00\x80\xfe\xff\xff\x7f\x2c\x01\x07\x00'
	mknpy u2.npy 1 '<u2' False '(2, 3)' '\xff\xff\x00\x00\x01\x00\x02\x00\x03\x00\x40\x9c'
	mknpy u2be.npy 1 '>u2' False '(2, 3)' '\xff\xff\x00\x00\x00\x01\x00\x02\x00\x03\x9c\x40'
	for f in i2 i2be i2f; do
		simmat $f.npy $f.npy | scores "$A_dot"
		simmat -m l2 $f.npy $f.npy | scores "$A_l2"
	done
	for f in u2 u2be; do
		simmat $f.npy $f.npy | scores "$B_dot"
		simmat -m l2 $f.npy $f.npy | scores "$B_l2"
	done
}

# uint8 rows r0 = 299 x 255 then 1, r1 = 298 x 255 then 1, 1 (D = 300,
# 300 * 255^2 > 2^24: read as float64). numpy's exact int64 u @ u.T:
# 19442476 19377706 19377706 19377452; in float32, the sum of r0 * r1 run
# in order is 19377668 (partial sums past 2^24 are rounded), so float32
# would fail here. l2: r0 - r1 = (0, ..., 0, -254, 0): -254
@test "dtypes: uint8 and .bvecs rows too long for float32's exact sums are read as float64" {
	r0=$(printf '\\xff%.0s' $(seq 299))'\x01'
	r1=$(printf '\\xff%.0s' $(seq 298))'\x01\x01'
	mknpy u.npy 1 '|u1' False '(2, 300)' "$r0$r1"
	simmat u.npy u.npy | scores '19442476 19377706 19377706 19377452'
	simmat -m l2 u.npy u.npy | scores '-0 -254 -254 -0'
	# the same rows as .bvecs records (int32 dimension, then the bytes)
	printf "$(i4 300)$r0$(i4 300)$r1" > u.bvecs
	simmat u.bvecs u.bvecs | scores '19442476 19377706 19377706 19377452'
}

# bool codes b = [[1, 0, 1, 1], [0, 0, 1, 0]] as numpy writes '|b1' (one
# byte 0 or 1): numpy's Hamming distances (b[:, None] != b[None]).sum(2)
# = 0 2 2 0, dot products b @ b.T (as int) = 3 1 1 1
@test "dtypes: bool arrays are 0/1 codes: numpy's Hamming distances and dot products" {
	mknpy b.npy 1 '|b1' False '(2, 4)' '\x01\x00\x01\x01\x00\x00\x01\x00'
	simmat -m hamming b.npy b.npy | scores '-0 -2 -2 -0'
	simmat b.npy b.npy | scores '3 1 1 1'
	printf '0 a\n1 a\n' > lab
	rankof -e -x -m hamming -l lab b.npy b.npy | body | cut -f4 | tr '\n' ' ' | grep -qx '1 1 '
}

# big-endian floats and Fortran order read as the same values little-endian
# in C order: the same score stream, byte for byte (the bytes: numpy 1.24's
# of [[0.1, -2.5], [3e10, 1e-3]] as '>f4', '<f4', of the same with 3e100 as
# '>f8', '<f8', [[0.1, -2.5], [65504, 1e-3]] as '>f2', '<f2', and
# [[0.1, -2.5, 4], [3, 1e-3, -7]] as '<f4' in Fortran and C order)
@test "dtypes: big-endian float16/32/64 and Fortran-order arrays give the little-endian C-order scores" {
	mknpy f4be.npy 1 '>f4' False '(2, 2)' '\x3d\xcc\xcc\xcd\xc0\x20\x00\x00\x50\xdf\x84\x76\x3a\x83\x12\x6f'
	mknpy f4le.npy 1 '<f4' False '(2, 2)' '\xcd\xcc\xcc\x3d\x00\x00\x20\xc0\x76\x84\xdf\x50\x6f\x12\x83\x3a'
	mknpy f8be.npy 1 '>f8' False '(2, 2)' '\x3f\xb9\x99\x99\x99\x99\x99\x9a\xc0\x04\x00\x00\x00\x00\x00\x00\x54\xcb\x6e\x83\xb8\x5f\x25\x3b\x3f\x50\x62\x4d\xd2\xf1\xa9\xfc'
	mknpy f8le.npy 1 '<f8' False '(2, 2)' '\x9a\x99\x99\x99\x99\x99\xb9\x3f\x00\x00\x00\x00\x00\x00\x04\xc0\x3b\x25\x5f\xb8\x83\x6e\xcb\x54\xfc\xa9\xf1\xd2\x4d\x62\x50\x3f'
	mknpy f2be.npy 1 '>f2' False '(2, 2)' '\x2e\x66\xc1\x00\x7b\xff\x14\x19'
	mknpy f2le.npy 1 '<f2' False '(2, 2)' '\x66\x2e\x00\xc1\xff\x7b\x19\x14'
	mknpy f4f.npy 1 '<f4' True '(2, 3)' '\xcd\xcc\xcc\x3d\x00\x00\x40\x40\x00\x00\x20\xc0\x6f\x12\x83\x3a\x00\x00\x80\x40\x00\x00\xe0\xc0'
	mknpy f4c.npy 1 '<f4' False '(2, 3)' '\xcd\xcc\xcc\x3d\x00\x00\x20\xc0\x00\x00\x80\x40\x00\x00\x40\x40\x6f\x12\x83\x3a\x00\x00\xe0\xc0'
	for p in f4be:f4le f8be:f8le f2be:f2le f4f:f4c; do
		for m in dot l2; do
			simmat -m $m ${p%:*}.npy ${p%:*}.npy > a
			simmat -m $m ${p#*:}.npy ${p#*:}.npy > b
			cmp a b
			[ "$(body < a | wc -l)" -eq 4 ]
		done
	done
	# f8: numpy's x @ x.T: 6.26 3e+99 3e+99 9e+200
	simmat f8be.npy f8be.npy | scores '6.26 3e+99 3e+99 9e+200'
}

# Every finite float16 (63488 bit patterns: exponent field 0 to 30, both
# signs) reads as its value by the standard's formula (IEEE 754-2008
# binary16: (-1)^s m 2^-24 when the exponent field e is 0, (-1)^s (1024 +
# m) 2^(e-25) otherwise), computed here by awk in float64, where each is
# exact: simmat's dot product with the float64 query 1 (the items made
# float64 to meet it) is the value itself, printed so that it reads back
# to the same double.
@test "dtypes: every finite float16 reads as the standard's value" {
	awk 'BEGIN { for (h = 0; h < 65536; h++) if (int(h / 1024) % 32 != 31)
		printf "\\x%02x\\x%02x", h % 256, int(h / 256) }' > bytes
	n=$(( $(wc -c < bytes) / 8 ))
	[ "$n" -eq 63488 ]
	mknpy all.npy 1 '<f2' False "($n, 1)" "$(cat bytes)"
	mknpy one.npy 1 '<f8' False '(1, 1)' "$(f8 1)"
	simmat one.npy all.npy | body | awk '{
		h = $2 + 0; h += h >= 31744 ? 1024 : 0	# the rows skip e = 31
		s = h >= 32768; e = int(h / 1024) % 32; m = h % 1024
		v = e == 0 ? m * 2 ^ -24 : (1024 + m) * 2 ^ (e - 25)
		if (s) v = -v
		if ($3 + 0 != v) { print "row " $2 ": " $3 " != " v; bad++ } }
		END { exit bad > 0 || NR != 63488 }'
}
