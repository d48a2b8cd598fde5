#!/usr/bin/env bats
# util/bigalloc: the large arrays behind the label files, hash maps and
# packed items (tests/bigcheck.c drives it; the programs' own tests cover
# its use)

load helper
TESTBIN="${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}"

@test "bigalloc: every size aligned, zeroed, writable, grown with its contents" {
	run "$TESTBIN/bigcheck" sizes
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -c ': ok$' <<< "$output")" -eq 12 ]
	! grep -q FAIL <<< "$output"
}

@test "bigalloc: small arrays carved by four threads at once never overlap" {
	run "$TESTBIN/bigcheck" threads
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "threads: 4 x 2000 arrays: ok" ]
}

@test "bigalloc: an array grows in place through huge blocks only, never 4 KiB pages" {
	run "$TESTBIN/bigcheck" inplace
	echo "$output"
	[ "$status" -eq 0 ]
	! grep -q FAIL <<< "$output"
	[ "${lines[0]}" = "inplace: 4 KiB pages: moved" ]
	# a sanitizer build's arrays come from malloc (build/san): the
	# second line is for mapped arrays only
	case $TESTBIN in
	*/build/san/*) [ "${#lines[@]}" -eq 1 ] ;;
	*) [ "${lines[1]}" = "inplace: huge block: grown in place" ] ;;
	esac
}

@test "bigalloc: a usage error" {
	run "$TESTBIN/bigcheck" nothing
	[ "$status" -eq 2 ]
}
