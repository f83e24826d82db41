/* page-info.h: what a page says about itself, as stage 1 found it.
 *
 * Stage 1 (html.h for HTML, text.h for text dumps) fills a page_info once
 * per page; every later stage reads it and none looks at the page's
 * declarations again: the renderer takes the charset decided here, a
 * method that scores whole pages takes the title and keywords, the sink
 * writes the URL, title, charset and metadata. Strings are owned by the
 * page_info, or NULL; the title, keywords and metadata are UTF-8 without
 * control characters, the URL is as the page wrote it (outputs encode what
 * is not printable).
 */
#ifndef NC_PAGE_INFO_H
#define NC_PAGE_INFO_H

#include "normalise/charset-choice.h"
#include "source/page.h"

/* What a page's <meta> elements, JSON-LD and <time> elements say of it
 * (page-meta.h has the rules): each in UTF-8, one line, or NULL. */
enum page_meta_field {
	META_TITLE,         /* og:title, JSON-LD headline, ...: the title without
			       the site's name that <title> often adds */
	META_AUTHOR,
	META_PUBLISHED,     /* dates in ISO 8601: "YYYY-MM-DD", or the full */
	META_MODIFIED,      /*   timestamp as the page gave it */
	META_SITE_NAME,
	META_DESCRIPTION,
	META_LANGUAGE,      /* as declared (<html lang>): a BCP 47 tag */
	META_FIELDS
};

struct page_info {
	char *url;        /* the URL the page names itself by: a CLEANEVAL
			     wrapper's id, a text dump's "URL:" line; or NULL */
	char *title;      /* the wrapper's title attribute, else <title> */
	char *keywords;   /* <meta name="keywords" content="..."> */
	char *canonical;  /* the absolute http(s) URL the page gives as its own
			     (<link rel="canonical">, else <meta property="og:url">;
			     protocol-relative or relative to its <base>, made
			     absolute) */
	char *meta[META_FIELDS];
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
 * else its own (a CLEANEVAL wrapper's id, a text dump's URL line), else,
 * with `by_canonical`, its canonical URL, else its name (a file's path).
 * Never NULL. The outputs take the canonical URL except under --paper,
 * whose URL lines stay the file names of 2008 (ncleaner(1), OUTPUT). */
const char *page_info_url(const struct page_info *info, const struct page *page,
			  int by_canonical);

/* The page's date: the one it was published, else last modified; NULL
 * when it gives neither. */
const char *page_info_date(const struct page_info *info);

/* The site a page belongs to, for counting what recurs across a site: the
 * host (lower case, without a port, user, leading "www." or final dot; an
 * IPv6 literal in its brackets) of the URL its source gave, else of the one
 * it names itself by, else of its canonical URL; into `host`. 0 when none of them is an absolute URL with a host (a
 * file's name is not a site). */
int page_info_site(const struct page_info *info, const struct page *page, struct strbuf *host);

#endif
