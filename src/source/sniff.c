/* sniff.c: deciding what an input is from its first bytes (see sniff.h for
 * the rules, which this file applies in order). */
#include "source/sniff.h"
#include "base/ascii.h"

#include <string.h>
#include <strings.h>

/* Tags that mark HTML. The first three alone are enough anywhere in the
 * block; the others count towards SNIFF_MIN_BLOCK_TAGS. */
static const char *const block_tags[] = {
	"html", "head", "body",
	"p", "div", "table", "tr", "td", "th", "title", "meta", "link", "script", "style",
	"h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "br", "hr",
	"span", "a", "form", "iframe", "frameset", "frame", "center", "font", "pre",
	"blockquote", "img", "section", "article", "header", "nav", "footer", "main",
	"noscript", "base",
};
enum { STRONG_TAGS = 3 };

static int is_name_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The index in block_tags of the tag at `p` ('<', maybe '/', a name ended by
 * white space, '>' or '/'), or -1. */
static int tag_at(const char *p, const char *end)
{
	p++;
	if (p < end && *p == '/')
		p++;
	const char *name = p;
	while (p < end && is_name_char((unsigned char)*p))
		p++;
	size_t len = (size_t)(p - name);
	if (!len || p == end || !(ascii_is_space((unsigned char)*p) || *p == '>' || *p == '/'))
		return -1;
	for (size_t i = 0; i < sizeof(block_tags) / sizeof(block_tags[0]); i++)
		if (strlen(block_tags[i]) == len && !strncasecmp(block_tags[i], name, len))
			return (int)i;
	return -1;
}

/* Skip what may precede the first tag: a UTF-8 BOM, white space, comments,
 * XML declarations and processing instructions. */
static const char *skip_prolog(const char *p, const char *end)
{
	if (end - p >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	for (;;) {
		while (p < end && ascii_is_space((unsigned char)*p))
			p++;
		const char *close = NULL;
		if (end - p >= 4 && !memcmp(p, "<!--", 4))
			close = memmem(p + 4, (size_t)(end - p - 4), "-->", 3);
		else if (end - p >= 2 && !memcmp(p, "<?", 2))
			close = memmem(p + 2, (size_t)(end - p - 2), "?>", 2);
		else
			return p;
		if (!close)
			return p;
		p = close + (p[1] == '!' ? 3 : 2);
	}
}

static int looks_like_html(const char *data, size_t len)
{
	const char *end = data + len;
	const char *p = skip_prolog(data, end);
	static const char doctype[] = "<!doctype html";

	if ((size_t)(end - p) >= sizeof(doctype) - 1 &&
	    !strncasecmp(p, doctype, sizeof(doctype) - 1))
		return 1;
	/* A CLEANEVAL page: <text id="URL" ...> around the HTML. */
	if (end - p > 6 && !strncasecmp(p, "<text", 5) && ascii_is_space((unsigned char)p[5]))
		return 1;
	if (p < end && *p == '<' && tag_at(p, end) >= 0)
		return 1;
	int tags = 0;
	for (p = memchr(data, '<', len); p; p = memchr(p + 1, '<', (size_t)(end - p - 1))) {
		int tag = tag_at(p, end);
		if (tag >= 0 && (tag < STRONG_TAGS || ++tags >= SNIFF_MIN_BLOCK_TAGS))
			return 1;
		if (p + 1 >= end)
			break;
	}
	return 0;
}

static int looks_binary(const unsigned char *data, size_t len)
{
	size_t controls = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = data[i];
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\v' && c != '\f' && c != '\r' &&
		     c != 0x1b) || c == 0x7f)
			controls++;
	}
	return controls * SNIFF_CONTROL_SHARE > len;
}

static int has_prefix(const char *data, size_t len, const char *prefix, size_t prefix_len)
{
	return len >= prefix_len && !memcmp(data, prefix, prefix_len);
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* After an optional UTF-8 BOM and empty lines: "WARC/" DIGITS "." DIGITS
 * and the line's end. Any version: one the reader does not know is its
 * error to report, not a page of WARC headers. */
static int looks_like_warc(const char *data, size_t len)
{
	const char *p = data, *end = data + len;

	if (has_prefix(p, len, "\xef\xbb\xbf", 3))
		p += 3;
	while (p < end && (*p == '\r' || *p == '\n'))
		p++;
	if (!has_prefix(p, (size_t)(end - p), "WARC/", 5))
		return 0;
	p += 5;
	const char *major = p;
	while (p < end && is_digit(*p))
		p++;
	if (p == major || p == end || *p++ != '.')
		return 0;
	const char *minor = p;
	while (p < end && is_digit(*p))
		p++;
	return p > minor && (has_prefix(p, (size_t)(end - p), "\r\n", 2) ||
			     has_prefix(p, (size_t)(end - p), "\n", 1));
}

/* FF FE 00 00 begins UTF-32LE, or UTF-16LE whose first character is NUL.
 * Browsers take it for UTF-16LE (the WHATWG Encoding Standard knows no
 * UTF-32), and so does this unless what follows is made of UTF-32LE code
 * units: the two high bytes of each at most 00 10, which UTF-16LE text is
 * not (an ASCII character fills the third byte of a unit). */
static int utf32le_follows(const unsigned char *data, size_t len)
{
	if (len < 8)
		return 0;
	for (size_t i = 4; i + 4 <= len; i += 4)
		if (data[i + 3] != 0 || data[i + 2] > 0x10)
			return 0;
	return 1;
}

enum sniff_kind sniff_bytes(const char *data, size_t len)
{
	if (len > SNIFF_BLOCK)
		len = SNIFF_BLOCK;
	if (has_prefix(data, len, "\x1f\x8b\x08", 3))
		return SNIFF_GZIP;
	if (has_prefix(data, len, "\xff\xfe\0\0", 4) && utf32le_follows((const unsigned char *)data, len))
		return SNIFF_UTF32LE;
	if (has_prefix(data, len, "\0\0\xfe\xff", 4))
		return SNIFF_UTF32BE;
	if (has_prefix(data, len, "\xff\xfe", 2))
		return SNIFF_UTF16LE;
	if (has_prefix(data, len, "\xfe\xff", 2))
		return SNIFF_UTF16BE;
	if (looks_like_warc(data, len))
		return SNIFF_WARC;
	if (looks_binary((const unsigned char *)data, len))
		return SNIFF_BINARY;
	if (looks_like_html(data, len))
		return SNIFF_HTML;
	return SNIFF_TEXT;
}

const char *sniff_kind_name(enum sniff_kind kind)
{
	switch (kind) {
	case SNIFF_TEXT: return "text";
	case SNIFF_HTML: return "html";
	case SNIFF_WARC: return "warc";
	case SNIFF_GZIP: return "gzip";
	case SNIFF_UTF16LE: return "utf-16le";
	case SNIFF_UTF16BE: return "utf-16be";
	case SNIFF_UTF32LE: return "utf-32le";
	case SNIFF_UTF32BE: return "utf-32be";
	case SNIFF_BINARY: return "binary";
	}
	return "unknown";
}

const char *sniff_kind_charset(enum sniff_kind kind)
{
	switch (kind) {
	case SNIFF_UTF16LE: return "UTF-16LE";
	case SNIFF_UTF16BE: return "UTF-16BE";
	case SNIFF_UTF32LE: return "UTF-32LE";
	case SNIFF_UTF32BE: return "UTF-32BE";
	default: return NULL;
	}
}
