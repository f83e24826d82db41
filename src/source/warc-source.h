/* warc-source.h: the pages of one WARC file (plain or gzip'd, WARC/1.0 or
 * WARC/1.1), as a page source (page-source.h).
 *
 * Which records are pages:
 *   response    when it holds an HTTP response (its Content-Type is
 *               application/http, or its block begins with "HTTP/"; others,
 *               such as Heritrix's dns: records of type text/dns, are
 *               skipped and counted), its HTTP head is parsed
 *               (http-payload.h); a status other than 2xx skips it. The HTTP Content-Type decides the kind:
 *               text/html, application/xhtml+xml are PAGE_HTML, text/plain
 *               PAGE_TEXT, anything else is skipped; without a Content-Type
 *               the first bytes decide (sniff.h). Its charset parameter is
 *               the charset hint. The payload is de-chunked and inflated.
 *   resource    the same, with the WARC header's Content-Type; the block is
 *               the payload.
 *   conversion  PAGE_TEXT (a WET record: extracted text), unless its first
 *               bytes are binary data (sniff.h).
 * Other records (warcinfo, request, metadata, revisit, continuation,
 * unknown types) are skipped; warc_source_counts() says how many of each.
 * A byte order mark at the start of a payload overrides the charset hint
 * ("UTF-16LE", ...), as it does in browsers.
 *
 * Each page: name "FILE@OFFSET" (OFFSET: the record's offset as warc.h
 * defines it, so "CC-MAIN-...warc.gz@1234" is what Common Crawl's index
 * names; "FILE@OFFSET+SKIP" for a record that does not begin its gzip
 * member, as in a WARC gzip'd whole, SKIP being warc.h's member_skip),
 * output_name "BASE/OFFSET[+SKIP]" (BASE as given to the constructor; just
 * "OFFSET[+SKIP]" without one), url the WARC-Target-URI, and a reader of the
 * decoded payload. warc_page_info() gives the record's id, date and type for
 * writers that refer back to the record (the WET writer's WARC-Refers-To).
 *
 * Order and ownership. The pages share the archive, so they must be read in
 * order: a page can be read until the next call to next(), which skips what
 * was not read; reading it afterwards is an error. The caller owns the
 * source and each page, releases its pages before freeing the source, and
 * uses the source from one thread at a time. Its pages view is freed with the
 * source (page_source_free() on it does nothing).
 *
 * Errors. A record that cannot be a page (an HTTP head that is not one, an
 * unsupported content coding) fails alone: next() returns -1 naming the file
 * and the record's offset, and the following call goes on. A damaged
 * archive (warc.h) fails once and ends the pages: counts.broken is then set.
 * Errors while reading a page (a bad chunk, corrupt gzip content) are errors
 * of that page. A page is checked at its end: when its record's end is
 * damaged (no CR LF CR LF after the block, that is a wrong Content-Length;
 * a bad CRC-32 or length in the trailer of the gzip member the record ends)
 * the last read fails, so a page is never taken whole when it is cut, holds
 * the next record's bytes, or came from a damaged member; the archive then
 * ends there (counts.broken).
 */
#ifndef NC_WARC_SOURCE_H
#define NC_WARC_SOURCE_H

#include <stdint.h>

#include "base/error.h"
#include "source/byte-stream.h"
#include "source/page-source.h"
#include "source/warc.h"

struct warc_source_counts {
	uint64_t records;                      /* records read */
	uint64_t pages;                        /* pages yielded */
	uint64_t skipped[WARC_TYPE_COUNT];     /* records of a type without pages */
	uint64_t skipped_not_text;             /* payloads neither HTML nor text */
	uint64_t skipped_status;               /* responses with a status not 2xx */
	uint64_t skipped_not_http;             /* responses that hold no HTTP (dns:) */
	uint64_t failed;                       /* records that could not be pages */
	int broken;                            /* the archive ended in an error */
};

/* What a page of a WARC source knows about its record. */
struct warc_page_info {
	enum warc_type type;
	uint64_t offset;
	const char *record_id;      /* WARC-Record-ID, NULL when absent */
	const char *date;           /* WARC-Date, NULL when absent */
	const char *media_type;     /* of the payload, lower case; "" when unknown */
	int http_status;            /* of a response; 0 otherwise */
};

struct warc_source;

/* A source over `stream`, which it owns from now on; `output_base` (may be
 * NULL) begins every page's output name. */
struct warc_source *warc_source_new(struct byte_stream *stream, const char *output_base);

/* The same over the file `path` ("-": standard input). */
struct warc_source *warc_source_open(const char *path, const char *output_base,
				     struct nc_error *err);

struct page_source *warc_source_pages(struct warc_source *source);
const struct warc_source_counts *warc_source_counts(const struct warc_source *source);
void warc_source_free(struct warc_source *source);

/* The record behind `page` if a WARC source yielded it, else NULL. Valid
 * while the page is. */
const struct warc_page_info *warc_page_info(const struct page *page);

#endif
