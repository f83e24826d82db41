/* decision-tree.c: decision trees, classification, and their file (see
 * decision-tree.h). */
#include "method/decision-tree.h"
#include "method/model-file.h"
#include "base/alloc.h"
#include "base/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- building ------------------------------------------------------------------ */

void decision_tree_init(struct decision_tree *tree, const struct tree_schema *schema)
{
	memset(tree, 0, sizeof(*tree));
	tree->schema = schema;
}

void decision_tree_release(struct decision_tree *tree)
{
	for (size_t i = 0; i < tree->count; i++)
		free(tree->nodes[i].value);
	free(tree->nodes);
	free(tree->description);
	tree->nodes = NULL;
	tree->count = tree->alloc = 0;
	tree->description = NULL;
}

int decision_tree_majority(const struct tree_schema *schema, const uint32_t *counts)
{
	int best = 0;
	for (size_t c = 1; c < schema->class_count; c++)
		if (counts[c] > counts[best])
			best = (int)c;
	return best;
}

uint32_t decision_tree_add(struct decision_tree *tree, uint32_t parent, enum tree_test test,
			   int feature, double threshold, const char *value,
			   const uint32_t *counts)
{
	ARRAY_GROW(tree->nodes, tree->count, tree->alloc, 16);
	uint32_t index = (uint32_t)tree->count++;
	struct tree_node *node = &tree->nodes[index];
	memset(node, 0, sizeof(*node));
	node->test = test;
	node->feature = test == TREE_ROOT ? -1 : feature;
	node->threshold = threshold;
	node->value = test == TREE_EQ && value ? xstrdup(value) : NULL;
	node->split = -1;
	node->first_child = node->next_sibling = TREE_NONE;
	memcpy(node->counts, counts, tree->schema->class_count * sizeof(*counts));
	node->class_index = decision_tree_majority(tree->schema, counts);
	if (parent != TREE_NONE) {
		struct tree_node *p = &tree->nodes[parent];
		p->split = feature;
		if (p->first_child == TREE_NONE) {
			p->first_child = index;
		} else {
			uint32_t last = p->first_child;
			while (tree->nodes[last].next_sibling != TREE_NONE)
				last = tree->nodes[last].next_sibling;
			tree->nodes[last].next_sibling = index;
		}
		p->child_count++;
	}
	return index;
}

/* What is wrong with the children of `node`, or NULL. */
static const char *children_problem(const struct decision_tree *tree, const struct tree_node *node)
{
	if (node->split < 0)
		return NULL;
	const struct tree_feature *f = &tree->schema->features[node->split];
	if (!f->nominal) {
		if (node->child_count != 2)
			return "a numeric split needs two children, F<=t and F>t";
		const struct tree_node *le = &tree->nodes[node->first_child];
		const struct tree_node *gt = &tree->nodes[le->next_sibling];
		if (le->test != TREE_LE || gt->test != TREE_GT || le->threshold != gt->threshold)
			return "a numeric split needs two children, F<=t and F>t";
		return NULL;
	}
	if (node->child_count < 2)
		return "a nominal split needs at least two children";
	return NULL;
}

int decision_tree_check(const struct decision_tree *tree, struct nc_error *err)
{
	if (tree->count == 0)
		return nc_error_set(err, NC_ERR_FORMAT, "a tree without nodes");
	for (size_t i = 0; i < tree->count; i++) {
		const char *problem = children_problem(tree, &tree->nodes[i]);
		if (problem)
			return nc_error_set(err, NC_ERR_FORMAT, "node %zu: %s", i, problem);
	}
	return 0;
}

/* --- using ---------------------------------------------------------------------- */

const struct tree_node *decision_tree_classify(const struct decision_tree *tree,
					       const struct tree_value *values)
{
	const struct tree_node *node = &tree->nodes[0];
	while (node->split >= 0) {
		const struct tree_value *v = &values[node->split];
		uint32_t next = node->first_child;
		if (!tree->schema->features[node->split].nominal) {
			if (!(v->number <= tree->nodes[next].threshold))
				next = tree->nodes[next].next_sibling;
		} else {
			const char *name = v->name ? v->name : TREE_UNKNOWN_VALUE;
			while (next != TREE_NONE && strcmp(tree->nodes[next].value, name))
				next = tree->nodes[next].next_sibling;
			if (next == TREE_NONE)
				return node;   /* a value the split has no branch for */
		}
		node = &tree->nodes[next];
	}
	return node;
}

/* --- writing ----------------------------------------------------------------------- */

static void write_node(const struct decision_tree *tree, uint32_t index, unsigned depth,
		       struct strbuf *out)
{
	const struct tree_schema *schema = tree->schema;
	const struct tree_node *node = &tree->nodes[index];

	strbuf_addf(out, "%u\t", depth);
	if (node->test == TREE_ROOT) {
		strbuf_addch(out, '*');
	} else {
		strbuf_addstr(out, schema->features[node->feature].name);
		if (node->test == TREE_EQ) {
			strbuf_addch(out, '=');
			strbuf_addstr(out, node->value);
		} else {
			strbuf_addstr(out, node->test == TREE_LE ? "<=" : ">");
			model_file_add_double(out, node->threshold);
		}
	}
	strbuf_addf(out, "\t%s\t", schema->classes[node->class_index]);
	for (size_t c = 0; c < schema->class_count; c++)
		strbuf_addf(out, "%s%u", c ? " " : "", node->counts[c]);
	strbuf_addch(out, '\n');
	/* Depth is bounded (TREE_MAX_DEPTH), so recursion is too. */
	for (uint32_t child = node->first_child; child != TREE_NONE;
	     child = tree->nodes[child].next_sibling)
		write_node(tree, child, depth + 1, out);
}

void decision_tree_write(const struct decision_tree *tree, struct strbuf *out)
{
	const struct tree_schema *schema = tree->schema;

	model_file_write_header(out, schema->method, &tree->built);
	if (tree->description)
		strbuf_addf(out, "description\t%s\n", tree->description);
	strbuf_addstr(out, "classes\t");
	for (size_t c = 0; c < schema->class_count; c++)
		strbuf_addf(out, "%s%s", c ? " " : "", schema->classes[c]);
	strbuf_addf(out, "\nnodes\t%zu\n", tree->count);
	if (tree->count)
		write_node(tree, 0, 0, out);
	strbuf_addf(out, "end\t%zu\n", tree->count);
}

/* --- reading -------------------------------------------------------------------------- */

struct tree_reader {
	struct decision_tree *tree;
	struct model_lines lines;
	const char *line;
	size_t len;
	uint32_t path[TREE_MAX_DEPTH + 1];   /* the last node at each depth */
	unsigned depth;                      /* of the last node */
	struct nc_error *err;
};

/* The next line into r->line; `what` names the line expected at the end. */
static int next_line(struct tree_reader *r, const char *what)
{
	int got = model_lines_next(&r->lines, &r->line, &r->len, r->err);
	if (got == 0) {
		r->lines.number++;
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"the file ends where %s should be (truncated file?)", what);
	}
	return got < 0 ? -1 : 0;
}

/* "KEY<TAB>": the value after it (NUL-terminated copy in `buf`), or NULL. */
static const char *field_after(const struct tree_reader *r, const char *key, char *buf,
			       size_t size)
{
	size_t n = strlen(key);
	if (r->len < n + 1 || memcmp(r->line, key, n) || r->line[n] != '\t' ||
	    r->len - n - 1 >= size)
		return NULL;
	memcpy(buf, r->line + n + 1, r->len - n - 1);
	buf[r->len - n - 1] = '\0';
	return buf;
}

/* A count: digits only, at most `max`. */
static int parse_count(const char *s, size_t len, unsigned long max, unsigned long *value)
{
	if (len == 0 || len > 10)
		return 0;
	unsigned long v = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	*value = v;
	return v <= max;
}

static int read_classes(struct tree_reader *r)
{
	const struct tree_schema *schema = r->tree->schema;
	char buf[256];
	struct strbuf want = STRBUF_INIT;

	for (size_t c = 0; c < schema->class_count; c++)
		strbuf_addf(&want, "%s%s", c ? " " : "", schema->classes[c]);
	const char *got = field_after(r, "classes", buf, sizeof(buf));
	int ret = 0;
	if (!got)
		ret = model_line_error(r->err, r->lines.name, r->lines.number,
				       "expected the classes line (classes<TAB>%s)", want.buf);
	else if (strcmp(got, want.buf))
		ret = model_line_error(r->err, r->lines.name, r->lines.number,
				       "the classes must be '%s'", want.buf);
	strbuf_release(&want);
	return ret;
}

static int find_class(const struct tree_schema *schema, const char *name, size_t len)
{
	for (size_t c = 0; c < schema->class_count; c++)
		if (strlen(schema->classes[c]) == len && !memcmp(schema->classes[c], name, len))
			return (int)c;
	return -1;
}

static int parse_counts(struct tree_reader *r, const char *s, size_t len, uint32_t *counts)
{
	const struct tree_schema *schema = r->tree->schema;
	const char *p = s, *end = s + len;
	for (size_t c = 0; c < schema->class_count; c++) {
		const char *stop = c + 1 < schema->class_count ? memchr(p, ' ', (size_t)(end - p)) : end;
		unsigned long v;
		if (!stop || !parse_count(p, (size_t)(stop - p), UINT32_MAX, &v))
			return model_line_error(r->err, r->lines.name, r->lines.number,
						"the counts must be %s non-negative integers "
						"separated by single spaces",
						schema->class_count == 4 ? "four" :
									   "one per class:");
		counts[c] = (uint32_t)v;
		p = stop + (stop < end);
	}
	if (p < end || (len && s[len - 1] == ' '))
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"more counts than classes");
	return 0;
}

/* The test field: *test, *feature, and threshold or value. */
static int parse_test(struct tree_reader *r, const char *s, size_t len, enum tree_test *test,
		      int *feature, double *threshold, char *value, size_t value_size)
{
	const struct tree_schema *schema = r->tree->schema;
	char name[64];
	if (len == 1 && *s == '*') {
		*test = TREE_ROOT;
		return 0;
	}
	size_t n = 0;
	while (n < len && s[n] != '<' && s[n] != '>' && s[n] != '=')
		n++;
	if (n == 0 || n == len || n >= sizeof(name))
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"a test must be *, F<=t, F>t or F=value");
	memcpy(name, s, n);
	name[n] = '\0';
	*feature = -1;
	for (size_t f = 0; f < schema->feature_count; f++)
		if (!strcmp(schema->features[f].name, name))
			*feature = (int)f;
	if (*feature < 0)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"unknown feature '%s'", name);
	const char *op = s + n, *arg;
	if (len - n >= 2 && op[0] == '<' && op[1] == '=') {
		*test = TREE_LE;
		arg = op + 2;
	} else if (op[0] == '>') {
		*test = TREE_GT;
		arg = op + 1;
	} else if (op[0] == '=') {
		*test = TREE_EQ;
		arg = op + 1;
	} else {
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"a test must be *, F<=t, F>t or F=value");
	}
	size_t arg_len = (size_t)(s + len - arg);
	int nominal = schema->features[*feature].nominal;
	if (nominal != (*test == TREE_EQ))
		return model_line_error(r->err, r->lines.name, r->lines.number,
					nominal ? "'%s' is nominal: test it with =" :
						  "'%s' is numeric: test it with <= and >", name);
	if (arg_len == 0 || arg_len >= value_size)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"a test's value must be 1 to 63 bytes");
	memcpy(value, arg, arg_len);
	value[arg_len] = '\0';
	if (*test != TREE_EQ) {
		if (model_parse_double(value, arg_len, threshold) < 0)
			return model_line_error(r->err, r->lines.name, r->lines.number,
						"'%s' is not a finite number", value);
	} else if (strchr(value, ' ')) {
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"a nominal value has no spaces");
	}
	return 0;
}

/* Where a node of `depth` hangs; checks what that finishes. */
static int place(struct tree_reader *r, unsigned depth, enum tree_test test, int feature,
		 double threshold, const char *value, uint32_t *parent)
{
	struct decision_tree *tree = r->tree;
	if (tree->count == 0) {
		if (depth != 0 || test != TREE_ROOT)
			return model_line_error(r->err, r->lines.name, r->lines.number,
						"the first node must be the root: depth 0, test *");
		*parent = TREE_NONE;
		return 0;
	}
	if (test == TREE_ROOT || depth == 0)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"only the first node is the root");
	if (depth > r->depth + 1)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"a node's depth is at most one more than the node before");
	/* The nodes deeper than depth - 1 on the path are finished. */
	for (unsigned d = r->depth; d >= depth; d--) {
		const char *problem = children_problem(tree, &tree->nodes[r->path[d]]);
		if (problem)
			return model_line_error(r->err, r->lines.name, r->lines.number,
						"before this node: %s", problem);
	}
	*parent = r->path[depth - 1];
	const struct tree_node *p = &tree->nodes[*parent];
	if (p->child_count && p->split != feature)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"the children of a node test one feature");
	if (test == TREE_LE && p->child_count != 0)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"F<=t must be a node's first child");
	if (test == TREE_GT) {
		if (p->child_count != 1 || tree->nodes[p->first_child].threshold != threshold)
			return model_line_error(r->err, r->lines.name, r->lines.number,
						"F>t must follow F<=t with the same t");
	}
	if (test == TREE_EQ) {
		if (p->child_count >= TREE_MAX_BRANCHES)
			return model_line_error(r->err, r->lines.name, r->lines.number,
						"more than %s children", "256");
		for (uint32_t c = p->first_child; c != TREE_NONE; c = tree->nodes[c].next_sibling)
			if (!strcmp(tree->nodes[c].value, value))
				return model_line_error(r->err, r->lines.name, r->lines.number,
							"a second child for the value '%s'", value);
	}
	return 0;
}

static int read_node(struct tree_reader *r)
{
	const struct tree_schema *schema = r->tree->schema;
	const char *field[4];
	size_t field_len[4];
	const char *p = r->line, *end = r->line + r->len;
	for (int i = 0; i < 4; i++) {
		const char *tab = i < 3 ? memchr(p, '\t', (size_t)(end - p)) : NULL;
		if (i < 3 && !tab)
			return model_line_error(r->err, r->lines.name, r->lines.number,
						"a node line is "
						"DEPTH<TAB>TEST<TAB>CLASS<TAB>COUNTS");
		field[i] = p;
		field_len[i] = (size_t)((tab ? tab : end) - p);
		p = tab ? tab + 1 : end;
	}
	if (memchr(field[3], '\t', field_len[3]))
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"a node line is DEPTH<TAB>TEST<TAB>CLASS<TAB>COUNTS");
	unsigned long depth;
	if (!parse_count(field[0], field_len[0], TREE_MAX_DEPTH, &depth))
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"the depth must be a number from 0 to %s", "64");
	enum tree_test test = TREE_ROOT;
	int feature = -1;
	double threshold = 0;
	char value[64] = "";
	uint32_t counts[TREE_MAX_CLASSES], parent = TREE_NONE;
	if (parse_test(r, field[1], field_len[1], &test, &feature, &threshold, value,
		       sizeof(value)) < 0)
		return -1;
	int class_index = find_class(schema, field[2], field_len[2]);
	if (class_index < 0) {
		char name[64];
		snprintf(name, sizeof(name), "%.*s", (int)(field_len[2] < 40 ? field_len[2] : 40),
			 field[2]);
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"unknown class '%s'", name);
	}
	if (parse_counts(r, field[3], field_len[3], counts) < 0)
		return -1;
	if (decision_tree_majority(schema, counts) != class_index)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"the class must be the majority of the counts (%s)",
					schema->classes[decision_tree_majority(schema, counts)]);
	if (place(r, (unsigned)depth, test, feature, threshold, value, &parent) < 0)
		return -1;
	uint32_t index = decision_tree_add(r->tree, parent, test, feature, threshold, value, counts);
	r->path[depth] = index;
	r->depth = (unsigned)depth;
	return 0;
}

static int read_tree(struct tree_reader *r, size_t len)
{
	struct decision_tree *tree = r->tree;
	char buf[32];
	unsigned long nodes, end_count;

	if (next_line(r, "the classes line") < 0)
		return -1;
	if (r->len >= 12 && !memcmp(r->line, "description\t", 12)) {
		tree->description = xmemdup(r->line + 12, r->len - 12);
		if (next_line(r, "the classes line") < 0)
			return -1;
	}
	if (read_classes(r) < 0 || next_line(r, "the nodes line") < 0)
		return -1;
	const char *count = field_after(r, "nodes", buf, sizeof(buf));
	if (!count || !parse_count(count, strlen(count), TREE_MAX_NODES, &nodes) || nodes == 0)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"expected nodes<TAB>N, 1 <= N <= %s", "1048576");
	if (nodes > len / 8)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"more nodes than the file has room for");
	for (unsigned long i = 0; i < nodes; i++)
		if (next_line(r, "a node line") < 0 || read_node(r) < 0)
			return -1;
	if (next_line(r, "the end line") < 0)
		return -1;
	/* The subtrees still open are finished now. */
	for (unsigned d = 0; d <= r->depth; d++) {
		const char *problem = children_problem(tree, &tree->nodes[r->path[d]]);
		if (problem)
			return model_line_error(r->err, r->lines.name, r->lines.number,
						"before this line: %s", problem);
	}
	count = field_after(r, "end", buf, sizeof(buf));
	if (!count || !parse_count(count, strlen(count), TREE_MAX_NODES, &end_count) ||
	    end_count != nodes)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"expected the end line end<TAB>%s",
					"N (the number of nodes)");
	const char *extra;
	size_t extra_len;
	int more = model_lines_next(&r->lines, &extra, &extra_len, r->err);
	if (more < 0)
		return -1;
	if (more)
		return model_line_error(r->err, r->lines.name, r->lines.number,
					"text after the end line");
	return 0;
}

int decision_tree_parse(struct decision_tree *tree, const struct tree_schema *schema,
			const char *name, const char *data, size_t len, struct nc_error *err)
{
	struct model_file_header header;
	struct tree_reader r = { .tree = tree, .err = err };

	decision_tree_init(tree, schema);
	if (model_file_read_header(name, data, len, TREE_FILE_VERSION, &header, err) < 0 ||
	    model_file_expect_method(name, &header, schema->method, err) < 0)
		return -1;
	model_lines_start(&r.lines, name, data, len, &header);
	if (read_tree(&r, len) < 0) {
		decision_tree_release(tree);
		return -1;
	}
	return 0;
}

int decision_tree_load(struct decision_tree *tree, const struct tree_schema *schema,
		       const char *path, struct nc_error *err)
{
	struct strbuf data = STRBUF_INIT;
	decision_tree_init(tree, schema);
	int ret = read_file(path, TREE_MAX_FILE_BYTES, &data, err);
	if (ret == 0)
		ret = decision_tree_parse(tree, schema, path, data.buf, data.len, err);
	strbuf_release(&data);
	return ret;
}
