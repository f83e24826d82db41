/* article-stack.c: the stacked article decision's features (see
 * article-stack.h). */
#include "method/article-stack.h"
#include "base/alloc.h"
#include "base/ascii.h"
#include "base/words.h"
#include "normalise/structure.h"
#include "segment/segment.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	AS_INTERCEPT, AS_MARGIN, AS_IN_STRETCH, AS_BEFORE, AS_AFTER, AS_PREV_MARGIN,
	AS_NEXT_MARGIN, AS_LOG_WORDS, AS_LINK, AS_CUE_AGREEMENT, AS_REPEATED, AS_STRETCH_SHARE,
	AS_IN_MARGIN, AS_HEADING, AS_LIST_ITEM, AS_MARGIN_WORDS, AS_IN_WORDS, AS_ABOVE,
	AS_IN_ABOVE, AS_COUNT
};
_Static_assert(AS_COUNT == ARTICLE_STACK_FEATURES, "one name a feature");

static const char *const feature_names[ARTICLE_STACK_FEATURES] = {
	"intercept", "margin", "in_stretch", "before_stretch", "after_stretch", "prev_margin",
	"next_margin", "log_words", "link", "cue_agreement", "repeated", "stretch_share",
	"in_margin", "heading", "list_item", "margin_words", "in_words", "above", "in_above",
};

void article_stretch(size_t count, double (*term)(const void *data, size_t i), const void *data,
		     size_t *start_out, size_t *end_out)
{
	double best = 0, sum = 0;
	size_t best_start = 0, best_end = 0, start = 0;   /* [best_start, best_end) */

	/* The stretch of greatest sum (Kadane): a run whose sum falls to 0 or
	 * below brings nothing to what follows it, so the next run starts
	 * after it. */
	for (size_t i = 0; i < count; i++) {
		sum += term(data, i);
		if (sum > best) {
			best = sum;
			best_start = start;
			best_end = i + 1;
		}
		if (sum <= 0) {
			sum = 0;
			start = i + 1;
		}
	}
	*start_out = best_start;
	*end_out = best_end;
}

const char *article_stack_feature_name(int feature)
{
	return feature_names[feature];
}

double article_clip(double x, double limit)
{
	if (x != x || x < -limit)
		return -limit;
	return x > limit ? limit : x;
}

/* A segment's weight in the stretch: its words times its margin held
 * within the article rule's limit, as decider_main_stretch() weighs it. */
static double stretch_term(const void *data, size_t i)
{
	const struct article_stack_segment *s = (const struct article_stack_segment *)data + i;
	return s->words * article_clip(s->margin, ARTICLE_STRETCH_LIMIT);
}

static int popcount32(uint32_t x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

/* A segment's cue set, for finding the stretch's main one. */
struct cue_entry {
	uint32_t cues;
	size_t index;
	double words;
};

static int by_cues_then_index(const void *a, const void *b)
{
	const struct cue_entry *x = a, *y = b;
	if (x->cues != y->cues)
		return x->cues < y->cues ? -1 : 1;
	return (x->index > y->index) - (x->index < y->index);
}

/* The cue set of the stretch [start, end) that holds most of its words
 * (of equals, the one that comes first in it); 0 for an empty stretch. */
static uint32_t main_cues(const struct article_stack_segment *s, size_t start, size_t end)
{
	size_t n = end - start;
	if (!n)
		return 0;
	struct cue_entry *e = xmalloc(n * sizeof(*e));
	for (size_t i = 0; i < n; i++)
		e[i] = (struct cue_entry){ s[start + i].cues, i, s[start + i].words };
	qsort(e, n, sizeof(*e), by_cues_then_index);
	uint32_t best = 0;
	double best_words = -1;
	size_t best_first = 0;
	for (size_t i = 0, j; i < n; i = j) {
		double words = 0;   /* in the stretch's order, as a sum over it adds them */
		for (j = i; j < n && e[j].cues == e[i].cues; j++)
			words += e[j].words;
		if (words > best_words || (words == best_words && e[i].index < best_first)) {
			best_words = words;
			best = e[i].cues;
			best_first = e[i].index;
		}
	}
	free(e);
	return best;
}

void article_stack_features(const struct article_stack_segment *s, size_t count, double *out)
{
	size_t start, end;
	article_stretch(count, stretch_term, s, &start, &end);
	double total = 0, in = 0;
	for (size_t i = 0; i < count; i++) {
		total += s[i].words;
		if (i >= start && i < end)
			in += s[i].words;
	}
	uint32_t cues = main_cues(s, start, end);
	for (size_t i = 0; i < count; i++) {
		double *x = out + i * ARTICLE_STACK_FEATURES;
		double m = article_clip(s[i].margin, ARTICLE_STACK_CLIP);
		double inside = i >= start && i < end;
		double w = log1p(s[i].words);
		uint32_t both = s[i].cues | cues;
		x[AS_INTERCEPT] = 1;
		x[AS_MARGIN] = m;
		x[AS_IN_STRETCH] = inside;
		x[AS_BEFORE] = i < start ? log1p((double)(start - i)) : 0;
		x[AS_AFTER] = i >= end ? log1p((double)(i - end + 1)) : 0;
		x[AS_PREV_MARGIN] = i > 0 ? article_clip(s[i - 1].margin, ARTICLE_STACK_CLIP)
				    : -ARTICLE_STACK_CLIP;
		x[AS_NEXT_MARGIN] = i + 1 < count ? article_clip(s[i + 1].margin, ARTICLE_STACK_CLIP)
				    : -ARTICLE_STACK_CLIP;
		x[AS_LOG_WORDS] = w;
		x[AS_LINK] = s[i].link;
		x[AS_CUE_AGREEMENT] = both ? (double)popcount32(s[i].cues & cues) / popcount32(both)
				      : 1;
		x[AS_REPEATED] = s[i].repeated;
		x[AS_STRETCH_SHARE] = in / (total > 0 ? total : 1);
		x[AS_IN_MARGIN] = inside * m;
		x[AS_HEADING] = s[i].type == 'h';
		x[AS_LIST_ITEM] = s[i].type == 'l';
		x[AS_MARGIN_WORDS] = m * w;
		x[AS_IN_WORDS] = inside * w;
		x[AS_ABOVE] = m > 0;
		x[AS_IN_ABOVE] = inside * (m > 0);
	}
}

double article_stack_score(const double weights[ARTICLE_STACK_FEATURES], const double *row)
{
	double z = 0;
	for (int k = 0; k < ARTICLE_STACK_FEATURES; k++)
		z += weights[k] * row[k];
	return z;
}

/* A segment's text with its white space folded, for the repeats. */
struct folded {
	char *text;
	size_t len, index;
};

static void fold_space(const char *text, size_t len, struct folded *f)
{
	f->text = xmalloc(len + 1);
	f->len = 0;
	int space = 1;   /* no leading space */
	for (size_t i = 0; i < len; i++) {
		if (ascii_is_space((unsigned char)text[i])) {
			space = 1;
			continue;
		}
		if (space && f->len)
			f->text[f->len++] = ' ';
		space = 0;
		f->text[f->len++] = text[i];
	}
}

static int by_text_then_index(const void *a, const void *b)
{
	const struct folded *x = a, *y = b;
	int c = x->len != y->len ? (x->len < y->len ? -1 : 1) : memcmp(x->text, y->text, x->len);
	return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* Flag the segments whose text (white space folded) came before on the
 * page, at more than ARTICLE_STACK_REPEAT_BYTES bytes. */
static void find_repeats(const struct segment *first, size_t stride, size_t count,
			 struct article_stack_segment *out)
{
	struct folded *f = xmalloc((count ? count : 1) * sizeof(*f));
	for (size_t i = 0; i < count; i++) {
		const struct segment *g = (const struct segment *)((const char *)first + i * stride);
		fold_space(g->text, g->len, &f[i]);
		f[i].index = i;
	}
	/* Equal texts side by side, each group in page order: all but the
	 * first of a group came before. */
	qsort(f, count, sizeof(*f), by_text_then_index);
	for (size_t i = 1; i < count; i++)
		if (f[i].len > ARTICLE_STACK_REPEAT_BYTES && f[i].len == f[i - 1].len &&
		    !memcmp(f[i].text, f[i - 1].text, f[i].len))
			out[f[i].index].repeated = 1;
	for (size_t i = 0; i < count; i++)
		free(f[i].text);
	free(f);
}

void article_stack_page(const struct segment *first, size_t stride, size_t count,
			struct article_stack_segment *out)
{
	for (size_t i = 0; i < count; i++) {
		const struct segment *g = (const struct segment *)((const char *)first + i * stride);
		const struct segment_structure *st = g->structure;
		out[i] = (struct article_stack_segment){
			.words = (double)words_count(g->text, g->len), .type = (char)g->type };
		if (!st || !st->chars)
			continue;
		out[i].link = (double)st->cue_chars[CUE_LINK] / st->chars;
		for (int c = 0; c < CUE_COUNT; c++)
			if (st->cue_chars[c])
				out[i].cues |= UINT32_C(1) << c;
	}
	find_repeats(first, stride, count, out);
}
