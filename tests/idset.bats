#!/usr/bin/env bats
# util/idset, the set of queries a stream has begun, strmap's hash_bytes,
# and strmap itself with slice_eq (tests/setcheck.c drives them; the
# programs' tests of a reappearing query and of duplicate items cover their
# use)

load helper
TESTBIN="${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}"

@test "hash_bytes: keys one byte apart never hash alike" {
	run "$TESTBIN/setcheck" hash
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "hash: ok" ]
}

@test "idset: 300000 keys and two longer than a block, found, refused twice, and none invented" {
	run "$TESTBIN/setcheck" set
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "set: 300003 keys: ok" ]
}

@test "strmap: keys one byte apart, keys longer than a block, put, copied, left in place, repeats found first" {
	# slice_eq against memcmp at every length to 40; 60 groups of 1154
	# keys, each checked against a brute-force search of its group
	run "$TESTBIN/setcheck" map
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "map: ok" ]
}

@test "repeats: each group's first repeat, with the table's numbers passing 32 bits" {
	run "$TESTBIN/setcheck" repeats
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "repeats: ok" ]
}

@test "setcheck: a usage error" {
	run "$TESTBIN/setcheck" nothing
	[ "$status" -eq 2 ]
}
