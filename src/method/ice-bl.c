/* ice-bl.c: ICE's baseline, every block kept as a paragraph (see ice.h). */
#include "method/ice.h"
#include "base/alloc.h"

static struct method_scorer *ice_bl_scorer_new(const struct method *method);

static int ice_bl_score(struct method_scorer *scorer, const struct segment *segment,
			struct segment_score *score, struct nc_error *err)
{
	(void)scorer, (void)err;
	score->cost_clean = score->cost_dirty = 0;   /* a tie: kept */
	score->units = segment->len;
	score->type = SEGMENT_PARAGRAPH;
	return 0;
}

static void ice_bl_scorer_free(struct method_scorer *scorer)
{
	free(scorer);
}

static void ice_bl_free(struct method *method)
{
	free(method);
}

static const struct method_ops ice_bl_ops = {
	.name = ICE_BL_NAME,
	.scorer_new = ice_bl_scorer_new,
	.score = ice_bl_score,
	.scorer_free = ice_bl_scorer_free,
	.free = ice_bl_free,
};

static struct method_scorer *ice_bl_scorer_new(const struct method *method)
{
	(void)method;
	struct method_scorer *scorer = xcalloc(1, sizeof(*scorer));
	scorer->ops = &ice_bl_ops;
	return scorer;
}

struct method *ice_bl_method_new(void)
{
	struct method *m = xcalloc(1, sizeof(*m));
	m->ops = &ice_bl_ops;
	m->default_bias = 0;
	return m;
}
