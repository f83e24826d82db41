/* words.h: the one way words are counted, in every script.
 *
 * What a word is. Scripts written with spaces between words (Latin, Greek,
 * Cyrillic, Arabic, Hebrew, Devanagari, Hangul, ...) have a word per run of
 * non-space characters, punctuation included: "well-known," is one word,
 * "--" is one. Scripts written without spaces (Han, Hiragana, Katakana,
 * Thai, Lao, Khmer, Myanmar: the "unspaced" scripts) have whole sentences
 * in one such run; a run holding any of their characters is split by ICU's
 * word-break rules (UAX #29 with ICU's dictionaries for Chinese and
 * Japanese, Thai, Lao, Khmer and Burmese), counting the pieces ICU calls
 * words (letters, numbers, kana, ideographs) and not its pieces of
 * punctuation or space. "2024年5月，我们" is 2024 年 5 月 我们: 5 words.
 * Korean is written with spaces: its runs count as runs (ICU agrees but for
 * punctuation).
 *
 * Why ICU and not one word per character. Measured against ICU's words
 * (the paragraphs of tests/t1720's hand-made pages, and the segments of the
 * one Chinese page of trafilatura-dev, xinhuanet.com.c_1125597921): one
 * word per Han or kana character counts 1.50 times ICU's words in Chinese
 * (1.60 on the trafilatura page: 1582 against 986), 1.58 times in Japanese,
 * and one per Thai character 3.69 times (826 against 224): a Thai word is a
 * few letters, vowel signs and tone marks, none of them a word. The 307-
 * character paragraph of t1720/zh.html is 189 words with ICU, 283 by
 * character, 1 by white space. A per-character rule makes a Chinese
 * sentence as "long" as an English one of half again as many words, and
 * cannot be made right for Thai, Lao, Khmer or Burmese without a
 * dictionary, which is what ICU brings.
 *
 * Speed: text of spaced scripts never reaches ICU. The fast path reads
 * eight ASCII bytes at a time and looks at the others one by one, only to
 * see whether one may start a character of an unspaced script; text mode on
 * 6.5 MB of English Lynx dumps (the CLEANEVAL development pages, three
 * times; valgrind --tool=callgrind ncleaner -j 1 --text) took 757 million
 * instructions against 751 million before (+0.8%, language identification
 * included; the output identical). An unspaced run costs what ICU's
 * dictionaries cost, with a break iterator opened for each text that needs
 * one (about 18 us): about 0.1 s per MB of Chinese, small beside rendering
 * the page.
 *
 * ICU is Debian's libicu-dev (libicuuc); its dictionaries change little
 * between releases, so counts of unspaced text may move by a word here and
 * there with ICU's version (the tests check ranges there, exact counts
 * elsewhere).
 *
 * Where words are counted: the JSONL counts and --stats (sink), the quality
 * of --min-quality, the article decider's word weights, the logistic
 * method's log_words, its per-word ratios and its heading rule. The ICE
 * methods keep their published definition (runs of non-space,
 * method/ice.h) and the 2008 scorer its own tokens (eval/score.h).
 *
 * Nothing is kept between calls; any thread may call any function.
 */
#ifndef NC_WORDS_H
#define NC_WORDS_H

#include <stddef.h>
#include <stdint.h>

/* The words of `len` bytes of valid UTF-8 (a segment's text: spaces are
 * ASCII, as the segmenter leaves them; any byte <= ' ' separates). */
size_t words_count(const char *text, size_t len);

/* The same, but counting stops as soon as more than `limit` are seen: the
 * result is exact when at most `limit`, and `limit` + 1 or more otherwise.
 * For rules that only ask "at most N words?". */
size_t words_count_up_to(const char *text, size_t len, size_t limit);

/* Each word in turn: `fn` is called with its bytes (a run of non-space, or
 * a word ICU found in an unspaced run) and `data`; returns the count. */
typedef void (*words_fn)(const char *word, size_t len, void *data);
size_t words_each(const char *text, size_t len, words_fn fn, void *data);

/* Is `cp` of a script written without spaces between words (above)? */
int words_unspaced_script(uint32_t cp);

/* Can the byte start a character of an unspaced script? Those are all
 * three or four bytes long; E2 (U+2000-U+2FFF: quotes, dashes, symbols)
 * starts none, and is the one such lead byte common in English text. A
 * text without such a byte has as many words as runs of non-space. */
static inline unsigned words_may_start_unspaced(unsigned char c)
{
	return (c >= 0xE0) & (c != 0xE2);
}

#endif
