#!/bin/sh
# make check: bats in TAP over its arguments (test files or folders), then
# every skipped test with its reason, and one closing line of counts.
# Exits with bats's status.
#   sh tests/check.sh tests
dir=$(mktemp -d "${TMPDIR:-/tmp}/rankkit-check.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
{ bats --tap "$@"; echo $? >"$dir/status"; } | tee "$dir/tap"
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
