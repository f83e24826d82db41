/* html.h: stage 1, HTML normalisation before rendering.
 *
 * html_normalise() takes a page's raw bytes, removes a CLEANEVAL wrapper
 * (`<text id="URL" title="..." encoding="...">...</text>`) if there is one,
 * and applies the HTML rules of regex/html.rules: comments, scripts, styles and
 * images go; headings and list items get the markers of markers.h, which
 * survive rendering and tell the segmenter what each block was. The page stays
 * in its original charset; html_page.charset says which charset the renderer
 * should assume.
 */
#ifndef NC_HTML_H
#define NC_HTML_H

#include <stddef.h>

#include "base/error.h"
#include "base/rules.h"
#include "base/strbuf.h"

struct html_page {
	char *url;       /* wrapper's id attribute, or NULL */
	char *title;     /* wrapper's title attribute, else <title>, in UTF-8; or NULL */
	char *charset;   /* charset for the renderer to assume (never NULL after success) */
	char *declared;  /* charset a <meta> element declares (the renderer's choice), or NULL */
	char *keywords;  /* <meta name="keywords"> content, in UTF-8; or NULL */
};

void html_page_release(struct html_page *page);

/* Normalise the page in `html`, in place, using `rules` and the caller's
 * `workspace`; with `rules` NULL only the wrapper is removed (for the plain
 * dump of the baseline). `hint` is the charset the page's source declared
 * (NULL: none); a wrapper's encoding attribute takes its place. With
 * `detect`, a page with no usable hint that is not UTF-8 gets uchardet's
 * guess (charset.h) instead of windows-1252. Working in place keeps a
 * page's peak memory near twice its size (the page and the rules'
 * substitution buffer). */
int html_normalise(const struct rule_set *rules, struct rule_workspace *workspace,
		   struct strbuf *html, const char *hint, int detect, struct html_page *page,
		   struct nc_error *err);

/* The charset a <meta> element of `html` declares (charset="x", or
 * content="...; charset=x"), looked for near the top; NULL when none.
 * The caller frees it. */
char *html_declared_charset(const char *html, size_t len);

/* After the page was converted to UTF-8: make every charset its <meta>
 * elements declare say utf-8, since the renderer prefers the declaration. */
void html_declare_utf8(struct strbuf *html);

/* The charset the renderer should assume for a page whose wrapper says
 * `hint` (may be NULL): a declared UTF-8 hint is trusted only when the bytes
 * are valid UTF-8; without a usable hint, bytes that are valid UTF-8 with
 * non-ASCII characters are UTF-8; anything else is windows-1252, the superset
 * of Latin-1 that Web pages labelled "iso-8859-1" actually use. A hint that is
 * not a plausible charset name is ignored. A <meta> charset in the page
 * itself still overrides this inside Lynx. Returns a static string or `hint`;
 * *fallback says whether it is windows-1252 for want of anything better
 * (no usable hint, non-ASCII bytes that are not UTF-8). */
const char *html_pick_charset(const char *hint, const char *html, size_t len, int *fallback);

#endif
