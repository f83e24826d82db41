/* boosting.h: gradient-boosted regression trees for a binary decision
 * (issue 32), what the logistic method's trees (method/trees.h) are learnt
 * with.
 *
 * Given instances (a row of features each), their classes (0 or 1), their
 * weights and a starting log-odds for each (the linear part's), boosting
 * adds trees one at a time, each fitted to what the log-odds so far get
 * wrong: the gradient and curvature of the weighted log-loss (Newton's
 * step, as XGBoost and LightGBM take it). How it works, in the terms of
 * struct boost_settings below:
 *   - each feature's values are cut into at most `bins` bins at quantiles
 *     of the training rows (split points are bin edges, so a split is
 *     searched over bins, not over every value);
 *   - a tree grows level by level to `depth`: a node is split on the
 *     feature and bin edge that most increase
 *       G_L^2 / (H_L + lambda) + G_R^2 / (H_R + lambda) - G^2 / (H + lambda)
 *     (G, H: sums of gradients and curvatures), when the gain is positive
 *     and each side's curvature is at least `min_leaf_weight`; the
 *     histograms of a node's two children are one pass over the smaller
 *     and a subtraction for the other;
 *   - a leaf adds -G / (H + lambda) times `learning_rate`;
 *   - `trees` trees.
 * The shipped models' settings (boost_settings_default(): 300 trees of
 * depth 5, learning rate 0.1, 64 bins, lambda 1, min_leaf_weight 5) were
 * chosen by cross-validation on the three development sets
 * (scripts/cross-validate.sh, the builtin renderer), word F of CLEANEVAL,
 * Dragnet and trafilatura-dev's snippets: the regression alone 94.55,
 * 94.86, 89.46; with 200 trees of depth 4, 94.81, 95.81, 90.34; with 300 of
 * depth 5, 95.00, 96.06, 90.59 (the other settings as above throughout).
 * Deterministic: no sampling, ties go to the first feature
 * and the lowest edge.
 */
#ifndef NC_BOOSTING_H
#define NC_BOOSTING_H

#include <stddef.h>

#include "base/error.h"
#include "method/trees.h"

struct boost_settings {
	int trees;              /* how many */
	int depth;              /* the deepest split's depth (a tree of 2^depth leaves at most) */
	int bins;               /* per feature, at most 256 */
	double learning_rate;   /* each tree's share */
	double lambda;          /* L2 penalty of a leaf's value */
	double min_leaf_weight; /* the least curvature (weight x p(1-p)) a leaf may hold */
};

/* The settings the shipped models are learnt with. */
void boost_settings_default(struct boost_settings *settings);

/* Learn trees into `ensemble` (empty) from `n` rows of `d` features (row
 * i's at `x` + i x `stride` bytes), classes y[i] (0 or 1), weights w[i]
 * (> 0) and starting log-odds start[i] (natural), using the features
 * `use[k]` != 0 only. When `margin` is not NULL, each row's log-odds after
 * the trees go there. 0, or -1 with NC_ERR_MEMORY. */
int boost_learn(const struct boost_settings *settings, const double *x, size_t stride,
		size_t n, int d, const int *use, const unsigned char *y, const double *w,
		const double *start, struct tree_ensemble *ensemble, double *margin,
		struct nc_error *err);

#endif
