#!/usr/bin/env bats
# examples/pipelines/slurm.sh on a live Slurm cluster: the private
# single-node cluster of examples/pipelines/slurm-local.sh (Debian's
# slurm-wlm and munge under a temporary folder: its own slurm.conf, munge
# key and socket, state and spool folders, free ports, MinJobAge=5), the
# daemons stopped at the end by their pids. The gallery shards' merge and
# the query shards' join must be one process's bytes; the resources must
# reach the jobs; a run killed (its jobs cancelled) and rerun must resume,
# recomputing only the shards missing; a task that fails once must be
# submitted again (-r); a task that fails every attempt must fail the run
# with nothing merged and each attempt be reported from its status file
# after scontrol forgot it (the cluster keeps no accounting: sacct fails,
# and a stand-in sacct shows where its states go); a query shard lost and
# a gallery shard of another run before the merges must be refused.
# The runs that are stopped part way run from a copy of the scripts whose
# rankof waits at a gate (stub_tree): no test waits a fixed time.
# Skips with the reason when the packages are missing or the daemons do
# not start (CI installs them: there, that is a failure).
load helper
load daemon

pipelines=$BATS_TEST_DIRNAME/../examples/pipelines

setup_file() {
	export DAEMON_DIR="$BATS_FILE_TMPDIR"
	local conf
	conf=$(bash "$pipelines/slurm-local.sh" start "$DAEMON_DIR" 2>"$DAEMON_DIR/why" 3>&-) ||
		daemon_cannot "$(tail -n 1 "$DAEMON_DIR/why")"
	: "$conf"
}

teardown_file() {
	bash "$pipelines/slurm-local.sh" stop "$DAEMON_DIR"
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	need_daemons
	export SLURM_CONF="$DAEMON_DIR/slurm.conf"
	synthemb -o d -n 200 crossmodal
	rel="--query-labels d/img.labels --item-labels d/cap.labels"
	rankof -e -m cos $rel d/img.npy d/cap.npy > one
}

teardown() {
	# a test that failed part way: its gated tasks let go, its jobs gone
	[ ! -p "$BATS_TEST_TMPDIR/gate" ] || : <>"$BATS_TEST_TMPDIR/gate"
	[ -e "$DAEMON_DIR/cannot" ] || squeue -h -o %i 2>/dev/null | xargs -r scancel 2>/dev/null || true
}

# slurm.sh ARGS...: the script, run (status, output, stderr)
slurm_sh() {
	run --separate-stderr timeout 300 sh "$pipelines/slurm.sh" "$@"
}

# stub_tree: tree/, a copy of the scripts whose bin/rankof is rankof but
# for two kinds of call, as a node would: the last of 3 shards of each kind
# (--items 666:1000, --shard 2/3) waits until the named pipe ./gate has a
# writer (the test holds it open: exec 5<>gate), and the first call for
# rows 500:1000 fails, as on a node that loses its scratch disk
stub_tree() {
	mkdir -p tree/examples/pipelines tree/bin
	cp "$pipelines"/slurm.sh "$pipelines"/common.sh "$pipelines"/grouped.sh tree/examples/pipelines
	ln -s "$RK_BIN"/* tree/bin
	rm tree/bin/rankof
	cat >tree/bin/rankof <<-EOF
	#!/bin/sh
	case " \$* " in
	*" --items 666:1000 "* | *" --shard 2/3 "*)
		: <"$PWD/gate" ;;
	*" --items 500:1000 "*)
		[ -e "$PWD/failed" ] || { : >"$PWD/failed"; echo "rankof: scratch disk lost" >&2; exit 3; } ;;
	esac
	exec "$RK_BIN/rankof" "\$@"
	EOF
	chmod +x tree/bin/rankof
	mkfifo gate
}

# complete SHARD...: each shard is in out/ (a task writes SHARD.part, and
# renames it SHARD when rankof succeeded)
complete() {
	for s; do
		[ -e "out/$s" ] || return 1
	done
}

@test "slurm: slurm.sh's job arrays give one process's bytes and measures; resources reach the jobs" {
	# the run in the background: the gallery array's record is read while
	# the run is under way (scontrol forgets a job MinJobAge=5 s after it
	# ends), polled for in the manifest
	sh "$pipelines/slurm.sh" -n 3 -p rkpart -c 2 -M 100 -t 5 -A lab1 -d d "out dir" \
	    >out.txt 2>err.txt 3>&- &
	wait_for 60 grep -q '^submitted	g' "out dir/manifest"
	g=$(awk '$1 == "submitted" && $2 == "g" { print $5 }' "out dir/manifest")
	scontrol -o show job "$g" >job.txt
	status=0
	wait $! || status=$?
	[ "$status" -eq 0 ]
	[ "$(cat out.txt)" = "$(hitrate -k 1,5,10 -m hit one; echo 'query shards (3): same')" ]
	cmp "out dir/gallery.ranks" one
	cmp "out dir/query.ranks" one
	# each gallery task ranked its third of the 1000 captions
	[ "$(sed -n 2p "out dir/g.0")" = "$(printf '# items\t0:333\t1000')" ]
	[ "$(sed -n 2p "out dir/g.1")" = "$(printf '# items\t333:666\t1000')" ]
	[ "$(sed -n 2p "out dir/g.2")" = "$(printf '# items\t666:1000\t1000')" ]
	# the manifest holds the run's fingerprint, and the jobs got the
	# resources asked for
	fp=$(rankof --fingerprint -e -m cos $rel d/img.npy d/cap.npy)
	grep -qx "fingerprint	$fp" "out dir/manifest"
	[ "$(grep -Eo 'CPUs/Task=[0-9]+|MinMemoryNode=[^ ]+|TimeLimit=[^ ]+|Account=[^ ]+|Partition=[^ ]+' job.txt | sort -u | tr '\n' ' ')" = \
	  "Account=lab1 CPUs/Task=2 MinMemoryNode=100M Partition=rkpart TimeLimit=00:05:00 " ]
	# the run's shards, one dropped or one given twice, do not merge
	cd "out dir"
	run --separate-stderr rankof --merge g.0 g.2
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: g.2:2: rows 333:666 of 1000 are in no shard (a shard missing before rows 666:1000?)" ]
	run --separate-stderr rankof --merge q.0 q.2
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: --merge: part 1/3 is missing (2 of 3 query shards given)" ]
}

@test "slurm: a run killed and rerun resumes, recomputing only the shards missing; its folder is locked; a task that fails once is retried" {
	# the last shard of each kind waits at the gate, closed: the run is
	# killed (SIGTERM to the script: its trap cancels the jobs) once the
	# others are complete
	stub_tree
	sh tree/examples/pipelines/slurm.sh -n 3 -d d out >out.txt 2>err.txt 3>&- &
	wait_for 60 complete g.0 g.1 q.0 q.1
	kill -TERM $!
	status=0
	wait $! || status=$?
	[ "$status" -eq 1 ]
	grep -q "^slurm.sh: cancelled the run's jobs: [0-9]" err.txt
	# none of its jobs is left in the queue (a cancelled job completing
	# may be listed a moment), and the lock is gone
	wait_for 10 eval '[ -z "$(squeue -h -o %i)" ]'
	[ -z "$(squeue -h -o %i)" ]
	[ ! -e out/lock ]
	# one complete shard cut short too; then the shards not complete,
	# counted here by their end lines
	head -n 5 out/q.1 > t && mv t out/q.1
	missing=""
	for s in g.0 g.1 g.2 q.0 q.1 q.2; do
		[ "$(tail -n 1 "out/$s" 2>/dev/null)" = "# end" ] || missing="$missing$s "
	done
	[ "$missing" = "g.2 q.1 q.2 " ]
	# a run into the folder while another holds its lock is refused
	mkdir out/lock
	echo "pid 1 on elsewhere" > out/lock/owner
	slurm_sh -n 3 -d d out
	[ "$status" -eq 1 ]
	[ "$stderr" = "slurm.sh: $PWD/out is in use by pid 1 on elsewhere: remove $PWD/out/lock if that run is gone" ]
	rm -r out/lock
	# the rerun (rankof itself) recomputes those alone: the tasks' status
	# files (the rerun's only: a run starts by removing them) are theirs,
	# and the streams are one process's bytes
	slurm_sh -n 3 -d d out
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"slurm.sh: attempt 1: gallery shards: 2 of 3 kept, submitted: 2"* ]]
	[[ "$stderr" == *"slurm.sh: attempt 1: query shards: 1 of 3 kept, submitted: 1,2"* ]]
	[ "$(ls out/status | grep -v '^merge\.' | tr '\n' ' ')" = "$missing" ]
	[ "$(ls out/status | grep -v '^merge\.' | wc -l)" -eq 3 ]
	cmp out/gallery.ranks one
	cmp out/query.ranks one
	# another -n cuts other rows: nothing is kept. The first call for
	# rows 500:1000 fails (stub_tree): with --retry 1 that task is
	# submitted again, alone, and the run completes
	run --separate-stderr timeout 300 sh tree/examples/pipelines/slurm.sh -n 2 -k g --retry 1 -d d out
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"slurm.sh: attempt 1: gallery shards: 0 of 2 kept, submitted: 0,1"* ]]
	[[ "$stderr" == *"slurm.sh: attempt 2: gallery shards: 1 of 2 kept, submitted: 1"* ]]
	[[ "$stderr" == *"slurm.sh: tasks that completed after a retry:
  g.1 attempt 1: FAILED exit 3: rankof: scratch disk lost
  g.1 attempt 2: COMPLETED"* ]]
	[ "$(awk '$1 == "submitted" { print $2, $3, $6, $7 }' out/manifest | tr '\n' ' ')" = \
	  "g 0,1 attempt 1 g 1 attempt 2 " ]
	grep -qx 'retries	1' out/manifest
	cmp out/gallery.ranks one
}

@test "slurm: a task that fails fails the run, nothing is merged, and its status outlives scontrol's record" {
	# caption row 450 (gallery shard 1 of 3: rows 333-665) holds a NaN and
	# a label no image has: only the tasks that read its row fail, gallery
	# task 1 and every query task (a query shard reads every item row)
	printf '\377\377\377\177' | dd of=d/cap.npy bs=1 seek=$((128 + 450 * 256)) conv=notrunc 2>/dev/null
	awk 'NR == 451 { $2 = "nobody" } 1' d/cap.labels > l && mv l d/cap.labels
	# with -r 1: each is submitted again, alone, and fails again
	slurm_sh -n 3 -r 1 -d d out
	[ "$status" -eq 1 ]
	[ "$(awk '$1 == "submitted" { print $2, $3, $6, $7 }' out/manifest | tr '\n' ' ')" = \
	  "g 0,1,2 attempt 1 q 0,1,2 attempt 1 g 1 attempt 2 q 0,1,2 attempt 2 " ]
	msg="FAILED exit 1: rankof: $PWD/d/cap.npy: row 450, column 0: value is not finite"
	report="slurm.sh: tasks that did not complete:
  g.1 attempt 1: $msg
  g.1 attempt 2: $msg
  q.0 attempt 1: $msg
  q.0 attempt 2: $msg
  q.1 attempt 1: $msg
  q.1 attempt 2: $msg
  q.2 attempt 1: $msg
  q.2 attempt 2: $msg"
	[[ "$stderr" == *"$report"* ]]
	[ -e out/g.0 ] && [ -e out/g.2 ] && [ ! -e out/g.1 ]
	[ ! -e out/gallery.ranks ] && [ ! -e out/g.measures ]
	# scontrol forgets the jobs (MinJobAge=5 and its purge pass); the
	# status files still tell, sacct adding nothing (no accounting here)
	g=$(awk '$1 == "submitted" && $2 == "g" { print $5; exit }' out/manifest)
	wait_for 60 eval "! scontrol show job $g"
	run --separate-stderr sh "$pipelines/slurm.sh" -S out
	[ "$status" -eq 1 ]
	[ "$stderr" = "$report" ]
	# where the cluster keeps accounting, sacct's state and exit code of
	# each attempt's task stand beside its line: a stand-in sacct asked
	# for the run's four arrays says how the first gallery attempt ended
	ids=$(awk '$1 == "submitted" { print $5 }' out/manifest | sort -u | paste -sd, -)
	mkdir acct
	cat >acct/sacct <<-EOF
	#!/bin/sh
	[ "\$*" = "-n -P -X -j $ids -o JobID,State,ExitCode" ] || exit 1
	echo "${g}_1|OUT_OF_MEMORY|0:125"
	EOF
	chmod +x acct/sacct
	PATH="$PWD/acct:$PATH" run --separate-stderr sh "$pipelines/slurm.sh" -S out
	[ "$status" -eq 1 ]
	[ "$stderr" = "${report/"g.1 attempt 1: $msg"/"g.1 attempt 1: $msg [sacct: OUT_OF_MEMORY, exit code 0:125]"}" ]
}

@test "slurm: a query shard lost and a gallery shard of another run before the merges: each merge refuses it, naming the part and the fingerprints" {
	# while the last shard of each kind waits at the gate: a complete
	# query shard deleted, a complete gallery shard replaced by the same
	# rows ranked with another metric; then the gate opens
	stub_tree
	sh tree/examples/pipelines/slurm.sh -n 3 -d d out >out.txt 2>err.txt 3>&- &
	wait_for 60 complete g.0 g.1 q.0 q.1
	rm out/q.1
	rankof --items 333:666 -e -m dot $rel d/img.npy d/cap.npy > out/g.1
	exec 5<>gate
	status=0
	wait $! || status=$?
	exec 5>&-
	[ "$status" -eq 1 ]
	cos=$(rankof --fingerprint -e -m cos $rel d/img.npy d/cap.npy)
	dot=$(rankof --fingerprint -e -m dot $rel d/img.npy d/cap.npy)
	[ "$cos" != "$dot" ]
	# every task completed; both merges ran and failed, each named with
	# the last line of its stderr, nothing merged
	[[ "$(cat err.txt)" == *"slurm.sh: the run failed
slurm.sh: tasks that did not complete:
  merge.g attempt 1: FAILED exit 1: rankof: $PWD/out/g.1: fingerprint $dot where $PWD/out/g.0 has $cos: a shard of another run (another query file, gallery, relevance or option)
  merge.q attempt 1: FAILED exit 1: rankof: --merge: part 1/3 is missing (2 of 3 query shards given)
slurm.sh: logs in $PWD/out/log; a rerun resumes"* ]]
	[ ! -e out/gallery.ranks ] && [ ! -e out/query.ranks ]
	[ -z "$(cat out.txt)" ]
}
