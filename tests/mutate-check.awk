# make mutate-check (tests/mutate.sh -n) in one pass: that every mutation
# of tests/mutations still applies, read from the records tests/mutate.sh
# split into M/N.name, .function, .from, .to, ... (N = 1..total), over
# the .c and .h files of lib/ and src/ given as arguments, in order. The
# same rules as tests/mutate.sh's definitions and locate, for every
# function at once (a process for each mutation cost 30 s of CI's time):
#   awk -v M=DIR -v total=N -v only="NAME ..." -v top=DIR -f mutate-check.awk FILE...
# Prints the table and the count, the problems of the records on stderr
# (exit 2), and exits 1 when a mutation is STALE. With -v places=1, for
# make mutate, one line a mutation instead, "N|FILE|FIRST|LAST|COUNT|WHY":
# where it applies, FROM's count there, or why it cannot (FILE empty).

# the first line of FILE, or "" (and absent[FILE]) when there is none
function first(file,   line) {
	line = ""
	if ((getline line < file) < 0)
		absent[file]
	close(file)
	return line
}

# occ S P: how many times P occurs in S, literally, without overlaps
function occ(s, p,   c, i) {
	c = 0
	while (p != "" && (i = index(s, p)) > 0) {
		c++
		s = substr(s, i + length(p))
	}
	return c
}

BEGIN {
	for (i = 1; i <= total; i++) {
		name[i] = first(M "/" i ".name")
		fn[i] = first(M "/" i ".function")
		hint[i] = first(M "/" i ".file")
		from[i] = first(M "/" i ".from")
		to[i] = first(M "/" i ".to")
		noto = (M "/" i ".to") in absent
		want[i] = first(M "/" i ".count")
		if ((M "/" i ".count") in absent)
			want[i] = 1
		tests = first(M "/" i ".tests")
		# what a run needs: tests/mutate.sh's checkrecords
		if (fn[i] == "") bad = bad name[i] ": no function:\n"
		if (from[i] == "") bad = bad name[i] ": no from:\n"
		if (fn[i] !~ /^[A-Za-z_][A-Za-z0-9_]*$/)
			bad = bad name[i] ": function: is not a C name\n"
		if (!noto && to[i] == from[i])
			bad = bad name[i] ": to: is from:\n"
		m = split(tests, t, /[ \t]+/)
		for (k = 1; k <= m; k++) {
			if (t[k] == "") continue
			first(top "/tests/" t[k])
			if ((top "/tests/" t[k]) in absent)
				bad = bad name[i] ": no test file tests/" t[k] "\n"
		}
		if (name[i] in seen && !(name[i] in twice)) {
			twice[name[i]]
			dups = dups name[i] ": two records of this name\n"
		}
		seen[name[i]]
		wanted[fn[i]]
	}
	bad = bad dups
	if (bad != "") {
		gsub(/\n$/, "", bad)
		gsub(/\n/, "\nmutate: ", bad)
		print "mutate: " bad > "/dev/stderr"
		exit 2
	}
	n = split(only, o, / +/)
	for (k = 1; k <= n; k++) if (o[k] != "") asked[o[k]]
}

# a definition of NAME ends: its lines, from beg[NAME] to this one, each
# mutation of NAME's count of FROM there and the lines that hold it
function found(f,   i, m, l, k, c, ch) {
	m = split(body[f], l, "\n")
	for (i = 1; i <= total; i++) {
		if (fn[i] != f) continue
		c = ch = 0
		for (k = 1; k <= m; k++)
			if ((x = occ(l[k], from[i])) > 0) { c += x; ch++ }
		ndef[i]++
		dfile[i, ndef[i]] = FILENAME
		dbeg[i, ndef[i]] = beg[f]
		dend[i, ndef[i]] = FNR
		dcount[i, ndef[i]] = c
		dlines[i, ndef[i]] = ch
	}
	st[f] = 0
}

FNR == 1 { for (f in st) st[f] = 0 }
{
	# a line at column 0 names the functions it may define: each name
	# before a "(" (or "NAME)(", the kernel's FN(NAME)(...)), or the
	# macro of "#define NAME("
	delete starts
	if (match($0, /^#[ \t]*define[ \t]+[A-Za-z_][A-Za-z0-9_]*\(/)) {
		s = substr($0, 1, RLENGTH - 1)
		sub(/^#[ \t]*define[ \t]+/, "", s)
		if (s in wanted) starts[s] = 3
	} else if ($0 ~ /^[A-Za-z_]/ && $0 !~ /^(typedef|#)/) {
		s = $0
		while (match(s, /[A-Za-z_][A-Za-z0-9_]*\)?[ \t]*\(/)) {
			w = substr(s, RSTART, RLENGTH)
			s = substr(s, RSTART + RLENGTH)
			sub(/\)?[ \t]*\($/, "", w)
			if (w in wanted) starts[w] = 1
		}
	}
	for (f in st) {
		if (st[f] == 1 && FNR > beg[f] && !/^[ \t{]/)
			st[f] = 0
	}
	for (f in starts) {
		if (st[f]) continue
		st[f] = starts[f]
		beg[f] = FNR
		body[f] = ""
	}
	for (f in st) {
		if (!st[f]) continue
		body[f] = body[f] (FNR > beg[f] ? "\n" : "") $0
		if (st[f] == 1) {
			if (index($0, "{"))
				st[f] = 2
			else if ($0 ~ /;[ \t]*$/)
				st[f] = 0
		}
		if (st[f] == 2 && (FNR > beg[f] && /^}/ || FNR == beg[f] && /}[ \t]*$/))
			found(f)
		else if (st[f] == 3 && !/\\$/)
			found(f)
	}
}

END {
	if (bad != "")
		exit 2
	if (!places)
		printf "%-26s %-48s %s\n", "MUTATION", "WHERE", "CAUGHT BY"
	for (i = 1; i <= total; i++) {
		if (n > 0 && !(name[i] in asked) && !places) continue
		# locate: the definitions that hold FROM; several: the hint's
		at = why = ""
		nh = 0
		files = holders = ""
		for (d = 1; d <= ndef[i]; d++) {
			files = files (d > 1 ? "," : "") dfile[i, d]
			if (dcount[i, d] > 0) { h[++nh] = d; holders = holders (nh > 1 ? "," : "") dfile[i, d] }
		}
		if (ndef[i] == 0)
			why = "no function " fn[i] " in lib/ or src/"
		else if (nh > 1) {
			c = 0
			for (k = 1; k <= nh; k++) if (dfile[i, h[k]] == hint[i]) { c++; pick = h[k] }
			if (c == 1) nh = 1; else why = fn[i] " holds it in " holders "; name one in file:"
		} else if (nh == 1)
			pick = h[1]
		else
			why = "pattern found 0 times in " fn[i] " (" files ")"
		have = 0
		if (why == "") {
			at = dfile[i, pick]
			have = dcount[i, pick]
		}
		if (places) {
			print i "|" at "|" (at != "" ? dbeg[i, pick] "|" dend[i, pick] : "0|0") "|" have "|" why
			continue
		}
		where = fn[i] " " (at != "" ? "(" at ":" dbeg[i, pick] ")" : "")
		if (why != "" || have != want[i]) {
			if (why == "")
				why = "pattern found " have " times in " where ", want " want[i]
			printf "%-26s %-48s STALE: %s\n", name[i], where, why
			stale++
			continue
		}
		printf "%-26s %-48s applies, %s line(s) changed\n", name[i], where, dlines[i, pick]
		checked++
	}
	if (places)
		exit 0
	printf "%d mutations: %d apply, %d STALE\n", checked + stale, checked, stale
	exit stale > 0
}
