#!/usr/bin/env bats
# ANN results as ANN libraries write them: a result matrix of ids (one row
# per query, faiss's -1 padding) read as a run, ground truth as relevance
# (rankof --truth), and the recalls of ann-benchmarks and Jegou et al.
load helper
load npy

setup() {
	cd "$BATS_TEST_TMPDIR"
	ann=$BATS_TEST_DIRNAME/../examples/data/ann
}

# one value of a measure stream: value MEASURE < stream
value() { awk -v m="$1" '$1 == m && $2 == "all" { print $3 }'; }
ref() { sed -n "s/^$1 //p" "$ann/reference.out"; }

# examples/data/ann/make.py's TEXMEX-layout case: 40 queries, 300 base
# vectors, 20 true neighbours each, an index's 10 results per query; the
# expected values are make.py's transcription of ann-benchmarks' metrics
# (reference.out), with the distances recomputed from the vectors
@test "ann: k-NN and epsilon recall@10 and Jegou's recall@1, @10 equal the numpy definitions" {
	truth="--truth $ann/gt.ivecs --truth-distances $ann/gt-dist.fvecs"
	vec="--query-vectors $ann/query.fvecs --base-vectors $ann/base.fvecs"
	rankof $truth --knn 10 --tolerance 1e-3 $vec "$ann/run.npy" 2>/dev/null |
		hitrate -m P -k 10 > knn
	[ "$(value P@10 < knn)" = "$(ref 'knn recall@10')" ]
	rankof $truth --knn 10 --epsilon 0.1 $vec "$ann/run.npy" 2>/dev/null |
		hitrate -m P -k 10 > eps
	[ "$(value P@10 < eps)" = "$(ref 'epsilon recall@10')" ]
	rankof --truth "$ann/gt.ivecs" --knn 1 "$ann/run.npy" 2>/dev/null |
		hitrate -m hit -k 1,10 > jegou
	[ "$(value hit@1 < jegou)" = "$(ref 'recall@1')" ]
	[ "$(value hit@10 < jegou)" = "$(ref 'recall@10')" ]
	# the run's own distances rank as its columns do here (no ties)
	rankof $truth --knn 10 --epsilon 0.1 $vec \
	    --run-distances "$ann/run-dist.npy" "$ann/run.npy" 2>/dev/null |
		hitrate -m P -k 10 > eps2
	[ "$(value P@10 < eps2)" = "$(ref 'epsilon recall@10')" ]
	# without the vectors, a neighbour past the truth file's 20 cannot be
	# judged: the note counts the queries whose threshold passes the 20th
	run --separate-stderr rankof $truth --knn 10 --epsilon 0.1 "$ann/run.npy"
	[ "$status" -eq 0 ]
	[[ $stderr == *"of 40 queries: the threshold passes the last true neighbour in $ann/gt.ivecs"* ]]
	[[ $stderr == *"run.npy: 1 of 40 rows repeat an id: each counted once, at its first column"* ]]
}

# by hand: rows (3, 1, -1) and (2, 2, 0); truth rows (1, 3, 0), (0, 2, 1).
# Query 0: 3 at rank 1, 1 at rank 2, the padding left out: n = 2. Query 1:
# 2 at rank 1 (its repeat left out), 0 at rank 2: n = 2. The matrix's 3
# columns are its depth.
@test "ann: a result matrix's lines by hand, as .npy (int64, int32) and .ivecs" {
	mknpy run.npy 1 '<i8' False '(2, 3)' \
	    "$(i4 3 0 1 0 -1 -1 2 0 2 0 0 0)"
	mknpy run4.npy 1 '<i4' False '(2, 3)' "$(i4 3 1 -1 2 2 0)"
	printf "$(i4 3 3 1 -1 3 2 2 0)" > run.ivecs
	mknpy gt.npy 1 '<i4' False '(2, 3)' "$(i4 1 3 0 0 2 1)"
	want=$(printf '# query\titem\tgrade\trank\tties\tn\n# depth\t3\n0\t1\t1\t2\t0\t2\n1\t0\t1\t2\t0\t2\n# end')
	for f in run.npy run4.npy run.ivecs; do
		run --separate-stderr rankof --truth gt.npy --knn 1 $f
		[ "$status" -eq 0 ]
		[ "$output" = "$want" ]
		[ "$stderr" = "rankof: $f: 1 of 2 rows repeat an id: each counted once, at its first column" ]
	done
	# K = 2: query 0's relevant 1 and 3 at ranks 2 and 1, query 1's 0, 2
	rankof --truth gt.npy --knn 2 run.npy 2>/dev/null | body > two
	[ "$(cat two)" = "$(printf '0\t3\t1\t1\t0\t2\n0\t1\t1\t2\t0\t2\n1\t2\t1\t1\t0\t2\n1\t0\t1\t2\t0\t2')" ]
}

# distances (1, 0.5, 0.5) for ids (7, 8, 9): 8 and 9 tie at rank 1, 7
# follows at 3; a big-ann ground-truth file (.ibin: 1 row, 2 columns, ids
# 9 and 7, then their float32 distances 0.5 and 1) judges 9 and, within
# 0.5 + 0.5, 7: its last neighbour, which the note says
@test "ann: --run-distances ties equal distances; a big-ann truth file carries its distances" {
	mknpy ids.npy 1 '<i8' False '(1, 3)' "$(i4 7 0 8 0 9 0)"
	mknpy d.npy 1 '<f4' False '(1, 3)' "$(f4 1 0.5 0.5)"
	printf "$(i4 1 2 9 7)$(f4 0.5 1)" > gt.ibin
	run --separate-stderr rankof --truth gt.ibin --knn 1 --tolerance 0.5 \
	    --run-distances d.npy ids.npy
	[ "$(echo "$output" | body)" = "$(printf '0\t9\t1\t1\t1\t3\n0\t7\t1\t3\t0\t3')" ]
	[[ $stderr == "rankof: 1 of 1 queries: the threshold passes the last true neighbour in gt.ibin"* ]]
	# --tolerance 0: only 9 (Jegou's recall, big-ann's ties at d_K)
	rankof --truth gt.ibin --knn 1 --tolerance 0 --run-distances d.npy \
	    ids.npy | body > out0
	[ "$(cat out0)" = "$(printf '0\t9\t1\t1\t1\t3')" ]
}

@test "ann: refusals name the file or the option" {
	mknpy ids.npy 1 '<i8' False '(1, 2)' "$(i4 7 0 8 0)"
	mknpy f.npy 1 '<f4' False '(1, 2)' "$(f4 1 0.5)"
	mknpy d3.npy 1 '<f4' False '(1, 3)' "$(f4 1 0.5 2)"
	mknpy gt.npy 1 '<i4' False '(1, 2)' "$(i4 7 8)"
	printf "$(i4 2 7)" > short.ivecs
	run rankof --truth gt.npy ids.npy
	[ "$status" -eq 2 ]
	[[ $output == *"--truth needs --knn K"* ]]
	run rankof --truth gt.npy --knn 1 --tolerance 1 --epsilon 1 ids.npy
	[ "$status" -eq 2 ]
	[[ $output == *"--tolerance and --epsilon do not go together"* ]]
	run rankof --truth gt.npy --knn 1 --tolerance 1 ids.npy
	[ "$status" -eq 2 ]
	[[ $output == *"--tolerance and --epsilon need the true distances"* ]]
	run rankof -r /dev/null --knn 1 ids.npy
	[ "$status" -eq 2 ]
	[[ $output == *"need --truth"* ]]
	fails_with "rankof: gt.npy: --knn 3: the file has 2 neighbours a query" \
	    rankof --truth gt.npy --knn 3 ids.npy
	fails_with "rankof: f.npy: float values where ids are expected (save the ids with arr.astype('<i8'))" \
	    rankof --truth gt.npy --knn 1 f.npy
	fails_with "rankof: d3.npy: shape (1, 3), the run ids.npy has (1, 2)" \
	    rankof --truth gt.npy --knn 1 --run-distances d3.npy ids.npy
	fails_with "rankof: short.ivecs: truncated record 0" \
	    rankof --truth gt.npy --knn 1 short.ivecs
	printf "$(i4 5 0)" > none.ibin
	fails_with "rankof: none.ibin: shape (5, 0): no columns" \
	    rankof --truth gt.npy --knn 1 none.ibin
	fails_with "rankof: -: a result or ground-truth matrix is read from a file, not the standard input" \
	    rankof --truth - --knn 1 ids.npy
	printf 'q 0 d 1 1 x\n' > run.txt
	run rankof --truth gt.npy --knn 1 --run-distances f.npy run.txt
	[ "$status" -eq 2 ]
	[[ $output == *"--run-distances needs one result matrix"* ]]
}
