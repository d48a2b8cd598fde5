/* Inputs packed the way ML data travels: a .npz (zip) archive, or a file
 * compressed by gzip, zstd, xz or bzip2, recognized by its first bytes
 * where an embedding, label or qrels file is expected, and refused in one
 * line that names the command unpacking it. */
#ifndef RK_ARCHIVE_H
#define RK_ARCHIVE_H
#include <stddef.h>

/* the bytes an archive is known by at most (archive_refuse's n) */
enum { ARCHIVE_MAGIC_MAX = 10 };

/* dies when the first n bytes of path, at head, begin an archive or a
 * compressed file, naming the fix; returns otherwise */
void archive_refuse(const char *path, const unsigned char *head, size_t n);
/* the same for a file named by path, its first bytes read here; standard
 * input ("-"), pipes and files that cannot be opened are left to their
 * reader */
void archive_refuse_file(const char *path);

#endif
