/* labelled-pages.h: the pages a trainer learns from, each with what labels
 * it: pairs of operands GOLD_DIR RAW_DIR, where a GOLD_DIR may be a
 * benchmark's snippet annotations (NAME.json, eval/snippets.h; the
 * logistic trainer's only).
 *
 * A walk visits the pages in one order on every walk, so that two walks
 * over the same operands (the fold n-gram models' and the logistic
 * trainer's) agree on which page is page n.
 */
#ifndef NC_LABELLED_PAGES_H
#define NC_LABELLED_PAGES_H

#include "eval/snippets.h"
#include "source/page-source.h"
#include "train/trainer.h"

/* What labels a page: its gold text, or its entry in a benchmark's
 * snippet annotations. */
struct page_labels {
	const struct file_input *gold;          /* or NULL */
	const struct snippet_entry *snippets;   /* or NULL */
};

/* Visit a page: 0, 1 when it failed, 2 to stop the walk. */
typedef int (*visit_page_fn)(void *data, const struct file_input *raw,
			     const struct page_labels *labels);

/* Call visit() for every page of each RAW_DIR that has a gold text in its
 * GOLD_DIR, or an entry in its snippet annotations (`dirs` holds pairs:
 * GOLD_DIR RAW_DIR ...). With `warn`, every page or entry skipped is named.
 * 0, 1 when a page failed, 2 when a directory or the annotations could not
 * be read or visit() said 2. */
int labelled_pages_walk(const struct train_host *host, int ndirs, char **dirs, int warn,
			visit_page_fn visit, void *data);

/* How a trainer that labels pages takes a page. */
typedef int (*add_page_fn)(void *training, struct worker *worker, const struct file_input *raw,
			   const struct page_labels *labels, struct nc_error *err);

/* Walk the pages, warning of those skipped, and add each to `training`
 * through `worker`, saying why any failed. */
int labelled_pages_read(const struct train_host *host, add_page_fn add, void *training,
			struct worker *worker, int ndirs, char **dirs);

#endif
