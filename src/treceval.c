/* treceval: trec_eval's command line, measures and output, from rankkit's
 * rank counting and measures: qrels and a TREC run in, what trec_eval 10.0
 * prints out. */
#include "trec/trecargs.h"
#include "trec/trecdrive.h"
#include "util/out.h"

int main(int argc, char **argv)
{
	struct trecopts o;
	struct treceval te;

	trecargs_parse(&o, argc, argv);
	treceval_open(&te, &o);
	while (treceval_topic(&te))
		;
	treceval_close(&te);
	trecargs_free(&o);
	out_finish();
}
