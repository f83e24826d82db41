/* decision-tree.h: decision trees over numeric and nominal features, and
 * the readable file they are kept in (the ice-dt method's model).
 *
 * A tree sends an instance (one value per feature) from the root down:
 * a node that splits on a numeric feature has two children, "F<=t" and
 * "F>t"; a node that splits on a nominal feature has one child per value,
 * "F=value". Every node keeps the class counts of the training instances
 * that reached it, and its class, the majority of those counts (ties go to
 * the class the schema lists first). An instance ends at a leaf, or at the
 * node whose nominal split has no child for its value (a value training
 * never saw there, or none): that node's counts and class are the answer,
 * C4.5's rule for an unseen value simplified.
 *
 * The schema (features, classes, method name) belongs to the method that
 * uses the tree (ice-dt: method/ice.h); the file names features and classes
 * by name, and the loader checks every name against the schema, so a file
 * made for other features or classes is refused at the line that says so.
 *
 * File format (the header of every model file, model-file.h, then text
 * lines, fields separated by TAB):
 *
 *     ncleaner-model	2
 *     method	ice-dt
 *     description	...            optional, free text (what it was learnt from)
 *     classes	h l p n            the schema's classes, in its order: the
 *                                  columns of the counts below
 *     nodes	N                   how many node lines follow
 *     0	*	n	663 425 1311 3467      DEPTH, TEST, CLASS, COUNTS
 *     1	words<=3.5	n	120 40 11 2900
 *     2	tag=h2	h	60 0 3 9
 *     ...
 *     end	N                     detects truncation
 *
 * Nodes come in preorder (a node, then its children's subtrees in order);
 * DEPTH says where a node hangs: the root has depth 0 and the test "*",
 * every other node is a child of the last node before it with depth one
 * less. The children of a node test one feature: a numeric one as exactly
 * two children, "F<=t" then "F>t" with the same t; a nominal one as two to
 * TREE_MAX_BRANCHES children "F=value" with distinct values. CLASS must be
 * the majority of COUNTS (one non-negative integer per class, separated by
 * single spaces). Thresholds are written in the shortest decimal form that
 * reads back as the same double, so a tree round-trips byte for byte.
 *
 * Limits. At most TREE_MAX_NODES nodes and TREE_MAX_DEPTH levels; the node
 * count must fit in the file (each node line takes at least 8 bytes), so a
 * corrupt count never makes the loader allocate more than the file could
 * fill. Every error is NC_ERR_FORMAT naming the file and the line, or
 * NC_ERR_METHOD for a file built for another method.
 *
 * A tree owns its nodes, their values and its description; it is read-only
 * once built, and any number of threads may classify with it at once.
 */
#ifndef NC_DECISION_TREE_H
#define NC_DECISION_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "method/model-file.h"
#include "base/limits.h"

#define TREE_FILE_VERSION MODEL_FILE_VERSION
#define TREE_MAX_BRANCHES 256
#define TREE_MAX_CLASSES 16
#define TREE_NONE UINT32_MAX

struct tree_feature {
	const char *name;
	int nominal;   /* 0: numeric */
};

struct tree_schema {
	const char *method;                  /* the model file's method line */
	const struct tree_feature *features;
	size_t feature_count;
	const char *const *classes;
	size_t class_count;                  /* at most TREE_MAX_CLASSES */
};

/* An instance's value of one feature: `number` for a numeric feature,
 * `name` for a nominal one (NULL: unknown, which counts as the value
 * TREE_UNKNOWN_VALUE in learning and classifying alike). */
#define TREE_UNKNOWN_VALUE "-"

struct tree_value {
	double number;
	const char *name;
};

enum tree_test {
	TREE_ROOT,   /* "*" */
	TREE_LE,     /* F<=t */
	TREE_GT,     /* F>t */
	TREE_EQ      /* F=value */
};

struct tree_node {
	enum tree_test test;   /* how the parent's split leads here */
	int feature;           /* ... the parent's feature (not for the root) */
	double threshold;      /* TREE_LE, TREE_GT */
	char *value;           /* TREE_EQ */
	int split;             /* the feature the children test; -1: a leaf */
	uint32_t first_child, next_sibling, child_count;
	int class_index;       /* the majority of the counts */
	uint32_t counts[TREE_MAX_CLASSES];   /* the first class_count are used */
};

struct decision_tree {
	const struct tree_schema *schema;
	struct tree_node *nodes;   /* nodes[0] is the root; preorder in a loaded tree */
	size_t count, alloc;
	char *description;         /* or NULL */
	struct model_provenance built;   /* written to the file; not owned */
};

/* --- building (learners, tests) ---------------------------------------------- */

void decision_tree_init(struct decision_tree *tree, const struct tree_schema *schema);
void decision_tree_release(struct decision_tree *tree);

/* Add a node below `parent` (TREE_NONE for the root, which must come first)
 * reached by `test` on `feature` (threshold or value as the test needs),
 * with `counts`; the parent's split becomes `feature`. Children are kept in
 * the order they are added. Returns the new node's index. The caller keeps
 * the shape valid (decision_tree_check() says whether it is). */
uint32_t decision_tree_add(struct decision_tree *tree, uint32_t parent, enum tree_test test,
			   int feature, double threshold, const char *value,
			   const uint32_t *counts);

/* The class of `counts` (class_count of them): the largest; ties go to the
 * class listed first. */
int decision_tree_majority(const struct tree_schema *schema, const uint32_t *counts);

/* NC_ERR_FORMAT unless every split node has the children the file format
 * requires (for trees built in memory; the loader checks as it reads). */
int decision_tree_check(const struct decision_tree *tree, struct nc_error *err);

/* --- using ------------------------------------------------------------------------ */

/* The node an instance with `values` (one per feature) ends at. */
const struct tree_node *decision_tree_classify(const struct decision_tree *tree,
					       const struct tree_value *values);

/* --- the file ------------------------------------------------------------------- */

/* Read a tree for `schema` from `data` (`name` names it in errors). On
 * error the tree is left empty. */
int decision_tree_parse(struct decision_tree *tree, const struct tree_schema *schema,
			const char *name, const char *data, size_t len, struct nc_error *err);

/* The same from the file `path` (at most TREE_MAX_FILE_BYTES). */
int decision_tree_load(struct decision_tree *tree, const struct tree_schema *schema,
		       const char *path, struct nc_error *err);

/* Append the file of `tree` to `out`. */
void decision_tree_write(const struct decision_tree *tree, struct strbuf *out);

#endif
