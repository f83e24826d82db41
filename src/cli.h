/* cli.h: what the command-line front ends share.
 *
 * Not part of the library: these helpers may print and exit. They find the
 * data directory (rules and models), expand FILE|DIR arguments into a sorted
 * list of inputs, and write output files whole or not at all.
 */
#ifndef NC_CLI_H
#define NC_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "strbuf.h"

/* The directory holding regex/ and models/: `option` if given, else
 * $NCLEANER_DATA_DIR, else the source tree when the program runs from its
 * build tree, else the installed package data directory. */
const char *cli_data_dir(const char *option);

/* Resolve a model given as a path (contains '/' or ends in ".model") or as
 * a name of a shipped model ("english", "nonlex"). Result owned by caller. */
char *cli_model_path(const char *data_dir, const char *name_or_path);

struct cli_input {
	char *path;       /* as opened */
	char *relative;   /* output name without extension, relative to -o DIR */
	int is_html;
};

struct cli_input_list {
	struct cli_input *items;
	size_t count, alloc;
};

enum cli_input_kind { CLI_AUTO, CLI_FORCE_HTML, CLI_FORCE_TEXT };

/* Expand one command-line argument into inputs. A directory contributes its
 * regular files, recursively, in name order; hidden files are skipped, and
 * FIFOs, sockets and devices are skipped with a warning (a file named on the
 * command line is taken as it is, so `<(command)` works). Prints an
 * error and returns -1 for a missing path or a directory without files. */
int cli_add_inputs(struct cli_input_list *list, const char *arg, enum cli_input_kind kind,
		   const char *program);
void cli_input_list_release(struct cli_input_list *list);

/* True for .html, .htm and .xhtml (case-insensitive). */
int cli_is_html_name(const char *path);

/* Output files: written to "<path>.tmp.<pid>" and renamed into place by
 * cli_output_commit(); cli_output_abort() removes the temporary file. A
 * SIGINT, SIGTERM or SIGHUP during the run (unless it was ignored when the
 * program started, as under nohup) kills a running Lynx, removes the
 * temporary file and Lynx's temporary directory, then exits 128 + signal. */
struct cli_output {
	char *path;
	char *tmp_path;
	FILE *file;
};
int cli_output_open(struct cli_output *out, const char *path, const char *program);
int cli_output_commit(struct cli_output *out, const char *program);
void cli_output_abort(struct cli_output *out);
void cli_install_signal_handlers(void);

/* Create `dir` and its parents. */
int cli_mkdirs(const char *dir, const char *program);

/* Numeric option parsing that rejects trailing junk; prints and exits 2. */
double cli_parse_double(const char *program, const char *option, const char *value);
long cli_parse_long(const char *program, const char *option, const char *value, long min, long max);

#endif
