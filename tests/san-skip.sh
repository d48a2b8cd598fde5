#!/bin/sh
# Prints the extended regular expression of the tests CI's run under
# ASan+UBSan leaves out (CHECK_SKIP): the patterns of tests/san-skip as
# they are, and its test names, each escaped and anchored
#   make check SAN=1 CHECK_SKIP="$(sh tests/san-skip.sh)"
cd "$(dirname "$0")" || exit 2
{
	sed -n 's/^pattern //p' san-skip
	sed -n 's/^test //p' san-skip | sed 's/[][\\.^$*+?(){}|]/\\&/g; s/^/^/; s/$/$/'
} | paste -sd'|' -
