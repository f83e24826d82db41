/* charset.c: guessing and converting character sets (see charset.h). */
#include "normalise/charset.h"
#include "base/alloc.h"
#include "base/swar.h"

#include <errno.h>
#include <iconv.h>
#include <string.h>
#include <strings.h>

struct charset_decoder {
	iconv_t cd;
	size_t unit;           /* bytes of a code unit: 2 for UTF-16, 4 for UTF-32, else 1 */
	int utf8;              /* from UTF-8: ASCII passes without iconv (utf8_spans()) */
	char pending[16];      /* the start of a sequence cut by the end of a feed */
	size_t pending_len;
};

int charset_known(const char *name)
{
	iconv_t cd = iconv_open("UTF-8", name);
	if (cd == (iconv_t)-1)
		return 0;
	iconv_close(cd);
	return 1;
}

const char *charset_of_bom(const char *data, size_t len, size_t *bom_len)
{
	const unsigned char *p = (const unsigned char *)data;
	static const struct { const char *bytes; size_t len; const char *name; } boms[] = {
		{ "\x00\x00\xFE\xFF", 4, "UTF-32BE" },
		{ "\xFF\xFE\x00\x00", 4, "UTF-32LE" },   /* before UTF-16LE, which it starts with */
		{ "\xEF\xBB\xBF", 3, "UTF-8" },
		{ "\xFE\xFF", 2, "UTF-16BE" },
		{ "\xFF\xFE", 2, "UTF-16LE" },
	};
	for (size_t i = 0; i < sizeof(boms) / sizeof(boms[0]); i++) {
		if (len >= boms[i].len && !memcmp(p, boms[i].bytes, boms[i].len)) {
			*bom_len = boms[i].len;
			return boms[i].name;
		}
	}
	*bom_len = 0;
	return NULL;
}

struct charset_decoder *charset_decoder_new(const char *from, struct nc_error *err)
{
	iconv_t cd = iconv_open("UTF-8", from);
	if (cd == (iconv_t)-1) {
		nc_error_set(err, NC_ERR_FORMAT, "charset %s: not one iconv can convert", from);
		return NULL;
	}
	struct charset_decoder *d = xcalloc(1, sizeof(*d));
	d->cd = cd;
	d->unit = !strncasecmp(from, "UTF-16", 6) || !strncasecmp(from, "UCS-2", 5) ? 2
		: !strncasecmp(from, "UTF-32", 6) || !strncasecmp(from, "UCS-4", 5) ? 4 : 1;
	d->utf8 = !strcasecmp(from, "UTF-8") || !strcasecmp(from, "UTF8");
	return d;
}

void charset_decoder_free(struct charset_decoder *d)
{
	if (!d)
		return;
	iconv_close(d->cd);
	free(d);
}

#define REPLACEMENT "\xEF\xBF\xBD"

/* Convert [*in, *in + *left) as far as it goes; stops at an incomplete
 * sequence (EINVAL) with *left > 0. An invalid code unit becomes U+FFFD
 * (a whole unit is skipped, so that UTF-16 stays aligned). -1 when memory
 * runs out. `at_end`: [*in, *in + *left) reaches the end of what was fed,
 * so an incomplete sequence there may be completed by the next feed; one
 * that stops short of the end is invalid. */
static int convert_span(struct charset_decoder *d, char **in, size_t *left, int at_end,
			struct strbuf *out)
{
	while (*left) {
		/* UTF-8 takes at most 4 bytes a byte of input (3 for a 1-byte
		 * charset's character); E2BIG asks for more room, in steps. */
		size_t want = *left < ((size_t)1 << 20) ? *left * 4 + 16 : (size_t)4 << 20;
		if (strbuf_try_grow(out, want) < 0)
			return -1;
		char *dst = out->buf + out->len;
		size_t room = strbuf_avail(out), before = room;
		size_t r = iconv(d->cd, in, left, &dst, &room);
		strbuf_commit(out, before - room);
		if (r != (size_t)-1 || errno == E2BIG)
			continue;
		if (errno == EINVAL && at_end)
			return 0;   /* cut: wait for more */
		strbuf_addstr(out, REPLACEMENT);   /* EILSEQ: skip the bad unit */
		size_t skip = d->unit < *left ? d->unit : *left;
		*in += skip;
		*left -= skip;
	}
	return 0;
}

/* From UTF-8 most of a page is ASCII, which is itself in UTF-8 and is never
 * a part of a longer sequence: runs of it are copied, and iconv sees only
 * the runs of bytes 0x80-0xFF between them, where it decides as it would
 * on the whole (a sequence cut short by an ASCII byte is invalid either
 * way). */
static int utf8_spans(struct charset_decoder *d, char **in, size_t *left, struct strbuf *out)
{
	while (*left) {
		const char *p = *in, *end = p + *left;
		while (end - p >= 8 && !swar_high(swar_load(p)))
			p += 8;
		while (p < end && (unsigned char)*p < 0x80)
			p++;
		if (p > *in && strbuf_try_grow(out, (size_t)(p - *in)) < 0)
			return -1;
		strbuf_add(out, *in, (size_t)(p - *in));
		*left -= (size_t)(p - *in);
		*in = (char *)p;
		while (p < end && (unsigned char)*p >= 0x80)
			p++;
		size_t span = (size_t)(p - *in), span_left = span;
		if (convert_span(d, in, &span_left, p == end, out) < 0)
			return -1;
		*left -= span - span_left;
		if (span_left)
			return 0;   /* an incomplete sequence at the end: wait for more */
	}
	return 0;
}

static int convert(struct charset_decoder *d, char **in, size_t *left, struct strbuf *out)
{
	return d->utf8 ? utf8_spans(d, in, left, out) : convert_span(d, in, left, 1, out);
}

int charset_decoder_feed(struct charset_decoder *d, const char *in, size_t len,
			 struct strbuf *out, struct nc_error *err)
{
	/* First complete the sequence left over, byte by byte. */
	while (d->pending_len && len) {
		d->pending[d->pending_len++] = *in++;
		len--;
		char *p = d->pending;
		size_t left = d->pending_len;
		if (convert(d, &p, &left, out) < 0)
			goto no_memory;
		memmove(d->pending, p, left);
		d->pending_len = left;
		if (left == sizeof(d->pending)) {   /* cannot be one sequence */
			strbuf_addstr(out, REPLACEMENT);
			d->pending_len = 0;
		}
	}
	char *p = (char *)in;
	size_t left = len;
	if (convert(d, &p, &left, out) < 0)
		goto no_memory;
	if (left) {
		if (left > sizeof(d->pending))
			left = sizeof(d->pending);   /* not an incomplete sequence: cannot be */
		memcpy(d->pending, p, left);
		d->pending_len = left;
	}
	return 0;
no_memory:
	return nc_error_set(err, NC_ERR_MEMORY, "not enough memory to convert the page to UTF-8");
}

void charset_decoder_finish(struct charset_decoder *d, struct strbuf *out)
{
	if (d->pending_len)
		strbuf_addstr(out, REPLACEMENT);
	d->pending_len = 0;
	iconv(d->cd, NULL, NULL, NULL, NULL);   /* back to the initial state */
}

int charset_to_utf8(const char *from, const char *in, size_t len, struct strbuf *out,
		    struct nc_error *err)
{
	size_t bom_len = 0;
	const char *bom = charset_of_bom(in, len, &bom_len);
	if (bom && !strcasecmp(bom, from)) {
		in += bom_len;
		len -= bom_len;
	}
	struct charset_decoder *d = charset_decoder_new(from, err);
	if (!d)
		return -1;
	int ret = charset_decoder_feed(d, in, len, out, err);
	if (ret == 0)
		charset_decoder_finish(d, out);
	charset_decoder_free(d);
	return ret;
}
