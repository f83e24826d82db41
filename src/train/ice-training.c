/* ice-training.c: pages read and labelled, a tree learnt, a threshold
 * chosen (see ice-training.h). */
#include "train/ice-training.h"
#include "train/training.h"
#include "eval/gold-labels.h"
#include "base/alloc.h"
#include "method/ice.h"

#include <stdlib.h>
#include <string.h>

/* A block as read: where its text is, and what it is. */
struct block {
	size_t offset, len;        /* in the training set's text */
	enum segment_type type;
	const char *tag;           /* a block tag (static), or NULL */
	struct gold_label label;
};

struct page_entry {
	size_t first, count;       /* its blocks */
	size_t title, keywords;    /* offsets + 1 into the text; 0: none */
	size_t gold_words;
};

struct ice_training {
	struct strbuf text;        /* every block's text, and titles and keywords,
				      each NUL-terminated */
	struct block *blocks;
	size_t block_count, block_alloc;
	struct page_entry *pages;
	size_t page_count, page_alloc;
};

struct ice_training *ice_training_new(void)
{
	struct ice_training *t = xcalloc(1, sizeof(*t));
	strbuf_init(&t->text);
	return t;
}

void ice_training_free(struct ice_training *t)
{
	if (!t)
		return;
	strbuf_release(&t->text);
	free(t->blocks);
	free(t->pages);
	free(t);
}

/* --- reading pages --------------------------------------------------------------- */

static size_t add_string(struct ice_training *t, const char *s, size_t len)
{
	size_t at = t->text.len;
	strbuf_add(&t->text, s, len);
	strbuf_addch(&t->text, '\0');
	return at;
}

static int collect_block(const struct segment *segment, void *data, struct nc_error *err)
{
	struct ice_training *t = data;
	(void)err;
	ARRAY_GROW(t->blocks, t->block_count, t->block_alloc, 1024);
	struct block *b = &t->blocks[t->block_count++];
	memset(b, 0, sizeof(*b));
	b->offset = add_string(t, segment->text, segment->len);
	b->len = segment->len;
	b->type = segment->type;
	b->tag = segment->tag;
	return 0;
}

/* The segments of blocks [first, first + count), pointing into the text. */
static struct segment *page_segments(const struct ice_training *t, size_t first, size_t count)
{
	struct segment *segments = xmalloc((count ? count : 1) * sizeof(*segments));
	for (size_t i = 0; i < count; i++) {
		const struct block *b = &t->blocks[first + i];
		segments[i] = (struct segment){ .type = b->type, .text = t->text.buf + b->offset,
						.len = b->len, .tag = b->tag };
	}
	return segments;
}

int ice_training_add_page(struct ice_training *t, struct worker *worker,
			  const struct file_input *raw, const struct file_input *gold_text,
			  struct nc_error *err)
{
	size_t text_len = t->text.len, first = t->block_count;
	struct strbuf gold = STRBUF_INIT;
	struct page page;
	/* The gold text first: the raw page's reading leaves what the page
	 * says of itself in the worker (worker_page_info()), used below. */
	int ret = training_read_gold_text(worker, gold_text, &gold, err);

	if (ret == 0)
		ret = input_source_open_page(raw, FILE_KIND_BY_CONTENT, &page, err);
	if (ret == 0) {
		ret = worker_read_segments(worker, &page, collect_block, t, err);
		page_release(&page);
	}
	struct page_entry entry = { .first = first, .count = t->block_count - first };
	if (ret == 0) {
		struct gold_label *labels = xmalloc((entry.count ? entry.count : 1) * sizeof(*labels));
		struct segment *segments = page_segments(t, first, entry.count);
		ret = gold_labels_align(segments, entry.count, gold.buf, gold.len, labels,
					&entry.gold_words, err);
		if (ret < 0)
			nc_error_prefix(err, raw->path);
		for (size_t i = 0; ret == 0 && i < entry.count; i++)
			t->blocks[first + i].label = labels[i];
		free(segments);
		free(labels);
	}
	if (ret == 0) {
		const struct page_info *context = worker_page_info(worker);
		if (context->title)
			entry.title = add_string(t, context->title, strlen(context->title)) + 1;
		if (context->keywords)
			entry.keywords = add_string(t, context->keywords, strlen(context->keywords)) + 1;
		ARRAY_GROW(t->pages, t->page_count, t->page_alloc, 64);
		t->pages[t->page_count++] = entry;
	} else {
		strbuf_setlen(&t->text, text_len);   /* no trace of the page */
		t->block_count = first;
	}
	strbuf_release(&gold);
	return ret;
}

static int block_class(const struct block *b)
{
	switch (b->label.label) {
	case SEGMENT_HEADING: return ICE_DT_H;
	case SEGMENT_LIST_ITEM: return ICE_DT_L;
	case SEGMENT_PARAGRAPH: return ICE_DT_P;
	default: return ICE_DT_N;
	}
}

void ice_training_counts(const struct ice_training *t, struct ice_training_counts *counts)
{
	memset(counts, 0, sizeof(*counts));
	counts->pages = t->page_count;
	counts->blocks = t->block_count;
	for (size_t i = 0; i < t->block_count; i++)
		counts->classes[block_class(&t->blocks[i])]++;
}

/* --- ice-dt ------------------------------------------------------------------------- */

int ice_training_learn_tree(const struct ice_training *t, const struct c45_options *options,
			    struct decision_tree *tree, struct nc_error *err)
{
	size_t n = t->block_count;
	struct tree_value *values = xmalloc((n ? n : 1) * ICE_DT_FEATURES * sizeof(*values));
	int *classes = xmalloc((n ? n : 1) * sizeof(*classes));
	struct segment *segments = page_segments(t, 0, n);
	for (size_t i = 0; i < n; i++) {
		ice_dt_features(&segments[i], values + i * ICE_DT_FEATURES);
		classes[i] = block_class(&t->blocks[i]);
	}
	struct c45_data data = { ice_dt_schema(), values, classes, n };
	int ret = c45_learn(&data, options, tree, err);
	free(segments);
	free(values);
	free(classes);
	return ret;
}

/* --- ice-lm ---------------------------------------------------------------------------- */

struct scored_block {
	double kl;
	size_t words, matched;
};

static int compare_kl(const void *a, const void *b)
{
	double x = ((const struct scored_block *)a)->kl, y = ((const struct scored_block *)b)->kl;
	return x < y ? -1 : x > y;
}

static double f_score(double p, double r)
{
	return p + r > 0 ? 2 * p * r / (p + r) : 0;
}

int ice_training_choose_threshold(const struct ice_training *t, double discount,
				  struct ice_threshold *choice, struct nc_error *err)
{
	size_t n = t->block_count, gold_words = 0;
	struct scored_block *scored = xmalloc((n ? n : 1) * sizeof(*scored));
	struct ice_lm_scratch *scratch = ice_lm_scratch_new();
	double *kl = xmalloc((n ? n : 1) * sizeof(*kl));

	if (n == 0) {
		free(scored);
		free(kl);
		ice_lm_scratch_free(scratch);
		return nc_error_set(err, NC_ERR_USAGE, "no blocks to choose a threshold on");
	}
	for (size_t p = 0; p < t->page_count; p++) {
		const struct page_entry *page = &t->pages[p];
		struct page_info context = {
			.title = page->title ? t->text.buf + page->title - 1 : NULL,
			.keywords = page->keywords ? t->text.buf + page->keywords - 1 : NULL,
		};
		struct segment *segments = page_segments(t, page->first, page->count);
		ice_lm_divergences(scratch, discount, &context, segments, page->count,
				   kl + page->first);
		free(segments);
		gold_words += page->gold_words;
	}
	for (size_t i = 0; i < n; i++)
		scored[i] = (struct scored_block){ kl[i], t->blocks[i].label.words,
						   t->blocks[i].label.matched };
	qsort(scored, n, sizeof(*scored), compare_kl);

	double kept_words = 0, kept_matched = 0, best_f = -1;
	size_t best = 0;
	for (size_t i = 0; i < n; i++) {
		kept_words += (double)scored[i].words;
		kept_matched += (double)scored[i].matched;
		if (i + 1 < n && scored[i + 1].kl == scored[i].kl)
			continue;   /* a threshold keeps all blocks of one KL or none */
		double p = kept_words ? kept_matched / kept_words : 1;
		double r = gold_words ? kept_matched / (double)gold_words : 1;
		double f = f_score(p, r);
		if (f > best_f) {
			best_f = f;
			best = i;
			choice->precision = 100 * p;
			choice->recall = 100 * r;
			choice->f = 100 * f;
		}
	}
	choice->max_kl = best + 1 < n ? scored[best].kl + (scored[best + 1].kl - scored[best].kl) / 2
				      : scored[best].kl + 1;
	free(scored);
	free(kl);
	ice_lm_scratch_free(scratch);
	return 0;
}
