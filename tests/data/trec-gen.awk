# trec-gen.awk: random TREC qrels and runs, with trec_eval command lines,
# for the differential test of treceval against trec_eval
# (tests/trec-eval-diff.sh).
# usage: awk -v seed=S -v cases=N -v dir=D -f trec-gen.awk
# writes D/C.qrels, D/C.run and D/C.args for each case C = 1..N: the
# arguments, one line, with the words QRELS and RUN where the files go
# (options come before them, and now and then after). The generator is its
# own (an LCG in exact double arithmetic), so a seed gives the same cases
# under every awk.
#
# Each case has 1..5 topics (1..12 in a fifth of the cases) of 1..19
# documents (20..79 in a fifth), of ids whose byte order is not their numeric
# order; a topic is in both files, or in the run only, or (with -c only:
# trec_eval 10.0 stops without -c) in the qrels only. Its documents: ids
# from a small alphabet (d10 < d9, D < d), each retrieved and/or judged at
# random; grades 0..4, a few of 100..299, negative ones (-1, -2: trec_eval's
# "unjudged"), some spelled as atol() reads them (1.5, 2x, +3, 007); scores
# from few values (ties), written in several forms of one number (5, 5.0,
# 50e-1, 5e0, +5, 05), or with many digits, or inf, or as atof() reads them
# (0x10, .5, 5., 0.5abc, 1e-400, 1.8e308); runs unsorted, ranks and
# iteration fields meaningless, the run field the same on every line or
# not (runid is the file's last line's), blank and `#` lines, runs of
# spaces and tabs, form feeds, leading and trailing blanks, CRLF, a last
# line without newline. Some grade of each topic is not negative (trec_eval
# fails on a topic of negative grades only). Now and then a document comes
# twice in a topic of the run, at a lower score, or (rarely) twice in the
# qrels: trec_eval stops on it (status 4) when both copies are among the
# documents it keeps (-M), and ignores the lower copy otherwise.
# Flags: -q mostly; -c; -l 0..3; -M 1..12; -n; -N; -J; long spellings; -m
# all_trec, official, set or a few of trec_eval's measures with parameters:
# cut-offs, recall levels, utility's coefficients, LEVEL=GAIN pairs, rbp's
# and rbp_resid's p, relstring's length; none (the default, official).

function rnd() {
	st = (st * 69069 + 1) % 4294967296
	return st / 4294967296
}
function ri(n) { return int(rnd() * n) }
function pick(s,    a, n) { n = split(s, a, " "); return a[1 + ri(n)] }
# a field separator: mostly a tab or a space
function sep(    r) {
	r = rnd()
	return r < 0.45 ? "\t" : r < 0.9 ? " " : r < 0.94 ? "  " : r < 0.97 ? "\t\t" : \
	    r < 0.99 ? " \t " : "\f"
}
# a blank before the first field or after the last, now and then
function blank(    r) {
	r = rnd()
	return r < 0.03 ? " " : r < 0.05 ? "\t" : ""
}
function eol() { return crlf || rnd() < 0.03 ? "\r\n" : "\n" }
function shuffle(a, n,    i, j, t) {
	for (i = n; i > 1; i--) {
		j = 1 + ri(i)
		t = a[i]; a[i] = a[j]; a[j] = t
	}
}
# score NV: one of NV values as text, in one of its spellings
function score(nv,    v, r, x) {
	r = rnd()
	if (mode == 0) {	# few integers, spelled several ways
		v = ri(nv) - (neg ? 1 : 0)
		x = pick("a a a b c d e f")
		if (x == "b") return v ".0"
		if (x == "c") return (v * 10) "e-1"
		if (x == "d") return v >= 0 ? "+" v : v
		if (x == "e") return v >= 0 ? "0" v : v
		if (x == "f") return v "e0"
		return v
	}
	if (mode == 1)		# decimals: ties by rounding
		return sprintf("%." (1 + ri(3)) "f", rnd() * nv - (neg ? 1 : 0))
	if (mode == 2)		# many digits, some equal as doubles
		return pick("0.1 0.1000000000000000055511151231257827 0.30000000000000004 0.3 " \
		    "0.29999999999999998 1e-300 4.9e-324 -0 0 12345678901234567890")
	if (mode == 3)		# infinities
		return pick("inf -inf 1e308 -1e308 2 1 0 inf")
	# as atof() reads them: hexadecimal, text after the number, none
	return pick("0x10 0x1p-1 .5 5. 0.5abc 1e-400 1.8e308 -1.8e308 2 1 abc 1e 16 0.5 Infinity")
}
function grade(    r, g) {
	r = rnd()
	g = r < 0.4 ? 0 : r < 0.7 ? 1 : r < 0.8 ? 2 : r < 0.85 ? 3 : r < 0.88 ? 4 : \
	    r < 0.9 ? 100 + ri(200) : r < 0.95 ? -1 : -2
	if (g > 0 && rnd() < 0.05)	# atol() reads the digits first
		return pick(g ".5 " g "x +" g " 00" g)
	return g
}
# qline T D G: one qrels line
function qline(t, d, g) {
	return blank() t sep() pick("0 0 0 Q0 1") sep() d sep() g blank()
}
# rline T D S: one run line
function rline(t, d, s) {
	return blank() t sep() pick("Q0 Q0 Q0 0 q") sep() d sep() \
	    pick("1 2 3 17 0 -1 999") sep() s sep() \
	    (onetag ? tag : tag pick("a b c")) \
	    (rnd() < 0.1 ? sep() pick("extra 1 x") : "") blank()
}
# put FILE LINES N RUN: writes the lines, with blank (run only) and
# comment lines among them, and perhaps no newline at the end
function put(f, a, n, run,    i, s, last) {
	s = ""
	last = rnd() < 0.1
	for (i = 1; i <= n; i++) {
		if (rnd() < 0.04)
			s = s "# a comment" eol()
		if (run && rnd() < 0.04)
			s = s (rnd() < 0.5 ? eol() : "  " eol())
		s = s a[i] (i < n || !last ? eol() : "")
	}
	printf "%s", s > f
	close(f)
}
# cuts N MAX: N distinct cut-offs from 1..MAX, comma-separated
function cuts(n, max,    j, x, p, seen) {
	p = ""
	for (j = 0; j < n; j++) {
		do x = 1 + ri(max); while (x in seen)
		seen[x] = 1
		p = p (j ? "," : "") x
	}
	return p
}
# levels N: N distinct recall levels or multiples of R (trec_eval sorts
# them; 11pt_avg takes them in their order)
function levels(n,    j, x, p, seen) {
	p = ""
	for (j = 0; j < n; j++) {
		do x = pick("0 .1 .2 .25 0.3 .5 .6 .75 1 1.0 1.5 2"); while ((x + 0) in seen)
		seen[x + 0] = 1
		p = p (j ? "," : "") x
	}
	return p
}
# gains RBP: LEVEL=GAIN pairs of grades 0..4 (rbp: no negative gain,
# where trec_eval reads memory it never set), and rbp's p
function gains(rbp,    n, j, p, seen, l) {
	p = ""
	n = 1 + ri(3)
	for (j = 0; j < n; j++) {
		do l = ri(5); while (l in seen)
		seen[l] = 1
		p = p (j ? "," : "") l "=" pick(rbp ? "0 .5 1 2 3 4.5 9" : "0 .5 1 2 3 4.5 9 -1")
	}
	if (rbp && rnd() < 0.5)
		p = pick("p=0.5 p=.95 p=0.8") "," p
	return p
}
# measure M: -m's argument for M, with parameters now and then
function measure(m,    r) {
	r = rnd()
	if (m ~ /^(P|recall|success|ndcg_cut|map_cut|relative_P|unj)$/ && r < 0.7)
		return m "." cuts(1 + ri(3), 25)
	if (m ~ /^(iprec_at_recall|Rprec_mult|11pt_avg)$/ && r < 0.6)
		return m "." levels(1 + ri(4))
	if (m == "utility" && r < 0.6)
		return m "." pick("2 1 0 -1") "," pick("-1 0 -2") "," pick("0 -1") "," pick("0 1")
	if (m == "relstring" && r < 0.6)
		return m "." pick("3 20 1 0 7.5")
	if (m == "rbp_resid" && r < 0.5)
		return m "." pick("p=0.5 p=.95 p=0.8")
	if (m == "set_F" && r < 0.5)
		return m "." pick("0.5 2 .25")
	if (m ~ /^(G|ndcg|ndcg_rel|Rndcg|dcg|ideal_dcg|rbp)$/ && r < 0.6)
		return m "." gains(m == "rbp")
	return m
}
# topic K: the lines of the k-th topic into R and Q
function topic(k,    t, side, r, pr, pj, nd, i, d, g, hasq, hasr, judged, doc, nr0) {
	do t = TOP[1 + ri(12)]; while (t in used)
	used[t] = 1
	r = rnd()
	side = k == 0 ? "both" : r < 0.12 ? "run" : r < 0.24 && complete ? "qrels" : "both"
	mode = ri(4) < 2 ? 0 : ri(6) < 4 ? 1 : ri(3) < 2 ? 2 : ri(3) < 2 ? 3 : 4
	neg = rnd() < 0.2
	nv = 1 + ri(5)
	pr = 0.3 + 0.7 * rnd()
	pj = 0.2 + 0.7 * rnd()
	nd = rnd() < 0.2 ? 20 + ri(60) : 1 + ri(20)
	hasq = hasr = judged = 0
	nr0 = nr
	for (i = 0; i < nd; i++) {
		do d = PRE[1 + ri(7)] (1 + ri(30)); while (d in doc)
		doc[d] = 1
		if (side != "qrels" && (rnd() < pr || (!hasr && i == nd - 1))) {
			R[++nr] = rline(t, d, score(nv))
			RD[nr] = d
			hasr = 1
		}
		if (side != "run" && (rnd() < pj || (!hasq && i == nd - 1))) {
			g = grade()
			Q[++nq] = qline(t, d, g)
			hasq = 1
			judged += g + 0 >= 0
			if (rnd() < qdup)	# the same document judged again
				Q[++nq] = qline(t, d, grade())
		}
	}
	# trec_eval 10.0 fails on a topic whose grades are all negative
	# (exit 4, or a crash)
	if (hasq && !judged)
		Q[++nq] = qline(t, "n" k, 0)
	# a second copy of a retrieved document, at the lowest score
	if (hasr && rnd() < rdup) {
		d = RD[nr0 + 1 + ri(nr - nr0)]
		d = rline(t, d, pick("-inf -1e308 -5"))
		R[++nr] = d
	}
}
function args(    a, r, i, m, nm, post) {
	a = rnd() < 0.9 ? "-q" : pick("--query_eval_wanted --q")
	if (complete) a = a " " pick("-c -c -c --complete_rel_info_wanted")
	r = rnd()
	if (r < 0.3) a = a " -l" pick("2 3 0 1 2")
	else if (r < 0.4) a = a " " pick("-l --level_for_rel=") pick("2 3")
	if (maxret) a = a " " pick("-M -M --Max_retrieved_per_topic=") maxret
	if (rnd() < 0.05) a = a " -n"
	if (rnd() < 0.1) a = a " -N " (ri(3) * 500)
	if (rnd() < 0.15) a = a " " pick("-J -J --Judged_docs_only")
	r = rnd()
	if (r < 0.2) a = a " -m all_trec"
	else if (r < 0.25) a = a " -m official"
	else if (r < 0.28) a = a " -m set"
	else if (r >= 0.35) {
		nm = 1 + ri(4)
		shuffle(M, NM)
		delete asked
		for (i = 1; i <= nm; i++)
			asked[M[i]]
		# trec_eval frees the parameters that dcg, ideal_dcg and ndcg
		# share once for each (a crash); its rbp reads two variables it
		# never sets, which the gain measures, the interpolated
		# precisions, set_F and yaap leave their values in
		for (i = 1; i <= nm; i++) {
			m = M[i]
			if (m ~ /^(dcg|ideal_dcg)$/ && (("ndcg" in asked) || \
			    (m == "dcg" && ("ideal_dcg" in asked))))
				continue
			if (("rbp" in asked) && m ~ /^(iprec_at_recall|11pt_avg|G|dcg|ideal_dcg|ndcg|ndcg_rel|Rndcg|ndcg_cut|set_F|yaap)$/)
				continue
			a = a " " pick("-m -m -m --measure=") measure(m)
		}
	}
	# the files among the options: GNU getopt takes them anywhere
	post = ""
	if (rnd() < 0.15) {
		m = split(a, w, " ")
		a = w[1]
		for (i = 2; i <= m; i++)
			if (w[i] ~ /^-/ && w[i] != "-M" && w[i] != "-N" && w[i] != "-m" && rnd() < 0.5)
				post = post " " w[i]
			else
				a = a " " w[i]
	}
	return a " QRELS RUN" post
}
BEGIN {
	split("301 302 303 1 2 10 9 a B b-1 q_7 050", TOP, " ")
	split("d D doc d0 a- Z x", PRE, " ")
	NM = split("runid num_q num_ret num_rel num_rel_ret map gm_map Rprec recip_rank " \
	    "iprec_at_recall P recall Rprec_mult utility 11pt_avg binG G ndcg " \
	    "ndcg_rel Rndcg ndcg_cut map_cut relative_P success set_P " \
	    "set_relative_P set_recall set_map set_F rbp yaap dcg ideal_dcg " \
	    "bpref gm_bpref infAP unj relstring rbp_resid num_nonrel_judged_ret", M, " ")
	for (c = 1; c <= cases; c++) {
		st = (seed * 7919 + c * 104729) % 4294967296
		for (i = 0; i < 8; i++) rnd()
		complete = rnd() < 0.4
		crlf = rnd() < 0.1
		onetag = rnd() < 0.8
		tag = pick("run STANDARD r-1 a.b") c
		maxret = rnd() < 0.2 ? 1 + ri(12) : 0
		# copies mostly under -M, where trec_eval keeps one or stops
		rdup = rnd() < (maxret ? 0.6 : 0.03) ? 0.5 : 0
		qdup = rnd() < 0.02 ? 0.1 : 0
		nq = nr = 0
		delete Q; delete R; delete RD; delete used
		nt = 1 + ri(rnd() < 0.2 ? 12 : 5)
		for (k = 0; k < nt; k++)
			topic(k)
		if (rnd() < 0.8) shuffle(R, nr)
		if (rnd() < 0.5) shuffle(Q, nq)
		put(dir "/" c ".qrels", Q, nq, 0)
		put(dir "/" c ".run", R, nr, 1)
		print args() > (dir "/" c ".args")
		close(dir "/" c ".args")
	}
}
