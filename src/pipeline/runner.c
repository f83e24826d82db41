/* runner.c: one worker or several (see runner.h).
 *
 * Whatever the number of workers, a page is cleaned into a memory output
 * (its bytes held, sink/output.h) and written to the real output by
 * write_out() only when it succeeded: the file headers are written there
 * and nowhere else, a failed page leaves nothing behind even on standard
 * output, and -j 1 writes the same bytes as -j N because it takes the same
 * path. An archive's page is read into memory before the source moves on
 * (page_detach(), bounded by PIPELINE_MAX_PAGE_BYTES), with one worker as
 * with several.
 *
 * How the parallel run works. Jobs go through a ring of slots, each holding
 * one page from being handed out until its result is written: the calling
 * thread fills the slot after the last one handed out (while fewer than
 * 2 x jobs are in flight), worker threads take the oldest job not yet
 * taken, clean it into their memory output and mark the slot done, and the
 * calling thread writes out the oldest slot once it is done. One mutex and
 * two condition variables (work for the workers, results for the writer)
 * guard the ring.
 *
 * A reading pass (runner_reading: the site survey) takes the same paths
 * with a record a page in place of its bytes, and consume() in place of the
 * output: its workers have no sink, and there is no output.
 */
#include "pipeline/runner.h"
#include "base/alloc.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

/* --- writing a page out ------------------------------------------------------------ */

/* A broken output (a closed standard output) takes nothing more; a
 * reading pass has none to break. */
static int output_broken(const struct page_output *output)
{
	return output && output->broken;
}

/* Pass a page's held bytes to the real output, starting a file (and its
 * header) where the output says so. */
static int write_out(const struct runner_config *c, struct page_output *output,
		     const struct page *page, struct held_bytes *bytes, struct nc_error *err)
{
	int new_file = output->ops->open(output, page, err);
	int ret = new_file < 0 ? -1 : 0;
	if (new_file > 0) {
		struct strbuf header = STRBUF_INIT;
		ret = page_sink_file_header(c->sink, &header, err);
		if (ret == 0 && header.len)
			ret = output->ops->write(output, header.buf, header.len, err);
		strbuf_release(&header);
	}
	if (ret == 0)
		ret = held_bytes_write_to(bytes, output, err);
	if (ret == 0)
		return output->ops->commit(output, err);
	output->ops->abort(output);
	return -1;
}

/* Report what the output has to say since it was last asked: a notice
 * (output.h), and the pages it has lost (an archive's file that could not
 * be written or closed), which were reported written and are failures
 * after all. */
static void report_lost(const struct runner_config *c, struct page_output *output)
{
	if (!output)
		return;
	if (output->noticed && c->report) {
		struct run_report notice = { .notice = output->notice.message };
		c->report(c->data, &notice);
	}
	output->noticed = 0;
	if (!output->lost_pages)
		return;
	struct run_report report = { .failed = 1, .error = &output->lost_error,
				     .lost = output->lost_pages };
	output->lost_pages = 0;
	if (c->report)
		c->report(c->data, &report);
}

/* The group `page` names ended early (PAGE_SOURCE_INCOMPLETE): the output
 * must not pass what it has of it off as the whole. */
static void group_incomplete(const struct runner_config *c, struct page_output *output,
			     const struct page *page)
{
	struct nc_error notice;
	if (output && output->ops->incomplete && output->ops->incomplete(output, page, &notice) > 0 &&
	    c->report) {
		struct run_report report = { .notice = notice.message };
		c->report(c->data, &report);
	}
	report_lost(c, output);
}

/* An archive's page, read whole before the source moves on. */
static int detach_if_sequential(struct page *page, struct nc_error *err)
{
	if (!page->sequential || page_detach(page, PIPELINE_MAX_PAGE_BYTES, err) == 0)
		return 0;
	nc_error_prefix(err, page->name);
	return -1;
}

/* A worker's end: the signal handler forgets it, and it is freed (its
 * renderer's sandbox removed), with every signal held, so that no handler
 * runs in between, when it would neither know the worker nor find its
 * sandbox gone (t5650: a run signalled as it ended left a Lynx sandbox,
 * about one time in four). */
static void retire_worker(const struct runner_config *c, struct worker *worker)
{
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (c->worker_event)
		c->worker_event(c->data, worker, 0);
	worker_free(worker);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* --- a page, either pass ------------------------------------------------------------- */

/* In a worker: clean `page` into `bytes` (its sink's output is `memory`),
 * or, in a reading pass, read it into `record`. */
static int do_page(const struct runner_config *c, struct worker *worker,
		   struct page_output *memory, struct page *page, struct page_stats *stats,
		   struct held_bytes *bytes, struct strbuf *record, struct nc_error *err)
{
	if (c->reading) {
		strbuf_reset(record);
		memset(stats, 0, sizeof(*stats));
		return c->reading->read(c->reading->data, worker, page, record, stats, err);
	}
	if (worker_clean_page(worker, page, stats, err) < 0)
		return -1;
	memory_output_take(memory, bytes);
	return 0;
}

/* In the calling thread, in input order: a page done, to the output (or
 * its record to consume()). */
static int pass_on(const struct runner_config *c, struct page_output *output,
		   const struct page *page, struct held_bytes *bytes, const struct strbuf *record,
		   struct nc_error *err)
{
	if (!c->reading)
		return write_out(c, output, page, bytes, err);
	c->reading->consume(c->reading->data, page, record);
	return 0;
}

/* A worker, with a sink writing to a new memory output (`*memory`) unless
 * the pass only reads. */
static struct worker *new_worker(const struct runner_config *c, struct page_output **memory,
				 struct nc_error *err)
{
	*memory = c->reading ? NULL : memory_output_new();   /* the worker's sink owns it */
	return worker_new(c->pipeline, *memory ? page_sink_new(c->sink, *memory) : NULL, err);
}

/* --- one job ---------------------------------------------------------------------- */

static int run_inline(const struct runner_config *c, struct page_source *source,
		      struct page_output *output, struct nc_error *err)
{
	struct page_output *memory;
	struct worker *worker = new_worker(c, &memory, err);
	struct held_bytes bytes;
	struct strbuf record = STRBUF_INIT;
	struct page page;
	struct page_stats stats;
	struct nc_error page_err;
	int r;

	if (!worker)
		return -1;
	held_bytes_init(&bytes);
	if (c->worker_event)
		c->worker_event(c->data, worker, 1);
	/* A broken output (a closed standard output) takes nothing more: stop. */
	while (!output_broken(output) && (r = page_source_next(source, &page, &page_err)) != 0) {
		if (r == PAGE_SOURCE_NOTICE) {
			struct run_report notice = { .notice = page_err.message };
			if (c->report)
				c->report(c->data, &notice);
			continue;
		}
		if (r == PAGE_SOURCE_INCOMPLETE) {
			group_incomplete(c, output, &page);
			page_release(&page);
			continue;
		}
		struct run_report report = { .name = r > 0 ? page.name : NULL };
		if (r > 0 && detach_if_sequential(&page, &page_err) == 0 &&
		    do_page(c, worker, memory, &page, &stats, &bytes, &record, &page_err) == 0) {
			if (pass_on(c, output, &page, &bytes, &record, &page_err) == 0)
				report.stats = &stats;
			else
				nc_error_prefix(&page_err, page.name);
		}
		if (!report.stats)
			report.failed = 1, report.error = &page_err;
		if (c->report)
			c->report(c->data, &report);
		report_lost(c, output);
		if (r > 0)
			page_release(&page);
	}
	held_bytes_release(&bytes);
	strbuf_release(&record);
	int ret = worker_finish(worker, err);
	retire_worker(c, worker);
	if (ret == 0 && output)
		ret = output->ops->finish(output, err);
	report_lost(c, output);
	return ret;
}

/* --- several ---------------------------------------------------------------------- */

enum slot_state { SLOT_FREE, SLOT_READY, SLOT_TAKEN, SLOT_DONE };

struct slot {
	enum slot_state state;
	size_t job;               /* which job it holds (the fill count when filled) */
	struct page page;
	int has_page;             /* 0: an input that failed to open or was passed over */
	int notice;               /* passed over: `err` says why */
	int incomplete;           /* `page` names a group that ended early */
	int failed;
	struct nc_error err;
	struct page_stats stats;
	struct held_bytes bytes;  /* the page's output, as the sink wrote it */
	struct strbuf record;     /* a reading pass: what read() kept of the page */
};

struct pool {
	const struct runner_config *config;
	pthread_mutex_t lock;
	pthread_cond_t work, results;
	struct slot *slots;
	size_t capacity;
	size_t head, next_job;    /* the oldest slot not written; the oldest not taken */
	size_t filled;            /* slots handed out so far (an index, not modulo) */
	int stop;
};

struct pool_worker {
	struct pool *pool;
	struct worker *worker;
	struct page_output *memory;   /* its sink's output, which the sink owns (NULL when
					 the pass only reads) */
	pthread_t thread;
};

static void *worker_main(void *data)
{
	struct pool_worker *pw = data;
	struct pool *pool = pw->pool;

	pthread_mutex_lock(&pool->lock);
	for (;;) {
		/* Pass the jobs that need no worker: inputs that failed to open
		 * or were passed over, pages that could not be read (done already,
		 * perhaps written out and the slot filled again). */
		while (pool->next_job < pool->filled) {
			const struct slot *next = &pool->slots[pool->next_job % pool->capacity];
			if (next->job == pool->next_job && next->state == SLOT_READY)
				break;
			pool->next_job++;
		}
		if (pool->next_job == pool->filled) {
			if (pool->stop)
				break;
			pthread_cond_wait(&pool->work, &pool->lock);
			continue;
		}
		struct slot *slot = &pool->slots[pool->next_job++ % pool->capacity];
		slot->state = SLOT_TAKEN;
		pthread_mutex_unlock(&pool->lock);

		if (do_page(pool->config, pw->worker, pw->memory, &slot->page, &slot->stats,
			    &slot->bytes, &slot->record, &slot->err) < 0)
			slot->failed = 1;
		page_close_reader(&slot->page);   /* its names stay, for the writer */

		pthread_mutex_lock(&pool->lock);
		slot->state = SLOT_DONE;
		pthread_cond_broadcast(&pool->results);
	}
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

/* Write out the oldest slot and free it. */
static void finish_slot(struct pool *pool, struct page_output *output)
{
	const struct runner_config *c = pool->config;
	struct slot *slot = &pool->slots[pool->head % pool->capacity];

	if (output_broken(output) || slot->incomplete) {
		/* Nothing more goes out, nor is reported, once the output broke. */
		if (slot->incomplete && !output_broken(output))
			group_incomplete(c, output, &slot->page);
		page_release(&slot->page);
		held_bytes_reset(&slot->bytes);
		slot->state = SLOT_FREE;
		pool->head++;
		return;
	}
	if (slot->notice) {
		struct run_report notice = { .notice = slot->err.message };
		if (c->report)
			c->report(c->data, &notice);
		slot->state = SLOT_FREE;
		pool->head++;
		return;
	}
	slot->failed = slot->failed || !slot->has_page;
	if (slot->has_page && !slot->failed &&
	    pass_on(c, output, &slot->page, &slot->bytes, &slot->record, &slot->err) < 0) {
		slot->failed = 1;
		nc_error_prefix(&slot->err, slot->page.name);
	}
	struct run_report report = {
		.name = slot->has_page ? slot->page.name : NULL,
		.failed = slot->failed,
		.error = &slot->err,
		.stats = slot->failed ? NULL : &slot->stats,
	};
	if (c->report)
		c->report(c->data, &report);
	report_lost(c, output);
	page_release(&slot->page);
	held_bytes_reset(&slot->bytes);
	slot->state = SLOT_FREE;
	pool->head++;
}

/* Fill the next slot from the source: 1, or 0 at the end. An archive's
 * page is read into memory here, before the source moves on. */
static int fill_slot(struct pool *pool, struct page_source *source)
{
	struct slot *slot = &pool->slots[pool->filled % pool->capacity];
	memset(&slot->page, 0, sizeof(slot->page));
	memset(&slot->stats, 0, sizeof(slot->stats));
	int r = page_source_next(source, &slot->page, &slot->err);

	if (r == 0)
		return 0;
	slot->has_page = r == 1;
	slot->notice = r == PAGE_SOURCE_NOTICE;
	slot->incomplete = r == PAGE_SOURCE_INCOMPLETE;
	slot->failed = r < 0;
	if (slot->has_page && detach_if_sequential(&slot->page, &slot->err) < 0)
		slot->failed = 1;
	pthread_mutex_lock(&pool->lock);
	slot->state = slot->has_page && !slot->failed ? SLOT_READY : SLOT_DONE;
	slot->job = pool->filled++;
	pthread_cond_signal(&pool->work);
	pthread_mutex_unlock(&pool->lock);
	return 1;
}

static void pool_drain(struct pool *pool, struct page_output *output, int all)
{
	pthread_mutex_lock(&pool->lock);
	while (pool->head < pool->filled &&
	       (all || pool->filled - pool->head >= pool->capacity ||
		pool->slots[pool->head % pool->capacity].state == SLOT_DONE)) {
		while (pool->slots[pool->head % pool->capacity].state != SLOT_DONE)
			pthread_cond_wait(&pool->results, &pool->lock);
		pthread_mutex_unlock(&pool->lock);
		finish_slot(pool, output);
		pthread_mutex_lock(&pool->lock);
	}
	pthread_mutex_unlock(&pool->lock);
}

static int start_workers(struct pool *pool, struct pool_worker *workers, int jobs,
			 struct nc_error *err)
{
	const struct runner_config *c = pool->config;
	sigset_t all, old;

	/* Signals are the calling thread's: the workers start with them blocked. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	int ret = 0;
	for (int i = 0; i < jobs && ret == 0; i++) {
		workers[i].pool = pool;
		workers[i].worker = new_worker(c, &workers[i].memory, err);
		if (!workers[i].worker) {
			ret = -1;
			break;
		}
		if (c->worker_event)
			c->worker_event(c->data, workers[i].worker, 1);
		if (pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) != 0) {
			ret = nc_error_set(err, NC_ERR_MEMORY, "cannot start a worker thread");
			retire_worker(c, workers[i].worker);
			workers[i].worker = NULL;
		}
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ret;
}

static void stop_workers(struct pool *pool, struct pool_worker *workers, int jobs)
{
	const struct runner_config *c = pool->config;

	pthread_mutex_lock(&pool->lock);
	pool->stop = 1;
	pthread_cond_broadcast(&pool->work);
	pthread_mutex_unlock(&pool->lock);
	for (int i = 0; i < jobs; i++) {
		if (!workers[i].worker)
			continue;
		pthread_join(workers[i].thread, NULL);
		retire_worker(c, workers[i].worker);   /* and its sink, which owns the memory output */
	}
}

static int run_pool(const struct runner_config *c, struct page_source *source,
		    struct page_output *output, struct nc_error *err)
{
	struct pool pool = { .config = c, .capacity = 2 * (size_t)c->jobs };
	struct pool_worker *workers = xcalloc((size_t)c->jobs, sizeof(*workers));
	int ret;

	pool.slots = xcalloc(pool.capacity, sizeof(*pool.slots));
	for (size_t i = 0; i < pool.capacity; i++) {
		held_bytes_init(&pool.slots[i].bytes);
		strbuf_init(&pool.slots[i].record);
	}
	pthread_mutex_init(&pool.lock, NULL);
	pthread_cond_init(&pool.work, NULL);
	pthread_cond_init(&pool.results, NULL);
	ret = start_workers(&pool, workers, c->jobs, err);
	if (ret == 0) {
		/* A broken output (a closed standard output) takes nothing more. */
		while (!output_broken(output) && fill_slot(&pool, source))
			pool_drain(&pool, output, 0);
		pool_drain(&pool, output, 1);
	}
	stop_workers(&pool, workers, c->jobs);
	if (ret == 0 && output)
		ret = output->ops->finish(output, err);
	report_lost(c, output);
	for (size_t i = 0; i < pool.capacity; i++) {
		held_bytes_release(&pool.slots[i].bytes);
		strbuf_release(&pool.slots[i].record);
	}
	pthread_mutex_destroy(&pool.lock);
	pthread_cond_destroy(&pool.work);
	pthread_cond_destroy(&pool.results);
	free(pool.slots);
	free(workers);
	return ret;
}

int runner_run(const struct runner_config *c, struct page_source *source,
	       struct page_output *output, struct nc_error *err)
{
	if (c->output_event && output)
		c->output_event(c->data, output, 1);
	int ret = c->jobs <= 1 ? run_inline(c, source, output, err) : run_pool(c, source, output, err);
	if (c->output_event && output)
		c->output_event(c->data, output, 0);
	if (output)
		output->ops->free(output);
	return ret;
}
