/* model-file.h: what every model file begins with, whatever its method.
 *
 *     ncleaner-model<TAB>VERSION
 *     method<TAB>NAME
 *     renderer<TAB>NAME          (version 3)
 *     rules<TAB>html:ID,dump:ID  (version 3)
 *
 * The method line names the method the file was built for ("ncleaner" for
 * the character n-gram models); it is required from version 2 on. Version 1
 * files predate it and were all built for "ncleaner". A loader checks the
 * header before anything else, so that a file meant for another method, or
 * written by a newer program, is refused with a message that says so
 * ("built for X, asked for Y") rather than failing on some later line.
 *
 * Version 3 adds what the model was built through: the renderer that made
 * the training text and the identity of the rule files (a digest of each,
 * compose.h). A front end compares them with the run's and warns when they
 * differ. A model built without a pipeline (a test's) is written as version
 * 2, which says nothing about it. The body of every kind of model file is
 * the same in versions 2 and 3.
 */
#ifndef NC_MODEL_FILE_H
#define NC_MODEL_FILE_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"

#define MODEL_FILE_MAGIC "ncleaner-model"
#define MODEL_FILE_METHOD_MAX 32
#define MODEL_FILE_VERSION 3   /* the newest this program reads and writes */

/* What a model was built through (both NULL: unknown, version 2). */
struct model_provenance {
	const char *renderer;   /* a name in compose's renderer table */
	const char *rules;      /* compose_rules_id() */
};

struct model_file_header {
	int version;
	char method[MODEL_FILE_METHOD_MAX];
	char renderer[MODEL_FILE_METHOD_MAX];   /* version 3; else "" */
	char rules[64];                          /* version 3; else "" */
	size_t length;    /* bytes of the header lines */
	unsigned lines;   /* number of header lines */
};

/* Read the header at the start of `data` (`name` names the file in errors).
 * Errors (NC_ERR_FORMAT): not a model file, an empty file, a version above
 * `max_version`, a missing or malformed method line. */
int model_file_read_header(const char *name, const char *data, size_t len, int max_version,
			   struct model_file_header *header, struct nc_error *err);

/* NC_ERR_METHOD unless the header names `method`. */
int model_file_expect_method(const char *name, const struct model_file_header *header,
			     const char *method, struct nc_error *err);

/* Version 3 with `built` (when it names a renderer), else version 2. */
void model_file_write_header(struct strbuf *out, const char *method,
			     const struct model_provenance *built);

/* --- reading the lines of a small model file in memory -------------------- */

/* A cursor over the lines of a file read whole (character n-gram models,
 * decision trees, ice-lm's settings); `number` is the number of the line last returned, for errors
 * that name the file and the line. */
struct model_numbers;

struct model_lines {
	const char *name;
	const char *pos, *end;
	unsigned number;
	struct model_numbers *numbers;   /* the file's number sidecar, or NULL */
};

/* The lines after the header of `data` (read with model_file_read_header()),
 * without a number sidecar (set `numbers` for one: model-numbers.h). */
void model_lines_start(struct model_lines *lines, const char *name, const char *data, size_t len,
		       const struct model_file_header *header);

/* The next line, without its newline, in *line and *len: 1; 0 at the end of
 * the file; -1 (NC_ERR_FORMAT naming the file and line) when the last line
 * has no newline (a truncated file) or a line holds a NUL byte. */
int model_lines_next(struct model_lines *lines, const char **line, size_t *len,
		     struct nc_error *err);

/* The checks every reader of model lines makes, whether it reads the file
 * whole (model_lines_next) or streams it (the perplexity model): 0 for a
 * line that ends in a newline (`has_newline`) and holds no NUL byte; else -1
 * with NC_ERR_FORMAT naming the file and line `number`. */
int model_line_check(const char *name, unsigned number, const char *line, size_t len,
		     int has_newline, struct nc_error *err);

/* -1, after setting `err` to NC_ERR_FORMAT with "NAME:NUMBER: " and the
 * message `fmt` makes: the one way every model reader says which line of
 * which file is wrong. */
int model_line_error(struct nc_error *err, const char *name, unsigned number, const char *fmt,
		     ...) __attribute__((format(printf, 4, 5)));

/* Append `x` in the shortest decimal form that reads back as the same
 * double, so that a file with numbers round-trips byte for byte. */
void model_file_add_double(struct strbuf *out, double x);

/* The longest number a model file may hold, in bytes: model_file_add_double()
 * writes at most 24 ("-2.2250738585072014e-308"); a longer field is damage. */
#define MODEL_NUMBER_MAX_BYTES 63

/* A finite number (strtod(3)'s syntax) filling the `len` bytes at `text`,
 * which need not end in a NUL: 0 with *value. -1 for an empty field, one of
 * more than MODEL_NUMBER_MAX_BYTES, anything after the number, an overflow,
 * an infinity or a NaN. The one reader of numbers of every model file. */
int model_parse_double(const char *text, size_t len, double *value);

/* Its fast path: 1 with *value, the bits strtod(3) gives, for a number in
 * plain syntax ([+-]DIGITS[.DIGITS][(e|E)[+-]DIGITS]) whose digits fit a
 * double's mantissa (at most 15 of them always do) and whose exponent is
 * at most 22 in size, without calling strtod; 0 when it cannot tell
 * (then *value is untouched and strtod decides). Whole numbers and the
 * character models' 9-digit probabilities pass; a shortest round-trip
 * double of 16 or 17 digits does not (model-numbers.h holds those). */
int model_parse_exact_decimal(const char *text, size_t len, double *value);

/* model_parse_double() of a span of the lines' text, through their number
 * sidecar when they have one (model_numbers_parse()): the same result. */
int model_lines_parse_double(const struct model_lines *lines, const char *text, size_t len,
			     double *value);

/* Read only the header of the model file `path` (any version): what a front
 * end needs to tell which method a file is for before loading it. */
int model_file_peek(const char *path, struct model_file_header *header, struct nc_error *err);

#endif
