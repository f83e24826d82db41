/* runner.h: cleaning every page of a source with one worker or several.
 *
 * With one job the runner cleans the pages in the calling thread; with N
 * jobs it starts N worker threads, and the calling thread reads the pages
 * from the source, hands them out, and writes the results to the output in
 * input order. Either way a worker's sink writes a page into a memory
 * output that holds its bytes (in memory, beyond HELD_MEMORY_MAX in an
 * anonymous temporary file: sink/output.h), and the page is passed to the
 * real output only when it succeeded, with the file's header where a file
 * starts. So a failed page leaves nothing behind, even on standard output,
 * and the output is byte for byte the same for any number of jobs, in the
 * same order. An archive's page is read into memory before the source
 * moves on (they share the archive), bounded by PIPELINE_MAX_PAGE_BYTES.
 *
 * Reports come in input order, in the calling thread, one per page (and
 * one per input that could not be opened or was passed over, one per
 * notice of the output, and one whenever the output lost pages it had
 * taken: output.h, notice and lost_pages). A
 * group of pages that ended early (PAGE_SOURCE_INCOMPLETE) is passed to the
 * output in its place, after its last page. When the output breaks (a
 * closed standard output) the run stops: pages in flight are neither
 * written nor reported. Worker threads block every
 * signal, so handlers run in the calling thread; the runner tells its
 * caller of each worker it starts and stops (to register them with a
 * signal handler).
 */
#ifndef NC_RUNNER_H
#define NC_RUNNER_H

#include <stddef.h>
#include <stdint.h>

#include "pipeline/pipeline.h"
#include "sink/sink.h"
#include "source/page-source.h"

/* One page done (or one input that failed to open: `stats` NULL; or an
 * input passed over, or what the output did besides (leftovers removed):
 * `notice` alone; or pages lost: `lost`). */
struct run_report {
	const char *name;                 /* the page (or the error's input) */
	const char *notice;               /* an input passed over: why (page-source.h) */
	int failed;
	const struct nc_error *error;     /* when failed */
	const struct page_stats *stats;   /* when not failed */
	uint64_t lost;                    /* not a page: this many pages reported
					     written before are lost after all
					     (`error` says why); they count as failed */
};

/* A pass that reads the pages and writes nothing (site repetition's
 * survey, batch.h). A worker, which has no sink, hands each page to
 * read(), which runs the stages it needs and puts what the pass keeps of
 * the page in `record` (empty when it arrives); the calling thread hands
 * each page's record to consume(), in input order, so that what consume()
 * builds is the same for any number of jobs. A page that failed has no
 * record: it is only reported. */
struct runner_reading {
	int (*read)(void *data, struct worker *worker, struct page *page, struct strbuf *record,
		    struct page_stats *stats, struct nc_error *err);
	void (*consume)(void *data, const struct page *page, const struct strbuf *record);
	void *data;
};

struct runner_config {
	const struct pipeline *pipeline;
	const struct sink_config *sink;                  /* NULL with `reading` */
	const struct runner_reading *reading;            /* NULL: clean each page into the
							    sink, and the output */
	int jobs;                                        /* >= 1 */
	void (*report)(void *data, const struct run_report *report);
	/* A worker started (alive 1) or is about to be freed (alive 0). */
	void (*worker_event)(void *data, struct worker *worker, int alive);
	/* The output is about to be written to (alive 1) or freed (alive 0). */
	void (*output_event)(void *data, struct page_output *output, int alive);
	void *data;
};

/* Clean every page of `source` into `output` (which the runner owns and
 * frees; NULL for a reading pass). Returns 0, or -1 with `err` for a
 * set-up failure (a worker that cannot start, closing the output); a
 * page's failure is only reported. */
int runner_run(const struct runner_config *config, struct page_source *source,
	       struct page_output *output, struct nc_error *err);

#endif
