#!/usr/bin/env bats
# --group-by (issue 43's per-group averages): hitrate, mapr and ndcg write
# a row per group in the measure stream's version 2, "all" the mean of the
# groups' rows (macro) or of the queries' (micro); bootstrap reads it and
# resamples within the groups. Expected values: the programs run on the
# rank stream split by group with awk (a group's row is then that part's
# "all"), means taken by awk, the plain run, and an exact enumeration of
# every stratified resample in python.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# a rank stream of 12 queries (q1 .. q12) over 8 items with tied scores
# and graded relevance, and groups of 5, 4 and 3 queries (uneven, so that
# macro and micro differ); q12 has no relevant item
make_run() {
	awk 'BEGIN { for (q = 1; q <= 12; q++) for (i = 1; i <= 8; i++)
	    printf "q%d\td%d\t%d\n", q, i, (q * 7 + i * 3) % 5 }' > scores
	awk 'BEGIN { for (q = 1; q <= 11; q++) for (i = 1; i <= 8; i++)
	    if ((q + i) % 3 == 0) printf "q%d\td%d\t%d\n", q, i, 1 + (q + i) % 2 }' > qrels
	rankof -r qrels scores > ranks
	printf '%s\n' '# query group' 'q1 a' 'q2 b' 'q3 c' 'q4 a' 'q5 b' \
	    'q6 c' 'q7 a' 'q8 b' 'q9 a' 'q10 c' 'q11 b' 'q12 a' '' > groups
}

# split: the rank stream's part of each group, part.a, part.b, part.c
split() {
	awk 'NR == FNR { if ($1 !~ /^#/ && NF == 2) grp[$1] = $2; next }
	    /^#/ { for (g in parts) print > ("part." g); next }
	    { print > ("part." grp[$1]) }
	    BEGIN { parts["a"]; parts["b"]; parts["c"] }' groups ranks
}

# split_runs PROG ARGS...: "measure<TAB>group<TAB>value" from PROG run on
# each group's part of the rank stream (its "all" rows), sorted
split_runs() {
	local g
	for g in a b c; do
		"$@" --quiet part.$g | awk -v g="$g" -F'\t' '$2 == "all" { print $1 "\t" g "\t" $3 }'
	done | sort
}

# the rows of KIND of a measure stream of version 2, without the kind
kind_rows() { awk -v k="$1" -F'\t' '$4 == k { print $1 "\t" $2 "\t" $3 }'; }

@test "group-by: a group's row is the program run on its queries alone; all macro or micro" {
	make_run
	split
	hitrate -f -p 12 -k 1,3 -m hit,recall,MRR,MedR,MeanR --quiet \
	    --group-by groups ranks > grouped
	split_runs hitrate -f -p 12 -k 1,3 -m hit,recall,MRR,MedR,MeanR > parts
	same "$(kind_rows group < grouped | sort)" "$(cat parts)"
	same "$(mapr -k 3 -m AP,MAP@R,Rprec,AP@K --quiet --group-by groups ranks |
	    kind_rows group | sort)" "$(split_runs mapr -k 3 -m AP,MAP@R,Rprec,AP@K)"
	same "$(ndcg -k 3 --gain exp --quiet --group-by groups ranks |
	    kind_rows group | sort)" "$(split_runs ndcg -k 3 --gain exp)"
	# cmc's curves per group and their mean are hitrate's hit@K (checked
	# above against the split runs), row for row
	same "$(cmc -K 8 --quiet --group-by groups ranks | body | sort)" \
	    "$(hitrate -k 1,2,3,4,5,6,7,8 -m hit --quiet --group-by groups ranks | body | sort)"
	# macro: all is the mean of the three parts' values (to 10 decimals)
	same "$(kind_rows macro < grouped | awk -F'\t' '{ printf "%s\t%.10f\n", $1, $3 }' | sort)" \
	    "$(awk -F'\t' '{ s[$1] += $3; n[$1]++ }
	        END { for (m in s) printf "%s\t%.10f\n", m, s[m] / n[m] }' parts | sort)"
	# micro: the run without groups, row for row; the groups are
	# uneven, so that macro differs from it
	hitrate -f -p 12 -k 1,3 -m hit,recall,MRR,MedR,MeanR --quiet ranks | body > plain
	same "$(hitrate -f -p 12 -k 1,3 -m hit,recall,MRR,MedR,MeanR --quiet \
	    --group-by groups --group-mean micro ranks | kind_rows micro)" "$(cat plain)"
	[ "$(kind_rows macro < grouped)" != "$(cat plain)" ]
}

@test "group-by: version 2's header and kinds in every format; older readers refuse it" {
	tsv '# query item grade rank ties n' 'q1 d1 1 2 0 5' 'q2 d2 1 1 0 5' '# end' > r
	tsv 'q1 x' 'q2 all2' > g
	run --separate-stderr hitrate -q -k 1 -m hit --group-by g r
	status_is 0
	same "$output" "$(tsv '# measure query value kind' 'hit@1 q1 0.00 query' \
	    'hit@1 q2 100.00 query' 'hit@1 x 0.00 group' 'hit@1 all2 100.00 group' \
	    'hit@1 all 50.00 macro' '# end')"
	run --separate-stderr hitrate -k 1 -m hit --group-by g --format csv r
	same "$output" "$(printf '%s\n' measure,query,value,kind hit@1,x,0.00,group \
	    hit@1,all2,100.00,group hit@1,all,50.00,macro)"
	run --separate-stderr hitrate -k 1 -m hit --group-by g --group-mean micro --format jsonl r
	same "$(sed -n 3p <<<"$output")" \
	    '{"measure": "hit@1", "query": "all", "value": 50.00, "kind": "micro"}'
	run --separate-stderr hitrate -k 1 -m hit --group-by g --format table r
	same "$output" "$(printf '%s\n' 'query  kind    hit@1' 'x      group    0.00' \
	    'all2   group  100.00' 'all    macro   50.00')"

	# an older reader refuses version 2; bootstrap reads it
	tsv '# query item grade rank ties n' 'q1 d1 1 2 0 5' 'q2 d2 1 1 0 5' \
	    'q3 d1 1 1 0 5' '# end' > r
	tsv 'q1 a' 'q2 a' 'q3 b' > g
	hitrate -q -f -k 1 -m hit --group-by g r > v2
	# a reader of version 1 skips the header it does not know as a comment
	# (the release before this one does exactly this, checked by hand) and
	# stops at the first row: what it sees is the stream without its header
	sed 1d v2 > old
	fails_with 'bootstrap: old:1: expected 3 fields (measure query value), found 4' bootstrap old
	# bootstrap reads version 2: a macro stream needs its groups
	run --separate-stderr bootstrap v2
	status_is 2
	[ "$(head -1 <<<"$stderr")" = "bootstrap: v2: its all is the mean of its groups' rows (--group-mean macro): give the same --group-by FILE" ]
	# groups a (0, 1) and b (1): every stratified resample keeps b's 1 and
	# a's mean in {0, 0.5, 1}; the macro mean (1/2 + 1)/2 = 0.75
	run --separate-stderr bootstrap -B 200 --group-by g v2
	status_is 0
	same "$output" "$(tsv '# measure query mean lower upper' \
	    'hit@1 all 0.7500 0.5000 1.0000' '# end')"
	same "$(bootstrap -B 200 --format report --group-by g v2 | sed -n 3p)" \
	    "Resampled within the 2 groups of --group-by; the mean is the mean of the groups' means."
	# one version per file
	hitrate -q -f -k 1 -m hit r > v1
	cat v1 v2 > both
	fails_with 'bootstrap: both:7: a measure stream of version 2 after one of version 1: one version per file' bootstrap both
}

@test "group-by: bootstrap's stratified intervals are an exact enumeration's quantiles" {
	[ -x /usr/bin/python3 ] || skip "needs /usr/bin/python3"
	# group A: a1 0, a2 1; group B: b1 0, b2 0.5, b3 1
	tsv '# measure query value kind' 'm a1 0 query' 'm b1 0 query' \
	    'm a2 1 query' 'm b2 0.5 query' 'm b3 1 query' 'm A 0.5 group' \
	    'm B 0.5 group' 'm all 0.5 macro' '# end' > macro
	sed 's/macro$/micro/' macro > micro
	tsv 'a1 A' 'a2 A' 'b1 B' 'b2 B' 'b3 B' > g
	# every one of the 2^2 * 3^3 equally likely resamples (the stratified
	# bootstrap: 2 draws from A, 3 from B); the quantiles at 2.5% and
	# 97.5% of the statistic's exact distribution, where its CDF passes
	# them by more than 5 standard errors of 10000 resamples (0.0016 each),
	# are what the percentile interval of 10000 resamples gives
	cat > enum.py <<-'EOF'
	import itertools
	A, B = [0.0, 1.0], [0.0, 0.5, 1.0]
	def stat(da, db, kind):
	    if kind == "macro":
	        return (sum(da) / len(da) + sum(db) / len(db)) / 2
	    return (sum(da) + sum(db)) / (len(da) + len(db))
	for kind in ("macro", "micro"):
	    vals = sorted(stat(da, db, kind) for da in itertools.product(A, repeat=2)
	                  for db in itertools.product(B, repeat=3))
	    n = len(vals)
	    def quantile(p):
	        below = sum(1 for v in vals if v < vals[int(p * n)]) / n
	        upto = sum(1 for v in vals if v <= vals[int(p * n)]) / n
	        assert below + 0.008 < p < upto - 0.008, (p, below, upto)
	        return vals[int(p * n)]
	    print("m\tall\t%.4f\t%.4f\t%.4f" % (sum(vals) / n, quantile(0.025), quantile(0.975)))
	EOF
	/usr/bin/python3 enum.py > want
	same "$(bootstrap --group-by g macro | body; bootstrap --group-by g micro | body)" \
	    "$(cat want)"
}

@test "group-by: the group file's errors and the options' refusals" {
	tsv '# query item grade rank ties n' 'q1 d1 1 2 0 5' 'q2 d2 1 1 0 5' '# end' > r
	tsv 'q1 a' > g1
	fails_with "hitrate: r:3: query 'q2' has no group in g1 (--group-by): give it a line 'query group'" \
	    hitrate --group-by g1 r
	fails_with "cmc: r:3: query 'q2' has no group in g1 (--group-by): give it a line 'query group'" \
	    cmc --group-by g1 r
	tsv 'q1 a' 'q2 all' > g2
	fails_with "hitrate: g2:2: group 'all' has the name of a summary row: rename it" hitrate --group-by g2 r
	tsv 'q1 fold12' > g3
	fails_with "mapr: g3:1: group 'fold12' has the name of a summary row: rename it" mapr --group-by g3 r
	tsv 'q1 a' '# a comment' 'q2 b c' > g4
	fails_with "ndcg: g4:3: expected 2 fields (query group), found 3" ndcg --group-by g4 r
	tsv 'q1 a' 'q2 b' 'q1 b' > g5
	fails_with "hitrate: g5:3: a second line for query 'q1' (the first is line 1)" hitrate --group-by g5 r
	printf '# nothing\n\n' > g6
	fails_with "hitrate: g6: no line 'query group': no group" hitrate --group-by g6 r
	tsv 'q1 a' > g7
	tsv 'm q1 1' 'm q2 0' > v
	fails_with "bootstrap: v:2: query 'q2' has no group in g7 (--group-by): give it a line 'query group'" \
	    bootstrap --group-by g7 v
	# usage: exit 2, the reason on the first line
	tsv 'q1 a' 'q2 b' > g
	for args in "--group-mean micro" "--group-by g --folds 2" \
	    "--group-by g --names trec" "--group-by -"; do
		st=0; hitrate $args r 2>err || st=$?
		[ "$st" -eq 2 ]
	done
	st=0; cmc --group-by g --gallery-curve 2 r 2>/dev/null || st=$?
	[ "$st" -eq 2 ]
	same "$(head -1 err)" "hitrate: --group-by: a file, not the standard input (the rank stream's)"
	for args in "--group-by g v v" "--group-by g --method bca v" "--group-by g --wilson v"; do
		st=0; bootstrap $args 2>err || st=$?
		[ "$st" -eq 2 ]
	done
	same "$(head -1 err)" "bootstrap: --group-by: one file and the percentile interval (not several files, --method bca or --wilson)"
}
