/* sink.h: the last stage, writing each page's kept segments in a format.
 *
 * A page sink formats what the pipeline hands it and writes the bytes to a
 * page output (output.h). For each page the pipeline calls begin() once the
 * page's URL is known, then dump() (for --dump) or segments() any number of
 * times, then end(); or abort() at any point after begin() when the page
 * fails. Bytes go to the output whenever SINK_FLUSH_BYTES have collected
 * (so a page of any size passes in bounded memory) for a text dump, and for
 * any page when the output is whole-or-nothing (a file per page, or a page
 * of an archive's file, which a failure removes), but for a whole-page
 * format (FORMAT_WHOLE_PAGE: WET) and while a page filter is on, which
 * must see the whole page first. On a stream output
 * (standard output) an HTML page's bytes wait for the end of the page, so a
 * failed HTML page writes nothing there; a text dump that fails half-way
 * leaves what it had written.
 *
 * Formats are table entries (format.h): cleaneval (the default), text,
 * jsonl and wet, one file each (format-NAME.c, which says what it writes).
 * Adding a format is its file and its line in formats.c's table
 * (with its declaration in format.h, its file in Makefile.am and a
 * paragraph in ncleaner(1)); the sink, the front ends' --format, its
 * checks and messages, and -o's file names read the table.
 *
 * Page filters (page-filter.h: --language, --min-quality) are a table the
 * sink asks at a page's end whether the page is written, from the counts
 * and the kept text's language it makes for the formats anyway; while one
 * is on it holds every page whole. They are no stage of their own between
 * the decision and the sink: page-filter.h says why. Adding a filter is a
 * check and a line in page-filter.c, its status and setting in
 * page-filter.h, and its option (a session row; session.h says what that
 * takes); the sink, the pipeline's page_stats and --stats read the table.
 *
 * The URL is one line of valid UTF-8 in every format: control characters
 * (C0, DEL, C1) and invalid bytes in it are percent-encoded, on the URL
 * line, in JSON's url and in WET's WARC-Target-URI; other JSON strings
 * escape controls as \u00XX (base/json.h). A dump (--dump) goes out as
 * valid UTF-8 without control characters but newlines (utf8_clean);
 * segments already are. So no output carries a terminal escape sequence.
 *
 * With gzip, each page's bytes (and a file's warcinfo record) are one gzip
 * member, so that outputs of archives stay readable from any page's offset
 * and a failed page can be cut off.
 *
 * A sink is per worker and owns its output.
 */
#ifndef NC_SINK_H
#define NC_SINK_H

#include <stddef.h>

#include "base/error.h"
#include "method/method.h"
#include "normalise/page-info.h"
#include "sink/format.h"
#include "sink/output.h"
#include "sink/page-filter.h"
#include "source/page.h"
#include "base/limits.h"

#define SINK_FLUSH_BYTES (1u << 16)

struct sink_config {
	const struct output_format *format;   /* NULL: the default, cleaneval */
	int scores;                /* every segment, with its scores (cleaneval, jsonl) */
	int gzip;                  /* a gzip member per page */
	const char *method_json;   /* jsonl: a JSON object naming the method and its
				      settings; NULL: null */
	const char *software;      /* wet: the warcinfo's software field */
	struct page_filter_settings filters;   /* --language, --min-quality */
	/* The pages of several inputs follow each other in one stream
	 * (standard output): in text, each ends with a form-feed line, as an
	 * archive's pages do in its file. */
	int pages_share_stream;
	/* A page whose source and wrapper give no URL goes by its canonical URL
	 * (<link rel="canonical">) rather than its file name: every run but
	 * --paper's, whose URL lines stay the 2008 ones (page_info_url()). */
	int canonical_urls;
	/* The method's costs are log-odds (cost_dirty, bits, that a segment is
	 * running text: the logistic method's): each page then has a quality,
	 * its kept words' mean probability of being running text, a
	 * prediction of its precision (JSONL "quality"). */
	int log_odds;
	/* The deciders end in the page's fallback (decider.h): JSONL says of
	 * each page whether it fell back. */
	int fallback;
	/* Optional: shown every segment (or piece) of a page, decided, as the
	 * sink is handed them and before they are formatted; the segments
	 * live only during the call. The library's ncleaner_clean() collects
	 * them so (api/). */
	void (*observe)(void *data, const struct scored_segment *segments, size_t count);
	void *observe_data;
};

/* Counted while a page is written. */
struct page_counts {
	size_t segments, kept;       /* segments (not pieces): kept when a piece is */
	size_t words, kept_words;    /* words in every script (base/words.h) */
	double text_words;           /* log_odds: kept words x their probability of text */
	size_t rescued;              /* segments kept by the page's fallback (decider.h) */
};

struct page_sink;

struct page_sink *page_sink_new(const struct sink_config *config, struct page_output *output);
void page_sink_free(struct page_sink *sink);

/* `info`: what stage 1 found the page says of itself (its URL, title,
 * charset), read during begin() only. */
int page_sink_begin(struct page_sink *sink, const struct page *page,
		    const struct page_info *info, struct nc_error *err);
int page_sink_dump(struct page_sink *sink, const char *text, size_t len, struct nc_error *err);
int page_sink_segments(struct page_sink *sink, const struct scored_segment *segments,
		       size_t count, struct nc_error *err);
int page_sink_end(struct page_sink *sink, struct nc_error *err);
void page_sink_abort(struct page_sink *sink);

/* The bytes an output file of `config`'s format begins with (WET: a
 * warcinfo record). The sink writes pages only: whoever starts an output
 * file writes these first (pipeline/runner.c does, for every output). */
int page_sink_file_header(const struct sink_config *config, struct strbuf *out,
			  struct nc_error *err);

/* After the last page: close what the output holds open (an archive's file). */
int page_sink_finish(struct page_sink *sink, struct nc_error *err);

/* Why the page last ended was not written (valid after end();
 * page-filter.h). */
enum sink_skip page_sink_skipped(const struct page_sink *sink);

/* The quality of the counted page: its kept words' mean probability of
 * being running text; -1 when it has none (no kept word, or costs that are
 * not log-odds). */
double page_counts_quality(const struct page_counts *counts, int log_odds);

/* The counts of the page last written (valid after end()). */
const struct page_counts *page_sink_counts(const struct page_sink *sink);

/* Async-signal-safe: remove what the page in progress left on disk. */
void page_sink_emergency_stop(struct page_sink *sink);

#endif
