/* fuzz-ice-tree.c: the ice-dt tree loader and the ice-lm settings loader.
 * A tree that loads must be written back to the same bytes' meaning (its
 * file parses again and is written identically), and the method made from
 * it must classify blocks with finite costs and a kept class as type. */
#include "fuzz.h"
#include "base/strbuf.h"
#include "method/decision-tree.h"
#include "method/ice.h"

#include <math.h>
#include <string.h>

static void check_tree(struct decision_tree *tree)
{
	struct strbuf once = STRBUF_INIT, twice = STRBUF_INIT;
	struct decision_tree again;
	struct nc_error err;
	static const char *const texts[] = {
		"Home | News | Contact", "The harbour was quiet that morning, and the fishermen sat.",
		"", "A", "\xc3\x89t\xc3\xa9 \xe2\x80\x94 2008!",
	};
	static const char *const tags[] = { "p", "div", "h2", NULL, "li" };

	decision_tree_write(tree, &once);
	if (decision_tree_parse(&again, ice_dt_schema(), "again", once.buf, once.len, &err) < 0)
		abort();   /* what we write, we read */
	decision_tree_write(&again, &twice);
	if (once.len != twice.len || memcmp(once.buf, twice.buf, once.len))
		abort();
	decision_tree_release(&again);

	struct method *m = ice_dt_method_new(tree);
	struct method_scorer *scorer = method_scorer_new(m);
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct segment s = { .type = SEGMENT_PARAGRAPH, .text = texts[i], .len = strlen(texts[i]),
				     .tag = tags[i] };
		struct segment_score score = { 0 };
		if (method_score(scorer, &s, &score, &err) < 0 || !isfinite(score.cost_clean) ||
		    !isfinite(score.cost_dirty) || !score.type)
			abort();
	}
	method_scorer_free(scorer);
	method_free(m);
	strbuf_release(&once);
	strbuf_release(&twice);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct decision_tree tree;
	struct ice_lm_settings settings;
	struct nc_error err;

	if (decision_tree_parse(&tree, ice_dt_schema(), "fuzz.tree", (const char *)data, size,
				&err) == 0)
		check_tree(&tree);
	if (ice_lm_settings_parse(&settings, "fuzz.model", (const char *)data, size, &err) == 0) {
		if (!(settings.discount > 0 && settings.discount < 1) || !(settings.max_kl >= 0))
			abort();
		ice_lm_settings_release(&settings);
	}
	return 0;
}
