# ERR@K (gdeval's r = (2^g - 1) / 2^gmax), SDCG@K (gain min(g, gmax) /
# gmax over the DCG of K such gains), RBP and RBP's residual of each
# query in three tie modes by enumeration: every order of its candidates
# that keeps the scores non-increasing, equally likely (expected), and the
# order where inside ties the relevant items come first, highest grade
# first, then the judged non-relevant ones, then the unjudged
# (optimistic), or the reverse (pessimistic). -v K=, -v p=, -v gmax=.
# Prints: query ERR_opt ERR_pes ERR_exp SDCG_opt SDCG_pes SDCG_exp
# RBP_opt RBP_pes RBP_exp resid_opt resid_pes resid_exp
function measures(ord, k,   i, r, decay, w, gr, norm) {
	e = 0; decay = 1; b = 0; res = 0; w = 1; sd = 0; norm = 0
	for (i = 1; i <= K; i++) norm += log(2) / log(1 + i)
	for (i = 1; i <= k; i++) {
		gr = grade[ord[i]]
		r = kind[ord[i]] == "r" ? (2 ^ gr - 1) / 2 ^ gmax : 0
		if (i <= K) { e += decay * r / i; decay *= 1 - r }
		if (i <= K && kind[ord[i]] == "r")
			sd += (gr < gmax ? gr : gmax) / gmax * log(2) / log(1 + i) / norm
		if (kind[ord[i]] == "r") b += (1 - p) * w
		if (kind[ord[i]] == "n" || kind[ord[i]] == "u") res += (1 - p) * w
		w *= p
	}
	res += w
}
# the order key inside ties: relevant by grade descending, then j, then
# unjudged
function key(c) { return kind[c] == "r" ? -grade[c] : kind[c] == "j" ? 100 : 200 }
function perm(pos, k,   i, tmp, ok) {
	if (pos > k) {
		for (i = 2; i <= k; i++) if (sc[pp[i]] > sc[pp[i-1]]) return
		measures(pp, k)
		te += e; tb += b; tr += res; tsd += sd; cnt++
		ok = 1
		for (i = 2; i <= k; i++) if (sc[pp[i]] == sc[pp[i-1]] && key(pp[i]) < key(pp[i-1])) ok = 0
		if (ok && !doneo) { oe = e; ob = b; or = res; osd = sd; doneo = 1 }
		ok = 1
		for (i = 2; i <= k; i++) if (sc[pp[i]] == sc[pp[i-1]] && key(pp[i]) > key(pp[i-1])) ok = 0
		if (ok && !donep) { pe = e; pb = b; pr = res; psd = sd; donep = 1 }
		return
	}
	for (i = pos; i <= k; i++) {
		tmp = pp[pos]; pp[pos] = pp[i]; pp[i] = tmp
		perm(pos + 1, k)
		tmp = pp[pos]; pp[pos] = pp[i]; pp[i] = tmp
	}
}
FNR == 1 { f++ }
f == 1 { g[$1 SUBSEP $3] = $4; next }
f == 2 { nc[$1]++; c = $1 SUBSEP nc[$1]; sc[c] = $3
	k = ($1 SUBSEP $2) in g ? g[$1 SUBSEP $2] : "none"
	kind[c] = k == "none" ? "n" : k >= 1 ? "r" : k == 0 ? "j" : "u"
	grade[c] = k == "none" ? 0 : k
	if (!($1 in seenq)) { seenq[$1] = 1; order[++nq] = $1 } }
END {
	for (qi = 1; qi <= nq; qi++) {
		cq = order[qi]; k = nc[cq]
		for (i = 1; i <= k; i++) pp[i] = cq SUBSEP i
		te = tb = tr = tsd = 0; cnt = 0; doneo = donep = 0
		perm(1, k)
		printf "%s %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f\n",
		    cq, oe, pe, te / cnt, osd, psd, tsd / cnt, ob, pb, tb / cnt,
		    or, pr, tr / cnt
	}
}
