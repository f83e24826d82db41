/* article.c: the page's main article alone (see decider.h).
 *
 * A page rule, run after a decider that has set `keep`: of the page's
 * segments it keeps only those kept inside one stretch, the main stretch of
 * text. Each segment weighs its words times its margin, how far its score
 * (cost_dirty - cost_clean, bits) lies above the bias, held within +-3
 * bits so that no one segment decides alone; the stretch is the one of
 * greatest sum (the first of equals). An article is one long stretch of
 * running text; text kept elsewhere on the page (a teaser in a sidebar,
 * comments below a link list, a footer's sentence) lies outside it, cut off
 * by the boilerplate between. A short line inside the article that scores
 * low (a caption, a "Read more" link) costs less than the text beyond it
 * brings, so the stretch goes on over it.
 *
 * On the Dragnet development pages against their articles (10-fold
 * cross-validation, the article model, the threshold 1 bit below its best
 * F): F 91.97 with margins, 91.19 with +-1 a word, 90.73 without the rule.
 *
 * The rule needs the whole page at once: the stretch is known only at the
 * page's end.
 */
#include "decide/decider.h"
#include "base/alloc.h"
#include "method/article-stack.h"

struct article_decider {
	struct decider base;
	double bias;
	const double *stack;   /* the model's stacked weights (article-stack.h), or NULL */
};

/* What decider_main_stretch() weighs a segment by. */
struct margin_terms {
	const struct scored_segment *segments;
	double bias, limit;
};

static double margin_term(const void *data, size_t i)
{
	const struct margin_terms *t = data;
	const struct scored_segment *s = &t->segments[i];
	return (double)scored_segment_words(s) * article_clip(decider_margin(s, t->bias), t->limit);
}

void decider_main_stretch(const struct scored_segment *segments, size_t count, double bias,
			  double limit, size_t *start_out, size_t *end_out)
{
	struct margin_terms t = { segments, bias, limit };
	article_stretch(count, margin_term, &t, start_out, end_out);
}

/* The stacked decision (article-stack.h): each segment kept or not by the
 * second regression over what the first says around it, reading the
 * page as the trainer read it (the segmenter's types). */
static void decide_stacked(const struct article_decider *d, struct scored_segment *segments,
			   size_t count)
{
	struct article_stack_segment *in = xmalloc(count * sizeof(*in));
	double *row = xmalloc(count * ARTICLE_STACK_FEATURES * sizeof(*row));

	article_stack_page(&segments[0].segment, sizeof(segments[0]), count, in);
	for (size_t i = 0; i < count; i++) {
		in[i].margin = decider_margin(&segments[i], d->bias);
		if (segments[i].read_type)
			in[i].type = (char)segments[i].read_type;
	}
	article_stack_features(in, count, row);
	for (size_t i = 0; i < count; i++) {
		segments[i].keep = article_stack_score(d->stack, row + i * ARTICLE_STACK_FEATURES) > 0;
		decider_apply_type(&segments[i]);
	}
	free(row);
	free(in);
}

static int article_decide(const struct decider *base, struct decider_state *state,
			  struct scored_segment *segments, size_t count, struct nc_error *err)
{
	const struct article_decider *d = (const struct article_decider *)base;
	size_t start, end;
	(void)state, (void)err;

	/* Its weights are learnt on pages read with their structure; a page
	 * without (a text dump) has none of the cues they weigh most. */
	if (d->stack && count && segments[0].segment.structure) {
		decide_stacked(d, segments, count);
		return 0;
	}
	decider_main_stretch(segments, count, d->bias, ARTICLE_STRETCH_LIMIT, &start, &end);
	for (size_t i = 0; i < count; i++)
		if (i < start || i >= end)
			segments[i].keep = 0;
	return 0;
}

static void article_describe(const struct decider *base, struct strbuf *json)
{
	const struct article_decider *d = (const struct article_decider *)base;
	strbuf_addf(json, "\"bias\":%g", d->bias);
	if (d->stack)
		strbuf_addstr(json, ",\"stacked\":true");
}

static void article_free(struct decider *base)
{
	free(base);
}

static const struct decider_ops article_ops = {
	.name = "article",
	.decide = article_decide,
	.describe = article_describe,
	.free = article_free,
};

struct decider *article_decider_new(double bias, const double *stack)
{
	struct article_decider *d = xcalloc(1, sizeof(*d));
	d->stack = stack;
	d->base.ops = &article_ops;
	d->base.name = article_ops.name;
	d->base.whole_page = 1;
	d->bias = bias;
	return &d->base;
}
