#!/usr/bin/env bats
# The summary rows do not depend on the order of the queries: random rank
# streams, their queries permuted and split into two shards given in either
# order, print the same bytes with 17 decimals, where the last bit of a sum
# shows. (A plain running sum fails this for most of these streams.)
load helper
load data/ranks/common

# gen SEED NQ DIR: DIR/run and DIR/qrels, NQ queries of 2-40 candidates
# whose scores take 12 values (many ties), each candidate relevant with
# probability 1/4 at grade 1-3, and two more relevant items never retrieved
# now and then; the generator is Park and Miller's, seeded
gen() {
	awk -v seed="$1" -v nq="$2" -v dir="$3" '
	function rnd(n) { seed = (seed * 48271) % 2147483647; return seed % n }
	BEGIN {
		for (q = 1; q <= nq; q++) {
			n = 2 + rnd(39)
			for (i = 1; i <= n; i++)
				printf "q%d\td%d\t%d\n", q, i, rnd(12) > (dir "/run")
			for (i = 1; i <= n + 2; i++)
				if (rnd(4) == 0)
					printf "q%d\td%d\t%d\n", q, i, 1 + rnd(3) > (dir "/qrels")
		}
	}'
}

# arrange SEED DIR < RANKS: the rank stream's queries in a random order,
# in DIR/perm, and only the odd or even ones of that order, in DIR/odd and
# DIR/even, each with the stream's header and end line: every line keyed
# by its query's place, sorted once (stable: a query's lines keep their
# order), then split
arrange() {
	awk -v seed="$1" -F'\t' '
	function rnd(n) { seed = (seed * 48271) % 2147483647; return seed % n }
	/^#/ { next }
	!($1 in key) { key[$1] = rnd(1000000) * 10000 + ++nq; idx[$1] = nq }
	{ print key[$1] "\t" idx[$1] % 2 "\t" $0 }
	' | sort -s -n -k1,1 | awk -v dir="$2" '
	BEGIN { h = "# query\titem\tgrade\trank\tties\tn"
		print h > (dir "/perm"); print h > (dir "/odd"); print h > (dir "/even") }
	{ which = substr($0, index($0, "\t") + 1, 1); line = $0
		sub(/^[^\t]*\t[^\t]*\t/, "", line)
		print line > (dir "/perm"); print line > (dir (which == 1 ? "/odd" : "/even")) }
	END { print "# end" > (dir "/perm"); print "# end" > (dir "/odd"); print "# end" > (dir "/even") }'
}

# permuted RANKS PERM: PERM's data lines are RANKS's, each as many times
# (as their sorted lists are the same), and the order of their queries
# (uniq of the first fields) is another; else says which does not hold
permuted() {
	awk -F'\t' '/^#/ { next }
	$1 != last[FILENAME] { order[FILENAME] = order[FILENAME] " " $1; last[FILENAME] = $1 }
	NR == FNR { n[$0]++; next }
	{ n[$0]-- }
	END { for (l in n) if (n[l]) { print "not the same lines: " l; bad = 1 }
		if (order[ARGV[1]] == order[ARGV[2]]) { print "the same order of queries"; bad = 1 }
		exit bad }' "$1" "$2" >&2
}

@test "summaries: the same bytes for any order of queries and any split into shards" {
	local d="$BATS_TEST_TMPDIR" seed prog opts differ=0 runs=0 a b c e
	for seed in 11 12 13 14 15 16 17 18 19 20 21 22; do
		rm -f "$d/run" "$d/qrels"
		gen "$seed" 60 "$d"
		rankof -r "$d/qrels" "$d/run" > "$d/ranks" 2>/dev/null
		arrange "$seed" "$d" < "$d/ranks"
		# the permutation is one: same lines, other order
		permuted "$d/ranks" "$d/perm"
		for prog in "hitrate -k 1,3,5,10,40" "mapr -k 3,10 --ap-divisor found" \
		    "mapr -k 5,20" "ndcg -k 3,10 --gain exp" "hitrate --empty skip -m MRR,MeanR"; do
			opts="-f -p 17"
			$prog $opts "$d/ranks" > "$d/a" 2>/dev/null
			$prog $opts "$d/perm" > "$d/b" 2>/dev/null
			$prog $opts "$d/odd" "$d/even" > "$d/c" 2>/dev/null
			$prog $opts "$d/even" "$d/odd" > "$d/e" 2>/dev/null
			runs=$((runs + 1))
			# the outputs whole, their last newlines too, compared in
			# bash (read -d '': to the end, as they hold no NUL byte)
			IFS= read -r -d '' a < "$d/a" || :
			IFS= read -r -d '' b < "$d/b" || :
			IFS= read -r -d '' c < "$d/c" || :
			IFS= read -r -d '' e < "$d/e" || :
			if [ "$a" != "$b" ] || [ "$a" != "$c" ] || [ "$a" != "$e" ]; then
				echo "seed $seed: $prog differs" >&2
				diff "$d/a" "$d/b" >&2 || :
				differ=$((differ + 1))
			fi
			# its last line (as tail -1 finds it) is the end line
			a=${a%$'\n'}
			[ "${a##*$'\n'}" = "# end" ]
		done
	done
	echo "$runs runs, $differ differ" >&2
	[ "$runs" -eq 60 ] && [ "$differ" -eq 0 ]
}
