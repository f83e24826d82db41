/* stop-words.h: lists of function words per language, from data files.
 *
 * The logistic method's stop_words feature (method/logistic.h) is the share
 * of a segment's words that are function words of the page's language:
 * running text is full of them ("the", "der", "的", "и"), menus, bylines and
 * link lists hold few. English keeps the ICE list (method/ice.h, compiled
 * in), so that English pages score as the model learned them; every other
 * language reads its list from a file of the data directory,
 * models/stopwords/LANG.txt (LANG as CLD2 names it, base/language.h: "de",
 * "zh"), installed with the models; models/stopwords/README says where
 * each list comes from, under which licence, and why those lists.
 *
 * A file: UTF-8, one word a line; lines starting with '#' and blank lines
 * are skipped. Words may be of any script; those of unspaced scripts
 * (base/words.h) are compared with the words ICU finds.
 *
 * Matching. A word of the text and a word of a list match when they are
 * equal after folding: the punctuation around the word stripped, every
 * letter lower-cased (ICU's simple case mapping), Greek accents and
 * diaeresis removed and final sigma made sigma (Greek lists are written
 * so, and Greek text writes accents), Arabic vowel marks and tatweel
 * removed (lists write some, text mostly none).
 *
 * Memory: a set of lists owns its words' hashes (64-bit, base/hash.h: a
 * collision would make a word a stop word with probability 2^-64 per pair).
 * Read-only once loaded: any thread may look words up.
 */
#ifndef NC_STOP_WORDS_H
#define NC_STOP_WORDS_H

#include <stddef.h>

#include "base/error.h"

struct stop_words;   /* one language's list */
struct stop_lists;   /* every language's */

/* Every DIR/LANG.txt, LANG a language code (letters and '-', 2-15 of
 * them); NULL with `err` (naming the file and line) when the directory or
 * a file cannot be read, or a file is not such a list. */
struct stop_lists *stop_lists_load(const char *dir, struct nc_error *err);
void stop_lists_free(struct stop_lists *lists);

/* The list of `language` ("zh-Hant" takes zh's when it has none of its
 * own), or NULL when there is none. */
const struct stop_words *stop_lists_find(const struct stop_lists *lists, const char *language);

/* How many lists (languages) were loaded. */
size_t stop_lists_count(const struct stop_lists *lists);

/* How many words `list` holds. */
size_t stop_words_size(const struct stop_words *list);

/* Is the word (`len` bytes of UTF-8) on the list, folded as above? */
int stop_words_has(const struct stop_words *list, const char *word, size_t len);

#endif
