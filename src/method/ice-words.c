/* ice-words.c: words, capitals, punctuation and stop words as the ICE
 * methods count them (see ice.h: words). */
#include "method/ice.h"
#include "base/utf8.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* English function words, sorted (bsearch). */
static const char *const stop_words[] = {
	"a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and",
	"any", "are", "as", "at", "be", "because", "been", "before", "being", "below", "between",
	"both", "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during",
	"each", "few", "for", "from", "further", "had", "has", "have", "having", "he", "her",
	"here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is",
	"it", "its", "itself", "just", "me", "more", "most", "my", "myself", "no", "nor", "not",
	"now", "of", "off", "on", "once", "only", "or", "other", "our", "ours", "ourselves",
	"out", "over", "own", "same", "she", "should", "so", "some", "such", "than", "that",
	"the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this",
	"those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were",
	"what", "when", "where", "which", "while", "who", "whom", "why", "will", "with", "would",
	"you", "your", "yours", "yourself", "yourselves",
};

#define STOP_WORD_MAX 16

static int compare_word(const void *key, const void *item)
{
	return strcmp(key, *(const char *const *)item);
}

static int is_punctuation(uint32_t cp)
{
	if (cp < 0x80)
		return (cp >= 0x21 && cp <= 0x2F) || (cp >= 0x3A && cp <= 0x40) ||
		       (cp >= 0x5B && cp <= 0x60) || (cp >= 0x7B && cp <= 0x7E);
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
	size_t n = utf8_decode((const unsigned char *)p, (size_t)(end - p), cp);
	if (n == 0) {
		*cp = 0xFFFD;
		n = 1;
	}
	return n;
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
	folded[k] = '\0';
	return bsearch(folded, stop_words, sizeof(stop_words) / sizeof(stop_words[0]),
		       sizeof(stop_words[0]), compare_word) != NULL;
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
		int first_letter_seen = 0;
		words->words++;
		while (p < end && (unsigned char)*p > ' ') {
			uint32_t cp;
			p += next_code_point(p, end, &cp);
			words->characters++;
			if (is_punctuation(cp)) {
				words->punctuation++;
			} else if (!first_letter_seen) {
				first_letter_seen = 1;
				words->capitalised += is_capital(cp);
			}
		}
		words->stop_words += ice_is_stop_word(start, (size_t)(p - start));
	}
}
