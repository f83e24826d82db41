/* sidecar-test.h: what the tests of model sidecars (model-sidecar.h) do to
 * one's bytes: t3520 to number sidecars, t3530 to n-gram images. A change
 * of the body with rehash() after it is a forgery (the hashes match), one
 * without it is damage; swap_header_order() makes the header another
 * machine's. Both write their models and sidecars in a scratch directory,
 * work_dir, which main() makes with mkdtemp() and removes. */
#ifndef NC_SIDECAR_TEST_H
#define NC_SIDECAR_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "method/model-sidecar.h"
#include "tap.h"

static char work_dir[] = "/tmp/ncleaner-sidecar-XXXXXX";

/* The file `name` of the scratch directory (until the next call). */
static const char *work_path(const char *name)
{
	static char path[4096];
	snprintf(path, sizeof(path), "%s/%s", work_dir, name);
	return path;
}

static void write_bytes(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f))
		bail("cannot write in the temporary directory");
}

static inline void set32(struct strbuf *b, size_t at, uint32_t v)
{
	memcpy(b->buf + at, &v, 4);
}

static inline void set64(struct strbuf *b, size_t at, uint64_t v)
{
	memcpy(b->buf + at, &v, 8);
}

static inline uint64_t get64(const struct strbuf *b, size_t at)
{
	uint64_t v;
	memcpy(&v, b->buf + at, 8);
	return v;
}

/* The body's hash made right again after a change. */
static inline void rehash(struct strbuf *b)
{
	set64(b, 40, model_sidecar_hash(b->buf + MODEL_SIDECAR_HEADER_BYTES,
					 b->len - MODEL_SIDECAR_HEADER_BYTES));
}

/* Every field of the header after the magic in the other byte order,
 * but the version, so that the byte-order mark is what tells. */
static inline void swap_header_order(struct strbuf *b)
{
	for (size_t at = 12; at < MODEL_SIDECAR_HEADER_BYTES; at += at < 16 ? 4 : 8) {
		size_t n = at < 16 ? 4 : 8;
		for (size_t k = 0; k < n / 2; k++) {
			char c = b->buf[at + k];
			b->buf[at + k] = b->buf[at + n - 1 - k];
			b->buf[at + n - 1 - k] = c;
		}
	}
}

#endif
