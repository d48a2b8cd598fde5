#!/usr/bin/env bats
# rankkit-tutorial(7): every command of the page runs, in order, in one
# empty directory, and prints what the page shows; and the numbers the page
# works out by hand are checked here again against the programs, each
# derived in a comment from the toy gallery.
#
# Commands are taken from the page source as tests/man.bats takes them
# from EXAMPLES (tests/manextract.awk), but from every section; a command
# holding <<'EOF' goes on to the line EOF (the reader types the data in),
# and output is compared with blanks squeezed.
load helper
load data/ranks/common

PAGE="$BATS_TEST_DIRNAME/../man/rankkit-tutorial.7"

# extract DIR: every command of the page into DIR (tests/manextract.awk)
extract() {
	awk -v dir="$1" -v n=0 -v every=1 -f "$BATS_TEST_DIRNAME/manextract.awk" "$PAGE"
}

squeeze() { awk '{ $1 = $1; print }' "$@"; }

@test "tutorial: every command runs in order and prints what the page shows" {
	[ -f "$PAGE" ]
	cases="$BATS_TEST_TMPDIR/cases" work="$BATS_TEST_TMPDIR/work"
	mkdir -p "$cases" "$work"
	extract "$cases"
	count=0 fail=0
	for c in "$cases"/*.cmd; do
		n=${c%.cmd}
		count=$((count + 1))
		st=0
		(cd "$work" && PATH="$RK_BIN:$PATH" LC_ALL=C \
		    timeout 120 bash -o pipefail -c "$(cat "$c")") \
		    > "$n.got" 2> "$n.err" < /dev/null || st=$?
		if [ "$st" != 0 ]; then
			echo "$(cat "$n.where"): exit $st: $(head -1 "$c")"
			sed 's/^/  stderr: /' "$n.err" | head -5
			fail=1
		elif [ -f "$n.out" ] && ! diff <(squeeze "$n.out") <(squeeze "$n.got") > "$n.diff"; then
			echo "$(cat "$n.where"): $(head -1 "$c")"
			sed 's/^/  /' "$n.diff" | head -20
			fail=1
		fi
	done
	echo "$count commands"
	# the data, ranks, nine measures' sections: at least 20 commands
	[ "$count" -ge 20 ]
	[ "$fail" = 0 ]
}

# the toy gallery of the page, typed in by the page's own first commands
toy() {
	cd "$BATS_TEST_TMPDIR"
	extract "$BATS_TEST_TMPDIR"
	for c in "$BATS_TEST_TMPDIR"/000[12].cmd; do bash -c "$(cat "$c")"; done
	[ "$(wc -l < toy.scores)" -eq 30 ] && [ "$(wc -l < toy.qrels)" -eq 6 ]
}

# v MEASURE QUERY: the value of that row of the measure stream on stdin
v() { awk -v m="$1" -v q="$2" '$1 == m && $2 == q { print $3 }'; }

@test "tutorial: the hand-worked values of the toy gallery" {
	toy
	rankof -r toy.qrels toy.scores > toy.ranks
	# ranks: cat1 behind fox1 (2), cat2 behind fox1 cat1 dog2 (4), cat3 (7);
	# dog1 first (1), dog2 behind dog1 fox2 cat2 fox1 tree1 (6); owl1 behind
	# tree1 and cat3 (3); no ties; n = 10
	same "$(body < toy.ranks | cut -f2,4,5,6 | tr '\t\n' ' ')" \
	    "cat1 2 0 10 cat2 4 0 10 cat3 7 0 10 dog1 1 0 10 dog2 6 0 10 owl1 3 0 10 "
	h=$(hitrate -k 1,5 toy.ranks 2>/dev/null)
	# hit@1 = 1/3; recall@5 = (2/3 + 1/2 + 1)/3 = 13/18 = .72222;
	# P@5 = (2 + 1 + 1)/15 = .26667; first ranks 2, 1, 3: MedR 2, MeanR 2,
	# MRR = (1/2 + 1 + 1/3)/3 = 11/18 = .61111
	same "$(v hit@1 all <<< "$h") $(v recall@5 all <<< "$h") $(v P@5 all <<< "$h")" "33.33 72.22 26.67"
	same "$(v MedR all <<< "$h") $(v MeanR all <<< "$h") $(v MRR all <<< "$h")" "2.00 2.00 61.11"
	# CMC: 1, 2 then 3 of 3 queries; 1 + the area above = 1 + 2/3 + 1/3 = 2
	same "$(cmc -K 4 --curve toy.ranks | body | cut -f2 | tr '\n' ' ')" "33.33 66.67 100.00 100.00 "
	m=$(mapr -m Rprec,MAP@R,AP toy.ranks)
	# Rprec = (1/3 + 1/2 + 0)/3 = 5/18; MAP@R = (1/6 + 1/2 + 0)/3 = 2/9;
	# AP = (10/21 + 2/3 + 1/3)/3 = 31/63 = .492063
	same "$(v Rprec all <<< "$m") $(v MAP@R all <<< "$m") $(v AP all <<< "$m")" "27.78 22.22 49.21"
	# nDCG@5, linear gains: cat (2/log2 3 + 2/log2 5)/(2 + 2/log2 3 + 1/2)
	# = 2.123213/3.761860 = .564405; dog 2/(2 + 1/log2 3) = .760190; owl 1/2;
	# mean .608198
	same "$(ndcg -f -k 5 -m nDCG@5 toy.ranks | v nDCG@5 all)" "0.6082"
	# exp gains 3 and 1: cat 3.184789/5.392789 = .590570, dog 3/3.630930 =
	# .826235, owl .5: mean .638935
	same "$(ndcg -f -k 5 -m nDCG@5 --gain exp toy.ranks | v nDCG@5 all)" "0.6389"
}

@test "tutorial: the hand-worked values of ties, chance, gallery size, bootstrap" {
	toy
	awk '{ printf "%s %s %.1f\n", $1, $2, $3 }' toy.scores > rounded.scores
	rankof -r toy.qrels rounded.scores > rounded.ranks
	# cat1 and fox1 tie at 0.9 (rank 1, ties 1), dog2 and tree1 at 0.5
	# (rank 5, ties 1), owl1 and cat3 at 0.8 (rank 2, ties 1)
	same "$(body < rounded.ranks | awk '$5 > 0 { print $2, $4, $5 }' | tr '\n' ' ')" \
	    "cat1 1 1 dog2 5 1 owl1 2 1 "
	# hit@1: optimistic (1 + 1 + 0)/3, pessimistic (0 + 1 + 0)/3, expected
	# (1/2 + 1 + 0)/3 = 1/2
	same "$(hitrate -T optimistic -k 1 -m hit rounded.ranks 2>/dev/null | v hit@1 all)" "66.67"
	same "$(hitrate -T pessimistic -k 1 -m hit rounded.ranks 2>/dev/null | v hit@1 all)" "33.33"
	same "$(hitrate -k 1 -m hit rounded.ranks 2>/dev/null | v hit@1 all)" "50.00"
	# chance: K = 1, (3 + 2 + 1)/30 = .2; K = 5, (11/12 + 7/9 + 1/2)/3 =
	# 79/108 = .731481
	c=$(rankof -r toy.qrels toy.scores | hitrate --chance -k 1,5 -m hit)
	same "$(v hit@1:chance all <<< "$c") $(v hit@5:chance all <<< "$c")" "20.00 73.15"
	# six photos: cat1, dog1 first, owl1 behind cat3: 2/3; chance
	# (3/6 + 2/6 + 1/6)/3 = 1/3
	c=$(grep -v -e fox -e car -e tree toy.scores | rankof -r toy.qrels | hitrate --chance -k 1 -m hit)
	same "$(v hit@1 all <<< "$c") $(v hit@1:chance all <<< "$c")" "66.67 33.33"
	# bootstrap of (0, 1, 0): resample means k/3, P(k = 0) = 8/27 and
	# P(k = 3) = 1/27, both above 2.5%: the interval is 0 to 100
	rankof -r toy.qrels toy.scores | hitrate -q -k 1 -m hit > hit1.q
	same "$(bootstrap hit1.q | body | cut -f3-5 | tr '\t' ' ')" "33.3333 0.0000 100.0000"
}
