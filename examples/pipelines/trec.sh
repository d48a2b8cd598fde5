#!/bin/sh
# Ad-hoc text retrieval, the TREC protocol: a run ranks documents for each
# topic, the qrels judge them (graded), and trec_eval's measures summarize
# the run (Voorhees and Harman, "TREC: Experiment and Evaluation in
# Information Retrieval", 2005). This script takes trec_eval's common
# flags and prints what trec_eval prints, byte for byte, for the measures
# rankkit has: the metric programs write trec_eval's names and layout
# themselves (--names trec).
#
# usage: trec.sh [-q] [-c] [-l N] [-M N] [-m MEASURE]... [QRELS RUN]
#   -q          per-topic rows too, before the summary rows
#   -c          topics of the qrels that the run lacks count, as 0
#   -l N        grades of at least N are relevant (default 1); ndcg and
#               ndcg_cut take every positive grade as a gain, as
#               trec_eval's do
#   -M N        each topic's first N documents only
#   -m MEASURE  trec_eval's name, with cut-offs after a dot (P.5,10), or
#               official (the default) or all_trec; trec_eval's measures
#               that rankkit lacks are left out (named on the standard
#               error when -m names them)
#   QRELS RUN   by default examples/data/trec.qrels and trec.run, a small
#               run written for rankkit: three judged topics, a tie, graded
#               judgments, a relevant document never retrieved and a topic
#               without judgments
#
# trec_eval breaks score ties by document id, descending (rankof --break
# id), and reads topics in any order; rankof wants each topic's lines
# together (sort -b -s -k1,1 keeps the order inside a topic). Topics of
# the run that the qrels lack are left out, as trec_eval leaves them out.
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
PATH="$root/bin:$PATH"
LC_ALL=C
export PATH LC_ALL

usage() {
	echo "usage: trec.sh [-q] [-c] [-l N] [-M N] [-m MEASURE]... [QRELS RUN]" >&2
	exit 2
}

perquery= complete= level=1 maxret= asked=
while getopts qcl:M:m: opt; do
	case $opt in
	q) perquery=-q ;;
	c) complete=-c ;;
	l) level=$OPTARG ;;
	M) maxret=$OPTARG ;;
	m) asked="$asked $OPTARG" ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || [ $# -eq 2 ] || usage
qrels=${1:-$root/examples/data/trec.qrels}
run=${2:-$root/examples/data/trec.run}

# trec_eval's measures in the order it prints them, and its nicknames
all_trec="runid num_q num_ret num_rel num_rel_ret map gm_map Rprec bpref
recip_rank iprec_at_recall P relstring recall infAP gm_bpref Rprec_mult
utility 11pt_avg binG G ndcg ndcg_rel Rndcg ndcg_cut map_cut relative_P
success set_P set_relative_P set_recall set_map set_F num_nonrel_judged_ret"
official="runid num_q num_ret num_rel num_rel_ret map gm_map Rprec bpref
recip_rank iprec_at_recall P"

# the program that computes each measure rankkit has
program() {
	case $1 in
	runid | num_q | num_ret | num_rel | num_rel_ret | recip_rank | P | recall | success)
		echo hitrate ;;
	map | Rprec | map_cut) echo mapr ;;
	ndcg | ndcg_cut) echo ndcg ;;
	esac
}

# the cut-offs of a measure: as -m gave them, or trec_eval's default
cutoffs() {
	case $1 in
	P | recall | ndcg_cut | map_cut) echo "${2:-5,10,15,20,30,100,200,500,1000}" ;;
	success) echo "${2:-1,5,10}" ;;
	esac
}

# the measures asked for, "name:cut-offs" one a line
wanted=
missing=
for m in ${asked:-official}; do
	case $m in
	official | all_trec)
		eval "names=\$$m"
		for n in $names; do wanted="$wanted $n:"; done
		continue ;;
	esac
	name=${m%%.*}
	cuts=
	[ "$name" = "$m" ] || cuts=${m#*.}
	case " $(echo $all_trec) " in
	*" $name "*) ;;
	*) echo "trec.sh: -m: unknown measure '$name'" >&2; usage ;;
	esac
	[ -n "$(program "$name")" ] || missing="$missing $name"
	wanted="$wanted $name:$cuts"
done
[ -z "$missing" ] ||
	echo "trec.sh: not in rankkit, left out:$missing" >&2

tmp=${TMPDIR:-/tmp}/trec.$$
trap 'rm -f "$tmp".*' EXIT INT TERM

sort -b -s -k1,1 "$run" >"$tmp.run"
rankof --break id ${maxret:+-M "$maxret"} $complete -g "$level" \
	-r "$qrels" "$tmp.run" >"$tmp.ranks"
# trec_eval's ndcg ignores -l: its gains are every positive grade
gains=$tmp.ranks
if [ "$level" != 1 ]; then
	gains=$tmp.gains
	rankof --break id ${maxret:+-M "$maxret"} $complete -g 1 \
		-r "$qrels" "$tmp.run" >"$gains" 2>/dev/null
fi

# each measure in trec_eval's order, by the program that has it
: >"$tmp.out"
for name in $all_trec; do
	prog=$(program "$name")
	[ -n "$prog" ] || continue
	for w in $wanted; do
		[ "${w%%:*}" = "$name" ] || continue
		cuts=$(cutoffs "$name" "${w#*:}")
		perquery_here=$perquery
		ranks=$tmp.ranks
		[ "$prog" != ndcg ] || ranks=$gains
		# trec_eval -c sums num_rel over the qrels lines of every
		# positive grade, whatever -l says: the topics' rows at -l,
		# the sum at grades of at least 1
		if [ "$name" = num_rel ] && [ -n "$complete" ] &&
		    [ "$level" != 1 ]; then
			[ -z "$perquery" ] ||
				hitrate --quiet --names trec -q -m num_rel \
					"$ranks" | awk -F'\t' '$2 != "all"' >>"$tmp.out"
			ranks=$gains
			perquery_here=
		fi
		"$prog" --quiet --names trec $perquery_here -m "$name" \
			${cuts:+-k "$cuts"} "$ranks" >>"$tmp.out"
		break
	done
done

# trec_eval's layout: the topics' rows by topic (byte order, as it sorts
# them; a stable sort keeps its order of measures), then the summary
tab=$(printf '\t')
grep -v '^#' "$tmp.out" | awk -F'\t' '$2 != "all"' | sort -s -t "$tab" -k2,2
grep -v '^#' "$tmp.out" | awk -F'\t' '$2 == "all"'
