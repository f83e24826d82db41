/* util.h: allocation that cannot fail, and whole-file reading.
 *
 * xmalloc() and friends abort with a message when memory runs out: a corpus
 * tool cannot do anything useful then, and checking every allocation would
 * bury the logic. This is the only place the library prints.
 */
#ifndef NC_UTIL_H
#define NC_UTIL_H

#include <stddef.h>
#include <stdlib.h>

#include "error.h"
#include "strbuf.h"

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
_Noreturn void xdie(const char *what);

/* Append the whole of `path` ("-" is standard input) to `out`. Fails with
 * NC_ERR_LIMIT when the file is larger than `max_bytes` (0: no limit), and with
 * NC_ERR_IO naming the file when it cannot be opened or read, or is a
 * directory. */
int read_file(const char *path, size_t max_bytes, struct strbuf *out, struct nc_error *err);

/* True when `path` names a directory. */
int is_directory(const char *path);

#endif
