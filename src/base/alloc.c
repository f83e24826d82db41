/* alloc.c: allocation that cannot fail (see alloc.h). */
#include "base/alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

_Noreturn void xdie(const char *what)
{
	fprintf(stderr, "ncleaner: fatal: %s\n", what);
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		xdie("out of memory");
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		xdie("out of memory");
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);
	if (!p)
		xdie("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	return xmemdup(s, strlen(s));
}

char *xmemdup(const void *s, size_t len)
{
	char *copy = xmalloc(len + 1);
	memcpy(copy, s, len);
	copy[len] = '\0';
	return copy;
}

void *xgrow(void *items, size_t *alloc, size_t first, size_t item_size)
{
	size_t grown = *alloc ? 2 * *alloc : first;
	if (grown < *alloc || (item_size && grown > SIZE_MAX / item_size))
		xdie("out of memory (an array too large to grow)");
	*alloc = grown;
	return xrealloc(items, grown * item_size);
}
