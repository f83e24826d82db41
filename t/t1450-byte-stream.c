/* t1450-byte-stream: reading inputs that may be gzip (source/byte-stream.h):
 * plain and gzip'd bytes, several gzip members and their offsets, empty
 * members, truncated and corrupt gzip, bytes after the last member, files,
 * pipes fed in small writes, and a page over a stream. */
#include "source/byte-stream.h"
#include "tap.h"

#include <fcntl.h>
#include <inttypes.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

/* Append `text` to `out` as one gzip member. */
static void gzip_member(struct strbuf *out, const char *text)
{
	z_stream zs = { 0 };
	if (deflateInit2(&zs, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		bail("deflateInit2");
	strbuf_grow(out, strlen(text) + 64);
	zs.next_in = (unsigned char *)(uintptr_t)text;
	zs.avail_in = (uInt)strlen(text);
	zs.next_out = (unsigned char *)out->buf + out->len;
	zs.avail_out = (uInt)strbuf_avail(out);
	if (deflate(&zs, Z_FINISH) != Z_STREAM_END)
		bail("deflate");
	strbuf_commit(out, strbuf_avail(out) - zs.avail_out);
	deflateEnd(&zs);
}

/* Read all of `stream` `piece` bytes at a time into `out`; the error
 * message into `message`, if any. */
static int read_all(struct byte_stream *stream, size_t piece, struct strbuf *out,
		    struct strbuf *message)
{
	char buf[4096];
	struct nc_error err;
	ssize_t got;

	while ((got = byte_stream_read(stream, buf, piece, &err)) > 0)
		strbuf_add(out, buf, (size_t)got);
	if (got < 0 && message)
		strbuf_addstr(message, err.message);
	return got < 0 ? -1 : 0;
}

static void check_plain(void)
{
	static const char text[] = "plain bytes, not gzip\n";
	struct byte_stream *stream = byte_stream_from_memory(text, strlen(text), "plain");
	struct strbuf out = STRBUF_INIT;
	const char *data;
	struct nc_error err;

	is_int(byte_stream_peek(stream, 5, &data, &err), strlen(text), "a peek shows what is buffered");
	ok(!byte_stream_is_gzip(stream), "plain bytes are not gzip");
	byte_stream_consume(stream, 6);
	is_int(byte_stream_offset(stream), 6, "consuming moves the offset");
	is_int(byte_stream_member_offset(stream), 6, "...and a plain stream's member offset with it");
	read_all(stream, 3, &out, NULL);
	is_string(out.buf, text + 6, "the rest reads as it is");
	byte_stream_free(stream);

	stream = byte_stream_from_memory("\x1f", 1, "one byte");
	strbuf_reset(&out);
	ok(read_all(stream, 10, &out, NULL) == 0 && out.len == 1 && !byte_stream_is_gzip(stream),
	   "a lone 0x1f byte is plain");
	byte_stream_free(stream);
	stream = byte_stream_from_memory("", 0, "empty");
	is_int(byte_stream_peek(stream, 1, &data, &err), 0, "an empty stream ends at once");
	byte_stream_free(stream);
	strbuf_release(&out);
}

/* Members "alpha", "" (empty), "beta", "gamma": the member offset of each
 * decoded byte is the compressed offset of its member. */
static void check_members(void)
{
	struct strbuf gz = STRBUF_INIT, out = STRBUF_INIT;
	const char *texts[] = { "alpha ", "", "beta ", "gamma" };
	size_t starts[4];

	for (int i = 0; i < 4; i++) {
		starts[i] = gz.len;
		gzip_member(&gz, texts[i]);
	}
	for (size_t piece = 1; piece <= 7; piece += 6) {
		struct byte_stream *stream = byte_stream_from_memory(gz.buf, gz.len, "members");
		int offsets_ok = 1;
		const char *data;
		struct nc_error err;
		strbuf_reset(&out);
		while (byte_stream_peek(stream, piece, &data, &err) > 0) {
			uint64_t at = byte_stream_offset(stream);
			size_t want = at < 6 ? starts[0] : at < 11 ? starts[2] : starts[3];
			offsets_ok &= byte_stream_member_offset(stream) == want;
			strbuf_addch(&out, data[0]);
			byte_stream_consume(stream, 1);
		}
		ok(byte_stream_is_gzip(stream), "gzip is recognised by its magic bytes");
		is_string(out.buf, "alpha beta gamma", "all members decode, in peeks of %zu", piece);
		ok(offsets_ok, "...each byte's member offset is where its member begins (the empty "
		   "member skipped)");
		byte_stream_free(stream);
	}
	strbuf_release(&gz);
	strbuf_release(&out);
}

/* Damaged gzip: `out` gets what came before the error, `message` the error. */
static void damaged(const struct strbuf *gz, struct strbuf *out, struct strbuf *message)
{
	struct byte_stream *stream = byte_stream_from_memory(gz->buf, gz->len, "damaged.gz");
	strbuf_reset(out);
	strbuf_reset(message);
	read_all(stream, 100, out, message);
	/* Once failed, it keeps failing. */
	char buf[8];
	struct nc_error err;
	if (byte_stream_read(stream, buf, sizeof(buf), &err) != -1)
		strbuf_addstr(message, " [and then no error]");
	byte_stream_free(stream);
}

static void check_damage(void)
{
	struct strbuf gz = STRBUF_INIT, out = STRBUF_INIT, message = STRBUF_INIT;
	char want[128];

	gzip_member(&gz, "first member ");
	size_t second = gz.len;
	gzip_member(&gz, "second member, which will be cut short");
	strbuf_setlen(&gz, gz.len - 10);
	damaged(&gz, &out, &message);
	ok(!strncmp(out.buf, "first member second", 19), "a truncated stream yields what it had...");
	snprintf(want, sizeof(want), "damaged.gz: truncated gzip data: the member at offset %zu is cut "
		 "off at offset %zu", second, gz.len);
	is_string(message.buf, want, "...then an error naming the file, the member and the offset");

	strbuf_reset(&gz);
	gzip_member(&gz, "checksum will not match");
	gz.buf[gz.len - 6] ^= 1;   /* in the CRC-32 */
	damaged(&gz, &out, &message);
	ok(strstr(message.buf, "damaged.gz: corrupt gzip data in the member at offset 0") &&
	   strstr(message.buf, "incorrect data check"), "a bad checksum is an error: %s", message.buf);

	strbuf_reset(&gz);
	gzip_member(&gz, "data ");
	size_t end = gz.len;
	strbuf_addstr(&gz, "trailing junk");
	damaged(&gz, &out, &message);
	snprintf(want, sizeof(want), "damaged.gz: the bytes at offset %zu after a gzip member are not gzip", end);
	ok(!strcmp(out.buf, "data ") && !strcmp(message.buf, want), "junk after the last member is an error");
	if (strcmp(message.buf, want))
		diag("%s", message.buf);
	strbuf_release(&gz);
	strbuf_release(&out);
	strbuf_release(&message);
}

/* A gzip'd file through a pipe written a few bytes at a time, and the same
 * file opened by name: both read whole, as a page too. */
static void check_descriptors(void)
{
	struct strbuf gz = STRBUF_INIT, out = STRBUF_INIT, message = STRBUF_INIT;
	char path[] = "/tmp/t1450-XXXXXX";
	struct nc_error err;
	int fds[2];

	gzip_member(&gz, "through a pipe, ");
	gzip_member(&gz, "in small writes");
	if (pipe(fds) < 0)
		bail("pipe");
	pid_t child = fork();
	if (child == 0) {
		close(fds[0]);
		for (size_t i = 0; i < gz.len; i += 3)
			if (write(fds[1], gz.buf + i, gz.len - i < 3 ? gz.len - i : 3) < 0)
				_exit(1);
		_exit(0);
	}
	close(fds[1]);
	struct byte_stream *stream = byte_stream_from_fd(fds[0], "pipe", 1);
	read_all(stream, 5, &out, &message);
	is_string(out.buf, "through a pipe, in small writes", "a pipe fed 3 bytes at a time reads whole");
	byte_stream_free(stream);
	waitpid(child, NULL, 0);

	int fd = mkstemp(path);
	if (fd < 0 || write(fd, gz.buf, gz.len) != (ssize_t)gz.len)
		bail("cannot write a temporary file");
	close(fd);
	stream = byte_stream_open(path, &err);
	struct page page = { 0 };
	byte_stream_page_reader(stream, &page.reader);
	strbuf_reset(&out);
	ok(page_read_all(&page, 0, &out, &err) == 0 &&
	   !strcmp(out.buf, "through a pipe, in small writes"), "a gzip'd file reads whole as a page");
	page_release(&page);   /* frees the stream */
	unlink(path);
	ok(!byte_stream_open(path, &err) && strstr(err.message, path) &&
	   strstr(err.message, "cannot open"), "a missing file is an error naming it");
	ok(!byte_stream_open("/tmp", &err) && strstr(err.message, "/tmp: is a directory"),
	   "a directory is an error naming it");
	strbuf_release(&gz);
	strbuf_release(&out);
	strbuf_release(&message);
}

int main(void)
{
	check_plain();
	check_members();
	check_damage();
	check_descriptors();
	return done_testing();
}
