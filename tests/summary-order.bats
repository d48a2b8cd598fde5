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

# arrange SEED WHICH < RANKS: the rank stream's queries in a random order
# (WHICH = all), or only the odd or even ones of that order (1 or 0)
arrange() {
	awk -v seed="$1" -v which="$2" -F'\t' '
	function rnd(n) { seed = (seed * 48271) % 2147483647; return seed % n }
	/^# end$/ { next }
	/^#/ { print > "/dev/stderr"; next }
	!($1 in key) { key[$1] = rnd(1000000) * 10000 + ++nq; idx[$1] = nq }
	which == "all" || idx[$1] % 2 == which { print key[$1] "\t" $0 }
	' | sort -s -n -k1,1 | cut -f2-
}

# wrap: the header and end line around a body
wrap() { printf '# query\titem\tgrade\trank\tties\tn\n'; cat; printf '# end\n'; }

@test "summaries: the same bytes for any order of queries and any split into shards" {
	local d="$BATS_TEST_TMPDIR" seed prog opts differ=0 runs=0
	for seed in 11 12 13 14 15 16 17 18 19 20 21 22; do
		rm -f "$d/run" "$d/qrels"
		gen "$seed" 60 "$d"
		rankof -r "$d/qrels" "$d/run" > "$d/ranks" 2>/dev/null
		arrange "$seed" all < "$d/ranks" 2>/dev/null | wrap > "$d/perm"
		arrange "$seed" 1 < "$d/ranks" 2>/dev/null | wrap > "$d/odd"
		arrange "$seed" 0 < "$d/ranks" 2>/dev/null | wrap > "$d/even"
		# the permutation is one: same lines, other order
		same "$(body < "$d/perm" | sort)" "$(body < "$d/ranks" | sort)"
		[ "$(body < "$d/perm" | cut -f1 | uniq)" != "$(body < "$d/ranks" | cut -f1 | uniq)" ]
		for prog in "hitrate -k 1,3,5,10,40" "mapr -k 3,10 --ap-divisor found" \
		    "mapr -k 5,20" "ndcg -k 3,10 --gain exp" "hitrate --empty skip -m MRR,MeanR"; do
			opts="-f -p 17"
			$prog $opts "$d/ranks" > "$d/a" 2>/dev/null
			$prog $opts "$d/perm" > "$d/b" 2>/dev/null
			$prog $opts "$d/odd" "$d/even" > "$d/c" 2>/dev/null
			$prog $opts "$d/even" "$d/odd" > "$d/e" 2>/dev/null
			runs=$((runs + 1))
			if ! cmp -s "$d/a" "$d/b" || ! cmp -s "$d/a" "$d/c" ||
			    ! cmp -s "$d/a" "$d/e"; then
				echo "seed $seed: $prog differs" >&2
				diff "$d/a" "$d/b" >&2 || :
				differ=$((differ + 1))
			fi
			[ "$(tail -1 "$d/a")" = "# end" ]
		done
	done
	echo "$runs runs, $differ differ" >&2
	[ "$runs" -eq 60 ] && [ "$differ" -eq 0 ]
}
