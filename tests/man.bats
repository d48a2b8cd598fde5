#!/usr/bin/env bats
# The manual pages: they lint clean, and their EXAMPLES run.
#
# Convention for EXAMPLES (every man/*.1 and man/*.7, picked up by glob, so
# pages added later are covered without touching this file):
# - in the EXAMPLES section, inside a `.Bd -literal` display, a line that
#   starts with `$ ` is a command. It runs from the repository root with
#   bin/ first in PATH, LC_ALL=C, under `bash -o pipefail` (in a subshell
#   of its own), and must exit 0.
# - a command line that ends with `\e` (a backslash) goes on at the next line.
# - the lines that follow a command in the same display, up to the next `$ `
#   line or `.Ed`, are its standard output: when there are any, the whole
#   output must match them line for line, with runs of blanks (tabs in the
#   real output, spaces in the page) squeezed. A command shown without output
#   is only run.
# - roff escapes in displays are read back: \e \- \& \(aq \(dq \(ga \(ti \(ha.
# - commands must not write into the tree (use $BATS_TMPDIR or a pipe).

load helper

ROOT="$BATS_TEST_DIRNAME/.."

squeeze() { awk '{ $1 = $1; print }' "$@"; }

# the EXAMPLES commands of every page, numbered in the pages' order, by
# one awk (tests/manextract.awk), once for the file's tests
setup_file() {
	export CASES="$BATS_FILE_TMPDIR/cases"
	mkdir -p "$CASES"
	local pages=("$ROOT"/man/*.[1-9])
	[ -e "${pages[0]}" ] || return 0
	awk -v dir="$CASES" -v n=0 -f "$BATS_TEST_DIRNAME/manextract.awk" "${pages[@]}"
}

# run_cases: runs every case in turn from the root, case N's stdout in
# $CASES/N.got, stderr in $CASES/N.err, status in $CASES/N.st, once for
# the file's tests (the second test that calls it reads what the first
# made: $CASES/ran); TMPDIR, where the pages' examples put their files, is
# the file's own, so that two suites at once do not share them. One bash -o pipefail runs them
# all, each case sourced in a subshell of its own, without arguments (a
# case's variables, functions and exit stay in it): no bash started a
# case, a third of the CPU time the commands took with one. One timeout
# for the whole run, of 120 s a case; a case it stops has no status file
run_cases() {
	local cases=("$CASES"/*.cmd)
	[ -e "${cases[0]}" ] || return 0
	[ ! -e "$CASES/ran" ] || return 0
	touch "$CASES/ran"
	mkdir -p "$BATS_FILE_TMPDIR/tmp"
	cd "$ROOT"
	PATH="$RK_BIN:$PATH" LC_ALL=C TMPDIR="$BATS_FILE_TMPDIR/tmp" \
		timeout $((120 * ${#cases[@]})) bash -o pipefail -c '
		for rk_file; do
			rk_case=${rk_file%.cmd}
			printf -v rk_source ". %q" "$rk_file"
			# the case sees none of these names, nor the arguments
			( set --; unset rk_file rk_case; eval "unset rk_source; $rk_source" ) \
				>"$rk_case.got" 2>"$rk_case.err" </dev/null
			echo $? >"$rk_case.st"
		done' run_cases "${cases[@]}" || :
}

# case_status N: case N's status into $st ("none" when the run stopped
# before it ended)
case_status() {
	st=none
	[ ! -e "$CASES/$1.st" ] || st=$(<"$CASES/$1.st")
}

@test "man: every page lints clean (mandoc -T lint, groff -mdoc -ww)" {
	have=0 fail=0 lint=$BATS_TEST_TMPDIR/lint
	if command -v mandoc >/dev/null; then
		have=1
		# -W warning: style notes such as "referenced manual not found"
		# depend on what this machine has installed. Every page in one
		# run: mandoc reads each on its own and names it in its messages
		if ! mandoc -T lint -W warning "$ROOT"/man/*.[1-9] > "$lint" 2>&1 || [ -s "$lint" ]; then
			echo "mandoc:"; cat "$lint"; fail=1
		fi
	fi
	if command -v groff >/dev/null; then
		have=1
		for p in "$ROOT"/man/*.[1-9]; do
			groff -mdoc -ww -z "$p" > "$lint" 2>&1
			if [ -s "$lint" ]; then
				echo "groff: ${p#$ROOT/}:"; cat "$lint"; fail=1
			fi
		done
	fi
	[ "$have" = 1 ] || skip "neither mandoc nor groff is installed"
	[ "$fail" = 0 ]
}

@test "man: every program in bin/ has a page, and every page of section 1 has EXAMPLES commands" {
	fail=0
	for b in "$RK_BIN"/*; do
		[ -f "$b" ] && [ -x "$b" ] || continue
		name=${b##*/}
		[ -e "$ROOT/man/$name.1" ] || { echo "no man/$name.1 for bin/$name"; fail=1; }
	done
	for p in "$ROOT"/man/*.1; do
		[ -e "$p" ] || continue
		name=${p##*/}
		if ! grep -qx "[^:]*/$name:[0-9]*" "$CASES"/*.where 2>/dev/null; then
			echo "man/$name: no '\$ ' command in a literal display of EXAMPLES"
			fail=1
		fi
	done
	[ "$fail" = 0 ]
}

@test "man: every EXAMPLES command exits 0" {
	fail=0 count=0
	run_cases
	for c in "$CASES"/*.cmd; do
		[ -e "$c" ] || continue
		n=${c##*/}; n=${n%.cmd}
		count=$((count + 1))
		case_status "$n"
		if [ "$st" != 0 ]; then
			where=$(<"$CASES/$n.where")
			echo "${where#$ROOT/}: exit $st: $(<"$c")"
			sed 's/^/  stderr: /' "$CASES/$n.err" | head -5
			fail=1
		fi
	done
	echo "$count commands"
	[ "$count" -gt 0 ]
	[ "$fail" = 0 ]
}

# the commands that show no output run too, in their turn: they make the
# files that those after them read (fuse(1)'s two runs)
@test "man: EXAMPLES output shown in the pages is what the commands print" {
	fail=0
	# the cases' names, NNNN, sort as their numbers: run_cases runs
	# them in that order
	run_cases
	# every shown output against its case's, both squeezed, by one awk
	# (a process a case cost more than most cases): the cases that
	# differ, one a line, in $CASES/differ; diff only to show a failure
	local outs=("$CASES"/*.out)
	[ -e "${outs[0]}" ] || return 0
	awk 'function squeezed(s,   a, m, i, t) {	# as $1 = $1 makes it
		m = split(s, a); t = a[1]
		for (i = 2; i <= m; i++) t = t " " a[i]
		return t
	    }
	    FNR == 1 { if (NR > 1) done(); want = FILENAME; n = 0; delete w }
	    { w[++n] = squeezed($0) }
	    function done(   g, k, l, r, bad) {
		g = want; sub(/\.out$/, ".got", g); k = 0
		while ((r = getline l < g) > 0)
			if (++k > n || squeezed(l) != w[k]) { bad = 1; break }
		close(g)
		if (bad || r < 0 || k != n) { c = want; sub(/.*\//, "", c); sub(/\.out$/, "", c); print c }
	    }
	    END { if (NR > 0) done() }' "${outs[@]}" >"$CASES/differ"
	while read -r n; do
		diff <(squeeze "$CASES/$n.out") <(squeeze "$CASES/$n.got") >"$CASES/$n.diff" || :
		where=$(<"$CASES/$n.where")
		echo "${where#$ROOT/}: $(<"$CASES/$n.cmd")"
		echo "  (< page, > actual output, blanks squeezed)"
		sed 's/^/  /' "$CASES/$n.diff" | head -20
		fail=1
	done <"$CASES/differ"
	[ "$fail" = 0 ]
}

@test "man: every long option of --help is documented in the program's page" {
	fail=0 checked=0
	local d=$BATS_TEST_TMPDIR/options files=()
	mkdir -p "$d"
	for p in "$ROOT"/man/*.1; do
		[ -e "$p" ] || continue
		name=${p##*/}; name=${name%.1}
		[ -x "$RK_BIN/$name" ] || continue
		checked=$((checked + 1))
		"$RK_BIN/$name" --help > "$d/$name.help" 2>&1 || { echo "$name --help failed"; fail=1; continue; }
		mandoc -T ascii "$p" > "$d/$name.page" 2>/dev/null ||
			groff -mdoc -Tascii -P-c "$p" > "$d/$name.page" 2>/dev/null
		files+=("$d/$name.help" "$d/$name.page")
	done
	[ "$checked" -gt 0 ] || skip "no program built for any page"
	# every page checked by one awk: the options of --help are what
	# grep -oE -- '--[a-z][a-z0-9-]*' finds there; one is documented when
	# the page, overstrikes removed (sed 's/.\x08//g'), holds it between
	# bytes other than [a-z0-9-] (grep -E '(^|[^a-z0-9-])OPT([^a-z0-9-]|$)'),
	# that is when it is one of the page's runs of [a-z0-9-]
	[ "${#files[@]}" -gt 0 ] || { [ "$fail" = 0 ]; return; }
	awk -v bs=$'\b' '{ name = FILENAME; sub(/.*\//, "", name); kind = name
		sub(/\.[a-z]*$/, "", name); sub(/.*\./, "", kind) }
	kind == "help" {
		s = $0
		while (match(s, /--[a-z][a-z0-9-]*/)) {
			opt[name, substr(s, RSTART, RLENGTH)] = 1
			s = substr(s, RSTART + RLENGTH)
		}
		next
	}
	{
		s = $0; gsub("." bs, "", s); gsub(/[^a-z0-9-]+/, " ", s)
		n = split(s, w, " ")
		for (i = 1; i <= n; i++) doc[name, w[i]] = 1
	}
	END {
		for (k in opt) if (!(k in doc)) {
			split(k, p, SUBSEP)
			printf "man/%s.1 lacks %s (in %s --help)\n", p[1], p[2], p[1]; bad = 1
		}
		exit bad
	}' "${files[@]}" || fail=1
	[ "$fail" = 0 ]
}
