/* html.c: CLEANEVAL wrapper handling and HTML rules (see html.h). */
#include "normalise/html.h"
#include "normalise/charset.h"
#include "base/alloc.h"
#include "base/utf8.h"

#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

void html_page_release(struct html_page *page)
{
	free(page->url);
	free(page->title);
	free(page->charset);
	free(page->declared);
	free(page->keywords);
	page->url = page->title = page->charset = page->declared = page->keywords = NULL;
}

/* A wrapper tag longer than this is not a wrapper (and bounds the scan). */
#define WRAPPER_MAX_BYTES 65536

static const char *skip_space(const char *p, const char *end)
{
	while (p < end && isspace((unsigned char)*p))
		p++;
	return p;
}

/* Parse the attributes of the <text ...> tag that start at `p` into `page`
 * (unknown ones are ignored) and return the '>' that closes the tag, or NULL
 * when the tag does not close within WRAPPER_MAX_BYTES. A '>' inside a
 * quoted value (title="News > World") does not close it. */
static const char *parse_wrapper_attributes(const char *p, const char *end,
					    struct html_page *page)
{
	if (end - p > WRAPPER_MAX_BYTES)
		end = p + WRAPPER_MAX_BYTES;
	while ((p = skip_space(p, end)) < end) {
		if (*p == '>')
			return p;
		const char *name = p;
		while (p < end && (isalnum((unsigned char)*p) || *p == '_' || *p == '-'))
			p++;
		size_t name_len = (size_t)(p - name);
		p = skip_space(p, end);
		if (!name_len || p >= end || *p != '=') {
			if (p < end && *p != '>')
				p++;   /* junk: skip it */
			continue;
		}
		p = skip_space(p + 1, end);
		char quote = p < end && (*p == '"' || *p == '\'') ? *p++ : 0;
		const char *value = p;
		while (p < end && (quote ? *p != quote : !isspace((unsigned char)*p) && *p != '>'))
			p++;
		if (quote && p >= end)
			return NULL;   /* an unclosed quote: not a wrapper we can read */
		size_t value_len = (size_t)(p - value);
		if (quote)
			p++;

		char **slot = NULL;
		if (name_len == 2 && !strncasecmp(name, "id", 2))
			slot = &page->url;
		else if (name_len == 5 && !strncasecmp(name, "title", 5))
			slot = &page->title;
		else if (name_len == 8 && !strncasecmp(name, "encoding", 8))
			slot = &page->charset;
		if (slot) {
			free(*slot);
			*slot = xmemdup(value, value_len);
		}
	}
	return NULL;
}

/* If the page starts with a CLEANEVAL <text ...> wrapper, fill `page` from it
 * and narrow [*begin, *end) to the page inside it. */
static void strip_wrapper(const char **begin, const char **end, struct html_page *page)
{
	const char *p = *begin, *e = *end;

	if (e - p >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
		p += 3;
	p = skip_space(p, e);
	if (e - p < 6 || strncasecmp(p, "<text", 5) || !isspace((unsigned char)p[5]))
		return;
	const char *close = parse_wrapper_attributes(p + 5, e, page);
	if (!close) {
		html_page_release(page);   /* not a wrapper after all */
		return;
	}
	*begin = close + 1;

	/* Drop the closing </text> when only white space follows it. */
	const char *q = e;
	while (q > *begin && isspace((unsigned char)q[-1]))
		q--;
	if (q - *begin >= 7 && !strncasecmp(q - 7, "</text>", 7))
		*end = q - 7;
}

static int is_utf8_name(const char *name)
{
	return !strcasecmp(name, "utf8") || !strcasecmp(name, "utf-8");
}

/* A charset name as IANA registers them: letters, digits and a few
 * punctuation marks, at most 40 characters. Anything else in the wrapper's
 * encoding attribute is junk and must not reach Lynx's command line. */
static int is_charset_name(const char *name)
{
	size_t n = 0;
	for (; name[n]; n++)
		if (!isalnum((unsigned char)name[n]) && !strchr("-_.:+()", name[n]))
			return 0;
	return n > 0 && n <= 40;
}

const char *html_pick_charset(const char *hint, const char *html, size_t len, int *fallback)
{
	int has_hint = hint && is_charset_name(hint) && strcasecmp(hint, "unset") &&
		       strcasecmp(hint, "unknown");
	int non_ascii = utf8_has_non_ascii(html, len);
	int valid_utf8 = non_ascii && utf8_is_valid(html, len);

	*fallback = 0;
	if (has_hint && is_utf8_name(hint))
		return valid_utf8 || !non_ascii ? "utf-8" : "windows-1252";
	if (valid_utf8)
		return "utf-8";
	if (has_hint && strcasecmp(hint, "iso-8859-1") && strcasecmp(hint, "latin1") &&
	    strcasecmp(hint, "us-ascii"))
		return hint;
	*fallback = !has_hint && non_ascii;
	return "windows-1252";
}

/* --- what the page says about itself ---------------------------------------- */

/* Pages declare their charset and title near the top; looking further is
 * only cost. */
#define HEAD_SCAN_BYTES (256u << 10)

static const char *find_nocase(const char *p, const char *end, const char *needle)
{
	size_t n = strlen(needle);
	for (; end - p >= (ptrdiff_t)n; p++)
		if (!strncasecmp(p, needle, n))
			return p;
	return NULL;
}

/* The next charset value of a <meta> element at or after *from, before
 * `end` (charset="x", or content="...; charset=x"): its first byte, with
 * *value_end after its last; *from moves past the value. NULL when there is
 * none. */
static const char *next_meta_charset(const char **from, const char *end, const char **value_end)
{
	for (const char *meta; (meta = find_nocase(*from, end, "<meta")); ) {
		*from = meta + 5;
		const char *close = memchr(meta, '>', (size_t)(end - meta));
		const char *at = close ? find_nocase(meta, close, "charset=") : NULL;
		if (!at)
			continue;
		at += 8;
		while (at < close && (*at == '"' || *at == '\'' || isspace((unsigned char)*at)))
			at++;
		const char *stop = at;
		while (stop < close && (isalnum((unsigned char)*stop) || strchr("-_.:+()", *stop)))
			stop++;
		*value_end = stop;
		*from = stop;   /* a later "<meta" inside this element must not find it again */
		return at;
	}
	return NULL;
}

char *html_declared_charset(const char *html, size_t len)
{
	const char *end = html + (len < HEAD_SCAN_BYTES ? len : HEAD_SCAN_BYTES);
	const char *at, *stop;
	for (const char *from = html; (at = next_meta_charset(&from, end, &stop));)
		if (stop > at && stop - at < 40)
			return xmemdup(at, (size_t)(stop - at));
	return NULL;
}

/* Text of the page's head as bytes of the page's charset: tags inside
 * dropped, white space collapsed, the common entities decoded (others
 * stay). */
static void head_text(const char *start, const char *stop, struct strbuf *out)
{
	static const struct { const char *entity; char c; } entities[] = {
		{ "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' },
		{ "&#39;", '\'' }, { "&apos;", '\'' }, { "&nbsp;", ' ' },
	};
	int space = 1, in_tag = 0;

	for (const char *p = start; p < stop; p++) {
		char c = *p;
		if (in_tag || c == '<') {
			in_tag = c != '>';
			continue;
		}
		if (c == '&') {
			for (size_t i = 0; i < sizeof(entities) / sizeof(entities[0]); i++) {
				size_t n = strlen(entities[i].entity);
				if ((size_t)(stop - p) >= n && !strncasecmp(p, entities[i].entity, n)) {
					c = entities[i].c;
					p += n - 1;
					break;
				}
			}
		}
		if (isspace((unsigned char)c)) {
			if (!space)
				strbuf_addch(out, ' ');
			space = 1;
		} else {
			strbuf_addch(out, c);
			space = 0;
		}
	}
	if (out->len && out->buf[out->len - 1] == ' ')
		strbuf_setlen(out, out->len - 1);
}

/* The text of <title>. */
static void raw_title(const char *html, size_t len, struct strbuf *out)
{
	const char *end = html + (len < HEAD_SCAN_BYTES ? len : HEAD_SCAN_BYTES);
	const char *open = find_nocase(html, end, "<title");
	const char *start = open ? memchr(open, '>', (size_t)(end - open)) : NULL;
	const char *stop = start ? find_nocase(start, end, "</title") : NULL;

	if (stop)
		head_text(start + 1, stop, out);
}

/* The value of the attribute `name` in the tag [tag, close): *value and
 * *len; 0 when the tag has none. */
static int tag_attribute(const char *tag, const char *close, const char *name,
			 const char **value, size_t *len)
{
	size_t n = strlen(name);
	const char *p = tag;
	while ((p = find_nocase(p, close, name))) {
		const char *before = p - 1;
		p += n;
		if (!isspace((unsigned char)*before))
			continue;   /* the end of another attribute's name */
		const char *q = skip_space(p, close);
		if (q >= close || *q != '=')
			continue;
		q = skip_space(q + 1, close);
		char quote = q < close && (*q == '"' || *q == '\'') ? *q++ : 0;
		const char *v = q;
		while (q < close && (quote ? *q != quote : !isspace((unsigned char)*q)))
			q++;
		*value = v;
		*len = (size_t)(q - v);
		return 1;
	}
	return 0;
}

/* The content of <meta name="keywords" content="...">, raw. */
static void raw_keywords(const char *html, size_t len, struct strbuf *out)
{
	const char *end = html + (len < HEAD_SCAN_BYTES ? len : HEAD_SCAN_BYTES);
	for (const char *meta = html; (meta = find_nocase(meta, end, "<meta")); meta += 5) {
		const char *close = memchr(meta, '>', (size_t)(end - meta));
		const char *value;
		size_t value_len;
		if (!close)
			break;
		if (!tag_attribute(meta, close, "name", &value, &value_len) || value_len != 8 ||
		    strncasecmp(value, "keywords", 8))
			continue;
		if (tag_attribute(meta, close, "content", &value, &value_len))
			head_text(value, value + value_len, out);
		return;
	}
}

/* The title in UTF-8 without control characters, read in `charset`. */
static char *title_in_utf8(const char *raw, size_t len, const char *charset)
{
	struct strbuf utf8 = STRBUF_INIT, clean = STRBUF_INIT;
	if (strcasecmp(charset, "utf-8") && strcasecmp(charset, "utf8") &&
	    charset_to_utf8(charset, raw, len, &utf8, NULL) == 0) {
		raw = utf8.buf;
		len = utf8.len;
	}
	utf8_clean(raw, len, &clean);
	strbuf_release(&utf8);
	return clean.len ? strbuf_detach(&clean, NULL) : (strbuf_release(&clean), NULL);
}

/* Fill in what the page says of itself: its declared charset, and its
 * title (the wrapper's, else <title>) in UTF-8. */
static void read_head(const char *html, size_t len, struct html_page *page)
{
	page->declared = html_declared_charset(html, len);
	const char *effective = page->declared && charset_known(page->declared) ? page->declared
										: page->charset;
	struct strbuf raw = STRBUF_INIT;
	raw_keywords(html, len, &raw);
	if (raw.len)
		page->keywords = title_in_utf8(raw.buf, raw.len, effective);
	strbuf_reset(&raw);
	if (page->title) {
		char *title = title_in_utf8(page->title, strlen(page->title), effective);
		free(page->title);
		page->title = title;
	} else {
		raw_title(html, len, &raw);
		if (raw.len)
			page->title = title_in_utf8(raw.buf, raw.len, effective);
	}
	strbuf_release(&raw);
}

/* --- normalising ----------------------------------------------------------------- */

int html_normalise(const struct rule_set *rules, struct rule_workspace *workspace,
		   struct strbuf *html, const char *hint, int detect, struct html_page *page,
		   struct nc_error *err)
{
	const char *begin = html->buf, *end = html->buf + html->len;

	memset(page, 0, sizeof(*page));
	strip_wrapper(&begin, &end, page);

	size_t len = (size_t)(end - begin);
	char guess[CHARSET_NAME_MAX];
	int fallback = 0;
	const char *charset = html_pick_charset(page->charset ? page->charset : hint, begin, len,
						&fallback);
	/* No usable hint and not UTF-8: rather than windows-1252 blindly (the
	 * 2008 way), what uchardet makes of the bytes. Lynx still prefers a
	 * charset the page declares. */
	if (fallback && detect && charset_guess(begin, len, guess) == 0)
		charset = guess;
	char *chosen = xstrdup(charset);
	free(page->charset);
	page->charset = chosen;
	read_head(begin, len, page);

	/* In place: the page without its wrapper, then the rules. */
	memmove(html->buf, begin, len);
	strbuf_setlen(html, len);
	if (rules && rule_set_apply(rules, workspace, html, err) < 0) {
		html_page_release(page);
		return -1;
	}
	return 0;
}

void html_declare_utf8(struct strbuf *html)
{
	const char *end = html->buf + (html->len < HEAD_SCAN_BYTES ? html->len : HEAD_SCAN_BYTES);
	struct strbuf out = STRBUF_INIT;
	const char *copied = html->buf;

	const char *at, *stop;
	for (const char *from = html->buf; (at = next_meta_charset(&from, end, &stop));) {
		strbuf_add(&out, copied, (size_t)(at - copied));
		strbuf_addstr(&out, "utf-8");
		copied = stop;
	}
	if (copied == html->buf)
		return;
	strbuf_add(&out, copied, (size_t)(html->buf + html->len - copied));
	strbuf_swap(&out, html);
	strbuf_release(&out);
}
