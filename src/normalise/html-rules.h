/* html-rules.h: the shipped regex/html.rules, applied without PCRE2.
 *
 * Stage 1 applies the HTML rules one after another, each a global
 * substitution over the whole page: twelve scans of the page, and a copy of
 * it for each rule that matches. When the loaded rule set is exactly the
 * shipped one (the patterns and replacements of regex/html.rules, line for
 * line, the markers rule_set_substitute() put in aside), the same result
 * comes from three hand-written passes: comments out (rule 1), then rules
 * 2-11 in one pass over the page, then the runs of <br> (rule 12) over what
 * that pass wrote.
 *
 * The one pass sees each tag once, in page order, where the rules see the
 * page in rule order: a rule acts on what the rules before it left. The
 * two agree unless a change of one rule can change what another matches
 * (a tag or an end tag that a removal would join or complete, a <script>
 * inside a <style>, a '<' inside a tag's attributes); the pass looks for
 * every such place, conservatively, and where it finds one it gives the
 * page back unchanged and the page goes through PCRE2. Any other rule file
 * (users may edit the installed one) always goes through PCRE2.
 *
 * A page on which PCRE2 would fail (its match limits: NC_ERR_REGEX) may
 * succeed here: the passes take linear time whatever the page. A page
 * that the rules would make grow beyond their limit (rules.h) goes through
 * PCRE2, which reports it.
 */
#ifndef NC_HTML_RULES_H
#define NC_HTML_RULES_H

#include <stddef.h>

#include "base/error.h"
#include "base/rules.h"
#include "base/strbuf.h"
#include "normalise/markers.h"

/* What the loaded rules write after a heading's and a list item's start tag
 * (the markers rule_set_substitute() put in for the placeholders). */
struct html_rules_markers {
	char heading[MARKER_MAX], list_item[MARKER_MAX];
	size_t heading_len, list_item_len;
};

/* Is `rules` the shipped regex/html.rules (in byte mode)? Then 1, with the
 * markers its replacements write in `markers`; else 0. */
int html_rules_recognise(const struct rule_set *rules, struct html_rules_markers *markers);

/* Apply the shipped rules, with `markers`, to `html`: 1 when done, 0 when
 * the page needs PCRE2 (then `html` is as it was). */
int html_rules_fast(const struct html_rules_markers *markers, struct strbuf *html);

/* rule_set_apply() (rules.h), by html_rules_fast() where it can. */
int html_rules_apply(const struct rule_set *rules, struct rule_workspace *workspace,
		     struct strbuf *html, struct nc_error *err);

#endif
