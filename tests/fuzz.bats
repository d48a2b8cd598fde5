#!/usr/bin/env bats
# Bounded fuzzing: random malformed score streams, relevance files and rank
# streams never crash a program (under make check-san, never trip ASan or
# UBSan), always end with status 0, 1 or 2, and a failure is one line.
load helper

# fuzz SEEDS CMD...: CMD on in.txt and rel.txt made for each seed
# (data/fuzz/run.sh, which says what counts as a failure)
fuzz() {
	cd "$BATS_TEST_TMPDIR"
	sh "$BATS_TEST_DIRNAME/data/fuzz/run.sh" "$@"
}

@test "fuzz: rankof with qrels, -c, --break id" {
	fuzz 120 rankof -c --break id -r rel.txt in.txt
}

@test "fuzz: rankof with labels, -x, junk" {
	fuzz 120 rankof -x --junk-label 1 -l rel.txt in.txt
}

@test "fuzz: hitrate, mapr, ndcg on broken rank streams" {
	fuzz 120 hitrate --chance -q -T pessimistic in.txt
	fuzz 120 mapr -q --ap-divisor found in.txt
	fuzz 120 ndcg --folds 2 --gain exp in.txt
	fuzz 120 ndcg -m ERR,SDCG,RBP -k 1,3 -q in.txt
}

@test "fuzz: measures at a gallery size and the gallery curve on broken rank streams" {
	fuzz 120 hitrate --gallery-size 3 --chance -q in.txt
	fuzz 120 mapr --gallery-size 2 -T optimistic in.txt
	fuzz 120 cmc --gallery-curve 2 --curve in.txt
}

@test "fuzz: a failed rankof never becomes a table downstream" {
	cd "$BATS_TEST_TMPDIR"
	# the loop in sh of its own, out of bats's trap on every command
	# every seed's in.txt and rel.txt (qrels) made by one awk
	# shellcheck disable=SC2046
	mkdir $(seq 1 60)
	awk -v seeds=60 -v qrels=1 -f "$BATS_TEST_DIRNAME/data/fuzz/lines.awk"
	sh -s <<-'EOF'
	fails=0
	for s in $(seq 1 60); do
		cd "$s"
		rankof -r rel.txt in.txt > ranks.txt 2> /dev/null && a=0 || a=$?
		hitrate ranks.txt > /dev/null 2>&1 && b=0 || b=$?
		# rankof failed: hitrate must fail too (truncated or empty stream)
		if [ "$a" -ne 0 ] && [ "$b" -ne 1 ]; then
			echo "seed $s: rankof status $a, hitrate status $b"
			fails=$((fails + 1))
		fi
		cd ..
	done
	[ "$fails" -eq 0 ]
	EOF
}

@test "make fuzz: every harness runs after one fails, then make fails naming those" {
	command -v make > /dev/null && make --version | grep -q 'GNU Make' ||
		skip "GNU make is absent"
	cd "$BATS_TEST_TMPDIR"
	mkdir -p build/fuzz fuzz/corpus
	# stand-ins for the harnesses (fuzz-build not run: -o): a and c fail
	# as libFuzzer does, b runs to its end
	for h in a b c; do
		mkdir -p fuzz/corpus/$h
		case $h in
		b) printf '#!/bin/sh\necho "stat::number_of_executed_units: 5" >&2\necho "stat::peak_rss_mb: 40" >&2\n' ;;
		*) printf '#!/bin/sh\necho "==1==ERROR: libFuzzer: out-of-memory" >&2\nexit 1\n' ;;
		esac > build/fuzz/fuzz-$h
		chmod +x build/fuzz/fuzz-$h
	done
	run --separate-stderr make -s -f "$BATS_TEST_DIRNAME/../Makefile" -o fuzz-build fuzz FUZZ='a b c'
	[ "$status" -ne 0 ]
	[[ $output == *"fuzz a: FAILED (build/fuzz/a.log)"* ]]
	[[ $output == *"fuzz b: 5 runs, peak RSS 40 MB"* ]]
	[[ $output == *"fuzz c: FAILED (build/fuzz/c.log)"* ]]
	[ "${stderr%%$'\n'*}" = "make fuzz: failed: a c" ]
}
