/* json-value.h: a strict, bounded JSON reader (RFC 8259), for the inputs
 * that come as JSON (a benchmark's snippet annotations: eval/snippets.h).
 * Writing JSON is json.h's.
 *
 * The whole text is read into a tree of values that the caller owns
 * (json_value_release() frees it). Strict: only what RFC 8259's grammar
 * allows is read, and anything else is an error naming the file, the line
 * and the column (in characters, from 1) where it was found: no comments,
 * no trailing commas, no single quotes, no NaN or Infinity, no leading
 * zeros, no unescaped control characters in strings, no invalid UTF-8, no
 * lone surrogates in \u escapes (a pair is one character), no member name
 * twice in one object (RFC 8259 leaves its meaning open), nothing after
 * the value. A UTF-8 byte order mark at the start is ignored (the RFC lets
 * a reader do so). Strings are UTF-8, NUL-terminated, and may hold NUL
 * (\u0000): `length` is their length.
 *
 * Bounded (base/limits.h): the text may have JSON_MAX_BYTES, nest
 * JSON_MAX_DEPTH deep (the reader recurses) and hold JSON_MAX_VALUES
 * values (each takes a json_value, so the tree stays within about a
 * hundred bytes per value plus the strings); past them NC_ERR_LIMIT. A
 * number is read as a double (locale-independent); one too large for a
 * double is an error, not infinity.
 *
 * Every value records where it began (`line`, `column`), so that whoever
 * reads the tree can name the place of a value that is not what it
 * expects (json_value_error()).
 */
#ifndef NC_JSON_VALUE_H
#define NC_JSON_VALUE_H

#include <stddef.h>

#include "base/error.h"

enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT
};

struct json_member;

struct json_value {
	enum json_type type;
	unsigned line, column;          /* where the value begins, from 1 */
	double number;                  /* JSON_NUMBER */
	char *string;                   /* JSON_STRING: NUL-terminated UTF-8 ... */
	size_t length;                  /* ... of this many bytes (NULs included) */
	struct json_value *items;       /* JSON_ARRAY: `count` items, in order */
	struct json_member *members;    /* JSON_OBJECT: `count` members, in order */
	size_t count;
};

struct json_member {
	char *name;                     /* NUL-terminated UTF-8 */
	size_t name_length;
	unsigned line, column;          /* where the name begins */
	struct json_value value;
};

/* Read the `len` bytes of `text` into `root` (released by the caller, also
 * after an error, which leaves it empty: JSON_NULL). `name` names the
 * text in messages ("evaldata.json:3:14: ..."). NC_ERR_FORMAT for text
 * that is not JSON, NC_ERR_LIMIT past a limit. */
int json_value_parse(const char *text, size_t len, const char *name, struct json_value *root,
		     struct nc_error *err);

/* The same for a text that begins on line `line` of what `name` names (a
 * record of JSON lines, one a line): messages count lines from there. */
int json_value_parse_line(const char *text, size_t len, const char *name, unsigned line,
			  struct json_value *root, struct nc_error *err);

/* The same for the file `path` (at most JSON_MAX_BYTES; NC_ERR_IO when it
 * cannot be read). */
int json_value_read_file(const char *path, struct json_value *root, struct nc_error *err);

/* Free what `value` holds and leave it JSON_NULL. */
void json_value_release(struct json_value *value);

/* The member `name` of `object` (NULL when it has none, or is not an
 * object). */
const struct json_value *json_value_member(const struct json_value *object, const char *name);

/* "null", "false", "true", "a number", "a string", "an array", "an object":
 * for messages such as "expected an array, found a string". */
const char *json_type_name(enum json_type type);

/* An error at `value`'s place in the text `name`: "NAME:LINE:COLUMN: "
 * before the message. Returns -1, as nc_error_set() does. */
int json_value_error(struct nc_error *err, enum nc_error_code code, const char *name,
		     const struct json_value *value, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif
