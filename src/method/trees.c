/* trees.c: regression trees of the logistic method (see trees.h). */
#include "method/trees.h"
#include "base/alloc.h"
#include "method/model-file.h"

#include <stdlib.h>
#include <string.h>

void tree_ensemble_release(struct tree_ensemble *e)
{
	free(e->nodes);
	free(e->roots);
	memset(e, 0, sizeof(*e));
}

double tree_ensemble_score(const struct tree_ensemble *e, const double *x)
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

void tree_ensemble_begin_tree(struct tree_ensemble *e)
{
	ARRAY_GROW(e->roots, e->trees, e->roots_alloc, 64);
	e->roots[e->trees++] = (uint32_t)e->count;
}

static uint32_t add_node(struct tree_ensemble *e, int feature, double value)
{
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
