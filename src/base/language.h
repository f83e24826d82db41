/* language.h: the language of a text.
 *
 * Two readers: the sink names the language of a page's kept text (JSONL,
 * WET, --language), and the logistic method that of all the page's
 * segments, before it scores them (its stop-word list, whether its
 * character models speak the page's language: method/logistic.h). So it
 * lives in base/, below both.
 *
 * Corpus builders select pages by language, and Common Crawl's WET files
 * carry WARC-Identified-Content-Language, from CLD2. We use CLD2 too
 * (Debian libcld2), so that our WET says what theirs would. Against
 * libexttextcat (the other detector Debian has), on 560 texts of 28
 * languages from the Debian installation guide's translations, half of
 * them of about 20 words: CLD2 556 right (276 of the 280 short ones;
 * Swedish taken for English twice, Danish for Norwegian, Indonesian for
 * Malay), exttextcat 508 (its fingerprints know no Chinese, and it gives
 * up on short texts), and CLD2 in a third of the time.
 *
 * A language is named twice: `code` as CLD2 names it (ISO 639-1 where
 * there is a code: "en", "de", "zh-Hant") and `iso639_3` as Common Crawl's
 * WET files do ("eng", "deu", "zho"; "" when ISO 639 has none for it).
 * Nothing is kept between calls; any thread may call it.
 */
#ifndef NC_LANGUAGE_H
#define NC_LANGUAGE_H

#include <stddef.h>

#include "base/error.h"
#include "base/limits.h"

struct language {
	char code[16];       /* "" when the text is too short or mixed to tell */
	char iso639_3[4];
	int reliable;        /* CLD2 is sure */
};

/* The language of `len` bytes of UTF-8 text (at most the first
 * LANGUAGE_MAX_BYTES are read: more says nothing new). */
void language_identify(const char *utf8, size_t len, struct language *out);

/* Is `list` a comma-separated list of languages CLD2 tells, each named as
 * language_in_list() takes it? 0, or -1 with NC_ERR_USAGE naming the code
 * that is not (a list that is none, "en,"; a code of no language, "zz";
 * a language's name, "german", with its code). */
int language_list_check(const char *list, struct nc_error *err);

/* Is `language` one of `list` (comma-separated codes in either naming:
 * "en,de" or "eng,deu")? A page whose language is unknown is in no list. */
int language_in_list(const struct language *language, const char *list);

#endif
