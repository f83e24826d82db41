/* error.c: filling in struct nc_error (see error.h). */
#include "base/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int nc_error_set(struct nc_error *err, enum nc_error_code code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		err->code = code;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof(err->message), fmt, ap);
		va_end(ap);
	}
	return -1;
}

void nc_error_prefix(struct nc_error *err, const char *prefix)
{
	char old[sizeof(err->message)];
	size_t n;

	if (!err)
		return;
	memcpy(old, err->message, sizeof(old));
	n = strlen(prefix);
	if (n > sizeof(err->message) - 3)
		n = sizeof(err->message) - 3;
	memcpy(err->message, prefix, n);
	memcpy(err->message + n, ": ", 2);
	/* Truncate the old message if the two do not fit. */
	size_t room = sizeof(err->message) - n - 3;
	size_t old_len = strnlen(old, sizeof(old));
	if (old_len > room)
		old_len = room;
	memcpy(err->message + n + 2, old, old_len);
	err->message[n + 2 + old_len] = '\0';
}

void nc_error_strip_prefix(struct nc_error *err, const char *prefix)
{
	size_t n = strlen(prefix);

	if (err && strncmp(err->message, prefix, n) == 0 && strncmp(err->message + n, ": ", 2) == 0)
		memmove(err->message, err->message + n + 2, strlen(err->message + n + 2) + 1);
}
