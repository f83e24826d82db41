/* format.h: an output format, the table of them, and what formats share.
 *
 * A format is one file, format-NAME.c, defining a `struct output_format`
 * (declared below), and one line in the table in formats.c. The sink
 * (sink.h) does everything else for every format: it opens and commits
 * the page's output, counts, holds the page's kept text and tells its
 * language, applies the page filters (page-filter.h), compresses with
 * --gzip and passes bytes on. A format only turns a page into bytes,
 * through its callbacks, in this order for each page:
 *
 *   begin(page, info)        the page's URL and metadata are known
 *   part(page, segments, n)  any number of times: the page's decided
 *                            segments in order (every one, kept or not;
 *                            a segment's pieces together), a part at a time
 *   end(page, err)           the page is whole and will be written
 *
 * Each callback appends to `page->out`, which the sink owns and passes on
 * after a callback returns (streaming) or at the page's end. A page that
 * fails, or that the page filters or FORMAT_SKIPS_EMPTY leave out, gets
 * no end(), and what begin() and part() wrote is not committed (an
 * output that streams may have passed some of it on already). The capability
 * bits say what the format can carry and what the sink must do for it; the
 * front ends check options against them (output_format_check()) and name
 * the formats from the table (--help's -f and -o, the message for an
 * unknown one), so a new format needs no change there. Three lists are
 * written by hand, ncleaner.h's, the Python binding's OUTPUT_FORMATS and
 * ncleaner(1)'s --format: t0220 fails until each names the new format.
 *
 * Formats are read-only and shared by every sink; what a format keeps
 * between callbacks (a WARC writer, "no segment yet") lives in its state,
 * one per sink, made by state_new() and freed by state_free().
 */
#ifndef NC_FORMAT_H
#define NC_FORMAT_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "method/method.h"
#include "normalise/page-info.h"
#include "source/page.h"

struct sink_config;
struct page_counts;
struct language;

/* What a format can carry (checked against the options) and needs. */
#define FORMAT_SCORES      (1u << 0)   /* --scores: every segment with its costs */
#define FORMAT_DUMP        (1u << 1)   /* --dump: a renderer's raw text */
#define FORMAT_HOLDS_TEXT  (1u << 2)   /* end() reads the page's kept text (`text`) and its
					  language */
#define FORMAT_WHOLE_PAGE  (1u << 3)   /* end() writes the page whole (a record that states
					  its length first): nothing streams, and a dump
					  goes to `text` */
#define FORMAT_SKIPS_EMPTY (1u << 4)   /* a page that kept no text is not written
					  (SINK_SKIP_NO_TEXT), but with --scores */

/* The page being formatted, as a format's callbacks see it. Only `state`
 * is the format's; the rest is the sink's. */
struct format_page {
	const struct sink_config *config;
	const struct page *page;
	struct strbuf *out;                 /* append the page's bytes here */
	void *state;                        /* state_new()'s, or NULL */
	/* Whole at end() only: */
	struct strbuf *text;                /* FORMAT_HOLDS_TEXT: the kept segments, one a line
					       (a segment's kept pieces joined by a space);
					       end() may shorten it */
	const struct page_counts *counts;
	const struct language *language;    /* of `text` (code "": not told) */
};

struct output_format {
	const char *name;                   /* as --format names it */
	const char *extension;              /* of an output file (".txt"; ".gz" is added with
					       --gzip); every format of the table has one */
	unsigned capabilities;              /* FORMAT_* */
	/* Every callback may be NULL: nothing to do there. */
	void *(*state_new)(const struct sink_config *config);
	void (*state_free)(void *state);
	/* The bytes an output file begins with, before its first page (WET:
	 * a warcinfo record); the sink gzips them as a member of their own. */
	int (*file_header)(const struct sink_config *config, struct strbuf *out,
			   struct nc_error *err);
	void (*begin)(struct format_page *page, const struct page_info *info);
	void (*part)(struct format_page *page, const struct scored_segment *segments,
		     size_t count);
	int (*end)(struct format_page *page, struct nc_error *err);
};

/* --- the formats: one file each -------------------------------------------------- */

extern const struct output_format format_cleaneval;   /* format-cleaneval.c */
extern const struct output_format format_text;        /* format-text.c */
extern const struct output_format format_jsonl;       /* format-jsonl.c */
extern const struct output_format format_wet;         /* format-wet.c */

/* --- the table (formats.c) ----------------------------------------------------------- */

/* The formats users choose from, the default (cleaneval) first. */
const struct output_format *const *output_formats(size_t *count);

/* The format named `name`, or NULL with NC_ERR_USAGE naming the table
 * ("--format expects cleaneval, text, jsonl or wet, not 'x'"). */
const struct output_format *output_format_find(const char *name, struct nc_error *err);

/* The names of the table's formats that have every bit of `capabilities`
 * (0: all), appended to `out` as "a, b or c"; the first followed by
 * `first_note` unless NULL (" (default)"). */
void output_format_names(struct strbuf *out, unsigned capabilities, const char *first_note);

/* Can `format` carry a run's output? --scores (`scores`) needs
 * FORMAT_SCORES, --dump (`dump`) FORMAT_DUMP. 0, or -1 with NC_ERR_USAGE
 * naming the formats that can. */
int output_format_check(const struct output_format *format, int scores, int dump,
			struct nc_error *err);

/* Does `name` end in the extension of a format in the table (".txt",
 * ".jsonl", ".wet"), after something more than a slash? */
int output_format_extension_ends(const char *name);

/* What --gzip adds to an output file's name, after the format's extension. */
#define OUTPUT_GZIP_EXTENSION ".gz"

/* The extensions of the table's formats, each once, in the table's order,
 * then `also` unless NULL, appended to `out` as "a, b or c" (--help's -o:
 * ".txt, .jsonl, .wet or .gz"). */
void output_format_extensions(struct strbuf *out, const char *also);

/* --- for formats: what several of them write ----------------------------------------- */

/* A URL from a page (a wrapper's id, a dump's first line, a file name, a
 * record's header), with control characters and invalid UTF-8
 * percent-encoded, as in a URL, the same in every format. */
void format_add_url(struct strbuf *out, const char *url);

/* "<t>" for a segment of type t (p, h, l). */
void format_add_tag(struct strbuf *out, enum segment_type type);

/* The kept segments one a line, the kept pieces of a segment sharing its
 * line, separated by a space; with `tagged` each line starts with the
 * segment's tag; `after` ends each line ("\n", or "\n\n" for paragraphs
 * of plain text). */
void format_add_lines(struct strbuf *out, const struct scored_segment *segments, size_t count,
		      int tagged, const char *after);

#endif
