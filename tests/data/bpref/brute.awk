# bpref of each query in three tie modes by enumeration: every order of
# its candidates that keeps the scores non-increasing, equally likely
function bpref(ord, k,   i, b, s, t) {
	b = 0; s = 0
	for (i = 1; i <= k; i++) {
		t = kind[ord[i]]
		if (t == "j") b++
		else if (t == "r") s += (N[cq] == 0) ? 1 : 1 - (b < R[cq] ? b : R[cq]) / (N[cq] < R[cq] ? N[cq] : R[cq])
	}
	return s / R[cq]
}
function perm(pos, k,   i, tmp, ok) {
	if (pos > k) {
		for (i = 2; i <= k; i++) if (sc[p[i]] > sc[p[i-1]]) return
		tot += bpref(p, k); cnt++
		# optimistic: within ties relevant first, then others; pessimistic: relevant last
		ok = 1
		for (i = 2; i <= k; i++) if (sc[p[i]] == sc[p[i-1]] && rk(p[i]) < rk(p[i-1])) ok = 0
		if (ok && !doneo) { opt = bpref(p, k); doneo = 1 }
		ok = 1
		for (i = 2; i <= k; i++) if (sc[p[i]] == sc[p[i-1]] && rk(p[i]) > rk(p[i-1])) ok = 0
		if (ok && !donep) { pes = bpref(p, k); donep = 1 }
		return
	}
	for (i = pos; i <= k; i++) {
		tmp = p[pos]; p[pos] = p[i]; p[i] = tmp
		perm(pos + 1, k)
		tmp = p[pos]; p[pos] = p[i]; p[i] = tmp
	}
}
function rk(c) { return kind[c] == "r" ? 0 : kind[c] == "j" ? 1 : 2 }
FNR == 1 { f++ }
f == 1 { g[$1 SUBSEP $3] = $4; if ($4 >= 1) R[$1]++; else if ($4 == 0) N[$1]++; next }
f == 2 { nc[$1]++; c = $1 SUBSEP nc[$1]; sc[c] = $3
	k = ($1 SUBSEP $2) in g ? g[$1 SUBSEP $2] : "none"
	kind[c] = k == "none" ? "n" : k >= 1 ? "r" : k == 0 ? "j" : "u"
	if (!($1 in seenq)) { seenq[$1] = 1; order[++nq] = $1 } }
END {
	for (qi = 1; qi <= nq; qi++) {
		cq = order[qi]; k = nc[cq]
		for (i = 1; i <= k; i++) p[i] = cq SUBSEP i
		tot = 0; cnt = 0; doneo = donep = 0
		perm(1, k)
		printf "%s %.6f %.6f %.6f\n", cq, opt, pes, tot / cnt
	}
}
