/* html.c: CLEANEVAL wrapper handling and HTML rules (see html.h). */
#include "normalise/html.h"
#include "base/alloc.h"
#include "base/utf8.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

void html_page_release(struct html_page *page)
{
	free(page->url);
	free(page->title);
	free(page->charset);
	page->url = page->title = page->charset = NULL;
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

const char *html_pick_charset(const char *hint, const char *html, size_t len)
{
	int has_hint = hint && is_charset_name(hint) && strcasecmp(hint, "unset") &&
		       strcasecmp(hint, "unknown");
	int non_ascii = utf8_has_non_ascii(html, len);
	int valid_utf8 = non_ascii && utf8_is_valid(html, len);

	if (has_hint && is_utf8_name(hint))
		return valid_utf8 || !non_ascii ? "utf-8" : "windows-1252";
	if (valid_utf8)
		return "utf-8";
	if (has_hint && strcasecmp(hint, "iso-8859-1") && strcasecmp(hint, "latin1") &&
	    strcasecmp(hint, "us-ascii"))
		return hint;
	return "windows-1252";
}

int html_normalise(const struct rule_set *rules, struct rule_workspace *workspace,
		   struct strbuf *html, const char *hint, struct html_page *page,
		   struct nc_error *err)
{
	const char *begin = html->buf, *end = html->buf + html->len;

	page->url = page->title = page->charset = NULL;
	strip_wrapper(&begin, &end, page);

	const char *charset = html_pick_charset(page->charset ? page->charset : hint, begin,
						(size_t)(end - begin));
	char *chosen = xstrdup(charset);
	free(page->charset);
	page->charset = chosen;

	/* In place: the page without its wrapper, then the rules. */
	size_t len = (size_t)(end - begin);
	memmove(html->buf, begin, len);
	strbuf_setlen(html, len);
	if (rules && rule_set_apply(rules, workspace, html, err) < 0) {
		html_page_release(page);
		return -1;
	}
	return 0;
}
