/* gold-labels.h: which segments of a page its gold text keeps, and as what,
 * found with the 2008 scorer's alignment (eval/score.h).
 *
 * What learns from pages and their gold texts (ice-dt's classes, ice-lm's
 * threshold: train/ice-training.h) needs, for every segment of a page, how
 * much of it the gold standard kept. The segments are written as the
 * ice-bl run would write them, each "<p>text" on a line of its own, and
 * aligned with the gold text exactly as ncleaner-eval aligns an output with
 * its gold (labelled, so a gold <h> or <l> tag does not match a <p>; words
 * align all the same). Each segment then gets
 *     words     its tokens as the scorer splits them, its tag not counted
 *     matched   how many of them are aligned with gold tokens
 *     label     found (more than half its words matched): the type of the
 *               gold segment that holds most of its matched words (ties:
 *               p, then h, then l); not found: 0 (ICE's class n)
 * A gold text without tags (the Dragnet set's plain text) is one paragraph:
 * its found segments are labelled p. (Tried: labelling them with their own
 * type, as the page's markup gave it to the renderer. ice-dt, the one
 * trainer that learns types, trained on Dragnet's pages alone and tested on
 * CLEANEVAL's gained 0.9 labelled segmentation F; trained on both sets as
 * shipped, cross-validated on CLEANEVAL, it gained 0.6 segmentation F but
 * lost 0.4 word F. Not kept.) `gold_words` gets the gold's tokens,
 * tags not counted, so that precision and recall of any choice of segments
 * follow from the counts (train/ice-training.h).
 *
 * The segments' token counts come from normalising each one alone, which
 * gives the tokens of the whole because the scorer's normalisation is local
 * to a line; the function checks that and says so (NC_ERR_FORMAT) if a
 * text ever broke it.
 */
#ifndef NC_GOLD_LABELS_H
#define NC_GOLD_LABELS_H

#include <stddef.h>

#include "base/error.h"
#include "segment/segment.h"

struct gold_label {
	size_t words;              /* the segment's tokens, its tag not counted */
	size_t matched;            /* ... aligned with the gold */
	enum segment_type label;   /* p, h or l when found; 0: not found */
};

/* Label the page's `count` segments against the gold text; labels[i] for
 * segments[i]. */
int gold_labels_align(const struct segment *segments, size_t count, const char *gold,
		      size_t gold_len, struct gold_label *labels, size_t *gold_words,
		      struct nc_error *err);

#endif
