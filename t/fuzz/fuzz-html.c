/* fuzz-html.c: the HTML normaliser (wrapper, charset choice, html.rules),
 * and the rewriting of <meta> charsets after a conversion to UTF-8. */
#include "fuzz.h"
#include "normalise/html.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rule_set *rules;
	struct strbuf out = STRBUF_INIT;
	struct html_page page = { 0 };
	struct nc_error err;

	if (!rules)
		rules = fuzz_load_rules("html.rules", RULES_BYTES);
	strbuf_add(&out, data, size);
	if (size && data[0] & 2)
		html_declare_utf8(&out);
	if (html_normalise(rules, fuzz_workspace(), &out, NULL, size && data[0] & 1, &page, &err) == 0) {
		/* What Lynx is told must be a short, printable charset name. */
		for (const char *p = page.charset; *p; p++)
			if (*p < 0x21 || *p > 0x7e)
				abort();
		html_page_release(&page);
	}
	strbuf_release(&out);
	return 0;
}
