/* sha1.h: SHA-1 (FIPS 180-4), for the WARC-Block-Digest of the records we
 * write (Common Crawl's WET files carry "sha1:" digests in base 32).
 *
 * A digest is computed incrementally in a struct sha1 the caller owns:
 * sha1_init(), any number of sha1_update(), sha1_final(). SHA-1 is broken
 * for signatures but is what the WARC world uses to detect damage, which is
 * all we need; our own hundred lines spare a crypto library dependency for
 * one hash (see configure.ac). sha1_base32() writes a digest as RFC 4648
 * base 32, as WARC digests are written.
 */
#ifndef NC_SHA1_H
#define NC_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define SHA1_DIGEST_BYTES 20
/* 20 bytes are 160 bits, exactly 32 base-32 digits: no padding. */
#define SHA1_BASE32_CHARS 32

struct sha1 {
	uint32_t state[5];
	uint64_t length;            /* bytes hashed so far */
	unsigned char block[64];    /* the partial block */
	size_t block_len;
};

void sha1_init(struct sha1 *sha);
void sha1_update(struct sha1 *sha, const void *data, size_t len);
void sha1_final(struct sha1 *sha, unsigned char digest[SHA1_DIGEST_BYTES]);

/* `digest` in RFC 4648 base 32 (A-Z, 2-7), NUL-terminated. */
void sha1_base32(const unsigned char digest[SHA1_DIGEST_BYTES],
		 char out[SHA1_BASE32_CHARS + 1]);

#endif
