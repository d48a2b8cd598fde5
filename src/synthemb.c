/* synthemb: seeded, deterministic data for every protocol of rankkit(7):
 * image-text, class retrieval, re-identification, place recognition and
 * approximate nearest neighbours, written into a folder. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "synth/synth.h"
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/helpversion.h"
#include "util/out.h"

static const char usage_line[] =
	"synthemb [-s SEED] [-o DIR] [-n N] [-q N] [-d D] [-c C] [-k K] [-b B] "
	"[-e ERR] [--cameras N] [--distractors N] [--junk N] [--list L] "
	"[--float64] crossmodal|classes|reid|places|ann";

static const char help[] =
	"Writes seeded synthetic embeddings and relevance for one protocol into DIR.\n"
	"  crossmodal  image-text: img.npy cap.npy img.labels cap.labels, *_codes.tsv\n"
	"  classes     class retrieval: pixels.tsv spectrum.tsv shots.labels\n"
	"  reid        re-identification: query.npy gallery.npy query.labels gallery.labels\n"
	"  places      place recognition: qpos.npy dbpos.npy qdesc.npy dbdesc.npy\n"
	"  ann         nearest neighbours: base.fvecs query.fvecs approx.scores\n"
	"  -s, --seed N          the generator's seed (default 0)\n"
	"  -o, --output DIR      where the files go (default .; created if missing)\n"
	"  -n, --count N         images, classes' images, identities, database or base rows\n"
	"  -q, --queries N       place or ANN queries\n"
	"  -d, --dim D           embedding dimensions\n"
	"  -c, --captions C      captions per image (crossmodal)\n"
	"  -k, --classes K       classes (crossmodal, classes)\n"
	"  -b, --bits B          bits of the binary codes (crossmodal)\n"
	"  -e, --error ERR       relative distance error of the ANN index (ann)\n"
	"      --cameras N       cameras (reid)\n"
	"      --distractors N   distractor images (reid)\n"
	"      --junk N          junk images (reid)\n"
	"      --list L          length of each approximate result list (ann)\n"
	"      --float64         embeddings in float64 (default float32)\n"
	"  -h, --help            this help\n"
	"      --version         version\n";

enum { O_CAMERAS = 256, O_DISTRACTORS, O_JUNK, O_LIST, O_F64, O_VERSION };

static const struct option longopts[] = {
	{ "seed", required_argument, 0, 's' },
	{ "output", required_argument, 0, 'o' },
	{ "count", required_argument, 0, 'n' },
	{ "queries", required_argument, 0, 'q' },
	{ "dim", required_argument, 0, 'd' },
	{ "captions", required_argument, 0, 'c' },
	{ "classes", required_argument, 0, 'k' },
	{ "bits", required_argument, 0, 'b' },
	{ "error", required_argument, 0, 'e' },
	{ "cameras", required_argument, 0, O_CAMERAS },
	{ "distractors", required_argument, 0, O_DISTRACTORS },
	{ "junk", required_argument, 0, O_JUNK },
	{ "list", required_argument, 0, O_LIST },
	{ "float64", no_argument, 0, O_F64 },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, O_VERSION },
	{ 0, 0, 0, 0 }
};

static const char *const modes[] = {
	"crossmodal", "classes", "reid", "places", "ann", NULL
};
static void (*const run_mode[])(const struct synth_opts *) = {
	synth_crossmodal, synth_classes, synth_reid, synth_places, synth_ann
};

/* mkdir -p: dir and the folders above it that are missing */
static void make_dirs(const char *dir)
{
	char *p = xstrndup(dir, strlen(dir)), *s;

	for (s = p + 1; ; s++) {
		char c = *s;
		if (c != '/' && c != '\0')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST)
			die(EXIT_DATA, "%s: %s", p, strerror(errno));
		*s = c;
		if (c == '\0')
			break;
	}
	free(p);
}

/* sizes: at most a million rows of anything, 4096 dimensions */
#define MAXROWS 1000000L

int main(int argc, char **argv)
{
	struct synth_opts o = {
		.dir = ".", .distractors = -1, .junk = -1, .error = -1,
		.bytes = 4,
	};
	int c, mode;

	set_progname(argv[0]);
	prog_usage = usage_line;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":s:o:n:q:d:c:k:b:e:h", longopts,
				NULL)) != -1) {
		switch (c) {
		case 's':
			o.seed = (uint64_t)arg_long("-s", optarg, 0, 0x7fffffffL);
			break;
		case 'o': o.dir = optarg; break;
		case 'n': o.count = arg_long("-n", optarg, 1, MAXROWS); break;
		case 'q': o.queries = arg_long("-q", optarg, 1, MAXROWS); break;
		case 'd': o.dim = arg_long("-d", optarg, 1, 4096); break;
		case 'c': o.captions = arg_long("-c", optarg, 1, 100); break;
		case 'k': o.classes = arg_long("-k", optarg, 1, MAXROWS); break;
		case 'b': o.bits = arg_long("-b", optarg, 1, 4096); break;
		case 'e':
			o.error = arg_double("-e", optarg);
			if (!(o.error >= 0 && o.error <= 10))
				usage_error(NULL, "-e: '%s' is not in [0, 10]", optarg);
			break;
		case O_CAMERAS:
			o.cameras = arg_long("--cameras", optarg, 1, 1000);
			break;
		case O_DISTRACTORS:
			o.distractors = arg_long("--distractors", optarg, 0, MAXROWS);
			break;
		case O_JUNK: o.junk = arg_long("--junk", optarg, 0, MAXROWS); break;
		case O_LIST: o.list = arg_long("--list", optarg, 1, MAXROWS); break;
		case O_F64: o.bytes = 8; break;
		case 'h':
			show_help(usage_line, help);
		case O_VERSION:
			show_version("synthemb");
		default:
			opt_error(argv, c);
		}
	}
	if (argc - optind != 1)
		usage_error(NULL, "give one mode: crossmodal, classes, reid, places or ann");
	mode = parse_choice("mode", argv[optind], modes, NULL);
	make_dirs(o.dir);
	run_mode[mode](&o);
	out_finish();
}
