# The Market-1501 protocol from its definition, by walking each query's
# gallery in score order: gallery images of the query's identity and
# camera, and images labelled -1, are skipped (junk); the others count
# positions; a query with no image of its identity left is left out. CMC
# rank-K: the first match within K; AP: mean over the matches of the
# precision at each (all the query's matches are ranked: the gallery is
# scored whole). Prints "rank-1 rank-5 rank-10 rank-20 mAP" in percent,
# one decimal, then the number of queries kept; exits 1 when a match ties
# with a non-match, whose order this walk would not define.
# usage: sort -k1,1n -k3,3gr SCORES | awk -f reid-brute.awk QLABELS GLABELS -
BEGIN { q = "-" }
FILENAME == ARGV[1] { ql[$1] = $2; qc[$1] = $3; next }
FILENAME == ARGV[2] { gl[$1] = $2; gc[$1] = $3; next }
/^#/ { next }
$1 != q { finish(); q = $1; pos = 0; hits = 0; ap = 0; first = 0; last = "" }
{
	if (gl[$2] == -1 || (gl[$2] == ql[q] && gc[$2] == qc[q])) next
	if ($3 != last) { group(); last = $3 }
	match_ = gl[$2] == ql[q]
	if (match_) gm = 1; else gn = 1
	pos++
	if (match_) {
		hits++
		ap += hits / pos
		if (!first) first = pos
	}
}
function group() {
	if (gm && gn) tie = 1
	gm = gn = 0
}
function finish() {
	group()
	if (q == "-" || hits == 0) return
	n++
	for (k = 1; k <= 20; k++) if (first <= k) cmc[k]++
	map += ap / hits
}
END {
	finish()
	if (tie) { print "score tie" > "/dev/stderr"; exit 1 }
	printf "%.1f %.1f %.1f %.1f %.1f %d\n", 100 * cmc[1] / n, 100 * cmc[5] / n,
		100 * cmc[10] / n, 100 * cmc[20] / n, 100 * map / n, n
}
