/* Cameras from a file of their own (rankof --query-cameras,
 * --item-cameras), beside a labels file without them: a 1-D .npy integer
 * array, or text with one camera per line; the camera of the labels file's
 * record i (its i-th line or row) is the file's i-th. */
#ifndef RK_CAMERAFILE_H
#define RK_CAMERAFILE_H
#include "stream/labelfile.h"
#include "util/strmap.h"

/* Reads path and gives each record of lf its camera, interned into cams.
 * Dies naming the file on a bad line or array, a count that is not the
 * labels file's, and labels that carry cameras already. */
void camerafile_apply(struct labelfile *lf, const char *path,
		      struct strmap *cams);

#endif
