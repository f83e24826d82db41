/* line-cues.h: what a short line's own words say it is, in any language.
 *
 * Inside an article's stretch the boilerplate that survives is short and
 * says what it is in its words: a picture's credit ("Foto: dpa", "Photograph
 * by ...", "(REUTERS/...)", "© Getty Images") and a label ahead of a link or
 * a field ("Lea también: ...", "MIRA: ...", "Von:", "Quelle: ..."). Of the
 * snippets --article kept wrongly on trafilatura-dev (cross-validated,
 * Lynx), about a fifth were credits, a tenth such labels and some datelines
 * ("Donnerstag, 31. Mai 2012", "11 Jan 2019"); their scores
 * lay among those of the text's own short lines, so no threshold parted
 * them. These cues are features of the logistic method
 * (method/logistic.h: credit, label, date); the trees weigh them against the rest.
 */
#ifndef NC_LINE_CUES_H
#define NC_LINE_CUES_H

#include <stddef.h>

/* Lines of more words than this are never credits: a sentence that names a
 * photograph is text. */
#define LINE_CUES_CREDIT_MAX_WORDS 25

/* 1 when the text, of at most LINE_CUES_CREDIT_MAX_WORDS words, holds a
 * credit's mark: the copyright sign, or one of line-cues.c's credit words
 * (photo, Foto, Bild, credit, picture agencies' names ...) as a whole word,
 * ASCII letters folded; else 0. `words` is the text's word count. */
int line_cues_credit(const char *text, size_t len, size_t words);

/* 1 when the text opens with a label: one to LINE_CUES_LABEL_MAX_WORDS
 * words ending in a colon (':' or the full-width one) that more text
 * follows; else 0. */
#define LINE_CUES_LABEL_MAX_WORDS 4
int line_cues_label(const char *text, size_t len);

/* 1 when the text, of at most LINE_CUES_DATE_MAX_WORDS words, holds a date
 * or a time in digits: a time (3:59), a date of three numbers
 * (27.01.2022, 04/21/2022, 2022-01-27), or a year from 1900 to 2099 beside
 * a day's number ("31. Mai 2012", "11 Jan 2019", "7 kwietnia 2021"): a
 * dateline, whatever the language of its month; else 0. */
#define LINE_CUES_DATE_MAX_WORDS 8
int line_cues_date(const char *text, size_t len, size_t words);

#endif
