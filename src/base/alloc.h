/* alloc.h: allocation that cannot fail.
 *
 * xmalloc() and friends abort with a message when memory runs out: a corpus
 * tool can do nothing useful then, and checking every small allocation would
 * bury the logic. xdie() is therefore the one place where library code
 * prints; everything else reports through struct nc_error (error.h).
 */
#ifndef NC_ALLOC_H
#define NC_ALLOC_H

#include <stddef.h>
#include <stdlib.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
/* A copy of the `len` bytes at `s`, NUL-terminated. */
char *xmemdup(const void *s, size_t len);
_Noreturn void xdie(const char *what);

#endif
