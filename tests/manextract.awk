# tests/manextract.awk: the commands of a manual page's source (mdoc), for
# tests/man.bats (EXAMPLES only) and tests/tutorial.bats (every section).
#   awk -v dir=DIR -v n=N [-v every=1] -f tests/manextract.awk PAGE...
# In a `.Bd -literal` display (of the EXAMPLES section unless every=1), a
# line starting with `$ ` is a command, a line ending with `\e` goes on at
# the next, a command holding <<'EOF' goes on to the line EOF, and the lines
# that follow up to the next `$ ` or `.Ed` are its standard output. Writes
# DIR/NNNN.cmd, DIR/NNNN.where (PAGE:LINE) and, when output is shown,
# DIR/NNNN.out, numbering on from N; several pages are read in turn, each
# from its own first line (one awk for every page).
function unroff(s) {
	gsub(/\\&/, "", s); gsub(/\\-/, "-", s); gsub(/\\\(aq/, "\047", s)
	gsub(/\\\(dq/, "\"", s); gsub(/\\\(ga/, "`", s)
	gsub(/\\\(ti/, "~", s); gsub(/\\\(ha/, "^", s)
	gsub(/\\e/, "\\", s)
	return s
}
function flush() {
	if (cmd == "") return
	f = sprintf("%s/%04d", dir, ++n)
	printf "%s", cmd > (f ".cmd"); close(f ".cmd")
	print cmdfile ":" cmdline > (f ".where"); close(f ".where")
	if (nout) { printf "%s", out > (f ".out"); close(f ".out") }
	cmd = ""; out = ""; nout = 0; cont = 0; doc = ""
}
FNR == 1 { flush(); inex = 0; inlit = 0 }
/^\.Sh / { flush(); inex = ($0 ~ /^\.Sh[ \t]+"?EXAMPLES"?[ \t]*$/); inlit = 0; next }
!inex && !every { next }
/^\.Bd[ \t].*-literal/ { inlit = 1; next }
/^\.Ed/ { flush(); inlit = 0; next }
!inlit { next }
{
	line = unroff($0)
	if (doc != "") {
		cmd = cmd line "\n"; if (line == doc) doc = ""; next
	}
	if (cont) {
		cmd = cmd line "\n"; cont = (line ~ /\\$/); next
	}
	if (line ~ /^\$ /) {
		flush()
		cmdline = FNR; cmdfile = FILENAME
		cmd = substr(line, 3) "\n"; cont = (line ~ /\\$/)
		if (match(line, /<<\047?[A-Z]+\047?/)) {
			doc = substr(line, RSTART + 2, RLENGTH - 2); gsub(/\047/, "", doc)
		}
		next
	}
	if (cmd != "") { out = out line "\n"; nout++ }
}
END { flush() }
