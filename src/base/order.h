/* order.h: the orders qsort(3) and bsearch(3) are given, written once. */
#ifndef NC_ORDER_H
#define NC_ORDER_H

#include <stddef.h>
#include <string.h>

/* Doubles, ascending (NaN never reaches them: callers sort finite values). */
static inline int order_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* A table of strings (const char *) sorted by strcmp(3), searched for a
 * NUL-terminated key. */
static inline int order_string_entry(const void *key, const void *entry)
{
	return strcmp(key, *(const char *const *)entry);
}

/* A key that is not NUL-terminated, for order_span_entry. */
struct order_span {
	const char *text;
	size_t len;
};

/* The same table searched for a struct order_span: strcmp's order, a key
 * that is a prefix of an entry sorting before it. */
static inline int order_span_entry(const void *key, const void *entry)
{
	const struct order_span *k = key;
	const char *s = *(const char *const *)entry;
	size_t n = strlen(s);
	int c = memcmp(k->text, s, k->len < n ? k->len : n);
	return c ? c : (k->len > n) - (k->len < n);
}

#endif
