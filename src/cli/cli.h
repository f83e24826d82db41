/* cli.h: what the command-line front ends share.
 *
 * Not part of the library: these helpers may print and exit (status 2 for
 * a usage error), which library code never does. They find the data
 * directory (rules and models), build each program's getopt table and
 * --help from its own options and the composition's (compose/options.h:
 * declared once, read by both front ends), print messages safely, parse
 * numbers strictly, print --version, and keep the registry of live
 * workers, atomic files and page outputs that the signal handler cleans up
 * after. Strings returned are static unless a function says malloc'd.
 */
#ifndef NC_CLI_H
#define NC_CLI_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#include "base/file.h"
#include "compose/compose.h"
#include "compose/session.h"
#include "pipeline/pipeline.h"
#include "sink/output.h"

/* --- data files ---------------------------------------------------------------- */

/* The directory holding regex/ and models/: `option` if given, else
 * $NCLEANER_DATA_DIR, else the source tree when the program runs from its
 * build tree, else the installed package data directory. */
const char *cli_data_dir(const char *option);

/* What to add to a message about a missing rule or model file. */
const char *cli_data_dir_hint(void);

/* `path` as its directory's real path and its last component ("/abs/dir/NAME"),
 * for telling whether two names lead to one file, which may not exist yet
 * (malloc'd); NULL, with errno, when its directory does not exist. */
char *cli_canonical_target(const char *path);

/* --- options: the program's own and the composition's -------------------------- */

/* getopt_long codes of composition options: CLI_COMPOSE + the option's id,
 * and of session options (compose/session.h): CLI_SESSION + its id (their
 * letters, -m -b -n -q -f, come back as themselves). A program's own
 * long-only options take codes from 256 up, below them. */
#define CLI_COMPOSE 0x1000
#define CLI_SESSION 0x2000

/* In a program's own getopt table, the place of session option `id`: its
 * name, argument and letter come from the session's table. A place, not a
 * list of its own, because getopt_long names the candidates of an
 * ambiguous abbreviation (--s) in the table's order, which is the
 * program's. */
#define CLI_SESSION_ROW(id) { "", 0, NULL, CLI_SESSION + (id) }

/* A program's getopt table: its own options `own` (ending in a zero entry,
 * with CLI_SESSION_ROW places) and letters `own_short`, then the
 * composition options `ids` (ending in -1). cli_getopt_release() frees
 * what cli_getopt_build() allocated. */
struct cli_getopt {
	struct option *longs;
	char shorts[64];
	const int *ids;
};
void cli_getopt_build(struct cli_getopt *g, const struct option *own, const char *own_short,
		      const int *ids);
void cli_getopt_release(struct cli_getopt *g);

/* Read `code` (and `arg`) into `values` when it is one of g's composition
 * options: 1; 0 when it is not; prints and exits 2 on a bad value. */
int cli_compose_option(const struct cli_getopt *g, struct compose_values *values,
		       const char *program, int code, const char *arg);

/* The same for g's session options, read into `session` (the checks of
 * values and combinations are the program's to call, when it checks). */
int cli_session_option(const struct cli_getopt *g, struct session *session,
		       const char *program, int code, const char *arg);

/* The --help lines of the composition options `ids` (ending in -1), in the
 * order given; of the session options `ids`. */
void cli_compose_help(FILE *out, const int *ids);
void cli_session_help(FILE *out, const int *ids);

/* The --help of an option the tables do not hold, whose text is partly
 * made (a list from a table): `head` ("  -o, --output-dir DIR"), then
 * `text` from column 24, as the tables' rows have it, wrapped at its
 * spaces so that no line passes CLI_HELP_WIDTH columns (a word longer than
 * a line takes one of its own). */
#define CLI_HELP_WIDTH 77   /* the width of --help paragraphs wrapped by code */
void cli_help_paragraph(FILE *out, const char *head, const char *text);

/* Numeric option values that reject trailing junk; print and exit 2. */
double cli_parse_double(const char *program, const char *option, const char *value);
long cli_parse_long(const char *program, const char *option, const char *value, long min, long max);

/* --- messages ------------------------------------------------------------------ */

/* Print "PROGRAM: message" and a newline on standard error. Control
 * characters and invalid UTF-8 in the message (file names, URLs) are shown
 * as \xHH, so that nothing can send escape sequences to a terminal. */
void cli_print(const char *program, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A file source report callback: cli_print() with `data` as the program. */
void cli_print_report(void *data, int is_error, const char *message);

/* After atomic_file_open(): say which leftovers of earlier runs it removed
 * (base/file.h), if any. */
void cli_say_leftovers(const char *program, const struct atomic_file *file);

/* What every program's --version prints, on standard output: "PROGRAM
 * VERSION", the copyright and the licence (BSD-2-Clause, the LICENSE file
 * of the source tree), and the data directory it would read (cli_data_dir:
 * $NCLEANER_DATA_DIR, the source tree, or the installed one). One text, so
 * that no program can leave it out. */
void cli_print_version(const char *program);

/* --- signals ------------------------------------------------------------------- */

/* On any signal that would end the process and can be caught (SIGINT,
 * SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGXCPU, ...; unless it was
 * ignored when the program started, as under nohup) every registered worker
 * is stopped (its Lynx killed, its sandbox and half-written output removed),
 * every registered atomic file is removed, every registered page output
 * removes its half-written file (output.h), and the program exits with
 * 128 + the signal. Registering
 * returns -1 when the registry (256 entries of each kind) is full;
 * unregister before freeing. */
void cli_install_signal_handlers(void);
int cli_register_worker(struct worker *worker);
void cli_unregister_worker(struct worker *worker);
int cli_register_atomic_file(struct atomic_file *file);
void cli_unregister_atomic_file(struct atomic_file *file);
int cli_register_output(struct page_output *output);
void cli_unregister_output(struct page_output *output);

/* What the signal handler writes before the process ends (a static string,
 * "ncleaner: " is not added), or NULL for nothing. */
void cli_set_signal_message(const char *message);

#endif
