/* decider.h: stage 5, deciding which scored segments to keep.
 *
 * A decider sees a page's scored segments in order and sets `keep` on each.
 * The paper's decider is a threshold on each segment alone (threshold.c); a
 * sequence model (Viterbi over clean and dirty states) or page-level rules
 * need the whole page at once and say so with `whole_page`: the pipeline
 * then collects a page's segments before calling decide() once. A decider
 * without `whole_page` may be called on any consecutive run of a page's
 * segments, which lets text dumps of any size stream through in bounded
 * memory.
 *
 * A decider that keeps a segment gives it the type its method proposed
 * (segment_score.type, method.h), when there is one; decider_apply_type()
 * does that, so every decider does it the same way.
 *
 * A decider is read-only once made and shared by every worker; decide() must
 * not change it. The caller that makes a decider frees it.
 */
#ifndef NC_DECIDER_H
#define NC_DECIDER_H

#include <stddef.h>

#include "method/method.h"

struct decider;

struct decider_ops {
	const char *name;
	void (*decide)(const struct decider *decider, struct scored_segment *segments,
		       size_t count);
	void (*free)(struct decider *decider);
};

struct decider {
	const struct decider_ops *ops;
	int whole_page;
};

static inline void decider_decide(const struct decider *decider, struct scored_segment *segments,
				  size_t count)
{
	decider->ops->decide(decider, segments, count);
}

/* For deciders: a kept segment takes the type its method proposed. */
static inline void decider_apply_type(struct scored_segment *segment)
{
	if (segment->keep && segment->score.type)
		segment->segment.type = segment->score.type;
}

static inline void decider_free(struct decider *decider)
{
	if (decider)
		decider->ops->free(decider);
}

/* --- the deciders ------------------------------------------------------------ */

/* The paper's rule: keep a segment when cost_dirty - (cost_clean + bias) >= 0
 * (ties keep). `bias` is in bits; > 0 keeps less (higher precision). */
struct decider *threshold_decider_new(double bias);

#endif
