/* Writing the generator's matrices in the formats that the embedding
 * readers take (rankkit(7)): .npy version 1.0, 2-D, C order, '<f4' or
 * '<f8' (NumPy's format.py layout: magic, version, little-endian header
 * length, a dict padded with spaces to a multiple of 64 bytes); .fvecs
 * (each row: its dimension as a little-endian int32, then float32 values);
 * text ("id v1 ... vD", the row number as id, the shortest decimals that
 * read back to the stored value); and labels files ("id label [camera]").
 * Bytes are assembled one by one, so big-endian machines write the same
 * files. */
#ifndef RK_EMBWRITE_H
#define RK_EMBWRITE_H
#include "synth/matrix.h"

/* bytes: 4 (float32) or 8 (float64) */
void write_npy(const char *dir, const char *name, const struct matrix *mat,
	       int bytes);
void write_fvecs(const char *dir, const char *name, const struct matrix *mat);
/* values as float32 (bytes 4) or float64 (bytes 8), as the .npy holds them */
void write_text(const char *dir, const char *name, const struct matrix *mat,
		int bytes);
/* row i: "i label[i]" or "i label[i] cam[i]" (cam may be NULL) */
void write_labels(const char *dir, const char *name, size_t n,
		  const long *label, const long *cam);

#endif
