/* An output file the program names (synthemb's files, cmc --svg), whole
 * or not at all: written under a temporary name in its folder and renamed
 * to its name only once complete, so that a failure -- a full disk, a
 * file-size limit, an error in the data -- leaves nothing that looks
 * finished to a make rule. The temporary file of a program that exits
 * before the rename is removed at exit. A name that is not a regular file
 * (/dev/stdout, a pipe, a symbolic link) is written in place. One thread
 * opens and closes them. */
#ifndef RK_SAVEFILE_H
#define RK_SAVEFILE_H

struct savefile {
	int fd;			/* where to write */
	char *path;		/* the name */
	char *tmp;		/* the temporary name; NULL: written in place */
};

/* opens path for writing, or dies "prog: path: what" (exit 1) */
void savefile_open(struct savefile *f, const char *path);
/* After the caller has closed f->fd with every write checked: gives the
 * file its name, or dies naming it. */
void savefile_commit(struct savefile *f);
/* closes f->fd, then savefile_commit; dies on a failed close */
void savefile_close(struct savefile *f);

#endif
