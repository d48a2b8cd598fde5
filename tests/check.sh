#!/bin/sh
# make check: bats in TAP over its arguments (test files or folders), then
# every skipped test with its reason, and one closing line of counts.
# Exits with bats's status.
#   sh tests/check.sh tests
# CHECK_JOBS=N (make check CHECK_JOBS=2) runs N test files at once (bats
# --jobs, which needs GNU parallel), each file's tests in turn: CI's way to
# keep both cores busy. Files, not tests: parallel's start for each test
# cost a quarter of the suite's CPU time on CI's machine (112 against 79 s
# over six files); the TAP lines then come a file at a time, in the order
# the files end. CHECK_SKIP=ERE leaves out
# the tests whose names match the extended regular expression ERE (CI's
# 32-bit run under an emulator), CHECK_SKIP_FILE=FILE those that match
# one of FILE's, one a line (CI's run under ASan: tests/san-skip.sh; a
# file, as make would take the $ of an anchor on its command line for a
# variable); the closing line counts only those run.
# the tests run make as a user types it: a make -jN check's flags and
# jobserver (MAKEFLAGS, MFLAGS, MAKELEVEL) are not theirs ("-j2 forced in
# submake", a jobserver whose descriptors bats has closed)
unset MAKEFLAGS MFLAGS MAKELEVEL
dir=$(mktemp -d "${TMPDIR:-/tmp}/rankkit-check.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
jobs=""
[ "${CHECK_JOBS:-1}" -le 1 ] || jobs="--jobs $CHECK_JOBS --no-parallelize-within-files"
# bats only selects (--filter, matched against a name as it is written
# between the quotes of @test): the other tests' names, escaped and
# anchored, one alternative each
filter=""
if [ -n "${CHECK_SKIP:-}" ] || [ -n "${CHECK_SKIP_FILE:-}" ]; then
	[ -z "${CHECK_SKIP_FILE:-}" ] || [ -r "$CHECK_SKIP_FILE" ] || {
		echo "check.sh: CHECK_SKIP_FILE=$CHECK_SKIP_FILE: cannot read it" >&2
		exit 2
	}
	filter=$(find "$@" -name '*.bats' | sort | xargs sed -n 's/^@test "\(.*\)" {$/\1/p' |
		grep -Ev ${CHECK_SKIP:+-e "$CHECK_SKIP"} ${CHECK_SKIP_FILE:+-f "$CHECK_SKIP_FILE"} |
		sed 's/[][\\.^$*+?(){}|]/\\&/g; s/^/^/; s/$/$/' | paste -sd'|' -)
	[ -n "$filter" ] || filter='^$'
fi
# shellcheck disable=SC2086
{ bats --tap $jobs ${filter:+--filter "$filter"} "$@"; echo $? >"$dir/status"; } |
	tee "$dir/tap"
st=$(cat "$dir/status" 2>/dev/null || echo 1)
skip=$(grep -c '^ok [0-9]* .* # skip' "$dir/tap")
pass=$(($(grep -c '^ok ' "$dir/tap") - skip))
fail=$(grep -c '^not ok ' "$dir/tap")
if [ "$skip" -gt 0 ]; then
	echo "skipped tests, and why:"
	sed -n 's/^ok [0-9]* \(.*\) # skip *\(.*\)$/  \1: \2/p' "$dir/tap" |
		sed 's/: $/: (no reason given)/'
fi
echo "check: $pass passed, $fail failed, $skip skipped"
exit "$st"
