/* page-meta.h: what a page says of its title, author, dates, site,
 * description and language (metadata), as trafilatura and htmldate read it.
 *
 * page_meta_read() reads the page's raw bytes once, from its start to its
 * end, before anything else touches them (stage 1, html.c), and fills
 * page_info.meta (page-info.h). Three kinds of source are read:
 *
 *   <meta KEY="..." content="...">, KEY one of property, name, itemprop,
 *       http-equiv (Open Graph, article:*, Dublin Core, microdata);
 *   <script type="application/ld+json">: the objects at its top, in a top
 *       array and in an "@graph" array, by their @type: an article (a type
 *       ending in Article, Posting or Report), a page (ending in Page) or a
 *       WebSite; other types and nested objects are not read (the
 *       author's and publisher's names excepted);
 *   <time datetime="...">, and <html lang="...">.
 *
 * Each field takes the value of the best source that has one, in this
 * order (a lower rank wins; equal ranks: the first in the page):
 *
 *   title        og:title 10, JSON-LD article headline 20, twitter:title
 *                30, dc.title and dcterms.title 40, JSON-LD page headline
 *                or name 45. (The outputs fall back on <title>.)
 *   author       JSON-LD article author 10 (its name, or the names of an
 *                array joined by "; "), author 20, parsely-author and
 *                sailthru.author 35, article:author 30, dc.creator and
 *                dcterms.creator 40, JSON-LD page author 45. A value that
 *                is a URL (article:author is often a profile's) is none.
 *   published    article:published_time 10, JSON-LD article datePublished
 *                20, itemprop datePublished 25, citation_publication_date,
 *                dc.date.issued, dcterms.issued 30, dc.date.created,
 *                dcterms.created 32, dc.date, dcterms.date 35, date,
 *                pubdate, publishdate, publish-date, publication_date,
 *                parsely-pub-date, sailthru.date 40, <time itemprop=
 *                "datePublished"> 45, <time class="published"> or
 *                class="entry-date" 50, JSON-LD page datePublished 55, the
 *                page's first <time datetime> 90; else the date in the
 *                path of the page's URL (page_meta_url_date()).
 *   modified     article:modified_time 10, og:updated_time 15, JSON-LD
 *                article dateModified 20, itemprop dateModified 25,
 *                dcterms.modified and dc.date.modified 30, <time itemprop=
 *                "dateModified"> 45, <time class="updated"> 50, JSON-LD
 *                page dateModified 55.
 *   site name    og:site_name 10, JSON-LD article or page publisher's name
 *                20, dc.publisher and dcterms.publisher 35,
 *                application-name 40, JSON-LD WebSite name 50.
 *   description  description 10, og:description 20, twitter:description
 *                30, dc.description and dcterms.description 40, JSON-LD
 *                article description 50, page description 55.
 *   language     <html lang> 10, content-language 20, dc.language and
 *                dcterms.language 30, og:locale 40, JSON-LD inLanguage 50.
 *
 * Keys are matched in any case. The page's canonical URL is not read here:
 * html.c reads it once (page_info.canonical) for the outputs and the site
 * survey alike.
 *
 * Values. Read in the page's charset (the one stage 1 chose), tags dropped,
 * white space collapsed, the common named and all numeric character
 * references decoded, control characters and invalid bytes removed, cut
 * at META_VALUE_MAX_BYTES (base/limits.h) at a character's end; an empty
 * value is none. A date is read by page_meta_date(); one it cannot read is
 * none (a worse source may then give one). A language must look like a
 * BCP 47 tag (letters, digits and '-'; "en_US" is read as "en-US").
 *
 * Bounds. One pass over the page, each tag looked at once; scripts,
 * styles and comments are skipped whole. At most META_JSON_LD_MAX_BLOCKS
 * JSON-LD blocks of at most META_JSON_LD_MAX_BYTES are read, by the strict
 * reader of base/json-value.h (with its own limits) after their raw
 * control characters became spaces (raw newlines in strings are common,
 * and JSON allows none); a block that is no JSON is passed over.
 */
#ifndef NC_PAGE_META_H
#define NC_PAGE_META_H

#include <stddef.h>

#include "base/strbuf.h"
#include "normalise/page-info.h"

/* Read the metadata of the page `html` (`len` raw bytes in `charset`, an
 * iconv name) into info->meta, whose entries must be NULL. */
void page_meta_read(const char *html, size_t len, const char *charset, struct page_info *info);

/* The last rule for the date of publication, for a page that gives none
 * in its markup (the rank below all of the table's): the date in the path
 * of its URL, as blogs and news sites write it, "/YYYY/MM/DD/" (or at the
 * path's end), read by page_meta_date(). Stage 1 asks it of the page's
 * canonical URL and its wrapper's id, the pipeline of its archive record's
 * URL. `url` may be NULL. */
void page_meta_url_date(struct page_info *info, const char *url);

/* The date at the start of `s` (`len` bytes) in ISO 8601, appended to `out`:
 * "YYYY-MM-DD" (the page may write '/' for '-'), a year from 1991 (the
 * Web's first) to 2099 and a day its month has; then, when a time follows
 * (after 'T' or a space: hh:mm, optionally :ss and a fraction, and a zone,
 * Z or +hh:mm, +hhmm, +hh), the full timestamp "YYYY-MM-DDThh:mm[:ss[.f]]
 * [zone]" as given, the zone written +hh:mm. A time that cannot be read is
 * left out. 0, or -1 (nothing appended) when `s` starts with no such
 * date. */
int page_meta_date(const char *s, size_t len, struct strbuf *out);

#endif
