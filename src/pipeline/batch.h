/* batch.h: pages cleaned together, with site repetition.
 *
 * A batch is a set of pages cleaned as one: what ncleaner(1) is given
 * (a directory, an archive, a crawl; with site repetition by default for
 * two inputs or more, or an archive), or the pages handed to the
 * library's ncleaner_clean_batch(). With site repetition (min_pages > 0:
 * site-table.h says what it drops and why) a batch reads its pages twice:
 *
 *   1. the survey: stages 1-3 of every page, with no method and no sink,
 *      as a reading pass of the runner (runner_reading): each worker
 *      records a page's site and its segments' hashes, and the runner
 *      hands the records, in input order, to the site table; each HTML
 *      page's segments go into a dump cache (dump-cache.h) on the way;
 *   2. the cleaning: every stage, through the runner into the caller's
 *      output, on a pipeline that holds the table (after the decider, a
 *      kept segment that recurs on its site is dropped: the drop,
 *      site-table.h's site_page, which pipeline.c asks of each segment)
 *      and takes each page's segments back from the cache instead of
 *      rendering the page again.
 *
 * Without site repetition a batch is the cleaning alone. This module is
 * the one place that knows there are two passes: it owns the table, the
 * cache and both passes' pipelines. The caller owns the pages (it hands
 * the batch a source for each pass, read from the first page, and the
 * same pages in the same order both times: a file read once, standard
 * input, cannot be a batch with site repetition), what the cleaning
 * writes (the sink's configuration and the output), and what is told
 * along the way (the hooks: progress, warnings, signal handlers).
 *
 * A table kept from an earlier survey of the same pages (a resumed run:
 * cli/survey-file.h) takes the survey's place: the batch is then the
 * cleaning alone, with that table.
 */
#ifndef NC_BATCH_H
#define NC_BATCH_H

#include <stdint.h>

#include "base/error.h"
#include "pipeline/pipeline.h"
#include "pipeline/runner.h"
#include "pipeline/site-table.h"
#include "sink/output.h"
#include "sink/sink.h"
#include "source/page-source.h"

enum batch_pass { BATCH_SURVEY, BATCH_CLEANING };

struct batch_hooks {
	/* Start `pass`: `*pages`, the caller's (kept until the pass ends),
	 * from the first page; for the cleaning also `*output`
	 * (`output` NULL for the survey), which the batch owns from then on
	 * (runner_run()). -1 with `err`: nothing more is done. */
	int (*start)(void *data, enum batch_pass pass, struct page_source **pages,
		     struct page_output **output, struct nc_error *err);
	/* Each page of `pass`, and each notice, in input order (runner.h). */
	void (*report)(void *data, enum batch_pass pass, const struct run_report *report);
	/* Optional: the survey is over, before the cleaning starts: its
	 * `table` (NULL when it failed), and the pages that failed in it, not
	 * counted (the cleaning leaves them as they are). */
	void (*surveyed)(void *data, const struct site_table *table, uint64_t failed);
	/* Optional: what changes no output but the time a run takes (no
	 * cache for the survey's dumps), a line, for the user. */
	void (*warning)(void *data, const char *message);
	/* Optional, as runner_config's. */
	void (*worker_event)(void *data, struct worker *worker, int alive);
	void (*output_event)(void *data, struct page_output *output, int alive);
	void *data;
};

struct batch_config {
	/* The cleaning's pipeline (borrowed while the batch lives); the batch
	 * sets its `sites`, `dumps` and `markers` itself. */
	const struct pipeline_config *pipeline;
	const struct sink_config *sink;   /* the cleaning's (borrowed) */
	int jobs;                         /* >= 1, both passes */
	unsigned min_pages;               /* site repetition's threshold (site-table.h);
					     0: none, one pass */
	/* NULL, or the table of an earlier survey of these pages and options
	 * (the batch's from now on, also when batch_new() fails): no survey;
	 * and the pages that failed in it. */
	struct site_table *kept;
	uint64_t kept_failed;
};

struct batch;

/* A batch ready to run: the pipelines made (rules loaded), and the cache
 * for the survey's dumps (a warning when there can be none: then every
 * page is rendered twice). NULL with `err` when a pipeline cannot be made. */
struct batch *batch_new(const struct batch_config *config, const struct batch_hooks *hooks,
			struct nc_error *err);
void batch_free(struct batch *batch);

/* Does the survey keep the pages' segments for the cleaning (a cache), so
 * that the cleaning need not render them again? */
int batch_keeps_dumps(const struct batch *batch);

/* Run the survey (unless there is none) and the cleaning. 0, or -1 with
 * `err` (a failure of the survey's starts "site survey: "): set-up
 * failures, as runner_run()'s; a page's failure is only reported. */
int batch_run(struct batch *batch, struct nc_error *err);

#endif
