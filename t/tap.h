/* tap.h: a small TAP producer for the C tests (header-only).
 *
 * plan(n), ok(cond, name...), is_int(got, want, name...), is_string(...),
 * is_double(got, want, tolerance, name...), skip(reason...) for one check,
 * skip_all(reason), diag(...),
 * bail(...), done_testing(). A failure prints file, line and both values.
 * fixture_path("t2000/x.txt") finds a file under tests/ in the source tree
 * ($top_srcdir, set by make check; "." otherwise). tap_random(&seed) steps a
 * fixed pseudo-random sequence, the same on every machine.
 */
#ifndef NC_TAP_H
#define NC_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_count, tap_failed;

static void tap_vreport(int pass, const char *fmt, va_list ap)
{
	printf("%sok %d - ", pass ? "" : "not ", ++tap_count);
	vprintf(fmt, ap);
	printf("\n");
	if (!pass)
		tap_failed++;
}

static inline void plan(int n) { printf("1..%d\n", n); }

/* The next number (31 bits) of the sequence that `seed` carries (an LCG
 * step, Knuth's MMIX constants; the high bits, the good ones). */
static inline unsigned long tap_random(unsigned long *seed)
{
	*seed = *seed * 6364136223846793005ul + 1442695040888963407ul;
	return *seed >> 33;
}

static inline void diag(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printf("# ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

/* One check that cannot run here: counted as SKIP, never as a pass. */
static inline void skip(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printf("ok %d # SKIP ", ++tap_count);
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

static inline void skip_all(const char *reason)
{
	printf("1..0 # SKIP %s\n", reason);
	exit(0);
}

static inline void bail(const char *reason)
{
	printf("Bail out! %s\n", reason);
	exit(1);
}

#define ok(cond, ...) tap_ok(__FILE__, __LINE__, !!(cond), __VA_ARGS__)
static inline int tap_ok(const char *file, int line, int pass, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tap_vreport(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("  failed at %s:%d", file, line);
	return pass;
}

#define is_int(got, want, ...) tap_is_int(__FILE__, __LINE__, (long long)(got), (long long)(want), __VA_ARGS__)
static inline int tap_is_int(const char *file, int line, long long got, long long want,
			     const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tap_vreport(got == want, fmt, ap);
	va_end(ap);
	if (got != want)
		diag("  %s:%d: got %lld, want %lld", file, line, got, want);
	return got == want;
}

#define is_double(got, want, tol, ...) tap_is_double(__FILE__, __LINE__, (got), (want), (tol), __VA_ARGS__)
static inline int tap_is_double(const char *file, int line, double got, double want, double tol,
				const char *fmt, ...)
{
	va_list ap;
	int pass = fabs(got - want) <= tol;
	va_start(ap, fmt);
	tap_vreport(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("  %s:%d: got %.12g, want %.12g (tolerance %g)", file, line, got, want, tol);
	return pass;
}

#define is_string(got, want, ...) tap_is_string(__FILE__, __LINE__, (got), (want), __VA_ARGS__)
static inline int tap_is_string(const char *file, int line, const char *got, const char *want,
				const char *fmt, ...)
{
	va_list ap;
	int pass = got && want ? !strcmp(got, want) : got == want;
	va_start(ap, fmt);
	tap_vreport(pass, fmt, ap);
	va_end(ap);
	if (!pass)
		diag("  %s:%d:\n#   got:  '%s'\n#   want: '%s'", file, line, got ? got : "(null)",
		     want ? want : "(null)");
	return pass;
}

static inline const char *fixture_path(const char *relative)
{
	static char path[4096];
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof(path), "%s/tests/%s", top && *top ? top : ".", relative);
	return path;
}

static inline int done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
