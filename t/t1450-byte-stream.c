/* t1450-byte-stream: reading inputs that may be gzip (source/byte-stream.h):
 * plain and gzip'd bytes, several gzip members and their offsets, empty
 * members, truncated and corrupt gzip, bytes after the last member, zero
 * padding, checking a member's trailer at a record's end, the offset within
 * a member, files, pipes fed in small writes, and a page over a stream
 * (its limit, its errors without the file's name). And a regular file read
 * whole (base/file.h) into exactly its room: a model image's buffer held
 * for a run, which `ulimit -v` counts, has no margin. */
#include "source/byte-stream.h"
#include "base/file.h"
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
	byte_stream_page_reader(stream, 0, &page.reader);
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

/* Zeros after the last member end the stream, as gzip(1) takes them. */
static void check_padding(void)
{
	struct strbuf gz = STRBUF_INIT, out = STRBUF_INIT, message = STRBUF_INIT;
	char want[128];

	gzip_member(&gz, "padded ");
	gzip_member(&gz, "member");
	for (int i = 0; i < 10000; i++)
		strbuf_addch(&gz, '\0');
	for (size_t piece = 1; piece <= 4096; piece *= 64) {
		struct byte_stream *stream = byte_stream_from_memory(gz.buf, gz.len, "padded.gz");
		strbuf_reset(&out);
		strbuf_reset(&message);
		ok(read_all(stream, piece, &out, &message) == 0 && !strcmp(out.buf, "padded member"),
		   "zero padding after the last member ends the stream (reads of %zu)%s", piece,
		   message.buf);
		byte_stream_free(stream);
	}
	size_t junk = gz.len;
	strbuf_addstr(&gz, "junk");
	damaged(&gz, &out, &message);
	snprintf(want, sizeof(want), "damaged.gz: the bytes at offset %zu after a gzip member are not gzip",
		 junk);
	is_string(message.buf, want, "zeros followed by anything else are an error at its offset");
	strbuf_release(&gz);
	strbuf_release(&out);
	strbuf_release(&message);
}

/* Consume `len` bytes in peeks of `piece`. */
static void consume(struct byte_stream *stream, size_t len, size_t piece)
{
	const char *data;
	struct nc_error err;
	while (len) {
		ssize_t got = byte_stream_peek(stream, piece, &data, &err);
		if (got <= 0)
			bail("consume: the stream ended early");
		size_t n = (size_t)got < len ? (size_t)got : len;
		if (n > piece)
			n = piece;
		byte_stream_consume(stream, n);
		len -= n;
	}
}

/* byte_stream_member_check() at the end of each member, and inside one. */
static void check_member_ends(void)
{
	struct strbuf gz = STRBUF_INIT;
	struct nc_error err;

	gzip_member(&gz, "first record\r\n\r\n");
	size_t second = gz.len;
	gzip_member(&gz, "second record\r\n\r\n");
	size_t end_of_second = gz.len;
	gzip_member(&gz, "third record\r\n\r\n");
	for (size_t piece = 1; piece <= 64; piece *= 8) {
		struct byte_stream *stream = byte_stream_from_memory(gz.buf, gz.len, "records.gz");
		consume(stream, 5, piece);
		int inside = byte_stream_member_check(stream, &err);
		consume(stream, 11, piece);
		int first = byte_stream_member_check(stream, &err);
		consume(stream, 17, piece);
		int middle = byte_stream_member_check(stream, &err);
		consume(stream, 16, piece);
		int last = byte_stream_member_check(stream, &err);
		ok(inside == 0 && first == 1 && middle == 1 && last == 1,
		   "peeks of %zu: inside a member nothing is known (%d); at each member's end its "
		   "trailer checked (%d %d %d)", piece, inside, first, middle, last);
		byte_stream_free(stream);
	}

	/* The second member's CRC-32 wrong: known at its end, not before. */
	gz.buf[end_of_second - 8] ^= 1;
	struct byte_stream *stream = byte_stream_from_memory(gz.buf, gz.len, "records.gz");
	consume(stream, 16, 16);
	is_int(byte_stream_member_check(stream, &err), 1, "a bad CRC-32: the member before is sound");
	consume(stream, 10, 10);
	is_int(byte_stream_member_check(stream, &err), 0, "...inside the bad member nothing is known yet");
	consume(stream, 7, 7);
	is_int(byte_stream_member_check(stream, &err), -1, "...at its end it fails");
	char want[128];
	snprintf(want, sizeof(want), "records.gz: corrupt gzip data in the member at offset %zu", second);
	ok(!strncmp(err.message, want, strlen(want)) && strstr(err.message, "incorrect data check"),
	   "...naming the file and the member: %s", err.message);
	byte_stream_free(stream);
	gz.buf[end_of_second - 8] ^= 1;

	/* A bad length (ISIZE) in the last member's trailer. */
	gz.buf[gz.len - 4] ^= 1;
	stream = byte_stream_from_memory(gz.buf, gz.len, "records.gz");
	consume(stream, 16 + 17 + 16, 7);
	ok(byte_stream_member_check(stream, &err) == -1 && strstr(err.message, "incorrect length check"),
	   "a bad length in the last member's trailer fails at its end: %s", err.message);
	byte_stream_free(stream);
	gz.buf[gz.len - 4] ^= 1;

	/* One member for all (a file gzip'd whole): nothing is known until the
	 * end; then the trailer checks. */
	struct strbuf whole = STRBUF_INIT;
	gzip_member(&whole, "first record\r\n\r\nsecond record\r\n\r\n");
	stream = byte_stream_from_memory(whole.buf, whole.len, "whole.gz");
	consume(stream, 16, 4);
	ok(byte_stream_member_check(stream, &err) == 0 && byte_stream_member_skip(stream) == 16 &&
	   byte_stream_member_offset(stream) == 0,
	   "a member of several records: at a record's end nothing is known; the next one is 16 "
	   "bytes into member 0");
	consume(stream, 17, 4);
	is_int(byte_stream_member_check(stream, &err), 1, "...at the member's end its trailer checks");
	byte_stream_free(stream);
	strbuf_release(&whole);

	stream = byte_stream_from_memory("plain", 5, "plain");
	consume(stream, 5, 5);
	ok(byte_stream_member_check(stream, &err) == 0 && byte_stream_member_skip(stream) == 0,
	   "a plain stream has nothing to check, and no skip");
	byte_stream_free(stream);
	strbuf_release(&gz);
}

/* A page over a stream: bounded, and its errors do not name the file. */
static void check_page_reader(void)
{
	struct strbuf gz = STRBUF_INIT, out = STRBUF_INIT;
	struct nc_error err;
	struct page page = { 0 };

	gzip_member(&gz, "0123456789");
	byte_stream_page_reader(byte_stream_from_memory(gz.buf, gz.len, "ten.gz"), 10, &page.reader);
	ok(page_read_all(&page, 0, &out, &err) == 0 && out.len == 10, "a page of exactly its limit reads");
	page_release(&page);
	byte_stream_page_reader(byte_stream_from_memory(gz.buf, gz.len, "ten.gz"), 9, &page.reader);
	strbuf_reset(&out);
	ok(page_read_all(&page, 0, &out, &err) == -1 && err.code == NC_ERR_LIMIT &&
	   !strcmp(err.message, "larger than the limit of 9 bytes"), "one byte more fails: %s",
	   err.message);
	page_release(&page);
	strbuf_setlen(&gz, gz.len - 3);
	byte_stream_page_reader(byte_stream_from_memory(gz.buf, gz.len, "cut.html.gz"), 0, &page.reader);
	strbuf_reset(&out);
	ok(page_read_all(&page, 0, &out, &err) == -1 && !strncmp(err.message, "truncated gzip data", 19),
	   "a page's error does not name its file (the pipeline names the page): %s", err.message);
	page_release(&page);
	strbuf_release(&gz);
	strbuf_release(&out);
}

static void check_exact_room(void)
{
	struct strbuf sb = STRBUF_INIT, file = STRBUF_INIT;
	struct nc_error err;
	char path[] = "/tmp/t1450-XXXXXX";

	ok(strbuf_try_grow_exact(&sb, 1000) == 0 && sb.alloc == 1001,
	   "strbuf_try_grow_exact(): room for the bytes and the NUL, no more");
	ok(strbuf_try_grow_exact(&sb, 500) == 0 && sb.alloc == 1001, "...and none taken when there is room");
	for (int i = 0; i < 1001; i++)
		strbuf_addch(&sb, 'x');
	ok(sb.len == 1001 && sb.alloc > 1002 && sb.buf[1001] == '\0', "...and grows as before past it");

	/* Past the size from which read_fd() maps its pages at once. */
	strbuf_reset(&sb);
	for (int i = 0; i < 300000; i++)
		strbuf_addch(&sb, (char)('a' + i % 26));
	int fd = mkstemp(path);
	if (fd < 0 || write(fd, sb.buf, sb.len) != (ssize_t)sb.len)
		bail("cannot write a temporary file");
	close(fd);
	ok(read_file(path, 0, &file, &err) == 0 && file.len == sb.len &&
	   !memcmp(file.buf, sb.buf, sb.len), "a regular file reads whole");
	ok(file.alloc == sb.len + 2, "...into its size, a byte to see its end and the NUL (%zu of %zu)",
	   file.alloc, sb.len);
	unlink(path);
	strbuf_release(&sb);
	strbuf_release(&file);
}

int main(void)
{
	check_plain();
	check_members();
	check_damage();
	check_padding();
	check_member_ends();
	check_page_reader();
	check_descriptors();
	check_exact_room();
	return done_testing();
}
