/* html.h: stage 1, HTML normalisation before Lynx.
 *
 * html_normalise() takes a page's raw bytes, removes a CLEANEVAL wrapper
 * (`<text id="URL" title="..." encoding="...">...</text>`) if there is one,
 * and applies the HTML rules of regex/html.rules: comments, scripts, styles and
 * images go; headings and list items get the text markers below, which survive
 * Lynx and tell the segmenter what each block was. The page stays in its
 * original charset; html_page.charset says which charset Lynx should assume.
 */
#ifndef NC_HTML_H
#define NC_HTML_H

#include <stddef.h>

#include "error.h"
#include "rules.h"
#include "strbuf.h"

/* Markers inserted by the HTML rules. They are plain ASCII so that Lynx
 * prints them as text; no real page contains them. */
#define MARKER_HEADING "@@NC-H@@"
#define MARKER_LIST_ITEM "@@NC-L@@"

struct html_page {
	char *url;      /* wrapper's id attribute, or NULL */
	char *title;    /* wrapper's title attribute, or NULL */
	char *charset;  /* charset for Lynx's -assume_charset (never NULL after success) */
};

void html_page_release(struct html_page *page);

/* Normalise `html` into `out` (appended) using `rules`; with `rules` NULL
 * only the wrapper is removed (for the plain Lynx dump). */
int html_normalise(struct rule_set *rules, const char *html, size_t len,
		   struct strbuf *out, struct html_page *page, struct nc_error *err);

/* The charset Lynx should assume for a page whose wrapper says `hint` (may be
 * NULL): a declared UTF-8 hint is trusted only when the bytes are valid UTF-8;
 * without a usable hint, bytes that are valid UTF-8 with non-ASCII characters
 * are UTF-8; anything else is windows-1252, the superset of Latin-1 that Web
 * pages labelled "iso-8859-1" actually use. A hint that is not a
 * plausible charset name is ignored. A <meta> charset in the page
 * itself still overrides this inside Lynx. Returns a static string or `hint`. */
const char *html_pick_charset(const char *hint, const char *html, size_t len);

#endif
