# examples/pipelines/common.sh: the opening that every script here shares,
# sourced after `set -e`: this tree's bin/ first on the PATH, the C locale
# (the programs' number formats do not depend on it, sort and awk do), and
# a work folder $work that goes when the script ends. $root is the top of
# the tree, $script the script's name. grouped (grouped.sh) sorts a score
# file for rankof, checking its end line.
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
