/* model-file.c: the header of model files (see model-file.h). */
#include "method/model-file.h"
#include "base/file.h"

#include <errno.h>
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

int model_parse_double(const char *text, size_t len, double *value)
{
	char buf[MODEL_NUMBER_MAX_BYTES + 1], *stop;
	if (len == 0 || len > MODEL_NUMBER_MAX_BYTES)
		return -1;
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
