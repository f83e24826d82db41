/* html.h: stage 1 for an HTML page, before rendering.
 *
 * html_normalise() takes a page's raw bytes and makes them what a renderer
 * takes: a page in UTF-16 or UTF-32 (a byte order mark), and every page when
 * the user names its charset, is converted to UTF-8 first (its <meta>
 * declarations then say utf-8); a CLEANEVAL wrapper (`<text id="URL"
 * title="..." encoding="...">...</text>`) is removed, its attributes kept;
 * the page's charset is decided (charset-choice.h, the one place), its title
 * and keywords read; then the HTML rules of regex/html.rules apply:
 * comments, scripts, styles and images go; headings and list items get the
 * markers of markers.h, which survive rendering and tell the segmenter what
 * each block was (the shipped rules in one pass where the page allows,
 * html-rules.h; an edited rule file through PCRE2). Otherwise the page
 * stays in its own charset: the renderer reads it in the charset decided
 * here (page_info.charset).
 *
 * NUL bytes. For a renderer that reads the page as C strings (Lynx:
 * render/renderer.h, drops_after_nul), NUL bytes are removed before the
 * rules, so that the rules see what the renderer will: a NUL is no text
 * (HTML drops it from running text, as every renderer here does), and left
 * in, it would make Lynx drop the rest of its line. By then the page is in
 * a charset that is a superset of ASCII (one in UTF-16 or UTF-32 was
 * converted first), where a NUL byte is U+0000 and nothing else.
 *
 * Numeric references to 128-159. Except under --paper, the page is in
 * UTF-8 before the rules, and each numeric character reference to 128-159
 * (&#146;, &#x92, with or without ';') is replaced by the character
 * windows-1252 has there (’), as browsers read it: Lynx and libxml2 would
 * read a C1 control, which no output keeps. The five numbers windows-1252
 * has no character for stay as they are.
 *
 * <noscript>. The rules remove <noscript> blocks (most say "enable
 * JavaScript"), but a renderer without scripts shows them, and some pages
 * write their text there. Except under --paper, a block with 200
 * characters of text or more outside links (and no markup written as
 * text) becomes a <div> before the rules, so that its text is read.
 */
#ifndef NC_HTML_H
#define NC_HTML_H

#include <stddef.h>

#include "base/error.h"
#include "base/rules.h"
#include "base/strbuf.h"
#include "normalise/charset.h"
#include "normalise/charset-choice.h"
#include "normalise/page-info.h"

/* What html_normalise() does besides the charset, the wrapper and the
 * rules. */
enum html_normalise_flags {
	HTML_REMOVE_NUL = 1   /* for a renderer that drops what follows a NUL */
};

/* Normalise the page in `html`, in place, using `rules` and the caller's
 * `workspace` and charset `tables` (charset.h; NULL: none kept); with `rules` NULL only the charset is handled and the
 * wrapper removed (for the plain dump of the baseline, and for renderers
 * that read the page's structure themselves). `flags`: see above. `hint`
 * is the charset the page's source declared (NULL: none); a wrapper's
 * encoding attribute takes its place. `info` is filled (and released on
 * error). Working in place
 * keeps a page's peak memory near twice its size (the page and the rules'
 * substitution buffer). Errors: a forced or BOM charset that cannot be
 * converted, memory, the rules' limits. */
int html_normalise(const struct rule_set *rules, struct rule_workspace *workspace,
		   struct charset_tables *tables, const struct charset_policy *policy,
		   const char *hint, unsigned flags, struct strbuf *html, struct page_info *info,
		   struct nc_error *err);

/* The charset a <meta> element of `html` declares (charset="x", or
 * content="...; charset=x"), looked for near the top; NULL when none.
 * The caller frees it. */
char *html_declared_charset(const char *html, size_t len);

/* After the page was converted to UTF-8: make every charset its <meta>
 * elements declare say utf-8, since a renderer may prefer the declaration. */
void html_declare_utf8(struct strbuf *html);

#endif
