/* trees.c: regression trees of the logistic method (see trees.h). */
#include "method/trees.h"
#include "base/alloc.h"
#include "method/model-file.h"

#include <stdlib.h>
#include <string.h>

/* Drop the fixed-depth form (building goes on, or the end). */
static void thaw(struct tree_ensemble *e)
{
	free(e->split_feature);
	free(e->split_value);
	free(e->leaf_value);
	e->split_feature = NULL;
	e->split_value = e->leaf_value = NULL;
	e->depth = 0;
}

void tree_ensemble_release(struct tree_ensemble *e)
{
	thaw(e);
	free(e->nodes);
	free(e->roots);
	memset(e, 0, sizeof(*e));
}

double tree_ensemble_score_walk(const struct tree_ensemble *e, const double *x)
{
	double sum = 0;
	for (size_t t = 0; t < e->trees; t++) {
		const struct boosted_node *n = &e->nodes[e->roots[t]];
		while (n->feature >= 0)
			n = &e->nodes[x[n->feature] <= n->value ? n->left : n->right];
		sum += n->value;
	}
	return sum;
}

/* Trees `first` on, one at a time, added to `sum`. */
static double score_one_by_one_from(const struct tree_ensemble *e, const double *x,
				    size_t first, double sum)
{
	size_t splits = ((size_t)1 << e->depth) - 1;
	const int *feature = e->split_feature + first * splits;
	const double *value = e->split_value + first * splits;
	const double *leaf = e->leaf_value + first * (splits + 1);
	for (size_t t = first; t < e->trees; t++) {
		/* One step a level, unrolled: right when not at most (NaN too). */
#define STEP i = 2 * i + 1 + !(x[feature[i]] <= value[i])
		size_t i = 0;
		switch (e->depth) {
		case 8: STEP; /* fall through */
		case 7: STEP; /* fall through */
		case 6: STEP; /* fall through */
		case 5: STEP; /* fall through */
		case 4: STEP; /* fall through */
		case 3: STEP; /* fall through */
		case 2: STEP; /* fall through */
		default: STEP;
		}
#undef STEP
		sum += leaf[i - splits];
		feature += splits;
		value += splits;
		leaf += splits + 1;
	}
	return sum;
}

/* Four trees at once, level by level: the four ways down are independent,
 * so the processor follows them together instead of waiting on each load
 * of a single way in turn (a third of the time on the shipped model, by
 * the same instructions); the leaves are added in the trees' order, so the
 * sum is the same bits. The rest (fewer than four) one at a time. */
static double score_four(const struct tree_ensemble *e, const double *x)
{
	size_t splits = ((size_t)1 << e->depth) - 1, t = 0;
	double sum = 0;
	for (; t + 4 <= e->trees; t += 4) {
		const int *f0 = e->split_feature + t * splits, *f1 = f0 + splits,
			  *f2 = f1 + splits, *f3 = f2 + splits;
		const double *v0 = e->split_value + t * splits, *v1 = v0 + splits,
			     *v2 = v1 + splits, *v3 = v2 + splits;
		size_t i0 = 0, i1 = 0, i2 = 0, i3 = 0;
		for (unsigned level = 0; level < e->depth; level++) {
			i0 = 2 * i0 + 1 + !(x[f0[i0]] <= v0[i0]);
			i1 = 2 * i1 + 1 + !(x[f1[i1]] <= v1[i1]);
			i2 = 2 * i2 + 1 + !(x[f2[i2]] <= v2[i2]);
			i3 = 2 * i3 + 1 + !(x[f3[i3]] <= v3[i3]);
		}
		/* Node i of a tree past its splits is its leaf i - splits. */
		const double *leaf0 = e->leaf_value + t * (splits + 1), *leaf1 = leaf0 + splits + 1,
			     *leaf2 = leaf1 + splits + 1, *leaf3 = leaf2 + splits + 1;
		sum += leaf0[i0 - splits];
		sum += leaf1[i1 - splits];
		sum += leaf2[i2 - splits];
		sum += leaf3[i3 - splits];
	}
	return score_one_by_one_from(e, x, t, sum);
}

double tree_ensemble_score(const struct tree_ensemble *e, const double *x)
{
	if (!e->depth)
		return tree_ensemble_score_walk(e, x);
	return score_four(e, x);
}

double tree_ensemble_score_one_by_one(const struct tree_ensemble *e, const double *x)
{
	return e->depth ? score_one_by_one_from(e, x, 0, 0) : tree_ensemble_score_walk(e, x);
}

/* The splits on the longest way from each node of the tree at `root` to a
 * leaf, in depth[]: children come after their parent, so from the last
 * node back each child's is known. */
static unsigned tree_depth(const struct tree_ensemble *e, size_t root, size_t end,
			   unsigned *depth)
{
	for (size_t i = end; i-- > root;) {
		const struct boosted_node *n = &e->nodes[i];
		unsigned l, r;
		if (n->feature < 0) {
			depth[i - root] = 0;
			continue;
		}
		l = depth[n->left - root];
		r = depth[n->right - root];
		depth[i - root] = 1 + (l > r ? l : r);
	}
	return depth[0];
}

/* Node `n`'s subtree into place `i` (at level `level`) of tree t's fixed
 * form; a leaf above the last level fills every place beneath it. */
static void fill(struct tree_ensemble *e, size_t t, const struct boosted_node *n, size_t i,
		 unsigned level)
{
	size_t splits = ((size_t)1 << e->depth) - 1;
	if (level == e->depth) {
		e->leaf_value[t * (splits + 1) + i - splits] = n->value;
		return;
	}
	int leaf = n->feature < 0;
	e->split_feature[t * splits + i] = leaf ? 0 : n->feature;
	e->split_value[t * splits + i] = leaf ? 0 : n->value;
	fill(e, t, leaf ? n : &e->nodes[n->left], 2 * i + 1, level + 1);
	fill(e, t, leaf ? n : &e->nodes[n->right], 2 * i + 2, level + 1);
}

void tree_ensemble_freeze(struct tree_ensemble *e)
{
	unsigned deepest = 0, *depth = NULL;
	size_t depth_alloc = 0;
	thaw(e);
	for (size_t t = 0; t < e->trees && deepest <= TREES_FIXED_DEPTH_MAX; t++) {
		size_t root = e->roots[t], end = t + 1 < e->trees ? e->roots[t + 1] : e->count;
		if (end - root > depth_alloc) {
			depth_alloc = end - root;
			depth = xrealloc(depth, depth_alloc * sizeof(*depth));
		}
		unsigned d = tree_depth(e, root, end, depth);
		deepest = d > deepest ? d : deepest;
	}
	free(depth);
	if (!e->trees || deepest == 0 || deepest > TREES_FIXED_DEPTH_MAX)
		return;   /* no trees, only leaves, or too deep: the walk */
	size_t splits = ((size_t)1 << deepest) - 1;
	e->depth = deepest;
	e->split_feature = xcalloc(e->trees * splits, sizeof(*e->split_feature));
	e->split_value = xcalloc(e->trees * splits, sizeof(*e->split_value));
	e->leaf_value = xcalloc(e->trees * (splits + 1), sizeof(*e->leaf_value));
	for (size_t t = 0; t < e->trees; t++)
		fill(e, t, &e->nodes[e->roots[t]], 0, 0);
}

void tree_ensemble_begin_tree(struct tree_ensemble *e)
{
	thaw(e);
	ARRAY_GROW(e->roots, e->trees, e->roots_alloc, 64);
	e->roots[e->trees++] = (uint32_t)e->count;
}

static uint32_t add_node(struct tree_ensemble *e, int feature, double value)
{
	thaw(e);
	ARRAY_GROW(e->nodes, e->count, e->alloc, 256);
	e->nodes[e->count] = (struct boosted_node){ feature, 0, 0, value };
	return (uint32_t)(e->count++ - e->roots[e->trees - 1]);
}

uint32_t tree_ensemble_add_split(struct tree_ensemble *e, int feature, double threshold)
{
	return add_node(e, feature, threshold);
}

uint32_t tree_ensemble_add_leaf(struct tree_ensemble *e, double value)
{
	return add_node(e, -1, value);
}

void tree_ensemble_link(struct tree_ensemble *e, uint32_t node, uint32_t left, uint32_t right)
{
	uint32_t root = e->roots[e->trees - 1];
	thaw(e);
	e->nodes[root + node].left = root + left;
	e->nodes[root + node].right = root + right;
}

void tree_ensemble_write(const struct tree_ensemble *e, const char *(*name_of)(int),
			 struct strbuf *out)
{
	strbuf_addf(out, "trees\t%zu\n", e->trees);
	for (size_t t = 0; t < e->trees; t++) {
		size_t root = e->roots[t], end = t + 1 < e->trees ? e->roots[t + 1] : e->count;
		strbuf_addf(out, "tree\t%zu\n", end - root);
		for (size_t i = root; i < end; i++) {
			const struct boosted_node *n = &e->nodes[i];
			if (n->feature < 0) {
				strbuf_addstr(out, "leaf\t");
				model_file_add_double(out, n->value);
			} else {
				strbuf_addf(out, "split\t%s\t", name_of(n->feature));
				model_file_add_double(out, n->value);
				strbuf_addf(out, "\t%zu\t%zu", (size_t)n->left - root,
					    (size_t)n->right - root);
			}
			strbuf_addch(out, '\n');
		}
	}
}
