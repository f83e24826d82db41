/* logistic-training.c: pages read and labelled, a logistic regression
 * learnt, a bias chosen (see logistic-training.h). */
#include "train/logistic-training.h"
#include "train/training.h"
#include "eval/gold-labels.h"
#include "eval/snippet-labels.h"
#include "base/alloc.h"
#include "train/boosting.h"
#include "segment/segment-store.h"

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

struct logistic_training {
	const struct logistic_text *text;   /* the caller's */
	struct boost_settings boost;        /* trees: 0, none */
	double snippet_weight;              /* a snippet-labelled segment's weight; 0: its words */
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
		for (size_t i = 0; i < p.count; i++)
			add_instance(t, raw, i, &p.items[i], features + i * D, labels[i].label != 0,
				     (double)labels[i].words, (double)labels[i].matched);
		t->gold_words += (double)gold_words;
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
		for (size_t i = 0; i < p.count; i++) {
			if (labels[i].label == SNIPPET_UNKNOWN)
				continue;
			int text = labels[i].label == SNIPPET_TEXT;
			double words = (double)labels[i].words;
			add_instance(t, raw, i, &p.items[i], features + i * D, text, words,
				     text ? words : 0);
			if (t->snippet_weight > 0)
				t->items[t->count - 1].weight = t->snippet_weight;
			t->gold_words += text ? words : 0;
		}
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

int logistic_training_learn(const struct logistic_training *t, struct logistic_model *model,
			    struct logistic_fit result[2], struct nc_error *err)
{
	struct logistic_training_counts counts;
	double mean[D], sd[D], w[D];

	logistic_training_counts(t, &counts);
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
	return 0;
}
