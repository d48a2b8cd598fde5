#!/usr/bin/env bats
# Standard input named once (rankkit(7), Conventions): every program that
# reads several files refuses a second '-' with one message, exit 2 and
# nothing on stdout, before it reads a byte; a second reader would find
# the input drained ("no rows", "empty input") or, through a mapping, a
# line of binary ("bad number"). One file named twice by its path is fine.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	D="$BATS_TEST_DIRNAME/../examples/data"
	printf '# query\titem\tgrade\trank\tties\tn\nq\ta\t1\t1\t0\t2\n# end\n' >r
	msg="standard input ('-') can be read once"
}

# refused ARGS...: the command refuses with the message, exit 2, no output
refused() {
	run --separate-stderr "$@" <"$D/img.npy"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "${stderr%%$'\n'*}" = "$1: $msg" ]
}

@test "stdin once: simmat, QUERIES and ITEMS or an id file" {
	refused simmat - -
	refused simmat --query-ids - - "$D/img.npy"
	refused simmat --item-ids - "$D/img.npy" -
	# one file by its name twice is a self-similarity run, as before
	[ "$(simmat "$D/img.tsv" "$D/img.tsv" | body | wc -l)" -eq 16 ]
	[ "$(simmat - "$D/img.tsv" <"$D/img.tsv" | body | wc -l)" -eq 16 ]
}

@test "stdin once: rankof's runs, relevance files, -e files, --merge shards" {
	refused rankof -r "$D/tiny.qrels" - -
	refused rankof -r - -
	refused rankof -r -	# no run: the run is read from stdin
	refused rankof -l - -e "$D/img.tsv" -
	refused rankof --query-labels - --item-labels "$D/img.labels" -e "$D/img.tsv" -
	refused rankof -l "$D/img.labels" -e - -
	refused rankof -l "$D/img.labels" --query-ids - -e - "$D/img.tsv"
	refused rankof -l "$D/img.labels" --item-ids - -e "$D/img.tsv" -
	refused rankof --merge - -
	# '-' once beside named files is read
	[ "$(rankof -r - "$D/tiny.scores" <"$D/tiny.qrels" | body | wc -l)" -gt 0 ]
}

@test "stdin once: hitrate, mapr, ndcg, cmc, bootstrap" {
	for p in hitrate mapr ndcg cmc bootstrap; do
		refused $p - -
		refused $p r - r -
	done
	# '-' once among named files: two systems, each with its hit at rank 1
	[ "$(cmc -K 1 - r <r | body)" = "$(printf 'hit@1\tall\t100.00\nhit@1\tall\t100.00')" ]
}

@test "stdin once: treceval, QRELS and RUN, with trec_eval's status 1" {
	run --separate-stderr treceval - - <"$D/trec.run"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "${stderr%%$'\n'*}" = "treceval: $msg" ]
}
