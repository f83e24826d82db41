/* trees.h: an ensemble of regression trees over a segment's features, the
 * part of the logistic method's log-odds that a weighted sum cannot give
 * (issue 32).
 *
 * A linear model adds up what each feature says alone; whether a short
 * line without a sentence end is boilerplate depends on what is around it,
 * on the page's length, on whether it sits in the page's main element.
 * Gradient-boosted trees (train/boosting.h) learn such interactions from
 * what the linear part got wrong: the log-odds of a segment are the linear
 * part's plus the sum of the leaves its features reach, one per tree.
 *
 * A tree is an array of nodes; node 0 is its root. A split node sends a
 * segment to `left` when its feature is at most `value`, else to `right`;
 * a leaf adds `value` (natural log-odds). Children come after their parent
 * in the array (the file format checks it), so a walk always ends, within
 * TREES_MAX_NODES steps.
 *
 * The file lines (in the logistic model file, logistic.h), after the
 * plain weights:
 *     trees<TAB>T
 *     tree<TAB>K                      (T times, each followed by K nodes)
 *     split<TAB>FEATURE<TAB>VALUE<TAB>LEFT<TAB>RIGHT
 *     leaf<TAB>VALUE
 * FEATURE by name; LEFT and RIGHT node numbers in the tree, after the
 * node's own.
 *
 * An ensemble owns its arrays; it is read-only once built, and any thread
 * may score with it.
 */
#ifndef NC_TREES_H
#define NC_TREES_H

#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"

/* A tree has at most this many nodes, an ensemble this many trees: far
 * more than learning makes (train/boosting.h), and little enough that a
 * damaged file cannot take much memory. */
#define TREES_MAX_NODES 4096
#define TREES_MAX_TREES 4096
#define TREES_MAX_NODES_TEXT "4096"
#define TREES_MAX_TREES_TEXT "4096"

struct boosted_node {
	int feature;      /* the feature a split reads; -1 for a leaf */
	uint32_t left, right;   /* children, as positions in the ensemble's node array */
	double value;     /* a split's threshold; a leaf's log-odds */
};

struct tree_ensemble {
	struct boosted_node *nodes;
	size_t count, alloc;
	uint32_t *roots;   /* each tree's root in `nodes` */
	size_t trees, roots_alloc;
	/* The fixed-depth form (tree_ensemble_freeze()): each tree as a
	 * complete tree of `depth` levels of splits, node i's children at
	 * 2i+1 and 2i+2, its leaves after them; 0 when there is none. */
	unsigned depth;
	int *split_feature;    /* trees * (2^depth - 1) */
	double *split_value;
	double *leaf_value;    /* trees * 2^depth */
};

void tree_ensemble_release(struct tree_ensemble *ensemble);

/* The sum of the leaves `x` (a row of features) reaches: 0 for no tree. */
double tree_ensemble_score(const struct tree_ensemble *ensemble, const double *x);

/* Done building: score from now on by the fixed-depth form where every tree
 * is at most TREES_FIXED_DEPTH_MAX splits deep (learnt trees are 5). A
 * walk from node to node spends about 60 instructions a tree of depth 5,
 * reading each node's children; the fixed-depth form finds them by
 * arithmetic and never asks whether it reached a leaf. A shallower leaf is
 * copied to every place beneath it, under splits that read feature 0 and
 * lead to it either way, so every row reaches the leaf it reached before,
 * and the sum adds the same values in the same order: the same bits.
 * Building again drops the form. */
#define TREES_FIXED_DEPTH_MAX 8
void tree_ensemble_freeze(struct tree_ensemble *ensemble);

/* The sum by walking the nodes, whatever the form: the reference the
 * fixed-depth form is tested against. */
double tree_ensemble_score_walk(const struct tree_ensemble *ensemble, const double *x);

/* The fixed-depth form a tree at a time, where tree_ensemble_score() goes
 * down four at once: for the tests, which hold both to the walk. */
double tree_ensemble_score_one_by_one(const struct tree_ensemble *ensemble, const double *x);

/* Building: a new tree, then its nodes in order (positions in the tree,
 * from 0); the node's position in the tree is returned. */
void tree_ensemble_begin_tree(struct tree_ensemble *ensemble);
uint32_t tree_ensemble_add_split(struct tree_ensemble *ensemble, int feature, double threshold);
uint32_t tree_ensemble_add_leaf(struct tree_ensemble *ensemble, double value);
/* Point the split at position `node` of the current tree to its children. */
void tree_ensemble_link(struct tree_ensemble *ensemble, uint32_t node, uint32_t left,
			uint32_t right);

/* The ensemble's lines (above), features named by `name_of`. */
void tree_ensemble_write(const struct tree_ensemble *ensemble, const char *(*name_of)(int),
			 struct strbuf *out);

#endif
