#!/usr/bin/env bats
# make install / uninstall honour PREFIX, DESTDIR and MANPREFIX, and put
# every program and every man page where they say.
load helper

setup() {
	top="$BATS_TEST_DIRNAME/.."
	[ -f "$top/Makefile" ] || skip "no Makefile above tests/"
}

@test "make install and uninstall with DESTDIR, PREFIX, MANPREFIX" {
	d="$BATS_TEST_TMPDIR/root"
	# -o all: the programs make check built, whatever flags built them
	# (a build with other flags than the Makefile's would be redone)
	run make -s -C "$top" -o all install DESTDIR="$d" PREFIX=/opt/rk MANPREFIX=/opt/man
	[ "$status" -eq 0 ]
	for p in "$top"/src/*.c; do
		n=$(basename "$p" .c)
		[ -x "$d/opt/rk/bin/$n" ] || { echo "no bin/$n"; false; }
		[ -f "$d/opt/man/man1/$n.1" ] || { echo "no man1/$n.1"; false; }
	done
	[ -f "$d/opt/man/man7/rankkit.7" ]
	[ -f "$d/opt/man/man7/rankkit-tutorial.7" ]
	"$d/opt/rk/bin/rankof" --version | grep -q '^rankof (rankkit) '
	run make -s -C "$top" uninstall DESTDIR="$d" PREFIX=/opt/rk MANPREFIX=/opt/man
	[ "$status" -eq 0 ]
	[ -z "$(find "$d" -type f)" ]
}
