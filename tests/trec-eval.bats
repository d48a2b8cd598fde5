#!/usr/bin/env bats
# rankof --break id | hitrate against trec_eval 10.0's own golden files
# (tests/data/trec_eval): success_1/5/10 (hit@K), P_K (P@K), recall_K
# (recall@K) and recip_rank (MRR), per query and for `all`, as the strings
# trec_eval prints (%6.4f); and which queries trec_eval counts (num_q).
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

# the cut-offs of the goldens' P_K, recall_K and success_K
KS=1,5,10,15,20,30,100,200,500,1000

setup() {
	T="$TREC_DATA"
	cd "$BATS_TEST_TMPDIR"
}

# golden FILE: "name<TAB>query<TAB>value" rows of the measures we compare,
# sorted
golden() {
	awk -F'\t' '{ sub(/ +$/, "", $1) }
	    $1 ~ /^(success_(1|5|10)|P_[0-9]+|recall_[0-9]+|recip_rank)$/ {
		print $1 "\t" $2 "\t" $3 }' "$1" | LC_ALL=C sort
}

# mapped: our measure stream (stdin) renamed to trec_eval's names, only the
# names the golden file (rows in want) has, sorted
mapped() {
	awk -F'\t' 'FNR == NR { have[$1] = 1; next }
	    /^#/ { next }
	    { n = $1
	      if (n ~ /^hit@/) sub(/^hit@/, "success_", n)
	      else if (n ~ /^P@/) sub(/^P@/, "P_", n)
	      else if (n ~ /^recall@/) sub(/^recall@/, "recall_", n)
	      else if (n == "MRR") n = "recip_rank"
	      if (n in have) print n "\t" $2 "\t" $3 }' want - | LC_ALL=C sort
}

# num_q GOLDEN: trec_eval's query count
num_q() { awk -F'\t' '$1 ~ /^num_q *$/ { print $3 }' "$1"; }

# agree GOLDEN: `got` (hitrate's output) matches the golden rows, and has the
# queries trec_eval counted
agree() {
	golden "$1" > want
	[ "$(wc -l < want)" -eq 88 ]	# 22 measures x (3 queries + all)
	mapped < got > ours
	same "$(cat ours)" "$(cat want)"
	same "$(body < got | awk -F'\t' '$2 != "all"' | cut -f2 | sort -u | wc -l)" "$(num_q "$1")"
}

@test "trec_eval: results.test, out.test.aq (per query and all)" {
	run --separate-stderr sh -c 'rankof --break id -r "$1/qrels.test" "$1/results.test" |
	    hitrate -f -p 4 -q -k '"$KS"' -m hit,P,recall,MRR > got' sh "$T"
	status_is 0
	same "$(notes "$stderr" | grep '^rankof')" ""
	agree "$T/out.test.aq"
	# the three queries
	same "$(body < got | awk -F'\t' '$2 != "all"' | cut -f2 | uniq | tr '\n' ' ')" "301 302 303 "
}

@test "trec_eval: results.trunc sorted, -c, out.test.aqc (302 is not in the run)" {
	run --separate-stderr sh -c 'sort -b -s -k1,1 "$1/results.trunc" |
	    rankof -c --break id -r "$1/qrels.test" |
	    hitrate -f -p 4 -q -k '"$KS"' -m hit,P,recall,MRR > got' sh "$T"
	status_is 0
	agree "$T/out.test.aqc"
	# 302 comes after the run's queries
	same "$(body < got | awk -F'\t' '$2 != "all"' | cut -f2 | uniq | tr '\n' ' ')" "301 303 302 "
}

@test "trec_eval: -g 2 on qrels.rel_level, out.test.aql" {
	run --separate-stderr sh -c 'rankof --break id -g 2 -r "$1/qrels.rel_level" "$1/results.test" |
	    hitrate -f -p 4 -q -k '"$KS"' -m hit,P,recall,MRR > got' sh "$T"
	status_is 0
	agree "$T/out.test.aql"
}

@test "trec_eval: run queries absent from the qrels do not count (num_q)" {
	# trec_eval ignores queries the qrels do not know: with two of them added,
	# out.test.aq still holds, num_q 3, and rankof says it left two out
	cp "$T/results.test" run
	printf '%s\n' '998 Q0 FR940202-2-00150 1 2.5 STANDARD' \
	    '999 Q0 FR940202-2-00150 1 2.5 STANDARD' '999 Q0 X 2 1.5 STANDARD' >> run
	run --separate-stderr sh -c 'rankof --break id -r "$1/qrels.test" run |
	    hitrate -f -p 4 -q -k '"$KS"' -m hit,P,recall,MRR > got' sh "$T"
	status_is 0
	agree "$T/out.test.aq"
	same "$(notes "$stderr" | grep '^rankof')" "rankof: 2 queries not in the qrels left out"
}

@test "trec_eval: without -c, results.trunc counts the run's two queries only" {
	# trec_eval 9 without -c averaged over the run's topics, 301 and 303
	# (10.0 stops, status 4, at 302: tests/trec-eval-diff.bats): the
	# golden per-query rows of out.test.aqc for them, and `all` = their mean
	run --separate-stderr sh -c 'sort -b -s -k1,1 "$1/results.trunc" |
	    rankof --break id -r "$1/qrels.test" |
	    hitrate -f -p 4 -q -k '"$KS"' -m hit,P,recall,MRR > got' sh "$T"
	status_is 0
	golden "$T/out.test.aqc" | awk -F'\t' '$2 == "301" || $2 == "303"' > want
	mapped < got | awk -F'\t' '$2 != "all"' > ours
	same "$(cat ours)" "$(cat want)"
	same "$(body < got | awk -F'\t' '$2 != "all"' | cut -f2 | uniq | tr '\n' ' ')" "301 303 "
	# success_5: 301 0, 303 1 -> .5; recip_rank (0.1667 + 0.3333)/2 from
	# 1/6 and 1/3 -> .25
	output=$(cat got)
	same "$(val hit@5 all) $(val MRR all)" "0.5000 0.2500"
}

@test "trec_eval: results.trunc unsorted: the reappearing query error" {
	# line 1 is 301, line 2 303, line 3 301 again
	run --separate-stderr rankof -c --break id -r "$T/qrels.test" "$T/results.trunc"
	status_is 1
	same "$stderr" "rankof: $T/results.trunc:3: query '301' reappears after another query began (sort -b -s -k1,1 first)"
	[[ $output != *"# end"* ]]
	# and the pipeline does not turn it into a table
	run --separate-stderr sh -c 'rankof --break id -r "$1/qrels.test" "$1/results.trunc" |
	    hitrate -f -p 4' sh "$T"
	status_is 1
	[[ $output != *"# end"* ]]
}

# --- trec_eval's names and layout (--names trec), its counts and runid,
# diffed byte for byte against the goldens (treceval, trec_eval's command
# line, has its own: tests/treceval.bats)

# rows GOLDEN NAMES [all]: the golden's rows of the measures NAMES (an
# extended regular expression), as trec_eval prints them; with "all" the
# summary rows only (what trec_eval prints without -q)
rows() {
	grep -E "^($2) *	" "$1" | { [ "${3:-}" = all ] && grep -E '	all	' || cat; }
}

@test "--names trec: each metric program prints the golden's rows; -m takes trec_eval's names" {
	rankof --break id -r "$T/qrels.test" "$T/results.test" >ranks 2>/dev/null
	# a family with -k, single columns by their printed names, in any order
	run --separate-stderr hitrate --names trec -q -m success_10,P,recip_rank,num_ret -k 5,30 ranks
	status_is 0
	same "$(body <<<"$output")" "$(rows "$T/out.test.aq" 'num_ret|recip_rank|P_(5|30)|success_10')"
	run --separate-stderr mapr --names trec -q -m map_cut_100,Rprec,map ranks
	status_is 0
	same "$(body <<<"$output")" "$(rows "$T/out.test.aq" 'map|Rprec|map_cut_100')"
	run --separate-stderr ndcg --names trec -q -m ndcg_cut,ndcg -k 1000,10 ranks
	status_is 0
	same "$(body <<<"$output")" "$(rows "$T/out.test.aq" 'ndcg|ndcg_cut_(10|1000)')"
	# the stream keeps its header and end line
	same "${output%%$'\n'*}" "# measure	query	value"
	same "${output##*$'\n'}" "# end"
}

@test "--names trec: every name printed is taken back by -m, alone, to the same row" {
	rankof --break id -r "$T/qrels.test" "$T/results.test" >ranks 2>/dev/null
	for prog in hitrate mapr ndcg; do
		all=num_q,num_ret,num_rel,num_rel_ret,runid
		[ "$prog" = hitrate ] || all=
		$prog --quiet --names trec -q ${all:+-m "$all,hit,recall,P,MRR,MRR@K,MedR,MeanR"} ranks |
		    body >printed
		[ "$(wc -l <printed)" -gt 10 ]
		for name in $(cut -f1 printed | tr -d ' ' | sort -u); do
			run --separate-stderr $prog --quiet --names trec -q -m "$name" ranks
			status_is 0
			same "$(body <<<"$output")" "$(grep "^$name *	" printed)"
		done
	done
}

@test "counts by hand: per query, summed, empty queries, --empty skip, folds" {
	# q1: 5 candidates, 2 relevant, 1 retrieved; q2: 4 candidates, 1 of 1
	# relevant retrieved; q3: 3 candidates, none relevant (an empty query)
	tsv '# query item grade rank ties n' 'q1 d3 1 2 2 5' 'q1 d9 2 - - 5' \
	    'q2 e1 1 1 0 4' 'q3 - 0 - - 3' '# end' >ranks
	run --separate-stderr hitrate -q -m num_q,num_ret,num_rel,num_rel_ret ranks
	status_is 0
	# num_q has no per-query rows (trec_eval prints none); sums: num_ret
	# 5+4+3, num_rel 2+1+0, num_rel_ret 1+1+0
	same "$(body <<<"$output")" "$(tsv 'num_ret q1 5' 'num_rel q1 2' 'num_rel_ret q1 1' \
	    'num_ret q2 4' 'num_rel q2 1' 'num_rel_ret q2 1' \
	    'num_ret q3 3' 'num_rel q3 0' 'num_rel_ret q3 0' \
	    'num_q all 3' 'num_ret all 12' 'num_rel all 3' 'num_rel_ret all 2')"
	# skip leaves q3 out of every count
	run --separate-stderr hitrate --empty skip -m num_q,num_ret ranks
	status_is 0
	same "$(body <<<"$output")" "$(tsv 'num_q all 2' 'num_ret all 9')"
	# folds: each fold sums its queries, all sums the folds (q1 | q2 | q3)
	run --separate-stderr hitrate --folds 3 -m num_q,num_ret ranks
	status_is 0
	same "$(body <<<"$output")" "$(tsv 'num_q fold1 1' 'num_ret fold1 5' \
	    'num_q fold2 1' 'num_ret fold2 4' 'num_q fold3 1' 'num_ret fold3 3' \
	    'num_q all 3' 'num_ret all 12')"
	# trec_eval's layout: the name in 22 columns, longs without decimals
	run --separate-stderr hitrate --names trec -m num_rel ranks
	same "$(body <<<"$output")" "num_rel               	all	3"
}

@test "runid: rankof keeps the run's tag (its last line's, as trec_eval); streams without it stay valid" {
	printf '%s\n' 'q1 Q0 d1 1 0.9 first' 'q1 Q0 d2 2 0.5 last' >run
	printf '%s\n' 'q1 0 d2 1' >qrels
	run --separate-stderr rankof -r qrels run
	status_is 0
	same "$output" "$(tsv '# query item grade rank ties n' 'q1 d2 1 2 0 2' '# end' | sed '2a\
# run last')"
	printf '%s\n' "$output" >ranks
	run --separate-stderr hitrate -m runid,num_q ranks
	same "$(body <<<"$output")" "$(tsv 'runid all last' 'num_q all 1')"
	# a score stream has no tag: no line, and runid is '-'
	printf '%s\n' 'q1 d1 0.9' 'q1 d2 0.5' | rankof -r qrels >ranks
	run grep -c '^# run' ranks
	same "$output" 0
	run --separate-stderr hitrate -m runid ranks
	status_is 0
	same "$(body <<<"$output")" "$(tsv 'runid all -')"
	# the tag of results.test through many chunks and threads
	RANKKIT_CHUNK=512 rankof -j 3 --break id -r "$T/qrels.test" "$T/results.test" >ranks 2>/dev/null
	run --separate-stderr hitrate --names trec -m runid ranks
	same "$(body <<<"$output")" "$(rows "$T/out.test.aq" runid)"
}

@test "--names trec refuses what is not trec_eval's measure" {
	rankof --break id -r "$T/qrels.test" "$T/results.test" >ranks 2>/dev/null
	run --separate-stderr mapr --names trec --ap-divisor min ranks
	status_is 2
	same "${stderr%%$'\n'*}" "mapr: --names trec: trec_eval's map_cut divides by m (--ap-divisor m)"
	run --separate-stderr ndcg --names trec --gain exp ranks
	status_is 2
	same "${stderr%%$'\n'*}" "ndcg: --names trec: trec_eval's ndcg takes the grade as the gain (--gain linear)"
	run --separate-stderr hitrate --names trek ranks
	status_is 2
}
