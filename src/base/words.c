/* words.c: words in every script (see words.h). */
#include "base/words.h"
#include "base/swar.h"
#include "base/utf8.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>

int words_unspaced_script(uint32_t cp)
{
	if (cp < 0x0E00)
		return 0;
	return (cp >= 0x0E00 && cp <= 0x0EFF) ||     /* Thai, Lao */
	       (cp >= 0x1000 && cp <= 0x109F) ||     /* Myanmar */
	       (cp >= 0x1780 && cp <= 0x17FF) ||     /* Khmer */
	       (cp >= 0x19E0 && cp <= 0x19FF) ||     /* Khmer symbols */
	       (cp >= 0x3005 && cp <= 0x3007) ||     /* 々 〆 〇 */
	       (cp >= 0x3040 && cp <= 0x30FF) ||     /* Hiragana, Katakana */
	       (cp >= 0x31F0 && cp <= 0x31FF) ||     /* Katakana phonetic extensions */
	       (cp >= 0x3400 && cp <= 0x4DBF) ||     /* CJK extension A */
	       (cp >= 0x4E00 && cp <= 0x9FFF) ||     /* CJK unified ideographs */
	       (cp >= 0xA9E0 && cp <= 0xA9FF) ||     /* Myanmar extended B */
	       (cp >= 0xAA60 && cp <= 0xAA7F) ||     /* Myanmar extended A */
	       (cp >= 0xF900 && cp <= 0xFAFF) ||     /* CJK compatibility ideographs */
	       (cp >= 0xFF66 && cp <= 0xFF9F) ||     /* halfwidth Katakana */
	       (cp >= 0x20000 && cp <= 0x3FFFF);     /* CJK extensions B and after */
}

/* Does [p, end) hold a character of an unspaced script? */
static int holds_unspaced(const unsigned char *p, const unsigned char *end)
{
	for (; p < end; p++) {
		uint32_t cp;
		size_t n;
		if (words_may_start_unspaced(*p) && (n = utf8_decode(p, (size_t)(end - p), &cp)) &&
		    words_unspaced_script(cp))
			return 1;
	}
	return 0;
}

/* The walk over the words, shared by the three entry points. */
struct walk {
	size_t words, limit;
	words_fn fn;
	void *data;
	UBreakIterator *breaker;   /* opened at the first unspaced run */
	int icu_failed;
};

static void found(struct walk *w, const char *word, size_t len)
{
	w->words++;
	if (w->fn)
		w->fn(word, len, w->data);
}

/* Without ICU (its data missing): one word per character of an unspaced
 * script, and a word for each stretch of other characters that holds a
 * letter or digit of ASCII or any non-ASCII character that is not of an
 * unspaced script. A rough count, never reached on a working system. */
static void split_by_character(struct walk *w, const char *run, size_t len)
{
	const unsigned char *p = (const unsigned char *)run, *end = p + len, *other = NULL;
	while (p < end && w->words <= w->limit) {
		uint32_t cp;
		size_t n = utf8_decode(p, (size_t)(end - p), &cp);
		if (!n)
			n = 1, cp = 0xFFFD;
		if (words_unspaced_script(cp)) {
			if (other)
				found(w, (const char *)other, (size_t)(p - other));
			other = NULL;
			found(w, (const char *)p, n);
		} else if (!other) {
			other = p;
		}
		p += n;
	}
	if (other && w->words <= w->limit)
		found(w, (const char *)other, (size_t)(end - other));
}

/* An unspaced run, as ICU's word-break iterator cuts it: the pieces whose
 * rule status is a word's (not UBRK_WORD_NONE: spaces, punctuation). */
static void split_by_icu(struct walk *w, const char *run, size_t len)
{
	UErrorCode status = U_ZERO_ERROR;
	UText text = UTEXT_INITIALIZER;

	if (!w->breaker && !w->icu_failed) {
		w->breaker = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
		w->icu_failed = U_FAILURE(status);
	}
	if (!w->icu_failed) {
		utext_openUTF8(&text, run, (int64_t)len, &status);
		ubrk_setUText(w->breaker, &text, &status);
	}
	if (w->icu_failed || U_FAILURE(status)) {
		utext_close(&text);
		split_by_character(w, run, len);
		return;
	}
	int32_t start = ubrk_first(w->breaker), end;
	while ((end = ubrk_next(w->breaker)) != UBRK_DONE && w->words <= w->limit) {
		if (ubrk_getRuleStatus(w->breaker) >= UBRK_WORD_NONE_LIMIT)
			found(w, run + start, (size_t)(end - start));
		start = end;
	}
	utext_close(&text);
}

static size_t walk(const char *text, size_t len, size_t limit, words_fn fn, void *data)
{
	const unsigned char *p = (const unsigned char *)text, *end = p + len;
	struct walk w = { .limit = limit, .fn = fn, .data = data };

	while (p < end && w.words <= limit) {
		while (p < end && *p <= ' ')
			p++;
		if (p == end)
			break;
		const unsigned char *start = p;
		unsigned maybe = 0;
		for (; p < end && *p > ' '; p++)
			maybe |= words_may_start_unspaced(*p);
		if (maybe && holds_unspaced(start, p))
			split_by_icu(&w, (const char *)start, (size_t)(p - start));
		else
			found(&w, (const char *)start, (size_t)(p - start));
	}
	if (w.breaker)
		ubrk_close(w.breaker);
	return w.words;
}

/* The runs of non-space, and whether a byte may start a character of an
 * unspaced script (then only the walk counts the words): the starts of
 * runs, eight ASCII bytes at a
 * time (base/swar.h: a byte is non-space when it is not below '!', a run
 * starts where the byte before is space), and byte by byte where a byte is
 * not ASCII, seeing whether it may start a character of an unspaced script;
 * only then the walk. */
static size_t count_runs(const char *text, size_t len, unsigned *maybe_unspaced)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t words = 0, i = 0;
	unsigned after_space = 1, maybe = 0;

	while (i < len) {
		if (SWAR_WORDS && i + 8 <= len && !swar_high(swar_load(p + i))) {
			uint64_t nonspace = ~swar_below(swar_load(p + i), '!') & SWAR_HIGH;
			uint64_t starts = nonspace & ~((nonspace << 8) | (after_space ? 0 : 0x80));
			words += (size_t)((((starts >> 7) * SWAR_ONES)) >> 56);
			after_space = !(nonspace >> 63);
			i += 8;
			continue;
		}
		size_t end = i + 8 < len ? i + 8 : len;
		for (; i < end; i++) {
			words += after_space & (p[i] > ' ');
			after_space = p[i] <= ' ';
			maybe |= words_may_start_unspaced(p[i]);
		}
	}
	*maybe_unspaced = maybe;
	return words;
}

size_t words_count(const char *text, size_t len)
{
	unsigned maybe;
	size_t words = count_runs(text, len, &maybe);
	return maybe ? walk(text, len, SIZE_MAX, NULL, NULL) : words;
}

/* The runs the fast way when no byte may start an unspaced script's
 * character: exact, which the contract allows past the limit too (the
 * logistic method asks this of every short paragraph and list item). */
size_t words_count_up_to(const char *text, size_t len, size_t limit)
{
	unsigned maybe;
	size_t words = count_runs(text, len, &maybe);
	return maybe ? walk(text, len, limit, NULL, NULL) : words;
}

size_t words_each(const char *text, size_t len, words_fn fn, void *data)
{
	return walk(text, len, SIZE_MAX, fn, data);
}
