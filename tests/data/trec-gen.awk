# trec-gen.awk: random TREC qrels and runs, with trec_eval flags, for the
# differential test against trec_eval (tests/trec-eval-diff.sh).
# usage: awk -v seed=S -v cases=N -v dir=D -f trec-gen.awk
# writes D/C.qrels, D/C.run and D/C.args (the flags, one line) for each case
# C = 1..N. The generator is its own (an LCG in exact double arithmetic), so
# a seed gives the same cases under every awk.
#
# Each case has 1..5 topics (1..12 in a fifth of the cases) of 1..19
# documents (20..79 in a fifth), of ids whose byte order is not their numeric
# order; a topic is in both files, or in the run only, or (with -c only:
# trec_eval 10.0 stops without -c) in the qrels only. Its documents: ids
# from a small alphabet (d10 < d9, D < d), each retrieved and/or judged at
# random; grades 0..4, a few of 100..299, negative ones (-1, -2: trec_eval's
# "unjudged"); scores from few values (ties), written in several forms of
# one number (5, 5.0, 50e-1, 5e0, +5, 05), or with many digits, or inf; runs
# unsorted, ranks and iteration fields meaningless, blank and `#` lines,
# runs of spaces and tabs, leading and trailing blanks, CRLF, a last line
# without newline. Within a topic no document appears twice in the run or
# the qrels (trec_eval stops at the first, or miscounts the second), and
# some grade is not negative (trec_eval fails on a topic of negative grades
# only).
# Flags: -q always; -c; -l 0..3; -M 1..12; -m all_trec, official or a few
# measures that rankkit has, with cut-offs.

function rnd() {
	st = (st * 69069 + 1) % 4294967296
	return st / 4294967296
}
function ri(n) { return int(rnd() * n) }
function pick(s,    a, n) { n = split(s, a, " "); return a[1 + ri(n)] }
# a field separator: mostly a tab or a space
function sep(    r) {
	r = rnd()
	return r < 0.45 ? "\t" : r < 0.9 ? " " : r < 0.94 ? "  " : r < 0.97 ? "\t\t" : " \t "
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
	return pick("inf -inf 1e308 -1e308 2 1 0 inf")	# infinities
}
function grade(    r) {
	r = rnd()
	return r < 0.4 ? 0 : r < 0.7 ? 1 : r < 0.8 ? 2 : r < 0.85 ? 3 : r < 0.88 ? 4 : \
	    r < 0.9 ? 100 + ri(200) : r < 0.95 ? -1 : -2
}
# qline T D G: one qrels line
function qline(t, d, g) {
	return blank() t sep() pick("0 0 0 Q0 1") sep() d sep() g blank()
}
# rline T D S: one run line
function rline(t, d, s) {
	return blank() t sep() pick("Q0 Q0 Q0 0 q") sep() d sep() \
	    pick("1 2 3 17 0 -1 999") sep() s sep() tag \
	    (rnd() < 0.1 ? sep() pick("extra 1 x") : "") blank()
}
# put FILE LINES N: writes the lines, with blank (run only) and comment
# lines among them, and perhaps no newline at the end
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
BEGIN {
	split("301 302 303 1 2 10 9 a B b-1 q_7 050", TOP, " ")
	split("d D doc d0 a- Z x", PRE, " ")
	for (c = 1; c <= cases; c++) {
		st = (seed * 7919 + c * 104729) % 4294967296
		for (i = 0; i < 8; i++) rnd()
		complete = rnd() < 0.4
		crlf = rnd() < 0.1
		tag = pick("run STANDARD r-1 a.b") c
		nq = nr = 0
		delete Q; delete R; delete used
		nt = 1 + ri(rnd() < 0.2 ? 12 : 5)
		for (k = 0; k < nt; k++) {
			do t = TOP[1 + ri(12)]; while (t in used)
			used[t] = 1
			r = rnd()
			side = k == 0 ? "both" : r < 0.12 ? "run" : r < 0.24 && complete ? "qrels" : "both"
			mode = ri(4) < 2 ? 0 : ri(6) < 4 ? 1 : ri(3) < 2 ? 2 : 3
			neg = rnd() < 0.2
			nv = 1 + ri(5)
			pr = 0.3 + 0.7 * rnd()
			pj = 0.2 + 0.7 * rnd()
			nd = rnd() < 0.2 ? 20 + ri(60) : 1 + ri(20)
			delete doc
			hasq = hasr = judged = 0
			for (i = 0; i < nd; i++) {
				do d = PRE[1 + ri(7)] (1 + ri(30)); while (d in doc)
				doc[d] = 1
				if (side != "qrels" && (rnd() < pr || (!hasr && i == nd - 1))) {
					R[++nr] = rline(t, d, score(nv))
					hasr = 1
				}
				if (side != "run" && (rnd() < pj || (!hasq && i == nd - 1))) {
					g = grade()
					Q[++nq] = qline(t, d, g)
					hasq = 1
					judged += g >= 0
				}
			}
			# trec_eval 10.0 fails on a topic whose grades are all
			# negative (exit 4, or a crash)
			if (hasq && !judged)
				Q[++nq] = qline(t, "n" k, 0)
		}
		if (rnd() < 0.8) shuffle(R, nr)
		if (rnd() < 0.5) shuffle(Q, nq)
		put(dir "/" c ".qrels", Q, nq, 0)
		put(dir "/" c ".run", R, nr, 1)

		args = "-q"
		if (complete) args = args " -c"
		r = rnd()
		if (r < 0.3) args = args " -l" pick("2 3 0 1 2")
		else if (r < 0.4) args = args " -l " pick("2 3")
		if (rnd() < 0.2) args = args " -M " (1 + ri(12))
		r = rnd()
		if (r < 0.25) args = args " -m all_trec"
		else if (r < 0.3) args = args " -m official"
		else if (r >= 0.4) {
			split("runid num_q num_ret num_rel num_rel_ret map Rprec recip_rank " \
			    "P recall ndcg ndcg_cut map_cut success", M, " ")
			shuffle(M, 14)
			nm = 1 + ri(4)
			for (i = 1; i <= nm; i++) {
				m = M[i]
				if (m ~ /^(P|recall|success|ndcg_cut|map_cut)$/ && rnd() < 0.7) {
					delete cut
					p = ""
					ncut = 1 + ri(3)
					for (j = 0; j < ncut; j++) {
						do x = 1 + ri(25); while (x in cut)
						cut[x] = 1
						p = p (j ? "," : ".") x
					}
					m = m p
				}
				args = args " -m " m
			}
		}
		print args > (dir "/" c ".args")
		close(dir "/" c ".args")
	}
}
