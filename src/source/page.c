/* page.c: reading pages, and pages from files (see page.h). */
#include "source/page.h"
#include "base/alloc.h"
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int page_read_all(struct page *page, size_t max_bytes, struct strbuf *out, struct nc_error *err)
{
	size_t start = out->len;

	for (;;) {
		if (strbuf_try_grow(out, 65536) < 0) {
			size_t read_so_far = out->len - start;
			strbuf_setlen(out, start);
			return nc_error_set(err, NC_ERR_MEMORY, "not enough memory for the page "
					    "(%zu bytes read)", read_so_far);
		}
		ssize_t got = page->reader.read(page->reader.state, out->buf + out->len,
						strbuf_avail(out), err);
		if (got < 0) {
			strbuf_setlen(out, start);
			return -1;
		}
		if (got == 0)
			return 0;
		strbuf_commit(out, (size_t)got);
		if (max_bytes && out->len - start > max_bytes) {
			strbuf_setlen(out, start);
			return nc_error_set(err, NC_ERR_LIMIT, "larger than the limit of %zu bytes",
					    max_bytes);
		}
	}
}

ssize_t page_read_block(struct page *page, char *buf, size_t cap, struct nc_error *err)
{
	size_t got = 0;

	while (got < cap) {
		ssize_t n = page->reader.read(page->reader.state, buf + got, cap - got, err);
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

void page_release(struct page *page)
{
	if (page->reader.close)
		page->reader.close(page->reader.state);
	free(page->name);
	free(page->output_name);
	free(page->url);
	free(page->charset_hint);
	memset(page, 0, sizeof(*page));
}

/* --- files ------------------------------------------------------------------ */

struct file_reader {
	int fd;
	int owned;   /* 0 for standard input, which stays open */
};

static ssize_t file_read(void *state, char *buf, size_t cap, struct nc_error *err)
{
	struct file_reader *file = state;
	for (;;) {
		ssize_t got = read(file->fd, buf, cap);
		if (got >= 0)
			return got;
		if (errno != EINTR)
			return nc_error_set(err, NC_ERR_IO, "read error: %s", strerror(errno));
	}
}

static void file_close(void *state)
{
	struct file_reader *file = state;
	if (file->owned)
		close(file->fd);
	free(file);
}

int page_open_file(struct page *page, const char *path, const char *output_name,
		   enum page_kind kind, enum page_open_flags flags, struct nc_error *err)
{
	int is_stdin = !strcmp(path, "-");
	int fd = is_stdin ? STDIN_FILENO : open_input_file(path, flags & PAGE_OPEN_REGULAR_ONLY, err);

	memset(page, 0, sizeof(*page));
	if (fd < 0)
		return -1;
	struct file_reader *file = xmalloc(sizeof(*file));
	file->fd = fd;
	file->owned = !is_stdin;
	page->name = xstrdup(path);
	page->output_name = xstrdup(output_name);
	page->kind = kind;
	page->reader.read = file_read;
	page->reader.close = file_close;
	page->reader.state = file;
	return 0;
}
