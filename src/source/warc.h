/* warc.h: WARC 1.0 and 1.1 records, one after the other, from a byte stream.
 *
 * A record is a version line, header lines ("Name: value", continued on
 * lines that begin with white space) up to an empty line, a block of exactly
 * Content-Length bytes, and CR LF CR LF. warc_reader_next() parses the
 * header of the next record into memory the reader owns (valid until the
 * next call) and leaves the block in the stream: the caller reads as much of
 * it as it wants through warc_block_peek()/consume()/read()/line(), and the
 * next call to warc_reader_next() skips the rest. Memory is therefore
 * bounded whatever the archive's size: the stream's buffers, a header of at
 * most WARC_MAX_HEADER_BYTES, and a line of at most what the caller allows.
 *
 * Versions: WARC/1.0 and WARC/1.1, and the drafts WARC/0.17 and WARC/0.18
 * that older crawls hold (the same syntax). Empty lines before a record and
 * a UTF-8 byte order mark at the start of the file are skipped.
 *
 * Errors. A damaged archive cannot be read past the damage: a header that is
 * not one (a version this reader does not know, a line that is no header
 * line, a NUL byte in a header line), a missing or malformed Content-Length,
 * a stream that ends inside a record (truncated), a block not followed by
 * CR LF CR LF (a wrong Content-Length), a gzip error of the stream, or a
 * record that ends its gzip member when that member's CRC-32 or length is
 * wrong. Whichever call meets such
 * an error first returns it, with a message naming the file and the record's
 * offset; from then on block reads return it again and warc_reader_next()
 * returns 0 (so a front end reports it once). Records read before it stay
 * valid. A line of a block that is too long for the caller is
 * an error of that record only.
 *
 * A record's offset is where it begins in the file: the offset of its gzip
 * member in a gzip'd WARC (byte_stream_member_offset()), which is what
 * Common Crawl's indexes give. When a member holds several records (a WARC
 * gzip'd as a whole), member_skip says how many decoded bytes of the member
 * come before the record; it is 0 for a record that begins its member.
 *
 * A record's end is checked by warc_block_end() (the caller, when it has
 * read the block: before it trusts what it read) or by the next
 * warc_reader_next() (skipping the rest).
 */
#ifndef NC_WARC_H
#define NC_WARC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "source/byte-stream.h"
#include "base/limits.h"

enum warc_type {
	WARC_TYPE_WARCINFO,
	WARC_TYPE_RESPONSE,
	WARC_TYPE_RESOURCE,
	WARC_TYPE_REQUEST,
	WARC_TYPE_METADATA,
	WARC_TYPE_REVISIT,
	WARC_TYPE_CONVERSION,
	WARC_TYPE_CONTINUATION,
	WARC_TYPE_OTHER,          /* a WARC-Type this reader does not know, or none */
	WARC_TYPE_COUNT
};

/* The header of the current record. Strings point into the reader and are
 * NULL when the header line is absent. */
struct warc_record {
	enum warc_type type;
	const char *version;         /* "WARC/1.0" or "WARC/1.1" */
	const char *type_name;       /* WARC-Type as written */
	const char *record_id;       /* WARC-Record-ID, e.g. "<urn:uuid:...>" */
	const char *target_uri;      /* WARC-Target-URI, without enclosing <> */
	const char *date;            /* WARC-Date */
	const char *content_type;    /* Content-Type of the block */
	int truncated;               /* WARC-Truncated is present: the block was cut */
	uint64_t offset;             /* where the record (its gzip member) begins */
	uint64_t member_skip;        /* decoded bytes of that member before it */
	uint64_t content_length;     /* of the block */
};

struct warc_reader;

/* --- life cycle ------------------------------------------------------------- */

/* A reader of the records of `stream`, which it owns from now on. */
struct warc_reader *warc_reader_new(struct byte_stream *stream);
void warc_reader_free(struct warc_reader *reader);

/* The stream's name, for messages. */
const char *warc_reader_name(const struct warc_reader *reader);

/* --- records ---------------------------------------------------------------- */

/* Skip the rest of the current record and parse the next header: 1 with
 * `*record` set, 0 at the end (or after a reported error), -1 with `err`. */
int warc_reader_next(struct warc_reader *reader, const struct warc_record **record,
		     struct nc_error *err);

/* 1 once the archive could not be read further (the error was reported). */
int warc_reader_failed(const struct warc_reader *reader);

/* The value of header `name` (any case) of the current record, or NULL. */
const char *warc_reader_header(const struct warc_reader *reader, const char *name);

/* "response" for WARC_TYPE_RESPONSE, ... */
const char *warc_type_name(enum warc_type type);

/* 1 when `version_line` ("WARC/1.0") is a version this reader reads. */
int warc_version_known(const char *version_line);

/* --- the current record's block ----------------------------------------------
 * These never read past the block. Their errors do not name the file (the
 * page that reads a block has a name of its own). */

/* As byte_stream_peek(), within the block: 0 at its end. */
ssize_t warc_block_peek(struct warc_reader *reader, size_t want, const char **data,
			struct nc_error *err);
void warc_block_consume(struct warc_reader *reader, size_t len);
ssize_t warc_block_read(struct warc_reader *reader, char *buf, size_t cap,
			struct nc_error *err);

/* Read one line of the block into `line` (reset first; the LF and a CR
 * before it removed): 1 for a line, 2 for a last line the block ends
 * without LF, 0 when the block has ended, -1 with `err` (NC_ERR_LIMIT when
 * the line is longer than `max_bytes`). */
int warc_block_line(struct warc_reader *reader, struct strbuf *line, size_t max_bytes,
		    struct nc_error *err);

/* Bytes of the block consumed so far. */
uint64_t warc_block_position(const struct warc_reader *reader);

/* The caller is done with the block: skip what is left of it and check the
 * end of the record (CR LF CR LF, and the trailer of a gzip member that ends
 * with it). 0 when the record is sound, -1 with `err` naming the file and
 * the record (the archive cannot be read further, as after any damage). A
 * reader of a page calls this at the end of the page, before the page is
 * trusted. */
int warc_block_end(struct warc_reader *reader, struct nc_error *err);

#endif
