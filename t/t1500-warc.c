/* t1500-warc: the WARC reader and page source on archives written by warcio
 * (tests/t1500/make-fixtures.mjs): every kind of record and payload, plain
 * and gzip'd, offsets as warcio finds them, every kind of damage (a page
 * whose record ends damaged fails), Heritrix's dns: records, the versions
 * read, a WARC gzip'd whole, and memory that stays bounded on a record of
 * hundreds of megabytes. */
#include "base/file.h"
#include "base/sha1.h"
#include "source/byte-stream.h"
#include "source/warc.h"
#include "source/warc-source.h"
#include "tap.h"

#include <inttypes.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

/* One line of a .expect file (see make-fixtures.mjs). */
struct expected {
	uint64_t offset;
	char type[32], what[32], charset[32], url[256], sha1[48];
};

static size_t read_expect(const char *name, struct expected *out, size_t cap)
{
	FILE *f = fopen(fixture_path(name), "r");
	size_t n = 0;
	if (!f)
		bail("cannot open an .expect fixture");
	while (n < cap && fscanf(f, "%" SCNu64 " %31s %31s %31s %255s %47s", &out[n].offset,
				 out[n].type, out[n].what, out[n].charset, out[n].url,
				 out[n].sha1) == 6)
		n++;
	fclose(f);
	return n;
}

/* Read a page in pieces of 1 to 13 bytes; the SHA-1 of its bytes in hex, or
 * the error message. */
static int read_page(struct page *page, char hex[41], struct strbuf *message)
{
	struct sha1 sha;
	unsigned char digest[SHA1_DIGEST_BYTES];
	struct nc_error err;
	char buf[16];
	size_t piece = 1;

	sha1_init(&sha);
	for (;;) {
		ssize_t got = page->reader.read(page->reader.state, buf, piece, &err);
		if (got < 0) {
			strbuf_addstr(message, err.message);
			return -1;
		}
		if (got == 0)
			break;
		sha1_update(&sha, buf, (size_t)got);
		piece = piece % 13 + 1;
	}
	sha1_final(&sha, digest);
	for (int i = 0; i < SHA1_DIGEST_BYTES; i++)
		sprintf(hex + 2 * i, "%02x", digest[i]);
	return 0;
}

static int contains(const char *text, const char *part)
{
	int found = text && strstr(text, part) != NULL;
	if (!found)
		diag("  '%s' does not contain '%s'", text ? text : "(null)", part);
	return found;
}

/* The low-level reader finds every record where warcio does. */
static void check_records(const char *fixture, const struct expected *want, size_t count)
{
	struct nc_error err;
	struct byte_stream *stream = byte_stream_open(fixture_path(fixture), &err);
	struct warc_reader *reader = warc_reader_new(stream);
	const struct warc_record *record;
	size_t n = 0;
	int offsets_ok = 1, types_ok = 1, urls_ok = 1;

	while (warc_reader_next(reader, &record, &err) == 1) {
		if (n < count) {
			offsets_ok &= record->offset == want[n].offset;
			types_ok &= !strcmp(warc_type_name(record->type), want[n].type);
			urls_ok &= !strcmp(record->target_uri ? record->target_uri : "-", want[n].url);
			if (record->offset != want[n].offset)
				diag("  record %zu: offset %" PRIu64 ", warcio says %" PRIu64, n,
				     record->offset, want[n].offset);
		}
		n++;
	}
	is_int(n, count, "%s: as many records as warcio finds", fixture);
	ok(offsets_ok, "%s: each record at warcio's offset", fixture);
	ok(types_ok, "%s: each record of warcio's type", fixture);
	ok(urls_ok, "%s: each record with warcio's target URI", fixture);
	ok(!warc_reader_failed(reader), "%s: read to its end without an error", fixture);
	warc_reader_free(reader);
}

/* Compare one page with its expected line. */
static void check_page(const char *fixture, struct page *page, const struct expected *want)
{
	char name[4200], output_name[64], hex[41] = "";
	struct strbuf message = STRBUF_INIT;
	const struct warc_page_info *info = warc_page_info(page);

	snprintf(name, sizeof(name), "%s@%" PRIu64, fixture_path(fixture), want->offset);
	snprintf(output_name, sizeof(output_name), "good/%" PRIu64, want->offset);
	is_string(page->name, name, "%s: page %s is named FILE@OFFSET", fixture, want->url);
	is_string(page->output_name, output_name, "...its output name is BASE/OFFSET");
	is_string(page->url, want->url, "...its URL is the target URI");
	is_string(page->charset_hint ? page->charset_hint : "-", want->charset,
		  "...its charset hint is %s", want->charset);
	is_string(page->kind == PAGE_HTML ? "html" : "text", want->what, "...it is %s", want->what);
	ok(info && info->offset == want->offset && info->record_id &&
	   !strncmp(info->record_id, "<urn:uuid:", 10), "...its record id and offset are known");
	if (read_page(page, hex, &message) < 0)
		diag("  %s", message.buf);
	is_string(hex, want->sha1, "...its payload, read in small pieces, is what warcio decodes");
	strbuf_release(&message);
}

/* The page source yields the expected pages and counts the rest. */
static void check_pages(const char *fixture, const struct expected *want, size_t count)
{
	struct nc_error err;
	struct warc_source *source = warc_source_open(fixture_path(fixture), "good", &err);
	struct page page;
	size_t pages = 0, skipped_types = 0, not_text = 0, status = 0;

	if (!source)
		bail(err.message);
	for (size_t i = 0; i < count; i++) {
		if (!strcmp(want[i].what, "html") || !strcmp(want[i].what, "text")) {
			pages++;
			if (page_source_next(warc_source_pages(source), &page, &err) != 1) {
				ok(0, "%s: page %s: %s", fixture, want[i].url, err.message);
				continue;
			}
			check_page(fixture, &page, &want[i]);
			page_release(&page);
		} else {
			skipped_types += !strncmp(want[i].what, "skip-", 5) &&
					 strcmp(want[i].what, "skip-not-text") &&
					 strcmp(want[i].what, "skip-status");
			not_text += !strcmp(want[i].what, "skip-not-text");
			status += !strcmp(want[i].what, "skip-status");
		}
	}
	is_int(page_source_next(warc_source_pages(source), &page, &err), 0,
	       "%s: no more pages", fixture);
	const struct warc_source_counts *counts = warc_source_counts(source);
	is_int(counts->records, count, "...every record counted");
	is_int(counts->pages, pages, "...every page counted");
	is_int(counts->skipped[WARC_TYPE_WARCINFO] + counts->skipped[WARC_TYPE_REQUEST] +
	       counts->skipped[WARC_TYPE_METADATA] + counts->skipped[WARC_TYPE_REVISIT],
	       skipped_types, "...warcinfo, request, metadata, revisit skipped and counted");
	is_int(counts->skipped[WARC_TYPE_REVISIT], 1, "...one of them a revisit");
	is_int(counts->skipped_not_text, not_text, "...a non-HTML response skipped and counted");
	is_int(counts->skipped_status, status, "...a 404 response skipped and counted");
	ok(!counts->broken && !counts->failed, "...no record failed");
	warc_source_free(source);
}

/* Pages that are not read are skipped; a page read after next() fails. */
static void check_unread_pages(void)
{
	struct nc_error err;
	struct warc_source *source = warc_source_open(fixture_path("t1500/good.warc.gz"), NULL, &err);
	struct page first, page;
	size_t pages = 1;
	char buf[64];

	page_source_next(warc_source_pages(source), &first, &err);
	ok(!strchr(first.output_name, '/'), "without a base the output name is the offset (%s)",
	   first.output_name);
	while (page_source_next(warc_source_pages(source), &page, &err) == 1) {
		pages++;
		page_release(&page);
	}
	is_int(pages, 11, "pages left unread are skipped: all 11 pages still come");
	is_int(first.reader.read(first.reader.state, buf, sizeof(buf), &err), -1,
	       "reading a page after the source moved on fails...");
	ok(contains(err.message, "read in order"), "...saying that pages are read in order");
	page_release(&first);
	warc_source_free(source);
}

/* Run through a source, reading every page: one line per event in `log`
 * ("page URL SHA1", "page URL failed: MESSAGE", "error MESSAGE"). Returns
 * the pages read whole. */
static int run_source(const char *fixture, struct strbuf *log, struct warc_source_counts *counts)
{
	struct nc_error err;
	struct warc_source *source = warc_source_open(fixture_path(fixture), NULL, &err);
	struct page page;
	int good = 0, got, calls = 0;

	if (!source)
		bail(err.message);
	while ((got = page_source_next(warc_source_pages(source), &page, &err)) != 0 && calls++ < 100) {
		if (got < 0) {
			strbuf_addf(log, "error %s\n", err.message);
			continue;
		}
		char hex[41];
		struct strbuf message = STRBUF_INIT;
		if (read_page(&page, hex, &message) == 0) {
			strbuf_addf(log, "page %s %s\n", page.url, hex);
			good++;
		} else {
			strbuf_addf(log, "page %s failed: %s\n", page.url, message.buf);
		}
		strbuf_release(&message);
		page_release(&page);
	}
	*counts = *warc_source_counts(source);
	warc_source_free(source);
	return good;
}

static size_t count_lines(const char *log, const char *prefix)
{
	size_t n = 0;
	for (const char *line = log; *line; line = strchr(line, '\n') + 1)
		n += !strncmp(line, prefix, strlen(prefix));
	return n;
}

/* A damaged archive: `good_pages` pages read whole, then exactly one error
 * (of a page or of the source) holding each of `parts`, and the end. */
static void check_broken(const char *fixture, int good_pages, const char *const *parts)
{
	struct strbuf log = STRBUF_INIT;
	struct warc_source_counts counts;
	int good = run_source(fixture, &log, &counts);

	is_int(good, good_pages, "%s: the %d pages before the damage are read whole", fixture,
	       good_pages);
	is_int(count_lines(log.buf, "error ") + count_lines(log.buf, "page ") - (size_t)good, 1,
	       "...then one error");
	int all = 1;
	for (size_t i = 0; parts[i]; i++)
		all &= contains(log.buf, parts[i]);
	ok(all, "...which names the file, the record's offset and the problem");
	ok(counts.broken, "...and the source says the archive is broken");
	if (!all)
		diag("%s", log.buf);
	strbuf_release(&log);
}

static char *offset_text(uint64_t offset, const char *prefix)
{
	static char text[8][64];
	static int next;
	char *slot = text[next++ % 8];
	snprintf(slot, 64, "%s%" PRIu64, prefix, offset);
	return slot;
}

static void check_broken_archives(const struct expected *plain, const struct expected *gzip)
{
	const char *const truncated_block[] = { "truncated-block.warc",
		offset_text(plain[5].offset, "record at offset "), "ends 20 bytes into a block", NULL };
	const char *const truncated_header[] = { "truncated-header.warc",
		offset_text(plain[5].offset, "record at offset "), "inside the header", NULL };
	const char *const truncated_gzip[] = { "truncated.warc.gz", "truncated gzip data",
		offset_text(gzip[5].offset, "member at offset "), NULL };
	const char *const corrupt_gzip[] = { "corrupt.warc.gz", "corrupt gzip data",
		offset_text(gzip[2].offset, "member at offset "), NULL };
	/* A page's own error does not name the file: its name, FILE@OFFSET,
	 * does (the pipeline puts it in front). */
	const char *const short_length[] = { "page http://example.com/latin1 failed: ",
		offset_text(plain[2].offset, "record at offset "), "not followed by CR LF CR LF", NULL };
	const char *const long_length[] = { "page http://example.com/latin1 failed: ",
		offset_text(plain[2].offset, "record at offset "), "wrong Content-Length", NULL };
	const char *const bad_crc[] = { "page http://example.com/chunked failed: ",
		offset_text(gzip[3].offset, "corrupt gzip data in the member at offset "),
		"incorrect data check", NULL };
	const char *const bad_isize[] = { "page http://example.com/gzip failed: ",
		offset_text(gzip[4].offset, "corrupt gzip data in the member at offset "),
		"incorrect length check", NULL };

	check_broken("t1500/truncated-block.warc", 3, truncated_block);
	check_broken("t1500/truncated-header.warc", 3, truncated_header);
	check_broken("t1500/truncated.warc.gz", 3, truncated_gzip);
	check_broken("t1500/corrupt.warc.gz", 0, corrupt_gzip);
	/* A wrong length is only seen after the record: its page is read. */
	/* A wrong length shows at the end of the record, before its page is
	 * trusted: the page fails. So does a page whose gzip member has a bad
	 * CRC-32 or length in its trailer, though its data decoded whole. */
	check_broken("t1500/bad-length-short.warc", 0, short_length);
	check_broken("t1500/bad-length-long.warc", 0, long_length);
	check_broken("t1500/bad-crc.warc.gz", 1, bad_crc);
	check_broken("t1500/bad-isize.warc.gz", 2, bad_isize);
}

/* Payloads wrong in every way: each fails alone, the last page is read. */
static void check_bad_payloads(void)
{
	struct strbuf log = STRBUF_INIT;
	struct warc_source_counts counts;
	int good = run_source("t1500/bad-payloads.warc", &log, &counts);
	static const struct { const char *url, *problem; } cases[] = {
		{ "page http://example.com/bad-chunk-size failed: ", "bad chunk size line 'zz'" },
		{ "page http://example.com/bad-chunk-data failed: ", "not followed by CR LF" },
		{ "page http://example.com/no-last-chunk failed: ", "before the last chunk" },
		{ "page http://example.com/corrupt-gzip failed: ", "corrupt gzip content" },
		{ "page http://example.com/truncated-gzip failed: ", "truncated gzip content" },
		{ "error ", "not an HTTP response" },
		{ "error ", "unsupported content coding 'br'" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		/* The line that holds the problem must be of the right kind. */
		struct strbuf line = STRBUF_INIT;
		const char *at = strstr(log.buf, cases[i].problem);
		while (at && at > log.buf && at[-1] != '\n')
			at--;
		if (at)
			strbuf_add(&line, at, strcspn(at, "\n"));
		ok(at && !strncmp(line.buf, cases[i].url, strlen(cases[i].url)), "bad payloads: %s%s",
		   cases[i].url, cases[i].problem);
		if (!strncmp(cases[i].url, "error", 5))
			ok(strstr(line.buf, "bad-payloads.warc: record at offset "),
			   "...the error names the file and the record's offset");
		strbuf_release(&line);
	}
	is_int(good, 1, "bad payloads: the page after them is read whole");
	ok(!counts.broken && counts.failed == 2 && counts.pages == 6,
	   "...the archive is not broken; 2 records failed, 6 pages came");
	strbuf_release(&log);
}

/* --- small archives written here, for what warcio cannot write ------------------ */

/* The first page of `warc` as "URL|kind|payload" or "error: MESSAGE". */
static void first_page(const char *warc, struct strbuf *out)
{
	struct nc_error err;
	struct page page;
	struct warc_source *source =
		warc_source_new(byte_stream_from_memory(warc, strlen(warc), "mem"), NULL);

	strbuf_reset(out);
	int got = page_source_next(warc_source_pages(source), &page, &err);
	if (got == 1) {
		strbuf_addf(out, "%s|%s|", page.url, page.kind == PAGE_HTML ? "html" : "text");
		if (page_read_all(&page, 0, out, &err) < 0)
			strbuf_addf(out, "error: %s", err.message);
		page_release(&page);
	} else {
		strbuf_addstr(out, got < 0 ? "error: " : "none");
		if (got < 0)
			strbuf_addstr(out, err.message);
	}
	warc_source_free(source);
}

static void check_small_archives(void)
{
	static const struct { const char *title, *warc, *want; } cases[] = {
		{ "chunk extensions and trailer lines are dropped",
		  "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://a/\r\nContent-Length: 109\r\n\r\n"
		  "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
		  "3;x=y\r\nabc\r\n2\r\nde\r\n0\r\nTrailer: 1\r\n\r\n\r\n\r\n",
		  "http://a/|text|abcde" },
		{ "a record WARC-Truncated says was cut may end inside a chunk",
		  "WARC/1.0\r\nWARC-Type: response\r\nWARC-Truncated: length\r\nWARC-Target-URI: http://b/\r\n"
		  "Content-Length: 81\r\n\r\n"
		  "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
		  "9\r\nabc\r\n\r\n\r\n",
		  "http://b/|text|abc\r\n" },
		{ "an interim 100 Continue is skipped; blank lines before a record too",
		  "\r\n\r\nWARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://c/\r\nContent-Length: 73\r\n\r\n"
		  "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>x\r\n\r\n",
		  "http://c/|html|<p>x" },
		{ "folded header lines; <URI> loses its brackets; LF-only headers",
		  "WARC/1.0\nWARC-Type:\n conversion\nWARC-Target-URI: <http://d/>\nContent-Length: 4\n\ntext\r\n\r\n",
		  "http://d/|text|text" },
		{ "a response without a body is an empty page",
		  "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://e/\r\nContent-Length: 44\r\n\r\n"
		  "HTTP/1.1 204 OK\r\nContent-Type: text/html\r\n\r\n\r\n\r\n",
		  "http://e/|html|" },
		{ "WARC/0.17, the draft of older crawls, is read",
		  "WARC/0.17\r\nWARC-Type: resource\r\nWARC-Target-URI: http://v/\r\n"
		  "Content-Type: text/plain\r\nContent-Length: 4\r\n\r\ntext\r\n\r\n",
		  "http://v/|text|text" },
		{ "a UTF-8 byte order mark before the first record is skipped",
		  "\xef\xbb\xbfWARC/1.0\r\nWARC-Type: conversion\r\nWARC-Target-URI: http://bom/\r\n"
		  "Content-Length: 4\r\n\r\ntext\r\n\r\n", "http://bom/|text|text" },
		{ "another version is refused, naming it",
		  "WARC/0.9\r\nWARC-Type: resource\r\nContent-Length: 0\r\n\r\n\r\n\r\n",
		  "error: mem: record at offset 0: WARC/0.9 is not a version this reader knows (it reads "
		  "WARC/1.0, WARC/1.1, and the drafts WARC/0.17 and WARC/0.18 of older crawls)" },
		{ "something else is no record",
		  "HTTP/1.1 200 OK\r\n\r\n",
		  "error: mem: record at offset 0: not a WARC record (it begins 'HTTP/1.1 200 OK')" },
		{ "a response record that holds no HTTP (a Heritrix dns: lookup) is no page",
		  "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: dns:example.com\r\n"
		  "Content-Type: text/dns\r\nContent-Length: 11\r\n\r\n20240102 x\n\r\n\r\n", "none" },
		{ "a response record of another type whose block is HTTP is read as HTTP",
		  "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://f/\r\n"
		  "Content-Type: text/html\r\nContent-Length: 44\r\n\r\n"
		  "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n\r\n\r\n", "http://f/|html|" },
		{ "a conversion record of binary data is no page",
		  "WARC/1.0\r\nWARC-Type: conversion\r\nContent-Length: 16\r\n\r\n"
		  "\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f\x10\x11\x12\x13\x14\x15\r\n\r\n", "none" },
		{ "a record without Content-Length is refused",
		  "WARC/1.0\r\nWARC-Type: resource\r\n\r\n\r\n\r\n",
		  "error: mem: record at offset 0: no Content-Length" },
		{ "a Content-Length that is not a number is refused",
		  "WARC/1.0\r\nContent-Length: 12x\r\n\r\n",
		  "error: mem: record at offset 0: bad Content-Length '12x'" },
		{ "a header line without a colon is refused",
		  "WARC/1.0\r\nno colon here\r\n\r\n",
		  "error: mem: record at offset 0: malformed header line 'no colon here'" },
		{ "an empty file has no pages", "", "none" },
	};
	struct strbuf got = STRBUF_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		first_page(cases[i].warc, &got);
		is_string(got.buf, cases[i].want, "%s", cases[i].title);
	}
	strbuf_release(&got);
}

/* A NUL in a header line would cut its value: the record is refused. */
static void check_header_nul(void)
{
	static const char warc[] = "WARC/1.0\r\nWARC-Type: conversion\r\n"
		"WARC-Target-URI: http://a/\0evil\r\nContent-Length: 4\r\n\r\ntext\r\n\r\n";
	struct warc_reader *reader =
		warc_reader_new(byte_stream_from_memory(warc, sizeof(warc) - 1, "nul"));
	const struct warc_record *record;
	struct nc_error err;

	is_int(warc_reader_next(reader, &record, &err), -1, "a NUL byte in a header line is an error...");
	ok(contains(err.message, "nul: record at offset 0: a NUL byte in the header line 'WARC-Target-URI: http://a/'"),
	   "...naming the file, the record and the line");
	warc_reader_free(reader);

	/* In the HTTP head, it would cut the charset off a Content-Type. */
	static const char http[] = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://n/\r\n"
		"Content-Length: 65\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\0; charset=koi8-r\r\n\r\n"
		"<p>x\r\n\r\n";
	struct warc_source *source =
		warc_source_new(byte_stream_from_memory(http, sizeof(http) - 1, "nul"), NULL);
	struct page page;
	is_int(page_source_next(warc_source_pages(source), &page, &err), -1,
	       "a NUL byte in the HTTP head fails the record...");
	ok(contains(err.message, "nul: record at offset 0: a NUL byte in the HTTP header line "
		    "'Content-Type: text/html'"), "...naming it");
	is_int(page_source_next(warc_source_pages(source), &page, &err), 0, "...and the archive goes on");
	warc_source_free(source);
}

/* Heritrix's crawls: dns: lookups are response records without HTTP. */
static void check_heritrix(void)
{
	struct strbuf log = STRBUF_INIT;
	struct warc_source_counts counts;
	int good = run_source("t1500/heritrix.warc", &log, &counts);

	is_int(good, 1, "a Heritrix crawl: its one HTTP response is a page");
	is_int(counts.skipped_not_http, 2, "...its two dns: records are skipped and counted");
	ok(!counts.failed && !counts.broken, "...and nothing failed");
	if (good != 1 || counts.failed)
		diag("%s", log.buf);
	strbuf_release(&log);
}

/* A WARC gzip'd whole is one member: its pages are told apart by the
 * decoded bytes before them in it. */
static void check_whole_gzip_names(const struct expected *plain, size_t count)
{
	struct strbuf warc = STRBUF_INIT;
	struct nc_error err;
	struct page page;

	if (read_file(fixture_path("t1500/good.warc"), 0, &warc, &err) < 0)
		bail(err.message);
	char path[] = "/tmp/t1500-whole-XXXXXX";
	int fd = mkstemp(path);
	gzFile out = fd >= 0 ? gzdopen(fd, "wb6") : NULL;
	if (!out || gzwrite(out, warc.buf, (unsigned)warc.len) != (int)warc.len || gzclose(out) != Z_OK)
		bail("cannot write a temporary file");
	struct warc_source *source = warc_source_open(path, NULL, &err);
	int names_ok = 1;
	size_t pages = 0;
	for (size_t i = 0; i < count; i++) {
		if (strcmp(plain[i].what, "html") && strcmp(plain[i].what, "text"))
			continue;
		if (page_source_next(warc_source_pages(source), &page, &err) != 1)
			break;
		char want[128];
		snprintf(want, sizeof(want), "%s@0+%" PRIu64, path, plain[i].offset);
		if (strcmp(page.name, want)) {
			diag("  got %s, want %s", page.name, want);
			names_ok = 0;
		}
		pages++;
		page_release(&page);
	}
	is_int(pages, 11, "a WARC gzip'd whole: its 11 pages");
	ok(names_ok, "...each named FILE@0+SKIP, SKIP its offset in the decoded archive");
	warc_source_free(source);
	unlink(path);
	strbuf_release(&warc);
}

/* --- bounded memory ------------------------------------------------------------ */

static long max_rss_kib(void)
{
	struct rusage usage;
	getrusage(RUSAGE_SELF, &usage);
	return usage.ru_maxrss;
}

/* Write to `fd` a WARC with one response of `megabytes` MiB of chunked
 * payload, gzip'd as one member when `gzip`. Runs in a child. */
static void write_big_warc(int fd, unsigned megabytes, int gzip)
{
	static char chunk[1 << 20];
	char header[512];
	uint64_t chunk_bytes = (uint64_t)megabytes * (16 + sizeof(chunk) + 2) + 5;
	gzFile out = gzdopen(fd, gzip ? "wb1" : "wbT");
	const char http[] = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n";

	memset(chunk, 'a', sizeof(chunk));
	for (size_t i = 99; i < sizeof(chunk); i += 100)
		chunk[i] = '\n';
	snprintf(header, sizeof(header), "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: "
		 "http://example.com/big\r\nContent-Length: %" PRIu64 "\r\n\r\n",
		 (uint64_t)strlen(http) + chunk_bytes);
	gzputs(out, header);
	gzputs(out, http);
	for (unsigned i = 0; i < megabytes; i++) {
		gzprintf(out, "%014x\r\n", (unsigned)sizeof(chunk));
		gzwrite(out, chunk, sizeof(chunk));
		gzputs(out, "\r\n");
	}
	gzputs(out, "0\r\n\r\n\r\n\r\n");
	gzclose(out);
}

static void check_bounded_memory(unsigned megabytes, int gzip)
{
	int fds[2];
	struct nc_error err;
	struct page page;
	char buf[1000];
	uint64_t total = 0;

	if (pipe(fds) < 0)
		bail("pipe failed");
	pid_t child = fork();
	if (child == 0) {
		close(fds[0]);
		write_big_warc(fds[1], megabytes, gzip);
		_exit(0);
	}
	close(fds[1]);
	long before = max_rss_kib();
	struct warc_source *source = warc_source_new(byte_stream_from_fd(fds[0], "big", 1), NULL);
	int got = page_source_next(warc_source_pages(source), &page, &err);
	ssize_t n = 0;
	while (got == 1 && (n = page.reader.read(page.reader.state, buf, sizeof(buf), &err)) > 0)
		total += (uint64_t)n;
	if (n < 0)
		diag("%s", err.message);
	is_int(total, (uint64_t)megabytes << 20, "a %u MiB %s record is read whole in 1000-byte pieces",
	       megabytes, gzip ? "gzip'd" : "plain");
	if (got == 1)
		page_release(&page);
	is_int(page_source_next(warc_source_pages(source), &page, &err), 0, "...and ends the archive");
	warc_source_free(source);
	waitpid(child, NULL, 0);
	long grown = max_rss_kib() - before;
	ok(grown < 32 * 1024, "...while memory grew by %ld KiB (less than 32 MiB)", grown);
}

/* A header longer than the limit is an error, not a memory hog. */
static void check_header_limit(void)
{
	struct strbuf warc = STRBUF_INIT;
	struct nc_error err;
	const struct warc_record *record;

	strbuf_addstr(&warc, "WARC/1.0\r\nX-Filler: ");
	for (size_t i = 0; i < WARC_MAX_HEADER_BYTES / 64 + 1; i++)
		strbuf_addstr(&warc, "0123456789012345678901234567890123456789012345678901234567890123");
	strbuf_addstr(&warc, "\r\nContent-Length: 0\r\n\r\n\r\n\r\n");
	struct warc_reader *reader = warc_reader_new(byte_stream_from_memory(warc.buf, warc.len, "huge"));
	is_int(warc_reader_next(reader, &record, &err), -1, "a header over 1 MiB is an error...");
	ok(err.code == NC_ERR_LIMIT && contains(err.message, "huge: record at offset 0: header longer"),
	   "...of the limit, naming file and record");
	warc_reader_free(reader);
	strbuf_release(&warc);
}

int main(void)
{
	struct expected plain[32], gzip[32];
	size_t plain_count = read_expect("t1500/good.expect", plain, 32);
	size_t gzip_count = read_expect("t1500/good.gz.expect", gzip, 32);

	if (plain_count != 17 || gzip_count != 17)
		bail("tests/t1500/*.expect: expected 17 records each");
	check_records("t1500/good.warc", plain, plain_count);
	check_records("t1500/good.warc.gz", gzip, gzip_count);
	check_pages("t1500/good.warc", plain, plain_count);
	check_pages("t1500/good.warc.gz", gzip, gzip_count);
	check_unread_pages();
	check_broken_archives(plain, gzip);
	check_bad_payloads();
	check_header_limit();
	check_header_nul();
	check_heritrix();
	check_whole_gzip_names(plain, plain_count);
	check_small_archives();
	check_bounded_memory(256, 0);
	check_bounded_memory(64, 1);
	return done_testing();
}
