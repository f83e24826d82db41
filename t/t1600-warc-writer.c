/* t1600-warc-writer: WET records (sink/warc-writer.h) and SHA-1
 * (base/sha1.h). Known digests; WET files written plain and gzip'd, read
 * back by our own reader record by record and member by member.
 *
 *   t1600-warc-writer --write DIR   writes DIR/sample.wet and
 *                                   DIR/sample.wet.gz for t1610, which reads
 *                                   them with warcio. */
#include "base/sha1.h"
#include "sink/warc-writer.h"
#include "source/byte-stream.h"
#include "source/warc.h"
#include "tap.h"

#include <inttypes.h>

static void hex_digest(const void *data, size_t len, size_t step, char hex[41])
{
	struct sha1 sha;
	unsigned char digest[SHA1_DIGEST_BYTES];

	sha1_init(&sha);
	for (size_t i = 0; i < len; i += step)
		sha1_update(&sha, (const char *)data + i, len - i < step ? len - i : step);
	sha1_final(&sha, digest);
	for (int i = 0; i < SHA1_DIGEST_BYTES; i++)
		sprintf(hex + 2 * i, "%02x", digest[i]);
}

static void check_sha1(void)
{
	static const struct { const char *text, *want; } vectors[] = {
		{ "", "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
		{ "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
	};
	char hex[41];

	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		hex_digest(vectors[i].text, strlen(vectors[i].text), 64, hex);
		is_string(hex, vectors[i].want, "SHA-1 of '%s' (FIPS 180 example)", vectors[i].text);
		hex_digest(vectors[i].text, strlen(vectors[i].text), 1, hex);
		is_string(hex, vectors[i].want, "...fed a byte at a time");
	}
	char *million = malloc(1000000);
	memset(million, 'a', 1000000);
	hex_digest(million, 1000000, 999, hex);
	is_string(hex, "34aa973cd4c4daa4f61eeb2bdbad27316534016f", "SHA-1 of a million 'a'");
	free(million);

	struct sha1 sha;
	unsigned char digest[SHA1_DIGEST_BYTES];
	char base32[SHA1_BASE32_CHARS + 1];
	sha1_init(&sha);
	sha1_final(&sha, digest);
	sha1_base32(digest, base32);
	is_string(base32, "3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ",
		  "base 32 as WARC digests write it (the empty block's digest)");
}

static const struct warc_conversion sample[] = {
	{ .target_uri = "http://example.com/a", .date = "2024-01-02T03:04:05Z",
	  .refers_to = "<urn:uuid:00000000-0000-4000-8000-000000000003>", .position = "1234",
	  .text = "First page.\nSecond paragraph.\n", .len = 30 },
	{ .target_uri = "http://example.com/b?q=1&r=2", .date = "2024-01-02T03:04:06Z",
	  .text = "Caf\xc3\xa9 cr\xc3\xa8me \xe2\x80\x94 UTF-8 text.\n", .len = 29 },
	{ .text = "", .len = 0 },
};
static const char *const info_fields[] = { "software", "ncleaner t1600", "format", "WET", NULL };

/* Write the sample WET file into `out`; the offset of each record into
 * `offsets` (4 of them). */
static void write_sample(int gzip, struct strbuf *out, uint64_t *offsets)
{
	struct warc_writer *writer = warc_writer_new(gzip);
	struct nc_error err;

	offsets[0] = out->len;
	if (warc_writer_warcinfo(writer, out, gzip ? "sample.wet.gz" : "sample.wet",
				 "2024-01-02T03:04:00Z", info_fields, &err) < 0)
		bail(err.message);
	for (size_t i = 0; i < 3; i++) {
		offsets[i + 1] = out->len;
		if (warc_writer_conversion(writer, out, &sample[i], &err) < 0)
			bail(err.message);
	}
	warc_writer_free(writer);
}

static int is_uuid_id(const char *id)
{
	static const char pattern[] = "<urn:uuid:xxxxxxxx-xxxx-5xxx-Vxxx-xxxxxxxxxxxx>";
	if (!id || strlen(id) != sizeof(pattern) - 1)
		return 0;
	for (size_t i = 0; pattern[i]; i++) {
		char c = id[i];
		int hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
		if (pattern[i] == 'x' ? !hex : pattern[i] == 'V' ? !strchr("89ab", c) : c != pattern[i])
			return 0;
	}
	return 1;
}

/* The block digest a record's header claims matches its block. */
static int digest_matches(struct warc_reader *reader, const char *claimed)
{
	struct sha1 sha;
	unsigned char digest[SHA1_DIGEST_BYTES];
	char base32[SHA1_BASE32_CHARS + 1], want[64];
	char buf[100];
	struct nc_error err;
	ssize_t got;

	sha1_init(&sha);
	while ((got = warc_block_read(reader, buf, sizeof(buf), &err)) > 0)
		sha1_update(&sha, buf, (size_t)got);
	sha1_final(&sha, digest);
	sha1_base32(digest, base32);
	snprintf(want, sizeof(want), "sha1:%s", base32);
	return claimed && !strcmp(claimed, want);
}

static void check_read_back(int gzip)
{
	struct strbuf wet = STRBUF_INIT, block = STRBUF_INIT;
	uint64_t offsets[4];
	struct nc_error err;
	const struct warc_record *record;
	const char *kind = gzip ? "gzip'd" : "plain";
	char first_id[64] = "";

	write_sample(gzip, &wet, offsets);
	struct warc_reader *reader =
		warc_reader_new(byte_stream_from_memory(wet.buf, wet.len, "sample"));
	ok(warc_reader_next(reader, &record, &err) == 1 && record->type == WARC_TYPE_WARCINFO &&
	   !strcmp(record->version, "WARC/1.0"), "%s WET: a WARC/1.0 warcinfo record first", kind);
	ok(!strcmp(warc_reader_header(reader, "WARC-Filename"), gzip ? "sample.wet.gz" : "sample.wet") &&
	   !strcmp(record->content_type, "application/warc-fields") && is_uuid_id(record->record_id),
	   "...with its file name, content type and a version-5 UUID made from the record");
	strbuf_reset(&block);
	while (warc_block_line(reader, &block, 1000, &err) == 1 && block.len)
		;
	for (size_t i = 0; i < 3; i++) {
		const struct warc_conversion *want = &sample[i];
		if (warc_reader_next(reader, &record, &err) != 1) {
			ok(0, "%s WET: record %zu: %s", kind, i + 1, err.message);
			continue;
		}
		ok(record->type == WARC_TYPE_CONVERSION && record->offset == offsets[i + 1],
		   "%s WET: conversion record %zu at the offset it was written at", kind, i + 1);
		is_string(record->target_uri, want->target_uri, "...its WARC-Target-URI");
		ok(want->date ? !strcmp(record->date, want->date) : record->date && strlen(record->date) == 20,
		   "...its WARC-Date (%s)", record->date ? record->date : "none");
		is_string(warc_reader_header(reader, "WARC-Refers-To"), want->refers_to, "...WARC-Refers-To");
		ok(is_uuid_id(record->record_id) && strcmp(record->record_id, first_id),
		   "...a record id of its own");
		snprintf(first_id, sizeof(first_id), "%s", record->record_id);
		ok(!strcmp(record->content_type, "text/plain") && record->content_length == want->len,
		   "...Content-Type text/plain, Content-Length %zu", want->len);
		ok(digest_matches(reader, warc_reader_header(reader, "WARC-Block-Digest")),
		   "...WARC-Block-Digest is the SHA-1 of the block in base 32");
	}
	is_int(warc_reader_next(reader, &record, &err), 0, "%s WET: nothing more", kind);
	ok(!warc_reader_failed(reader), "...and every record ended in CR LF CR LF");
	warc_reader_free(reader);

	/* Each gzip'd record is a member of its own: it reads from its offset. */
	if (gzip) {
		reader = warc_reader_new(byte_stream_from_memory(wet.buf + offsets[2],
								 wet.len - offsets[2], "tail"));
		ok(warc_reader_next(reader, &record, &err) == 1 &&
		   !strcmp(record->target_uri, sample[1].target_uri),
		   "gzip'd WET: a record reads on its own from its member's offset");
		warc_reader_free(reader);
	}
	strbuf_release(&wet);
	strbuf_release(&block);
}

static void check_escapes(void)
{
	struct warc_writer *writer = warc_writer_new(0);
	struct strbuf out = STRBUF_INIT;
	struct nc_error err;
	struct warc_conversion bad = { .target_uri = "http://x/\r\nWARC-Type: evil\x1b[31m",
				       .text = "x", .len = 1 };

	is_int(warc_writer_conversion(writer, &out, &bad, &err), 0,
	       "a URL holding CR LF and an escape is written...");
	ok(strstr(out.buf, "WARC-Target-URI: http://x/%0D%0AWARC-Type: evil%1B[31m\r\n") != NULL,
	   "...percent-encoded, on one header line");
	ok(!strstr(out.buf, "\nWARC-Type: evil"), "...so that it cannot add a header of its own");
	warc_writer_free(writer);
	strbuf_release(&out);
}

/* For t1610: the sample, plain and gzip'd, into DIR. */
static int write_files(const char *dir)
{
	for (int gzip = 0; gzip <= 1; gzip++) {
		struct strbuf wet = STRBUF_INIT, path = STRBUF_INIT;
		uint64_t offsets[4];
		write_sample(gzip, &wet, offsets);
		strbuf_addf(&path, "%s/sample.wet%s", dir, gzip ? ".gz" : "");
		FILE *f = fopen(path.buf, "wb");
		if (!f || fwrite(wet.buf, 1, wet.len, f) != wet.len || fclose(f) != 0) {
			perror(path.buf);
			return 1;
		}
		strbuf_release(&wet);
		strbuf_release(&path);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--write"))
		return write_files(argv[2]);
	check_sha1();
	check_read_back(0);
	check_read_back(1);
	check_escapes();
	return done_testing();
}
