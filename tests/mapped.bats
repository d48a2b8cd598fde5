#!/usr/bin/env bats
# A mapped .npy file that shrinks while it is read (stream/embmap.c): the
# SIGBUS of a read past the file's new end is a one-line error naming the
# file, exit 1, in any thread; a SIGBUS that is not the mapping's keeps
# its default action. tests/mapshrink.c writes the file, reads it with
# embed_read (mapped), cuts it to its first page, then reads the rows.

bats_require_minimum_version 1.5.0
load helper
TESTBIN="${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "mapped: a .npy cut short under its mapping is a one-line error naming it, in any thread" {
	for mode in main thread kernel; do
		run --separate-stderr "$TESTBIN/mapshrink" v.npy $mode
		echo "$mode: $status: $output: $stderr"
		[ "$status" -eq 1 ]
		[ "$output" = "" ]
		[ "$stderr" = "mapshrink: v.npy: the file shrank or could not be read while it was mapped" ]
	done
	# the message escapes the name as every message does
	run --separate-stderr "$TESTBIN/mapshrink" $'v\001.npy' main
	[ "$status" -eq 1 ]
	[ "$stderr" = 'mapshrink: v\x01.npy: the file shrank or could not be read while it was mapped' ]
}

@test "mapped: a SIGBUS that is not the mapping's ends the process as it would have" {
	# raise(3): no fault's code; a mapping made by hand: an address
	# outside rankkit's mappings. Both killed by SIGBUS (128 + its number)
	for mode in other own; do
		run --separate-stderr "$TESTBIN/mapshrink" v.npy $mode
		echo "$mode: $status: $output: $stderr"
		[ "$status" -eq $((128 + $(kill -l BUS))) ]
		[ "$output" = "" ]
	done
}
