#!/bin/sh
# Mutation audit (make mutate): plants each bug of tests/mutations, one at a
# time, into a copy of the tree under /tmp, rebuilds the copy, runs the fast
# test files until a test fails, and prints a table: mutation, the test that
# caught it, or NOT CAUGHT. The working tree is never written; the copies go
# away on exit and on interrupt.
#
#   tests/mutate.sh [-nbB] [-P N] [-t "FILE.bats ..."] [NAME ...]
#     -n      only check that every mutation still applies (make
#             mutate-check: no copy, no build, no tests; seconds)
#     -b      a quick baseline: only the tests in the cache must pass
#     -B      no baseline run (the unmutated tree is known to pass)
#     -P N    N copies at work side by side (default 1)
#     -t      the test files to run, in order (default: $FAST below)
#     NAME    only these mutations
#
# A mutation names the C function it changes (or a function-like macro),
# the exact text it replaces there (FROM) and how many times that text
# occurs in the function (count, default 1); every occurrence becomes TO.
# The function is looked for in every .c and .h file under lib/ and src/,
# wherever it lives now, so that moving a function to another file (a split)
# leaves its mutations in force; "file:" is only a hint, for a name that
# several files define. Its "tests:" run first (the rest follow, so a
# survivor has met every fast file). The test that caught a mutation last
# time (the cache, build/mutate-cache) runs alone before them. When no
# function of that name holds FROM that many times the mutation is STALE:
# the code moved on (a rename, a rewrite) and the list needs updating.
# STALE, NO BUILD and NOT CAUGHT make the run fail (exit 1); a mutation
# marked "equivalent:" (with the reason) may survive.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
self="$top/tests/mutate.sh"
list="$top/tests/mutations"
shared="${RANKKIT_SHARED:-$(cd "$top/.." && pwd)/shared}"
# the files that judge values first; crossmodal, fuzz, install and man add
# minutes and no value checks that these lack
FAST="hitrate.bats mapr.bats ndcg.bats rankof.bats ties-bruteforce.bats
fullrank-bruteforce.bats listmeasure-bruteforce.bats trec-eval-spine.bats
trec-eval.bats numbers.bats rankof-chunks.bats errors-spine.bats errors.bats"
TIMEOUT=900
cache="$top/build/mutate-cache"

only_check=0 baseline=1 workers=1 worker=""
while getopts nbBP:t:w: c; do
	case $c in
	n) only_check=1 ;;
	b) baseline=2 ;;
	B) baseline=0 ;;
	P) workers=$OPTARG ;;
	t) FAST=$OPTARG ;;
	w) worker=$OPTARG ;;	# internal: this process is worker K of -P N
	*) echo "usage: tests/mutate.sh [-nbB] [-P N] [-t FILES] [NAME ...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))

work=$(mktemp -d "${TMPDIR:-/tmp}/rankkit-mutate.XXXXXX") || exit 1
kids=""
cleanup() {
	for k in $kids $(cat "$work/.mutate/bats.pid" 2>/dev/null); do
		kill -TERM -- "-$k" 2>/dev/null
	done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
M="$work/.mutate"
mkdir "$M"

# several workers: each takes every N-th mutation in a copy of its own; the
# table is theirs in list order, the totals their sums
if [ "$workers" -gt 1 ] && [ -z "$worker" ] && [ $only_check -eq 0 ]; then
	k=0
	while [ $k -lt "$workers" ]; do
		b=""
		[ $k -eq 0 ] && [ $baseline -eq 1 ] || b=-B
		[ $k -ne 0 ] || [ $baseline -ne 2 ] || b=-b
		setsid sh "$self" $b -P "$workers" -w $k -t "$FAST" "$@" >"$M/part.$k" 2>"$M/err.$k" &
		kids="$kids $!"
		k=$((k + 1))
	done
	st=0
	for p in $kids; do wait "$p" || st=1; done
	kids=""
	cat "$M"/err.* >&2
	printf '%-26s %-48s %s\n' MUTATION WHERE "CAUGHT BY"
	grep -h '^[0-9]' "$M"/part.* | sort -n | cut -d' ' -f2-
	awk '/^TOTALS/ { for (i = 2; i <= NF; i++) t[i] += $i }
	    END { printf "%d mutations: %d caught, %d NOT CAUGHT, %d equivalent, %d STALE, %d NO BUILD\n",
	          t[2] + t[3] + t[4] + t[5] + t[6], t[2], t[3], t[4], t[5], t[6] }' "$M"/part.*
	exit $st
fi

# the tree as it is now, committed or not, with its objects (make redoes
# what is out of date), without the sanitizer build; -n reads the tree
# itself and plants into a scratch copy of one file at a time
if [ $only_check -eq 0 ]; then
	tar -C "$top" --exclude=./.git --exclude=./build/san -cf - . |
		tar -C "$work" -xf - || exit 1
	root=$work
else
	root=$top
fi

# split the list into records: M/N.name, .function, .from, .to, .count, ...
awk -v dir="$M" '
/^#/ { next }
/^[ \t]*$/ { next }
{
	k = $0; sub(/:.*/, "", k)
	v = $0; sub(/^[^:]*:/, "", v); sub(/^ /, "", v)
	if (k == "name") n++
	if (k !~ /^(name|function|file|from|to|count|equivalent|what|tests)$/) {
		printf "%s:%d: unknown key %s\n", FILENAME, FNR, k > "/dev/stderr"
		bad = 1
	}
	if (!n) { printf "%s:%d: %s before name\n", FILENAME, FNR, k > "/dev/stderr"; bad = 1; next }
	printf "%s", v > (dir "/" n "." k); close(dir "/" n "." k)
}
END { print n + 0 > (dir "/count"); exit bad }' "$list" || exit 2
total=$(cat "$M/count")

# places: every mutation's place in $root, one line each in list order:
# its number, the file, the function's first and last lines, FROM's count
# there and, when it has none, why (tests/mutate-check.awk: a definition
# starts on a line at column 0 that names the function before a "(" and
# runs to the next "}" at column 0, a "#define NAME(" to its last
# continued line; several that hold FROM: file:'s); exits 2 on a record
# that lacks what a run needs
places() {
	# shellcheck disable=SC2046
	(cd "$root" && awk -v M="$M" -v total="$total" -v places=1 -v top="$top" \
	    -f "$top/tests/mutate-check.awk" $(find lib src -type f -name '*.[ch]' | sort))
}

# plant FILE FIRST LAST FROMFILE TOFILE: every occurrence in lines FIRST to
# LAST of FILE replaced, literally
plant() {
	awk -v a="$2" -v b="$3" -v pf="$4" -v tf="$5" '
	    BEGIN { getline pat < pf; to = ""; getline to < tf }
	    FNR >= a && FNR <= b {
	        o = ""; s = $0
	        while ((i = index(s, pat)) > 0) {
	            o = o substr(s, 1, i - 1) to; s = substr(s, i + length(pat)) }
	        $0 = o s
	    }
	    { print }' "$1" >"$1.mutant" && mv "$1.mutant" "$1"
}

wanted() {
	[ $# -eq 0 ] && return 0
	for w; do [ "$w" = "$name" ] && return 0; done
	return 1
}

# runfile FILE [TEST]: bats on one file (only TEST, by its exact name, when
# given), stopped at its first failing test; prints that test, or nothing
# when every test passed
runfile() {
	: >"$M/tap"
	# bats -f takes a regular expression: the name with its specials escaped
	filter="^$(printf '%s' "${2:-}" | sed 's/[][\\.^$*+?(){}|]/\\&/g')\$"
	[ -n "${2:-}" ] || filter=""
	RANKKIT_BIN="$work/bin" RANKKIT_SHARED="$shared" \
	    ASAN_OPTIONS=detect_leaks=0 setsid bats --tap -f "$filter" \
	    "$work/tests/$1" >"$M/tap" 2>&1 &
	pid=$!
	echo $pid >"$M/bats.pid"
	waited=0
	while kill -0 $pid 2>/dev/null; do
		if grep -q '^not ok' "$M/tap" || [ $waited -ge $TIMEOUT ]; then
			kill -TERM -- -$pid 2>/dev/null
			break
		fi
		sleep 1
		waited=$((waited + 1))
	done
	wait $pid 2>/dev/null
	st=$?
	rm -f "$M/bats.pid"
	t=$(sed -n 's/^not ok [0-9]* //p' "$M/tap" | head -1)
	if [ -n "$t" ]; then
		echo "$1: $t"
	elif [ $waited -ge $TIMEOUT ]; then
		echo "$1: timed out after ${TIMEOUT}s"
	elif [ $st -ne 0 ]; then
		echo "$1: bats status $st"
	fi
}

# runtests [FILE...]: the first failing test of the first failing file,
# the test in the cache first, the given files next, then the rest of
# $FAST; nothing when all pass
runtests() {
	hit=$(awk -F'\t' -v n="$name" '$1 == n { l = $0 } END { print l }' "$cache" 2>/dev/null)
	if [ -n "$hit" ] && [ -f "$work/tests/$(echo "$hit" | cut -f2)" ]; then
		r=$(runfile "$(echo "$hit" | cut -f2)" "$(echo "$hit" | cut -f3)")
		if [ -n "$r" ]; then
			echo "$r"
			return
		fi
	fi
	for f in $(printf '%s\n' "$@" $FAST | awk '!seen[$0]++'); do
		[ -f "$work/tests/$f" ] || continue
		r=$(runfile "$f")
		if [ -n "$r" ]; then
			echo "$r"
			return
		fi
	done
}

if [ $only_check -eq 0 ]; then
	echo "building the copy in $work" >&2
	if ! make -C "$work" -j2 all test-programs >"$M/build.log" 2>&1; then
		cat "$M/build.log" >&2
		echo "mutate: the unmutated tree does not build" >&2
		exit 2
	fi
	if [ $baseline -eq 2 ]; then
		echo "running the cached tests on the unmutated tree" >&2
		base=""
		for f in $(cut -f2 "$cache" 2>/dev/null | sort -u); do
			[ -f "$work/tests/$f" ] || continue
			awk -F'\t' -v f="$f" '$2 == f { print $3 }' "$cache" | sort -u >"$M/names"
			: >"$M/tap"
			RANKKIT_BIN="$work/bin" RANKKIT_SHARED="$shared" \
			    ASAN_OPTIONS=detect_leaks=0 bats --tap -f "$(sed \
			    's/[][\\.^$*+?(){}|]/\\&/g; s/^/^/; s/$/$/' "$M/names" |
			    paste -sd'|' -)" "$work/tests/$f" >"$M/tap" 2>&1
			if [ $? -ne 0 ] || [ "$(grep -c '^ok' "$M/tap")" -ne "$(wc -l <"$M/names")" ]; then
				base="$f: $(sed -n 's/^not ok [0-9]* //p' "$M/tap" | head -1)"
				break
			fi
		done
		if [ -n "$base" ]; then
			echo "mutate: the unmutated tree fails: $base" >&2
			exit 2
		fi
	fi
	if [ $baseline -eq 1 ]; then
		echo "running the fast tests on the unmutated tree" >&2
		name=""
		base=$(runtests)
		if [ -n "$base" ]; then
			echo "mutate: the unmutated tree fails: $base" >&2
			exit 2
		fi
	fi
fi

# row I TEXT: a table row (workers prefix the list index, for the merge)
row() {
	if [ -n "$worker" ]; then echo "$1 $2"; else echo "$2"; fi
}

# -n: every mutation at once, one awk over the tree (tests/mutate-check.awk:
# the records' checks and the places' rules), no copy
if [ $only_check -eq 1 ]; then
	# shellcheck disable=SC2046
	cd "$root" && awk -v M="$M" -v total="$total" -v only="$*" -v top="$top" \
	    -f "$top/tests/mutate-check.awk" $(find lib src -type f -name '*.[ch]' | sort)
	exit
fi
places >"$M/places" || exit 2
[ -n "$worker" ] || printf '%-26s %-48s %s\n' MUTATION WHERE "CAUGHT BY"
caught=0 survived=0 stale=0 nobuild=0 equiv=0 checked=0 i=0
while [ $i -lt "$total" ]; do
	i=$((i + 1))
	name=$(cat "$M/$i.name")
	wanted "$@" || continue
	if [ -n "$worker" ] && [ $(((i - 1) % workers)) -ne "$worker" ]; then
		continue
	fi
	want=$(cat "$M/$i.count" 2>/dev/null || echo 1)
	[ -f "$M/$i.to" ] || : >"$M/$i.to"
	IFS='|' read -r _ at first last have why <<-EOF
	$(sed -n "${i}p" "$M/places")
	EOF
	where="$(cat "$M/$i.function" 2>/dev/null) ${at:+($at:$first)}"
	if [ -n "$why" ] || [ "$have" != "$want" ]; then
		[ -n "$why" ] || why="pattern found $have times in $where, want $want"
		row $i "$(printf '%-26s %-48s STALE: %s' "$name" "$where" "$why")"
		stale=$((stale + 1))
		continue
	fi
	src="$root/$at"
	cp "$src" "$M/orig"
	plant "$src" "$first" "$last" "$M/$i.from" "$M/$i.to"
	if make -C "$work" -j2 all test-programs >"$M/build.log" 2>&1; then
		res=$(runtests $(cat "$M/$i.tests" 2>/dev/null))
	else
		res="NO BUILD"
	fi
	# the original back, newer than its object, so the next build redoes it
	cp "$M/orig" "$src"
	touch "$src"
	if [ "$res" = "NO BUILD" ]; then
		nobuild=$((nobuild + 1))
	elif [ -n "$res" ]; then
		caught=$((caught + 1))
		case $res in
		*": timed out"*|*": bats status"*) ;;
		*) mkdir -p "$(dirname "$cache")"
		   printf '%s\t%s\t%s\n' "$name" "${res%%: *}" "${res#*: }" >>"$cache" ;;
		esac
	elif [ -s "$M/$i.equivalent" ]; then
		res="survives, equivalent: $(cat "$M/$i.equivalent")"
		equiv=$((equiv + 1))
	else
		res="NOT CAUGHT"
		survived=$((survived + 1))
	fi
	row $i "$(printf '%-26s %-48s %s' "$name" "$where" "$res")"
done
if [ -n "$worker" ]; then
	echo "TOTALS $caught $survived $equiv $stale $nobuild"
else
	printf '%d mutations: %d caught, %d NOT CAUGHT, %d equivalent, %d STALE, %d NO BUILD\n' \
	    $((caught + survived + stale + nobuild + equiv)) "$caught" "$survived" \
	    "$equiv" "$stale" "$nobuild"
fi
[ $((survived + stale + nobuild)) -eq 0 ]
