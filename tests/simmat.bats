#!/usr/bin/env bats
# simmat: scores computed independently here (awk recomputes every dot
# product, cosine and distance; the small cases are worked by hand).

bats_require_minimum_version 1.5.0
load helper
load npy

setup() {
	cd "$BATS_TEST_TMPDIR"
	# 4 queries and 5 items in 3 dimensions, text (printf, a builtin: no
	# process a test)
	printf '%s\n' 'q0 0.25 -1.5 2' 'q1 3 0.125 -0.75' 'q2 -2 1e-3 0.5' \
	    'q3 0 0 0' >q.txt
	printf '%s\n' 'a 1 2 3' 'b -0.5 0.3 0.7' 'c 0.1 0.2 0.3' 'd 4 -4 1.5' \
	    'e 0 0 0' >i.txt
}

# awk_scores METRIC Q I: query item score with %.17g, each sum in dimension
# order by fused multiply-adds, as simmat(1) defines it. awk has no fma(),
# so fma(a, b, c) is emulated in double arithmetic as Boldo and Melquiond
# prove correct ("Emulation of FMA and correctly rounded sums: proved
# algorithms using rounding to odd", IEEE Trans. Computers 57(4), 2008,
# algorithm 5.4): a*b = p + e exactly (Dekker's product with Veltkamp's
# split), c + p = s + t exactly (Knuth's two-sum), v = t + e rounded to odd
# (to nearest, then to the odd neighbour when inexact and even), and
# fma = s + v rounded to nearest.
awk_scores() {
	awk -v m="$1" '
	function hi(a,   c) { c = 134217729 * a; return c - (c - a) }
	function ulp(x,   a, q) {	# 2^(e-52) for 2^e <= |x| < 2^(e+1)
		a = x < 0 ? -x : x; q = 1
		while (q > a) q /= 2
		while (q * 2 <= a) q *= 2
		return q / 4503599627370496
	}
	function odd(t, e,   u, z, r, g, n) {	# t + e rounded to odd
		u = t + e; z = u - t; r = (t - (u - z)) + (e - z)
		if (r == 0) return u
		g = ulp(u); n = (u < 0 ? -u : u) / g
		if (n % 2 == 1) return u
		if ((r > 0) != (u > 0) && n == 4503599627370496) g /= 2
		return u + (r > 0 ? g : -g)
	}
	function fma(a, b, c,   p, ah, bh, e, s, z, t) {
		p = a * b; ah = hi(a); bh = hi(b)
		e = ((ah * bh - p) + ah * (b - bh) + (a - ah) * bh) + (a - ah) * (b - bh)
		s = c + p; z = s - c; t = (c - (s - z)) + (p - z)
		return s + odd(t, e)
	}
	FNR == 1 { f++ }
	/^#/ || NF == 0 { next }
	f == 1 { nq++; qid[nq] = $1; for (k = 2; k <= NF; k++) Q[nq, k - 1] = $k; D = NF - 1; next }
	{ ni++; iid[ni] = $1; for (k = 2; k <= NF; k++) I[ni, k - 1] = $k }
	END {
		for (a = 1; a <= nq; a++) for (b = 1; b <= ni; b++) {
			s = 0; nqq = 0; nii = 0
			for (k = 1; k <= D; k++) {
				if (m == "l2") { d = Q[a, k] - I[b, k]; s = fma(d, d, s) }
				else s = fma(Q[a, k], I[b, k], s)
				nqq = fma(Q[a, k], Q[a, k], nqq); nii = fma(I[b, k], I[b, k], nii)
			}
			if (m == "cos") { den = sqrt(nqq) * sqrt(nii); s = den > 0 ? s / den : 0 }
			if (m == "l2") s = 0 - sqrt(s)
			printf "%s\t%s\t%.17g\n", qid[a], iid[b], s
		}
	}' "$2" "$3"
}

# compare GOT WANT TOL: same query/item pairs, scores within TOL relative
# (TOL 0: equal as doubles, which is what "reads back exactly" means)
compare() {
	awk -v tol="$3" -F '\t' '
	FNR == NR { w[NR] = $0; n = NR; next }
	{
		split(w[FNR], x, "\t")
		if ($1 != x[1] || $2 != x[2]) { print "line " FNR ": " $0 " vs " w[FNR]; bad = 1; exit }
		g = $3 + 0; e = x[3] + 0; d = g - e; if (d < 0) d = -d
		a = e < 0 ? -e : e
		if (tol == 0 ? g != e : d > tol * a + 1e-300) { print "line " FNR ": " $3 " vs " x[3]; bad = 1 }
	}
	END { if (FNR != n) { print "lines: " FNR " vs " n; bad = 1 } exit bad }' "$2" "$1"
}

@test "simmat: dot products equal awk's, exactly, with the stream's header and end" {
	run --separate-stderr simmat -m dot q.txt i.txt
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${lines[0]}" = "$(printf '# query\titem\tscore')" ]
	[ "${lines[21]}" = "# end" ]
	[ "${#lines[@]}" -eq 22 ]
	echo "$output" | body >got
	awk_scores dot q.txt i.txt >want
	compare got want 0
	# the default metric is dot
	[ "$(simmat q.txt i.txt)" = "$output" ]
}

# fused_rows N Q|I FORMAT: N rows (q or i) of the fused-sum example below,
# as text (FORMAT t) or float32 .fvecs (FORMAT f)
fused_rows() {
	local n
	for n in $(seq "$1"); do
		case $2$3 in
		qt) echo "q$n 1 1.000000000931322574615478515625" ;;
		it) echo "i$n -1 0.999999999068677425384521484375" ;;
		qf) printf '\x02\x00\x00\x00\x00\x00\x80\x3f\x00\x08\x80\x3f' ;;
		if) printf '\x02\x00\x00\x00\x00\x00\x80\xbf\x00\xf0\x7f\x3f' ;;
		esac
	done
}

@test "simmat: each sum is fused multiply-adds, in every variant the CPU runs" {
	# q = (1, 1 + 2^-30), x = (-1, 1 - 2^-30): a1 = fma(1, -1, 0) = -1,
	# a2 = fma(1 + 2^-30, 1 - 2^-30, -1) = (1 - 2^-60) - 1 = -2^-60, exact
	# with one rounding. Rounding the product first gives 1 (2^-60 is below
	# half an ulp under 1, 2^-54) and -1 + 1 = 0. -2^-60 =
	# -8.67361737988403547e-19, shortest -8.673617379884035e-19. In float32
	# with 2^-12: -2^-24 = -5.96046448e-08, shortest -5.9604645e-08.
	# 13 queries and 40 items: whole tiles and blocks and cut ones.
	fused_rows 13 q t >q.txt
	fused_rows 40 i t >i.txt
	fused_rows 13 q f >q.fvecs
	fused_rows 40 i f >i.fvecs
	for v in base avx2 avx512; do
		run --separate-stderr env RANKKIT_KERNEL=$v simmat q.txt i.txt
		if [ "$status" -eq 2 ] && [ "$stderr" = "simmat: RANKKIT_KERNEL=$v: this CPU cannot run it" ]; then
			echo "# simmat: variant $v not run: this CPU cannot run it" >&3
			continue
		fi
		[ "$status" -eq 0 ]
		[ "$(echo "$output" | body | cut -f3 | sort | uniq -c | awk '{ print $1, $2 }')" = "520 -8.673617379884035e-19" ]
		[ "$(RANKKIT_KERNEL=$v simmat q.fvecs i.fvecs | body | cut -f3 | sort | uniq -c | awk '{ print $1, $2 }')" = "520 -5.9604645e-08" ]
		echo "# simmat: variant $v run" >&3
	done
}

@test "simmat: cos and l2 equal awk's, exactly; cos with a zero row is 0" {
	simmat -m cos q.txt i.txt | body >got
	awk_scores cos q.txt i.txt >want
	compare got want 0
	[ "$(grep -c $'^q3\t.\t0$' got)" -eq 5 ]
	simmat -m l2 q.txt i.txt | body >got
	awk_scores l2 q.txt i.txt >want
	compare got want 0
	# by hand: q3 (origin) to d (4,-4,1.5): -sqrt(16+16+2.25)
	grep -q $'^q3\td\t-5.852349955359813$' got
}

@test "simmat: scores are printed short and read back exactly" {
	printf 'q 1\n' >one.txt
	printf 'a 0.1\nb 0.3\nc -2\nd 1e-7\ne 123456.75\n' >v.txt
	run --separate-stderr simmat one.txt v.txt
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | body | cut -f3 | paste -sd' ')" = "0.1 0.3 -2 1e-07 123456.75" ]
}

@test "simmat: float32 input is computed and printed as float32" {
	# three times 0.1f: in float32 0.1f+0.1f+0.1f is exactly 0.3f, shortest
	# "0.3"; the same values as float64 sum to 3 * 0.10000000149011612
	mknpy q4.npy 1 '<f4' False '(1, 3)' "$(f4 0.1f 0.1f 0.1f)"
	mknpy i4.npy 1 '<f4' False '(1, 3)' "$(f4 1 1 1)"
	run --separate-stderr simmat q4.npy i4.npy
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | body)" = "$(printf '0\t0\t0.3')" ]
	mknpy q8.npy 1 '<f8' False '(1, 3)' "$(f8 0.1f 0.1f 0.1f)"
	mknpy i8.npy 1 '<f8' False '(1, 3)' "$(f8 1 1 1)"
	want=$(awk 'BEGIN { x = 0.10000000149011612; printf "%.17g", x + x + x }')
	[ "$want" = 0.30000000447034836 ]
	[ "$(simmat q8.npy i8.npy | body)" = "$(printf '0\t0\t%s' "$want")" ]
	# float32 queries with float64 items: computed as float64
	[ "$(simmat q4.npy i8.npy | body)" = "$(printf '0\t0\t%s' "$want")" ]
}

@test "simmat: hamming on -1/+1 and on 0/1 codes is minus the differing positions" {
	printf 'q 1 -1 1 1\n' >qc.txt
	printf 'a 1 -1 1 1\nb -1 -1 1 1\nc -1 1 -1 -1\n' >ic.txt
	run --separate-stderr simmat -m hamming qc.txt ic.txt
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | body | cut -f3 | paste -sd' ')" = "0 -1 -4" ]
	printf 'q 1 0 1 1\n' >qb.txt
	printf 'a 1 0 1 1\nb 0 0 1 1\nc 0 1 0 0\n' >ib.txt
	[ "$(simmat -m hamming qb.txt ib.txt | body | cut -f3 | paste -sd' ')" = "0 -1 -4" ]
}

@test "simmat: hamming refuses values that are no codes and mixed code kinds" {
	printf 'q 1 0.5\n' >bad.txt
	printf 'a 1 1\n' >ok.txt
	run --separate-stderr simmat -m hamming bad.txt ok.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bad.txt: row 0, column 1: hamming needs 0/1 or -1/+1 codes, found 0.5" ]
	printf 'q 1 0\n' >b01.txt
	printf 'a 1 -1\n' >bpm.txt
	run --separate-stderr simmat -m hamming b01.txt bpm.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: bpm.txt: hamming: b01.txt has 0/1 codes, bpm.txt has -1/+1" ]
}

# one query against items scored 3 2 2 1 0.5 (dot with q = 1)
topk_setup() {
	printf 'q 1\n' >one.txt
	printf 'a 3\nb 2\nc 2\nd 1\ne 0.5\n' >five.txt
}
items() { body | cut -f2 | paste -sd' '; }

@test "simmat: -k keeps the K best and every item tied with the K-th, in item order" {
	topk_setup
	[ "$(simmat -k 1 one.txt five.txt | items)" = "a" ]
	[ "$(simmat -k 2 one.txt five.txt | items)" = "a b c" ]
	[ "$(simmat --top 3 one.txt five.txt | items)" = "a b c" ]
	[ "$(simmat -k 4 one.txt five.txt | items)" = "a b c d" ]
	[ "$(simmat -k 9 one.txt five.txt | items)" = "a b c d e" ]
	# item order, not score order
	printf 'a 1\nb 5\nc 3\nd 4\n' >perm.txt
	[ "$(simmat -k 2 one.txt perm.txt | items)" = "b d" ]
}

@test "simmat: -t keeps scores >= S, with -k the stricter of both" {
	topk_setup
	[ "$(simmat -t 2 one.txt five.txt | items)" = "a b c" ]
	[ "$(simmat --min-score 2.5 one.txt five.txt | items)" = "a" ]
	[ "$(simmat -t 2 -k 1 one.txt five.txt | items)" = "a" ]
	[ "$(simmat -t 0.75 -k 4 one.txt five.txt | items)" = "a b c d" ]
	[ "$(simmat -t 9 one.txt five.txt | items)" = "" ]
	# l2 with a radius: within distance 1.5 of the point 1
	[ "$(simmat -m l2 -t -1.5 one.txt five.txt | items)" = "b c d e" ]
	# float32 scores against a threshold between two floats: the query
	# (1) against items 1.5, 1.5 + 2^-23 (the next float) and 1.25 as
	# .fvecs (dimension 1); 1.50000001 rounds to the float 1.5 but is
	# above it, so only item 1 passes, with or without -k
	printf '\001\000\000\000\000\000\200\077' >q1.fvecs
	printf '\001\000\000\000\000\000\300\077\001\000\000\000\001\000\300\077\001\000\000\000\000\000\240\077' >i3.fvecs
	[ "$(simmat -t 1.5 q1.fvecs i3.fvecs | items)" = "0 1" ]
	[ "$(simmat -t 1.50000001 q1.fvecs i3.fvecs | items)" = "1" ]
	[ "$(simmat -t 1.50000001 -k 2 q1.fvecs i3.fvecs | items)" = "1" ]
}

@test "simmat: -x skips the item with the query's id, also before -k" {
	printf 'a 1\nb 2\nc 3\n' >s.txt
	[ "$(simmat -x s.txt s.txt | body | cut -f1,2 | paste -sd' ')" = \
	  "$(printf 'a\tb a\tc b\ta b\tc c\ta c\tb')" ]
	# without -x, c's best item is c itself
	[ "$(simmat -k 1 s.txt s.txt | body | grep '^c' | cut -f2)" = c ]
	[ "$(simmat -x -k 1 s.txt s.txt | body | grep '^c' | cut -f2)" = b ]
}

@test "simmat: --folds N scores a query against its own block of items" {
	printf 'q0 1\nq1 1\n' >q2.txt
	printf 'a 1\nb 2\nc 3\nd 4\n' >i4.txt
	[ "$(simmat --folds 2 q2.txt i4.txt | body | cut -f1,2 | paste -sd' ')" = \
	  "$(printf 'q0\ta q0\tb q1\tc q1\td')" ]
	run --separate-stderr simmat --folds 3 q2.txt i4.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: 2 queries do not split into 3 equal folds" ]
	printf 'q0 1\nq1 1\nq2 1\n' >q3.txt
	run --separate-stderr simmat --folds 3 q3.txt i4.txt
	[ "$status" -eq 1 ]
	[ "$stderr" = "simmat: 4 items do not split into 3 equal folds" ]
}

@test "simmat: usage errors exit 2 with a usage line; --help and --version" {
	run --separate-stderr simmat q.txt
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "simmat: expected QUERIES and ITEMS (one file or several, one gallery)" ]
	[[ "$stderr" == *$'\n'"usage: simmat "* ]]
	run --separate-stderr simmat -m jaccard q.txt i.txt
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "simmat: -m: 'jaccard' is not dot, cos, l2 or hamming" ]
	[[ "$stderr" == *$'\n'"usage: simmat "* ]]
	run --separate-stderr simmat -k 0 q.txt i.txt
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "simmat: -k: '0' is not an integer from 1 to 1000000000" ]
	[[ "$stderr" == *$'\n'"usage: simmat "* ]]
	# the messages and the usage line of the other programs (rankof -j,
	# rankof --folds)
	run --separate-stderr simmat -j 0 q.txt i.txt
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "simmat: -j: '0' is not an integer from 1 to 256" ]
	[[ "$stderr" == *$'\n'"usage: simmat "* ]]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 2 ]
	run --separate-stderr simmat --folds x q.txt i.txt
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "simmat: --folds: 'x' is not an integer from 1 to 1000000000" ]
	[[ "$stderr" == *$'\n'"usage: simmat "* ]]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 2 ]
	run --separate-stderr rankof --folds x -l l
	[ "${stderr%%$'\n'*}" = "rankof: --folds: 'x' is not an integer from 1 to 1000000000" ]
	run --separate-stderr simmat -t abc q.txt i.txt
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "simmat: -t: 'abc' is not a number" ]
	[[ "$stderr" == *$'\n'"usage: simmat "* ]]
	run simmat --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: simmat "* ]]
	run simmat --version
	[ "$status" -eq 0 ]
	[ "$output" = "simmat (rankkit) 0.1.0" ]
}

@test "simmat: -j 1 and -j 2 give the same bytes (text, many chunks, folds, -k)" {
	awk 'BEGIN { s = 7; for (i = 0; i < 600; i++) { printf "r%d", i
		for (k = 0; k < 37; k++) { s = (s * 1103515245 + 12345) % 2147483648
			printf " %.6f", s / 2147483648 - 0.5 } print "" } }' >big.txt
	simmat -j 1 -m cos big.txt big.txt >j1
	simmat -j 2 -m cos big.txt big.txt >j2
	cmp j1 j2
	[ "$(body <j1 | wc -l)" -eq 360000 ]
	simmat -j 1 -m l2 --folds 3 -k 5 -x big.txt big.txt >j1
	simmat -j 2 -m l2 --folds 3 -k 5 -x big.txt big.txt >j2
	cmp j1 j2
}

# The output goes out in pieces of at most 8192 lines (simmat(1), Memory):
# a query of 20,000 items is cut in three, queries with few lines (-k, -t)
# share a piece; every cut and every -j keeps the bytes of one thread.
@test "simmat: output pieces across queries and within a query keep the bytes and the order" {
	# 50 queries and 20,000 items in 2 dimensions; values from a few
	# levels, so -k meets ties
	awk 'BEGIN { s = 11; for (i = 0; i < 20050; i++) {
		printf "%s%d", i < 50 ? "q" : "d", i < 50 ? i : i - 50
		for (k = 0; k < 2; k++) { s = (s * 1103515245 + 12345) % 2147483648
			printf " %d", s % 7 - 3 } print "" } }' > all.txt
	head -50 all.txt > q.txt
	tail -n +51 all.txt > i.txt
	simmat -j 1 -m l2 q.txt i.txt > full
	# every query against every item, queries in order, items in order
	run awk '!/^#/ { want = sprintf("q%d\td%d", n / 20000, n % 20000); n++
		if ($1 "\t" $2 != want) { print "line " NR ": " $1 " " $2 " not " want; exit }
	} END { print n }' full
	[ "$output" = "1000000" ]
	for opts in "-m l2" "-m dot -k 3" "-m l2 -t -1" "-m dot --folds 2 -k 100" "-m dot -k 9000"; do
		simmat -j 1 $opts q.txt i.txt > j1
		for j in 2 3 4; do
			simmat -j $j $opts q.txt i.txt > jn
			cmp j1 jn
		done
	done
}

# topk FULL KS TS: from every score (FULL, a score stream in item order),
# for each K of the list KS and T of the list TS, each query's lines at or
# above both its K-th best score and T, in order, in FULL.K.T, and those
# of the queries q0 .. q4 in FULL.K.T.5: the selection done by awk, apart
# from simmat's. The first pass counts each query's lines of each score,
# the K-th best is where the counts, taken from the highest score down,
# reach K (a query's distinct scores, about a hundred here, sorted by
# insertion); the second pass keeps the lines at or above the larger of
# the K-th best (when the query has K lines) and T
topk() {
	awk -F '\t' -v out="$1" -v ks="$2" -v ts="$3" '
		BEGIN { nk = split(ks, K, " "); nt = split(ts, T, " ")
			# every file made, even one that no line goes to
			for (i = 1; i <= nk; i++) for (j = 1; j <= nt; j++) {
				f = out "." K[i] "." T[j]
				printf "" > f; printf "" > (f ".5")
			} }
		/^#/ { next }
		FNR == NR { if (!($1 in nv)) { nv[$1] = 0; qs[++nq] = $1 }
			# keyed by the score as printed (shortest, one text a
			# double), never by a number made text again
			if (!(($1, $3) in c)) v[$1, ++nv[$1]] = $3
			c[$1, $3]++
			next }
		!done { done = 1
			for (x = 1; x <= nq; x++) {
				q = qs[x]; n = nv[q]
				for (a = 1; a <= n; a++) s[a] = v[q, a]
				for (a = 2; a <= n; a++)
					for (b = a; b > 1 && s[b] + 0 > s[b - 1] + 0; b--) { t = s[b]; s[b] = s[b - 1]; s[b - 1] = t }
				cum = 0; i = 1
				for (a = 1; a <= n && i <= nk; a++) {
					cum += c[q, s[a]]
					while (i <= nk && cum >= K[i]) kth[i++, q] = s[a] + 0
				}
			} }
		# a line is kept for K and T when its score is at least the
		# query K-th best (when it has K lines) and T: at least the
		# larger of both, found once a query
		$1 != cq { cq = $1; five = $1 ~ /^q[0-4]$/
			for (i = 1; i <= nk; i++) for (j = 1; j <= nt; j++) {
				c0 = T[j] + 0
				if ((i, $1) in kth && kth[i, $1] > c0) c0 = kth[i, $1]
				cut[i, j] = c0
			} }
		{ for (i = 1; i <= nk; i++) for (j = 1; j <= nt; j++)
			if ($3 + 0 >= cut[i, j]) {
				f = out "." K[i] "." T[j]
				print > f
				if (five) print > (f ".5")
			} }' "$1" "$1"
}

# bodies_equal LIST: for each line "GOT WANT" of the file LIST, GOT's
# lines less its '#' lines are WANT's lines, all checked by one awk (as
# body <GOT | cmp - WANT would, two processes a pair); names the first
# line that differs of each pair that does
bodies_equal() {
	awk '{
		g = $1; w = $2; n = 0; diff = ""
		while ((r = getline l < g) > 0) {
			if (l ~ /^#/) continue
			n++
			if ((getline m < w) <= 0) { diff = "line " n ": only in " g; break }
			if (l != m) { diff = "line " n ": " l " vs " m; break }
		}
		if (r < 0) diff = "cannot read " g
		else if (diff == "" && (getline m < w) > 0) diff = "line " (n + 1) ": only in " w
		if ((getline m < w) < 0) diff = "cannot read " w
		if (diff != "") { print g " vs " w ": " diff; bad = 1 }
		close(g); close(w)
	} END { exit bad }' "$1"
}

# -k below a quarter of the items is chosen as the items are scored, in
# blocks of 512 to 4096 items, each query's candidates cut back as they
# pass 2K + 1024: 3,000 items of 3 small integers meet ties at every K
@test "simmat: -k chosen block by block equals the K best of every score, ties, -t, -x, folds, every -j" {
	awk 'BEGIN { s = 5; for (i = 0; i < 3050; i++) {
		printf "%s%d", i < 50 ? "q" : "d", i < 50 ? i : i - 50
		for (k = 0; k < 3; k++) { s = (s * 1103515245 + 12345) % 2147483648
			printf " %d", s % 9 - 4 } print "" } }' >all.txt
	head -50 all.txt >q.txt
	head -5 q.txt >q5.txt
	tail -n +51 all.txt >i.txt
	# -x: the queries are items too
	head -20 q.txt >>i.txt
	# each run's output in a file of its own (got.M.K.T.J...), paired
	# in pairs with the reference it must equal, all compared at the end
	: >pairs
	for m in dot l2; do
		simmat -m $m q.txt i.txt >$m.full
		simmat -x -m $m q.txt i.txt >$m.fullx
		topk $m.full '1 7 40 700' '-1e300 -3'
		topk $m.fullx '1 7 40 700' '-1e300 -3'
		for k in 1 7 40 700; do
			for t in -1e300 -3; do
				# one thread and three (uneven blocks); -j 2 gives
				# -j 1's bytes with -k in the -j test above
				for j in 1 3; do
					simmat -j $j -m $m -k $k -t $t q.txt i.txt >got.$m.$k.$t.$j
					simmat -j $j -m $m -x -k $k -t $t q.txt i.txt >got.$m.$k.$t.$j.x
					echo "got.$m.$k.$t.$j $m.full.$k.$t" >>pairs
					echo "got.$m.$k.$t.$j.x $m.fullx.$k.$t" >>pairs
				done
				# five queries, fewer than a chunk a thread: each
				# thread takes a part of the items (3 blocks of
				# 1,024, 1,024 and 972), the parts gathered
				for j in 2 3; do
					simmat -j $j -m $m -k $k -t $t q5.txt i.txt >got.$m.$k.$t.$j.5
					simmat -j $j -m $m -x -k $k -t $t q5.txt i.txt >got.$m.$k.$t.$j.5x
					echo "got.$m.$k.$t.$j.5 $m.full.$k.$t.5" >>pairs
					echo "got.$m.$k.$t.$j.5x $m.fullx.$k.$t.5" >>pairs
				done
			done
		done
	done
	# folds: 2 of 25 queries and 1,510 items, each against its own
	simmat -m dot --folds 2 q.txt i.txt >folds
	topk folds 9 -1e300
	simmat -j 2 -m dot --folds 2 -k 9 q.txt i.txt >got.folds
	echo "got.folds folds.9.-1e300" >>pairs
	[ "$(wc -l <pairs)" -eq 129 ]
	bodies_equal pairs
}

# -t alone keeps each block's passing scores while the block is in the
# cache, each row's in the room of its scores whole (float32: half its
# items, float64: two thirds), else it scores the chunk again whole: 6
# queries against 60,000 items of 3 small integers; per metric, a
# threshold that keeps 11-15% of the scores (kept; a query's 8,192 lines
# and more come in pieces), one that keeps 68-74% (whole, after some
# blocks), one that keeps a few; each equal to awk's filter of every score
@test "simmat: -t alone, kept block by block or scored whole, equals the filter of every score" {
	awk 'BEGIN { s = 7; for (i = 0; i < 60006; i++) {
		printf "%s%d", i < 6 ? "q" : "d", i < 6 ? i : i - 6
		for (k = 0; k < 3; k++) { s = (s * 1103515245 + 12345) % 2147483648
			printf " %d", int(s / 65536) % 9 - 4 } print "" } }' >all.txt
	head -6 all.txt >q.txt
	tail -n +7 all.txt >i.txt
	cat i.txt q.txt >ix.txt
	# the same values in float32 (.npy rows 0 .. 5 and 0 .. 59999)
	f4rows() { awk 'BEGIN { for (v = -4; v <= 4; v++) {
		e = v < 0 ? -v : v; hi = v < 0 ? 192 : 64
		b[v] = v == 0 ? "\\x00\\x00\\x00\\x00" : sprintf("\\x00\\x00\\x%02x\\x%02x",
			e == 1 ? 128 : e == 2 ? 0 : e == 3 ? 64 : 128, e == 1 ? hi - 1 : hi) } }
		{ for (k = 2; k <= NF; k++) printf "%s", b[$k] }' "$1"; }
	mknpy q.npy 1 '<f4' False '(6, 3)' "$(f4rows q.txt)"
	mknpy i.npy 1 '<f4' False '(60000, 3)' "$(f4rows i.txt)"
	[ "$(simmat -m dot q.npy i.npy | body | cut -f3 | md5sum)" = "$(simmat -m dot q.txt i.txt | body | cut -f3 | md5sum)" ]
	for mt in "dot 12 -6 24" "l2 -3 -7 -2"; do
		set -- $mt
		m=$1
		shift
		for f in txt npy; do
			simmat -m $m q.$f i.$f >full
			# every threshold's filter in one awk pass: want.T
			body <full | awk -F '\t' -v ts="$*" '
				BEGIN { n = split(ts, T, " ")
					for (i = 1; i <= n; i++) printf "" > ("want." T[i]) }
				{ for (i = 1; i <= n; i++) if ($3 + 0 >= T[i] + 0) print > ("want." T[i]) }'
			for t in "$@"; do
				[ -s want.$t ]
				for j in 1 3; do
					simmat -j $j -m $m -t $t q.$f i.$f >got.$j.$t
					echo "got.$j.$t want.$t" >>pairs
				done
			done
			bodies_equal pairs
			rm pairs
		done
		# -x: the queries are items too, their own lines left out
		simmat -x -m $m q.txt ix.txt | body | awk -F '\t' -v t=$2 '$3 + 0 >= t + 0' >want
		simmat -j 2 -x -m $m -t $2 q.txt ix.txt | body | cmp - want
	done
	# folds: 2 of 3 queries and 30,000 items
	simmat -m dot --folds 2 q.txt i.txt | body | awk -F '\t' '$3 + 0 >= 12' >want
	simmat -j 2 -m dot --folds 2 -t 12 q.txt i.txt | body | cmp - want
}

@test "simmat: cos of img.npy and cap.npy rows equal awk's recomputation, exactly" {
	need_shared data/crossmodal-seed0
	D="$SHARED/data/crossmodal-seed0"
	# fold 1 of 1000: images 0..4 against captions 0..24
	simmat -j 2 -m cos --folds 1000 "$D/img.npy" "$D/cap.npy" | body | head -n 125 >got
	[ "$(wc -l <got)" -eq 125 ]
	# the rows as text (od prints each double so that it reads back exactly)
	od -A n -t f8 -v -j 128 -N $((5 * 64 * 8)) "$D/img.npy" |
		awk '{ for (i = 1; i <= NF; i++) { if (n % 64 == 0) printf "%s%d", (n ? "\n" : ""), n / 64; printf " %s", $i; n++ } } END { print "" }' >img5.txt
	od -A n -t f8 -v -j 128 -N $((25 * 64 * 8)) "$D/cap.npy" |
		awk '{ for (i = 1; i <= NF; i++) { if (n % 64 == 0) printf "%s%d", (n ? "\n" : ""), n / 64; printf " %s", $i; n++ } } END { print "" }' >cap25.txt
	awk_scores cos img5.txt cap25.txt >want
	compare got want 0
	# and the same doubles read from text give the same bytes
	[ "$(simmat -m cos img5.txt cap25.txt | body)" = "$(cat got)" ]
	# -j 1 and -j 2 on a larger slice of the real data
	[ "$(simmat -j 1 -m cos --folds 25 "$D/img.npy" "$D/cap.npy" | md5sum)" = \
	  "$(simmat -j 2 -m cos --folds 25 "$D/img.npy" "$D/cap.npy" | md5sum)" ]
}

@test "simmat: no progress on stderr when it is not a terminal" {
	run --separate-stderr simmat q.txt i.txt
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
}
