#!/bin/bash
# A single-node Slurm cluster on this machine, for trying slurm.sh (and
# for tests/slurm.bats): munged, slurmctld and slurmd on 127.0.0.1, free
# ports, everything (config, munge key and socket, state, spool, logs)
# under DIR, proctrack/linuxproc and task/none (no cgroups), no
# accounting. Needs Debian's slurm-wlm and munge, and root (slurmd).
#
# usage: slurm-local.sh start DIR    starts the daemons and waits until the
#                                    node is idle; prints the line to eval
#                                    (SLURM_CONF=DIR/slurm.conf; export
#                                    SLURM_CONF): a client run without it
#                                    looks the controller up in DNS
#        slurm-local.sh stop DIR     stops the daemons that start started
#                                    (their pids, in DIR/pids) and no other
#
#   eval "$(examples/pipelines/slurm-local.sh start /tmp/slurm)"
#   sh examples/pipelines/slurm.sh -n 4 -p rkpart /tmp/out
#   examples/pipelines/slurm-local.sh stop /tmp/slurm
#
# The node is rknode (2 CPUs, 1000 MB), its partition rkpart; a scheduling
# pass a second, and a finished job's record kept MinJobAge=5 s only, as a
# busy cluster would (slurm.sh reports from its own status files).
# A failure to start says why on stderr and exits 1; stop then cleans up.
set -e
# free_port, wait_for, keep_pid, stop_daemons (they keep DAEMON_DIR/pids)
. "$(dirname "$0")/../../tests/daemon.bash"

usage() {
	echo "usage: ${0##*/} start|stop DIR" >&2
	exit 2
}
[ $# -eq 2 ] || usage
mkdir -p "$2"
DAEMON_DIR=$(cd "$2" && pwd)
d=$DAEMON_DIR

# why WHAT LOG...: the daemon WHAT did not start, its logs' last lines
why() {
	local what=$1
	shift
	echo "${0##*/}: $what did not start: $(tail -q -n 3 "$@" 2>/dev/null | tr '\n' ' ')" >&2
	stop_daemons
	exit 1
}

node_idle() {
	[ "$(sinfo -h -n rknode -o %T 2>/dev/null)" = idle ]
}

start() {
	local c host
	for c in slurmctld slurmd sbatch scontrol sinfo munged; do
		command -v $c >/dev/null 2>&1 || {
			echo "${0##*/}: needs Slurm and munge (Debian: slurm-wlm munge): no $c" >&2
			exit 1
		}
	done
	[ "$(id -u)" -eq 0 ] || { echo "${0##*/}: needs root to start slurmd" >&2; exit 1; }
	[ ! -s "$d/pids" ] || { echo "${0##*/}: $d/pids: started already (stop it first)" >&2; exit 1; }
	mkdir -p "$d/munge" "$d/state" "$d/spool" "$d/log"
	chmod 700 "$d/munge"
	rm -f "$d/munge/key"
	dd if=/dev/urandom of="$d/munge/key" bs=1024 count=1 2>/dev/null
	chmod 400 "$d/munge/key"
	# munged in the foreground, its pid ours; -f: root may run it. The
	# daemons hold none of the caller's descriptors (a bats file waits
	# for descriptor 3 to close)
	munged -F -f -S "$d/munge/socket" --key-file="$d/munge/key" \
	    --log-file="$d/log/munged.log" --pid-file="$d/munge/pid" \
	    --seed-file="$d/munge/seed" </dev/null >/dev/null 2>&1 3>&- &
	keep_pid $!
	wait_for 10 test -S "$d/munge/socket" || why munged "$d/log/munged.log"
	host=$(hostname -s)
	cat >"$d/slurm.conf" <<-CONF
	ClusterName=rklocal
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
	# a finished job's record goes after 5 s (the default is 300): a
	# report that needs scontrol's record misses a job soon, as on a busy
	# cluster; tests/slurm.bats reads a job's record while its run is
	# under way
	MinJobAge=5
	SelectType=select/cons_tres
	SelectTypeParameters=CR_Core
	ReturnToService=2
	NodeName=rknode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
	PartitionName=rkpart Nodes=ALL Default=YES MaxTime=INFINITE State=UP
	CONF
	export SLURM_CONF="$d/slurm.conf"
	slurmctld -D -i </dev/null >"$d/log/slurmctld.out" 2>&1 3>&- &
	keep_pid $!
	slurmd -D -N rknode </dev/null >"$d/log/slurmd.out" 2>&1 3>&- &
	keep_pid $!
	wait_for 30 node_idle || why "the Slurm daemons" "$d"/log/slurm*.log
	echo "SLURM_CONF=$d/slurm.conf; export SLURM_CONF"
}

case $1 in
start) start ;;
stop) stop_daemons ;;
*) usage ;;
esac
