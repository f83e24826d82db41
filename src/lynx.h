/* lynx.h: stage 2, the Lynx child process.
 *
 * The one module that knows Lynx is a separate program. lynx_dump() forks
 * and execs Lynx directly (never through a shell), writes the page to its
 * standard input (so no file name can be mistaken for an option or a URL),
 * reads the UTF-8 dump from its standard output, and waits with a deadline.
 * Lynx runs with its configuration neutralised (-cfg=/dev/null, an empty
 * HOME, a fixed locale) so that a site lynx.cfg or a user's .lynxrc cannot
 * change the results. A Lynx that runs past the deadline or prints more than
 * the output limit is killed.
 */
#ifndef NC_LYNX_H
#define NC_LYNX_H

#include <stddef.h>

#include "error.h"
#include "strbuf.h"

/* Dumps are formatted this wide so that Lynx never wraps a line of running
 * text (Lynx's own maximum). */
#define LYNX_WIDTH 1024

struct lynx_options {
	const char *program;     /* path or name looked up in PATH */
	const char *charset;     /* passed as -assume_charset */
	double timeout_seconds;  /* <= 0: no deadline */
	size_t max_output;       /* bytes; 0: no limit */
};

/* Dump `html` with Lynx into `out` (appended). */
int lynx_dump(const struct lynx_options *options, const char *html, size_t len,
	      struct strbuf *out, struct nc_error *err);

/* Fill `argv` (room for LYNX_MAX_ARGS entries) with the command line that
 * lynx_dump() runs; the strings live in `storage`. For --help and the README. */
#define LYNX_MAX_ARGS 16
void lynx_command_line(const struct lynx_options *options, const char **argv,
		       char storage[][64]);

#endif
