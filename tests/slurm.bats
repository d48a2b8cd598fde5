#!/usr/bin/env bats
# examples/pipelines/slurm.sh on a live Slurm cluster: a private
# single-node cluster from Debian's slurm-wlm and munge, started here
# under a temporary folder (its own slurm.conf, munge key and socket, state
# and spool folders, free ports; proctrack/linuxproc and task/none, no
# cgroups), the daemons stopped at the end by their pids. The gallery
# shards' merge must be one process's bytes, the query shards its lines; a
# task that fails must fail the run with nothing merged, and the shards of
# the run, one dropped or one given twice, must not merge.
# Skips with the reason when the packages are missing or the daemons do
# not start (CI installs them: there, that is a failure).
load helper
load daemon

setup_file() {
	export DAEMON_DIR="$BATS_FILE_TMPDIR"
	local d=$DAEMON_DIR c host
	for c in slurmctld slurmd sbatch scontrol sinfo munged; do
		command -v $c >/dev/null 2>&1 || {
			daemon_cannot "needs Slurm and munge (Debian: slurm-wlm munge): no $c"
			return 0
		}
	done
	[ "$(id -u)" -eq 0 ] || { daemon_cannot "needs root to start slurmd"; return 0; }
	mkdir -p "$d/munge" "$d/state" "$d/spool" "$d/log"
	chmod 700 "$d/munge"
	dd if=/dev/urandom of="$d/munge/key" bs=1024 count=1 2>/dev/null
	chmod 400 "$d/munge/key"
	# munged in the foreground, its pid ours; -f: root may run it
	munged -F -f -S "$d/munge/socket" --key-file="$d/munge/key" \
	    --log-file="$d/log/munged.log" --pid-file="$d/munge/pid" \
	    --seed-file="$d/munge/seed" >/dev/null 2>&1 3>&- &
	keep_pid $!
	wait_for 10 test -S "$d/munge/socket" ||
		{ daemon_cannot "munged did not start: $(tail -n 3 "$d/log/munged.log")"; return 0; }
	host=$(hostname -s)
	cat >"$d/slurm.conf" <<-EOF
	ClusterName=rktest
	SlurmctldHost=$host(127.0.0.1)
	SlurmctldPort=$(free_port)
	SlurmdPort=$(free_port)
	SlurmUser=root
	SlurmdUser=root
	AuthType=auth/munge
	CredType=cred/munge
	AuthInfo=socket=$d/munge/socket
	StateSaveLocation=$d/state
	SlurmdSpoolDir=$d/spool
	SlurmctldPidFile=$d/slurmctld.pid
	SlurmdPidFile=$d/slurmd.pid
	SlurmctldLogFile=$d/log/slurmctld.log
	SlurmdLogFile=$d/log/slurmd.log
	ProctrackType=proctrack/linuxproc
	TaskPlugin=task/none
	JobAcctGatherType=jobacct_gather/none
	AccountingStorageType=accounting_storage/none
	JobCompType=jobcomp/none
	MpiDefault=none
	SchedulerType=sched/builtin
	# a scheduling pass a second: a job starts within a second of the
	# array it waits for (the default, 60 s, made a run 42 s, not 10)
	SchedulerParameters=sched_interval=1
	SelectType=select/cons_tres
	SelectTypeParameters=CR_Core
	ReturnToService=2
	NodeName=rknode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
	PartitionName=rkpart Nodes=ALL Default=YES MaxTime=INFINITE State=UP
	EOF
	export SLURM_CONF="$d/slurm.conf"
	slurmctld -D -i >"$d/log/slurmctld.out" 2>&1 3>&- &
	keep_pid $!
	slurmd -D -N rknode >"$d/log/slurmd.out" 2>&1 3>&- &
	keep_pid $!
	wait_for 30 node_idle || daemon_cannot "the Slurm daemons did not start: $(tail -n 3 "$d"/log/slurm*.log | tr '\n' ' ')"
}

node_idle() {
	[ "$(sinfo -h -n rknode -o %T 2>/dev/null)" = idle ]
}

teardown_file() {
	stop_daemons
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	need_daemons
	export SLURM_CONF="$DAEMON_DIR/slurm.conf"
	synthemb -o d -n 200 crossmodal
	rel="--query-labels d/img.labels --item-labels d/cap.labels"
	rankof -e -m cos $rel d/img.npy d/cap.npy > one
}

@test "slurm: slurm.sh's job arrays give one process's bytes and measures" {
	run --separate-stderr timeout 600 sh "$BATS_TEST_DIRNAME/../examples/pipelines/slurm.sh" \
	    -n 3 -p rkpart -d d "out dir"
	[ "$status" -eq 0 ]
	[ "$output" = "$(hitrate -k 1,5,10 -m hit one; echo 'query shards (3): same')" ]
	cmp "out dir/gallery.ranks" one
	# the query shards hold one process's lines, each once
	[ "$(cat "out dir"/q.[0-2] | body | sort)" = "$(body < one | sort)" ]
	# each gallery task ranked its third of the 1000 captions
	[ "$(sed -n 2p "out dir/g.0")" = "$(printf '# items\t0:333\t1000')" ]
	[ "$(sed -n 2p "out dir/g.1")" = "$(printf '# items\t333:666\t1000')" ]
	[ "$(sed -n 2p "out dir/g.2")" = "$(printf '# items\t666:1000\t1000')" ]
	# the run's shards, one dropped or one given twice, do not merge
	cd "out dir"
	run --separate-stderr rankof --merge g.0 g.2
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: g.2:2: rows 333:666 of 1000 are in no shard (a shard missing before rows 666:1000?)" ]
	run --separate-stderr rankof --merge g.0 g.1 g.1 g.2
	[ "$status" -eq 1 ]
	[ "$stderr" = "rankof: g.1:2: rows 333:666, as in g.1 (a shard given twice?)" ]
}

@test "slurm: a task that fails fails the run, and nothing is merged" {
	# caption row 450 (gallery shard 1 of 3: rows 333-665) holds a NaN and
	# a label no image has: only the tasks that read its row fail, gallery
	# task 1 and every query task (a query shard reads every item row)
	printf '\377\377\377\177' | dd of=d/cap.npy bs=1 seek=$((128 + 450 * 256)) conv=notrunc 2>/dev/null
	awk 'NR == 451 { $2 = "nobody" } 1' d/cap.labels > l && mv l d/cap.labels
	run --separate-stderr timeout 600 sh "$BATS_TEST_DIRNAME/../examples/pipelines/slurm.sh" \
	    -n 3 -d d out
	[ "$status" -eq 1 ]
	echo "$stderr"
	[[ "$stderr" == *"the run failed; jobs that did not complete:"* ]]
	[[ "$stderr" =~ rk-gallery\ [0-9]+_1\ FAILED ]]
	[[ ! "$stderr" =~ rk-gallery\ [0-9]+_[02] ]]
	[[ "$stderr" =~ rk-merge\ [0-9]+\ CANCELLED ]]
	[[ "$stderr" =~ rk-query\ [0-9]+_0\ FAILED ]]
	[ -e out/g.0 ] && [ -e out/g.2 ] && [ ! -e out/g.1 ]
	[ ! -e out/gallery.ranks ] && [ ! -e out/g.measures ]
	grep -q "cap.npy: row 450, column 0: value is not finite" out/log/rk-gallery.*_1.out
}
