#!/usr/bin/env bats
# The code's shape rules that a reader relies on: no function in lib/ or
# src/ longer than 80 lines, no file in lib/ longer than 600, every header
# compiles on its own, and includes go down lib/README's layers only.
load helper

# longfuncs FILE...: each function of more than 80 lines, as FILE:LINE:
# N lines: its first line. A function starts at a `{` in the first column
# and ends at the next `}` there, the layout of every C file here.
longfuncs() {
	awk '
		FNR == 1 { start = 0 }
		/^\{/ { start = FNR; name = prev }
		/^\}/ && start { if (FNR - start - 1 > 80) print FILENAME ":" start ": " FNR - start - 1 " lines: " name; start = 0 }
		{ prev = $0 }' "$@"
}

@test "style: no function in lib/ or src/ is longer than 80 lines" {
	cd "$BATS_TEST_DIRNAME/.."
	run longfuncs lib/*/*.c lib/*/*.h src/*.c
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "style: the length check finds a function of 81 lines, not one of 80" {
	{ echo 'static void f(void)'; echo '{'; seq 81 | sed 's/^/\tx++;/'; echo '}'
	  echo 'static void g(void)'; echo '{'; seq 80 | sed 's/^/\tx++;/'; echo '}'; } > "$BATS_TEST_TMPDIR/long.c"
	run longfuncs "$BATS_TEST_TMPDIR/long.c"
	[ "$output" = "$BATS_TEST_TMPDIR/long.c:2: 81 lines: static void f(void)" ]
}

@test "style: no file in lib/ is longer than 600 lines" {
	cd "$BATS_TEST_DIRNAME/.."
	run awk 'FNR == 1 && NR > 1 && n > 600 { print f ": " n " lines" }
		{ f = FILENAME; n = FNR }
		END { if (n > 600) print f ": " n " lines" }' lib/*/*.c lib/*/*.h
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

# the headers of lib/, but for the fragments that a file includes several
# times with its own macros set (their first comment says "Not a header of
# its own")
headers() {
	grep -L 'Not a header of its own' lib/*/*.h
}

@test "style: every header of lib/ compiles on its own" {
	cd "$BATS_TEST_DIRNAME/.."
	cc=${CC:-cc}
	n=0 files=()
	# one file of one include per header, all checked by one compiler
	# run (each file its own translation unit); on a failure, each in
	# turn, to name the headers that fail
	for h in $(headers); do
		n=$((n + 1))
		printf '#include "%s"\n' "${h#lib/}" > "$BATS_TEST_TMPDIR/alone$n.c"
		files+=("$BATS_TEST_TMPDIR/alone$n.c")
	done
	[ "$n" -gt 50 ]
	$cc -D_POSIX_C_SOURCE=200809L -Ilib -Wall -Wextra -Werror \
		-fsyntax-only "${files[@]}" && return 0
	n=0
	for h in $(headers); do
		n=$((n + 1))
		$cc -D_POSIX_C_SOURCE=200809L -Ilib -Wall -Wextra -Werror \
			-fsyntax-only "$BATS_TEST_TMPDIR/alone$n.c" > /dev/null 2>&1 ||
			echo "$h does not compile on its own"
	done
	false
}

# layers: lib/README's folders in order, the ground first, one per line
layers() {
	sed -n 's|^\([a-z]*\)/  .*|\1|p' "$BATS_TEST_DIRNAME/../lib/README"
}

# includes_up FILE...: each include of a lib/ folder that lib/README puts
# above the including file's own folder (a src/ or tests/ file may include
# any), as FILE: includes FOLDER/...
includes_up() {
	layers | awk '
		NR == FNR { rank[$0] = FNR; next }
		match($0, /^#include "[a-z]+\//) {
			inc = substr($0, 11, RLENGTH - 11)
			n = split(FILENAME, part, "/")
			own = part[n - 1]
			if (!(inc in rank) || (own in rank && rank[inc] > rank[own]))
				print FILENAME ": includes " inc "/"
		}' - "$@"
}

@test "style: includes go down lib/README's layers, never up" {
	cd "$BATS_TEST_DIRNAME/.."
	[ "$(layers | tr '\n' ' ')" = "util stream kernel rank measure trec fuse plot stats synth " ]
	run includes_up lib/*/*.c lib/*/*.h src/*.c
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "style: the layer check finds an include that goes up" {
	mkdir -p "$BATS_TEST_TMPDIR/util"
	printf '#include "util/err.h"\n#include "measure/ties.h"\n' > "$BATS_TEST_TMPDIR/util/x.c"
	run includes_up "$BATS_TEST_TMPDIR/util/x.c"
	[ "$output" = "$BATS_TEST_TMPDIR/util/x.c: includes measure/" ]
}

# deadfuncs BUILD: each function that BUILD/librk.a defines (a global T
# symbol) and nothing outside its own object calls: no other object of
# the library or of a program (BUILD/src), no test program, fuzz harness
# or bench program (their sources, word by word); as OBJECT NAME
deadfuncs() {
	{
		nm -A "$1/librk.a" "$1"/src/*.o
		for f in tests/*.c fuzz/*.c bench/*.c; do
			[ -e "$f" ] || continue
			grep -ow '[A-Za-z_][A-Za-z0-9_]*' "$f" | sort -u | sed "s|^|$f: U |"
		done
	} | awk '
		NF < 2 { next }
		{ obj = $1; sub(/:[0-9a-f]*$/, "", obj); sym = $NF; kind = $(NF - 1) }
		kind == "T" && obj ~ /librk\.a:/ { def[sym] = obj }
		kind == "U" { users[sym] = users[sym] " " obj }
		END {
			for (s in def) {
				n = split(users[s], u, " ")
				for (i = 1; i <= n && u[i] == def[s]; i++)
					;
				if (i > n)
					print def[s] " " s
			}
		}' | sort
}

# the build whose objects make check tests
build_dir() {
	echo "${RANKKIT_TESTBIN:-$BATS_TEST_DIRNAME/../build/opt/tests}/.."
}

@test "style: every function lib/ exports is called from outside its file" {
	cd "$BATS_TEST_DIRNAME/.."
	[ -e "$(build_dir)/librk.a" ] || skip "no $(build_dir)/librk.a (make)"
	run deadfuncs "$(build_dir)"
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "style: the export check finds a function only its own file calls" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p b/src tests
	printf 'int used(void);\nint dead(void);\nint used(void) { return dead(); }\nint dead(void) { return 1; }\n' > a.c
	printf 'int used(void);\nint main(void) { return used(); }\n' > m.c
	printf 'int used(void);\nint other(void);\nint other(void) { return used(); }\n' > c.c
	printf 'int other(void);\nint t(void) { return other(); }\n' > tests/t.c
	${CC:-cc} -c -o a.o a.c && ${CC:-cc} -c -o c.o c.c && ${CC:-cc} -c -o b/src/m.o m.c
	ar rcs b/librk.a a.o c.o
	run deadfuncs b
	[ "$output" = "b/librk.a:a.o dead" ]
}

# names of libc and of peers (trec_eval's and numpy's files, the article's
# scripts in RANKKIT_SHARED) that comments and documents mention
STALE_ALLOW="fma sqrt atof atol strtod qsort isfinite isspace free setlocale
	measures.c meas_print_final.c meas_print_single.c format.py
	gen_trec_bench.py peer_bootstrap.py peer_crossmodal.py"

# stalenames DOC...: each name() and file name that a comment of the C
# files of lib/, src/, tests/, fuzz/ and bench/, or a line of a DOC,
# mentions but the tree lacks: no function, function pointer or macro of
# that name defined in those C files, no file of that name or path (from
# the top or from lib/); as FILE: NAME. A placeholder (NAME.1) and a path
# under a variable ($TMPDIR/x.md) are no names.
stalenames() {
	git ls-files > "$BATS_TEST_TMPDIR/files"
	awk -v files="$BATS_TEST_TMPDIR/files" -v allow="$STALE_ALLOW" '
		BEGIN {
			while ((getline f < files) > 0) {
				have[f] = 1
				n = split(f, p, "/")
				have[p[n]] = 1
			}
			n = split(allow, a, /[ \t\n]+/)
			for (i = 1; i <= n; i++)
				have[a[i]] = 1
		}
		FNR == 1 { incom = 0; c = FILENAME ~ /\.[ch]$/ }
		# a definition: a function at the start of a line, a function
		# pointer (member or parameter), a macro with arguments
		c && /^[A-Za-z_][^;]*[A-Za-z0-9_]\(/ && !/^(return|if|for|while)/ {
			s = $0; sub(/\(.*/, "", s); sub(/.*[^A-Za-z0-9_]/, "", s)
			def[s] = 1
		}
		c {
			s = $0
			while (match(s, /\(\*[A-Za-z_][A-Za-z0-9_]*\)\(/)) {
				def[substr(s, RSTART + 2, RLENGTH - 4)] = 1
				s = substr(s, RSTART + RLENGTH)
			}
		}
		c && /^#[ \t]*define[ \t]+[A-Za-z_0-9]+\(/ {
			s = $0; sub(/^#[ \t]*define[ \t]+/, "", s); sub(/\(.*/, "", s)
			def[s] = 1
		}
		# the text that mentions names: the comments of a C file, every
		# line of a document
		!c { t = $0 }
		c {
			t = ""; s = $0
			while (s != "") {
				if (incom) {
					e = index(s, "*/")
					if (e) { t = t " " substr(s, 1, e - 1); s = substr(s, e + 2); incom = 0 }
					else { t = t " " s; s = "" }
				} else if ((b = index(s, "/*"))) {
					s = substr(s, b + 2); incom = 1
				} else
					s = ""
			}
		}
		{
			s = t
			while (match(s, /[A-Za-z_][A-Za-z0-9_]*\(\)/)) {
				fn[FILENAME ": " substr(s, RSTART, RLENGTH)] = substr(s, RSTART, RLENGTH - 2)
				s = substr(s, RSTART + RLENGTH)
			}
			s = t
			while (match(s, /[A-Za-z_][A-Za-z0-9_.\/-]*\.(c|h|bats|sh|md|awk|py|[17])([^A-Za-z0-9_]|$)/)) {
				name = substr(s, RSTART, RLENGTH)
				before = RSTART > 1 ? substr(s, RSTART - 1, 1) : ""
				s = substr(s, RSTART + RLENGTH)
				sub(/[^A-Za-z0-9_]$/, "", name)
				if (before ~ /[\/}$]/ || name ~ /NAME/ || name ~ /\.[17]$/ && name !~ /^[a-z\/-]+\.[17]$/)
					continue
				base = name; sub(/.*\//, "", base)
				if (!(name in have) && !(("lib/" name) in have) && !(base in have && name !~ /\//))
					print FILENAME ": " name
			}
		}
		END {
			for (m in fn)
				if (!(fn[m] in def) && !(fn[m] in have))
					print m
		}' $(grep -E '^(lib|src|tests|fuzz|bench)/.*\.[ch]$' "$BATS_TEST_TMPDIR/files") "$@" |
		sort -u
}

@test "style: every name() and file a comment or document names exists" {
	cd "$BATS_TEST_DIRNAME/.."
	git rev-parse --git-dir >/dev/null 2>&1 || skip "not a git checkout"
	run stalenames lib/README README.md bench/RESULTS.md
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "style: the name check finds a function and a file that are gone" {
	cd "$BATS_TEST_DIRNAME/.."
	git rev-parse --git-dir >/dev/null 2>&1 || skip "not a git checkout"
	printf 'as scan_line() does (lib/util/gone.c), not as strmap_clear() or util/err.h\n' \
		> "$BATS_TEST_TMPDIR/doc.md"
	run stalenames "$BATS_TEST_TMPDIR/doc.md"
	[ "$output" = "$BATS_TEST_TMPDIR/doc.md: lib/util/gone.c
$BATS_TEST_TMPDIR/doc.md: scan_line()" ]
}

# sanstale LIST: each "test NAME" line of LIST (tests/san-skip's form)
# whose NAME no @test of tests/*.bats has
sanstale() {
	sed -n 's/^@test "\(.*\)" {$/\1/p' "$BATS_TEST_DIRNAME"/*.bats |
		awk 'FNR == NR { have[$0] = 1; next }
		    /^test / { n = substr($0, 6); if (!(n in have)) print "no such test: " n }' - "$1"
}

@test "style: every test tests/san-skip names exists" {
	run sanstale "$BATS_TEST_DIRNAME/san-skip"
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "$output"; false; }
}

@test "style: the san-skip check finds a name no test has" {
	printf '# a comment\ntest style: every test tests/san-skip names exists\ntest a test that is gone\n' \
		>"$BATS_TEST_TMPDIR/list"
	run sanstale "$BATS_TEST_TMPDIR/list"
	[ "$output" = "no such test: a test that is gone" ]
}
