#!/bin/sh
# The 5K image-to-text protocol sharded on a Slurm cluster, both ways, as
# job arrays (sbatch --array), each merge a job that waits for its array
# (--dependency=afterok), the measures at the end:
#   gallery shards  task I of N: rankof -e --items A:B over its item rows;
#                   then one job: rankof --merge, hitrate
#   query shards    task I of N: rankof --shard I/N; then one job: hitrate
# A task that fails fails the run: the job that depends on its array is
# cancelled (--kill-on-invalid-dep), nothing is merged, and this script
# names the jobs that did not complete and exits 1. Even merged by hand,
# a shard missing or given twice is refused: each names its item rows
# ('# items A:B N', rankkit(7)) and rankof --merge checks that they cover
# the gallery once.
#
# usage: slurm.sh [-n N] [-p PARTITION] [-d DATA] OUT
#   OUT  a folder on the file system that every node sees (the shards, the
#        merged stream gallery.ranks, the measures and the jobs' logs go
#        there); rankkit's bin/ must be there too, on the PATH this script
#        exports to the jobs
#   -n   N shards of each kind [4]
#   -p   the partition [the cluster's default]
#   -d   a folder (on the shared file system) with img.npy, cap.npy,
#        img.labels and cap.labels [OUT/data, written by synthemb
#        crossmodal when missing]
# Prints the gallery shards' hit@1/5/10 and whether the query shards' are
# the same. Waits for the jobs (sbatch --wait): run it on a login node,
# under nohup or tmux for a long job.
set -e
. "$(dirname "$0")/common.sh"
usage() {
	echo "usage: $script [-n N] [-p PARTITION] [-d DATA] OUT" >&2
	exit 2
}
n=4 part="" data=""
while getopts n:p:d: o; do
	case $o in
	n) n=$OPTARG ;;
	p) part=$OPTARG ;;
	d) data=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
case $n in '' | *[!0-9]* | 0) usage ;; esac
for c in sbatch scontrol; do
	command -v $c >/dev/null 2>&1 ||
		{ echo "$script: needs Slurm's $c (Debian: slurm-client)" >&2; exit 1; }
done
mkdir -p "$1"
out=$(cd "$1" && pwd)
if [ -z "$data" ]; then
	data=$out/data
	[ -r "$data/img.npy" ] || synthemb -o "$data" crossmodal
fi
dir=$(cd "$data" && pwd)
need img.npy cap.npy img.labels cap.labels
rm -f "$out"/g.* "$out"/q.* "$out"/*.ranks "$out"/*.measures "$out/ok"
mkdir -p "$out/jobs" "$out/log"

# the jobs' scripts: sbatch copies a script to the node, so each is whole,
# with its paths and numbers as arguments (quoted: paths may hold blanks)
cat >"$out/jobs/rank.sh" <<'EOF'
#!/bin/sh
# task $SLURM_ARRAY_TASK_ID of a job array: one gallery shard (KIND g, item
# rows A:B of the I-th of N equal cuts) or query shard (KIND q) into OUT
set -e
kind=$1 dir=$2 out=$3 n=$4
i=$SLURM_ARRAY_TASK_ID
if [ "$kind" = g ]; then
	items=$(grep -vc '^#' "$dir/cap.labels")
	cut="--items $((i * items / n)):$(((i + 1) * items / n))"
else
	cut="--shard $i/$n"
fi
# shellcheck disable=SC2086
rankof -j "${SLURM_CPUS_PER_TASK:-1}" $cut -e -m cos \
	--query-labels "$dir/img.labels" --item-labels "$dir/cap.labels" \
	"$dir/img.npy" "$dir/cap.npy" >"$out/$kind.$i.part"
mv "$out/$kind.$i.part" "$out/$kind.$i"
EOF
cat >"$out/jobs/measure.sh" <<'EOF'
#!/bin/sh
# after the arrays: the gallery shards merged and measured (g), the query
# shards measured (q); the last job (ok) marks the run complete
set -e
kind=$1 out=$2 n=$3
[ "$kind" = ok ] && { : >"$out/ok"; exit 0; }
set --
i=0
while [ $i -lt "$n" ]; do
	set -- "$@" "$out/$kind.$i"
	i=$((i + 1))
done
if [ "$kind" = g ]; then
	rankof --merge "$@" >"$out/gallery.ranks.part"
	mv "$out/gallery.ranks.part" "$out/gallery.ranks"
	set -- "$out/gallery.ranks"
fi
hitrate -k 1,5,10 -m hit "$@" >"$out/$kind.measures"
EOF

# sbatch ARGS...: the job's id; every job takes the environment (PATH)
submit() {
	sbatch --parsable --export=ALL ${part:+--partition="$part"} "$@" | cut -d';' -f1
}
last=$((n - 1))
ga=$(submit --job-name=rk-gallery --array=0-$last -o "$out/log/%x.%A_%a.out" \
	"$out/jobs/rank.sh" g "$dir" "$out" "$n")
qa=$(submit --job-name=rk-query --array=0-$last -o "$out/log/%x.%A_%a.out" \
	"$out/jobs/rank.sh" q "$dir" "$out" "$n")
after="--kill-on-invalid-dep=yes --dependency=afterok"
# shellcheck disable=SC2086
gm=$(submit --job-name=rk-merge $after:$ga -o "$out/log/%x.%j.out" \
	"$out/jobs/measure.sh" g "$out" "$n")
# shellcheck disable=SC2086
qm=$(submit --job-name=rk-qmeasure $after:$qa -o "$out/log/%x.%j.out" \
	"$out/jobs/measure.sh" q "$out" "$n")
echo "$script: jobs $ga (gallery shards), $qa (query shards), $gm, $qm" >&2
# the last job waits for both measures; a cancelled one ends sbatch --wait
# with status 0 too, so the mark it leaves is what says the run completed
# shellcheck disable=SC2086
submit --wait --job-name=rk-ok $after:$gm:$qm -o /dev/null \
	"$out/jobs/measure.sh" ok "$out" "$n" >/dev/null || true
if [ ! -e "$out/ok" ]; then
	echo "$script: the run failed; jobs that did not complete:" >&2
	for j in $ga $qa $gm $qm; do
		scontrol -o show job "$j" 2>/dev/null | awk '{
			for (i = 1; i <= NF; i++) {
				k = substr($i, 1, index($i, "=") - 1)
				v[k] = substr($i, index($i, "=") + 1)
			}
			id = v["JobId"]
			if ("ArrayTaskId" in v)
				id = v["ArrayJobId"] "_" v["ArrayTaskId"]
			if (v["JobState"] != "COMPLETED")
				print "  " v["JobName"] " " id " " v["JobState"]
			delete v
		}' >&2
	done
	echo "$script: logs in $out/log" >&2
	exit 1
fi
cat "$out/g.measures"
if cmp -s "$out/g.measures" "$out/q.measures"; then
	echo "query shards ($n): same"
else
	echo "query shards ($n): DIFFERENT" >&2
	exit 1
fi
