# examples/pipelines/grouped.sh: sourced by common.sh and by the Makefile's
# recipes. $script names the caller in messages.

# grouped FILE: FILE's score lines with each query's lines together (a
# stable sort on the first field, as rankof needs them), for rankof to read
# on its standard input. A file that starts with a header line was written
# by a program, and ends with "# end" when that program succeeded: the
# header and the end line are kept around the sorted lines, and a file
# without its end line (cut short) is refused here, naming the file, before
# sorting would hide that. Then only the header is written, so that the
# reader fails too: make runs a pipe without pipefail, and the recipe's
# status is the reader's. A file without a header (a TREC run, lines
# written by hand) has no end line to check. Other comment lines go.
grouped() {
	case $(head -n 1 -- "$1") in
	'#'*)
		head -n 1 -- "$1"
		# the last line that is not blank, without a CR
		awk 'NF { last = $0 } END { sub(/\r$/, "", last); exit last != "# end" }' "$1" || {
			echo "${script:-grouped}: $1: no '# end' line at its end: the file is cut short (its writer failed?)" >&2
			return 1
		}
		grep -v '^#' -- "$1" | sort -b -s -k1,1
		echo '# end' ;;
	*)
		grep -v '^#' -- "$1" | sort -b -s -k1,1 ;;
	esac
}
