#!/usr/bin/env bats
# CUHK03's single-shot protocol (issue 43): rankof --single-shot writes
# hit@K:single-shot, the exact expectation of the CMC over the draws of
# one gallery item per identity. The reference enumerates what torchreid's
# eval_cuhk03 samples (deep-person-reid, torchreid/metrics/rank.py): every
# draw, and in each drawn gallery every order of the items tied with the
# drawn positive, in exact fractions.
load helper
load data/ranks/common

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# the brute-force reference, python's standard library only: "make SEED"
# writes labels and scores of random small galleries with ties and the
# expected rows (want); "check" compares the rows of rankof -p 8 (got)
# with them, to the last printed decimal
reference() {
	cat > bf.py <<-'PY'
	import itertools, random, sys
	from fractions import Fraction
	K = [1, 2, 3, 5, 9]
	def make(seed):
	    rng = random.Random(seed)
	    gal = [("g%d" % i, "ABCDEF"[i % 6], rng.choice("12")) for i in range(18)]
	    qs = [("q%d" % i, rng.choice("ABCDEFABCDEFG"), rng.choice("12")) for i in range(120)]
	    with open("labels", "w") as f:
	        for r in gal + qs:
	            f.write(" ".join(r) + "\n")
	    lab = {g: (l, c) for g, l, c in gal}
	    rows, sums, nvalid = [], [Fraction(0)] * len(K), 0
	    with open("scores", "w") as f:
	        for q, ql, qc in qs:
	            cands = rng.sample([g for g, _, _ in gal], rng.randint(4, 12))
	            sc = {g: rng.randint(1, 5) for g in cands}
	            for g in cands:
	                f.write("%s %s %d\n" % (q, g, sc[g]))
	            # torchreid: same identity and camera removed; a query
	            # without a match left is skipped
	            kept = [g for g in cands if lab[g] != (ql, qc)]
	            if not any(lab[g][0] == ql for g in kept):
	                continue
	            ids = {}
	            for g in kept:
	                ids.setdefault(lab[g][0], []).append(g)
	            hits, ndraw = [Fraction(0)] * len(K), 0
	            for draw in itertools.product(*ids.values()):
	                ndraw += 1
	                x = next(g for g in draw if lab[g][0] == ql)
	                above = sum(sc[g] > sc[x] for g in draw)
	                tied = [g for g in draw if sc[g] == sc[x]]
	                perms = list(itertools.permutations(tied))
	                for i, k in enumerate(K):
	                    n = sum(above + p.index(x) + 1 <= k for p in perms)
	                    hits[i] += Fraction(n, len(perms))
	            nvalid += 1
	            for i, k in enumerate(K):
	                v = hits[i] / ndraw
	                rows.append(("hit@%d:single-shot" % k, q, v))
	                sums[i] += v
	    for i, k in enumerate(K):
	        rows.append(("hit@%d:single-shot" % k, "all", sums[i] / nvalid))
	    with open("want", "w") as f:
	        for m, q, v in rows:
	            f.write("%s\t%s\t%d/%d\n" % (m, q, v.numerator, v.denominator))
	def check():
	    want = [l.split("\t") for l in open("want").read().split("\n") if l]
	    got = [l.split("\t") for l in open("got").read().split("\n")
	           if l and not l.startswith("#")]
	    assert [w[:2] for w in want] == [g[:2] for g in got], "rows differ"
	    for (m, q, v), (_, _, g) in zip(want, got):
	        exact = Fraction(v) * 100
	        if abs(Fraction(g) - exact) > Fraction(1, 2 * 10**8) + Fraction(1, 10**12):
	            sys.exit("%s %s: got %s, want %s" % (m, q, g, float(exact)))
	    print(len(got), "rows")
	make(int(sys.argv[2])) if sys.argv[1] == "make" else check()
	PY
}

@test "single-shot: a hand case (junk out, a tie with the positive)" {
	# q1 (A, camera 1): g2 is A on camera 1, junk. Positive g1 at 0.9; B
	# draws g3 (0.95, above) or g4 (below); C's g5 ties at 0.9. B above:
	# rank 2 or 3; B below: rank 1 or 2: hit@1 = 1/4, hit@2 = 3/4.
	tsv 'q1 A 1' 'g1 A 2' 'g2 A 1' 'g3 B 1' 'g4 B 2' 'g5 C 1' > lab
	tsv 'q1 g1 0.9' 'q1 g2 0.99' 'q1 g3 0.95' 'q1 g4 0.5' 'q1 g5 0.9' > sc
	run --separate-stderr rankof -l lab --junk same-camera --single-shot 1,2,3 sc
	[ "$status" -eq 0 ]
	same "$output" "$(tsv '# measure query value' \
	    'hit@1:single-shot q1 25.00' 'hit@2:single-shot q1 75.00' \
	    'hit@3:single-shot q1 100.00' 'hit@1:single-shot all 25.00' \
	    'hit@2:single-shot all 75.00' 'hit@3:single-shot all 100.00' '# end')"
	# distances, lowest first: the same draws
	awk '{ print $1, $2, -$3 }' sc > dist
	run --separate-stderr rankof -l lab --junk same-camera --lower-is-better --single-shot 1,2,3 dist
	same "$output" "$(rankof -l lab --junk same-camera --single-shot 1,2,3 sc)"
}

@test "single-shot: every draw and tie order enumerated (python) gives the values" {
	[ -x /usr/bin/python3 ] || skip "needs /usr/bin/python3"
	reference
	/usr/bin/python3 bf.py make 43
	rankof -l labels --junk same-camera --single-shot 1,2,3,5,9 -p 8 scores > got 2> notes
	run /usr/bin/python3 bf.py check
	echo "$output"
	[ "$status" -eq 0 ]
	# the queries skipped are counted: G has no gallery item
	grep -q 'queries have no relevant item among their candidates: left out of --single-shot, as torchreid skips them' notes
	# the same bytes on 3 threads in small chunks
	RANKKIT_CHUNK=64 rankof -j 3 -l labels --junk same-camera --single-shot 1,2,3,5,9 -p 8 scores > got3 2>/dev/null
	cmp got got3
}

@test "single-shot: usage errors and cut or folded scores are refused" {
	tsv 'q1 A 1' 'g1 A 2' 'g2 B 1' > lab
	tsv 'q1 g1 2' 'q1 g2 1' > sc
	run --separate-stderr rankof -r lab --single-shot 1 sc
	[ "$status" -eq 2 ]
	[[ ${lines[0]:-$stderr} == *"--single-shot needs labels: -l, or --query-labels and --item-labels (the identities)"* ]]
	run --separate-stderr rankof -l lab -M 1 --single-shot 1 sc
	[ "$status" -eq 2 ]
	[[ $stderr == *"--single-shot needs every candidate of each query"* ]]
	run --separate-stderr rankof -l lab --break id --single-shot 1 sc
	[ "$status" -eq 2 ]
	[[ $stderr == "rankof: --single-shot takes ties in the expected mode (every order of a drawn gallery's ties alike): no --break"* ]]
	run --separate-stderr rankof -l lab -p 3 sc
	[ "$status" -eq 2 ]
	[[ $stderr == "rankof: -p needs --single-shot"* ]]
	run --separate-stderr rankof -l lab --single-shot 0 sc
	[ "$status" -eq 2 ]
	[[ $stderr == "rankof: --single-shot: '0' is not a positive integer"* ]]
	{ echo '# query	item	score'; echo '# depth 1'; echo 'q1	g1	2'; echo '# end'; } > cut
	fails_with "rankof: cut:2: --single-shot draws from the whole gallery of each query: these scores were cut or folded" \
	    rankof -l lab --single-shot 1 cut
	tsv 'all A 1' 'g1 A 2' > lab2
	tsv 'all g1 2' > sc2
	fails_with "rankof: sc2:1: a query named 'all' would be taken for the summary rows of the measure stream" \
	    rankof -l lab2 --single-shot 1 sc2
}

@test "single-shot: examples/pipelines/cuhk03.sh on synthemb's re-id data, as the exact expectation computes it (python)" {
	[ -x /usr/bin/python3 ] || skip "needs /usr/bin/python3"
	synthemb -s 5 -n 40 -d 16 --distractors 0 --junk 0 -o r reid
	run --separate-stderr sh "$BATS_TEST_DIRNAME/../examples/pipelines/cuhk03.sh" r
	status_is 0
	got=$(printf '%s\n' "$output" | awk '$1 == "CUHK03" { print $3, $4, $5, $6, $7 }')
	# the definition transcribed from the score stream, tie-free data (a
	# tie with a positive stops it): per query, same person and camera
	# out, no match left skipped; for each match x, each other identity
	# above it with chance a_j, independently; hit@K the chance that
	# fewer than K are, a Poisson-binomial tail; AP on the whole gallery
	simmat -m cos r/query.npy r/gallery.npy > scores
	want=$(/usr/bin/python3 - r/query.labels r/gallery.labels scores <<-'PY'
	import sys
	def labels(f):
	    return {r: (l, c) for r, l, c in (line.split() for line in open(f))}
	ql, gl = labels(sys.argv[1]), labels(sys.argv[2])
	sc = {}
	for line in open(sys.argv[3]):
	    if not line.startswith("#"):
	        q, g, s = line.split()
	        sc.setdefault(q, []).append((g, float(s)))
	K = [1, 5, 10, 20]
	hits, aps, n = [0.0] * 4, 0.0, 0
	for q, cands in sc.items():
	    kept = [(g, s) for g, s in cands if gl[g] != ql[q]]
	    pos = [s for g, s in kept if gl[g][0] == ql[q][0]]
	    if not pos:
	        continue
	    n += 1
	    ids = {}
	    for g, s in kept:
	        if gl[g][0] != ql[q][0]:
	            ids.setdefault(gl[g][0], []).append(s)
	    for x in pos:
	        assert all(s != x for g, s in kept if gl[g][0] != ql[q][0]), "a tie"
	        law = [1.0]
	        for ss in ids.values():
	            a = sum(s > x for s in ss) / len(ss)
	            law = [(law[i] if i < len(law) else 0) * (1 - a) +
	                   (law[i - 1] * a if i > 0 else 0) for i in range(len(law) + 1)]
	        for i, k in enumerate(K):
	            hits[i] += sum(law[:k]) / len(pos)
	    order = sorted(kept, key=lambda t: -t[1])
	    found, ap = 0, 0.0
	    for r, (g, s) in enumerate(order, 1):
	        if gl[g][0] == ql[q][0]:
	            found += 1
	            ap += found / r
	    aps += ap / len(pos)
	print(" ".join("%.1f" % (100 * h / n) for h in hits), "%.1f" % (100 * aps / n))
	PY
	)
	same "$got" "$want"
}
