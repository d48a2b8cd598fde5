# explain-brute.awk: what rankof --explain must say of every query of a
# score stream, from the definitions of rankof(1), by counting over each
# query's lines (no sorting, no rank counting of rankof's kind):
#   N query n                      its candidates
#   R query rule count             candidate lines a rule removed (rules:
#                                  -x, --junk-label, --junk, --folds; the
#                                  first that applies, in that order)
#   I query item a ties before rank  a relevant candidate: a = candidates
#                                  scoring higher, ties = others scoring the
#                                  same, before = those of them the break
#                                  rule puts first, rank = a + 1 + before
#   U query item                   a relevant item that is no candidate
# usage: awk -v rel=labels|qrels -v x=0|1 -v junk=L -v samecam=0|1
#            -v folds=N -v brk=none|input|id -f explain-brute.awk REL SCORES
# REL: labels "id label [camera]" (one file for queries and items) or qrels
# "query item grade" (relevant: grade >= 1). SCORES: "query item score",
# each query's lines together, in the order rankof reads them.
FILENAME == ARGV[1] {
	if (rel == "labels") {
		lab[$1] = $2; cam[$1] = $3; pos[$1] = nlab++
	} else if ($3 >= 1)
		relv[$1 SUBSEP $2] = 1
	next
}
$1 != q { finish(); q = $1; n = 0; delete removed }
{
	it = $2
	if (x && it == q) { removed["-x"]++; next }
	if (rel == "labels") {
		if (junk != "" && lab[it] == junk) { removed["--junk-label"]++; next }
		if (samecam && cam[q] != "" && lab[it] == lab[q] && cam[it] == cam[q]) {
			removed["--junk"]++; next
		}
		if (folds && int(pos[it] / (nlab / folds)) != int(pos[q] / (nlab / folds))) {
			removed["--folds"]++; next
		}
	}
	id[n] = it; sc[n] = $3 + 0; n++
}
function relevant(item) {
	if (rel == "labels")
		return lab[item] == lab[q]
	return (q SUBSEP item) in relv
}
function finish(   i, j, a, t, b, seen, r, k, qi) {
	if (q == "") return
	print "N", q, n
	for (r in removed) print "R", q, r, removed[r]
	for (i = 0; i < n; i++) {
		if (!relevant(id[i])) continue
		seen[id[i]] = 1
		a = t = b = 0
		for (j = 0; j < n; j++) {
			if (j == i) continue
			if (sc[j] > sc[i]) a++
			else if (sc[j] == sc[i]) {
				t++
				if ((brk == "input" && j < i) || (brk == "id" && id[j] > id[i])) b++
			}
		}
		print "I", q, id[i], a, t, b, a + 1 + b
	}
	if (rel == "qrels")
		for (k in relv) {
			split(k, qi, SUBSEP)
			if (qi[1] == q && !(qi[2] in seen) && !(x && qi[2] == q))
				print "U", q, qi[2]
		}
}
END { finish() }
