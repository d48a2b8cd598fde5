# tests/readmeextract.awk: the terminal examples of README.md, for
# tests/readme.bats.   awk -v dir=DIR -f tests/readmeextract.awk README.md
# A fenced block (```) whose first line starts with `$ ` is a terminal
# example: a `$ ` line is a command (a line ending with `\` goes on at the
# next), and the lines that follow it up to the next `$ ` or the fence are
# what the terminal shows: lines that start with a program's name and a
# colon ("hitrate: ...") are its standard error, the others its standard
# output. A `$ cd DIR` command with nothing shown changes the directory of
# the commands after it in the same block. Writes DIR/NNNN.cmd, .out, .err
# (both possibly empty: then the command must write nothing there) and
# .where (README.md:LINE).
function flush() {
	if (cmd == "") return
	if (cmd ~ /^cd [^;&|]*\n$/ && out == "" && err == "") {
		sub(/\n$/, "", cmd); cdto = cdto cmd " && "
	} else {
		f = sprintf("%s/%04d", dir, ++n)
		printf "%s%s", cdto, cmd > (f ".cmd"); close(f ".cmd")
		printf "%s", out > (f ".out"); close(f ".out")
		printf "%s", err > (f ".err"); close(f ".err")
		print FILENAME ":" cmdline > (f ".where"); close(f ".where")
	}
	cmd = ""; out = ""; err = ""; cont = 0
}
/^```/ {
	flush()
	if (infence) { infence = 0; example = 0 } else { infence = 1; first = 1; cdto = "" }
	next
}
!infence { next }
first { first = 0; example = ($0 ~ /^\$ /) }
!example { next }
cont { cmd = cmd $0 "\n"; cont = ($0 ~ /\\$/); next }
/^\$ / {
	flush(); cmdline = FNR
	cmd = substr($0, 3) "\n"; cont = ($0 ~ /\\$/)
	next
}
/^(rankof|simmat|hitrate|mapr|ndcg|cmc|bootstrap|synthemb): / { err = err $0 "\n"; next }
{ out = out $0 "\n" }
END { flush() }
