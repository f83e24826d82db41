/* warc-writer.h: WARC/1.0 records as Common Crawl's WET files have them, for
 * writing cleaned text in WET format.
 *
 * A WET file is a warcinfo record, then one conversion record per page:
 *
 *   WARC/1.0
 *   WARC-Type: conversion
 *   WARC-Target-URI: http://example.com/
 *   WARC-Date: 2024-01-01T00:00:00Z
 *   WARC-Record-ID: <urn:uuid:...>          (a UUID made from the record)
 *   WARC-Refers-To: <urn:uuid:...>          (the source record, when known)
 *   WARC-Block-Digest: sha1:...              (base 32, as Common Crawl writes)
 *   Content-Type: text/plain
 *   Content-Length: N
 *
 *   <N bytes of text>CR LF CR LF
 *
 * The writer only formats: each record is appended to a strbuf the caller
 * owns, and the caller decides where the bytes go (an atomic file, a stream).
 * With gzip, each record is its own gzip member, as in Common Crawl's
 * .warc.wet.gz files, so that a record can be read from its offset alone.
 * The writer owns its zlib state; one writer per thread. Record ids are
 * made from the record (a SHA-1 of its source's name, source record, URL,
 * date and text), so output is the same in every run and with any number
 * of workers; a record without a date of its own takes $SOURCE_DATE_EPOCH,
 * else the time it is written.
 *
 * Header values come from pages (URLs, dates, record ids): one that holds
 * CR or LF would break the record, and is refused with NC_ERR_USAGE.
 */
#ifndef NC_WARC_WRITER_H
#define NC_WARC_WRITER_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"

struct warc_writer;

/* A writer; `gzip_records`: compress each record as a gzip member. */
struct warc_writer *warc_writer_new(int gzip_records);
void warc_writer_free(struct warc_writer *writer);

/* The warcinfo record that opens a file. `filename` (may be NULL) becomes
 * WARC-Filename; `fields` is NULL or a NULL-terminated list of name, value,
 * name, value... written as the "name: value" lines of the block (e.g.
 * "software", "ncleaner 0.1.0"). `date` NULL: now. */
int warc_writer_warcinfo(struct warc_writer *writer, struct strbuf *out, const char *filename,
			 const char *date, const char *const *fields, struct nc_error *err);

struct warc_conversion {
	const char *target_uri;   /* NULL: no WARC-Target-URI line */
	const char *date;         /* WARC-Date, e.g. the source record's; NULL: now */
	const char *refers_to;    /* WARC-Record-ID of the source record, or NULL */
	const char *position;     /* where the page is in its input (warc-source.h), or NULL */
	const char *language;     /* WARC-Identified-Content-Language (ISO 639-3), or NULL */
	const char *text;         /* the block: UTF-8 text */
	size_t len;
};

/* One conversion record. */
int warc_writer_conversion(struct warc_writer *writer, struct strbuf *out,
			   const struct warc_conversion *record, struct nc_error *err);


#endif
