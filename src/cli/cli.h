/* cli.h: what the command-line front ends share.
 *
 * Not part of the library: these helpers may print and exit. They find the
 * data directory (rules and models), hold the defaults of the options that
 * every program running the pipeline takes, parse numbers strictly, and keep
 * the registry of live workers and output files that the signal handler
 * cleans up after.
 */
#ifndef NC_CLI_H
#define NC_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "base/file.h"
#include "base/strbuf.h"
#include "method/registry.h"
#include "pipeline/pipeline.h"
#include "sink/output.h"
#include "render/lynx.h"

/* --- data files and defaults ------------------------------------------------- */

/* The directory holding regex/ and models/: `option` if given, else
 * $NCLEANER_DATA_DIR, else the source tree when the program runs from its
 * build tree, else the installed package data directory. */
const char *cli_data_dir(const char *option);

/* Resolve a model given as a path (contains '/' or ends in ".model") or as
 * a name of a shipped model ("english", "nonlex"). Result owned by caller. */
char *cli_model_path(const char *data_dir, const char *name_or_path);

#define CLI_DEFAULT_TIMEOUT 10.0

/* The options of every program that runs the pipeline: --lynx, --timeout,
 * --data-dir, and what follows from them. */
struct cli_pipeline_setup {
	struct lynx_config lynx;      /* program: --lynx, else $NCLEANER_LYNX, else lynx */
	const char *data_dir_option;  /* --data-dir, or NULL */
	int timeout_must_be_positive; /* else --timeout 0 (or less) means no deadline */
	/* filled by cli_pipeline_setup_finish(): */
	const char *data_dir;
	struct strbuf html_rules;
	struct strbuf dump_rules;
};

void cli_pipeline_setup_init(struct cli_pipeline_setup *setup);

/* The long options behind cli_pipeline_setup, for a program's getopt table. */
enum { CLI_OPT_LYNX = 0x1000, CLI_OPT_TIMEOUT, CLI_OPT_DATA_DIR };
#define CLI_PIPELINE_LONG_OPTIONS \
	{ "lynx", required_argument, NULL, CLI_OPT_LYNX }, \
	{ "timeout", required_argument, NULL, CLI_OPT_TIMEOUT }, \
	{ "data-dir", required_argument, NULL, CLI_OPT_DATA_DIR }

/* Take one of those options into `setup`: 1 if `option` was one of them,
 * 0 if not; prints and exits 2 on a bad value. */
int cli_pipeline_setup_option(struct cli_pipeline_setup *setup, const char *program, int option,
			      const char *value);
/* Resolve the data directory and fill `config` with the rules and Lynx. */
void cli_pipeline_setup_finish(struct cli_pipeline_setup *setup, struct pipeline_config *config);
void cli_pipeline_setup_release(struct cli_pipeline_setup *setup);

/* Make `config` what the method `kind` needs of the stages before it (its
 * renderer, segmenter flags, no dump rules: method/registry.h). */
void cli_apply_method_input(const struct method_kind *kind, struct pipeline_config *config);

/* What to add to a message about a missing rule or model file. */
const char *cli_data_dir_hint(void);

/* Print "PROGRAM: message" and a newline on standard error. Control
 * characters and invalid UTF-8 in the message (file names, URLs) are shown
 * as \xHH, so that nothing can send escape sequences to a terminal. */
void cli_print(const char *program, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A file source report callback: cli_print() with `data` as the program. */
void cli_print_report(void *data, int is_error, const char *message);

/* --- signals ----------------------------------------------------------------- */

/* On any signal that would end the process and can be caught (SIGINT,
 * SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGXCPU, ...; unless it was
 * ignored when the program started, as under nohup) every registered worker
 * is stopped (its Lynx killed, its
 * sandbox and half-written output removed), every registered atomic file is
 * removed, and the program exits with 128 + the signal. Registering returns
 * -1 when the registry (256 entries of each kind) is full; unregister before
 * freeing. */
void cli_install_signal_handlers(void);
int cli_register_worker(struct worker *worker);
void cli_unregister_worker(struct worker *worker);
int cli_register_atomic_file(struct atomic_file *file);
void cli_unregister_atomic_file(struct atomic_file *file);
int cli_register_output(struct page_output *output);
void cli_unregister_output(struct page_output *output);

/* --- numbers ------------------------------------------------------------------ */

/* Numeric option parsing that rejects trailing junk; prints and exits 2. */
double cli_parse_double(const char *program, const char *option, const char *value);
long cli_parse_long(const char *program, const char *option, const char *value, long min, long max);
/* An interpolation parameter q in (0, 1]; prints and exits 2 otherwise. */
double cli_parse_q(const char *program, const char *option, const char *value);

#endif
