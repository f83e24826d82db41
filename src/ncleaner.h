/* ncleaner.h: libncleaner, the boilerplate remover of ncleaner(1) as a library.
 *
 * The one public header, installed with the library (pkg-config ncleaner).
 * A program opens a cleaner with options written as on the command line,
 * cleans pages one at a time, each to its segments or to formatted output,
 * or a set of pages together (a batch: below), and closes the cleaner:
 *
 *     const char *options[] = { "--model", "english" };
 *     ncleaner_error error;
 *     ncleaner *cleaner = ncleaner_open(2, options, &error);
 *     if (!cleaner) { fprintf(stderr, "%s\n", error.message); return 1; }
 *     const ncleaner_segment *segments; size_t count;
 *     if (ncleaner_clean(cleaner, html, html_length, "http://example.org/",
 *                        &segments, &count, &error) == 0)
 *         for (size_t i = 0; i < count; i++) {
 *             const ncleaner_segment *s = ncleaner_segment_at(segments, i);
 *             if (ncleaner_segment_kept(s)) puts(ncleaner_segment_text(s, NULL));
 *         }
 *     ncleaner_close(cleaner);
 *
 * Options. ncleaner_open() takes the options of ncleaner(1) that say how a
 * page is cleaned, read by the same code as the program's (argv holds
 * options only, no program name; "--name value" and "--name=value" both
 * work; long names are not abbreviated):
 *   the method, model, decider, renderer and their settings: --method
 *     (default logistic), -m/--model, --nonlex, -n, -q, --max-perplexity,
 *     --max-kl, --article, --decider, -b/--bias, --precision, --recall,
 *     --switch-cost, --renderer, --no-structure, --lynx, --timeout,
 *     --data-dir (default: the data directory the library was installed
 *     with, or $NCLEANER_DATA_DIR)
 *   --paper, --no-lm, --dump, --scores, --lines, --encoding NAME,
 *   --text (pages are text dumps, not HTML), -f/--format for
 *     ncleaner_format(): cleaneval (default), text, jsonl, wet,
 *   --language LIST: ncleaner_format() writes nothing ("") for a page
 *     whose kept text is in none of LIST's languages (CLD2's codes, en,de,
 *     or ISO 639-3, eng); ncleaner_clean() still gives its segments
 *   --site-repetition[=N] (N inline only), --no-site-repetition: for
 *     ncleaner_clean_batch(), as for the program's runs of several inputs
 * Options about files, workers and progress (-o, -j, --gzip, --stats, ...)
 * are the program's; they are refused, as is anything unknown.
 *
 * Errors. No function prints or exits. One that fails returns NULL or -1
 * and, when `error` is not NULL, fills it in: a code (NCLEANER_ERR_*) and a
 * message complete on its own, naming the option, file or page. A page
 * that fails leaves the cleaner usable for the next.
 *
 * Misuse. A NULL cleaner, a NULL where a function puts its results
 * (segments, count, output) and argv holding NULL are usage errors
 * (NCLEANER_ERR_USAGE) naming the argument; ncleaner_warnings(NULL) is ""
 * and ncleaner_close(NULL) does nothing. What C cannot check stays the
 * caller's: a cleaner already closed (closing it twice, or using it after
 * ncleaner_close(), uses freed memory: forget the pointer when you close
 * it), a pointer that is no cleaner, fewer than `length` bytes at `bytes`,
 * and strings: an option and the URL end at their first NUL byte, so a
 * binding must refuse strings that hold one (the Python binding raises
 * ncleaner.Error).
 *
 * Threads. A cleaner is one worker: it cleans one page at a time and may
 * not be used by two threads at once. Cleaners are independent (the
 * library keeps no mutable static state): open one per thread.
 *
 * Shares (curl's share handle). Each cleaner loads its own model, which is
 * most of what opening one costs. A program with several cleaners of one
 * configuration (one a thread) loads it once into a share,
 * ncleaner_share_open(), and opens each cleaner on it,
 * ncleaner_open_shared(): the cleaners score with the share's model,
 * read-only, and clean as if each had loaded its own. The share is freed
 * when it and all its cleaners are closed, in whatever order.
 *
 * Memory. What ncleaner_clean() hands out is the cleaner's own, valid until
 * the next call on that cleaner or ncleaner_close(); what ncleaner_format()
 * returns is the caller's, freed with ncleaner_free(). What the page
 * accessors (ncleaner_page_segments(), ncleaner_page_output(),
 * ncleaner_metadata()) return is the cleaner's, valid as ncleaner_clean()'s
 * is, and during a batch's callback only.
 *
 * Batches. ncleaner(1) cleans a run of several inputs (a directory, an
 * archive) as a batch, and so does ncleaner_clean_batch() with pages in
 * memory: with site repetition (ncleaner(1), SITE REPETITION; on by default
 * for two pages or more, with a method, not --text or --paper), a segment
 * the decision kept that recurs on other pages of its page's site (the
 * host of the page's URL, or of the URL the page declares) is dropped as
 * site furniture (menus, footers, "share this" lines), unless it is the
 * page's own text. The pages are read twice: a survey of every page, then
 * the cleaning; each page's result goes to a callback as soon as it is
 * cleaned, in order, and is the same as the program's for the same pages.
 * A page that fails is reported to the callback and the others go on. The
 * survey keeps what it rendered in a temporary file ($TMPDIR), so that
 * the cleaning renders nothing twice.
 *
 * Versions. NCLEANER_API_VERSION counts incompatible changes of this
 * interface, and the shared library's soname is its number:
 * libncleaner.so.2 for version 2 (Makefile.am's -version-info, current
 * minus age, says the same). Additions keep it and raise libtool's current
 * and age together; a program that calls an added function needs a
 * library that has it, which the dynamic linker checks by its name.
 * ncleaner_api_version() is the version of the library actually loaded,
 * ncleaner_version() the package's.
 *
 * Version 2 made one change: a segment's layout is no longer public.
 * Version 1 declared struct ncleaner_segment's fields, and ncleaner_clean()
 * handed out an array of them, so a program built against it indexed the
 * array by sizeof(ncleaner_segment) and read the fields at their offsets:
 * any field added would have moved both under it, silently. Now
 * ncleaner_segment is declared and not defined: a program reaches the
 * segment `i` with ncleaner_segment_at(segments, i) and reads it with the
 * ncleaner_segment_*() getters, and the compiler refuses segments[i],
 * s->kept and sizeof(ncleaner_segment). A program written for version 1
 * changes segments[i].kept into
 * ncleaner_segment_kept(ncleaner_segment_at(segments, i)), and so on for
 * each field (text, length, type, continues, cost_clean, cost_dirty: see
 * the getters), and is rebuilt against libncleaner.so.2; nothing else
 * changed. (Bindings that used the getters alone, as the Python one does,
 * need only the new soname.)
 *
 * A segment field to come is added so: the field in the library's own
 * struct (src/api/ncleaner.c), one getter ncleaner_segment_NAME(const
 * ncleaner_segment *) beside the others here (a NULL segment reads as
 * empty), its name in Makefile.am's -export-symbols-regex, current and
 * age raised: NCLEANER_API_VERSION and the soname stay, and every program
 * built before keeps working, since none of them knows the struct's size.
 * The same holds for whatever else the library hands out behind a pointer
 * (the cleaner, the share): only ncleaner_error is a struct the caller
 * holds, and its size is fixed (NCLEANER_ERROR_SIZE; ncleaner_error_size()
 * for bindings).
 *
 * Bindings. A language that reads C structs through a declaration of its
 * own (Python's ctypes) would copy their layout and break when it changes.
 * ncleaner_error_size() bytes hold an ncleaner_error, read by its
 * accessors; a segment has no other way to be read than its getters.
 */
#ifndef NCLEANER_H
#define NCLEANER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NCLEANER_API_VERSION 2

typedef struct ncleaner ncleaner;
typedef struct ncleaner_share ncleaner_share;

/* Error codes: what went wrong, for a program that reacts to some. */
enum ncleaner_code {
	NCLEANER_OK = 0,
	NCLEANER_ERR_IO,        /* a file (rules, model) could not be read */
	NCLEANER_ERR_FORMAT,    /* a rule or model file, or the page, is malformed */
	NCLEANER_ERR_RENDER,    /* the renderer (Lynx) is missing or failed */
	NCLEANER_ERR_TIMEOUT,   /* the renderer took longer than --timeout */
	NCLEANER_ERR_LIMIT,     /* the page is larger than ncleaner's limits */
	NCLEANER_ERR_REGEX,     /* a rule hit PCRE2's match limit on the page */
	NCLEANER_ERR_USAGE,     /* a bad option or argument */
	NCLEANER_ERR_METHOD,    /* a model file built for another method */
	NCLEANER_ERR_MEMORY     /* not enough memory for the page */
};

#define NCLEANER_ERROR_SIZE 1024

typedef struct ncleaner_error {
	int code;                            /* enum ncleaner_code */
	char message[NCLEANER_ERROR_SIZE];   /* one line, without a newline */
} ncleaner_error;

/* A segment of a cleaned page: a paragraph, heading or list item, in page
 * order, with the method's scores and the decision. A method that judges
 * pieces of segments on their own (perplexity: sentences) gives one entry
 * per piece; a later piece of the same segment has `continues` set. Its
 * layout is the library's (Versions, above): read it with the getters
 * below. */
typedef struct ncleaner_segment ncleaner_segment;

/* --- the error's accessors, for bindings ------------------------------------------ */

/* sizeof(ncleaner_error), for a binding that allocates one as bytes; and
 * its code and message (NUL-terminated, one line). A NULL error reads as a
 * usage error saying so. */
size_t ncleaner_error_size(void);
int ncleaner_error_code(const ncleaner_error *error);
const char *ncleaner_error_message(const ncleaner_error *error);

/* --- a segment --------------------------------------------------------------------- */

/* The segment `index` of a page's `segments` (what ncleaner_clean() or
 * ncleaner_page_segments() gave; index < their count: not checked), and
 * its fields:
 *   text        UTF-8, NUL-terminated, no newline; its length in bytes in
 *               *length, when `length` is not NULL
 *   type        'p' paragraph, 'h' heading, 'l' list item
 *   kept        1 running text, 0 boilerplate (the decision)
 *   continues   1: a later piece of the segment before (a sentence, with
 *               the perplexity method)
 *   cost_clean, cost_dirty
 *               the method's scores: bits per unit if the segment is
 *               running text and if it is boilerplate (both 0 with
 *               --no-lm, which keeps all)
 * A NULL segment reads as an empty one (text "", type 0, the rest 0).
 * Segments and their texts are the cleaner's (Memory, above). */
const ncleaner_segment *ncleaner_segment_at(const ncleaner_segment *segments, size_t index);
const char *ncleaner_segment_text(const ncleaner_segment *segment, size_t *length);
int ncleaner_segment_type(const ncleaner_segment *segment);
int ncleaner_segment_kept(const ncleaner_segment *segment);
int ncleaner_segment_continues(const ncleaner_segment *segment);
double ncleaner_segment_cost_clean(const ncleaner_segment *segment);
double ncleaner_segment_cost_dirty(const ncleaner_segment *segment);

/* --- the library ------------------------------------------------------------------- */

/* NCLEANER_API_VERSION of the library loaded, and the package version
 * ("0.1.0"). */
int ncleaner_api_version(void);
const char *ncleaner_version(void);

/* A cleaner configured by `argc` options in `argv` (see above; argc 0 is
 * the default configuration): rules and model loaded, renderer checked.
 * NULL on a bad option, a missing file or renderer. */
ncleaner *ncleaner_open(int argc, const char *const argv[], ncleaner_error *error);

/* --- the share: models loaded once for several cleaners --------------------------- */

/* A share holds the method and model that `argc` options in `argv` choose
 * (the options of ncleaner_open(), read alike; a program may give both the
 * same list), loaded once: the largest part of opening a cleaner (the
 * default logistic model with its character models: about 90 million
 * instructions and several MB). A cleaner opened on it with
 * ncleaner_open_shared() scores with the share's method, read-only, instead
 * of loading its own; cleaners on one share may run in as many threads.
 * NULL on a bad option or a missing file, and for options that load no
 * method (--dump, --no-lm). */
ncleaner_share *ncleaner_share_open(int argc, const char *const argv[], ncleaner_error *error);

/* A cleaner as ncleaner_open(argc, argv) opens it, cleaning exactly as that
 * one would, with the share's method instead of one of its own. Its
 * options must choose what the share loaded: the same method and model
 * (path), the data directory and the method's own settings (-n, -q,
 * --max-perplexity, --max-kl); else NULL with NCLEANER_ERR_USAGE saying
 * what differs ("the share holds the model ..."). Leaving out an option
 * the share was given is choosing otherwise: give a cleaner the share's
 * options, then its own. The rest is the cleaner's (the renderer, the
 * decider and its settings, the format, --text, ...), and a cleaner that
 * loads no method (--dump, --no-lm) borrows nothing. A NULL share is a
 * usage error. The share may be used by several threads at once. */
ncleaner *ncleaner_open_shared(ncleaner_share *share, int argc, const char *const argv[],
			       ncleaner_error *error);

/* Drop the opener's hold on the share (NULL: nothing). The share lives
 * on while a cleaner opened on it is open, and is freed with the last
 * of them to close (a reference count, safe across threads): close the
 * share and its cleaners in any order, each once. */
void ncleaner_share_close(ncleaner_share *share);

/* Warnings of the configuration (a model built through another renderer)
 * and of batches run so far, one a line, each once; "" when none (and for
 * a NULL cleaner). Owned by the cleaner, valid until the next call that
 * cleans with it. */
const char *ncleaner_warnings(const ncleaner *cleaner);

/* Clean one page: `length` bytes of HTML in any charset (or a text dump
 * with --text). `url` (may be NULL) is the page's address, for output
 * that names it. Sets *segments to every segment of the page, kept or
 * not (each read through ncleaner_segment_at()), and *count to their
 * number. 0, or -1 with `error` (not with
 * --dump, which makes text: use ncleaner_format()). */
int ncleaner_clean(ncleaner *cleaner, const void *bytes, size_t length, const char *url,
		   const ncleaner_segment **segments, size_t *count, ncleaner_error *error);

/* Clean one page to the bytes ncleaner(1) would write for it in the
 * --format chosen (a WET file's warcinfo record excepted: only the page's
 * conversion record). *output (NUL-terminated, freed with ncleaner_free())
 * and *output_length (which may be NULL: not wanted). 0, or -1 with
 * `error` and *output NULL. */
int ncleaner_format(ncleaner *cleaner, const void *bytes, size_t length, const char *url,
		    char **output, size_t *output_length, ncleaner_error *error);

void ncleaner_free(void *memory);

/* What the page last cleaned (by ncleaner_clean() or ncleaner_format())
 * says of itself, by the name JSONL's "metadata" gives it: "title",
 * "author", "date" (published, else modified; ISO 8601), "site_name",
 * "description", "canonical_url", "language" (as the page declares it: a
 * BCP 47 tag). UTF-8 without control characters, owned by the cleaner and
 * valid until its next call; NULL when the page does not say, for another
 * name, before the first page and after a page that failed. ncleaner(1),
 * METADATA, has the rules. */
const char *ncleaner_metadata(const ncleaner *cleaner, const char *name);

/* The page last cleaned, by ncleaner_clean(), ncleaner_format() or, during
 * its callback, ncleaner_clean_batch(): every segment, kept or not (*count
 * of them; NULL and 0 before the first page, after a page that failed, and
 * with --dump), and the bytes ncleaner_format() would give for it
 * (NUL-terminated, *length of them unless `length` is NULL; NULL before
 * the first page and after a page that failed). Both are the cleaner's
 * (Memory, above). */
const ncleaner_segment *ncleaner_page_segments(const ncleaner *cleaner, size_t *count);
const char *ncleaner_page_output(const ncleaner *cleaner, size_t *length);

/* Facts of the page last cleaned (as above), typed, by the names of
 * JSONL's fields (ncleaner(1), FORMATS), without parsing JSON; new names
 * may come, and an unknown one is answered as a fact the page lacks.
 * Strings (NULL when the page does not tell, and for other names):
 * "title" (its <title>), "charset" (the charset it was read in),
 * "declared_charset" (the one it declared), "language" (of its kept text,
 * as CLD2 names it: "en"; told whatever the format). Numbers, into *value:
 * "segments", "kept" (segments kept), "words", "kept_words" (words in
 * every script), "bytes" (of the page as given), "quality" (the logistic
 * method's: the kept words' mean probability of being running text); 0,
 * or -1 when the page has no such figure (no quality without the logistic
 * method, or no kept word). */
const char *ncleaner_page_string(const ncleaner *cleaner, const char *name);
int ncleaner_page_number(const ncleaner *cleaner, const char *name, double *value);

/* ncleaner_clean_batch()'s callback: the page `index` (from 0, in the
 * order given) is cleaned, and `cleaner` reads it (the page accessors and
 * ncleaner_metadata()) until the callback returns; `error` is NULL, or
 * says why the page failed. `data` is ncleaner_clean_batch()'s. Return 0
 * to go on; anything else stops the batch: no page after it is reported
 * (a page or two already in work may still be cleaned, unreported). The
 * callback may not call ncleaner_clean(), ncleaner_format(),
 * ncleaner_clean_batch() or ncleaner_close() on the cleaner. */
typedef int (*ncleaner_page_fn)(void *data, ncleaner *cleaner, size_t index,
				const ncleaner_error *error);

/* Clean `count` pages as one batch (Batches, above): the page i is
 * lengths[i] bytes at pages[i] (HTML in any charset, or a text dump with
 * --text), at the URL urls[i] (`urls` NULL, or an entry NULL or "": the
 * page says its own URL, or has none and is no page of a site); a page is
 * named "page N" (N from 1) in messages, with its URL when it has one:
 * "page 2 (https://...)"; two pages of one URL are two pages. `fn` gets
 * each page in order. 0 when the batch ran (pages may have failed: `fn`
 * heard of each), 1 when `fn` stopped it, -1 with `error` when it could
 * not run (the rules, a worker that cannot start, the survey). The
 * cleaner is usable afterwards as before. A batch may add warnings
 * (ncleaner_warnings(): a temporary file the survey could not have,
 * each once), which moves the string. */
int ncleaner_clean_batch(ncleaner *cleaner, size_t count, const void *const pages[],
			 const size_t lengths[], const char *const urls[], ncleaner_page_fn fn,
			 void *data, ncleaner_error *error);

/* Free the cleaner and all it holds (NULL: nothing). Once only: see
 * Misuse above. */
void ncleaner_close(ncleaner *cleaner);

#ifdef __cplusplus
}
#endif

#endif
