# k-NN recall@10 of approximate result lists from its definition (as ANN
# papers and ann-benchmarks report it): a query's true 10 nearest
# neighbours are the 10 base vectors at the smallest Euclidean distances,
# found here by trying every one; its recall is how many of them are
# among the first 10 items of its list (by score, higher first), over 10;
# the value is the mean over the queries, in percent. Exits 1 when the
# 10th and 11th true neighbours are nearly equidistant (the set would then
# depend on rounding) or when the list ties at its 10th item.
# usage: awk -v D=32 -f knn-brute.awk QUERY BASE LIST
# QUERY, BASE: the .fvecs values one per line (each row: its dimension,
# then D values); LIST: query item score lines
FILENAME == ARGV[1] { qv[nq++] = $1; next }
FILENAME == ARGV[2] { bv[nb++] = $1; next }
FNR == 1 && FILENAME == ARGV[3] { nearest() }
/^#/ { next }
{ s[$1, $2] = $3; n[$1]++; item[$1, n[$1]] = $2 }
# the 11 smallest squared distances of each query, by insertion
function nearest(  q, b, k, d, x, j, m, bd, bi) {
	Q = nq / (D + 1); B = nb / (D + 1)
	for (q = 0; q < Q; q++) {
		m = 0
		for (b = 0; b < B; b++) {
			d = 0
			for (k = 1; k <= D; k++) {
				x = qv[q * (D + 1) + k] - bv[b * (D + 1) + k]
				d += x * x
			}
			if (m == 11 && d >= bd[11])
				continue
			if (m < 11)
				m++
			for (j = m; j > 1 && bd[j - 1] > d; j--) {
				bd[j] = bd[j - 1]; bi[j] = bi[j - 1]
			}
			bd[j] = d; bi[j] = b
		}
		if (bd[11] - bd[10] <= 1e-5 * bd[10])
			amb = 1
		for (j = 1; j <= 10; j++)
			truth[q, bi[j]] = 1
	}
}
END {
	if (amb) { print "nearly equidistant 10th neighbours" > "/dev/stderr"; exit 1 }
	for (q = 0; q < Q; q++) {
		# the list's first 10: the items with fewer than 10 above them
		for (i = 1; i <= n[q]; i++) {
			v = s[q, item[q, i]]; above = 0; same = 0
			for (j = 1; j <= n[q]; j++) {
				w = s[q, item[q, j]]
				if (w > v) above++
				else if (w == v && j != i) same++
			}
			if (above < 10 && above + same >= 10) tie = 1
			if (above < 10 && (q, item[q, i]) in truth) found++
		}
	}
	if (tie) { print "score tie at the 10th" > "/dev/stderr"; exit 1 }
	printf "knn recall@10 %.2f\n", 100 * found / (10 * Q)
}
