/* ice-dt.c: ICE's decision tree over blocks (see ice.h). */
#include "method/ice.h"
#include "base/alloc.h"

#include <math.h>
#include <string.h>

static const struct tree_feature features[ICE_DT_FEATURES] = {
	[ICE_DT_WORDS] = { "words", 0 },
	[ICE_DT_TAG] = { "tag", 1 },
	[ICE_DT_CAPITALS] = { "capitals", 0 },
	[ICE_DT_PUNCTUATION] = { "punctuation", 0 },
	[ICE_DT_STOP_WORDS] = { "stopwords", 0 },
};

/* n last: ties between n and a kept class keep (decision-tree.h). */
static const char *const classes[ICE_DT_CLASSES] = {
	[ICE_DT_H] = "h", [ICE_DT_L] = "l", [ICE_DT_P] = "p", [ICE_DT_N] = "n",
};

static const struct tree_schema schema = {
	.method = ICE_DT_NAME,
	.features = features,
	.feature_count = ICE_DT_FEATURES,
	.classes = classes,
	.class_count = ICE_DT_CLASSES,
};

const struct tree_schema *ice_dt_schema(void)
{
	return &schema;
}

void ice_dt_features(const struct segment *segment, struct tree_value values[ICE_DT_FEATURES])
{
	struct ice_words words;
	ice_count_words(segment->text, segment->len, &words);
	double n = words.words ? (double)words.words : 1;
	memset(values, 0, ICE_DT_FEATURES * sizeof(*values));
	values[ICE_DT_WORDS].number = (double)words.words;
	values[ICE_DT_TAG].name = segment->tag;
	values[ICE_DT_CAPITALS].number = (double)words.capitalised / n;
	values[ICE_DT_PUNCTUATION].number = (double)words.punctuation / n;
	values[ICE_DT_STOP_WORDS].number = (double)words.stop_words / n;
}

struct ice_dt_method {
	struct method base;
	struct decision_tree tree;
};

static const enum segment_type class_types[ICE_DT_CLASSES] = {
	[ICE_DT_H] = SEGMENT_HEADING, [ICE_DT_L] = SEGMENT_LIST_ITEM, [ICE_DT_P] = SEGMENT_PARAGRAPH,
};

/* A scorer needs nothing but the method. */
struct ice_dt_scorer {
	struct method_scorer base;
	const struct ice_dt_method *method;
};

static struct method_scorer *ice_dt_scorer_new(const struct method *method);

static int ice_dt_score(struct method_scorer *scorer, const struct segment *segment,
			struct segment_score *score, struct nc_error *err)
{
	const struct ice_dt_method *m = ((const struct ice_dt_scorer *)scorer)->method;
	struct tree_value values[ICE_DT_FEATURES];
	(void)err;

	ice_dt_features(segment, values);
	const struct tree_node *node = decision_tree_classify(&m->tree, values);
	double total = 0;
	for (int c = 0; c < ICE_DT_CLASSES; c++)
		total += node->counts[c];
	/* The likeliest kept class: the first of the largest counts among h, l, p. */
	int kept = ICE_DT_H;
	for (int c = ICE_DT_L; c < ICE_DT_N; c++)
		if (node->counts[c] > node->counts[kept])
			kept = c;
	double p_kept = (node->counts[kept] + 1.0) / (total + ICE_DT_CLASSES);
	double p_n = (node->counts[ICE_DT_N] + 1.0) / (total + ICE_DT_CLASSES);
	score->cost_clean = -log2(p_kept);
	score->cost_dirty = -log2(p_n);
	score->units = (size_t)values[ICE_DT_WORDS].number;
	score->type = class_types[kept];
	return 0;
}

static void ice_dt_scorer_free(struct method_scorer *scorer)
{
	free(scorer);
}

static void ice_dt_free(struct method *base)
{
	struct ice_dt_method *m = (struct ice_dt_method *)base;
	decision_tree_release(&m->tree);
	free(m);
}

static void ice_dt_describe(const struct method *base, struct strbuf *json)
{
	const struct ice_dt_method *m = (const struct ice_dt_method *)base;
	strbuf_addf(json, "\"nodes\":%zu", m->tree.count);
}

static const struct method_ops ice_dt_ops = {
	.name = ICE_DT_NAME,
	.scorer_new = ice_dt_scorer_new,
	.score = ice_dt_score,
	.scorer_free = ice_dt_scorer_free,
	.free = ice_dt_free,
	.describe = ice_dt_describe,
};

static struct method_scorer *ice_dt_scorer_new(const struct method *method)
{
	struct ice_dt_scorer *scorer = xcalloc(1, sizeof(*scorer));
	scorer->base.ops = &ice_dt_ops;
	scorer->method = (const struct ice_dt_method *)method;
	return &scorer->base;
}

struct method *ice_dt_method_new(struct decision_tree *tree)
{
	struct ice_dt_method *m = xcalloc(1, sizeof(*m));
	m->base.ops = &ice_dt_ops;
	m->base.default_bias = 0;
	m->tree = *tree;
	memset(tree, 0, sizeof(*tree));
	return &m->base;
}

struct method *ice_dt_method_load(const char *path, struct nc_error *err)
{
	struct decision_tree tree;
	if (decision_tree_load(&tree, &schema, path, err) < 0)
		return NULL;
	return ice_dt_method_new(&tree);
}
