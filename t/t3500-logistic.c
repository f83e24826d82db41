/* t3500-logistic: the logistic method (issue 20): its features on a page
 * of segments, the regression learnt from instances whose answer is known,
 * the bias of the best F, the model file (round trip, damage, features of
 * another program), the n-gram models' features and the file that names
 * their model, scoring a page, and the types it proposes. */
#include "base/alloc.h"
#include "base/file.h"
#include "base/order.h"
#include "method/logistic.h"
#include "method/ncleaner-method.h"
#include "train/logistic-training.h"
#include "damage.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The segments' structures, as long as the test runs (a segment points
 * at its structure). */
static struct segment_structure structures[2048];
static size_t structures_used;

static struct segment make_segment(enum segment_type type, const char *text, unsigned chars,
				   unsigned link_chars, unsigned nav_chars)
{
	if (structures_used == sizeof(structures) / sizeof(structures[0]))
		bail("make_segment: more structures than the test keeps");
	struct segment_structure *st = &structures[structures_used++];
	struct segment s = { .type = type, .text = text, .len = strlen(text), .structure = st };
	st->chars = chars;
	st->cue_chars[CUE_LINK] = link_chars;
	st->cue_chars[CUE_NAV] = nav_chars;
	return s;
}

static void test_names(void)
{
	int agree = 1;
	for (int c = 0; c < CUE_COUNT; c++) {
		char want[32];
		snprintf(want, sizeof(want), "cue_%s", structure_cue_names[c]);
		agree &= !strcmp(logistic_feature_name(LF_CUE_FIRST + c), want);
	}
	ok(agree, "the cue features are named after structure.h's cues, in its order");
	is_string(logistic_feature_name(LF_INTERCEPT), "intercept", "the first is the intercept");
	is_string(logistic_feature_name(LF_NEXT_LOG_CHARS), "next_log_chars", "...the neighbours'");
	is_string(logistic_feature_name(LF_NGRAM_LLR), "ngram_llr", "...the n-gram models' after");
	is_string(logistic_feature_name(LOGISTIC_FEATURES - 1), "ngram_evidence", "...the last");
}

static void test_features(void)
{
	struct segment page[3] = {
		make_segment(SEGMENT_LIST_ITEM, "Home", 4, 4, 4),
		make_segment(SEGMENT_PARAGRAPH, "The cat sat on the mat, and 12 dogs barked.", 34, 0, 0),
		make_segment(SEGMENT_HEADING, "Copyright", 9, 0, 0),
	};
	double f[3][LOGISTIC_FEATURES];
	logistic_features(page, sizeof(page[0]), 3, NULL, &f[0][0]);
	is_double(f[0][LF_INTERCEPT], 1, 0, "intercept 1");
	is_double(f[0][LF_LOG_CHARS], log1p(4), 1e-12, "log_chars of 'Home'");
	is_double(f[1][LF_LOG_WORDS], log1p(10), 1e-12, "log_words: ten words");
	is_double(f[1][LF_STOP_WORDS], 4.0 / 10, 1e-12, "stop words: the, on, the, and / words");
	is_double(f[1][LF_DIGITS], 2.0 / 34, 1e-12, "digits / characters of its words");
	is_double(f[1][LF_ENDS_SENTENCE], 1, 0, "ends a sentence");
	is_double(f[0][LF_ENDS_SENTENCE], 0, 0, "'Home' does not");
	is_double(f[0][LF_TYPE_L], 1, 0, "a list item");
	is_double(f[2][LF_TYPE_H], 1, 0, "a heading");
	is_double(f[1][LF_POSITION], 0.5, 1e-12, "position: the middle of three");
	is_double(f[1][LF_POSITION_CHARS], 4.0 / 47, 1e-12, "characters before it / the page's");
	is_double(f[0][LF_CUE_FIRST + CUE_LINK], 1, 0, "all link");
	is_double(f[0][LF_CUE_FIRST + CUE_NAV], 1, 0, "all nav");
	is_double(f[1][LF_PREV_LINK], 1, 0, "the paragraph's neighbour before is all link");
	is_double(f[0][LF_NEXT_LINK], 0, 0, "...the list item's after is not");
	is_double(f[0][LF_PREV_LINK], 0, 0, "nothing before the first");
	is_double(f[1][LF_PAGE_LINK], 4.0 / 47, 1e-12, "the page's link density");
	is_double(f[1][LF_NEXT_LOG_CHARS], log1p(9), 1e-12, "the next segment's log_chars");
	is_double(f[1][LF_NGRAM_LLR] + f[1][LF_NGRAM_EVIDENCE], 0, 0, "no n-gram model: its features 0");
	page[1].structure = NULL;
	logistic_features(page, sizeof(page[0]), 3, NULL, &f[0][0]);
	is_double(f[1][LF_CUE_FIRST + CUE_LINK], 0, 0, "no structure: cues 0");
	/* No segments: nothing written, and no failure. */
	f[0][LF_INTERCEPT] = -7;
	is_int(logistic_features(page, sizeof(page[0]), 0, NULL, &f[0][0]), 0,
	       "a page of no segments: no failure");
	is_double(f[0][LF_INTERCEPT], -7, 0, "...and no feature written");

	/* Sentence ends of every script; clause marks and plain letters are none. */
	static const struct { const char *text; int ends; } ends[] = {
		{ "It was late.", 1 }, { "Really?", 1 }, { "Note:", 1 }, { "(see above)", 1 },
		{ "He said \"go\"", 1 }, { "It\xe2\x80\x99s done\xe2\x80\x9d", 1 },
		{ "Home", 0 }, { "one, two,", 0 }, { "and so on;", 0 },
		{ "\xe5\xa5\xbd\xe3\x80\x82", 1 },              /* 好。 */
		{ "\xe5\xa5\xbd\xef\xbc\x81", 1 },              /* 好！ */
		{ "\xe5\xa5\xbd\xef\xbc\x9f", 1 },              /* 好？ */
		{ "\xe5\xa5\xbd\xef\xbc\x8e", 1 },              /* 好． */
		{ "\xe3\x80\x8c\xe5\xa5\xbd\xe3\x80\x82\xe3\x80\x8d", 1 },   /* 「好。」 */
		{ "\xe5\xa5\xbd\xe3\x80\x81", 0 },              /* 好、 */
		{ "\xe5\xa5\xbd\xef\xbc\x8c", 0 },              /* 好， */
		{ "\xd8\xaa\xd8\xb9\xd8\xb1\xd9\x81\xd8\x9f", 1 },   /* Arabic question mark */
		{ "\xdb\x81\xdb\x92\xdb\x94", 1 },              /* Arabic full stop (Urdu) */
		{ "\xd8\xaa\xd8\xb9\xd8\xb1\xd9\x81\xd8\x8c", 0 },   /* Arabic comma */
		{ "\xe0\xa4\xb9\xe0\xa5\x88\xe0\xa5\xa4", 1 },   /* Devanagari danda */
		{ "\xe0\xa4\xb9\xe0\xa5\x88\xe0\xa5\xa5", 1 },   /* double danda */
		{ "\xd5\xa1\xd5\xb5\xd5\xb8\xd6\x89", 1 },    /* Armenian full stop */
		{ "\xe1\x88\x80\xe1\x8d\xa2", 1 },              /* Ethiopic full stop */
		{ "\xcf\x84\xce\xb9\xcd\xbe", 1 },              /* Greek question mark */
		{ "\xcf\x84\xce\xb9\xce\x87", 0 },              /* Greek ano teleia */
		{ "wait\xe2\x80\xa6", 1 },                      /* ellipsis */
		{ "\xc2\xab Oui. \xc2\xbb", 1 },                /* guillemet after a full stop */
		{ "Find Jobs \xc2\xbb", 0 },                      /* ...not alone: a link */
		{ "\xe3\x80\x90\xe9\x80\x9f\xe5\xa0\xb1\xe3\x80\x91", 0 },   /* 【速報】: a title */
		{ "\xe1\x9e\x80\xe1\x9f\x94", 1 },              /* Khmer khan */
		{ "\xe1\x80\x80\xe1\x81\x8b", 1 },              /* Myanmar section */
		{ "\xe0\xb8\x94\xe0\xb8\xb5", 0 },              /* Thai: no mark */
		{ "\xe0\xb8\x94\xe0\xb8\xb5\xe0\xb9\x9a", 1 },   /* Thai angkhankhu */
	};
	for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		struct segment one = make_segment(SEGMENT_PARAGRAPH, ends[i].text, 4, 0, 0);
		logistic_features(&one, sizeof(one), 1, NULL, &f[0][0]);
		is_double(f[0][LF_ENDS_SENTENCE], ends[i].ends, 0, "'%s' %s", ends[i].text,
			  ends[i].ends ? "ends a sentence" : "does not");
	}
	/* in_title: the segment names the page, by its <title>'s headline (its
	 * longest part). */
	struct segment titled[3] = {
		make_segment(SEGMENT_HEADING, "Deceased crash victims identified", 31, 0, 0),
		make_segment(SEGMENT_PARAGRAPH, "The Gleaner", 10, 10, 0),
		make_segment(SEGMENT_PARAGRAPH, "Police say the victims of the crash were identified.", 43, 0, 0),
	};
	double t[3][LOGISTIC_FEATURES];
	struct nc_error terr = { 0 };
	logistic_page_features(titled, sizeof(titled[0]), 3, NULL,
			       "Deceased crash victims identified - The Gleaner", NULL, &t[0][0], &terr);
	is_double(t[0][LF_IN_TITLE], 1, 0, "in_title: the headline is the title's first part");
	is_double(t[1][LF_IN_TITLE], 0, 0, "...the site's name, a shorter part, is not (a logo)");
	is_double(t[2][LF_IN_TITLE], 0, 0, "...a sentence that holds no part of it is not");
	logistic_page_features(titled, sizeof(titled[0]), 3, NULL, NULL, NULL, &t[0][0], &terr);
	is_double(t[0][LF_IN_TITLE], 0, 0, "...a page without a title: 0");
	static const char *const second[] = {
		"The Gleaner - Deceased crash victims identified",
		"The Gleaner | News | Deceased crash victims identified",
		"The Gleaner \xe2\x80\x94 Deceased crash victims identified",
	};
	struct segment longer = make_segment(SEGMENT_HEADING,
		"Deceased crash victims identified on Sunday", 7, 0, 0);
	for (size_t i = 0; i < sizeof(second) / sizeof(second[0]); i++) {
		logistic_page_features(&longer, sizeof(longer), 1, NULL, second[i], NULL,
				       &t[0][0], &terr);
		is_double(t[0][LF_IN_TITLE], 1, 0, "...a segment holding the title's headline, "
			  "its last part (%s)", second[i]);
	}
	struct segment cut = make_segment(SEGMENT_HEADING, "crash victims identified", 3, 0, 0);
	struct segment word = make_segment(SEGMENT_HEADING, "identified", 1, 0, 0);
	logistic_page_features(&cut, sizeof(cut), 1, NULL, second[0], NULL, &t[0][0], &terr);
	is_double(t[0][LF_IN_TITLE], 1, 0, "...most of the headline counts");
	logistic_page_features(&word, sizeof(word), 1, NULL, second[0], NULL, &t[0][0], &terr);
	is_double(t[0][LF_IN_TITLE], 0, 0, "...a word of it does not");
	/* A title of a megabyte of separators: read up to TITLE_MAX_BYTES. */
	struct strbuf huge = STRBUF_INIT;
	for (int i = 0; i < 350000; i++)
		strbuf_addstr(&huge, "a: ");
	logistic_page_features(titled, sizeof(titled[0]), 3, NULL, huge.buf, NULL, &t[0][0], &terr);
	is_double(t[2][LF_IN_TITLE], 0, 0, "...a megabyte of title: no part, no scan of it a segment");
	strbuf_release(&huge);
}

/* Instances where long, unlinked segments are text and link lists are not,
 * with some noise: the regression must find the signs. */
static void test_learning(struct logistic_model *model)
{
	struct logistic_training *t = logistic_training_new(NULL);
	struct logistic_training_counts counts;
	struct logistic_fit fit[2];
	struct nc_error err = { 0 };
	unsigned seed = 1;

	is_int(logistic_training_learn(t, model, fit, &err), -1, "nothing to learn from: an error");
	ok(strstr(err.message, "nothing to learn from") != NULL, "...that says so");
	for (int i = 0; i < 2000; i++) {
		double x[LOGISTIC_FEATURES] = { 0 };
		seed = seed * 1103515245 + 12345;
		int text = (seed >> 16) % 2;
		seed = seed * 1103515245 + 12345;
		int noise = (seed >> 16) % 10 == 0;
		x[LF_INTERCEPT] = 1;
		x[LF_LOG_CHARS] = text ? 4 + (seed >> 20) % 3 : 1 + (seed >> 20) % 3;
		x[LF_CUE_FIRST + CUE_LINK] = text ? 0.1 : 0.9;
		double words = text ? 30 : 3;
		logistic_training_add(t, x, noise ? !text : text, words, (noise ? !text : text) ? words : 0);
	}
	logistic_training_add_gold_words(t, 1000 * 30 * 0.9 + 1000 * 3 * 0.1);
	logistic_training_counts(t, &counts);
	is_int(counts.segments, 2000, "2000 instances");
	is_int(logistic_training_learn(t, model, fit, &err), 0, "learnt");
	ok(model->weights[LF_LOG_CHARS] > 0, "longer is more likely text (%g)",
	   model->weights[LF_LOG_CHARS]);
	ok(model->weights[LF_CUE_FIRST + CUE_LINK] < 0, "links are less likely text (%g)",
	   model->weights[LF_CUE_FIRST + CUE_LINK]);
	ok(fit[0].steps > 0 && fit[0].steps < 100, "Newton's method converged (%d steps)",
	   fit[0].steps);
	ok(fit[0].f > 80, "F on the training instances (%.2f)", fit[0].f);
	ok(isfinite(model->bias), "a finite bias (%g)", model->bias);
	/* Without structure, the link density is not there to see: the plain
	 * weights leave it at 0 and lean harder on the length. */
	int structural = 0;
	for (int k = 0; k < LOGISTIC_FEATURES; k++)
		structural += logistic_feature_structural(k) && model->plain_weights[k] != 0;
	is_int(structural, 0, "plain weights: every structural weight 0");
	ok(model->plain_weights[LF_LOG_CHARS] > model->weights[LF_LOG_CHARS],
	   "...and length weighs more (%g > %g)", model->plain_weights[LF_LOG_CHARS],
	   model->weights[LF_LOG_CHARS]);
	ok(fit[1].steps > 0 && fit[1].f > 80, "...learnt too (F %.2f)", fit[1].f);
	ok(isfinite(model->plain_bias), "...with a finite bias of its own (%g)", model->plain_bias);
	ok(logistic_feature_structural(LF_CUE_FIRST + CUE_LINK) &&
	   logistic_feature_structural(LF_PAGE_LINK) && !logistic_feature_structural(LF_LOG_CHARS) &&
	   !logistic_feature_structural(LF_POSITION), "structural: the cues and link densities");
	logistic_training_free(t);
}

static void test_file(struct logistic_model *model)
{
	struct strbuf file = STRBUF_INIT, again = STRBUF_INIT;
	struct logistic_model read;
	struct nc_error err = { 0 };

	model->description = "a test";
	logistic_model_write(model, &file);
	model->description = NULL;
	is_int(logistic_model_parse(&read, "m", file.buf, file.len, &err), 0, "the file reads back");
	ok(!memcmp(read.weights, model->weights, sizeof(read.weights)) && read.bias == model->bias,
	   "...weights and bias exactly");
	ok(!memcmp(read.plain_weights, model->plain_weights, sizeof(read.plain_weights)) &&
	   read.plain_bias == model->plain_bias, "...the plain ones too");
	logistic_model_write(&read, &again);
	is_string(again.buf, file.buf, "...and writes the same bytes");
	logistic_model_release(&read);

	/* A model without n-gram features lists all the others. */
	char listed_line[32], more_line[32], too_many_line[32];
	snprintf(listed_line, sizeof(listed_line), "features\t%d\n", LF_NGRAM_LLR);
	snprintf(more_line, sizeof(more_line), "features\t%d\n", LF_NGRAM_LLR + 1);
	snprintf(too_many_line, sizeof(too_many_line), "features\t%d\n", LOGISTIC_FEATURES + 1);
	const struct model_damage damage[] = {
		{ "weight\tcue_nav\t", "weight\tcue_navy\t", "another feature's name" },
		{ listed_line, more_line, "more features listed than there are lines" },
		{ listed_line, too_many_line, "more features than this program computes" },
		{ "\nweight\tprev_link\t", "\nweight\tngram_llr\t", "the n-gram features without their model" },
		{ "\nweight\tprev_link\t", "\nweight\tcue_link\t", "a feature twice" },
		{ "\nweight\tprev_link\t", "\nweight\tintercept\t", "the features out of order" },
		{ "\nplain-weight\tprev_link\t", "\nplain-weight\tnext_link\t",
		  "plain weights of other features than the weights" },
		{ "bias\t", "bias\tx", "a bias that is not a number" },
		{ "end\n", "", "no end line" },
		{ "plain-bias\t", "plain-bias\tx", "a plain bias that is not a number" },
		{ "plain-weight\tintercept\t", "weight\tintercept\t", "a weight line among the plain ones" },
		{ "plain-bias\t", "bias\t", "a second bias" },
		{ "plain-weight\tcue_link\t", "plain-weight\tcue_lynx\t", "another plain feature's name" },
		{ "method\tlogistic", "method\tice-dt", "another method's file" },
	};
	damaged_models_refused(file.buf, damage, sizeof(damage) / sizeof(damage[0]));
	/* Values: a line's number replaced. Huge finite weights made a
	 * segment's log-odds inf or NaN, written as such in JSON (issue 36). */
	struct { const char *key, *value, *why; int accepted; } values[] = {
		{ "weight\tcue_link\t", "nan", "a weight nan", 0 },
		{ "weight\tlog_chars\t", "1e308", "a weight of 1e308", 0 },
		{ "weight\tintercept\t", "-1e308", "a weight of -1e308", 0 },
		{ "bias\t", "1e300", "a bias of 1e300", 0 },
		{ "plain-weight\tdigits\t", "-1.5e9", "a plain weight beyond the bound", 0 },
		{ "plain-bias\t", "2e9", "a plain bias beyond the bound", 0 },
		{ "weight\tlog_chars\t", "1e9", "a weight at the bound", 1 },
		{ "plain-bias\t", "-1e9", "a plain bias at the bound", 1 },
	};
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		struct strbuf bad = STRBUF_INIT, line = STRBUF_INIT;
		strbuf_addf(&line, "\n%s", values[i].key);   /* at the start of a line */
		const char *at = strstr(file.buf, line.buf);
		strbuf_release(&line);
		if (!at)
			bail(values[i].key);
		at++;
		strbuf_add(&bad, file.buf, (size_t)(at - file.buf));
		strbuf_addstr(&bad, values[i].key);
		strbuf_addstr(&bad, values[i].value);
		strbuf_addstr(&bad, strchr(at, '\n'));
		int got = logistic_model_parse(&read, "m", bad.buf, bad.len, &err);
		if (values[i].accepted) {
			ok(got == 0, "read: %s", values[i].why);
			if (got == 0)
				logistic_model_release(&read);
		} else {
			ok(got < 0 && strstr(err.message, "m:"), "refused: %s (%s)", values[i].why,
			   got < 0 ? err.message : "read");
		}
		strbuf_release(&bad);
	}
	strbuf_release(&file);
	strbuf_release(&again);
}

/* A model of the features before some were added (39 of them, as models
 * were before the n-gram, main-element and neighbourhood features): read,
 * the missing ones weighing 0. */
static void test_older_model(void)
{
	struct logistic_model model = { 0 }, read;
	struct strbuf file = STRBUF_INIT, older = STRBUF_INIT;
	struct nc_error err = { 0 };
	model.weights[LF_INTERCEPT] = -1;
	model.weights[LF_LOG_CHARS] = 0.5;
	model.plain_weights[LF_INTERCEPT] = -2;
	model.plain_weights[LF_LOG_CHARS] = 1;
	logistic_model_write(&model, &file);
	/* Every weight line but those of the first two features out. */
	for (const char *line = file.buf; *line; ) {
		const char *end = strchr(line, '\n') + 1;
		const char *name = strchr(line, '\t') + 1;
		int weight = !strncmp(line, "weight\t", 7) || !strncmp(line, "plain-weight\t", 13);
		if (!strncmp(line, "features\t", 9))
			strbuf_addstr(&older, "features\t2\n");
		else if (!weight || !strncmp(name, "intercept\t", 10) ||
			 !strncmp(name, "log_chars\t", 10))
			strbuf_add(&older, line, (size_t)(end - line));
		line = end;
	}
	int got = logistic_model_parse(&read, "m", older.buf, older.len, &err);
	is_int(got, 0, "a model listing some features only reads (%s)", got < 0 ? err.message : "");
	if (got == 0) {
		int zero = 1;
		for (int k = 2; k < LOGISTIC_FEATURES; k++)
			zero &= read.weights[k] == 0 && read.plain_weights[k] == 0;
		ok(zero && read.weights[LF_LOG_CHARS] == 0.5 && read.plain_weights[LF_INTERCEPT] == -2,
		   "...the features it does not list weigh 0");
		is_int((long long)read.trees.trees, 0, "...and it has no trees");
		logistic_model_release(&read);
	}
	strbuf_release(&file);
	strbuf_release(&older);
}

/* Trees learn what a sum cannot: text when exactly one of two features is
 * high (an exclusive or), with a linear part that can only guess. */
static void test_trees(void)
{
	struct logistic_training *t = logistic_training_new(NULL);
	struct logistic_model model = { 0 }, read;
	struct logistic_fit fit[2];
	struct nc_error err = { 0 };
	struct boost_settings boost;
	unsigned seed = 7;

	for (int i = 0; i < 4000; i++) {
		double x[LOGISTIC_FEATURES] = { 0 };
		seed = seed * 1103515245 + 12345;
		double a = (double)((seed >> 16) % 1000) / 1000;
		seed = seed * 1103515245 + 12345;
		double b = (double)((seed >> 16) % 1000) / 1000;
		x[LF_INTERCEPT] = 1;
		x[LF_STOP_WORDS] = a;
		x[LF_CAPITALS] = b;
		int text = (a > 0.5) != (b > 0.5);
		logistic_training_add(t, x, text, 10, text ? 10 : 0);
	}
	logistic_training_add_gold_words(t, 2000 * 10);
	boost_settings_default(&boost);
	boost.trees = 50;
	logistic_training_set_trees(t, &boost);
	is_int(logistic_training_learn(t, &model, fit, &err), 0, "learnt with 50 trees");
	is_int((long long)model.trees.trees, 50, "...50 of them");
	ok(fit[0].f > 95, "...which learn the exclusive or (F %.2f)", fit[0].f);
	ok(fit[1].f < 80, "...that the plain weights alone cannot (F %.2f)", fit[1].f);
	double x[LOGISTIC_FEATURES] = { 0 };
	x[LF_INTERCEPT] = 1;
	x[LF_STOP_WORDS] = 0.9;
	x[LF_CAPITALS] = 0.1;
	double text = tree_ensemble_score(&model.trees, x);
	x[LF_CAPITALS] = 0.9;
	double both = tree_ensemble_score(&model.trees, x);
	ok(text > 1 && both < -1, "...a segment of one high and one low: text (%g); both high: "
	   "not (%g)", text, both);

	struct strbuf file = STRBUF_INIT, again = STRBUF_INIT;
	logistic_model_write(&model, &file);
	is_int(logistic_model_parse(&read, "m", file.buf, file.len, &err), 0,
	       "the file with trees reads back");
	is_double(tree_ensemble_score(&read.trees, x), both, 0, "...scores the same");
	logistic_model_write(&read, &again);
	is_string(again.buf, file.buf, "...and writes the same bytes");
	logistic_model_release(&read);

	struct { const char *from, *to, *why, *says; } damage[] = {
		{ "\ntrees\t50\n", "\ntrees\t51\n", "a tree fewer than announced",
		  "announced 51 trees, 50 were read" },
		{ "\ntrees\t50\n", "\ntrees\t49\n", "a tree more than announced",
		  "more trees than the 49" },
		{ "\ntrees\t50\n", "\ntrees\t5000\n", "more trees than the limit", NULL },
		{ "\ntree\t", "\ntree\t-", "a tree of a negative number of nodes", NULL },
		{ "\ntree\t", "\ntree\t9999", "a tree past the node limit", NULL },
		{ "\tstop_words\t", "\tstop_wordz\t", "a split on a feature not known", NULL },
		{ "\tstop_words\t", "\tngram_llr\t", "a split on the n-gram features without them", NULL },
		{ "\nleaf\t", "\nleaf\tx", "a leaf that is not a number", NULL },
		{ "\nleaf\t", "\nleaf\t1e300", "a leaf beyond the bound", NULL },
		{ "\t1\t2\n", "\t0\t2\n", "a child before its parent (a loop)", NULL },
		{ "\t1\t2\n", "\t1\t99\n", "a child past the tree's end", NULL },
	};
	for (size_t i = 0; i < sizeof(damage) / sizeof(damage[0]); i++) {
		struct strbuf bad = STRBUF_INIT;
		damage_text(file.buf, damage[i].from, damage[i].to, &bad);
		ok(logistic_model_parse(&read, "m", bad.buf, bad.len, &err) < 0 && err.message[0] &&
		   (!damage[i].says || strstr(err.message, damage[i].says)),
		   "refused: %s (%s)", damage[i].why, err.message);
		strbuf_release(&bad);
	}
	strbuf_release(&file);
	strbuf_release(&again);
	logistic_model_release(&model);
	logistic_training_free(t);
}

/* ngram_llr and ngram_evidence from an ncleaner method's costs; a model
 * that names its n-gram model, and one that does not (as before the
 * feature). */
static void test_ngram(struct logistic_model *model)
{
	is_double(logistic_ngram_llr(3.0, 4.5), 1.5, 1e-12, "ngram_llr: H_dirty - H_clean");
	is_double(logistic_ngram_llr(20, 1), -NGRAM_LLR_MAX, 0, "...clipped below");
	is_double(logistic_ngram_llr(1, 20), NGRAM_LLR_MAX, 0, "...and above");

	/* The file: the ngram-model line and every feature, or neither. */
	struct strbuf with = STRBUF_INIT, without = STRBUF_INIT, again = STRBUF_INIT;
	struct logistic_model read;
	struct nc_error err = { 0 };
	logistic_model_write(model, &without);
	ok(!strstr(without.buf, "ngram"), "a model without an n-gram model lists no n-gram feature");
	char line[64];
	snprintf(line, sizeof(line), "features\t%d\n", LF_NGRAM_LLR);
	ok(strstr(without.buf, line) != NULL, "...all features but those two");
	model->ngram_model = "english.model";
	model->weights[LF_NGRAM_LLR] = 0.75;
	model->plain_weights[LF_NGRAM_EVIDENCE] = -0.25;
	logistic_model_write(model, &with);
	snprintf(line, sizeof(line), "ngram-model\tenglish.model\nfeatures\t%d\n", LOGISTIC_FEATURES);
	ok(strstr(with.buf, line) != NULL, "a model with one names it, then all the features");
	is_int(logistic_model_parse(&read, "m", with.buf, with.len, &err), 0, "...reads back");
	is_string(read.ngram_model, "english.model", "...the n-gram model's name");
	ok(read.weights[LF_NGRAM_LLR] == 0.75 && read.plain_weights[LF_NGRAM_EVIDENCE] == -0.25,
	   "...its weights");
	logistic_model_write(&read, &again);
	is_string(again.buf, with.buf, "...and writes the same bytes");
	logistic_model_release(&read);
	model->ngram_model = NULL;
	model->weights[LF_NGRAM_LLR] = model->plain_weights[LF_NGRAM_EVIDENCE] = 0;

	struct strbuf bad = STRBUF_INIT;
	const char *at = strstr(with.buf, "ngram-model\t");
	strbuf_add(&bad, with.buf, (size_t)(at - with.buf));
	strbuf_addstr(&bad, strchr(at, '\n') + 1);
	ok(logistic_model_parse(&read, "m", bad.buf, bad.len, &err) < 0 &&
	   strstr(err.message, "names no ngram-model"), "the n-gram features without the line: refused (%s)",
	   err.message);
	strbuf_reset(&bad);
	strbuf_add(&bad, with.buf, (size_t)(at - with.buf));
	strbuf_addstr(&bad, "ngram-model\t\n");
	strbuf_addstr(&bad, strchr(at, '\n') + 1);
	ok(logistic_model_parse(&read, "m", bad.buf, bad.len, &err) < 0, "an empty name: refused (%s)",
	   err.message);
	strbuf_reset(&bad);
	strbuf_add(&bad, with.buf, (size_t)(at - with.buf));
	strbuf_addstr(&bad, "ngram-model\ta.model\n");
	strbuf_addstr(&bad, at);
	ok(logistic_model_parse(&read, "m", bad.buf, bad.len, &err) < 0 &&
	   strstr(err.message, "a second ngram-model line"), "two ngram-model lines: refused (%s)",
	   err.message);
	strbuf_release(&bad);

	struct strbuf path = STRBUF_INIT;
	logistic_ngram_path("models/logistic.model", "logistic-ngram.model", &path);
	is_string(path.buf, "models/logistic-ngram.model", "a name is found beside the model");
	logistic_ngram_path("models/logistic.model", "/srv/m.model", &path);
	is_string(path.buf, "/srv/m.model", "...an absolute path where it says");
	logistic_ngram_path("logistic.model", "n.model", &path);
	is_string(path.buf, "n.model", "...in the working directory");
	strbuf_release(&path);

	/* The features of a page through the shipped character models. */
	const char *top = getenv("top_srcdir");
	char shipped[4096];
	snprintf(shipped, sizeof(shipped), "%s/models/english.model", top && *top ? top : ".");
	struct method *ngram = access(shipped, R_OK) == 0 ? ncleaner_method_load(shipped, 0, 0, &err)
							  : NULL;
	if (!ngram) {
		skip("models/english.model not found (top_srcdir unset)");
	} else {
		struct segment page[2] = {
			make_segment(SEGMENT_PARAGRAPH, "Home | About us | Contact | Login", 27, 27, 0),
			make_segment(SEGMENT_PARAGRAPH, "The harbour was quiet that morning, and the "
					  "fishermen sat mending their nets.", 70, 0, 0),
		};
		double f[2][LOGISTIC_FEATURES];
		struct method_scorer *scorer = method_scorer_new(ngram);
		struct segment_score score;
		is_int(logistic_page_features(page, sizeof(page[0]), 2, NULL, NULL, scorer, &f[0][0], &err), 0,
		       "a page's features with an n-gram model");
		is_int(method_score(scorer, &page[1], &score, &err), 0, "...the method's own score");
		is_double(f[1][LF_NGRAM_LLR], score.cost_dirty - score.cost_clean, 1e-12,
			  "...ngram_llr is its LLR in bits per character");
		is_double(f[1][LF_NGRAM_EVIDENCE], f[1][LF_NGRAM_LLR] * f[1][LF_LOG_CHARS], 1e-12,
			  "...ngram_evidence that times log_chars");
		ok(f[1][LF_NGRAM_LLR] > 0 && f[0][LF_NGRAM_LLR] < f[1][LF_NGRAM_LLR],
		   "...prose above a menu (%.3f > %.3f)", f[1][LF_NGRAM_LLR], f[0][LF_NGRAM_LLR]);
		double g[2][LOGISTIC_FEATURES];
		logistic_features(page, sizeof(page[0]), 2, NULL, &g[0][0]);
		g[0][LF_NGRAM_LLR] = f[0][LF_NGRAM_LLR], g[0][LF_NGRAM_EVIDENCE] = f[0][LF_NGRAM_EVIDENCE];
		g[1][LF_NGRAM_LLR] = f[1][LF_NGRAM_LLR], g[1][LF_NGRAM_EVIDENCE] = f[1][LF_NGRAM_EVIDENCE];
		ok(!memcmp(f, g, sizeof(f)), "...the other features as without it");

		/* A page not in the n-gram model's language: its ratio says only
		 * "not English", and is set aside. */
		struct segment other[2] = {
			make_segment(SEGMENT_PARAGRAPH, "\xd0\x93\xd0\xbb\xd0\xb0\xd0\xb2\xd0\xbd"
					  "\xd0\xb0\xd1\x8f | \xd0\x9a\xd0\xbe\xd0\xbd\xd1\x82"
					  "\xd0\xb0\xd0\xba\xd1\x82\xd1\x8b", 17, 17, 0),
			make_segment(SEGMENT_PARAGRAPH, "\xd0\x92 \xd1\x84\xd0\xb5\xd0\xb2\xd1\x80"
					  "\xd0\xb0\xd0\xbb\xd0\xb5 \xd0\x9b\xd0\xb0\xd0\xb4\xd0"
					  "\xbe\xd0\xb6\xd1\x81\xd0\xba\xd0\xbe\xd0\xb5 \xd0\xbe"
					  "\xd0\xb7\xd0\xb5\xd1\x80\xd0\xbe \xd0\xbf\xd1\x80\xd0"
					  "\xb5\xd0\xb2\xd1\x80\xd0\xb0\xd1\x89\xd0\xb0\xd0\xb5"
					  "\xd1\x82\xd1\x81\xd1\x8f \xd0\xb2 \xd0\xbe\xd0\xb3\xd1"
					  "\x80\xd0\xbe\xd0\xbc\xd0\xbd\xd0\xbe\xd0\xb5 \xd0\xb1"
					  "\xd0\xb5\xd0\xbb\xd0\xbe\xd0\xb5 \xd0\xbf\xd0\xbe\xd0"
					  "\xbb\xd0\xb5, \xd0\xbf\xd0\xbe \xd0\xba\xd0\xbe\xd1\x82"
					  "\xd0\xbe\xd1\x80\xd0\xbe\xd0\xbc\xd1\x83 \xd0\xbe\xd1"
					  "\x82 \xd0\xb1\xd0\xb5\xd1\x80\xd0\xb5\xd0\xb3\xd0\xb0 "
					  "\xd0\xba \xd0\xb3\xd0\xbe\xd1\x80\xd0\xb8\xd0\xb7\xd0"
					  "\xbe\xd0\xbd\xd1\x82\xd1\x83 \xd1\x82\xd1\x8f\xd0\xbd"
					  "\xd1\x83\xd1\x82\xd1\x81\xd1\x8f \xd1\x86\xd0\xb5\xd0"
					  "\xbf\xd0\xbe\xd1\x87\xd0\xba\xd0\xb8 \xd1\x81\xd0\xbb"
					  "\xd0\xb5\xd0\xb4\xd0\xbe\xd0\xb2.", 150, 0, 0),
		};
		struct logistic_text english = { NULL, ncleaner_method_language(ngram) };
		struct logistic_text unsaid = { NULL, "" };
		double r[2][LOGISTIC_FEATURES], u[2][LOGISTIC_FEATURES], e[2][LOGISTIC_FEATURES];
		is_string(english.ngram_language, "en", "the shipped english.model says it is English");
		is_int(logistic_page_features(other, sizeof(other[0]), 2, &english, NULL, scorer, &r[0][0],
					      &err), 0, "a Russian page's features");
		ok(r[0][LF_NGRAM_LLR] == 0 && r[1][LF_NGRAM_LLR] == 0 && r[1][LF_NGRAM_EVIDENCE] == 0,
		   "...the n-gram features 0: the page is not in the model's language");
		logistic_page_features(other, sizeof(other[0]), 2, &unsaid, NULL, scorer, &u[0][0], &err);
		ok(u[1][LF_NGRAM_LLR] != 0, "...not 0 with a model that does not say its language "
		   "(%.3f)", u[1][LF_NGRAM_LLR]);
		logistic_page_features(page, sizeof(page[0]), 2, &english, NULL, scorer, &e[0][0], &err);
		ok(!memcmp(e, f, sizeof(f)), "an English page's features as without a language");
		method_scorer_free(scorer);
		method_free(ngram);
	}
	strbuf_release(&with);
	strbuf_release(&without);
	strbuf_release(&again);
}

/* A page of many blocks of rows (the method makes its features
 * LOGISTIC_BLOCK_ROWS rows at a time, logistic.c) scores as the weights
 * times the page's rows made whole, bit for bit: the neighbours and the
 * window across a block's edges, the page's totals and ranks, the title. */
static void test_long_page(const struct logistic_model *model, struct method_scorer *scorer)
{
	static const char *const texts[] = {
		"Home", "The harbour was rebuilt after the storm of 1953, and the town grew.",
		"Contact: 12 Quay Street", "News from the harbour", "Photo: J. Smith",
		"It was late when the boats came in, and nobody on the quay said a word.",
	};
	enum { N = 1000 };
	struct scored_segment *segments = xcalloc(N, sizeof(*segments));
	double *rows = xmalloc(N * LOGISTIC_FEATURES * sizeof(double));
	struct nc_error err = { 0 };
	for (size_t i = 0; i < N; i++) {
		const char *text = texts[(i * 7 + i / 13) % (sizeof(texts) / sizeof(texts[0]))];
		unsigned chars = (unsigned)strlen(text);
		segments[i].segment = make_segment(i % 5 ? SEGMENT_PARAGRAPH : SEGMENT_LIST_ITEM,
						   text, chars, (unsigned)(i * 11 % (chars + 1)),
						   i % 3 ? 0 : chars / 2);
	}
	struct page_info info = { .title = (char *)"News from the harbour - The Gazette" };
	is_int(method_score_page(scorer, &info, segments, N, &err), 0,
	       "a page of %d segments scored", N);
	is_int(logistic_page_features(&segments[0].segment, sizeof(segments[0]), N, NULL,
				      info.title, NULL, rows, &err), 0, "...its rows made whole");
	size_t differ = 0;
	for (size_t i = 0; i < N; i++) {
		const double *f = rows + i * LOGISTIC_FEATURES;
		double z = 0;
		for (int k = 0; k < LOGISTIC_FEATURES; k++)
			z += model->weights[k] * f[k];
		if (model->trees.trees)
			z += tree_ensemble_score(&model->trees, f);
		double want = z / 0.69314718055994530942;
		differ += memcmp(&want, &segments[i].score.cost_dirty, sizeof(want)) != 0;
	}
	is_int((long long)differ, 0, "...scores as those rows, bit for bit");
	free(rows);
	free(segments);
}

/* The types the method proposes: a heading for a short paragraph that ends
 * no sentence or clause, a paragraph for a long list item; nothing for the
 * rest. */
/* 300 characters of Chinese prose: 十个字的中文句子。 (nine characters and
 * a full stop) thirty times, less its last full stop. */
#define CHINESE_TEN "\xe5\x8d\x81\xe4\xb8\xaa\xe5\xad\x97\xe7\x9a\x84\xe4\xb8\xad" \
	"\xe6\x96\x87\xe5\x8f\xa5\xe5\xad\x90\xe3\x80\x82"
#define CHINESE_100 CHINESE_TEN CHINESE_TEN CHINESE_TEN CHINESE_TEN CHINESE_TEN CHINESE_TEN \
	CHINESE_TEN CHINESE_TEN CHINESE_TEN CHINESE_TEN
#define CHINESE_300 CHINESE_100 CHINESE_100 CHINESE_100 "\xe5\x8d\x81\xe4\xb8\xaa\xe5\xad" \
	"\x97\xe7\x9a\x84\xe4\xb8\xad\xe6\x96\x87\xe5\x8f\xa5\xe5\xad\x90"

static void test_types(struct logistic_model *model)
{
	char path[] = "/tmp/t3500-model.XXXXXX";
	struct strbuf file = STRBUF_INIT;
	struct nc_error err = { 0 };
	int fd = mkstemp(path);
	logistic_model_write(model, &file);
	if (fd < 0 || write(fd, file.buf, file.len) != (ssize_t)file.len)
		bail("cannot write a model file in /tmp");
	close(fd);
	struct method *method = logistic_method_load(path, NULL, &err);
	unlink(path);
	strbuf_release(&file);
	if (!method)
		bail(err.message);
	static const struct { enum segment_type type; const char *text; int want; } cases[] = {
		{ SEGMENT_PARAGRAPH, "Why the harbour matters", SEGMENT_HEADING },
		{ SEGMENT_PARAGRAPH, "One two three four five six seven eight nine ten", SEGMENT_HEADING },
		{ SEGMENT_PARAGRAPH, "One two three four five six seven eight nine ten eleven", 0 },
		{ SEGMENT_PARAGRAPH, "It was late.", 0 },
		{ SEGMENT_PARAGRAPH, "Contact:", 0 },
		{ SEGMENT_PARAGRAPH, "Why?", 0 },
		{ SEGMENT_LIST_ITEM, "Home", 0 },
		{ SEGMENT_LIST_ITEM, "one two three four five six seven eight nine ten eleven twelve "
				     "thirteen fourteen fifteen sixteen seventeen eighteen nineteen", 0 },
		{ SEGMENT_LIST_ITEM, "one two three four five six seven eight nine ten eleven twelve "
				     "thirteen fourteen fifteen sixteen seventeen eighteen nineteen "
				     "twenty", SEGMENT_PARAGRAPH },
		{ SEGMENT_HEADING, "News", 0 },
		/* Other scripts: a short sentence or clause is no heading; a
		 * short line without a mark is; a Chinese paragraph of 300
		 * characters is far more than ten words. */
		{ SEGMENT_PARAGRAPH, "\xe4\xbb\x8a\xe5\xa4\xa9\xe5\xa4\xa9\xe6\xb0\x94\xe5\xbe"
				     "\x88\xe5\xa5\xbd\xe3\x80\x82", 0 },   /* 今天天气很好。 */
		{ SEGMENT_PARAGRAPH, "\xe4\xbb\x8a\xe5\xa4\xa9\xe5\xa4\xa9\xe6\xb0\x94\xe5\xbe"
				     "\x88\xe5\xa5\xbd\xef\xbc\x8c", 0 },   /* ...， */
		{ SEGMENT_PARAGRAPH, "\xe6\xb1\x9f\xe5\x8d\x97\xe5\x8f\xa4\xe9\x95\x87\xe7\x9a"
				     "\x84\xe6\xb8\x85\xe6\x99\xa8", SEGMENT_HEADING },   /* 江南古镇的清晨 */
		{ SEGMENT_PARAGRAPH, "\xd9\x87\xd9\x84 \xd8\xaa\xd8\xb9\xd8\xb1\xd9\x81\xd8\x9f",
		  0 },   /* هل تعرف؟ */
		{ SEGMENT_PARAGRAPH, "\xe0\xa4\xb5\xe0\xa4\xb9 \xe0\xa4\x98\xe0\xa4\xb0 "
				     "\xe0\xa4\xb9\xe0\xa5\x88\xe0\xa5\xa4", 0 },   /* वह घर है। */
		{ SEGMENT_PARAGRAPH, CHINESE_300, 0 },
	};
	size_t n = sizeof(cases) / sizeof(cases[0]);
	struct scored_segment segments[sizeof(cases) / sizeof(cases[0])];
	memset(segments, 0, sizeof(segments));
	for (size_t i = 0; i < n; i++)
		segments[i].segment = make_segment(cases[i].type, cases[i].text, 10, 0, 0);
	struct method_scorer *scorer = method_scorer_new(method);
	struct page_info info = { 0 };
	is_int(method_score_page(scorer, &info, segments, n, &err), 0, "a page scored");
	for (size_t i = 0; i < n; i++)
		is_int(segments[i].score.type, cases[i].want, "type proposed for <%c>%s",
		       cases[i].type, cases[i].text);
	test_long_page(model, scorer);
	method_scorer_free(scorer);
	method_free(method);
}

/* The fixed-depth form (tree_ensemble_freeze()) reaches the leaves the
 * walk reaches, a tree at a time and four at a time:
 * on the shipped model's trees (when the source tree is there) and on
 * hand-made ones of mixed depths and counts that four does not divide, for
 * random rows with NaN, infinities and the splits' own thresholds among
 * their values; an ensemble deeper than TREES_FIXED_DEPTH_MAX keeps the
 * walk. */
static double random_value(unsigned *seed, const struct tree_ensemble *e)
{
	*seed = *seed * 1103515245 + 12345;
	unsigned r = (*seed >> 16) % 20;
	if (r == 0)
		return NAN;
	if (r == 1)
		return *seed & 0x10000000 ? INFINITY : -INFINITY;
	if (r < 8 && e->count)   /* a threshold itself: the edge of "at most" */
		return e->nodes[(*seed >> 3) % e->count].value;
	*seed = *seed * 1103515245 + 12345;
	return ((double)((*seed >> 8) % 20001) - 10000) / 1000;
}

static size_t frozen_differs(struct tree_ensemble *e, unsigned rows)
{
	unsigned seed = 11;
	size_t differ = 0;
	tree_ensemble_freeze(e);
	for (unsigned i = 0; i < rows; i++) {
		double x[LOGISTIC_FEATURES];
		for (int f = 0; f < LOGISTIC_FEATURES; f++)
			x[f] = random_value(&seed, e);
		double a = tree_ensemble_score(e, x), b = tree_ensemble_score_walk(e, x);
		double c = tree_ensemble_score_one_by_one(e, x);
		differ += memcmp(&a, &b, sizeof(a)) != 0 || memcmp(&c, &b, sizeof(c)) != 0;
	}
	return differ;
}

/* A chain of `depth` splits on feature f, each with a leaf on its left. */
static void add_chain(struct tree_ensemble *e, int f, unsigned depth)
{
	tree_ensemble_begin_tree(e);
	for (unsigned d = 0; d < depth; d++) {
		uint32_t node = tree_ensemble_add_split(e, f, (double)d - 2);
		tree_ensemble_add_leaf(e, (double)d + 0.25);
		tree_ensemble_link(e, node, node + 1, node + 2);
	}
	tree_ensemble_add_leaf(e, -1.5);
}

static void test_fixed_depth(void)
{
	struct tree_ensemble e = { 0 };
	add_chain(&e, LF_STOP_WORDS, 5);
	add_chain(&e, LF_CAPITALS, 1);
	tree_ensemble_begin_tree(&e);
	tree_ensemble_add_leaf(&e, 0.5);   /* a tree of one leaf */
	add_chain(&e, LF_DIGITS, 3);
	is_int(frozen_differs(&e, 20000), 0, "fixed depth: hand-made trees of depths 0-5 score "
	       "as the walk, bit for bit");
	is_int(e.depth, 5, "...in a form of depth 5");
	add_chain(&e, LF_CAPITALS, 4);
	add_chain(&e, LF_DIGITS, 2);
	add_chain(&e, LF_STOP_WORDS, 5);
	add_chain(&e, LF_CAPITALS, 2);
	add_chain(&e, LF_PUNCTUATION, 1);
	is_int(frozen_differs(&e, 20000), 0, "...nine trees (two groups of four and one): the same");
	add_chain(&e, LF_PUNCTUATION, TREES_FIXED_DEPTH_MAX + 1);
	is_int(frozen_differs(&e, 2000), 0, "...a tree deeper than the form holds: still the same");
	is_int(e.depth, 0, "...by the walk");
	tree_ensemble_release(&e);

	const char *top = getenv("top_srcdir");
	char path[4096];
	snprintf(path, sizeof(path), "%s/models/logistic.model", top && *top ? top : ".");
	struct strbuf text = STRBUF_INIT;
	struct logistic_model model;
	struct nc_error err = { 0 };
	if (read_file(path, 0, &text, &err) < 0 ||
	    logistic_model_parse(&model, path, text.buf, text.len, &err) < 0) {
		skip("the shipped model: %s", err.message);
		skip("the shipped model");
	} else {
		is_int(frozen_differs(&model.trees, 20000), 0, "the shipped model's %zu trees score "
		       "as the walk on 20,000 random rows, bit for bit", model.trees.trees);
		ok(model.trees.depth > 0, "...in the fixed-depth form (depth %u)", model.trees.depth);
		logistic_model_release(&model);
	}
	strbuf_release(&text);
}

/* order_sort_nonnegative_doubles() (base/order.h), which sorts a window's segment
 * lengths for shorter_share, against qsort() on random arrays, long and
 * short, of one kind of value or of all: log1p() of small counts (many
 * equal), small integers (bytes most of them share), fractions and huge
 * values; and a negative, a -0 or a NaN refused. */
static void test_radix_sort(void)
{
	unsigned long seed = 3501;
	unsigned wrong = 0, arrays = 300;
	for (unsigned a = 0; a < arrays; a++) {
		size_t n = tap_random(&seed) % (a % 2 ? 20 : 700);   /* short ones too */
		unsigned only = (unsigned)(a % 5);   /* 4: values of every kind; else one kind */
		/* exactly n (a malloc(0) for none), so that the sanitizer build
		 * sees a read past them */
		double *x = malloc(n * sizeof(*x)), *y = malloc(n * sizeof(*y));
		double *scratch = malloc(n * sizeof(*scratch));
		for (size_t i = 0; i < n; i++) {
			unsigned kind = only < 4 ? only : (unsigned)(tap_random(&seed) % 4);
			unsigned long r = tap_random(&seed);
			x[i] = kind == 0 ? log1p((double)(r % 40)) : kind == 1 ? (double)(r % 3)
			       : kind == 2 ? (double)r / 4096.0 : ldexp((double)(r % 1000), (int)(r % 900));
			y[i] = x[i];
		}
		qsort(y, n, sizeof(*y), order_doubles);
		wrong += order_sort_nonnegative_doubles(x, scratch, n) != 0 ||
			 (n && memcmp(x, y, n * sizeof(*x)));
		free(x);
		free(y);
		free(scratch);
	}
	is_int(wrong, 0, "the radix sort of non-negative doubles orders %u random arrays as qsort()",
	       arrays);
	double refused[3][2] = { { 1, -1 }, { 1, -0.0 }, { 1, NAN } }, scratch[2];
	int all = 1;
	for (int i = 0; i < 3; i++)
		all &= order_sort_nonnegative_doubles(refused[i], scratch, 2) == -1 && refused[i][0] == 1;
	ok(all, "... and leaves a negative, a -0 or a NaN to qsort()");
}

int main(void)
{
	test_radix_sort();
	test_older_model();
	test_trees();
	test_fixed_depth();
	struct logistic_model model = { 0 };
	test_names();
	test_features();
	test_learning(&model);
	test_file(&model);
	test_ngram(&model);
	test_types(&model);
	return done_testing();
}
