/* threshold.c: the paper's decision rule (see decider.h).
 *
 * NCLEANER keeps a segment t when H_dirty(t) - (H_clean(t) + bias) >= 0:
 * the dirty model must find it at least `bias` bits per character harder to
 * predict than the clean model does. The expression is evaluated exactly in
 * this form, so that ties (and the results) are those of the original.
 */
#include "decide/decider.h"
#include "base/alloc.h"

struct threshold_decider {
	struct decider base;
	double bias;
};

static int threshold_decide(const struct decider *base, struct decider_state *state,
			    struct scored_segment *segments, size_t count, struct nc_error *err)
{
	const struct threshold_decider *d = (const struct threshold_decider *)base;
	(void)state, (void)err;
	for (size_t i = 0; i < count; i++) {
		segments[i].keep = decider_margin(&segments[i], d->bias) >= 0;
		decider_apply_type(&segments[i]);
	}
	return 0;
}

static void threshold_describe(const struct decider *base, struct strbuf *json)
{
	const struct threshold_decider *d = (const struct threshold_decider *)base;
	strbuf_addf(json, "\"bias\":%g", d->bias);
}

static void threshold_free(struct decider *base)
{
	free(base);
}

static const struct decider_ops threshold_ops = {
	.name = "threshold",
	.decide = threshold_decide,
	.describe = threshold_describe,
	.free = threshold_free,
};

struct decider *threshold_decider_new(double bias)
{
	struct threshold_decider *d = xcalloc(1, sizeof(*d));
	d->base.ops = &threshold_ops;
	d->base.name = threshold_ops.name;
	d->base.whole_page = 0;
	d->bias = bias;
	return &d->base;
}
