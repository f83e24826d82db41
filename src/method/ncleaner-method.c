/* ncleaner-method.c: the compiled n-gram classifier (see ncleaner-method.h). */
#include "method/ncleaner-method.h"
#include "base/alloc.h"

#include <math.h>
#include <string.h>

#define EMPTY_KEY UINT64_MAX   /* never a real key: symbol 0xFF cannot occur */

struct entry {
	float p[2];       /* own conditional probability, clean and dirty */
	float log_s[2];   /* log2 of the interpolated probability S_k */
};

struct table {
	uint64_t *keys;
	struct entry *entries;
	size_t mask;
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
};

/* A worker's scratch: the segment's symbols. */
struct ncleaner_scorer {
	struct method_scorer base;
	const struct ncleaner_method *method;
	struct strbuf symbols;
};

static inline size_t hash_key(uint64_t key, size_t mask)
{
	key ^= key >> 31;
	key *= 0x9E3779B97F4A7C15ull;
	key ^= key >> 29;
	return (size_t)key & mask;
}

static const struct entry *table_find(const struct table *t, uint64_t key)
{
	size_t i = hash_key(key, t->mask);
	for (;;) {
		uint64_t k = t->keys[i];
		if (k == key)
			return &t->entries[i];
		if (k == EMPTY_KEY)
			return NULL;
		i = (i + 1) & t->mask;
	}
}

static struct entry *table_insert(struct table *t, uint64_t key)
{
	size_t i = hash_key(key, t->mask);
	while (t->keys[i] != EMPTY_KEY && t->keys[i] != key)
		i = (i + 1) & t->mask;
	if (t->keys[i] == EMPTY_KEY) {
		t->keys[i] = key;
		memset(&t->entries[i], 0, sizeof(t->entries[i]));
	}
	return &t->entries[i];
}

static void table_init(struct table *t, size_t expected)
{
	size_t size = 16;
	while (size < expected * 2)   /* load factor <= 0.5 keeps probes short */
		size *= 2;
	t->keys = xmalloc(size * sizeof(*t->keys));
	t->entries = xmalloc(size * sizeof(*t->entries));
	memset(t->keys, 0xFF, size * sizeof(*t->keys));
	t->mask = size - 1;
}

static void ncleaner_method_free(struct method *base)
{
	struct ncleaner_method *c = (struct ncleaner_method *)base;
	if (!c)
		return;
	for (int k = 2; k <= NGRAM_MAX_ORDER; k++) {
		free(c->table[k].keys);
		free(c->table[k].entries);
	}
	free(c);
}

static struct method_scorer *ncleaner_scorer_new(const struct method *base);
static int ncleaner_score(struct method_scorer *base, const struct segment *segment,
			  struct segment_score *score, struct nc_error *err);
static void ncleaner_scorer_free(struct method_scorer *base);

static void ncleaner_describe(const struct method *method, struct strbuf *json)
{
	const struct ncleaner_method *c = (const struct ncleaner_method *)method;
	strbuf_addf(json, "\"order\":%d,\"q\":%g", c->order, c->q);
}

static const struct method_ops ncleaner_ops = {
	.name = NCLEANER_METHOD_NAME,
	.scorer_new = ncleaner_scorer_new,
	.score = ncleaner_score,
	.scorer_free = ncleaner_scorer_free,
	.free = ncleaner_method_free,
	.describe = ncleaner_describe,
};

/* The interpolated probability S_k of `key` at full order, from the model's
 * own tables. */
static double full_order_prob(const struct ncleaner_method *c, const struct ngram_model *model,
			      uint64_t key, int k)
{
	double p[NGRAM_MAX_ORDER + 1];
	p[1] = model->unigram[key & 0xFF];
	for (int j = 2; j <= k; j++)
		p[j] = ngram_model_prob(model, j, key & ngram_key_mask(j));
	return ngram_interpolate(c->weight[c->order], p, k);
}

struct method *ncleaner_method_new(const struct ncleaner_model *model, int order, double q,
				   struct nc_error *err)
{
	const struct ngram_model *models[2] = { &model->clean, &model->dirty };
	struct ncleaner_method *c;

	if (order <= 0)
		order = model->order;
	if (q <= 0)
		q = model->q;
	if (order > model->order) {
		nc_error_set(err, NC_ERR_USAGE, "n = %d is larger than the model's order %d", order,
			     model->order);
		return NULL;
	}
	if (ngram_check_q(q, err) < 0)
		return NULL;
	c = xcalloc(1, sizeof(*c));
	c->base.ops = &ncleaner_ops;
	c->base.default_bias = model->bias;
	c->order = order;
	c->q = q;
	ngram_alphabet_init(&c->alphabet, model->mode);
	ngram_weights_init(c->weight, q, order);
	for (int which = 0; which < 2; which++) {
		for (int s = 0; s < NGRAM_SYMBOLS; s++) {
			double p = models[which]->unigram[s];
			c->unigram_p[which][s] = (float)p;
			/* Outside the alphabet (cannot occur) a tiny value keeps logs finite. */
			c->unigram_log_s[which][s] = (float)log2(p > 0 ? c->weight[order][1] * p : 1e-30);
		}
	}

	/* Tables: the union of both models' keys at each order. */
	for (int k = 2; k <= order; k++) {
		struct table *t = &c->table[k];
		table_init(t, HASH_COUNT(models[0]->table[k]) + HASH_COUNT(models[1]->table[k]));
		for (int which = 0; which < 2; which++) {
			const struct ngram_prob *e, *tmp;
			HASH_ITER(hh, models[which]->table[k], e, tmp)
				table_insert(t, e->key)->p[which] = (float)e->p;
		}
	}
	/* Interpolated sums at full order, for every key of every order. */
	for (int k = 2; k <= order; k++) {
		struct table *t = &c->table[k];
		for (size_t i = 0; i <= t->mask; i++) {
			if (t->keys[i] == EMPTY_KEY)
				continue;
			for (int which = 0; which < 2; which++)
				t->entries[i].log_s[which] =
					(float)log2(full_order_prob(c, models[which], t->keys[i], k));
		}
	}
	return &c->base;
}

struct method *ncleaner_method_load(const char *path, int order, double q,
				    struct nc_error *err)
{
	struct ncleaner_model model;

	if (ncleaner_model_load(&model, path, err) < 0)
		return NULL;
	struct method *method = ncleaner_method_new(&model, order, q, err);
	ncleaner_model_release(&model);
	return method;
}

/* Slow path for the first symbols: history of m-1 symbols, weights of order m. */
static void score_short_history(const struct ncleaner_method *c, uint64_t key, int m,
				double logprob[2])
{
	for (int which = 0; which < 2; which++) {
		double p[NGRAM_MAX_ORDER + 1];
		p[1] = c->unigram_p[which][key & 0xFF];
		for (int j = 2; j <= m; j++) {
			const struct entry *e = table_find(&c->table[j], key & ngram_key_mask(j));
			p[j] = e ? e->p[which] : 0;
		}
		logprob[which] += log2(ngram_interpolate(c->weight[m], p, m));
	}
}

void ncleaner_method_logprob(const struct method *base, const unsigned char *symbols,
			     size_t len, double logprob[2])
{
	const struct ncleaner_method *c = (const struct ncleaner_method *)base;
	const int n = c->order;
	struct ngram_cursor cursor;

	logprob[0] = logprob[1] = 0;
	for (ngram_cursor_start(&cursor, symbols, len); ngram_cursor_next(&cursor);) {
		uint64_t key = cursor.key;
		if (cursor.seen < (size_t)n) {
			score_short_history(c, key, (int)cursor.seen, logprob);
			continue;
		}
		/* Hot path: the longest k-gram that either model has seen. */
		const struct entry *e = NULL;
		for (int k = n; k >= 2 && !e; k--)
			e = table_find(&c->table[k], key & ngram_key_mask(k));
		if (e) {
			logprob[0] += e->log_s[0];
			logprob[1] += e->log_s[1];
		} else {
			logprob[0] += c->unigram_log_s[0][cursor.symbol];
			logprob[1] += c->unigram_log_s[1][cursor.symbol];
		}
	}
}

static struct method_scorer *ncleaner_scorer_new(const struct method *base)
{
	struct ncleaner_scorer *scorer = xcalloc(1, sizeof(*scorer));
	scorer->base.ops = &ncleaner_ops;
	scorer->method = (const struct ncleaner_method *)base;
	strbuf_init(&scorer->symbols);
	return &scorer->base;
}

static void ncleaner_scorer_free(struct method_scorer *base)
{
	struct ncleaner_scorer *scorer = (struct ncleaner_scorer *)base;
	strbuf_release(&scorer->symbols);
	free(scorer);
}

static int ncleaner_score(struct method_scorer *base, const struct segment *segment,
			  struct segment_score *score, struct nc_error *err)
{
	struct ncleaner_scorer *scorer = (struct ncleaner_scorer *)base;
	double logprob[2];

	(void)err;
	strbuf_reset(&scorer->symbols);
	ngram_normalise(&scorer->method->alphabet, segment->text, segment->len, &scorer->symbols);
	ncleaner_method_logprob(&scorer->method->base, (const unsigned char *)scorer->symbols.buf,
				scorer->symbols.len, logprob);
	score->units = scorer->symbols.len + 2;
	score->cost_clean = -logprob[0] / (double)score->units;
	score->cost_dirty = -logprob[1] / (double)score->units;
	return 0;
}
