/* ncleaner-compiled.h: the memory layout of the compiled ncleaner method,
 * private to the two files that make one: ncleaner-method.c builds it from
 * a model's text, ncleaner-image.c saves it to its image and points a
 * method's tables into an image it has read.
 * Nothing else includes this header (ncleaner-method.h is the interface).
 *
 * An image holds these structures as they are in memory, so a change here
 * (the slot, the table's sizing or hash_key()) changes what an image must
 * hold: bump NCLEANER_IMAGE_VERSION with it. The image also carries
 * sizeof(struct slot) and hash_key() of a probe, and t3530 checks that the
 * shipped images are what their texts make now, so that a forgotten bump
 * is caught rather than read as tables of another layout.
 */
#ifndef NC_NCLEANER_COMPILED_H
#define NC_NCLEANER_COMPILED_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "method/method.h"
#include "method/ngram.h"

#define EMPTY_KEY UINT64_MAX   /* never a real key: symbol 0xFF cannot occur */

/* What the hot loop reads of a k-gram: one probe, one cache line. */
struct slot {
	uint64_t key;
	float log_s[2];   /* log2 of the interpolated probability S_k, clean and dirty */
};

/* One order's k-grams. p[i] belongs to slots[i]: the own conditional
 * probabilities, read only for a segment's first symbols. While the method
 * is built, `exact` holds them as the file gave them (doubles: the sums
 * are computed from those, as they always were) and p is not yet there. */
struct table {
	struct slot *slots;
	float (*p)[2];
	double (*exact)[2];
	size_t mask, count;
	unsigned shift;   /* 64 - log2(slots): hash_key()'s */
};

struct ncleaner_method {
	struct method base;
	int order;
	double q;
	struct ngram_alphabet alphabet;
	ngram_weights weight;                     /* [m][j] */
	float unigram_p[2][NGRAM_SYMBOLS];
	float unigram_log_s[2][NGRAM_SYMBOLS];   /* log2(w_1 p_1) at full order */
	struct table table[NGRAM_MAX_ORDER + 1];
	char language[16];   /* the model's (ncleaner-model.h), or "" */
	/* Loaded from its image: the image's bytes, in which every table's
	 * slots and p lie (not allocated one by one). Empty otherwise. */
	struct strbuf image;
	const char *image_unused;   /* why not (static text), or NULL */
};

/* A key's first slot in a table whose `shift` is 64 - log2(its slots): the
 * top bits of the key times 2^64 / the golden ratio (Fibonacci hashing),
 * which every bit of the key moves. Every symbol of every segment the
 * method scores is looked up (the logistic method's n-gram features: all
 * of a text dump's text), and this is three instructions where the mixer
 * before it was six: 2.5% of text mode's instructions, with the same
 * probes on the shipped models. */
static inline size_t hash_key(uint64_t key, unsigned shift)
{
	return (size_t)((key * 0x9E3779B97F4A7C15ull) >> shift);
}

/* hash_key()'s shift for a table of `size` slots, a power of two > 1. */
static inline unsigned table_shift(size_t size)
{
	unsigned shift = 64;
	while (size >>= 1)
		shift--;
	return shift;
}

/* --- the image (ncleaner-image.c) ---------------------------------------------- */

/* Append the image of the built method `c` for the text [text, text + len)
 * it was built from. */
void ncleaner_image_build(const struct ncleaner_method *c, const char *text, size_t len,
			  struct strbuf *out);

/* Write that image beside `model_path`, whole or not at all (NC_ERR_IO). */
int ncleaner_image_write(const struct ncleaner_method *c, const char *model_path,
			 const char *text, size_t len, struct nc_error *err);

/* Fill `c` (zeroed, but for its ops) from the image beside `model_path`
 * when there is one made from the text [text, text + len) for the order
 * and q asked for (0 and <= 0: the model's): NULL. Else why not (static
 * text), and `c` holds nothing to free but c->image. */
const char *ncleaner_image_open(struct ncleaner_method *c, const char *model_path,
				const char *text, size_t len, int order, double q);

#endif
