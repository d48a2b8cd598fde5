#!/bin/sh
# Ad-hoc text retrieval, the TREC protocol: a run ranks documents for each
# topic, the qrels judge them (graded), and trec_eval's measures summarize
# the run (Voorhees and Harman, "TREC: Experiment and Evaluation in
# Information Retrieval", 2005). rankkit's treceval takes trec_eval's
# command line and prints what trec_eval prints (treceval(1)): a trec_eval
# user changes the program's name, nothing else.
#
# usage: trec.sh [TREC_EVAL'S OPTIONS QRELS RUN]
#   with no argument: examples/data/trec.qrels and trec.run, a small run
#   written for rankkit (three judged topics, a tie, graded judgments, a
#   relevant document never retrieved, a topic without judgments, topics
#   out of order), and trec_eval's default set of measures (official)
root=$(cd "$(dirname "$0")/../.." && pwd)
PATH="$root/bin:$PATH"
LC_ALL=C
export PATH LC_ALL
[ $# -gt 0 ] || set -- "$root/examples/data/trec.qrels" \
	"$root/examples/data/trec.run"
exec treceval "$@"
