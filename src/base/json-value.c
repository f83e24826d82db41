/* json-value.c: the strict, bounded JSON reader (see json-value.h). A
 * recursive descent over RFC 8259's grammar, one function per rule. */
#include "base/json-value.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/limits.h"
#include "base/strbuf.h"
#include "base/utf8.h"

#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const unsigned char *p, *end;
	const char *name;
	unsigned line;
	const unsigned char *line_start;
	/* A place on the current line whose column is known, so that columns
	 * are counted once however long a line is (a minified file is one). */
	const unsigned char *mark;
	unsigned mark_column;
	size_t values;
	locale_t c_locale;   /* numbers are read as C reads them, whatever the caller's */
	struct strbuf scratch;
	struct nc_error *err;
};

/* The column of `at` (on the current line, at or after the last asked):
 * characters from the line's start, a UTF-8 sequence counting one. */
static unsigned column_of(struct parser *ps, const unsigned char *at)
{
	if (ps->mark < ps->line_start || ps->mark > at) {
		ps->mark = ps->line_start;
		ps->mark_column = 1;
	}
	for (; ps->mark < at; ps->mark++)
		if ((*ps->mark & 0xC0) != 0x80)
			ps->mark_column++;
	return ps->mark_column;
}

static int fail_at(struct parser *ps, const unsigned char *at, enum nc_error_code code,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int fail_at(struct parser *ps, const unsigned char *at, enum nc_error_code code,
		   const char *fmt, ...)
{
	char message[sizeof(ps->err->message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	return nc_error_set(ps->err, code, "%s:%u:%u: %s", ps->name, ps->line, column_of(ps, at),
			    message);
}

/* What stands at `at`, for "expected X, found Y". */
static const char *found(const struct parser *ps, const unsigned char *at)
{
	if (at >= ps->end)
		return "the end of the text";
	if (*at < 0x20)
		return "a control character";
	if (*at >= 0x80)
		return "a non-ASCII character";
	return NULL;
}

static int expected(struct parser *ps, const char *what)
{
	const char *thing = found(ps, ps->p);
	if (thing)
		return fail_at(ps, ps->p, NC_ERR_FORMAT, "expected %s, found %s", what, thing);
	return fail_at(ps, ps->p, NC_ERR_FORMAT, "expected %s, found '%c'", what, *ps->p);
}

/* RFC 8259's white space: space, tab, line feed, carriage return. */
static void skip_space(struct parser *ps)
{
	for (; ps->p < ps->end; ps->p++) {
		if (*ps->p == '\n') {
			ps->line++;
			ps->line_start = ps->p + 1;
		} else if (*ps->p != ' ' && *ps->p != '\t' && *ps->p != '\r') {
			break;
		}
	}
}

static int parse_value(struct parser *ps, struct json_value *value, int depth);

/* --- literals and numbers ------------------------------------------------------ */

static int parse_literal(struct parser *ps, struct json_value *value, const char *word,
			 enum json_type type)
{
	size_t n = strlen(word);
	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
		return expected(ps, "a value");
	value->type = type;
	ps->p += n;
	return 0;
}

static const unsigned char *skip_digits(const unsigned char *p, const unsigned char *end)
{
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return p;
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int parse_number(struct parser *ps, struct json_value *value)
{
	const unsigned char *start = ps->p, *p = ps->p, *end = ps->end;

	if (p < end && *p == '-')
		p++;
	if (p < end && *p == '0') {
		p++;
		if (p < end && *p >= '0' && *p <= '9')
			return fail_at(ps, p, NC_ERR_FORMAT, "a number may not have a leading zero");
	} else if (p < end && *p >= '1' && *p <= '9') {
		p = skip_digits(p, end);
	} else {
		ps->p = p;
		return expected(ps, "a digit");
	}
	if (p < end && *p == '.') {
		const unsigned char *digits = ++p;
		if ((p = skip_digits(p, end)) == digits) {
			ps->p = p;
			return expected(ps, "a digit after the decimal point");
		}
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		const unsigned char *digits = p;
		if ((p = skip_digits(p, end)) == digits) {
			ps->p = p;
			return expected(ps, "a digit in the exponent");
		}
	}
	/* strtod needs a terminated string, and the C locale's decimal point. */
	strbuf_reset(&ps->scratch);
	strbuf_add(&ps->scratch, start, (size_t)(p - start));
	value->number = strtod_l(ps->scratch.buf, NULL, ps->c_locale);
	if (isinf(value->number))
		return fail_at(ps, start, NC_ERR_FORMAT, "a number too large for a double");
	value->type = JSON_NUMBER;
	ps->p = p;
	return 0;
}

/* --- strings -------------------------------------------------------------------- */

static int hex4(const unsigned char *p, const unsigned char *end, uint32_t *out)
{
	uint32_t v = 0;
	if (end - p < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		unsigned char c = p[i];
		int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (digit < 0)
			return -1;
		v = v << 4 | (uint32_t)digit;
	}
	*out = v;
	return 0;
}

static void add_utf8(struct strbuf *out, uint32_t cp)
{
	if (cp < 0x80) {
		strbuf_addch(out, (int)cp);
	} else if (cp < 0x800) {
		strbuf_addch(out, (int)(0xC0 | cp >> 6));
		strbuf_addch(out, (int)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		strbuf_addch(out, (int)(0xE0 | cp >> 12));
		strbuf_addch(out, (int)(0x80 | (cp >> 6 & 0x3F)));
		strbuf_addch(out, (int)(0x80 | (cp & 0x3F)));
	} else {
		strbuf_addch(out, (int)(0xF0 | cp >> 18));
		strbuf_addch(out, (int)(0x80 | (cp >> 12 & 0x3F)));
		strbuf_addch(out, (int)(0x80 | (cp >> 6 & 0x3F)));
		strbuf_addch(out, (int)(0x80 | (cp & 0x3F)));
	}
}

/* A \u escape at ps->p (after the backslash and the u), and the second
 * half of a surrogate pair after it: one character into `out`. */
static int parse_unicode_escape(struct parser *ps, const unsigned char *escape,
				struct strbuf *out)
{
	uint32_t cp, low;
	if (hex4(ps->p, ps->end, &cp) < 0)
		return fail_at(ps, escape, NC_ERR_FORMAT, "\\u must be followed by four hex digits");
	ps->p += 4;
	if (cp >= 0xDC00 && cp <= 0xDFFF)
		return fail_at(ps, escape, NC_ERR_FORMAT, "\\u%04X: the second half of a surrogate "
			       "pair without its first", (unsigned)cp);
	if (cp >= 0xD800 && cp <= 0xDBFF) {
		if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u' ||
		    hex4(ps->p + 2, ps->end, &low) < 0 || low < 0xDC00 || low > 0xDFFF)
			return fail_at(ps, escape, NC_ERR_FORMAT, "\\u%04X: the first half of a "
				       "surrogate pair without its second", (unsigned)cp);
		ps->p += 6;
		cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
	}
	add_utf8(out, cp);
	return 0;
}

static int parse_escape(struct parser *ps, struct strbuf *out)
{
	const unsigned char *escape = ps->p++;   /* the backslash */
	if (ps->p >= ps->end)
		return fail_at(ps, escape, NC_ERR_FORMAT, "a string that does not end");
	unsigned char c = *ps->p++;
	switch (c) {
	case '"': case '\\': case '/': strbuf_addch(out, c); return 0;
	case 'b': strbuf_addch(out, '\b'); return 0;
	case 'f': strbuf_addch(out, '\f'); return 0;
	case 'n': strbuf_addch(out, '\n'); return 0;
	case 'r': strbuf_addch(out, '\r'); return 0;
	case 't': strbuf_addch(out, '\t'); return 0;
	case 'u': return parse_unicode_escape(ps, escape, out);
	default:
		if (c < 0x20 || c >= 0x80)
			return fail_at(ps, escape, NC_ERR_FORMAT, "an unknown escape");
		return fail_at(ps, escape, NC_ERR_FORMAT, "an unknown escape \\%c", c);
	}
}

/* A string at ps->p (its opening quote) into `out`, unescaped. */
static int parse_string_text(struct parser *ps, struct strbuf *out)
{
	const unsigned char *open = ps->p++;
	strbuf_reset(out);
	for (;;) {
		const unsigned char *run = ps->p;
		while (ps->p < ps->end && *ps->p >= 0x20 && *ps->p < 0x80 && *ps->p != '"' &&
		       *ps->p != '\\')
			ps->p++;
		strbuf_add(out, run, (size_t)(ps->p - run));
		if (ps->p >= ps->end)
			return fail_at(ps, open, NC_ERR_FORMAT, "a string that does not end");
		unsigned char c = *ps->p;
		if (c == '"') {
			ps->p++;
			return 0;
		}
		if (c == '\\') {
			if (parse_escape(ps, out) < 0)
				return -1;
			continue;
		}
		if (c < 0x20)
			return fail_at(ps, ps->p, NC_ERR_FORMAT, "a control character (0x%02X) in a "
				       "string: JSON writes it as an escape", c);
		uint32_t cp;
		size_t n = utf8_decode(ps->p, (size_t)(ps->end - ps->p), &cp);
		if (!n)
			return fail_at(ps, ps->p, NC_ERR_FORMAT, "invalid UTF-8 (byte 0x%02X)", c);
		strbuf_add(out, ps->p, n);
		ps->p += n;
	}
}

static int parse_string(struct parser *ps, struct json_value *value)
{
	if (parse_string_text(ps, &ps->scratch) < 0)
		return -1;
	value->type = JSON_STRING;
	value->length = ps->scratch.len;
	value->string = xmemdup(ps->scratch.buf, ps->scratch.len);
	return 0;
}

/* --- arrays and objects ---------------------------------------------------------- */

static int parse_array(struct parser *ps, struct json_value *value, int depth)
{
	size_t alloc = 0;
	value->type = JSON_ARRAY;
	ps->p++;
	skip_space(ps);
	if (ps->p < ps->end && *ps->p == ']') {
		ps->p++;
		return 0;
	}
	for (;;) {
		ARRAY_GROW(value->items, value->count, alloc, 8);
		struct json_value *item = &value->items[value->count++];
		memset(item, 0, sizeof(*item));
		if (parse_value(ps, item, depth + 1) < 0)
			return -1;
		skip_space(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			continue;
		}
		if (ps->p < ps->end && *ps->p == ']') {
			ps->p++;
			return 0;
		}
		return expected(ps, "',' or ']' after an array's item");
	}
}

static int by_member_name(const void *a, const void *b)
{
	const struct json_member *x = *(const struct json_member *const *)a;
	const struct json_member *y = *(const struct json_member *const *)b;
	size_t n = x->name_length < y->name_length ? x->name_length : y->name_length;
	int c = memcmp(x->name, y->name, n);
	return c ? c : (x->name_length > y->name_length) - (x->name_length < y->name_length);
}

/* No name twice (sorted copies of the members compared side by side, so
 * that a large object costs n log n, not n squared). */
static int check_unique_names(struct parser *ps, const struct json_value *object)
{
	if (object->count < 2)
		return 0;
	const struct json_member **sorted = xmalloc(object->count * sizeof(*sorted));
	for (size_t i = 0; i < object->count; i++)
		sorted[i] = &object->members[i];
	qsort(sorted, object->count, sizeof(*sorted), by_member_name);
	int ret = 0;
	for (size_t i = 1; i < object->count && ret == 0; i++) {
		if (by_member_name(&sorted[i - 1], &sorted[i]) != 0)
			continue;
		/* Name the later one, where a reader of the file looks second. */
		const struct json_member *later = sorted[i] > sorted[i - 1] ? sorted[i] : sorted[i - 1];
		struct strbuf shown = STRBUF_INIT;
		utf8_escape_controls(later->name, later->name_length, "\\x%02X", &shown);
		ret = nc_error_set(ps->err, NC_ERR_FORMAT, "%s:%u:%u: the member \"%s\" a second time "
				   "in one object", ps->name, later->line, later->column, shown.buf);
		strbuf_release(&shown);
	}
	free(sorted);
	return ret;
}

static int parse_object(struct parser *ps, struct json_value *value, int depth)
{
	size_t alloc = 0;
	value->type = JSON_OBJECT;
	ps->p++;
	skip_space(ps);
	if (ps->p < ps->end && *ps->p == '}') {
		ps->p++;
		return 0;
	}
	for (;;) {
		if (ps->p >= ps->end || *ps->p != '"')
			return expected(ps, "a member name (a string)");
		ARRAY_GROW(value->members, value->count, alloc, 8);
		struct json_member *member = &value->members[value->count++];
		memset(member, 0, sizeof(*member));
		member->line = ps->line;
		member->column = column_of(ps, ps->p);
		if (parse_string_text(ps, &ps->scratch) < 0)
			return -1;
		member->name_length = ps->scratch.len;
		member->name = xmemdup(ps->scratch.buf, ps->scratch.len);
		skip_space(ps);
		if (ps->p >= ps->end || *ps->p != ':')
			return expected(ps, "':' after a member name");
		ps->p++;
		if (parse_value(ps, &member->value, depth + 1) < 0)
			return -1;
		skip_space(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			skip_space(ps);
			continue;
		}
		if (ps->p < ps->end && *ps->p == '}') {
			ps->p++;
			return check_unique_names(ps, value);
		}
		return expected(ps, "',' or '}' after an object's member");
	}
}

/* --- values ----------------------------------------------------------------------- */

static int parse_value(struct parser *ps, struct json_value *value, int depth)
{
	skip_space(ps);
	value->line = ps->line;
	value->column = column_of(ps, ps->p);
	if (++ps->values > JSON_MAX_VALUES)
		return fail_at(ps, ps->p, NC_ERR_LIMIT, "more than %u values (the limit)",
			       (unsigned)JSON_MAX_VALUES);
	if (ps->p >= ps->end)
		return expected(ps, "a value");
	switch (*ps->p) {
	case '{':
	case '[':
		if (depth >= JSON_MAX_DEPTH)
			return fail_at(ps, ps->p, NC_ERR_LIMIT, "arrays and objects nested more than "
				       "%d deep (the limit)", JSON_MAX_DEPTH);
		return *ps->p == '{' ? parse_object(ps, value, depth) : parse_array(ps, value, depth);
	case '"': return parse_string(ps, value);
	case 't': return parse_literal(ps, value, "true", JSON_TRUE);
	case 'f': return parse_literal(ps, value, "false", JSON_FALSE);
	case 'n': return parse_literal(ps, value, "null", JSON_NULL);
	default:
		if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))
			return parse_number(ps, value);
		return expected(ps, "a value");
	}
}

int json_value_parse(const char *text, size_t len, const char *name, struct json_value *root,
		     struct nc_error *err)
{
	return json_value_parse_line(text, len, name, 1, root, err);
}

int json_value_parse_line(const char *text, size_t len, const char *name, unsigned line,
			  struct json_value *root, struct nc_error *err)
{
	struct parser ps = {
		.p = (const unsigned char *)text, .end = (const unsigned char *)text + len,
		.name = name, .line = line, .line_start = (const unsigned char *)text,
		.mark = (const unsigned char *)text, .mark_column = 1,
		.scratch = STRBUF_INIT, .err = err,
	};
	int ret;

	memset(root, 0, sizeof(*root));
	if (len > JSON_MAX_BYTES)
		return nc_error_set(err, NC_ERR_LIMIT, "%s: larger than %u bytes (the limit for JSON)",
				    name, (unsigned)JSON_MAX_BYTES);
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		ps.p += 3, ps.line_start = ps.mark = ps.p;   /* a byte order mark */
	ps.c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	if (ps.c_locale == (locale_t)0)
		return nc_error_set(err, NC_ERR_MEMORY, "%s: no memory for the C locale", name);
	ret = parse_value(&ps, root, 0);
	if (ret == 0) {
		skip_space(&ps);
		if (ps.p < ps.end)
			ret = fail_at(&ps, ps.p, NC_ERR_FORMAT, "text after the value");
	}
	freelocale(ps.c_locale);
	strbuf_release(&ps.scratch);
	if (ret < 0)
		json_value_release(root);
	return ret;
}

int json_value_read_file(const char *path, struct json_value *root, struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT;
	int ret = read_file(path, JSON_MAX_BYTES, &text, err);

	memset(root, 0, sizeof(*root));
	if (ret == 0)
		ret = json_value_parse(text.buf, text.len, path, root, err);
	strbuf_release(&text);
	return ret;
}

void json_value_release(struct json_value *value)
{
	for (size_t i = 0; value->items && i < value->count; i++)
		json_value_release(&value->items[i]);
	for (size_t i = 0; value->members && i < value->count; i++) {
		free(value->members[i].name);
		json_value_release(&value->members[i].value);
	}
	free(value->items);
	free(value->members);
	free(value->string);
	memset(value, 0, sizeof(*value));
}

const struct json_value *json_value_member(const struct json_value *object, const char *name)
{
	if (!object || object->type != JSON_OBJECT)
		return NULL;
	size_t n = strlen(name);
	for (size_t i = 0; i < object->count; i++)
		if (object->members[i].name_length == n && !memcmp(object->members[i].name, name, n))
			return &object->members[i].value;
	return NULL;
}

const char *json_type_name(enum json_type type)
{
	switch (type) {
	case JSON_NULL: return "null";
	case JSON_FALSE: return "false";
	case JSON_TRUE: return "true";
	case JSON_NUMBER: return "a number";
	case JSON_STRING: return "a string";
	case JSON_ARRAY: return "an array";
	case JSON_OBJECT: return "an object";
	}
	return "a value";
}

int json_value_error(struct nc_error *err, enum nc_error_code code, const char *name,
		     const struct json_value *value, const char *fmt, ...)
{
	char message[sizeof(err->message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	return nc_error_set(err, code, "%s:%u:%u: %s", name, value->line, value->column, message);
}
