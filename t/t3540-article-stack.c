/* t3540-article-stack: --article's stacked decision (issue 32;
 * method/article-stack.h): its features on a small page, the article
 * decider deciding by the weights of a model that has them and by the
 * stretch without, and the weights in the logistic model file (written,
 * read back to the bit, refused when damaged). */
#include "method/article-stack.h"
#include "method/logistic.h"
#include "decide/decider.h"
#include "normalise/structure.h"
#include "damage.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define F ARTICLE_STACK_FEATURES

/* The feature named `name` of a row. */
static double feature(const double *row, const char *name)
{
	for (int k = 0; k < F; k++)
		if (!strcmp(article_stack_feature_name(k), name))
			return row[k];
	bail(name);
	return 0;
}

#define ARTICLE (UINT32_C(1) << CUE_ARTICLE)
#define PARA (UINT32_C(1) << CUE_PARA)
#define NAV (UINT32_C(1) << CUE_NAV)

/* A menu, an article of three paragraphs with a caption inside, a teaser
 * after a link list, the menu's line again. */
static const struct article_stack_segment page[] = {
	{ .margin = -4, .words = 6, .link = 1, .cues = NAV, .type = 'l' },
	{ .margin = 3, .words = 40, .cues = ARTICLE | PARA, .type = 'p' },
	{ .margin = -1, .words = 3, .cues = ARTICLE, .type = 'p' },
	{ .margin = 8, .words = 50, .cues = ARTICLE | PARA, .type = 'p' },
	{ .margin = 2, .words = 30, .cues = ARTICLE | PARA, .type = 'h' },
	{ .margin = -9, .words = 20, .link = 0.9, .cues = NAV, .type = 'l' },
	{ .margin = 1, .words = 12, .cues = PARA, .type = 'p' },
	{ .margin = -4, .words = 6, .link = 1, .cues = NAV, .type = 'l', .repeated = 1 },
};
enum { N = sizeof(page) / sizeof(page[0]) };

static void test_features(void)
{
	double rows[N * F];
	article_stack_features(page, N, rows);
	/* The stretch is segments 1-4 (sum 3*40 - 3 + 3*50 + 2*30). */
	int in = 1;
	for (int i = 0; i < N; i++)
		in &= feature(rows + i * F, "in_stretch") == (i >= 1 && i <= 4);
	ok(in, "the main stretch: the article's four segments, the caption within");
	is_double(feature(rows, "before_stretch"), log(2), 1e-12, "one place before it");
	is_double(feature(rows + 5 * F, "after_stretch"), log(2), 1e-12, "...and just after");
	is_double(feature(rows + 7 * F, "after_stretch"), log(4), 1e-12, "...three after");
	is_double(feature(rows + 3 * F, "margin"), 6, 0, "a margin held within 6 bits");
	is_double(feature(rows, "prev_margin"), -6, 0, "no segment before the first");
	is_double(feature(rows + 7 * F, "next_margin"), -6, 0, "...nor after the last");
	is_double(feature(rows + 2 * F, "prev_margin"), 3, 0, "a neighbour's margin");
	/* Most of the stretch's words are article and paragraph: agreement
	 * 1 there, 1/2 for the caption (article alone), 0 for the menu. */
	is_double(feature(rows + 1 * F, "cue_agreement"), 1, 0, "the article's own cues agree");
	is_double(feature(rows + 2 * F, "cue_agreement"), 0.5, 0, "...half of them, half");
	is_double(feature(rows, "cue_agreement"), 0, 0, "...the menu's none");
	is_double(feature(rows + 6 * F, "cue_agreement"), 0.5, 0, "...the teaser's paragraph, half");
	is_double(feature(rows + 2 * F, "stretch_share"), 123.0 / 167, 1e-12,
		  "the stretch's share of the page's words");
	ok(feature(rows + 7 * F, "repeated") == 1 && feature(rows, "repeated") == 0,
	   "repeated as given");
	ok(feature(rows + 4 * F, "heading") == 1 && feature(rows + 5 * F, "list_item") == 1,
	   "heading and list item");
	is_double(feature(rows + 2 * F, "in_margin"), -1, 0, "in_stretch times margin");
	ok(feature(rows + 2 * F, "above") == 0 && feature(rows + 6 * F, "above") == 1 &&
	   feature(rows + 6 * F, "in_above") == 0, "above 0, and inside too");
	is_double(feature(rows + 5 * F, "link"), 0.9, 0, "its links' share");
	is_double(feature(rows + 3 * F, "margin_words"), 6 * log(51), 1e-12, "margin times log words");

	/* No stretch: nothing sums above 0. */
	struct article_stack_segment low[2] = { { .margin = -2, .words = 5 },
						{ .margin = -1, .words = 5 } };
	double r2[2 * F];
	article_stack_features(low, 2, r2);
	ok(feature(r2, "in_stretch") == 0 && feature(r2, "stretch_share") == 0 &&
	   feature(r2, "cue_agreement") == 1 && fabs(feature(r2 + F, "after_stretch") - log(3)) < 1e-12,
	   "a page with no stretch: empty at its start, every cue set agrees with none");
}

/* A page read for the features: words, cues, links, types, repeats. */
static void test_page(void)
{
	static const char *texts[] = { "A line of more than twenty bytes", "short", "short",
				       " A line  of more than\ttwenty bytes ",
				       "another line of some length" };
	struct segment segs[5];
	struct segment_structure st = { .chars = 20 };
	st.cue_chars[CUE_LINK] = 5;
	st.cue_chars[CUE_NAV] = 20;
	memset(segs, 0, sizeof(segs));
	for (int i = 0; i < 5; i++) {
		segs[i].text = texts[i];
		segs[i].len = strlen(texts[i]);
		segs[i].type = i == 4 ? SEGMENT_HEADING : SEGMENT_PARAGRAPH;
	}
	segs[1].structure = &st;
	struct article_stack_segment in[5];
	article_stack_page(segs, sizeof(segs[0]), 5, in);
	ok(!in[0].repeated && in[3].repeated, "a text again, its white space apart: repeated");
	ok(!in[1].repeated && !in[2].repeated, "...not a short one");
	ok(!in[4].repeated, "...nor another");
	ok(in[0].words == 7 && in[1].words == 1 && in[4].type == 'h' && in[0].type == 'p',
	   "words and types");
	ok(in[1].cues == ((UINT32_C(1) << CUE_LINK) | (UINT32_C(1) << CUE_NAV)) && in[1].link == 0.25,
	   "the structure's cues and link share");
	ok(in[0].cues == 0 && in[0].link == 0, "none without structure");
	ok(in[0].margin == 0 && in[3].margin == 0, "margins 0, for the caller");
}

/* The article decider with stacked weights: keep when the sum is above 0,
 * whatever the threshold kept. */
static void test_decider(void)
{
	double weights[F] = { 0 };
	for (int k = 0; k < F; k++) {
		if (!strcmp(article_stack_feature_name(k), "intercept"))
			weights[k] = -0.5;
		if (!strcmp(article_stack_feature_name(k), "cue_agreement"))
			weights[k] = 1;
	}
	static const char *texts[] = { "menu one two", "The article's first paragraph is long",
				       "a caption", "The article goes on at length after it",
				       "teaser line" };
	static const double margins[] = { -3, 4, -2, 5, 1 };
	static const int cues[] = { CUE_NAV, CUE_ARTICLE, CUE_ARTICLE, CUE_ARTICLE, CUE_ASIDE };
	struct segment_structure st[5];
	struct scored_segment segs[5];
	memset(segs, 0, sizeof(segs));
	memset(st, 0, sizeof(st));
	for (int i = 0; i < 5; i++) {
		segs[i].segment.text = texts[i];
		segs[i].segment.len = strlen(texts[i]);
		segs[i].segment.type = SEGMENT_PARAGRAPH;
		st[i].chars = 10;
		st[i].cue_chars[cues[i]] = 10;
		segs[i].segment.structure = &st[i];
		segs[i].score.cost_dirty = margins[i];
	}
	struct decider *members[2] = { threshold_decider_new(0), article_decider_new(0, weights) };
	struct decider *chain = decider_chain_new(members, 2);
	struct decider_state *state = decider_state_new(chain);
	struct nc_error err = { 0 };
	ok(decider_decide(chain, state, segs, 5, &err) == 0, "threshold, then the stacked article");
	ok(!segs[0].keep && segs[1].keep && segs[2].keep && segs[3].keep && !segs[4].keep,
	   "kept: the segments with the article's cues, the caption the threshold dropped too; "
	   "not the teaser it kept");
	struct strbuf json = STRBUF_INIT;
	decider_describe(members[1], &json);
	is_string(json.buf, "\"bias\":0,\"stacked\":true", "described as stacked");
	strbuf_release(&json);
	ok(decider_decide(chain, state, segs, 0, &err) == 0, "a page of no segments");
	decider_state_free(chain, state);
	decider_free(chain);

	/* The features read the segmenter's types, as the trainer does, not
	 * those the threshold gave the segments it kept: the decision is the
	 * same with the threshold before it or without. */
	for (int k = 0; k < F; k++)
		weights[k] = !strcmp(article_stack_feature_name(k), "heading") ? 2
			     : !strcmp(article_stack_feature_name(k), "intercept") ? -1 : 0;
	int alone[5], after[5];
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < 5; i++) {
			segs[i].segment.type = SEGMENT_PARAGRAPH;
			segs[i].score.type = SEGMENT_HEADING;   /* what the method proposes */
			segs[i].read_type = 0;
			segs[i].keep = 0;
		}
		segs[2].segment.type = SEGMENT_HEADING;
		struct decider *one = article_decider_new(0, weights);
		struct decider *m2[2] = { threshold_decider_new(0), article_decider_new(0, weights) };
		struct decider *d = pass ? decider_chain_new(m2, 2) : one;
		struct decider_state *ds = decider_state_new(d);
		ok(decider_decide(d, ds, segs, 5, &err) == 0, "decided %s", pass ? "after the threshold"
		   : "alone");
		for (int i = 0; i < 5; i++)
			(pass ? after : alone)[i] = segs[i].keep;
		decider_state_free(d, ds);
		decider_free(d);
		if (pass)
			decider_free(one);
		else {
			decider_free(m2[0]);
			decider_free(m2[1]);
		}
	}
	ok(!memcmp(alone, after, sizeof(alone)) && alone[2] && !alone[1],
	   "the same segments kept: the segmenter's heading alone, whatever the threshold typed");
}

/* The weights in the model file. */
static void test_file(void)
{
	struct logistic_model model = { 0 }, read;
	struct strbuf file = STRBUF_INIT, again = STRBUF_INIT;
	struct nc_error err = { 0 };
	model.bias = -1.25;
	model.weights[LF_INTERCEPT] = model.plain_weights[LF_INTERCEPT] = 0.5;
	model.has_article_stack = 1;
	for (int k = 0; k < F; k++)
		model.article_stack[k] = (k - 9) / 7.0;
	logistic_model_write(&model, &file);
	ok(strstr(file.buf, "\narticle-stack\t19\narticle-weight\tintercept\t") != NULL,
	   "written after the weights");
	is_int(logistic_model_parse(&read, "m", file.buf, file.len, &err), 0, "read back");
	ok(read.has_article_stack &&
	   !memcmp(read.article_stack, model.article_stack, sizeof(model.article_stack)),
	   "...to the bit");
	logistic_model_write(&read, &again);
	is_string(again.buf, file.buf, "...and written the same");
	logistic_model_release(&read);

	const struct model_damage damage[] = {
		{ "article-stack\t19", "article-stack\t18", "another number of stacked features" },
		{ "article-weight\tmargin\t", "article-weight\tin_stretch\t", "out of order" },
		{ "article-weight\tintercept\t", "article-weight\tnone\t", "an unknown feature" },
		{ "article-weight\tin_above\t", "end\nx\t", "a weight missing" },
		{ "article-weight\tlink\t", "article-weight\tlink\tx", "not a number" },
		{ "article-weight\tlink\t", "article-weight\tlink\t1e300\nx", "beyond the bound" },
	};
	damaged_models_refused(file.buf, damage, sizeof(damage) / sizeof(damage[0]));
	model.has_article_stack = 0;
	strbuf_reset(&file);
	logistic_model_write(&model, &file);
	ok(!strstr(file.buf, "article-"), "a model without them writes none");
	is_int(logistic_model_parse(&read, "m", file.buf, file.len, &err), 0, "...and reads");
	ok(!read.has_article_stack, "...without them");
	logistic_model_release(&read);
	strbuf_release(&file);
	strbuf_release(&again);
}

int main(void)
{
	test_features();
	test_page();
	test_decider();
	test_file();
	return done_testing();
}
