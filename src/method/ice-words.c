/* ice-words.c: words, capitals, punctuation and stop words as the ICE
 * methods count them (see ice.h: words). */
#include "method/ice.h"
#include "base/utf8.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* English function words, by length: the words of one length one after
 * another in alphabetical order, a space after each. A word of the text is compared with those of
 * its length only, at a fixed stride (a binary search over all of them took
 * seven string comparisons, a fifth of text mode's time). */
#define STOP_WORD_LONGEST 10
static const char *const stop_words[STOP_WORD_LONGEST + 1] = {
	[1] = "a i ",
	[2] = "am an as at be by do he if in is it me my no of on or so to up we ",
	[3] = "all and any are but can did few for had has her him his how its nor not "
		"now off our out own she the too was who why you ",
	[4] = "also been both does down each from have here hers into just more most "
		"once only ours over same some such than that them then they this very "
		"were what when whom will with your ",
	[5] = "about above after again being below could doing other their there these "
		"those under until where which while would yours ",
	[6] = "before during having itself myself should theirs ",
	[7] = "against because between further herself himself through ",
	[8] = "yourself ",
	[9] = "ourselves ",
	[10] = "themselves yourselves ",
};

#define STOP_WORD_MAX 16

/* Is `word` (lower case letters) one of the stop words of its length?
 * Each list is in alphabetical order (t3300 finds every word), so the
 * search ends at the first word that begins with a later letter. */
static int is_listed(const char *word, size_t len)
{
	const char *list = len <= STOP_WORD_LONGEST ? stop_words[len] : NULL;
	for (const char *p = list; p && *p && p[0] <= word[0]; p += len + 1)
		if (p[0] == word[0] && !memcmp(p, word, len))
			return 1;
	return 0;
}

static inline int is_ascii_punctuation(unsigned char c)
{
	return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) ||
	       (c >= 0x7B && c <= 0x7E);
}

static inline int is_punctuation(uint32_t cp)
{
	if (cp < 0x80)
		return is_ascii_punctuation((unsigned char)cp);
	return cp == 0xA1 || cp == 0xA7 || cp == 0xAB || cp == 0xB6 || cp == 0xB7 ||
	       cp == 0xBB || cp == 0xBF || (cp >= 0x2010 && cp <= 0x205E);
}

static int is_capital(uint32_t cp)
{
	return (cp >= 'A' && cp <= 'Z') || (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) ||
	       (cp >= 0x391 && cp <= 0x3A9) || (cp >= 0x400 && cp <= 0x42F);
}

/* The code point at `p` (an invalid byte counts as one character, U+FFFD). */
static size_t next_code_point(const char *p, const char *end, uint32_t *cp)
{
	if ((unsigned char)*p < 0x80) {   /* most of a page: no call */
		*cp = (unsigned char)*p;
		return 1;
	}
	size_t n = utf8_decode((const unsigned char *)p, (size_t)(end - p), cp);
	if (n == 0) {
		*cp = 0xFFFD;
		n = 1;
	}
	return n;
}

/* Is [p, end), its punctuation stripped, a listed word in any case? Only
 * ASCII letters can be. */
static int is_listed_letters(const char *p, const char *end)
{
	char folded[STOP_WORD_MAX];
	size_t k = 0;
	if (end - p <= 0 || end - p >= STOP_WORD_MAX)
		return 0;
	for (; p < end; p++) {
		char c = *p;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		else if (c < 'a' || c > 'z')
			return 0;
		folded[k++] = c;
	}
	return is_listed(folded, k);
}

int ice_is_stop_word(const char *word, size_t len)
{
	const char *p = word, *end = word + len;
	uint32_t cp;
	size_t n;

	/* Strip the punctuation around the word. */
	while (p < end && (n = next_code_point(p, end, &cp)) && is_punctuation(cp))
		p += n;
	while (end > p) {
		const char *q = end - 1;
		while (q > p && ((unsigned char)*q & 0xC0) == 0x80)
			q--;
		next_code_point(q, end, &cp);
		if (!is_punctuation(cp))
			break;
		end = q;
	}
	return is_listed_letters(p, end);
}

/* ice_is_stop_word() of a word of ASCII bytes: each byte a code point, so
 * the punctuation is stripped without decoding. */
static int ascii_is_stop_word(const char *p, const char *end)
{
	while (p < end && is_ascii_punctuation((unsigned char)*p))
		p++;
	while (end > p && is_ascii_punctuation((unsigned char)end[-1]))
		end--;
	return is_listed_letters(p, end);
}

void ice_count_words(const char *text, size_t len, struct ice_words *words)
{
	const char *p = text, *end = text + len;

	memset(words, 0, sizeof(*words));
	while (p < end) {
		while (p < end && (unsigned char)*p <= ' ')
			p++;
		if (p == end)
			break;
		const char *start = p;
		int first_letter_seen = 0, ascii = 1;
		words->words++;
		while (p < end && (unsigned char)*p > ' ') {
			uint32_t cp;
			ascii &= (unsigned char)*p < 0x80;
			p += next_code_point(p, end, &cp);
			words->characters++;
			if (is_punctuation(cp)) {
				words->punctuation++;
			} else if (!first_letter_seen) {
				first_letter_seen = 1;
				words->capitalised += is_capital(cp);
			}
		}
		words->stop_words += ascii ? ascii_is_stop_word(start, p)
					   : ice_is_stop_word(start, (size_t)(p - start));
	}
}
