/* text.c: texts read as UTF-8 (see text.h). */
#include "normalise/text.h"
#include "base/alloc.h"
#include "base/utf8.h"

#include <string.h>
#include <strings.h>

struct text_reader {
	struct page *page;
	struct charset_policy policy;
	enum text_flags flags;
	char *block;                       /* the block just read, as read */
	size_t got;                        /* ... its bytes */
	int last;                          /* ... it ends the page */
	int first_pending;                 /* the first block is read, not handed out */
	size_t skip;                       /* ... bytes of its text to skip (the URL line) */
	int decided;                       /* the charset is known */
	struct charset_decoder *decoder;   /* NULL: the text is UTF-8 (or ASCII so far) */
	struct strbuf decoded;             /* a block converted to UTF-8 */
	struct strbuf unlined;             /* ... without its URL lines (2008) */
	struct strbuf line_carry;          /* ... the unfinished line it ended in */
	struct strbuf tagged;              /* ... with segment tags made breaks */
	struct strbuf carry;               /* the end of the last part, which may begin a tag */
	size_t bytes;                      /* read of the page */
	int done;
};

struct text_reader *text_reader_new(void)
{
	struct text_reader *r = xcalloc(1, sizeof(*r));
	r->block = xmalloc(TEXT_BLOCK_BYTES);
	strbuf_init(&r->decoded);
	strbuf_init(&r->unlined);
	strbuf_init(&r->line_carry);
	strbuf_init(&r->tagged);
	strbuf_init(&r->carry);
	return r;
}

static void reset(struct text_reader *r)
{
	charset_decoder_free(r->decoder);
	r->decoder = NULL;
	r->page = NULL;
	r->got = r->skip = r->bytes = 0;
	r->last = r->first_pending = r->decided = r->done = 0;
	strbuf_reset(&r->decoded);
	strbuf_reset(&r->unlined);
	strbuf_reset(&r->line_carry);
	strbuf_reset(&r->tagged);
	strbuf_reset(&r->carry);
}

void text_reader_free(struct text_reader *r)
{
	if (!r)
		return;
	reset(r);
	free(r->block);
	strbuf_release(&r->decoded);
	strbuf_release(&r->unlined);
	strbuf_release(&r->line_carry);
	strbuf_release(&r->tagged);
	strbuf_release(&r->carry);
	free(r);
}

size_t text_reader_bytes(const struct text_reader *r)
{
	return r->bytes;
}

static int read_block(struct text_reader *r, struct nc_error *err)
{
	ssize_t got = page_read_block(r->page, r->block, TEXT_BLOCK_BYTES, err);
	if (got < 0)
		return -1;
	r->got = (size_t)got;
	r->bytes += r->got;
	r->last = r->got < TEXT_BLOCK_BYTES;
	return 0;
}

/* A decoder for `charset`, or for windows-1252 when iconv does not know it
 * (the choice then says windows-1252). */
static struct charset_decoder *decoder_for(struct charset_choice *choice)
{
	struct charset_decoder *d = charset_decoder_new(choice->name, NULL);
	if (!d) {
		strcpy(choice->name, "windows-1252");
		strcpy(choice->assume, choice->name);
		strcpy(choice->reported, choice->name);
		d = charset_decoder_new(choice->name, NULL);
	}
	return d;
}

/* The text of the block just read, in UTF-8: decided by the first block
 * that is not all ASCII, converted when it is not UTF-8. */
static int decode_block(struct text_reader *r, struct charset_choice *choice, const char **text,
			size_t *len, struct nc_error *err)
{
	if (!r->decided && utf8_has_non_ascii(r->block, r->got)) {
		struct charset_choice later;
		r->decided = 1;
		charset_choose_text(&r->policy, r->block, r->got, choice ? choice : &later);
		if (strcasecmp((choice ? choice : &later)->name, "utf-8"))
			r->decoder = decoder_for(choice ? choice : &later);
	}
	*text = r->block;
	*len = r->got;
	if (!r->decoder)
		return 0;
	strbuf_reset(&r->decoded);
	if (charset_decoder_feed(r->decoder, r->block, r->got, &r->decoded, err) < 0)
		return -1;
	if (r->last)
		charset_decoder_finish(r->decoder, &r->decoded);
	*text = r->decoded.buf;
	*len = r->decoded.len;
	return 0;
}

/* If `text` starts with a line "URL: something" (after a byte order mark
 * and blanks), put the URL in *url and return the length of the line with
 * its newline; else return 0. */
static size_t take_url_line(const char *text, size_t len, char **url)
{
	size_t i = len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
	const char *nl = memchr(text + i, '\n', len - i);
	if (!nl)
		return 0;
	size_t end = (size_t)(nl - text);
	while (i < end && (text[i] == ' ' || text[i] == '\t'))
		i++;
	if (end - i < 4 || memcmp(text + i, "URL:", 4))
		return 0;
	i += 4;
	while (i < end && (text[i] == ' ' || text[i] == '\t'))
		i++;
	size_t url_end = end;
	while (url_end > i && (text[url_end - 1] == ' ' || text[url_end - 1] == '\r'))
		url_end--;
	*url = xmemdup(text + i, url_end - i);
	return end + 1;
}

int text_reader_start(struct text_reader *r, struct page *page,
		      const struct charset_policy *policy, enum text_flags flags,
		      struct page_info *info, struct nc_error *err)
{
	reset(r);
	r->page = page;
	r->policy = *policy;
	r->flags = flags;
	if (read_block(r, err) < 0)
		return -1;
	const char *from = charset_convert_first(policy, page->charset_hint);
	if (from) {
		r->decoder = charset_decoder_new(from, err);
		if (!r->decoder)
			return -1;
		charset_choose_converted(policy, from, &info->charset);
		r->decided = 1;
		size_t bom_len = 0;
		const char *bom = charset_of_bom(r->block, r->got, &bom_len);
		if (bom && !strcasecmp(bom, from)) {
			memmove(r->block, r->block + bom_len, r->got - bom_len);
			r->got -= bom_len;
		}
	} else {
		memset(&info->charset, 0, sizeof(info->charset));
		strcpy(info->charset.name, "utf-8");
		strcpy(info->charset.assume, "utf-8");
		strcpy(info->charset.reported, "UTF-8");
		info->charset.reason = CHARSET_REASON_UTF8;
	}
	const char *text;
	size_t len;
	if (decode_block(r, &info->charset, &text, &len, err) < 0)
		return -1;
	if (flags & TEXT_URL_LINE)
		r->skip = take_url_line(text, len, &info->url);
	r->first_pending = 1;
	return 0;
}

/* Is there a segment tag of CLEANEVAL's format at p: <p> <h> <l>, or the
 * same in braces ({p}), in any case? */
static int is_segment_tag(const char *p, const char *end)
{
	return end - p >= 3 && (p[0] == '<' || p[0] == '{') && p[1] && strchr("phlPHL", p[1]) &&
	       p[2] == (p[0] == '<' ? '>' : '}');
}

/* `text` with every segment tag a blank line, into r->tagged; a possible
 * tag cut by the end of the part waits in r->carry. */
static void tags_to_breaks(struct text_reader *r, const char *text, size_t len, int last)
{
	strbuf_reset(&r->tagged);
	strbuf_add(&r->carry, text, len);
	const char *p = r->carry.buf, *end = p + r->carry.len;
	while (p < end) {
		if (is_segment_tag(p, end)) {
			strbuf_addstr(&r->tagged, "\n\n");
			p += 3;
		} else if (!last && end - p < 3 && (*p == '<' || *p == '{')) {
			break;   /* may be a tag that the next part completes */
		} else {
			strbuf_addch(&r->tagged, *p++);
		}
	}
	size_t rest = (size_t)(end - p);
	memmove(r->carry.buf, p, rest);
	strbuf_setlen(&r->carry, rest);
}

/* `text` without the lines that begin (after blanks) with "URL", into
 * r->unlined; an unfinished last line waits in r->line_carry. */
static void drop_url_lines(struct text_reader *r, const char *text, size_t len, int last)
{
	strbuf_reset(&r->unlined);
	strbuf_add(&r->line_carry, text, len);
	const char *p = r->line_carry.buf, *end = p + r->line_carry.len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl && !last)
			break;
		const char *line_end = nl ? nl : end, *q = p;
		while (q < line_end && (*q == ' ' || *q == '\t'))
			q++;
		const char *next = nl ? nl + 1 : end;
		if (!(line_end - q >= 3 && !memcmp(q, "URL", 3)))
			strbuf_add(&r->unlined, p, (size_t)(next - p));
		p = next;
	}
	size_t rest = (size_t)(end - p);
	memmove(r->line_carry.buf, p, rest);
	strbuf_setlen(&r->line_carry, rest);
}

ssize_t text_reader_next(struct text_reader *r, const char **out, struct nc_error *err)
{
	const char *text;
	size_t len;

	for (;;) {
		if (r->first_pending) {
			r->first_pending = 0;
			text = r->decoder ? r->decoded.buf : r->block;
			len = r->decoder ? r->decoded.len : r->got;
			text += r->skip;
			len -= r->skip;
		} else if (r->done || r->last) {
			r->done = 1;
			if (!r->carry.len && !r->line_carry.len)
				return 0;
			text = "";   /* what waited for a line's or a tag's end is text */
			len = 0;
		} else {
			if (read_block(r, err) < 0 || decode_block(r, NULL, &text, &len, err) < 0)
				return -1;
		}
		if (r->flags & TEXT_URL_LINES_2008) {
			drop_url_lines(r, text, len, r->last || r->done);
			text = r->unlined.buf;
			len = r->unlined.len;
		}
		if (r->flags & TEXT_CLEANEVAL_TAGS) {
			tags_to_breaks(r, text, len, r->last || r->done);
			text = r->tagged.buf;
			len = r->tagged.len;
		}
		if (len || r->done) {
			*out = text;
			return (ssize_t)len;
		}
	}
}

int text_reader_read_all(struct text_reader *r, size_t max_bytes, struct strbuf *out,
			 struct nc_error *err)
{
	const char *text;
	ssize_t n;
	while ((n = text_reader_next(r, &text, err)) > 0) {
		if (out->len + (size_t)n > max_bytes)
			return nc_error_set(err, NC_ERR_LIMIT, "a text of more than %zu bytes",
					    max_bytes);
		strbuf_add(out, text, (size_t)n);
	}
	return n < 0 ? -1 : 0;
}
