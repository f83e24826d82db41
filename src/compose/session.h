/* session.h: how to clean, read once for every front end (curl's easy
 * handle).
 *
 * A session is what the options of a cleaning run say: the composition's
 * options (compose.h: renderer, method, decider and their settings) and
 * the front-end options both front ends share (what to do: --paper,
 * --dump, --no-lm, --scores; how pages are read: --html, --text,
 * --encoding, --lines; what is written: --format, --language,
 * --site-repetition, and the program's --min-quality, --url, --gzip).
 * Each of these is one row of one table (session.c, rows as compose.c's:
 * options.h), read by one function with its messages written once;
 * ncleaner builds its getopt table and --help from the rows, the library
 * (api/) reads its argv-style options through them, and both build the
 * stages through session_compose() and session_sink(). train-ncleaner
 * reads its own options (its --paper and -m mean other things) into a
 * session's composition values and builds the stages it reads training
 * pages through with session_compose_reader(), so that pages are read as
 * ncleaner reads them, by one function. What stays in a front end is its
 * own: files, directories, the terminal, progress, signals (cli/), or
 * pages handed one by one (api/).
 *
 * Adding such an option: its id in enum session_option_id and its row in
 * session.c (name, letter, argument, help, kind and range, where it is
 * stored, and a check with its message if a kind says too little); its
 * place in ncleaner's getopt table and --help section (main-ncleaner.c:
 * two ids, no text); a paragraph in ncleaner(1) (t0200 checks both ways);
 * and where it acts, in session_compose() or session_sink(). The library
 * takes it unless the row says COMPOSE_PROGRAM_ONLY (then ncleaner.h's
 * list of options needs no line).
 *
 * Memory: a session borrows every string it holds (the argument vector it
 * was read from, or the front end's copy of it); it owns nothing and needs
 * no release. What session_compose() and session_sink() fill belongs to
 * the caller (composition_release(), strbuf_release()).
 *
 * Checks come in three groups, so that each front end reports the first
 * of several mistakes where it always did: a value is read when its
 * option is (a number out of range, an unknown format); its row's check
 * (a charset iconv knows, a language list) runs when the front end calls
 * session_check_value(s); the combinations of options run in
 * session_check() and session_check_input(), and the one that needs the
 * composition in session_sink().
 */
#ifndef NC_COMPOSE_SESSION_H
#define NC_COMPOSE_SESSION_H

#include "base/error.h"
#include "base/strbuf.h"
#include "compose/compose.h"
#include "compose/options.h"
#include "sink/format.h"
#include "sink/sink.h"
#include "source/page-source.h"

/* What a run does: --dump, --no-lm, --scores (the last one given wins). */
enum session_run { SESSION_RUN_FULL, SESSION_RUN_HEURISTICS, SESSION_RUN_DUMP, SESSION_RUN_SCORES };

/* The option ids (bit positions in session.given), in the table's order,
 * which is the order session_check_values() checks them in. */
enum session_option_id {
	SESSION_OPTION_PAPER, SESSION_OPTION_DUMP, SESSION_OPTION_NO_LM, SESSION_OPTION_SCORES,
	SESSION_OPTION_HTML, SESSION_OPTION_TEXT, SESSION_OPTION_LINES, SESSION_OPTION_LANGUAGE,
	SESSION_OPTION_ENCODING, SESSION_OPTION_SITE_REPETITION,
	SESSION_OPTION_NO_SITE_REPETITION, SESSION_OPTION_MIN_QUALITY, SESSION_OPTION_URL,
	SESSION_OPTION_FORMAT, SESSION_OPTION_GZIP, SESSION_OPTIONS
};

struct session {
	struct compose_values compose;   /* compose.paper: --paper */
	unsigned long given;             /* bit `id` of every session option read */
	int run;                         /* enum session_run */
	int file_kind;                   /* enum file_kind_rule: --html, --text, else
					    FILE_KIND_BY_CONTENT */
	const char *encoding;            /* --encoding NAME: every page's, or NULL */
	int lines;                       /* --lines: a segment per dump line */
	long site_min_pages;             /* --site-repetition[=N]: N; 0: none */
	struct page_filter_settings filters;   /* --language LIST, --min-quality P */
	const char *url;                 /* --url: the one page's URL, or NULL */
	const struct output_format *format;
	int gzip;                        /* --gzip: a gzip member per page */
};

/* The defaults: a full run, cleaneval, each page's kind by its content. */
void session_init(struct session *s);

/* Every option, indexed by its id. */
const struct compose_option *session_options(size_t *count);

/* Read option `id`'s argument (NULL for a flag, or an optional argument
 * left out) into `s`; NC_ERR_USAGE naming the option. */
int session_read(struct session *s, int id, const char *text, struct nc_error *err);

/* The row's check of option `id`'s value, if it was given. */
int session_check_value(const struct session *s, int id, struct nc_error *err);

/* ...of every option given, in the table's order. */
int session_check_values(const struct session *s, struct nc_error *err);

/* Combinations that cannot work, whatever the inputs: the format and
 * --dump or --scores, --site-repetition and --dump or --paper. */
int session_check(const struct session *s, struct nc_error *err);

/* --dump with --text: nothing to dump (the program asks once it has
 * checked its inputs, the library after session_check()). */
int session_check_input(const struct session *s, struct nc_error *err);

/* Was site repetition asked for or refused (--site-repetition,
 * --no-site-repetition), so that no default applies? */
int session_site_asked(const struct session *s);

/* May site repetition be on by default for a batch of several pages? A
 * run with a method (not --dump, --no-lm), of HTML or of either kind (not
 * --text), not the paper's, that did not ask either way. The front end
 * adds what it knows of the batch (how many pages, read twice or not). */
int session_site_by_default(const struct session *s);

/* Does the run load a method (not --dump, --no-lm)? */
int session_with_method(const struct session *s);

/* The composition the options ask for: the pipeline's settings of the
 * run (dump only, segments per line, the charset) into `config`, the
 * renderer, and with a method its model and deciders (compose_choose(),
 * compose_check_options(), compose_load()). `s->compose.data_dir` is the
 * front end's to set. Warnings land in c->warnings. */
int session_compose(const struct session *s, struct composition *c,
		    struct pipeline_config *config, struct nc_error *err);

/* session_compose() with the method of `lender` (composed from
 * `lender_session`) borrowed instead of loaded (compose_borrow(): refused
 * when the options would load another); `lender` NULL: session_compose().
 * A run without a method borrows nothing. */
int session_compose_borrowing(const struct session *s, struct composition *c,
			      struct pipeline_config *config, const struct session *lender_session,
			      const struct composition *lender, struct nc_error *err);

/* The stages 1-3 a method reads pages through, its model not loaded
 * (train-ncleaner's reader of training pages): what session_compose()
 * chooses for s->compose.method (the renderer of its layout, the rules,
 * the segmenter's flags, the charset) into `config`, without checking the
 * options given against the entries chosen (train-ncleaner reads its own)
 * and without loading the method. `read_2008`: the pages read as --paper
 * reads them (the 2008 charset order, no structure), without the rest of
 * what --paper fixes (the renderer, the decider, the model):
 * train-ncleaner's --paper. */
int session_compose_reader(const struct session *s, int read_2008, struct composition *c,
			   struct pipeline_config *config, struct nc_error *err);

/* The sink's configuration for the composition `c`: the format and
 * filters, and the JSON naming what ran, written to `method_json` (which
 * `sink` points into). `software` names the front end (WET's warcinfo).
 * NC_ERR_USAGE when --min-quality meets a method that says nothing of a
 * page's quality. The front end adds what is its own (pages sharing a
 * stream, an observer). */
int session_sink(const struct session *s, const struct composition *c, const char *software,
		 struct strbuf *method_json, struct sink_config *sink, struct nc_error *err);

#endif
