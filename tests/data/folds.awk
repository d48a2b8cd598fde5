# folds.awk: the fold and `all` rows of --folds F from per-query rows.
# usage: awk -v F=5 -f folds.awk ROWS
# ROWS: `measure query value` (tab-separated, %.17g), each query's rows
# together, queries in input order, and the list of every query in order
# given first as lines `query Q` (a query may lack a row for a measure that
# has no value for it). The queries form F equal consecutive folds; a fold's
# value is the mean of the values its queries have (MedR: the median of
# their MeanR values, the per-query first ranks); `all` is the mean over
# the folds that have a value. Prints `measure foldN value` and
# `measure all value`.
BEGIN { FS = OFS = "\t" }
$1 == "query" { pos[$2] = ++nq; next }
{
	if (!($1 in seen)) { seen[$1] = 1; names[++nn] = $1 }
	f = int((pos[$2] - 1) / (nq / F)) + 1
	sum[$1, f] += $3; cnt[$1, f]++
	if ($1 == "MeanR") { r[f, ++nr[f]] = $3; medr = 1 }
}
END {
	if (nq % F) { print "folds.awk: " nq " queries, " F " folds" > "/dev/stderr"; exit 1 }
	if (medr) names[++nn] = "MedR"
	for (j = 1; j <= nn; j++) {
		name = names[j]; tot = 0; nf = 0
		for (f = 1; f <= F; f++) {
			if (name == "MedR") {
				k = nr[f]
				if (!k) continue
				# insertion sort of the fold's first ranks
				for (a = 2; a <= k; a++) {
					t = r[f, a]
					for (b = a - 1; b >= 1 && r[f, b] > t; b--) r[f, b + 1] = r[f, b]
					r[f, b + 1] = t
				}
				v = k % 2 ? r[f, (k + 1) / 2] : (r[f, k / 2] + r[f, k / 2 + 1]) / 2
			} else {
				if (!cnt[name, f]) continue
				v = sum[name, f] / cnt[name, f]
			}
			printf "%s\tfold%d\t%.17g\n", name, f, v
			tot += v; nf++
		}
		if (nf) printf "%s\tall\t%.17g\n", name, tot / nf
	}
}
