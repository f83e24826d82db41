/* page-info.c: what a page says about itself (see page-info.h). */
#include "normalise/page-info.h"
#include "base/alloc.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void page_info_release(struct page_info *info)
{
	free(info->url);
	free(info->title);
	free(info->keywords);
	free(info->canonical);
	for (int f = 0; f < META_FIELDS; f++)
		free(info->meta[f]);
	memset(info, 0, sizeof(*info));
}

/* Each string as its length (UINT32_MAX for none) and its bytes, then the
 * charset choice as it is in memory (the same process reads it back). */
static void save_string(const char *s, struct strbuf *out)
{
	uint32_t len = s ? (uint32_t)strlen(s) : UINT32_MAX;
	strbuf_add(out, &len, sizeof(len));
	if (s)
		strbuf_add(out, s, len);
}

void page_info_save(const struct page_info *info, struct strbuf *out)
{
	save_string(info->url, out);
	save_string(info->title, out);
	save_string(info->keywords, out);
	save_string(info->canonical, out);
	for (int f = 0; f < META_FIELDS; f++)
		save_string(info->meta[f], out);
	strbuf_add(out, &info->charset, sizeof(info->charset));
}

static int restore_string(char **s, const char **p, const char *end)
{
	uint32_t len;
	if ((size_t)(end - *p) < sizeof(len))
		return -1;
	memcpy(&len, *p, sizeof(len));
	*p += sizeof(len);
	if (len == UINT32_MAX)
		return 0;
	if ((size_t)(end - *p) < len)
		return -1;
	*s = xmemdup(*p, len);
	*p += len;
	return 0;
}

int page_info_restore(struct page_info *info, const char *data, size_t len)
{
	const char *p = data, *end = data + len;
	memset(info, 0, sizeof(*info));
	char **strings[4 + META_FIELDS] = { &info->url, &info->title, &info->keywords,
					    &info->canonical };
	for (int f = 0; f < META_FIELDS; f++)
		strings[4 + f] = &info->meta[f];
	for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
		if (restore_string(strings[i], &p, end) < 0) {
			page_info_release(info);
			return -1;
		}
	if ((size_t)(end - p) != sizeof(info->charset)) {
		page_info_release(info);
		return -1;
	}
	memcpy(&info->charset, p, sizeof(info->charset));
	return 0;
}

const char *page_info_url(const struct page_info *info, const struct page *page,
			  int by_canonical)
{
	if (page->url)
		return page->url;
	if (info->url)
		return info->url;
	return by_canonical && info->canonical ? info->canonical : page->name;
}

const char *page_info_date(const struct page_info *info)
{
	return info->meta[META_PUBLISHED] ? info->meta[META_PUBLISHED] : info->meta[META_MODIFIED];
}

/* The host of an absolute URL ("scheme://[user@]host[:port]..."), into
 * `host`: 0 when `url` is none. The user part ends at the last '@' of the
 * authority (a browser goes to what follows it, whatever comes before); an
 * IPv6 literal keeps its brackets ("[2001:db8::1]", whose colons are not a
 * port's); a fully qualified name's final dot goes ("example.com." is
 * example.com). */
static int url_host(const char *url, struct strbuf *host)
{
	const char *p = url;
	while (isspace((unsigned char)*p))
		p++;
	const char *scheme = p;
	while (isalnum((unsigned char)*p) || *p == '+' || *p == '-' || *p == '.')
		p++;
	if (p == scheme || strncmp(p, "://", 3))
		return 0;
	p += 3;
	size_t len = 0;
	while ((unsigned char)p[len] > ' ' && !strchr("/?#", p[len]))
		len++;
	for (size_t i = len; i > 0; i--)
		if (p[i - 1] == '@') {
			len -= i;
			p += i;
			break;
		}
	if (len && *p == '[') {
		const char *close = memchr(p, ']', len);
		if (!close)
			return 0;
		len = (size_t)(close + 1 - p);
	} else {
		const char *colon = memchr(p, ':', len);
		if (colon)
			len = (size_t)(colon - p);
		while (len && p[len - 1] == '.')
			len--;
		if (len > 4 && !strncasecmp(p, "www.", 4)) {
			p += 4;
			len -= 4;
		}
	}
	if (!len)
		return 0;
	strbuf_reset(host);
	for (size_t i = 0; i < len; i++)
		strbuf_addch(host, (char)tolower((unsigned char)p[i]));
	return 1;
}

int page_info_site(const struct page_info *info, const struct page *page, struct strbuf *host)
{
	const char *urls[] = { page->url, info->url, info->canonical };
	for (size_t i = 0; i < sizeof(urls) / sizeof(urls[0]); i++)
		if (urls[i] && url_host(urls[i], host))
			return 1;
	return 0;
}
