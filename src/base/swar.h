/* swar.h: eight bytes at a time in one 64-bit word (SIMD within a
 * register), for the loops that see every byte of the text: a word of
 * plain ASCII is passed through whole, any other goes the byte-by-byte way.
 *
 * A "mask" has bit 7 of each byte set where the byte has the property, and
 * no other bit. The byte at the lowest address is the word's low byte (a
 * little-endian load); on a big-endian machine SWAR_WORDS is 0 and callers
 * keep to their byte loops. The masks of swar_below() and swar_equal()
 * are exact only for ASCII bytes: test swar_high() first.
 */
#ifndef NC_SWAR_H
#define NC_SWAR_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR_WORDS 1
#else
#define SWAR_WORDS 0
#endif

#define SWAR_ONES 0x0101010101010101ull
#define SWAR_HIGH 0x8080808080808080ull

static inline uint64_t swar_load(const void *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof(v));
	return v;
}

/* Bytes of 0x80 and above (not ASCII). */
static inline uint64_t swar_high(uint64_t v)
{
	return v & SWAR_HIGH;
}

/* How many bytes of [p, end) from p on are ASCII: whole words while they
 * are, then a byte at a time to the first byte of 0x80 or above. (Where
 * the bit of a byte lands in a word does not matter here, so this holds
 * on any byte order.) */
static inline size_t swar_ascii_run(const void *start, const void *end)
{
	const unsigned char *p = start, *stop = end;
	while (stop - p >= 8 && !swar_high(swar_load(p)))
		p += 8;
	while (p < stop && *p < 0x80)
		p++;
	return (size_t)(p - (const unsigned char *)start);
}

/* How many bytes of [p, end) from p on equal c (any byte value): whole
 * words while all eight do, then the first byte that differs is the
 * lowest byte of the word that XORs to something other than zero (a
 * little-endian load); the bytes of a last, partial word one by one.
 * Nothing past `end` is read. */
static inline size_t swar_skip_byte(const void *start, const void *end, unsigned char c)
{
	const unsigned char *p = start, *stop = end;
	for (; SWAR_WORDS && stop - p >= 8; p += 8) {
		uint64_t other = swar_load(p) ^ (SWAR_ONES * c);
		if (other)
			return (size_t)(p - (const unsigned char *)start) +
			       (size_t)__builtin_ctzll(other) / 8;
	}
	while (p < stop && *p == c)
		p++;
	return (size_t)(p - (const unsigned char *)start);
}

/* ASCII bytes below c (c <= 0x80): adding 0x80 - c carries into bit 7
 * exactly when the byte is c or more, and never into the next byte. */
static inline uint64_t swar_below(uint64_t v, unsigned c)
{
	return ~(v + SWAR_ONES * (0x80 - c)) & SWAR_HIGH;
}

/* ASCII bytes equal to c: those that XOR to zero, found as in swar_below(). */
static inline uint64_t swar_equal(uint64_t v, unsigned char c)
{
	return swar_below(v ^ (SWAR_ONES * c), 1);
}

/* ASCII bytes of HTML's white space: space, tab, line feed, form feed and
 * carriage return. */
static inline uint64_t swar_html_space(uint64_t v)
{
	return swar_equal(v, ' ') | swar_equal(v, '\t') | swar_equal(v, '\n') |
	       swar_equal(v, '\f') | swar_equal(v, '\r');
}

/* Bytes equal to c, exact for every byte, ASCII or not: a byte is zero
 * after the XOR when neither its low seven bits (added to 0x7F, which
 * never carries out of the byte) nor its high bit are set. */
static inline uint64_t swar_equal_exact(uint64_t v, unsigned char c)
{
	uint64_t x = v ^ (SWAR_ONES * c);
	return ~(((x & ~SWAR_HIGH) + ~SWAR_HIGH) | x) & SWAR_HIGH;
}

/* Bytes that continue a UTF-8 character (10xxxxxx): bit 7 set, bit 6,
 * shifted into bit 7's place, clear. Exact for every byte; the other bytes
 * are those that begin a character, so a count of characters is 8 less
 * the count of this mask. */
static inline uint64_t swar_continuation(uint64_t v)
{
	return v & ~(v << 1) & SWAR_HIGH;
}

/* How many bytes a mask marks: the marks moved to bit 0 and summed into
 * the top byte by one multiplication (at most 8, no carry), which costs
 * less than __builtin_popcountll() where the build has no POPCNT
 * instruction (a call into libgcc). */
static inline unsigned swar_count(uint64_t mask)
{
	return (unsigned)(((mask >> 7) * SWAR_ONES) >> 56);
}

/* True when the eight bytes of v are ASCII spaced as the segmenter leaves
 * text: no byte of 0x80 or above, no space right after a space (nor at the
 * start when `after_space`). */
static inline int swar_single_spaced_ascii(uint64_t v, int after_space)
{
	if (swar_high(v))
		return 0;
	uint64_t spaces = swar_equal(v, ' ');
	return !(spaces & (spaces << 8)) && !(after_space && (spaces & 0x80));
}

/* True when the last of the eight bytes is a space (with the mask above). */
static inline int swar_ends_in_space(uint64_t v)
{
	return (v >> 56) == ' ';
}

#endif
