#!/usr/bin/env bats
# --sampled-negatives M --full-size N (hitrate, ndcg; lib/measure/sampled.c):
# the minimal-bias (:mes) and bias-variance (:bv) values of each sampled
# rank against a numpy transcription of Krichene and Rendle's least-squares
# problem ("On Sampled Metrics for Item Recommendation", KDD 2020, section
# 5: binomial P(r | R), uniform weight over R, c = ((1-g) A'A + g diag(A'1))^-1
# A'f, g = 0 by numpy's lstsq); ties as the mean over the tie group's
# ranks; simulated full rankings sampled with a fixed seed: :mes averages
# to the full measure within its standard error, :bv is nearer the full
# measure than the naive :sampled; the refusals.
load helper

PY=/usr/bin/python3

setup() {
	cd "$BATS_TEST_DIRNAME"
	TESTS=$PWD
	cd "$BATS_TEST_TMPDIR"
}

# py_or_skip SCRIPT ARGS...: /usr/bin/python3 runs SCRIPT (from stdin),
# which exits 77 when it lacks numpy: the test is skipped then
need_python() {
	[ -x "$PY" ] || skip "needs /usr/bin/python3"
}

py_or_skip() {
	need_python
	run "$PY" - "$@"
	[ "$status" -ne 77 ] || skip "needs /usr/bin/python3 with numpy"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output"
}

# reference M,N,GAMMA ...: the c vectors of hit@10, MRR and nDCG@10 at
# each M, N, gamma, as "measure rank value" lines into the file named
# M,N,GAMMA, each value by numpy from the definitions (one python run)
reference() {
	py_or_skip "$@" <<'EOF'
import sys, math
try:
    import numpy as np
except ImportError:
    sys.exit(77)
for arg in sys.argv[1:]:
  M, N, gamma = int(arg.split(",")[0]), int(arg.split(",")[1]), float(arg.split(",")[2])
  out = open(arg, "w")
  R = np.arange(1, N + 1)
  # P(r = i + 1 | R) = C(M, i) p^i (1 - p)^(M - i), p = (R - 1) / (N - 1)
  i = np.arange(M + 1)
  comb = np.array([float(math.comb(M, k)) for k in i])
  A = comb * (((R - 1) / (N - 1))[:, None] ** i) * \
      (((N - R) / (N - 1))[:, None] ** (M - i))
  full = {"hit@10": (R <= 10).astype(float), "MRR": 1.0 / R,
          "nDCG@10": np.where(R <= 10, 1.0 / np.log2(R + 1), 0.0)}
  for name, f in full.items():
      mes = np.linalg.lstsq(A, f, rcond=None)[0]
      S = (1 - gamma) * A.T @ A + gamma * np.diag(A.sum(axis=0))
      bv = np.linalg.solve(S, A.T @ f)
      for i in range(M + 1):
          print(f"{name}:mes {i + 1} {mes[i]:.12g}", file=out)
          print(f"{name}:bv {i + 1} {bv[i]:.12g}", file=out)
EOF
}

# stream M: one query at each sampled rank 1 .. M+1, no ties
stream() {
	awk -v M="$1" 'BEGIN { OFS = "\t"
		print "# query", "item", "grade", "rank", "ties", "n"
		for (r = 1; r <= M + 1; r++) print "r" r, "x", 1, r, 0, M + 1
		print "# end" }'
}

# ours M N [options]: "measure rank value" from hitrate and ndcg -q
ours() {
	local M=$1 N=$2
	shift 2
	{ hitrate -q -f -p 12 -m hit@10:mes,hit@10:bv,MRR:mes,MRR:bv \
		--sampled-negatives "$M" --full-size "$N" "$@" ranks
	  ndcg -q -f -p 12 -m nDCG@10:mes,nDCG@10:bv \
		--sampled-negatives "$M" --full-size "$N" "$@" ranks; } |
		body | awk '$2 != "all" { sub(/^r/, "", $2); print $1, $2, $3 }'
}

# close A B: the same lines, values within 1e-7 of max(1, |value|)
close() {
	sort "$1" >a.s
	sort "$2" >b.s
	join <(awk '{ print $1 "/" $2, $3 }' a.s | sort) \
	     <(awk '{ print $1 "/" $2, $3 }' b.s | sort) >joined
	[ "$(wc -l <joined)" -eq "$(wc -l <a.s)" ]
	[ "$(wc -l <joined)" -eq "$(wc -l <b.s)" ]
	awk '{ d = $2 - $3; if (d < 0) d = -d; s = $3 < 0 ? -$3 : $3
	       if (s < 1) s = 1
	       if (d > 1e-7 * s) { print "differ: " $0; bad = 1 } }
	     END { exit bad }' joined
}

@test "sampled: :mes and :bv equal numpy's least squares; --bv-gamma; ties" {
	reference 10,1000,0.1 6,300,0.5 >/dev/null
	stream 10 >ranks
	ours 10 1000 >got
	[ "$(wc -l <got)" -eq 66 ]
	close 10,1000,0.1 got
	# --bv-gamma G is the paper's gamma
	stream 6 >ranks
	grep ':bv' 6,300,0.5 >ref
	ours 6 300 --bv-gamma 0.5 | grep ':bv' >got
	close ref got
	# the relevant item ties with 2 negatives at ranks 3, 4 and 5: the
	# first, the last, the mean of the three
	printf '# query\titem\tgrade\trank\tties\tn\nt\tx\t1\t3\t2\t11\n# end\n' >ranks
	for mode in optimistic pessimistic expected; do
		hitrate -q -f -p 12 -T $mode -m hit@10:bv --sampled-negatives 10 \
			--full-size 1000 ranks | body | awk '$2 == "t" { print $3 }'
	done >got
	awk '$1 == "hit@10:bv" && $2 >= 3 && $2 <= 5 { v[$2] = $3 }
		END { printf "%.12g\n%.12g\n%.12g\n", v[3], v[5], (v[3] + v[4] + v[5]) / 3 }' \
		10,1000,0.1 >want
	paste got want | awk '{ d = $1 - $2; if (d < 0) d = -d; if (d > 1e-9) exit 1 }'
}

@test "sampled: full rankings sampled at random: :mes averages to the full hit@10, :bv is nearer it than :sampled" {
	# each full rank 1 .. 1000 five times (the uniform weight of the
	# least squares, under which the residual sums to 0 and :mes is
	# unbiased), then a top-heavy law R = 1 + floor(999 u^3); sampled
	# ranks 1 + binomial(10, (R-1)/999), numpy's seed 43
	py_or_skip >/dev/null <<'EOF'
import sys
try:
    import numpy as np
except ImportError:
    sys.exit(77)
rng = np.random.default_rng(43)
N, M = 1000, 10
for name, R in (("uniform", np.tile(np.arange(1, N + 1), 5)),
                ("top", 1 + np.floor((N - 1) * rng.random(5000) ** 3).astype(int))):
    r = 1 + rng.binomial(M, (R - 1) / (N - 1))
    with open(name, "w") as f:
        f.write("# query\titem\tgrade\trank\tties\tn\n")
        for q, x in enumerate(r):
            f.write(f"q{q}\tx\t1\t{x}\t0\t{M + 1}\n")
        f.write("# end\n")
    with open(name + ".full", "w") as f:
        f.write(f"{np.mean(R <= 10)!r}\n")
EOF
	for law in uniform top; do
		hitrate -q -f -p 12 -m hit@10:sampled,hit@10:mes,hit@10:bv \
			--sampled-negatives 10 --full-size 1000 $law | body |
			awk -v full="$(cat $law.full)" -v law=$law '
			$2 != "all" { n[$1]++; s[$1] += $3; ss[$1] += $3 * $3 }
			END { for (m in n) { mu = s[m] / n[m]
				se = sqrt((ss[m] / n[m] - mu * mu) / (n[m] - 1))
				printf "%s %s %.6f %.6f %.6f\n", law, m, mu, se, mu - full } }'
	done | sort >means
	cat means
	# :mes within one standard error of the full measure, both laws
	# (seed 43: 0.43 of one under the uniform law, 0.62 under the top one)
	for law in uniform top; do
		awk -v law=$law '$1 == law && $2 == "hit@10:mes" { d = $5 < 0 ? -$5 : $5
			found = 1; exit !(d < $4) } END { if (!found) exit 1 }' means
	done
	# :bv's bias under the naive one's, both laws
	for law in uniform top; do
		awk -v law=$law '$1 == law { b[$2] = $5 < 0 ? -$5 : $5 }
			END { exit !(b["hit@10:bv"] < b["hit@10:sampled"] / 4) }' means
	done
}

@test "sampled: :sampled is the measure of the sampled ranks; a query that is not one relevant item among M + 1 is refused by its line; the options' refusals" {
	printf '# query\titem\tgrade\trank\tties\tn\nq\tx\t1\t1\t0\t11\np\tx\t1\t2\t0\t12\n# end\n' >ranks
	fails_with "hitrate: ranks:3: query 'p': --sampled-negatives 10: has a number of candidates other than M + 1 (n = 12)" \
		hitrate --sampled-negatives 10 --full-size 100 ranks
	printf '# query\titem\tgrade\trank\tties\tn\nq\tx\t1\t1\t0\t11\nq\ty\t1\t2\t0\t11\n# end\n' >ranks
	fails_with "ndcg: ranks:2: query 'q': --sampled-negatives 10: has more than one relevant item, not one (n = 11)" \
		ndcg --sampled-negatives 10 --full-size 100 ranks
	stream 4 >ranks
	hitrate -f -m hit@2:sampled,MRR:sampled --sampled-negatives 4 --full-size 50 ranks |
		body >got
	# ranks 1 .. 5: hit@2 = 2/5, MRR = (1 + 1/2 + 1/3 + 1/4 + 1/5) / 5
	[ "$(cat got)" = "$(printf 'hit@2:sampled\tall\t0.4000\nMRR:sampled\tall\t0.4567')" ]
	stream 4 >ranks
	run --separate-stderr hitrate --sampled-negatives 4 ranks
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "hitrate: --sampled-negatives: the estimates need --full-size N, the full gallery's candidates" ]
	run --separate-stderr hitrate --sampled-negatives 4 --full-size 4 ranks
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "hitrate: --full-size 4: not more than the 4 sampled negatives and the relevant item" ]
	run --separate-stderr hitrate -m hit@10:bv ranks
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "hitrate: -m: 'hit@10:bv': the :bv column needs --sampled-negatives" ]
	run --separate-stderr hitrate -m recall@10 --sampled-negatives 4 --full-size 50 ranks
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "hitrate: --sampled-negatives: recall has no estimate from sampled ranks" ]
	run --separate-stderr ndcg --sampled-negatives 4 --full-size 50 --gallery-size 3 ranks
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "ndcg: --sampled-negatives: not with --gallery-size" ]
	run --separate-stderr ndcg --sampled-negatives 4 --full-size 50 --bv-gamma 0 ranks
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "ndcg: --bv-gamma: '0' is not a number with 0 < G <= 1" ]
	run --separate-stderr hitrate --full-size 50 ranks
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "hitrate: --full-size: only with --sampled-negatives" ]
	# the minimal-bias system at M = 20 is past double precision
	stream 20 >ranks
	run --separate-stderr hitrate -m hit@10:mes --sampled-negatives 20 --full-size 1000 ranks
	[ "$status" -eq 2 ]
	[[ "${stderr%%$'\n'*}" = "hitrate: hit@10:mes: at 20 sampled negatives of 1000, its least-squares solution is not known to 1e-6 (bound "*"): the minimal-bias values grow exponentially with M; ask for :bv" ]]
}

@test "sampled: --gallery-draws with: hit@K and MRR over every sequence of draws with replacement" {
	need_python
	# one relevant item at rank 3 tied with 2 others, 8 candidates; at
	# G = 5 the 4 others are drawn with replacement from the 7: all 7^4
	# sequences, the item's place uniform among the tied ones drawn
	printf '# query\titem\tgrade\trank\tties\tn\nq\tx\t1\t3\t2\t8\n# end\n' >ranks
	"$PY" - <<'EOF2' >want
import itertools
above, tied, others, g = 2, 2, 7, 4
for K in (1, 3):
    for mode in ("optimistic", "pessimistic", "expected"):
        hit = rr = 0.0
        for seq in itertools.product(range(others), repeat=g):
            X = sum(1 for s in seq if s < above)
            Y = sum(1 for s in seq if above <= s < above + tied)
            places = {"optimistic": [X + 1], "pessimistic": [X + Y + 1],
                      "expected": [X + 1 + j for j in range(Y + 1)]}[mode]
            hit += sum(p <= K for p in places) / len(places)
            rr += sum(1 / p for p in places) / len(places)
        n = others ** g
        print(f"{mode} hit@{K} {hit / n:.10f}")
        if K == 1:
            print(f"{mode} MRR {rr / n:.10f}")
EOF2
	for K in 1 3; do
		for mode in optimistic pessimistic expected; do
			hitrate -f -p 10 -T $mode -k $K -m hit,MRR --quiet \
				--gallery-size 5 --gallery-draws with ranks | body |
				awk -v mode=$mode -v K=$K '$1 !~ /^MRR/ || K == 1 {
					sub(/\/G5:replace$/, "", $1); print mode, $1, $3 }'
		done
	done >got
	[ "$(wc -l <got)" -eq 9 ]
	paste got want | awk '{ d = $3 - $6; if (d < 0) d = -d
		if ($1 != $4 || $2 != $5 || d > 1e-9) { print; bad = 1 } }
		END { exit bad }'
	# G may pass n with replacement, not without
	hitrate -k 1 -m hit --gallery-size 20 --gallery-draws with ranks >/dev/null
	run --separate-stderr hitrate --gallery-draws with ranks
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "hitrate: --gallery-draws: only with --gallery-size" ]
	fails_with "mapr: ranks:2: query 'q': --gallery-draws with: AP@K over the items found has no expectation with replacement here (--ap-divisor m or min has)" \
		mapr -k 3 --ap-divisor found --quiet --gallery-size 5 --gallery-draws with ranks
}
