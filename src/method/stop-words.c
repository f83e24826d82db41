/* stop-words.c: lists of function words per language (see stop-words.h). */
#include "method/stop-words.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/hash.h"
#include "base/limits.h"
#include "base/strbuf.h"
#include "base/utf8.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

struct stop_words {
	char language[16];
	uint64_t *hashes;   /* while the list is read: sorted, distinct; then NULL */
	size_t count;
	/* The same hashes in an open-addressed table (linear probing, at most
	 * half full, 0 for an empty slot: a word's hash of 0 is looked up by
	 * `has_zero`): a look-up is a probe or two, where the binary search
	 * over a list of hundreds took nine. */
	uint64_t *slots;
	size_t mask;
	int has_zero;
};

struct stop_lists {
	struct stop_words *lists;   /* sorted by language */
	size_t count;
};

/* --- folding ---------------------------------------------------------------------- */

/* Greek letters with tonos, dialytika or both, and final sigma, as the
 * letter without them (after lower-casing). */
static uint32_t greek_base(uint32_t cp)
{
	switch (cp) {
	case 0x03AC: return 0x03B1;   /* ά */
	case 0x03AD: return 0x03B5;   /* έ */
	case 0x03AE: return 0x03B7;   /* ή */
	case 0x03AF: case 0x03CA: case 0x0390: return 0x03B9;   /* ί ϊ ΐ */
	case 0x03CC: return 0x03BF;   /* ό */
	case 0x03CD: case 0x03CB: case 0x03B0: return 0x03C5;   /* ύ ϋ ΰ */
	case 0x03CE: return 0x03C9;   /* ώ */
	case 0x03C2: return 0x03C3;   /* ς */
	default: return cp;
	}
}

/* Arabic vowel marks (fathatan to sukun, superscript alef) and tatweel. */
static int arabic_mark(uint32_t cp)
{
	return (cp >= 0x064B && cp <= 0x0652) || cp == 0x0670 || cp == 0x0640;
}

static int punctuation(uint32_t cp)
{
	return u_ispunct((UChar32)cp) ||
	       (cp < 0x80 && cp > ' ' && !u_isalnum((UChar32)cp));   /* $ + < = > ^ ` | ~ */
}

/* `word` folded into `out` (FOLD_MAX bytes); its length, 0 when nothing
 * is left or the word is too long to be a function word. */
#define FOLD_MAX (STOP_WORD_MAX_BYTES * 2)
static size_t fold(const char *word, size_t len, char *out)
{
	const unsigned char *p = (const unsigned char *)word, *end = p + len;
	uint32_t cp;
	size_t n;

	while (p < end && (n = utf8_decode(p, (size_t)(end - p), &cp)) && punctuation(cp))
		p += n;
	while (end > p) {
		const unsigned char *q = end - 1;
		while (q > p && (*q & 0xC0) == 0x80)
			q--;
		if (!utf8_decode(q, (size_t)(end - q), &cp) || !punctuation(cp))
			break;
		end = q;
	}
	if (end - p > STOP_WORD_MAX_BYTES)
		return 0;
	size_t at = 0;
	while (p < end) {
		if (!(n = utf8_decode(p, (size_t)(end - p), &cp)))
			return 0;   /* not UTF-8: no word of a list */
		p += n;
		if (arabic_mark(cp))
			continue;
		cp = greek_base((uint32_t)u_tolower((UChar32)cp));
		U8_APPEND_UNSAFE(out, at, cp);   /* lower case grows a letter by half at most */
	}
	return at;
}

/* ASCII's punctuation as punctuation() (ICU) has it: every byte from '!'
 * to DEL but the letters and digits; DEL included, unlike ICE's
 * is_ascii_punctuation() (ice-words.c), which mirrors another rule. */
static inline int ascii_punctuation(unsigned char c)
{
	return c > ' ' && c < 0x80 && !((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'));
}

/* fold() of a word of ASCII bytes, in one pass and without ICU: the
 * punctuation around it stripped, A-Z lower-cased (ICU's simple mapping of
 * ASCII; no Greek or Arabic to see to), the same length limit. Returns
 * fold()'s length, or (size_t)-1 at a byte of 0x80 or above: fold() it. */
static size_t fold_ascii(const char *word, size_t len, char *out)
{
	const unsigned char *p = (const unsigned char *)word, *end = p + len;
	for (const unsigned char *q = p; q < end; q++)
		if (*q >= 0x80)
			return (size_t)-1;
	while (p < end && ascii_punctuation(*p))
		p++;
	while (end > p && ascii_punctuation(end[-1]))
		end--;
	if (end - p > STOP_WORD_MAX_BYTES)
		return 0;
	size_t at = 0;
	for (; p < end; p++)
		out[at++] = (char)(*p >= 'A' && *p <= 'Z' ? *p | 0x20 : *p);
	return at;
}

/* The slot of the table where `h` is, or the empty one where it would be. */
static size_t slot_of(const struct stop_words *list, uint64_t h)
{
	size_t i = (size_t)h & list->mask;
	while (list->slots[i] && list->slots[i] != h)
		i = (i + 1) & list->mask;
	return i;
}

int stop_words_has(const struct stop_words *list, const char *word, size_t len)
{
	char folded[FOLD_MAX];
	size_t n = fold_ascii(word, len, folded);
	if (n == (size_t)-1)
		n = fold(word, len, folded);
	if (!n)
		return 0;
	uint64_t h = hash_bytes(folded, n);
	return h ? list->slots[slot_of(list, h)] == h : list->has_zero;
}

/* The table of the list's hashes (see struct stop_words). */
static void build_slots(struct stop_words *list)
{
	size_t size = 16;
	while (size < 2 * list->count)
		size *= 2;
	list->slots = xcalloc(size, sizeof(*list->slots));
	list->mask = size - 1;
	for (size_t i = 0; i < list->count; i++) {
		if (list->hashes[i])
			list->slots[slot_of(list, list->hashes[i])] = list->hashes[i];
		else
			list->has_zero = 1;
	}
}

size_t stop_words_size(const struct stop_words *list)
{
	return list->count;
}

/* --- loading ---------------------------------------------------------------------- */

static int compare_hashes(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The words of the file's `data` into `list`. */
static int parse_list(struct stop_words *list, const char *path, const char *data, size_t len,
		      struct nc_error *err)
{
	size_t alloc = 0;
	unsigned number = 0;

	if (!utf8_is_valid(data, len))
		return nc_error_set(err, NC_ERR_FORMAT, "%s: not UTF-8 text", path);
	for (const char *line = data, *end = data + len; line < end; ) {
		const char *eol = memchr(line, '\n', (size_t)(end - line));
		size_t n = eol ? (size_t)(eol - line) : (size_t)(end - line);
		const char *next = eol ? eol + 1 : end;
		number++;
		if (n && line[n - 1] == '\r')
			n--;
		if (!n || line[0] == '#') {
			line = next;
			continue;
		}
		char folded[FOLD_MAX];
		size_t f = n <= STOP_WORD_MAX_BYTES && !memchr(line, ' ', n) && !memchr(line, '\t', n)
			   ? fold(line, n, folded) : 0;
		if (!f)
			return nc_error_set(err, NC_ERR_FORMAT, "%s:%u: expected one word (of at most "
					    "%d bytes, not all punctuation), a comment (#) or a blank "
					    "line", path, number, STOP_WORD_MAX_BYTES);
		ARRAY_GROW(list->hashes, list->count, alloc, 64);
		list->hashes[list->count++] = hash_bytes(folded, f);
		line = next;
	}
	if (!list->count)
		return nc_error_set(err, NC_ERR_FORMAT, "%s: no words", path);
	qsort(list->hashes, list->count, sizeof(*list->hashes), compare_hashes);
	size_t distinct = 1;
	for (size_t i = 1; i < list->count; i++)
		if (list->hashes[i] != list->hashes[distinct - 1])
			list->hashes[distinct++] = list->hashes[i];
	list->count = distinct;
	build_slots(list);
	free(list->hashes);   /* the table holds them now */
	list->hashes = NULL;
	return 0;
}

/* "LANG.txt", LANG a language code: its length, else 0. */
static size_t language_of_file(const char *name)
{
	size_t n = strlen(name);
	if (n < 6 || n > 15 + 4 || strcmp(name + n - 4, ".txt"))
		return 0;
	for (size_t i = 0; i < n - 4; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z') ||
		      name[i] == '-'))
			return 0;
	return n - 4;
}

static int compare_languages(const void *a, const void *b)
{
	return strcmp(((const struct stop_words *)a)->language,
		      ((const struct stop_words *)b)->language);
}

static int load_list(struct stop_lists *lists, const char *dir, const char *name, size_t code,
		     struct nc_error *err)
{
	struct strbuf path = STRBUF_INIT, data = STRBUF_INIT;
	struct stop_words *list = &lists->lists[lists->count];
	memset(list, 0, sizeof(*list));
	memcpy(list->language, name, code);
	strbuf_addf(&path, "%s/%s", dir, name);
	int ret = read_file(path.buf, STOP_WORDS_MAX_FILE_BYTES, &data, err);
	if (ret == 0)
		ret = parse_list(list, path.buf, data.buf, data.len, err);
	if (ret == 0)
		lists->count++;
	else
		free(list->hashes), free(list->slots);
	strbuf_release(&path);
	strbuf_release(&data);
	return ret;
}

struct stop_lists *stop_lists_load(const char *dir, struct nc_error *err)
{
	struct stop_lists *lists = xcalloc(1, sizeof(*lists));
	size_t alloc = 0;
	int ret = 0;
	DIR *d = opendir(dir);

	if (!d) {
		nc_error_set(err, NC_ERR_IO, "%s: cannot read the stop-word lists: %s", dir,
			     strerror(errno));
		free(lists);
		return NULL;
	}
	for (struct dirent *entry; ret == 0 && (entry = readdir(d));) {
		size_t code = language_of_file(entry->d_name);
		if (!code)
			continue;
		if (lists->count == STOP_LISTS_MAX) {
			ret = nc_error_set(err, NC_ERR_LIMIT, "%s: more than %d stop-word lists", dir,
					   STOP_LISTS_MAX);
			break;
		}
		ARRAY_GROW(lists->lists, lists->count, alloc, 64);
		ret = load_list(lists, dir, entry->d_name, code, err);
	}
	closedir(d);
	if (ret < 0) {
		stop_lists_free(lists);
		return NULL;
	}
	if (lists->count)
		qsort(lists->lists, lists->count, sizeof(*lists->lists), compare_languages);
	return lists;
}

void stop_lists_free(struct stop_lists *lists)
{
	if (!lists)
		return;
	for (size_t i = 0; i < lists->count; i++) {
		free(lists->lists[i].hashes);
		free(lists->lists[i].slots);
	}
	free(lists->lists);
	free(lists);
}

static const struct stop_words *find_exact(const struct stop_lists *lists, const char *code,
					   size_t len)
{
	for (size_t i = 0; i < lists->count; i++)
		if (strlen(lists->lists[i].language) == len &&
		    !strncmp(lists->lists[i].language, code, len))
			return &lists->lists[i];
	return NULL;
}

const struct stop_words *stop_lists_find(const struct stop_lists *lists, const char *language)
{
	if (!lists || !language[0])
		return NULL;
	const struct stop_words *list = find_exact(lists, language, strlen(language));
	return list ? list : find_exact(lists, language, strcspn(language, "-"));
}

size_t stop_lists_count(const struct stop_lists *lists)
{
	return lists ? lists->count : 0;
}
