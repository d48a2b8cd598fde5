#!/bin/sh
# Differential test of examples/pipelines/trec.sh against the real
# trec_eval (tests/trec-eval-diff.bats; tests/trec-eval-build.sh builds it):
# random qrels, runs and flags (tests/data/trec-gen.awk), each given to both
# programs; trec_eval's rows of the measures rankkit has must come out of
# trec.sh byte for byte, per topic and summary, and trec.sh must print no
# other row.
#   sh tests/trec-eval-diff.sh [-s SEED] [-n CASES] [-d DIR] TREC_EVAL
# One line per case that is not identical, then a summary line:
#   halfway CASE MEASURE: trec_eval X, trec.sh Y (mean Z)
#       a summary row one unit apart in the last digit, every other row
#       identical, and the mean a halfway point (Z: trec.sh's row with 12
#       decimals, ...50000000): the known difference of rounding (trec_eval
#       prints its sum of the topics' doubles over their count, rankkit
#       rounds the exact mean), which treceval is to remove
#   differ CASE: FLAGS, then the diff (trec_eval's rows first)
#   trec-eval-diff: N cases, I identical, H with halfway summary rows (R rows), D differ
# DIR (default: a temporary folder, removed) keeps every case's files:
# C.qrels, C.run, C.args, C.te (trec_eval's output), C.rk (trec.sh's).
# Exit status 1 when a case differs otherwise.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
seed=1 cases=300 dir=
while getopts s:n:d: opt; do
	case $opt in
	s) seed=$OPTARG ;;
	n) cases=$OPTARG ;;
	d) dir=$OPTARG ;;
	*) echo "usage: trec-eval-diff.sh [-s SEED] [-n CASES] [-d DIR] TREC_EVAL" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: trec-eval-diff.sh [-s SEED] [-n CASES] [-d DIR] TREC_EVAL" >&2; exit 2; }
te=$1
if [ -z "$dir" ]; then
	dir=$(mktemp -d "${TMPDIR:-/tmp}/trec-eval-diff.XXXXXX")
	trap 'rm -rf "$dir"' EXIT INT TERM
fi
mkdir -p "$dir"
LC_ALL=C
export LC_ALL

awk -v seed="$seed" -v cases="$cases" -v dir="$dir" -f "$root/tests/data/trec-gen.awk"

# trec.sh printing 12 decimals: its copy beside wrappers of the programs
# that add -p 12 (rankof as it is)
precise=$dir/precise
mkdir -p "$precise/bin" "$precise/examples/pipelines"
cp "$root/examples/pipelines/trec.sh" "$precise/examples/pipelines/"
ln -sf "$root/bin/rankof" "$precise/bin/rankof"
for p in hitrate mapr ndcg; do
	printf '#!/bin/sh\nexec "%s" -p 12 "$@"\n' "$root/bin/$p" >"$precise/bin/$p"
	chmod +x "$precise/bin/$p"
done

# trec_eval's measures that rankkit has (trec.sh prints these, and only these)
have='^(runid|num_q|num_ret|num_rel|num_rel_ret|map|Rprec|recip_rank|P_[0-9]+|recall_[0-9]+|ndcg|ndcg_cut_[0-9]+|map_cut_[0-9]+|success_[0-9]+)$'

same=0 halfway=0 rows=0 differ=0
c=1
while [ "$c" -le "$cases" ]; do
	args=$(cat "$dir/$c.args")
	st=0 rst=0
	# shellcheck disable=SC2086
	"$te" $args "$dir/$c.qrels" "$dir/$c.run" >"$dir/$c.te.all" 2>"$dir/$c.te.err" || st=$?
	awk -F'\t' -v have="$have" '{ n = $1; sub(/ +$/, "", n) } n ~ have' \
	    "$dir/$c.te.all" >"$dir/$c.te"
	# shellcheck disable=SC2086
	sh "$root/examples/pipelines/trec.sh" $args "$dir/$c.qrels" "$dir/$c.run" \
	    >"$dir/$c.rk" 2>"$dir/$c.rk.err" || rst=$?
	if [ "$st" -ne 0 ] || [ "$rst" -ne 0 ] || [ ! -s "$dir/$c.te" ]; then
		echo "differ $c: $args (trec_eval status $st, trec.sh status $rst)"
		sed 's/^/    trec_eval: /' "$dir/$c.te.err"
		sed 's/^/    trec.sh: /' "$dir/$c.rk.err"
		differ=$((differ + 1))
	elif cmp -s "$dir/$c.te" "$dir/$c.rk"; then
		same=$((same + 1))
	else
		# the same rows in the same order, apart from halfway summaries
		# shellcheck disable=SC2086
		sh "$precise/examples/pipelines/trec.sh" $args "$dir/$c.qrels" \
		    "$dir/$c.run" >"$dir/$c.rk12" 2>/dev/null || :
		out=$(awk -F'\t' -v c="$c" '
		    FILENAME ~ /rk12$/ { if ($2 == "all") mean[$1] = $3; next }
		    FNR == NR { te[FNR] = $0; n = FNR; next }
		    { rk[FNR] = $0; m = FNR }
		    END {
			if (n != m) { print "bad"; exit }
			for (i = 1; i <= n; i++) {
				if (te[i] == rk[i]) continue
				split(te[i], a, "\t"); split(rk[i], b, "\t")
				name = a[1]; sub(/ +$/, "", name)
				# Z = L.LLLL50000000: trec_eval and trec.sh print
				# L.LLLL and L.LLLL + 0.0001 in some order
				z = mean[a[1]]
				lo = substr(z, 1, length(z) - 8)
				hi = sprintf("%.4f", lo + 0.0001)
				if (a[1] == b[1] && a[2] == "all" && b[2] == "all" &&
				    name !~ /^(runid|num_)/ && z ~ /\.[0-9][0-9][0-9][0-9]50000000$/ &&
				    (a[3] == lo && b[3] == hi || a[3] == hi && b[3] == lo)) {
					print "halfway " c " " name ": trec_eval " a[3] ", trec.sh " b[3] " (mean " z ")"
					continue
				}
				print "bad"; exit
			}
		    }' "$dir/$c.te" "$dir/$c.rk" "$dir/$c.rk12")
		case $out in
		*bad*)
			echo "differ $c: $args"
			diff "$dir/$c.te" "$dir/$c.rk" | sed 's/^/    /' || :
			differ=$((differ + 1)) ;;
		*)
			printf '%s\n' "$out"
			halfway=$((halfway + 1))
			rows=$((rows + $(printf '%s\n' "$out" | wc -l))) ;;
		esac
	fi
	c=$((c + 1))
done
echo "trec-eval-diff: $cases cases, $same identical, $halfway with halfway summary rows ($rows rows), $differ differ"
[ "$differ" -eq 0 ]
