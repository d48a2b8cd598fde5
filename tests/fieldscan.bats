#!/usr/bin/env bats
# The readers' fast paths against what they must give: fields split at
# blanks only (a control byte, '\r' inside a field, a byte from 0x7f up
# are the field's own), ends of fields at every offset of an 8-byte word,
# across chunk ends (RANKKIT_CHUNK); the expected lines come from awk.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# ids with byte B after K letters, K = 0..17, for several bytes B; the
# score of the j-th line is j, so its rank among the N is N - j + 1
fields_data() {
	awk 'BEGIN {
		split("1 13 11 12 31 127 128 160 255 33 126", codes, " ")
		letters = "abcdefghijklmnopqr"
		seps[0] = " "; seps[1] = "\t"; seps[2] = "  "; seps[3] = " \t "
		n = 0
		for (c = 1; c <= 11; c++)
			for (k = 0; k <= 17; k++)
				id[++n] = substr(letters, 1, k) sprintf("%c", codes[c] + 0) "z" n
		for (j = 1; j <= n; j++) {
			s = seps[j % 4]
			printf "q1%s%s%s%d\n", s, id[j], seps[(j + 1) % 4], j > "scores"
			printf "q1 %s 1\n", id[j] > "qrels"
		}
		for (j = n; j >= 1; j--)
			printf "q1\t%s\t1\t%d\t0\t%d\n", id[j], n - j + 1, n > "want"
	}'
}

@test "fieldscan: fields end at blanks only, at every offset, in every chunk size" {
	fields_data
	[ "$(wc -l < want)" -eq 198 ]
	for chunk in 64 65 71 100 1000000; do
		RANKKIT_CHUNK=$chunk rankof -j 2 -r qrels scores > got
		body < got > gotbody
		cmp gotbody want
	done
}

@test "fieldscan: a TREC run's fields at every offset, '\\r' ending the line" {
	fields_data
	awk '{ printf "%s Q0 %s %d %s run\r\n", $1, $2, NR, $3 }' scores > run
	RANKKIT_CHUNK=64 rankof -j 1 -r qrels run | body > gotbody
	cmp gotbody want
}

@test "fieldscan: candidates of every length 1 to 40 are found again (strmap's key copy)" {
	# id j is j letters, a different letter at each end; scores as above
	awk 'BEGIN {
		a = "abcdefghijklmnopqrstuvwxyzabcdefghijklmn"
		for (j = 1; j <= 40; j++) {
			id = substr("x" a, 1, j)
			if (j > 1)
				id = substr(id, 1, j - 1) "Z"
			printf "q1 %s %d\n", id, j > "scores"
			printf "q1 %s 1\n", id > "qrels"
			line[j] = sprintf("q1\t%s\t1\t%d\t0\t40", id, 41 - j)
		}
		for (j = 40; j >= 1; j--)
			print line[j] > "want"
	}'
	rankof -r qrels scores | body > gotbody
	cmp gotbody want
}

@test "fieldscan: lines of 8 to 131 bytes, blanks before, between and after, 3 to 9 fields" {
	# ids of 1 to 90 letters: the newline before, at and past the 16th,
	# 32nd, 48th and 64th byte, where a line is split from the masks of
	# its first 64 bytes or, longer, a word at a time; TREC lines with 0
	# to 3 fields after the tag (a run's lines have 6 or more)
	awk 'BEGIN {
		a = "abcdefghijklmnopqrstuvwxyz"
		a = a a a a
		split(" |\t|  | \t ", seps, "|")
		n = 90
		for (j = 1; j <= n; j++) {
			id = substr(a, 1, j) j
			s = seps[j % 4 + 1]; t = seps[(j + 1) % 4 + 1]
			printf "%sq1%s%s%s%d%s\n", j % 3 ? "" : s, s, id, t, j, j % 4 ? "" : t > "scores"
			printf "q2 Q0 %s%s%d%s%d%srun", id, s, n + 1 - j, t, j, s > "run"
			for (x = 0; x < j % 4; x++)
				printf "%sextra%d", t, x > "run"
			printf "%s\n", j % 2 ? "" : s > "run"
			printf "q1 %s 1\nq2 %s 1\n", id, id > "qrels"
			line1[j] = sprintf("q1\t%s\t1\t%d\t0\t%d", id, n + 1 - j, n)
			line2[j] = sprintf("q2\t%s\t1\t%d\t0\t%d", id, n + 1 - j, n)
		}
		for (j = n; j >= 1; j--)
			print line1[j] > "want1"
		for (j = n; j >= 1; j--)
			print line2[j] > "want2"
	}'
	[ "$(awk '{ print length($0) }' scores | sort -n | sed -n '1p;$p' | tr '\n' ' ')" = "8 103 " ]
	[ "$(awk '{ print length($0) }' run | sort -n | sed -n '1p;$p' | tr '\n' ' ')" = "21 131 " ]
	for chunk in 64 100 1000000; do
		RANKKIT_CHUNK=$chunk rankof -j 2 -r qrels scores | body | cmp - want1
		RANKKIT_CHUNK=$chunk rankof -j 2 -r qrels run | body | cmp - want2
	done
}
