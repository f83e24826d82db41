/* sha1.c: SHA-1 and base 32 (see sha1.h), after FIPS 180-4 section 6.1. */
#include "base/sha1.h"

#include <string.h>

static uint32_t rotate_left(uint32_t x, unsigned n)
{
	return (x << n) | (x >> (32 - n));
}

static void sha1_block(struct sha1 *sha, const unsigned char *block)
{
	uint32_t w[80];
	uint32_t a = sha->state[0], b = sha->state[1], c = sha->state[2];
	uint32_t d = sha->state[3], e = sha->state[4];

	for (int t = 0; t < 16; t++)
		w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 |
		       (uint32_t)block[4 * t + 2] << 8 | (uint32_t)block[4 * t + 3];
	for (int t = 16; t < 80; t++)
		w[t] = rotate_left(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
	for (int t = 0; t < 80; t++) {
		uint32_t f, k;
		if (t < 20) {
			f = (b & c) | (~b & d);
			k = 0x5A827999;
		} else if (t < 40) {
			f = b ^ c ^ d;
			k = 0x6ED9EBA1;
		} else if (t < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8F1BBCDC;
		} else {
			f = b ^ c ^ d;
			k = 0xCA62C1D6;
		}
		uint32_t temp = rotate_left(a, 5) + f + e + k + w[t];
		e = d;
		d = c;
		c = rotate_left(b, 30);
		b = a;
		a = temp;
	}
	sha->state[0] += a;
	sha->state[1] += b;
	sha->state[2] += c;
	sha->state[3] += d;
	sha->state[4] += e;
}

void sha1_init(struct sha1 *sha)
{
	static const uint32_t initial[5] = {
		0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0
	};
	memcpy(sha->state, initial, sizeof(initial));
	sha->length = 0;
	sha->block_len = 0;
}

void sha1_update(struct sha1 *sha, const void *data, size_t len)
{
	const unsigned char *p = data;

	sha->length += len;
	if (sha->block_len) {
		size_t take = 64 - sha->block_len < len ? 64 - sha->block_len : len;
		memcpy(sha->block + sha->block_len, p, take);
		sha->block_len += take;
		p += take;
		len -= take;
		if (sha->block_len < 64)
			return;
		sha1_block(sha, sha->block);
		sha->block_len = 0;
	}
	for (; len >= 64; p += 64, len -= 64)
		sha1_block(sha, p);
	memcpy(sha->block, p, len);
	sha->block_len = len;
}

void sha1_final(struct sha1 *sha, unsigned char digest[SHA1_DIGEST_BYTES])
{
	uint64_t bits = sha->length * 8;
	unsigned char tail[8];

	/* Padding: 0x80, zeros up to 56 bytes into a block, the bit length. */
	for (int i = 0; i < 8; i++)
		tail[i] = (unsigned char)(bits >> (56 - 8 * i));
	sha1_update(sha, "\x80", 1);
	while (sha->block_len != 56)
		sha1_update(sha, "", 1);
	sha1_update(sha, tail, 8);
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 4; j++)
			digest[4 * i + j] = (unsigned char)(sha->state[i] >> (24 - 8 * j));
}

void sha1_base32(const unsigned char digest[SHA1_DIGEST_BYTES], char out[SHA1_BASE32_CHARS + 1])
{
	static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
	uint32_t bits = 0;
	int pending = 0;
	size_t n = 0;

	for (size_t i = 0; i < SHA1_DIGEST_BYTES; i++) {
		bits = bits << 8 | digest[i];
		pending += 8;
		while (pending >= 5) {
			out[n++] = alphabet[(bits >> (pending - 5)) & 31];
			pending -= 5;
		}
	}
	out[n] = '\0';
}
