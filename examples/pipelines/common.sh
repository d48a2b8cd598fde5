# examples/pipelines/common.sh: the opening that every script here shares,
# sourced after `set -e`: this tree's bin/ first on the PATH, the C locale
# (the programs' number formats do not depend on it, sort and awk do), and
# a work folder $work that goes when the script ends. $root is the top of
# the tree, $script the script's name. grouped (grouped.sh) sorts a score
# file for rankof, checking its end line; shard_complete tells the shards
# that a rerun of a sharded run keeps.
root=$(cd "$(dirname "$0")/../.." && pwd)
script=$(basename "$0")
PATH="$root/bin:$PATH"
LC_ALL=C
export PATH LC_ALL
work=$(mktemp -d "${TMPDIR:-/tmp}/${script%.sh}.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM

. "$(dirname "$0")/grouped.sh"

# data KIND [DIR [OPTION...]]: $dir is DIR when one is given, else a
# folder of data that `synthemb OPTION... KIND` writes into the work folder
data() {
	if [ -n "${2:-}" ]; then
		dir=$2
	else
		synthkind=$1
		shift
		[ $# -eq 0 ] || shift
		dir=$work/data
		synthemb -o "$dir" "$@" "$synthkind"
	fi
}

# need FILE...: stops unless each file is readable in $dir
need() {
	for f in "$@"; do
		[ -r "$dir/$f" ] || { echo "$script: no $dir/$f" >&2; exit 1; }
	done
}

# shard_complete KIND I: shard I of KIND (g: gallery, rows cut into $n
# equal ranges of $items; q: query, part I/$n) is $out/KIND.I, whole
# (its '# end'), of this run ($fp, the run's fingerprint) and with its own
# rows or part: a rerun keeps it
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
