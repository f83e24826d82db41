/* ngram.h: character n-gram models, from counting to probabilities.
 *
 * Symbols. Text is first normalised (ngram_normalise) into a string of
 * one-byte symbols according to an alphabet, built once per mode:
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
 * so keys of different orders never collide. An ngram_cursor walks the padded
 * string (boundary, symbols, boundary) and keeps the key of the last up to 8
 * symbols: counting, scoring and tuning all walk strings this one way.
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

#include "base/error.h"
#include "base/strbuf.h"

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

/* --- symbols ----------------------------------------------------------------- */

/* What each ASCII byte becomes in a mode (0x20 stands for "fold to space");
 * non-ASCII input is handled by ngram_normalise() itself. Read-only once
 * built, so one alphabet serves every worker. */
struct ngram_alphabet {
	enum ngram_mode mode;
	unsigned char ascii[128];
	int printable_as_is;   /* every byte 0x20-0x7E is its own symbol (modes 0, 1) */
};

void ngram_alphabet_init(struct ngram_alphabet *alphabet, enum ngram_mode mode);

/* Append the symbols of `text` (UTF-8) to `out`, without boundaries. */
void ngram_normalise(const struct ngram_alphabet *alphabet, const char *text, size_t len,
		     struct strbuf *out);

/* Number of distinct symbols the mode can produce, boundary included: the
 * denominator of add-one smoothing. */
unsigned ngram_alphabet_size(enum ngram_mode mode);

/* True when `symbol` can be produced by `mode` (or is the boundary). */
int ngram_symbol_in_alphabet(enum ngram_mode mode, unsigned symbol);

/* --- keys -------------------------------------------------------------------- */

static inline uint64_t ngram_key_mask(int k)
{
	return k >= 8 ? UINT64_MAX : (((uint64_t)1 << (8 * k)) - 1);
}

/* Walks the padded string boundary, symbols[0..len), boundary:
 *
 *     struct ngram_cursor c;
 *     for (ngram_cursor_start(&c, symbols, len); ngram_cursor_next(&c); )
 *             ... c.symbol, c.key, c.seen ...
 *
 * After each step `symbol` is the current symbol, `key` packs it with the
 * symbols before it (as many as fit), and `seen` counts the symbols walked so
 * far, the current one included: the longest k-gram ending here has
 * k = min(seen, 8). */
struct ngram_cursor {
	const unsigned char *symbols;
	size_t padded;     /* len + 2 */
	size_t seen;
	uint64_t key;
	unsigned symbol;
};

static inline void ngram_cursor_start(struct ngram_cursor *c, const unsigned char *symbols,
				      size_t len)
{
	c->symbols = symbols;
	c->padded = len + 2;
	c->seen = 0;
	c->key = 0;
	c->symbol = NGRAM_BOUNDARY;
}

static inline int ngram_cursor_next(struct ngram_cursor *c)
{
	if (c->seen == c->padded)
		return 0;
	size_t i = c->seen++;
	c->symbol = i == 0 || i == c->padded - 1 ? NGRAM_BOUNDARY : c->symbols[i - 1];
	c->key = (c->key << 8) | c->symbol;
	return 1;
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

/* --- interpolation ------------------------------------------------------------- */

/* 0 when q is a usable interpolation parameter, in (0, 1]; else -1 with
 * NC_ERR_USAGE and a message saying so. */
int ngram_check_q(double q, struct nc_error *err);

/* Interpolation weight of order j (1..m) when the longest order used is m:
 * (1-q)/(1-q^m) * q^(m-j), so weights sum to 1 and the longest history weighs
 * most. q = 1 gives equal weights (the limit). */
double ngram_weight(double q, int m, int j);

/* The weights of every order m = 1..NGRAM_MAX_ORDER: w[m][j] = ngram_weight(q, m, j). */
typedef double ngram_weights[NGRAM_MAX_ORDER + 1][NGRAM_MAX_ORDER + 1];
void ngram_weights_init(ngram_weights w, double q, int max_order);

/* The interpolated probability sum over j = 1..m of weight[j] * p[j], added
 * in that order (so every caller gets the same bits). */
static inline double ngram_interpolate(const double *weight, const double *p, int m)
{
	double s = weight[1] * p[1];
	for (int j = 2; j <= m; j++)
		s += weight[j] * p[j];
	return s;
}

#endif
