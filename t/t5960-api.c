/* t5960-api: the public interface, ncleaner.h, in the build tree.
 * Options read as the program reads them (values inline and apart, errors
 * naming the option); segments and formatted output of one page; a page
 * that fails leaves the cleaner usable; the limits; --dump and --text; two
 * cleaners in two threads give what one gives alone; a batch of three
 * pages of one site (tests/t5960/site) drops what recurs on them, gives
 * each page to its callback in order with its segments, output and
 * metadata, reports a page that fails and goes on, and without site
 * repetition cleans each page as ncleaner_format() does. Cleaners on a
 * share clean byte for byte as cleaners alone, in two threads too; one
 * whose options would load another model is refused; a share and its
 * cleaners close in either order. (t5970 checks
 * the installed library against the program, batches too.) */
#include "ncleaner.h"
#include "tap.h"

#include <pthread.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char data_dir[4096];
static char *page;
static size_t page_len;

static char *read_fixture(const char *name, size_t *len)
{
	char path[4200];
	snprintf(path, sizeof(path), "%s/tests/%s", getenv("top_srcdir") ? getenv("top_srcdir") : "..",
		 name);
	FILE *f = fopen(path, "rb");
	if (!f)
		bail("cannot open the fixture");
	char *buf = malloc(1 << 20);
	*len = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

/* A cleaner with `extra` options (NULL-terminated) after --data-dir. */
static ncleaner *open_with(ncleaner_error *error, const char *first, ...)
{
	const char *argv[16] = { "--data-dir", data_dir };
	int argc = 2;
	va_list ap;
	va_start(ap, first);
	for (const char *a = first; a && argc < 15; a = va_arg(ap, const char *))
		argv[argc++] = a;
	va_end(ap);
	return ncleaner_open(argc, argv, error);
}

/* The kept text of the page, a segment a line. */
static char *kept_text(ncleaner *c, const char *bytes, size_t len)
{
	const ncleaner_segment *segments;
	size_t count, size = 1;
	ncleaner_error error;
	if (ncleaner_clean(c, bytes, len, NULL, &segments, &count, &error) < 0)
		return NULL;
	for (size_t i = 0; i < count; i++) {
		size_t length;
		ncleaner_segment_text(ncleaner_segment_at(segments, i), &length);
		size += length + 4;
	}
	char *text = calloc(1, size);
	for (size_t i = 0; i < count; i++) {
		const ncleaner_segment *s = ncleaner_segment_at(segments, i);
		if (ncleaner_segment_kept(s)) {
			size_t at = strlen(text);
			snprintf(text + at, size - at, "<%c>%s\n", ncleaner_segment_type(s),
				 ncleaner_segment_text(s, NULL));
		}
	}
	return text;
}

struct thread_run {
	char *result[5];
};

static void *clean_five_times(void *data)
{
	struct thread_run *run = data;
	ncleaner_error error;
	ncleaner *c = open_with(&error, NULL);
	for (int i = 0; i < 5; i++)
		run->result[i] = c ? kept_text(c, page, page_len) : NULL;
	ncleaner_close(c);
	return NULL;
}

/* --- batches --------------------------------------------------------------------- */

static void fails_with(int code, const char *needle, const char *title, ncleaner *c,
		       ncleaner_error *error);

#define SITE_PAGES 3
static const char *const site_names[SITE_PAGES] = { "ferry", "lighthouse", "market" };

/* What a batch's callback saw of each page. */
struct batch_seen {
	size_t calls;
	size_t index[SITE_PAGES + 1];
	char *output[SITE_PAGES + 1];      /* NULL: failed */
	char *kept[SITE_PAGES + 1];        /* the kept segments, a line each */
	char *title[SITE_PAGES + 1];
	double words[SITE_PAGES + 1];
	char error[SITE_PAGES + 1][NCLEANER_ERROR_SIZE];
	size_t stop_after;   /* the callback stops the batch after so many pages (0: never) */
};

static int on_page(void *data, ncleaner *c, size_t index, const ncleaner_error *error)
{
	struct batch_seen *seen = data;
	size_t at = seen->calls++;
	if (at > SITE_PAGES)
		return 0;
	seen->index[at] = index;
	if (error) {
		snprintf(seen->error[at], sizeof(seen->error[at]), "%s", error->message);
		return 0;
	}
	size_t count, length;
	const ncleaner_segment *segments = ncleaner_page_segments(c, &count);
	const char *output = ncleaner_page_output(c, &length);
	seen->output[at] = output && strlen(output) == length ? strdup(output) : NULL;
	size_t size = 1;
	for (size_t i = 0; i < count; i++)
		size += strlen(ncleaner_segment_text(ncleaner_segment_at(segments, i), NULL)) + 1;
	char *kept = calloc(1, size);
	for (size_t i = 0; i < count; i++) {
		const ncleaner_segment *s = ncleaner_segment_at(segments, i);
		if (ncleaner_segment_kept(s)) {
			strcat(kept, ncleaner_segment_text(s, NULL));
			strcat(kept, "\n");
		}
	}
	seen->kept[at] = kept;
	const char *title = ncleaner_metadata(c, "title");
	seen->title[at] = title ? strdup(title) : NULL;
	ncleaner_page_number(c, "words", &seen->words[at]);
	return seen->stop_after && seen->calls == seen->stop_after;
}

static void release_seen(struct batch_seen *seen)
{
	for (size_t i = 0; i <= SITE_PAGES; i++) {
		free(seen->output[i]);
		free(seen->kept[i]);
		free(seen->title[i]);
	}
	memset(seen, 0, sizeof(*seen));
}

/* The page accessors' facts are JSONL's, read without JSON. */
static void check_page_facts(const char *bytes, size_t len)
{
	ncleaner_error error;
	ncleaner *c = open_with(&error, "-f", "jsonl", NULL);
	char *json = NULL;
	ok(c && ncleaner_format(c, bytes, len, NULL, &json, NULL, &error) == 0,
	   "a page cleaned to JSONL");
	double segments = -1, kept = -1, words = -1, kept_words = -1, quality = -1, size = -1;
	ok(c && ncleaner_page_number(c, "segments", &segments) == 0 &&
	   ncleaner_page_number(c, "kept", &kept) == 0 &&
	   ncleaner_page_number(c, "words", &words) == 0 &&
	   ncleaner_page_number(c, "kept_words", &kept_words) == 0 &&
	   ncleaner_page_number(c, "bytes", &size) == 0 && size == (double)len,
	   "...its counts and size read as numbers");
	char counts[200];
	snprintf(counts, sizeof(counts), "\"counts\":{\"segments\":%.0f,\"kept\":%.0f,"
		 "\"words\":%.0f,\"kept_words\":%.0f}", segments, kept, words, kept_words);
	ok(json && strstr(json, counts), "...the counts JSONL writes: %s", counts);
	int has_quality = c && ncleaner_page_number(c, "quality", &quality) == 0;
	ok(has_quality && quality > 0 && quality <= 1, "...its quality (the logistic method): %.3f",
	   quality);
	char quality_json[64];
	snprintf(quality_json, sizeof(quality_json), "\"quality\":%.3f", quality);
	ok(json && strstr(json, quality_json), "...as JSONL writes it");
	const char *language = c ? ncleaner_page_string(c, "language") : NULL;
	ok(language && !strcmp(language, "en") && strstr(json, "\"language\":\"en\""),
	   "...the language of its kept text, as JSONL's");
	const char *charset = c ? ncleaner_page_string(c, "charset") : NULL;
	char charset_json[80];
	snprintf(charset_json, sizeof(charset_json), "\"charset\":\"%s\"", charset ? charset : "?");
	ok(charset && strstr(json, charset_json), "...the charset it was read in: %s", charset_json);
	const char *title = c ? ncleaner_page_string(c, "title") : NULL;
	ok(title && *title, "...its title: %s", title ? title : "(none)");
	ok(c && !ncleaner_page_string(c, "no such fact") &&
	   ncleaner_page_number(c, "no such figure", &quality) < 0,
	   "...and no fact of another name");
	ncleaner_free(json);
	ncleaner_close(c);
	c = open_with(&error, "--no-lm", NULL);
	ok(c && ncleaner_clean(c, bytes, len, NULL, &(const ncleaner_segment *){ 0 },
			       &(size_t){ 0 }, &error) == 0 &&
	   ncleaner_page_number(c, "quality", &quality) < 0,
	   "--no-lm: no quality (no logistic method)");
	ncleaner_close(c);
}

static void check_batch(void)
{
	char *pages[SITE_PAGES];
	size_t lengths[SITE_PAGES];
	ncleaner_error error;
	for (size_t i = 0; i < SITE_PAGES; i++) {
		char name[64];
		snprintf(name, sizeof(name), "t5960/site/%s.html", site_names[i]);
		pages[i] = read_fixture(name, &lengths[i]);
	}
	const void *const *bytes = (const void *const *)pages;
	const char *museum = "The harbour museum was founded",
		   *privacy = "Read our privacy policy";
	struct batch_seen seen = { 0 };

	ncleaner *c = open_with(&error, NULL);
	ok(c && ncleaner_clean_batch(c, SITE_PAGES, bytes, lengths, NULL, on_page, &seen,
				     &error) == 0, "a batch of three pages of one site runs");
	is_int(seen.calls, SITE_PAGES, "...the callback hears of each page once");
	int in_order = 1, furniture_dropped = 1, articles_kept = 1, urls = 1;
	for (size_t i = 0; i < SITE_PAGES && i < seen.calls; i++) {
		char url[80];
		snprintf(url, sizeof(url), "URL: http://harbour.example/%s\n", site_names[i]);
		in_order &= seen.index[i] == i && seen.output[i] != NULL;
		furniture_dropped &= seen.kept[i] && !strstr(seen.kept[i], museum) &&
				     !strstr(seen.kept[i], privacy);
		articles_kept &= seen.kept[i] && strlen(seen.kept[i]) > 200;
		urls &= seen.output[i] && !strncmp(seen.output[i], url, strlen(url));
	}
	ok(in_order, "...in order, each cleaned");
	ok(furniture_dropped, "...the museum and privacy lines, on every page of the site, dropped "
	   "from each (site repetition, on by default)");
	ok(articles_kept, "...each page's article kept");
	ok(urls, "...the output of each names its URL (the canonical one the page declares)");
	ok(seen.title[0] && !strcmp(seen.title[0], "The ferry leaves at dawn | Harbour News"),
	   "...its metadata read in the callback");
	ok(seen.words[0] > 40 && seen.words[0] < 120, "...and its figures (%.0f words)",
	   seen.words[0]);
	size_t count;
	ok(ncleaner_page_segments(c, &count) == NULL && count == 0 &&
	   ncleaner_page_output(c, NULL) == NULL && !ncleaner_metadata(c, "title"),
	   "after the batch no page is there to read");
	release_seen(&seen);

	/* A page that fails, in the middle. */
	const void *with_hole[SITE_PAGES] = { pages[0], NULL, pages[2] };
	ok(c && ncleaner_clean_batch(c, SITE_PAGES, with_hole, lengths, NULL, on_page, &seen,
				     &error) == 0, "a batch with a page that fails runs");
	ok(seen.calls == SITE_PAGES && seen.output[0] && !seen.output[1] && seen.output[2] &&
	   strstr(seen.error[1], "page 2"), "...that page reported, by its name, the others "
	   "cleaned: %s", seen.error[1]);
	release_seen(&seen);
	ok(c && ncleaner_clean_batch(c, 0, NULL, NULL, NULL, on_page, &seen, &error) == 0 &&
	   seen.calls == 0, "a batch of no pages: nothing to hear of");

	/* Two pages of one URL are two pages: each its own output. */
	const char *same[SITE_PAGES] = { "http://harbour.example/same",
					 "http://harbour.example/market",
					 "http://harbour.example/same" };
	ok(c && ncleaner_clean_batch(c, SITE_PAGES, bytes, lengths, same, on_page, &seen,
				     &error) == 0 && seen.calls == SITE_PAGES,
	   "a batch of two pages of one URL runs");
	ok(seen.title[0] && strstr(seen.title[0], "ferry") && seen.title[2] &&
	   !strstr(seen.title[2], "ferry"), "...each page its own: '%s', '%s'",
	   seen.title[0] ? seen.title[0] : "(none)", seen.title[2] ? seen.title[2] : "(none)");
	release_seen(&seen);

	/* The callback stops the batch. */
	seen.stop_after = 1;
	ok(c && ncleaner_clean_batch(c, SITE_PAGES, bytes, lengths, NULL, on_page, &seen,
				     &error) == 1 && seen.calls == 1,
	   "a callback that returns non-zero stops the batch: 1, no page after it heard of");
	release_seen(&seen);
	ok(c && ncleaner_clean_batch(c, SITE_PAGES, bytes, lengths, NULL, on_page, &seen,
				     &error) == 0 && seen.calls == SITE_PAGES,
	   "...and the cleaner runs the next batch whole");
	release_seen(&seen);
	ok(c && ncleaner_clean_batch(c, SITE_PAGES, bytes, lengths, NULL, NULL, NULL, &error) < 0 &&
	   error.code == NCLEANER_ERR_USAGE && strstr(error.message, "fn is NULL"),
	   "no callback: a usage error");
	ncleaner_close(c);

	/* Without site repetition, each page as ncleaner_format() cleans it. */
	c = open_with(&error, "--no-site-repetition", NULL);
	ok(c && ncleaner_clean_batch(c, SITE_PAGES, bytes, lengths, NULL, on_page, &seen,
				     &error) == 0, "--no-site-repetition: a batch");
	int alone = 1;
	for (size_t i = 0; c && i < SITE_PAGES; i++) {
		char *text = NULL;
		alone &= ncleaner_format(c, pages[i], lengths[i], NULL, &text, NULL, &error) == 0 &&
			 seen.output[i] && !strcmp(text, seen.output[i]) && strstr(text, museum);
		ncleaner_free(text);
	}
	ok(alone, "...each page as ncleaner_format() cleans it alone, the museum line kept");
	release_seen(&seen);
	ncleaner_close(c);
	fails_with(NCLEANER_ERR_USAGE, "from 2 to 4, not '9'", "--site-repetition=9 is refused",
		   open_with(&error, "--site-repetition=9", NULL), &error);
	fails_with(NCLEANER_ERR_USAGE, "not with --paper", "--site-repetition with --paper too",
		   open_with(&error, "--site-repetition", "--paper", NULL), &error);
	for (size_t i = 0; i < SITE_PAGES; i++)
		free(pages[i]);
}

/* --- shares ---------------------------------------------------------------------- */

#define MAX_ARGS 16

/* `argv` of `argc` options after --data-dir, into `out` (MAX_ARGS). */
static int with_data_dir(const char **out, int argc, const char *const argv[])
{
	out[0] = "--data-dir", out[1] = data_dir;
	for (int i = 0; i < argc && i < MAX_ARGS - 2; i++)
		out[2 + i] = argv[i];
	return argc + 2;
}

static ncleaner_share *share_with(int argc, const char *const argv[], ncleaner_error *error)
{
	const char *args[MAX_ARGS];
	return ncleaner_share_open(with_data_dir(args, argc, argv), args, error);
}

/* A cleaner with `argv` after --data-dir, on `share` or (NULL) alone. */
static ncleaner *cleaner_with(ncleaner_share *share, int argc, const char *const argv[],
			      ncleaner_error *error)
{
	const char *args[MAX_ARGS];
	int n = with_data_dir(args, argc, argv);
	return share ? ncleaner_open_shared(share, n, args, error) : ncleaner_open(n, args, error);
}

/* What ncleaner_format() gives for the page (NULL on failure), freed with free(). */
static char *formatted(ncleaner *c)
{
	char *text, *copy;
	ncleaner_error error;
	if (!c || ncleaner_format(c, page, page_len, "http://example.org/", &text, NULL,
				  &error) < 0)
		return NULL;
	copy = strdup(text);
	ncleaner_free(text);
	return copy;
}

struct shared_run {
	ncleaner_share *share;
	char *result[3];
};

static void *clean_on_share(void *data)
{
	struct shared_run *run = data;
	static const char *const scores[] = { "--scores" };
	ncleaner_error error;
	ncleaner *c = cleaner_with(run->share, 1, scores, &error);
	for (int i = 0; i < 3; i++)
		run->result[i] = formatted(c);
	ncleaner_close(c);
	return NULL;
}

/* Cleaners opened on a share clean byte for byte as cleaners that load
 * their own model: each configuration's output with the costs (--scores),
 * two cleaners each. */
static void check_share_output(void)
{
	static const char *const configurations[][4] = {
		{ "--scores", NULL },
		{ "--scores", "--method", "ncleaner", NULL },
		{ "--scores", "--method=perplexity", NULL },
		{ "--scores", "--renderer", "builtin", NULL },
	};
	for (size_t k = 0; k < sizeof(configurations) / sizeof(configurations[0]); k++) {
		const char *const *argv = configurations[k];
		int argc = 0;
		while (argv[argc])
			argc++;
		ncleaner_error error;
		ncleaner_share *share = share_with(argc, argv, &error);
		if (!share)
			diag("%s", error.message);
		ncleaner *alone = cleaner_with(NULL, argc, argv, &error);
		ncleaner *first = share ? cleaner_with(share, argc, argv, &error) : NULL;
		ncleaner *second = share ? cleaner_with(share, argc, argv, &error) : NULL;
		char *want = formatted(alone), *got1 = formatted(first), *got2 = formatted(second);
		ok(want && got1 && got2 && !strcmp(want, got1) && !strcmp(want, got2),
		   "two cleaners on one share (%s) clean as one that loads its own",
		   argc > 1 ? argv[argc - 1] : "the default");
		ok(first && !strcmp(ncleaner_warnings(first), ncleaner_warnings(alone)),
		   "...with its warnings");
		free(want), free(got1), free(got2);
		ncleaner_close(alone);
		ncleaner_close(first);
		ncleaner_close(second);
		ncleaner_share_close(share);
	}
}

static void fails_with(int code, const char *needle, const char *title, ncleaner *c,
		       ncleaner_error *error);

static void check_share(void)
{
	ncleaner_error error;
	static const char *const none[] = { NULL };

	check_share_output();

	/* Two threads, a cleaner each, on one share. */
	ncleaner_share *share = share_with(0, none, &error);
	ok(share != NULL, "the default share opens");
	if (!share)
		bail(error.message);
	static const char *const scores[] = { "--scores" };
	ncleaner *alone = cleaner_with(NULL, 1, scores, &error);
	char *want = formatted(alone);
	ncleaner_close(alone);
	struct shared_run runs[2] = { { .share = share }, { .share = share } };
	pthread_t threads[2];
	for (int t = 0; t < 2; t++)
		pthread_create(&threads[t], NULL, clean_on_share, &runs[t]);
	for (int t = 0; t < 2; t++)
		pthread_join(threads[t], NULL);
	int same = want != NULL;
	for (int t = 0; t < 2; t++)
		for (int i = 0; i < 3; i++) {
			same &= runs[t].result[i] && !strcmp(runs[t].result[i], want);
			free(runs[t].result[i]);
		}
	ok(same, "two threads' cleaners on one share clean as one alone, page after page");

	/* What the share did not load is refused, saying what differs. */
	static const char *const method[] = { "--method", "ncleaner" };
	fails_with(NCLEANER_ERR_USAGE, "the share holds the logistic method, and these options "
		   "choose ncleaner", "a cleaner choosing another method is refused",
		   cleaner_with(share, 2, method, &error), &error);
	static const char *const model[] = { "-m", "article" };
	fails_with(NCLEANER_ERR_USAGE, "the share holds the model", "...another model",
		   cleaner_with(share, 2, model, &error), &error);
	ok(strstr(error.message, "models/logistic.model") &&
	   strstr(error.message, "choose") && strstr(error.message, "models/article.model"),
	   "...naming both");
	char model_path[4200];
	snprintf(model_path, sizeof(model_path), "%s/models/logistic.model", data_dir);
	const char *other_dir[] = { "--data-dir", "/nonexistent", "-m", model_path };
	fails_with(NCLEANER_ERR_USAGE, "the data directory", "...another data directory",
		   ncleaner_open_shared(share, 4, other_dir, &error), &error);
	ncleaner_share *ngram = share_with(2, method, &error);
	static const char *const q[] = { "--method", "ncleaner", "-q", "0.5" };
	fails_with(NCLEANER_ERR_USAGE, "-q differs from the share's", "...another method setting",
		   ngram ? cleaner_with(ngram, 4, q, &error) : NULL, &error);
	fails_with(NCLEANER_ERR_USAGE, "the share holds the ncleaner method, and these options "
		   "choose logistic", "...leaving out the share's --method chooses the default",
		   ngram ? cleaner_with(ngram, 0, none, &error) : NULL, &error);
	ncleaner_share_close(ngram);
	fails_with(NCLEANER_ERR_USAGE, "unknown option '--jobs'", "a cleaner's bad option, as "
		   "ncleaner_open() says it", ncleaner_open_shared(share, 1,
		   (const char *const[]){ "--jobs" }, &error), &error);
	fails_with(NCLEANER_ERR_USAGE, "ncleaner_open_shared: the share is NULL",
		   "a NULL share is a usage error", ncleaner_open_shared(NULL, 0, NULL, &error),
		   &error);
	static const char *const dump[] = { "--dump" };
	ok(!share_with(1, dump, &error) && error.code == NCLEANER_ERR_USAGE &&
	   strstr(error.message, "--dump loads no method"), "a share of --dump is refused");

	/* The cleaner's own: its decider, format, --no-lm. */
	static const char *const own[] = { "-b", "1", "-f", "jsonl" };
	ncleaner *c = cleaner_with(share, 4, own, &error);
	alone = cleaner_with(NULL, 4, own, &error);
	char *got = formatted(c), *want_own = formatted(alone);
	ok(got && want_own && !strcmp(got, want_own), "a cleaner's own bias and format on a share");
	free(got), free(want_own);
	ncleaner_close(alone);
	ncleaner_close(c);
	static const char *const no_lm[] = { "--no-lm" };
	c = cleaner_with(share, 1, no_lm, &error);
	ok(c != NULL, "a cleaner without a method borrows nothing and opens");
	ncleaner_close(c);

	/* Closing: the share first, its cleaner cleans on; the share last. */
	c = cleaner_with(share, 1, scores, &error);
	ncleaner_share_close(share);
	got = formatted(c);
	ok(got && want && !strcmp(got, want), "a cleaner outlives its share's closing");
	free(got);
	ncleaner_close(c);
	share = share_with(0, none, &error);
	c = cleaner_with(share, 0, none, &error);
	ncleaner_close(c);
	c = share ? cleaner_with(share, 0, none, &error) : NULL;
	ok(c != NULL, "a share outlives its cleaners' closing");
	ncleaner_share_close(share);
	ncleaner_close(c);
	ncleaner_share_close(NULL);
	free(want);
}

static void fails_with(int code, const char *needle, const char *title, ncleaner *c,
		       ncleaner_error *error)
{
	ok(!c && error->code == code && strstr(error->message, needle), "%s", title);
	if (c || error->code != code || !strstr(error->message, needle))
		diag("code %d: %s", error->code, error->message);
	ncleaner_close(c);
}

int main(void)
{
	ncleaner_error error;
	const ncleaner_segment *segments;
	size_t count;

	snprintf(data_dir, sizeof(data_dir), "%s", getenv("top_srcdir") ? getenv("top_srcdir") : "..");
	page = read_fixture("t5000/page.html", &page_len);

	is_int(ncleaner_api_version(), NCLEANER_API_VERSION, "the library's API version is the header's");

	/* Options. */
	ncleaner *c = open_with(&error, "-b", "0.2", "--method=ncleaner", "-n3", NULL);
	ok(c != NULL, "options apart, with = and inline are read");
	ncleaner_close(c);
	fails_with(NCLEANER_ERR_USAGE, "unknown option '--jobs'", "a program's option is refused",
		   open_with(&error, "--jobs", "2", NULL), &error);
	fails_with(NCLEANER_ERR_USAGE, "--bias expects a finite number, not 'x'",
		   "a bad value, with the program's message", open_with(&error, "--bias=x", NULL), &error);
	fails_with(NCLEANER_ERR_USAGE, "needs a value", "a value missing at the end",
		   open_with(&error, "--model", NULL), &error);
	fails_with(NCLEANER_ERR_USAGE, "takes no value", "a value given to a flag",
		   open_with(&error, "--nonlex=yes", NULL), &error);
	fails_with(NCLEANER_ERR_USAGE, "is not an option", "a file name",
		   open_with(&error, "page.html", NULL), &error);
	fails_with(NCLEANER_ERR_USAGE, "does not apply", "an option no chosen stage reads",
		   open_with(&error, "--max-kl", "2", NULL), &error);
	fails_with(NCLEANER_ERR_IO, "missing.model", "a missing model, named",
		   open_with(&error, "-m", "/nonexistent/missing.model", NULL), &error);
	fails_with(NCLEANER_ERR_USAGE, "--scores goes with", "--scores with --format text",
		   open_with(&error, "--scores", "-f", "text", NULL), &error);
	fails_with(NCLEANER_ERR_USAGE, "not a charset", "an unknown --encoding",
		   open_with(&error, "--encoding", "no-such-charset", NULL), &error);

	/* A page. */
	c = open_with(&error, NULL);
	ok(c != NULL, "the default cleaner opens");
	if (!c)
		bail(error.message);
	is_string(ncleaner_warnings(c), "", "...without warnings");
	ok(ncleaner_clean(c, page, page_len, NULL, &segments, &count, &error) == 0 && count > 3,
	   "a page cleans to its segments");
	size_t kept = 0, dropped = 0, headings = 0, lengths_ok = 1;
	for (size_t i = 0; i < count; i++) {
		const ncleaner_segment *s = ncleaner_segment_at(segments, i);
		size_t length;
		kept += ncleaner_segment_kept(s);
		dropped += !ncleaner_segment_kept(s);
		headings += ncleaner_segment_type(s) == 'h';
		lengths_ok &= strlen(ncleaner_segment_text(s, &length)) == length;
	}
	ok(lengths_ok, "...each NUL-terminated at its length");
	ok(kept > 0, "...the story's kept (%zu kept, %zu dropped)", kept, dropped);
	ok(ncleaner_segment_kept(ncleaner_segment_at(segments, 0)) ||
	   ncleaner_segment_kept(ncleaner_segment_at(segments, 1)), "...its first paragraph among them");
	{
		/* The kept flag is the decision: a threshold of 40 bits and no
		 * fallback keep nothing. */
		ncleaner *strict = open_with(&error, "--decider", "threshold", "-b", "40", NULL);
		const ncleaner_segment *none;
		size_t n = 0, kept_strict = 0;
		ok(strict && ncleaner_clean(strict, page, page_len, NULL, &none, &n, &error) == 0 &&
		   n == count, "...a cleaner of -b 40 and the threshold alone sees the same segments");
		for (size_t i = 0; strict && i < n; i++)
			kept_strict += ncleaner_segment_kept(ncleaner_segment_at(none, i));
		is_int((long long)kept_strict, 0, "...and keeps none of them");
		ncleaner_close(strict);
	}
	ok(headings > 0, "...a heading among them");
	double cost_clean = ncleaner_segment_cost_clean(ncleaner_segment_at(segments, 0));
	double cost_dirty = ncleaner_segment_cost_dirty(ncleaner_segment_at(segments, 0));
	ok(isfinite(cost_clean) && isfinite(cost_dirty) && cost_clean != cost_dirty,
	   "...with the method's costs");
	char *text;
	size_t text_len;
	ok(ncleaner_format(c, page, page_len, "http://example.com/given", &text, &text_len, &error) == 0,
	   "the page formats");
	ok(text && !strncmp(text, "URL: http://example.com/given\n", 30) && strlen(text) == text_len,
	   "...in CLEANEVAL format, under the URL given");
	ncleaner_free(text);
	ncleaner *json = open_with(&error, "-f", "jsonl", NULL);
	ok(json && ncleaner_format(json, page, page_len, NULL, &text, &text_len, &error) == 0 &&
	   strstr(text, "\"quality\":0.") != NULL, "JSONL: the default method's page quality");
	ncleaner_free(text);
	ncleaner_close(json);

	/* Metadata (issue 35): what the page last cleaned says of itself. */
	static const char meta_page[] =
		"<html lang=\"en-GB\"><head><title>Cheese | Daily</title>"
		"<link rel=\"canonical\" href=\"https://example.com/cheese\">"
		"<meta name=\"author\" content=\"Jane Roe\">"
		"<meta property=\"article:modified_time\" content=\"2021-03-05T09:00:00Z\">"
		"<meta property=\"og:site_name\" content=\"The Daily\">"
		"<meta name=\"description\" content=\"All about cheese.\"></head><body>"
		"<p>Cheese is a dairy product made in a wide range of flavours, textures and forms "
		"by coagulation of the milk protein casein, from the milk of cows and goats.</p>"
		"</body></html>";
	is_string(ncleaner_metadata(c, "author"), NULL, "metadata: the story names no author");
	ok(ncleaner_clean(c, meta_page, strlen(meta_page), NULL, &segments, &count, &error) == 0,
	   "a page with metadata cleans");
	is_string(ncleaner_metadata(c, "title"), "Cheese | Daily", "...its title (<title>)");
	is_string(ncleaner_metadata(c, "author"), "Jane Roe", "...its author");
	is_string(ncleaner_metadata(c, "date"), "2021-03-05T09:00:00Z",
		  "...its date (modified, when it gives no other)");
	is_string(ncleaner_metadata(c, "site_name"), "The Daily", "...its site's name");
	is_string(ncleaner_metadata(c, "description"), "All about cheese.", "...its description");
	is_string(ncleaner_metadata(c, "canonical_url"), "https://example.com/cheese",
		  "...its canonical URL");
	is_string(ncleaner_metadata(c, "language"), "en-GB", "...its declared language");
	is_string(ncleaner_metadata(c, "colour"), NULL, "...and nothing for another name");
	is_string(ncleaner_metadata(NULL, "title"), NULL, "ncleaner_metadata(NULL, ...) is NULL");
	is_string(ncleaner_metadata(c, NULL), NULL, "...and so is a NULL name");
	ok(ncleaner_format(c, meta_page, strlen(meta_page), NULL, &text, &text_len, &error) == 0 &&
	   !strncmp(text, "URL: https://example.com/cheese\n", 32),
	   "a page given no URL goes by its canonical URL");
	ncleaner_free(text);
	ok(ncleaner_clean(c, page, page_len, NULL, &segments, &count, &error) == 0 &&
	   ncleaner_metadata(c, "author") == NULL, "...the next page's metadata are its own");

	/* A page that fails, then one that does not. */
	ok(ncleaner_clean(c, page, (size_t)65 << 20, NULL, &segments, &count, &error) < 0 &&
	   error.code == NCLEANER_ERR_LIMIT && count == 0 && segments == NULL,
	   "a page over 64 MiB fails with NCLEANER_ERR_LIMIT, no segments");
	is_string(ncleaner_metadata(c, "title"), NULL, "...and no metadata");
	ok(ncleaner_clean(c, NULL, 10, NULL, &segments, &count, &error) < 0 &&
	   error.code == NCLEANER_ERR_USAGE, "NULL bytes fail");
	char *after = kept_text(c, page, page_len);
	ncleaner_close(c);
	c = open_with(&error, NULL);
	char *fresh = kept_text(c, page, page_len);
	ok(after && fresh && !strcmp(after, fresh),
	   "after a failure the cleaner cleans as a fresh one does");
	ok(ncleaner_clean(c, "", 0, NULL, &segments, &count, &error) == 0 && count == 0,
	   "an empty page has no segments");
	ncleaner_close(c);

	/* Misuse that C can see (issue 36): usage errors, never a crash. What
	 * it cannot see (a cleaner closed twice) is documented in ncleaner.h. */
	c = open_with(&error, NULL);
	segments = (const ncleaner_segment *)page;
	count = 7;
	ok(ncleaner_clean(NULL, page, page_len, NULL, &segments, &count, &error) < 0 &&
	   error.code == NCLEANER_ERR_USAGE && strstr(error.message, "ncleaner_clean: the cleaner is NULL") &&
	   segments == NULL && count == 0, "ncleaner_clean(NULL, ...): a usage error naming it");
	ok(ncleaner_clean(c, page, page_len, NULL, NULL, &count, &error) < 0 &&
	   error.code == NCLEANER_ERR_USAGE && strstr(error.message, "segments is NULL"),
	   "...segments NULL: a usage error");
	ok(ncleaner_clean(c, page, page_len, NULL, &segments, NULL, &error) < 0 &&
	   error.code == NCLEANER_ERR_USAGE && strstr(error.message, "count is NULL"),
	   "...count NULL: a usage error");
	ok(ncleaner_clean(NULL, page, page_len, NULL, NULL, NULL, NULL) < 0,
	   "...all NULL, error too: -1");
	text = page;
	ok(ncleaner_format(NULL, page, page_len, NULL, &text, &text_len, &error) < 0 &&
	   error.code == NCLEANER_ERR_USAGE && strstr(error.message, "ncleaner_format: the cleaner is NULL") &&
	   text == NULL, "ncleaner_format(NULL, ...): a usage error");
	ok(ncleaner_format(c, page, page_len, NULL, NULL, &text_len, &error) < 0 &&
	   error.code == NCLEANER_ERR_USAGE && strstr(error.message, "output is NULL"),
	   "...output NULL: a usage error");
	ok(ncleaner_format(c, page, page_len, NULL, &text, NULL, &error) == 0 && text &&
	   !strncmp(text, "URL: ", 5) && strstr(text, "\n<p>"), "...output_length NULL: not wanted, the page formats");
	ncleaner_free(text);
	is_string(ncleaner_warnings(NULL), "", "ncleaner_warnings(NULL) is \"\"");
	ncleaner_close(NULL);
	ok(ncleaner_clean(c, page, page_len, NULL, &segments, &count, &error) == 0 && count > 3,
	   "...and the cleaner still cleans");
	ncleaner_close(c);

	/* --dump and --text. */
	c = open_with(&error, "--dump", NULL);
	ok(c && ncleaner_clean(c, page, page_len, NULL, &segments, &count, &error) < 0 &&
	   strstr(error.message, "ncleaner_format"), "--dump: no segments, say so");
	ok(c && ncleaner_format(c, page, page_len, NULL, &text, &text_len, &error) == 0 &&
	   strstr(text, "Harbour"), "--dump: ncleaner_format() gives the dump");
	ncleaner_free(text);
	ncleaner_close(c);
	c = open_with(&error, "--text", "--no-lm", NULL);
	const char *dump = "A paragraph of running text in a dump.\n\nAnother one.\n";
	ok(c && ncleaner_clean(c, dump, strlen(dump), NULL, &segments, &count, &error) == 0 &&
	   count == 2 && !strcmp(ncleaner_segment_text(ncleaner_segment_at(segments, 1), NULL),
				 "Another one.") &&
	   ncleaner_segment_kept(ncleaner_segment_at(segments, 1)),
	   "--text --no-lm: a dump's paragraphs, all kept");
	ncleaner_close(c);

	/* The accessors for bindings read what the structs hold. */
	is_int((long)ncleaner_error_size(), (long)sizeof(ncleaner_error), "ncleaner_error_size()");
	open_with(&error, "--bias=x", NULL);
	is_int(ncleaner_error_code(&error), NCLEANER_ERR_USAGE, "ncleaner_error_code()");
	is_string(ncleaner_error_message(&error), error.message, "ncleaner_error_message()");
	is_int(ncleaner_error_code(NULL), NCLEANER_ERR_USAGE, "...of NULL: a usage error");
	/* The getters read every field: the page's segments written from them
	 * as --scores writes them (sink/format-cleaneval.c) are its output. */
	c = open_with(&error, "--method", "perplexity", "--scores", NULL);
	ok(c && ncleaner_format(c, page, page_len, NULL, &text, &text_len, &error) == 0 &&
	   strchr(text, '\n'), "--scores --method perplexity: the page formats");
	segments = ncleaner_page_segments(c, &count);
	char *scores = calloc(1, 1);
	size_t scores_len = 0;
	int continued = 0;
	for (size_t i = 0; scores && i < count; i++) {
		const ncleaner_segment *s = ncleaner_segment_at(segments, i);
		size_t length;
		const char *piece = ncleaner_segment_text(s, &length);
		char line[256];
		int n = snprintf(line, sizeof(line), "%.4f\t%.4f\t%s\t",
				 ncleaner_segment_cost_clean(s), ncleaner_segment_cost_dirty(s),
				 ncleaner_segment_kept(s) ? "keep" : "drop");
		if (ncleaner_segment_continues(s))
			n += snprintf(line + n, sizeof(line) - (size_t)n, "+");
		else
			n += snprintf(line + n, sizeof(line) - (size_t)n, "<%c>",
				      ncleaner_segment_type(s));
		continued += ncleaner_segment_continues(s);
		char *grown = realloc(scores, scores_len + (size_t)n + length + 2);
		if (!grown)
			break;
		scores = grown;
		memcpy(scores + scores_len, line, (size_t)n);
		memcpy(scores + scores_len + n, piece, length);
		scores_len += (size_t)n + length;
		scores[scores_len++] = '\n';
		scores[scores_len] = '\0';
	}
	is_string(scores ? scores : "", text && strchr(text, '\n') ? strchr(text, '\n') + 1 : "",
		  "ncleaner_segment_at() and its getters read every field, as --scores writes them");
	ok(continued > 0, "...pieces that continue their segment among them");
	free(scores);
	ncleaner_free(text);
	ncleaner_close(c);
	size_t length = 1;
	ok(ncleaner_segment_at(NULL, 3) == NULL && !strcmp(ncleaner_segment_text(NULL, &length), "") &&
	   length == 0 && ncleaner_segment_type(NULL) == 0 && ncleaner_segment_kept(NULL) == 0,
	   "...a NULL segment reads as an empty one");

	/* --language: a page in another language formats to nothing. */
	fails_with(NCLEANER_ERR_USAGE, "--language: 'zz'", "--language with a code of no language",
		   open_with(&error, "--language", "zz", NULL), &error);
	c = open_with(&error, "--language", "de,fr", NULL);
	ok(c && ncleaner_format(c, page, page_len, NULL, &text, &text_len, &error) == 0 &&
	   text_len == 0 && !strcmp(text, ""), "--language de,fr: an English page writes nothing");
	ncleaner_free(text);
	ok(c && ncleaner_clean(c, page, page_len, NULL, &segments, &count, &error) == 0 && count > 3,
	   "...but still cleans to its segments");
	ncleaner_close(c);
	c = open_with(&error, "--language=eng", NULL);
	ok(c && ncleaner_format(c, page, page_len, NULL, &text, &text_len, &error) == 0 &&
	   strstr(text, "Harbour"), "--language=eng: the English page is written");
	ncleaner_free(text);
	ncleaner_close(c);

	/* Two cleaners in two threads. */
	struct thread_run runs[2];
	pthread_t threads[2];
	for (int t = 0; t < 2; t++)
		pthread_create(&threads[t], NULL, clean_five_times, &runs[t]);
	for (int t = 0; t < 2; t++)
		pthread_join(threads[t], NULL);
	int same = 1;
	for (int t = 0; t < 2; t++)
		for (int i = 0; i < 5; i++) {
			same &= runs[t].result[i] && !strcmp(runs[t].result[i], fresh);
			free(runs[t].result[i]);
		}
	ok(same, "two cleaners in two threads clean as one alone, page after page");
	check_page_facts(page, page_len);
	check_batch();
	check_share();
	free(after);
	free(fresh);
	free(page);
	return done_testing();
}
