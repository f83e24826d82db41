/* progress.h: what a long run tells its user as it goes, and at the end.
 *
 * On a terminal, a line redrawn at most five times a second: a bar, pages
 * done of the total (or, for archives, bytes read of the total), pages/s,
 * MB/s, elapsed time, the ETA, and failures. Elsewhere (a log file under
 * nohup, a pipe) the same figures as a whole line every ten seconds, so
 * that the log reads well and does not grow with every page. At the end one summary line
 * (pages, failures, the share of words kept, the time), and, on request,
 * the same as a JSON object in a file (--stats). Messages printed during
 * the run go on a line of their own (progress_end_line() first).
 *
 * A run of two passes over its inputs (--site-repetition: the site survey,
 * then the cleaning) shows both on one scale: each line names its pass
 * ("surveying sites", "cleaning"), and the bar, the share done, the rate
 * and the ETA are the whole run's (the rate: each pass's pages weighed by
 * its share of the time, a second; in the closing frame, the pages over
 * the whole time).
 * The passes differ in cost (the survey renders each page, the cleaning
 * takes the dump back and scores it), so a pass weighs what it takes in
 * time: the first pass by the time it took, the pass under way by its own
 * rate once it has run PROGRESS_MIN_SECONDS, and the second pass before it
 * starts by an estimate the caller gives (`later_cost`). The share shown
 * never goes back (a pass slower than its estimate holds it still). No rate
 * and no ETA are shown before the run has PROGRESS_MIN_SECONDS behind it
 * (then they are a guess from a page or two), but in the closing frame.
 */
#ifndef NC_PROGRESS_H
#define NC_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

#include "base/file.h"
#include "pipeline/runner.h"
#include "source/input-source.h"

/* Rates and ETAs need this much of the run behind them: a first frame,
 * drawn at the first page, would show a rate from one page, and an ETA
 * that the next frame contradicts. */
#define PROGRESS_MIN_SECONDS 1.0

/* What the second of two passes needs of the first (progress_end_pass()). */
struct progress_pass {
	double started, seconds;   /* when the first pass began, and how long it took */
	uint64_t pages, bytes;     /* its pages, and their bytes */
	double later_cost;         /* the second pass's estimated time, a multiple of
				      the first's */
	double shown;              /* the share of the run shown last */
};

struct progress {
	const char *program;
	const char *label;          /* the pass under way, or NULL: a run of one pass */
	double later_cost;          /* the first of two passes: the second's estimated time,
				       a multiple of this one's (0: no second pass) */
	struct progress_pass first; /* the second of two passes: the first's (`seconds` 0:
				       there was none) */
	double pass_started;        /* when this pass began (`started`: the run) */
	double shown;               /* the share of the run shown last */
	int draw;                   /* report progress at all */
	int quiet;                  /* --quiet: no notices (inputs passed over), errors only */
	int terminal;               /* ...redrawing one line (standard error is a terminal) */
	size_t last_len;            /* of the line drawn last */
	uint64_t total_inputs, total_bytes;
	uint64_t pages, failed;
	uint64_t words, kept_words, page_bytes;
	uint64_t charset_fallbacks;   /* pages whose declared charset was passed over */
	uint64_t truncated;           /* pages of records marked WARC-Truncated */
	uint64_t skipped[SINK_SKIPS]; /* pages not written, by why (page-filter.h: no text
					 for JSONL or WET, another language, a low quality) */
	uint64_t fallback;            /* pages decided again by the fallback (decider.h) */
	uint64_t site_dropped;        /* segments dropped as recurring on their site */
	uint64_t site_survey_failed;  /* --site-repetition: pages the survey could not
					 count (they failed there) */
	uint64_t site_survey_not_counted;   /* ...segments past its limits */
	double started, last_draw;
	int line_shown;
	const struct input_source *inputs;
	int jobs;                   /* workers, reported in --stats */
};

void progress_start(struct progress *p, const char *program, int draw, int jobs,
		    const struct input_source *inputs, uint64_t total_inputs, uint64_t total_bytes);

/* This progress is the first of two passes, named `label`; the second is
 * expected to take `later_cost` times as long as this one. */
void progress_first_pass(struct progress *p, const char *label, double later_cost);

/* The first pass is over: its closing frame is drawn, its line ended, and
 * what the second pass needs of it is in `first`. */
void progress_end_pass(struct progress *p, struct progress_pass *first);

/* This progress (just started) is the second pass, named `label`, after
 * `first`: the run's time counts from the first's start. */
void progress_second_pass(struct progress *p, const char *label,
			  const struct progress_pass *first);

/* A page done (runner.h); prints a failure's message. */
void progress_report(struct progress *p, const struct run_report *report);

/* End the progress line drawn, if any, so that a message has a line of its
 * own. */
void progress_end_line(struct progress *p);

/* The summary line; `counts` adds what was skipped. */
void progress_summary(struct progress *p, FILE *out);

/* --stats FILE: made ready before the run, so that a FILE that cannot be
 * written fails before any work, and written at its end. A regular file is
 * written whole or not at all (an atomic_file, created at once: the caller
 * registers it with the signal handler); a character device or a FIFO (a
 * pipe), and anything under /dev or /proc (/dev/stderr, whatever it leads
 * to), is written in place at the end. */
struct stats_file {
	const char *path;
	int in_place;               /* a device or FIFO */
	struct atomic_file file;    /* otherwise */
};

/* The first bytes of every stats file (how an earlier one is recognised). */
#define STATS_FILE_MAGIC "{\"pages\":"

/* 1 when `path` is written in place (see above). */
int stats_path_in_place(const char *path);

/* Make `path` ready: -1 with `err` when it cannot be written. */
int stats_file_open(struct stats_file *stats, const char *path, struct nc_error *err);
/* Give it up (nothing is written). */
void stats_file_abort(struct stats_file *stats);

/* The run's figures as JSON, to `stats`; -1 on error (printed). */
int progress_write_stats(struct progress *p, struct stats_file *stats);

double progress_now(void);

#endif
