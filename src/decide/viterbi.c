/* viterbi.c: the whole page at once, a two-state sequence (see decider.h).
 *
 * Each segment is running text or boilerplate, and a page goes from one to
 * the other a few times rather than at every segment: a short line inside
 * an article is text, a prose-like teaser inside a link list is not. The
 * decider chooses the sequence of states x (1 text, 0 boilerplate) that
 * maximises
 *
 *     sum over i of x_i * m_i * u_i  -  switch_cost * (times x changes)
 *
 * where m_i = cost_dirty - (cost_clean + bias) is segment i's margin and
 * u_i the units its costs are averaged over (method.h: characters for the
 * ncleaner method, 1 for the logistic method's log-odds), so that m_i * u_i
 * is the segment's evidence in bits: a long paragraph says more than a
 * two-word line. The threshold keeps exactly the segments of m_i >= 0: a
 * switch cost of 0 is the threshold, but for margins of exactly 0. This is the Viterbi path of a two-state
 * hidden Markov model whose emissions are the method's log-odds and whose
 * transitions cost switch_cost bits each way; the cost is learnt by
 * cross-validation on the development sets (compose.c). Ties keep the
 * state before (no switch).
 *
 * The path is known only at the page's end: the decider decides whole
 * pages, and keeps a back-pointer a segment in its per-worker state (one
 * byte each, grown to the longest page; the pipeline bounds a page's
 * segments).
 */
#include "decide/decider.h"
#include "base/alloc.h"

#include <stdint.h>

struct viterbi_decider {
	struct decider base;
	double bias, switch_cost;
};

struct viterbi_state {
	uint8_t *from;   /* per segment, bit s: state s came from the other state */
	size_t alloc;
};

static struct decider_state *viterbi_state_new(const struct decider *base)
{
	(void)base;
	return xcalloc(1, sizeof(struct viterbi_state));
}

static void viterbi_state_free(const struct decider *base, struct decider_state *opaque)
{
	struct viterbi_state *state = (struct viterbi_state *)opaque;
	(void)base;
	free(state->from);
	free(state);
}

static int viterbi_decide(const struct decider *base, struct decider_state *opaque,
			  struct scored_segment *segments, size_t count, struct nc_error *err)
{
	const struct viterbi_decider *d = (const struct viterbi_decider *)base;
	struct viterbi_state *state = (struct viterbi_state *)opaque;
	double best[2] = { 0, 0 };   /* the best score of a path ending in each state */

	if (count > state->alloc) {
		uint8_t *grown = realloc(state->from, count);
		if (!grown)
			return nc_error_set(err, NC_ERR_MEMORY, "no memory for the path of %zu "
					    "segments", count);
		state->from = grown;
		state->alloc = count;
	}
	for (size_t i = 0; i < count; i++) {
		const struct segment_score *s = &segments[i].score;
		double margin = decider_margin(&segments[i], d->bias);
		if (margin != margin)
			margin = -1;   /* a NaN says nothing for the text */
		margin *= s->units ? (double)s->units : 1;
		double next[2];
		uint8_t from = 0;
		for (int x = 0; x < 2; x++) {
			double stay = best[x], come = best[!x] - (i ? d->switch_cost : 0);
			next[x] = stay >= come ? stay : come;
			if (stay < come)
				from |= (uint8_t)(1u << x);
		}
		next[1] += margin;
		best[0] = next[0];
		best[1] = next[1];
		state->from[i] = from;
	}
	/* Back from the better end (text on a tie, as the threshold keeps a
	 * margin of 0). */
	int x = best[1] >= best[0];
	for (size_t i = count; i-- > 0; ) {
		segments[i].keep = x;
		decider_apply_type(&segments[i]);
		if (state->from[i] >> x & 1)
			x = !x;
	}
	return 0;
}

static void viterbi_describe(const struct decider *base, struct strbuf *json)
{
	const struct viterbi_decider *d = (const struct viterbi_decider *)base;
	strbuf_addf(json, "\"bias\":%g,\"switch_cost\":%g", d->bias, d->switch_cost);
}

static void viterbi_free(struct decider *base)
{
	free(base);
}

static const struct decider_ops viterbi_ops = {
	.name = "viterbi",
	.state_new = viterbi_state_new,
	.state_free = viterbi_state_free,
	.decide = viterbi_decide,
	.describe = viterbi_describe,
	.free = viterbi_free,
};

struct decider *viterbi_decider_new(double bias, double switch_cost)
{
	struct viterbi_decider *d = xcalloc(1, sizeof(*d));
	d->base.ops = &viterbi_ops;
	d->base.name = viterbi_ops.name;
	d->base.whole_page = 1;
	d->bias = bias;
	d->switch_cost = switch_cost;
	return &d->base;
}
