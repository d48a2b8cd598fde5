#!/usr/bin/env bats
# --format jsonl and csv (measurerecord.c, textquote.c) in hitrate, mapr,
# ndcg, cmc and treceval, and bootstrap's refusal of them. python3's json
# and csv modules load the records (skipped with the reason where python3
# is absent); every record must equal the stream's row, digits and all
# (records.py below compares them), and the few values asserted alone are
# worked out by hand in the comments.
load helper
load data/ranks/common
bats_require_minimum_version 1.5.0

# records.py, written once for the file's tests
setup_file() {
	cat >"$BATS_FILE_TMPDIR/records.py" <<-'PY'
	# records.py CASE [-- CASE ...], each CASE "FORMAT STREAM RECORDS
	# [system]": every record of RECORDS (jsonl or csv) equals the data row
	# of STREAM at its place: measure (trec_eval's padding stripped), query
	# bytes, the value's text ("-" for none); with system, each record's
	# system field is that. Prints each case's number of records, a line
	# each: the cases of a test in one python (a python costs more than
	# the programs it checks)
	import csv, json, sys
	def check(fmt, stream, records, system=None):
	    want = []
	    for line in open(stream, 'rb').read().split(b'\n'):
	        if line and not line.startswith(b'#'):
	            m, q, v = line.split(b'\t')
	            want.append((m.rstrip(b' '), q, v.lstrip(b' ')))
	    back = lambda s: s.encode('utf-8', 'surrogateescape')
	    got = []
	    if fmt == 'jsonl':
	        for line in open(records, encoding='utf-8'):
	            r = json.loads(line, parse_float=str, parse_int=str)
	            keys = (['system'] if system is not None else []) + ['measure', 'query', 'value']
	            assert list(r) == keys, r
	            if system is not None:
	                assert r['system'] == (None if system == 'null' else system), r
	            v = r['value']
	            got.append((back(r['measure']), back(r['query']),
	                        b'-' if v is None else back(v)))
	    else:
	        f = open(records, encoding='utf-8', errors='surrogateescape', newline='')
	        rows = list(csv.reader(f))
	        head = (['system'] if system is not None else []) + ['measure', 'query', 'value']
	        assert rows[0] == head, rows[0]
	        for r in rows[1:]:
	            if system is not None:
	                assert r[0] == ('' if system == 'null' else system), r
	                r = r[1:]
	            got.append((back(r[0]), back(r[1]), back(r[2]) if r[2] else b'-'))
	    assert got == want, (records, got, want)
	    return len(got)
	args = sys.argv[1:]
	while args:
	    case = args[:args.index('--')] if '--' in args else args
	    args = args[len(case) + 1:]
	    print(check(*case))
	PY
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	# ids with a comma and double quotes, UTF-8 (e acute, CJK), an ESC, a
	# DEL and a lone 0xFF (not UTF-8); q1 rank 1, the others 2, 3 (tied
	# with one more: positions 3..4), 5
	printf '# query\titem\tgrade\trank\tties\tn\n' >ids.ranks
	printf 'q1,"a"\tx\t1\t1\t0\t8\n' >>ids.ranks
	printf 'caf\303\251_\344\270\255\tx\t1\t2\t0\t8\n' >>ids.ranks
	printf 'esc\033del\177\tx\t2\t3\t1\t8\n' >>ids.ranks
	printf 'raw\377end\tx\t1\t5\t0\t8\n' >>ids.ranks
	printf '# end\n' >>ids.ranks
}

# Debian's python3 (common brief), not a shim on PATH that costs more
# than the python it starts
PY=/usr/bin/python3

need_python() {
	[ -x "$PY" ] || skip "needs $PY (its json and csv modules)"
}

# both FORMAT CMD...: CMD's stream, then CMD --format FORMAT, into
# stream.N and records.N (N counts the cases), the case added to $cases;
# check_cases then loads them all in one python, row for row
cases=()
both() {
	local fmt=$1 n=$((${#cases[@]} / 4 + 1))
	shift
	"$@" >stream.$n 2>/dev/null
	"$@" --format "$fmt" >records.$n 2>/dev/null
	cases+=("$fmt" stream.$n records.$n --)
}

# check_cases: every case of both in one python; each case's number of
# records in $lines
check_cases() {
	run "$PY" "$BATS_FILE_TMPDIR/records.py" "${cases[@]}"
	status_is 0
	[ "${#lines[@]}" -eq $((${#cases[@]} / 4)) ]
}

@test "records: hitrate, mapr, ndcg jsonl and csv load and equal the stream" {
	need_python
	# hitrate -q -k 1,5: 4 queries x 8 per-query columns (hit, recall,
	# P at 1 and 5, MRR, MeanR) + 9 summary rows (MedR too) = 41
	for f in jsonl csv; do
		both $f hitrate -q -k 1,5 ids.ranks
		both $f mapr -q ids.ranks
		both $f ndcg -q -f -p 6 ids.ranks
		both $f mapr -q --names trec ids.ranks
		both $f hitrate -q --names irm ids.ranks
		both $f hitrate -q --folds 2 -m hit,runid,MedR ids.ranks
	done
	check_cases
	# the hitrate -q -k 1,5 cases, jsonl and csv
	same "${lines[0]} ${lines[6]}" "41 41"
}

@test "records: jsonl by hand: ids escaped, the stream's digits, null" {
	# hit@1: only q1,"a" (rank 1) -> 1/4 = 25.00; MeanR of q1 1.00;
	# MedR has no per-query row; runid: no '# run' line -> null
	run --separate-stderr hitrate -q -k 1 -m hit,MeanR,runid --format jsonl ids.ranks
	status_is 0
	same "$(sed -n 1,2p <<<"$output")" \
	    '{"measure": "hit@1", "query": "q1,\"a\"", "value": 100.00}
{"measure": "MeanR", "query": "q1,\"a\"", "value": 1.00}'
	same "$(sed -n 5p <<<"$output")" "$(printf '{"measure": "hit@1", "query": "esc\\u001bdel\177", "value": 0.00}')"
	same "$(sed -n 7p <<<"$output")" '{"measure": "hit@1", "query": "raw\udcffend", "value": 0.00}'
	same "$(sed -n 3p <<<"$output")" "$(printf '{"measure": "hit@1", "query": "caf\303\251_\344\270\255", "value": 0.00}')"
	same "$(tail -n 3 <<<"$output")" \
	    '{"measure": "hit@1", "query": "all", "value": 25.00}
{"measure": "MeanR", "query": "all", "value": 2.88}
{"measure": "runid", "query": "all", "value": null}'
	# MeanR: 1, 2, 3.5 (positions 3..4), 5 -> 11.5 / 4 = 2.875 -> 2.88
}

@test "records: csv by hand: RFC 4180 quoting, an empty field for no value" {
	run --separate-stderr hitrate -q -f -m MRR,runid --format csv ids.ranks
	status_is 0
	# MRR of q1,"a": 1/1; the query field quoted, its quotes doubled
	same "$(sed -n 1,2p <<<"$output")" 'measure,query,value
MRR,"q1,""a""",1.0000'
	same "$(tail -n 1 <<<"$output")" 'runid,all,'
}

@test "records: cmc names its systems, null for one unlabelled curve" {
	need_python
	cmc -K 3 ids.ranks >stream.out 2>/dev/null
	cmc -K 3 --format jsonl ids.ranks >records.1 2>/dev/null
	cmc -K 3 --format csv ids.ranks >records.2 2>/dev/null
	# a label with a comma, a quote and a tab, kept as it is
	label=$(printf 'A, "b"\tc')
	cmc -K 2 --folds 2 ids.ranks 2>/dev/null | sed '/^# system/d' >stream.folds
	for f in jsonl csv; do
		cmc -K 2 --folds 2 --label "$label" --format $f ids.ranks >records.$f 2>/dev/null
	done
	run "$PY" "$BATS_FILE_TMPDIR/records.py" jsonl stream.out records.1 null -- csv stream.out records.2 null -- \
	    jsonl stream.folds records.jsonl "$label" -- csv stream.folds records.csv "$label"
	status_is 0
	same "$output" "$(printf '3\n3\n6\n6')"
	# hit@1 of all: 1 of 4 queries -> 25.00
	run --separate-stderr cmc -K 1 --label 'x,y' --format csv ids.ranks
	same "$output" 'system,measure,query,value
"x,y",hit@1,all,25.00'
}

@test "records: treceval jsonl and csv equal its trec_eval output" {
	need_python
	local d="$BATS_TEST_DIRNAME/../examples/data"
	for f in jsonl csv; do
		both $f treceval -q -m all_trec "$d/trec.qrels" "$d/trec.run"
	done
	check_cases
	# the default is trec_eval's output, byte for byte: --format trec
	treceval -q "$d/trec.qrels" "$d/trec.run" >a.out 2>/dev/null
	treceval -q --format trec "$d/trec.qrels" "$d/trec.run" >b.out 2>/dev/null
	cmp a.out b.out
	run --separate-stderr treceval -m relstring -q --format jsonl "$d/trec.qrels" "$d/trec.run"
	same "$(head -n 1 <<<"$output")" '{"measure": "relstring", "query": "301", "value": "'"'201--'"'"}'
}

@test "records: treceval quotes topic ids by hand" {
	# topic a,"b": its one relevant document first -> AP 1; topic x: its
	# relevant document second -> AP 1/2; map (1 + 0.5)/2 = 0.75
	printf '%s\n' 'a,"b" 0 d1 1' 'x 0 d2 1' >q
	printf '%s\n' 'a,"b" Q0 d1 1 2.0 r' 'x Q0 d1 1 2.0 r' 'x Q0 d2 2 1.0 r' >r
	run --separate-stderr treceval -q -m map --format csv q r
	status_is 0
	same "$output" 'measure,query,value
map,"a,""b""",1.0000
map,x,0.5000
map,all,0.7500'
	run --separate-stderr treceval -q -m map --format jsonl q r
	status_is 0
	same "$(head -n 1 <<<"$output")" '{"measure": "map", "query": "a,\"b\"", "value": 1.0000}'
}

@test "records: usage errors and bootstrap's refusal by name" {
	run --separate-stderr hitrate --format xml ids.ranks
	status_is 2
	same "${stderr%%$'\n'*}" "hitrate: --format: 'xml' is not stream, table, jsonl or csv"
	run --separate-stderr cmc --format jsonl --curve ids.ranks
	status_is 2
	same "${stderr%%$'\n'*}" "cmc: --format jsonl: no --curve, --plot or --svg - (its records take the standard output)"
	run --separate-stderr cmc --format csv --gallery-curve 5 ids.ranks
	status_is 2
	run --separate-stderr treceval --format table a b
	status_is 1
	same "${stderr%%$'\n'*}" "treceval: --format: 'table' is not trec, jsonl or csv"
	hitrate -q --format jsonl ids.ranks >m.jsonl 2>/dev/null
	hitrate -q --format csv ids.ranks >m.csv 2>/dev/null
	cmc --format csv ids.ranks >c.csv 2>/dev/null
	fails_with "bootstrap: m.jsonl:1: measures in JSON lines (--format jsonl), not a measure stream: write the stream (no --format) for this program" bootstrap m.jsonl
	fails_with "bootstrap: m.csv:1: measures in CSV (--format csv), not a measure stream: write the stream (no --format) for this program" bootstrap m.csv
	fails_with "bootstrap: c.csv:1: measures in CSV (--format csv), not a measure stream: write the stream (no --format) for this program" bootstrap c.csv
}
