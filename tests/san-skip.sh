#!/bin/sh
# Prints the extended regular expressions of the tests CI's run under
# ASan+UBSan leaves out, one a line (CHECK_SKIP_FILE): the patterns of
# tests/san-skip as they are, and its test names, each escaped and
# anchored
#   sh tests/san-skip.sh >skip.ere; make check SAN=1 CHECK_SKIP_FILE=skip.ere
cd "$(dirname "$0")" || exit 2
{
	sed -n 's/^pattern //p' san-skip
	sed -n 's/^test //p' san-skip | sed 's/[][\\.^$*+?(){}|]/\\&/g; s/^/^/; s/$/$/'
}
