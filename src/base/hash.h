/* hash.h: 64-bit hashes of byte strings, for tables keyed by a hash alone.
 *
 * FNV-1a over the bytes, then a finaliser (MurmurHash3's fmix64) that makes
 * every bit of the result depend on every byte: FNV's low bits are weak,
 * and tables reduce a hash to its low bits. Not for hostile collisions:
 * a collision costs a wrong count, never memory or time.
 */
#ifndef NC_HASH_H
#define NC_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_FNV_BASIS 0xCBF29CE484222325ull
#define HASH_FNV_PRIME 0x100000001B3ull

static inline uint64_t hash_finalise(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xFF51AFD7ED558CCDull;
	h ^= h >> 33;
	h *= 0xC4CEB9FE1A85EC53ull;
	h ^= h >> 33;
	return h;
}

static inline uint64_t hash_bytes(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = HASH_FNV_BASIS;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= HASH_FNV_PRIME;
	}
	return hash_finalise(h);
}

#endif
