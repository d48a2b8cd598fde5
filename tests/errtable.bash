# The tables of cases shared by the error tests (GNU datamash's habit: rows
# of arguments, input, expected status and exact message). Load after
# helper (trim).

# table_case CMD IN: runs `printf IN | CMD` (IN and CMD trimmed of the
# blanks around them), stdout in $out, stderr in $got, the status in $code;
# two processes a row (printf's and CMD's), the files read back by bash's
# $(<FILE), which starts none
table_case() {
	local cmd in
	trim cmd "$1"
	trim in "$2"
	code=0
	# shellcheck disable=SC2086
	$cmd < <(printf -- "$in") > "$BATS_TEST_TMPDIR/table.out" 2> err || code=$?
	out=$(<"$BATS_TEST_TMPDIR/table.out")
	got=$(<err)
}

# err_table: rows "STATUS | COMMAND | STDIN (printf format) | STDERR" on
# stdin. Runs `printf STDIN | COMMAND` for each and checks the status, that
# stderr is exactly STDERR and that stdout holds no `# end`.
err_table() {
	local st cmd in want got out fails=0 rows=0 code
	while IFS='|' read -r st cmd in want; do
		trim st "$st"
		case $st in ''|\#*) continue ;; esac
		want=${want# }
		rows=$((rows + 1))
		table_case "$cmd" "$in"
		if [ "$code" != "$st" ] || [ "$got" != "$want" ] || [[ $out == *"# end"* ]]; then
			printf 'FAIL %s < "%s":\n  status %s, want %s\n  stderr: %s\n  want:   %s\n' \
			    "$cmd" "$in" "$code" "$st" "$got" "$want" >&2
			[[ $out != *"# end"* ]] || echo "  stdout has '# end'" >&2
			fails=$((fails + 1))
		fi
	done
	echo "$rows rows, $fails failing" >&2
	[ "$rows" -gt 0 ] && [ "$fails" -eq 0 ]
}

# ok_table: rows "COMMAND | STDIN (printf format) | STDERR": status 0, the
# output ends with `# end`, stderr is exactly STDERR (\n separates lines)
ok_table() {
	local cmd in want got out fails=0 rows=0 code
	while IFS='|' read -r cmd in want; do
		case $cmd in ''|\#*) continue ;; esac
		want=${want# }
		rows=$((rows + 1))
		table_case "$cmd" "$in"
		# want as printf writes it, less its last newlines (as $(...) reads)
		printf -v want -- "$want"
		want=${want%"${want##*[!$'\n']}"}
		if [ "$code" != 0 ] || [ "$got" != "$want" ] ||
		    [ "${out##*$'\n'}" != "# end" ]; then
			printf 'FAIL %s < "%s":\n  status %s\n  stderr: %s\n  want:   %s\n' \
			    "$cmd" "$in" "$code" "$got" "$want" >&2
			fails=$((fails + 1))
		fi
	done
	echo "$rows rows, $fails failing" >&2
	[ "$rows" -gt 0 ] && [ "$fails" -eq 0 ]
}
