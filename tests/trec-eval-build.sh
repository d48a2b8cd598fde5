#!/bin/sh
# Builds the real trec_eval from its source tarball, once, for the
# differential test (tests/trec-eval-diff.bats), and prints the path of the
# program. Needs only tar, make and cc: trec_eval is one cc command over
# its C files and libm. Its code is never part of rankkit: it is built
# outside the sources, in CACHE/KEY (KEY: the tarball's checksum), in a
# temporary folder first, renamed into place when it built, so that
# concurrent runs and an interrupted build never leave a half-built program.
#   sh tests/trec-eval-build.sh TARBALL CACHE
# e.g. sh tests/trec-eval-build.sh ../shared/peers/trec_eval-10.0-rc3-src.tar.gz build/trec_eval
# Exit status 1, with the end of the build's log, when it does not build.
set -eu
[ $# -eq 2 ] || { echo "usage: trec-eval-build.sh TARBALL CACHE" >&2; exit 2; }
tarball=$1
cache=$2
[ -r "$tarball" ] || { echo "trec-eval-build.sh: cannot read $tarball" >&2; exit 1; }
key=$(cksum <"$tarball" | cut -d' ' -f1)
dest=$cache/$key
if [ -x "$dest/trec_eval" ]; then
	echo "$dest/trec_eval"
	exit 0
fi
mkdir -p "$cache"
tmp=$(mktemp -d "$cache/tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
tar -xzf "$tarball" -C "$tmp"
# the folder that holds trec_eval.c (te/ in the 10.0 tarball)
src=$(find "$tmp" -name trec_eval.c | head -n 1)
[ -n "$src" ] || { echo "trec-eval-build.sh: no trec_eval.c in $tarball" >&2; exit 1; }
src=$(dirname "$src")
# its Makefile says CC = gcc; cc is what the machine has. Run from make
# check, the variables of that command line (CFLAGS=-m32, SAN=1) would
# reach this make through MAKEFLAGS: not here
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL
if ! (cd "$src" && make CC=cc trec_eval) >"$tmp/build.log" 2>&1 ||
    [ ! -x "$src/trec_eval" ]; then
	echo "trec-eval-build.sh: trec_eval did not build from $tarball:" >&2
	tail -n 20 "$tmp/build.log" >&2
	exit 1
fi
# a rename in one file system: atomic, and a concurrent build's program
# (the same) may replace it
mkdir -p "$dest"
mv "$tmp/build.log" "$dest/build.log"
mv "$src/trec_eval" "$dest/trec_eval"
echo "$dest/trec_eval"
