/* snippet-labels.h: which segments of a page its snippets (snippets.h) say
 * are text and which boilerplate, for what learns from pages
 * (train/logistic-training.h).
 *
 * A snippet may lie inside one segment or span several, so it is looked
 * for in the page's text as the benchmark would see it: the segments'
 * texts joined with single spaces and normalised (snippet_normalise();
 * each segment is normalised alone, which gives the normalised whole
 * because white space never spans the joins; a segment empty after it
 * takes no room). Every occurrence of a snippet there labels the segments
 * whose characters it covers, and only those: positions decide, not a
 * substring test per segment, so a short segment ("Share") that merely
 * occurs inside a long "with" snippet is not labelled by accident.
 *
 *   SNIPPET_TEXT         the segment holds part of a "with" snippet (and of
 *                        no "without" one)
 *   SNIPPET_BOILERPLATE  it holds part of a "without" snippet (and of no
 *                        "with" one)
 *   SNIPPET_UNKNOWN      neither, or both (the annotations disagree there)
 *
 * Every occurrence labels, not only the first: a boilerplate snippet
 * ("Teilen") repeated is boilerplate wherever it is; a "with" snippet
 * found twice (a teaser of the article above it) labels both places,
 * which `repeated` counts. A snippet found nowhere labels nothing: the
 * renderer or the segmenter lost it (or cut it apart where the page joins
 * it), and `with_missed`/`without_missed` count those losses. An empty
 * snippet labels nothing and is not counted.
 */
#ifndef NC_SNIPPET_LABELS_H
#define NC_SNIPPET_LABELS_H

#include <stddef.h>

#include "eval/snippets.h"
#include "segment/segment.h"

enum snippet_label {
	SNIPPET_UNKNOWN = -1,
	SNIPPET_BOILERPLATE = 0,
	SNIPPET_TEXT = 1
};

struct snippet_segment_label {
	enum snippet_label label;
	size_t words;   /* white-space separated words of the segment's text */
};

/* What the labelling found, summed over pages by the caller. */
struct snippet_label_counts {
	size_t with_found, with_missed;         /* "with" snippets found / found nowhere */
	size_t without_found, without_missed;   /* the same for "without" */
	size_t repeated;                        /* snippets found more than once */
	size_t text, boilerplate, unknown;      /* segments so labelled */
	size_t conflicts;                       /* ... unknown because both kinds cover them */
};

/* Label the page's `count` segments by `entry`'s snippets: labels[i] for
 * segments[i]; the counts are added to `counts`. */
void snippet_label_segments(const struct snippet_entry *entry, const struct segment *segments,
			    size_t count, struct snippet_segment_label *labels,
			    struct snippet_label_counts *counts);

/* Add `more` to `sum`. */
void snippet_label_counts_add(struct snippet_label_counts *sum,
			      const struct snippet_label_counts *more);

#endif
