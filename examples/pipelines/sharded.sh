#!/bin/sh
# The 5K image-to-text protocol split into shards under GNU parallel, both
# ways, each checked against the single run:
#   query shards    rankof --shard I/N, the parts given to hitrate as files
#                   and joined by rankof --merge into the single run's bytes
#   gallery shards  rankof -e --items A:B, the parts added by rankof --merge
#                   (each part names its rows, '# items A:B N'; the merge
#                   refuses parts that do not cover the rows exactly once)
#
# usage: sharded.sh [-S SSHLOGIN] [-t] [-w WORKDIR] [-b BIN] [-o OUT] [-r R]
#                   [DIR] [N]
#   DIR holds img.npy, cap.npy, img.labels and cap.labels (by default the
#   5K image-text data that `synthemb crossmodal` writes, the reference
#   article's kind); N shards of each kind [4]. A DIR that starts with '-'
#   comes after '--' (sharded.sh -- -data); blanks in DIR and in $TMPDIR
#   are kept.
#   -S  run the shards on these machines: GNU parallel's --sshlogin, e.g.
#       4/host1,4/user@host2 (':' is this machine, the default). The ssh
#       command is parallel's, or $PARALLEL_SSH (e.g. 'ssh -F my_config').
#       Each host is tried first (a login running 'true', all at once,
#       20 s at most); one that does not answer is left out with a note,
#       and the run stops when none does. (parallel's --filter-hosts does
#       the same but logs in several times a host to count its CPUs: 47 s
#       against 9 s for two jobs on one host, measured on a loaded VM.)
#   -o  the run's folder, kept: the shards (KIND.I), the streams they
#       make (query.ranks: joined; gallery.ranks: merged) and parallel's
#       job logs [a work folder that goes at the end]. A rerun into it
#       resumes: a shard already complete, with the run's fingerprint and
#       its own rows or part, is kept, and only the others are run; a run
#       that fails keeps the shards complete so far.
#   -r  a job that fails is run again up to R times, on another host when
#       there is one (parallel's --retries R+1) [0]. parallel keeps no
#       record of the tries that failed: its job log (OUT/joblog.KIND)
#       has the last try of each job, its host and its exit value.
#   -b  the folder of rankkit's programs on those machines [this tree's
#       bin/, at the same path]: a job puts it first on the remote PATH,
#       which an ssh login does not otherwise have
#   Two ways to get the data there and the shards back:
#   shared folder (the default): DIR and the run's folder (-o, or the
#       work folder under $TMPDIR) are at the same path on every machine
#       (NFS, a cluster's shared file system); the jobs read and write
#       there
#   -t  send and return (no shared folder): each job's inputs go to the
#       machine with rsync (parallel --transferfile), its shard comes back
#       (--return) and both are removed there (--cleanup); the machines
#       need rsync. -w names a folder there in which each job has its own
#       [parallel's '...': a new one under ~/.parallel/tmp]; no blanks in
#       it (parallel 20221122 splits the folder's name at them).
# Prints hit@1/5/10 of the single run and "same" for each kind of shard;
# on stderr, for each kind, how many shards were kept and which were run.
set -e
. "$(dirname "$0")/common.sh"
usage() {
	echo "usage: $script [-S SSHLOGIN] [-t] [-w WORKDIR] [-b BIN] [-o OUT] [-r R] [DIR] [N]" >&2
	exit 2
}
sshlogin=: transfer="" rwork=... rbin=$root/bin out="" retries=0
while getopts S:tw:b:o:r: o; do
	case $o in
	S) sshlogin=$OPTARG ;;
	t) transfer=1 ;;
	w) rwork=$OPTARG ;;
	b) rbin=$OPTARG ;;
	o) out=$OPTARG ;;
	r) retries=$OPTARG ;;
	*) usage ;;
	esac
done
case $retries in '' | *[!0-9]*) usage ;; esac
shift $((OPTIND - 1))
[ $# -le 2 ] || usage
data crossmodal "${1:-}"
need img.npy cap.npy img.labels cap.labels
n=${2:-4}
command -v parallel >/dev/null 2>&1 ||
	{ echo "sharded.sh: needs GNU parallel (Debian: apt-get install parallel)" >&2; exit 1; }
dir=$(cd -- "$dir" && pwd)
if [ -n "$out" ]; then
	mkdir -p -- "$out"
	out=$(cd -- "$out" && pwd)
else
	out=$work
fi

# alive SSHLOGIN: the entries of SSHLOGIN (comma-separated, each
# [N/]LOGIN, LOGIN a host, user@host, an ssh command and its host, or ':'
# for this machine) whose host lets us log in, each other one named on
# stderr; false when none is left
alive() {
	echo "$1" | tr ',' '\n' >"$work/hosts"
	i=0
	while IFS= read -r h; do
		i=$((i + 1))
		case $h in
		[0-9]*/*) login=${h#*/} ;;
		*) login=$h ;;
		esac
		# shellcheck disable=SC2086
		case $login in
		:) echo 0 >"$work/host.$i"; continue ;;
		*' '*) set -- $login ;;
		*) set -- ${PARALLEL_SSH:-ssh} "$login" ;;
		esac
		(if timeout 20 "$@" true </dev/null >/dev/null 2>"$work/why.$i"; then
			echo 0
		else
			echo 1
		fi >"$work/host.$i") &
	done <"$work/hosts"
	wait
	i=0 left=""
	while IFS= read -r h; do
		i=$((i + 1))
		if [ "$(cat "$work/host.$i")" = 0 ]; then
			left="$left${left:+,}$h"
		else
			echo "$script: left out $h: it does not answer ($(tail -n 1 "$work/why.$i" | tr -d '\r'))" >&2
		fi
	done <"$work/hosts"
	[ -n "$left" ] || { echo "$script: no host answers" >&2; return 1; }
	echo "$left"
}

# shellcheck disable=SC2086
rankof -j 1 -e -m cos --query-labels "$dir/img.labels" --item-labels "$dir/cap.labels" \
	"$dir/img.npy" "$dir/cap.npy" > "$work/one"
hitrate -k 1,5,10 -m hit "$work/one"
# the run's fingerprint (rankkit(7)), which every job checks and a kept
# shard carries; the rows of the gallery
fp=$(rankof --fingerprint -e -m cos --query-labels "$dir/img.labels" \
	--item-labels "$dir/cap.labels" "$dir/img.npy" "$dir/cap.npy")
items=$(grep -vc '^#' "$dir/cap.labels")
# the hosts tried just before the jobs: a shared connection that the
# try opens (ssh's ControlMaster, ControlPersist) is still there for them
[ "$sshlogin" = : ] || sshlogin=$(alive "$sshlogin")

# shards KIND: the jobs of one kind (q: --shard, g: --items) on the
# machines, for the shards not complete, their outputs $out/KIND.0 ...
# The job's command is one quoted string that the remote shell reads: the
# paths reach it as variables (parallel --env), so blanks and quotes in
# them stay as they are. RK_IN is where the inputs are seen by the job,
# RK_OUT where it writes (KIND.I.part, renamed KIND.I when whole).
shards() {
	todo="" kept=0 i=0
	while [ $i -lt "$n" ]; do
		if shard_complete "$1" $i; then
			kept=$((kept + 1))
		else
			rm -f "$out/$1.$i"
			todo="$todo $i"
		fi
		i=$((i + 1))
	done
	name=gallery
	[ "$1" = g ] || name=query
	echo "$script: $name shards: $kept of $n kept, run:${todo:- none}" >&2
	[ -n "$todo" ] || return 0
	RK_KIND=$1 RK_N=$n RK_BIN=$rbin RK_ITEMS=$items RK_FP=$fp
	export RK_KIND RK_N RK_BIN RK_ITEMS RK_FP RK_IN RK_OUT
	set -- --sshlogin "$sshlogin" --halt now,fail=1 -j "$n" \
	    --retries $((retries + 1)) --joblog "$out/joblog.$1" \
	    --env RK_KIND --env RK_N --env RK_BIN --env RK_ITEMS --env RK_FP \
	    --env RK_IN --env RK_OUT
	if [ -n "$transfer" ]; then
		# inputs sent as DIR/./FILE: FILE in the job's folder there; the
		# shard returned from there as TMP/./FILE: into TMP here
		RK_IN=. RK_OUT=.
		# a folder for each job: --cleanup empties it while others run
		[ "$rwork" = ... ] || rwork="$rwork/{#}"
		set -- "$@" --workdir "$rwork" --cleanup \
		    --transferfile "$dir/./img.npy" --transferfile "$dir/./cap.npy" \
		    --transferfile "$dir/./img.labels" --transferfile "$dir/./cap.labels" \
		    --return "$out/./$RK_KIND.{}"
	else
		RK_IN=$dir RK_OUT=$out
	fi
	# shellcheck disable=SC2016,SC2086
	printf '%s\n' $todo | parallel "$@" 'PATH="$RK_BIN:$PATH"
		if [ "$RK_KIND" = g ]; then
			cut="--items $(({} * RK_ITEMS / RK_N)):$((({} + 1) * RK_ITEMS / RK_N))"
		else
			cut="--shard {}/$RK_N"
		fi
		rankof -j 1 $cut --expect-fingerprint "$RK_FP" -e -m cos \
		    --query-labels "$RK_IN/img.labels" --item-labels "$RK_IN/cap.labels" \
		    "$RK_IN/img.npy" "$RK_IN/cap.npy" > "$RK_OUT/$RK_KIND.{}.part" &&
		mv "$RK_OUT/$RK_KIND.{}.part" "$RK_OUT/$RK_KIND.{}"'
}

# parts KIND CMD [ARG...]: runs CMD ARG... $out/KIND.0 ... $out/KIND.(N-1),
# each file one word whatever blanks $out holds; a shard lost after its
# job completed is left out, so that rankof --merge's own check names its
# rows or part (and a shard of another run, its fingerprint)
parts() {
	kind=$1 i=0
	shift
	while [ "$i" -lt "$n" ]; do
		[ ! -e "$out/$kind.$i" ] || set -- "$@" "$out/$kind.$i"
		i=$((i + 1))
	done
	"$@"
}

# query shards: one job per shard, the parts measured together, and
# joined (rankof --merge: every part of the run's fingerprint, once) into
# the stream of one run
shards q
parts q rankof --merge > "$out/query.ranks"
if [ "$(parts q hitrate -k 1,5,10 -m hit)" = \
     "$(hitrate -k 1,5,10 -m hit "$work/one")" ] &&
   cmp -s "$out/query.ranks" "$work/one"; then
	echo "query shards ($n): same"
else
	echo "query shards ($n): DIFFERENT" >&2
	exit 1
fi

# gallery shards: item rows cut into n ranges, merged line by line
shards g
parts g rankof --merge > "$out/gallery.ranks"
if cmp -s "$out/gallery.ranks" "$work/one"; then
	echo "gallery shards ($n): same"
else
	echo "gallery shards ($n): DIFFERENT" >&2
	exit 1
fi
