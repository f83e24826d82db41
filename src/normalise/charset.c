/* charset.c: guessing and converting character sets (see charset.h). */
#include "normalise/charset.h"
#include "base/alloc.h"
#include "base/swar.h"
#include "base/utf8.h"

#include <errno.h>
#include <iconv.h>
#include <string.h>
#include <strings.h>

/* What each byte of a single-byte charset becomes in UTF-8, as iconv
 * converts it alone (U+FFFD where it refuses the byte). */
struct byte_table {
	char utf8[256][4];
	unsigned char len[256];
	int ascii;             /* bytes 0x00-0x7F are themselves */
};

/* A feed shorter than this goes through iconv: the table costs 256 iconv
 * calls to build, and pays for itself on a few kilobytes of text. */
#define BYTE_TABLE_MIN_FEED 4096

struct charset_decoder {
	iconv_t cd;
	size_t unit;           /* bytes of a code unit: 2 for UTF-16, 4 for UTF-32, else 1 */
	int utf8;              /* from UTF-8: ASCII passes without iconv (utf8_spans()) */
	char name[CHARSET_NAME_MAX];
	int table_state;       /* 0 not tried yet, 1 `table` is found, -1 the charset has none */
	const struct byte_table *table;   /* of `tables`, or `owned` */
	struct byte_table *owned;
	struct charset_tables *tables;    /* borrowed; NULL: none kept */
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
	if (strlen(from) >= sizeof(d->name))
		d->table_state = -1;   /* no charset iconv knows has such a name */
	else
		strcpy(d->name, from);
	return d;
}

void charset_decoder_free(struct charset_decoder *d)
{
	if (!d)
		return;
	iconv_close(d->cd);
	free(d->owned);
	free(d);
}

#define REPLACEMENT "\xEF\xBF\xBD"

/* Convert [*in, *in + *left) as far as it goes; stops at an incomplete
 * sequence (EINVAL) with *left > 0. An invalid code unit becomes U+FFFD
 * (a whole unit is skipped, so that UTF-16 stays aligned). -1 when memory
 * runs out. `at_end`: [*in, *in + *left) reaches the end of what was fed,
 * so an incomplete sequence there may be completed by the next feed; one
 * that stops short of the end is invalid. */
static int iconv_span(struct charset_decoder *d, char **in, size_t *left, int at_end,
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

/* What iconv wrote from `from` on, made valid UTF-8: glibc's decoders let
 * some code points no UTF-8 may hold through (from UTF-8, a sequence led
 * by F5-F7, above U+10FFFF), and its encoder writes them. Each byte of
 * such a sequence becomes a replacement character, as each byte of any
 * other invalid sequence does (iconv_span()). Valid output, the rule,
 * is only read. */
static void replace_invalid(struct strbuf *out, size_t from)
{
	if (utf8_is_valid(out->buf + from, out->len - from))
		return;
	struct strbuf valid = STRBUF_INIT;
	const unsigned char *p = (const unsigned char *)out->buf + from;
	const unsigned char *end = (const unsigned char *)out->buf + out->len;
	while (p < end) {
		uint32_t cp;
		size_t n = utf8_decode(p, (size_t)(end - p), &cp);
		if (n)
			strbuf_add(&valid, p, n);
		else
			strbuf_addstr(&valid, REPLACEMENT);
		p += n ? n : 1;
	}
	strbuf_setlen(out, from);
	strbuf_add(out, valid.buf, valid.len);
	strbuf_release(&valid);
}

/* iconv_span(), its output valid UTF-8 whatever glibc lets through. */
static int convert_span(struct charset_decoder *d, char **in, size_t *left, int at_end,
			struct strbuf *out)
{
	size_t from = out->len;
	int ret = iconv_span(d, in, left, at_end, out);
	if (ret == 0)
		replace_invalid(out, from);
	return ret;
}

/* Convert `byte` alone into entry `byte` of `t`: 1, or 0 when the charset
 * is not one whose bytes convert alone (a multibyte charset's lead byte
 * waits for more, EINVAL; a stateful one's shift byte writes nothing; a
 * charset that composes, as glibc's CP1255 and TCVN do, holds a base
 * letter back for a combining mark that may follow). */
static int table_entry(iconv_t cd, struct byte_table *t, unsigned char byte)
{
	char in = (char)byte, *src = &in, *dst = t->utf8[byte];
	size_t left = 1, room = sizeof(t->utf8[byte]);
	iconv(cd, NULL, NULL, NULL, NULL);
	if (iconv(cd, &src, &left, &dst, &room) == (size_t)-1) {
		if (errno != EILSEQ)
			return 0;
		memcpy(t->utf8[byte], REPLACEMENT, 3);   /* as convert_span() does */
		t->len[byte] = 3;
		return 1;
	}
	t->len[byte] = (unsigned char)(sizeof(t->utf8[byte]) - room);
	return left == 0 && t->len[byte] > 0;
}

/* The byte table of charset `name` when it has one byte a character and
 * converts each byte alone and without state, or NULL: every byte then
 * becomes what iconv makes of it in any context, so converting by the
 * table gives iconv's bytes. (A converter of its own: the decoder's may be
 * in the middle of a stateful charset's stream.) */
static struct byte_table *byte_table_new(const char *name)
{
	iconv_t cd = iconv_open("UTF-8", name);
	if (cd == (iconv_t)-1)
		return NULL;
	struct byte_table *t = malloc(sizeof(*t));
	if (!t) {
		iconv_close(cd);
		return NULL;
	}
	t->ascii = 1;
	for (int byte = 0; byte < 256; byte++) {
		if (!table_entry(cd, t, (unsigned char)byte)) {
			free(t);
			t = NULL;
			break;
		}
		if (byte < 0x80)
			t->ascii &= t->len[byte] == 1 && t->utf8[byte][0] == (char)byte;
	}
	iconv_close(cd);
	return t;
}

/* The byte tables a worker has built (charset.h): an entry, once written,
 * never changes; its `table` is NULL for a charset that has none. */
#define TABLES_MAX 64
struct charset_tables {
	struct {
		char name[CHARSET_NAME_MAX];
		struct byte_table *table;
	} entry[TABLES_MAX];
	size_t count;
};

struct charset_tables *charset_tables_new(void)
{
	return xcalloc(1, sizeof(struct charset_tables));
}

void charset_tables_free(struct charset_tables *tables)
{
	if (!tables)
		return;
	for (size_t i = 0; i < tables->count; i++)
		free(tables->entry[i].table);
	free(tables);
}

/* The byte table of `d`'s charset, kept or its own, or NULL. */
static const struct byte_table *tables_find(struct charset_decoder *d)
{
	struct charset_tables *t = d->tables;
	for (size_t i = 0; t && i < t->count; i++)
		if (!strcmp(t->entry[i].name, d->name))
			return t->entry[i].table;
	if (!t || t->count == TABLES_MAX)
		return d->owned = byte_table_new(d->name);
	strcpy(t->entry[t->count].name, d->name);
	return t->entry[t->count++].table = byte_table_new(d->name);
}

/* Does `d` convert by a byte table (found at the first long feed)? */
static int tabled(struct charset_decoder *d, size_t feed)
{
	if (d->table_state == 0 && feed >= BYTE_TABLE_MIN_FEED) {
		d->table = d->unit == 1 && !d->utf8 ? tables_find(d) : NULL;
		d->table_state = d->table ? 1 : -1;
	}
	return d->table_state == 1;
}

/* Convert [*in, *in + *left) by the table: runs of ASCII are copied when
 * the charset keeps ASCII, each other byte becomes its entry. */
static int table_spans(const struct byte_table *t, char **in, size_t *left,
		       struct strbuf *out)
{
	while (*left) {
		size_t n = *left < ((size_t)1 << 20) ? *left : (size_t)1 << 20;
		if (strbuf_try_grow(out, n * 4) < 0)
			return -1;
		const unsigned char *p = (const unsigned char *)*in, *end = p + n;
		char *dst = out->buf + out->len;
		while (p < end) {
			if (t->ascii) {
				const unsigned char *run = p;
				p += swar_ascii_run(p, end);
				memcpy(dst, run, (size_t)(p - run));
				dst += p - run;
				if (p == end)
					break;
			}
			memcpy(dst, t->utf8[*p], 4);   /* each entry has 4 bytes of room */
			dst += t->len[*p++];
		}
		strbuf_commit(out, (size_t)(dst - (out->buf + out->len)));
		*in += n;
		*left -= n;
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
		p += swar_ascii_run(p, end);
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
	if (d->utf8)
		return utf8_spans(d, in, left, out);
	if (tabled(d, *left))
		return table_spans(d->table, in, left, out);
	return convert_span(d, in, left, 1, out);
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
	/* What iconv holds back (a letter glibc's CP1255 keeps for a combining
	 * mark that may follow) is written, and the state is the initial one.
	 * Out of memory, the held letter is lost, the page not. */
	char *dst = NULL;
	size_t room = 0;
	if (strbuf_try_grow(out, 16) == 0) {
		dst = out->buf + out->len;
		room = strbuf_avail(out);
	}
	size_t before = room;
	iconv(d->cd, NULL, NULL, dst ? &dst : NULL, dst ? &room : NULL);
	strbuf_commit(out, before - room);
}

int charset_to_utf8(const char *from, const char *in, size_t len, struct strbuf *out,
		    struct nc_error *err)
{
	return charset_to_utf8_kept(NULL, from, in, len, out, err);
}

int charset_to_utf8_kept(struct charset_tables *tables, const char *from, const char *in,
			 size_t len, struct strbuf *out, struct nc_error *err)
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
	d->tables = tables;
	int ret = charset_decoder_feed(d, in, len, out, err);
	if (ret == 0)
		charset_decoder_finish(d, out);
	charset_decoder_free(d);
	return ret;
}
