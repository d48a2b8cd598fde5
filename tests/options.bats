#!/usr/bin/env bats
# The options the measure programs and cmc share (lib/measure/commonopts.h,
# one table per program, util/optable.h): a bad value gets the same message
# in all four, each followed by its own usage line; the shared help lines
# are the same bytes everywhere; every option --help or the usage line
# names is one the program takes; long options abbreviated or given as
# --name=value; and the shared values reach cmc's pass as they reach
# hitrate's (hand-worked values).
load helper
load data/ranks/common

PROGS="hitrate mapr ndcg cmc"

setup() {
	cd "$BATS_TEST_TMPDIR"
	# q1: the relevant item first; q2: at rank 2 tied with one other
	# (ranks 2 and 3); q3: no relevant item; 4 candidates each
	tsv '# query item grade rank ties n' 'q1 x 1 1 0 4' 'q2 y 1 2 1 4' \
	    'q3 - 0 - - 4' '# end' > r
}

# the messages of optlist.h's parse_choice, num.h's arg_long and err.c's
# opt_error, written out: "OPTION: 'TEXT' is not A, B or C", "OPTION:
# 'TEXT' is not an integer from LO to HI"
@test "options: a shared option's bad value, the same message in all four, then each one's usage" {
	cat > cases <<-'T'
	-T sometimes	-T: 'sometimes' is not optimistic, pessimistic or expected
	--ties=sometimes	-T: 'sometimes' is not optimistic, pessimistic or expected
	--empty never	--empty: 'never' is not miss, skip or error
	--folds 0	--folds: '0' is not an integer from 1 to 1000000000
	--folds 2x	--folds: '2x' is not an integer from 1 to 1000000000
	-p 18	-p: '18' is not an integer from 0 to 17
	--precision -1	-p: '-1' is not an integer from 0 to 17
	--names x	--names: 'x' is not rankkit, trec or irm
	--format xml	--format: 'xml' is not stream, table, jsonl or csv
	--folds	option '--folds' needs an argument
	-p	option '-p' needs an argument
	--explain	option '--explain' needs an argument
	--bogus	unknown option '--bogus'
	-Z	unknown option '-Z'
	T
	untrapped shared_bad_values
}

# shared_bad_values: each case of ./cases (OPTION<TAB>MESSAGE) in each of
# $PROGS: status 2, nothing on stdout, the message then the usage line
shared_bad_values() {
	n=0
	local usage e l1 l2 nl
	for p in $PROGS; do
		$p --help > help
		IFS= read -r usage < help
		[[ $usage == "usage: $p "* ]]
		while IFS='	' read -r args msg; do
			# the option last when it lacks its argument
			code=0
			$p $args < /dev/null > out 2> err || code=$?
			# stderr's first two lines and its count of newlines
			# (sed -n 1p, sed -n 2p, wc -l), found in bash
			l1= l2= e=
			{ IFS= read -r l1 || :; IFS= read -r l2 || :; } < err
			IFS= read -r -d '' e < err || :
			nl=${e//[!$'\n']/}
			if [ "$code" != 2 ] || [ -s out ] ||
			    [ "$l1" != "$p: $msg" ] ||
			    [ "$l2" != "$usage" ] ||
			    [ "${#nl}" != 2 ]; then
				echo "$p $args: status $code, stderr:"; cat err
				false
			fi
			n=$((n + 1))
		done < cases
	done
	[ "$n" -eq 56 ]
}

@test "options: the shared help lines are the same bytes in every program" {
	local files=()
	for p in $PROGS; do
		$p --help > help.$p
		files+=(help.$p)
	done
	# a shared option's help is one line, found by its flags (the lines
	# holding "  FLAGS ", as grep -F finds them), the same bytes as
	# hitrate's; and the words of the shared lines start in the same
	# column everywhere: -T's line has "expected" at column 27. Every
	# program's help read by one awk
	awk -v list='-T, --ties|--empty|--folds|-f, --fractions|-p, --precision|--quiet|-h, --help|--version' '
	BEGIN { no = split(list, o, "|") }
	FNR == 1 { p = FILENAME; sub(/^help\./, "", p); progs[++np] = p }
	{ for (i = 1; i <= no; i++) if (index($0, "  " o[i] " ")) { n[p, i]++; line[p, i] = $0 } }
	/^  -T, --ties MODE/ { ties[p]++; col[p] = index($0, "expected") }
	END {
		for (i = 1; i <= no; i++) for (j = 1; j <= np; j++) {
			p = progs[j]
			if (!n[p, i]) { print p " --help lacks " o[i]; bad = 1 }
			else if (n[p, i] != 1) { print p " --help has " n[p, i] " lines of " o[i]; bad = 1 }
			else if (line[p, i] != line["hitrate", i]) { print o[i] " differs in " p; bad = 1 }
		}
		for (j = 1; j <= np; j++) if (ties[progs[j]] != 1 || col[progs[j]] != 27) {
			print progs[j] ": -T line at column " col[progs[j]]; bad = 1 }
		exit bad
	}' "${files[@]}"
}

@test "options: every option --help or the usage line names is one the program takes" {
	untrapped named_options_taken
}

# named_options_taken: in each of $PROGS, every option of --help's option
# lines and of the usage line is taken, and every long option of the
# usage line is explained in --help
named_options_taken() {
	n=0
	for p in $PROGS; do
		$p --help > help
		# the options of the help's option lines (up to the two
		# blanks before the words) and of the usage line
		{ grep -E '^ +-' help | sed -E 's/^ +//; s/  .*//' |
			grep -oE -- '--?[a-zA-Z][a-z0-9-]*'
		  sed -n 1p help | grep -oE -- '\[--?[a-zA-Z][a-z0-9-]*' | tr -d '['
		} | sort -u > opts
		[ "$(wc -l < opts)" -ge 17 ]
		# the usage line names no option that --help does not explain
		# (as sed 1d help | grep -qE -- "$o([ ,=]|$)", in bash)
		local -a rest
		mapfile -t rest < help
		rest=("${rest[@]:1}")
		for o in $(sed -n 1p help | grep -oE -- '\[--[a-z][a-z0-9-]*' | tr -d '['); do
			found=0 re="$o([ ,=]|\$)"
			for l in "${rest[@]}"; do
				if [[ $l =~ $re ]]; then found=1; break; fi
			done
			[ "$found" = 1 ] ||
				{ echo "$p: $o in the usage line, not in --help"; false; }
		done
		while read -r o; do
			code=0
			$p "$o" < /dev/null > /dev/null 2> err || code=$?
			# grep -q 'unknown option' err, in bash
			e=
			IFS= read -r -d '' e < err || :
			if [[ $e == *'unknown option'* ]]; then
				echo "$p does not take $o:"; cat err; false
			fi
			n=$((n + 1))
		done < opts
	done
	[ "$n" -ge 80 ]
}

@test "options: long options abbreviated, or with =, as spelled out" {
	for p in $PROGS; do
		$p -T optimistic --empty skip -p 3 r > full 2>&1
		$p --tie=optimistic --emp=skip --prec 3 r > short 2>&1
		cmp full short
	done
	cmc -K 2 --curve r > full 2>&1
	cmc --max-r=2 --cur r > short 2>&1
	cmp full short
	hitrate -k 2 -m hit r > full 2>&1
	hitrate --cutoffs=2 --meas hit r > short 2>&1
	cmp full short
}

# hit@K by hand. --empty miss: q3 counts as 0 among 3 queries; skip: it
# is left out. q2's relevant item ties with one other at ranks 2 and 3:
# hit@2 is 1 optimistic, 0 pessimistic, 1/2 expected.
#                     hit@1  hit@2  hit@3
#   expected, miss    1/3    1.5/3  2/3
#   optimistic, skip  1/2    2/2    2/2
#   pessimistic, miss 1/3    1/3    2/3
@test "options: -T, --empty, -f and -p reach cmc as they reach hitrate" {
	check() {	# ARGS EXPECTED: cmc's and hitrate's hit@1..3 of all
		local args=$1 want=$2
		cmc -K 3 $args r 2>/dev/null | awk -F'\t' '$2 == "all" { printf "%s ", $3 }' > got.cmc
		hitrate -m hit -k 1,2,3 $args r 2>/dev/null |
			awk -F'\t' '$2 == "all" { printf "%s ", $3 }' > got.hitrate
		for p in cmc hitrate; do
			[ "$(cat got.$p)" = "$want" ] ||
				{ echo "$p $args: $(cat got.$p), not $want"; false; }
		done
	}
	check "" "33.33 50.00 66.67 "
	check "-f" "0.3333 0.5000 0.6667 "
	check "-T optimistic --empty skip -f -p 3" "0.500 1.000 1.000 "
	check "--ties pessimistic -p 1" "33.3 33.3 66.7 "
	check "-T pessimistic --fractions --precision 0" "0 0 1 "
}

# the other programs' tables (util/optable.h): every option their --help
# or usage line names is taken; -j is one parser, one message
@test "options: rankof, simmat, bootstrap and synthemb take every option they name" {
	untrapped other_options_taken
	for p in rankof simmat bootstrap; do
		run --separate-stderr $p -j 0 a b
		[ "$status" -eq 2 ]
		[ "${stderr%%$'\n'*}" = "$p: -j: '0' is not an integer from 1 to 256" ]
		run --separate-stderr $p --jobs=257 a b
		[ "${stderr%%$'\n'*}" = "$p: -j: '257' is not an integer from 1 to 256" ]
	done
	# no program keeps a getopt loop of its own
	if [ -d "$BATS_TEST_DIRNAME/../src" ]; then
		! grep -l getopt_long "$BATS_TEST_DIRNAME"/../src/*.c
	fi
}

# other_options_taken: rankof, simmat, bootstrap and synthemb take every
# option their --help names
other_options_taken() {
	n=0
	for p in rankof simmat bootstrap synthemb; do
		$p --help > help
		[[ $(sed -n 1p help) == "usage: $p "* ]]
		# the words that begin with a dash: -camera of same-camera is none
		{ grep -E '^ +-' help | sed -E 's/^ +//; s/  .*//' | tr ' ,=' '\n\n\n' |
			grep -oE -- '^--?[a-zA-Z][a-z0-9-]*'
		  sed -n 1p help | grep -oE -- '\[--?[a-zA-Z][a-z0-9-]*' | tr -d '['
		} | sort -u > opts
		[ "$(wc -l < opts)" -ge 10 ]
		while read -r o; do
			$p "$o" < /dev/null > /dev/null 2> err || true
			# grep -q 'unknown option' err, in bash
			e=
			IFS= read -r -d '' e < err || :
			if [[ $e == *'unknown option'* ]]; then
				echo "$p does not take $o:"; cat err; false
			fi
			n=$((n + 1))
		done < opts
	done
	[ "$n" -ge 70 ]
}
