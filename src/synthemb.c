/* synthemb: seeded, deterministic data for every protocol of rankkit(7):
 * image-text, class retrieval, re-identification, place recognition and
 * approximate nearest neighbours, written into a folder. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "synth/synth.h"
#include "util/err.h"
#include "util/num.h"
#include "util/optlist.h"
#include "util/optable.h"
#include "util/out.h"

static const char usage_line[] =
	"synthemb [-s SEED] [-o DIR] [-n N] [-q N] [-d D] [-c C] [-k K] [-b B] "
	"[-e ERR] [--cameras N] [--distractors N] [--junk N] [--list L] "
	"[--float64] crossmodal|classes|reid|places|ann";

enum { O_CAMERAS = OPT_OWN, O_DISTRACTORS, O_JUNK, O_LIST, O_F64 };

/* the options and --help in its order */
static const struct optdef opts[] = {
	{ NULL, 0, 0,
	  "Writes seeded synthetic embeddings and relevance for one protocol into DIR.\n"
	  "  crossmodal  image-text: img.npy cap.npy img.labels cap.labels, *_codes.tsv\n"
	  "  classes     class retrieval: pixels.tsv spectrum.tsv shots.labels\n"
	  "  reid        re-identification: query.npy gallery.npy query.labels gallery.labels\n"
	  "  places      place recognition: qpos.npy dbpos.npy qdesc.npy dbdesc.npy\n"
	  "  ann         nearest neighbours: base.fvecs query.fvecs approx.scores\n" },
	{ "seed", 's', 1,
	  "  -s, --seed N          the generator's seed (default 0)\n" },
	{ "output", 'o', 1,
	  "  -o, --output DIR      where the files go (default .; created if missing)\n" },
	{ "count", 'n', 1,
	  "  -n, --count N         images, classes' images, identities, database or base rows\n" },
	{ "queries", 'q', 1,
	  "  -q, --queries N       place or ANN queries\n" },
	{ "dim", 'd', 1,
	  "  -d, --dim D           embedding dimensions\n" },
	{ "captions", 'c', 1,
	  "  -c, --captions C      captions per image (crossmodal)\n" },
	{ "classes", 'k', 1,
	  "  -k, --classes K       classes (crossmodal, classes)\n" },
	{ "bits", 'b', 1,
	  "  -b, --bits B          bits of the binary codes (crossmodal)\n" },
	{ "error", 'e', 1,
	  "  -e, --error ERR       relative distance error of the ANN index (ann)\n" },
	{ "cameras", O_CAMERAS, 1,
	  "      --cameras N       cameras (reid)\n" },
	{ "distractors", O_DISTRACTORS, 1,
	  "      --distractors N   distractor images (reid)\n" },
	{ "junk", O_JUNK, 1,
	  "      --junk N          junk images (reid)\n" },
	{ "list", O_LIST, 1,
	  "      --list L          length of each approximate result list (ann)\n" },
	{ "float64", O_F64, 0,
	  "      --float64         embeddings in float64 (default float32)\n" },
	{ "help", OPT_HELP, 0,
	  "  -h, --help            this help\n" },
	{ "version", OPT_VERSION, 0,
	  "      --version         version\n" },
};

/* sizes: at most a million rows of anything, 4096 dimensions */
#define MAXROWS 1000000L

/* one option (optable.h's take) */
static int take(void *ctx, int key, const char *arg)
{
	struct synth_opts *o = ctx;

	switch (key) {
	case 's': o->seed = (uint64_t)arg_long("-s", arg, 0, 0x7fffffffL); break;
	case 'o': o->dir = arg; break;
	case 'n': o->count = arg_long("-n", arg, 1, MAXROWS); break;
	case 'q': o->queries = arg_long("-q", arg, 1, MAXROWS); break;
	case 'd': o->dim = arg_long("-d", arg, 1, 4096); break;
	case 'c': o->captions = arg_long("-c", arg, 1, 100); break;
	case 'k': o->classes = arg_long("-k", arg, 1, MAXROWS); break;
	case 'b': o->bits = arg_long("-b", arg, 1, 4096); break;
	case 'e':
		o->error = arg_double("-e", arg);
		if (!(o->error >= 0 && o->error <= 10))
			usage_error(NULL, "-e: '%s' is not in [0, 10]", arg);
		break;
	case O_CAMERAS: o->cameras = arg_long("--cameras", arg, 1, 1000); break;
	case O_DISTRACTORS:
		o->distractors = arg_long("--distractors", arg, 0, MAXROWS);
		break;
	case O_JUNK: o->junk = arg_long("--junk", arg, 0, MAXROWS); break;
	case O_LIST: o->list = arg_long("--list", arg, 1, MAXROWS); break;
	case O_F64: o->bytes = 8; break;
	default:
		return 0;
	}
	return 1;
}

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


int main(int argc, char **argv)
{
	struct synth_opts o = {
		.dir = ".", .distractors = -1, .junk = -1, .error = -1,
		.bytes = 4,
	};
	struct optable t = { .name = "synthemb", .usage = usage_line,
			     .defs = opts, .ndefs = sizeof opts / sizeof opts[0],
			     .take = take, .ctx = &o };
	int first = optable_parse(&t, argc, argv), mode;

	if (argc - first != 1)
		usage_error(NULL, "give one mode: crossmodal, classes, reid, places or ann");
	mode = parse_choice("mode", argv[first], modes, NULL);
	make_dirs(o.dir);
	run_mode[mode](&o);
	out_finish();
}
