#!/bin/sh
# paperrow: the row an image-text retrieval paper prints, from two
# embedding files and their labels. Image to text and text to image, on
# folds of the gallery (COCO's 1K: the mean over 5 folds of 1,000 images)
# and on the whole gallery (5K): R@1, R@5, R@10, MedR and MeanR each way,
# and rsum, the sum of the six R@K (Faghri et al., VSE++, BMVC 2018).
# Nothing is computed here: rankof -e ranks, hitrate measures (rsum is the
# sum of hitrate's two --rsum values), awk only lays out their numbers.
# Installed by the Makefile as bin/paperrow, @VERSION@ filled in.

usage_line='usage: paperrow [-q] [-m METRIC] [-T MODE] [-p N] [--folds N] [--medr median|vsepp] IMAGES CAPTIONS IMAGE_LABELS CAPTION_LABELS'

usage() {
	[ -z "$1" ] || printf 'paperrow: %s\n' "$1" >&2
	printf '%s\n' "$usage_line" >&2
	exit 2
}

help() {
	printf '%s\n' "$usage_line"
	cat <<'H'
Prints the image-text table row: R@1, R@5, R@10, MedR, MeanR each way, rsum.
  -m, --metric METRIC     rankof -e's metric: cos (default), dot, l2, hamming
  -T, --ties MODE         expected (default), optimistic or pessimistic
  -p, --precision N       decimals (default 2)
      --folds N           the folds' row: the mean over N folds (default 5;
                          0: the whole gallery's row only)
      --medr RULE         median (default) or vsepp: floor(median(r-1))+1
  -q, --quiet             no notes on the standard error (errors stay)
  -h, --help              this help
      --version           version
H
	exit 0
}

metric=cos ties=expected prec=2 folds=5 medr=median quiet= nfiles=0
while [ $# -gt 0 ]; do
	case $1 in
	-m|--metric|-T|--ties|-p|--precision|--folds|--medr)
		[ $# -ge 2 ] || usage "option '$1' needs a value"
		case $1 in
		-m|--metric) metric=$2 ;;
		-T|--ties) ties=$2 ;;
		-p|--precision) prec=$2 ;;
		--folds) folds=$2 ;;
		--medr) medr=$2 ;;
		esac
		shift 2 ;;
	--metric=*) metric=${1#*=}; shift ;;
	--ties=*) ties=${1#*=}; shift ;;
	--precision=*) prec=${1#*=}; shift ;;
	--folds=*) folds=${1#*=}; shift ;;
	--medr=*) medr=${1#*=}; shift ;;
	-q|--quiet) quiet=--quiet; shift ;;
	-h|--help) help ;;
	--version) echo "paperrow (rankkit) @VERSION@"; exit 0 ;;
	--) shift; break ;;
	-?*) usage "unknown option '$1'" ;;
	*) nfiles=$((nfiles + 1)); [ $nfiles -gt 4 ] || eval "file$nfiles=\$1"
	   shift ;;
	esac
done
# the files after "--"
for f in "$@"; do
	nfiles=$((nfiles + 1))
	[ $nfiles -gt 4 ] || eval "file$nfiles=\$f"
done
[ $nfiles -eq 4 ] || usage "expected 4 files, found $nfiles"
set -- "$file1" "$file2" "$file3" "$file4"
case $prec in ''|*[!0-9]*) usage "-p '$prec': not a number of decimals" ;; esac
case $folds in ''|*[!0-9]*) usage "--folds '$folds': not a count" ;; esac
for f in "$@"; do
	# each file is read twice, once for each direction
	[ "$f" != - ] || usage "the standard input cannot be read twice: name a file"
done
img=$1 cap=$2 imglab=$3 caplab=$4

# the programs installed beside this script first: those of its version
case $0 in */*) PATH="${0%/*}:$PATH" ;; esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/paperrow.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# run CMD...: CMD, or this script's exit with CMD's status (its message
# is already on the standard error)
run() {
	"$@" || exit $?
}

# measure NAME: both directions' ranks (NAME folds: on --folds's folds) and
# their measures into $tmp/NAME.i2t, $tmp/NAME.t2i (shown) and
# $tmp/NAME.rsum (the rsum of each direction, unrounded); the images in a
# gallery (the n of a text-to-image rank line) into $tmp/NAME.n
measure() {
	name=$1
	set --
	[ "$name" = whole ] || set -- --folds "$folds"
	run rankof -e -m "$metric" "$@" --query-labels "$imglab" \
		--item-labels "$caplab" "$img" "$cap" > "$tmp/i2t.ranks"
	run rankof -e -m "$metric" "$@" --query-labels "$caplab" \
		--item-labels "$imglab" "$cap" "$img" > "$tmp/t2i.ranks"
	awk '!/^#/ { print $6; exit }' "$tmp/t2i.ranks" > "$tmp/$name.n"
	for d in i2t t2i; do
		run hitrate $quiet -k 1,5,10 -m hit,MedR,MeanR -T "$ties" \
			--medr "$medr" -p "$prec" "$@" "$tmp/$d.ranks" > "$tmp/$name.$d"
		run hitrate --quiet -k 1,5,10 -m hit --rsum -T "$ties" -p 12 \
			"$@" "$tmp/$d.ranks" >> "$tmp/$name.rsum"
	done
}

# row NAME: the row of the tables of NAME, labelled with its gallery size
row() {
	awk -v label="$(size "$(cat "$tmp/$1.n")")" -v prec="$prec" '
	FNR == 1 { file++ }
	/^#/ || $2 != "all" { next }
	file <= 2 { v[file, $1] = $3 }
	file == 3 && $1 == "rsum" { rsum += $3 }
	END {
		printf "%s", label
		for (f = 1; f <= 2; f++)
			printf "\t%s\t%s\t%s\t%s\t%s", v[f, "hit@1"], v[f, "hit@5"],
			    v[f, "hit@10"], v[f, "MedR"], v[f, "MeanR"]
		printf "\t%." prec "f\n", rsum
	}' "$tmp/$1.i2t" "$tmp/$1.t2i" "$tmp/$1.rsum"
}

# size N: a gallery of N images as papers name it (5000: 5K)
size() {
	if [ "$1" -ge 1000 ] && [ $(($1 % 1000)) -eq 0 ]; then
		echo "$(($1 / 1000))K"
	else
		echo "$1"
	fi
}

# every number first: a failing run prints no part of the table
[ "$folds" -le 1 ] || measure folds
measure whole
printf 'gallery'
for d in i2t t2i; do
	printf '\t%s:R@1\t%s:R@5\t%s:R@10\t%s:MedR\t%s:MeanR' $d $d $d $d $d
done
printf '\trsum\n'
[ "$folds" -le 1 ] || row folds
row whole
