/* fuzz-rules.c: the rule-file loader; a rule set that loads is applied to
 * a fixed text, in both byte and UTF-8 mode. */
#include "fuzz.h"

static void try_rules(const uint8_t *data, size_t size, enum rule_set_flags flags)
{
	struct nc_error err;
	struct rule_set *rules = rule_set_parse("fuzz.rules", (const char *)data, size, flags, &err);
	if (!rules)
		return;
	struct strbuf text = STRBUF_INIT;
	strbuf_addstr(&text, "<p>Home | News | Contact</p>\n\nCaf\xc3\xa9 cr\xc3\xa8me, a    b\n"
		      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!");
	rule_set_apply(rules, fuzz_workspace(), &text, &err);
	strbuf_release(&text);
	rule_set_free(rules);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	try_rules(data, size, RULES_BYTES);
	try_rules(data, size, RULES_UTF);
	return 0;
}
