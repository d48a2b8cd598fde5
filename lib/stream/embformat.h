/* The pieces the embedding readers share and each format's reader, for
 * embed.c (embed.h is the interface) and npylabels.c: whole inputs read, little-endian
 * values made native, sizes checked, the finiteness check, the mapping of
 * a .npy file's values, text lines and the ids they name. */
#ifndef RK_EMBFORMAT_H
#define RK_EMBFORMAT_H
#include <stddef.h>
#include <stdint.h>
#include "stream/embed.h"
#include "util/slice.h"

/* ---- embinput.c: inputs read whole, byte order, sizes */

/* an input read into memory whole */
struct embbuf {
	unsigned char *p;
	size_t n;
};

/* path opened for reading ("-": standard input, descriptor 0), or dies */
int embinput_open(const char *path);
void embinput_close(int fd);
/* read(2) into dst until n bytes or the end of the input; the count */
size_t embinput_read(int fd, const char *path, void *dst, size_t n);
/* the rest of the input after the n bytes already read at head, into b */
void embinput_slurp_rest(int fd, const char *path, const unsigned char *head,
			 size_t n, struct embbuf *b);
/* the whole of path into b */
void embinput_slurp(const char *path, struct embbuf *b);
int host_is_le(void);
uint32_t rd_le32(const unsigned char *p);
/* count little-endian values of size sz at p made native, in place */
void native_order(unsigned char *p, size_t count, size_t sz);
/* The matrix type for integer values that span `span` (hi - lo) in rows
 * of dim values. A sum of dim products or squared differences of such
 * values is at most dim span^2 in magnitude, and so is every partial sum,
 * each an integer: float32 holds them all exactly when dim span^2 <= 2^24
 * (bytes: dim <= 258), float64 up to 2^53; so dot and l2's sums are
 * exact integers (simmat(1), "Formats"). */
enum embtype exact_int_type(double span, size_t dim);
/* a * b, or dies naming path when the product overflows */
size_t mul_or_die(const char *path, size_t a, size_t b);

/* ---- embed.c: one file read (check: its values checked too), rows named
 * by their numbers */
void embed_read_file(struct embed *emb, const char *path, int check);
void embed_number_rows(struct embed *emb);

/* ---- embparts.c: several files as one matrix (embed.h, struct embed) */

/* the n files as emb, one gallery, each file's values left unread */
void embparts_read(struct embed *emb, const char *const *paths, size_t n);
/* rows r0 .. r1-1 and rows[0 .. n-1] (ascending) copied into emb->data
 * from their files, their values checked, naming the file and its row */
void embparts_fill(const struct embed *emb, size_t r0, size_t r1,
		   const size_t *rows, size_t n);
/* the parts made float64, the block made anew for float64 rows (before
 * any is copied in: kernel_init converts before it packs) */
void embparts_to_f64(struct embed *emb);
/* the parts and the block given back */
void embparts_free(struct embed *emb);

/* ---- embmap.c: the values of a .npy file mapped */

/* 1 when the need bytes of values at offset off of the regular file fd
 * (values of size esz) are mapped as emb's matrix; 0 when they cannot be
 * (then they are read) */
int embmap_values(struct embed *emb, int fd, size_t off, size_t need,
		  size_t esz);
/* emb's mapping given back (emb->map NULL after); a read of a mapping
 * that lost its file's pages is an error naming the file until then */
void embmap_unmap(struct embed *emb);

/* ---- the formats (npy.c, vecs.c, embtext.c) */

/* a .npy file whose first n (< 12) bytes, at head, hold the magic */
void npy_read(struct embed *emb, int fd, unsigned char *head, size_t n);
/* a .npy file's header, read after its first n (< 12) bytes at head
 * (room for 12): dtype, rank, shape, order and where the values begin;
 * dies on a bad header */
struct npyhdr {
	char descr[16];		/* "<f4", "<i8", "|u1", ... */
	int fortran;
	size_t rank, shape[8];
	size_t off;		/* the values' offset in the file */
};
void npy_read_header(const char *path, int fd, unsigned char *head, size_t n,
		     struct npyhdr *nh);
/* the bytes left in the input, read and counted */
size_t npy_count_rest(int fd, const char *path);
/* .fvecs (kind 'f'), .bvecs ('b') or .ivecs ('i') */
void vecs_read(struct embed *emb, struct embbuf *b, int kind);
/* "id v1 .. vD" lines */
void embtext_read(struct embed *emb, struct embbuf *b);

/* the next line of b from *pos, without "\n" or "\r\n"; 0 at the end */
int embbuf_line(const struct embbuf *b, size_t *pos, struct slice *line);
/* 1 for a line of blanks only or a '#' comment */
int blank_or_comment(struct slice line);

/* ids gathered one by one, then given to an embedding */
struct idlist {
	char *ids;
	size_t used, cap;
	size_t *off, *len;
	long *line;
	size_t n, offcap, lencap, linecap;
};
void idlist_add(struct idlist *ids, struct slice id, long line);
/* the ids become emb's, named as coming from file */
void idlist_give(struct idlist *ids, struct embed *emb, const char *file);

#endif
