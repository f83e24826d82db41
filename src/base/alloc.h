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

/* The one rule by which growing arrays grow: room for `*alloc` items of
 * `item_size` bytes becomes room for twice as many (`first` at the start),
 * reallocated; an overflow aborts as a failed allocation does. */
void *xgrow(void *items, size_t *alloc, size_t first, size_t item_size);

/* Make room for one more item in the array `items` of `count` items and
 * room for `alloc`: it grows (xgrow()) only when full. */
#define ARRAY_GROW(items, count, alloc, first)                                      \
	do {                                                                        \
		if ((count) == (alloc))                                             \
			(items) = xgrow((items), &(alloc), (first), sizeof(*(items))); \
	} while (0)
/* A copy of the `len` bytes at `s`, NUL-terminated. */
char *xmemdup(const void *s, size_t len);
_Noreturn void xdie(const char *what);

#endif
