/* sink.h: the last stage, writing each page's kept segments in a format.
 *
 * A page sink formats what the pipeline hands it and writes the bytes to a
 * page output (output.h). For each page the pipeline calls begin() once the
 * page's URL is known, then dump() (for --dump) or segments() any number of
 * times, then end(); or abort() at any point after begin() when the page
 * fails. Bytes go to the output whenever SINK_FLUSH_BYTES have collected
 * (so a page of any size passes in bounded memory) for a text dump, and for
 * any page when the output is whole-or-nothing (a file per page, which a
 * failure removes). On a stream output (standard output) an HTML page's
 * bytes wait for the end of the page, so a failed HTML page writes nothing
 * there; a text dump that fails half-way leaves what it had written.
 *
 * Formats:
 *   cleaneval  "URL: <url>" and every kept segment as "<t>text" (t = p, h, l);
 *              the kept pieces of a segment (method.h) share its line
 *   scores     "URL: <url>" and every segment (or piece), kept or not, as
 *              "<cost_clean>\t<cost_dirty>\tkeep|drop\t<t>text" (4 decimals),
 *              with "+" instead of "<t>" for a piece that continues a segment
 * The URL line is one line of valid UTF-8: control characters and invalid
 * bytes in the URL are percent-encoded. A dump (--dump) goes out as valid
 * UTF-8 without control characters but newlines (base/utf8.h: utf8_clean);
 * segments already are. So no output can carry a terminal escape sequence.
 *
 * A sink is per worker and owns its output.
 */
#ifndef NC_SINK_H
#define NC_SINK_H

#include <stddef.h>

#include "base/error.h"
#include "method/method.h"
#include "sink/output.h"
#include "source/page.h"

#define SINK_FLUSH_BYTES (1u << 16)

enum sink_format {
	SINK_CLEANEVAL,
	SINK_SCORES
};

/* What the pipeline learnt about a page on its way. */
struct page_meta {
	const char *url;   /* never NULL: the page's own, or its name */
};

struct page_sink;

struct page_sink *page_sink_new(enum sink_format format, struct page_output *output);
void page_sink_free(struct page_sink *sink);

int page_sink_begin(struct page_sink *sink, const struct page *page,
		    const struct page_meta *meta, struct nc_error *err);
int page_sink_dump(struct page_sink *sink, const char *text, size_t len, struct nc_error *err);
int page_sink_segments(struct page_sink *sink, const struct scored_segment *segments,
		       size_t count, struct nc_error *err);
int page_sink_end(struct page_sink *sink, struct nc_error *err);
void page_sink_abort(struct page_sink *sink);

/* Async-signal-safe: remove what the page in progress left on disk. */
void page_sink_emergency_stop(struct page_sink *sink);

#endif
