/* util.c: allocation and file reading helpers (see util.h). */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Noreturn void xdie(const char *what)
{
	fprintf(stderr, "ncleaner: fatal: %s\n", what);
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		xdie("out of memory");
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		xdie("out of memory");
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);
	if (!p)
		xdie("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	size_t len = strlen(s) + 1;
	return memcpy(xmalloc(len), s, len);
}

int is_directory(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int read_file(const char *path, size_t max_bytes, struct strbuf *out, struct nc_error *err)
{
	int is_stdin = !strcmp(path, "-");
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	size_t start = out->len;
	struct stat st;

	if (fd < 0)
		return nc_error_set(err, NC_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (!is_stdin)
			close(fd);
		return nc_error_set(err, NC_ERR_IO, "%s: is a directory", path);
	}
	for (;;) {
		strbuf_grow(out, 65536);
		ssize_t got = read(fd, out->buf + out->len, out->alloc - out->len - 1);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			int saved = errno;
			if (!is_stdin)
				close(fd);
			strbuf_setlen(out, start);
			return nc_error_set(err, NC_ERR_IO, "%s: read error: %s", path, strerror(saved));
		}
		if (got == 0)
			break;
		out->len += (size_t)got;
		out->buf[out->len] = '\0';
		if (max_bytes && out->len - start > max_bytes) {
			if (!is_stdin)
				close(fd);
			strbuf_setlen(out, start);
			return nc_error_set(err, NC_ERR_LIMIT, "%s: larger than the limit of %zu bytes",
					    path, max_bytes);
		}
	}
	if (!is_stdin)
		close(fd);
	return 0;
}
