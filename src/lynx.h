/* lynx.h: stage 2, the Lynx child process.
 *
 * The one module that knows Lynx is a separate program. lynx_dump() forks
 * and execs Lynx directly (never through a shell), writes the page to its
 * standard input (so no file name can be mistaken for an option or a URL),
 * reads the UTF-8 dump from its standard output, and waits with a deadline.
 * Lynx runs with a configuration of ours (-cfg pointing at a lynx.cfg that
 * only switches off the mailcap and MIME files), an empty HOME, a fixed
 * locale and a private temporary directory, so that a site lynx.cfg or a
 * user's .lynxrc cannot change the results and Lynx reads nothing but the
 * page. A Lynx that runs past the deadline or prints more than the output
 * limit is killed.
 *
 * Not thread-safe: the module keeps the running child and its temporary
 * directory in statics, so that a signal handler can clean up.
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

/* Remove the private temporary directory, if one was made. Call once all
 * dumping is done (a later lynx_dump() makes a new one). */
void lynx_sandbox_remove(void);

/* For a signal handler: kill and reap a running Lynx, remove the temporary
 * directory. Async-signal-safe; the process must exit afterwards. */
void lynx_emergency_stop(void);

/* Fill `argv` (room for LYNX_MAX_ARGS entries) with the command line that
 * lynx_dump() runs with the configuration file `config`; the strings live in
 * `storage`. */
#define LYNX_MAX_ARGS 16
struct lynx_argv_storage {
	char config[4200];
	char charset[64];
	char width[32];
};
void lynx_command_line(const struct lynx_options *options, const char *config,
		       const char **argv, struct lynx_argv_storage *storage);

#endif
