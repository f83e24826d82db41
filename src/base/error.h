/* error.h: how library functions report failure.
 *
 * Library code never prints and never exits. A function that can fail takes a
 * `struct nc_error *` as its last argument and returns -1 (or NULL) after
 * filling it in; the front ends print `message` and choose the exit status from
 * `code`. The message is complete on its own: it names the file and the problem.
 */
#ifndef NC_ERROR_H
#define NC_ERROR_H

#include <stddef.h>

enum nc_error_code {
	NC_OK = 0,
	NC_ERR_IO,        /* a file could not be read or written */
	NC_ERR_FORMAT,    /* a rule file, model file or input is malformed */
	NC_ERR_RENDER,    /* the renderer (Lynx) is missing, crashed, or failed */
	NC_ERR_TIMEOUT,   /* the renderer did not finish in time */
	NC_ERR_LIMIT,     /* an input or output exceeded a documented limit */
	NC_ERR_REGEX,     /* a rule hit PCRE2's match limit on hostile input */
	NC_ERR_USAGE,     /* a caller passed an impossible parameter */
	NC_ERR_METHOD,    /* a model file was built for another method */
	NC_ERR_MEMORY     /* a page needs more memory than there is */
};

struct nc_error {
	enum nc_error_code code;
	char message[1024];
};

/* Fill in `err` (if not NULL) and return -1, so callers can write
 * `return nc_error_set(err, NC_ERR_IO, "%s: %s", path, strerror(errno));`. */
int nc_error_set(struct nc_error *err, enum nc_error_code code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Put `prefix: ` in front of an existing message, e.g. the file name. */
void nc_error_prefix(struct nc_error *err, const char *prefix);

/* Take `prefix: ` off the front of the message, if it begins so: for a
 * message of a lower layer that names what its caller names anyway. */
void nc_error_strip_prefix(struct nc_error *err, const char *prefix);

#endif
