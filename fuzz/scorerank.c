/* libFuzzer: the score-stream reader of rankof on one thread and on N.
 * The first four bytes choose the run: byte 0 the threads (2 to 4), qrels
 * or labels, --unlabeled-irrelevant, -x and the tie break; bytes 1 and 2
 * the chunk sizes of the two runs (RANKKIT_CHUNK, 64 to 319 bytes, so
 * that queries straddle chunks); byte 3 --shard I/N; byte 4 -M (0 to 3),
 * -u (with qrels) and --explain q1 q2. The rest is the stream. Both runs go on here, under the fuzzer's coverage, when the one
 * on one thread succeeds; when it fails, the run on N threads goes on in
 * a child process, which takes with it what the error leaves allocated
 * (the pool has stopped its workers before the error reaches the trap
 * here: pool.c). The two must agree: the same exit status, line and
 * message, and on success the same bytes, the same explanation on stderr
 * and the same counts, and every line a rank-stream line. */
#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include "fuzz.h"
#include "rank/scorerank.h"
#include "util/out.h"

static const char qrels_text[] =
	"q1 0 d1 1\nq1 0 d2 2\nq1 0 d3 0\nq2 0 d2 1\nq3 0 d9 1\n";
static const char labels_text[] =
	"q1 A\nq2 B\nq3 A\nd1 A\nd2 B\nd3 A\nd4 C\n";

struct setup {
	struct relsrc *rel;
	int brk;
	long shard, nshards;
	long maxret;		/* -M, 0: none */
	int explain;		/* --explain q1 q2 */
};

static const char *const explained[] = { "q1", "q2" };

/* the relevance files, loaded once; per input only the options change */
static struct relsrc *relevance(int labels)
{
	static struct relsrc qrels, lab;
	static char qpath[256], lpath[256];	/* names the readers keep */
	static int loaded;

	if (!loaded) {
		snprintf(qpath, sizeof qpath, "%s", fuzz_file("qrels",
			 (const uint8_t *)qrels_text, sizeof qrels_text - 1));
		qrels.min_grade = 1;
		rel_load_qrels(&qrels, qpath);
		snprintf(lpath, sizeof lpath, "%s", fuzz_file("labels",
			 (const uint8_t *)labels_text, sizeof labels_text - 1));
		lab.min_grade = 1;
		rel_load_labels(&lab, NULL, lpath);
		loaded = 1;
	}
	return labels ? &lab : &qrels;
}

/* Ranks the stream in the file in, read as stdin (an error leaves no
 * descriptor open), with nthreads and chunk bytes into the file result:
 * the rank-stream lines, then a line of the exit status, the error's line
 * and message, and the ranker's counts; the explanation (stderr) into
 * result.err. Each process opens in itself: a shared descriptor would
 * share its offset. */
static int run(const struct setup *s, const char *in, const char *result,
	       int nthreads, int chunk)
{
	static struct errtrap trap;
	static struct ranker rk;
	char env[16];
	char errpath[256];
	int fd = open(result, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int infd = open(in, O_RDONLY), saved = dup(1), savederr = dup(2);
	int errfd;

	snprintf(errpath, sizeof errpath, "%s.err", result);
	errfd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || infd < 0 || errfd < 0 || saved < 0 || savederr < 0 ||
	    dup2(fd, 1) < 0 || dup2(infd, 0) < 0 || dup2(errfd, 2) < 0)
		abort();
	close(fd);
	close(infd);
	close(errfd);
	snprintf(env, sizeof env, "%d", chunk);
	setenv("RANKKIT_CHUNK", env, 1);
	fuzz_track_begin();	/* an error's leftovers go at the end */
	ranker_init(&rk, s->rel, s->brk, 0);
	rk.shard = s->shard;
	rk.nshards = s->nshards;
	rk.maxret = s->maxret;
	if (s->explain)
		ranker_explain(&rk, explained, 2);
	trap.status = 0;
	trap.line = 0;
	trap.msg[0] = '\0';
	err_trap = &trap;
	if (setjmp(trap.jb) == 0)
		scorerank_run(&rk, "-", nthreads);
	err_trap = NULL;
	out_capture(NULL);
	out_flush();
	dprintf(1, "\nstatus %d line %ld: %s\n", trap.status, trap.line,
		trap.msg);
	if (trap.status == 0)
		dprintf(1, "unjudged %ld unlabeled %ld written %ld none %ld "
			"position %ld\n", rk.unjudged, rk.unlabeled, rk.written,
			rk.none_retrieved, rk.position);
	ranker_free(&rk);
	fuzz_track_end();
	if (dup2(saved, 1) < 0 || dup2(savederr, 2) < 0)
		abort();
	close(saved);
	close(savederr);
	return trap.status;
}

/* the whole file at path, NUL-terminated; *n gets its length */
static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *p = NULL;
	size_t cap = 0, r;

	if (!f)
		abort();
	*n = 0;
	do {
		xgrow((void **)&p, &cap, *n + 4097, 1);
		r = fread(p + *n, 1, 4096, f);
		*n += r;
	} while (r > 0);
	fclose(f);
	p[*n] = '\0';
	return p;
}

/* the status line of a result: its text from "\nstatus " on */
static const char *status_of(const char *r)
{
	const char *s = strstr(r, "\nstatus "), *t;
	if (!s)
		abort();
	while ((t = strstr(s + 1, "\nstatus ")) != NULL)
		s = t;
	return s;
}

/* the explanations of the two runs, result.err, are the same bytes */
static void compare_err(const char *one_path, const char *many_path)
{
	char p1[256], pn[256];
	size_t n1, nn;
	char *one, *many;

	snprintf(p1, sizeof p1, "%s.err", one_path);
	snprintf(pn, sizeof pn, "%s.err", many_path);
	one = slurp(p1, &n1);
	many = slurp(pn, &nn);
	if (n1 != nn || memcmp(one, many, n1) != 0)
		abort();
	free(one);
	free(many);
}

/* On success every line of the stream is a rank-stream line: 6 fields.
 * On failure both runs name the same error; on success they are equal
 * byte for byte, counts and explanation included. */
static void compare(const char *one_path, const char *many_path)
{
	size_t n1, nn;
	char *one = slurp(one_path, &n1), *many = slurp(many_path, &nn);
	const char *s1 = status_of(one), *sn = status_of(many), *p;

	size_t len = strcspn(s1 + 1, "\n");

	if (len != strcspn(sn + 1, "\n") || memcmp(s1, sn, len + 1) != 0)
		abort();
	if (strncmp(s1, "\nstatus 0 ", 10) == 0) {
		if (n1 != nn || memcmp(one, many, n1) != 0)
			abort();
		for (p = one; p < s1; p = strchr(p, '\n') + 1) {
			size_t n = strcspn(p, "\n"), tabs = 0, i;
			for (i = 0; i < n; i++)
				tabs += p[i] == '\t';
			if (tabs != 5)
				abort();
		}
		compare_err(one_path, many_path);
	}
	free(one);
	free(many);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char in[256], one[256], many[256];
	struct setup s;
	int nthreads, st;
	pid_t pid, w;

	if (size < 5)
		return 0;
	snprintf(in, sizeof in, "%s", fuzz_file("scores", data + 5, size - 5));
	snprintf(one, sizeof one, "%s.one", in);
	snprintf(many, sizeof many, "%s.many", in);
	nthreads = 2 + data[0] % 3;
	s.rel = relevance(data[0] >> 2 & 1);
	s.rel->unlabeled_ok = data[0] >> 3 & 1;
	s.rel->exclude_self = data[0] >> 4 & 1;
	s.brk = (data[0] >> 5) % 3;	/* BREAK_NONE, BREAK_INPUT, BREAK_ID */
	s.nshards = 1 + data[3] % 3;
	s.shard = (data[3] >> 2) % s.nshards;
	s.maxret = data[4] & 3;
	s.rel->keep_unjudged = !(data[0] >> 2 & 1) && (data[4] >> 2 & 1);
	s.explain = data[4] >> 3 & 1;
	if (run(&s, in, one, 1, 64 + data[1]) == 0) {
		/* a failure here is a finding: compare aborts, whatever the
		 * workers left behind */
		run(&s, in, many, nthreads, 64 + data[2]);
		compare(one, many);
		return 0;
	}
	fflush(NULL);
	if ((pid = fork()) < 0)
		abort();
	if (pid == 0) {
		run(&s, in, many, nthreads, 64 + data[2]);
		_exit(0);
	}
	/* the fuzzer's timer interrupts the wait */
	while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	if (w != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		abort();
	compare(one, many);
	return 0;
}
