#!/usr/bin/env bats
# --format table in hitrate, mapr, ndcg and cmc, hitrate's rsum (-m rsum,
# --rsum), and cmc --names. Expected tables are written by hand from values
# worked out in the comments, never from the programs' output.
load helper
load data/ranks/common
load errtable
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
	# q1: first relevant rank 1; long_q2: rank 3, no ties; q3: no
	# relevant item (counted as 0 under --empty miss, no rank)
	tsv '# query item grade rank ties n' 'q1 a 1 1 0 4' \
	    'long_q2 b 1 3 0 4' 'q3 - 0 - - 4' '# end' >three.ranks
	# t1: its relevant item tied with two others at positions 1..3
	# (a = 0, t = 3, s = 1); t2: rank 7 of 20, untied
	tsv '# query item grade rank ties n' 't1 a 1 1 2 6' 't2 b 1 7 0 20' \
	    '# end' >tied.ranks
}

@test "table: a hand-worked layout, -q, notes on stderr, --quiet" {
	# hit@1: q1 1, long_q2 0, q3 0 -> all 1/3 = 33.33
	# hit@5: 1, 1, 0 -> 2/3 = 66.67; MRR: 1, 1/3, 0 -> 4/9 = 44.44
	# MeanR: 1, 3, none (q3 has no rank) -> (1 + 3)/2 = 2.00
	# widths: the query column 7 (long_q2), hit@1, hit@5, MRR 6 (100.00),
	# MeanR 5 (its name); two blanks between columns
	run --separate-stderr hitrate -q --format table -k 1,5 -m hit,MRR,MeanR three.ranks
	status_is 0
	same "$output" "$(cat <<-'W'
	query     hit@1   hit@5     MRR  MeanR
	q1       100.00  100.00  100.00   1.00
	long_q2    0.00  100.00   33.33   3.00
	q3         0.00    0.00    0.00      -
	all       33.33   66.67   44.44   2.00
	W
	)"
	same "$stderr" "hitrate: 1 query has no relevant item: it counts as 0 (--empty miss), except in MeanR, which leaves it out, as it has no rank"
	run --separate-stderr hitrate -q --format table --quiet -k 1,5 -m hit,MRR,MeanR three.ranks
	status_is 0
	same "$stderr" ""
	same "$(wc -l <<<"$output")" 5
	# without -q only the all row; fractions; the columns in -m's order
	run --separate-stderr hitrate --format table -f -k 5,1 -m MRR,hit three.ranks
	status_is 0
	same "$output" "$(printf '%s\n' 'query     MRR   hit@5   hit@1' \
	    'all    0.4444  0.6667  0.3333')"
}

@test "table: folds, a left-aligned runid, cells without a value" {
	# folds of 1 query: fold1 q1, fold2 long_q2, fold3 q3;
	# num_q sums 1 per query (no per-query value); runid: no '# run' line
	run --separate-stderr hitrate -q --quiet --format table --folds 3 -k 1 \
	    -m hit,num_q,runid,MedR three.ranks
	status_is 0
	same "$output" "$(cat <<-'W'
	query     hit@1  num_q  runid  MedR
	q1       100.00      -  -         -
	long_q2    0.00      -  -         -
	q3         0.00      -  -         -
	fold1    100.00      1  -      1.00
	fold2      0.00      1  -      3.00
	fold3      0.00      1  -         -
	all       33.33      3  -      2.00
	W
	)"
}

@test "table: mapr and ndcg, hand-worked" {
	# q1 rank 1: AP 1, nDCG 1; long_q2 rank 3 of its one relevant item:
	# AP 1/3, nDCG = (1/log2 4)/(1/log2 2) = 1/2; q3 counts 0 (miss)
	# AP all (1 + 1/3 + 0)/3 = 0.4444; nDCG all 1.5/3 = 0.5
	run --separate-stderr mapr -q --quiet -f --format table -m AP three.ranks
	status_is 0
	same "$output" "$(printf '%s\n' 'query        AP' 'q1       1.0000' \
	    'long_q2  0.3333' 'q3       0.0000' 'all      0.4444')"
	run --separate-stderr ndcg -q --quiet --format table -m nDCG three.ranks
	status_is 0
	same "$output" "$(printf '%s\n' 'query      nDCG' 'q1       100.00' \
	    'long_q2   50.00' 'q3         0.00' 'all       50.00')"
}

@test "table: every name the stream prints is taken by -m, to the same value" {
	fails=0
	for prog in hitrate mapr ndcg; do
		extra=
		[ "$prog" = hitrate ] &&
		    extra="-m hit,recall,P,MRR,MRR@K,MedR,MeanR,num_q,num_ret,num_rel,num_rel_ret,runid,rsum"
		for naming in rankkit trec; do
			$prog --quiet --names $naming --chance -k 1,5 $extra three.ranks |
			    body >printed
			[ "$(wc -l <printed)" -ge 5 ]
			# each name's value of all: the third field of its rows
			# (fields split at blanks, as awk's $1 $2 $3), in bash
			local -A all=()
			local f1 f2 f3 rest
			while read -r f1 f2 f3 rest; do
				[ "$f2" = all ] || continue
				all[$f1]+="${all[$f1]+$'\n'}${f3// /}"
			done < printed
			for name in $(cut -f1 printed | tr -d ' ' | sort -u); do
				want=${all[$name]-}
				$prog --quiet --names $naming --format table -m "$name" three.ranks > table ||
				    { echo "$prog -m $name: failed"; fails=$((fails + 1)); continue; }
				got=$(<table)
				# two lines: "query NAME" and "all VALUE", blanks
				# squeezed (as echo $got: split, then joined)
				# shellcheck disable=SC2206
				local -a words=($got)
				if [ "${words[*]}" != "query $name all $want" ]; then
					echo "$prog --names $naming -m $name: ${words[*]}, want $want"
					fails=$((fails + 1))
				fi
			done
		done
	done
	# the families by their bare names
	for row in "hitrate hit" "hitrate recall" "hitrate P" "hitrate MRR@K" \
	    "mapr AP@K" "ndcg nDCG@K" "hitrate success" "mapr map_cut"; do
		set -- $row
		run $1 --quiet --format table -k 1,5 -m $2 three.ranks
		[ "$status" = 0 ] && [ "${#lines[@]}" = 2 ] ||
		    { echo "$row: status $status"; fails=$((fails + 1)); }
	done
	[ "$fails" -eq 0 ]
}

@test "rsum: hit@1 + hit@5 + hit@10, summed by hand, in every tie mode" {
	# t1: a = 0, t = 3, s = 1: hit@1 = 1 - C(2,1)/C(3,1) = 1/3 expected,
	#     1 optimistic, 0 pessimistic; hit@5 = hit@10 = 1 (K >= a + t)
	#     rsum = 7/3 expected, 3 optimistic, 2 pessimistic
	# t2: rank 7: hit@1 = hit@5 = 0, hit@10 = 1: rsum 1
	# all: (7/3 + 1)/2 = 5/3 = 166.67; optimistic 2 = 200.00,
	#      pessimistic 3/2 = 150.00
	# hit@2 of t1 = 1 - C(2,2)/C(3,2) = 2/3, of t2 0: all 1/3
	run --separate-stderr hitrate -q --format table -k 2 -m hit --rsum tied.ranks
	status_is 0
	same "$output" "$(printf '%s\n' 'query  hit@2    rsum' 't1     66.67  233.33' \
	    't2      0.00  100.00' 'all    33.33  166.67')"
	same "$stderr" "$(printf '%s\n' 'hitrate: ties change hit@2: 50.00 if relevant items win every tie (optimistic), 0.00 if they lose every one (pessimistic)' \
	    'hitrate: ties change rsum: 200.00 if relevant items win every tie (optimistic), 150.00 if they lose every one (pessimistic)')"
	run --separate-stderr hitrate --quiet -T optimistic -m rsum tied.ranks
	same "$(body <<<"$output")" "$(tsv 'rsum all 200.00')"
	run --separate-stderr hitrate --quiet -T pessimistic -f -m rsum tied.ranks
	same "$(body <<<"$output")" "$(tsv 'rsum all 1.5000')"
	# the stream: --rsum adds a row after the others, equal to the sum
	# of the three hit rates: (1/3 + 0)/2 + (1 + 0)/2 + (1 + 1)/2
	# = 1/6 + 1/2 + 1 = 5/3
	run --separate-stderr hitrate --quiet -f -m hit --rsum tied.ranks
	status_is 0
	same "$(body <<<"$output")" "$(tsv 'hit@1 all 0.1667' 'hit@5 all 0.5000' \
	    'hit@10 all 1.0000' 'rsum all 1.6667')"
	# -m rsum with --rsum: one column; folds of one query each
	run --separate-stderr hitrate --quiet --folds 2 -m rsum --rsum tied.ranks
	same "$(body <<<"$output")" "$(tsv 'rsum fold1 233.33' 'rsum fold2 100.00' \
	    'rsum all 166.67')"
	# per query in the stream, for bootstrap
	run --separate-stderr hitrate --quiet -q -m rsum tied.ranks
	same "$(body <<<"$output")" "$(tsv 'rsum t1 233.33' 'rsum t2 100.00' 'rsum all 166.67')"
}

@test "rsum: the article's image-text rsum, 1K folds and 5K (expected.json)" {
	need_shared data/crossmodal-seed0
	D="$SHARED/data/crossmodal-seed0"
	for f in 0 5; do
		fo=; [ $f = 0 ] || fo="--folds $f"
		rankof -e $fo --query-labels "$D/img.labels" --item-labels "$D/cap.labels" \
		    "$D/img.npy" "$D/cap.npy" | hitrate $fo -m rsum -p 10 >i2t.$f
		rankof -e $fo --query-labels "$D/cap.labels" --item-labels "$D/img.labels" \
		    "$D/cap.npy" "$D/img.npy" | hitrate $fo -m rsum -p 10 >t2i.$f
	done
	both() { awk -v q="$1" '$1 == "rsum" && $2 == q { s += $3 } END { printf "%.6f", s }' "$2" "$3"; }
	# expected.json: 5k rsum 437.76 (article-output.txt prints 437.8);
	# 1k_folds rsum 532.02, 535.0, 534.7, 533.22, 535.86, mean 534.16
	same "$(both all i2t.0 t2i.0)" 437.760000
	same "$(both fold1 i2t.5 t2i.5)" 532.020000
	same "$(both fold2 i2t.5 t2i.5)" 535.000000
	same "$(both fold3 i2t.5 t2i.5)" 534.700000
	same "$(both fold4 i2t.5 t2i.5)" 533.220000
	same "$(both fold5 i2t.5 t2i.5)" 535.860000
	same "$(both all i2t.5 t2i.5)" 534.160000
	# 5K image to text alone: 57.34 + 85.26 + 93.12
	same "$(both all i2t.0 /dev/null)" 235.720000
}

@test "table: a failure leaves the standard output empty" {
	# the second query's rank is not a number: an error at line 3,
	# after a query that the stream would already have printed
	tsv '# query item grade rank ties n' 'q1 a 1 1 0 4' 'q2 b 1 x 0 4' >bad.ranks
	for prog in hitrate mapr ndcg; do
		run --separate-stderr $prog -q --format table --quiet bad.ranks
		status_is 1
		same "$output" ""
		same "$stderr" "$prog: bad.ranks:3: field 4: bad number 'x'"
	done
	run --separate-stderr cmc --format table bad.ranks
	status_is 1
	same "$output" ""
}

@test "cmc --format table: the curve's columns aligned" {
	# three.ranks: first ranks 1, 3 and none: hit@1 1/3, hit@2 1/3,
	# hit@3 2/3 (33.33 33.33 66.67); tied.ranks expected: t1 1/3, 2/3, 1
	# and t2 0 to K = 6: hit@1 1/6, hit@2 1/3, hit@3 1/2
	run --separate-stderr cmc -K 3 --format table --label "a b" --label c three.ranks tied.ranks
	status_is 0
	same "$output" "$(printf '%s\n' 'K    a_b      c' '1  33.33  16.67' '2  33.33  33.33' \
	    '3  66.67  50.00')"
	run --separate-stderr cmc -K 2 -f --format table three.ranks
	same "$output" "$(printf '%s\n' 'K   hit@K' '1  0.3333' '2  0.3333')"
}

@test "bad combinations and values: exit 2, the reason, the usage line" {
	local cmd want fails=0
	while IFS='|' read -r cmd want; do
		trim cmd "$cmd"; want=${want# }
		run --separate-stderr $cmd three.ranks
		if [ "$status" != 2 ] || [ -n "$output" ] ||
		    [ "${stderr%%$'\n'*}" != "$want" ] ||
		    [[ ${stderr#*$'\n'} != "usage: ${cmd%% *} "* ]]; then
			echo "FAIL $cmd: $status, $stderr" >&2
			fails=$((fails + 1))
		fi
	done <<-'T'
	hitrate --format xml      | hitrate: --format: 'xml' is not stream, table, jsonl or csv
	mapr --format Table       | mapr: --format: 'Table' is not stream, table, jsonl or csv
	mapr --rsum               | mapr: unknown option '--rsum'
	ndcg --rsum               | ndcg: unknown option '--rsum'
	cmc --names trec          | cmc: --names trec: trec_eval has no CMC curve; its success_1, success_5 and success_10 are hitrate --names trec -k 1,5,10 -m success
	cmc --names x             | cmc: --names: 'x' is not rankkit, trec or irm
	cmc --format table --plot | cmc: --curve (or --format table), --plot and --svg - each take the standard output
	cmc --format table --svg - | cmc: --curve (or --format table), --plot and --svg - each take the standard output
	T
	[ "$fails" -eq 0 ]
}

@test "cmc --names rankkit is the default naming" {
	run --separate-stderr cmc -K 2 --names rankkit three.ranks
	status_is 0
	same "$(body <<<"$output")" "$(tsv 'hit@1 all 33.33' 'hit@2 all 33.33')"
}

@test "table: UTF-8 query ids padded by the columns they take, not their bytes" {
	# 日本: two wide characters, 4 columns (6 bytes); cafe + a combining
	# acute accent: 4 columns (6 bytes); the query column is 5 wide
	# (query). hit@1: 1, 0 -> all 50.00
	tsv '# query item grade rank ties n' '日本 a 1 1 0 4' \
	    $'cafe\xcc\x81 b 1 3 0 4' '# end' > utf8.ranks
	run --separate-stderr hitrate -q --quiet --format table -k 1 -m hit utf8.ranks
	status_is 0
	same "$output" "$(printf '%s\n' 'query   hit@1' '日本   100.00' \
	    $'cafe\xcc\x81     0.00' 'all     50.00')"
}
