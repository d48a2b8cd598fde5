#!/usr/bin/env bats
# The code's shape rules that a reader relies on: no function in lib/ or
# src/ longer than 100 lines.
load helper

# longfuncs FILE...: each function of more than 100 lines, as FILE:LINE:
# N lines: its first line. A function starts at a `{` in the first column
# and ends at the next `}` there, the layout of every C file here.
longfuncs() {
	awk '
		FNR == 1 { start = 0 }
		/^\{/ { start = FNR; name = prev }
		/^\}/ && start { if (FNR - start - 1 > 100) print FILENAME ":" start ": " FNR - start - 1 " lines: " name; start = 0 }
		{ prev = $0 }' "$@"
}

@test "style: no function in lib/ or src/ is longer than 100 lines" {
	cd "$BATS_TEST_DIRNAME/.."
	run longfuncs lib/*/*.c lib/*/*.h src/*.c
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "style: the length check finds a function of 101 lines, not one of 100" {
	{ echo 'static void f(void)'; echo '{'; seq 101 | sed 's/^/\tx++;/'; echo '}'
	  echo 'static void g(void)'; echo '{'; seq 100 | sed 's/^/\tx++;/'; echo '}'; } > "$BATS_TEST_TMPDIR/long.c"
	run longfuncs "$BATS_TEST_TMPDIR/long.c"
	[ "$output" = "$BATS_TEST_TMPDIR/long.c:2: 101 lines: static void f(void)" ]
}
