# rankkit: a POSIX Makefile (sbase's model). `make`, `make check`,
# `make check-san`, `make install`, `make bench`, `make demo`.
.POSIX:
.SUFFIXES:

VERSION = 0.1.0
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
DESTDIR =

CC = cc
OPT = -O2
WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wpointer-arith -Wcast-qual -Wwrite-strings -Wformat=2 -Wundef \
	-Wvla -Wno-unused-parameter
CFLAGS = $(OPT) -g $(WARN)
RKCPPFLAGS = -D_POSIX_C_SOURCE=200809L -DRK_VERSION=\"$(VERSION)\" -Ilib
LDFLAGS =
LDLIBS = -lm -lpthread

# one line per file, so that additions merge cleanly
LIBOBJ = \
	lib/err.o \
	lib/slice.o \
	lib/lines.o \
	lib/num.o \
	lib/out.o \
	lib/strmap.o \
	lib/optlist.o \
	lib/stream.o \
	lib/ties.o \
	lib/rankstream.o \
	lib/cutoff.o \
	lib/rankcount.o \
	lib/relevance.o \
	lib/ranker.o \
	lib/runrank.o \
	lib/embed.o \
	lib/fmtscore.o \
	lib/kernel.o \
	lib/topk.o \
	lib/embrank.o \
	lib/metric.o \
	lib/fullrank.o

LIBHDR = lib/*.h

PROGS = \
	bin/rankof \
	bin/simmat \
	bin/hitrate \
	bin/mapr \
	bin/ndcg

MAN1 = \
	man/rankof.1 \
	man/simmat.1 \
	man/hitrate.1 \
	man/mapr.1 \
	man/ndcg.1
MAN7 = man/rankkit.7

all: $(PROGS)

lib/librk.a: $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(LIBOBJ): $(LIBHDR) Makefile

.SUFFIXES: .c .o
.c.o:
	$(CC) $(RKCPPFLAGS) $(CFLAGS) -c -o $@ $<

bin/.dir:
	mkdir -p bin && touch $@

bin/rankof: src/rankof.c lib/librk.a $(LIBHDR) bin/.dir
	$(CC) $(RKCPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ src/rankof.c lib/librk.a $(LDLIBS)
bin/hitrate: src/hitrate.c lib/librk.a $(LIBHDR) bin/.dir
	$(CC) $(RKCPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ src/hitrate.c lib/librk.a $(LDLIBS)
bin/mapr: src/mapr.c lib/librk.a $(LIBHDR) bin/.dir
	$(CC) $(RKCPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ src/mapr.c lib/librk.a $(LDLIBS)
bin/ndcg: src/ndcg.c lib/librk.a $(LIBHDR) bin/.dir
	$(CC) $(RKCPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ src/ndcg.c lib/librk.a $(LDLIBS)
bin/simmat: src/simmat.c lib/librk.a $(LIBHDR) bin/.dir
	$(CC) $(RKCPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ src/simmat.c lib/librk.a $(LDLIBS)

# ../shared holds the article's data and trec_eval's goldens (see
# tests/helper.bash); RANKKIT_SHARED overrides where it is.
check: all
	RANKKIT_BIN="$$(pwd)/bin" \
	RANKKIT_SHARED="$${RANKKIT_SHARED:-$$(cd .. && pwd)/shared}" \
	bats tests

# bfs's habit: the same suite on a sanitizer build, in its own tree
check-san:
	rm -rf build-san && mkdir -p build-san
	cp -R Makefile lib src tests man examples bench build-san/
	shared="$${RANKKIT_SHARED:-$$(cd .. && pwd)/shared}"; \
	cd build-san && $(MAKE) clean >/dev/null && \
	  RANKKIT_SHARED="$$shared" ASAN_OPTIONS=detect_leaks=0 $(MAKE) CC="$(CC)" \
	    LDFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all" \
	    CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all $(WARN)" \
	    check

bench: all
	sh bench/run.sh

demo: all
	sh examples/pipelines/demo.sh

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 $(DESTDIR)$(MANPREFIX)/man7
	cp -f $(PROGS) $(DESTDIR)$(PREFIX)/bin/
	cp -f $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	cp -f $(MAN7) $(DESTDIR)$(MANPREFIX)/man7/

uninstall:
	for p in $(PROGS); do rm -f $(DESTDIR)$(PREFIX)/bin/$${p#bin/}; done
	for m in $(MAN1); do rm -f $(DESTDIR)$(MANPREFIX)/man1/$${m#man/}; done
	rm -f $(DESTDIR)$(MANPREFIX)/man7/rankkit.7

clean:
	rm -f lib/*.o lib/librk.a $(PROGS) bin/.dir
	rm -rf build-san

.PHONY: all check check-san bench demo install uninstall clean

# the scoring kernel: no contraction into fused multiply-adds, so that
# every machine and every micro-kernel variant gives the same bits
lib/kernel.o: lib/kernel.c lib/kernel_body.h lib/kernel_micro.h lib/kernel_variant.h
	$(CC) $(RKCPPFLAGS) $(CFLAGS) -ffp-contract=off -c -o $@ lib/kernel.c

# issue 3's benchmark: rankof -e against the NumPy peer (bench/crossmodal.sh)
bench-crossmodal: all
	sh bench/crossmodal.sh
bench: bench-crossmodal
.PHONY: bench-crossmodal
