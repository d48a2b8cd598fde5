#!/usr/bin/env bats
# README.md's terminal examples run, and show exactly what they write: each
# command's standard output and standard error, byte for byte, against the
# lines the README shows after it (tests/readmeextract.awk says which are
# which). The order of the two streams on a terminal is not checked: a
# pipeline's programs write their notes concurrently.

load helper

ROOT="$BATS_TEST_DIRNAME/.."

setup() {
	CASES="$BATS_TEST_TMPDIR/cases"
	mkdir -p "$CASES"
	awk -v dir="$CASES" -f "$BATS_TEST_DIRNAME/readmeextract.awk" "$ROOT/README.md"
}

@test "README: its examples are found, and none reads outside the repository" {
	[ "$(ls "$CASES" | grep -c '\.cmd$')" -ge 4 ]
	run grep -l -e '\.\./' -e '/work/' "$CASES"/*.cmd
	[ "$status" = 1 ]
}

@test "README: every example writes exactly what the README shows" {
	fail=0
	for c in "$CASES"/*.cmd; do
		n=${c%.cmd}
		st=0
		(cd "$ROOT" && PATH="$RK_BIN:$PATH" LC_ALL=C TMPDIR="$BATS_TEST_TMPDIR" \
			timeout 120 bash -o pipefail -c "$(cat "$c")") \
			>"$n.got" 2>"$n.goterr" </dev/null || st=$?
		where=$(cat "$n.where")
		if [ "$st" != 0 ]; then
			echo "${where#$ROOT/}: exit $st: $(cat "$c")"; fail=1
		fi
		if ! cmp -s "$n.out" "$n.got"; then
			echo "${where#$ROOT/}: standard output differs (< README, > actual):"
			diff "$n.out" "$n.got" | sed 's/^/  /' | head -20; fail=1
		fi
		if ! cmp -s "$n.err" "$n.goterr"; then
			echo "${where#$ROOT/}: standard error differs (< README, > actual):"
			diff "$n.err" "$n.goterr" | sed 's/^/  /' | head -20; fail=1
		fi
	done
	[ "$fail" = 0 ]
}
