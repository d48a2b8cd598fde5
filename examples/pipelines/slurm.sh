#!/bin/sh
# The image-to-text protocol (or your files) sharded on a Slurm cluster,
# both ways or one, as job arrays (sbatch --array), each merge a job that
# waits for its array (--dependency=afterok), the measures at the end:
#   gallery shards  task I of N: rankof -e --items A:B over its item rows;
#                   then one job: rankof --merge, hitrate
#   query shards    task I of N: rankof --shard I/N; then one job:
#                   rankof --merge (the parts joined, each checked present
#                   once), hitrate
# OUT is the run's folder: its manifest (inputs, fingerprint, job ids), a
# lock (one run at a time), the shards, the merged streams, the measures,
# each task's and each merge's status file (state, exit code, last line
# of its stderr) and the logs. A rerun into OUT resumes: a shard already complete, with the
# run's fingerprint and its own rows or part, is kept, and only the others
# are submitted. Every task checks the fingerprint the launcher recorded
# (rankof --expect-fingerprint). A task that fails fails the attempt: the
# job that depends on its array is cancelled (--kill-on-invalid-dep) and
# nothing is merged; with -r R, once every job of the attempt has left the
# queue, the shards not complete are submitted again (and the merges),
# up to R times. A merge is given the run's shards that are there and
# refuses a set with one lost (rankof --merge names its rows or part) or
# one of another run (it names the fingerprints). A run that fails its
# last attempt names each attempt of the tasks and merges that did not
# complete, from their status files (scontrol
# forgets a job MinJobAge after it ends), with sacct's state and exit code
# beside where the cluster keeps accounting, and exits 1. INT, TERM or
# HUP cancel the run's jobs (scancel).
#
# usage: slurm.sh [-n N] [-k g|q|gq] [-m METRIC] [-d DATA] [-q QUERIES]
#                 [-i ITEMS] [-Q QLABELS] [-I ILABELS] [-c CPUS] [-M MEM]
#                 [-t TIME] [-p PARTITION] [-A ACCOUNT] [-r R] OUT
#        slurm.sh -S OUT     the run's tasks, each attempt, from their
#                            status files (and sacct, with accounting)
#   OUT  the run's folder, on the file system that every node sees;
#        rankkit's bin/ must be there too, on the PATH this script exports
#        to the jobs
#   -n   N shards of each kind [4]
#   -k   the gallery shards (g), the query shards (q) or both [gq]
#   -m   the metric (rankof -m) [cos]
#   -d   the folder of the files (on the shared file system) [OUT/data,
#        written by synthemb crossmodal when missing]
#   -q, -i, -Q, -I  the queries, the items, their labels, in DATA
#        [img.npy cap.npy img.labels cap.labels]
#   -c, -M, -t, -p, -A  each task's resources, passed to sbatch as
#        --cpus-per-task, --mem, --time, --partition, --account; rankof
#        runs with -j SLURM_CPUS_PER_TASK
#   -r, --retry R  a failed task (or merge) submitted again up to R times
#        [0]; each submission is in the manifest with its attempt number,
#        and a task that completed after a retry is named on stderr with
#        how each attempt ended
# Prints the measures (hit@1/5/10) of the gallery shards, or of the query
# shards, and with both whether the two are the same. Waits for the jobs
# (squeue once a second): run it on a login node, under nohup or tmux for
# a long job.
set -e
. "$(dirname "$0")/common.sh"
usage() {
	echo "usage: $script [-n N] [-k g|q|gq] [-m METRIC] [-d DATA] [-q QUERIES] [-i ITEMS] [-Q QLABELS] [-I ILABELS] [-c CPUS] [-M MEM] [-t TIME] [-p PARTITION] [-A ACCOUNT] [-r R] OUT" >&2
	echo "       $script -S OUT" >&2
	exit 2
}
n=4 kinds=gq metric=cos data="" report="" retries=0
qf=img.npy if=cap.npy ql=img.labels il=cap.labels
cpus="" mem="" time="" part="" account=""
# --retry R is -r R (getopts reads '--retry' as option '-' with argument
# 'retry', and R as the next word)
while getopts n:k:m:d:q:i:Q:I:c:M:t:p:A:r:S-: o; do
	case $o in
	n) n=$OPTARG ;;
	k) kinds=$OPTARG ;;
	m) metric=$OPTARG ;;
	d) data=$OPTARG ;;
	q) qf=$OPTARG ;;
	i) if=$OPTARG ;;
	Q) ql=$OPTARG ;;
	I) il=$OPTARG ;;
	c) cpus=$OPTARG ;;
	M) mem=$OPTARG ;;
	t) time=$OPTARG ;;
	p) part=$OPTARG ;;
	A) account=$OPTARG ;;
	r) retries=$OPTARG ;;
	-)
		case $OPTARG in
		retry=*) retries=${OPTARG#retry=} ;;
		retry)
			[ "$OPTIND" -le $# ] || usage
			eval "retries=\${$OPTIND}"
			OPTIND=$((OPTIND + 1))
			;;
		*) usage ;;
		esac
		;;
	S) report=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
case $n in '' | *[!0-9]* | 0) usage ;; esac
case $retries in '' | *[!0-9]*) usage ;; esac
case $kinds in g | q | gq) ;; *) usage ;; esac

# report: each submitted task's attempts from its status file, a line
# each (the launcher writes 'attempt A: PENDING'; the task 'attempt A:
# RUNNING', then COMPLETED, or FAILED with its exit code and the last line
# of its stderr; a merge writes its lines when it runs, in
# status/merge.KIND): those of the tasks that did not complete, then those
# of the tasks that completed after a retry; 0 when all completed. Where the
# cluster keeps accounting, sacct's state and exit code of each attempt's
# job stand beside it (it knows a task killed for its time or memory,
# whose status file says RUNNING); without accounting sacct fails, or is
# not there, and the status files alone tell
report() {
	# the job of each attempt of each task: KIND.I A ARRAYID_I
	awk '$1 == "submitted" {
		n = split($3, t, ",")
		for (j = 1; j <= n; j++) print $2 "." t[j], $7, $5 "_" t[j]
	}' "$out/manifest" >"$work/attempts"
	ids=$(awk '{ sub(/_.*/, "", $3); print $3 }' "$work/attempts" | sort -u | paste -sd, -)
	if [ -z "$ids" ] || ! sacct -n -P -X -j "$ids" -o JobID,State,ExitCode \
		>"$work/sacct" 2>/dev/null; then
		: >"$work/sacct"
	fi
	set -- "$out"/status/*
	[ -e "$1" ] || return 0
	# the status files in the order of their names, each task's lines kept
	# until the next file's first line (or the end) says where they go
	awk -v script="$script" '
	function task_end() {
		if (task == "") return
		if (state != "COMPLETED") bad = bad lines
		else if (tries > 1) retried = retried lines
	}
	FILENAME == ARGV[1] { job[$1 " " $2] = $3; next }
	FILENAME == ARGV[2] { split($0, f, "|"); acct[f[1]] = f[2] ", exit code " f[3]; next }
	FNR == 1 { task_end(); task = FILENAME; sub(/.*\//, "", task); lines = "" }
	{
		a = $2; sub(/:$/, "", a)
		what = $0; sub(/^attempt [0-9]+: /, "", what)
		if (what == "PENDING" || what == "RUNNING")
			what = what " (cancelled, killed or not run yet)"
		j = job[task " " a]
		if (j in acct) what = what " [sacct: " acct[j] "]"
		lines = lines "  " task " attempt " a ": " what "\n"
		state = $3; tries = FNR
	}
	END {
		task_end()
		if (bad != "") printf "%s: tasks that did not complete:\n%s", script, bad
		if (retried != "") printf "%s: tasks that completed after a retry:\n%s", script, retried
		exit bad != ""
	}' "$work/attempts" "$work/sacct" "$@" >&2
}

if [ -n "$report" ]; then
	out=$(cd "$1" && pwd)
	report && echo "$script: every task completed"
	exit
fi
for c in sbatch squeue scancel; do
	command -v $c >/dev/null 2>&1 ||
		{ echo "$script: needs Slurm's $c (Debian: slurm-client)" >&2; exit 1; }
done
mkdir -p "$1"
out=$(cd "$1" && pwd)

# the lock: one run in OUT at a time (a rerun while a run is under way
# would delete its tasks' files)
if ! mkdir "$out/lock" 2>/dev/null; then
	echo "$script: $out is in use by $(cat "$out/lock/owner" 2>/dev/null || echo 'a run'): remove $out/lock if that run is gone" >&2
	exit 1
fi
echo "pid $$ on $(hostname)" >"$out/lock/owner"
jobs=""
# cancel: the run's jobs, on INT, TERM and HUP; the lock goes at the end
cancel() {
	if [ -n "$jobs" ]; then
		# shellcheck disable=SC2086
		scancel $jobs 2>/dev/null || true
		echo "$script: cancelled the run's jobs:$jobs" >&2
	fi
	exit 1
}
trap 'rm -rf "$work" "$out/lock"' EXIT
trap cancel HUP INT TERM

if [ -z "$data" ]; then
	data=$out/data
	[ -r "$data/$qf" ] || synthemb -o "$data" crossmodal >/dev/null
fi
dir=$(cd "$data" && pwd)
need "$qf" "$if" "$ql" "$il"
# the run's fingerprint (rankkit(7)): the same for every shard of it
fp=$(rankof --fingerprint -e -m "$metric" --query-labels "$dir/$ql" \
	--item-labels "$dir/$il" "$dir/$qf" "$dir/$if")
items=$(grep -vc '^#' "$dir/$il")
mkdir -p "$out/jobs" "$out/log" "$out/status"
rm -f "$out"/*.ranks "$out"/*.measures "$out"/*.part "$out/ok" \
	"$out"/status/*

# the jobs' scripts: sbatch copies a script to the node, so each is whole,
# with its paths and numbers as arguments (quoted: paths may hold blanks)
cat >"$out/jobs/rank.sh" <<'EOF'
#!/bin/sh
# task $SLURM_ARRAY_TASK_ID of a job array: one gallery shard (KIND g, item
# rows A:B of the I-th of N equal cuts of ITEMS rows) or query shard (KIND
# q) into OUT; the state of its attempt A in line A of OUT/status/KIND.I
kind=$1 dir=$2 out=$3 n=$4 items=$5 fp=$6 metric=$7 qf=$8 if=$9 ql=${10} il=${11} a=${12}
i=$SLURM_ARRAY_TASK_ID
st=$out/status/$kind.$i err=$out/log/$kind.$i.err
# state WHAT: line A of the status file, after the earlier attempts' lines
state() {
	{ head -n $((a - 1)) "$st"; echo "attempt $a: $1"; } >"$st.t"
	mv "$st.t" "$st"
}
state RUNNING
if [ "$kind" = g ]; then
	cut="--items $((i * items / n)):$(((i + 1) * items / n))"
else
	cut="--shard $i/$n"
fi
# shellcheck disable=SC2086
rankof -j "${SLURM_CPUS_PER_TASK:-1}" $cut --expect-fingerprint "$fp" \
	-e -m "$metric" --query-labels "$dir/$ql" --item-labels "$dir/$il" \
	"$dir/$qf" "$dir/$if" >"$out/$kind.$i.part" 2>"$err" &&
	mv "$out/$kind.$i.part" "$out/$kind.$i"
rc=$?
if [ $rc -eq 0 ]; then
	state COMPLETED
else
	state "FAILED exit $rc: $(tail -n 1 "$err")"
fi
exit $rc
EOF
cat >"$out/jobs/measure.sh" <<'EOF'
#!/bin/sh
# after the arrays: the shards of KIND merged (g: added up; q: joined) and
# measured, the state of its attempt A in OUT/status/merge.KIND; the last
# job (ok) marks the run complete
kind=$1 out=$2 n=$3 a=$4
[ "$kind" = ok ] && { : >"$out/ok"; exit 0; }
st=$out/status/merge.$kind err=$out/log/merge.$kind.err
# state WHAT: attempt A's line of the status file, after the earlier
# attempts' lines (an attempt whose merge did not run has none)
state() {
	{ grep -v "^attempt $a:" "$st" 2>/dev/null; echo "attempt $a: $1"; } >"$st.t"
	mv "$st.t" "$st"
}
state RUNNING
# the run's shards that are there: a shard lost after its task completed
# is left out, so that the merge's own check names its rows or part
set --
i=0
while [ $i -lt "$n" ]; do
	[ ! -e "$out/$kind.$i" ] || set -- "$@" "$out/$kind.$i"
	i=$((i + 1))
done
name=gallery
[ "$kind" = g ] || name=query
rankof --merge "$@" >"$out/$name.ranks.part" 2>"$err" &&
	mv "$out/$name.ranks.part" "$out/$name.ranks" &&
	hitrate -k 1,5,10 -m hit "$out/$name.ranks" >"$out/$kind.measures" 2>>"$err"
rc=$?
if [ $rc -eq 0 ]; then
	state COMPLETED
else
	state "FAILED exit $rc: $(tail -n 1 "$err")"
fi
exit $rc
EOF

# sbatch ARGS...: the job's id; every job takes the environment (PATH).
# False when sbatch fails (it says why): the caller cancels the run
submit() {
	id=$(sbatch --parsable --export=ALL ${part:+--partition="$part"} \
		${account:+--account="$account"} "$@") || return 1
	echo "${id%%;*}"
}
after="--kill-on-invalid-dep=yes --dependency=afterok"
{
	echo "data	$dir"
	echo "queries	$qf"
	echo "items	$if ($items rows)"
	echo "labels	$ql $il"
	echo "metric	$metric"
	echo "shards	$n ($kinds)"
	echo "fingerprint	$fp"
	echo "resources	cpus ${cpus:--} mem ${mem:--} time ${time:--} partition ${part:--} account ${account:--}"
	echo "retries	$retries"
} >"$out/manifest"

# attempt A: the jobs of attempt A, for the shards not complete and the
# merges not made yet; waits until the run's mark is there (0) or every
# job of the attempt has left the queue (1)
attempt() {
	ajobs="" measures=""
	for k in g q; do
		case $kinds in *$k*) ;; *) continue ;; esac
		# made by an earlier attempt (the run's start removed older ones)
		[ ! -e "$out/$k.measures" ] || continue
		todo="" kept=0 i=0
		while [ $i -lt "$n" ]; do
			if shard_complete $k $i; then
				kept=$((kept + 1))
			else
				rm -f "$out/$k.$i"
				echo "attempt $1: PENDING" >>"$out/status/$k.$i"
				todo="$todo${todo:+,}$i"
			fi
			i=$((i + 1))
		done
		name=gallery
		[ $k = g ] || name=query
		echo "$script: attempt $1: $name shards: $kept of $n kept, submitted: ${todo:-none}" >&2
		dep=""
		if [ -n "$todo" ]; then
			a=$(submit --job-name=rk-$name --array="$todo" \
				${cpus:+--cpus-per-task="$cpus"} ${mem:+--mem="$mem"} \
				${time:+--time="$time"} -o "$out/log/%x.%A_%a.out" \
				"$out/jobs/rank.sh" $k "$dir" "$out" "$n" "$items" "$fp" \
				"$metric" "$qf" "$if" "$ql" "$il" "$1") || cancel
			ajobs="$ajobs $a" jobs="$jobs $a"
			dep="$after:$a"
			echo "submitted	$k	$todo	job $a	attempt $1" >>"$out/manifest"
		fi
		# shellcheck disable=SC2086
		m=$(submit --job-name=rk-$name-merge $dep -o "$out/log/%x.%j.out" \
			"$out/jobs/measure.sh" $k "$out" "$n" "$1") || cancel
		ajobs="$ajobs $m" jobs="$jobs $m"
		measures="$measures:$m"
		echo "merge	$k	job $m	attempt $1" >>"$out/manifest"
	done
	# the last job waits for the measures; it is cancelled when they are,
	# so the mark it leaves is what says the run completed
	# shellcheck disable=SC2086
	ok=$(submit --job-name=rk-ok $after$measures -o /dev/null \
		"$out/jobs/measure.sh" ok "$out" "$n") || cancel
	ajobs="$ajobs $ok" jobs="$jobs $ok"
	echo "ok	job $ok	attempt $1" >>"$out/manifest"
	echo "$script: attempt $1: jobs$ajobs" >&2
	# polled once a second (sbatch --wait's back-off made a 0.6 s job take
	# 42 s, and a signal waits for a foreground sbatch to end), so that a
	# signal cancels at once
	while [ ! -e "$out/ok" ] &&
		squeue -h -j "$ok" -t PD,R,CG 2>/dev/null | grep -q .; do
		sleep 1
	done
	[ ! -e "$out/ok" ] || return 0
	# the other arrays' tasks may still run: wait for every job of the
	# attempt to leave the queue, so that the next attempt rewrites no
	# shard in use and the report says how each ended
	# shellcheck disable=SC2086
	while squeue -h -j "$(echo $ajobs | tr ' ' ',')" -t PD,R,CG 2>/dev/null |
		grep -q .; do
		sleep 1
	done
	return 1
}

try=1
until attempt $try; do
	if [ $try -gt "$retries" ]; then
		echo "$script: the run failed" >&2
		report || true
		echo "$script: logs in $out/log; a rerun resumes" >&2
		exit 1
	fi
	try=$((try + 1))
done
# the tasks that completed after a retry, named with their attempts
[ $try -eq 1 ] || report || true
case $kinds in
g) cat "$out/g.measures" ;;
q) cat "$out/q.measures" ;;
gq)
	cat "$out/g.measures"
	if cmp -s "$out/g.measures" "$out/q.measures"; then
		echo "query shards ($n): same"
	else
		echo "query shards ($n): DIFFERENT" >&2
		exit 1
	fi
	;;
esac
