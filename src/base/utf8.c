/* utf8.c: UTF-8 decoding and cleaning (see utf8.h). */
#include "base/utf8.h"
#include "base/swar.h"

size_t utf8_decode(const unsigned char *s, size_t len, uint32_t *cp)
{
	unsigned char c = s[0];

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c < 0xC2 || c > 0xF4)
		return 0;
	size_t n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
	if (len < n)
		return 0;
	uint32_t v = c & (0x7F >> n);
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	/* Overlong forms (C0/C1 lead bytes excluded above), surrogates, > U+10FFFF. */
	if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10FFFF)) ||
	    (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return n;
}

int utf8_is_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	uint32_t cp;

	while ((p += swar_ascii_run(p, end)) < end) {
		size_t n = utf8_decode(p, (size_t)(end - p), &cp);
		if (!n)
			return 0;
		p += n;
	}
	return 1;
}

int utf8_has_non_ascii(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	return swar_ascii_run(p, p + len) < len;
}

void utf8_escape_controls(const char *s, size_t len, const char *escape, struct strbuf *out)
{
	const unsigned char *p = (const unsigned char *)s;

	while (len) {
		uint32_t cp;
		size_t n = utf8_decode(p, len, &cp);
		if (n == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
			n = n ? n : 1;
			for (size_t i = 0; i < n; i++)
				strbuf_addf(out, escape, (unsigned)p[i]);
		} else {
			strbuf_add(out, p, n);
		}
		p += n;
		len -= n;
	}
}

void utf8_clean(const char *s, size_t len, struct strbuf *out)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	uint32_t cp;

	strbuf_grow(out, len);
	while (p < end) {
		const unsigned char *run = p;
		/* Copy runs of ordinary printable ASCII in one go: the common case,
		 * eight bytes a step while it lasts. */
		while (SWAR_WORDS && end - p >= 8) {
			uint64_t v = swar_load(p);
			if (swar_high(v) || swar_below(v, 0x20) || swar_equal(v, 0x7F))
				break;
			p += 8;
		}
		while (p < end && *p >= 0x20 && *p < 0x7F)
			p++;
		if (p > run)
			strbuf_add(out, run, (size_t)(p - run));
		if (p >= end)
			break;
		if (*p < 0x80) {
			if (*p == '\n')
				strbuf_addch(out, '\n');
			else if (*p == '\t' || *p == '\r' || *p == '\f' || *p == '\v')
				strbuf_addch(out, ' ');
			p++;
			continue;
		}
		size_t n = utf8_decode(p, (size_t)(end - p), &cp);
		if (!n) {
			p++;
			continue;
		}
		if (!(cp >= 0x80 && cp < 0xA0) && cp != 0xFEFF && cp != 0xFFFD)
			strbuf_add(out, p, n);
		p += n;
	}
}

/* windows-1252 bytes 0x80-0x9F; 0 where the code page leaves a hole. */
static const uint16_t cp1252_high[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178
};

uint32_t utf8_cp1252_char(unsigned char byte)
{
	return byte >= 0x80 && byte < 0xA0 ? cp1252_high[byte - 0x80] : byte;
}

size_t utf8_encode(uint32_t cp, char *out)
{
	unsigned char *p = (unsigned char *)out;
	if (cp < 0x80) {
		p[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		p[0] = (unsigned char)(0xC0 | (cp >> 6));
		p[1] = (unsigned char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		p[0] = (unsigned char)(0xE0 | (cp >> 12));
		p[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
		p[2] = (unsigned char)(0x80 | (cp & 0x3F));
		return 3;
	}
	p[0] = (unsigned char)(0xF0 | (cp >> 18));
	p[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
	p[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
	p[3] = (unsigned char)(0x80 | (cp & 0x3F));
	return 4;
}

void utf8_from_cp1252(const char *s, size_t len, struct strbuf *out)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char byte = (unsigned char)s[i];
		uint32_t cp = utf8_cp1252_char(byte);
		char bytes[4];
		if (cp || !byte)   /* a hole of the code page is dropped */
			strbuf_add(out, bytes, utf8_encode(cp, bytes));
	}
}
