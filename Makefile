# rankkit Makefile, in sbase's shape: a program is one word in PROG (its
# source src/NAME.c, its binary bin/NAME and its page man/NAME.1 follow from
# the name), the library is the list LIBSRC. Needs GNU make or another make
# with pattern rules (the objects go to their own folder per build).
#
#   make               programs into bin/, objects into build/opt/
#   make check         the test suite (bats) on bin/
#   make check SAN=1   the same suite on an ASan+UBSan build in build/san/
#   make check-san     the same as make check SAN=1
#   make mutate        the mutation audit (tests/mutate.sh; minutes)
#   make mutate-check  only that every mutation still applies (seconds)
#   make syntax-check  src/ and tests/ C files through the compiler, no objects
#   make install       PREFIX, DESTDIR and MANPREFIX as usual
#   make demo, make bench, make bench-against, make bench-cmc, make bench-knn, make bench-protocol,
#   make bench-treceval, make bench-long, make bench-peak, make bench-read,
#   make bench-threshold, make bench-scale

VERSION = 0.1.0
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
DESTDIR =

PROG = rankof simmat hitrate mapr ndcg bootstrap cmc synthemb treceval fuse
# the installed scripts: scripts/NAME.sh, a pipeline of the programs, with
# its man/NAME.1 (bin/NAME: @VERSION@ filled in)
SCRIPTS = paperrow

# programs that only the tests use (tests/NAME.c), built into $(BUILD)/tests
TESTPROG = rngdraw statcheck bigcheck setcheck mapshrink numcheck measurecheck \
	fixedcheck bisectcheck

# one line per file, so that additions merge cleanly; lib/README says what
# each holds
LIBSRC = \
	lib/util/err.c \
	lib/util/escape.c \
	lib/util/bigalloc.c \
	lib/util/slice.c \
	lib/util/lines.c \
	lib/util/num.c \
	lib/util/out.c \
	lib/util/helpversion.c \
	lib/util/savefile.c \
	lib/util/samefile.c \
	lib/util/stdinonce.c \
	lib/util/strmap.c \
	lib/util/idset.c \
	lib/util/repeats.c \
	lib/util/optlist.c \
	lib/util/optable.c \
	lib/util/fmtscore.c \
	lib/util/pool.c \
	lib/util/detmath.c \
	lib/util/rng.c \
	lib/util/textwidth.c \
	lib/util/texttable.c \
	lib/util/markup.c \
	lib/util/msort.c \
	lib/util/textquote.c \
	lib/stream/stream.c \
	lib/stream/facts.c \
	lib/stream/rankstream.c \
	lib/stream/rankfast.c \
	lib/stream/archive.c \
	lib/stream/relevance.c \
	lib/stream/truth.c \
	lib/stream/matrixfile.c \
	lib/stream/npylabels.c \
	lib/stream/camerafile.c \
	lib/stream/groupfile.c \
	lib/stream/labelfile.c \
	lib/stream/embinput.c \
	lib/stream/embmap.c \
	lib/stream/npy.c \
	lib/stream/vecs.c \
	lib/stream/embtext.c \
	lib/stream/embed.c \
	lib/stream/packedbits.c \
	lib/stream/embparts.c \
	lib/stream/rowindex.c \
	lib/stream/measurestream.c \
	lib/stream/measuretable.c \
	lib/stream/measurerecord.c \
	lib/rank/rankcount.c \
	lib/rank/maxcut.c \
	lib/rank/ranker.c \
	lib/rank/matrixrank.c \
	lib/rank/scoreids.c \
	lib/rank/scorerank.c \
	lib/rank/embrank.c \
	lib/rank/embrows.c \
	lib/rank/embfused.c \
	lib/rank/embexplain.c \
	lib/rank/rowcheck.c \
	lib/rank/relrows.c \
	lib/rank/fingerprint.c \
	lib/rank/queryjoin.c \
	lib/rank/rankmerge.c \
	lib/rank/rankexplain.c \
	lib/kernel/kernel.c \
	lib/kernel/grid.c \
	lib/kernel/chunkrun.c \
	lib/kernel/piecerun.c \
	lib/kernel/selectrun.c \
	lib/kernel/topk.c \
	lib/measure/ties.c \
	lib/measure/counts.c \
	lib/measure/cutoff.c \
	lib/measure/tiesum.c \
	lib/measure/listmeasure.c \
	lib/measure/revisitop.c \
	lib/measure/judged.c \
	lib/measure/expectedrr.c \
	lib/measure/rbp.c \
	lib/measure/condense.c \
	lib/measure/mingrade.c \
	lib/measure/gainmap.c \
	lib/measure/hypergeom.c \
	lib/measure/gallery.c \
	lib/measure/sampled.c \
	lib/measure/galleryjoint.c \
	lib/measure/exactsum.c \
	lib/measure/singleshot.c \
	lib/measure/singleshotrun.c \
	lib/measure/rankval.c \
	lib/measure/summary.c \
	lib/measure/trecnames.c \
	lib/measure/irmnames.c \
	lib/measure/commonopts.c \
	lib/measure/driveropts.c \
	lib/measure/measurenames.c \
	lib/measure/direction.c \
	lib/measure/measures.c \
	lib/measure/drivercols.c \
	lib/measure/runcheck.c \
	lib/measure/driver.c \
	lib/measure/drivernotes.c \
	lib/stats/columns.c \
	lib/stats/normal.c \
	lib/stats/draws.c \
	lib/stats/resample.c \
	lib/stats/signflip.c \
	lib/stats/interval.c \
	lib/stats/adjust.c \
	lib/stats/tdist.c \
	lib/stats/pairedtest.c \
	lib/stats/effect.c \
	lib/stats/diffbars.c \
	lib/stats/tukeyhsd.c \
	lib/stats/bootcalc.c \
	lib/stats/bootwords.c \
	lib/stats/resulttable.c \
	lib/stats/bootreport.c \
	lib/measure/curve.c \
	lib/measure/curverun.c \
	lib/measure/curvegal.c \
	lib/measure/explaintext.c \
	lib/measure/explain.c \
	lib/measure/explainmodel.c \
	lib/measure/explainrv.c \
	lib/trec/trecfields.c \
	lib/trec/trecscan.c \
	lib/trec/trecqrels.c \
	lib/trec/trecrun.c \
	lib/trec/trecrank.c \
	lib/trec/trecgroup.c \
	lib/trec/trecpiece.c \
	lib/trec/treconce.c \
	lib/trec/trecmeas.c \
	lib/trec/trecgain.c \
	lib/trec/trecjudged.c \
	lib/trec/trecargs.c \
	lib/trec/trecsum.c \
	lib/trec/trecdrive.c \
	lib/fuse/runread.c \
	lib/fuse/fusenorm.c \
	lib/fuse/fusecomb.c \
	lib/fuse/fusequery.c \
	lib/fuse/fuseexplain.c \
	lib/fuse/fusepass.c \
	lib/fuse/fusejobs.c \
	lib/fuse/fuseopt.c \
	lib/plot/plot.c \
	lib/plot/scale.c \
	lib/plot/termplot.c \
	lib/plot/svgdoc.c \
	lib/plot/svgplot.c \
	lib/plot/svgbars.c \
	lib/synth/outfile.c \
	lib/synth/embwrite.c \
	lib/synth/matrix.c \
	lib/synth/image.c \
	lib/synth/crossmodal.c \
	lib/synth/reid.c \
	lib/synth/places.c \
	lib/synth/ann.c

CC = cc
CPPFLAGS =
CFLAGS = -O2 -g
LDFLAGS =
LDLIBS = -lm -lpthread
WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wpointer-arith -Wcast-qual -Wwrite-strings -Wformat=2 -Wundef -Wvla
RKCPPFLAGS = -D_POSIX_C_SOURCE=200809L -DRK_VERSION=\"$(VERSION)\" -Ilib
# no contraction of a*b+c into a fused multiply-add anywhere: floating-point
# results (the generator's normal deviates, the statistics) keep the same
# bits on machines that have the instruction and machines that do not; the
# scoring kernel's fused multiply-adds are written out (fma(), intrinsics).
# No math function is asked to set errno (no code reads it after one), so
# sqrt() is the instruction, vectorized where its loop is (the l2 scores'
# finishing step): IEEE square roots are correctly rounded, the bits stay
FPFLAGS = -ffp-contract=off -fno-math-errno

# SAN=1: AddressSanitizer and UndefinedBehaviorSanitizer (bfs's habit), in a
# build of its own so that both builds stay up to date side by side. The
# runtimes linked in where the compiler links them as shared libraries
# (gcc; clang links them statically and knows no such flag): a program
# starts in 20 ms, not 24 (the dynamic linker's work on libasan's
# symbols), on a suite that starts one thousands of times; and linked at
# a fixed address (-no-pie), so that the loader relocates nothing of the
# program's tables and runtime: 689 page faults a start of hitrate, not
# 869, 25 ms not 32 (a fault costs about 20 us on CI's kind of machine)
SAN =
SANLINK != $(CC) -static-libasan -static-libubsan -no-pie -E -x c /dev/null >/dev/null 2>&1 && \
	echo '-static-libasan -static-libubsan -no-pie' || true
# -Og: as quick as -O1 under the suite (simmat, embed, rankof-chunks and
# hitrate's tests: 56 CPU s against 61), built in 61 CPU s, not 100
# (kernel.c alone 14 s against 40: UBSan's checks over -O1's inlining)
SANFLAGS_1 = -Og -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all $(SANLINK)
SANFLAGS = $(SANFLAGS_$(SAN))
BUILD_ = build/opt
BUILD_1 = build/san
BUILD = $(BUILD_$(SAN))
BINDIR_ = bin
BINDIR_1 = build/san/bin
BINDIR = $(BINDIR_$(SAN))

# x86-32 does scalar floating point on the x87 unit by default, whose 80-bit
# registers change the last bits of scores: SSE2 there, as on x86-64, so
# that every build prints the same bytes
X87FLAGS != $(CC) $(CFLAGS) -dM -E -x c /dev/null 2>/dev/null | \
	grep -q '__i386__' && echo '-msse2 -mfpmath=sse' || true

ALLCFLAGS = $(RKCPPFLAGS) $(CPPFLAGS) $(CFLAGS) $(WARN) $(FPFLAGS) \
	$(X87FLAGS) $(SANFLAGS)

# the flags stamp (bfs's habit): $(BUILD)/flags holds the compiler and
# flags of the last build, rewritten only when this build's differ, so
# its time is when they last changed; every object and program depends
# on it. make CFLAGS=-O0 after make rebuilds everything, and a second
# make CFLAGS=-O0 nothing; each build folder (build/opt, build/san,
# build/fuzz) keeps its own. Compared as the Makefile is read (FORCE when
# they differ or there is no stamp yet), written only by a goal that
# builds, so make -n shows what a change of flags rebuilds
FLAGSTAMP = $(BUILD)/flags
FLAGSNOW = $(CC) $(ALLCFLAGS) $(LDFLAGS) $(LDLIBS)
FLAGSDIFFER != [ "$$(cat $(FLAGSTAMP) 2>/dev/null)" = '$(FLAGSNOW)' ] || echo FORCE
LIBOBJ = $(LIBSRC:%.c=$(BUILD)/%.o)
LIBA = $(BUILD)/librk.a
SCRIPTBIN = $(SCRIPTS:%=$(BINDIR)/%)
BIN = $(PROG:%=$(BINDIR)/%) $(SCRIPTBIN)
TESTBIN = $(TESTPROG:%=$(BUILD)/tests/%)
MAN1 = $(PROG:%=man/%.1) $(SCRIPTS:%=man/%.1)
MAN7 = man/rankkit.7 man/rankkit-tutorial.7

all: $(BIN)

$(LIBA): $(LIBOBJ) $(FLAGSTAMP)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

# each object's header dependencies, written by the compiler beside it
# (-MMD: the headers it read; -MP: an empty rule per header, so that a
# header removed does not stop the build)
$(BUILD)/%.o: %.c Makefile $(FLAGSTAMP)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -MMD -MP -c -o $@ $<

# the stamp: written when the flags differ from the last build's, so its
# time moves only then
$(FLAGSTAMP): $(FLAGSDIFFER)
	@mkdir -p $(@D)
	@printf '%s\n' '$(FLAGSNOW)' > $@
FORCE:

-include $(LIBOBJ:.o=.d) $(PROG:%=$(BUILD)/src/%.d) \
	$(TESTPROG:%=$(BUILD)/tests/%.d)

$(BINDIR)/%: $(BUILD)/src/%.o $(LIBA) $(FLAGSTAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SANFLAGS) $(LDFLAGS) -o $@ $< $(LIBA) $(LDLIBS)

$(SCRIPTBIN): $(BINDIR)/%: scripts/%.sh Makefile
	@mkdir -p $(@D)
	sed 's/@VERSION@/$(VERSION)/g' scripts/$*.sh > $@.tmp
	chmod +x $@.tmp
	mv -f $@.tmp $@

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(LIBA) $(FLAGSTAMP)
	$(CC) $(CFLAGS) $(SANFLAGS) $(LDFLAGS) -o $@ $< $(LIBA) $(LDLIBS)

# RANKKIT_SHARED names the directory of the article's data and trec_eval's
# source tarball (tests/helper.bash; trec_eval's test files are in
# tests/data/trec_eval); by default the directory "shared" beside the
# checkout, unless the environment names another
RANKKIT_SHARED ?= $(abspath ..)/shared
# the test programs of tests/*.c (make check builds them; so does
# tests/mutate.sh, whose copies must test their own library)
test-programs: $(TESTBIN)

# the programs' and the test programs' C files through the compiler's
# checks and warnings, no object made: CI's clang gate, whose library
# files its fuzz build compiles (make syntax-check CC=clang CFLAGS=-Werror)
syntax-check:
	$(CC) -fsyntax-only $(RKCPPFLAGS) $(CPPFLAGS) $(CFLAGS) $(WARN) $(FPFLAGS) \
		src/*.c tests/*.c

# TESTS: the test files or folders make check runs
TESTS = tests
check: all $(TESTBIN)
	RANKKIT_BIN="$$(pwd)/$(BINDIR)" \
	RANKKIT_TESTBIN="$$(pwd)/$(BUILD)/tests" \
	RANKKIT_SHARED="$(RANKKIT_SHARED)" \
	ASAN_OPTIONS=detect_leaks=0 \
	sh tests/check.sh $(TESTS)

check-san:
	$(MAKE) check SAN=1

# the example pipelines under valgrind: no error, no leak
check-valgrind: all
	RANKKIT_SHARED="$(RANKKIT_SHARED)" \
	sh tests/valgrind.sh

# libFuzzer harnesses (fuzz/NAME.c), built with clang and the sanitizers
# in build/fuzz; each runs FUZZ_SECONDS from its seed corpus fuzz/corpus/NAME
# with the dictionary fuzz/NAME.dict when there is one (new inputs go to
# build/fuzz/corpus/NAME, crashes to build/fuzz/). Every harness runs even
# when one before it fails; then make fails, naming those that failed.
# FUZZWRAP: the allocation functions go through fuzz/alloc.c, which frees
# what an input leaves behind (an error jumps out with buffers held).
FUZZ = lines num rankstream rankquick relevance embed options scorerank \
	matrix fuse measuretable textquote merge treceval singleshot groupfile
FUZZ_SECONDS = 10
FUZZCC = clang
# FUZZOPT: the harnesses' optimisation; CI's 3-second runs take -O0, which
# compiles the library under ASan+UBSan in half the CPU time of -O1 (57
# against 115 s on CI's kind of machine) for fewer runs a second
FUZZOPT = -O1
FUZZSAN = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZBIN = $(FUZZ:%=build/fuzz/fuzz-%)
FUZZWRAP = -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free \
	-Wl,--wrap=posix_memalign,--wrap=mmap,--wrap=munmap

# The library first, in a make of its own (its flags stamp, its objects);
# then the harnesses that are older than it or than their sources, so
# that make fuzz after make fuzz-build links nothing again (two make fuzz
# at once, CI's lanes, share the build)
fuzz-build:
	$(MAKE) CC=$(FUZZCC) BUILD_=build/fuzz \
		SANFLAGS='$(FUZZOPT) -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $(FUZZSAN)' \
		build/fuzz/librk.a
	$(MAKE) $(FUZZBIN)

build/fuzz/fuzz-%: fuzz/%.c fuzz/alloc.c build/fuzz/librk.a
	$(FUZZCC) $(RKCPPFLAGS) $(FUZZOPT) -g -fsanitize=fuzzer $(FUZZSAN) $(WARN) \
		$(FUZZWRAP) -o $@ fuzz/$*.c fuzz/alloc.c build/fuzz/librk.a $(LDLIBS)

fuzz: fuzz-build
	@failed=""; for f in $(FUZZ); do \
		mkdir -p build/fuzz/corpus/$$f && \
		ASAN_OPTIONS=detect_leaks=0 build/fuzz/fuzz-$$f -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 \
			$$(test -f fuzz/$$f.dict && echo -dict=fuzz/$$f.dict) \
			-artifact_prefix=build/fuzz/$$f- \
			build/fuzz/corpus/$$f fuzz/corpus/$$f 2>build/fuzz/$$f.log && \
		echo "fuzz $$f: $$(grep -h 'stat::number_of_executed_units' build/fuzz/$$f.log | awk '{ print $$2 }') runs, peak RSS $$(grep -h 'stat::peak_rss_mb' build/fuzz/$$f.log | awk '{ print $$2 }') MB" || \
		{ tail -40 build/fuzz/$$f.log; echo "fuzz $$f: FAILED (build/fuzz/$$f.log)"; failed="$$failed $$f"; }; \
	done; \
	if [ -n "$$failed" ]; then echo "make fuzz: failed:$$failed" >&2; exit 1; fi

# each part runs even when another fails; the status says whether all ran
bench: all
	@st=0; sh bench/run.sh || st=1; \
	RANKKIT_SHARED="$(RANKKIT_SHARED)" \
	sh bench/crossmodal.sh || st=1; sh bench/bootstrap.sh || st=1; exit $$st

bench-crossmodal: all
	RANKKIT_SHARED="$(RANKKIT_SHARED)" \
	sh bench/crossmodal.sh

bench-cmc: all
	sh bench/cmc.sh

# exact k-NN: simmat -k against faiss (python3-faiss; skipped without it)
bench-knn: all
	sh bench/knn.sh
# the 5K image-to-text protocol against faiss (IndexFlatIP, every caption
# ranked); skipped without python3-faiss
bench-protocol: all
	sh bench/protocol.sh
# treceval -q -m all_trec against trec_eval built from its tarball, on a
# 10M-line run and on one whose qrels judge non-relevant documents
bench-treceval: all
	sh bench/treceval.sh

# the peak probe and the kernel alone (bench/peak.c; PEAK='-b 24 -r 9' ...)
bench-peak: $(LIBA)
	@mkdir -p bench/data
	$(CC) -O2 $(FPFLAGS) -Ilib -o bench/data/peak bench/peak.c $(LIBA) $(LDLIBS)
	bench/data/peak $(PEAK)

# 100M lines streamed through rankof | hitrate, peak RSS (minutes, 3.8 GB)
bench-long: all
	sh bench/long.sh

# the text readers in MB/s of user CPU (OLD_BIN=dir/bin: against that build)
bench-read: all
	sh bench/read.sh

# simmat -t alone as a share of one core's FMA peak, the peak probed in turn
bench-threshold: all
	sh bench/threshold.sh

# this build against another's bin/ (OLD_BIN=...), program by program
bench-against: all
	sh bench/against.sh

# slurm.sh's gallery half at 10M items on this machine, 40 shards, two
# kinds of data (minutes; 2.7 GB of data in bench/data/scale)
bench-scale: all
	sh bench/scale.sh

# the mutation audit of tests/mutations (minutes; not part of check)
mutate:
	sh tests/mutate.sh

# every mutation of tests/mutations still finds its function and its text
# the stated number of times (no build, no tests: seconds; CI runs it)
mutate-check:
	sh tests/mutate.sh -n

demo: all
	sh examples/pipelines/demo.sh

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
		$(DESTDIR)$(MANPREFIX)/man7
	cp -f $(BIN) $(DESTDIR)$(PREFIX)/bin/
	cp -f $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	cp -f $(MAN7) $(DESTDIR)$(MANPREFIX)/man7/

uninstall:
	for p in $(PROG) $(SCRIPTS); do rm -f $(DESTDIR)$(PREFIX)/bin/$$p; done
	for p in $(PROG) $(SCRIPTS); do rm -f $(DESTDIR)$(MANPREFIX)/man1/$$p.1; done
	rm -f $(DESTDIR)$(MANPREFIX)/man7/rankkit.7 \
		$(DESTDIR)$(MANPREFIX)/man7/rankkit-tutorial.7

clean:
	rm -rf build bin

.PHONY: FORCE all test-programs syntax-check check check-san check-valgrind fuzz fuzz-build mutate bench-read \
	bench-threshold \
	mutate-check bench bench-against bench-crossmodal bench-cmc bench-knn bench-protocol bench-treceval \
	bench-peak bench-long bench-scale demo install uninstall clean
.SECONDARY: $(LIBOBJ) $(PROG:%=$(BUILD)/src/%.o) $(TESTPROG:%=$(BUILD)/tests/%.o)
