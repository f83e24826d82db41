/* head-scan.c: reading tags and their attributes in a page's raw bytes (see
 * head-scan.h). */
#include "normalise/head-scan.h"
#include "normalise/charset.h"
#include "base/alloc.h"
#include "base/utf8.h"

#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

const char *head_skip_space(const char *p, const char *end)
{
	while (p < end && isspace((unsigned char)*p))
		p++;
	return p;
}

/* The first `needle` (ASCII, lower case) in [p, end), in any case. Every
 * page's head is scanned several times (charsets, title, keywords): the
 * first byte is looked for first (memchr for '<', a bit test for a letter)
 * rather than comparing at every byte, and the second byte before the
 * rest. */
const char *head_find(const char *p, const char *end, const char *needle)
{
	size_t n = strlen(needle);
	int first = (unsigned char)needle[0];
	int letter = first >= 'a' && first <= 'z';
	while (end - p >= (ptrdiff_t)n) {
		if (!letter) {
			p = memchr(p, first, (size_t)(end - p) - n + 1);
			if (!p)
				return NULL;
		} else if (((unsigned char)*p | 0x20) != first) {
			p++;
			continue;
		}
		/* Most tags differ from the needle in their second byte: no
		 * call for them. (The locale is C: strncasecmp() folds ASCII
		 * only, so bytes that differ after |0x20 differ for it too.) */
		if (n > 1 && ((unsigned char)p[1] | 0x20) != ((unsigned char)needle[1] | 0x20)) {
			p++;
			continue;
		}
		if (!strncasecmp(p + 1, needle + 1, n - 1))
			return p;
		p++;
	}
	return NULL;
}

static const char *const head_tag_names[HEAD_TAG_KINDS] = {
	[HEAD_META] = "<meta", [HEAD_TITLE] = "<title", [HEAD_BASE] = "<base", [HEAD_LINK] = "<link",
};

void head_tags_scan(struct head_tags *tags, const char *html, const char *end)
{
	memset(tags, 0, sizeof(*tags));
	tags->end = end;
	if (end - html < 2)
		return;
	const char *last = end - 1;   /* a '<' needs a byte after it */
	for (const char *p = html; p < last && (p = memchr(p, '<', (size_t)(last - p))); p++) {
		enum head_tag tag;
		switch ((unsigned char)p[1] | 0x20) {
		case 'm': tag = HEAD_META; break;
		case 't': tag = HEAD_TITLE; break;
		case 'b': tag = HEAD_BASE; break;
		case 'l': tag = HEAD_LINK; break;
		default: continue;
		}
		size_t n = strlen(head_tag_names[tag]);
		if ((size_t)(end - p) < n || strncasecmp(p + 2, head_tag_names[tag] + 2, n - 2))
			continue;
		ARRAY_GROW(tags->at[tag], tags->count[tag], tags->alloc[tag], 16);
		tags->at[tag][tags->count[tag]++] = p;
	}
}

void head_tags_release(struct head_tags *tags)
{
	for (int tag = 0; tag < HEAD_TAG_KINDS; tag++)
		free(tags->at[tag]);
	memset(tags, 0, sizeof(*tags));
}

const char *head_tags_next(const struct head_tags *tags, enum head_tag tag, const char *from)
{
	const char *const *at = tags->at[tag];
	size_t lo = 0, hi = tags->count[tag];   /* the first at[i] >= from */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (at[mid] < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < tags->count[tag] ? at[lo] : NULL;
}

/* Text of the page's head as bytes of the page's charset: tags inside
 * dropped, white space collapsed, the common entities decoded (others
 * stay). */
void head_text(const char *start, const char *stop, struct strbuf *out)
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

/* The value of the attribute `name` in the tag [tag, close): *value and
 * *len; 0 when the tag has none. */
int head_attribute(const char *tag, const char *close, const char *name,
			 const char **value, size_t *len)
{
	size_t n = strlen(name);
	const char *p = tag;
	while ((p = head_find(p, close, name))) {
		const char *before = p - 1;
		p += n;
		if (!isspace((unsigned char)*before))
			continue;   /* the end of another attribute's name */
		const char *q = head_skip_space(p, close);
		if (q >= close || *q != '=')
			continue;
		q = head_skip_space(q + 1, close);
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

/* Does the attribute value [value, value + len) hold the word `word`
 * (ASCII, lower case) among its space-separated words, in any case? */
int head_has_word(const char *value, size_t len, const char *word)
{
	size_t n = strlen(word);
	for (size_t i = 0; i + n <= len; i++)
		if ((i == 0 || isspace((unsigned char)value[i - 1])) &&
		    (i + n == len || isspace((unsigned char)value[i + n])) &&
		    !strncasecmp(value + i, word, n))
			return 1;
	return 0;
}

/* The title in UTF-8 without control characters, read in `charset`. */
char *head_utf8(const char *raw, size_t len, const char *charset)
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

/* The value of the numeric character reference whose digits start at `p`
 * (after "&#"), and in *end where it ends (after its ';', if any); 0 when
 * there are no digits. Values past 0x10FFFF stay past it. */
uint32_t head_reference_value(const char *p, const char *stop, const char **end)
{
	int hex = p < stop && (*p == 'x' || *p == 'X');
	const char *digits = p + hex;
	uint32_t value = 0;
	for (p = digits; p < stop && (hex ? isxdigit((unsigned char)*p) : isdigit((unsigned char)*p));
	     p++) {
		unsigned digit = isdigit((unsigned char)*p) ? (unsigned)(*p - '0')
							    : (unsigned)(tolower((unsigned char)*p) - 'a' + 10);
		if (value <= 0x10FFFF)
			value = value * (hex ? 16 : 10) + digit;
	}
	if (p == digits)
		return 0;
	*end = p < stop && *p == ';' ? p + 1 : p;
	return value;
}

