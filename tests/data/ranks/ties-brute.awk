# ties-brute.awk: the brute-force reference of the tie modes.
# usage: awk -v ks=1,2,5 -v mode=M -f ties-brute.awk QRELS SCORES
# For each query of SCORES it enumerates EVERY order of the candidates that
# sorts the scores in decreasing order (all permutations inside every tie
# group), computes per order the first relevant rank r, h(K), hit@K, recall@K,
# P@K (always divided by K), RR and RR cut at K (MRR@K), and prints rows `measure query value`
# (%.17g) of the measure stream that `hitrate -f -q` would print:
#   mode=expected     the mean over all orders
#   mode=optimistic   the best order (max of hit/recall/P/RR, min of r)
#   mode=pessimistic  the worst order
#   mode=id           the one order with ties by item id descending (bytes)
#   mode=input        the one order with ties in order of appearance
#   mode=chance       the mean over every order of the whole gallery (all
#                     candidates tied: --chance), rows named hit@K:chance,
#                     recall@K:chance, P@K:chance
# then the `all` rows: means over queries, MedR = median of the per-query r.
# mode=ranks prints instead the rank stream lines (query item grade rank ties
# n) counted directly, with a sort key in front (see ties-bruteforce.bats).
BEGIN { FS = "[ \t]+"; nk = split(ks, K, ",") }
FNR == NR { if ($3 >= 1) { rel[$1 SUBSEP $2] = $3; relq[$1, ++nrel[$1]] = $2 } next }
{
	if (!($1 in nc)) qs[++nq] = $1
	i = ++nc[$1]
	cid[$1, i] = $2
	csc[$1, i] = $3 + 0
}
function place(k,   i, best) {
	if (k > n) { evaluate(); return }
	best = ""
	for (i = 1; i <= n; i++)
		if (!used[i] && (best == "" || s[i] > best))
			best = s[i]
	for (i = 1; i <= n; i++)
		if (!used[i] && s[i] == best) {
			used[i] = 1; ord[k] = i
			place(k + 1)
			used[i] = 0
		}
}
function evaluate(   i, j, first, h, lim, v, key) {
	norders++
	first = 0
	for (i = 1; i <= n; i++)
		if (isrel[ord[i]]) { first = i; break }
	for (j = 1; j <= nk; j++) {
		h = 0
		lim = K[j] < n ? K[j] : n
		for (i = 1; i <= lim; i++)
			h += isrel[ord[i]]
		acc("hit@" K[j], (first > 0 && first <= K[j]) ? 1 : 0, 1)
		acc("recall@" K[j], h / m, 1)
		acc("P@" K[j], h / K[j], 1)
		acc("MRR@" K[j], (first > 0 && first <= K[j]) ? 1 / first : 0, 1)
	}
	acc("MRR", first > 0 ? 1 / first : 0, 1)
	if (first > 0)
		acc("MeanR", first, -1)
}
# acc NAME VALUE DIR: sum for the mean; best/worst (DIR 1: higher is better)
function acc(name, v, dir) {
	if (!(name in sum)) { names[++nnames] = name; dirs[name] = dir }
	sum[name] += v
	if (!(name in hi) || v > hi[name]) hi[name] = v
	if (!(name in lo) || v < lo[name]) lo[name] = v
}
# the single order of --break: insertion sort by score desc, then the rule
function oneorder(   i, j, t, a, b, before) {
	for (i = 1; i <= n; i++) ord[i] = i
	for (i = 2; i <= n; i++) {
		t = ord[i]
		for (j = i - 1; j >= 1; j--) {
			a = ord[j]
			if (s[t] > s[a]) before = 1
			else if (s[t] < s[a]) before = 0
			else if (mode == "id") before = (id[t] "" > id[a] "")
			else before = 0		# input: stable
			if (!before) break
			ord[j + 1] = a
		}
		ord[j + 1] = t
	}
	evaluate()
}
END {
	for (x = 1; x <= nq; x++) {
		q = qs[x]; n = nc[q]; m = nrel[q]
		delete sum; delete hi; delete lo; delete names; delete used
		nnames = 0; norders = 0
		for (i = 1; i <= n; i++) {
			id[i] = cid[q, i]; s[i] = csc[q, i]
			isrel[i] = (q SUBSEP id[i]) in rel
		}
		if (mode == "ranks") { ranks(q); continue }
		if (mode == "chance")
			for (i = 1; i <= n; i++) s[i] = 0
		if (mode == "id" || mode == "input") oneorder()
		else place(1)
		for (j = 1; j <= nnames; j++) {
			name = names[j]
			if (mode == "chance" && name !~ /@/) continue
			if (mode == "expected" || mode == "id" || mode == "input" ||
			    mode == "chance")
				v = sum[name] / norders
			else if ((mode == "optimistic") == (dirs[name] == 1))
				v = hi[name]
			else
				v = lo[name]
			if (mode == "chance") name = name ":chance"
			printf "%s\t%s\t%.17g\n", name, q, v
			tot[name] += v; cnt[name]++
			if (!(name in seen)) { seen[name] = 1; anames[++na] = name }
			if (name == "MeanR") r[++nr] = v
		}
	}
	if (mode == "ranks") exit
	for (j = 1; j <= na; j++)
		printf "%s\tall\t%.17g\n", anames[j], tot[anames[j]] / cnt[anames[j]]
	# MedR: median of the per-query first ranks
	for (i = 2; i <= nr; i++) {
		t = r[i]
		for (j = i - 1; j >= 1 && r[j] > t; j--) r[j + 1] = r[j]
		r[j + 1] = t
	}
	if (nr > 0)
		printf "MedR\tall\t%.17g\n", nr % 2 ? r[(nr + 1) / 2] : (r[nr / 2] + r[nr / 2 + 1]) / 2
}
# rank stream lines, counted directly; key: query number, 0|1, rank, id
function ranks(q,   i, j, above, tie, k, it) {
	if (m == 0) { printf "%d 0 0 -\t%s\t-\t0\t-\t-\t%d\n", x, q, n; return }
	for (k = 1; k <= m; k++) {
		it = relq[q, k]
		for (i = 1; i <= n; i++) if (id[i] == it) break
		if (i > n) {
			printf "%d 1 0 %s\t%s\t%s\t%d\t-\t-\t%d\n", x, it, q, it, rel[q, it], n
			continue
		}
		above = 0; tie = 0
		for (j = 1; j <= n; j++) {
			if (s[j] > s[i]) above++
			else if (j != i && s[j] == s[i]) tie++
		}
		printf "%d 0 %d %s\t%s\t%s\t%d\t%d\t%d\t%d\n", x, above + 1, it, q, it, rel[q, it], above + 1, tie, n
	}
}
