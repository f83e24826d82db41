/* name-table.h: constant tables keyed by short names (HTML element names),
 * searched without a string comparison.
 *
 * The renderers and the structure scan look an element's name up on every
 * start and end tag; a binary search with strcmp() there cost about 25
 * instructions a step in calls alone. Here a table entry begins with its
 * name in a zero-padded array of NAME_TABLE_SIZE bytes, and a name is
 * packed once into the same 16 bytes read as two big-endian 64-bit words
 * (struct name_key): comparing two keys as numbers orders them as strcmp()
 * orders the names (a zero byte sorts before every other, as the end of a
 * string does), so each step of the search is two integer comparisons.
 *
 * Tables stay sorted by name as strcmp() sorts (t/t1050-name-table.c checks
 * the search against strcmp on random names, and that the tables of the
 * modules are sorted). A name of NAME_TABLE_SIZE
 * bytes or more is in no table: its key says so (name_key_from() returns
 * -1) and a search need not be made.
 */
#ifndef NC_NAME_TABLE_H
#define NC_NAME_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Room for a name of 15 bytes and its padding: the longest element name any
 * table holds has 10 ("blockquote", "figcaption"). */
#define NAME_TABLE_SIZE 16

struct name_key {
	uint64_t high, low;   /* bytes 0-7 and 8-15, the first the most significant */
};

/* Eight bytes as a big-endian number: the first byte the most significant. */
static inline uint64_t name_table_word(const unsigned char *bytes)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t word;
	memcpy(&word, bytes, sizeof(word));
	return __builtin_bswap64(word);   /* one load and one instruction */
#else
	uint64_t word = 0;
	for (int i = 0; i < 8; i++)
		word = word << 8 | bytes[i];
	return word;
#endif
}

static inline struct name_key name_key_of_padded(const unsigned char padded[NAME_TABLE_SIZE])
{
	struct name_key key = { name_table_word(padded), name_table_word(padded + 8) };
	return key;
}

/* Pack the `len` bytes of `name` (no zero byte among them) into *key: 0,
 * or -1 when the name is too long for any table (NAME_TABLE_SIZE bytes or
 * more). */
static inline int name_key_from_bytes(struct name_key *key, const char *name, size_t len)
{
	unsigned char padded[NAME_TABLE_SIZE] = { 0 };
	if (len >= NAME_TABLE_SIZE)
		return -1;
	memcpy(padded, name, len);
	*key = name_key_of_padded(padded);
	return 0;
}

/* The same for a NUL-terminated name. */
static inline int name_key_from(struct name_key *key, const char *name)
{
	size_t len = 0;
	while (len < NAME_TABLE_SIZE && name[len])
		len++;
	return name_key_from_bytes(key, name, len);
}

/* The entry of `table` whose name is the key's, or NULL: `count` entries of
 * `stride` bytes, each beginning with `char name[NAME_TABLE_SIZE]`, sorted
 * by name. */
static inline const void *name_table_find(const void *table, size_t count, size_t stride,
					  const struct name_key *key)
{
	const unsigned char *base = table;
	size_t lo = 0, hi = count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		struct name_key at = name_key_of_padded(base + mid * stride);
		if (at.high == key->high && at.low == key->low)
			return base + mid * stride;
		if (at.high < key->high || (at.high == key->high && at.low < key->low))
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Are the names of `table` in strictly ascending order, as the search needs?
 * (For the tests: a table out of order loses entries silently.) */
static inline int name_table_sorted(const void *table, size_t count, size_t stride)
{
	const unsigned char *base = table;
	for (size_t i = 1; i < count; i++) {
		struct name_key a = name_key_of_padded(base + (i - 1) * stride);
		struct name_key b = name_key_of_padded(base + i * stride);
		if (a.high > b.high || (a.high == b.high && a.low >= b.low))
			return 0;
	}
	return 1;
}

#define NAME_TABLE_SORTED(array) \
	name_table_sorted((array), sizeof(array) / sizeof((array)[0]), sizeof((array)[0]))

/* name_table_find() on a table declared as an array. */
#define NAME_TABLE_FIND(array, name_key) \
	name_table_find((array), sizeof(array) / sizeof((array)[0]), sizeof((array)[0]), (name_key))

#endif
