/* order.h: the orders qsort(3) and bsearch(3) are given, written once. */
#ifndef NC_ORDER_H
#define NC_ORDER_H

/* Doubles, ascending (NaN never reaches them: callers sort finite values). */
static inline int order_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

#endif
