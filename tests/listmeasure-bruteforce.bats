#!/usr/bin/env bats
# mapr and ndcg against a brute-force reference: random small score lists
# with ties, grades and relevant items that were never retrieved; an awk
# program enumerates every order of the tied items (each tie block permuted
# in place), computes every measure on each order from its definition
# (mapr(1), ndcg(1)) and averages. The programs' expected mode must match
# the mean to 1e-12; their optimistic and pessimistic modes must match the
# orders that define them (relevant items first / last inside each tie block,
# higher / lower grades first), which are also the best and worst orders for
# every measure but AP@K over the relevant items found (a relevant item that
# wins a tie at the cut-off can lower that average: it is not monotone).
# A second reference checks tie groups too large to enumerate against the
# per-position sums of mapr(1) and ndcg(1), term by term.
load helper
bats_require_minimum_version 1.5.0

# The reference. Writes the rank stream to RS; prints, for every measure and
# query: name query mean max min optimistic-order pessimistic-order.
# Names: Rprec MAP@R AP mINP AP@K/m AP@K/min AP@K/found nDCG@K/lin
# nDCG@K/exp nDCG/lin nDCG/exp.
BF_AWK='
function lg2(x) { return log(x) / log(2) }
function gain(g, kind) { return kind == "exp" ? 2 ^ g - 1 : g }
function measure(name, v) {
	if (mode == "enum") {
		sum[name] += v
		if (!(name in mx) || v > mx[name]) mx[name] = v
		if (!(name in mn) || v < mn[name]) mn[name] = v
		names[name] = 1
	} else if (mode == "opt") opt[name] = v
	else pess[name] = v
}
# the measures of the order cur[1..n]
function evaluate(   p, cnt, k, x, K, s, f, i, j, t, ig, ng, kn, kind, dcg, ideal) {
	cnt = 0
	for (p = 1; p <= n; p++)
		if (rel[cur[p]]) { cnt++; pos[cnt] = p; gg[cnt] = gr[cur[p]] }
	m = cnt + nun
	x = 0
	for (k = 1; k <= cnt; k++) if (pos[k] <= m) x++
	measure("Rprec", x / m)
	s = 0
	for (k = 1; k <= cnt; k++) if (pos[k] <= m) s += k / pos[k]
	measure("MAP@R", s / m)
	s = 0
	for (k = 1; k <= cnt; k++) s += k / pos[k]
	measure("AP", s / m)
	measure("mINP", cnt ? cnt / pos[cnt] : 0)
	for (i = 1; i <= nK; i++) {
		K = Ks[i]; s = 0; f = 0
		for (k = 1; k <= cnt; k++) if (pos[k] <= K) { s += k / pos[k]; f++ }
		measure("AP@" K "/m", s / m)
		measure("AP@" K "/min", s / (m < K ? m : K))
		measure("AP@" K "/found", f ? s / f : 0)
	}
	# the ideal: every relevant grade, retrieved or not, highest first
	ng = 0
	for (k = 1; k <= cnt; k++) ig[++ng] = gg[k]
	for (k = 1; k <= nun; k++) ig[++ng] = ugr[k]
	for (i = 2; i <= ng; i++)
		for (j = i; j > 1 && ig[j] > ig[j-1]; j--) { t = ig[j]; ig[j] = ig[j-1]; ig[j-1] = t }
	for (kind = 0; kind < 2; kind++) {
		kn = kind ? "exp" : "lin"
		for (i = 0; i <= nK; i++) {
			K = i ? Ks[i] : 1e9
			dcg = 0; ideal = 0
			for (k = 1; k <= cnt; k++) if (pos[k] <= K) dcg += gain(gg[k], kn) / lg2(1 + pos[k])
			for (k = 1; k <= ng && k <= K; k++) ideal += gain(ig[k], kn) / lg2(1 + k)
			measure((i ? "nDCG@" K : "nDCG") "/" kn, ideal > 0 ? dcg / ideal : 0)
		}
	}
	if (mode == "enum") norders++
}
# every order: each tie block gend[p] is permuted in place
function permute(p,   j, t) {
	if (p > n) { evaluate(); return }
	for (j = p; j <= gend[p]; j++) {
		t = cur[p]; cur[p] = cur[j]; cur[j] = t
		permute(p + 1)
		t = cur[p]; cur[p] = cur[j]; cur[j] = t
	}
}
function key(i, how) {
	if (how == "opt") return rel[i] ? -gr[i] : 1	# relevant first, high grades first
	return rel[i] ? gr[i] : -1			# relevant last, low grades first
}
function fixedorder(how,   p, r, t) {
	for (p = 1; p <= n; p++) cur[p] = base[p]
	for (p = 1; p <= n; p++)
		for (r = p; r > gbeg[p] && key(cur[r], how) < key(cur[r-1], how); r--) {
			t = cur[r]; cur[r] = cur[r-1]; cur[r-1] = t
		}
	mode = how
	evaluate()
}
BEGIN {
	srand(seed)
	nK = split(KS, Ks, ",")
	for (qi = 1; qi <= NQ; qi++) {
		q = sprintf("q%02d", qi)
		n = int(rand() * (MAXN + 1))
		nret = 0
		for (i = 1; i <= n; i++) {
			sc[i] = int(rand() * LEVELS)
			rel[i] = rand() < 0.45
			gr[i] = rel[i] ? 1 + int(rand() * 3) : 0
			nret += rel[i]
		}
		nun = rand() < 0.5 ? 0 : 1 + int(rand() * 2)
		if (nret + nun == 0) nun = 1
		for (k = 1; k <= nun; k++) ugr[k] = 1 + int(rand() * 3)
		# rank stream: rank = 1 + #higher, ties = #others equal
		for (i = 1; i <= n; i++) {
			rk[i] = 1; ti[i] = 0
			for (j = 1; j <= n; j++) {
				if (sc[j] > sc[i]) rk[i]++
				else if (j != i && sc[j] == sc[i]) ti[i]++
			}
		}
		for (r = 1; r <= n; r++)
			for (i = 1; i <= n; i++)
				if (rel[i] && rk[i] == r)
					printf "%s\td%d\t%d\t%d\t%d\t%d\n", q, i, gr[i], rk[i], ti[i], n > RS
		for (k = 1; k <= nun; k++)
			printf "%s\tu%d\t%d\t-\t-\t%d\n", q, k, ugr[k], n > RS
		# the items by score, and the tie blocks
		p = 0
		for (v = LEVELS - 1; v >= 0; v--) {
			b = p + 1
			for (i = 1; i <= n; i++) if (sc[i] == v) base[++p] = i
			for (j = b; j <= p; j++) { gbeg[j] = b; gend[j] = p }
		}
		split("", sum); split("", mx); split("", mn); split("", names)
		norders = 0
		mode = "enum"
		for (p = 1; p <= n; p++) cur[p] = base[p]
		permute(1)
		fixedorder("opt")
		fixedorder("pess")
		for (name in names)
			printf "%s\t%s\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\n", name, q,
			    sum[name] / norders, mx[name], mn[name], opt[name], pess[name]
	}
}'

# bf SEED NQ MAXN LEVELS KS: the rank stream in $RS, the reference in $REF
bf() {
	RS="$BATS_TEST_TMPDIR/ranks" REF="$BATS_TEST_TMPDIR/ref" KS=$5
	: >"$RS"
	awk -v seed="$1" -v NQ="$2" -v MAXN="$3" -v LEVELS="$4" -v KS="$5" \
		-v RS_="$RS" "${BF_AWK//> RS/> RS_}" >"$REF"
	[ -s "$REF" ]
}

# progs MODE: every program value as "name query value", reference names
progs() {
	local t="-T $1 -q -f -p 15 -k $KS"
	# each awk leaves out the '#' lines as body would (a grep a run less)
	{
		mapr $t -m Rprec,MAP@R,AP,mINP,AP@K <"$RS" |
			awk '!/^#/ { if ($1 ~ /^AP@/) $1 = $1 "/m"; print }'
		mapr $t -m AP@K --ap-divisor min <"$RS" | awk '!/^#/ { $1 = $1 "/min"; print }'
		mapr $t -m AP@K --ap-divisor found <"$RS" | awk '!/^#/ { $1 = $1 "/found"; print }'
		ndcg $t <"$RS" | awk '!/^#/ { $1 = $1 "/lin"; print }'
		ndcg $t --gain exp <"$RS" | awk '!/^#/ { $1 = $1 "/exp"; print }'
	} | awk '$2 != "all"'
}

# compare MODE COLUMN [SKIP-REGEX]: the programs in MODE against column
# COLUMN of the reference (3 mean, 4 max, 5 min, 6 opt order, 7 pess order)
# to 1e-12; names matching SKIP-REGEX are left out
compare() {
	progs "$1" >"$BATS_TEST_TMPDIR/got"
	awk -v col="$2" -v skip="${3:-^$}" '
	NR == FNR { if ($1 !~ skip) { want[$1 " " $2] = $col; n++ } next }
	{
		k = $1 " " $2
		if (!(k in want)) next
		d = $3 - want[k]; if (d < 0) d = -d
		if (d > 1e-12) { printf "%s: got %s, want %.17g\n", k, $3, want[k]; bad++ }
		seen[k] = 1; c++
	}
	END {
		for (k in want) if (!(k in seen)) { print "missing " k; bad++ }
		printf "%d values compared\n", c
		exit bad > 0 || c != n
	}' "$REF" "$BATS_TEST_TMPDIR/got"
}

@test "bruteforce: the generator makes ties, grades and unretrieved items" {
	bf 11 40 7 3 1,2,3,5
	# every query has relevant items, some tied, some unretrieved, some with
	# no retrieved relevant item at all
	[ "$(cut -f1 "$RS" | sort -u | wc -l)" -eq 40 ]
	awk '$5 != "-" && $5 > 0' "$RS" | grep -q .
	awk '$4 == "-"' "$RS" | grep -q .
	awk '$3 >= 2' "$RS" | grep -q .
	[ "$(wc -l <"$REF")" -eq $((40 * (4 + 3 * 4 + 2 * 5))) ]
}

@test "bruteforce: -T expected is the mean over every tie order (3 score levels)" {
	bf 11 40 7 3 1,2,3,5
	compare expected 3
}

@test "bruteforce: -T expected is the mean over every tie order (2 score levels, n <= 8)" {
	bf 12 30 8 2 1,2,4,6,10
	compare expected 3
}

@test "bruteforce: -T expected is the mean over every tie order (everything tied)" {
	bf 13 25 7 1 1,3,4,7
	compare expected 3
}

@test "bruteforce: -T optimistic is the order relevant-first, best grades first" {
	bf 14 40 7 2 1,2,3,5
	compare optimistic 6
}

@test "bruteforce: -T pessimistic is the order relevant-last, worst grades first" {
	bf 14 40 7 2 1,2,3,5
	compare pessimistic 7
}

@test "bruteforce: optimistic and pessimistic are the best and worst orders (AP@K/found aside)" {
	bf 15 40 7 2 1,2,3,5
	compare optimistic 4 '/found$'
	compare pessimistic 5 '/found$'
}

@test "bruteforce: AP@K/found is not monotone in ties: pessimistic beats optimistic" {
	# d1 relevant at 1, d2 not at 2, a tie of 2 at positions 3..4 holding one
	# relevant item, K = 3. Optimistic: relevant at 1 and 3, (1 + 2/3)/2 = 5/6;
	# pessimistic: only the one at 1 is found, 1/1 = 1; expected (5/6 + 1)/2.
	printf 'q\td1\t1\t1\t0\t4\nq\td3\t1\t3\t1\t4\n' >"$BATS_TEST_TMPDIR/r"
	for m in optimistic:0.833333333333333 pessimistic:1.000000000000000 \
		expected:0.916666666666667; do
		run --separate-stderr mapr -T "${m%%:*}" -m AP@K -k 3 --ap-divisor found \
			-f -p 15 "$BATS_TEST_TMPDIR/r"
		[ "$status" -eq 0 ]
		[ "$(echo "$output" | body)" = "AP@3	all	${m#*:}" ]
	done
}

# Tie groups of 50 and 200 positions (past the direct sums of
# harmonic_diff, into its asymptotic branch), checked against the
# per-position formulas summed term by term:
#   E[share of AP] = sum_{i=1..u} (s/t) (c+1+(s-1)(i-1)/(t-1)) / (a+i)
#   E[DCG]         = (G/t) sum_{i=1..u} 1/log2(1+a+i)
#   E[1/last]      = sum_{j=s..t} (C(j,s) - C(j-1,s)) / C(t,s) / (a+j)
# q1: d0 alone at rank 1; 3 relevant in a tie at 6..55 (a = 5, t = 50);
#     5 relevant in a tie at 101..300 (a = 100, t = 200); 2 never retrieved.
# q2: 2 relevant in a tie of 120 at 41..160, nothing else (m = 2).
BIG_AWK='
function lg2(x) { return log(x) / log(2) }
function ap(K,    k, i, u, c, s) {	# expected sum of precisions at <= K
	s = 0; c = 0
	for (k = 1; k <= ng; k++) {
		u = t[k]; if (K - a[k] < u) u = K - a[k]
		for (i = 1; i <= u; i++)
			s += (gs[k] / t[k]) * (c + 1 + (t[k] > 1 ? (gs[k] - 1) * (i - 1) / (t[k] - 1) : 0)) / (a[k] + i)
		c += gs[k]
	}
	return s
}
function found(K,    k, h, u) {
	h = 0
	for (k = 1; k <= ng; k++) {
		u = t[k]; if (K - a[k] < u) u = K - a[k]
		if (u > 0) h += gs[k] * u / t[k]
	}
	return h
}
function dcg(K, kind,    k, i, u, s) {
	s = 0
	for (k = 1; k <= ng; k++) {
		u = t[k]; if (K - a[k] < u) u = K - a[k]
		for (i = 1; i <= u; i++) s += (G[kind, k] / t[k]) / lg2(1 + a[k] + i)
	}
	return s
}
function idcg(K, kind,    i, s) {
	s = 0
	for (i = 1; i <= m && i <= K; i++) s += (kind == "exp" ? 2 ^ ig[i] - 1 : ig[i]) / lg2(1 + i)
	return s
}
function cdf(j, s, tt,    k, p) {	# C(j,s)/C(tt,s)
	p = 1
	for (k = 0; k < s; k++) p *= (j - k) / (tt - k)
	return j < s ? 0 : p
}
function out(name, v) { printf "%s\t%s\t%.17g\n", name, q, v }
function finish(   k, e, j, K, kind, nret, i, x, y) {
	nret = 0
	for (k = 1; k <= ng; k++) nret += gs[k]
	# the ideal grades, highest first
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && ig[j] > ig[j-1]; j--) { x = ig[j]; ig[j] = ig[j-1]; ig[j-1] = x }
	out("Rprec", found(m) / m)
	out("MAP@R", ap(m) / m)
	out("AP", ap(1e9) / m)
	e = 0
	for (j = gs[ng]; j <= t[ng]; j++)
		e += (cdf(j, gs[ng], t[ng]) - cdf(j - 1, gs[ng], t[ng])) / (a[ng] + j)
	out("mINP", nret * e)
	for (i = 1; i <= nK; i++) out("AP@" Ks[i], ap(Ks[i]) / m)
	for (i = 1; i <= nK; i++) out("nDCG@" Ks[i] "/lin", dcg(Ks[i], "lin") / idcg(Ks[i], "lin"))
	for (i = 1; i <= nK; i++) out("nDCG@" Ks[i] "/exp", dcg(Ks[i], "exp") / idcg(Ks[i], "exp"))
	out("nDCG/lin", dcg(1e9, "lin") / idcg(1e9, "lin"))
	out("nDCG/exp", dcg(1e9, "exp") / idcg(1e9, "exp"))
}
BEGIN { nK = split(KS, Ks, ",") }
$1 != q { if (q != "") finish(); q = $1; ng = 0; m = 0 }
{
	ig[++m] = $3
	if ($4 == "-") next
	if (ng == 0 || a[ng] != $4 - 1) { ng++; a[ng] = $4 - 1; t[ng] = $5 + 1; gs[ng] = 0; G["lin", ng] = 0; G["exp", ng] = 0 }
	gs[ng]++; G["lin", ng] += $3; G["exp", ng] += 2 ^ $3 - 1
}
END { finish() }'

@test "bruteforce: large tie groups against the per-position sums" {
	r="$BATS_TEST_TMPDIR/big"
	cat >"$r" <<-'R'
	q1	d0	1	1	0	400
	q1	d1	3	6	49	400
	q1	d2	1	6	49	400
	q1	d3	2	6	49	400
	q1	d4	1	101	199	400
	q1	d5	2	101	199	400
	q1	d6	3	101	199	400
	q1	d7	1	101	199	400
	q1	d8	1	101	199	400
	q1	u1	2	-	-	400
	q1	u2	4	-	-	400
	q2	d1	1	41	119	300
	q2	d2	2	41	119	300
	R
	KS=3,10,30,60,150,250,1000
	awk -v KS="$KS" "$BIG_AWK" "$r" >"$BATS_TEST_TMPDIR/want"
	{
		mapr -q -f -p 15 -k $KS -m Rprec,MAP@R,AP,mINP,AP@K "$r" | body
		ndcg -q -f -p 15 -k $KS "$r" | body | awk '{ $1 = $1 "/lin"; print }'
		ndcg -q -f -p 15 -k $KS --gain exp "$r" | body | awk '{ $1 = $1 "/exp"; print }'
	} | awk '$2 != "all"' >"$BATS_TEST_TMPDIR/got"
	awk 'NR == FNR { want[$1 " " $2] = $3; n++; next }
	{
		k = $1 " " $2; d = $3 - want[k]; if (d < 0) d = -d
		if (!(k in want) || d > 1e-12) { printf "%s: got %s, want %.17g\n", k, $3, want[k]; bad++ }
		c++
	}
	END { printf "%d values compared\n", c; exit bad > 0 || c != n }' \
		"$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

# apk_found NAME "a t s K c p1 p2 ...": a query with c untied relevant items
# at positions p1.. and s relevant items tied at a+1..a+t (n = a+t+5, two
# relevant items never retrieved); mapr's expected AP@K over the items found
# against tests/data/apk-found.bc, which sums the same expectation in exact
# integer arithmetic by another route (order statistics, not the closed form)
apk_found() {
	local a=$2 t=$3 s=$4 K=$5 c=$6 j got
	shift 6
	{
		j=0
		for p in "$@"; do
			j=$((j + 1))
			printf 'q\tf%d\t1\t%d\t0\t%d\n' "$j" "$p" $((a + t + 5))
		done
		for j in $(seq "$s"); do
			printf 'q\tg%03d\t1\t%d\t%d\t%d\n' "$j" $((a + 1)) $((t - 1)) $((a + t + 5))
		done
		printf 'q\tu1\t1\t-\t-\t%d\nq\tu2\t1\t-\t-\t%d\n' $((a + t + 5)) $((a + t + 5))
	} >"$BATS_TEST_TMPDIR/r"
	want=$({
		echo "a = $a; t = $t; s = $s; k = $K; c = $c"
		j=0
		for p in "$@"; do j=$((j + 1)); echo "p[$j] = $p"; done
		cat "$BATS_TEST_DIRNAME/data/apk-found.bc"
	} | bc -q)
	run --separate-stderr mapr -m AP@K -k "$K" --ap-divisor found -f -p 15 "$BATS_TEST_TMPDIR/r"
	[ "$status" -eq 0 ]
	got=$(printf '%s\n' "$output" | awk -F'\t' '$2 == "all" { print $3 }')
	echo "$1: got $got, want $want (exact)"
	awk -v g="$got" -v w="$want" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d < 1e-13) }'
}

@test "bruteforce: AP@K --ap-divisor found under large tie groups, exact (bc)" {
	command -v bc >/dev/null || skip "needs bc (Debian package bc) for the exact sums"
	# the two cases of the mutation audit (issue text): a truncated
	# hypergeometric sum moves the first from 0.352235 to 0.352089
	apk_found "a=0 t=200 s=50 K=20" 0 200 50 20 0
	[ "$want" = ".352234656611257173443561531730" ]
	apk_found "a=10 t=1000 s=30 K=20" 10 1000 30 20 0
	[ "$want" = ".018698273145546514161205573275" ]
	# relevant items above the group (c = 2 at positions 2 and 5), a group
	# that may hold none of them inside K, and one that fills K for sure
	apk_found "c=2 a=8 t=60 s=12 K=25" 8 60 12 25 2 2 5
	apk_found "c=1 a=3 t=40 s=35 K=30" 3 40 35 30 1 1
	apk_found "c=3 a=50 t=300 s=4 K=120" 50 300 4 120 3 7 20 41
}

# summary MODE F COLUMN [CHANCE]: mapr's and ndcg's fold and `all` rows
# (--folds F) in tie mode MODE against data/folds.awk over column
# COLUMN of the reference (3 mean, 6 optimistic order, 7 pessimistic
# order); F = 1 is the plain `all` row. With CHANCE (a reference of the same
# queries with everything tied, in $CREF) the --chance rows too.
summary() {
	local t="-T $1 -f -p 15 -k $KS --folds $2"
	# each awk leaves out the '#' lines as body would (a grep a run less)
	{
		mapr $t -m Rprec,MAP@R,AP,mINP,AP@K ${4:+--chance} <"$RS" |
			awk -F'\t' -v OFS='\t' '!/^#/ { if ($1 ~ /^AP@/) $1 = $1 "/m"; print }'
		mapr $t -m AP@K --ap-divisor min ${4:+--chance} <"$RS" | awk -F'\t' -v OFS='\t' '!/^#/ { $1 = $1 "/min"; print }'
		mapr $t -m AP@K --ap-divisor found ${4:+--chance} <"$RS" | awk -F'\t' -v OFS='\t' '!/^#/ { $1 = $1 "/found"; print }'
		ndcg $t ${4:+--chance} <"$RS" | awk -F'\t' -v OFS='\t' '!/^#/ { $1 = $1 "/lin"; print }'
		ndcg $t --gain exp ${4:+--chance} <"$RS" | awk -F'\t' -v OFS='\t' '!/^#/ { $1 = $1 "/exp"; print }'
	} >"$BATS_TEST_TMPDIR/got"
	{
		awk '{ print "query\t" $2 }' "$REF" | uniq
		awk -v col="$3" -v OFS='\t' '{ print $1, $2, $col }' "$REF"
		[ -z "${4:-}" ] || awk -v OFS='\t' '$1 ~ /^(AP|nDCG)@/ { sub(/\//, ":chance/", $1); print $1, $2, $3 }' "$CREF"
	} | awk -v F="$2" -f "$BATS_TEST_DIRNAME/data/folds.awk" >"$BATS_TEST_TMPDIR/want"
	awk -F'\t' 'NR == FNR { want[$1 " " $2] = $3; n++; next }
	{
		k = $1 " " $2
		if (!(k in want)) { print "extra row " k; bad++; next }
		d = $3 - want[k]; if (d < 0) d = -d
		if (d > 1e-12) { printf "%s: got %s, want %.17g\n", k, $3, want[k]; bad++ }
		c++
	}
	END { printf "%d summary rows compared\n", c; exit bad > 0 || c != n }' \
		"$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

@test "bruteforce: all rows of mapr and ndcg are the means of the brute force, three modes" {
	bf 11 40 7 3 1,2,3,5
	summary expected 1 3
	summary optimistic 1 6
	summary pessimistic 1 7
}

@test "bruteforce: --folds rows and their all row (mapr, ndcg) against the brute force" {
	bf 12 40 7 2 1,2,4,6
	summary expected 5 3
	summary pessimistic 4 7
	summary optimistic 8 6
}

@test "bruteforce: --chance rows (AP@K, nDCG@K) are the brute force of the same queries all tied" {
	# the generator draws the same relevance and grades for a seed whatever
	# the number of score levels, so LEVELS = 1 ties each whole gallery
	bf 16 30 7 1 1,2,3,5
	cp "$REF" "$BATS_TEST_TMPDIR/cref"
	cut -f1-3 "$RS" | sort >"$BATS_TEST_TMPDIR/crel"
	CREF="$BATS_TEST_TMPDIR/cref"
	bf 16 30 7 3 1,2,3,5
	# the two references are of the same queries: same relevant counts
	cut -f1-3 "$RS" | sort | cmp - "$BATS_TEST_TMPDIR/crel"
	summary expected 1 3 chance
	summary optimistic 5 6 chance
}
