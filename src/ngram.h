/* ngram.h: character n-gram models, from counting to probabilities.
 *
 * Symbols. Text is first normalised (ngram_normalise) into a string of
 * one-byte symbols according to the model's mode:
 *   0  bytes of the UTF-8 text; white space and control characters fold to
 *      one space (the segmenter has already done most of that)
 *   1  (default) as 0, but every non-ASCII code point becomes one '~'
 *   2  as 1, and vowels -> 'a', other ASCII letters -> 't', digits -> '0'
 *   3  as 1, and all ASCII letters -> 'a', digits -> '0' (non-lexical)
 * Case is kept in modes 0 and 1 and folded in 2 and 3. Symbol 0 is the
 * boundary: one is put at each end of a segment before counting or scoring.
 * Symbols never take the value 0xFF (it cannot occur in valid UTF-8), which
 * the lookup tables use as their empty-slot key.
 *
 * Keys. A k-gram (k <= NGRAM_MAX_ORDER) is packed into a uint64_t, one byte
 * per symbol, the last symbol in the low byte; each order has its own table,
 * so keys of different orders never collide.
 *
 * Counts (training). struct ngram_counts holds, for every order 1..N, the
 * (possibly negative, after differential subtraction) count of each k-gram,
 * in uthash tables. It owns its entries.
 *
 * Probabilities. struct ngram_model holds, for every order, the conditional
 * probability P(x_k | x_1..x_{k-1}) of each k-gram with p > 0, estimated as
 * count(h c) / sum over c' of count(h c'), clamped to [0, 1]; order 1 is
 * add-one smoothed over the mode's alphabet, so every symbol has p > 0.
 * A k-gram absent from its table has probability 0 at that order.
 */
#ifndef NC_NGRAM_H
#define NC_NGRAM_H

#include <stddef.h>
#include <stdint.h>

#include <uthash.h>

#include "strbuf.h"

#define NGRAM_MAX_ORDER 8
#define NGRAM_BOUNDARY 0
#define NGRAM_SYMBOLS 256

enum ngram_mode {
	NGRAM_MODE_MINIMAL = 0,
	NGRAM_MODE_ASCII = 1,
	NGRAM_MODE_SHAPE = 2,
	NGRAM_MODE_NONLEXICAL = 3
};
#define NGRAM_MODE_MAX 3

/* Append the symbols of `text` (UTF-8) to `out`, without boundaries. */
void ngram_normalise(enum ngram_mode mode, const char *text, size_t len, struct strbuf *out);

/* Number of distinct symbols the mode can produce, boundary included: the
 * denominator of add-one smoothing. */
unsigned ngram_alphabet_size(enum ngram_mode mode);

/* True when `symbol` can be produced by `mode` (or is the boundary). */
int ngram_symbol_in_alphabet(enum ngram_mode mode, unsigned symbol);

static inline uint64_t ngram_key_mask(int k)
{
	return k >= 8 ? UINT64_MAX : (((uint64_t)1 << (8 * k)) - 1);
}

/* --- counts ---------------------------------------------------------------- */

struct ngram_count {
	uint64_t key;
	double count;
	UT_hash_handle hh;
};

struct ngram_counts {
	int order;
	double unigram[NGRAM_SYMBOLS];
	struct ngram_count *table[NGRAM_MAX_ORDER + 1];   /* [2..order] used */
};

void ngram_counts_init(struct ngram_counts *counts, int order);
void ngram_counts_release(struct ngram_counts *counts);

/* Add `weight` for every window of length 1..order of the padded string
 * (boundary, symbols, boundary). */
void ngram_counts_add(struct ngram_counts *counts, const unsigned char *symbols, size_t len,
		      double weight);

/* counts += factor * other (other's order must be >= counts' order). */
void ngram_counts_merge(struct ngram_counts *counts, const struct ngram_counts *other,
			double factor);

/* --- probabilities ---------------------------------------------------------- */

struct ngram_prob {
	uint64_t key;
	double p;
	UT_hash_handle hh;
};

struct ngram_model {
	int order;
	enum ngram_mode mode;
	double unigram[NGRAM_SYMBOLS];                 /* > 0 inside the alphabet */
	struct ngram_prob *table[NGRAM_MAX_ORDER + 1]; /* [2..order] used */
};

void ngram_model_init(struct ngram_model *model, int order, enum ngram_mode mode);
void ngram_model_release(struct ngram_model *model);

/* Estimate conditional probabilities from counts (see the header comment). */
void ngram_model_estimate(struct ngram_model *model, const struct ngram_counts *counts,
			  enum ngram_mode mode);

/* P(last symbol | the others) of the k-gram `key` at order k (0 if unseen). */
double ngram_model_prob(const struct ngram_model *model, int k, uint64_t key);

/* Store p for a k-gram (k >= 2), replacing an earlier value. */
void ngram_model_set(struct ngram_model *model, int k, uint64_t key, double p);

size_t ngram_model_entries(const struct ngram_model *model);

/* Interpolation weight of order j (1..m) when the longest order used is m:
 * (1-q)/(1-q^m) * q^(m-j), so weights sum to 1 and the longest history weighs
 * most. q = 1 gives equal weights (the limit). */
double ngram_weight(double q, int m, int j);

#endif
