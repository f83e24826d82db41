/* lynx.h: the Lynx renderer (the paper's way, and the default).
 *
 * Lynx runs as a child process (render/child.h) on the page written to its
 * standard input, so no file name can be mistaken for an option or a URL.
 * Lynx copies standard input to a file of its own a line at a time, as C
 * strings (LYSafeGets(), then fputs()): a NUL byte loses the rest of its
 * line, or of the 8 KB piece of a long line it is in. So the class says
 * drops_after_nul, and stage 1 removes NUL bytes for it (renderer.h).
 * It runs with a configuration of ours (-cfg pointing at a lynx.cfg that only
 * switches off the mailcap and MIME files), an empty HOME, a fixed locale
 * and a private temporary directory (the sandbox), so that a site lynx.cfg or
 * a user's .lynxrc cannot change the results and Lynx reads nothing but the
 * page. Each renderer instance has its own sandbox, created on first use
 * and removed when the instance is freed (or by its emergency stop).
 */
#ifndef NC_LYNX_H
#define NC_LYNX_H

#include "render/renderer.h"

/* Dumps are formatted this wide so that Lynx never wraps a line of running
 * text (Lynx's own maximum). */
#define LYNX_WIDTH 1024

struct lynx_config {
	const char *program;     /* path, or name looked up in PATH */
	double timeout_seconds;  /* per page; <= 0: no deadline */
};

/* The class to put in a pipeline's configuration, with a lynx_config. */
extern const struct renderer_class lynx_renderer_class;

/* The command line run for a page, with `config_file` as -cfg and `charset`
 * as -assume_charset (for the documentation and the tests). */
#define LYNX_MAX_ARGS 16
struct lynx_argv_storage {
	char config[4200];
	char charset[64];
	char width[32];
};
void lynx_command_line(const struct lynx_config *config, const char *charset,
		       const char *config_file, const char **argv,
		       struct lynx_argv_storage *storage);

#endif
