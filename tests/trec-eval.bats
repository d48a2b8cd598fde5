#!/usr/bin/env bats
# rankof --break id | hitrate against trec_eval 10.0's own golden files
# ($SHARED/peers/trec_eval): success_1/5/10 (hit@K), P_K (P@K), recall_K
# (recall@K) and recip_rank (MRR), per query and for `all`, as the strings
# trec_eval prints (%6.4f); and which queries trec_eval counts (num_q).
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

# the cut-offs of the goldens' P_K, recall_K and success_K
KS=1,5,10,15,20,30,100,200,500,1000

setup() {
	need_shared peers/trec_eval
	T="$SHARED/peers/trec_eval"
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
	run --separate-stderr sh -c 'sort -s -k1,1 "$1/results.trunc" |
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
	# trec_eval without -c averages over 301 and 303: the golden per-query
	# rows of out.test.aqc for them, and `all` = their mean
	run --separate-stderr sh -c 'sort -s -k1,1 "$1/results.trunc" |
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
	same "$stderr" "rankof: $T/results.trunc:3: query '301' reappears after another query began (sort -s -k1,1 first)"
	[[ $output != *"# end"* ]]
	# and the pipeline does not turn it into a table
	run --separate-stderr sh -c 'rankof --break id -r "$1/qrels.test" "$1/results.trunc" |
	    hitrate -f -p 4' sh "$T"
	status_is 1
	[[ $output != *"# end"* ]]
}
