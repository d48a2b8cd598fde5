#!/usr/bin/env bats
# The build tracks its flags (the Makefile's flags stamp): objects built
# with other flags are built again, with the same flags not. One object
# in a build folder of the test's own, so the tree's builds stay as they
# are.
load helper

@test "build: other flags rebuild an object, the same flags again do not" {
	cd "$BATS_TEST_DIRNAME/.."
	b="$BATS_TEST_TMPDIR/b"
	o="$b/lib/util/err.o"
	make -s BUILD_="$b" CFLAGS=-O0 "$o"
	[ -e "$o" ]
	grep -q -- ' -O0 ' "$b/flags"
	run make -n BUILD_="$b" CFLAGS=-O0 "$o"
	[ "$status" -eq 0 ]
	[[ "$output" != *"-c -o $o"* ]]
	run make -n BUILD_="$b" CFLAGS=-O1 "$o"
	[ "$status" -eq 0 ]
	[[ "$output" == *"-O1"*"-c -o $o"* ]]
	# a dry run wrote no stamp: -O0 is still the flags last built with
	grep -q -- ' -O0 ' "$b/flags"
	make -s BUILD_="$b" CFLAGS=-O1 "$o"
	grep -q -- ' -O1 ' "$b/flags"
	run make -n BUILD_="$b" CFLAGS=-O1 "$o"
	[[ "$output" != *"-c -o $o"* ]]
}
