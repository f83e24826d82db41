/* decider.h: stage 5, deciding which scored segments to keep.
 *
 * A decider sees a page's scored segments in order and sets `keep` on each.
 * The paper's decider is a threshold on each segment alone (threshold.c); a
 * sequence model (Viterbi over clean and dirty states) or page-level rules
 * need the whole page at once and say so with `whole_page`: the pipeline
 * then collects a page's segments before calling decide() once (a page of
 * more than PIPELINE_WHOLE_PAGE_WINDOW bytes of segments, such as a long
 * text dump, once a window of about that size: base/limits.h). A decider
 * without `whole_page` may be called on any consecutive run of a page's
 * segments, which lets text dumps of any size stream through in bounded
 * memory.
 *
 * A decider that keeps a segment gives it the type its method proposed
 * (segment_score.type, method.h), when there is one; decider_apply_type()
 * does that, so every decider does it the same way.
 *
 * Ownership and threads. A decider is made once, is read-only afterwards
 * and is shared by every worker. What deciding writes (back-pointers of a
 * Viterbi, a page rule's counts) lives in a decider_state, which each
 * worker makes for itself with decider_state_new() (NULL for a decider that
 * needs none) and frees with decider_state_free(). decide() may fail (an
 * allocation, a limit): it returns -1 with `err` filled, and the page fails.
 * The caller that makes a decider frees it, after every state made from it.
 *
 * Chains. decider_chain_new() runs several deciders in turn on the same
 * segments: the first sets `keep`, each later one sees it and may change it
 * (a threshold, then a page rule such as "article only"). A chain decides
 * whole pages when any of its members does; its name is its members'
 * names joined by commas ("threshold,article"), which is what outputs show.
 *
 * Adding a decider: one file in decide/ with its constructor declared
 * below, and one line in the deciders table (compose/compose.c).
 */
#ifndef NC_DECIDER_H
#define NC_DECIDER_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "method/method.h"

struct decider;
struct decider_state;

struct decider_ops {
	const char *name;
	/* Optional: the per-worker state (NULL: decide() gets NULL). */
	struct decider_state *(*state_new)(const struct decider *decider);
	void (*state_free)(const struct decider *decider, struct decider_state *state);
	/* Set `keep` on each of the `count` segments; 0, or -1 with `err`. */
	int (*decide)(const struct decider *decider, struct decider_state *state,
		      struct scored_segment *segments, size_t count, struct nc_error *err);
	/* Optional: the settings in effect as JSON members without braces
	 * ("bias":0), for outputs that say how they were made. */
	void (*describe)(const struct decider *decider, struct strbuf *json);
	void (*free)(struct decider *decider);
};

/* Every implementation starts with this. */
struct decider {
	const struct decider_ops *ops;
	const char *name;   /* ops->name, or a chain's members' names */
	int whole_page;
};

static inline struct decider_state *decider_state_new(const struct decider *decider)
{
	return decider->ops->state_new ? decider->ops->state_new(decider) : NULL;
}

static inline void decider_state_free(const struct decider *decider, struct decider_state *state)
{
	if (state && decider->ops->state_free)
		decider->ops->state_free(decider, state);
}

static inline int decider_decide(const struct decider *decider, struct decider_state *state,
				 struct scored_segment *segments, size_t count,
				 struct nc_error *err)
{
	return decider->ops->decide(decider, state, segments, count, err);
}

/* Append the decider's settings as JSON members (nothing when it has none). */
static inline void decider_describe(const struct decider *decider, struct strbuf *json)
{
	if (decider->ops->describe)
		decider->ops->describe(decider, json);
}

/* For deciders: how far the segment's score lies above `bias`, in the
 * method's units (bits): cost_dirty - (cost_clean + bias); NaN stays. */
static inline double decider_margin(const struct scored_segment *segment, double bias)
{
	return segment->score.cost_dirty - (segment->score.cost_clean + bias);
}

/* For deciders: a kept segment takes the type its method proposed (the
 * segmenter's kept in read_type, for a later decider that reads it). */
static inline void decider_apply_type(struct scored_segment *segment)
{
	if (segment->keep && segment->score.type) {
		if (!segment->read_type)
			segment->read_type = segment->segment.type;
		segment->segment.type = segment->score.type;
	}
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

/* A page rule after another decider: only the segments kept inside the
 * page's main stretch of text, the one whose words' margins over `bias`
 * (bits, as the threshold's) sum highest (the article; article.c); or,
 * with `stack` (the ARTICLE_STACK_FEATURES weights of a model that learnt
 * them, borrowed: method/article-stack.h), the segments its stacked
 * regression keeps, whatever was kept before. Decides whole pages. */
struct decider *article_decider_new(double bias, const double *stack);

/* The whole page at once: the sequence of text and boilerplate states of
 * greatest sum of the kept segments' margins over `bias`, less
 * `switch_cost` bits each time the state changes (viterbi.c). Decides whole
 * pages. */
struct decider *viterbi_decider_new(double bias, double switch_cost);

/* The page's main stretch at `bias`, as the article rule finds it: the run
 * of consecutive segments whose words times margins over `bias` (each held
 * within +-`limit` bits) sum highest, the first of equals; [*start, *end),
 * empty when no run sums above 0. */
void decider_main_stretch(const struct scored_segment *segments, size_t count, double bias,
			  double limit, size_t *start, size_t *end);

/* A page rule after the others: a page with enough prose that keeps
 * nothing is decided again on its own scale, the segments its rule keeps
 * marked `rescued` (fallback.c). Decides whole pages. */
struct decider *fallback_decider_new(void);

/* The `count` deciders `members` (taken: the chain frees them) run in turn. */
struct decider *decider_chain_new(struct decider **members, size_t count);

#endif
