/* snippets.h: a benchmark annotated with snippets (trafilatura's
 * evaldata.json), and its scoring rule.
 *
 * The file is one JSON object (read by base/json-value.h): for each page,
 * its URL names an object with "file" (the page's file name, relative to
 * the directory of pages), "with" (snippets of the main text that a good
 * extraction contains) and "without" (snippets of boilerplate it must not
 * contain), both arrays of strings; other members (title, author, ...) are
 * allowed and not read. Anything else is an error naming the file, line
 * and column: a member missing or of another type, a file name that is
 * empty, absolute, holds a NUL or a "." or ".." component (it must stay
 * inside the pages' directory), or is named by two entries.
 *
 * The scoring rule, as the benchmark's tests/eval_common.py has it: white
 * space is normalised (snippet_normalise()) in the tool's text and in each
 * snippet; a "with" snippet found in the text (a substring) is a true
 * positive, else a false negative; a "without" snippet found is a false
 * positive, else a true negative; the four counts are summed over the
 * pages, and precision, recall and F1 come from the sums. A page for which
 * the tool returned nothing (no output at all, as opposed to an empty
 * one) has every "with" snippet a false negative and every "without" one
 * a true negative.
 *
 * A snippet empty after normalisation: kept, and scored by the benchmark's
 * own rule (the empty string is a substring of every text: found in every
 * output, a true positive when "with", a false positive when "without";
 * but not when there is no output). The development set has none; the set
 * counts them (`empty`) so that the front end can say so. For labels of
 * segments (snippet-labels.h) an empty snippet says nothing.
 *
 * A snippet set owns everything it holds; entries are in
 * file_name_compare() order of their files, the order of every data set's
 * files (source/file-names.h), whatever the file's order.
 */
#ifndef NC_SNIPPETS_H
#define NC_SNIPPETS_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "base/language.h"
#include "source/page-source.h"

/* Snippets, normalised (NUL-terminated; `len` bytes). */
struct snippet_list {
	char **text;
	size_t *len;
	size_t count;
};

struct snippet_entry {
	char *url;                          /* the entry's key */
	char *file;                         /* the page, relative to the pages' directory */
	struct snippet_list with, without;
};

struct snippet_set {
	struct snippet_entry *entries;
	size_t count;
	size_t empty;   /* snippets empty after normalisation (see above) */
};

/* Is `path` named as an annotation file: NAME.json, and not a directory?
 * (The programs take such an operand for annotations, in place of a
 * directory of gold texts.) */
int snippet_file_named(const char *path);

/* Read the annotation file `path` into `set` (released by the caller, also
 * after an error). */
int snippet_set_load(struct snippet_set *set, const char *path, struct nc_error *err);

/* The same from `len` bytes of JSON, named `name` in messages. */
int snippet_set_parse(struct snippet_set *set, const char *text, size_t len, const char *name,
		      struct nc_error *err);

void snippet_set_release(struct snippet_set *set);

/* The entry of the page `file` (as its "file" member has it), or NULL. */
const struct snippet_entry *snippet_set_find(const struct snippet_set *set, const char *file);

/* The benchmark's normalisation, appended to `out`: every run of white
 * space becomes one space, and the ends are trimmed. White space is what
 * Python's str.split() takes for it (the benchmark is Python): U+0009-000D,
 * U+001C-001F, U+0020, U+0085, U+00A0, U+1680, U+2000-200A, U+2028,
 * U+2029, U+202F, U+205F, U+3000 (not U+200B, which is no space).
 * Bytes that are not valid UTF-8 are kept as they are. */
void snippet_normalise(const char *text, size_t len, struct strbuf *out);

/* --- scoring ---------------------------------------------------------------------- */

struct snippet_counts {
	long tp, fn, fp, tn;
};

/* Score the tool's text for `entry` (`text` as the tool wrote it, not yet
 * normalised; NULL: the tool returned nothing for the page) and add the
 * counts to `counts`. */
void snippet_score(const struct snippet_entry *entry, const char *text, size_t len,
		   struct snippet_counts *counts);

/* The same for a text already normalised by snippet_normalise(). */
void snippet_score_normalised(const struct snippet_entry *entry, const char *text, size_t len,
			      struct snippet_counts *counts);

struct snippet_result {
	double f, p, r;     /* percentages, as the 2008 scorer's (eval/score.h) */
	double accuracy;    /* (tp + tn) / all, a percentage */
};

/* Percentages from counts; a zero denominator counts as 1, as in score.h
 * (no snippet found: precision 0). F is 2 tp / (2 tp + fp + fn), the
 * harmonic mean of P and R. */
void snippet_compute(const struct snippet_counts *counts, struct snippet_result *result);

/* --- the files an entry names ------------------------------------------------------ */

/* The files of a file source by their relative names, so that an entry's
 * page (or the output of a page, named after it) is found by name; `used`
 * marks those found, so that the others can be named. Borrows the source's
 * inputs. */
struct snippet_files {
	const struct file_input **sorted;   /* by relative name (strcmp) */
	unsigned char *used;
	size_t count;
};

void snippet_files_index(struct snippet_files *files, const struct file_source *source);
void snippet_files_release(struct snippet_files *files);

/* The file named `relative` (marked used), or NULL. */
const struct file_input *snippet_files_find(struct snippet_files *files, const char *relative);

/* --- languages ---------------------------------------------------------------------- */

/* The page's language, as CLD2 tells it from its "with" snippets joined
 * (language.h; code "" when CLD2 cannot tell). */
void snippet_entry_language(const struct snippet_entry *entry, struct language *language);

#endif
