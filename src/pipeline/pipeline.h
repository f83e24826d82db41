/* pipeline.h: the stages strung together, and the workers that run them.
 *
 *   page --normalise--> HTML with markers --renderer--> dump --segmenter-->
 *   segments --method--> scored segments --decider--> kept --page sink
 *
 * A pipeline is what a run loads once and shares: the compiled rule sets,
 * and (borrowed from the caller) the renderer class and its configuration,
 * the method and the decider. It is read-only after pipeline_new().
 *
 * A worker is what one thread of work owns: every piece of mutable state
 * (the rules' match workspace, the renderer instance with its child process
 * and sandbox, the segmenter, the method's scorer, the page sink and its
 * output, scratch buffers). Any number of workers may run on one pipeline,
 * in one thread or in several, one page at a time each. The library keeps no
 * mutable state outside workers; worker_emergency_stop() lets a signal
 * handler clean up after every live worker.
 *
 * Stage 1 is normalise/'s: html.h for HTML pages, text.h for text dumps;
 * both decide the page's charset in the one place (charset-choice.h) and
 * say what the page says of itself (page-info.h), which the renderer, a
 * whole-page method and the sink read. The pipeline does not choose its
 * stages: the caller (compose/) names the renderer, the rules, the
 * segmenter's flags, the method and the decider.
 *
 * Every error a worker reports about a page names the page first.
 */
#ifndef NC_PIPELINE_H
#define NC_PIPELINE_H

#include <stddef.h>

#include "base/error.h"
#include "decide/decider.h"
#include "method/method.h"
#include "normalise/charset-choice.h"
#include "normalise/text.h"
#include "normalise/page-info.h"
#include "pipeline/dump-cache.h"
#include "pipeline/site-table.h"
#include "render/renderer.h"
#include "segment/segment.h"
#include "sink/sink.h"
#include "source/page.h"
#include "base/limits.h"

struct pipeline_config {
	int dump_only;                          /* the paper's baseline: render the page
						   as it is (no HTML rules), then stop */
	const char *html_rules_path;
	const char *dump_rules_path;            /* NULL: no dump rules (the ICE methods
						   see the lines as they are) */
	const struct renderer_class *renderer;
	const void *renderer_config;            /* for renderer->create() */
	enum segmenter_flags segment_flags;
	int structure;                          /* stage 1 marks the page's structure, and
						   HTML pages' segments carry its counts
						   (normalise/structure.h) */
	const struct method *method;            /* NULL: keep every segment */
	const struct decider *decider;          /* required with a method */
	struct charset_policy charset;          /* how pages' charsets are chosen */
	/* NULL, or what recurs across sites (site-table.h, borrowed): after
	 * the decider, a kept segment that recurs on its page's site is
	 * dropped (never the page's own longest segment, and nothing from a
	 * page the survey did not keep). */
	const struct site_table *sites;
	/* NULL, or where HTML pages' segments are kept (dump-cache.h,
	 * borrowed): with `dumps_replay` a page's segments (and what stage 1
	 * read of it) are taken from it when they are there, instead of
	 * reading, rendering and segmenting the page again; else the segments
	 * of every page segmented whole are put there. Not with dump_only. */
	struct dump_cache *dumps;
	int dumps_replay;
	/* NULL: the pipeline makes its own unforgeable markers; else these
	 * (copied): a pass that replays another's dumps uses its markers. */
	const struct markers *markers;
};

/* What cleaning a page found, for progress reports and summaries. */
struct page_stats {
	size_t bytes;                  /* of the page as read */
	struct page_counts counts;     /* segments and words, kept and all */
	int charset_fallback;          /* the page declared a charset no converter knows,
					  and stage 1 passed over it (charset-choice.h) */
	int truncated;                 /* its archive record says WARC-Truncated */
	enum sink_skip skipped;        /* why the page was not written (page-filter.h:
					  nothing kept in JSONL or WET, another language,
					  a low quality), or SINK_WRITTEN */
	size_t site_dropped;           /* segments kept by the decider and dropped
					  as recurring on the page's site */
};

struct pipeline;
struct worker;

/* --- the pipeline (shared, read-only) ---------------------------------------- */

struct pipeline *pipeline_new(const struct pipeline_config *config, struct nc_error *err);
void pipeline_free(struct pipeline *pipeline);

/* The markers its stage 1 writes and its segmenter reads. */
const struct markers *pipeline_markers(const struct pipeline *pipeline);

/* --- workers ------------------------------------------------------------------ */

/* A worker writing to `sink`, which it owns from now on (and frees, also
 * when worker_new() fails); `sink` may be NULL for a worker that only reads
 * segments (training). */
struct worker *worker_new(const struct pipeline *pipeline, struct page_sink *sink,
			  struct nc_error *err);
void worker_free(struct worker *worker);

/* Run every stage on `page` and write the result to the worker's sink;
 * `stats` (may be NULL) gets what was found. */
int worker_clean_page(struct worker *worker, struct page *page, struct page_stats *stats,
		      struct nc_error *err);

/* After the last page: close what the sink's output holds open. */
int worker_finish(struct worker *worker, struct nc_error *err);

/* Stages 1-3 only: hand each segment of `page` to `fn` (for training). */
int worker_read_segments(struct worker *worker, struct page *page, segment_fn fn, void *data,
			 struct nc_error *err);

/* Stages 1 and 3 of a text page (PAGE_TEXT), read with `flags`
 * (normalise/text.h): a gold text in CLEANEVAL format, for training, reads
 * as a dump with its segment tags made breaks. */
int worker_read_text_segments(struct worker *worker, struct page *page, enum text_flags flags,
			      segment_fn fn, void *data, struct nc_error *err);

/* Stage 1 only of a text page: its whole text in UTF-8 (at most `max_bytes`),
 * in the worker's charset policy, read with `flags`. */
int worker_read_text(struct worker *worker, struct page *page, enum text_flags flags,
		     size_t max_bytes, struct strbuf *out, struct nc_error *err);

/* What the page last read or cleaned said of itself (stage 1), valid until
 * the worker's next page: what a whole-page method gets (method.h), for
 * training that must see what it sees. */
const struct page_info *worker_page_info(const struct worker *worker);

/* The bytes of the page last read or cleaned, as read (its size before
 * stage 1). */
size_t worker_page_bytes(const struct worker *worker);

/* Stage 3 only: segment `text` as a dump (for texts that are already clean). */
int worker_segment_text(struct worker *worker, const char *text, size_t len, segment_fn fn,
			void *data, struct nc_error *err);

/* For a signal handler: kill the worker's renderer child, remove its
 * sandbox and any half-written output. Async-signal-safe; the process must
 * exit afterwards. */
void worker_emergency_stop(struct worker *worker);

#endif
