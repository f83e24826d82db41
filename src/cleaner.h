/* cleaner.h: the whole pipeline for one page or one text dump.
 *
 *   bytes --html--> normalised HTML --lynx--> UTF-8 dump --segment--> segments
 *         --classifier (optional)--> kept segments --> CLEANEVAL text
 *
 * A cleaner holds what is loaded once per run (the compiled rule sets, the
 * model) and cleans any number of inputs. It never prints: output goes to
 * the strbuf or FILE the caller passes, errors into struct nc_error.
 */
#ifndef NC_CLEANER_H
#define NC_CLEANER_H

#include <stdio.h>

#include "error.h"
#include "lynx.h"
#include "segment.h"
#include "strbuf.h"

struct ngram_classifier;

enum cleaner_stage {
	CLEAN_DUMP,        /* stop after Lynx: the paper's baseline */
	CLEAN_HEURISTICS,  /* stages 1-3, no language model ("heuristics only") */
	CLEAN_FULL,        /* all four stages */
	CLEAN_SCORES       /* all four stages, print scores instead of text */
};

/* Largest HTML page accepted, and largest Lynx output. Larger inputs are an
 * error (NC_ERR_LIMIT) rather than a reason to use unbounded memory. */
#define CLEANER_MAX_PAGE_BYTES (64u << 20)
#define CLEANER_MAX_DUMP_BYTES (64u << 20)

struct cleaner_options {
	enum cleaner_stage stage;
	const char *html_rules_path;
	const char *dump_rules_path;
	struct lynx_options lynx;
	enum segmenter_flags segment_flags;
	struct ngram_classifier *classifier;  /* borrowed; required for FULL and SCORES */
	double bias;                          /* bits added to H_clean before comparing */
};

struct cleaner;

struct cleaner *cleaner_new(const struct cleaner_options *options, struct nc_error *err);
void cleaner_free(struct cleaner *cleaner);

/* Clean one HTML page (`name` is used when the page has no URL of its own). */
int cleaner_clean_html(struct cleaner *cleaner, const char *name, const char *html, size_t len,
		       struct strbuf *out, struct nc_error *err);

/* Clean one text dump read from `in` as a stream, writing to `out` as it
 * goes; memory stays bounded whatever the size of the input. A first line
 * "URL: ..." is taken as the page's URL. */
int cleaner_clean_text(struct cleaner *cleaner, const char *name, FILE *in, FILE *out,
		       struct nc_error *err);

#endif
