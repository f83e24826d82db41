/* perplexity-method.c: the perplexity method (see perplexity-method.h):
 * sentences as pieces, each scored by the windows of pyplexity's released
 * code over a model of 64-bit keyed tables. */
#include "method/perplexity-method.h"
#include "method/perplexity-text.h"
#include "base/alloc.h"

#include <math.h>
#include <string.h>

struct perplexity_method {
	struct method base;
	struct perplexity_model model;
	double max_perplexity;    /* the cut-off */
	double log2_max;          /* ... and its log2, cost_dirty of every sentence */
};

/* A worker's scratch: the sentences of the last segment split, and the
 * word keys of the sentence being scored. */
struct perplexity_scorer {
	struct method_scorer base;
	const struct perplexity_method *method;
	struct segment_piece *sentences;
	size_t sentences_alloc;
	uint64_t *words;
	size_t words_alloc;
};

/* --- the probability of a sentence --------------------------------------------- */

static double unigram(const struct perplexity_model *model, uint64_t w1)
{
	return perplexity_table_find(&model->table[1], w1);
}

static double bigram(const struct perplexity_model *model, uint64_t w1, uint64_t w2)
{
	return perplexity_table_find(&model->table[2], perplexity_ngram_key(w1, w2));
}

/* Bigram windows (<s> t1) ... (tN-1 tN). */
static double bigram_log2_sum(const struct perplexity_model *model, const uint64_t *words,
			      size_t count)
{
	uint64_t w1 = perplexity_boundary_key();
	double sum = 0;

	for (size_t i = 0; i < count; i++) {
		/* pyplexity: log2(bi * 0.8 + uni(word1) * 0.2 + 1e-6), the unigram
		 * of the window's first word (quirk kept). */
		sum += log2(PERPLEXITY_BIGRAM_W2 * bigram(model, w1, words[i]) +
			    PERPLEXITY_BIGRAM_W1 * unigram(model, w1) + PERPLEXITY_FLOOR);
		w1 = words[i];
	}
	return sum;
}

/* Trigram windows (<s> t1 t2) ... (tN-2 tN-1 tN): N-1 of them, as many as
 * the released code zips (its zip is misaligned, which we do not reproduce:
 * see perplexity-method.h); (<s> t1 -) for a one-token sentence. */
static double trigram_log2_sum(const struct perplexity_model *model, const uint64_t *words,
			       size_t count)
{
	uint64_t w1 = perplexity_boundary_key();
	double sum = 0;

	if (count == 1)   /* ours: the released code sums nothing (perplexity 1) */
		return log2(PERPLEXITY_TRIGRAM_W2 * bigram(model, w1, words[0]) +
			    PERPLEXITY_TRIGRAM_W1 * unigram(model, w1) + PERPLEXITY_FLOOR);
	for (size_t i = 0; i + 1 < count; i++) {
		uint64_t w2 = words[i], w3 = words[i + 1];
		uint64_t key12 = perplexity_ngram_key(w1, w2);
		double p3 = perplexity_table_find(&model->table[3], perplexity_ngram_key(key12, w3));
		double p2 = perplexity_table_find(&model->table[2], key12);
		/* pyplexity: tri * 0.6 + bi(word1 word2) * 0.3 + uni(word1) * 0.1
		 * + 1e-6: the terms of the window's first words (quirk kept). */
		sum += log2(PERPLEXITY_TRIGRAM_W3 * p3 + PERPLEXITY_TRIGRAM_W2 * p2 +
			    PERPLEXITY_TRIGRAM_W1 * unigram(model, w1) + PERPLEXITY_FLOOR);
		w1 = w2;
	}
	return sum;
}

double perplexity_log2(const struct perplexity_model *model, const uint64_t *words, size_t count)
{
	if (count == 0)
		return -log2(PERPLEXITY_FLOOR);
	double sum = model->order == 2 ? bigram_log2_sum(model, words, count)
				       : trigram_log2_sum(model, words, count);
	/* Divided by the tokens, not by the windows (released code). */
	return -sum / (double)count;
}

/* --- the method ------------------------------------------------------------------ */

static struct method_scorer *perplexity_scorer_new(const struct method *base);
static size_t perplexity_split(struct method_scorer *base, const struct segment *segment,
			       const struct segment_piece **pieces);
static int perplexity_score(struct method_scorer *base, const struct segment *segment,
			    struct segment_score *score, struct nc_error *err);
static void perplexity_scorer_free(struct method_scorer *base);
static void perplexity_method_free(struct method *base);

static void perplexity_describe(const struct method *method, struct strbuf *json)
{
	const struct perplexity_method *m = (const struct perplexity_method *)method;
	strbuf_addf(json, "\"order\":%d,\"max_perplexity\":%g", m->model.order,
		    m->max_perplexity);
}

static const struct method_ops perplexity_ops = {
	.name = PERPLEXITY_METHOD_NAME,
	.scorer_new = perplexity_scorer_new,
	.split = perplexity_split,
	.score = perplexity_score,
	.scorer_free = perplexity_scorer_free,
	.free = perplexity_method_free,
	.describe = perplexity_describe,
};

struct method *perplexity_method_new(struct perplexity_model *model, double max_perplexity,
				     struct nc_error *err)
{
	if (max_perplexity <= 0)
		max_perplexity = model->max_perplexity;
	if (!isfinite(max_perplexity) || max_perplexity < 1) {
		nc_error_set(err, NC_ERR_USAGE, "the perplexity cut-off must be a number >= 1, "
			     "not %g", max_perplexity);
		perplexity_model_release(model);
		return NULL;
	}
	struct perplexity_method *m = xcalloc(1, sizeof(*m));
	m->base.ops = &perplexity_ops;
	m->base.default_bias = 0;
	m->model = *model;
	memset(model, 0, sizeof(*model));
	m->max_perplexity = max_perplexity;
	m->log2_max = log2(max_perplexity);
	return &m->base;
}

struct method *perplexity_method_load(const char *path, double max_perplexity,
				      struct nc_error *err)
{
	struct perplexity_model model;

	if (perplexity_model_load(&model, path, err) < 0)
		return NULL;
	return perplexity_method_new(&model, max_perplexity, err);
}

const struct perplexity_model *perplexity_method_model(const struct method *method)
{
	return &((const struct perplexity_method *)method)->model;
}

static void perplexity_method_free(struct method *base)
{
	struct perplexity_method *m = (struct perplexity_method *)base;
	perplexity_model_release(&m->model);
	free(m);
}

/* --- the scorer --------------------------------------------------------------------- */

static struct method_scorer *perplexity_scorer_new(const struct method *base)
{
	struct perplexity_scorer *scorer = xcalloc(1, sizeof(*scorer));
	scorer->base.ops = &perplexity_ops;
	scorer->method = (const struct perplexity_method *)base;
	return &scorer->base;
}

static void perplexity_scorer_free(struct method_scorer *base)
{
	struct perplexity_scorer *scorer = (struct perplexity_scorer *)base;
	free(scorer->sentences);
	free(scorer->words);
	free(scorer);
}

static size_t perplexity_split(struct method_scorer *base, const struct segment *segment,
			       const struct segment_piece **pieces)
{
	struct perplexity_scorer *scorer = (struct perplexity_scorer *)base;
	struct perplexity_sentence_cursor cursor;
	struct segment_piece sentence;
	size_t n = 0;

	perplexity_sentences_start(&cursor, segment->text, segment->len);
	while (perplexity_sentences_next(&cursor, &sentence)) {
		ARRAY_GROW(scorer->sentences, n, scorer->sentences_alloc, 16);
		scorer->sentences[n++] = sentence;
	}
	*pieces = scorer->sentences;
	return n;
}

/* The keys of the tokens of `text` in the scorer's array; their number. */
static size_t token_keys(struct perplexity_scorer *scorer, const char *text, size_t len)
{
	struct perplexity_token_cursor cursor;
	const char *token;
	size_t token_len, n = 0;

	perplexity_tokens_start(&cursor, text, len);
	while (perplexity_tokens_next(&cursor, &token, &token_len)) {
		ARRAY_GROW(scorer->words, n, scorer->words_alloc, 64);
		scorer->words[n++] = perplexity_token_key(token, token_len);
	}
	return n;
}

static int perplexity_score(struct method_scorer *base, const struct segment *segment,
			    struct segment_score *score, struct nc_error *err)
{
	struct perplexity_scorer *scorer = (struct perplexity_scorer *)base;
	const struct perplexity_method *m = scorer->method;

	(void)err;
	size_t n = token_keys(scorer, segment->text, segment->len);
	score->units = n;
	score->cost_clean = perplexity_log2(&m->model, scorer->words, n);
	score->cost_dirty = m->log2_max;
	return 0;
}
