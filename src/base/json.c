/* json.c: JSON string literals and numbers (see json.h). */
#include "base/json.h"
#include "base/utf8.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The escape of an ASCII byte, or NULL when it stands for itself. */
static const char *ascii_escape(unsigned char c, char spare[7])
{
	static const char hex[] = "0123456789abcdef";

	switch (c) {
	case '"': return "\\\"";
	case '\\': return "\\\\";
	case '\b': return "\\b";
	case '\f': return "\\f";
	case '\n': return "\\n";
	case '\r': return "\\r";
	case '\t': return "\\t";
	default: break;
	}
	if (c >= 0x20 && c != 0x7f)
		return NULL;
	memcpy(spare, "\\u00", 4);
	spare[4] = hex[c >> 4];
	spare[5] = hex[c & 15];
	spare[6] = '\0';
	return spare;
}

void json_add_string(struct strbuf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	strbuf_grow(out, len + 2);
	strbuf_addch(out, '"');
	while (p < end) {
		/* Runs of plain ASCII are copied at once. */
		const unsigned char *run = p;
		while (p < end && *p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\')
			p++;
		strbuf_add(out, run, (size_t)(p - run));
		if (p == end)
			break;
		if (*p < 0x80) {
			char spare[7];
			strbuf_addstr(out, ascii_escape(*p, spare));
			p++;
			continue;
		}
		uint32_t cp;
		size_t n = utf8_decode(p, (size_t)(end - p), &cp);
		if (!n) {
			strbuf_addstr(out, "\xef\xbf\xbd");
			p++;
		} else if (cp == 0x2028 || cp == 0x2029) {
			strbuf_addstr(out, cp == 0x2028 ? "\\u2028" : "\\u2029");
			p += n;
		} else if (cp < 0xa0) {
			strbuf_addf(out, "\\u%04x", (unsigned)cp);   /* a C1 control */
			p += n;
		} else {
			strbuf_add(out, p, n);
			p += n;
		}
	}
	strbuf_addch(out, '"');
}

void json_add_cstring(struct strbuf *out, const char *s)
{
	if (s)
		json_add_string(out, s, strlen(s));
	else
		strbuf_addstr(out, "null");
}

void json_add_number(struct strbuf *out, double value, int decimals)
{
	if (isfinite(value))
		strbuf_addf(out, "%.*f", decimals, value);
	else
		strbuf_addstr(out, "null");
}
