/* model-file.c: the header of model files (see model-file.h). */
#include "method/model-file.h"
#include "method/model-numbers.h"
#include "base/file.h"

#include <errno.h>
#include <float.h>
#include <stdint.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The line at `p` (without its newline), or NULL when there is no newline. */
static const char *line_end(const char *p, const char *end)
{
	return memchr(p, '\n', (size_t)(end - p));
}

int model_file_read_header(const char *name, const char *data, size_t len, int max_version,
			   struct model_file_header *header, struct nc_error *err)
{
	const char *p = data, *end = data + len, *nl;
	size_t magic = strlen(MODEL_FILE_MAGIC);

	memset(header, 0, sizeof(*header));
	if (len == 0)
		return nc_error_set(err, NC_ERR_FORMAT, "%s:1: empty file, no end line", name);
	if (len < magic + 1 || memcmp(p, MODEL_FILE_MAGIC "\t", magic + 1))
		return nc_error_set(err, NC_ERR_FORMAT, "%s:1: not an ncleaner model file", name);
	if (!(nl = line_end(p, end)))
		return nc_error_set(err, NC_ERR_FORMAT, "%s:1: last line has no newline "
				    "(truncated file?)", name);
	const char *version = p + magic + 1;
	int digits = (int)(nl - version);
	if (digits < 1 || digits > 4 || strspn(version, "0123456789") < (size_t)digits)
		return nc_error_set(err, NC_ERR_FORMAT, "%s:1: not an ncleaner model file", name);
	for (int i = 0; i < digits; i++)   /* the data need not end in a NUL */
		header->version = header->version * 10 + (version[i] - '0');
	if (header->version < 1 || header->version > max_version)
		return nc_error_set(err, NC_ERR_FORMAT, "%s:1: model file version %.*s, this program "
				    "reads versions 1 to %d", name, digits, version, max_version);
	p = nl + 1;
	header->lines = 1;
	if (header->version == 1) {
		strcpy(header->method, "ncleaner");
	} else {
		if (!(nl = line_end(p, end)) || (size_t)(nl - p) < 8 || memcmp(p, "method\t", 7))
			return nc_error_set(err, NC_ERR_FORMAT, "%s:2: no method line (a version %d "
					    "model file names its method)", name, header->version);
		size_t n = (size_t)(nl - p) - 7;
		if (n >= sizeof(header->method) || memchr(p + 7, '\t', n) || memchr(p + 7, '\0', n))
			return nc_error_set(err, NC_ERR_FORMAT, "%s:2: bad method name", name);
		memcpy(header->method, p + 7, n);
		header->method[n] = '\0';
		p = nl + 1;
		header->lines = 2;
	}
	if (header->version >= 3) {
		static const char *const keys[] = { "renderer\t", "rules\t" };
		char *values[] = { header->renderer, header->rules };
		const size_t sizes[] = { sizeof(header->renderer), sizeof(header->rules) };
		for (int i = 0; i < 2; i++) {
			size_t k = strlen(keys[i]);
			header->lines++;
			if (!(nl = line_end(p, end)) || (size_t)(nl - p) <= k || memcmp(p, keys[i], k))
				return nc_error_set(err, NC_ERR_FORMAT, "%s:%u: no %.*s line (a version "
						    "3 model file names it)", name, header->lines,
						    (int)k - 1, keys[i]);
			size_t n = (size_t)(nl - p) - k;
			if (n >= sizes[i] || memchr(p + k, '\t', n) || memchr(p + k, '\0', n))
				return nc_error_set(err, NC_ERR_FORMAT, "%s:%u: bad %.*s", name,
						    header->lines, (int)k - 1, keys[i]);
			memcpy(values[i], p + k, n);
			values[i][n] = '\0';
			p = nl + 1;
		}
	}
	header->length = (size_t)(p - data);
	return 0;
}

int model_file_expect_method(const char *name, const struct model_file_header *header,
			     const char *method, struct nc_error *err)
{
	if (!strcmp(header->method, method))
		return 0;
	return nc_error_set(err, NC_ERR_METHOD, "%s: built for the method '%s', asked for '%s'",
			    name, header->method, method);
}

void model_file_write_header(struct strbuf *out, const char *method,
			     const struct model_provenance *built)
{
	int known = built && built->renderer && built->rules;
	strbuf_addf(out, "%s\t%d\nmethod\t%s\n", MODEL_FILE_MAGIC, known ? 3 : 2, method);
	if (known)
		strbuf_addf(out, "renderer\t%s\nrules\t%s\n", built->renderer, built->rules);
}

int model_file_peek(const char *path, struct model_file_header *header, struct nc_error *err)
{
	/* The four header lines take well under this. */
	char head[256];
	int fd = open_input_file(path, 1, err);
	if (fd < 0)
		return -1;
	ssize_t got;
	do
		got = read(fd, head, sizeof(head));
	while (got < 0 && errno == EINTR);
	int saved = errno;
	close(fd);
	if (got < 0)
		return nc_error_set(err, NC_ERR_IO, "%s: %s", path, strerror(saved));
	return model_file_read_header(path, head, (size_t)got, INT_MAX, header, err);
}

void model_lines_start(struct model_lines *lines, const char *name, const char *data, size_t len,
		       const struct model_file_header *header)
{
	lines->name = name;
	lines->pos = data + header->length;
	lines->end = data + len;
	lines->number = header->lines;
	lines->numbers = NULL;
}

int model_lines_parse_double(const struct model_lines *lines, const char *text, size_t len,
			     double *value)
{
	return model_numbers_parse(lines->numbers, text, len, value);
}

int model_line_check(const char *name, unsigned number, const char *line, size_t len,
		     int has_newline, struct nc_error *err)
{
	if (!has_newline)
		return nc_error_set(err, NC_ERR_FORMAT, "%s:%u: last line has no newline "
				    "(truncated file?)", name, number);
	/* Readers parse lines as C strings: a NUL would end one early (a number
	 * would be read up to it), so it is refused. */
	if (memchr(line, '\0', len))
		return nc_error_set(err, NC_ERR_FORMAT, "%s:%u: NUL byte in a line", name, number);
	return 0;
}

int model_lines_next(struct model_lines *lines, const char **line, size_t *len,
		     struct nc_error *err)
{
	if (lines->pos >= lines->end)
		return 0;
	lines->number++;
	const char *nl = line_end(lines->pos, lines->end);
	*line = lines->pos;
	*len = (size_t)((nl ? nl : lines->end) - lines->pos);
	if (model_line_check(lines->name, lines->number, *line, *len, nl != NULL, err) < 0)
		return -1;
	lines->pos = nl + 1;
	return 1;
}

int model_line_error(struct nc_error *err, const char *name, unsigned number, const char *fmt,
		     ...)
{
	char what[sizeof(err->message)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return nc_error_set(err, NC_ERR_FORMAT, "%s:%u: %s", name, number, what);
}

/* Powers of ten that a double holds exactly: 10^22 is the largest (5^22 <
 * 2^53). */
static const double exact_powers_of_ten[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};
#define EXACT_POWER_MAX 22
#define EXACT_MANTISSA_MAX (UINT64_C(1) << 53)

/* Add the run of digits at *p (before `end`) to *mantissa, which wraps
 * past 19 digits (the caller refuses those); *p moves past them; how many.
 * Eight at a time where the bytes are in little-endian order: the eight
 * digits' values are paired into four two-digit numbers, those into two of
 * four digits, those into one, with three multiplications. */
static inline __attribute__((always_inline)) size_t add_digits(const char **p, const char *end,
							   uint64_t *mantissa)
{
	const char *q = *p;
	uint64_t m = *mantissa;
	unsigned digit;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (uint64_t eight; end - q >= 8; q += 8) {
		memcpy(&eight, q, 8);
		/* All eight are '0'..'9': high nibbles 3, and no low nibble above 9. */
		if (((eight & UINT64_C(0xf0f0f0f0f0f0f0f0)) |
		     ((eight + UINT64_C(0x0606060606060606)) & UINT64_C(0xf0f0f0f0f0f0f0f0)) >> 4) !=
		    UINT64_C(0x3333333333333333))
			break;
		eight -= UINT64_C(0x3030303030303030);
		eight = (eight * 10 + (eight >> 8)) & UINT64_C(0x00ff00ff00ff00ff);
		eight = (eight * 100 + (eight >> 16)) & UINT64_C(0x0000ffff0000ffff);
		eight = (eight * 10000 + (eight >> 32)) & UINT64_C(0xffffffff);
		m = m * 100000000 + eight;
	}
#endif
	for (; q < end && (digit = (unsigned)(*q - '0')) < 10; q++)
		m = m * 10 + digit;
	size_t count = (size_t)(q - *p);
	*p = q;
	*mantissa = m;
	return count;
}

/* How it works (Clinger's fast path, 1990). A decimal d_1...d_n * 10^e
 * whose digits, read as a whole number M, fit a double's 53-bit mantissa
 * (M <= 2^53) and whose |e| <= 22 is M * 10^e or M / 10^-e with both
 * operands exact doubles: IEEE 754 rounds the one product or quotient
 * correctly, in the current rounding mode, as strtod(3) rounds the
 * decimal, so the two give the same bits (the sign is the operand's, so
 * that a rounding towards an infinity rounds the signed value, as strtod
 * does). Leading zeros add nothing to M: "0.000745...", a shortest
 * round-trip double of 16 digits, is one. With excess precision
 * (FLT_EVAL_METHOD != 0: the x87) the result would be rounded twice, so
 * there the fast path is off. 1 with *value for such a number, in plain
 * syntax ([+-]DIGITS[.DIGITS][(e|E)[+-]DIGITS]); 0 for anything else
 * (more than 19 digits after the leading zeros, a larger exponent, other
 * syntax, or garbage), which strtod() decides. */
int model_parse_exact_decimal(const char *p, size_t len, double *value)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	const char *end = p + len;
	uint64_t mantissa = 0;   /* wraps past 19 digits, which are then refused */
	unsigned digit;
	int negative = 0, scale = 0;

	if (p < end && (*p == '-' || *p == '+'))
		negative = *p++ == '-';
	const char *first = p;
	size_t digits = add_digits(&p, end, &mantissa);
	if (p < end && *p == '.') {
		p++;
		size_t fraction = add_digits(&p, end, &mantissa);
		scale = -(int)fraction;
		digits += fraction;
	}
	/* Nineteen digits after the leading zeros never wrap the mantissa
	 * (the zeros are counted only past 19 digits: it is rare). */
	if (digits == 0)
		return 0;
	if (digits > 19) {
		size_t zeros = 0;
		for (const char *q = first; q < p && (*q == '0' || *q == '.'); q++)
			zeros += *q == '0';
		if (digits - zeros > 19)
			return 0;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		int exponent = 0, exponent_negative = 0;
		if (++p < end && (*p == '-' || *p == '+'))
			exponent_negative = *p++ == '-';
		if (p == end)
			return 0;
		for (; p < end && (digit = (unsigned)(*p - '0')) < 10; p++)
			if ((exponent = exponent * 10 + (int)digit) > 999)
				return 0;
		scale += exponent_negative ? -exponent : exponent;
	}
	if (p != end || mantissa > EXACT_MANTISSA_MAX)
		return 0;
	if (mantissa == 0) {
		*value = negative ? -0.0 : 0.0;
		return 1;
	}
	if (scale < -EXACT_POWER_MAX || scale > EXACT_POWER_MAX)
		return 0;
	double x = negative ? -(double)mantissa : (double)mantissa;
	*value = scale < 0 ? x / exact_powers_of_ten[-scale] : x * exact_powers_of_ten[scale];
	return 1;
#else
	(void)p, (void)len, (void)value;
	return 0;
#endif
}

int model_parse_double(const char *text, size_t len, double *value)
{
	char buf[MODEL_NUMBER_MAX_BYTES + 1], *stop;
	if (len == 0 || len > MODEL_NUMBER_MAX_BYTES)
		return -1;
	if (model_parse_exact_decimal(text, len, value))
		return 0;
	memcpy(buf, text, len);
	buf[len] = '\0';
	errno = 0;
	*value = strtod(buf, &stop);
	return *stop || errno || !isfinite(*value) ? -1 : 0;
}

void model_file_add_double(struct strbuf *out, double x)
{
	char buf[32];
	for (int digits = 6; digits <= 17; digits++) {
		snprintf(buf, sizeof(buf), "%.*g", digits, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	strbuf_addstr(out, buf);
}
