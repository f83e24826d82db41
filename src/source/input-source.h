/* input-source.h: the pages of a list of input files, each opened by what
 * it holds, whatever its name.
 *
 * Every input (a file, a directory member, standard input) is read through
 * a byte stream (gzip decoded, one member or many) and its first bytes are
 * sniffed (sniff.h): a WARC file yields its records' pages (warc-source.h);
 * HTML, a text dump, or either in UTF-16/UTF-32 with a byte order mark yields
 * one page; binary data is skipped with one notice naming the file (an
 * archive without pages too: PAGE_SOURCE_NOTICE, in its place among the
 * pages). With
 * --html or --text (FILE_KIND_HTML, FILE_KIND_TEXT) every input that is not
 * an archive is taken as that kind.
 *
 * The pages of one archive all have the archive's output name and are
 * `grouped`: they are written to one output file. They are `sequential`
 * too: a page must be read (or page_detach()ed) before the next is asked for.
 * An archive that ends in an error (it is cut short or damaged; the error
 * came in its place, as a page's or the source's) after giving pages is
 * followed by PAGE_SOURCE_INCOMPLETE naming its group, so that the output
 * does not pass its pages off as all of it.
 *
 * A text dump read from a file may have at most PAGE_MAX_TEXT_BYTES (its
 * reader fails beyond); standard input that is empty is an error, not an
 * empty page.
 *
 * The input source reads the file source's list (which the caller keeps and
 * frees after it) and owns the streams it opens. One thread uses it.
 */
#ifndef NC_INPUT_SOURCE_H
#define NC_INPUT_SOURCE_H

#include <stdint.h>

#include "source/page-source.h"

struct input_counts {
	uint64_t inputs;           /* files opened */
	uint64_t archives;         /* of them, WARC files */
	uint64_t binary;           /* skipped as binary */
	uint64_t existing;         /* skipped: their output exists (--skip-existing) */
	uint64_t records_skipped;  /* archive records that are no pages */
	uint64_t broken;           /* archives that ended in an error */
	uint64_t empty_archives;   /* archives without a page (reported) */
};

/* One input opened as one page, exactly as the input source opens it
 * (gzip, byte order marks, sniffing, `rule`), for readers that want one
 * page a file (training). An archive or binary data is an error naming the
 * file. */
int input_source_open_page(const struct file_input *in, enum file_kind_rule rule,
			   struct page *page, struct nc_error *err);

/* Asked before an input is opened: non-zero skips it (--skip-existing). */
typedef int (*input_skip_fn)(void *data, const struct file_input *input);

struct input_source;

/* Is the file at `path` an archive of pages (a WARC file, gzip'd or not),
 * by its first bytes as the source would sniff them? 0 when it is not or
 * cannot be read (its input reports that). */
int input_is_archive(const char *path);

/* Would the source pass the file at `path` over, as binary data, under
 * `rule` (it gives no page, and has no output)? 0 when it would not or
 * cannot be read (its input reports that). */
int input_is_passed_over(const char *path, enum file_kind_rule rule);

struct input_source *input_source_new(const struct file_source *files, enum file_kind_rule rule);
void input_source_set_skip(struct input_source *source, input_skip_fn skip, void *data);
/* The URL of every page read from a file (the page of standard input,
 * typically: --url); an archive's pages keep their records' URLs. `url`
 * stays the caller's. */
void input_source_set_url(struct input_source *source, const char *url);
struct page_source *input_source_pages(struct input_source *source);
const struct input_counts *input_source_counts(const struct input_source *source);

/* How far the inputs have been read: inputs finished, and bytes of them
 * (compressed bytes for gzip'd ones), for progress reports. */
void input_source_progress(const struct input_source *source, uint64_t *inputs_done,
			   uint64_t *bytes_done);

void input_source_free(struct input_source *source);

#endif
