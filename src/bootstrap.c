/* bootstrap: measure streams to confidence intervals of the mean (one
 * file) and paired comparisons of systems (several files of the same
 * queries), by resampling queries. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/helpversion.h"
#include "util/out.h"
#include "util/pool.h"
#include "stream/measuretable.h"
#include "stats/bootreport.h"

static const char usage_line[] =
	"bootstrap [--wilson] [-B N] [-s seed] [-c percent] [--method percentile|bca] "
	"[--permutations N] [-j N] [-p decimals] [measures ...]";

static const char help[] =
	"Reads per-query measure streams (-q output of hitrate, mapr, ndcg).\n"
	"One file: each measure's mean and its bootstrap interval. Several files\n"
	"(systems on the same queries): each against the first, the interval of\n"
	"the mean difference and a sign-flip test's p (Holm-adjusted for three\n"
	"or more files).\n"
	"  -B, --resamples N       bootstrap resamples (default 10000)\n"
	"  -s, --seed S            seed of the random generator (default 1)\n"
	"  -c, --confidence C      coverage in percent (default 95)\n"
	"      --method M          percentile (default) or bca\n"
	"      --permutations N    sign-flip draws for p (default 10000)\n"
	"      --wilson            Wilson's interval too, for 0/1 measures (one file)\n"
	"  -j, --jobs N            threads (default: online CPUs, at most 8)\n"
	"  -p, --precision N       decimals (default 4; p has at least 6)\n"
	"  -h, --help              this help\n"
	"      --version           version\n";

enum { O_METHOD = 256, O_PERM, O_WILSON, O_VERSION };

static const struct option longopts[] = {
	{ "resamples", required_argument, 0, 'B' },
	{ "seed", required_argument, 0, 's' },
	{ "confidence", required_argument, 0, 'c' },
	{ "method", required_argument, 0, O_METHOD },
	{ "permutations", required_argument, 0, O_PERM },
	{ "wilson", no_argument, 0, O_WILSON },
	{ "jobs", required_argument, 0, 'j' },
	{ "precision", required_argument, 0, 'p' },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, O_VERSION },
	{ 0, 0, 0, 0 }
};

static double confidence_arg(const char *text)
{
	double c = arg_double("-c", text);
	if (!(c > 0 && c < 100))
		usage_error(NULL, "-c: '%s' is not a percentage between 0 and 100",
			    text);
	return c / 100;
}

int main(int argc, char **argv)
{
	static const char *const methods[] = { "percentile", "bca", NULL };
	struct bootopts o = {
		.resamples = 10000, .permutations = 10000, .seed = 1,
		.confidence = 0.95, .method = METHOD_PERCENTILE,
		.threads = pool_ncpu() < 8 ? pool_ncpu() : 8, .decimals = 4,
	};
	int c, stdin_uses = 0;

	set_progname(argv[0]);
	prog_usage = usage_line;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":B:s:c:j:p:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'B': o.resamples = arg_long("-B", optarg, 1, 100000000L); break;
		case 's': o.seed = (uint64_t)arg_long("-s", optarg, 0, 2147483647L); break;
		case 'c': o.confidence = confidence_arg(optarg); break;
		case O_METHOD: o.method = parse_choice("--method", optarg, methods, NULL); break;
		case O_PERM:
			o.permutations = arg_long("--permutations", optarg, 1, 1000000000L);
			break;
		case O_WILSON: o.wilson = 1; break;
		case 'j': o.threads = (int)arg_long("-j", optarg, 1, 256); break;
		case 'p': o.decimals = (int)arg_long("-p", optarg, 0, 17); break;
		case 'h':
			show_help(usage_line, help);
		case O_VERSION:
			show_version("bootstrap");
		default:
			opt_error(argv, c);
		}
	}
	int nfiles = argc - optind;
	if (nfiles > 26)
		usage_error(NULL, "at most 26 files (systems A to Z)");
	if (o.wilson && nfiles > 1)
		usage_error(NULL, "--wilson needs exactly one file");
	for (int i = optind; i < argc; i++)
		stdin_uses += strcmp(argv[i], "-") == 0;
	if (stdin_uses > 1)
		usage_error(NULL, "standard input ('-') can be read once");

	struct mtable *tab = xcalloc(nfiles ? (size_t)nfiles : 1, sizeof *tab);
	if (nfiles == 0)
		mtable_read(&tab[0], "-");
	for (int i = 0; i < nfiles; i++)
		mtable_read(&tab[i], argv[optind + i]);
	if (nfiles <= 1)
		boot_one(&tab[0], &o);
	else
		boot_compare(tab, nfiles, &o);
	for (int i = 0; i < (nfiles ? nfiles : 1); i++)
		mtable_free(&tab[i]);
	free(tab);
	out_finish();
}
