/* file-names.c: naming conventions (see file-names.h). */
#include "source/file-names.h"
#include "base/alloc.h"

#include <string.h>
#include <strings.h>

int file_name_compare(const char *a, const char *b)
{
	return strverscmp(a, b);
}

char *file_name_strip_extension(const char *relative)
{
	char *copy = xstrdup(relative);
	char *slash = strrchr(copy, '/');
	char *base = slash ? slash + 1 : copy;
	char *dot = strrchr(base, '.');
	if (dot && dot != base)
		*dot = '\0';
	return copy;
}

char *file_name_id(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *id = file_name_strip_extension(slash ? slash + 1 : path);
	size_t n = strlen(id);
	if (n > 8 && !strcmp(id + n - 8, "-cleaned"))
		id[n - 8] = '\0';
	return id;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcasecmp(s + n - m, suffix);
}

int file_name_is_html(const char *path)
{
	return ends_with(path, ".html") || ends_with(path, ".htm") || ends_with(path, ".xhtml");
}
