#!/usr/bin/env bats
# The rank stream reader (lib/stream/rankstream.c): a query's duplicate
# items, found at the query's end, at a file's end or before a later
# line's error, are reported as if each line were checked as it is read
# (the first duplicate in file order, before any error of a later line);
# lines read in bulk read as lines_next reads them (blanks, CR, long
# lines, numbers written otherwise). Expected messages are written by hand
# or found by awk over the generated stream; expected measures are counted
# by awk.
load helper
load errtable
bats_require_minimum_version 1.5.0

H='# query\titem\tgrade\trank\tties\tn\n'

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "rankread: duplicates at distances 1, 2 and in a query's first and last lines" {
	untrapped err_table <<-T
	1 | hitrate | ${H}q a 1 1 0 5\nq a 1 2 0 5\n# end\n | hitrate: -:3: duplicate item 'a' in query 'q'
	1 | hitrate | ${H}q a 1 1 0 5\nq b 1 2 0 5\nq a 1 3 0 5\n# end\n | hitrate: -:4: duplicate item 'a' in query 'q'
	1 | hitrate | ${H}p z 1 1 0 5\nq a 1 1 0 5\nq b 1 2 0 5\nq c 1 3 0 5\nq a 1 4 0 5\nr z 1 1 0 5\n# end\n | hitrate: -:6: duplicate item 'a' in query 'q'
	1 | hitrate | ${H}q a 1 1 0 5\nq b 1 2 0 5\nq b 1 3 0 5\nr a 1 1 0 5\n# end\n | hitrate: -:4: duplicate item 'b' in query 'q'
	1 | hitrate | ${H}q a 1 1 0 5\nq b 1 2 0 5\nq b 1 3 0 5\nq a 1 4 0 5\n# end\n | hitrate: -:4: duplicate item 'b' in query 'q'
	1 | hitrate | ${H}q a 1 1 0 5\nq b 1 2 0 5\nq a 1 3 0 5\nq b 1 4 0 5\n# end\n | hitrate: -:4: duplicate item 'a' in query 'q'
	1 | hitrate | q a 1 1 0 5\nq a 1 2 0 5\n | hitrate: -:2: duplicate item 'a' in query 'q'
	1 | hitrate | ${H}q a 1 1 0 5\nq b 1 2 0 5\nr a 1 1 0 5\nr a 1 2 0 5\n# end\n | hitrate: -:5: duplicate item 'a' in query 'r'
	T
}

@test "rankread: a duplicate comes before every error of a later line" {
	# line 4 repeats 'a'; line 5 (or the query's end) holds another error
	local d="${H}q a 1 1 0 5\nq b 1 2 0 5\nq a 1 3 0 5\n"
	local m="hitrate: -:4: duplicate item 'a' in query 'q'"
	untrapped err_table <<-T
	1 | hitrate | ${d}q c 1 4 0 6\n# end\n | $m
	1 | hitrate | ${d}q - 0 - - 5\n# end\n | $m
	1 | hitrate | ${d}q c x 4 0 5\n# end\n | $m
	1 | hitrate | ${d}q c 1 4 0\n# end\n | $m
	1 | hitrate | ${d}q c 1 4 0 5 r 8\n# end\n | $m
	1 | hitrate | ${d}q c 1 9 0 5\n# end\n | $m
	1 | hitrate | ${d}q c 1 4 - 5\n# end\n | $m
	1 | hitrate | ${d}q c\x001 4 0 5\n# end\n | $m
	1 | hitrate | ${d}# query\titem\tscore\n# end\n | $m
	1 | hitrate | ${d}# items\t0:1\t5\n# end\n | $m
	1 | hitrate | ${d}# end\nq c 1 4 0 5\n | $m
	1 | hitrate | ${d} | $m
	1 | hitrate | ${d}p c 1 1 0 5\nq c 1 4 0 5\n# end\n | $m
	1 | hitrate | ${d}q c 1 3 1 5\n# end\n | $m
	1 | hitrate | ${d}q c 1 1 0 5\n# end\n | $m
	T
}

@test "rankread: a line's own error comes before its being a duplicate" {
	untrapped err_table <<-T
	1 | hitrate | ${H}q a 1 1 0 5\nq a 1 2 0 6\n# end\n | hitrate: -:3: n differs within query 'q' (5, then 6)
	1 | hitrate | ${H}q a 1 1 0 5\nq a 1 2 0 x\n# end\n | hitrate: -:3: field 6: bad number 'x'
	1 | hitrate | ${H}q a 1 1 0 5\nq b 1 2 0 5\nq a 1 3 0 5\nq b 1 4 0 6\n# end\n | hitrate: -:4: duplicate item 'a' in query 'q'
	T
}

@test "rankread: version 2: a duplicate before a kind's error" {
	local h='# query\titem\tgrade\trank\tties\tn\tkind\n'
	untrapped err_table <<-T
	1 | hitrate | ${h}q a 1 1 0 5 r\nq b 0 2 0 5 j\nq a 1 3 0 5 r\nq c 1 4 0 5 x\n# end\n | hitrate: -:4: duplicate item 'a' in query 'q'
	1 | hitrate | ${h}q a 1 1 0 5 r\nq b 0 2 0 5 j\nq b 0 3 0 5 j\nq c -1 4 0 5 r\n# end\n | hitrate: -:4: duplicate item 'b' in query 'q'
	T
}

@test "rankread: errors of a query's later lines (the lines read most quickly)" {
	local q="${H}q a 1 1 0 40\n"
	untrapped err_table <<-T
	1 | hitrate | ${q}q b 1 0 0 40\n# end\n | hitrate: -:3: rank must be >= 1 and ties >= 0
	1 | hitrate | ${q}q b 1 38 3 40\n# end\n | hitrate: -:3: rank 38 with 3 ties does not fit in n = 40
	1 | hitrate | ${q}q b 1 41 0 40\n# end\n | hitrate: -:3: rank 41 with 0 ties does not fit in n = 40
	1 | hitrate | ${q}q b 1 2 0 41\n# end\n | hitrate: -:3: n differs within query 'q' (40, then 41)
	1 | hitrate | ${q}q b 1 2 0 4\n# end\n | hitrate: -:3: n differs within query 'q' (40, then 4)
	1 | hitrate | ${q}q b 1 2 0 400\n# end\n | hitrate: -:3: n differs within query 'q' (40, then 400)
	1 | hitrate | ${q}q - 0 - - 40\n# end\n | hitrate: -:3: query 'q' has a '-' line and other lines
	1 | hitrate | ${q}q - 1 2 0 40\n# end\n | hitrate: -:3: a query without relevant items ('-') has rank '-'
	1 | hitrate | ${q}# end\r\nq b 1 2 0 40\n | hitrate: -:4: data after the '# end' line
	1 | hitrate | ${q}q b 1 1: 0 40\n# end\n | hitrate: -:3: field 4: bad number '1:'
	1 | hitrate | ${q}q b : 2 0 40\n# end\n | hitrate: -:3: field 3: bad number ':'
	1 | hitrate | ${q}q b 1 2 / 40\n# end\n | hitrate: -:3: field 5: bad number '/'
	1 | hitrate | ${q}q b 1 2 0 4/\n# end\n | hitrate: -:3: field 6: bad number '4/'
	1 | hitrate | ${q}q b 1 123456789 0 40\n# end\n | hitrate: -:3: rank 123456789 with 0 ties does not fit in n = 40
	1 | hitrate | ${q}q b 1 2 0 40 r\n# end\n | hitrate: -:3: a line of 7 fields among lines of 6 (version 1 has 6 fields, version 2 has 7)
	1 | hitrate | ${q}q b 1 2 0 40\tx\ty\n# end\n | hitrate: -:3: expected 6 fields (query item grade rank ties n), found 8
	1 | hitrate | ${q}q b 1 2 0 40\tx\ty\tz\n# end\n | hitrate: -:3: expected 6 fields (query item grade rank ties n), found 9
	1 | hitrate | ${q}# end\nq b 1 2 0 40\n | hitrate: -:4: data after the '# end' line
	1 | hitrate | ${q}q2 b 1 2 0 40\nq c 1 2 0 40\n# end\n | hitrate: -:4: query 'q' reappears after another query began (sort -b -s -k1,1 first)
	T
	local v="# query\titem\tgrade\trank\tties\tn\tkind\nq a 1 1 0 40 r\n"
	untrapped err_table <<-T
	1 | hitrate | ${v}q b 1 2 0 40 u\n# end\n | hitrate: -:3: kind u with grade 1 (u is for the negative grades, and only u)
	1 | hitrate | ${v}q b 1 2 0 40 rr\n# end\n | hitrate: -:3: field 7: kind 'rr' is not r, j or u
	1 | hitrate | ${v}q b 1 2 0 40\n# end\n | hitrate: -:3: a line of 6 fields among lines of 7 (version 1 has 6 fields, version 2 has 7)
	T
}

@test "rankread: a duplicate across files, and inside the second file of a query" {
	printf 'q a 1 1 0 5\nq b 1 2 0 5\n' > one
	printf 'q c 1 3 0 5\nq b 1 4 0 5\nq d 1 5 0 x\n' > two
	printf 'q c 1 3 0 5\nq d 1 4 0 5\nq c 1 5 0 5\n' > three
	fails_with "hitrate: two:2: duplicate item 'b' in query 'q'" hitrate one two
	fails_with "hitrate: three:3: duplicate item 'c' in query 'q'" hitrate one three
	fails_with "hitrate: one:1: duplicate item 'a' in query 'q'" hitrate one one
	fails_with "hitrate: nosuch: No such file or directory" hitrate one nosuch
	# a duplicate inside the first file of a query that goes on in the
	# second: named in the first
	printf 'q a 1 1 0 5\nq a 1 2 0 5\n' > dupone
	fails_with "hitrate: dupone:2: duplicate item 'a' in query 'q'" hitrate dupone three
	# 10 items in the first file, 300 in the second, the last of them
	# the first file's third item again
	awk 'BEGIN { for (i = 1; i <= 10; i++) printf "q a%d 1 %d 0 400\n", i, i }' > ten
	awk 'BEGIN { for (i = 11; i < 310; i++) printf "q a%d 1 %d 0 400\n", i, i
	    printf "q a3 1 310 0 400\n" }' > more
	fails_with "hitrate: more:300: duplicate item 'a3' in query 'q'" hitrate ten more
	# a file's lines agree on their count of fields, whatever the one
	# before had
	printf 'q d 1 3 0 5\nq e 1 4 0 5 r\n' > seven
	fails_with "hitrate: seven:2: a line of 7 fields among lines of 6 (version 1 has 6 fields, version 2 has 7)" hitrate one seven
	printf 'q a 1 5 0 5\n' > dupfirst
	fails_with "hitrate: dupfirst:1: duplicate item 'a' in query 'q'" hitrate one dupfirst nosuch
}

# Q queries of M items each, ranks 1.. from a start that varies by query,
# item ids of 1 to 40 bytes that share nothing across queries (a query's
# number is in each) and differ among a query's items
@test "rankread: many queries of distinct items, ids of 1 to 40 bytes: no false duplicate" {
	awk -v Q=300 -v M=700 'BEGIN {
		printf "# query\titem\tgrade\trank\tties\tn\n"
		for (q = 1; q <= Q; q++) {
			start = 1 + q % 4
			for (i = 0; i < M; i++) {
				len = 1 + (i * 7 + q) % 40
				id = sprintf("%d.%d.%d", q, i, len)
				while (length(id) < len) id = id "x"
				printf "Q%d\t%s\t1\t%d\t0\t%d\n", q, id, start + i, start + M
			}
		}
		print "# end"
	}' > many.ranks
	# expected: hit@1 is the share of queries starting at rank 1 (q % 4 == 0)
	awk -F'\t' '!/^#/ && !($1 in seen) { seen[$1] = 1; n++; if ($4 == 1) h++ }
	    END { printf "%.2f\n", 100 * h / n }' many.ranks > want
	run --separate-stderr hitrate -m hit -k 1 many.ranks
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | awk '$1 == "hit@1" { print $3 }')" = "$(cat want)" ]
	# through a pipe: reads of any size end anywhere in a line
	run --separate-stderr sh -c 'cat many.ranks | hitrate -m hit -k 1'
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | awk '$1 == "hit@1" { print $3 }')" = "$(cat want)" ]
}

@test "rankread: a duplicate of each id length from 1 to 40 bytes" {
	# every length's stream in a folder of its own, made by one awk:
	# LEN/len.ranks, LEN/ok.ranks (without its last line: no duplicate)
	# and LEN/want (the message, naming the line that repeats the id)
	# shellcheck disable=SC2046
	mkdir $(seq 1 40)
	awk 'function line(id, r) {
		printf "q\t%s\t1\t%d\t0\t9\n", id, r > f; nf++
		if (r != 6) printf "q\t%s\t1\t%d\t0\t9\n", id, r > o
	}
	BEGIN {
		for (n = 1; n <= 40; n++) {
			id = ""
			while (length(id) < n) id = id "k"
			f = n "/len.ranks"; o = n "/ok.ranks"; nf = 1
			printf "# query\titem\tgrade\trank\tties\tn\n" > f
			printf "# query\titem\tgrade\trank\tties\tn\n" > o
			# ids that differ from it in the first, the middle and the last byte
			line(id, 1)
			line("j" substr(id, 2), 2)
			if (n > 2) line(substr(id, 1, int(n / 2)) "j" substr(id, int(n / 2) + 2), 3)
			if (n > 1) line(substr(id, 1, n - 1) "j", 4)
			line(id "k", 5)
			line(id, 6)
			print "# end" > f; print "# end" > o
			printf "hitrate: len.ranks:%d: duplicate item \047%s\047 in query \047q\047\n", nf, id > (n "/want")
			close(f); close(o); close(n "/want")
		}
	}'
	untrapped each_length
}

# each_length: in each folder 1 .. 40, len.ranks fails with want's
# message and ok.ranks passes
each_length() {
	local len fails=0 st
	for len in $(seq 1 40); do
		cd "$BATS_TEST_TMPDIR/$len"
		hitrate len.ranks > /dev/null 2> err && st=0 || st=$?
		if [ "$st" -ne 1 ] || [ "$(<err)" != "$(<want)" ]; then
			echo "length $len: $(<err) (want $(<want))" >&2
			fails=$((fails + 1))
		fi
		# without the last line: no duplicate
		hitrate ok.ranks > /dev/null 2> err && st=0 || st=$?
		if [ "$st" -ne 0 ]; then
			echo "length $len, distinct ids: $(<err)" >&2
			fails=$((fails + 1))
		fi
	done
	[ "$fails" -eq 0 ]
}

# dupat N K: a stream of one long query of N lines (ids of 1 to 40 bytes)
# in which line K of the data repeats the query's first item; the expected
# message found by awk
dupat() {
	awk -v N="$1" -v K="$2" 'BEGIN {
		printf "# query\titem\tgrade\trank\tties\tn\n"
		for (i = 1; i <= N; i++) {
			len = 1 + i % 40
			id = (i == K) ? "first" : sprintf("i%d", i)
			if (i != K && i != 1) while (length(id) < len) id = id "y"
			if (i == 1) id = "first"
			printf "long\t%s\t1\t%d\t0\t%d\n", id, i, N
		}
		print "# end"
	}' > dup.ranks
	awk -F'\t' '!/^#/ && seen[$2]++ { printf "hitrate: dup.ranks:%d: duplicate item '\''%s'\'' in query '\''%s'\''\n", NR, $2, $1; exit }' dup.ranks > want
}

@test "rankread: a duplicate far apart, and across the ends of read buffers" {
	local k fails=0 off
	# the first item again at line 90000 of a 100000-line query (2.5 MB)
	dupat 100000 90000
	run --separate-stderr hitrate dup.ranks
	[ "$status" -eq 1 ]
	[ "$stderr" = "$(cat want)" ]
	run --separate-stderr sh -c 'cat dup.ranks | hitrate'
	[ "$status" -eq 1 ]
	[ "$stderr" = "$(cat want | sed 's/dup.ranks:/-:/')" ]
	# the repeating line placed across 1 MiB and 2 MiB of the file, where
	# a read of whole MiB ends (lib/util/lines.c's CHUNK, 1 << 20, is
	# its buffer's first size): the lines around those offsets, each in
	# turn. The line numbers are found in the stream without a repeat
	# (dupat's with K = 0); each K's stream, as dupat writes it, goes to
	# K/dup.ranks, all of them made by one awk, and the expected messages
	# to K/want by another (dupat's, over every file at once)
	awk -v N=100000 'function line(i, K,    len, id) {
		len = 1 + i % 40
		id = (i == K) ? "first" : sprintf("i%d", i)
		if (i != K && i != 1) while (length(id) < len) id = id "y"
		if (i == 1) id = "first"
		return sprintf("long\t%s\t1\t%d\t0\t%d", id, i, N)
	}
	BEGIN {
		h = "# query\titem\tgrade\trank\tties\tn"
		# the lines without a repeat, made once: line(i, K) is
		# line(i, 0) but at i = K
		for (i = 1; i <= N; i++) L[i] = line(i, 0)
		for (o = 1048576; o <= 2097152; o += 1048576) {
			b = length(h) + 1
			for (i = 1; i <= N; i++) {
				b += length(L[i]) + 1
				if (b >= o - 60 && b <= o + 60) ks[++nk] = i
			}
		}
		for (j = 1; j <= nk; j++) {
			f = ks[j] "/dup.ranks"
			system("mkdir " ks[j])
			print h > f
			for (i = 1; i <= N; i++) print (i == ks[j] ? line(i, ks[j]) : L[i]) > f
			print "# end" > f
			close(f)
			print ks[j] > "ks"
		}
	}'
	awk -F'\t' 'FNR == 1 { delete seen }
	!/^#/ && seen[$2]++ {
		d = substr(FILENAME, 1, index(FILENAME, "/") - 1)
		printf "hitrate: dup.ranks:%d: duplicate item '\''%s'\'' in query '\''%s'\''\n", FNR, $2, $1 > (d "/want")
		close(d "/want"); delete seen; nextfile }' */dup.ranks
	for k in $(<ks); do
		cd "$BATS_TEST_TMPDIR/$k"
		run --separate-stderr hitrate dup.ranks
		if [ "$status" -ne 1 ] || [ "$stderr" != "$(<want)" ]; then
			echo "line $k: $stderr (want $(<want))" >&2
			fails=$((fails + 1))
		fi
	done
	[ "$fails" -eq 0 ]
}

@test "rankread: blanks, CR, long lines and other spellings of the numbers read as the plain stream" {
	# each line of plain.ranks written another way in messy.ranks: runs of
	# blanks, leading and trailing blanks, CRLF, an id longer than 64
	# bytes, zeros before a number, a last line without newline
	awk 'BEGIN {
		printf "# query\titem\tgrade\trank\tties\tn\n"
		for (q = 1; q <= 40; q++)
			for (i = 1; i <= 30; i++)
				printf "q%d\td%d\t%d\t%d\t%d\t%d\n", q, i, i % 3, i + q % 3 - (i % 7 == 0), (i % 7 == 6 || i % 7 == 0), 40
		print "# end"
	}' > plain.ranks
	awk 'BEGIN { OFS = "\t" }
	/^#/ { print $0 (NR == 1 ? "\r" : ""); next }
	{
		k = NR % 9
		if (k == 1) { $0 = "  " $1 "   " $2 " \t " $3 "\t" $4 "\t" $5 "\t" $6 "  " }
		else if (k == 2) { $0 = $0 "\r" }
		else if (k == 3) { $2 = $2 sprintf("%070d", 0) }
		else if (k == 4) { $6 = "000000000040" }
		else if (k == 5) { $4 = "00" $4; $3 = "0" $3 }
		else if (k == 6) { $0 = $0 " \r" }
		else if (k == 7) { $6 = "040" }
		print
	}' plain.ranks | awk 'NR > 1 { printf "\n" } { printf "%s", $0 }' > messy.ranks
	# the ids made longer in messy.ranks are longer in plain.ranks too
	awk 'BEGIN { OFS = "\t" } !/^#/ && NR % 9 == 3 { $2 = $2 sprintf("%070d", 0) } { print }' plain.ranks > plain2.ranks
	run --separate-stderr hitrate -q -k 1,3,7 plain2.ranks
	[ "$status" -eq 0 ]
	local want=$output
	run --separate-stderr hitrate -q -k 1,3,7 messy.ranks
	[ "$status" -eq 0 ]
	[ "$output" = "$want" ]
	run --separate-stderr mapr -q messy.ranks
	[ "$status" -eq 0 ]
	local m=$output
	run --separate-stderr mapr -q plain2.ranks
	[ "$output" = "$m" ]
}

# The quick path (lib/stream/rankfast.c) takes a query's common lines
# itself; every line it must leave to the exact path, each field wrong in
# turn, comes after two lines of the query (the first read by the exact
# path, the second by the quick one) and must fail as the exact path
# says (messages as the reader gave them before the quick path existed).
@test "rankread: lines the quick path leaves to the exact path fail as it says" {
	local q="${H}q1\ta\t1\t1\t0\t40\nq1\tz\t1\t2\t0\t40\n" m='hitrate: -:4:'
	untrapped err_table <<-T
	1 | hitrate | ${q}q1\tb\tx\t3\t0\t40\n# end\n | $m field 3: bad number 'x'
	1 | hitrate | ${q}q1\tb\t1\t3x\t0\t40\n# end\n | $m field 4: bad number '3x'
	1 | hitrate | ${q}q1\tb\t1\t:\t0\t40\n# end\n | $m field 4: bad number ':'
	1 | hitrate | ${q}q1\tb\t1\t3\t/\t40\n# end\n | $m field 5: bad number '/'
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t4x\n# end\n | $m field 6: bad number '4x'
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t40\x01\n# end\n | $m field 6: bad number '40\\x01'
	1 | hitrate | ${q}q1\tb\t1\t123456789\t0\t40\n# end\n | $m rank 123456789 with 0 ties does not fit in n = 40
	1 | hitrate | ${q}q1\tb\t1\t3\t123456789\t40\n# end\n | $m rank 3 with 123456789 ties does not fit in n = 40
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t400000000\n# end\n | $m n differs within query 'q1' (40, then 400000000)
	1 | hitrate | ${q}q1\tb\t1\t0\t0\t40\n# end\n | $m rank must be >= 1 and ties >= 0
	1 | hitrate | ${q}q1\tb\t1\t00\t0\t40\n# end\n | $m rank must be >= 1 and ties >= 0
	1 | hitrate | ${q}q1\tb\t1\t3\t-1\t40\n# end\n | $m rank must be >= 1 and ties >= 0
	1 | hitrate | ${q}q1\tb\t1\t38\t3\t40\n# end\n | $m rank 38 with 3 ties does not fit in n = 40
	1 | hitrate | ${q}q1\tb\t1\t40\t1\t40\n# end\n | $m rank 40 with 1 ties does not fit in n = 40
	1 | hitrate | ${q}q1\tb\t1\t41\t0\t40\n# end\n | $m rank 41 with 0 ties does not fit in n = 40
	1 | hitrate | ${q}q1\tb\t1\t3\t38\t40\n# end\n | $m rank 3 with 38 ties does not fit in n = 40
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t41\n# end\n | $m n differs within query 'q1' (40, then 41)
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t4\n# end\n | $m n differs within query 'q1' (40, then 4)
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t400\n# end\n | $m n differs within query 'q1' (40, then 400)
	1 | hitrate | ${q}q1\ta\t1\t3\t0\t40\n# end\n | $m duplicate item 'a' in query 'q1'
	1 | hitrate | ${q}q1\tz\t1\t3\t0\t40\n# end\n | $m duplicate item 'z' in query 'q1'
	1 | hitrate | ${q}q1\tb\t1\t2\t0\t40\n# end\n | $m query 'q1': more relevant items at rank 2 than its 1 tied positions
	1 | hitrate | ${q}q1\tb\t1\t0\t0\t40\r\n# end\n | $m rank must be >= 1 and ties >= 0
	1 | hitrate | ${q}q1\tb\t1\t0\t0\t40\t\n# end\n | $m rank must be >= 1 and ties >= 0
	1 | hitrate | ${q}q1\tb\t1\t0\t0\t40 \n# end\n | $m rank must be >= 1 and ties >= 0
	1 | hitrate | ${q}q1\t-\t0\t-\t-\t40\n# end\n | $m query 'q1' has a '-' line and other lines
	1 | hitrate | ${q}q1\t-\t1\t3\t0\t40\n# end\n | $m a query without relevant items ('-') has rank '-'
	1 | hitrate | ${q}q1\tb\t1\t-\t0\t40\n# end\n | $m rank and ties must both be '-' or both numbers
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t40\tr\n# end\n | $m a line of 7 fields among lines of 6 (version 1 has 6 fields, version 2 has 7)
	1 | hitrate | ${q}q1 \tb\t1\t3\t0\t40\tx\n# end\n | $m a line of 7 fields among lines of 6 (version 1 has 6 fields, version 2 has 7)
	1 | hitrate | ${q}q1\tb\t1\t3\t0\n# end\n | $m expected 6 fields (query item grade rank ties n), found 5
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t40\tx\ty\n# end\n | $m expected 6 fields (query item grade rank ties n), found 8
	1 | hitrate | ${q}q1\tb\t1\t3\x000\t40\n# end\n | $m a NUL byte in the line (binary data?)
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t40\nq1\tc\t1\t4\t0\t40\x00\n# end\n | hitrate: -:5: a NUL byte in the line (binary data?)
	1 | hitrate | ${q}q1\tb\t1\t3\t0\t40\r\nq1\tc\t1\t0\t0\t40\n# end\n | hitrate: -:5: rank must be >= 1 and ties >= 0
	1 | hitrate | ${q}q2\tb\t1\t2\t0\t40\nq1\tc\t1\t3\t0\t40\n# end\n | hitrate: -:5: query 'q1' reappears after another query began (sort -b -s -k1,1 first)
	1 | hitrate | ${q}q\tb\t1\t3\t0\t40\nq1\tc\t1\t3\t0\t40\n# end\n | hitrate: -:5: query 'q1' reappears after another query began (sort -b -s -k1,1 first)
	T
	local v="# query\titem\tgrade\trank\tties\tn\tkind\nq1\ta\t1\t1\t0\t40\tr\nq1\tz\t0\t2\t0\t40\tj\n"
	untrapped err_table <<-T
	1 | hitrate | ${v}q1\tb\t1\t3\t0\t40\tu\n# end\n | $m kind u with grade 1 (u is for the negative grades, and only u)
	1 | hitrate | ${v}q1\tb\t1\t3\t0\t40\trr\n# end\n | $m field 7: kind 'rr' is not r, j or u
	1 | hitrate | ${v}q1\tb\t1\t3\t0\t40\tx\n# end\n | $m field 7: kind 'x' is not r, j or u
	1 | hitrate | ${v}q1\tb\t1\t3\t0\t40\n# end\n | $m a line of 6 fields among lines of 7 (version 1 has 6 fields, version 2 has 7)
	1 | hitrate | ${v}q1\tb\t1\t3\t0\t40\t\n# end\n | $m a line of 6 fields among lines of 7 (version 1 has 6 fields, version 2 has 7)
	1 | hitrate | ${v}q1\tb\t1\t3\t0\t40\tr\tr\n# end\n | $m expected 6 fields (query item grade rank ties n), found 8
	1 | hitrate | ${v}q1\tb\t1\t3\t0\t41\tj\n# end\n | $m n differs within query 'q1' (40, then 41)
	1 | hitrate | ${v}q1\tz\t1\t3\t0\t40\tj\n# end\n | $m duplicate item 'z' in query 'q1'
	1 | hitrate | ${v}q1\tb\t1\t0\t0\t40\tj\n# end\n | $m rank must be >= 1 and ties >= 0
	T
}

@test "rankread: query ids of 1 to 20 bytes told apart by their first or last byte" {
	untrapped ids_apart
}

# ids_apart: a query id of each length, then one that differs from it in
# the first or the last byte, then the first again: it reappears
ids_apart() {
	local len a b fails=0 want
	for len in 1 2 7 8 9 15 16 17 20; do
		printf -v a '%*s' "$len" ''
		a=${a// /k}
		for b in "j${a#k}" "${a%k}j"; do
			printf "$H$a\tx\t1\t1\t0\t40\n$a\ty\t1\t2\t0\t40\n$b\tz\t1\t1\t0\t40\n$a\tw\t1\t3\t0\t40\n# end\n" > ids.ranks
			want="hitrate: ids.ranks:5: query '$a' reappears after another query began (sort -b -s -k1,1 first)"
			run --separate-stderr hitrate ids.ranks
			if [ "$status" -ne 1 ] || [ "$stderr" != "$want" ]; then
				echo "ids '$a' and '$b': $stderr" >&2
				fails=$((fails + 1))
			fi
		done
	done
	[ "$fails" -eq 0 ]
}

# plain_and LINE PLAIN: a stream of 3 queries of 12 lines, whose second
# query's fifth line is LINE in odd.ranks and PLAIN in plain.ranks (LINE
# and PLAIN read as printf formats, awk -v's escapes); the lines before
# and after it made once, in $before and $after
plain_and() {
	local l
	if [ -z "${before:-}" ]; then
		local i k t=
		for k in 1 2 3; do
			for i in {1..12}; do
				if [ "$k" -eq 2 ] && [ "$i" -eq 5 ]; then
					before="$H$t" t=
				else
					t+="q$k\td$i\t$((i % 3))\t$((i + k - 1))\t$((i % 4 == 1))\t40\n"
				fi
			done
		done
		after="$t# end\n"
	fi
	printf -v l -- "$1"
	printf -- "$before%s\n$after" "$l" > odd.ranks
	printf -v l -- "$2"
	printf -- "$before%s\n$after" "$l" > plain.ranks
}

@test "rankread: a line of any spelling or length reads as the plain line" {
	local long
	# the line of a 43-byte item is 56 bytes long, the newline included
	printf -v long '%041d' 0
	untrapped each_spelling <<-T
	q2\td5\t2\t6\t1\t40\r|q2\td5\t2\t6\t1\t40
	q2\td5\t2\t6\t1\t40\t|q2\td5\t2\t6\t1\t40
	q2\td5\t2\t6\t1\t40 |q2\td5\t2\t6\t1\t40
	 q2\td5\t2\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2\t\td5\t2\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2 d5 2 6 1 40|q2\td5\t2\t6\t1\t40
	q2\td5\t02\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td5\t+2\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td5\t2\t06\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td5\t2\t6\t01\t40|q2\td5\t2\t6\t1\t40
	q2\td5\t2\t6\t1\t040|q2\td5\t2\t6\t1\t40
	q2\td5\t2\t6\t1\t+40|q2\td5\t2\t6\t1\t40
	q2\td5\t000000002\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td5\t2\t000000006\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td\0015\t2\t6\t1\t40|q2\tdx5\t2\t6\t1\t40
	q2\td5${long}\t2\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td5${long}0\t2\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td5${long}00\t2\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td5${long}00000000\t2\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td5${long}000000000\t2\t6\t1\t40|q2\td5\t2\t6\t1\t40
	q2\td5\t2\t6\t1\t40|q2\td5\t2\t6\t1\t40
	T
}

# each_spelling: for each line "ODD|PLAIN" on stdin (printf formats, with
# $long), the stream with ODD reads as the one with PLAIN
each_spelling() {
	local fails=0 odd plain before= after= h n last=
	while IFS='|' read -r odd plain; do
		plain_and "$odd" "$plain"
		# the plain line's measures, found again only when it changes
		if [ "$plain" != "$last" ]; then
			hitrate -q -k 1,3,7 plain.ranks > plain.h || :
			ndcg -q plain.ranks > plain.n || :
			h=$(<plain.h) n=$(<plain.n) last=$plain
		fi
		hitrate -q -k 1,3,7 odd.ranks > odd.h || :
		ndcg -q odd.ranks > odd.n || :
		if [ "$(<odd.h)" != "$h" ] || [ "$(<odd.n)" != "$n" ]; then
			echo "'$odd' reads otherwise than '$plain'" >&2
			fails=$((fails + 1))
		fi
	done
	[ "$fails" -eq 0 ]
}

@test "rankread: lines out of order, or after an item not retrieved, read as in order" {
	# one query's lines in rank order and backwards (back = 1); a tie
	# group's grades highest first, as rankof writes them, and lowest
	# first; an item not retrieved before those retrieved
	local make='BEGIN {
		printf "# query\titem\tgrade\trank\tties\tn\n"
		for (k = 1; k <= 30; k++) {
			i = back ? 31 - k : k
			printf "q\td%d\t%d\t%d\t0\t100\n", i, i % 4, 2 * i
		}
		printf "r\tn\t1\t-\t-\t100\n"
		for (i = 1; i <= 30; i++) printf "r\td%d\t%d\t%d\t0\t100\n", i, 1, 3 * i
		for (k = 1; k <= 4; k++) {
			i = back ? k : 5 - k
			printf "s\td%d\t%d\t5\t3\t100\n", i, i
		}
		print "# end"
	}'
	awk -v back=0 "$make" > sorted.ranks
	awk -v back=1 "$make" > mixed.ranks
	run --separate-stderr hitrate -q -k 1,2,5,10 mixed.ranks
	[ "$status" -eq 0 ]
	local want
	want=$(hitrate -q -k 1,2,5,10 sorted.ranks)
	[ "$output" = "$want" ]
	# r: its first item at rank 3, although the line before has none
	[ "$(echo "$output" | awk '$1 == "hit@5" && $2 == "r" { print $3 }')" = 100.00 ]
	[ "$(echo "$output" | awk '$1 == "hit@2" && $2 == "r" { print $3 }')" = 0.00 ]
	# the tie modes place a group's grades highest first or last
	local t
	for t in expected optimistic pessimistic; do
		run --separate-stderr ndcg -q -k 5,6,7 -T $t mixed.ranks
		[ "$status" -eq 0 ]
		[ "$output" = "$(ndcg -q -k 5,6,7 -T $t sorted.ranks)" ]
	done
}
