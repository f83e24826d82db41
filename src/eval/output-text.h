/* output-text.h: the text of a page as ncleaner wrote it, without what its
 * output format adds, for a scorer that compares text alone (the snippet
 * benchmark's, snippets.h).
 *
 * Formats (sink/sink.h), told by the file's name:
 *   NAME.txt    CLEANEVAL, when its first line is a "URL: " line: every
 *               "URL: " line is dropped, and the tag <p>, <h> or <l> that
 *               begins each other line; otherwise plain text (--format
 *               text), taken as it is (a form feed that ends a page of an
 *               archive is white space to the scorer).
 *   NAME.jsonl  JSON lines: the "text" member of every record (a string),
 *               joined with newlines; an empty file, no text.
 * Lines keep their newlines, so that segments stay apart. A file may hold
 * PIPELINE_MAX_DUMP_BYTES (base/limits.h: no page's output is larger), a
 * JSON line JSON_MAX_BYTES. A gzip'd output (.gz) is not read:
 * ncleaner-eval reads none.
 */
#ifndef NC_OUTPUT_TEXT_H
#define NC_OUTPUT_TEXT_H

#include "base/error.h"
#include "base/strbuf.h"

/* Is `path` named as an output whose text output_text_read() can read? */
int output_text_known(const char *path);

/* Append the text of the output file `path` to `text`. NC_ERR_IO when it
 * cannot be read, NC_ERR_FORMAT for a JSON line that is not a record with
 * a "text" string (naming the file, line and column), NC_ERR_USAGE for a
 * name of another format. */
int output_text_read(const char *path, struct strbuf *text, struct nc_error *err);

/* The text of `len` bytes of one format, appended to `text`. */
void output_text_from_txt(const char *bytes, size_t len, struct strbuf *text);
int output_text_from_jsonl(const char *bytes, size_t len, const char *name, struct strbuf *text,
			   struct nc_error *err);

#endif
