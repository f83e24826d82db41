/* byte-stream.h: the bytes of one input, gzip decoded when they are gzip.
 *
 * A byte stream reads a file descriptor (or a buffer in memory) and decides
 * from its first two bytes, never from a name, whether it is gzip (1f 8b).
 * If so it inflates it, member after member: a gzip file may hold several
 * members one after the other, and Common Crawl's WARC files hold one per
 * record. Otherwise it passes the bytes through.
 *
 * Offsets: byte_stream_offset() counts decoded bytes consumed so far;
 * byte_stream_member_offset() is the compressed offset (in the file) at
 * which the gzip member holding the next unconsumed byte begins, which is how
 * Common Crawl's indexes name a record. For a plain stream both are the same.
 *
 * Access is buffered: byte_stream_peek() makes bytes available without
 * consuming them and byte_stream_consume() moves past them, so that a parser
 * can look for a line end without copying. Memory is bounded: two buffers of
 * BYTE_STREAM_BUFFER bytes, the zlib state, and a list of the member starts
 * within the buffered bytes.
 *
 * Errors name the stream and the compressed byte offset: a gzip stream that
 * ends inside a member (truncated), corrupt deflate data or a bad checksum,
 * bytes after a member that do not begin another one, a read error. Bytes
 * decoded before the error are delivered first; from then on every call
 * reports the error again. Zero bytes after the last member end the stream
 * (the padding of a tape block; gzip(1) only warns about them); zeros
 * followed by anything else are an error.
 *
 * A member's CRC-32 and length are checked when its end is decoded, which
 * may be after its last byte was delivered: a reader that must know its
 * bytes are sound (a WARC record, which ends its member in Common Crawl's
 * files) asks byte_stream_member_check() at their end.
 *
 * The stream owns its buffers and, when asked to, its descriptor;
 * byte_stream_free() releases all. A stream is used by one thread at a time.
 */
#ifndef NC_BYTE_STREAM_H
#define NC_BYTE_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/error.h"
#include "source/page.h"

/* The size of each buffer, and so the most byte_stream_peek() can promise. */
#define BYTE_STREAM_BUFFER 65536

struct byte_stream;

/* --- life cycle ------------------------------------------------------------- */

/* Open `path` ("-": standard input, which is not closed at the end). Fails
 * naming the file when it cannot be opened or is a directory. */
struct byte_stream *byte_stream_open(const char *path, struct nc_error *err);

/* A stream over `fd`, called `name` in messages; closed at the end when
 * `owns_fd`. */
struct byte_stream *byte_stream_from_fd(int fd, const char *name, int owns_fd);

/* A stream over `len` bytes at `data`, which the caller keeps alive and
 * unchanged until the stream is freed (fuzzing and tests). */
struct byte_stream *byte_stream_from_memory(const void *data, size_t len, const char *name);

void byte_stream_free(struct byte_stream *stream);

/* --- reading ---------------------------------------------------------------- */

/* Make at least `want` bytes (at most BYTE_STREAM_BUFFER) available at
 * `*data` without consuming them. Returns how many are available: fewer than
 * `want` only when the stream ends (or fails) first, 0 at the end; -1 with
 * `err` when nothing is left to deliver before an error. */
ssize_t byte_stream_peek(struct byte_stream *stream, size_t want, const char **data,
			 struct nc_error *err);

/* Move past `len` bytes (at most what the last peek returned). */
void byte_stream_consume(struct byte_stream *stream, size_t len);

/* Copy up to `cap` bytes to `buf`: how many, 0 at the end, -1 with `err`. */
ssize_t byte_stream_read(struct byte_stream *stream, char *buf, size_t cap,
			 struct nc_error *err);

/* --- what is known about it -------------------------------------------------- */

const char *byte_stream_name(const struct byte_stream *stream);

/* 1 when the stream is gzip (known once anything was peeked or read). */
int byte_stream_is_gzip(const struct byte_stream *stream);

/* Decoded bytes consumed so far. */
uint64_t byte_stream_offset(const struct byte_stream *stream);

/* The compressed offset of the gzip member that holds the next unconsumed
 * byte (valid after a peek that returned more than 0); for a plain stream,
 * byte_stream_offset(). */
uint64_t byte_stream_member_offset(const struct byte_stream *stream);

/* Decoded bytes of that member before the next unconsumed byte: 0 when the
 * byte begins its member, and always for a plain stream. (A file gzip'd as
 * a whole is one member: this tells apart what lies inside it.) */
uint64_t byte_stream_member_skip(const struct byte_stream *stream);

/* Whether the bytes consumed so far end a gzip member whose trailer
 * checked: 1 when they do (its CRC-32 and length are read and verified
 * before this returns), 0 when the member goes on past them or the stream
 * is plain (nothing can be checked yet), -1 with `err` when the member that
 * holds them is damaged (a bad checksum or length, corrupt or cut off). */
int byte_stream_member_check(struct byte_stream *stream, struct nc_error *err);

/* --- as a page -------------------------------------------------------------- */

/* Make `reader` read the rest of the stream, at most `max_bytes` of it (0:
 * no limit; beyond it a read fails with NC_ERR_LIMIT); the reader then owns
 * the stream and frees it when the page is released. For pages that are a
 * whole (possibly gzip'd) file. Its errors do not name the file (page.h:
 * the pipeline names the page, which is the file). */
void byte_stream_page_reader(struct byte_stream *stream, uint64_t max_bytes,
			     struct page_reader *reader);

#endif
