/* byte-stream.c: reading an input, gzip decoded when it is gzip (see
 * byte-stream.h).
 *
 * The raw bytes sit in zlib's input window (zs.next_in, zs.avail_in) whether
 * or not the stream is gzip, so that one refill routine serves both; a plain
 * stream copies from that window to the output buffer, a gzip one inflates.
 */
#include "source/byte-stream.h"
#include "base/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

enum stream_format { FORMAT_UNKNOWN, FORMAT_PLAIN, FORMAT_GZIP };

/* Where a gzip member begins, in decoded and in compressed bytes. */
struct member_start {
	uint64_t decoded;
	uint64_t compressed;
};

struct byte_stream {
	char *name;
	int fd, owns_fd;               /* fd < 0 for a stream over memory */
	unsigned char *raw;            /* the raw window's buffer (fd streams) */
	uint64_t raw_taken;            /* raw bytes taken from the source so far */
	int raw_ended;                 /* the source has no more bytes */
	enum stream_format format;
	z_stream zs;                   /* next_in/avail_in: the raw window */
	int zs_ready, in_member;
	char *out;                     /* decoded bytes out[out_pos..out_len) */
	size_t out_pos, out_len;
	uint64_t offset;               /* decoded offset of out[out_pos] */
	struct member_start *members;  /* starts of members in and after the buffer */
	size_t member_count, member_alloc;
	uint64_t member_end;           /* decoded offset where the last member that
					  checked (CRC-32, length) ended */
	int failed;
	struct nc_error error;         /* what failed, reported again and again */
};

static struct byte_stream *stream_new(const char *name)
{
	struct byte_stream *stream = xcalloc(1, sizeof(*stream));
	stream->name = xstrdup(name);
	stream->fd = -1;
	stream->out = xmalloc(BYTE_STREAM_BUFFER);
	return stream;
}

struct byte_stream *byte_stream_from_fd(int fd, const char *name, int owns_fd)
{
	struct byte_stream *stream = stream_new(name);
	stream->fd = fd;
	stream->owns_fd = owns_fd;
	stream->raw = xmalloc(BYTE_STREAM_BUFFER);
	stream->zs.next_in = stream->raw;
	return stream;
}

struct byte_stream *byte_stream_from_memory(const void *data, size_t len, const char *name)
{
	struct byte_stream *stream = stream_new(name);
	/* zlib's next_in is not const-qualified but is only read. */
	stream->zs.next_in = (unsigned char *)(uintptr_t)data;
	stream->zs.avail_in = (uInt)len;
	stream->raw_taken = len;
	stream->raw_ended = 1;
	if ((size_t)stream->zs.avail_in != len)
		xdie("byte_stream_from_memory: buffer too large");
	return stream;
}

struct byte_stream *byte_stream_open(const char *path, struct nc_error *err)
{
	int is_stdin = !strcmp(path, "-");
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;

	if (fd < 0) {
		nc_error_set(err, NC_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (!is_stdin)
			close(fd);
		nc_error_set(err, NC_ERR_IO, "%s: is a directory", path);
		return NULL;
	}
	return byte_stream_from_fd(fd, path, !is_stdin);
}

void byte_stream_free(struct byte_stream *stream)
{
	if (!stream)
		return;
	if (stream->zs_ready)
		inflateEnd(&stream->zs);
	if (stream->owns_fd)
		close(stream->fd);
	free(stream->raw);
	free(stream->out);
	free(stream->members);
	free(stream->name);
	free(stream);
}

/* The compressed offset of the next raw byte not yet decoded. */
static uint64_t raw_position(const struct byte_stream *stream)
{
	return stream->raw_taken - stream->zs.avail_in;
}

static int stream_fail(struct byte_stream *stream, enum nc_error_code code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int stream_fail(struct byte_stream *stream, enum nc_error_code code, const char *fmt, ...)
{
	char message[sizeof(stream->error.message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	stream->failed = 1;
	return nc_error_set(&stream->error, code, "%s: %s", stream->name, message);
}

/* Make at least `want` raw bytes available in the window unless the source
 * ends first. */
static int raw_ensure(struct byte_stream *stream, size_t want)
{
	if (stream->zs.avail_in >= want || stream->raw_ended)
		return 0;
	memmove(stream->raw, stream->zs.next_in, stream->zs.avail_in);
	stream->zs.next_in = stream->raw;
	while (stream->zs.avail_in < want) {
		ssize_t got = read(stream->fd, stream->raw + stream->zs.avail_in,
				   BYTE_STREAM_BUFFER - stream->zs.avail_in);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return stream_fail(stream, NC_ERR_IO, "read error at offset %" PRIu64 ": %s",
					   stream->raw_taken, strerror(errno));
		if (got == 0) {
			stream->raw_ended = 1;
			break;
		}
		stream->zs.avail_in += (uInt)got;
		stream->raw_taken += (uint64_t)got;
	}
	return 0;
}

/* Decide from the first two bytes whether the stream is gzip. */
static int detect_format(struct byte_stream *stream)
{
	if (raw_ensure(stream, 2) < 0)
		return -1;
	const unsigned char *p = stream->zs.next_in;
	if (stream->zs.avail_in >= 2 && p[0] == 0x1f && p[1] == 0x8b) {
		unsigned char *keep_in = stream->zs.next_in;
		uInt keep_avail = stream->zs.avail_in;
		/* 16 + 15: a gzip wrapper around a deflate stream with a 32 KiB window. */
		if (inflateInit2(&stream->zs, 16 + MAX_WBITS) != Z_OK)
			xdie("inflateInit2 failed");
		stream->zs.next_in = keep_in;
		stream->zs.avail_in = keep_avail;
		stream->zs_ready = 1;
		stream->format = FORMAT_GZIP;
	} else {
		stream->format = FORMAT_PLAIN;
	}
	return 0;
}

static void member_add(struct byte_stream *stream, uint64_t decoded, uint64_t compressed)
{
	struct member_start *last = stream->member_count ?
		&stream->members[stream->member_count - 1] : NULL;
	/* An empty member starts where the next one does: the later one counts. */
	if (last && last->decoded == decoded) {
		last->compressed = compressed;
		return;
	}
	ARRAY_GROW(stream->members, stream->member_count, stream->member_alloc, 8);
	stream->members[stream->member_count++] = (struct member_start){ decoded, compressed };
}

/* Zero bytes after the last member (the padding of a tape block, or of a
 * file written in preallocated blocks): gzip(1) decompresses such a file
 * and only warns, so they end the stream here. 1 when only zeros follow to
 * the end, 0 when something else follows them, -1 on a read error. */
static int skip_zero_padding(struct byte_stream *stream)
{
	for (;;) {
		while (stream->zs.avail_in && *stream->zs.next_in == 0) {
			stream->zs.next_in++;
			stream->zs.avail_in--;
		}
		if (stream->zs.avail_in)
			return 0;
		if (raw_ensure(stream, 1) < 0)
			return -1;
		if (stream->zs.avail_in == 0)
			return 1;
	}
}

/* Begin the next gzip member: 1 when the stream ended cleanly instead. */
static int member_begin(struct byte_stream *stream)
{
	if (raw_ensure(stream, 2) < 0)
		return -1;
	if (stream->zs.avail_in == 0)
		return 1;
	const unsigned char *p = stream->zs.next_in;
	if (p[0] == 0) {
		int zeros = skip_zero_padding(stream);
		if (zeros != 0)
			return zeros;
		p = stream->zs.next_in;
	}
	if (stream->zs.avail_in < 2 || p[0] != 0x1f || p[1] != 0x8b)
		return stream_fail(stream, NC_ERR_FORMAT,
				   "the bytes at offset %" PRIu64 " after a gzip member are not gzip",
				   raw_position(stream));
	member_add(stream, stream->offset + (stream->out_len - stream->out_pos),
		   raw_position(stream));
	inflateReset(&stream->zs);
	stream->in_member = 1;
	return 0;
}

/* Inflate some more into the output buffer: 0 after progress, 1 at the end
 * of the stream, -1 on error. */
static int inflate_step(struct byte_stream *stream)
{
	if (!stream->in_member) {
		int begun = member_begin(stream);
		if (begun != 0)
			return begun;
	}
	if (raw_ensure(stream, 1) < 0)
		return -1;
	uint64_t member = stream->members[stream->member_count - 1].compressed;
	if (stream->zs.avail_in == 0)
		return stream_fail(stream, NC_ERR_FORMAT,
				   "truncated gzip data: the member at offset %" PRIu64
				   " is cut off at offset %" PRIu64, member, raw_position(stream));
	stream->zs.next_out = (unsigned char *)stream->out + stream->out_len;
	stream->zs.avail_out = (uInt)(BYTE_STREAM_BUFFER - stream->out_len);
	int ret = inflate(&stream->zs, Z_NO_FLUSH);
	stream->out_len = BYTE_STREAM_BUFFER - stream->zs.avail_out;
	if (ret == Z_STREAM_END) {
		/* zlib has checked the member's CRC-32 and length by now. */
		stream->in_member = 0;
		stream->member_end = stream->offset + (stream->out_len - stream->out_pos);
		return 0;
	}
	if (ret == Z_OK)
		return 0;
	return stream_fail(stream, NC_ERR_FORMAT,
			   "corrupt gzip data in the member at offset %" PRIu64
			   " (near offset %" PRIu64 "): %s", member, raw_position(stream),
			   stream->zs.msg ? stream->zs.msg : "inflate failed");
}

/* Copy raw bytes through: 1 at the end of the stream. */
static int copy_step(struct byte_stream *stream)
{
	if (raw_ensure(stream, 1) < 0)
		return -1;
	if (stream->zs.avail_in == 0)
		return 1;
	size_t room = BYTE_STREAM_BUFFER - stream->out_len;
	size_t n = stream->zs.avail_in < room ? stream->zs.avail_in : room;
	memcpy(stream->out + stream->out_len, stream->zs.next_in, n);
	stream->out_len += n;
	stream->zs.next_in += n;
	stream->zs.avail_in -= (uInt)n;
	return 0;
}

/* Buffer at least `want` decoded bytes unless the stream ends or fails. */
static void stream_fill(struct byte_stream *stream, size_t want)
{
	if (stream->out_len - stream->out_pos >= want || stream->failed)
		return;
	memmove(stream->out, stream->out + stream->out_pos, stream->out_len - stream->out_pos);
	stream->out_len -= stream->out_pos;
	stream->out_pos = 0;
	if (stream->format == FORMAT_UNKNOWN && detect_format(stream) < 0)
		return;
	while (stream->out_len < want) {
		int step = stream->format == FORMAT_GZIP ? inflate_step(stream) : copy_step(stream);
		if (step != 0)
			return;
	}
}

ssize_t byte_stream_peek(struct byte_stream *stream, size_t want, const char **data,
			 struct nc_error *err)
{
	if (want > BYTE_STREAM_BUFFER)
		want = BYTE_STREAM_BUFFER;
	if (want == 0)
		want = 1;
	stream_fill(stream, want);
	size_t avail = stream->out_len - stream->out_pos;
	*data = stream->out + stream->out_pos;
	if (avail == 0 && stream->failed) {
		if (err)
			*err = stream->error;
		return -1;
	}
	return (ssize_t)avail;
}

void byte_stream_consume(struct byte_stream *stream, size_t len)
{
	if (len > stream->out_len - stream->out_pos)
		xdie("byte_stream_consume beyond what was peeked");
	stream->out_pos += len;
	stream->offset += len;
	/* Forget members that ended before the next byte. */
	size_t drop = 0;
	while (drop + 1 < stream->member_count && stream->members[drop + 1].decoded <= stream->offset)
		drop++;
	if (drop) {
		memmove(stream->members, stream->members + drop,
			(stream->member_count - drop) * sizeof(*stream->members));
		stream->member_count -= drop;
	}
}

/* A plain stream with nothing waiting in the output buffer: `buf` takes
 * the raw window's bytes directly, not through the output buffer (a copy
 * fewer of every byte of a text dump, which is read so); 0 when this does
 * not apply or nothing is left, and the general way answers. */
static size_t read_plain(struct byte_stream *stream, char *buf, size_t cap)
{
	if (stream->format != FORMAT_PLAIN || stream->out_pos != stream->out_len ||
	    stream->failed || raw_ensure(stream, 1) < 0)
		return 0;
	size_t n = stream->zs.avail_in < cap ? stream->zs.avail_in : cap;
	memcpy(buf, stream->zs.next_in, n);
	stream->zs.next_in += n;
	stream->zs.avail_in -= (uInt)n;
	stream->offset += n;
	return n;
}

ssize_t byte_stream_read(struct byte_stream *stream, char *buf, size_t cap, struct nc_error *err)
{
	size_t direct = read_plain(stream, buf, cap);
	if (direct)
		return (ssize_t)direct;
	const char *data;
	ssize_t avail = byte_stream_peek(stream, 1, &data, err);

	if (avail <= 0)
		return avail;
	size_t n = (size_t)avail < cap ? (size_t)avail : cap;
	memcpy(buf, data, n);
	byte_stream_consume(stream, n);
	return (ssize_t)n;
}

const char *byte_stream_name(const struct byte_stream *stream)
{
	return stream->name;
}

int byte_stream_is_gzip(const struct byte_stream *stream)
{
	return stream->format == FORMAT_GZIP;
}

uint64_t byte_stream_offset(const struct byte_stream *stream)
{
	return stream->offset;
}

uint64_t byte_stream_member_offset(const struct byte_stream *stream)
{
	if (stream->format != FORMAT_GZIP)
		return stream->offset;
	/* Nothing buffered between members: the next member starts at the
	 * next raw byte. */
	if ((stream->out_pos == stream->out_len && !stream->in_member) || !stream->member_count)
		return raw_position(stream);
	size_t i = stream->member_count;
	while (i > 1 && stream->members[i - 1].decoded > stream->offset)
		i--;
	return stream->members[i - 1].compressed;
}

uint64_t byte_stream_member_skip(const struct byte_stream *stream)
{
	if (stream->format != FORMAT_GZIP || !stream->member_count ||
	    (stream->out_pos == stream->out_len && !stream->in_member))
		return 0;
	size_t i = stream->member_count;
	while (i > 1 && stream->members[i - 1].decoded > stream->offset)
		i--;
	return stream->offset - stream->members[i - 1].decoded;
}

int byte_stream_member_check(struct byte_stream *stream, struct nc_error *err)
{
	uint64_t at = stream->offset;

	if (stream->format != FORMAT_GZIP || at == 0)
		return 0;
	/* Decode on until a byte after `at` exists, or the stream ends or
	 * fails: if the member ends at `at`, its trailer is read on the way. */
	if (stream->out_pos == stream->out_len)
		stream_fill(stream, 1);
	if (stream->member_end == at)
		return 1;
	for (size_t i = 0; i < stream->member_count; i++)
		if (stream->members[i].decoded == at)
			return 1;   /* the next member begins here: this one ended whole */
	if (stream->out_len > stream->out_pos || !stream->failed)
		return 0;   /* the member goes on past `at` */
	if (err)
		*err = stream->error;
	return -1;
}

/* --- as a page -------------------------------------------------------------- */

struct stream_page {
	struct byte_stream *stream;
	uint64_t max_bytes, delivered;
};

static ssize_t page_reader_read(void *state, char *buf, size_t cap, struct nc_error *err)
{
	struct stream_page *page = state;
	ssize_t got = byte_stream_read(page->stream, buf, cap, err);

	if (got < 0) {
		/* The pipeline names the page, which is the stream's file. */
		nc_error_strip_prefix(err, byte_stream_name(page->stream));
		return -1;
	}
	page->delivered += (uint64_t)got;
	if (page->max_bytes && page->delivered > page->max_bytes)
		return nc_error_set(err, NC_ERR_LIMIT, "larger than the limit of %" PRIu64 " bytes",
				    page->max_bytes);
	return got;
}

static void page_reader_close(void *state)
{
	struct stream_page *page = state;
	byte_stream_free(page->stream);
	free(page);
}

void byte_stream_page_reader(struct byte_stream *stream, uint64_t max_bytes,
			     struct page_reader *reader)
{
	struct stream_page *page = xcalloc(1, sizeof(*page));
	page->stream = stream;
	page->max_bytes = max_bytes;
	reader->read = page_reader_read;
	reader->close = page_reader_close;
	reader->state = page;
}
