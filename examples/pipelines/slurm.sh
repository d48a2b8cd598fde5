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
# each task's status file (state, exit code, last line of its stderr) and
# the logs. A rerun into OUT resumes: a shard already complete, with the
# run's fingerprint and its own rows or part, is kept, and only the others
# are submitted. Every task checks the fingerprint the launcher recorded
# (rankof --expect-fingerprint). A task that fails fails the run: the job
# that depends on its array is cancelled (--kill-on-invalid-dep), nothing
# is merged, and this script names the tasks that did not complete from
# their status files (scontrol forgets a job MinJobAge after it ends) and
# exits 1. INT, TERM or HUP cancel the run's jobs (scancel).
#
# usage: slurm.sh [-n N] [-k g|q|gq] [-m METRIC] [-d DATA] [-q QUERIES]
#                 [-i ITEMS] [-Q QLABELS] [-I ILABELS] [-c CPUS] [-M MEM]
#                 [-t TIME] [-p PARTITION] [-A ACCOUNT] OUT
#        slurm.sh -S OUT     the run's tasks from their status files
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
# Prints the measures (hit@1/5/10) of the gallery shards, or of the query
# shards, and with both whether the two are the same. Waits for the jobs
# (squeue once a second): run it on a login node, under nohup or tmux for
# a long job.
set -e
. "$(dirname "$0")/common.sh"
usage() {
	echo "usage: $script [-n N] [-k g|q|gq] [-m METRIC] [-d DATA] [-q QUERIES] [-i ITEMS] [-Q QLABELS] [-I ILABELS] [-c CPUS] [-M MEM] [-t TIME] [-p PARTITION] [-A ACCOUNT] OUT" >&2
	echo "       $script -S OUT" >&2
	exit 2
}
n=4 kinds=gq metric=cos data="" report=""
qf=img.npy if=cap.npy ql=img.labels il=cap.labels
cpus="" mem="" time="" part="" account=""
while getopts n:k:m:d:q:i:Q:I:c:M:t:p:A:S o; do
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
	S) report=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
case $n in '' | *[!0-9]* | 0) usage ;; esac
case $kinds in g | q | gq) ;; *) usage ;; esac

# report: each submitted task's state from its status file (the launcher
# writes PENDING; the task RUNNING, then COMPLETED or FAILED with its exit
# code and the last line of its stderr); 0 when all completed
report() {
	bad=0
	for s in "$out"/status/*; do
		[ -e "$s" ] || continue
		read -r state rest <"$s" || state=EMPTY
		[ "$state" = COMPLETED ] && continue
		[ $bad -eq 1 ] || echo "$script: tasks that did not complete:" >&2
		bad=1
		case $state in
		PENDING | RUNNING) what="$state (cancelled, killed or not run yet)" ;;
		*) what="$state $rest" ;;
		esac
		echo "  ${s##*/}: $what" >&2
	done
	return $bad
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

# shard_complete KIND I: shard I of KIND is there, whole, of this run and
# with its own rows or part
shard_complete() {
	f=$out/$1.$2
	[ -r "$f" ] && [ "$(tail -n 1 "$f")" = "# end" ] || return 1
	grep -qx "# fingerprint	$fp" "$f" || return 1
	if [ "$1" = g ]; then
		grep -qx "# items	$(($2 * items / n)):$((($2 + 1) * items / n))	$items" "$f"
	else
		grep -qx "# part	$2/$n" "$f"
	fi
}

# the jobs' scripts: sbatch copies a script to the node, so each is whole,
# with its paths and numbers as arguments (quoted: paths may hold blanks)
cat >"$out/jobs/rank.sh" <<'EOF'
#!/bin/sh
# task $SLURM_ARRAY_TASK_ID of a job array: one gallery shard (KIND g, item
# rows A:B of the I-th of N equal cuts of ITEMS rows) or query shard (KIND
# q) into OUT; its state in OUT/status/KIND.I
kind=$1 dir=$2 out=$3 n=$4 items=$5 fp=$6 metric=$7 qf=$8 if=$9 ql=${10} il=${11}
i=$SLURM_ARRAY_TASK_ID
st=$out/status/$kind.$i err=$out/log/$kind.$i.err
echo RUNNING >"$st"
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
	echo COMPLETED >"$st"
else
	echo "FAILED exit $rc: $(tail -n 1 "$err")" >"$st"
fi
exit $rc
EOF
cat >"$out/jobs/measure.sh" <<'EOF'
#!/bin/sh
# after the arrays: the shards of KIND merged (g: added up; q: joined) and
# measured; the last job (ok) marks the run complete
set -e
kind=$1 out=$2 n=$3
[ "$kind" = ok ] && { : >"$out/ok"; exit 0; }
set --
i=0
while [ $i -lt "$n" ]; do
	set -- "$@" "$out/$kind.$i"
	i=$((i + 1))
done
name=gallery
[ "$kind" = g ] || name=query
rankof --merge "$@" >"$out/$name.ranks.part"
mv "$out/$name.ranks.part" "$out/$name.ranks"
hitrate -k 1,5,10 -m hit "$out/$name.ranks" >"$out/$kind.measures"
EOF

# sbatch ARGS...: the job's id; every job takes the environment (PATH)
submit() {
	sbatch --parsable --export=ALL ${part:+--partition="$part"} \
		${account:+--account="$account"} "$@" | cut -d';' -f1
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
} >"$out/manifest"
measures=""
for k in g q; do
	case $kinds in *$k*) ;; *) continue ;; esac
	todo="" kept=0 i=0
	while [ $i -lt "$n" ]; do
		if shard_complete $k $i; then
			kept=$((kept + 1))
		else
			rm -f "$out/$k.$i"
			echo PENDING >"$out/status/$k.$i"
			todo="$todo${todo:+,}$i"
		fi
		i=$((i + 1))
	done
	name=gallery
	[ $k = g ] || name=query
	echo "$script: $name shards: $kept of $n kept, submitted: ${todo:-none}" >&2
	dep=""
	if [ -n "$todo" ]; then
		a=$(submit --job-name=rk-$name --array="$todo" \
			${cpus:+--cpus-per-task="$cpus"} ${mem:+--mem="$mem"} \
			${time:+--time="$time"} -o "$out/log/%x.%A_%a.out" \
			"$out/jobs/rank.sh" $k "$dir" "$out" "$n" "$items" "$fp" \
			"$metric" "$qf" "$if" "$ql" "$il")
		jobs="$jobs $a"
		dep="$after:$a"
		echo "submitted	$k	$todo	job $a" >>"$out/manifest"
	fi
	# shellcheck disable=SC2086
	m=$(submit --job-name=rk-$name-merge $dep -o "$out/log/%x.%j.out" \
		"$out/jobs/measure.sh" $k "$out" "$n")
	jobs="$jobs $m"
	measures="$measures:$m"
	echo "merge	$k	job $m" >>"$out/manifest"
done
# the last job waits for the measures; it is cancelled when they are, so
# the mark it leaves is what says the run completed. Polled once a second
# here (sbatch --wait's back-off made a 0.6 s job take 42 s, and a signal
# waits for a foreground sbatch to end), so that a signal cancels at once
# shellcheck disable=SC2086
ok=$(submit --job-name=rk-ok $after$measures -o /dev/null \
	"$out/jobs/measure.sh" ok "$out" "$n")
jobs="$jobs $ok"
echo "ok	job $ok" >>"$out/manifest"
echo "$script: jobs$jobs" >&2
while [ ! -e "$out/ok" ] &&
	squeue -h -j "$ok" -t PD,R,CG 2>/dev/null | grep -q .; do
	sleep 1
done
if [ ! -e "$out/ok" ]; then
	echo "$script: the run failed" >&2
	# the other arrays' tasks may still run: the report waits for every
	# job of the run to leave the queue, so that it says how each ended
	# shellcheck disable=SC2086
	while squeue -h -j "$(echo $jobs | tr ' ' ',')" -t PD,R,CG 2>/dev/null |
		grep -q .; do
		sleep 1
	done
	report || true
	echo "$script: logs in $out/log; a rerun resumes" >&2
	exit 1
fi
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
