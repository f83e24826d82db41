/* progress.c: progress, summary and --stats (see progress.h). */
#include "cli/progress.h"
#include "cli/cli.h"
#include "base/file.h"
#include "base/strbuf.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

double progress_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void progress_start(struct progress *p, const char *program, int draw, int jobs,
		    const struct input_source *inputs, uint64_t total_inputs, uint64_t total_bytes)
{
	memset(p, 0, sizeof(*p));
	p->program = program;
	p->draw = draw;
	p->jobs = jobs;
	p->terminal = isatty(STDERR_FILENO);
	p->inputs = inputs;
	p->total_inputs = total_inputs;
	p->total_bytes = total_bytes;
	p->started = p->pass_started = progress_now();
}

/* "1 page", "2 pages". */
static const char *plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void format_seconds(char *buf, size_t size, double s)
{
	if (s < 0 || s > 1e7)
		snprintf(buf, size, "--:--");
	else if (s >= 3600)
		snprintf(buf, size, "%d:%02d:%02d", (int)s / 3600, (int)s / 60 % 60, (int)s % 60);
	else
		snprintf(buf, size, "%d:%02d", (int)s / 60, (int)s % 60);
}

/* The columns of the terminal on standard error: TIOCGWINSZ, else
 * $COLUMNS, else 80. */
static size_t terminal_width(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	const char *columns = getenv("COLUMNS");
	long n = columns ? strtol(columns, NULL, 10) : 0;
	return n > 10 && n < 10000 ? (size_t)n : 80;
}

/* How far the pass under way is, 0 to 1: by bytes for archives (they hold
 * many pages), else by inputs. */
static double pass_done(const struct progress *p)
{
	uint64_t inputs_done = 0, bytes_done = 0;
	if (p->inputs)
		input_source_progress(p->inputs, &inputs_done, &bytes_done);
	int by_bytes = p->total_bytes && p->inputs && input_source_counts(p->inputs)->archives;
	double done = by_bytes ? (double)bytes_done / (double)p->total_bytes
			       : p->total_inputs ? (double)inputs_done / (double)p->total_inputs : 0;
	return done > 1 ? 1 : done;
}

/* The whole run as a frame shows it (progress.h). */
struct estimate {
	double done;            /* the share of the run done, 0 to 1 */
	double total;           /* its time in all, in seconds; 0: not known yet */
	double pages, bytes;    /* through both passes: each pass's, weighed by its share */
};

static void estimate(struct progress *p, double now, int final, struct estimate *e)
{
	double done = pass_done(p), in_pass = now - p->pass_started;
	double pass_total = (final || in_pass >= PROGRESS_MIN_SECONDS) && done > 0
			    ? in_pass / done : 0;
	if (p->first.seconds > 0) {   /* the second pass: the first's time is known */
		double first = p->first.seconds;
		double second = pass_total ? pass_total : p->first.later_cost * first;
		double weight = first / (first + second);
		e->total = first + second;
		e->done = weight + done * (1 - weight);
		e->pages = (double)p->first.pages * weight + (double)p->pages * (1 - weight);
		e->bytes = (double)p->first.bytes * weight + (double)p->page_bytes * (1 - weight);
	} else {   /* the first pass or the only one */
		double weight = 1 / (1 + p->later_cost);
		e->total = pass_total / weight;
		e->done = done * weight;
		e->pages = (double)p->pages * weight;
		e->bytes = (double)p->page_bytes * weight;
	}
	if (final && !p->later_cost)
		e->done = 1;   /* the run is over (inputs skipped or failed included) */
	if (e->done < p->shown)
		e->done = p->shown;   /* never back */
	if (e->done > 1)
		e->done = 1;
	p->shown = e->done;
	if (!final && now - p->started < PROGRESS_MIN_SECONDS)
		e->total = 0;   /* too early to tell */
}

static void draw(struct progress *p, int force)
{
	double now = progress_now(), elapsed = now - p->started;

	if (!p->draw || (!force && now - p->last_draw < (p->terminal ? 0.2 : 10)))
		return;
	p->last_draw = now;
	struct estimate e;
	estimate(p, now, force, &e);
	char bar[21], elapsed_s[16], eta_s[16];
	int filled = (int)(e.done * 20);
	for (int i = 0; i < 20; i++)
		bar[i] = i < filled ? '#' : '.';
	bar[20] = '\0';
	format_seconds(elapsed_s, sizeof(elapsed_s), elapsed);
	format_seconds(eta_s, sizeof(eta_s), e.total > elapsed ? e.total - elapsed : 0);

	/* The fields, least wanted last: on a narrow terminal they are dropped
	 * from the end of this list until the line fits, so that it never
	 * wraps (a wrapped line scrolls at every redraw). Without an estimate
	 * yet, the rates and the ETA are left out. */
	char fields[7][64] = { { 0 } };
	snprintf(fields[0], 64, "%3.0f%% %" PRIu64 " %s", e.done * 100, p->pages,
		 plural(p->pages, "page", "pages"));
	if (e.total > 0) {
		snprintf(fields[1], 64, "ETA %s", eta_s);
		snprintf(fields[3], 64, "%.1f pages/s", elapsed > 0 ? e.pages / elapsed : 0);
		snprintf(fields[6], 64, "%.1f MB/s", elapsed > 0 ? e.bytes / 1e6 / elapsed : 0);
	}
	snprintf(fields[2], 64, "%" PRIu64 " failed", p->failed);
	snprintf(fields[4], 64, "[%s]", bar);
	snprintf(fields[5], 64, "%s", elapsed_s);
	static const int order[] = { 4, 0, 3, 6, 5, 1, 2 };   /* as shown */
	size_t width = p->terminal ? terminal_width() : SIZE_MAX;
	struct strbuf line = STRBUF_INIT;
	for (int shown = 7; shown >= 1; shown--) {
		strbuf_reset(&line);
		strbuf_addf(&line, "%s:", p->program);
		if (p->label)
			strbuf_addf(&line, " %s", p->label);
		size_t prefix = line.len;
		for (int i = 0; i < 7; i++)
			if (order[i] < shown && fields[order[i]][0])
				strbuf_addf(&line, "%s%s", line.len > prefix &&
					    order[i] != 0 ? ", " : " ", fields[order[i]]);
		if (line.len < width)
			break;
	}
	if (line.len >= width)
		strbuf_setlen(&line, width - 1);
	if (p->terminal) {   /* over the line before, however long it was */
		size_t len = line.len;
		while (line.len < p->last_len)
			strbuf_addch(&line, ' ');
		p->last_len = len;
		fprintf(stderr, "\r%s", line.buf);
	} else {
		fprintf(stderr, "%s\n", line.buf);
	}
	strbuf_release(&line);
	p->line_shown = p->terminal;
}

/* End the progress line before a message of its own. */
static void clear_line(struct progress *p)
{
	if (p->line_shown)
		fputc('\n', stderr);
	p->line_shown = 0;
}

void progress_report(struct progress *p, const struct run_report *report)
{
	if (report->notice) {   /* an input passed over: counted by the source */
		clear_line(p);
		if (!p->quiet)
			cli_print(p->program, "%s", report->notice);
		return;
	}
	if (report->failed) {
		clear_line(p);
		cli_print(p->program, "%s", report->error->message);
	}
	if (report->lost) {   /* pages counted as done that are lost after all */
		p->failed += report->lost;
		draw(p, 0);
		return;
	}
	p->pages++;   /* an input that failed to open was meant to be a page */
	if (report->failed) {
		p->failed++;
	} else if (report->stats) {
		p->words += report->stats->counts.words;
		p->kept_words += report->stats->counts.kept_words;
		p->page_bytes += report->stats->bytes;
		p->charset_fallbacks += report->stats->charset_fallback != 0;
		p->truncated += report->stats->truncated != 0;
		p->skipped[report->stats->skipped]++;
		p->fallback += report->stats->counts.rescued != 0;
		p->site_dropped += report->stats->site_dropped;
	}
	draw(p, 0);
}

void progress_end_line(struct progress *p)
{
	clear_line(p);
}

void progress_first_pass(struct progress *p, const char *label, double later_cost)
{
	p->label = label;
	p->later_cost = later_cost > 0 ? later_cost : 0;
}

void progress_end_pass(struct progress *p, struct progress_pass *first)
{
	draw(p, 1);
	clear_line(p);
	*first = (struct progress_pass){
		.started = p->started, .seconds = progress_now() - p->started, .pages = p->pages,
		.bytes = p->page_bytes, .later_cost = p->later_cost, .shown = p->shown,
	};
	if (first->seconds <= 0)
		first->seconds = 1e-9;   /* `seconds` 0 says there was no first pass */
}

void progress_second_pass(struct progress *p, const char *label,
			  const struct progress_pass *first)
{
	p->label = label;
	p->first = *first;
	p->started = first->started;
	p->shown = first->shown;
}

static double kept_share(const struct progress *p)
{
	return p->words ? 100.0 * (double)p->kept_words / (double)p->words : 0;
}

void progress_summary(struct progress *p, FILE *out)
{
	draw(p, 1);
	clear_line(p);
	const struct input_counts *c = p->inputs ? input_source_counts(p->inputs) : NULL;
	fprintf(out, "%s: %" PRIu64 " %s, %" PRIu64 " failed", p->program, p->pages,
		plural(p->pages, "page", "pages"), p->failed);
	if (c && c->binary)
		fprintf(out, ", %" PRIu64 " binary %s skipped", c->binary,
			plural(c->binary, "input", "inputs"));
	if (c && c->existing)
		fprintf(out, ", %" PRIu64 " %s skipped as done before", c->existing,
			plural(c->existing, "input", "inputs"));
	if (c && c->empty_archives)
		fprintf(out, ", %" PRIu64 " %s without pages", c->empty_archives,
			plural(c->empty_archives, "archive", "archives"));
	if (c && c->records_skipped)
		fprintf(out, ", %" PRIu64 " archive %s without pages", c->records_skipped,
			plural(c->records_skipped, "record", "records"));
	for (int skip = SINK_WRITTEN + 1; skip < SINK_SKIPS; skip++)
		if (p->skipped[skip])
			fprintf(out, ", %" PRIu64 " %s (not written)", p->skipped[skip],
				sink_skip_names(skip)->phrase);
	if (p->fallback)
		fprintf(out, ", %" PRIu64 " decided by the fallback", p->fallback);
	if (p->truncated)
		fprintf(out, ", %" PRIu64 " from truncated records", p->truncated);
	if (p->site_dropped)
		fprintf(out, ", %" PRIu64 " %s dropped as site furniture", p->site_dropped,
			plural(p->site_dropped, "segment", "segments"));
	/* No words segmented (--dump, or only empty pages): no share to report. */
	if (p->words)
		fprintf(out, "; %.1f%% of %" PRIu64 " words kept", kept_share(p), p->words);
	fprintf(out, "; %.1f s\n", progress_now() - p->started);
}

/* The figures as one JSON object. */
static void format_stats(const struct progress *p, struct strbuf *out)
{
	const struct input_counts *c = p->inputs ? input_source_counts(p->inputs) : NULL;
	const struct input_counts none = { 0 };
	if (!c)
		c = &none;
	strbuf_addf(out, STATS_FILE_MAGIC "%" PRIu64 ",\"failed\":%" PRIu64 ",\"inputs\":%" PRIu64
		    ",\"archives\":%" PRIu64 ",\"binary_skipped\":%" PRIu64
		    ",\"existing_skipped\":%" PRIu64 ",\"records_skipped\":%" PRIu64
		    ",\"broken_archives\":%" PRIu64 ",\"empty_archives\":%" PRIu64
		    ",\"bytes\":%" PRIu64 ",\"words\":%" PRIu64 ",\"kept_words\":%" PRIu64
		    ",\"kept_words_percent\":%.2f,\"charset_fallbacks\":%" PRIu64
		    ",\"truncated_records\":%" PRIu64,
		    p->pages, p->failed,
		    c->inputs, c->archives, c->binary, c->existing, c->records_skipped, c->broken,
		    c->empty_archives, p->page_bytes, p->words, p->kept_words, kept_share(p),
		    p->charset_fallbacks, p->truncated);
	for (int skip = SINK_WRITTEN + 1; skip < SINK_SKIPS; skip++)
		strbuf_addf(out, ",\"pages_%s\":%" PRIu64, sink_skip_names(skip)->key,
			    p->skipped[skip]);
	strbuf_addf(out, ",\"pages_fallback\":%" PRIu64
		    ",\"site_dropped_segments\":%" PRIu64 ",\"site_survey_failed\":%" PRIu64
		    ",\"site_survey_not_counted\":%" PRIu64 ",\"jobs\":%d,\"seconds\":%.3f}\n",
		    p->fallback, p->site_dropped, p->site_survey_failed,
		    p->site_survey_not_counted, p->jobs, progress_now() - p->started);
}

int stats_path_in_place(const char *path)
{
	struct stat st;
	return (stat(path, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) ||
	       !strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6);
}

int stats_file_open(struct stats_file *stats, const char *path, struct nc_error *err)
{
	memset(stats, 0, sizeof(*stats));
	stats->path = path;
	atomic_file_init(&stats->file);
	if (stats_path_in_place(path)) {
		/* /dev/stdout, a pipe: written to, never replaced by a file (and
		 * not opened yet: a FIFO would block until its reader comes). */
		stats->in_place = 1;
		if (access(path, W_OK) != 0)
			return nc_error_set(err, NC_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
		return 0;
	}
	return atomic_file_open(&stats->file, path, err);
}

void stats_file_abort(struct stats_file *stats)
{
	atomic_file_abort(&stats->file);
}

int progress_write_stats(struct progress *p, struct stats_file *stats)
{
	struct strbuf json = STRBUF_INIT;
	struct nc_error err = { 0 };
	int ret = 0;

	format_stats(p, &json);
	if (stats->in_place) {
		FILE *f = fopen(stats->path, "a");   /* /dev/stderr may be a log file */
		int written = f && fwrite(json.buf, 1, json.len, f) == json.len;
		if (!f || fclose(f) != 0 || !written) {
			cli_print(p->program, "--stats: %s: %s", stats->path, strerror(errno));
			ret = -1;
		}
	} else if (fwrite(json.buf, 1, json.len, stats->file.stream) != json.len ||
		   atomic_file_commit(&stats->file, &err) < 0) {
		atomic_file_abort(&stats->file);
		cli_print(p->program, "--stats: %s", err.message[0] ? err.message : stats->path);
		ret = -1;
	}
	strbuf_release(&json);
	return ret;
}
