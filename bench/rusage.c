/*
 * rusage: run a command and write its wall time, CPU times and peak resident
 * set size to a file, for bench/run.sh (portable stand-in for GNU time's
 * `-f %e` and `-f %M`, with sub-millisecond wall times).
 *
 * usage: rusage -o FILE command [arg ...]
 *
 * FILE gets one line: `wall_s user_s sys_s maxrss_kib` (ru_maxrss of the
 * command and whatever it waited for; kilobytes on Linux and the BSDs, bytes
 * on macOS, converted to KiB there). The command's exit status is passed
 * through (128 + signal number if it was killed); the command inherits stdin,
 * stdout and stderr, so `rusage -o f prog args | next` times prog alone.
 *
 * cc -O2 -o rusage rusage.c
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE	/* ru_maxrss is not in POSIX's struct rusage */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
tv(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	const char *out = NULL;
	FILE *f;
	pid_t pid;
	int c, st;
	long rss;

	while ((c = getopt(argc, argv, "+o:")) != -1) {
		if (c != 'o')
			goto usage;
		out = optarg;
	}
	if (!out || optind >= argc)
		goto usage;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((pid = fork()) == -1) {
		fprintf(stderr, "rusage: fork: %s\n", strerror(errno));
		return 1;
	}
	if (pid == 0) {
		execvp(argv[optind], argv + optind);
		fprintf(stderr, "rusage: %s: %s\n", argv[optind], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR) {
			fprintf(stderr, "rusage: waitpid: %s\n", strerror(errno));
			return 1;
		}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	getrusage(RUSAGE_CHILDREN, &ru);
	rss = ru.ru_maxrss;
#ifdef __APPLE__
	rss /= 1024;
#endif
	if (!(f = fopen(out, "w"))) {
		fprintf(stderr, "rusage: %s: %s\n", out, strerror(errno));
		return 1;
	}
	fprintf(f, "%.4f %.4f %.4f %ld\n",
	    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
	    tv(ru.ru_utime), tv(ru.ru_stime), rss);
	if (fclose(f) == EOF) {
		fprintf(stderr, "rusage: %s: %s\n", out, strerror(errno));
		return 1;
	}
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
usage:
	fprintf(stderr, "usage: rusage -o FILE command [arg ...]\n");
	return 2;
}
