#!/bin/sh
# run.sh SEEDS CMD...: for each seed 1 .. SEEDS, in.txt and rel.txt made
# by lines.awk (all at once, in folders seeds/1 .. seeds/SEEDS of the
# current folder), then CMD in that seed's folder with chunks of 64 bytes;
# a status above 2, a sanitizer's report, or a failure of more than one
# line is reported with the seed. Exits 1 when any seed failed. A script
# of its own, out of bats, that starts one process a seed (the CMD): the
# checks are builtins, since a process costs more than most CMDs here
# (tests/fuzz.bats).
gen="$(cd "${0%/*}" && pwd)/lines.awk"
n=$1
shift
# shellcheck disable=SC2046
rm -rf seeds && mkdir seeds && cd seeds && mkdir $(seq 1 "$n") &&
	awk -v seeds="$n" -f "$gen" || exit 1
fails=0 s=1
while [ "$s" -le "$n" ]; do
	cd "$s" || exit 1
	RANKKIT_CHUNK=64 "$@" > out.txt 2> err.txt && rc=0 || rc=$?
	# err.txt: its newlines counted (as wc -l does) and every line,
	# the last one even without its newline, searched for a report
	lines=0 san=0 l=
	while IFS= read -r l; do
		lines=$((lines + 1))
		case $l in *'runtime error'* | *Sanitizer*) san=1 ;; esac
	done < err.txt
	case $l in *'runtime error'* | *Sanitizer*) san=1 ;; esac
	if [ "$rc" -gt 2 ] || [ "$san" = 1 ] ||
	   { [ "$rc" -ne 0 ] && [ "$lines" -ne 1 ]; }; then
		echo "seed $s: $*: status $rc"
		cat err.txt
		fails=$((fails + 1))
	fi
	# shellcheck disable=SC2103 # no subshell: one process a seed
	cd .. || exit 1
	s=$((s + 1))
done
[ "$fails" -eq 0 ]
