/* fuzz-html-rules.c: the shipped HTML rules in one pass
 * (normalise/html-rules.h) against the same rules through PCRE2: a page
 * the pass does must come out byte for byte as PCRE2 has it, and a page it
 * gives to PCRE2 must be left as it was. A page on which PCRE2 fails (its
 * match limits) is not compared. */
#include "fuzz.h"
#include "normalise/html-rules.h"
#include "normalise/markers.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rule_set *rules;
	static struct html_rules_markers markers;
	struct strbuf slow = STRBUF_INIT, fast = STRBUF_INIT;
	struct nc_error err;

	if (!rules) {
		struct markers random_markers;
		markers_init_random(&random_markers);
		rules = fuzz_load_rules("html.rules", RULES_BYTES);
		rule_set_substitute(rules, MARKER_HEADING_PLACEHOLDER, random_markers.heading);
		rule_set_substitute(rules, MARKER_LIST_ITEM_PLACEHOLDER, random_markers.list_item);
		if (!html_rules_recognise(rules, &markers))
			abort();   /* the harness would test nothing */
	}
	strbuf_add(&slow, data, size);
	strbuf_add(&fast, data, size);
	int slow_ret = rule_set_apply(rules, fuzz_workspace(), &slow, &err);
	if (!html_rules_fast(&markers, &fast)) {
		if (fast.len != size || memcmp(fast.buf, data, size))
			abort();
	} else if (slow_ret == 0 && (fast.len != slow.len || memcmp(fast.buf, slow.buf, slow.len))) {
		abort();
	}
	strbuf_release(&slow);
	strbuf_release(&fast);
	return 0;
}
