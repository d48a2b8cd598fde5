#!/usr/bin/env bats
# Embedding readers (lib/stream/embed.c) seen through simmat: every format gives
# back the values written, and every malformed file is one clear error.
# A query file dotted with the identity items e0..e(D-1) prints its values.

bats_require_minimum_version 1.5.0
load helper
load npy

setup() {
	cd "$BATS_TEST_TMPDIR"
	identity 3 >id3.txt
}

# the values of QFILE, one "row item value" line each, as simmat prints them
values() { simmat "$@" id3.txt | body; }

expect_12305() {
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '0\te0\t1\n0\te1\t2\n0\te2\t3\n1\te0\t0.5\n1\te1\t-1\n1\te2\t0')" ]
}

@test "embed: .npy 1.0 <f8 2-D C order" {
	mknpy a.npy 1 '<f8' False '(2, 3)' "$(f8 1 2 3 0.5 -1 0)"
	run --separate-stderr values a.npy
	expect_12305
}

@test "embed: .npy 2.0 <f4 and 3.0 <f8" {
	mknpy a.npy 2 '<f4' False '(2, 3)' "$(f4 1 2 3 0.5 -1 0)"
	run --separate-stderr values a.npy
	expect_12305
	mknpy b.npy 3 '<f8' False '(2, 3)' "$(f8 1 2 3 0.5 -1 0)"
	run --separate-stderr values b.npy
	expect_12305
}

@test "embed: .fvecs, .bvecs and .ivecs" {
	printf "$(i4 3)$(f4 1 2 3)$(i4 3)$(f4 0.5 -1 0)" >a.fvecs
	run --separate-stderr values a.fvecs
	expect_12305
	printf "$(i4 3)\x01\x02\x03$(i4 3)\xff\x00\x07" >a.bvecs
	run --separate-stderr values a.bvecs
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | cut -f3 | paste -sd' ')" = "1 2 3 255 0 7" ]
	printf "$(i4 3 1 2 3 3 -7 0 2147483647)" >a.ivecs
	run --separate-stderr values a.ivecs
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | cut -f3 | paste -sd' ')" = "1 2 3 -7 0 2147483647" ]
}

@test "embed: text with ids, comments, blank lines, CRLF, runs of blanks" {
	printf '# a comment\nqa 1   2\t3\r\n\n  qb 0.5 -1 0e3\n' >a.txt
	run --separate-stderr values a.txt
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'qa\te0\t1\nqa\te1\t2\nqa\te2\t3\nqb\te0\t0.5\nqb\te1\t-1\nqb\te2\t0')" ]
}

@test "embed: --query-ids and --item-ids name the rows" {
	mknpy a.npy 1 '<f8' False '(2, 3)' "$(f8 1 2 3 0.5 -1 0)"
	printf 'img7\n# skipped\nimg9\n' >q.ids
	printf 'x\ny\nz\n' >i.ids
	run --separate-stderr simmat --query-ids q.ids --item-ids i.ids a.npy id3.txt
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | body | cut -f1,2 | paste -sd' ')" = \
	  "$(printf 'img7\tx img7\ty img7\tz img9\tx img9\ty img9\tz')" ]
}

@test "embed: id file errors: count, duplicate, two fields" {
	mknpy a.npy 1 '<f8' False '(2, 3)' "$(f8 1 2 3 0.5 -1 0)"
	printf 'a\n' >one.ids
	run --separate-stderr simmat --query-ids one.ids a.npy id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: one.ids:1: 1 ids for the 2 rows of a.npy (1 without an id)" ]
	printf 'a\na\n' >dup.ids
	run --separate-stderr simmat --query-ids dup.ids a.npy id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: dup.ids:2: duplicate id 'a'" ]
	printf 'a b\nc\n' >two.ids
	run --separate-stderr simmat --query-ids two.ids a.npy id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: two.ids:1: expected one id, found 2 fields" ]
}

# npy_error DESCR FORTRAN SHAPE DATA MESSAGE
npy_error() {
	mknpy bad.npy 1 "$1" "$2" "$3" "$4"
	run --separate-stderr simmat bad.npy id3.txt
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "simmat: bad.npy: $5" ]
}

@test "embed: .npy <i4 and other dtypes are errors" {
	# float16, int8, int16, uint8, uint16 and bool are read, big-endian
	# and Fortran order too (dtypes.bats); int32 is not: not every value
	# of it is a float32, nor every dot product a float64
	npy_error '<i4' False '(2, 3)' "$(i4 1 2 3 4 5 6)" \
		"dtype '<i4' is not supported (rankkit reads float16, float32, float64, int8, int16, uint8, uint16 and bool: save arr.astype('<f4'))"
	npy_error '<c8' False '(1, 1)' '\x00\x00\x80\x3f\x00\x00\x00\x00' \
		"dtype '<c8' is not supported (rankkit reads float16, float32, float64, int8, int16, uint8, uint16 and bool: save arr.astype('<f4'))"
}

@test "embed: .npy of rank 3 or 1 is an error" {
	npy_error '<f8' False '(1, 1, 3)' "$(f8 1 2 3)" \
		"3-D array: embeddings must be 2-D (rows, dim)"
	npy_error '<f8' False '(3,)' "$(f8 1 2 3)" \
		"1-D array: embeddings must be 2-D (rows, dim)"
}

@test "embed: truncated .npy data, extra bytes, truncated header, version 4" {
	npy_error '<f8' False '(2, 3)' "$(f8 1 2 3 0.5 -1)" \
		"truncated: shape (2, 3) needs 48 bytes of data, found 40"
	npy_error '<f8' False '(1, 3)' "$(f8 1 2 3 0)" \
		"8 bytes after the data of shape (1, 3)"
	mknpy ok.npy 1 '<f8' False '(2, 3)' "$(f8 1 2 3 0.5 -1 0)"
	head -c 40 ok.npy >bad.npy
	run --separate-stderr simmat bad.npy id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.npy: truncated .npy header" ]
	{ printf '\x93NUMPY\x04\x00'; tail -c +9 ok.npy; } >bad.npy
	run --separate-stderr simmat bad.npy id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.npy: unsupported .npy format version 4.0 (rankkit reads 1.0, 2.0 and 3.0)" ]
}

@test "embed: a non-finite value is an error" {
	npy_error '<f8' False '(1, 3)' "$(f8 1 inf 3)" \
		"row 0, column 1: value is not finite"
	printf 'a 1 2 3\nb 1 inf 3\n' >bad.txt
	run --separate-stderr simmat bad.txt id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.txt:2: field 3: value is not finite 'inf'" ]
}

# mkbig FILE DESCR ROWS BYTES PLACE... : a (ROWS, 3) .npy of zeros, each
# PLACE "index:value" setting the value at that index (BYTES per value)
mkbig() {
	local f=$1 descr=$2 rows=$3 size=$4 p at=0 fn=f8
	shift 4
	[ "$size" = 4 ] && fn=f4
	mknpy "$f" 1 "$descr" False "($rows, 3)" ''
	for p in "$@"; do
		head -c $(( (${p%%:*} - at) * size )) /dev/zero >>"$f"
		printf "$($fn "${p#*:}")" >>"$f"
		at=$(( ${p%%:*} + 1 ))
	done
	head -c $(( (rows * 3 - at) * size )) /dev/zero >>"$f"
}

@test "embed: the first non-finite value of a large file is named, the largest finite ones pass" {
	# values are checked in blocks of 4096: a bad value past the first
	# block, a later one that must not be named, and the largest finite
	# values of either sign, which must not count
	mkbig big.npy '<f8' 3000 8 10:max 11:-max 7502:nan 8999:inf
	run --separate-stderr simmat big.npy id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: big.npy: row 2500, column 2: value is not finite" ]
	mkbig big4.npy '<f4' 2000 4 0:max 4095:-max 4097:-inf 4098:nan
	run --separate-stderr simmat big4.npy id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: big4.npy: row 1365, column 2: value is not finite" ]
	mkbig fine.npy '<f4' 2000 4 0:max 4095:-max 5999:max
	printf 'x 0 0 1\n' >one.txt
	run --separate-stderr simmat fine.npy one.txt
	[ "$status" -eq 0 ]
	[ "$(grep -vc '^#' <<<"$output")" = 2000 ]
}

@test "embed: fvecs with inconsistent dimensions or a truncated record" {
	printf "$(i4 3)$(f4 1 2 3)$(i4 2)$(f4 0.5 -1)" >bad.fvecs
	run --separate-stderr simmat bad.fvecs id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.fvecs: record 1: dimension 2, record 0 has 3" ]
	printf "$(i4 3)$(f4 1 2 3)$(i4 3)$(f4 0.5 -1)" >bad.fvecs
	run --separate-stderr simmat bad.fvecs id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.fvecs: truncated record 1" ]
	printf "$(i4 3)\x01\x02" >bad.bvecs
	run --separate-stderr simmat bad.bvecs id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.bvecs: truncated record 0" ]
}

@test "embed: .fvecs, .ivecs, .bvecs dimensions printed as stored, signed int32" {
	# the dimension is a little-endian int32: -2 is bytes fe ff ff ff
	for k in f i b; do
		printf "$(i4 -2)$(i4 0 0)" >neg.${k}vecs
		run --separate-stderr simmat neg.${k}vecs id3.txt
		[ "$status" -eq 1 ]
		[ "$stderr" = "simmat: neg.${k}vecs: record 0: bad dimension -2" ]
	done
	printf "$(i4 0)" >zero.fvecs
	run --separate-stderr simmat zero.fvecs id3.txt
	[ "$stderr" = "simmat: zero.fvecs: record 0: bad dimension 0" ]
	# 2^30 + 1, the first past the limit, and a later record's -1
	printf "$(i4 1073741825)" >big.fvecs
	run --separate-stderr simmat big.fvecs id3.txt
	[ "$stderr" = "simmat: big.fvecs: record 0: bad dimension 1073741825" ]
	printf "$(i4 1)$(f4 1)$(i4 -1)$(f4 1)" >later.fvecs
	run --separate-stderr simmat later.fvecs id3.txt
	[ "$stderr" = "simmat: later.fvecs: record 1: dimension -1, record 0 has 1" ]
}

@test "embed: text with a wrong count of values or a bad number" {
	printf 'a 1 2 3\nb 1 2\n' >bad.txt
	run --separate-stderr simmat bad.txt id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.txt:2: expected 3 values after the id (as line 1), found 2" ]
	printf 'a 1 2 3\nb 1 2 x3\n' >bad.txt
	run --separate-stderr simmat bad.txt id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.txt:2: field 4: bad number 'x3'" ]
	printf 'a 1 2 3\na 1 2 3\n' >bad.txt
	run --separate-stderr simmat bad.txt id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.txt:2: duplicate id 'a'" ]
}

@test "embed: empty and missing files, dimensions that differ" {
	: >empty.txt
	run --separate-stderr simmat empty.txt id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: empty.txt: no rows" ]
	run --separate-stderr simmat nosuch.npy id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: nosuch.npy: No such file or directory" ]
	printf 'a 1 2\n' >two.txt
	run --separate-stderr simmat two.txt id3.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: id3.txt: rows have 3 values, those of two.txt 2" ]
}
