#!/bin/sh
# make check-valgrind: the example pipelines (examples/pipelines) and the
# example data through every program under valgrind's memcheck; any error
# or a definite or indirect leak fails. The pipelines run from a copy of
# examples/ whose bin/ holds wrappers, so the scripts need no change.
# Needs no data beyond the tree's (synthemb makes class-retrieval.sh's).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null 2>&1 || { echo "check-valgrind: valgrind is not installed" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rankkit-vg.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/bin" "$tmp/log"
cp -R "$root/examples" "$tmp/examples"
# every program the Makefile builds
for p in $(ls "$root/bin"); do
	cat > "$tmp/bin/$p" <<-W
	#!/bin/sh
	exec valgrind -q --error-exitcode=99 --leak-check=full \\
		--show-leak-kinds=definite,indirect \\
		--errors-for-leak-kinds=definite,indirect \\
		--log-file="$tmp/log/$p.%p" "$root/bin/$p" "\$@"
	W
	chmod +x "$tmp/bin/$p"
done

fail=0
# step NAME CMD: runs CMD (a shell command) with the wrappers first in PATH;
# says how long it took, for CI's time budget
step() {
	name=$1
	shift
	t0=$(date +%s)
	if PATH="$tmp/bin:$PATH" sh -c "$*" > "$tmp/out" 2>&1; then
		echo "check-valgrind: $name ok ($(($(date +%s) - t0)) s)"
	else
		echo "check-valgrind: $name FAILED" >&2
		tail -20 "$tmp/out" >&2
		fail=1
	fi
}

d=$tmp/examples/data
# the worked example (make demo generates the article's 30,000 rows: minutes
# under memcheck)
step worked-example "sh $tmp/examples/pipelines/worked-example.sh"
step "rankof -l, -x, --junk-label" "rankof -x -l $d/tiny.labels $d/tiny-self.scores | mapr"
step "rankof -c, --break id, ndcg" "rankof -c --break id -r $d/tiny.qrels $d/tiny.run | ndcg -q"
step "hitrate -q, --chance, -T" "rankof -r $d/tiny.qrels $d/tiny.scores | hitrate -q --chance -T optimistic"
printf 'a 1 0\nb 0 1\nc 1 1\n' > "$tmp/e.txt"
printf 'a A\nb B\nc A\n' > "$tmp/e.labels"
step "simmat, rankof -e" "simmat -m cos $tmp/e.txt $tmp/e.txt | rankof -x -l $tmp/e.labels | hitrate && rankof -e -x -l $tmp/e.labels $tmp/e.txt $tmp/e.txt | hitrate"
step "a data error" "printf 'q1 d1 x\n' | rankof -r $d/tiny.qrels; test \$? -eq 1"
step trec.sh "sh $tmp/examples/pipelines/trec.sh"
t=$root/tests/data/trec_eval
step "trec.sh (treceval) on trec_eval's test files" "sh $tmp/examples/pipelines/trec.sh -q -c -M 100 -m runid -m num_q -m num_ret -m num_rel -m map -m gm_map -m iprec_at_recall -m P -m recall -m Rprec_mult -m utility -m 11pt_avg -m binG -m G -m ndcg -m ndcg_rel -m Rndcg -m ndcg_cut -m map_cut -m relative_P -m success -m set_F -m rbp $t/qrels.rel_level $t/results.trunc"
step "treceval: an error" "treceval -m map $t/qrels.test $t/out.test.aq; test \$? -eq 2"
# class-retrieval.sh on synthemb's 500 images (the generator under
# memcheck too), one embedding: the script runs the other (spectrum.tsv)
# through the same programs and paths, only the values differ; 500 rows
# keep simmat at two chunks of queries
step "synthemb classes, class-retrieval.sh (pixels)" "synthemb -o $tmp/classes classes &&
	rm $tmp/classes/spectrum.tsv && sh $tmp/examples/pipelines/class-retrieval.sh $tmp/classes"
# memcheck's reports (an exit status of 99 is caught above; this shows them)
if [ -n "$(cat "$tmp"/log/* 2>/dev/null)" ]; then
	cat "$tmp"/log/* >&2
	fail=1
fi
exit $fail
