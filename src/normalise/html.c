/* html.c: stage 1 for HTML: conversion, the wrapper, the head, the rules
 * (see html.h). */
#include "normalise/html.h"
#include "normalise/html-rules.h"
#include "normalise/head-scan.h"
#include "normalise/page-meta.h"
#include "normalise/charset.h"
#include "normalise/charset-choice.h"
#include "base/alloc.h"
#include "base/utf8.h"
#include "base/limits.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* What a CLEANEVAL wrapper says of its page (raw bytes of its attributes). */
struct wrapper {
	char *id, *title, *encoding;
};

static void wrapper_release(struct wrapper *w)
{
	free(w->id);
	free(w->title);
	free(w->encoding);
	w->id = w->title = w->encoding = NULL;
}

/* Parse the attributes of the <text ...> tag that start at `p` into `w`
 * (unknown ones are ignored) and return the '>' that closes the tag, or NULL
 * when the tag does not close within WRAPPER_MAX_BYTES. A '>' inside a
 * quoted value (title="News > World") does not close it. */
static const char *parse_wrapper_attributes(const char *p, const char *end, struct wrapper *w)
{
	if (end - p > WRAPPER_MAX_BYTES)
		end = p + WRAPPER_MAX_BYTES;
	while ((p = head_skip_space(p, end)) < end) {
		if (*p == '>')
			return p;
		const char *name = p;
		while (p < end && (isalnum((unsigned char)*p) || *p == '_' || *p == '-'))
			p++;
		size_t name_len = (size_t)(p - name);
		p = head_skip_space(p, end);
		if (!name_len || p >= end || *p != '=') {
			if (p < end && *p != '>')
				p++;   /* junk: skip it */
			continue;
		}
		p = head_skip_space(p + 1, end);
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
			slot = &w->id;
		else if (name_len == 5 && !strncasecmp(name, "title", 5))
			slot = &w->title;
		else if (name_len == 8 && !strncasecmp(name, "encoding", 8))
			slot = &w->encoding;
		if (slot) {
			free(*slot);
			*slot = xmemdup(value, value_len);
		}
	}
	return NULL;
}

/* If the page starts with a CLEANEVAL <text ...> wrapper, fill `w` from it
 * and narrow [*begin, *end) to the page inside it. */
static void strip_wrapper(const char **begin, const char **end, struct wrapper *w)
{
	const char *p = *begin, *e = *end;

	if (e - p >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
		p += 3;
	p = head_skip_space(p, e);
	if (e - p < 6 || strncasecmp(p, "<text", 5) || !isspace((unsigned char)p[5]))
		return;
	const char *close = parse_wrapper_attributes(p + 5, e, w);
	if (!close) {
		wrapper_release(w);   /* not a wrapper after all */
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

/* --- what the page says about itself ---------------------------------------- */

/* The next charset value of a <meta> element at or after *from, before
 * `end` (charset="x", or content="...; charset=x"): its first byte, with
 * *value_end after its last; *from moves past the value. NULL when there is
 * none. */
static const char *next_meta_charset(const char **from, const char *end, const char **value_end)
{
	for (const char *meta; (meta = head_find(*from, end, "<meta")); ) {
		const char *close = memchr(meta, '>', (size_t)(end - meta));
		if (!close)
			return NULL;   /* and no later tag closes either */
		/* On after the tag: a tag holding thousands of "<meta" is
		 * read once, not once for each (see raw_keywords()). */
		*from = close + 1;
		const char *at = head_find(meta, close, "charset=");
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

/* The text of <title>. */
static void raw_title(const char *html, const struct head_tags *tags, struct strbuf *out)
{
	const char *end = tags->end;
	const char *open = head_tags_next(tags, HEAD_TITLE, html);
	const char *start = open ? memchr(open, '>', (size_t)(end - open)) : NULL;
	const char *stop = start ? head_find(start, end, "</title") : NULL;

	if (stop)
		head_text(start + 1, stop, out);
}

/* The content of <meta name="keywords" content="...">, raw. Each loop
 * over tags here goes on after the tag it read, not after its name: a
 * head of "<meta<meta<meta...>" would otherwise have the rest of its tag
 * searched once for each "<meta" in it (15 s for 260 kB; issue 35). */
static void raw_keywords(const char *html, const struct head_tags *tags, struct strbuf *out)
{
	const char *end = tags->end, *close;
	for (const char *meta = html; (meta = head_tags_next(tags, HEAD_META, meta));
	     meta = close + 1) {
		close = memchr(meta, '>', (size_t)(end - meta));
		const char *value;
		size_t value_len;
		if (!close)
			break;
		if (!head_attribute(meta, close, "name", &value, &value_len) || value_len != 8 ||
		    strncasecmp(value, "keywords", 8))
			continue;
		if (head_attribute(meta, close, "content", &value, &value_len))
			head_text(value, value + value_len, out);
		return;
	}
}

/* The ASCII character of the numeric character reference at `p` ("&#x2F;",
 * "&#47;"), its length in `len`; 0 when there is none. */
static char ascii_reference(const char *p, size_t *len)
{
	if (p[0] != '&' || p[1] != '#')
		return 0;
	int hex = p[2] == 'x' || p[2] == 'X';
	const char *digit = p + 2 + hex;
	unsigned code = 0;
	for (; code < 0x80 && (hex ? isxdigit((unsigned char)*digit) : isdigit((unsigned char)*digit));
	     digit++)
		code = code * (hex ? 16 : 10) + (unsigned)(isdigit((unsigned char)*digit)
				 ? *digit - '0' : tolower((unsigned char)*digit) - 'a' + 10);
	if (*digit != ';' || digit == p + 2 + hex || code == 0 || code >= 0x80)
		return 0;
	*len = (size_t)(digit + 1 - p);
	return (char)code;
}

/* Numeric character references to ASCII characters in out[from..]
 * decoded, as a browser reads an attribute's URL; others stay (a URL is
 * ASCII; head_text() decodes the named ones it may hold). */
static void decode_ascii_references(struct strbuf *out, size_t from)
{
	size_t to = from, len;
	for (size_t at = from; at < out->len;) {
		char c = ascii_reference(out->buf + at, &len);
		out->buf[to++] = c ? c : out->buf[at];
		at += c ? len : 1;
	}
	strbuf_setlen(out, to);
}

static int http_url(const char *url, size_t len)
{
	return (len > 7 && !strncasecmp(url, "http://", 7)) ||
	       (len > 8 && !strncasecmp(url, "https://", 8));
}

/* The URL of an attribute's value [value, value + len) as an absolute
 * http(s) URL appended to `out`: trimmed (head_text(): href=" http://..."
 * is a browser's URL too), its character references decoded, a
 * protocol-relative one ("//host/path") given https:, a relative one
 * resolved against `base` (NULL: none) when it is an absolute URL, else
 * nothing. Resolved as far as a site needs: the host and the path. */
static void absolute_url(const char *value, size_t len, const char *base, struct strbuf *out)
{
	size_t before = out->len;
	head_text(value, value + len, out);
	decode_ascii_references(out, before);
	const char *url = out->buf + before;
	size_t url_len = out->len - before;
	if (http_url(url, url_len))
		return;
	struct strbuf relative = STRBUF_INIT;
	strbuf_add(&relative, url, url_len);
	strbuf_setlen(out, before);
	size_t scheme = strspn(relative.buf, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				"0123456789+-.");
	if (relative.len > 2 && !strncmp(relative.buf, "//", 2)) {
		strbuf_addstr(out, "https:");
		strbuf_add(out, relative.buf, relative.len);
	} else if (relative.len && relative.buf[scheme] != ':' && base) {
		const char *authority = strstr(base, "://") + 3;
		size_t origin = (size_t)(authority - base) + strcspn(authority, "/?#");
		size_t keep = origin;
		if (relative.buf[0] != '/') {   /* the base's directory */
			const char *slash = strrchr(base + origin, '/');
			keep = slash ? (size_t)(slash - base) : origin;
		}
		strbuf_add(out, base, keep);
		if (relative.buf[0] != '/')
			strbuf_addch(out, '/');
		strbuf_add(out, relative.buf, relative.len);
	}
	strbuf_release(&relative);
}

/* The href of the page's <base>, as an absolute http(s) URL, or nothing. */
static void raw_base(const char *html, const struct head_tags *tags, struct strbuf *out)
{
	const char *end = tags->end, *close;
	for (const char *at = html; (at = head_tags_next(tags, HEAD_BASE, at)); at = close + 1) {
		close = memchr(at, '>', (size_t)(end - at));
		const char *value;
		size_t value_len;
		if (!close)
			return;
		if (!isspace((unsigned char)at[5]) && at[5] != '/' && at[5] != '>')
			continue;   /* <basefont> is no <base> */
		if (head_attribute(at, close, "href", &value, &value_len))
			absolute_url(value, value_len, NULL, out);
		return;
	}
}

/* The page's own absolute URL, raw: the href of <link rel="canonical">,
 * else the content of <meta property="og:url">, each read by
 * absolute_url() (against the page's <base>); one that stays relative
 * names no site and is passed over. The tag's name must end where the
 * pattern does (<linkfoo> is another element). */
static void raw_canonical(const char *html, const struct head_tags *tags, struct strbuf *out)
{
	static const struct {
		enum head_tag tag;
		size_t tag_len;
		const char *name, *word, *value;
	} declarations[] = {
		{ HEAD_LINK, 5, "rel", "canonical", "href" },   /* <link */
		{ HEAD_META, 5, "property", "og:url", "content" },   /* <meta */
	};
	const char *end = tags->end;
	struct strbuf base = STRBUF_INIT;
	raw_base(html, tags, &base);
	size_t before = out->len;
	for (size_t d = 0; d < sizeof(declarations) / sizeof(declarations[0]) &&
			   out->len == before; d++) {
		size_t tag_len = declarations[d].tag_len;
		const char *close;
		for (const char *at = html; (at = head_tags_next(tags, declarations[d].tag, at));
		     at = close + 1) {
			close = memchr(at, '>', (size_t)(end - at));
			const char *value;
			size_t value_len;
			if (!close)
				break;
			char after = at[tag_len];   /* at most `close` */
			if (!isspace((unsigned char)after) && after != '/' && after != '>')
				continue;
			if (!head_attribute(at, close, declarations[d].name, &value, &value_len) ||
			    !head_has_word(value, value_len, declarations[d].word) ||
			    !head_attribute(at, close, declarations[d].value, &value, &value_len))
				continue;
			absolute_url(value, value_len, base.len ? base.buf : NULL, out);
			if (out->len > before)
				break;
		}
	}
	strbuf_release(&base);
}

/* Fill in what the page says of itself: its title (the wrapper's, else
 * <title>), keywords, canonical URL and metadata (page-meta.h), in UTF-8,
 * read in the charset decided for it. */
static void read_head(const char *html, size_t len, const char *wrapper_title,
		      struct page_info *info)
{
	const char *charset = info->charset.name;
	struct strbuf raw = STRBUF_INIT;
	struct head_tags tags;
	head_tags_scan(&tags, html, html + (len < HEAD_SCAN_BYTES ? len : HEAD_SCAN_BYTES));
	raw_keywords(html, &tags, &raw);
	if (raw.len)
		info->keywords = head_utf8(raw.buf, raw.len, charset);
	strbuf_reset(&raw);
	raw_canonical(html, &tags, &raw);
	if (raw.len)
		info->canonical = head_utf8(raw.buf, raw.len, charset);
	strbuf_reset(&raw);
	if (wrapper_title) {
		info->title = head_utf8(wrapper_title, strlen(wrapper_title), charset);
	} else {
		raw_title(html, &tags, &raw);
		if (raw.len)
			info->title = head_utf8(raw.buf, raw.len, charset);
	}
	head_tags_release(&tags);
	strbuf_release(&raw);
	page_meta_read(html, len, charset, info);
	page_meta_url_date(info, info->canonical);
	page_meta_url_date(info, info->url);
}

/* --- normalising ----------------------------------------------------------------- */

/* A page in a charset stage 1 must convert first (charset-choice.h): in
 * UTF-8 from now on, its <meta> declarations saying so. */
static int convert_first(struct charset_tables *tables, struct strbuf *html, const char *from,
			 struct nc_error *err)
{
	struct strbuf utf8 = STRBUF_INIT;
	int ret = charset_to_utf8_kept(tables, from, html->buf, html->len, &utf8, err);
	if (ret == 0) {
		html_declare_utf8(&utf8);
		strbuf_swap(&utf8, html);
	}
	strbuf_release(&utf8);
	return ret;
}

/* The default policy: every renderer reads the page in the charset chosen
 * here, so stage 1 converts it to UTF-8 itself (Lynx, told to assume a
 * charset, would still prefer a <meta> declaration that may be stale). */
static int read_in_utf8(struct charset_tables *tables, struct strbuf *html,
			struct charset_choice *choice,
			struct nc_error *err)
{
	if (!charset_is_utf8(choice->name)) {
		if (convert_first(tables, html, choice->name, err) < 0)
			return -1;
	} else {
		html_declare_utf8(html);
	}
	snprintf(choice->name, sizeof(choice->name), "utf-8");
	snprintf(choice->assume, sizeof(choice->assume), "utf-8");
	choice->converted = 1;
	return 0;
}

/* Numeric character references to 128-159 (&#146;, &#x92;, with or
 * without ';') name C1 control characters, but pages mean the characters
 * of windows-1252 there (’ for &#146;), and the HTML standard reads them
 * so; Lynx and libxml2 do not, and the controls then vanish from the text
 * ("don&#146;t" became "dont"). The page is in UTF-8 here: each such
 * reference becomes its character, which is shorter, in place. The five
 * numbers windows-1252 has no character for stay as they are. Not under
 * --paper, whose dumps stay the 2008 ones. */
static void decode_cp1252_references(struct strbuf *html)
{
	char *buf = html->buf, *end = buf + html->len, *out = buf;
	const char *kept = buf;   /* the bytes from here on are not yet moved to `out` */
	for (const char *amp = buf; (amp = memchr(amp, '&', (size_t)(end - amp)));) {
		const char *after = amp + 1;
		uint32_t value = after < end && *after == '#' ? head_reference_value(after + 1, end, &after)
							      : 0;
		uint32_t cp = value >= 0x80 && value < 0xA0 ? utf8_cp1252_char((unsigned char)value) : 0;
		if (!cp) {
			amp++;
			continue;
		}
		/* The reference has 5 bytes or more, its character 3 or fewer:
		 * `out` never passes `after`. */
		size_t keep = (size_t)(amp - kept);
		if (out != kept)
			memmove(out, kept, keep);
		out += keep;
		out += utf8_encode(cp, out);
		kept = amp = after;
	}
	if (kept == buf)
		return;
	size_t rest = (size_t)(end - kept);
	memmove(out, kept, rest);
	strbuf_setlen(html, (size_t)(out - buf) + rest);
}

/* The text of a <noscript> of this many characters or more outside links
 * is the page's own (a blog's posts, written there for readers without
 * scripts): below it, "enable JavaScript" and the like, which the rules
 * remove, and link lists (a network's menu repeated for them). */
#define NOSCRIPT_MIN_TEXT 200

/* Is [p, end) at a tag named `name` (`closing`: an end tag), the name
 * ending there? Case does not matter. */
static int at_tag(const char *p, const char *end, const char *name, int closing)
{
	size_t n = strlen(name);
	p += 1 + (closing != 0);
	return (size_t)(end - p) > n && (!closing || p[-1] == '/') && !strncasecmp(p, name, n) &&
	       !isalnum((unsigned char)p[n]);
}

/* Characters of text in [p, end) outside tags and links (white space not
 * counted); 0 when it holds markup written as text ("&lt;div"), which a
 * renderer would show as such. */
static size_t own_text_chars(const char *p, const char *end)
{
	size_t n = 0;
	int in_tag = 0, in_link = 0;
	for (; p < end; p++) {
		if (*p == '<') {
			if (at_tag(p, end, "a", 0))
				in_link = 1;
			else if (at_tag(p, end, "a", 1))
				in_link = 0;
			in_tag = 1;
		} else if (*p == '>') {
			in_tag = 0;
		} else if (!in_tag && *p == '&' && end - p >= 4 && !strncasecmp(p, "&lt;", 4)) {
			return 0;
		} else if (!in_tag && !in_link && !isspace((unsigned char)*p) &&
			   ((unsigned char)*p & 0xC0) != 0x80) {
			n++;
		}
	}
	return n;
}

/* The rules remove <noscript> blocks, whose text is most often a plea to
 * enable scripts; a renderer without scripts shows them, though, and some
 * pages write their whole text there (Google's blogs: the posts in a
 * script template and again in a <noscript>). A block of
 * NOSCRIPT_MIN_TEXT characters or more becomes a <div>, in place: the
 * tag's name is overwritten with "div" and spaces. Not under --paper. */
static void keep_long_noscripts(struct strbuf *html)
{
	char *p = html->buf, *end = p + html->len;
	while ((p = memchr(p, '<', (size_t)(end - p)))) {
		/* Most tags are not: their first letter says so without a call. */
		if (end - p < 2 || (p[1] | 0x20) != 'n' || !at_tag(p, end, "noscript", 0)) {
			p++;
			continue;
		}
		char *close = p + 1;
		while ((close = memchr(close, '<', (size_t)(end - close))) &&
		       !at_tag(close, end, "noscript", 1))
			close++;
		if (!close)
			return;
		if (own_text_chars(p, close) >= NOSCRIPT_MIN_TEXT) {
			memcpy(p + 1, "div     ", 8);
			memcpy(close + 2, "div     ", 8);
		}
		p = close + 1;
	}
}

/* Remove every NUL byte of the page (html.h: for Lynx). */
static void remove_nul(struct strbuf *html)
{
	char *out = memchr(html->buf, '\0', html->len);
	if (!out)
		return;
	for (const char *in = out, *end = html->buf + html->len; in < end; in++)
		if (*in)
			*out++ = *in;
	strbuf_setlen(html, (size_t)(out - html->buf));
}

int html_normalise(const struct rule_set *rules, struct rule_workspace *workspace,
		   struct charset_tables *tables, const struct charset_policy *policy,
		   const char *hint, unsigned flags, struct strbuf *html, struct page_info *info,
		   struct nc_error *err)
{
	struct wrapper wrapper = { 0 };

	memset(info, 0, sizeof(*info));
	const char *from = charset_convert_first(policy, hint);
	if (from) {
		if (convert_first(tables, html, from, err) < 0)
			return -1;
		charset_choose_converted(policy, from, &info->charset);
		hint = "utf-8";
	}
	const char *begin = html->buf, *end = html->buf + html->len;
	strip_wrapper(&begin, &end, &wrapper);
	size_t len = (size_t)(end - begin);
	char *declared = html_declared_charset(begin, len);
	charset_choose_html(policy, wrapper.encoding ? wrapper.encoding : hint, declared, begin, len,
			    &info->charset);
	free(declared);
	info->url = wrapper.id;
	wrapper.id = NULL;
	read_head(begin, len, wrapper.title, info);
	wrapper_release(&wrapper);

	/* In place: the page without its wrapper, then the rules. */
	memmove(html->buf, begin, len);
	strbuf_setlen(html, len);
	if (!policy->paper && !info->charset.converted && read_in_utf8(tables, html, &info->charset, err) < 0) {
		page_info_release(info);
		return -1;
	}
	if (!policy->paper)
		decode_cp1252_references(html);
	if (!policy->paper && rules)   /* what the rules would remove */
		keep_long_noscripts(html);
	if (flags & HTML_REMOVE_NUL)
		remove_nul(html);
	if (rules && html_rules_apply(rules, workspace, html, err) < 0) {
		page_info_release(info);
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
