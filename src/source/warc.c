/* warc.c: reading WARC records (see warc.h).
 *
 * The header of the current record lives in `header_text` as "name\0value\0"
 * pairs, indexed by `headers`; the block is never copied, only peeked at and
 * consumed in the byte stream's buffer.
 */
#include "source/warc.h"
#include "base/alloc.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

struct warc_header {
	size_t name, value;   /* offsets into header_text */
};

struct warc_reader {
	struct byte_stream *stream;
	struct strbuf header_text;
	struct warc_header *headers;
	size_t header_count, header_alloc;
	struct strbuf line;
	struct warc_record record;
	int in_record;             /* a header was parsed; its block is pending */
	uint64_t block_remaining;
	int failed;                /* the archive cannot be read further */
	struct nc_error error;     /* why, naming the file */
};

static const char *const type_names[WARC_TYPE_COUNT] = {
	"warcinfo", "response", "resource", "request", "metadata", "revisit", "conversion",
	"continuation", "other",
};

const char *warc_type_name(enum warc_type type)
{
	return type < WARC_TYPE_COUNT ? type_names[type] : "other";
}

struct warc_reader *warc_reader_new(struct byte_stream *stream)
{
	struct warc_reader *reader = xcalloc(1, sizeof(*reader));
	reader->stream = stream;
	strbuf_init(&reader->header_text);
	strbuf_init(&reader->line);
	return reader;
}

void warc_reader_free(struct warc_reader *reader)
{
	if (!reader)
		return;
	byte_stream_free(reader->stream);
	strbuf_release(&reader->header_text);
	strbuf_release(&reader->line);
	free(reader->headers);
	free(reader);
}

const char *warc_reader_name(const struct warc_reader *reader)
{
	return byte_stream_name(reader->stream);
}

/* Mark the archive unreadable from here; the message is reported by the
 * caller (returned -1) and never again. */
static int reader_fail(struct warc_reader *reader, struct nc_error *err, enum nc_error_code code,
		       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int reader_fail(struct warc_reader *reader, struct nc_error *err, enum nc_error_code code,
		       const char *fmt, ...)
{
	char message[sizeof(reader->error.message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	reader->failed = 1;
	nc_error_set(&reader->error, code, "%s: %s", byte_stream_name(reader->stream), message);
	if (err)
		*err = reader->error;
	return -1;
}

/* A failure of the byte stream (it names the file itself). */
static int reader_fail_stream(struct warc_reader *reader, const struct nc_error *stream_err,
			      struct nc_error *err)
{
	reader->failed = 1;
	reader->error = *stream_err;
	if (err)
		*err = reader->error;
	return -1;
}

/* Report the failure again, to a block reader that reads on. */
static int reader_failed(struct warc_reader *reader, struct nc_error *err)
{
	if (err)
		*err = reader->error;
	return -1;
}

/* --- the block ---------------------------------------------------------------- */

ssize_t warc_block_peek(struct warc_reader *reader, size_t want, const char **data,
			struct nc_error *err)
{
	struct nc_error stream_err;

	if (reader->failed)
		return reader_failed(reader, err);
	if (!reader->in_record || reader->block_remaining == 0)
		return 0;
	if (want > reader->block_remaining)
		want = (size_t)reader->block_remaining;
	ssize_t got = byte_stream_peek(reader->stream, want, data, &stream_err);
	if (got < 0)
		return reader_fail_stream(reader, &stream_err, err);
	if (got == 0)
		return reader_fail(reader, err, NC_ERR_FORMAT,
				   "record at offset %" PRIu64 ": truncated: the file ends %" PRIu64
				   " bytes into a block of %" PRIu64 " (Content-Length)",
				   reader->record.offset,
				   reader->record.content_length - reader->block_remaining,
				   reader->record.content_length);
	if ((uint64_t)got > reader->block_remaining)
		got = (ssize_t)reader->block_remaining;
	return got;
}

void warc_block_consume(struct warc_reader *reader, size_t len)
{
	byte_stream_consume(reader->stream, len);
	reader->block_remaining -= len;
}

ssize_t warc_block_read(struct warc_reader *reader, char *buf, size_t cap, struct nc_error *err)
{
	const char *data;
	/* Whatever is buffered (asking for more than that would move the
	 * buffer's rest to its start on every call). */
	ssize_t got = warc_block_peek(reader, 1, &data, err);

	if (got <= 0)
		return got;
	if ((size_t)got > cap)
		got = (ssize_t)cap;
	memcpy(buf, data, (size_t)got);
	warc_block_consume(reader, (size_t)got);
	return got;
}

uint64_t warc_block_position(const struct warc_reader *reader)
{
	return reader->record.content_length - reader->block_remaining;
}

int warc_block_line(struct warc_reader *reader, struct strbuf *line, size_t max_bytes,
		    struct nc_error *err)
{
	strbuf_reset(line);
	for (;;) {
		const char *data;
		ssize_t got = warc_block_peek(reader, 1, &data, err);   /* what is buffered */
		if (got < 0)
			return -1;
		if (got == 0)
			return line->len ? 2 : 0;
		const char *lf = memchr(data, '\n', (size_t)got);
		size_t take = lf ? (size_t)(lf - data) + 1 : (size_t)got;
		if (line->len + take > max_bytes + 2)   /* + CR LF */
			return nc_error_set(err, NC_ERR_LIMIT,
					    "a line at offset %" PRIu64 " of the block is longer than %zu bytes",
					    warc_block_position(reader) - line->len, max_bytes);
		strbuf_add(line, data, take);
		warc_block_consume(reader, take);
		if (lf) {
			strbuf_setlen(line, line->len - 1);
			if (line->len && line->buf[line->len - 1] == '\r')
				strbuf_setlen(line, line->len - 1);
			return 1;
		}
	}
}

/* --- the header -------------------------------------------------------------- */

/* Read one header line of at most `budget` bytes into reader->line: 1 for a
 * line, 0 when the stream ends first, -1 after a failure. */
static int header_line(struct warc_reader *reader, size_t budget, struct nc_error *err)
{
	struct nc_error stream_err;

	strbuf_reset(&reader->line);
	for (;;) {
		const char *data;
		ssize_t got = byte_stream_peek(reader->stream, 1, &data, &stream_err);   /* buffered */
		if (got < 0)
			return reader_fail_stream(reader, &stream_err, err);
		if (got == 0)
			return 0;
		const char *lf = memchr(data, '\n', (size_t)got);
		size_t take = lf ? (size_t)(lf - data) + 1 : (size_t)got;
		if (reader->line.len + take > budget)
			return reader_fail(reader, err, NC_ERR_LIMIT,
					   "record at offset %" PRIu64 ": header longer than %u bytes",
					   reader->record.offset, WARC_MAX_HEADER_BYTES);
		strbuf_add(&reader->line, data, take);
		byte_stream_consume(reader->stream, take);
		if (lf) {
			strbuf_setlen(&reader->line, reader->line.len - 1);
			if (reader->line.len && reader->line.buf[reader->line.len - 1] == '\r')
				strbuf_setlen(&reader->line, reader->line.len - 1);
			/* Values are kept as C strings: a NUL would cut one without
			 * a word. No WARC writer puts one there. */
			if (memchr(reader->line.buf, '\0', reader->line.len))
				return reader_fail(reader, err, NC_ERR_FORMAT,
						   "record at offset %" PRIu64 ": a NUL byte in the "
						   "header line '%.60s'", reader->record.offset,
						   reader->line.buf);
			return 1;
		}
	}
}

static void header_add(struct warc_reader *reader, const char *name, size_t name_len,
		       const char *value, size_t value_len)
{
	ARRAY_GROW(reader->headers, reader->header_count, reader->header_alloc, 16);
	struct warc_header *header = &reader->headers[reader->header_count++];
	header->name = reader->header_text.len;
	strbuf_add(&reader->header_text, name, name_len);
	strbuf_addch(&reader->header_text, '\0');
	header->value = reader->header_text.len;
	strbuf_add(&reader->header_text, value, value_len);
	strbuf_addch(&reader->header_text, '\0');
}

static void trim(const char **s, size_t *len)
{
	while (*len && (**s == ' ' || **s == '\t')) {
		(*s)++;
		(*len)--;
	}
	while (*len && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t'))
		(*len)--;
}

/* Take one header line ("Name: value", or a continuation of the last). */
static int header_parse_line(struct warc_reader *reader, struct nc_error *err)
{
	const char *text = reader->line.buf;
	size_t len = reader->line.len;

	if ((text[0] == ' ' || text[0] == '\t') && reader->header_count) {
		trim(&text, &len);
		/* The last value ends header_text: extend it in place. */
		int was_empty = reader->headers[reader->header_count - 1].value ==
				reader->header_text.len - 1;
		strbuf_setlen(&reader->header_text, reader->header_text.len - 1);
		if (!was_empty)
			strbuf_addch(&reader->header_text, ' ');
		strbuf_add(&reader->header_text, text, len);
		strbuf_addch(&reader->header_text, '\0');
		return 0;
	}
	const char *colon = memchr(text, ':', len);
	size_t name_len = colon ? (size_t)(colon - text) : 0;
	for (size_t i = 0; i < name_len; i++)
		if ((unsigned char)text[i] <= ' ' || text[i] == 0x7f)
			name_len = 0;
	if (!name_len)
		return reader_fail(reader, err, NC_ERR_FORMAT,
				   "record at offset %" PRIu64 ": malformed header line '%.60s'",
				   reader->record.offset, reader->line.buf);
	const char *value = colon + 1;
	size_t value_len = len - name_len - 1;
	trim(&value, &value_len);
	header_add(reader, text, name_len, value, value_len);
	return 0;
}

int warc_reader_failed(const struct warc_reader *reader)
{
	return reader->failed;
}

const char *warc_reader_header(const struct warc_reader *reader, const char *name)
{
	for (size_t i = 0; i < reader->header_count; i++)
		if (!strcasecmp(reader->header_text.buf + reader->headers[i].name, name))
			return reader->header_text.buf + reader->headers[i].value;
	return NULL;
}

int warc_version_known(const char *version_line)
{
	/* The drafts 0.17 and 0.18 (Heritrix 1 and early Heritrix 3 wrote them)
	 * have the syntax of 1.0: named fields and a Content-Length. */
	static const char *const known[] = { "WARC/1.0", "WARC/1.1", "WARC/0.17", "WARC/0.18" };
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(version_line, known[i]))
			return 1;
	return 0;
}

/* Read the version line and the header lines up to the empty line. */
static int header_read(struct warc_reader *reader, struct nc_error *err)
{
	size_t budget = WARC_MAX_HEADER_BYTES;

	strbuf_reset(&reader->header_text);
	reader->header_count = 0;
	int got = header_line(reader, budget, err);
	if (got < 0)
		return -1;
	if (got == 0)
		return reader_fail(reader, err, NC_ERR_FORMAT,
				   "record at offset %" PRIu64 ": truncated: the file ends "
				   "inside the version line", reader->record.offset);
	const char *version = reader->line.buf;
	if (strncmp(version, "WARC/", 5))
		return reader_fail(reader, err, NC_ERR_FORMAT,
				   "record at offset %" PRIu64 ": not a WARC record (it begins "
				   "'%.40s')", reader->record.offset, version);
	if (!warc_version_known(version))
		return reader_fail(reader, err, NC_ERR_FORMAT,
				   "record at offset %" PRIu64 ": %.40s is not a version this reader "
				   "knows (it reads WARC/1.0, WARC/1.1, and the drafts WARC/0.17 and "
				   "WARC/0.18 of older crawls)", reader->record.offset, version);
	header_add(reader, "", 0, version, reader->line.len);
	budget -= reader->line.len;
	for (;;) {
		got = header_line(reader, budget, err);
		if (got < 0)
			return -1;
		if (got == 0)
			return reader_fail(reader, err, NC_ERR_FORMAT,
					   "record at offset %" PRIu64 ": truncated: the file ends "
					   "inside the header", reader->record.offset);
		if (reader->line.len == 0)
			return 0;
		budget -= reader->line.len;
		if (header_parse_line(reader, err) < 0)
			return -1;
	}
}

static enum warc_type type_from_name(const char *name)
{
	for (int type = 0; type < WARC_TYPE_OTHER; type++)
		if (name && !strcasecmp(name, type_names[type]))
			return (enum warc_type)type;
	return WARC_TYPE_OTHER;
}

/* Fill reader->record from the parsed header. */
static int record_from_header(struct warc_reader *reader, struct nc_error *err)
{
	struct warc_record *record = &reader->record;
	const char *length = warc_reader_header(reader, "Content-Length");
	uint64_t value = 0;

	if (!length || !*length)
		return reader_fail(reader, err, NC_ERR_FORMAT,
				   "record at offset %" PRIu64 ": no Content-Length", record->offset);
	for (const char *p = length; *p; p++) {
		/* 2^62 bytes is beyond any file; the bound keeps the sum exact. */
		if (*p < '0' || *p > '9' || value > (UINT64_C(1) << 62) / 10)
			return reader_fail(reader, err, NC_ERR_FORMAT,
					   "record at offset %" PRIu64 ": bad Content-Length '%.40s'",
					   record->offset, length);
		value = value * 10 + (uint64_t)(*p - '0');
	}
	record->content_length = value;
	record->version = reader->header_text.buf + reader->headers[0].value;
	record->type_name = warc_reader_header(reader, "WARC-Type");
	record->type = type_from_name(record->type_name);
	record->record_id = warc_reader_header(reader, "WARC-Record-ID");
	record->date = warc_reader_header(reader, "WARC-Date");
	record->content_type = warc_reader_header(reader, "Content-Type");
	record->truncated = warc_reader_header(reader, "WARC-Truncated") != NULL;
	record->target_uri = warc_reader_header(reader, "WARC-Target-URI");
	if (record->target_uri && record->target_uri[0] == '<') {
		/* WARC 1.0's examples write <URI>; strip the brackets in place. */
		char *uri = (char *)record->target_uri;
		size_t len = strlen(uri);
		if (len >= 2 && uri[len - 1] == '>') {
			uri[len - 1] = '\0';
			record->target_uri = uri + 1;
		}
	}
	return 0;
}

/* Skip what is left of the current block, the CR LF CR LF after it and,
 * where the record ends its gzip member (one member per record, as Common
 * Crawl writes them), read that member's trailer: a record is sound only
 * when all three check. */
static int record_finish(struct warc_reader *reader, struct nc_error *err)
{
	struct nc_error stream_err;
	const char *data;

	while (reader->block_remaining) {
		ssize_t got = warc_block_peek(reader, 1, &data, err);
		if (got < 0)
			return -1;
		warc_block_consume(reader, (size_t)got);
	}
	reader->in_record = 0;
	ssize_t got = byte_stream_peek(reader->stream, 4, &data, &stream_err);
	if (got < 0)
		return reader_fail_stream(reader, &stream_err, err);
	if (got < 4 && !memcmp(data, "\r\n\r\n", (size_t)got))
		return reader_fail(reader, err, NC_ERR_FORMAT,
				   "record at offset %" PRIu64 ": truncated: the file ends after "
				   "the block, without the CR LF CR LF that closes a record",
				   reader->record.offset);
	if (got < 4 || memcmp(data, "\r\n\r\n", 4))
		return reader_fail(reader, err, NC_ERR_FORMAT,
				   "record at offset %" PRIu64 ": the block of %" PRIu64 " bytes "
				   "(Content-Length) is not followed by CR LF CR LF: wrong "
				   "Content-Length or a damaged file", reader->record.offset,
				   reader->record.content_length);
	byte_stream_consume(reader->stream, 4);
	if (byte_stream_member_check(reader->stream, &stream_err) < 0)
		return reader_fail_stream(reader, &stream_err, err);
	return 0;
}

int warc_block_end(struct warc_reader *reader, struct nc_error *err)
{
	if (reader->failed)
		return reader_failed(reader, err);
	if (!reader->in_record)
		return 0;
	return record_finish(reader, err);
}

/* Skip empty lines between records (some writers add them, some before
 * the first), and a UTF-8 byte order mark at the start of the file (an
 * editor's): 1 when a record follows, 0 at the end of the file. */
static int skip_blank_lines(struct warc_reader *reader, struct nc_error *err)
{
	struct nc_error stream_err;

	if (byte_stream_offset(reader->stream) == 0) {
		const char *data;
		ssize_t got = byte_stream_peek(reader->stream, 3, &data, &stream_err);
		if (got < 0)
			return reader_fail_stream(reader, &stream_err, err);
		if (got >= 3 && !memcmp(data, "\xef\xbb\xbf", 3))
			byte_stream_consume(reader->stream, 3);
	}
	for (;;) {
		const char *data;
		ssize_t got = byte_stream_peek(reader->stream, 1, &data, &stream_err);
		if (got < 0)
			return reader_fail_stream(reader, &stream_err, err);
		if (got == 0)
			return 0;
		size_t blank = 0;
		while (blank < (size_t)got && (data[blank] == '\r' || data[blank] == '\n'))
			blank++;
		byte_stream_consume(reader->stream, blank);
		if (blank < (size_t)got)
			return 1;
	}
}

int warc_reader_next(struct warc_reader *reader, const struct warc_record **record,
		     struct nc_error *err)
{
	if (reader->failed)
		return 0;   /* the failure was reported when it happened */
	if (reader->in_record && record_finish(reader, err) < 0)
		return -1;
	int more = skip_blank_lines(reader, err);
	if (more <= 0)
		return more;
	memset(&reader->record, 0, sizeof(reader->record));
	reader->record.offset = byte_stream_member_offset(reader->stream);
	reader->record.member_skip = byte_stream_member_skip(reader->stream);
	if (header_read(reader, err) < 0 || record_from_header(reader, err) < 0)
		return -1;
	reader->in_record = 1;
	reader->block_remaining = reader->record.content_length;
	*record = &reader->record;
	return 1;
}
