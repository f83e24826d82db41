/* fuzz-html.c: the HTML normaliser (wrapper, charset choice, html.rules,
 * NUL bytes removed for Lynx, which the rules must not bring back), the
 * rewriting of <meta> charsets after a conversion to UTF-8, and the
 * state markers of the page's structure (bounded, never inside a tag, the
 * same as the plain reading's). */
#include "fuzz.h"
#include "normalise/html.h"
#include "normalise/markers.h"
#include "normalise/structure.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rule_set *rules;
	struct strbuf out = STRBUF_INIT;
	struct page_info info;
	struct nc_error err;

	if (!rules)
		rules = fuzz_load_rules("html.rules", RULES_BYTES);
	strbuf_add(&out, data, size);
	if (size && data[0] & 2)
		html_declare_utf8(&out);
	struct charset_policy policy = { .paper = size && data[0] & 1 };
	unsigned flags = size && data[0] & 4 ? HTML_REMOVE_NUL : 0;
	if (html_normalise(rules, fuzz_workspace(), NULL, &policy, NULL, flags, &out, &info, &err) == 0) {
		/* For Lynx no NUL is left: it would cut the rest of its line. */
		if ((flags & HTML_REMOVE_NUL) && memchr(out.buf, '\0', out.len))
			abort();
		/* What Lynx is told and what a renderer converts from must be
		 * short, printable charset names. */
		for (const char *p = info.charset.assume; *p; p++)
			if (*p < 0x21 || *p > 0x7e)
				abort();
		for (const char *p = info.charset.name; *p; p++)
			if (*p < 0x21 || *p > 0x7e)
				abort();
		page_info_release(&info);
		size_t before = out.len;
		struct strbuf plain = STRBUF_INIT;
		strbuf_add(&plain, out.buf, out.len);
		if (html_mark_structure(&out, MARKER_STATE_PLACEHOLDER, &err) < 0 ||
		    html_mark_structure_plain(&plain, MARKER_STATE_PLACEHOLDER, &err) < 0)
			abort();
		/* What the scan remembers (events, names, class values) changes
		 * nothing. */
		if (plain.len != out.len || memcmp(plain.buf, out.buf, out.len))
			abort();
		strbuf_release(&plain);
		size_t marker = strlen(MARKER_STATE_PLACEHOLDER) + STRUCTURE_STATE_DIGITS + 2;
		if (out.len > 2 * before + 9 * marker)
			abort();   /* markers beyond their bound */
		structure_join_cut_markers(&out, MARKER_STATE_PLACEHOLDER);
	}
	strbuf_release(&out);
	return 0;
}
