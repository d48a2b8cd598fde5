# trec_eval's measures of a TREC run against TREC qrels, from the
# definitions (trec_eval's documentation and Manning et al. 2008, ch. 8),
# by sorting each topic's documents: score descending, ties by document id
# descending, as trec_eval orders them. Gains for nDCG are the grades, the
# discount 1/log2(1 + rank), the ideal ordering every judged document's
# grade. Interpolated precision at recall level x: the best precision at a
# rank holding at least round(x R) of the R relevant documents (0 when the
# run holds fewer); gm_map: exp of the mean log of AP (floored at 1e-5).
# Topics of the run without judgments are left out; the mean is over the
# others. Prints "measure all value" (4 decimals).
# usage: awk -f trec-brute.awk QRELS RUN
FNR == NR { g[$1, $3] = $4; if ($4 >= 1) nrel[$1]++; judged[$1] = 1
	ng[$1]++; gain[$1, ng[$1]] = $4; next }
($1 in judged) { n[$1]++; doc[$1, n[$1]] = $3; sc[$1, n[$1]] = $5 + 0 }
function before(t, i, j) {	# does document i come before j in topic t?
	if (sc[t, i] != sc[t, j]) return sc[t, i] > sc[t, j]
	return doc[t, i] > doc[t, j]
}
function log2(x) { return log(x) / log(2) }
END {
	split("5 10 15 20 30 100 200 500 1000", K, " ")
	split("5 10 15 20 30 100 200 500 1000", KP, " ")
	for (t in n) {
		T++
		# insertion sort of the topic's documents
		for (i = 1; i <= n[t]; i++) o[i] = i
		for (i = 2; i <= n[t]; i++)
			for (j = i; j > 1 && before(t, o[j], o[j - 1]); j--) {
				x = o[j]; o[j] = o[j - 1]; o[j - 1] = x
			}
		R = nrel[t]; hits = 0; ap = 0; rr = 0; dcg = 0
		for (x = 0; x <= 10; x++) best[x] = 0
		for (k in K) { apk[k] = 0; dcgk[k] = 0 }
		for (k in KP) hk[k] = 0
		for (i = 1; i <= n[t]; i++) {
			gr = ((t, doc[t, o[i]]) in g) ? g[t, doc[t, o[i]]] : 0
			if (gr >= 1) {
				hits++; ap += hits / i
				if (rr == 0) rr = 1 / i
				for (k in K) if (i <= K[k]) apk[k] += hits / i
				for (k in KP) if (i <= KP[k]) hk[k]++
			}
			if (i <= R && gr >= 1) rp++
			for (x = 0; x <= 10; x++)
				if (hits >= int(x * R / 10 + 0.5) && hits / i > best[x])
					best[x] = hits / i
			if (gr > 0) {
				dcg += gr / log2(1 + i)
				for (k in K) if (i <= K[k]) dcgk[k] += gr / log2(1 + i)
			}
		}
		# the ideal ordering: grades descending
		m = ng[t]
		for (i = 1; i <= m; i++) s[i] = gain[t, i]
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && s[j] > s[j - 1]; j--) { x = s[j]; s[j] = s[j - 1]; s[j - 1] = x }
		idcg = 0
		for (k in K) idcgk[k] = 0
		for (i = 1; i <= m; i++) if (s[i] > 0) {
			idcg += s[i] / log2(1 + i)
			for (k in K) if (i <= K[k]) idcgk[k] += s[i] / log2(1 + i)
		}
		sum["map"] += ap / R
		sum["gm_map"] += log(ap / R > 1e-5 ? ap / R : 1e-5)
		for (x = 0; x <= 10; x++)
			sum[sprintf("iprec_at_recall_%.2f", x / 10)] += best[x]
		sum["Rprec"] += rp / R; rp = 0
		sum["ndcg"] += dcg / idcg
		sum["recip_rank"] += rr
		for (k in K) {
			sum["map_cut_" K[k]] += apk[k] / R
			sum["ndcg_cut_" K[k]] += dcgk[k] / idcgk[k]
		}
		for (k in KP) {
			sum["P_" KP[k]] += hk[k] / KP[k]
			sum["recall_" KP[k]] += hk[k] / R
			sum["success_" KP[k]] += hk[k] > 0
		}
	}
	sum["gm_map"] = exp(sum["gm_map"] / T) * T
	for (m in sum) printf "%s all %.4f\n", m, sum[m] / T
}
