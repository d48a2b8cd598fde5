/* libFuzzer: treceval's readers and pass (lib/trec/): the qrels (16 bytes
 * a judgment, sorted when they are not in order), the run (topics in one
 * piece ranked on the way, interleaved ones grouped), then every topic's
 * measures. Byte 0 chooses options: -c, -M 3, -J, the run from a pipe
 * (read through its copy under TMPDIR), -j 1 (else the default: the
 * files split into fields on up to two worker threads, trecscan.h); the
 * rest is the qrels up to a NUL byte, then the run. Output goes to
 * memory; on success every line is "measure<tab>topic<tab>value" (three
 * fields). */
#include "fuzz.h"
#include "trec/trecargs.h"
#include "trec/trecdrive.h"
#include "util/out.h"

/* every line of the n bytes at p holds exactly two tabs */
static int three_fields(const char *p, size_t n)
{
	size_t i, tabs = 0;

	for (i = 0; i < n; i++) {
		if (p[i] == '\t')
			tabs++;
		else if (p[i] == '\n') {
			if (tabs != 2)
				return 0;
			tabs = 0;
		}
	}
	return 1;
}

/* the run file written to a pipe read as standard input: the copy
 * under TMPDIR of trecfile_read. 0 when no pipe can be made (the file
 * is read then); the write end closed, the input fitting the pipe */
static int pipe_stdin(const uint8_t *data, size_t size)
{
	int fd[2];

	if (size > 4096 || pipe(fd) != 0)
		return 0;
	if (write(fd[1], data, size) != (ssize_t)size || dup2(fd[0], 0) < 0) {
		close(fd[0]);
		close(fd[1]);
		return 0;
	}
	close(fd[0]);
	close(fd[1]);
	return 1;
}

/* argv's strings, writable as main's are */
static char prog[] = "treceval", q_opt[] = "-q", all_trec[] = "-mall_trec",
	c_opt[] = "-c", m3_opt[] = "-M3", j_opt[] = "-J", one_opt[] = "-j1";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char q[256], r[256];
	static struct membuf out;
	char *argv[12];
	const uint8_t *sep;
	struct trecopts o;
	struct treceval te;
	int argc = 0, opt;

	if (size < 1)
		return 0;
	opt = data[0];
	data++;
	size--;
	sep = memchr(data, 0, size);
	if (!sep)
		return 0;
	snprintf(q, sizeof q, "%s", fuzz_file("qrels", data,
		 (size_t)(sep - data)));
	snprintf(r, sizeof r, "%s", fuzz_file("run", sep + 1,
		 size - (size_t)(sep + 1 - data)));
	if (opt & 8 && pipe_stdin(sep + 1, size - (size_t)(sep + 1 - data)))
		snprintf(r, sizeof r, "-");
	argv[argc++] = prog;
	argv[argc++] = q_opt;
	argv[argc++] = all_trec;
	if (opt & 1)
		argv[argc++] = c_opt;
	if (opt & 2)
		argv[argc++] = m3_opt;
	if (opt & 4)
		argv[argc++] = j_opt;
	if (opt & 16)
		argv[argc++] = one_opt;
	argv[argc++] = q;
	argv[argc++] = r;
	argv[argc] = NULL;
	memset(&out, 0, sizeof out);
	out_capture(&out);
	optind = 0;	/* getopt_long's state started again (glibc) */
	FUZZ_TRAPPED({
		trecargs_parse(&o, argc, argv);
		treceval_open(&te, &o);
		while (treceval_topic(&te))
			;
		treceval_close(&te);
		trecargs_free(&o);
		out_flush();
		if (!three_fields(out.p, out.n))
			abort();
	});
	out_capture(NULL);
	return 0;
}
