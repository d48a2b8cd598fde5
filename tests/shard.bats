#!/usr/bin/env bats
# Sharding (rankof(1), SHARDS): queries are independent, so the query
# shards of rankof --shard I/N, concatenated, hold exactly the lines of one
# run; an item's rank is one plus the candidates above it in every gallery
# shard, so rankof --merge of the gallery shards of rankof -e --items A:B
# is byte for byte the stream of one run. Generated data with many ties:
# 24 queries and 36 items of three small integers, labels by row modulo 4.
load helper
load errtable

setup() {
	cd "$BATS_TEST_TMPDIR"
	awk 'BEGIN { srand(11)
		for (r = 0; r < 24; r++)
			printf "q%d %d %d %d\n", r, int(rand() * 4) - 1,
			    int(rand() * 4) - 1, int(rand() * 3)
	}' > q.txt
	awk 'BEGIN { srand(12)
		for (r = 0; r < 36; r++)
			printf "i%d %d %d %d\n", r, int(rand() * 4) - 1,
			    int(rand() * 4) - 1, int(rand() * 3)
	}' > i.txt
	awk '{ print $1, NR % 4 }' q.txt > q.labels
	awk '{ print $1, NR % 4 }' i.txt > i.labels
	emb="-e --query-labels q.labels --item-labels i.labels q.txt i.txt"
}

# q8d100: q8.txt, 8 queries, and d100.txt, 100 items, of two small integers
q8d100() {
	awk 'BEGIN { srand(7); for (r = 0; r < 8; r++)
		printf "q%d %d %d\n", r, int(rand() * 5) - 2, int(rand() * 5) - 2 }' > q8.txt
	awk 'BEGIN { srand(8); for (r = 0; r < 100; r++)
		printf "d%d %d %d\n", r, int(rand() * 5) - 2, int(rand() * 5) - 2 }' > d100.txt
}

# the data lines of rank streams, sorted
body() { cat "$@" | grep -v '^#' | LC_ALL=C sort; }

@test "shard: query shards of rankof -e hold the lines of one run, for 1 to 4 shards" {
	rankof $emb > one
	[ "$(grep -vc '^#' one)" -eq 216 ]	# 24 queries x 9 relevant items
	for n in 1 2 3 4; do
		rm -f part.*
		for i in $(seq 0 $((n - 1))); do
			rankof --shard $i/$n $emb > part.$i
			tail -n 1 part.$i | grep -qx '# end'
		done
		[ "$(body part.*)" = "$(body one)" ]
		# shard i holds the queries at positions i, i+n, ...
		[ "$(grep -v '^#' part.0 | cut -f1 | uniq | head -2 | tr '\n' ' ')" = \
		  "q0 q$n " ] || [ $n -eq 1 ]
		[ "$(hitrate -k 1,5 part.*)" = "$(hitrate -k 1,5 one)" ]
		[ "$(mapr part.*)" = "$(mapr one)" ]
	done
}

@test "shard: a query shard of rankof -e says nothing of the queries left out" {
	# synthemb's image-text data: 40 images of 5 captions, labels files
	# naming every row; a shard holds 10 or 50 of the queries, and the
	# label records of the others name rows of the file all the same
	synthemb -o d -n 40 -d 8 crossmodal
	for i in 0 1 2 3; do
		run --separate-stderr rankof -j 1 --shard $i/4 -e -m cos \
		    --query-labels d/img.labels --item-labels d/cap.labels d/img.npy d/cap.npy
		[ "$status" -eq 0 ]
		[ "$stderr" = "" ]
		# 10 images, 5 relevant captions each
		[ "$(echo "$output" | grep -vc '^#')" -eq 50 ]
		run --separate-stderr rankof -j 2 --shard $i/4 -e -m cos \
		    --query-labels d/cap.labels --item-labels d/img.labels d/cap.npy d/img.npy
		[ "$status" -eq 0 ]
		[ "$stderr" = "" ]
		# 50 captions, 1 relevant image each
		[ "$(echo "$output" | grep -vc '^#')" -eq 50 ]
	done
	# a record naming no query row is still found under --shard, counted
	# over the whole file: 41 records, one of them no row
	{ cat d/img.labels; printf 'nosuch\t3\n'; } > qlab
	run --separate-stderr rankof -j 1 --shard 2/4 -e -m cos \
	    --query-labels qlab --item-labels d/cap.labels d/img.npy d/cap.npy
	[ "$status" -eq 0 ]
	[ "$stderr" = "rankof: qlab:41: 1 of the 41 ids name no row of d/img.npy, the first 'nosuch'" ]
}

@test "shard: query shards of a score stream, any chunk size and -j, for 1 to 4 shards" {
	simmat q.txt i.txt > scores
	rankof --query-labels q.labels --item-labels i.labels scores > one
	for n in 1 2 3 4; do
		rm -f part.*
		for i in $(seq 0 $((n - 1))); do
			RANKKIT_CHUNK=64 rankof -j 3 --shard $i/$n \
				--query-labels q.labels --item-labels i.labels scores > part.$i
		done
		[ "$(body part.*)" = "$(body one)" ]
		[ "$(hitrate part.*)" = "$(hitrate one)" ]
	done
}

@test "shard: gallery shards merge into the stream of one run, for 1 to 4 shards" {
	rankof $emb > one
	for path in fused rows; do
		for n in 1 2 3 4; do
			files=""
			for i in $(seq 0 $((n - 1))); do
				a=$((36 * i / n)) b=$((36 * (i + 1) / n))
				RANKKIT_EMBRANK=$path rankof --items $a:$b $emb > g.$i
				files="$files g.$i"
			done
			rankof --merge $files > merged
			cmp merged one
		done
	done
}

@test "shard: gallery shards with -x and --folds, and uneven cuts" {
	# q.txt against itself: -x takes each query's own row out
	self="-e -x --labels q.labels --folds 2 q.txt q.txt"
	rankof $self > one
	rankof --items 0:5 $self > g.0
	rankof --items 5:6 $self > g.1
	rankof --items 6:24 $self > g.2
	rankof --merge g.0 g.1 g.2 | cmp - one
}

@test "shard: cuts that leave a fold without items read no tile outside the shard, every variant" {
	# 30 rows against themselves, --folds 2 (rows 0-14 and 15-29): a shard
	# of rows 0:3, 3:4, 4:7 or 0:5 has no item in fold 1, whose empty
	# range once read the tile of row 15, past the shard's pack (the
	# sanitizer build caught it; the others read whatever lay there). The
	# shards' merge is the stream of one run, in every variant the CPU runs
	awk 'BEGIN { srand(5); for (r = 0; r < 30; r++)
		printf "q%d %d %d %d\n", r, int(rand() * 5) - 2,
		    int(rand() * 5) - 2, int(rand() * 3) }' > q30.txt
	awk '{ print $1, NR % 3 }' q30.txt > q30.labels
	self="-e -x --labels q30.labels --folds 2 q30.txt q30.txt"
	RANKKIT_KERNEL=base rankof -j 1 $self > one
	[ "$(grep -vc '^#' one)" -eq 120 ]	# 30 queries x 4 other rows of a label in a fold
	ran=""
	for v in base avx2 avx512; do
		runs_variant $v || continue
		ran="$ran $v"
		for cuts in "0:3 3:4 4:7 7:30" "0:5 5:30" "0:15 15:16 16:30"; do
			files=""
			for c in $cuts; do
				RANKKIT_KERNEL=$v rankof --items $c $self > "g.$c"
				files="$files g.$c"
			done
			rankof --merge $files | cmp - one
		done
	done
	echo "# variants run:$ran" >&3
}

@test "shard: gallery shards with qrels merge into one run, relevant items in every shard" {
	# 12 queries, 100 items; each query judges 6 items spread over the
	# gallery (grades 0 to 2, one past the rows): a shard reads the rows
	# its queries' judgments name besides its own
	awk 'BEGIN { srand(5)
		for (r = 0; r < 12; r++)
			printf "q%d %d %d\n", r, int(rand() * 5) - 2, int(rand() * 5) - 2
	}' > q12.txt
	awk 'BEGIN { srand(6)
		for (r = 0; r < 100; r++)
			printf "d%d %d %d\n", r, int(rand() * 5) - 2, int(rand() * 5) - 2
	}' > d100.txt
	awk 'BEGIN { for (q = 0; q < 12; q++) { for (j = 0; j < 6; j++)
			printf "q%d 0 d%d %d\n", q, (q * 17 + j * 31) % 100, j % 3
		printf "q%d 0 nosuch 1\n", q } }' > q12.qrels
	e12="-e -m dot -r q12.qrels q12.txt d100.txt"
	rankof $e12 > one 2>/dev/null
	for cuts in "0 50 100" "0 30 70 100" "0 1 99 100"; do
		set -- $cuts
		files="" i=0
		while [ $# -gt 1 ]; do
			rankof --items $1:$2 $e12 > g.$i 2>/dev/null
			files="$files g.$i"
			i=$((i + 1))
			shift
		done
		rankof --merge $files | cmp - one
	done
}

@test "shard: a gallery shard counts its own candidates only" {
	# query a (0 1) against x (0 3), y (0 2), z (0 1); z is relevant:
	# dot scores 3, 2, 1. Shard 0:2 holds x and y, both above z: rank 3,
	# n 2. Shard 2:3 holds z alone: rank 1, n 1. Merged: rank 1+2+0 = 3.
	printf 'a 0 1\n' > a.txt
	printf 'x 0 3\ny 0 2\nz 0 1\n' > g.txt
	printf 'a 0 z 1\n' > a.qrels
	# (after the header, the items and the fingerprint lines)
	run rankof -r a.qrels --items 0:2 -e a.txt g.txt
	[ "${lines[3]}" = "$(printf 'a\tz\t1\t3\t0\t2\tr')" ]
	run rankof -r a.qrels --items 2:3 -e a.txt g.txt
	[ "${lines[3]}" = "$(printf 'a\tz\t1\t1\t0\t1\tr')" ]
}

@test "shard: a gallery shard's stream is of version 2 and carries its rows after the header" {
	printf 'a 0 1\n' > a.txt
	printf 'x 0 3\ny 0 2\nz 0 1\n' > g.txt
	printf 'a 0 z 1\n' > a.qrels
	run rankof -r a.qrels --items 0:2 -e a.txt g.txt
	# seven fields, kind r: a reader of version 1 refuses a part
	[ "${lines[0]}" = "$(printf '# query\titem\tgrade\trank\tties\tn\tkind')" ]
	[ "${lines[1]}" = "$(printf '# items\t0:2\t3')" ]
	run rankof -r a.qrels --items 3:3 -e a.txt g.txt
	[ "${lines[1]}" = "$(printf '# items\t3:3\t3')" ]
	# without --items: no items line, the bytes of version 1
	run rankof -r a.qrels -e a.txt g.txt
	[ "$output" = "$(printf '# query\titem\tgrade\trank\tties\tn\na\tz\t1\t3\t0\t3\n# end')" ]
	# and the merge of the shards is that stream, with no items line
	rankof -r a.qrels --items 0:1 -e a.txt g.txt > g.0
	rankof -r a.qrels --items 1:3 -e a.txt g.txt > g.1
	[ "$(rankof --merge g.1 g.0)" = "$output" ]
}

@test "shard: --merge refuses a shard dropped, given twice or overlapping, naming the file" {
	rankof $emb > one
	for c in 0:10 10:20 20:36 5:15 0:36 0:0; do
		rankof --items $c $emb > g.$c
	done
	rankof --merge g.0:10 g.10:20 g.20:36 | cmp - one
	rankof --merge g.20:36 g.0:0 g.0:10 g.10:20 | cmp - one
	err_table <<-'T'
	1 | rankof --merge g.0:10 g.20:36             | | rankof: g.20:36:2: rows 10:20 of 36 are in no shard (a shard missing before rows 20:36?)
	1 | rankof --merge g.10:20 g.20:36            | | rankof: g.10:20:2: rows 0:10 of 36 are in no shard (a shard missing before rows 10:20?)
	1 | rankof --merge g.0:10 g.10:20             | | rankof: g.10:20:2: rows 20:36 of 36 are in no shard (a shard missing after this one?)
	1 | rankof --merge g.0:10 g.10:20 g.10:20 g.20:36 | | rankof: g.10:20:2: rows 10:20, as in g.10:20 (a shard given twice?)
	1 | rankof --merge g.0:0 g.0:0 g.0:36         | | rankof: g.0:0:2: rows 0:0, as in g.0:0 (a shard given twice?)
	1 | rankof --merge g.0:10 g.5:15 g.10:20 g.20:36 | | rankof: g.5:15:2: rows 5:15 overlap rows 0:10 of g.0:10
	1 | rankof --merge g.0:36 g.0:10 g.10:20 g.20:36 | | rankof: g.0:36:2: rows 0:36 overlap rows 0:10 of g.0:10
	1 | rankof --merge g.0:10 g.10:20 g.20:36 one | | rankof: one: no '# items A:B N' line: not a gallery shard (rankof -e --items A:B)
	T
	# a stream of version 2 that is no shard: rankof --judged's
	printf 'q1 0 x 1\nq1 0 y 0\n' >j.qrels
	printf 'q1 x 2\nq1 y 1\n' | rankof --judged -r j.qrels >judged
	run --separate-stderr rankof --merge g.0:10 g.10:20 g.20:36 judged
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: judged: no '# items A:B N' line: not a gallery shard (rankof -e --items A:B)" ]
	# a gallery of another size
	sed '2s/36$/37/' g.20:36 > g.big
	run --separate-stderr rankof --merge g.0:10 g.10:20 g.big
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: g.big:2: a gallery of 37 rows where g.0:10 has 36" ]
	# the items line: its form, one per stream, before the records
	for bad in '# items 0-3 36' '# items 0:3' '# items 4:3 36' '# items 0:37 36' '# items -1:3 36' '# items 0:3 x'; do
		{ head -n 1 g.0:10; echo "$bad"; tail -n +3 g.0:10; } > g.bad
		run --separate-stderr rankof --merge g.bad g.10:20 g.20:36
		[ "$status" -eq 1 ]
		[[ "$stderr" == "rankof: g.bad:2: "* ]]
	done
	{ head -n 2 g.0:10; sed -n 2p g.0:10; tail -n +3 g.0:10; } > g.two
	run --separate-stderr rankof --merge g.two g.10:20 g.20:36
	[ "$stderr" = "rankof: g.two:3: a second items line" ]
	{ head -n 1 g.0:10; sed -n 3,4p g.0:10; sed -n 2p g.0:10; tail -n +5 g.0:10; } > g.late
	run --separate-stderr rankof --merge g.late g.10:20 g.20:36
	[ "$stderr" = "rankof: g.late: no '# items A:B N' line: not a gallery shard (rankof -e --items A:B)" ]
}

# shard FILE A:B N LINE...: a hand-written gallery shard's stream
shard() {
	local f=$1 r=$2 n=$3
	shift 3
	{ printf '# query\titem\tgrade\trank\tties\tn\tkind\n# items\t%s\t%s\n' "$r" "$n"
	  printf '%s\n' "$@" | tr ' ' '\t'
	  echo '# end'; } >"$f"
}

@test "shard: --merge joins query shards into the stream of one run, byte for byte" {
	rankof $emb > one
	for n in 2 3 5; do
		rm -f part.*
		for i in $(seq 0 $((n - 1))); do
			rankof --shard $i/$n $emb > part.$i
		done
		# in any order of the files: by their part lines
		rankof --merge $(ls part.* | sort -r) | cmp - one
	done
	# version 2 (--judged) of a score stream's query shards; and parts
	# made by hand (a Hadoop partition), which carry no fingerprint
	printf 'a 0 x 1\na 0 y 0\nb 0 x 2\nc 0 z 1\n' > j.qrels
	printf 'a x 2\na y 1\nb x 1\nb y 3\nc z 0\nc x 5\n' > s
	rankof --judged -r j.qrels s > jone
	rankof --judged --shard 0/2 -r j.qrels s > j.0
	rankof --judged --shard 1/2 -r j.qrels s > j.1
	rankof --merge j.1 j.0 | cmp - jone
	rankof -r j.qrels s > sone
	head -n 2 s | rankof --part 0/2 -r j.qrels > h.0
	tail -n 4 s | rankof --part 1/2 -r j.qrels > h.1
	rankof --merge h.0 h.1 | cmp - sone
}

@test "shard: --merge refuses query shards missing, twice, mixed or concatenated, naming them" {
	for i in 0 1 2; do
		rankof --shard $i/3 $emb > p.$i
	done
	rankof -m cos --shard 1/3 $emb > cos.1
	rankof --shard 1/4 $emb > p4.1
	rankof $emb > one
	cat p.0 p.1 > p.01
	head -n 5 p.2 > p.cut
	printf 'q 0 x 1\n' > x.qrels
	echo 'q x 1' | rankof --judged --part 1/3 -r x.qrels > v2.1
	echo 'q x 1' | rankof --part 1/3 -r x.qrels > hand.1
	# p.1dup: p.1 with its lines 4 and 5 (its first query's) given to
	# query q0 of p.0
	[ "$(sed -n 4p p.1 | cut -f1)" = q1 ] && [ "$(sed -n 5p p.1 | cut -f1)" = q1 ]
	awk -v OFS='\t' 'NR == 4 || NR == 5 { $1 = "q0" } 1' p.1 > p.1dup
	# p.01:80: the first record of p.1 (header, part and fingerprint
	# lines) after the 76 lines of p.0
	[ "$(wc -l < p.0)" -eq 76 ]
	err_table <<-'T'
	1 | rankof --merge p.0 p.2         | | rankof: --merge: part 1/3 is missing (2 of 3 query shards given)
	1 | rankof --merge p.0 p.1         | | rankof: --merge: part 2/3 is missing (2 of 3 query shards given)
	1 | rankof --merge p.1 p.2 p.1     | | rankof: p.1: part 1/3, as in p.1 (a shard given twice?)
	1 | rankof --merge p.0 cos.1 p.2   | | rankof: cos.1: fingerprint 5b63c34aa2072038 where p.0 has e66ec12306ec9a67: a shard of another run (another query file, gallery, relevance or option)
	1 | rankof --merge p.0 p4.1 p.2    | | rankof: p4.1: part 1/4 where p.0 is part 0/3: shards of different runs
	1 | rankof --merge p.0 v2.1 p.2    | | rankof: v2.1: a rank stream of version 2 where p.0 is of version 1: shards of different runs
	1 | rankof --merge p.0 hand.1 p.2  | | rankof: hand.1: no '# fingerprint' line where p.0 has one: shards of different runs (or of an older rankof: make them again)
	1 | rankof --merge p.0 p.1 p.2 one | | rankof: one: no '# part I/N' line and no '# items A:B N' line: not a shard (rankof --shard I/N, --part I/N or -e --items A:B)
	1 | rankof --merge p.0 p.1dup p.2  | | rankof: p.1dup:4: query 'q0' began in an earlier file or part: the inputs are read as one stream (the parts of one run); two systems need two runs of rankof (bootstrap or cmc compare several)
	1 | rankof --merge p.01 p.1 p.2    | | rankof: p.01:80: a second part in one file: give each query shard as a file of its own
	T
	# a shard cut short: the lines before are written, the end line not
	run --separate-stderr rankof --merge p.0 p.1 p.cut
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: p.cut:5: stream ends without its '# end' line (the program upstream failed)" ]
	[[ $output != *"# end"* ]]
}

@test "shard: --merge refuses a shard's n above its item rows, so a merged n above N" {
	# a gallery of 4 rows in two shards of 2: q's a is rank 1 of 2 in
	# the first, and no candidate of the second is above it
	shard s0 0:2 4 'q a 1 1 0 2 r'
	shard s1 2:4 4 'q a 1 1 0 2 r'
	[ "$(rankof --merge s0 s1 | body)" = "$(printf 'q\ta\t1\t1\t0\t4')" ]
	# n = 3 in rows 2:4 (two rows), merged n 5 of a gallery of 4
	shard big 2:4 4 'q a 1 1 0 3 r'
	run --separate-stderr rankof --merge s0 big
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: big:3: query 'q': n = 3, more candidates than the shard's 2 item rows (2:4)" ]
	# in the first shard, in a later query's line (n is one number within a
	# query), and in an empty range
	shard big0 0:2 4 'q a 1 1 0 3 r'
	run --separate-stderr rankof --merge big0 s1
	[ "$stderr" = "rankof: big0:3: query 'q': n = 3, more candidates than the shard's 2 item rows (0:2)" ]
	shard t0 0:2 4 'p a 1 1 0 2 r' 'q a 1 1 0 2 r'
	shard t1 2:4 4 'p a 1 1 0 2 r' 'q a 1 1 0 9 r'
	run --separate-stderr rankof --merge t0 t1
	[ "$stderr" = "rankof: t1:4: query 'q': n = 9, more candidates than the shard's 2 item rows (2:4)" ]
	shard e0 0:4 4 'q a 1 1 0 4 r'
	shard e1 4:4 4 'q a 1 1 0 1 r'
	run --separate-stderr rankof --merge e0 e1
	[ "$stderr" = "rankof: e1:3: query 'q': n = 1, more candidates than the shard's 0 item rows (4:4)" ]
}

# quiet_error MESSAGE CMD...: exit 1, "rankof: MESSAGE" on stderr and
# nothing on stdout, not even the header (rankof(1): a validation error
# writes no line)
quiet_error() {
	fails_with "rankof: $1" "${@:2}"
	[ -z "$output" ]
}

@test "shard: --merge and -e --items write nothing before a validation error" {
	for c in 0:18 18:36 0:20; do
		rankof --items $c $emb > g.$c
	done
	# --merge: a file missing, a shard missing, overlapping, of another
	# gallery, without its items line, of the wrong version, without
	# records where the other has some
	quiet_error "nosuch: No such file or directory" rankof --merge g.0:18 nosuch
	quiet_error "g.0:18:2: rows 18:36 of 36 are in no shard (a shard missing after this one?)" \
		rankof --merge g.0:18
	quiet_error "g.18:36:2: rows 18:36 overlap rows 0:20 of g.0:20" \
		rankof --merge g.0:20 g.18:36
	sed '2s/36$/37/' g.18:36 > g.big
	quiet_error "g.big:2: a gallery of 37 rows where g.0:18 has 36" \
		rankof --merge g.0:18 g.big
	sed 2d g.18:36 > g.noitems
	quiet_error "g.noitems: no '# items A:B N' line: not a gallery shard (rankof -e --items A:B)" \
		rankof --merge g.0:18 g.noitems
	rankof $emb > one
	quiet_error "one: no '# items A:B N' line: not a gallery shard (rankof -e --items A:B)" \
		rankof --merge g.0:18 one
	{ head -n 3 g.18:36; echo '# end'; } > g.none
	quiet_error "g.none:4: ends where g.0:18 goes on" rankof --merge g.0:18 g.none
	# -e --items: rows past the items, a file missing, a query without a
	# label, a bad embedding row
	quiet_error "--items 0:99: i.txt has 36 rows" rankof --items 0:99 $emb
	quiet_error "nosuch: No such file or directory" \
		rankof --items 0:2 -e --query-labels q.labels --item-labels nosuch q.txt i.txt
	quiet_error "nosuch: No such file or directory" \
		rankof --items 0:2 -e --query-labels q.labels --item-labels i.labels q.txt nosuch
	printf 'q0 0\n' > q.bad
	quiet_error "q.txt: query 'q1' has no label" \
		rankof --items 0:2 -e --query-labels q.bad --item-labels i.labels q.txt i.txt
	sed '3s/ [^ ]*$/ x/' i.txt > i.bad
	quiet_error "i.bad:3: field 4: bad number 'x'" \
		rankof --items 0:2 -e --query-labels q.labels --item-labels i.labels q.txt i.bad
	# a failure while merging comes after the header: the stream is
	# visibly truncated (its header, no end line)
	sed '4s/\t[0-9]*\tr$/\t99\tr/' g.18:36 > g.late
	run --separate-stderr rankof --merge g.0:18 g.late
	[ "$status" -eq 1 ]
	[[ "$stderr" == "rankof: g.late:4: "* ]]
	[ "${lines[0]}" = "$(printf '# query\titem\tgrade\trank\tties\tn')" ]
	[ "${lines[-1]}" != "# end" ]
}

@test "shard: the measure programs refuse a gallery shard's stream" {
	rankof --items 0:10 $emb > g.0
	for p in hitrate mapr ndcg cmc; do
		run --separate-stderr $p g.0
		[ "$status" -eq 1 ]
		[ "$stderr" = "$p: g.0:2: a gallery shard's rank stream (its '# items' line): merge the gallery shards first (rankof --merge)" ]
	done
	# the lines of a query shard are the lines of one run: no items line
	rankof --shard 0/2 $emb > q.0
	! grep -q '^# items' q.0
}

@test "shard: --merge names the file and line where shards disagree" {
	rankof --items 0:18 $emb > g.0
	rankof --items 18:36 $emb > g.1
	sed '4s/^q0\ti[0-9]*/q0\tbogus/' g.1 > bad
	run --separate-stderr rankof --merge g.0 bad
	[ "$status" -eq 1 ]
	[[ "$stderr" == "rankof: bad:4: query 'q0' item 'bogus' where the first shard has query 'q0' item '"* ]]
	head -n 6 g.1 > short
	run --separate-stderr rankof --merge g.0 short
	[ "$status" -eq 1 ]
	[[ "$stderr" == "rankof: short:"* ]]
	[ "$(echo "$output" | tail -n 1)" != "# end" ]
}

@test "shard: usage errors" {
	run --separate-stderr rankof --shard 3/3 $emb
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "rankof: --shard: '3/3' is not I/N with 0 <= I < N" ]
	run --separate-stderr rankof --items 5:2 $emb
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "rankof: --items: '5:2' is not A:B with A <= B" ]
	run --separate-stderr rankof --items 0:2 --break id $emb
	[ "$status" -eq 2 ]
	run --separate-stderr rankof --items 0:2 -r q scores
	[ "$status" -eq 2 ]
	run --separate-stderr rankof --merge -r q g.0
	[ "$status" -eq 2 ]
	run --separate-stderr rankof --items 0:99 $emb
	[ "$status" -eq 1 ]
}

@test "shard: the Hadoop Streaming mapper and reducer, run through sort" {
	simmat q.txt i.txt > scores
	rankof --query-labels q.labels --item-labels i.labels scores > one
	# the lines of examples/pipelines/hadoop-streaming.md: the mapper drops
	# the stream's comment lines, the shuffle sorts by key (the query), and
	# each of three reducers ranks the queries it is given
	map() { grep -v '^#'; }
	reduce() { rankof --query-labels q.labels --item-labels i.labels; }
	map < scores | LC_ALL=C sort -t "$(printf '\t')" -k1,1 > shuffled
	for r in 0 1 2; do
		awk -F '\t' -v r=$r '{ h = 0; for (i = 1; i <= length($1); i++)
			h += index("0123456789qi", substr($1, i, 1)); if (h % 3 == r) print }' \
			shuffled | reduce > part.$r
	done
	[ "$(body part.*)" = "$(body one)" ]
	[ "$(hitrate part.*)" = "$(hitrate one)" ]
}

@test "shard: a non-finite value stops the shards that use its row, named by its row in the file" {
	load npy
	# 8 queries and 8 items of 2 values; query row 5 and item row 6 hold
	# a NaN: query shard 1 of 4 (rows 1 and 5) and every gallery shard
	# (row 6 is relevant to the queries of label 0, all in every gallery
	# shard) stop
	mknpy q.npy 1 '<f8' False '(8, 2)' "$(f8 1 0 0 1 1 1 2 1 0 2 nan 1 3 0 1 3)"
	mknpy i.npy 1 '<f8' False '(8, 2)' "$(f8 0 1 1 0 2 2 1 2 3 1 2 0 -1 nan 1 1)"
	mknpy qok.npy 1 '<f8' False '(8, 2)' "$(f8 1 0 0 1 1 1 2 1 0 2 0 1 3 0 1 3)"
	awk 'BEGIN { for (r = 0; r < 8; r++) print r, r % 2 }' > n.labels
	e="-j 1 -e -m cos --query-labels n.labels --item-labels n.labels"
	for k in 0 1 2 3; do
		run --separate-stderr rankof --shard $k/4 $e q.npy qok.npy
		if [ $k = 1 ]; then
			[ "$status" -eq 1 ]
			[ "$stderr" = "rankof: q.npy: row 5, column 0: value is not finite" ]
		else
			[ "$status" -eq 0 ]
			[ "$stderr" = "" ]
		fi
		echo "$output" > qs.$k
	done
	# the concatenated shards fail downstream: shard 1 has no '# end'
	run --separate-stderr hitrate qs.0 qs.1 qs.2 qs.3
	[ "$status" -eq 1 ]
	for r in 0:4 4:8 0:1; do
		run --separate-stderr rankof --items $r $e qok.npy i.npy
		[ "$status" -eq 1 ]
		[ "$stderr" = "rankof: i.npy: row 6, column 1: value is not finite" ]
	done
	# a gallery shard reads the rows of its range (rounded out to the
	# kernel's tiles, at most 32 rows) and its queries' relevant rows
	# only: 100 items, row 70 holds a NaN and has a label of its own, so
	# the shards whose tiles miss it succeed and the one with it stops
	vals=$(for r in $(seq 0 99); do
		if [ $r = 70 ]; then echo nan 1; else echo $((r % 3)) $((r % 2)); fi
	done)
	mknpy i100.npy 1 '<f8' False '(100, 2)' "$(f8 $vals)"
	awk 'BEGIN { for (r = 0; r < 100; r++) print r, r == 70 ? "alone" : r % 2 }' > i100.labels
	e100="-j 1 -e -m cos --query-labels n.labels --item-labels i100.labels"
	for r in 0:32 32:64; do
		run --separate-stderr rankof --items $r $e100 qok.npy i100.npy
		[ "$status" -eq 0 ]
		[ "$stderr" = "" ]
	done
	run --separate-stderr rankof --items 64:100 $e100 qok.npy i100.npy
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: i100.npy: row 70, column 0: value is not finite" ]
	# row 70 relevant to the queries of label 0: every shard stops
	awk 'BEGIN { for (r = 0; r < 100; r++) print r, r % 2 }' > r100.labels
	run --separate-stderr rankof --items 0:32 -j 1 -e -m cos \
	    --query-labels n.labels --item-labels r100.labels qok.npy i100.npy
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: i100.npy: row 70, column 0: value is not finite" ]
}

@test "shard: finite values whose squares overflow are no error" {
	load npy
	# item row 1 holds the largest double twice: its sum of squares
	# overflows, and that is no error (cos scores it on the rows scaled by
	# powers of two, kernel.h: 1/sqrt(2) against the query (1, 0)); its
	# gallery shards merge into the bytes of one run
	mknpy i.npy 1 '<f8' False '(4, 2)' "$(f8 1 0 max max 0 1 1 1)"
	mknpy q.npy 1 '<f8' False '(2, 2)' "$(f8 1 0 0 1)"
	awk 'BEGIN { print 0, 0; print 1, 1 }' > ql
	awk 'BEGIN { for (r = 0; r < 4; r++) print r, r % 2 }' > il
	for m in dot cos; do
		run --separate-stderr rankof -j 1 -e -m $m --query-labels ql --item-labels il q.npy i.npy
		[ "$status" -eq 0 ]
		echo "$output" > one
		rankof -j 1 -e -m $m --items 0:2 --query-labels ql --item-labels il q.npy i.npy > g0
		rankof -j 1 -e -m $m --items 2:4 --query-labels ql --item-labels il q.npy i.npy > g1
		[ "$(rankof --merge g0 g1)" = "$(cat one)" ]
	done
	simmat -m cos q.npy i.npy | awk '$1 == 0 && $2 == 1 { n++
		if ($3 < 0.70710678118654 || $3 > 0.70710678118655) exit 1 }
		END { exit n != 1 }'
	# but its distance to the query (0, 1), sqrt(2) DBL_MAX, is beyond the
	# doubles: it stops the run and every shard that ranks the pair (the
	# query's relevant item), naming it
	for cut in "" "--items 0:2" "--items 2:4"; do
		run --separate-stderr rankof -j 1 -e -m l2 $cut --query-labels ql --item-labels il q.npy i.npy
		[ "$status" -eq 1 ]
		[ "$stderr" = "rankof: q.npy: row 1 against i.npy: row 1: the l2 distance is about 2.54e+308, beyond the largest float64 (1.79769e+308)" ]
	done
}

@test "shard: a gallery shard given an item labels file cut to its rows and its queries' items, with --unlabeled-irrelevant, writes the stream of the whole file" {
	# 8 queries of labels 0-3; of 100 items, every tenth shares a label
	# with them, the others have labels of their own
	q8d100
	awk '{ print $1, NR % 4 }' q8.txt > q8.labels
	awk '{ r = NR - 1; print $1, r % 10 == 0 ? r / 10 % 4 : "u" r }' d100.txt > d100.labels
	e="-e -m dot --query-labels q8.labels q8.txt d100.txt"
	rankof --item-labels d100.labels $e > one
	for cut in 0:50 50:100; do
		a=${cut%:*} b=${cut#*:}
		awk -v a=$a -v b=$b '{ r = NR - 1 } (r >= a && r < b) || $2 !~ /^u/' d100.labels > cut.labels
		[ "$(wc -l < cut.labels)" -lt 100 ]
		rankof --items $cut --item-labels d100.labels $e > whole.$a
		run --separate-stderr rankof --items $cut --unlabeled-irrelevant \
		    --item-labels cut.labels $e
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat whole.$a)" ]
		# rows 0-49 are its first 50 lines: read for them by position,
		# they all have labels; rows 50-99 are not lines 50-99: the file
		# is read whole, as one run reads it
		if [ $a = 0 ]; then
			[ "$stderr" = "" ]
		else
			[[ "$stderr" = "rankof: "*" of the 100 rows of d100.txt have no label: ranked as never relevant (--unlabeled-irrelevant)"* ]]
		fi
		echo "$output" > cut.$a
	done
	[ "$(rankof --merge cut.0 cut.50)" = "$(cat one)" ]
}

@test "shard: a gallery shard keeps the label records of its rows and its queries' labels only, with the bytes of one run" {
	# 8 queries of labels 0-3 and cameras; 100 items, every tenth of a
	# query label, the others of labels of their own; numbered rows (.npy
	# text ids are their numbers) and named ones
	q8d100
	awk '{ print $1, NR % 4, "c" NR % 2 }' q8.txt > q8.labels
	awk '{ r = NR - 1; print $1, r % 10 == 0 ? r / 10 % 4 : "u" r, "c" r % 3 }' d100.txt > d100.labels
	awk '{ print NR - 1, $2, $3 }' d100.labels > n100.labels
	awk '{ print NR - 1, $2, $3 }' q8.labels > n8.labels
	awk '{ print NR - 1, $2, $3 }' q8.txt > q8.num
	awk '{ print NR - 1, $2, $3 }' d100.txt > d100.num
	for e in "-e -m dot --query-labels q8.labels --item-labels d100.labels q8.txt d100.txt" \
		 "-e -m dot --query-labels n8.labels --item-labels n100.labels q8.num d100.num"; do
		for x in "" "--junk same-camera" "--junk-label 2" "--junk-label u41"; do
			rankof $x $e > one
			[ "$(grep -vc '^#' one)" -gt 8 ]
			for cuts in "0:50 50:100" "0:1 1:37 37:99 99:100" "0:10 10:11 11:100"; do
				files=""
				for c in $cuts; do
					rankof --items $c $x $e > g.$c
					files="$files g.$c"
				done
				rankof --merge $files | cmp - one
			done
		done
	done
	# a file in another order than the rows is read whole: the same bytes
	tac d100.labels > rev.labels
	e="-e -m dot --query-labels q8.labels --item-labels rev.labels q8.txt d100.txt"
	rankof --junk-label u41 $e > one
	rankof --junk-label u41 --items 0:41 $e > g.0
	rankof --junk-label u41 --items 41:100 $e > g.1
	rankof --merge g.0 g.1 | cmp - one
	# what a shard keeps is all it checks: row d80 (label u80, no
	# query's) without a label stops the one run and the shard of its
	# row, not the other shard
	grep -v '^d80 ' d100.labels > l99
	e="-e -m dot --query-labels q8.labels --item-labels l99 q8.txt d100.txt"
	run --separate-stderr rankof $e
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: l99: 1 of the 100 rows of d100.txt have no label, the first 'd80' (--unlabeled-irrelevant ranks them as never relevant)" ]
	run --separate-stderr rankof --items 50:100 $e
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: l99: 1 of the 100 rows of d100.txt have no label, the first 'd80' (--unlabeled-irrelevant ranks them as never relevant)" ]
	run --separate-stderr rankof --items 0:50 $e
	[ "$status" -eq 0 ]
	# a query's relevant item outside the shard is kept: d90 (label 1)
	# ranks in shard 0:50 as in the one run, counted against its rows
	[ "$(printf '%s\n' "$output" | awk '$2 == "d90"' | wc -l)" -eq 2 ]
}

# Issue 37 (3): gallery shards of the same files that differ only by the
# metric (cos 0:20, dot 20:36) once merged to a plausible wrong number.
# Each shard's fingerprint hashes the metric: --merge names both.
@test "shard: --merge refuses gallery shards that differ only by metric, naming the fingerprints" {
	rankof -m cos --items 0:20 $emb > cos.0
	rankof -m cos --items 20:36 $emb > cos.1
	rankof -m dot --items 20:36 $emb > dot.1
	rankof -m cos $emb > one
	rankof --merge cos.0 cos.1 | cmp - one
	fc=$(rankof --fingerprint -m cos $emb)
	fd=$(rankof --fingerprint -m dot $emb)
	[ "$fc" != "$fd" ]
	grep -qx "# fingerprint	$fc" cos.0
	grep -qx "# fingerprint	$fd" dot.1
	fails_with "rankof: dot.1: fingerprint $fd where cos.0 has $fc: a shard of another run (another query file, gallery, relevance or option)" \
	    rankof --merge cos.0 dot.1
	[ -z "$output" ]
}
