/* warc-writer.c: formatting WET records (see warc-writer.h). */
#include "sink/warc-writer.h"
#include "base/alloc.h"
#include "base/sha1.h"
#include "base/utf8.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

struct warc_writer {
	int gzip_records;
	z_stream zs;
	int zs_ready;
};

struct warc_writer *warc_writer_new(int gzip_records)
{
	struct warc_writer *writer = xcalloc(1, sizeof(*writer));
	writer->gzip_records = gzip_records;
	return writer;
}

void warc_writer_free(struct warc_writer *writer)
{
	if (!writer)
		return;
	if (writer->zs_ready)
		deflateEnd(&writer->zs);
	free(writer);
}

/* Add "Name: value\r\n". The value comes from the page (a URL, a record's
 * id or date), so it may hold anything: control characters (a line break
 * would end the header early; an escape sequence would reach a terminal)
 * and invalid UTF-8 are percent-encoded, as in a URL. */
static int add_header(struct strbuf *header, const char *name, const char *value,
		      struct nc_error *err)
{
	(void)err;
	strbuf_addf(header, "%s: ", name);
	utf8_escape_controls(value, strlen(value), "%%%02X", header);
	strbuf_addstr(header, "\r\n");
	return 0;
}

/* A record id made from what the record is (UUID version 5 layout over a
 * SHA-1 of `seed`): a page's record gets the same id in every run and with
 * any number of workers, and different pages (their names differ) get
 * different ids. */
static void add_record_id(struct strbuf *header, const struct strbuf *seed)
{
	struct sha1 sha;
	unsigned char digest[SHA1_DIGEST_BYTES];

	sha1_init(&sha);
	sha1_update(&sha, seed->buf, seed->len);
	sha1_final(&sha, digest);
	digest[6] = (unsigned char)((digest[6] & 0x0f) | 0x50);   /* version 5: name-based */
	digest[8] = (unsigned char)((digest[8] & 0x3f) | 0x80);   /* the RFC 4122 variant */
	strbuf_addstr(header, "WARC-Record-ID: <urn:uuid:");
	for (size_t i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			strbuf_addch(header, '-');
		strbuf_addf(header, "%02x", digest[i]);
	}
	strbuf_addstr(header, ">\r\n");
}

/* WARC-Date: `date`, else $SOURCE_DATE_EPOCH (for reproducible output, as
 * reproducible builds use it), else now. */
static void add_date(struct strbuf *header, const char *date)
{
	char now[32];

	if (!date) {
		const char *epoch = getenv("SOURCE_DATE_EPOCH");
		char *end = NULL;
		long long fixed = epoch && *epoch ? strtoll(epoch, &end, 10) : -1;
		time_t t = fixed >= 0 && end && !*end ? (time_t)fixed : time(NULL);
		struct tm tm;
		gmtime_r(&t, &tm);
		strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", &tm);
		date = now;
	}
	add_header(header, "WARC-Date", date, NULL);
}

/* Append the pieces of a record to `out`, compressed as one gzip member
 * when the writer says so. */
static int emit_record(struct warc_writer *writer, struct strbuf *out, const struct strbuf *header,
		       const char *block, size_t block_len, struct nc_error *err)
{
	const struct { const char *data; size_t len; } pieces[] = {
		{ header->buf, header->len }, { block, block_len }, { "\r\n\r\n", 4 },
	};

	if (!writer->gzip_records) {
		for (size_t i = 0; i < 3; i++)
			strbuf_add(out, pieces[i].data, pieces[i].len);
		return 0;
	}
	if (!writer->zs_ready) {
		if (deflateInit2(&writer->zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8,
				 Z_DEFAULT_STRATEGY) != Z_OK)
			xdie("deflateInit2 failed");
		writer->zs_ready = 1;
	} else {
		deflateReset(&writer->zs);
	}
	for (size_t i = 0; i < 3; i++) {
		const char *p = pieces[i].data;
		size_t left = pieces[i].len;
		int flush = i == 2 ? Z_FINISH : Z_NO_FLUSH;
		int ret;
		do {
			/* zlib counts in uInt: feed huge blocks in slices. */
			uInt slice = left > (1u << 30) ? (1u << 30) : (uInt)left;
			writer->zs.next_in = (unsigned char *)(uintptr_t)p;
			writer->zs.avail_in = slice;
			strbuf_grow(out, slice / 2 + 4096);
			writer->zs.next_out = (unsigned char *)out->buf + out->len;
			writer->zs.avail_out = (uInt)strbuf_avail(out);
			ret = deflate(&writer->zs, slice == left ? flush : Z_NO_FLUSH);
			strbuf_commit(out, strbuf_avail(out) - writer->zs.avail_out);
			p += slice - writer->zs.avail_in;
			left -= slice - writer->zs.avail_in;
			if (ret == Z_STREAM_ERROR)
				return nc_error_set(err, NC_ERR_IO, "gzip compression failed");
		} while (left || (flush == Z_FINISH && ret != Z_STREAM_END) ||
			 writer->zs.avail_out == 0);
	}
	return 0;
}

static void add_block_digest(struct strbuf *header, const char *block, size_t len)
{
	struct sha1 sha;
	unsigned char digest[SHA1_DIGEST_BYTES];
	char base32[SHA1_BASE32_CHARS + 1];

	sha1_init(&sha);
	sha1_update(&sha, block, len);
	sha1_final(&sha, digest);
	sha1_base32(digest, base32);
	strbuf_addf(header, "WARC-Block-Digest: sha1:%s\r\n", base32);
}

int warc_writer_conversion(struct warc_writer *writer, struct strbuf *out,
			   const struct warc_conversion *record, struct nc_error *err)
{
	struct strbuf header = STRBUF_INIT;
	int ret = -1;

	strbuf_addstr(&header, "WARC/1.0\r\nWARC-Type: conversion\r\n");
	if (record->target_uri && add_header(&header, "WARC-Target-URI", record->target_uri, err) < 0)
		goto out;
	add_date(&header, record->date);
	/* The id follows from the source record's id, its position in the
	 * archive (two records may share an id) and the text, else from the
	 * URI, the date and the text: never from how the input was named
	 * (x.warc.gz, ./x.warc.gz, an absolute path, standard input), so a
	 * rerun anywhere gives the same ids. */
	struct strbuf seed = STRBUF_INIT;
	if (record->refers_to) {
		strbuf_addf(&seed, "conversion of %s at %s\n", record->refers_to,
			    record->position ? record->position : "");
	} else {
		strbuf_addf(&seed, "conversion\n%s\n", record->target_uri ? record->target_uri : "");
		strbuf_add(&seed, header.buf, header.len);   /* holds the date */
	}
	strbuf_add(&seed, record->text, record->len);
	add_record_id(&header, &seed);
	strbuf_release(&seed);
	if (record->refers_to && add_header(&header, "WARC-Refers-To", record->refers_to, err) < 0)
		goto out;
	if (record->language && add_header(&header, "WARC-Identified-Content-Language",
					   record->language, err) < 0)
		goto out;
	add_block_digest(&header, record->text, record->len);
	strbuf_addf(&header, "Content-Type: text/plain\r\nContent-Length: %zu\r\n\r\n", record->len);
	ret = emit_record(writer, out, &header, record->text, record->len, err);
out:
	strbuf_release(&header);
	return ret;
}

int warc_writer_warcinfo(struct warc_writer *writer, struct strbuf *out, const char *filename,
			 const char *date, const char *const *fields, struct nc_error *err)
{
	struct strbuf header = STRBUF_INIT, block = STRBUF_INIT;
	int ret = -1;

	for (size_t i = 0; fields && fields[i] && fields[i + 1]; i += 2)
		if (add_header(&block, fields[i], fields[i + 1], err) < 0)
			goto out;
	strbuf_addstr(&header, "WARC/1.0\r\nWARC-Type: warcinfo\r\n");
	add_date(&header, date);
	if (filename && add_header(&header, "WARC-Filename", filename, err) < 0)
		goto out;
	struct strbuf seed = STRBUF_INIT;
	strbuf_addstr(&seed, "warcinfo\n");
	strbuf_add(&seed, header.buf, header.len);   /* the date and file name */
	strbuf_add(&seed, block.buf, block.len);
	add_record_id(&header, &seed);
	strbuf_release(&seed);
	strbuf_addf(&header, "Content-Type: application/warc-fields\r\nContent-Length: %zu\r\n\r\n",
		    block.len);
	ret = emit_record(writer, out, &header, block.buf, block.len, err);
out:
	strbuf_release(&header);
	strbuf_release(&block);
	return ret;
}
