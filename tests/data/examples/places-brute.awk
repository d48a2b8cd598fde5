# Place recognition from its definition: a database image is a positive of
# a query when their positions lie within R metres (Euclidean distance of
# easting and northing); walking each query's database in descriptor score
# order, Recall@N counts the queries with a positive among the first N, a
# query without positive counting as a miss. Equal scores form a group
# whose order is random: with a candidates above the first group that holds
# a positive, t in it and s positives, the chance that one of its first
# m = N - a places holds a positive is 1 - prod_{i<m} (t-s-i)/(t-i)
# (drawing m places without replacement). Prints "hit@N all value" as
# hitrate does (percent, 2 decimals).
# usage: sort -k1,1n -k3,3gr SCORES |
#        awk -v R=25 -f places-brute.awk QPOS DBPOS -
# QPOS, DBPOS: one coordinate per line, easting then northing, row by row
BEGIN { split("1 5 10 20", K, " "); q = "-" }
FILENAME == ARGV[1] { qv[nq++] = $1; next }
FILENAME == ARGV[2] { dv[nd++] = $1; next }
/^#/ { next }
$1 != q { finish(); q = $1; above = 0; t = 0; s = 0; done = 0; last = "" }
{
	if (done) next
	if ($3 != last) { group(); last = $3 }
	dx = qv[2 * q] - dv[2 * $2]; dy = qv[2 * q + 1] - dv[2 * $2 + 1]
	t++
	if (sqrt(dx * dx + dy * dy) <= R) s++
}
# the group ends: the first one with a positive decides every hit@N
function group(  k, m, i, miss) {
	if (done || t == 0) { above += t; t = s = 0; return }
	if (s > 0) {
		for (k = 1; k <= 4; k++) {
			m = K[k] - above
			if (m <= 0) continue
			miss = 1
			for (i = 0; i < m && i < t; i++) miss *= (t - s - i) / (t - i)
			hit[K[k]] += 1 - miss
		}
		done = 1
	}
	above += t; t = s = 0
}
function finish() {
	group()
	if (q != "-") n++
}
END {
	finish()
	for (k = 1; k <= 4; k++) printf "hit@%d all %.2f\n", K[k], 100 * hit[K[k]] / n
}
