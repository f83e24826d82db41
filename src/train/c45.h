/* c45.h: a C4.5-style decision-tree learner (Quinlan 1993), for ice-dt.
 *
 * Growing. A node becomes a leaf when all its instances have one class,
 * when it has fewer than 2 x min_objects instances, at max_depth, or when no
 * split qualifies. Otherwise every feature offers its best split:
 *   numeric  a threshold halfway between two neighbouring distinct values,
 *            the one with the highest information gain among those leaving
 *            at least min_objects instances on each side (ties: the lowest);
 *   nominal  one branch per value present at the node, when at least two
 *            branches have min_objects instances or more.
 * Among the splits with positive gain, those whose gain is at least the
 * average gain of them all compete, and the highest gain ratio (gain /
 * split information) wins; ties go to the feature listed first. This is
 * C4.5's rule; not done here are Release 8's penalty on the gain of numeric
 * splits, fractional instances for unknown values, and grouping of nominal
 * values. Entropies are in bits. Nominal branches come in byte order of
 * their values, so the tree does not depend on the order of the instances
 * beyond ties.
 *
 * Pruning (pessimistic, "error-based"). Bottom up, a subtree is replaced by
 * a leaf when the leaf's estimated errors are at most the subtree's plus 0.1
 * (C4.5's margin). A leaf with N instances and E errors (instances not of
 * its class) is estimated to make E + c45_added_errors(N, E, CF) errors, the
 * upper limit of the binomial confidence interval at confidence CF (default
 * 0.25) as C4.5 computes it; a subtree's estimate is the sum of its leaves'.
 * Subtree raising is not done.
 *
 * The learner reads the instances and writes a decision_tree
 * (method/decision-tree.h) whose schema is the data's; it keeps nothing.
 */
#ifndef NC_C45_H
#define NC_C45_H

#include <stddef.h>

#include "base/error.h"
#include "method/decision-tree.h"

struct c45_options {
	double confidence;      /* CF of pruning, in (0, 1); 0: 0.25; >= 1: no pruning */
	unsigned min_objects;   /* 0: 2 */
	unsigned max_depth;     /* 0 (or more than TREE_MAX_DEPTH): TREE_MAX_DEPTH */
};

/* Instances: `count` rows of schema->feature_count values, and a class each. */
struct c45_data {
	const struct tree_schema *schema;
	const struct tree_value *values;   /* [count * feature_count] */
	const int *classes;                /* [count], indices into schema->classes */
	size_t count;
};

/* Learn a tree (initialised by the call) from `data`. NC_ERR_USAGE when
 * there are no instances or a class is out of range. */
int c45_learn(const struct c45_data *data, const struct c45_options *options,
	      struct decision_tree *tree, struct nc_error *err);

/* The errors C4.5 adds to E observed among N for its pessimistic estimate
 * at confidence CF (C4.5's AddErrs). */
double c45_added_errors(double n, double e, double confidence);

/* Information gain (bits) of splitting `n` instances with class counts
 * `counts` into `branches` with counts branch_counts[b * class_count + c],
 * and the split information; for tests. */
double c45_gain(const double *counts, const double *branch_counts, size_t branches,
		size_t class_count, double *split_information);

#endif
