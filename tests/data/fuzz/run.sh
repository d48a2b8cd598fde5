#!/bin/sh
# run.sh SEEDS CMD...: for each seed 1 .. SEEDS, in.txt and rel.txt (in
# the current folder) made by lines.awk, then CMD with chunks of 64 bytes;
# a status above 2, a sanitizer's report, or a failure of more than one
# line is reported with the seed. Exits 1 when any seed failed. A script
# of its own, out of bats: bats's trap on every command made the loop cost
# many times the programs it runs (tests/fuzz.bats).
gen="$(dirname "$0")/lines.awk"
n=$1
shift
fails=0 s=1
while [ "$s" -le "$n" ]; do
	awk -v seed="$s" -f "$gen" > in.txt
	awk -v seed="$((s + 1000))" -f "$gen" > rel.txt
	RANKKIT_CHUNK=64 "$@" > out.txt 2> err.txt && rc=0 || rc=$?
	if [ "$rc" -gt 2 ] || grep -q 'runtime error\|Sanitizer' err.txt ||
	   { [ "$rc" -ne 0 ] && [ "$(wc -l < err.txt)" -ne 1 ]; }; then
		echo "seed $s: $*: status $rc"
		cat err.txt
		fails=$((fails + 1))
	fi
	s=$((s + 1))
done
[ "$fails" -eq 0 ]
