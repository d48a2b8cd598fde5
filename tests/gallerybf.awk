# The reference of tests/gallery.bats: every measure at gallery size G by
# enumeration. Reads "query item score grade" lines (grade 0: not
# relevant), and for each query enumerates every sub-gallery of G items
# that keeps the relevant ones and, under mode=expected, every order of the
# tied items of each sub-gallery (each block of equal scores permuted in
# place); under optimistic and pessimistic the one order those modes
# define. Each measure is computed on each order from its definition and
# averaged (sub-galleries equally likely, orders equally likely within a
# sub-gallery). Prints "name query value", names as the programs print
# them at G. Variables: G, Ks (comma-separated cut-offs), mode, div (m,
# min or found: AP@K's divisor), gain (lin or exp).
function lg2(x) { return log(x) / log(2) }
function gn(g) { return gain == "exp" ? 2 ^ g - 1 : g }
function add(name, v) { acc[name] += v * wt; names[name] = 1 }
function evaluate(   p, c, k, i, K, s, f, d, dcg, ideal) {
	c = 0
	for (p = 1; p <= kn; p++)
		if (gr[cur[p]] > 0) { c++; pos[c] = p; gg[c] = gr[cur[p]] }
	for (i = 1; i <= nK; i++) {
		K = Kv[i]; f = 0; s = 0
		for (k = 1; k <= c; k++) if (pos[k] <= K) { f++; s += k / pos[k] }
		add("hit@" K, pos[1] <= K)
		add("recall@" K, f / m)
		add("P@" K, f / K)
		add("MRR@" K, pos[1] <= K ? 1 / pos[1] : 0)
		d = div == "min" && K < m ? K : m
		add("AP@" K, div == "found" ? (f ? s / f : 0) : s / d)
		dcg = 0; ideal = 0
		for (k = 1; k <= c; k++) if (pos[k] <= K) dcg += gn(gg[k]) / lg2(1 + pos[k])
		for (k = 1; k <= m && k <= K; k++) ideal += gn(ig[k]) / lg2(1 + k)
		add("nDCG@" K, dcg / ideal)
	}
	add("MRR", 1 / pos[1])
	add("MeanR", pos[1])
	s = 0; f = 0; d = 0
	for (k = 1; k <= c; k++) {
		s += k / pos[k]
		if (pos[k] <= m) { f++; d += k / pos[k] }
	}
	add("AP", s / m)
	add("Rprec", f / m)
	add("MAP@R", d / m)
	add("mINP", c / pos[c])
	dcg = 0; ideal = 0
	for (k = 1; k <= c; k++) dcg += gn(gg[k]) / lg2(1 + pos[k])
	for (k = 1; k <= m; k++) ideal += gn(ig[k]) / lg2(1 + k)
	add("nDCG", dcg / ideal)
}
# the tie order a fixed mode defines: relevant first (optimistic, higher
# grades first) or last (pessimistic, lower grades first) in each block
function before(x, y) {
	if (sc[x] != sc[y]) return sc[x] > sc[y]
	if (mode == "optimistic") return gr[x] > gr[y]
	return gr[x] < gr[y]
}
function permute(p,   j, t) {
	if (p > kn) { cnt++; ord[cnt] = ""; for (j = 1; j <= kn; j++) ord[cnt] = ord[cnt] " " cur[j]; return }
	for (j = p; j <= bend[p]; j++) {
		t = cur[p]; cur[p] = cur[j]; cur[j] = t
		permute(p + 1)
		t = cur[p]; cur[p] = cur[j]; cur[j] = t
	}
}
# one sub-gallery: kept[1..kn]; weight 1/nsub shared by its orders
function subgallery(   i, j, t, o, x, nx) {
	for (i = 1; i <= kn; i++) cur[i] = kept[i]
	for (i = 2; i <= kn; i++)
		for (j = i; j > 1 && before(cur[j], cur[j-1]); j--) { t = cur[j]; cur[j] = cur[j-1]; cur[j-1] = t }
	if (mode != "expected") { wt = 1 / nsub; evaluate(); return }
	for (i = kn; i >= 1; i--) bend[i] = (i < kn && sc[cur[i+1]] == sc[cur[i]]) ? bend[i+1] : i
	cnt = 0
	permute(1)
	for (o = 1; o <= cnt; o++) {
		nx = split(ord[o], x, " ")
		for (i = 1; i <= nx; i++) cur[i] = x[i]
		wt = 1 / nsub / cnt
		evaluate()
	}
}
# every choice of g of the non-relevant items non[from..nn]
function choose(from, left,   i) {
	if (left == 0) { kn = nk + g; subgallery(); return }
	for (i = from; i <= nn - left + 1; i++) {
		kept[nk + g - left + 1] = non[i]
		choose(i + 1, left - 1)
	}
}
function binom(a, b,   r, i) { r = 1; for (i = 1; i <= b; i++) r = r * (a - b + i) / i; return r }
function query(   i, j, t, name) {
	nk = 0; nn = 0; m = 0
	for (i = 1; i <= ni; i++)
		if (gr[it[i]] > 0) { kept[++nk] = it[i]; ig[++m] = gr[it[i]] } else non[++nn] = it[i]
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && ig[j] > ig[j-1]; j--) { t = ig[j]; ig[j] = ig[j-1]; ig[j-1] = t }
	g = G - m
	nsub = binom(nn, g)
	split("", acc); split("", names)
	choose(1, g)
	for (name in names) printf "%s/G%d\t%s\t%.12f\n", name, G, q, acc[name]
}
BEGIN { FS = "\t"; nK = split(Ks, Kv, ",") }
$1 != q { if (ni) query(); q = $1; ni = 0 }
{ it[++ni] = $2; sc[$2] = $3 + 0; gr[$2] = $4 + 0 }
END { if (ni) query() }
