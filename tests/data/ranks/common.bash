# Shared by the test files of rankof, hitrate, ties, trec_eval and errors.
# Load after helper: `load helper; load data/ranks/common`.
# Expected values in these tests are computed by hand (comments), by a
# brute-force reference in awk, or come from trec_eval's goldens: never
# from the programs' own output.

DATA="$BATS_TEST_DIRNAME/data/ranks"

# tsv LINE...: lines with single spaces turned into tabs; a '# ' header keeps
# its space ("# query<TAB>item<TAB>..."), as the streams write it. In bash
# alone (as sed 's/ /\t/g; s/^#\t/# /' on each line): no process started.
tsv() {
	local l
	for l; do
		l=${l// /$'\t'}
		l=${l//$'\n#\t'/$'\n# '}
		[[ $l != "#"$'\t'* ]] || l="# ${l:2}"
		printf '%s\n' "$l"
	done
}

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

# field N LINE: the Nth tab-separated field of LINE into $f ("" past the
# last field, as awk -F'\t' has it)
field() {
	local i=$1 rest=$2
	while [ "$i" -gt 1 ]; do
		if [[ $rest != *$'\t'* ]]; then f=; return; fi
		rest=${rest#*$'\t'} i=$((i - 1))
	done
	f=${rest%%$'\t'*}
}

# values TEXT: VALUES["MEASURE<TAB>QUERY"] = the third field of the row of
# TEXT whose first two fields are those ("DUP" when two rows are), read in
# bash alone (no process started)
declare -gA VALUES
values() {
	local line f m q v
	VALUES=()
	while IFS= read -r line; do
		field 1 "$line"; m=$f
		field 2 "$line"; q=$f
		field 3 "$line"; v=$f
		if [ -n "${VALUES["$m"$'\t'"$q"]+set}" ]; then
			VALUES["$m"$'\t'"$q"]=DUP
		else
			VALUES["$m"$'\t'"$q"]=$v
		fi
	done <<< "$1"
}

# val MEASURE QUERY: the value of that row of $output ("" if absent,
# "DUP" if the row appears twice)
val() {
	values "$output"
	printf '%s\n' "${VALUES["$1"$'\t'"$2"]-}"
}

# hitrate_table: rows "INPUT | ARGS | MEASURE | QUERY | WANT" on stdin
# (blank lines and '#' lines skipped). Runs `hitrate ARGS $DATA/INPUT` for
# each row and checks exit status 0 and that the row MEASURE QUERY has the
# value WANT (as a string). Reports every failing row. hitrate runs once
# for each run of rows with the same INPUT and ARGS, each row checked
# against that one output.
hitrate_table() {
	local inp args meas q want got fails=0 rows=0 st last= key
	local -a words
	while IFS='|' read -r inp args meas q want; do
		trim inp "$inp"; trim meas "$meas"; trim q "$q"; trim want "$want"
		case $inp in ''|\#*) continue ;; esac
		rows=$((rows + 1))
		# the same run whatever the blanks between its words
		read -ra words <<< "$args"
		key="$inp|${words[*]}"
		if [ "$key" != "$last" ]; then
			st=0
			# shellcheck disable=SC2086
			hitrate $args "$DATA/$inp" > "$BATS_TEST_TMPDIR/table.out" 2>/dev/null || st=$?
			values "$(<"$BATS_TEST_TMPDIR/table.out")"
			last=$key
		fi
		got=${VALUES["$meas"$'\t'"$q"]-}
		if [ "$st" -ne 0 ] || [ "$got" != "$want" ]; then
			echo "FAIL hitrate $args $inp: $meas $q = '$got' (status $st), want '$want'" >&2
			fails=$((fails + 1))
		fi
	done
	echo "$rows rows, $fails failing" >&2
	[ "$rows" -gt 0 ] && [ "$fails" -eq 0 ]
}
