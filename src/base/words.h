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
 * Why ICU and not one word per character. Measured (t/t0420's pages and
 * the one Chinese page of trafilatura-dev; scripts/word-counts.sh):
 *   - one word per Han or kana character counts Chinese 1.5-1.7 times,
 *     Japanese about 1.9 times, the words ICU (and a reader) finds; one per
 *     Thai character 3.4 times: a Thai word is a few letters, vowel signs
 *     and tone marks, none of them a word. A per-character rule makes a
 *     Chinese sentence as "long" as an English sentence of twice its words,
 *     and cannot be fixed for Thai, Lao, Khmer or Burmese without a
 *     dictionary, which is what ICU brings;
 *   - speed: text of spaced scripts never reaches ICU (the fast path below
 *     looks at each byte once, without a branch: English costs what the old
 *     counters cost, see RESULTS); an unspaced run costs about 100 ns per
 *     character with ICU's dictionaries and a break iterator opened for
 *     each text that needs one (about 18 us), a few milliseconds for a whole
 *     Chinese page, small beside rendering it.
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

#endif
