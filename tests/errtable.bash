# The table of error cases shared by the error tests (GNU datamash's
# habit: rows of arguments, input, expected status and exact message).
# err_table: rows "STATUS | COMMAND | STDIN (printf format) | STDERR" on
# stdin. Runs `printf STDIN | COMMAND` for each and checks the status, that
# stderr is exactly STDERR and that stdout holds no `# end`.
err_table() {
	local st cmd in want got out fails=0 rows=0 code
	while IFS='|' read -r st cmd in want; do
		st=$(echo $st)
		case $st in ''|\#*) continue ;; esac
		cmd=$(echo $cmd); want=${want# }
		in=${in#"${in%%[![:space:]]*}"}; in=${in%"${in##*[![:space:]]}"}
		rows=$((rows + 1))
		code=0
		# shellcheck disable=SC2086
		out=$(printf -- "$in" | $cmd 2>err) || code=$?
		got=$(cat err)
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

