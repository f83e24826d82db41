/* t5500-workers: several workers on one pipeline. Two workers clean the
 * same pages interleaved in one thread, and then concurrently in two
 * threads; every page must come out exactly as one worker alone makes it.
 * This is what "the library keeps no mutable state outside workers" buys. */
#include "base/alloc.h"
#include "decide/decider.h"
#include "method/ncleaner-method.h"
#include "pipeline/pipeline.h"
#include "render/child.h"
#include "render/lynx.h"
#include "sink/output.h"
#include "sink/sink.h"
#include "tap.h"

#include <pthread.h>
#include <string.h>

/* A worker writing to memory, and what it wrote so far. */
struct memory_worker {
	struct worker *worker;
	FILE *stream;
	char *buf;
	size_t size, taken;
};

static const struct sink_config cleaneval = { .format = &format_cleaneval };

static void memory_worker_init(struct memory_worker *m, const struct pipeline *pipeline)
{
	struct nc_error err = { 0 };
	memset(m, 0, sizeof(*m));
	m->stream = open_memstream(&m->buf, &m->size);
	m->worker = worker_new(pipeline, page_sink_new(&cleaneval, stream_output_new(m->stream)),
			       &err);
	if (!m->worker)
		bail(err.message);
}

static void memory_worker_release(struct memory_worker *m)
{
	worker_free(m->worker);
	fclose(m->stream);
	free(m->buf);
}

/* Clean the file `path` of `kind`; return what the worker wrote for it. */
static char *clean(struct memory_worker *m, const char *path, enum page_kind kind)
{
	struct nc_error err = { 0 };
	struct page page;

	if (page_open_file(&page, path, "x", kind, PAGE_OPEN_ANY, &err) < 0 ||
	    worker_clean_page(m->worker, &page, NULL, &err) < 0)
		return xstrdup(err.message);
	page_release(&page);
	fflush(m->stream);
	char *out = xmemdup(m->buf + m->taken, m->size - m->taken);
	m->taken = m->size;
	return out;
}

#define PAGES 4
static char paths[PAGES][4096];
static const enum page_kind kinds[PAGES] = { PAGE_HTML, PAGE_HTML, PAGE_TEXT, PAGE_HTML };
static char *expected[PAGES];

struct thread_job {
	const struct pipeline *pipeline;
	int rounds, mismatches;
};

static void *clean_all_pages(void *data)
{
	struct thread_job *job = data;
	struct memory_worker m;
	memory_worker_init(&m, job->pipeline);
	for (int r = 0; r < job->rounds; r++) {
		for (int i = 0; i < PAGES; i++) {
			char *got = clean(&m, paths[i], kinds[i]);
			job->mismatches += strcmp(got, expected[i]) != 0;
			free(got);
		}
	}
	memory_worker_release(&m);
	return NULL;
}

int main(void)
{
	const char *top = getenv("top_srcdir");
	char html_rules[4096], dump_rules[4096], model[4096];
	struct nc_error err = { 0 };

	if (!top || !*top)
		top = ".";
	struct strbuf lynx_path = STRBUF_INIT;
	if (child_find_program("lynx", &lynx_path) < 0)
		skip_all("lynx is not installed (Debian package lynx)");
	strbuf_release(&lynx_path);
	snprintf(html_rules, sizeof(html_rules), "%s/regex/html.rules", top);
	snprintf(dump_rules, sizeof(dump_rules), "%s/regex/dump.rules", top);
	snprintf(model, sizeof(model), "%s/models/english.model", top);
	snprintf(paths[0], sizeof(paths[0]), "%s", fixture_path("t5000/page.html"));
	snprintf(paths[1], sizeof(paths[1]), "%s", fixture_path("t5000/latin1.html"));
	snprintf(paths[2], sizeof(paths[2]), "%s", fixture_path("t5000/dump.txt"));
	snprintf(paths[3], sizeof(paths[3]), "%s", fixture_path("t5000/empty.html"));

	struct method *method = ncleaner_method_load(model, 0, 0, &err);
	if (!method)
		bail(err.message);
	struct decider *decider = threshold_decider_new(method->default_bias);
	struct lynx_config lynx = { "lynx", 10 };
	struct pipeline_config config = {
		.html_rules_path = html_rules,
		.dump_rules_path = dump_rules,
		.renderer = &lynx_renderer_class,
		.renderer_config = &lynx,
		.method = method,
		.decider = decider,
	};
	struct pipeline *pipeline = pipeline_new(&config, &err);
	if (!pipeline)
		bail(err.message);

	/* One worker alone: the reference. */
	struct memory_worker alone;
	memory_worker_init(&alone, pipeline);
	for (int i = 0; i < PAGES; i++)
		expected[i] = clean(&alone, paths[i], kinds[i]);
	memory_worker_release(&alone);
	ok(strstr(expected[0], "<p>The harbour was quiet") != NULL, "the reference run cleans a page");

	/* Two workers, pages handed out alternately. */
	struct memory_worker a, b;
	memory_worker_init(&a, pipeline);
	memory_worker_init(&b, pipeline);
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < PAGES; i++) {
			struct memory_worker *m = (i + round) % 2 ? &b : &a;
			char *got = clean(m, paths[i], kinds[i]);
			is_string(got, expected[i], "interleaved, round %d: page %d by worker %c", round, i,
				  m == &a ? 'A' : 'B');
			free(got);
		}
	}
	memory_worker_release(&a);
	memory_worker_release(&b);

	/* Two workers in two threads at once, each cleaning every page. */
	struct thread_job jobs[2] = { { pipeline, 5, 0 }, { pipeline, 5, 0 } };
	pthread_t threads[2];
	for (int t = 0; t < 2; t++)
		pthread_create(&threads[t], NULL, clean_all_pages, &jobs[t]);
	for (int t = 0; t < 2; t++)
		pthread_join(threads[t], NULL);
	is_int(jobs[0].mismatches + jobs[1].mismatches, 0,
	       "two threads, %d pages each: every page as one worker alone makes it",
	       jobs[0].rounds * PAGES);

	for (int i = 0; i < PAGES; i++)
		free(expected[i]);
	pipeline_free(pipeline);
	decider_free(decider);
	method_free(method);
	return done_testing();
}
