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

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcasecmp(s + n - m, suffix);
}

char *file_name_id(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *id = file_name_strip_extension(slash ? slash + 1 : path);
	size_t n = strlen(id);
	if (ends_with(slash ? slash + 1 : path, ".gz") && strchr(id, '.')) {
		free(id);   /* 12.html.gz: the id of 12.html */
		char *inner = file_name_strip_extension(slash ? slash + 1 : path);
		id = file_name_strip_extension(inner);
		free(inner);
		n = strlen(id);
	}
	if (n > 8 && !strcmp(id + n - 8, "-cleaned"))
		id[n - 8] = '\0';
	return id;
}

char *file_name_without_cleaned(const char *relative)
{
	char *key = xstrdup(relative);
	char *slash = strrchr(key, '/');
	char *base = slash ? slash + 1 : key;
	char *dot = strrchr(base, '.');
	char *stem_end = dot && dot != base ? dot : base + strlen(base);
	if (stem_end - base > 8 && !strncmp(stem_end - 8, "-cleaned", 8))
		memmove(stem_end - 8, stem_end, strlen(stem_end) + 1);
	return key;
}


int file_name_is_html(const char *path)
{
	return ends_with(path, ".html") || ends_with(path, ".htm") || ends_with(path, ".xhtml");
}
