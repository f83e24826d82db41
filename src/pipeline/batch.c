/* batch.c: the survey, then the cleaning (see batch.h).
 *
 * The survey is a reading pass of the runner: survey_read() runs in a
 * worker (stages 1-3 through worker_read_segments(), which also keeps an
 * HTML page's segments in the dump cache when the pipeline has one) and
 * records the page for the site table; survey_count() runs in the calling
 * thread, in input order, and counts the record in. The cleaning is an
 * ordinary run of the runner on a pipeline that holds the table.
 */
#include "pipeline/batch.h"
#include "base/alloc.h"
#include "pipeline/dump-cache.h"

#include <inttypes.h>
#include <string.h>

struct batch {
	struct batch_config config;
	struct batch_hooks hooks;
	struct site_table *table;     /* NULL without site repetition */
	struct dump_cache *dumps;     /* NULL: none (no survey, or no temporary file) */
	struct pipeline *survey;      /* NULL: no survey */
	struct pipeline *cleaning;
	uint64_t survey_failed;
};

static void warn(const struct batch *b, const char *message)
{
	if (b->hooks.warning)
		b->hooks.warning(b->hooks.data, message);
}

/* --- the runner's hooks, passed on to the caller's ------------------------------------- */

static void on_worker(void *data, struct worker *worker, int alive)
{
	struct batch *b = data;
	if (b->hooks.worker_event)
		b->hooks.worker_event(b->hooks.data, worker, alive);
}

static void on_output(void *data, struct page_output *output, int alive)
{
	struct batch *b = data;
	if (b->hooks.output_event)
		b->hooks.output_event(b->hooks.data, output, alive);
}

static void on_cleaning_report(void *data, const struct run_report *report)
{
	struct batch *b = data;
	b->hooks.report(b->hooks.data, BATCH_CLEANING, report);
}

/* The survey counts its failures (pages it could not count: a page that
 * fails once, such as a Lynx that timed out, may clean well the second
 * time). */
static void on_survey_report(void *data, const struct run_report *report)
{
	struct batch *b = data;
	if (!report->notice && !report->lost && report->failed)
		b->survey_failed++;
	b->hooks.report(b->hooks.data, BATCH_SURVEY, report);
}

/* --- the survey ------------------------------------------------------------------------ */

/* A page being recorded: its record starts at its first segment, once
 * stage 1 has said what its site is (or after the last, for a page
 * without segments). */
struct survey_page {
	struct worker *worker;
	const struct page *page;
	struct strbuf *record;
	int started, has_site;
};

static void start_record(struct survey_page *s)
{
	struct strbuf host = STRBUF_INIT;
	s->started = 1;
	s->has_site = page_info_site(worker_page_info(s->worker), s->page, &host) && host.len;
	if (s->has_site)
		site_record_start(s->record, host.buf, host.len);
	strbuf_release(&host);
}

static int record_segment(const struct segment *segment, void *data, struct nc_error *err)
{
	struct survey_page *s = data;
	(void)err;
	if (!s->started)
		start_record(s);
	if (s->has_site)
		site_record_add(s->record, segment->text, segment->len);
	return 0;
}

/* In a worker: stages 1-3 of the page, recorded (site-table.h). */
static int survey_read(void *data, struct worker *worker, struct page *page,
		       struct strbuf *record, struct page_stats *stats, struct nc_error *err)
{
	struct survey_page s = { .worker = worker, .page = page, .record = record };
	(void)data;
	if (worker_read_segments(worker, page, record_segment, &s, err) < 0)
		return -1;
	if (!s.started)
		start_record(&s);
	stats->bytes = worker_page_bytes(worker);
	stats->charset_fallback = worker_page_info(worker)->charset.passed_over;
	stats->truncated = page->truncated;
	return 0;
}

/* In the calling thread, in input order. */
static void survey_count(void *data, const struct page *page, const struct strbuf *record)
{
	struct batch *b = data;
	site_table_count_record(b->table, page->name, record->buf, record->len);
}

/* Every page read and counted into the table. A cache that stopped
 * keeping dumps (a full disk) is said after the caller heard of the
 * survey. */
static int survey(struct batch *b, struct nc_error *err)
{
	struct page_source *pages = NULL;
	if (b->hooks.start(b->hooks.data, BATCH_SURVEY, &pages, NULL, err) < 0)
		return -1;
	struct runner_reading reading = { survey_read, survey_count, b };
	struct runner_config runner = {
		.pipeline = b->survey, .reading = &reading, .jobs = b->config.jobs,
		.report = on_survey_report, .worker_event = on_worker, .data = b,
	};
	int ret = runner_run(&runner, pages, NULL, err);
	if (ret < 0)
		nc_error_prefix(err, "site survey");
	if (b->hooks.surveyed)
		b->hooks.surveyed(b->hooks.data, ret == 0 ? b->table : NULL, b->survey_failed);
	struct dump_cache_stats cached = { 0 };
	if (b->dumps)
		dump_cache_stats(b->dumps, &cached);
	if (ret == 0 && cached.stopped) {
		struct nc_error message;
		nc_error_set(&message, NC_OK, "site survey: the temporary directory (or ulimit -f) "
			     "left room for the dumps of %" PRIu64 " pages: the others are rendered "
			     "again (--no-site-repetition spares that)", cached.kept);
		warn(b, message.message);
	}
	return ret;
}

/* --- the batch ---------------------------------------------------------------------- */

/* The survey's pipeline, and what the cleaning's takes of it: without a
 * cache (no temporary file) the cleaning renders every page again:
 * slower, the same output. */
static int prepare_survey(struct batch *b, struct pipeline_config *cleaning, struct nc_error *err)
{
	struct nc_error cache_err = { 0 };
	b->dumps = dump_cache_new(&cache_err);
	if (!b->dumps) {
		struct nc_error message;
		nc_error_set(&message, NC_OK, "site survey: %s (every page is rendered twice)",
			     cache_err.message);
		warn(b, message.message);
	}
	struct pipeline_config config = *cleaning;
	config.method = NULL;
	config.decider = NULL;
	config.sites = NULL;
	config.dumps = b->dumps;
	config.dumps_replay = 0;
	b->survey = pipeline_new(&config, err);
	if (!b->survey)
		return -1;
	/* The cached segments hold the survey's markers: the cleaning reads
	 * with them. */
	cleaning->markers = pipeline_markers(b->survey);
	cleaning->dumps = b->dumps;
	cleaning->dumps_replay = 1;
	return 0;
}

struct batch *batch_new(const struct batch_config *config, const struct batch_hooks *hooks,
			struct nc_error *err)
{
	struct batch *b = xcalloc(1, sizeof(*b));
	struct pipeline_config cleaning = *config->pipeline;

	b->config = *config;
	b->hooks = *hooks;
	cleaning.sites = NULL;
	cleaning.dumps = NULL;
	cleaning.dumps_replay = 0;
	cleaning.markers = NULL;
	if (config->kept) {
		b->table = config->kept;
		b->survey_failed = config->kept_failed;
	} else if (config->min_pages) {
		/* Made now, filled by the survey: the cleaning's pipeline holds it. */
		b->table = site_table_new(config->min_pages);
		if (prepare_survey(b, &cleaning, err) < 0)
			goto fail;
	}
	cleaning.sites = b->table;
	b->cleaning = pipeline_new(&cleaning, err);
	if (!b->cleaning)
		goto fail;
	return b;
fail:
	batch_free(b);
	return NULL;
}

void batch_free(struct batch *b)
{
	if (!b)
		return;
	pipeline_free(b->cleaning);
	pipeline_free(b->survey);
	site_table_free(b->table);
	dump_cache_free(b->dumps);
	free(b);
}

int batch_keeps_dumps(const struct batch *b)
{
	return b->dumps != NULL;
}

int batch_run(struct batch *b, struct nc_error *err)
{
	if (b->survey && survey(b, err) < 0)
		return -1;
	struct page_source *pages = NULL;
	struct page_output *output = NULL;
	if (b->hooks.start(b->hooks.data, BATCH_CLEANING, &pages, &output, err) < 0)
		return -1;
	struct runner_config runner = {
		.pipeline = b->cleaning, .sink = b->config.sink, .jobs = b->config.jobs,
		.report = on_cleaning_report, .worker_event = on_worker, .output_event = on_output,
		.data = b,
	};
	return runner_run(&runner, pages, output, err);
}
