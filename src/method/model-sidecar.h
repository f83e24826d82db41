/* model-sidecar.h: what every binary sidecar of a model file shares.
 *
 * A model file is text, and the text stays the one source of truth. A
 * sidecar, MODEL plus a suffix beside it, holds something the loader would
 * otherwise compute from that text at every start (the numbers only
 * strtod reads: model-numbers.h; the ncleaner method's built tables:
 * ncleaner-method.h), in the byte order of the machine that wrote it. It
 * is only ever a way to load faster: one that is missing, of another kind,
 * version or byte order, cut short, damaged, or made from other bytes
 * than the text beside it is ignored, and the loader reads the text.
 *
 * Every sidecar opens with the same 48 bytes, then its kind's body:
 *
 *     0   8 bytes   the kind's magic ("NCNUMS\0\0", "NCIMAGE\0")
 *     8   uint32    the kind's version
 *     12  uint32    0x01020304, the byte-order mark (a machine of the other
 *                   order reads it differently and ignores the file)
 *     16  uint64    size of the text in bytes
 *     24  uint64    model_sidecar_hash() of the text
 *     32  uint64    the kind's own field (a count, a size)
 *     40  uint64    model_sidecar_hash() of the body (bytes 48 to the end)
 *
 * The hashes find accidents (an edited model, a copy cut short, a flipped
 * bit), not intent: they are no signature, and a sidecar forged to match
 * its text is used. That opens nothing new: whoever can write beside a
 * model can write the model. Each kind still checks what its reader
 * relies on to stay in bounds and to end.
 */
#ifndef NC_MODEL_SIDECAR_H
#define NC_MODEL_SIDECAR_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/error.h"
#include "base/strbuf.h"

#define MODEL_SIDECAR_HEADER_BYTES 48
#define MODEL_SIDECAR_MAGIC_BYTES 8

/* A kind of sidecar: what its header must say. */
struct model_sidecar_kind {
	const char *magic;     /* MODEL_SIDECAR_MAGIC_BYTES bytes, NULs included */
	uint32_t version;
	const char *suffix;    /* of its file name: ".num" */
	const char *not_one;   /* why a file of another magic is ignored:
				  "not a number sidecar" */
};

/* The 64-bit hash sidecars name their text and their body by (in this
 * machine's byte order): every change of a single run of 8 aligned bytes
 * changes it. About one instruction a byte. */
uint64_t model_sidecar_hash(const void *data, size_t len);

/* Fields of a sidecar, in the machine's byte order, from any alignment. */
static inline uint32_t model_sidecar_load32(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static inline uint64_t model_sidecar_load64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

/* --- making one ---------------------------------------------------------- */

/* Append to `out` the header of a sidecar of `kind` for the text
 * [text, text + len), with the kind's `field`, then `body`. */
void model_sidecar_build(struct strbuf *out, const struct model_sidecar_kind *kind,
			 const char *text, size_t len, uint64_t field, const struct strbuf *body);

/* Read the model file `model_path` whole into `text` and check that it is
 * a model file (its header: model-file.h). Errors: it cannot be read
 * (NC_ERR_IO, NC_ERR_LIMIT), it is no model file (NC_ERR_FORMAT). */
int model_sidecar_read_model(const char *model_path, struct strbuf *text, struct nc_error *err);

/* Write `bytes` as the sidecar of `kind` beside `model_path`, whole or not
 * at all (NC_ERR_IO). */
int model_sidecar_write(const char *model_path, const struct model_sidecar_kind *kind,
			const struct strbuf *bytes, struct nc_error *err);

/* --- using one ------------------------------------------------------------- */

/* Read the sidecar of `kind` beside `model_path` into `file` (at most
 * `max_bytes`): NULL, or why there is none to use ("none", "too long"). */
const char *model_sidecar_read(const char *model_path, const struct model_sidecar_kind *kind,
			       size_t max_bytes, struct strbuf *file);

/* Why the `size` bytes at `file` are not a sidecar of `kind` made from the
 * text [text, text + len), judged by the header alone (its magic, version,
 * byte order, and the text's size and hash), or NULL; then *field is the
 * kind's field. The reasons are static text. */
const char *model_sidecar_check_header(const unsigned char *file, size_t size,
				       const struct model_sidecar_kind *kind, const char *text,
				       size_t len, uint64_t *field);

/* "damaged" when the body's hash is not the header's, else NULL. */
const char *model_sidecar_check_body(const unsigned char *file, size_t size);

#endif
