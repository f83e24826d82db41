/* http-payload.h: the HTTP response inside a WARC response record, and the
 * payload of a record as the page it carries.
 *
 * http_head_read() parses the status line and header lines at the start of
 * the current record's block (at most HTTP_MAX_HEAD_BYTES) and keeps what
 * deciding about the page needs: the status, Content-Type,
 * Transfer-Encoding and Content-Encoding. An interim 1xx response before
 * the final one is skipped. A header line holding a NUL byte is an error of
 * the record (it would cut the value; browsers refuse such a response).
 *
 * An http_payload then reads the rest of the block as the page's bytes:
 * de-chunked when Transfer-Encoding is chunked, inflated when the content
 * coding (Content-Encoding, or a coding in Transfer-Encoding) is gzip,
 * x-gzip or deflate (with or without the zlib wrapper, since servers send
 * both). With no head it reads the block as it is (resource and conversion
 * records). It streams: memory is one input buffer and zlib's state. Errors
 * (a bad chunk size, chunk data not followed by CR LF, a chunked payload
 * without its last chunk, corrupt or truncated gzip content, an unsupported
 * coding such as br) name the offset in the block; the reader's name is
 * added by whoever reports them. A record that WARC-Truncated says was cut
 * may end anywhere: its payload then just ends.
 *
 * The payload borrows the WARC reader and reads only while the reader is
 * at the same record; the caller owns both and frees the payload first.
 */
#ifndef NC_HTTP_PAYLOAD_H
#define NC_HTTP_PAYLOAD_H

#include <stddef.h>
#include <sys/types.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "source/warc.h"
#include "base/limits.h"

struct http_head {
	int status;               /* e.g. 200 */
	char *content_type;       /* header values, NULL when absent */
	char *transfer_encoding;
	char *content_encoding;
};

/* Parse the head at the start of the current block of `reader`. */
int http_head_read(struct warc_reader *reader, struct http_head *head, struct nc_error *err);
void http_head_release(struct http_head *head);

/* Split a Content-Type value: its media type in lower case, without
 * parameters, into `media_type`, and its charset parameter, unquoted, into
 * `charset` (both reset first; empty when absent). */
void content_type_parse(const char *value, struct strbuf *media_type, struct strbuf *charset);

struct http_payload;

/* A reader of the rest of the current block, decoded as `head` (NULL: the
 * block as it is) says, or as gzip when a body of no declared coding begins
 * as a gzip stream does; `lenient_end` when the block may end anywhere.
 * Fails for a coding it cannot decode. */
struct http_payload *http_payload_new(struct warc_reader *reader, const struct http_head *head,
				      int lenient_end, struct nc_error *err);

/* Up to `cap` payload bytes: how many, 0 at the end, -1 with `err`. */
ssize_t http_payload_read(struct http_payload *payload, char *buf, size_t cap,
			  struct nc_error *err);

void http_payload_free(struct http_payload *payload);

#endif
