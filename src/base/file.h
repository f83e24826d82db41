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
 * NC_ERR_LIMIT when the file is larger than `max_bytes` (0: no limit), and with
 * NC_ERR_IO naming the file when it cannot be opened or read, or is a
 * directory. */
int read_file(const char *path, size_t max_bytes, struct strbuf *out, struct nc_error *err);

/* Append everything `fd` yields to `out`, as read_file() does; `name` names
 * it in errors. The descriptor is not closed. */
int read_fd(int fd, const char *name, size_t max_bytes, struct strbuf *out,
	    struct nc_error *err);

/* True when `path` names a directory (symlinks followed). */
int is_directory(const char *path);

/* --- writing whole or not at all ------------------------------------------- */

struct atomic_file {
	FILE *stream;                      /* write here between open and commit */
	char path[PATH_MAX];               /* the target */
	char tmp_path[PATH_MAX];           /* the temporary file, while open */
	atomic_int pending;                /* 1 while tmp_path exists and is ours */
};

/* Create the temporary file for `path` (mode 0666 less the umask, as a
 * plain fopen would). Signals are blocked (in this thread) from the moment
 * the file exists until `pending` says so, so a handler never leaves it. */
int atomic_file_open(struct atomic_file *file, const char *path, struct nc_error *err);

/* Close the stream and rename the temporary file over the target. On any
 * error the temporary file is removed and the target left as it was. */
int atomic_file_commit(struct atomic_file *file, struct nc_error *err);

/* Close and remove the temporary file (nothing if none is open). */
void atomic_file_abort(struct atomic_file *file);

/* For a signal handler: remove the temporary file, if any. Async-signal-safe;
 * the process must exit afterwards. */
void atomic_file_emergency_remove(struct atomic_file *file);

#endif
