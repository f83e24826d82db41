/* api/ncleaner.c: the public interface of libncleaner (ncleaner.h).
 *
 * A cleaner is what the ncleaner program builds for a run, kept for the
 * pages to come: the composition (compose/), a pipeline and one worker
 * whose sink writes into the cleaner's own buffer. Options are read
 * through the tables the program reads (compose/session.h: the session's
 * rows the library takes, and the composition's), with the program's
 * messages, and the stages are set up as the program sets them up
 * (session_compose(), session_sink()); what is read here is the
 * argv-style list itself.
 *
 * A batch (ncleaner_clean_batch()) is the program's run of several inputs:
 * pipeline/batch.h surveys the pages' sites and cleans them, with one job,
 * through the runner; the runner's worker writes into the cleaner as the
 * cleaner's own does (the same sink configuration and output), and each
 * page is handed to the caller as the runner reports it, in order.
 *
 * A share (ncleaner_share_open()) is the composition a cleaner would
 * build, kept for its method alone: a cleaner opened on it composes as
 * any other and borrows the method where it would load one
 * (compose_borrow(), which refuses options that would load another). The
 * share counts its references (the opener's, one per cleaner) and is
 * freed with the last.
 */
#include "config.h"
#include "ncleaner.h"
#include "base/alloc.h"
#include "base/error.h"
#include "base/language.h"
#include "base/install-dirs.h"
#include "base/strbuf.h"
#include "compose/compose.h"
#include "compose/session.h"
#include "pipeline/batch.h"
#include "pipeline/pipeline.h"
#include "sink/output.h"
#include "sink/sink.h"
#include "source/page.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The library's codes are nc_error's, so that an error crosses unchanged. */
_Static_assert(NCLEANER_ERR_IO == (int)NC_ERR_IO && NCLEANER_ERR_MEMORY == (int)NC_ERR_MEMORY &&
	       NCLEANER_ERR_USAGE == (int)NC_ERR_USAGE, "ncleaner.h's codes are nc_error's");
_Static_assert(NCLEANER_ERROR_SIZE <= sizeof(((struct nc_error *)0)->message) + 1,
	       "an nc_error message fits an ncleaner_error");

/* The options a cleaner or a share was opened with: a copy of argv (option
 * values point into it), and what they say. */
struct api_options {
	char **args;
	int nargs;
	struct session session;
};

/* A share: a composition whose method its cleaners borrow (compose_borrow()),
 * freed with the last reference, the opener's or a cleaner's. */
struct ncleaner_share {
	atomic_uint references;
	struct api_options options;
	struct composition composition;
	struct pipeline_config config;    /* filled by session_compose(), unused after */
};

/* A segment as the library keeps it; ncleaner.h declares it without its
 * fields, so that one can be added here (with its getter) without moving
 * anything a program built earlier reads: no program knows its size. */
struct ncleaner_segment {
	const char *text;     /* UTF-8, NUL-terminated, no newline */
	size_t length;        /* of text, in bytes */
	char type;            /* 'p' paragraph, 'h' heading, 'l' list item */
	int kept;             /* 1 running text, 0 boilerplate */
	int continues;        /* 1: a later piece of the segment before */
	double cost_clean;    /* the method's costs (both 0 with --no-lm) */
	double cost_dirty;
};

struct ncleaner {
	struct api_options options;
	ncleaner_share *share;            /* whose method the cleaner borrows, or NULL */
	struct composition composition;
	struct pipeline_config config;
	struct pipeline *pipeline;
	struct strbuf method_json;
	struct sink_config sink;
	struct page_output output;        /* the sink's output: `pending`, then `done` */
	struct strbuf pending, done;
	struct worker *worker;
	/* ncleaner_clean(): the page's segments, their texts one after the
	 * other (NUL-terminated) in `texts`; the pointers are set at the end. */
	ncleaner_segment *segments;
	size_t nsegments, segments_alloc;
	struct strbuf texts;
	int out_of_memory;                /* a segment could not be kept */
	int page_done;                    /* the last page succeeded: its metadata */
	struct page_stats stats;          /* ...its counts */
	struct language language;         /* ...the language of its kept text */
	const struct worker *page_worker; /* the worker that cleaned it (a batch's), or NULL:
					     `worker` */
};

static void copy_error(ncleaner_error *error, const struct nc_error *err)
{
	if (!error)
		return;
	error->code = err->code == NC_OK ? NCLEANER_ERR_USAGE : (int)err->code;
	snprintf(error->message, sizeof(error->message), "%s", err->message);
}

static int usage_error(ncleaner_error *error, const char *fmt, const char *arg)
{
	struct nc_error err;
	nc_error_set(&err, NC_ERR_USAGE, fmt, arg);
	copy_error(error, &err);
	return -1;
}

/* The arguments a call cannot do without, checked before any is used:
 * `what` names the first that is NULL ("cleaner", "segments"), in the
 * usage error of `function`. */
static int null_argument(ncleaner_error *error, const char *function, const char *what)
{
	struct nc_error err;
	nc_error_set(&err, NC_ERR_USAGE, "%s: %s is NULL", function, what);
	copy_error(error, &err);
	return -1;
}

size_t ncleaner_error_size(void)
{
	return sizeof(ncleaner_error);
}

int ncleaner_error_code(const ncleaner_error *error)
{
	return error ? error->code : NCLEANER_ERR_USAGE;
}

const char *ncleaner_error_message(const ncleaner_error *error)
{
	return error ? error->message : "ncleaner_error_message: the error is NULL";
}

/* The segment accessors: a NULL segment reads as an empty one. */
const ncleaner_segment *ncleaner_segment_at(const ncleaner_segment *segments, size_t index)
{
	return segments ? &segments[index] : NULL;
}

const char *ncleaner_segment_text(const ncleaner_segment *segment, size_t *length)
{
	if (length)
		*length = segment ? segment->length : 0;
	return segment ? segment->text : "";
}

int ncleaner_segment_type(const ncleaner_segment *segment)
{
	return segment ? segment->type : 0;
}

int ncleaner_segment_kept(const ncleaner_segment *segment)
{
	return segment ? segment->kept : 0;
}

int ncleaner_segment_continues(const ncleaner_segment *segment)
{
	return segment ? segment->continues : 0;
}

double ncleaner_segment_cost_clean(const ncleaner_segment *segment)
{
	return segment ? segment->cost_clean : 0;
}

double ncleaner_segment_cost_dirty(const ncleaner_segment *segment)
{
	return segment ? segment->cost_dirty : 0;
}

int ncleaner_api_version(void)
{
	return NCLEANER_API_VERSION;
}

const char *ncleaner_version(void)
{
	return PACKAGE_VERSION;
}

/* --- options -------------------------------------------------------------------- */

/* How an option takes a value: none, one (inline or the next argument),
 * or one inline only (--site-repetition=N). */
enum { VALUE_NONE, VALUE_REQUIRED, VALUE_OPTIONAL };

/* Is `option` the one `arg` names: by its long name (`name`, `name_len`
 * bytes), or by its letter? */
static int names(const struct compose_option *option, const char *name, size_t name_len,
		 int letter)
{
	return name ? option->name && strlen(option->name) == name_len &&
		      !strncmp(option->name, name, name_len)
		    : option->letter && option->letter == letter;
}

/* Option `arg` by its long name or letter: a session option the library
 * takes (`*session_id`) or a composition option (`*compose_id`), the other
 * -1; NULL `*value` when the value is not in `arg` itself ("--name=value",
 * "-Xvalue"). NULL when unknown. */
static const struct compose_option *find_option(const char *arg, int *session_id,
						 int *compose_id, const char **value)
{
	size_t nsession, ncompose;
	const struct compose_option *session = session_options(&nsession);
	const struct compose_option *composed = compose_options(&ncompose);
	const char *name = NULL;
	size_t name_len = 0;
	int letter = 0;

	*session_id = *compose_id = -1, *value = NULL;
	if (arg[0] == '-' && arg[1] == '-' && arg[2]) {
		name = arg + 2;
		const char *eq = strchr(name, '=');
		name_len = eq ? (size_t)(eq - name) : strlen(name);
		*value = eq ? eq + 1 : NULL;
	} else if (arg[0] == '-' && arg[1] && arg[1] != '-') {
		letter = (unsigned char)arg[1];
		*value = arg[2] ? arg + 2 : NULL;
	} else {
		return NULL;
	}
	for (size_t i = 0; i < nsession; i++)   /* the tables are indexed by id */
		if (!(session[i].flags & COMPOSE_PROGRAM_ONLY) &&
		    names(&session[i], name, name_len, letter))
			return *session_id = (int)i, &session[i];
	for (size_t i = 0; i < ncompose; i++)
		if (names(&composed[i], name, name_len, letter))
			return *compose_id = (int)i, &composed[i];
	return NULL;
}

/* Read option `arg` (its value `value`) into the cleaner, and check it as
 * soon as it is read. */
static int read_option(struct session *session, int session_id, int compose_id,
		       const char *value, ncleaner_error *error)
{
	struct nc_error err = { 0 };
	if (session_id >= 0 ? session_read(session, session_id, value, &err) < 0 ||
			      session_check_value(session, session_id, &err) < 0
			    : compose_read(&session->compose, compose_id, value, &err) < 0) {
		copy_error(error, &err);
		return -1;
	}
	return 0;
}

/* The `nargs` options `args` into `session`, checked as the program checks
 * them; option values point into `args`. */
static int read_options(struct session *session, char **args, int nargs, ncleaner_error *error)
{
	for (int i = 0; i < nargs; i++) {
		const char *arg = args[i], *value;
		int session_id, compose_id;
		const struct compose_option *option = find_option(arg, &session_id, &compose_id,
								  &value);
		if (!option) {
			if (arg[0] != '-' || !arg[1])
				return usage_error(error, "'%s' is not an option: the library reads "
						   "no files (give each page to ncleaner_clean())", arg);
			return usage_error(error, "unknown option '%s' (the library takes the options "
					   "of ncleaner(1) that say how a page is cleaned: see "
					   "ncleaner.h)", arg);
		}
		int takes_value = !option->argument ? VALUE_NONE
				  : option->flags & COMPOSE_OPTIONAL_ARGUMENT ? VALUE_OPTIONAL
				  : VALUE_REQUIRED;
		if (takes_value == VALUE_NONE && value)
			return usage_error(error, "option '%s' takes no value", arg);
		if (takes_value == VALUE_REQUIRED && !value) {
			if (i + 1 >= nargs)
				return usage_error(error, "option '%s' needs a value", arg);
			value = args[++i];
		}
		if (read_option(session, session_id, compose_id, value, error) < 0)
			return -1;
	}
	/* The program's checks of combinations that cannot work. */
	struct nc_error err = { 0 };
	if (session_check(session, &err) < 0 || session_check_input(session, &err) < 0) {
		copy_error(error, &err);
		return -1;
	}
	return 0;
}

/* --- the output: the sink's bytes, kept in the cleaner ------------------------- */

static ncleaner *cleaner_of(struct page_output *output)
{
	return (ncleaner *)((char *)output - offsetof(struct ncleaner, output));
}

static int output_open(struct page_output *output, const struct page *page, struct nc_error *err)
{
	(void)page, (void)err;
	strbuf_reset(&cleaner_of(output)->pending);
	return 0;   /* the page begins no file: no file header (ncleaner.h: WET) */
}

static int output_write(struct page_output *output, const char *data, size_t len,
			struct nc_error *err)
{
	struct strbuf *pending = &cleaner_of(output)->pending;
	if (strbuf_try_grow(pending, len) < 0)
		return nc_error_set(err, NC_ERR_MEMORY, "not enough memory for %zu bytes of output",
				    pending->len + len);
	strbuf_add(pending, data, len);
	return 0;
}

static int output_commit(struct page_output *output, struct nc_error *err)
{
	ncleaner *c = cleaner_of(output);
	(void)err;
	strbuf_swap(&c->pending, &c->done);
	strbuf_reset(&c->pending);
	return 0;
}

static void output_abort(struct page_output *output)
{
	strbuf_reset(&cleaner_of(output)->pending);
}

static int output_finish(struct page_output *output, struct nc_error *err)
{
	(void)output, (void)err;
	return 0;
}

static void output_emergency_stop(struct page_output *output)
{
	(void)output;
}

static void output_free(struct page_output *output)
{
	(void)output;   /* part of the cleaner, freed with it */
}

static const struct page_output_ops output_ops = {
	.open = output_open, .write = output_write, .commit = output_commit,
	.abort = output_abort, .finish = output_finish,
	.emergency_stop = output_emergency_stop, .free = output_free,
};

/* The sink's observer: every segment of the page, copied. */
static void keep_segments(void *data, const struct scored_segment *segments, size_t count)
{
	ncleaner *c = data;

	for (size_t i = 0; i < count && !c->out_of_memory; i++) {
		const struct scored_segment *s = &segments[i];
		if (c->nsegments == c->segments_alloc) {
			size_t alloc = c->segments_alloc ? 2 * c->segments_alloc : 64;
			ncleaner_segment *grown = realloc(c->segments, alloc * sizeof(*grown));
			if (!grown) {
				c->out_of_memory = 1;
				return;
			}
			c->segments = grown;
			c->segments_alloc = alloc;
		}
		if (strbuf_try_grow(&c->texts, s->segment.len + 1) < 0) {
			c->out_of_memory = 1;
			return;
		}
		/* The offset for now: `texts` may move while it grows. */
		c->segments[c->nsegments++] = (ncleaner_segment){
			.text = (const char *)(uintptr_t)c->texts.len, .length = s->segment.len,
			.type = (char)s->segment.type, .kept = s->keep, .continues = s->continues,
			.cost_clean = s->score.cost_clean, .cost_dirty = s->score.cost_dirty,
		};
		strbuf_add(&c->texts, s->segment.text, s->segment.len);
		strbuf_addch(&c->texts, '\0');
	}
}

/* --- open and close --------------------------------------------------------------- */

static void memory_error(ncleaner_error *error)
{
	if (error)
		error->code = NCLEANER_ERR_MEMORY,
		snprintf(error->message, sizeof(error->message), "not enough memory");
}

/* Copy `argc` options `argv` into `o` and read them (`function` names the
 * caller in a usage error); the data directory defaults as ncleaner.h says.
 * `o` is options_release()d also when this fails. */
static int options_read(struct api_options *o, int argc, const char *const argv[],
			const char *function, ncleaner_error *error)
{
	struct nc_error err;

	session_init(&o->session);
	if (argc < 0 || (argc > 0 && !argv)) {
		nc_error_set(&err, NC_ERR_USAGE, "%s: argc < 0, or argv NULL", function);
		copy_error(error, &err);
		return -1;
	}
	if (!(o->args = calloc((size_t)argc + 1, sizeof(char *)))) {
		memory_error(error);
		return -1;
	}
	o->nargs = argc;
	for (int i = 0; i < argc; i++)
		if (!argv[i] || !(o->args[i] = strdup(argv[i]))) {
			if (argv[i])
				usage_error(error, "%s", "not enough memory");
			else
				nc_error_set(&err, NC_ERR_USAGE, "%s: argv holds NULL", function),
				copy_error(error, &err);
			return -1;
		}
	if (read_options(&o->session, o->args, o->nargs, error) < 0)
		return -1;
	struct compose_values *values = &o->session.compose;
	if (!values->data_dir) {
		const char *env = getenv("NCLEANER_DATA_DIR");
		values->data_dir = env && *env ? env : NC_PKGDATA_DIR;
	}
	return 0;
}

static void options_release(struct api_options *o)
{
	for (int i = 0; o->args && i < o->nargs; i++)
		free(o->args[i]);
	free(o->args);
	o->args = NULL;
	o->nargs = 0;
}

/* The last reference gone (the opener's and every cleaner's): the method
 * is freed. The release is ordered after every use of the method by the
 * threads that dropped theirs (acq_rel), as for any reference count. */
static void share_release(ncleaner_share *share)
{
	if (!share || atomic_fetch_sub_explicit(&share->references, 1, memory_order_acq_rel) != 1)
		return;
	composition_release(&share->composition);
	options_release(&share->options);
	free(share);
}

/* The cleaner's stages, with the method of `share` when not NULL. */
static int build(ncleaner *c, const ncleaner_share *share, ncleaner_error *error)
{
	struct nc_error err = { 0 };
	const struct session *session = &c->options.session;

	if (session_compose_borrowing(session, &c->composition, &c->config,
				      share ? &share->options.session : NULL,
				      share ? &share->composition : NULL, &err) < 0 ||
	    (session->file_kind != FILE_KIND_TEXT &&
	     c->config.renderer->check(c->config.renderer_config, &err) < 0) ||
	    !(c->pipeline = pipeline_new(&c->config, &err)) ||
	    session_sink(session, &c->composition, "libncleaner " PACKAGE_VERSION,
			 &c->method_json, &c->sink, &err) < 0) {
		copy_error(error, &err);
		return -1;
	}
	c->sink.observe = keep_segments;
	c->sink.observe_data = c;
	c->output = (struct page_output){ .ops = &output_ops, .whole_or_nothing = 1 };
	c->worker = worker_new(c->pipeline, page_sink_new(&c->sink, &c->output), &err);
	if (!c->worker) {
		copy_error(error, &err);
		return -1;
	}
	return 0;
}

static ncleaner *open_cleaner(ncleaner_share *share, int argc, const char *const argv[],
			      const char *function, ncleaner_error *error)
{
	ncleaner *c = calloc(1, sizeof(*c));

	if (!c) {
		memory_error(error);
		return NULL;
	}
	composition_init(&c->composition);
	strbuf_init(&c->method_json);
	strbuf_init(&c->pending);
	strbuf_init(&c->done);
	strbuf_init(&c->texts);
	if (share) {   /* the cleaner's reference, dropped by ncleaner_close() */
		atomic_fetch_add_explicit(&share->references, 1, memory_order_relaxed);
		c->share = share;
	}
	if (options_read(&c->options, argc, argv, function, error) < 0 ||
	    build(c, share, error) < 0) {
		ncleaner_close(c);
		return NULL;
	}
	return c;
}

ncleaner *ncleaner_open(int argc, const char *const argv[], ncleaner_error *error)
{
	if (error)
		error->code = NCLEANER_OK, error->message[0] = '\0';
	return open_cleaner(NULL, argc, argv, "ncleaner_open", error);
}

ncleaner *ncleaner_open_shared(ncleaner_share *share, int argc, const char *const argv[],
			       ncleaner_error *error)
{
	if (error)
		error->code = NCLEANER_OK, error->message[0] = '\0';
	if (!share) {
		null_argument(error, "ncleaner_open_shared", "the share");
		return NULL;
	}
	return open_cleaner(share, argc, argv, "ncleaner_open_shared", error);
}

const char *ncleaner_warnings(const ncleaner *c)
{
	return c ? c->composition.warnings.buf : "";
}

void ncleaner_close(ncleaner *c)
{
	if (!c)
		return;
	worker_free(c->worker);   /* frees the sink, whose output is ours */
	pipeline_free(c->pipeline);
	composition_release(&c->composition);   /* a method borrowed stays the share's */
	strbuf_release(&c->method_json);
	strbuf_release(&c->pending);
	strbuf_release(&c->done);
	strbuf_release(&c->texts);
	free(c->segments);
	options_release(&c->options);
	share_release(c->share);
	free(c);
}

/* --- the share -------------------------------------------------------------------- */

ncleaner_share *ncleaner_share_open(int argc, const char *const argv[], ncleaner_error *error)
{
	struct nc_error err = { 0 };
	ncleaner_share *share = calloc(1, sizeof(*share));

	if (error)
		error->code = NCLEANER_OK, error->message[0] = '\0';
	if (!share) {
		memory_error(error);
		return NULL;
	}
	atomic_init(&share->references, 1);
	composition_init(&share->composition);
	if (options_read(&share->options, argc, argv, "ncleaner_share_open", error) < 0)
		goto fail;
	if (!session_with_method(&share->options.session)) {
		usage_error(error, "ncleaner_share_open: %s loads no method: nothing to share",
			    share->options.session.run == SESSION_RUN_DUMP ? "--dump" : "--no-lm");
		goto fail;
	}
	if (session_compose(&share->options.session, &share->composition, &share->config,
			    &err) < 0) {
		copy_error(error, &err);
		goto fail;
	}
	return share;
fail:
	share_release(share);
	return NULL;
}

void ncleaner_share_close(ncleaner_share *share)
{
	share_release(share);
}

void ncleaner_free(void *memory)
{
	free(memory);
}

/* --- a page ------------------------------------------------------------------------ */

/* The next page's segments and bytes are collected from nothing. */
static void start_page(ncleaner *c)
{
	c->nsegments = 0;
	c->out_of_memory = 0;
	c->page_done = 0;
	strbuf_reset(&c->texts);
	strbuf_reset(&c->done);
}

/* The language of the page's kept text, as the sink tells it for JSONL
 * (its lines as format_add_lines() makes them: a segment's kept pieces on
 * one line). */
static void tell_language(ncleaner *c)
{
	struct strbuf text = STRBUF_INIT;
	int line_open = 0;
	for (size_t i = 0; i < c->nsegments; i++) {
		const ncleaner_segment *s = &c->segments[i];
		if (line_open && !s->continues) {
			strbuf_addch(&text, '\n');
			line_open = 0;
		}
		if (!s->kept)
			continue;
		if (line_open)
			strbuf_addch(&text, ' ');
		line_open = 1;
		strbuf_add(&text, s->text, s->length);
	}
	if (line_open)
		strbuf_addch(&text, '\n');
	language_identify(text.buf, text.len, &c->language);
	strbuf_release(&text);
}

/* The page's segments are all there: their texts where they stay. */
static void page_done(ncleaner *c)
{
	for (size_t i = 0; i < c->nsegments; i++)
		c->segments[i].text = c->texts.buf + (uintptr_t)c->segments[i].text;
	tell_language(c);
	c->page_done = 1;
}

/* Clean the page into the cleaner: its segments and its formatted bytes. */
static int clean_into_cleaner(ncleaner *c, const void *bytes, size_t length, const char *url,
			      ncleaner_error *error)
{
	struct nc_error err = { 0 };
	struct page page = { 0 };
	struct strbuf data = STRBUF_INIT;

	if (error)
		error->code = NCLEANER_OK, error->message[0] = '\0';
	start_page(c);
	if (!bytes && length)
		return usage_error(error, "%s", "ncleaner_clean: bytes NULL");
	if (length > PIPELINE_MAX_PAGE_BYTES || strbuf_try_grow(&data, length) < 0) {
		if (length > PIPELINE_MAX_PAGE_BYTES)
			nc_error_set(&err, NC_ERR_LIMIT, "%s: the page has %zu bytes, more than the "
				     "%u MiB ncleaner cleans", url && *url ? url : "page", length,
				     PIPELINE_MAX_PAGE_BYTES >> 20);
		else
			nc_error_set(&err, NC_ERR_MEMORY, "not enough memory for a page of %zu bytes",
				     length);
		copy_error(error, &err);
		return -1;
	}
	strbuf_add(&data, bytes, length);
	page.name = strdup(url && *url ? url : "page");
	page.output_name = strdup("page");
	page.url = url && *url ? strdup(url) : NULL;
	page.kind = c->options.session.file_kind == FILE_KIND_TEXT ? PAGE_TEXT : PAGE_HTML;
	page_set_memory(&page, &data);
	int ret = 0;
	if (!page.name || !page.output_name || (url && *url && !page.url))
		ret = nc_error_set(&err, NC_ERR_MEMORY, "not enough memory");
	else
		ret = worker_clean_page(c->worker, &page, &c->stats, &err);
	if (ret == 0 && c->out_of_memory)
		ret = nc_error_set(&err, NC_ERR_MEMORY, "%s: not enough memory for the segments",
				   page.name);
	page_release(&page);
	strbuf_release(&data);
	if (ret < 0) {
		c->nsegments = 0;
		copy_error(error, &err);
		return -1;
	}
	page_done(c);
	return 0;
}

int ncleaner_clean(ncleaner *c, const void *bytes, size_t length, const char *url,
		   const ncleaner_segment **segments, size_t *count, ncleaner_error *error)
{
	if (segments)
		*segments = NULL;
	if (count)
		*count = 0;
	if (!c || !segments || !count)
		return null_argument(error, "ncleaner_clean", !c ? "the cleaner" : !segments
				     ? "segments" : "count");
	if (c->options.session.run == SESSION_RUN_DUMP)
		return usage_error(error, "%s", "--dump makes text, not segments: use "
				   "ncleaner_format()");
	if (clean_into_cleaner(c, bytes, length, url, error) < 0)
		return -1;
	*segments = c->segments;
	*count = c->nsegments;
	return 0;
}

int ncleaner_format(ncleaner *c, const void *bytes, size_t length, const char *url,
		    char **output, size_t *output_length, ncleaner_error *error)
{
	if (output)
		*output = NULL;
	if (output_length)
		*output_length = 0;
	if (!c || !output)
		return null_argument(error, "ncleaner_format", !c ? "the cleaner" : "output");
	if (clean_into_cleaner(c, bytes, length, url, error) < 0)
		return -1;
	char *copy = malloc(c->done.len + 1);
	if (!copy) {
		struct nc_error err;
		nc_error_set(&err, NC_ERR_MEMORY, "not enough memory for %zu bytes of output",
			     c->done.len);
		copy_error(error, &err);
		return -1;
	}
	memcpy(copy, c->done.buf, c->done.len);
	copy[c->done.len] = '\0';
	*output = copy;
	if (output_length)
		*output_length = c->done.len;
	return 0;
}

/* The names are JSONL's (sink/format-jsonl.c, add_metadata()), and so are the
 * fallbacks: the title on <title>, the date on the date last modified. */
const char *ncleaner_metadata(const ncleaner *c, const char *name)
{
	if (!c || !name || !c->page_done)
		return NULL;
	const struct page_info *info = worker_page_info(c->page_worker ? c->page_worker
								       : c->worker);
	if (!strcmp(name, "title"))
		return info->meta[META_TITLE] ? info->meta[META_TITLE] : info->title;
	if (!strcmp(name, "date"))
		return page_info_date(info);
	if (!strcmp(name, "canonical_url"))
		return info->canonical;
	static const struct { const char *name; enum page_meta_field field; } fields[] = {
		{ "author", META_AUTHOR }, { "site_name", META_SITE_NAME },
		{ "description", META_DESCRIPTION }, { "language", META_LANGUAGE },
	};
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!strcmp(name, fields[i].name))
			return info->meta[fields[i].field];
	return NULL;
}

const char *ncleaner_page_string(const ncleaner *c, const char *name)
{
	if (!c || !name || !c->page_done)
		return NULL;
	const struct page_info *info = worker_page_info(c->page_worker ? c->page_worker
								       : c->worker);
	const char *value = NULL;
	if (!strcmp(name, "title"))
		value = info->title;
	else if (!strcmp(name, "charset"))
		value = info->charset.reported;
	else if (!strcmp(name, "declared_charset"))
		value = info->charset.label;
	else if (!strcmp(name, "language"))
		value = c->language.code;
	return value && *value ? value : NULL;   /* "": not known, as JSONL's null */
}

int ncleaner_page_number(const ncleaner *c, const char *name, double *value)
{
	if (!c || !name || !value || !c->page_done)
		return -1;
	const struct page_counts *counts = &c->stats.counts;
	if (!strcmp(name, "quality")) {
		*value = page_counts_quality(counts, c->sink.log_odds);
		return *value < 0 ? -1 : 0;
	}
	static const struct { const char *name; size_t offset; } figures[] = {
		{ "segments", offsetof(struct page_counts, segments) },
		{ "kept", offsetof(struct page_counts, kept) },
		{ "words", offsetof(struct page_counts, words) },
		{ "kept_words", offsetof(struct page_counts, kept_words) },
	};
	for (size_t i = 0; i < sizeof(figures) / sizeof(figures[0]); i++)
		if (!strcmp(name, figures[i].name)) {
			size_t n;
			memcpy(&n, (const char *)counts + figures[i].offset, sizeof(n));
			*value = (double)n;
			return 0;
		}
	if (!strcmp(name, "bytes")) {
		*value = (double)c->stats.bytes;
		return 0;
	}
	return -1;
}

const ncleaner_segment *ncleaner_page_segments(const ncleaner *c, size_t *count)
{
	int done = c && c->page_done;
	if (count)
		*count = done ? c->nsegments : 0;
	return done ? c->segments : NULL;
}

const char *ncleaner_page_output(const ncleaner *c, size_t *length)
{
	int done = c && c->page_done;
	if (length)
		*length = done ? c->done.len : 0;
	return done ? c->done.buf : NULL;
}

/* --- a batch ------------------------------------------------------------------------ */

/* The caller's pages, as a page source that each pass reads from the
 * first: a page is named by its URL (as ncleaner_clean() names it), or
 * "page N" (from 1) without one. */
struct api_pages {
	struct page_source base;
	size_t count, next;
	const void *const *bytes;
	const size_t *lengths;
	const char *const *urls;
	enum page_kind kind;
	int stopped;   /* the caller's callback asked to stop: no more pages */
};

static int api_pages_next(struct page_source *source, struct page *page, struct nc_error *err)
{
	struct api_pages *p = (struct api_pages *)source;
	if (p->stopped || p->next == p->count)
		return 0;
	size_t i = p->next++;
	const char *url = p->urls && p->urls[i] && *p->urls[i] ? p->urls[i] : NULL;
	struct strbuf name = STRBUF_INIT, data = STRBUF_INIT;
	/* The name keys the dump cache and the site survey: by the page's
	 * place, which no two pages share (two of one URL are two pages). */
	strbuf_addf(&name, "page %zu", i + 1);
	if (url)
		strbuf_addf(&name, " (%s)", url);
	if ((!p->bytes[i] && p->lengths[i]) || p->lengths[i] > PIPELINE_MAX_PAGE_BYTES) {
		if (p->lengths[i] > PIPELINE_MAX_PAGE_BYTES)
			nc_error_set(err, NC_ERR_LIMIT, "%s: the page has %zu bytes, more than the "
				     "%u MiB ncleaner cleans", name.buf, p->lengths[i],
				     PIPELINE_MAX_PAGE_BYTES >> 20);
		else
			nc_error_set(err, NC_ERR_USAGE, "%s: its bytes are NULL", name.buf);
		strbuf_release(&name);
		return -1;
	}
	memset(page, 0, sizeof(*page));
	page->name = strbuf_detach(&name, NULL);
	page->output_name = xstrdup("page");
	page->url = url ? xstrdup(url) : NULL;
	page->kind = p->kind;
	/* As ncleaner_clean(): a page too large for memory fails alone. */
	if (strbuf_try_grow(&data, p->lengths[i]) < 0) {
		nc_error_set(err, NC_ERR_MEMORY, "%s: not enough memory for the page's %zu bytes",
			     page->name, p->lengths[i]);
		page_release(page);
		return -1;
	}
	strbuf_add(&data, p->bytes[i], p->lengths[i]);
	page_set_memory(page, &data);
	strbuf_release(&data);
	return 1;
}

static void api_pages_free(struct page_source *source)
{
	(void)source;   /* on the caller's stack */
}

static const struct page_source_ops api_pages_ops = { api_pages_next, api_pages_free };

struct api_batch {
	ncleaner *cleaner;
	struct api_pages pages;
	ncleaner_page_fn fn;
	void *data;
	size_t index;   /* of the next page the cleaning reports */
};

static int api_start(void *data, enum batch_pass pass, struct page_source **pages,
		     struct page_output **output, struct nc_error *err)
{
	struct api_batch *b = data;
	(void)pass, (void)err;
	b->pages.next = 0;
	*pages = &b->pages.base;
	if (output)   /* the cleaning writes into the cleaner, as its own worker does */
		*output = &b->cleaner->output;
	return 0;
}

/* A page cleaned, in order: the caller reads it through the cleaner
 * during fn(), and the next page is collected from nothing. */
static void api_report(void *data, enum batch_pass pass, const struct run_report *report)
{
	struct api_batch *b = data;
	ncleaner *c = b->cleaner;
	if (pass != BATCH_CLEANING || report->notice || report->lost || b->pages.stopped)
		return;   /* (after a stop, the pages already in work go unreported) */
	struct nc_error err = { 0 };
	int failed = report->failed;
	if (failed)
		err = *report->error;
	else if (c->out_of_memory)
		failed = nc_error_set(&err, NC_ERR_MEMORY, "%s: not enough memory for the segments",
				      report->name);
	ncleaner_error error;
	if (failed) {
		start_page(c);
		copy_error(&error, &err);
	} else {
		c->stats = *report->stats;
		page_done(c);
	}
	if (b->fn(b->data, c, b->index++, failed ? &error : NULL))
		b->pages.stopped = 1;
	start_page(c);
}

static void api_worker(void *data, struct worker *worker, int alive)
{
	struct api_batch *b = data;
	b->cleaner->page_worker = alive ? worker : NULL;
}

/* What changes no output (no cache for the survey: every page rendered
 * twice) joins the cleaner's warnings. */
static void api_warning(void *data, const char *message)
{
	struct api_batch *b = data;
	struct strbuf *warnings = &b->cleaner->composition.warnings;
	/* Once, however many batches say it: a line of its own. */
	size_t len = strlen(message);
	for (const char *at = warnings->buf; (at = strstr(at, message)); at += len)
		if ((at == warnings->buf || at[-1] == '\n') && at[len] == '\n')
			return;
	strbuf_addstr(warnings, message);
	strbuf_addch(warnings, '\n');
}

/* Site repetition is on by default where ncleaner(1) has it on for a
 * run of as many inputs: two pages or more, a method (not --no-lm or
 * --dump), HTML (not --text), not --paper. */
static unsigned site_min_pages(const ncleaner *c, size_t count)
{
	if (session_site_asked(&c->options.session))
		return (unsigned)c->options.session.site_min_pages;
	return count >= 2 && session_site_by_default(&c->options.session) ? SITE_MIN_PAGES_DEFAULT : 0;
}

int ncleaner_clean_batch(ncleaner *c, size_t count, const void *const pages[],
			 const size_t lengths[], const char *const urls[], ncleaner_page_fn fn,
			 void *data, ncleaner_error *error)
{
	if (error)
		error->code = NCLEANER_OK, error->message[0] = '\0';
	if (!c || (count && (!pages || !lengths)) || !fn)
		return null_argument(error, "ncleaner_clean_batch", !c ? "the cleaner" : !fn ? "fn"
				     : !pages ? "pages" : "lengths");
	struct api_batch b = {
		.cleaner = c, .fn = fn, .data = data,
		.pages = { .base = { &api_pages_ops }, .count = count, .bytes = pages,
			   .lengths = lengths, .urls = urls,
			   .kind = c->options.session.file_kind == FILE_KIND_TEXT ? PAGE_TEXT : PAGE_HTML },
	};
	struct batch_config config = {
		.pipeline = &c->config, .sink = &c->sink, .jobs = 1,
		.min_pages = site_min_pages(c, count),
	};
	struct batch_hooks hooks = {
		.start = api_start, .report = api_report, .warning = api_warning,
		.worker_event = api_worker, .data = &b,
	};
	struct nc_error err = { 0 };
	start_page(c);
	struct batch *batch = batch_new(&config, &hooks, &err);
	int ret = batch ? batch_run(batch, &err) : -1;
	batch_free(batch);
	c->page_worker = NULL;   /* gone with the batch: no page to read */
	start_page(c);
	if (ret < 0) {
		copy_error(error, &err);
		return -1;
	}
	return b.pages.stopped;
}
