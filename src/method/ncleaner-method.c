/* ncleaner-method.c: the compiled n-gram classifier (see ncleaner-method.h). */
#include "method/ncleaner-method.h"
#include "method/ncleaner-compiled.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/limits.h"

#include <math.h>
#include <string.h>

/* A worker's scratch: the segment's symbols. */
struct ncleaner_scorer {
	struct method_scorer base;
	const struct ncleaner_method *method;
	struct strbuf symbols;
};

static const struct slot *table_find(const struct table *t, uint64_t key)
{
	size_t i = hash_key(key, t->shift);
	for (;;) {
		const struct slot *slot = &t->slots[i];
		if (slot->key == key)
			return slot;
		if (slot->key == EMPTY_KEY)
			return NULL;
		i = (i + 1) & t->mask;
	}
}

/* --- building ------------------------------------------------------------------- */

/* Room for `expected` keys (a bound: a k-gram of both halves is counted
 * twice) at a load of at most 3/4, so that probes stay short. */
static void table_init(struct table *t, size_t expected)
{
	size_t size = 16;
	while (size / 4 * 3 < expected)
		size *= 2;
	t->slots = xcalloc(size, sizeof(*t->slots));   /* empty slots' sums 0: images repeat */
	t->exact = xcalloc(size, sizeof(*t->exact));
	for (size_t i = 0; i < size; i++)
		t->slots[i].key = EMPTY_KEY;
	t->mask = size - 1;
	t->count = 0;
	t->shift = table_shift(size);
}

static size_t table_slot(const struct table *t, uint64_t key)
{
	size_t i = hash_key(key, t->shift);
	while (t->slots[i].key != EMPTY_KEY && t->slots[i].key != key)
		i = (i + 1) & t->mask;
	return i;
}

/* The caller's bound (table_init()) holds every key: a k-gram is stored
 * once a line of its order, and the lines were counted. */
static void table_insert(struct table *t, int half, uint64_t key, double p)
{
	size_t i = table_slot(t, key);
	if (t->slots[i].key == EMPTY_KEY) {
		if (++t->count > t->mask)   /* one slot stays empty: lookups end */
			xdie("ncleaner method: more k-grams than the model's lines");
		t->slots[i].key = key;
	}
	t->exact[i][half] = p;   /* a later line for the same k-gram replaces it */
}

/* The building's own probability of a k-gram at order k (0 if unseen). */
static double exact_prob(const struct table *t, int half, uint64_t key)
{
	size_t i = table_slot(t, key);
	return t->slots[i].key == key ? t->exact[i][half] : 0;
}

static void ncleaner_method_free(struct method *base)
{
	struct ncleaner_method *c = (struct ncleaner_method *)base;
	if (!c)
		return;
	for (int k = 2; k <= NGRAM_MAX_ORDER && !c->image.len; k++) {
		free(c->table[k].slots);
		free(c->table[k].p);
		free(c->table[k].exact);
	}
	strbuf_release(&c->image);
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

static struct ncleaner_method *method_alloc(void)
{
	struct ncleaner_method *c = xcalloc(1, sizeof(*c));
	c->base.ops = &ncleaner_ops;
	strbuf_init(&c->image);
	return c;
}

/* A method being built, whether from a model in memory or from a file's
 * lines (ncleaner_model_read()): begun from the model's header, given every
 * probability of order >= 2, finished with its unigrams. */
struct build {
	int order;           /* asked for: 0 for the model's */
	double q;            /* asked for: <= 0 for the model's */
	struct ncleaner_method *c;
};

static int build_begin(void *data, const struct ncleaner_model *model,
		       const size_t lines[NGRAM_MAX_ORDER + 1], struct nc_error *err)
{
	struct build *b = data;
	int order = b->order > 0 ? b->order : model->order;
	double q = b->q > 0 ? b->q : model->q;

	if (order > model->order)
		return nc_error_set(err, NC_ERR_USAGE, "n = %d is larger than the model's order %d",
				    order, model->order);
	if (ngram_check_q(q, err) < 0)
		return -1;
	struct ncleaner_method *c = method_alloc();
	c->base.default_bias = model->bias;
	c->order = order;
	c->q = q;
	ngram_alphabet_init(&c->alphabet, model->mode);
	ngram_weights_init(c->weight, q, order);
	for (int k = 2; k <= order; k++)
		table_init(&c->table[k], lines[k]);
	b->c = c;
	return 0;
}

static void build_store(void *data, int half, int k, uint64_t key, double p)
{
	struct build *b = data;
	if (k <= b->c->order)
		table_insert(&b->c->table[k], half, key, p);
}

/* The interpolated probability S_k of the k-gram `key` at full order. */
static double full_order_prob(const struct ncleaner_method *c, const struct ngram_model *model,
			      int half, uint64_t key, int k)
{
	double p[NGRAM_MAX_ORDER + 1];
	p[1] = model->unigram[key & 0xFF];
	for (int j = 2; j <= k; j++)
		p[j] = exact_prob(&c->table[j], half, key & ngram_key_mask(j));
	return ngram_interpolate(c->weight[c->order], p, k);
}

static struct method *build_finish(struct build *b, const struct ncleaner_model *model)
{
	struct ncleaner_method *c = b->c;
	const struct ngram_model *halves[2] = { &model->clean, &model->dirty };

	memcpy(c->language, model->language, sizeof(c->language));
	for (int half = 0; half < 2; half++) {
		for (int s = 0; s < NGRAM_SYMBOLS; s++) {
			double p = halves[half]->unigram[s];
			c->unigram_p[half][s] = (float)p;
			/* Outside the alphabet (cannot occur) a tiny value keeps logs finite. */
			c->unigram_log_s[half][s] =
				(float)log2(p > 0 ? c->weight[c->order][1] * p : 1e-30);
		}
	}
	/* Interpolated sums at full order, for every key of every order. */
	for (int k = 2; k <= c->order; k++) {
		struct table *t = &c->table[k];
		for (size_t i = 0; i <= t->mask; i++) {
			if (t->slots[i].key == EMPTY_KEY)
				continue;
			for (int half = 0; half < 2; half++)
				t->slots[i].log_s[half] = (float)log2(
					full_order_prob(c, halves[half], half, t->slots[i].key, k));
		}
	}
	/* Only then (the sums read every order's exact values) the floats. */
	for (int k = 2; k <= c->order; k++) {
		struct table *t = &c->table[k];
		t->p = xmalloc((t->mask + 1) * sizeof(*t->p));
		for (size_t i = 0; i <= t->mask; i++)
			for (int half = 0; half < 2; half++)
				t->p[i][half] = (float)t->exact[i][half];
		free(t->exact);
		t->exact = NULL;
	}
	return &c->base;
}

struct method *ncleaner_method_new(const struct ncleaner_model *model, int order, double q,
				   struct nc_error *err)
{
	const struct ngram_model *halves[2] = { &model->clean, &model->dirty };
	struct build b = { order, q, NULL };
	size_t lines[NGRAM_MAX_ORDER + 1] = { 0 };

	for (int k = 2; k <= model->order; k++)
		lines[k] = HASH_COUNT(halves[0]->table[k]) + HASH_COUNT(halves[1]->table[k]);
	if (build_begin(&b, model, lines, err) < 0)
		return NULL;
	for (int k = 2; k <= b.c->order; k++) {
		for (int half = 0; half < 2; half++) {
			const struct ngram_prob *e, *tmp;
			HASH_ITER(hh, halves[half]->table[k], e, tmp)
				build_store(&b, half, k, e->key, e->p);
		}
	}
	return build_finish(&b, model);
}

/* The method built from the text of the model file `path`, already read
 * into `text` (whose lines the parse cuts). */
static struct method *load_text(const char *path, struct strbuf *text, int order, double q,
				struct nc_error *err)
{
	struct ncleaner_model model;
	struct build b = { order, q, NULL };
	const struct ncleaner_model_reader reader = { build_begin, build_store, &b };
	struct method *method = NULL;

	if (ncleaner_model_read_buffer(&model, path, text, &reader, err) == 0)
		method = build_finish(&b, &model);
	else
		ncleaner_method_free(b.c ? &b.c->base : NULL);
	ncleaner_model_release(&model);
	return method;
}

/* The text is read first either way: the image is used only when made
 * from exactly these bytes (ncleaner-image.c). */
struct method *ncleaner_method_load(const char *path, int order, double q,
				    struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT;
	struct method *method = NULL;

	if (read_file(path, MODEL_MAX_BYTES, &text, err) == 0) {
		struct ncleaner_method *c = method_alloc();
		const char *unused = ncleaner_image_open(c, path, text.buf, text.len, order, q);
		if (!unused) {
			method = &c->base;
		} else {
			ncleaner_method_free(&c->base);
			method = load_text(path, &text, order, q, err);
			if (method)
				((struct ncleaner_method *)method)->image_unused = unused;
		}
	}
	strbuf_release(&text);
	return method;
}

const char *ncleaner_method_image_unused(const struct method *method)
{
	return ((const struct ncleaner_method *)method)->image_unused;
}

int ncleaner_method_write_image(const char *model_path, struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT, parsed = STRBUF_INIT;
	struct method *method = NULL;
	int ret = -1;

	if (read_file(model_path, MODEL_MAX_BYTES, &text, err) < 0)
		goto done;
	strbuf_add(&parsed, text.buf, text.len);   /* the parse cuts its copy */
	if (!(method = load_text(model_path, &parsed, 0, 0, err)))
		goto done;
	ret = ncleaner_image_write((const struct ncleaner_method *)method, model_path, text.buf,
				   text.len, err);
done:
	ncleaner_method_free(method);
	strbuf_release(&text);
	strbuf_release(&parsed);
	return ret;
}

/* Slow path for the first symbols: history of m-1 symbols, weights of order m. */
static void score_short_history(const struct ncleaner_method *c, uint64_t key, int m,
				double logprob[2])
{
	for (int which = 0; which < 2; which++) {
		double p[NGRAM_MAX_ORDER + 1];
		p[1] = c->unigram_p[which][key & 0xFF];
		for (int j = 2; j <= m; j++) {
			const struct table *t = &c->table[j];
			const struct slot *slot = table_find(t, key & ngram_key_mask(j));
			p[j] = slot ? t->p[slot - t->slots][which] : 0;
		}
		logprob[which] += log2(ngram_interpolate(c->weight[m], p, m));
	}
}

/* The symbol with its full history: the longest k-gram either model has
 * seen (at full order nearly always), else the unigram. */
static inline void score_full_history(const struct ncleaner_method *c, uint64_t key,
				      unsigned symbol, double *sum0, double *sum1)
{
	const int n = c->order;
	const struct slot *slot = n >= 2 ? table_find(&c->table[n], key & ngram_key_mask(n)) : NULL;
	for (int k = n - 1; k >= 2 && !slot; k--)
		slot = table_find(&c->table[k], key & ngram_key_mask(k));
	if (slot) {
		*sum0 += slot->log_s[0];
		*sum1 += slot->log_s[1];
	} else {
		*sum0 += c->unigram_log_s[0][symbol];
		*sum1 += c->unigram_log_s[1][symbol];
	}
}

const char *ncleaner_method_language(const struct method *base)
{
	return ((const struct ncleaner_method *)base)->language;
}

void ncleaner_method_logprob(const struct method *base, const unsigned char *symbols,
			     size_t len, double logprob[2])
{
	const struct ncleaner_method *c = (const struct ncleaner_method *)base;
	const size_t n = (size_t)c->order;
	struct ngram_cursor cursor;
	double sum0 = 0, sum1 = 0;   /* in registers: logprob may alias the tables */

	/* The first symbols, whose history is shorter than the order, and the
	 * boundary: the cursor's way. */
	ngram_cursor_start(&cursor, symbols, len);
	while (cursor.seen + 1 < n && ngram_cursor_next(&cursor)) {
		double first[2] = { 0, 0 };
		score_short_history(c, cursor.key, (int)cursor.seen, first);
		sum0 += first[0];
		sum1 += first[1];
	}
	/* The text's symbols with their full history, straight from the
	 * array (the padded string's position i is symbols[i - 1]); then the
	 * closing boundary. */
	uint64_t key = cursor.key;
	size_t i = cursor.seen;   /* the next position */
	if (i == 0) {   /* n = 1: the opening boundary has its whole history */
		score_full_history(c, key, NGRAM_BOUNDARY, &sum0, &sum1);
		i = 1;
	}
	for (; i <= len; i++) {
		key = (key << 8) | symbols[i - 1];
		score_full_history(c, key, symbols[i - 1], &sum0, &sum1);
	}
	if (i == len + 1) {   /* not reached when the cursor scored it */
		key <<= 8;
		score_full_history(c, key, NGRAM_BOUNDARY, &sum0, &sum1);
	}
	logprob[0] = sum0;
	logprob[1] = sum1;
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
