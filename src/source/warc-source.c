/* warc-source.c: pages from the records of a WARC file (see warc-source.h).
 *
 * Every page's reader holds the generation of the record it came from; the
 * source counts generations up at each record, so a reader whose record is
 * gone fails instead of reading another record's bytes.
 */
#include "source/warc-source.h"
#include "source/http-payload.h"
#include "source/sniff.h"
#include "base/alloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

struct warc_source {
	struct page_source base;
	struct warc_reader *reader;
	char *output_base;
	uint64_t generation;
	struct warc_source_counts counts;
	struct strbuf media_type, charset;    /* scratch of the current record */
};

/* The state of one page's reader. */
struct warc_page {
	struct warc_source *source;
	uint64_t generation;
	struct http_payload *payload;
	struct strbuf prefix;                 /* payload bytes read ahead to sniff */
	size_t prefix_pos;
	int prefix_failed;
	struct nc_error prefix_error;         /* delivered after the prefix */
	int end_checked, end_failed;          /* the record's end (warc_block_end()) */
	struct nc_error end_error;
	struct warc_page_info info;
	char *record_id, *date, *media_type;  /* owned strings of `info` */
};

/* A page's failures are printed after its name, FILE@OFFSET; when the
 * archive itself broke under it, the reader's message begins "FILE: " too.
 * Say the file's name once. */
static ssize_t page_failed(struct warc_page *page, struct nc_error *err)
{
	nc_error_strip_prefix(err, warc_reader_name(page->source->reader));
	return -1;
}

/* The payload has ended: the page is whole only if its record is (the CR
 * LF CR LF after the block, and the trailer of the gzip member it ends):
 * a record damaged there fails its page, which is never released cut or
 * with the next record's bytes. */
static ssize_t page_end(struct warc_page *page, struct nc_error *err)
{
	if (!page->end_checked) {
		page->end_checked = 1;
		page->end_failed = warc_block_end(page->source->reader, &page->end_error) < 0;
	}
	if (!page->end_failed)
		return 0;
	if (err)
		*err = page->end_error;
	return page_failed(page, err);
}

static ssize_t warc_page_read(void *state, char *buf, size_t cap, struct nc_error *err)
{
	struct warc_page *page = state;

	if (page->generation != page->source->generation)
		return nc_error_set(err, NC_ERR_USAGE,
				    "read after the archive moved to the next record (pages of a "
				    "WARC file are read in order)");
	if (page->prefix_pos < page->prefix.len) {
		size_t n = page->prefix.len - page->prefix_pos;
		if (n > cap)
			n = cap;
		memcpy(buf, page->prefix.buf + page->prefix_pos, n);
		page->prefix_pos += n;
		return (ssize_t)n;
	}
	if (page->prefix_failed) {
		if (err)
			*err = page->prefix_error;
		return page_failed(page, err);
	}
	ssize_t got = http_payload_read(page->payload, buf, cap, err);
	if (got == 0)
		return page_end(page, err);
	return got < 0 ? page_failed(page, err) : got;
}

static void warc_page_close(void *state)
{
	struct warc_page *page = state;

	http_payload_free(page->payload);
	strbuf_release(&page->prefix);
	free(page->record_id);
	free(page->date);
	free(page->media_type);
	free(page);
}

const struct warc_page_info *warc_page_info(const struct page *page)
{
	if (page->reader.read != warc_page_read)
		return NULL;
	return &((const struct warc_page *)page->reader.state)->info;
}

/* Read up to SNIFF_BLOCK payload bytes ahead; an error waits for the reader. */
static void page_read_prefix(struct warc_page *page)
{
	strbuf_grow(&page->prefix, SNIFF_BLOCK);
	while (page->prefix.len < SNIFF_BLOCK) {
		ssize_t got = http_payload_read(page->payload, page->prefix.buf + page->prefix.len,
						SNIFF_BLOCK - page->prefix.len, &page->prefix_error);
		if (got < 0)
			page->prefix_failed = 1;
		if (got <= 0)
			break;
		strbuf_commit(&page->prefix, (size_t)got);
	}
}

/* The page kind a media type stands for: 1 with `*kind` set, 0 for a
 * payload that is not a page, -1 when the media type is unknown. */
static int kind_of_media_type(const char *media_type, enum page_kind *kind)
{
	if (!*media_type)
		return -1;
	if (!strcmp(media_type, "text/html") || !strcmp(media_type, "application/xhtml+xml")) {
		*kind = PAGE_HTML;
		return 1;
	}
	if (!strcmp(media_type, "text/plain")) {
		*kind = PAGE_TEXT;
		return 1;
	}
	return 0;
}

/* The kind of a page whose media type said nothing, from what its first
 * bytes were sniffed as: 0 when they are not a page. */
static int kind_of_bytes(enum sniff_kind sniffed, enum page_kind *kind)
{
	if (sniffed == SNIFF_TEXT) {
		*kind = PAGE_TEXT;
		return 1;
	}
	if (sniffed == SNIFF_HTML || sniff_kind_charset(sniffed)) {
		*kind = PAGE_HTML;   /* Web pages of unknown type are HTML as a rule */
		return 1;
	}
	return 0;
}

/* Does a charset label name UTF-16 or UTF-32 (in any of their labels:
 * "utf-16le", "unicode", "ucs-2", "csUnicode", ...)? Their text holds NUL
 * bytes, which the sniff takes for binary data. */
static int names_wide_charset(const char *label)
{
	static const char *const parts[] = { "utf-16", "utf-32", "ucs-2", "ucs-4", "unicode" };
	for (const char *p = label; *p; p++)
		for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
			if (!strncasecmp(p, parts[i], strlen(parts[i])))
				return 1;
	return 0;
}

/* Make `out` the page of the current record: 1, or 0 when its payload is
 * not a page. Takes `payload`. */
static int page_make(struct warc_source *source, const struct warc_record *record,
		     struct http_payload *payload, int http_status, struct page *out)
{
	struct warc_page *page = xcalloc(1, sizeof(*page));
	enum page_kind kind = PAGE_TEXT;
	int known = record->type == WARC_TYPE_CONVERSION ? 1 :
		    kind_of_media_type(source->media_type.buf, &kind);

	page->source = source;
	page->generation = source->generation;
	page->payload = payload;
	strbuf_init(&page->prefix);
	if (known == 0)
		goto not_a_page;
	page_read_prefix(page);
	enum sniff_kind sniffed = sniff_bytes(page->prefix.buf, page->prefix.len);
	if (known < 0 && !kind_of_bytes(sniffed, &kind))
		goto not_a_page;
	/* HTML served as text/plain (a server's default type) is HTML: its
	 * bytes decide when they clearly are (sniff.h). */
	if (known > 0 && kind == PAGE_TEXT && record->type != WARC_TYPE_CONVERSION &&
	    sniffed == SNIFF_HTML)
		kind = PAGE_HTML;
	/* Binary data is no page whatever the record says it is: an image
	 * served as text/html, a converter's failure in a conversion record.
	 * (UTF-16 and UTF-32 without a byte order mark look binary: a charset
	 * naming them is believed.) */
	if (sniffed == SNIFF_BINARY && !names_wide_charset(source->charset.buf))
		goto not_a_page;
	page->record_id = record->record_id ? xstrdup(record->record_id) : NULL;
	page->date = record->date ? xstrdup(record->date) : NULL;
	page->media_type = xstrdup(source->media_type.buf);
	page->info = (struct warc_page_info){ record->type, record->offset, page->record_id,
					      page->date, page->media_type, http_status };

	const char *bom_charset = sniff_kind_charset(sniffed);
	const char *charset = bom_charset ? bom_charset :
			      source->charset.len ? source->charset.buf : NULL;
	struct strbuf name = STRBUF_INIT, where = STRBUF_INIT;
	memset(out, 0, sizeof(*out));
	strbuf_addf(&where, "%" PRIu64, record->offset);
	if (record->member_skip)
		strbuf_addf(&where, "+%" PRIu64, record->member_skip);
	strbuf_addf(&name, "%s@%s", warc_reader_name(source->reader), where.buf);
	out->name = strbuf_detach(&name, NULL);
	if (source->output_base)
		strbuf_addf(&name, "%s/", source->output_base);
	strbuf_add(&name, where.buf, where.len);
	out->output_name = strbuf_detach(&name, NULL);
	out->position = strbuf_detach(&where, NULL);
	out->url = record->target_uri ? xstrdup(record->target_uri) : NULL;
	out->charset_hint = charset ? xstrdup(charset) : NULL;
	out->record_id = record->record_id ? xstrdup(record->record_id) : NULL;
	out->date = record->date ? xstrdup(record->date) : NULL;
	out->media_type = source->media_type.len ? xstrdup(source->media_type.buf) : NULL;
	out->http_status = http_status;
	out->truncated = record->truncated;
	out->one_block_a_line = record->type == WARC_TYPE_CONVERSION;
	out->kind = kind;
	out->sequential = 1;
	out->reader = (struct page_reader){ warc_page_read, warc_page_close, page };
	source->counts.pages++;
	return 1;

not_a_page:
	warc_page_close(page);
	source->counts.skipped_not_text++;
	return 0;
}

/* Does the response record hold an HTTP response? Its Content-Type says
 * so (application/http), or, when it says something else or nothing (some
 * writers), its block begins with an HTTP status line. Heritrix's dns:
 * lookups (text/dns), and ftp: and whois: fetches, hold none. 1, 0, or -1
 * with `err`. */
static int response_is_http(struct warc_source *source, const struct warc_record *record,
			    struct nc_error *err)
{
	const char *data;

	content_type_parse(record->content_type, &source->media_type, &source->charset);
	if (!strcmp(source->media_type.buf, "application/http"))
		return 1;
	ssize_t got = warc_block_peek(source->reader, 5, &data, err);
	if (got < 0)
		return -1;
	return got >= 5 && !memcmp(data, "HTTP/", 5);
}

/* The page of a response, resource or conversion record: 1, 0 when it is
 * not one, -1 with `err` (not naming the record). */
static int record_page(struct warc_source *source, const struct warc_record *record,
		       struct page *page, struct nc_error *err)
{
	struct http_head head = { 0 };
	const char *content_type = record->content_type;
	int is_response = record->type == WARC_TYPE_RESPONSE;

	if (is_response) {
		int http = response_is_http(source, record, err);
		if (http <= 0) {
			if (http == 0)
				source->counts.skipped_not_http++;
			return http;
		}
		if (http_head_read(source->reader, &head, err) < 0)
			return -1;
		if (head.status < 200 || head.status > 299) {
			http_head_release(&head);
			source->counts.skipped_status++;
			return 0;
		}
		content_type = head.content_type;
	}
	content_type_parse(content_type, &source->media_type, &source->charset);
	struct http_payload *payload = http_payload_new(source->reader, is_response ? &head : NULL,
							record->truncated, err);
	int status = head.status;
	http_head_release(&head);
	if (!payload)
		return -1;
	return page_make(source, record, payload, status, page);
}

static int warc_source_next(struct page_source *base, struct page *page, struct nc_error *err)
{
	struct warc_source *source = (struct warc_source *)base;

	for (;;) {
		const struct warc_record *record;
		int got = warc_reader_next(source->reader, &record, err);
		source->generation++;
		if (got <= 0) {
			if (got < 0 || warc_reader_failed(source->reader))
				source->counts.broken = 1;
			return got;
		}
		source->counts.records++;
		if (record->type != WARC_TYPE_RESPONSE && record->type != WARC_TYPE_RESOURCE &&
		    record->type != WARC_TYPE_CONVERSION) {
			source->counts.skipped[record->type]++;
			continue;
		}
		int made = record_page(source, record, page, err);
		if (made < 0) {
			char prefix[64];
			source->counts.failed++;
			if (warc_reader_failed(source->reader)) {
				source->counts.broken = 1;   /* the message names the file */
				return -1;
			}
			snprintf(prefix, sizeof(prefix), "record at offset %" PRIu64, record->offset);
			nc_error_prefix(err, prefix);
			nc_error_prefix(err, warc_reader_name(source->reader));
			return -1;
		}
		if (made > 0)
			return 1;
	}
}

static void warc_source_pages_free(struct page_source *base)
{
	(void)base;   /* the pages view belongs to its WARC source */
}

static const struct page_source_ops warc_source_ops = {
	.next = warc_source_next,
	.free = warc_source_pages_free,
};

struct warc_source *warc_source_new(struct byte_stream *stream, const char *output_base)
{
	struct warc_source *source = xcalloc(1, sizeof(*source));

	source->base.ops = &warc_source_ops;
	source->reader = warc_reader_new(stream);
	source->output_base = output_base ? xstrdup(output_base) : NULL;
	strbuf_init(&source->media_type);
	strbuf_init(&source->charset);
	return source;
}

struct warc_source *warc_source_open(const char *path, const char *output_base,
				     struct nc_error *err)
{
	struct byte_stream *stream = byte_stream_open(path, err);
	return stream ? warc_source_new(stream, output_base) : NULL;
}

struct page_source *warc_source_pages(struct warc_source *source)
{
	return &source->base;
}

const struct warc_source_counts *warc_source_counts(const struct warc_source *source)
{
	return &source->counts;
}

void warc_source_free(struct warc_source *source)
{
	if (!source)
		return;
	warc_reader_free(source->reader);
	free(source->output_base);
	strbuf_release(&source->media_type);
	strbuf_release(&source->charset);
	free(source);
}
