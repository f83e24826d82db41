/* boosting.c: gradient-boosted regression trees (see boosting.h). */
#include "train/boosting.h"
#include "base/alloc.h"
#include "base/order.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void boost_settings_default(struct boost_settings *s)
{
	s->trees = 300;
	s->depth = 5;
	s->bins = 64;
	s->learning_rate = 0.1;
	s->lambda = 1.0;
	s->min_leaf_weight = 5.0;
}

/* --- bins --------------------------------------------------------------------------- */

struct binned {
	int d, bins;
	const int *use;
	double *edges;        /* d x (bins - 1): bin b holds values <= edges[b] (and > edges[b - 1]) */
	int *edge_count;      /* per feature */
	unsigned char *bin;   /* n x d */
};

/* Row i of the features, `stride` bytes apart. */
static const double *row_at(const double *x, size_t stride, size_t i)
{
	return (const double *)((const char *)x + i * stride);
}

/* Edges at quantiles of the feature's values, each a value of the data
 * (distinct, below the largest: an edge at the largest splits nothing). */
static int feature_edges(const double *x, size_t stride, size_t n, int k, int bins,
			 double *column, double *edges)
{
	for (size_t i = 0; i < n; i++)
		column[i] = row_at(x, stride, i)[k];
	qsort(column, n, sizeof(*column), order_doubles);
	int count = 0;
	double largest = column[n - 1];
	for (int j = 1; j < bins; j++) {
		double v = column[(size_t)((double)j * (double)n / bins)];
		if (v >= largest || (count && v <= edges[count - 1]))
			continue;
		edges[count++] = v;
	}
	return count;
}

static unsigned char bin_of(const double *edges, int count, double v)
{
	int lo = 0, hi = count;   /* the first edge >= v, or count */
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (edges[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (unsigned char)lo;
}

static int binned_make(struct binned *b, const double *x, size_t stride, size_t n, int d,
		       const int *use, int bins)
{
	b->d = d;
	b->bins = bins;
	b->use = use;
	b->edges = calloc((size_t)d * (size_t)(bins - 1), sizeof(double));
	b->edge_count = calloc((size_t)d, sizeof(int));
	b->bin = malloc(n * (size_t)d);
	double *column = malloc(n * sizeof(double));
	if (!b->edges || !b->edge_count || !b->bin || !column) {
		free(column);
		return -1;
	}
	for (int k = 0; k < d; k++) {
		if (!use[k])
			continue;
		double *edges = b->edges + (size_t)k * (size_t)(bins - 1);
		b->edge_count[k] = feature_edges(x, stride, n, k, bins, column, edges);
		for (size_t i = 0; i < n; i++)
			b->bin[i * (size_t)d + (size_t)k] = bin_of(edges, b->edge_count[k],
								    row_at(x, stride, i)[k]);
	}
	free(column);
	return 0;
}

static void binned_release(struct binned *b)
{
	free(b->edges);
	free(b->edge_count);
	free(b->bin);
}

/* --- one tree ----------------------------------------------------------------------- */

/* A node being grown: its rows idx[begin, end), its sums, its histogram
 * (d x bins pairs of gradient and curvature sums), its place in the tree. */
struct grow_node {
	size_t begin, end;
	double g, h;
	double *hist;
	uint32_t position;
};

struct grower {
	const struct boost_settings *settings;
	const struct binned *b;
	const double *grad, *curv;
	uint32_t *idx, *scratch;
	size_t hist_size;   /* doubles */
	struct tree_ensemble *ensemble;
};

static void build_hist(const struct grower *gr, const struct grow_node *node, double *hist)
{
	const struct binned *b = gr->b;
	memset(hist, 0, gr->hist_size * sizeof(double));
	for (size_t r = node->begin; r < node->end; r++) {
		uint32_t i = gr->idx[r];
		const unsigned char *row = b->bin + (size_t)i * (size_t)b->d;
		double g = gr->grad[i], h = gr->curv[i];
		for (int k = 0; k < b->d; k++) {
			if (!b->use[k])
				continue;
			double *cell = hist + 2 * ((size_t)k * (size_t)b->bins + row[k]);
			cell[0] += g;
			cell[1] += h;
		}
	}
}

struct split {
	int feature, edge;
	double gain, g_left, h_left;
};

static double score_of(double g, double h, double lambda)
{
	return g * g / (h + lambda);
}

static struct split best_split(const struct grower *gr, const struct grow_node *node)
{
	const struct binned *b = gr->b;
	const struct boost_settings *s = gr->settings;
	struct split best = { -1, -1, 0, 0, 0 };
	double parent = score_of(node->g, node->h, s->lambda);
	for (int k = 0; k < b->d; k++) {
		if (!b->use[k] || !b->edge_count[k])
			continue;
		const double *cell = node->hist + 2 * (size_t)k * (size_t)b->bins;
		double gl = 0, hl = 0;
		for (int e = 0; e < b->edge_count[k]; e++) {
			gl += cell[2 * e];
			hl += cell[2 * e + 1];
			double gr_ = node->g - gl, hr = node->h - hl;
			if (hl < s->min_leaf_weight || hr < s->min_leaf_weight)
				continue;
			double gain = score_of(gl, hl, s->lambda) + score_of(gr_, hr, s->lambda) - parent;
			if (gain > best.gain + 1e-12) {
				best = (struct split){ k, e, gain, gl, hl };
			}
		}
	}
	return best;
}

/* Rows of the node with the feature's bin <= edge first; the count of them. */
static size_t partition(const struct grower *gr, const struct grow_node *node, int feature,
			int edge)
{
	const struct binned *b = gr->b;
	size_t left = node->begin, right = 0;
	for (size_t r = node->begin; r < node->end; r++) {
		uint32_t i = gr->idx[r];
		if (b->bin[(size_t)i * (size_t)b->d + (size_t)feature] <= edge)
			gr->idx[left++] = i;
		else
			gr->scratch[right++] = i;
	}
	memcpy(gr->idx + left, gr->scratch, right * sizeof(uint32_t));
	return left - node->begin;
}

static void make_leaf(struct grower *gr, const struct grow_node *node)
{
	struct boosted_node *t = &gr->ensemble->nodes[gr->ensemble->roots[gr->ensemble->trees - 1] +
						   node->position];
	t->feature = -1;
	t->value = -node->g / (node->h + gr->settings->lambda) * gr->settings->learning_rate;
}

/* Grow one tree over all rows (histogram of the root in `root_hist`). */
static int grow_tree(struct grower *gr, size_t n, double *root_hist)
{
	const int depth = gr->settings->depth;
	size_t level_max = (size_t)1 << depth;
	struct grow_node *level = calloc(level_max, sizeof(*level));
	struct grow_node *next = calloc(level_max, sizeof(*next));
	double *hists = malloc(2 * level_max * gr->hist_size * sizeof(double));
	if (!level || !next || !hists) {
		free(level);
		free(next);
		free(hists);
		return -1;
	}
	tree_ensemble_begin_tree(gr->ensemble);
	struct grow_node root = { 0, n, 0, 0, hists, tree_ensemble_add_leaf(gr->ensemble, 0) };
	for (size_t r = 0; r < n; r++) {
		root.g += gr->grad[gr->idx[r]];
		root.h += gr->curv[gr->idx[r]];
	}
	memcpy(root.hist, root_hist, gr->hist_size * sizeof(double));
	level[0] = root;
	size_t count = 1;
	/* Histograms alternate between the two halves of `hists`, one a level. */
	for (int d = 0; d < depth && count; d++) {
		double *next_hists = hists + ((d + 1) % 2) * level_max * gr->hist_size;
		size_t next_count = 0;
		for (size_t j = 0; j < count; j++) {
			struct grow_node *node = &level[j];
			struct split s = best_split(gr, node);
			if (s.feature < 0) {
				make_leaf(gr, node);
				continue;
			}
			const struct binned *b = gr->b;
			double threshold = b->edges[(size_t)s.feature * (size_t)(b->bins - 1) +
						    (size_t)s.edge];
			struct boosted_node *t = &gr->ensemble->nodes[gr->ensemble->roots[
				gr->ensemble->trees - 1] + node->position];
			t->feature = s.feature;
			t->value = threshold;
			uint32_t lpos = tree_ensemble_add_leaf(gr->ensemble, 0);
			uint32_t rpos = tree_ensemble_add_leaf(gr->ensemble, 0);
			tree_ensemble_link(gr->ensemble, node->position, lpos, rpos);
			size_t nl = partition(gr, node, s.feature, s.edge);
			struct grow_node *l = &next[next_count++], *r = &next[next_count++];
			*l = (struct grow_node){ node->begin, node->begin + nl, s.g_left, s.h_left,
						 next_hists + (next_count - 2) * gr->hist_size, lpos };
			*r = (struct grow_node){ node->begin + nl, node->end, node->g - s.g_left,
						 node->h - s.h_left,
						 next_hists + (next_count - 1) * gr->hist_size, rpos };
			/* The smaller child's histogram by a pass, the other's by
			 * subtraction from the parent's. */
			struct grow_node *small = nl <= (node->end - node->begin) / 2 ? l : r;
			struct grow_node *large = small == l ? r : l;
			build_hist(gr, small, small->hist);
			for (size_t c = 0; c < gr->hist_size; c++)
				large->hist[c] = node->hist[c] - small->hist[c];
		}
		struct grow_node *swap = level;
		level = next;
		next = swap;
		count = next_count;
	}
	for (size_t j = 0; j < count; j++)
		make_leaf(gr, &level[j]);
	free(level);
	free(next);
	free(hists);
	return 0;
}

/* --- boosting ----------------------------------------------------------------------- */

int boost_learn(const struct boost_settings *settings, const double *x, size_t stride,
		size_t n, int d, const int *use, const unsigned char *y, const double *w,
		const double *start, struct tree_ensemble *ensemble, double *margin_out,
		struct nc_error *err)
{
	struct binned b = { 0 };
	struct grower gr = { settings, &b, NULL, NULL, NULL, NULL,
			     (size_t)d * (size_t)settings->bins * 2, ensemble };
	double *margin = malloc((n ? n : 1) * sizeof(double));
	double *grad = malloc((n ? n : 1) * sizeof(double)), *curv = malloc((n ? n : 1) * sizeof(double));
	double *root_hist = malloc(gr.hist_size * sizeof(double));
	gr.idx = malloc((n ? n : 1) * sizeof(uint32_t));
	gr.scratch = malloc((n ? n : 1) * sizeof(uint32_t));
	int ret = 0;

	if (!margin || !grad || !curv || !root_hist || !gr.idx || !gr.scratch || n > UINT32_MAX ||
	    (n && binned_make(&b, x, stride, n, d, use, settings->bins) < 0)) {
		ret = nc_error_set(err, NC_ERR_MEMORY, "no memory to learn trees from %zu "
				   "segments", n);
		goto out;
	}
	memcpy(margin, start, n * sizeof(double));
	gr.grad = grad;
	gr.curv = curv;
	for (int t = 0; n && t < settings->trees; t++) {
		for (size_t i = 0; i < n; i++) {
			double p = 1 / (1 + exp(-margin[i]));
			grad[i] = w[i] * (p - y[i]);
			curv[i] = w[i] * p * (1 - p);
			gr.idx[i] = (uint32_t)i;
		}
		struct grow_node all = { 0, n, 0, 0, root_hist, 0 };
		build_hist(&gr, &all, root_hist);
		size_t first = ensemble->trees;
		if (grow_tree(&gr, n, root_hist) < 0) {
			ret = nc_error_set(err, NC_ERR_MEMORY, "no memory to grow a tree");
			goto out;
		}
		struct tree_ensemble last = *ensemble;   /* the new tree alone */
		last.roots = ensemble->roots + first;
		last.trees = 1;
		for (size_t i = 0; i < n; i++)
			margin[i] += tree_ensemble_score(&last, row_at(x, stride, i));
	}
	if (margin_out)
		memcpy(margin_out, margin, n * sizeof(double));
out:
	binned_release(&b);
	free(margin);
	free(grad);
	free(curv);
	free(root_hist);
	free(gr.idx);
	free(gr.scratch);
	return ret;
}
