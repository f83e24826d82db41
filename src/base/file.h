/* file.h: reading whole files, and writing files whole or not at all.
 *
 * read_file() is how the library reads its own inputs (rules, models,
 * training texts): it names the file in every error. Pages are read through
 * the page source instead (source/page.h).
 *
 * An atomic_file is the one way the programs write an output file: the data
 * goes to a temporary file created next to the target with O_EXCL (so a
 * planted file or symlink is never written through) and is renamed over the
 * target only when everything was written; otherwise the temporary file is
 * removed. The struct keeps both names in fixed buffers so that a signal
 * handler can remove the temporary file with async-signal-safe calls.
 *
 * Leftovers. A writer killed with SIGKILL (or a crash, a power cut) runs
 * no handler, and its temporary file stays: hidden, and on a long WET run
 * gigabytes. So the writer holds a lock on its temporary file, an open
 * file description lock (F_OFD_SETLK), from the moment the file exists
 * until it is renamed or removed; the kernel drops the lock when the
 * writer dies, however it dies. A later run takes a file named as
 * temporary files are named (".NAME.tmp." and 12 hex digits), regular and
 * its own user's, whose lock it can take for a leftover of a writer that
 * is gone, and removes it (atomic_file_remove_leftovers()). No pid is
 * trusted: the lock tells across PID namespaces and, on a file system that
 * keeps locks for its clients (NFS), across machines; on one without
 * locks nothing is ever taken for a leftover. A writer that finds its new
 * file locked (a remover got there first) tries another name. Temporary
 * files of versions before the lock hold none: one found is a leftover.
 */
#ifndef NC_FILE_H
#define NC_FILE_H

#include <limits.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>

#include "base/error.h"
#include "base/strbuf.h"

/* --- reading ---------------------------------------------------------------- */

/* Append the whole of `path` ("-" is standard input) to `out`. Fails with
 * NC_ERR_LIMIT when the file is larger than `max_bytes` (0: no limit; a
 * regular file's size is checked before anything is read), and with
 * NC_ERR_IO naming the file when it cannot be opened or read, or is not a
 * regular file (a FIFO could block for ever). */
int read_file(const char *path, size_t max_bytes, struct strbuf *out, struct nc_error *err);

/* Append everything `fd` yields to `out`, as read_file() does; `name` names
 * it in errors. The descriptor is not closed. */
int read_fd(int fd, const char *name, size_t max_bytes, struct strbuf *out,
	    struct nc_error *err);

/* True when `path` names a directory (symlinks followed). */
int is_directory(const char *path);

/* Open `path` for reading: a descriptor, or -1 with an error naming the file
 * (cannot open; is a directory; with `regular_only`, not a regular file).
 * The open never blocks: a FIFO without a writer is opened non-blocking and
 * refused (or, when allowed, switched back to blocking reads). */
int open_input_file(const char *path, int regular_only, struct nc_error *err);

/* A temporary file that has no name (unlinked at once, or never linked:
 * O_TMPFILE), in $TMPDIR or else /tmp, open for reading and writing: it
 * vanishes with the process, whatever kills it. NULL with NC_ERR_IO. */
FILE *anonymous_temp_file(struct nc_error *err);

/* --- writing whole or not at all ------------------------------------------- */

struct atomic_file {
	FILE *stream;                      /* write here between open and commit */
	int dir_fd;                        /* the directory written in (owned while open) */
	int lock_fd;                       /* holds the lock on tmp_name (see above), or -1 */
	size_t leftovers;                  /* removed by atomic_file_open() (see there) */
	char name[NAME_MAX + 1];           /* the target, in dir_fd */
	char tmp_name[NAME_MAX + 1];       /* the temporary file, in dir_fd */
	char display[PATH_MAX];            /* the target, as messages name it */
	atomic_int pending;                /* 1 while tmp_name exists and is ours */
};

/* An atomic_file that is not open (so abort and emergency removal are
 * no-ops); open() does this itself. */
void atomic_file_init(struct atomic_file *file);

/* Create the temporary file for `path` in the directory `path` names (a
 * symlinked directory there is the user's choice and is followed). The
 * temporary name is hidden (".NAME.tmp.RANDOM"), so a walk never takes a
 * leftover for an input; its mode is 0666 less the umask, as a plain fopen
 * would give. Signals are blocked (in this thread) from the moment the file
 * exists until `pending` says so, so a handler never leaves it behind.
 * The leftovers of earlier writers of `path` are removed first
 * (atomic_file_remove_leftovers()); `leftovers` says how many, for the
 * caller to say so (atomic_file_leftovers_notice()). */
int atomic_file_open(struct atomic_file *file, const char *path, struct nc_error *err);

/* The same for the file `name` (no slash) in the open directory `dir_fd`
 * (duplicated, so the caller keeps its own); `display` names it in errors. */
int atomic_file_open_at(struct atomic_file *file, int dir_fd, const char *name,
			const char *display, struct nc_error *err);

/* Close the stream and rename the temporary file over the target. On any
 * error the temporary file is removed and the target left as it was. */
int atomic_file_commit(struct atomic_file *file, struct nc_error *err);

/* Close and remove the temporary file (nothing if none is open). */
void atomic_file_abort(struct atomic_file *file);

/* For a signal handler: remove the temporary file, if any. Async-signal-safe;
 * the process must exit afterwards. */
void atomic_file_emergency_remove(struct atomic_file *file);

/* Remove the leftovers (see above) in the directory `dir_fd`: those of the
 * target `name` alone, or every one when `name` is NULL. How many were
 * removed (0 when the directory cannot be read). */
size_t atomic_file_remove_leftovers(int dir_fd, const char *name);

/* What to tell the user of `count` leftovers removed (count > 0) for the
 * target or directory `where`, into `notice` (a message; code NC_OK). */
void atomic_file_leftovers_notice(size_t count, const char *where, struct nc_error *notice);

#endif
