/* http-payload.c: HTTP heads and payloads of WARC records (see
 * http-payload.h). Three layers, each pulling from the one below: the
 * block (warc.h), de-chunking (body_read), content decoding (payload_read).
 */
#include "source/http-payload.h"
#include "base/alloc.h"

#include <ctype.h>
#include <stddef.h>
#include <inttypes.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

/* Input buffer of the content decoder. */
#define PAYLOAD_INPUT_BYTES 16384

enum chunk_state { CHUNK_SIZE, CHUNK_DATA, CHUNK_DATA_END, CHUNK_TRAILER, CHUNK_DONE };
enum content_coding { CODING_IDENTITY, CODING_GZIP, CODING_DEFLATE };

struct http_payload {
	struct warc_reader *reader;
	int lenient_end;
	int chunked;
	enum chunk_state chunk_state;
	uint64_t chunk_left;
	struct strbuf line;
	enum content_coding coding;
	z_stream zs;
	int zs_ready, zs_ended, input_ended;
	int member_ended;           /* a gzip member ended: another may follow */
	unsigned char *input;
};

/* --- the head ----------------------------------------------------------------- */

void http_head_release(struct http_head *head)
{
	free(head->content_type);
	free(head->transfer_encoding);
	free(head->content_encoding);
	memset(head, 0, sizeof(*head));
}

/* "HTTP/1.1 200 OK" -> 200, or -1. */
static int parse_status_line(const char *line)
{
	if (strncmp(line, "HTTP/", 5))
		return -1;
	const char *p = line + 5;
	while (*p && *p != ' ')
		p++;
	while (*p == ' ')
		p++;
	if (!isdigit((unsigned char)p[0]) || !isdigit((unsigned char)p[1]) ||
	    !isdigit((unsigned char)p[2]) || (p[3] && p[3] != ' ' && p[3] != '\t'))
		return -1;
	return (p[0] - '0') * 100 + (p[1] - '0') * 10 + (p[2] - '0');
}

/* Keep the header line in `line` if the page needs it. */
static void head_take(struct http_head *head, const char *line)
{
	static const struct { const char *name; size_t slot; } wanted[] = {
		{ "Content-Type", offsetof(struct http_head, content_type) },
		{ "Transfer-Encoding", offsetof(struct http_head, transfer_encoding) },
		{ "Content-Encoding", offsetof(struct http_head, content_encoding) },
	};
	const char *colon = strchr(line, ':');
	if (!colon)
		return;   /* browsers ignore such lines; so do we */
	for (size_t i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
		size_t len = strlen(wanted[i].name);
		if ((size_t)(colon - line) != len || strncasecmp(line, wanted[i].name, len))
			continue;
		const char *value = colon + 1;
		while (*value == ' ' || *value == '\t')
			value++;
		size_t value_len = strlen(value);
		while (value_len && (value[value_len - 1] == ' ' || value[value_len - 1] == '\t'))
			value_len--;
		char **slot = (char **)((char *)head + wanted[i].slot);
		free(*slot);   /* a repeated header: the last one counts, as in browsers */
		*slot = xmemdup(value, value_len);
	}
}

/* One status line and its header lines. */
static int head_read_one(struct warc_reader *reader, struct http_head *head, struct strbuf *line,
			 struct nc_error *err)
{
	size_t budget = HTTP_MAX_HEAD_BYTES;
	int got = warc_block_line(reader, line, budget, err);

	if (got < 0)
		return -1;
	if (got == 0)
		return nc_error_set(err, NC_ERR_FORMAT, "the response record has an empty block");
	head->status = parse_status_line(line->buf);
	if (head->status < 0)
		return nc_error_set(err, NC_ERR_FORMAT,
				    "not an HTTP response: the block begins '%.40s'", line->buf);
	for (;;) {
		budget -= line->len < budget ? line->len : budget;
		got = warc_block_line(reader, line, budget, err);
		if (got < 0)
			return -1;
		/* A block that ends after the header lines has an empty body. */
		if (got == 0 || line->len == 0)
			return 0;
		/* Lines are kept as C strings: a NUL would cut a value (a charset
		 * lost without a word). Browsers refuse such a response too. */
		if (memchr(line->buf, '\0', line->len))
			return nc_error_set(err, NC_ERR_FORMAT, "a NUL byte in the HTTP header line "
					    "'%.60s'", line->buf);
		head_take(head, line->buf);
		if (got == 2)
			return 0;
	}
}

int http_head_read(struct warc_reader *reader, struct http_head *head, struct nc_error *err)
{
	struct strbuf line = STRBUF_INIT;
	int ret;

	memset(head, 0, sizeof(*head));
	do {
		http_head_release(head);
		ret = head_read_one(reader, head, &line, err);
	} while (ret == 0 && head->status >= 100 && head->status < 200);
	strbuf_release(&line);
	if (ret < 0)
		http_head_release(head);
	return ret;
}

void content_type_parse(const char *value, struct strbuf *media_type, struct strbuf *charset)
{
	strbuf_reset(media_type);
	strbuf_reset(charset);
	if (!value)
		return;
	const char *p = value;
	while (*p == ' ' || *p == '\t')
		p++;
	for (; *p && *p != ';' && *p != ' ' && *p != '\t'; p++)
		strbuf_addch(media_type, tolower((unsigned char)*p));
	for (p = strchr(p, ';'); p; p = strchr(p + 1, ';')) {
		const char *name = p + 1;
		while (*name == ' ' || *name == '\t')
			name++;
		if (strncasecmp(name, "charset", 7))
			continue;
		const char *v = name + 7;
		while (*v == ' ' || *v == '\t')
			v++;
		if (*v != '=')
			continue;
		v++;
		while (*v == ' ' || *v == '\t')
			v++;
		int quoted = *v == '"' || *v == '\'';
		char quote = *v;
		if (quoted)
			v++;
		for (; *v && (quoted ? *v != quote : *v != ';' && *v != ' ' && *v != '\t'); v++)
			strbuf_addch(charset, *v);
		return;
	}
}

/* --- codings ------------------------------------------------------------------ */

/* Take the codings of one header value ("gzip", "chunked", "gzip, chunked"). */
static int codings_take(struct http_payload *payload, const char *value, struct nc_error *err)
{
	const char *p = value;

	while (p && *p) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		size_t len = strcspn(p, " \t,;");
		enum content_coding coding = CODING_IDENTITY;
		if (!len) {
			break;
		} else if (len == 7 && !strncasecmp(p, "chunked", 7)) {
			payload->chunked = 1;
		} else if ((len == 4 && !strncasecmp(p, "gzip", 4)) ||
			   (len == 6 && !strncasecmp(p, "x-gzip", 6))) {
			coding = CODING_GZIP;
		} else if (len == 7 && !strncasecmp(p, "deflate", 7)) {
			coding = CODING_DEFLATE;
		} else if (!(len == 8 && !strncasecmp(p, "identity", 8))) {
			return nc_error_set(err, NC_ERR_FORMAT, "unsupported content coding '%.*s'",
					    (int)(len < 40 ? len : 40), p);
		}
		if (coding != CODING_IDENTITY) {
			if (payload->coding != CODING_IDENTITY)
				return nc_error_set(err, NC_ERR_FORMAT,
						    "more than one content coding ('%.60s')", value);
			payload->coding = coding;
		}
		p = strchr(p, ',');
	}
	return 0;
}

struct http_payload *http_payload_new(struct warc_reader *reader, const struct http_head *head,
				      int lenient_end, struct nc_error *err)
{
	struct http_payload *payload = xcalloc(1, sizeof(*payload));

	payload->reader = reader;
	payload->lenient_end = lenient_end;
	strbuf_init(&payload->line);
	if (head && (codings_take(payload, head->transfer_encoding, err) < 0 ||
		     codings_take(payload, head->content_encoding, err) < 0)) {
		http_payload_free(payload);
		return NULL;
	}
	/* A gzip stream served without a coding (a server that gzips its files
	 * and says nothing) is what its bytes say: a page to inflate, not
	 * binary text to clean. */
	if (head && payload->coding == CODING_IDENTITY && !payload->chunked) {
		const char *data;
		ssize_t got = warc_block_peek(reader, 3, &data, err);
		if (got < 0) {
			http_payload_free(payload);
			return NULL;
		}
		if (got >= 3 && !memcmp(data, "\x1f\x8b\x08", 3))
			payload->coding = CODING_GZIP;
	}
	if (payload->coding != CODING_IDENTITY)
		payload->input = xmalloc(PAYLOAD_INPUT_BYTES);
	return payload;
}

void http_payload_free(struct http_payload *payload)
{
	if (!payload)
		return;
	if (payload->zs_ready)
		inflateEnd(&payload->zs);
	free(payload->input);
	strbuf_release(&payload->line);
	free(payload);
}

/* --- de-chunking ---------------------------------------------------------------- */

/* The end of the block where more was due: fine in a truncated record. */
static int body_cut(struct http_payload *payload, const char *what, struct nc_error *err)
{
	payload->chunk_state = CHUNK_DONE;
	if (payload->lenient_end)
		return 0;
	return nc_error_set(err, NC_ERR_FORMAT, "bad chunked encoding: the block ends %s", what);
}

/* Parse a chunk-size line: hex digits, then white space or ';' extensions. */
static int chunk_size_parse(const char *line, uint64_t *size)
{
	const char *p = line;
	int digits = 0;

	*size = 0;
	while (*p == ' ' || *p == '\t')
		p++;
	for (; isxdigit((unsigned char)*p); p++, digits++) {
		if (digits == 15)
			return -1;   /* 2^60 bytes: no real chunk */
		int c = tolower((unsigned char)*p);
		*size = *size * 16 + (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
	}
	while (*p == ' ' || *p == '\t')
		p++;
	return digits && (*p == '\0' || *p == ';') ? 0 : -1;
}

/* Read the chunk-size line: the next state, or -1. */
static int chunk_begin(struct http_payload *payload, struct nc_error *err)
{
	uint64_t at = warc_block_position(payload->reader);
	int got = warc_block_line(payload->reader, &payload->line, HTTP_MAX_CHUNK_LINE, err);

	if (got < 0)
		return -1;
	if (got == 0)
		return body_cut(payload, "before the last chunk", err);
	if (chunk_size_parse(payload->line.buf, &payload->chunk_left) < 0)
		return nc_error_set(err, NC_ERR_FORMAT,
				    "bad chunked encoding: bad chunk size line '%.40s' at offset %"
				    PRIu64 " of the block", payload->line.buf, at);
	payload->chunk_state = payload->chunk_left ? CHUNK_DATA : CHUNK_TRAILER;
	return 0;
}

/* The CR LF after a chunk's data, or the trailer lines up to an empty one. */
static int chunk_end(struct http_payload *payload, struct nc_error *err)
{
	uint64_t at = warc_block_position(payload->reader);
	int got = warc_block_line(payload->reader, &payload->line, HTTP_MAX_CHUNK_LINE, err);

	if (got < 0)
		return -1;
	if (payload->chunk_state == CHUNK_TRAILER) {
		if (got != 1 || payload->line.len == 0)
			payload->chunk_state = CHUNK_DONE;
		return 0;
	}
	if (got == 0)
		return body_cut(payload, "after a chunk's data", err);
	if (got != 1 || payload->line.len)
		return nc_error_set(err, NC_ERR_FORMAT,
				    "bad chunked encoding: the chunk data before offset %" PRIu64
				    " of the block is not followed by CR LF (a wrong chunk size)", at);
	payload->chunk_state = CHUNK_SIZE;
	return 0;
}

/* The body: the block after the head, de-chunked if chunked. */
static ssize_t body_read(struct http_payload *payload, char *buf, size_t cap, struct nc_error *err)
{
	if (!payload->chunked)
		return warc_block_read(payload->reader, buf, cap, err);
	for (;;) {
		switch (payload->chunk_state) {
		case CHUNK_SIZE:
			if (chunk_begin(payload, err) < 0)
				return -1;
			break;
		case CHUNK_DATA: {
			size_t want = payload->chunk_left < cap ? (size_t)payload->chunk_left : cap;
			ssize_t got = warc_block_read(payload->reader, buf, want, err);
			if (got < 0)
				return -1;
			if (got == 0) {
				if (body_cut(payload, "inside a chunk", err) < 0)
					return -1;
				break;
			}
			payload->chunk_left -= (uint64_t)got;
			if (!payload->chunk_left)
				payload->chunk_state = CHUNK_DATA_END;
			return got;
		}
		case CHUNK_DATA_END:
		case CHUNK_TRAILER:
			if (chunk_end(payload, err) < 0)
				return -1;
			break;
		case CHUNK_DONE:
			return 0;
		}
	}
}

/* --- content decoding ---------------------------------------------------------- */

/* Set up inflate once the first input bytes are there: deflate comes with
 * or without the zlib wrapper, whatever the standard says. */
static void inflate_begin(struct http_payload *payload)
{
	int window = 16 + MAX_WBITS;

	if (payload->coding == CODING_DEFLATE) {
		const unsigned char *p = payload->zs.next_in;
		int wrapped = payload->zs.avail_in >= 2 && (p[0] & 0x0f) == 8 &&
			      ((p[0] << 8) | p[1]) % 31 == 0;
		window = wrapped ? MAX_WBITS : -MAX_WBITS;
	}
	unsigned char *keep_in = payload->zs.next_in;
	uInt keep_avail = payload->zs.avail_in;
	if (inflateInit2(&payload->zs, window) != Z_OK)
		xdie("inflateInit2 failed");
	payload->zs.next_in = keep_in;
	payload->zs.avail_in = keep_avail;
	payload->zs_ready = 1;
}

/* Refill the decoder's input: -1 on error. */
static int inflate_refill(struct http_payload *payload, struct nc_error *err)
{
	ssize_t got = body_read(payload, (char *)payload->input, PAYLOAD_INPUT_BYTES, err);

	if (got < 0)
		return -1;
	if (got == 0)
		payload->input_ended = 1;
	payload->zs.next_in = payload->input;
	payload->zs.avail_in = (uInt)got;
	return 0;
}

/* Two input bytes, if the body has them: the first two bytes of a stream
 * tell the zlib wrapper (deflate) or another gzip member from junk, and a
 * chunk or a read of one byte must not hide the second. */
static int inflate_need_two(struct http_payload *payload, struct nc_error *err)
{
	while (payload->zs.avail_in < 2 && !payload->input_ended) {
		uInt have = payload->zs.avail_in;
		if (have)
			memmove(payload->input, payload->zs.next_in, have);
		ssize_t got = body_read(payload, (char *)payload->input + have,
					PAYLOAD_INPUT_BYTES - have, err);
		if (got < 0)
			return -1;
		if (got == 0)
			payload->input_ended = 1;
		payload->zs.next_in = payload->input;
		payload->zs.avail_in = have + (uInt)got;
	}
	return 0;
}

static ssize_t inflate_read(struct http_payload *payload, char *buf, size_t cap,
			    struct nc_error *err)
{
	const char *name = payload->coding == CODING_GZIP ? "gzip" : "deflate";

	while (!payload->zs_ended) {
		if (payload->zs.avail_in == 0 && !payload->input_ended &&
		    inflate_refill(payload, err) < 0)
			return -1;
		if (payload->member_ended) {
			/* Content-Encoding: gzip may be several members, as gzip
			 * files are (RFC 1952); anything else after a member is
			 * ignored, as browsers do. */
			if (inflate_need_two(payload, err) < 0)
				return -1;
			if (payload->zs.avail_in < 2 || payload->zs.next_in[0] != 0x1f ||
			    payload->zs.next_in[1] != 0x8b) {
				payload->zs_ended = 1;
				break;
			}
			inflateReset(&payload->zs);
			payload->member_ended = 0;
		}
		if (payload->zs.avail_in == 0 && payload->input_ended) {
			payload->zs_ended = 1;
			/* An empty body is an empty page, whatever its coding. */
			if (!payload->zs_ready || payload->lenient_end)
				return 0;
			return nc_error_set(err, NC_ERR_FORMAT, "truncated %s content", name);
		}
		if (!payload->zs_ready) {
			if (inflate_need_two(payload, err) < 0)
				return -1;
			inflate_begin(payload);
		}
		payload->zs.next_out = (unsigned char *)buf;
		payload->zs.avail_out = cap > UINT32_MAX ? UINT32_MAX : (uInt)cap;
		uInt before = payload->zs.avail_out;
		int ret = inflate(&payload->zs, Z_NO_FLUSH);
		ssize_t produced = (ssize_t)(before - payload->zs.avail_out);
		if (ret == Z_STREAM_END && payload->coding == CODING_GZIP)
			payload->member_ended = 1;
		else if (ret == Z_STREAM_END)
			payload->zs_ended = 1;   /* what follows the stream is ignored */
		else if (ret != Z_OK && ret != Z_BUF_ERROR)
			return nc_error_set(err, NC_ERR_FORMAT, "corrupt %s content: %s", name,
					    payload->zs.msg ? payload->zs.msg : "inflate failed");
		if (produced)
			return produced;
	}
	return 0;
}

ssize_t http_payload_read(struct http_payload *payload, char *buf, size_t cap,
			  struct nc_error *err)
{
	if (cap == 0)
		return 0;
	if (payload->coding == CODING_IDENTITY)
		return body_read(payload, buf, cap, err);
	return inflate_read(payload, buf, cap, err);
}
