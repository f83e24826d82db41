/* classify.c: the compiled classifier (see classify.h). */
#include "classify.h"
#include "util.h"

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

struct ngram_classifier {
	int order;
	double q;
	enum ngram_mode mode;
	double weight[NGRAM_MAX_ORDER + 1][NGRAM_MAX_ORDER + 1]; /* [m][j] */
	float unigram_p[2][NGRAM_SYMBOLS];
	float unigram_log_s[2][NGRAM_SYMBOLS];   /* log2(w_1 p_1) at full order */
	struct table table[NGRAM_MAX_ORDER + 1];
	struct strbuf scratch;
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

void ngram_classifier_free(struct ngram_classifier *c)
{
	if (!c)
		return;
	for (int k = 2; k <= NGRAM_MAX_ORDER; k++) {
		free(c->table[k].keys);
		free(c->table[k].entries);
	}
	strbuf_release(&c->scratch);
	free(c);
}

int ngram_classifier_order(const struct ngram_classifier *c) { return c->order; }
double ngram_classifier_q(const struct ngram_classifier *c) { return c->q; }
enum ngram_mode ngram_classifier_mode(const struct ngram_classifier *c) { return c->mode; }

struct ngram_classifier *ngram_classifier_new(const struct ncleaner_model *model, int order,
					      double q, struct nc_error *err)
{
	const struct ngram_model *models[2] = { &model->clean, &model->dirty };
	struct ngram_classifier *c;

	if (order <= 0)
		order = model->order;
	if (q <= 0)
		q = model->q;
	if (order > model->order) {
		nc_error_set(err, NC_ERR_USAGE, "n = %d is larger than the model's order %d", order,
			     model->order);
		return NULL;
	}
	if (!(q > 0 && q <= 1)) {
		nc_error_set(err, NC_ERR_USAGE, "q must be in (0, 1], not %g", q);
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	c->order = order;
	c->q = q;
	c->mode = model->mode;
	strbuf_init(&c->scratch);
	for (int m = 1; m <= order; m++)
		for (int j = 1; j <= m; j++)
			c->weight[m][j] = ngram_weight(q, m, j);
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
			for (int which = 0; which < 2; which++) {
				uint64_t key = t->keys[i];
				double s = c->weight[order][1] * models[which]->unigram[key & 0xFF];
				for (int j = 2; j <= k; j++)
					s += c->weight[order][j] *
					     ngram_model_prob(models[which], j, key & ngram_key_mask(j));
				t->entries[i].log_s[which] = (float)log2(s);
			}
		}
	}
	return c;
}

/* Slow path for the first symbols: history of m-1 symbols, weights of order m. */
static void score_short_history(const struct ngram_classifier *c, uint64_t key, int m,
				double logprob[2])
{
	for (int which = 0; which < 2; which++) {
		double s = c->weight[m][1] * c->unigram_p[which][key & 0xFF];
		for (int j = 2; j <= m; j++) {
			const struct entry *e = table_find(&c->table[j], key & ngram_key_mask(j));
			if (e)
				s += c->weight[m][j] * e->p[which];
		}
		logprob[which] += log2(s);
	}
}

void ngram_classifier_logprob(const struct ngram_classifier *c, const unsigned char *symbols,
			      size_t len, double logprob[2])
{
	const int n = c->order;
	size_t padded = len + 2;
	uint64_t key = 0;

	logprob[0] = logprob[1] = 0;
	for (size_t i = 0; i < padded; i++) {
		unsigned s = i == 0 || i == padded - 1 ? NGRAM_BOUNDARY : symbols[i - 1];
		key = (key << 8) | s;
		if (i + 1 < (size_t)n) {
			score_short_history(c, key, (int)i + 1, logprob);
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
			logprob[0] += c->unigram_log_s[0][s];
			logprob[1] += c->unigram_log_s[1][s];
		}
	}
}

int ngram_classifier_score(struct ngram_classifier *c, const char *text, size_t len,
			   struct ngram_score *score, struct nc_error *err)
{
	double logprob[2];

	(void)err;
	strbuf_reset(&c->scratch);
	ngram_normalise(c->mode, text, len, &c->scratch);
	ngram_classifier_logprob(c, (const unsigned char *)c->scratch.buf, c->scratch.len, logprob);
	score->symbols = c->scratch.len + 2;
	score->h_clean = -logprob[0] / (double)score->symbols;
	score->h_dirty = -logprob[1] / (double)score->symbols;
	return 0;
}
