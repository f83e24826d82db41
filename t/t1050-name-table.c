/* t1050-name-table: tables of element names searched by packed keys
 * (base/name-table.h): the search finds what a strcmp() binary search
 * finds, for every name of a table and for random names around them
 * (prefixes, extensions, names of 15 and 16 bytes); keys order names as
 * strcmp() does; and the modules' tables are sorted, as the search needs
 * (a table out of order loses entries without a sound). */
#include "base/name-table.h"
#include "normalise/structure.h"
#include "render/builtin.h"
#include "render/html-parse.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

struct entry {
	char name[NAME_TABLE_SIZE];
	int value;
};

/* Sorted as strcmp() sorts: prefixes of one another, one of 15 bytes. */
static const struct entry table[] = {
	{ "a", 1 }, { "abbr", 2 }, { "b", 3 }, { "bdo", 4 }, { "blockquote", 5 },
	{ "br", 6 }, { "h1", 7 }, { "h2", 8 }, { "head", 9 }, { "header", 10 },
	{ "html", 11 }, { "p", 12 }, { "pre", 13 }, { "quitelongname15", 14 }, { "z", 15 },
};
#define COUNT (sizeof(table) / sizeof(table[0]))

/* The reference: a binary search with strcmp(). */
static int strcmp_find(const char *name)
{
	size_t lo = 0, hi = COUNT;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(table[mid].name, name);
		if (c == 0)
			return table[mid].value;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

static int key_find(const char *name)
{
	struct name_key key;
	if (name_key_from(&key, name) < 0)
		return 0;
	const struct entry *found = NAME_TABLE_FIND(table, &key);
	return found ? found->value : 0;
}

static int sign(int x)
{
	return (x > 0) - (x < 0);
}

static int key_order(const char *a, const char *b)
{
	struct name_key x = { 0, 0 }, y = { 0, 0 };
	name_key_from(&x, a);
	name_key_from(&y, b);
	if (x.high != y.high)
		return x.high < y.high ? -1 : 1;
	return x.low < y.low ? -1 : x.low > y.low;
}

static void random_name(char *name, unsigned long *seed)
{
	static const char letters[] = "abehlopqrz12";
	size_t len = tap_random(seed) % 17;
	for (size_t i = 0; i < len; i++)
		name[i] = letters[tap_random(seed) % (sizeof(letters) - 1)];
	name[len] = '\0';
}

int main(void)
{
	ok(NAME_TABLE_SORTED(table), "the test's table is sorted");
	int all = 1;
	for (size_t i = 0; i < COUNT; i++)
		all &= key_find(table[i].name) == table[i].value;
	ok(all, "every name of the table is found");

	const char *misses[] = { "", "aa", "ab", "abb", "abbrr", "h", "h3", "hea", "heade",
				 "headers", "quitelongname1", "quitelongname15x", "zz", "A" };
	all = 1;
	for (size_t i = 0; i < sizeof(misses) / sizeof(misses[0]); i++)
		all &= key_find(misses[i]) == 0;
	ok(all, "prefixes and extensions of its names are not");

	struct name_key key;
	is_int(name_key_from(&key, "fifteen-bytes15"), 0, "a name of 15 bytes has a key");
	is_int(name_key_from(&key, "sixteen-bytes-16"), -1, "one of 16 has none");
	is_int(name_key_from_bytes(&key, "pre", 3), 0, "a key from bytes...");
	ok(NAME_TABLE_FIND(table, &key) && ((const struct entry *)NAME_TABLE_FIND(table, &key))->value == 13,
	   "...finds as the string's");

	unsigned long seed = 1050;
	int same_find = 1, same_order = 1;
	for (int i = 0; i < 20000; i++) {
		char a[20], b[20];
		random_name(a, &seed);
		random_name(b, &seed);
		same_find &= key_find(a) == strcmp_find(a);
		if (strlen(a) < NAME_TABLE_SIZE && strlen(b) < NAME_TABLE_SIZE)
			same_order &= key_order(a, b) == sign(strcmp(a, b));
	}
	ok(same_find, "20,000 random names: found as a strcmp() search finds them");
	ok(same_order, "...and keys order them as strcmp() does");

	ok(builtin_element_names_sorted(), "the builtin renderer's elements are sorted");
	ok(structure_element_names_sorted(), "the structure scan's elements are sorted");
	ok(html_parse_is_hidden("script") && html_parse_is_hidden("title") &&
	   html_parse_is_hidden("noscript") && html_parse_is_hidden("template") &&
	   html_parse_is_hidden("style") && !html_parse_is_hidden("scrip") &&
	   !html_parse_is_hidden("styles") && !html_parse_is_hidden("a"),
	   "the hidden elements are found, and only they");
	return done_testing();
}
