/* model-numbers.h: a model file's number sidecar, MODEL.num beside MODEL.
 *
 * Model files are text, and the text stays the one source of truth with one
 * parser per kind of model. What costs at loading is the numbers: a
 * shortest round-trip double such as -0.21571748747992323 takes strtod(3)
 * about 2,000 instructions, and the logistic model holds 13,000 of them.
 * model_parse_double() reads most numbers exactly without strtod (whole
 * numbers, the character models' 9-digit probabilities: model-file.c);
 * the sidecar holds the rest, the doubles of the text's fields that need
 * strtod, already converted, so that loading a model costs no strtod call.
 *
 * What the sidecar is. The fields (runs of bytes between TABs and
 * newlines) of the text that strtod reads as a finite number and the fast
 * path does not, each as its place (byte offset and length) in the text and
 * its double. It knows nothing of a model's structure: a reader asks
 * model_numbers_parse() for the number at some span of the text, as it
 * would ask model_parse_double(), and gets the sidecar's double when the
 * sidecar holds that exact span. It is made from the exact bytes of one
 * text and says so: the text's size and a 64-bit hash of it
 * (model_sidecar_hash(): about one instruction a byte), which the loader
 * checks against the text it has just read before it uses a single number.
 *
 * Layout: the header every sidecar has (model-sidecar.h: magic "NCNUMS",
 * version MODEL_NUMBERS_VERSION, byte-order mark, the text's size and
 * hash; its own field is the count of numbers held), then
 *
 *     48  count doubles, the values, in the text's order
 *         count uint32, their places: offset << 6 | length
 *
 * Trust. A sidecar that is missing, of another version or byte order,
 * truncated, longer, damaged (its own hash), made from another text (an
 * edited model: size or hash), or that holds a value that is not finite
 * or a place outside the text or out of order, is not used: every number
 * is then read from the text as without one. A span the sidecar does not
 * hold is read from the text too, so a reader that asks for other spans
 * than the fields (a newer parser) still reads right. The results are the
 * same with or without the sidecar, bit for bit (t/t3520-model-numbers.c).
 * What the hashes find and what not: model-sidecar.h.
 */
#ifndef NC_MODEL_NUMBERS_H
#define NC_MODEL_NUMBERS_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/strbuf.h"

#define MODEL_NUMBERS_SUFFIX ".num"
#define MODEL_NUMBERS_VERSION 1
/* A place packs the offset above 6 bits of length: fields of at most
 * MODEL_NUMBER_MAX_BYTES (63) bytes, at offsets below 64 MB
 * (MODEL_MAX_BYTES); a field outside these is left to strtod. */
#define MODEL_NUMBERS_LENGTH_BITS 6
#define MODEL_NUMBERS_MAX_OFFSET ((UINT32_C(1) << (32 - MODEL_NUMBERS_LENGTH_BITS)) - 1)

/* A sidecar in use for one text (count 0: none, every number from the
 * text). Owns its bytes; `text` is the caller's, which must outlive it. */
struct model_numbers {
	const char *text;            /* the text it was checked against */
	size_t text_len;
	struct strbuf file;          /* the sidecar's bytes */
	size_t count, next;          /* numbers held; the one expected next */
	const unsigned char *values, *places;   /* in `file` */
	const char *unused;          /* why there is none in use (static text), or NULL */
};

/* The sidecar of the model file `model_path` (MODEL_NUMBERS_SUFFIX added),
 * checked against `text`, that file's `len` bytes as just read: 1 in use;
 * 0 when there is none to use, with the reason in numbers->unused. Never
 * an error: a sidecar is only ever a way to read faster. */
int model_numbers_open(struct model_numbers *numbers, const char *model_path, const char *text,
		       size_t len);

/* No sidecar: every number from the text (what open() leaves when it
 * finds none). */
void model_numbers_init(struct model_numbers *numbers);
void model_numbers_release(struct model_numbers *numbers);

/* model_parse_double() of the `len` bytes at `text`, a span of the text
 * the sidecar was opened for: the same result, bit for bit, and the same
 * refusals. `numbers` may be NULL. Spans are usually asked for in the
 * text's order (then a lookup is one comparison); any order works. */
int model_numbers_parse(struct model_numbers *numbers, const char *text, size_t len,
			double *value);

/* --- making one ---------------------------------------------------------- */

/* Append the sidecar of the text [text, text + len) to `out`; the number
 * of values it holds into *count (when not NULL). */
void model_numbers_build(const char *text, size_t len, struct strbuf *out, size_t *count);

/* Read the model file `model_path` and write its sidecar beside it, whole
 * or not at all; the number of values into *count. Errors: the model
 * cannot be read (NC_ERR_IO, NC_ERR_LIMIT), is not a model file
 * (NC_ERR_FORMAT), or the sidecar cannot be written (NC_ERR_IO). */
int model_numbers_write(const char *model_path, size_t *count, struct nc_error *err);

#endif
