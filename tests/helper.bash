# Shared by every test file: where the programs and the test data
# (RANKKIT_SHARED) are, and how to fail (CI) or skip (a user's clone) when
# the data is missing.
RK_BIN="${RANKKIT_BIN:-$BATS_TEST_DIRNAME/../bin}"
PATH="$RK_BIN:$PATH"
SHARED="${RANKKIT_SHARED:-}"
# trec_eval 10.0's own test inputs and goldens, unmodified (its README)
TREC_DATA="$BATS_TEST_DIRNAME/data/trec_eval"
export LC_ALL=C
bats_require_minimum_version 1.5.0

# need_shared SUBDIR: the test needs $RANKKIT_SHARED/SUBDIR
need_shared() {
	if [ -z "$SHARED" ] || [ ! -e "$SHARED/$1" ]; then
		if [ -n "${CI:-}" ]; then
			echo "missing ${SHARED:-\$RANKKIT_SHARED}/$1 (CI is set: this is a failure)" >&2
			return 1
		fi
		skip "needs ${SHARED:-\$RANKKIT_SHARED}/$1 (set RANKKIT_SHARED)"
	fi
}

# untrapped CMD...: CMD (a loop or a table of many rows, usually a
# function defined beside its test) in a subshell without bats's DEBUG
# trap, which costs about 0.2 ms of CPU a shell command (5,000 loop turns:
# 2.2 CPU s in an empty test); a failure still fails the test (the
# subshell's status) with CMD's message, but bats names the line of the
# call, not the line inside CMD
untrapped() { ( trap - DEBUG; "$@" ); }

# use `run --separate-stderr CMD` (bats >= 1.5): stdout in $output, stderr in $stderr

# fails_with MESSAGE CMD...: CMD exits 1 with MESSAGE, alone, on stderr
fails_with() {
	local want=$1
	shift
	run --separate-stderr "$@"
	[ "$status" -eq 1 ]
	[ "$stderr" = "$want" ]
}

# trim VAR S: S without the blanks around it, into VAR (no subshell:
# a process costs more than most programs the tests run)
trim() {
	local _t=${2#"${2%%[![:space:]]*}"}
	printf -v "$1" '%s' "${_t%"${_t##*[![:space:]]}"}"
}

# data lines only: drops the '#' header and end lines of a rankkit stream
body() { grep -v '^#'; }

# runs_variant V: true when this CPU runs micro-kernel variant V (simmat
# refuses, with status 2, one that the CPU cannot run); clobbers one.txt
runs_variant() {
	printf 'q 1\n' >one.txt
	run --separate-stderr env RANKKIT_KERNEL="$1" simmat one.txt one.txt
	[ "$status" -eq 0 ] && return 0
	[ "$status" -eq 2 ]
	[ "$stderr" = "simmat: RANKKIT_KERNEL=$1: this CPU cannot run it" ]
	return 1
}

# tests/san-select.sh: each test's gcov counts in a folder of its own,
# named by its number in the run (the TAP line's)
if [ -n "${RK_COVDIR:-}" ] && [ -n "${BATS_SUITE_TEST_NUMBER:-}" ]; then
	export GCOV_PREFIX="$RK_COVDIR/$BATS_SUITE_TEST_NUMBER"
fi

# trec_rows 'MEASURE TOPIC VALUE'...: those rows as trec_eval prints them
# (the name padded to 22 columns, then tabs)
trec_rows() { printf '%s\n' "$@" | awk '{ printf "%-22s\t%s\t%s\n", $1, $2, $3 }'; }
