/* c45.c: growing and pruning a decision tree, C4.5's way (see c45.h). */
#include "train/c45.h"
#include "base/alloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Gains below this are no gain (rounding). */
#define GAIN_EPSILON 1e-12

/* --- C4.5's arithmetic ------------------------------------------------------------ */

double c45_added_errors(double n, double e, double confidence)
{
	/* C4.5's table of confidence levels and normal deviates. */
	static const double level[] = { 0, 0.001, 0.005, 0.01, 0.05, 0.10, 0.20, 0.40, 1.00 };
	static const double deviate[] = { 4.0, 3.09, 2.58, 2.33, 1.65, 1.28, 0.84, 0.25, 0.00 };

	if (n <= 0)
		return 0;
	int i = 1;
	while (i < 8 && confidence > level[i])
		i++;
	double z = deviate[i - 1] + (deviate[i] - deviate[i - 1]) *
		   (confidence - level[i - 1]) / (level[i] - level[i - 1]);
	double coeff = z * z;
	if (e < 1e-6)
		return n * (1 - exp(log(confidence) / n));
	if (e < 0.9999) {
		double none = n * (1 - exp(log(confidence) / n));
		return none + e * (c45_added_errors(n, 1.0, confidence) - none);
	}
	if (e + 0.5 >= n)
		return 0.67 * (n - e);
	double p = (e + 0.5 + coeff / 2 +
		    sqrt(coeff * ((e + 0.5) * (1 - (e + 0.5) / n) + coeff / 4))) / (n + coeff);
	return n * p - e;
}

static double entropy(const double *counts, size_t class_count, double n)
{
	double h = 0;
	for (size_t c = 0; c < class_count; c++)
		if (counts[c] > 0)
			h -= counts[c] / n * log2(counts[c] / n);
	return h;
}

double c45_gain(const double *counts, const double *branch_counts, size_t branches,
		size_t class_count, double *split_information)
{
	double n = 0;
	for (size_t c = 0; c < class_count; c++)
		n += counts[c];
	double gain = n > 0 ? entropy(counts, class_count, n) : 0, split = 0;
	for (size_t b = 0; b < branches; b++) {
		const double *bc = branch_counts + b * class_count;
		double nb = 0;
		for (size_t c = 0; c < class_count; c++)
			nb += bc[c];
		if (nb <= 0)
			continue;
		gain -= nb / n * entropy(bc, class_count, nb);
		split -= nb / n * log2(nb / n);
	}
	*split_information = split;
	return gain;
}

/* --- growing --------------------------------------------------------------------- */

struct grow_node {
	uint32_t counts[TREE_MAX_CLASSES];
	size_t n;
	int split;                  /* -1: a leaf */
	double threshold;           /* numeric split */
	int *values;                /* nominal split: the value id of each child */
	struct grow_node **children;
	size_t child_count;
};

/* The nominal values of a feature, interned (ids in byte order). */
struct value_table {
	const char **names;
	size_t count;
};

struct learner {
	const struct c45_data *data;
	size_t features, classes;
	unsigned min_objects, max_depth;
	struct value_table *tables;   /* [features]; empty for numeric ones */
	int *ids;                     /* [count * features]: nominal value ids */
	struct ranked { double value; uint32_t instance; } *ranked;   /* scratch */
	double *branch_counts;        /* scratch */
};

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const char *value_name(const struct tree_value *v)
{
	return v->name ? v->name : TREE_UNKNOWN_VALUE;
}

static void intern_values(struct learner *l)
{
	const struct c45_data *d = l->data;
	l->tables = xcalloc(l->features, sizeof(*l->tables));
	l->ids = xcalloc(d->count * l->features, sizeof(*l->ids));
	for (size_t f = 0; f < l->features; f++) {
		if (!d->schema->features[f].nominal)
			continue;
		struct value_table *t = &l->tables[f];
		const char **all = xmalloc(d->count * sizeof(*all));
		for (size_t i = 0; i < d->count; i++)
			all[i] = value_name(&d->values[i * l->features + f]);
		qsort(all, d->count, sizeof(*all), compare_names);
		t->names = xmalloc(d->count * sizeof(*t->names));
		for (size_t i = 0; i < d->count; i++)
			if (i == 0 || strcmp(all[i], all[i - 1]))
				t->names[t->count++] = all[i];
		free(all);
		for (size_t i = 0; i < d->count; i++) {
			const char *name = value_name(&d->values[i * l->features + f]);
			const char **found = bsearch(&name, t->names, t->count, sizeof(*t->names),
						     compare_names);
			l->ids[i * l->features + f] = (int)(found - t->names);
		}
	}
}

struct split {
	int feature;
	double gain, ratio, threshold;
};

static int compare_ranked(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return x->instance < y->instance ? -1 : x->instance > y->instance;
}

/* The best threshold of numeric feature f over `instances`: 0 when none. */
static int numeric_split(struct learner *l, int f, const uint32_t *instances, size_t n,
			 const double *counts, struct split *best)
{
	const struct c45_data *d = l->data;
	size_t k = l->classes;
	double *left = l->branch_counts, *right = left + k;
	int found = 0;

	for (size_t i = 0; i < n; i++) {
		l->ranked[i].value = d->values[instances[i] * l->features + (size_t)f].number;
		l->ranked[i].instance = instances[i];
	}
	qsort(l->ranked, n, sizeof(*l->ranked), compare_ranked);
	memset(left, 0, k * sizeof(*left));
	best->gain = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		left[d->classes[l->ranked[i].instance]]++;
		double a = l->ranked[i].value, b = l->ranked[i + 1].value;
		if (a == b || i + 1 < l->min_objects || n - i - 1 < l->min_objects)
			continue;
		for (size_t c = 0; c < k; c++)
			right[c] = counts[c] - left[c];
		double split_information;
		double gain = c45_gain(counts, left, 2, k, &split_information);
		if (gain > best->gain + GAIN_EPSILON) {
			double t = a + (b - a) / 2;
			if (!(a <= t && t < b))
				t = a;
			best->gain = gain;
			best->ratio = gain / split_information;
			best->threshold = t;
			found = 1;
		}
	}
	best->feature = f;
	return found;
}

/* The split on nominal feature f: 0 when it does not qualify. */
static int nominal_split(struct learner *l, int f, const uint32_t *instances, size_t n,
			 const double *counts, struct split *best)
{
	const struct value_table *t = &l->tables[f];
	size_t k = l->classes;
	double *branch = xcalloc(t->count * k, sizeof(*branch));
	for (size_t i = 0; i < n; i++) {
		int id = l->ids[instances[i] * l->features + (size_t)f];
		branch[(size_t)id * k + (size_t)l->data->classes[instances[i]]]++;
	}
	size_t big = 0;
	for (size_t v = 0; v < t->count; v++) {
		double nv = 0;
		for (size_t c = 0; c < k; c++)
			nv += branch[v * k + c];
		big += nv >= l->min_objects;
	}
	int found = 0;
	if (big >= 2) {
		double split_information;
		best->gain = c45_gain(counts, branch, t->count, k, &split_information);
		best->ratio = split_information > 0 ? best->gain / split_information : 0;
		best->feature = f;
		found = best->gain > GAIN_EPSILON;
	}
	free(branch);
	return found;
}

/* C4.5's choice: the best gain ratio among the splits with at least the
 * average gain. */
static int choose_split(struct learner *l, const uint32_t *instances, size_t n,
			const double *counts, struct split *chosen)
{
	struct split candidates[64];
	size_t m = 0;
	double total_gain = 0;
	for (size_t f = 0; f < l->features && m < 64; f++) {
		struct split s;
		int ok = l->data->schema->features[f].nominal
			 ? nominal_split(l, (int)f, instances, n, counts, &s)
			 : numeric_split(l, (int)f, instances, n, counts, &s);
		if (ok) {
			candidates[m++] = s;
			total_gain += s.gain;
		}
	}
	if (m == 0)
		return 0;
	double average = total_gain / (double)m;
	int best = -1;
	for (size_t i = 0; i < m; i++) {
		if (candidates[i].gain < average - GAIN_EPSILON)
			continue;
		if (best < 0 || candidates[i].ratio > candidates[best].ratio + GAIN_EPSILON)
			best = (int)i;
	}
	*chosen = candidates[best];
	return 1;
}

static struct grow_node *grow(struct learner *l, const uint32_t *instances, size_t n,
			      unsigned depth)
{
	const struct c45_data *d = l->data;
	size_t k = l->classes;
	struct grow_node *node = xcalloc(1, sizeof(*node));
	double counts[TREE_MAX_CLASSES] = { 0 };

	node->n = n;
	node->split = -1;
	for (size_t i = 0; i < n; i++)
		node->counts[d->classes[instances[i]]]++;
	size_t classes_present = 0;
	for (size_t c = 0; c < k; c++) {
		counts[c] = node->counts[c];
		classes_present += node->counts[c] > 0;
	}
	struct split split;
	if (classes_present <= 1 || n < 2 * (size_t)l->min_objects || depth >= l->max_depth ||
	    !choose_split(l, instances, n, counts, &split))
		return node;

	size_t f = (size_t)split.feature;
	node->split = split.feature;
	uint32_t *part = xmalloc(n * sizeof(*part));
	if (!d->schema->features[f].nominal) {
		node->threshold = split.threshold;
		size_t nl = 0, nr = n;
		for (size_t i = 0; i < n; i++) {
			if (d->values[instances[i] * l->features + f].number <= split.threshold)
				part[nl++] = instances[i];
			else
				part[--nr] = instances[i];
		}
		/* The right side was filled from the end: put it back in order. */
		for (size_t a = nl, b = n - 1; a < b; a++, b--) {
			uint32_t x = part[a];
			part[a] = part[b];
			part[b] = x;
		}
		node->children = xmalloc(2 * sizeof(*node->children));
		node->children[0] = grow(l, part, nl, depth + 1);
		node->children[1] = grow(l, part + nl, n - nl, depth + 1);
		node->child_count = 2;
	} else {
		const struct value_table *t = &l->tables[f];
		node->children = xmalloc(t->count * sizeof(*node->children));
		node->values = xmalloc(t->count * sizeof(*node->values));
		for (size_t v = 0; v < t->count; v++) {
			size_t m = 0;
			for (size_t i = 0; i < n; i++)
				if (l->ids[instances[i] * l->features + f] == (int)v)
					part[m++] = instances[i];
			if (m == 0)
				continue;
			node->values[node->child_count] = (int)v;
			node->children[node->child_count++] = grow(l, part, m, depth + 1);
		}
	}
	free(part);
	return node;
}

static void free_grown(struct grow_node *node)
{
	for (size_t i = 0; i < node->child_count; i++)
		free_grown(node->children[i]);
	free(node->children);
	free(node->values);
	free(node);
}

/* --- pruning --------------------------------------------------------------------- */

static double leaf_estimate(const struct grow_node *node, size_t classes, double confidence)
{
	uint32_t most = 0;
	for (size_t c = 0; c < classes; c++)
		if (node->counts[c] > most)
			most = node->counts[c];
	double errors = (double)node->n - most;
	return errors + c45_added_errors((double)node->n, errors, confidence);
}

/* Prune below `node`; its estimated errors. */
static double prune(struct grow_node *node, size_t classes, double confidence)
{
	double as_leaf = leaf_estimate(node, classes, confidence);
	if (node->split < 0)
		return as_leaf;
	double as_tree = 0;
	for (size_t i = 0; i < node->child_count; i++)
		as_tree += prune(node->children[i], classes, confidence);
	if (as_leaf > as_tree + 0.1)
		return as_tree;
	for (size_t i = 0; i < node->child_count; i++)
		free_grown(node->children[i]);
	free(node->children);
	free(node->values);
	node->children = NULL;
	node->values = NULL;
	node->child_count = 0;
	node->split = -1;
	return as_leaf;
}

/* --- the tree ---------------------------------------------------------------------- */

static void emit(const struct learner *l, const struct grow_node *node, struct decision_tree *tree,
		 uint32_t parent, enum tree_test test, int feature, double threshold,
		 const char *value)
{
	uint32_t index = decision_tree_add(tree, parent, test, feature, threshold, value,
					   node->counts);
	for (size_t i = 0; i < node->child_count; i++) {
		if (l->data->schema->features[node->split].nominal)
			emit(l, node->children[i], tree, index, TREE_EQ, node->split, 0,
			     l->tables[node->split].names[node->values[i]]);
		else
			emit(l, node->children[i], tree, index, i == 0 ? TREE_LE : TREE_GT,
			     node->split, node->threshold, NULL);
	}
}

int c45_learn(const struct c45_data *data, const struct c45_options *options,
	      struct decision_tree *tree, struct nc_error *err)
{
	const struct tree_schema *schema = data->schema;
	struct learner l = {
		.data = data,
		.features = schema->feature_count,
		.classes = schema->class_count,
		.min_objects = options && options->min_objects ? options->min_objects : 2,
		.max_depth = options && options->max_depth && options->max_depth <= TREE_MAX_DEPTH
			     ? options->max_depth : TREE_MAX_DEPTH,
	};
	double confidence = options && options->confidence > 0 ? options->confidence : 0.25;

	decision_tree_init(tree, schema);
	if (data->count == 0)
		return nc_error_set(err, NC_ERR_USAGE, "no instances to learn from");
	if (data->count > UINT32_MAX)
		return nc_error_set(err, NC_ERR_USAGE, "more than %u instances", UINT32_MAX);
	for (size_t i = 0; i < data->count; i++)
		if (data->classes[i] < 0 || (size_t)data->classes[i] >= l.classes)
			return nc_error_set(err, NC_ERR_USAGE, "instance %zu: no class %d", i,
					    data->classes[i]);
	intern_values(&l);
	l.ranked = xmalloc(data->count * sizeof(*l.ranked));
	l.branch_counts = xmalloc(2 * l.classes * sizeof(*l.branch_counts));
	uint32_t *all = xmalloc(data->count * sizeof(*all));
	for (size_t i = 0; i < data->count; i++)
		all[i] = (uint32_t)i;
	struct grow_node *root = grow(&l, all, data->count, 0);
	if (confidence < 1)
		prune(root, l.classes, confidence);
	emit(&l, root, tree, TREE_NONE, TREE_ROOT, -1, 0, NULL);
	free_grown(root);
	free(all);
	free(l.ranked);
	free(l.branch_counts);
	for (size_t f = 0; f < l.features; f++)
		free(l.tables[f].names);
	free(l.tables);
	free(l.ids);
	return 0;
}
