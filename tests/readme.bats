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

# the quick start's numbers, by brute force from simmat's scores of the
# same data: each query's items sorted by score (no two of a query's scores
# tie here: checked), hit@K from the first relevant position, MAP@R from
# the relevant positions among the first R (Musgrave et al.)
@test "README: the quick start's hit@1, 5, 10 and MAP@R are those of brute force, and its CMC has two curves" {
	cd "$BATS_TEST_TMPDIR"
	synthemb -n 200 -o my crossmodal
	simmat -m cos my/img.npy my/cap.npy | body > scores
	[ "$(awk '{ print $1, $3 }' scores | sort | uniq -d | wc -l)" = 0 ]
	want=$(sort -k1,1n -k3,3gr scores | awk '
		FNR == 1 { f++ }
		f == 1 { ql[$1] = $2; next }
		f == 2 { il[$1] = $2; nrel[$2]++; next }
		!started || $1 != q { if (started) done(); started = 1; q = $1
			pos = 0; first = 0; hits = 0; ap = 0 }
		{ pos++; if (il[$2] == ql[$1]) { if (!first) first = pos
			  if (pos <= nrel[ql[$1]]) { hits++; ap += hits / pos } } }
		function done() { n++; h1 += first <= 1; h5 += first <= 5
			h10 += first <= 10; mapr += ap / nrel[ql[q]] }
		END { done(); printf "%.2f %.2f %.2f %.2f\n", 100 * h1 / n,
			100 * h5 / n, 100 * h10 / n, 100 * mapr / n }
	' my/img.labels my/cap.labels -)
	got=$(awk '/^\$ hitrate -k 1,5,10 -m hit cos.ranks/ { on = 1; next }
		on && /^(hit@(1|5|10)|MAP@R)\t/ { printf "%s ", $3 }
		on && /^\$ / { exit }' "$ROOT/README.md")
	[ "$got" = "$want " ]
	rankof -e -m cos --query-labels my/img.labels --item-labels my/cap.labels my/img.npy my/cap.npy > cos.ranks
	rankof -e -m hamming --query-labels my/img.labels --item-labels my/cap.labels my/img_codes.tsv my/cap_codes.tsv > codes.ranks 2>/dev/null
	cmc -K 10 --svg cmc.svg --label cos --label codes cos.ranks codes.ranks > /dev/null 2>&1
	[ "$(grep -c '<polyline class="curve"' cmc.svg)" = 2 ]
	grep -q '>codes<' cmc.svg
}
