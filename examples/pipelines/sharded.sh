#!/bin/sh
# The 5K image-to-text protocol split into shards under GNU parallel, both
# ways, each checked against the single run:
#   query shards    rankof --shard I/N, the parts given to hitrate as files
#                   and joined by rankof --merge into the single run's bytes
#   gallery shards  rankof -e --items A:B, the parts added by rankof --merge
#                   (each part names its rows, '# items A:B N'; the merge
#                   refuses parts that do not cover the rows exactly once)
#
# usage: sharded.sh [-S SSHLOGIN] [-t] [-w WORKDIR] [-b BIN] [DIR] [N]
#   DIR holds img.npy, cap.npy, img.labels and cap.labels (by default the
#   5K image-text data that `synthemb crossmodal` writes, the reference
#   article's kind); N shards of each kind [4]. A DIR that starts with '-'
#   comes after '--' (sharded.sh -- -data); blanks in DIR and in $TMPDIR
#   are kept.
#   -S  run the shards on these machines: GNU parallel's --sshlogin, e.g.
#       4/host1,4/user@host2 (':' is this machine, the default). The ssh
#       command is parallel's, or $PARALLEL_SSH (e.g. 'ssh -F my_config').
#   -b  the folder of rankkit's programs on those machines [this tree's
#       bin/, at the same path]: a job puts it first on the remote PATH,
#       which an ssh login does not otherwise have
#   Two ways to get the data there and the shards back:
#   shared folder (the default): DIR and the work folder (under $TMPDIR)
#       are at the same path on every machine (NFS, a cluster's shared file
#       system); the jobs read and write there
#   -t  send and return (no shared folder): each job's inputs go to the
#       machine with rsync (parallel --transferfile), its shard comes back
#       (--return) and both are removed there (--cleanup); the machines
#       need rsync. -w names a folder there in which each job has its own
#       [parallel's '...': a new one under ~/.parallel/tmp]; no blanks in
#       it (parallel 20221122 splits the folder's name at them).
# Prints hit@1/5/10 of the single run and "same" for each kind of shard.
set -e
. "$(dirname "$0")/common.sh"
usage() {
	echo "usage: $script [-S SSHLOGIN] [-t] [-w WORKDIR] [-b BIN] [DIR] [N]" >&2
	exit 2
}
sshlogin=: transfer="" rwork=... rbin=$root/bin
while getopts S:tw:b: o; do
	case $o in
	S) sshlogin=$OPTARG ;;
	t) transfer=1 ;;
	w) rwork=$OPTARG ;;
	b) rbin=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -le 2 ] || usage
data crossmodal "${1:-}"
need img.npy cap.npy img.labels cap.labels
n=${2:-4}
command -v parallel >/dev/null 2>&1 ||
	{ echo "sharded.sh: needs GNU parallel (Debian: apt-get install parallel)" >&2; exit 1; }
dir=$(cd -- "$dir" && pwd)
tmp=$work

# shellcheck disable=SC2086
rankof -j 1 -e -m cos --query-labels "$dir/img.labels" --item-labels "$dir/cap.labels" \
	"$dir/img.npy" "$dir/cap.npy" > "$tmp/one"
hitrate -k 1,5,10 -m hit "$tmp/one"

# shards KIND: the N jobs of one kind (q: --shard, g: --items) on the
# machines, their outputs $tmp/KIND.0 ... The job's command is one quoted
# string that the remote shell reads: the paths reach it as variables
# (parallel --env), so blanks and quotes in them stay as they are.
# RK_IN is where the inputs are seen by the job, RK_OUT where it writes.
shards() {
	RK_KIND=$1 RK_N=$n RK_BIN=$rbin RK_ITEMS=$(grep -vc '^#' "$dir/cap.labels")
	export RK_KIND RK_N RK_BIN RK_ITEMS RK_IN RK_OUT
	set -- --sshlogin "$sshlogin" --halt now,fail=1 -j "$n" \
	    --env RK_KIND --env RK_N --env RK_BIN --env RK_ITEMS --env RK_IN --env RK_OUT
	if [ -n "$transfer" ]; then
		# inputs sent as DIR/./FILE: FILE in the job's folder there; the
		# shard returned from there as TMP/./FILE: into TMP here
		RK_IN=. RK_OUT=.
		# a folder for each job: --cleanup empties it while others run
		[ "$rwork" = ... ] || rwork="$rwork/{#}"
		set -- "$@" --workdir "$rwork" --cleanup \
		    --transferfile "$dir/./img.npy" --transferfile "$dir/./cap.npy" \
		    --transferfile "$dir/./img.labels" --transferfile "$dir/./cap.labels" \
		    --return "$tmp/./$RK_KIND.{}"
	else
		RK_IN=$dir RK_OUT=$tmp
	fi
	# shellcheck disable=SC2016
	seq 0 $((n - 1)) | parallel "$@" 'PATH="$RK_BIN:$PATH"
		if [ "$RK_KIND" = g ]; then
			cut="--items $(({} * RK_ITEMS / RK_N)):$((({} + 1) * RK_ITEMS / RK_N))"
		else
			cut="--shard {}/$RK_N"
		fi
		rankof -j 1 $cut -e -m cos --query-labels "$RK_IN/img.labels" \
		    --item-labels "$RK_IN/cap.labels" "$RK_IN/img.npy" "$RK_IN/cap.npy" \
		    > "$RK_OUT/$RK_KIND.{}"'
}

# parts KIND CMD [ARG...]: runs CMD ARG... $tmp/KIND.0 ... $tmp/KIND.(N-1),
# each file one word whatever blanks $tmp holds
parts() {
	kind=$1 i=0
	shift
	while [ "$i" -lt "$n" ]; do
		set -- "$@" "$tmp/$kind.$i"
		i=$((i + 1))
	done
	"$@"
}

# query shards: one job per shard, the parts measured together, and
# joined (rankof --merge: every part of the run's fingerprint, once) into
# the stream of one run
shards q
parts q rankof --merge > "$tmp/joined"
if [ "$(parts q hitrate -k 1,5,10 -m hit)" = \
     "$(hitrate -k 1,5,10 -m hit "$tmp/one")" ] &&
   cmp -s "$tmp/joined" "$tmp/one"; then
	echo "query shards ($n): same"
else
	echo "query shards ($n): DIFFERENT" >&2
	exit 1
fi

# gallery shards: item rows cut into n ranges, merged line by line
shards g
parts g rankof --merge > "$tmp/merged"
if cmp -s "$tmp/merged" "$tmp/one"; then
	echo "gallery shards ($n): same"
else
	echo "gallery shards ($n): DIFFERENT" >&2
	exit 1
fi
