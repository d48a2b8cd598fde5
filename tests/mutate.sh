#!/bin/sh
# Mutation audit (make mutate): plants each bug of tests/mutations, one at a
# time, into a copy of the tree under /tmp, rebuilds the copy, runs the fast
# test files until one fails, and prints a table: mutation, the test that
# caught it, or NOT CAUGHT. The working tree is never written.
#
#   tests/mutate.sh [-n] [-t "FILE.bats ..."] [NAME ...]
#     -n      only check that every pattern still matches (no build, no tests)
#     -t      the test files to run, in order (default: $FAST below)
#     NAME    only these mutations
#
# A mutation names its file, the exact text it replaces (FROM) and how many
# times that text occurs in the file (count, default 1); every occurrence
# becomes TO. Its "tests:" run first (the rest follow, so a survivor has met
# every fast file). When the file no longer holds FROM that many times the
# mutation is STALE: the code moved on and the list needs updating. STALE,
# NO BUILD and NOT CAUGHT make the run fail (exit 1); a mutation marked
# "equivalent:" (with the reason) may survive.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
list="$top/tests/mutations"
shared="${RANKKIT_SHARED:-$(cd "$top/.." && pwd)/shared}"
# fast first, and the files that judge values before the ones that judge
# bytes; crossmodal, fuzz, install and man add minutes and no value checks
# that the others lack
FAST="hitrate.bats mapr.bats ndcg.bats rankof.bats ties-bruteforce.bats
fullrank-bruteforce.bats trec-eval-spine.bats numbers.bats rankof-chunks.bats
errors-spine.bats"
TIMEOUT=600

only_check=0
while getopts nt: c; do
	case $c in
	n) only_check=1 ;;
	t) FAST=$OPTARG ;;
	*) echo "usage: tests/mutate.sh [-n] [-t FILES] [NAME ...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))

work=$(mktemp -d "${TMPDIR:-/tmp}/rankkit-mutate.XXXXXX") || exit 1
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# the tree as it is now, committed or not, without builds
tar -C "$top" --exclude=./.git --exclude=./build --exclude=./bin -cf - . |
	tar -C "$work" -xf - || exit 1
mkdir "$work/.mutate"
M="$work/.mutate"

# split the list into records: M/N.name, .file, .from, .to, .count, .equiv
awk -v dir="$M" '
function flush() { if (name != "") print n > (dir "/count") }
/^#/ { next }
/^[ \t]*$/ { next }
{
	k = $0; sub(/:.*/, "", k)
	v = $0; sub(/^[^:]*:/, "", v); sub(/^ /, "", v)
	if (k == "name") { n++; name = v }
	if (k !~ /^(name|file|from|to|count|equivalent|what|tests)$/) {
		printf "%s:%d: unknown key %s\n", FILENAME, FNR, k > "/dev/stderr"
		bad = 1
	}
	if (!n) { printf "%s:%d: %s before name\n", FILENAME, FNR, k > "/dev/stderr"; bad = 1; next }
	printf "%s", v > (dir "/" n "." k); close(dir "/" n "." k)
}
END { print n + 0 > (dir "/count"); exit bad }' "$list" || exit 2
total=$(cat "$M/count")

# occurrences FILE FROMFILE: how many times the text of FROMFILE is in FILE
occurrences() {
	awk -v pf="$2" 'BEGIN { getline pat < pf }
	    { s = s $0 "\n" }
	    END { c = 0; while ((i = index(s, pat)) > 0) { c++; s = substr(s, i + length(pat)) }
	          print c }' "$1"
}

# plant FILE FROMFILE TOFILE: every occurrence replaced, literally
plant() {
	awk -v pf="$2" -v tf="$3" 'BEGIN { getline pat < pf; to = ""; getline to < tf }
	    { s = s $0 "\n" }
	    END { o = ""; while ((i = index(s, pat)) > 0) {
	            o = o substr(s, 1, i - 1) to; s = substr(s, i + length(pat)) }
	          printf "%s%s", o, s }' "$1" >"$1.mutant" && mv "$1.mutant" "$1"
}

wanted() {
	[ $# -eq 0 ] && return 0
	for w; do [ "$w" = "$name" ] && return 0; done
	return 1
}

# runtests [FILE...]: the first failing test of the first failing file,
# the given files first, then the rest of $FAST; nothing when all pass
runtests() {
	for f in $(printf '%s\n' "$@" $FAST | awk '!seen[$0]++'); do
		[ -f "$work/tests/$f" ] || continue
		RANKKIT_BIN="$work/bin" RANKKIT_SHARED="$shared" \
		    ASAN_OPTIONS=detect_leaks=0 timeout $TIMEOUT \
		    bats --tap "$work/tests/$f" >"$M/tap" 2>&1
		st=$?
		if [ $st -eq 124 ]; then
			echo "$f: timed out after ${TIMEOUT}s"
			return
		fi
		if [ $st -ne 0 ]; then
			t=$(sed -n 's/^not ok [0-9]* //p' "$M/tap" | head -1)
			echo "$f: ${t:-bats status $st}"
			return
		fi
	done
}

if [ $only_check -eq 0 ]; then
	echo "building the copy in $work" >&2
	if ! make -C "$work" -j2 >"$M/build.log" 2>&1; then
		cat "$M/build.log" >&2
		echo "mutate: the unmutated tree does not build" >&2
		exit 2
	fi
	echo "running the fast tests on the unmutated tree" >&2
	base=$(runtests)
	if [ -n "$base" ]; then
		echo "mutate: the unmutated tree fails: $base" >&2
		exit 2
	fi
fi

printf '%-26s %-28s %s\n' MUTATION FILE "CAUGHT BY"
caught=0 survived=0 stale=0 nobuild=0 equiv=0 checked=0 i=0
while [ $i -lt "$total" ]; do
	i=$((i + 1))
	name=$(cat "$M/$i.name")
	wanted "$@" || continue
	file=$(cat "$M/$i.file" 2>/dev/null)
	want=$(cat "$M/$i.count" 2>/dev/null || echo 1)
	[ -f "$M/$i.to" ] || : >"$M/$i.to"
	src="$work/$file"
	if [ ! -f "$src" ] || [ ! -f "$M/$i.from" ]; then
		have=0
	else
		have=$(occurrences "$src" "$M/$i.from")
	fi
	if [ "$have" != "$want" ]; then
		printf '%-26s %-28s STALE: pattern found %s times, want %s\n' \
		    "$name" "$file" "$have" "$want"
		stale=$((stale + 1))
		continue
	fi
	cp "$src" "$M/orig"
	plant "$src" "$M/$i.from" "$M/$i.to"
	if [ $only_check -eq 1 ]; then
		lines=$(diff "$M/orig" "$src" | grep -c "^>")
		cp "$M/orig" "$src"
		printf "%-26s %-28s pattern ok, %s line(s) changed\n" "$name" "$file" "$lines"
		checked=$((checked + 1))
		continue
	fi
	if make -C "$work" -j2 >"$M/build.log" 2>&1; then
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
	elif [ -s "$M/$i.equivalent" ]; then
		res="survives, equivalent: $(cat "$M/$i.equivalent")"
		equiv=$((equiv + 1))
	else
		res="NOT CAUGHT"
		survived=$((survived + 1))
	fi
	printf '%-26s %-28s %s\n' "$name" "$file" "$res"
done
if [ $only_check -eq 1 ]; then
	printf "%d patterns match, %d STALE\n" "$checked" "$stale"
	[ $stale -eq 0 ]
	exit
fi
printf '%d mutations: %d caught, %d NOT CAUGHT, %d equivalent, %d STALE, %d NO BUILD\n' \
    $((caught + survived + stale + nobuild + equiv)) "$caught" "$survived" \
    "$equiv" "$stale" "$nobuild"
[ $((survived + stale + nobuild)) -eq 0 ]
