/* logistic-training.c: pages read and labelled, a logistic regression
 * learnt, a bias chosen (see logistic-training.h). */
#include "train/logistic-training.h"
#include "train/training.h"
#include "eval/gold-labels.h"
#include "eval/snippet-labels.h"
#include "base/alloc.h"
#include "train/boosting.h"
#include "segment/segment-store.h"
#include "method/article-stack.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define D LOGISTIC_FEATURES
#define LAMBDA 1.0
#define MAX_STEPS 100
#define LN2 0.69314718055994530942

struct instance {
	double x[D];      /* the features */
	double weight;    /* words, at least 1 */
	double words, matched;
	int found;
};

/* A segment of a page read while --article's stacked decision is to be
 * learnt: every segment of every page, labelled or not, since its
 * features read the whole page (method/article-stack.h). */
struct stack_row {
	double x[D];                       /* the first decision's features */
	struct article_stack_segment in;   /* its margin set fold by fold */
	size_t page;                       /* the page's number among those read */
	long item;                         /* its instance in items, or -1: none */
	int structured, snippet;           /* read with structure; labelled by snippets */
};

struct logistic_training {
	const struct logistic_text *text;   /* the caller's */
	struct boost_settings boost;        /* trees: 0, none */
	double snippet_weight;              /* a snippet-labelled segment's weight; 0: its words */
	struct logistic_stack_settings stack;   /* folds 0: no stacked decision */
	struct stack_row *rows;             /* with stack.folds */
	size_t nrows, rows_alloc;
	double *page_gold;                  /* each page's gold words, with stack.folds */
	size_t page_gold_alloc;
	struct instance *items;
	size_t count, alloc;
	size_t pages;
	double gold_words;
	struct strbuf *instances;                /* rows of the instances, or NULL */
	struct snippet_label_counts snippets;    /* what labelling by snippets found */
	size_t snippet_pages;
};

struct logistic_training *logistic_training_new(const struct logistic_text *text)
{
	struct logistic_training *t = xcalloc(1, sizeof(*t));
	t->text = text;
	return t;
}

void logistic_training_free(struct logistic_training *t)
{
	if (!t)
		return;
	free(t->rows);
	free(t->page_gold);
	free(t->items);
	free(t);
}

void logistic_training_add(struct logistic_training *t, const double features[D], int found,
			   double words, double matched)
{
	ARRAY_GROW(t->items, t->count, t->alloc, 1024);
	struct instance *item = &t->items[t->count++];
	memcpy(item->x, features, sizeof(item->x));
	item->weight = words > 1 ? words : 1;
	item->words = words;
	item->matched = matched;
	item->found = found;
}

void logistic_training_add_gold_words(struct logistic_training *t, double words)
{
	t->gold_words += words;
}

void logistic_training_counts(const struct logistic_training *t,
			      struct logistic_training_counts *counts)
{
	counts->pages = t->pages;
	counts->segments = t->count;
	counts->found = 0;
	for (size_t i = 0; i < t->count; i++)
		counts->found += t->items[i].found;
}

/* --- reading pages ------------------------------------------------------------------ */

/* A page's segments as read, their texts and structures in `store`. */
struct page_segments {
	struct segment *items;
	size_t count, alloc;
	struct segment_store store;
};

#define PAGE_SEGMENTS_INIT { .store = SEGMENT_STORE_INIT }

static int collect(const struct segment *segment, void *data, struct nc_error *err)
{
	struct page_segments *p = data;
	(void)err;
	ARRAY_GROW(p->items, p->count, p->alloc, 256);
	p->items[p->count++] = *segment;
	segment_store_add(&p->store, segment);
	return 0;
}

/* Read the page `raw` through `worker` into `p` (its segments pointing
 * into p->store, which has stopped moving). */
static int read_page(struct worker *worker, const struct file_input *raw,
		     struct page_segments *p, struct nc_error *err)
{
	struct page page;
	int ret = input_source_open_page(raw, FILE_KIND_BY_CONTENT, &page, err);
	if (ret == 0) {
		ret = worker_read_segments(worker, &page, collect, p, err);
		page_release(&page);
	}
	for (size_t i = 0; ret == 0 && i < p->count; i++)
		segment_store_point(&p->store, i, &p->items[i]);
	return ret;
}

static void page_segments_release(struct page_segments *p)
{
	free(p->items);
	segment_store_release(&p->store);
}

/* The features of the page's segments (count x D, the caller frees), or
 * NULL with `err` naming the page. */
static double *page_features(const struct logistic_training *t, const struct page_segments *p,
			     struct worker *worker, struct method_scorer *ngram,
			     const struct file_input *raw, struct nc_error *err)
{
	double *features = xmalloc((p->count ? p->count : 1) * D * sizeof(double));
	if (logistic_page_features(p->items, sizeof(p->items[0]), p->count, t->text,
				   worker_page_info(worker)->title, ngram, features, err) < 0) {
		nc_error_prefix(err, raw->path);
		free(features);
		return NULL;
	}
	return features;
}

/* One instance, and its row when instances are kept (see the header). */
static void add_instance(struct logistic_training *t, const struct file_input *raw,
			 size_t index, const struct segment *segment, const double features[D],
			 int found, double words, double matched)
{
	logistic_training_add(t, features, found, words, matched);
	if (!t->instances)
		return;
	struct strbuf *out = t->instances;
	if (out->len == 0)
		logistic_training_instances_header(out);
	for (const char *c = raw->path; *c; c++)
		strbuf_addch(out, *c == '\t' || *c == '\n' || *c == '\r' ? ' ' : *c);
	strbuf_addf(out, "\t%zu\t%d\t%.17g\t%.17g", index, found, words, matched);
	for (int k = 0; k < D; k++)
		strbuf_addf(out, "\t%.10g", features[k]);
	strbuf_addch(out, '\t');
	for (size_t i = 0; i < segment->len; i++) {
		char c = segment->text[i];
		strbuf_addch(out, c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
	}
	strbuf_addch(out, '\n');
}

/* Every segment of the page just read, for the stacked decision: item[i]
 * is segment i's instance, or -1 (none). */
static void add_stack_rows(struct logistic_training *t, const struct page_segments *p,
			   const double *features, const long *item, int snippet,
			   double gold_words)
{
	struct article_stack_segment *in = xmalloc((p->count ? p->count : 1) * sizeof(*in));
	article_stack_page(p->items, sizeof(p->items[0]), p->count, in);
	for (size_t i = 0; i < p->count; i++) {
		ARRAY_GROW(t->rows, t->nrows, t->rows_alloc, 1024);
		struct stack_row *r = &t->rows[t->nrows++];
		memcpy(r->x, features + i * D, sizeof(r->x));
		r->in = in[i];
		r->page = t->pages;
		r->item = item[i];
		r->structured = p->items[i].structure != NULL;
		r->snippet = snippet;
	}
	ARRAY_GROW(t->page_gold, t->pages, t->page_gold_alloc, 256);
	t->page_gold[t->pages] = gold_words;
	free(in);
}

int logistic_training_add_page(struct logistic_training *t, struct worker *worker,
			       const struct file_input *raw, const struct file_input *gold_text,
			       struct method_scorer *ngram, struct nc_error *err)
{
	struct page_segments p = PAGE_SEGMENTS_INIT;
	struct strbuf gold = STRBUF_INIT;
	size_t gold_words = 0;
	int ret = training_read_gold_text(worker, gold_text, &gold, err);

	if (ret == 0)
		ret = read_page(worker, raw, &p, err);
	struct gold_label *labels = xmalloc((p.count ? p.count : 1) * sizeof(*labels));
	if (ret == 0 && (ret = gold_labels_align(p.items, p.count, gold.buf, gold.len, labels,
						 &gold_words, err)) < 0)
		nc_error_prefix(err, raw->path);
	double *features = NULL;
	if (ret == 0 && !(features = page_features(t, &p, worker, ngram, raw, err)))
		ret = -1;
	if (ret == 0) {
		long *item = t->stack.folds ? xmalloc((p.count ? p.count : 1) * sizeof(*item)) : NULL;
		for (size_t i = 0; i < p.count; i++) {
			if (item)
				item[i] = (long)t->count;
			add_instance(t, raw, i, &p.items[i], features + i * D, labels[i].label != 0,
				     (double)labels[i].words, (double)labels[i].matched);
		}
		t->gold_words += (double)gold_words;
		if (item)
			add_stack_rows(t, &p, features, item, 0, (double)gold_words);
		free(item);
		t->pages++;
	}
	free(features);
	free(labels);
	page_segments_release(&p);
	strbuf_release(&gold);
	return ret;
}

int logistic_training_add_snippet_page(struct logistic_training *t, struct worker *worker,
				       const struct file_input *raw,
				       const struct snippet_entry *entry,
				       struct method_scorer *ngram, struct nc_error *err)
{
	struct page_segments p = PAGE_SEGMENTS_INIT;
	struct snippet_label_counts counts = { 0 };
	int ret = read_page(worker, raw, &p, err);
	struct snippet_segment_label *labels = xmalloc((p.count ? p.count : 1) * sizeof(*labels));
	double *features = NULL;

	if (ret == 0) {
		snippet_label_segments(entry, p.items, p.count, labels, &counts);
		if (!(features = page_features(t, &p, worker, ngram, raw, err)))
			ret = -1;
	}
	if (ret == 0) {
		/* Provisional (see the header): a text segment as if all its
		 * words were matched, a boilerplate one as if none. */
		long *item = t->stack.folds ? xmalloc((p.count ? p.count : 1) * sizeof(*item)) : NULL;
		double page_gold = 0;
		for (size_t i = 0; i < p.count; i++) {
			if (item)
				item[i] = -1;
			if (labels[i].label == SNIPPET_UNKNOWN)
				continue;
			int text = labels[i].label == SNIPPET_TEXT;
			double words = (double)labels[i].words;
			if (item)
				item[i] = (long)t->count;
			add_instance(t, raw, i, &p.items[i], features + i * D, text, words,
				     text ? words : 0);
			if (t->snippet_weight > 0)
				t->items[t->count - 1].weight = t->snippet_weight;
			t->gold_words += text ? words : 0;
			page_gold += text ? words : 0;
		}
		if (item)
			add_stack_rows(t, &p, features, item, 1, page_gold);
		free(item);
		snippet_label_counts_add(&t->snippets, &counts);
		t->snippet_pages++;
		t->pages++;
	}
	free(features);
	free(labels);
	page_segments_release(&p);
	return ret;
}

void logistic_training_snippet_counts(const struct logistic_training *t,
				      struct snippet_label_counts *counts, size_t *pages)
{
	*counts = t->snippets;
	*pages = t->snippet_pages;
}

void logistic_training_keep_instances(struct logistic_training *t, struct strbuf *rows)
{
	t->instances = rows;
}

void logistic_training_instances_header(struct strbuf *out)
{
	strbuf_addstr(out, "file\tsegment\tlabel\twords\tmatched");
	for (int k = 0; k < D; k++)
		strbuf_addf(out, "\t%s", logistic_feature_name(k));
	strbuf_addstr(out, "\ttext\n");
}

/* --- learning ------------------------------------------------------------------------- */

/* Solve A x = b for the symmetric positive definite `n` x `n` A (Cholesky,
 * in place: A's lower triangle becomes L); 0, or -1 when A is not. */
static int cholesky_solve(double *a, double *b, int n)
{
	for (int j = 0; j < n; j++) {
		double sum = a[j * n + j];
		for (int k = 0; k < j; k++)
			sum -= a[j * n + k] * a[j * n + k];
		if (!(sum > 0))
			return -1;
		a[j * n + j] = sqrt(sum);
		for (int i = j + 1; i < n; i++) {
			double s = a[i * n + j];
			for (int k = 0; k < j; k++)
				s -= a[i * n + k] * a[j * n + k];
			a[i * n + j] = s / a[j * n + j];
		}
	}
	for (int i = 0; i < n; i++) {   /* L y = b */
		for (int k = 0; k < i; k++)
			b[i] -= a[i * n + k] * b[k];
		b[i] /= a[i * n + i];
	}
	for (int i = n - 1; i >= 0; i--) {   /* L' x = y */
		for (int k = i + 1; k < n; k++)
			b[i] -= a[k * n + i] * b[k];
		b[i] /= a[i * n + i];
	}
	return 0;
}

/* Each feature's mean and spread over the training set, so that the
 * penalty weighs every feature alike (a constant feature: spread 1). */
static void standardise(const struct logistic_training *t, double mean[D], double sd[D])
{
	for (int k = 0; k < D; k++) {
		double s = 0, ss = 0;
		for (size_t i = 0; i < t->count; i++)
			s += t->items[i].x[k];
		mean[k] = s / (double)t->count;
		for (size_t i = 0; i < t->count; i++) {
			double d = t->items[i].x[k] - mean[k];
			ss += d * d;
		}
		sd[k] = sqrt(ss / (double)t->count);
		if (!(sd[k] > 1e-12))
			sd[k] = 1;
	}
	mean[LF_INTERCEPT] = 0;
	sd[LF_INTERCEPT] = 1;
}

/* The standardised features of instance i into z; `plain`: as on a page
 * without its structure (every structural feature 0, which the penalty
 * then holds at weight 0). */
static void standard_row(const struct logistic_training *t, size_t i, int plain,
			 const double mean[D], const double sd[D], double z[D])
{
	for (int k = 0; k < D; k++)
		z[k] = plain && logistic_feature_structural(k) ? 0
		       : (t->items[i].x[k] - mean[k]) / sd[k];
}

/* Newton's method on the penalised weighted log-likelihood; the steps taken,
 * or -1 when a step cannot be solved. */
static int fit(const struct logistic_training *t, int plain, const double mean[D],
	       const double sd[D], double w[D])
{
	double *h = xmalloc(D * D * sizeof(double)), g[D], z[D];
	int step;

	memset(w, 0, D * sizeof(double));
	for (step = 1; step <= MAX_STEPS; step++) {
		memset(h, 0, D * D * sizeof(double));
		memset(g, 0, sizeof(g));
		for (size_t i = 0; i < t->count; i++) {
			standard_row(t, i, plain, mean, sd, z);
			double eta = 0;
			for (int k = 0; k < D; k++)
				eta += w[k] * z[k];
			double p = 1 / (1 + exp(-eta)), c = t->items[i].weight;
			double r = c * ((double)t->items[i].found - p), v = c * p * (1 - p);
			for (int k = 0; k < D; k++) {
				g[k] += r * z[k];
				for (int l = 0; l <= k; l++)
					h[k * D + l] += v * z[k] * z[l];
			}
		}
		for (int k = 0; k < D; k++) {
			for (int l = 0; l < k; l++)
				h[l * D + k] = h[k * D + l];
			if (k != LF_INTERCEPT) {
				g[k] -= LAMBDA * w[k];
				h[k * D + k] += LAMBDA;
			}
		}
		if (cholesky_solve(h, g, D) < 0) {
			step = -1;
			break;
		}
		double change = 0;
		for (int k = 0; k < D; k++) {
			w[k] += g[k];
			change = fmax(change, fabs(g[k]));
		}
		if (change < 1e-9)
			break;
	}
	free(h);
	return step > MAX_STEPS ? MAX_STEPS : step;
}

struct ranked {
	double score;   /* log-odds in bits */
	double words, matched;
};

static int by_score_down(const void *a, const void *b)
{
	double x = ((const struct ranked *)a)->score, y = ((const struct ranked *)b)->score;
	return (x < y) - (x > y);
}

/* The bias with the best F in words: keep the segments scoring >= it
 * (with `plain`, scored as without structure, by the weights alone; else
 * by the weights and `trees`). */
static double choose_bias(const struct logistic_training *t, int plain, const double w[D],
			  const struct tree_ensemble *trees, struct logistic_fit *result)
{
	struct ranked *r = xmalloc(t->count * sizeof(*r));
	for (size_t i = 0; i < t->count; i++) {
		double eta = plain ? 0 : tree_ensemble_score(trees, t->items[i].x);
		for (int k = 0; k < D; k++)
			if (!plain || !logistic_feature_structural(k))
				eta += w[k] * t->items[i].x[k];
		r[i] = (struct ranked){ eta / LN2, t->items[i].words, t->items[i].matched };
	}
	qsort(r, t->count, sizeof(*r), by_score_down);
	double kept = 0, matched = 0, best_f = -1, bias = 0;
	for (size_t i = 0; i < t->count; i++) {
		kept += r[i].words;
		matched += r[i].matched;
		if (i + 1 < t->count && r[i + 1].score == r[i].score)
			continue;   /* equal scores are kept together */
		double p = kept > 0 ? matched / kept : 0;
		double rc = t->gold_words > 0 ? matched / t->gold_words : 0;
		double f = p + rc > 0 ? 2 * p * rc / (p + rc) : 0;
		if (f > best_f) {
			best_f = f;
			bias = i + 1 < t->count ? (r[i].score + r[i + 1].score) / 2 : r[i].score - 1;
			result->precision = 100 * p;
			result->recall = 100 * rc;
			result->f = 100 * f;
		}
	}
	free(r);
	return bias;
}

void logistic_training_set_trees(struct logistic_training *t, const struct boost_settings *boost)
{
	t->boost = *boost;
}

void logistic_training_set_snippet_weight(struct logistic_training *t, double weight)
{
	t->snippet_weight = weight;
}

void logistic_training_set_stack(struct logistic_training *t,
				 const struct logistic_stack_settings *stack)
{
	t->stack = *stack;
}

/* Trees on what the structured weights `w` get wrong (train/boosting.h),
 * on every feature but the intercept. */
static int learn_trees(const struct logistic_training *t, const double w[D],
		       struct tree_ensemble *trees, struct nc_error *err)
{
	int use[D];
	unsigned char *y = xmalloc(t->count ? t->count : 1);
	double *weight = xmalloc((t->count ? t->count : 1) * sizeof(double));
	double *start = xmalloc((t->count ? t->count : 1) * sizeof(double));
	for (int k = 0; k < D; k++)
		use[k] = k != LF_INTERCEPT;
	for (size_t i = 0; i < t->count; i++) {
		y[i] = (unsigned char)(t->items[i].found != 0);
		weight[i] = t->items[i].weight;
		start[i] = 0;
		for (int k = 0; k < D; k++)
			start[i] += w[k] * t->items[i].x[k];
	}
	int ret = boost_learn(&t->boost, t->items[0].x, sizeof(t->items[0]), t->count, D, use, y,
			      weight, start, trees, NULL, err);
	free(y);
	free(weight);
	free(start);
	return ret;
}

/* --- the stacked article decision ------------------------------------------------ */

/* The stacked weights' fit (as the first's, without standardising: its
 * features are few and of like scales): L2-regularised logistic
 * regression, lambda STACK_LAMBDA on every weight, STACK_STEPS Newton
 * steps from 0. */
#define STACK_LAMBDA 1.0
#define STACK_STEPS 30
#define SD ARTICLE_STACK_FEATURES

static int fit_stack(const double *x, const unsigned char *y, const double *weight, size_t n,
		     double w[SD])
{
	double g[SD], h[SD * SD];
	memset(w, 0, SD * sizeof(double));
	for (int step = 0; step < STACK_STEPS; step++) {
		for (int k = 0; k < SD; k++)
			g[k] = STACK_LAMBDA * w[k];
		memset(h, 0, sizeof(h));
		for (int k = 0; k < SD; k++)
			h[k * SD + k] = STACK_LAMBDA;
		for (size_t i = 0; i < n; i++) {
			const double *r = x + i * SD;
			double p = 1 / (1 + exp(-article_stack_score(w, r)));
			double a = weight[i] * (p - y[i]), b = weight[i] * p * (1 - p);
			for (int k = 0; k < SD; k++) {
				g[k] += a * r[k];
				for (int l = 0; l <= k; l++)
					h[k * SD + l] += b * r[k] * r[l];
			}
		}
		for (int k = 0; k < SD; k++)
			for (int l = k + 1; l < SD; l++)
				h[k * SD + l] = h[l * SD + k];
		if (cholesky_solve(h, g, SD) < 0)
			return -1;
		for (int k = 0; k < SD; k++)
			w[k] -= g[k];
	}
	return 0;
}

/* The margin a model gives the row (bits over its bias, moved by -b). */
static double row_margin(const struct logistic_model *m, const struct stack_row *r, double offset)
{
	return logistic_model_log_odds(m, r->x, r->structured) -
	       ((r->structured ? m->bias : m->plain_bias) + offset);
}

/* Is page `page` in fold `f` of `folds`? */
static int in_fold(size_t page, int folds, int f)
{
	return page % (size_t)folds == (size_t)f;
}

/* Each row's margin from a model learnt without its page's fold. */
static int fold_margins(const struct logistic_training *t, double *margins, struct nc_error *err)
{
	const struct stack_row *rows = t->rows;
	int folds = t->stack.folds;
	for (int f = 0; f < folds; f++) {
		struct logistic_training sub = *t;
		sub.stack.folds = 0;
		sub.instances = NULL;
		sub.rows = NULL;
		sub.page_gold = NULL;
		sub.items = xmalloc((t->count ? t->count : 1) * sizeof(*sub.items));
		sub.count = 0;
		sub.gold_words = 0;
		for (size_t p = 0; p < t->pages; p++)
			if (!in_fold(p, folds, f))
				sub.gold_words += t->page_gold[p];
		for (size_t i = 0; i < t->nrows; i++)
			if (rows[i].item >= 0 && !in_fold(rows[i].page, folds, f))
				sub.items[sub.count++] = t->items[rows[i].item];
		struct logistic_model fold = { 0 };
		struct logistic_fit fit[2];
		int ret = logistic_training_learn(&sub, &fold, fit, err);
		free(sub.items);
		if (ret < 0) {
			char where[120];
			snprintf(where, sizeof(where), "--stack-folds %d: the model without fold %d "
				 "(fewer folds may do)", folds, f + 1);
			logistic_model_release(&fold);
			nc_error_prefix(err, where);
			return -1;
		}
		for (size_t i = 0; i < t->nrows; i++)
			if (in_fold(rows[i].page, folds, f))
				margins[i] = row_margin(&fold, &rows[i], t->stack.bias_offset);
		logistic_model_release(&fold);
	}
	return 0;
}

/* --article's stacked weights (method/article-stack.h), learnt on the
 * margins of models that did not see the page. */
static int learn_stack(const struct logistic_training *t, struct logistic_model *model,
		       struct nc_error *err)
{
	const struct stack_row *rows = t->rows;
	double *margins = xmalloc((t->nrows ? t->nrows : 1) * sizeof(double));
	int ret = fold_margins(t, margins, err);
	double *x = xmalloc((t->nrows ? t->nrows : 1) * SD * sizeof(double));
	double *weight = xmalloc((t->nrows ? t->nrows : 1) * sizeof(double));
	unsigned char *y = xmalloc(t->nrows ? t->nrows : 1);
	struct article_stack_segment *in = xmalloc((t->nrows ? t->nrows : 1) * sizeof(*in));
	size_t n = 0;
	for (size_t start = 0, end; ret == 0 && start < t->nrows; start = end) {
		for (end = start; end < t->nrows && rows[end].page == rows[start].page; end++) {
			in[end - start] = rows[end].in;
			in[end - start].margin = margins[end];
		}
		double *page_x = xmalloc((end - start) * SD * sizeof(double));
		article_stack_features(in, end - start, page_x);
		for (size_t i = start; i < end; i++) {
			if (rows[i].item < 0)
				continue;
			memcpy(x + n * SD, page_x + (i - start) * SD, SD * sizeof(double));
			y[n] = (unsigned char)(t->items[rows[i].item].found != 0);
			weight[n] = sqrt(1 + rows[i].in.words) *
				    (rows[i].snippet ? t->stack.snippet_weight : 1);
			n++;
		}
		free(page_x);
	}
	if (ret == 0 && fit_stack(x, y, weight, n, model->article_stack) < 0)
		ret = nc_error_set(err, NC_ERR_FORMAT, "--stack-folds: the stacked regression "
				   "cannot be solved on these segments");
	model->has_article_stack = ret == 0;
	free(in);
	free(y);
	free(weight);
	free(x);
	free(margins);
	return ret;
}

int logistic_training_learn(const struct logistic_training *t, struct logistic_model *model,
			    struct logistic_fit result[2], struct nc_error *err)
{
	struct logistic_training_counts counts;
	double mean[D], sd[D], w[D];

	logistic_training_counts(t, &counts);
	if ((size_t)t->stack.folds > t->pages)   /* before the long work */
		return nc_error_set(err, NC_ERR_USAGE, "--stack-folds %d: only %zu pages",
				    t->stack.folds, t->pages);
	if (counts.found == 0 || counts.found == counts.segments)
		return nc_error_set(err, NC_ERR_FORMAT, "nothing to learn from: %zu segments, %zu of "
				    "them in the gold texts (both kinds are needed)", counts.segments,
				    counts.found);
	standardise(t, mean, sd);
	memset(result, 0, 2 * sizeof(*result));
	for (int plain = 0; plain < 2; plain++) {
		struct logistic_fit *r = plain ? &result[1] : &result[0];
		double *weights = plain ? model->plain_weights : model->weights;
		r->steps = fit(t, plain, mean, sd, w);
		if (r->steps < 0)
			return nc_error_set(err, NC_ERR_FORMAT, "the regression cannot be solved on "
					    "these segments");
		/* Back to the raw features: w.z = sum w_k (x_k - m_k) / s_k. */
		weights[LF_INTERCEPT] = w[LF_INTERCEPT];
		for (int k = 0; k < D; k++) {
			if (k == LF_INTERCEPT || (plain && logistic_feature_structural(k)))
				continue;
			weights[k] = w[k] / sd[k];
			weights[LF_INTERCEPT] -= w[k] * mean[k] / sd[k];
		}
		if (!plain && t->boost.trees > 0 && learn_trees(t, weights, &model->trees, err) < 0)
			return -1;
		double bias = choose_bias(t, plain, weights, &model->trees, r);
		*(plain ? &model->plain_bias : &model->bias) = bias;
	}
	return t->stack.folds ? learn_stack(t, model, err) : 0;
}
