/* order.h: the orders qsort(3) and bsearch(3) are given, written once. */
#ifndef NC_ORDER_H
#define NC_ORDER_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Doubles, ascending (NaN never reaches them: callers sort finite values). */
static inline int order_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Sorts `n` doubles ascending into the order qsort() with order_doubles()
 * gives them, in eight passes over the values instead of n log n calls of
 * the comparison (the logistic method sorts each window's segment lengths,
 * tens of thousands of them): a least-significant-digit radix sort of their
 * bit patterns, a byte a pass (a pass whose byte all values share is
 * skipped), which order finite doubles of a clear sign bit (+0 included) as
 * their values do. `scratch` has room for n. Returns 0, or -1 without
 * sorting when a value has its sign bit set (a negative or -0) or is NaN:
 * sort those with qsort(). */
static inline int order_sort_nonnegative_doubles(double *values, double *scratch, size_t n)
{
	double *from = values, *to = scratch;
	for (size_t i = 0; i < n; i++)
		if (!(values[i] >= 0) || signbit(values[i]))
			return -1;
	if (n < 2)
		return 0;   /* sorted; and from[0] below needs a value */
	for (unsigned shift = 0; shift < 64; shift += 8) {
		size_t count[256] = { 0 };
		uint64_t bits;
		for (size_t i = 0; i < n; i++) {
			memcpy(&bits, &from[i], sizeof(bits));
			count[bits >> shift & 0xFF]++;
		}
		memcpy(&bits, &from[0], sizeof(bits));
		if (count[bits >> shift & 0xFF] == n)
			continue;   /* every value has this byte: nothing moves */
		for (size_t k = 0, sum = 0; k < 256; k++) {
			size_t c = count[k];
			count[k] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++) {
			memcpy(&bits, &from[i], sizeof(bits));
			to[count[bits >> shift & 0xFF]++] = from[i];
		}
		double *t = from;
		from = to;
		to = t;
	}
	if (from != values)
		memcpy(values, from, n * sizeof(*values));
	return 0;
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
