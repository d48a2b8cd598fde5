# Recall@R of an approximate result list from its definition (Jegou et
# al. 2011): the exact nearest neighbour of a query is the base vector at
# the smallest Euclidean distance, found here by trying every one; its
# position in the query's list is 1 + the items scored above it; recall@R
# is the share of queries where that position is at most R (a neighbour
# absent from the list is a miss). Exits 1 when two base vectors are
# nearly equidistant from a query (which one is exact would then depend
# on rounding) or when the neighbour ties with another item of the list.
# usage: awk -v D=32 -f ann-brute.awk QUERY BASE LIST
# QUERY, BASE: the .fvecs values one per line (each row: its dimension,
# then D values); LIST: query item score lines
FILENAME == ARGV[1] { qv[nq++] = $1; next }
FILENAME == ARGV[2] { bv[nb++] = $1; next }
FNR == 1 && FILENAME == ARGV[3] { nearest() }
/^#/ { next }
{ s[$1, $2] = $3; n[$1]++; item[$1, n[$1]] = $2 }
function nearest(  q, b, k, d, best, second, x) {
	Q = nq / (D + 1); B = nb / (D + 1)
	for (q = 0; q < Q; q++) {
		best = second = -1
		for (b = 0; b < B; b++) {
			d = 0
			for (k = 1; k <= D; k++) {
				x = qv[q * (D + 1) + k] - bv[b * (D + 1) + k]
				d += x * x
			}
			if (best < 0 || d < bestd) { second = bestd; best = b; bestd = d }
			else if (second < 0 || d < second) second = d
		}
		if (second >= 0 && second - bestd <= 1e-5 * bestd) amb = 1
		nn[q] = best
	}
}
END {
	if (amb) { print "nearly equidistant neighbours" > "/dev/stderr"; exit 1 }
	for (q = 0; q < Q; q++) {
		if (!((q, nn[q]) in s)) continue
		v = s[q, nn[q]]; above = 0
		for (i = 1; i <= n[q]; i++) {
			w = s[q, item[q, i]]
			if (w > v) above++
			else if (w == v && item[q, i] != nn[q]) tie = 1
		}
		for (r = 1; r <= 100; r *= 10) if (above + 1 <= r) hit[r]++
	}
	if (tie) { print "score tie" > "/dev/stderr"; exit 1 }
	for (r = 1; r <= 100; r *= 10) printf "hit@%d all %.2f\n", r, 100 * hit[r] / Q
}
