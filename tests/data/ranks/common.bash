# Shared by the test files of rankof, hitrate, ties, trec_eval and errors.
# Load after helper: `load helper; load data/ranks/common`.
# Expected values in these tests are computed by hand (comments), by a
# brute-force reference in awk, or come from trec_eval's goldens: never
# from the programs' own output.

DATA="$BATS_TEST_DIRNAME/data/ranks"

# tsv LINE...: lines with single spaces turned into tabs; a '# ' header keeps
# its space ("# query<TAB>item<TAB>..."), as the streams write it.
tsv() { printf '%s\n' "$@" | sed 's/ /\t/g; s/^#\t/# /'; }

# same TEXT WANT: fail with both texts shown when they differ
same() {
	if [ "$1" != "$2" ]; then
		printf -- '--- got\n%s\n--- want\n%s\n---\n' "$1" "$2" >&2
		diff <(printf '%s\n' "$2") <(printf '%s\n' "$1") >&2 || :
		return 1
	fi
}

# status_is N: the last `run` ended with status N
status_is() {
	if [ "$status" -ne "$1" ]; then
		printf 'status %s, want %s\nstdout: %s\nstderr: %s\n' \
		    "$status" "$1" "$output" "${stderr:-}" >&2
		return 1
	fi
}

# notes TEXT: the stderr lines, sorted, without notes that count zero queries
# (the spec does not say whether a count of 0 is printed)
notes() {
	printf '%s\n' "$1" | grep -v -E '^[a-z]+: (MedR, MeanR: )?0 queries ' |
	    grep -v '^$' | LC_ALL=C sort || :
}

# val MEASURE QUERY: the value of that row of $output ("" if absent,
# "DUP" if the row appears twice)
val() {
	printf '%s\n' "$output" | awk -F'\t' -v m="$1" -v q="$2" '
	    $1 == m && $2 == q { v = $3; n++ }
	    END { if (n == 1) print v; else if (n > 1) print "DUP" }'
}

# hitrate_table: rows "INPUT | ARGS | MEASURE | QUERY | WANT" on stdin
# (blank lines and '#' lines skipped). Runs `hitrate ARGS $DATA/INPUT` for
# each row and checks exit status 0 and that the row MEASURE QUERY has the
# value WANT (as a string). Reports every failing row.
hitrate_table() {
	local inp args meas q want got fails=0 rows=0 out st
	while IFS='|' read -r inp args meas q want; do
		inp=$(echo $inp); meas=$(echo $meas); q=$(echo $q); want=$(echo $want)
		case $inp in ''|\#*) continue ;; esac
		rows=$((rows + 1))
		st=0
		# shellcheck disable=SC2086
		out=$(hitrate $args "$DATA/$inp" 2>/dev/null) || st=$?
		got=$(output="$out" val "$meas" "$q")
		if [ "$st" -ne 0 ] || [ "$got" != "$want" ]; then
			echo "FAIL hitrate $args $inp: $meas $q = '$got' (status $st), want '$want'" >&2
			fails=$((fails + 1))
		fi
	done
	echo "$rows rows, $fails failing" >&2
	[ "$rows" -gt 0 ] && [ "$fails" -eq 0 ]
}
