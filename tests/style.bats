#!/usr/bin/env bats
# The code's shape rules that a reader relies on: no function in lib/ or
# src/ longer than 80 lines, no file in lib/ longer than 600, every header
# compiles on its own, and includes go down lib/README's layers only.
load helper

# longfuncs FILE...: each function of more than 80 lines, as FILE:LINE:
# N lines: its first line. A function starts at a `{` in the first column
# and ends at the next `}` there, the layout of every C file here.
longfuncs() {
	awk '
		FNR == 1 { start = 0 }
		/^\{/ { start = FNR; name = prev }
		/^\}/ && start { if (FNR - start - 1 > 80) print FILENAME ":" start ": " FNR - start - 1 " lines: " name; start = 0 }
		{ prev = $0 }' "$@"
}

@test "style: no function in lib/ or src/ is longer than 80 lines" {
	cd "$BATS_TEST_DIRNAME/.."
	run longfuncs lib/*/*.c lib/*/*.h src/*.c
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "style: the length check finds a function of 81 lines, not one of 80" {
	{ echo 'static void f(void)'; echo '{'; seq 81 | sed 's/^/\tx++;/'; echo '}'
	  echo 'static void g(void)'; echo '{'; seq 80 | sed 's/^/\tx++;/'; echo '}'; } > "$BATS_TEST_TMPDIR/long.c"
	run longfuncs "$BATS_TEST_TMPDIR/long.c"
	[ "$output" = "$BATS_TEST_TMPDIR/long.c:2: 81 lines: static void f(void)" ]
}

@test "style: no file in lib/ is longer than 600 lines" {
	cd "$BATS_TEST_DIRNAME/.."
	run awk 'FNR == 1 && NR > 1 && n > 600 { print f ": " n " lines" }
		{ f = FILENAME; n = FNR }
		END { if (n > 600) print f ": " n " lines" }' lib/*/*.c lib/*/*.h
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

# the headers of lib/, but for the fragments that a file includes several
# times with its own macros set (their first comment says "Not a header of
# its own")
headers() {
	for h in lib/*/*.h; do
		grep -q 'Not a header of its own' "$h" || echo "$h"
	done
}

@test "style: every header of lib/ compiles on its own" {
	cd "$BATS_TEST_DIRNAME/.."
	cc=${CC:-cc}
	n=0
	for h in $(headers); do
		printf '#include "%s"\n' "${h#lib/}" > "$BATS_TEST_TMPDIR/alone.c"
		$cc -D_POSIX_C_SOURCE=200809L -Ilib -Wall -Wextra -Werror \
			-fsyntax-only "$BATS_TEST_TMPDIR/alone.c" ||
			{ echo "$h does not compile on its own"; false; }
		n=$((n + 1))
	done
	[ "$n" -gt 50 ]
}

# layers: lib/README's folders in order, the ground first, one per line
layers() {
	sed -n 's|^\([a-z]*\)/  .*|\1|p' "$BATS_TEST_DIRNAME/../lib/README"
}

# includes_up FILE...: each include of a lib/ folder that lib/README puts
# above the including file's own folder (a src/ or tests/ file may include
# any), as FILE: includes FOLDER/...
includes_up() {
	layers | awk '
		NR == FNR { rank[$0] = FNR; next }
		match($0, /^#include "[a-z]+\//) {
			inc = substr($0, 11, RLENGTH - 11)
			n = split(FILENAME, part, "/")
			own = part[n - 1]
			if (!(inc in rank) || (own in rank && rank[inc] > rank[own]))
				print FILENAME ": includes " inc "/"
		}' - "$@"
}

@test "style: includes go down lib/README's layers, never up" {
	cd "$BATS_TEST_DIRNAME/.."
	[ "$(layers | tr '\n' ' ')" = "util stream kernel rank measure plot stats synth " ]
	run includes_up lib/*/*.c lib/*/*.h src/*.c
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "style: the layer check finds an include that goes up" {
	mkdir -p "$BATS_TEST_TMPDIR/util"
	printf '#include "util/err.h"\n#include "measure/ties.h"\n' > "$BATS_TEST_TMPDIR/util/x.c"
	run includes_up "$BATS_TEST_TMPDIR/util/x.c"
	[ "$output" = "$BATS_TEST_TMPDIR/util/x.c: includes measure/" ]
}
