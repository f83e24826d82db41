/* page-info.h: what a page says about itself, as stage 1 found it.
 *
 * Stage 1 (html.h for HTML, text.h for text dumps) fills a page_info once
 * per page; every later stage reads it and none looks at the page's
 * declarations again: the renderer takes the charset decided here, a
 * method that scores whole pages takes the title and keywords, the sink
 * writes the URL, title and charset. Strings are owned by the page_info, or
 * NULL; the title and keywords are UTF-8 without control characters, the
 * URL is as the page wrote it (outputs encode what is not printable).
 */
#ifndef NC_PAGE_INFO_H
#define NC_PAGE_INFO_H

#include "normalise/charset-choice.h"
#include "source/page.h"

struct page_info {
	char *url;        /* the URL the page names itself by: a CLEANEVAL
			     wrapper's id, a text dump's "URL:" line; or NULL */
	char *title;      /* the wrapper's title attribute, else <title> */
	char *keywords;   /* <meta name="keywords" content="..."> */
	char *canonical;  /* the absolute http(s) URL the page gives as its own
			     (<link rel="canonical">, else <meta property="og:url">;
			     protocol-relative or relative to its <base>, made
			     absolute) */
	struct charset_choice charset;
};

/* Free the strings and zero the rest. */
void page_info_release(struct page_info *info);

/* The page's info as bytes, appended to `out`, and back (into a released
 * or zeroed `info`; 0, or -1 when the bytes are not what save() wrote):
 * for a run that keeps a page's stage 1 between its passes
 * (pipeline/dump-cache.h), inside one process. */
void page_info_save(const struct page_info *info, struct strbuf *out);
int page_info_restore(struct page_info *info, const char *data, size_t len);

/* The URL a page goes by: the one its source gave (an archive record's),
 * else its own, else its name. Never NULL. */
const char *page_info_url(const struct page_info *info, const struct page *page);

/* The site a page belongs to, for counting what recurs across a site: the
 * host (lower case, without a port, user, leading "www." or final dot; an
 * IPv6 literal in its brackets) of the URL its source gave, else of the one
 * it names itself by, else of its canonical URL; into `host`. 0 when none of them is an absolute URL with a host (a
 * file's name is not a site). */
int page_info_site(const struct page_info *info, const struct page *page, struct strbuf *host);

#endif
