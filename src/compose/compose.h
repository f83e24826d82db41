/* compose.h: choosing the stages and joining them into a pipeline.
 *
 * The stages below know nothing of each other's choices: a method says what
 * kind of text it reads (a layout), not which renderer makes it; a decider
 * gets scored segments, whatever scored them. This layer holds the three
 * tables a run chooses from and the rules that join a choice into a
 * pipeline_config, for both front ends (ncleaner, train-ncleaner):
 *
 *   renderers  lynx (the default and the paper's), builtin (the dump Lynx
 *              would write, in process), blocks and lines (the libxml2
 *              block reader of the ICE methods)
 *   methods    ncleaner (the paper's), perplexity, ice-bl, ice-hr, ice-dt,
 *              ice-lm, logistic (the default)
 *   deciders   threshold (the default and the paper's), viterbi (the whole
 *              page's sequence), article (a page rule after either:
 *              --article)
 *
 * An entry carries its name, a one-line summary, the options it reads (ids
 * into compose_options(), options.h), what it needs upstream or makes, and
 * how it is built from the option values. Options are declared once, in
 * compose.c; the front ends build their getopt tables and --help from them
 * and refuse an option that no chosen entry reads.
 *
 * Layouts. A renderer writes one layout of text and a method reads one:
 *   LAYOUT_DUMP    a Lynx-style dump (lynx, builtin): the dump rules apply, then
 *                  the segmenter's default rules
 *   LAYOUT_BLOCKS  a line per HTML block with its markers (blocks): no dump
 *                  rules, a leading "1. " is text
 *   LAYOUT_LINES   the page's text lines (lines): no dump rules, a segment
 *                  per line
 * Without --renderer a run takes the first renderer of the method's layout;
 * with one, its layout must be the method's.
 *
 * Adding a renderer, method or decider: its module in render/, method/ or
 * decide/ (one new file, with its constructor in that folder's header), its
 * file in Makefile.am, one line in the table in compose.c, any option it
 * reads added to the option list there (once), and a paragraph in
 * ncleaner(1). Nothing else changes: ncleaner, the public API,
 * --help-renderers/-methods/-deciders and the JSON method object read the
 * tables.
 *
 * Output formats and page filters are tables too, of the sink's (a run
 * chooses them by option, nothing joins them to the other stages):
 * adding a format is one new file in sink/ and a line in the table in
 * sink/formats.c (with its declaration in sink/format.h, its file in
 * Makefile.am and a paragraph in ncleaner(1)); --format (a session row,
 * session.h) with its check and messages, --help and -o's file names read
 * the table. Page filters are no stage of their own but a table the sink
 * asks at a page's end (sink/page-filter.h says why); adding one is a
 * check and a table line in sink/page-filter.c, its status and setting in
 * page-filter.h, and its option, a session row (session.h says how).
 *
 * A trainable method takes, beside those: its trainer, one new file in
 * train/ defining a struct trainer (train/trainer.h: check the settings,
 * read the pages, write the model; the pages walked by labelled-pages.h or
 * paired as ngram-trainer.h does), declared in trainer.h (a line) and named
 * in the entry's `trainer` (the same table line), its file in Makefile.am,
 * and a paragraph in train-ncleaner(1) and in train-ncleaner's --help
 * (cli/main-train.c's usage(), written by hand). train-ncleaner finds the
 * trainer through the table, and its "not a method this program trains"
 * list is the table's. A trainer option of its own (as logistic's
 * --ngram-folds) is train-ncleaner's, not the table's: a field of struct
 * train_settings, and a getopt row, a case and a "for --method" check in
 * main-train.c.
 *
 * Model files name the method they were built for and, from version 3,
 * the renderer and the rule sets (model-file.h); a model used through
 * another renderer or other rules is a warning (compose.warnings), an error
 * under --paper.
 */
#ifndef NC_COMPOSE_H
#define NC_COMPOSE_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "compose/options.h"
#include "decide/decider.h"
#include "method/method.h"
#include "pipeline/pipeline.h"
#include "render/renderer.h"
#include "train/trainer.h"

#define COMPOSE_DEFAULT_TIMEOUT 10.0

enum layout { LAYOUT_DUMP, LAYOUT_BLOCKS, LAYOUT_LINES };
#define LAYOUT_ANY ((enum layout)-1)   /* no method: whatever the renderer writes */

/* The option ids (bit positions in compose_values.given). */
enum compose_option_id {
	OPTION_RENDERER, OPTION_METHOD, OPTION_DECIDER, OPTION_MODEL, OPTION_NONLEX,
	OPTION_DATA_DIR, OPTION_LYNX, OPTION_TIMEOUT, OPTION_ORDER, OPTION_Q,
	OPTION_MAX_PERPLEXITY, OPTION_MAX_KL, OPTION_BIAS, OPTION_PRECISION, OPTION_RECALL,
	OPTION_NO_STRUCTURE, OPTION_ARTICLE, OPTION_SWITCH_COST, COMPOSE_OPTIONS
};

/* What the options said. compose_values_init() sets the defaults. */
struct compose_values {
	unsigned long given;          /* bit `id` of every option read */
	int paper;                    /* --paper (a front-end option that fixes the choice) */
	const char *renderer, *method, *decider;   /* NULL: chosen by the rules above */
	const char *model;            /* -m NAME|PATH; NULL: the method's */
	int nonlex;                   /* --nonlex: -m nonlex */
	const char *data_dir;         /* where regex/ and models/ are (resolved by the front end) */
	const char *lynx;             /* lynx: the program */
	double timeout;               /* every renderer that can hang: seconds, 0 none */
	long order;                   /* ncleaner: 0 the model's */
	double q;                     /* ncleaner: 0 the model's */
	double max_perplexity;        /* perplexity: 0 the model's */
	double max_kl;                /* ice-lm: 0 the model's */
	double bias;                  /* threshold: meaningful when given */
	int precision, recall;        /* threshold: --precision, --recall (presets of the bias) */
	int no_structure;             /* --no-structure: stage 1 marks no structure */
	int article;                  /* --article: the main article alone */
	double switch_cost;           /* viterbi: meaningful when given */
};

void compose_values_init(struct compose_values *values);

/* Every option, indexed by its id. */
const struct compose_option *compose_options(size_t *count);

/* Read option `id`'s argument (NULL for a flag) into `values`. */
int compose_read(struct compose_values *values, int id, const char *text, struct nc_error *err);

/* --- the tables ----------------------------------------------------------------- */

struct renderer_entry {
	const char *name;
	const char *summary;
	enum layout layout;                    /* what it writes */
	const struct renderer_class *class;
	const int *options;                    /* ids, ending in -1 */
	/* The configuration class->create() takes (freed with free()). */
	void *(*configure)(const struct compose_values *values, struct nc_error *err);
	/* Another renderer whose text this one reproduces, so that models built
	 * through it are used without a warning (builtin: "lynx"); or NULL. */
	const char *reproduces;
	/* A run with a site survey cleans a page from the dump the survey kept
	 * (pipeline/dump-cache.h) in this many times the survey's time for it
	 * (reading, rendering, segmenting): the progress line's estimate of the
	 * cleaning until it has timed itself (cli/progress.h). CPU time on the
	 * Dragnet development pages, with the default method (logistic) for
	 * lynx and builtin, ice-bl for blocks, ice-hr for lines; other methods
	 * cost less (lynx, builtin: ncleaner 0.07, 0.28; perplexity 0.13, 0.28). */
	double cleaning_cost;
};

/* The deciders' settings measured for a method's costs, by
 * cross-validation on the development sets: --precision and --recall, bits
 * added to the model's own bias (make bias-curve), and the viterbi
 * decider's switch cost (0: none measured). */
struct decider_presets {
	double precision, recall;
	double switch_cost;
};

struct method_entry {
	const char *name;
	const char *summary;
	const char *default_model;   /* the shipped model without -m; NULL: takes none */
	enum layout needs;
	const int *options;
	/* `model_path` is NULL for a method without a model. */
	struct method *(*load)(const char *model_path, const struct compose_values *values,
			       struct nc_error *err);
	const struct decider_presets *presets;   /* NULL: none measured */
	const char *deciders;   /* the deciders without --decider; NULL: threshold */
	const struct trainer *trainer;   /* how train-ncleaner learns its model; NULL: none */
};

struct decider_entry {
	const char *name;
	const char *summary;
	const int *options;
	/* `entry` is the method's table entry, `method` the method loaded. */
	struct decider *(*create)(const struct compose_values *values,
				  const struct method_entry *entry, const struct method *method,
				  struct nc_error *err);
};

const struct renderer_entry *compose_renderers(size_t *count);
const struct method_entry *compose_methods(size_t *count);
const struct decider_entry *compose_deciders(size_t *count);
const struct renderer_entry *compose_find_renderer(const char *name);
const struct method_entry *compose_find_method(const char *name);
const struct decider_entry *compose_find_decider(const char *name);

/* The --help-renderers, --help-methods and --help-deciders text. */
void compose_print_table(FILE *out, const char *which);

/* --- a composition --------------------------------------------------------------- */

#define COMPOSE_MAX_DECIDERS 8

struct composition {
	const struct renderer_entry *renderer;
	const struct method_entry *method;             /* NULL: no method */
	int method_by_default;       /* nothing named it (neither --method nor a model) */
	const struct decider_entry *deciders[COMPOSE_MAX_DECIDERS];
	size_t ndeciders;
	char *model_path;            /* the model loaded, or NULL */
	const char *model;           /* as named (a name or a path), or NULL */
	struct method *loaded;
	int method_borrowed;         /* `loaded` is a lender's (compose_borrow()): not freed */
	struct decider *decider;
	void *renderer_config;
	struct strbuf html_rules, dump_rules;
	struct strbuf warnings;      /* lines for the front end to show */
};

void composition_init(struct composition *c);
void composition_release(struct composition *c);

/* Choose what a run uses, without loading anything. With `with_method`:
 * the method (--method, else ncleaner under --paper, else the one the model
 * file -m names, else the default) and its model path, and the deciders
 * (--decider, else threshold). Then the renderer (--renderer, which must
 * write the method's layout, else the first that does; without a method,
 * --renderer or lynx) with its configuration, the rule paths, the
 * segmenter's flags and the page's structure (a dump's, unless
 * --no-structure), into `config`. What is the run's and not a stage's
 * (dump only, the charset, the 2008 reading of --paper) the session sets
 * (session.h). */
int compose_choose(struct composition *c, const struct compose_values *values, int with_method,
		   struct pipeline_config *config, struct nc_error *err);

/* Load the chosen method and build its deciders into `config`; a model
 * built through another renderer or rules: a line in c->warnings, or an
 * error under --paper. */
int compose_load(struct composition *c, const struct compose_values *values,
		 struct pipeline_config *config, struct nc_error *err);

/* compose_load() without loading: the method `lender` loaded (compose_load()
 * with the values `lent`), borrowed. Loading a method is nearly all a
 * cleaner's set-up (the logistic model and its character models: about 90
 * million instructions and several MB), and a loaded method is read-only
 * (method.h), so cleaners in one process may score with one (the public
 * API's share handle). The borrower's choice must load what the lender's
 * loaded: the same method, model path and data directory, and the same
 * values of the options the method's entry reads (-n, -q, ...); else
 * NC_ERR_USAGE saying what differs. The rest is the borrower's own: its
 * renderer (the provenance check runs for it), its deciders and their
 * settings. `lender` must outlive `c` (composition_release() leaves a
 * borrowed method alone). */
int compose_borrow(struct composition *c, const struct compose_values *values,
		   const struct composition *lender, const struct compose_values *lent,
		   struct pipeline_config *config, struct nc_error *err);

/* Is the page's fallback (decider.h) among the chosen deciders? */
int compose_falls_back(const struct composition *c);

/* NC_ERR_USAGE for the first option given that no chosen entry reads. */
int compose_check_options(const struct composition *c, const struct compose_values *values,
			  struct nc_error *err);

/* The JSON object naming what ran: {"name":METHOD,"model":...,<method's
 * settings>,<deciders' settings>,"decider":NAMES,"renderer":NAME}. */
void compose_describe(const struct composition *c, struct strbuf *json);

/* A model's path from a name of a shipped model ("english") or a path
 * (contains '/' or ends in ".model"). Result owned by the caller. */
char *compose_model_path(const char *data_dir, const char *name_or_path);

/* The identity of the rule files, for model headers: "html:H,dump:D" with
 * the first 12 hex digits of each file's SHA-1 ("none" for no file, "-"
 * for one that cannot be read). */
void compose_rules_id(const char *html_rules, const char *dump_rules, struct strbuf *id);

#endif
