/* progress.h: what a long run tells its user as it goes, and at the end.
 *
 * On a terminal, a line redrawn at most five times a second: a bar, pages
 * done of the total (or, for archives, bytes read of the total), pages/s,
 * MB/s, elapsed time, the ETA, and failures. Elsewhere (a log file under
 * nohup, a pipe) the same figures as a whole line every ten seconds, so
 * that the log reads well and does not grow with every page. At the end one summary line
 * (pages, failures, the share of words kept, the time), and, on request,
 * the same as a JSON object in a file (--stats). Messages printed during
 * the run go on a line of their own (progress_message()).
 */
#ifndef NC_PROGRESS_H
#define NC_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

#include "pipeline/runner.h"
#include "source/input-source.h"

struct progress {
	const char *program;
	int draw;                   /* report progress at all */
	int terminal;               /* ...redrawing one line (standard error is a terminal) */
	uint64_t total_inputs, total_bytes;
	uint64_t pages, failed;
	uint64_t words, kept_words, page_bytes;
	uint64_t charset_fallbacks;   /* pages whose declared charset was passed over */
	double started, last_draw;
	int line_shown;
	const struct input_source *inputs;
	int jobs;                   /* workers, reported in --stats */
};

void progress_start(struct progress *p, const char *program, int draw, int jobs,
		    const struct input_source *inputs, uint64_t total_inputs, uint64_t total_bytes);

/* A page done (runner.h); prints a failure's message. */
void progress_report(struct progress *p, const struct run_report *report);

/* The summary line; `counts` adds what was skipped. */
void progress_summary(struct progress *p, FILE *out);

/* The same as JSON, written whole or not at all to `path`; -1 on error
 * (printed). */
int progress_write_stats(struct progress *p, const char *path);

double progress_now(void);

#endif
