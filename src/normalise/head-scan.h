/* head-scan.h: reading tags and their attributes in a page's raw bytes.
 *
 * Stage 1 reads what a page says of itself (its charset, title, keywords,
 * canonical URL: html.c; its author, dates and the rest: page-meta.h)
 * before the page is parsed or converted, straight from its bytes. These
 * are the few verbs that reading needs. They work on bytes of any charset
 * that is a superset of ASCII (tag and attribute names are ASCII), never
 * read outside the range they are given, and each takes time linear in
 * the bytes it looks at. Nothing here keeps state; what they write goes to
 * the caller's strbuf, or to a string head_utf8() returns.
 */
#ifndef NC_HEAD_SCAN_H
#define NC_HEAD_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"

/* Pages declare their charset and title near the top; looking further is
 * only cost. (The body's <time> and JSON-LD are read to the page's end:
 * page-meta.h.) */
#define HEAD_SCAN_BYTES (256u << 10)

/* The first byte of [p, end) that is not white space (end when none). */
const char *head_skip_space(const char *p, const char *end);

/* The first `needle` (ASCII, lower case) in [p, end), in any case; NULL
 * when there is none. */
const char *head_find(const char *p, const char *end, const char *needle);

/* Where the head opens the tags it is read for, found in one pass over
 * [html, end): the title, the keywords, <base> and the canonical URL are
 * each looked for in up to HEAD_SCAN_BYTES, and a pass each would scan
 * the head five times. */
enum head_tag { HEAD_META, HEAD_TITLE, HEAD_BASE, HEAD_LINK, HEAD_TAG_KINDS };

struct head_tags {
	const char *end;
	const char **at[HEAD_TAG_KINDS];   /* each kind's "<name" in page order */
	size_t count[HEAD_TAG_KINDS], alloc[HEAD_TAG_KINDS];
};

void head_tags_scan(struct head_tags *tags, const char *html, const char *end);
void head_tags_release(struct head_tags *tags);

/* head_find(from, tags->end, "<name") for the tag's name, by the index. */
const char *head_tags_next(const struct head_tags *tags, enum head_tag tag, const char *from);

/* The value of the attribute `name` (ASCII, lower case) in the tag
 * [tag, close): *value and *len, quotes removed; 0 when the tag has none. */
int head_attribute(const char *tag, const char *close, const char *name, const char **value,
		   size_t *len);

/* Does the attribute value [value, value + len) hold the word `word`
 * (ASCII, lower case) among its space-separated words, in any case? */
int head_has_word(const char *value, size_t len, const char *word);

/* Text of [start, stop) as a head's text, appended to `out` in the bytes'
 * own charset: tags inside dropped, white space collapsed and trimmed,
 * the common named entities (&amp; &lt; &gt; &quot; &#39; &apos; &nbsp;)
 * decoded (others stay). */
void head_text(const char *start, const char *stop, struct strbuf *out);

/* `len` bytes read in `charset` as UTF-8 without control characters
 * (utf8_clean()); NULL when nothing is left. The caller frees it. */
char *head_utf8(const char *raw, size_t len, const char *charset);

/* The value of the numeric character reference whose digits start at `p`
 * (after "&#"), and in *end where it ends (after its ';', if any); 0 when
 * there are no digits. Values past 0x10FFFF stay past it. */
uint32_t head_reference_value(const char *p, const char *stop, const char **end);

#endif
