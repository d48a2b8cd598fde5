#!/usr/bin/env bats
# util/idset, the set of queries a stream has begun, and strmap's
# hash_bytes (tests/setcheck.c drives them; the programs' tests of a
# reappearing query cover their use)

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
