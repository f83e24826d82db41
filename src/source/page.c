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

void page_close_reader(struct page *page)
{
	if (page->reader.close)
		page->reader.close(page->reader.state);
	memset(&page->reader, 0, sizeof(page->reader));
}

void page_release(struct page *page)
{
	page_close_reader(page);
	free(page->name);
	free(page->output_name);
	free(page->url);
	free(page->charset_hint);
	free(page->record_id);
	free(page->date);
	free(page->media_type);
	free(page->position);
	memset(page, 0, sizeof(*page));
}

/* --- pages in memory -------------------------------------------------------- */

struct memory_reader {
	struct strbuf data;
	size_t pos;
};

static ssize_t memory_read(void *state, char *buf, size_t cap, struct nc_error *err)
{
	struct memory_reader *m = state;
	size_t n = m->data.len - m->pos < cap ? m->data.len - m->pos : cap;
	(void)err;
	memcpy(buf, m->data.buf + m->pos, n);
	m->pos += n;
	return (ssize_t)n;
}

static void memory_close(void *state)
{
	struct memory_reader *m = state;
	strbuf_release(&m->data);
	free(m);
}

void page_set_memory(struct page *page, struct strbuf *data)
{
	struct memory_reader *m = xcalloc(1, sizeof(*m));
	strbuf_init(&m->data);
	strbuf_swap(&m->data, data);
	if (page->reader.close)
		page->reader.close(page->reader.state);
	page->reader = (struct page_reader){ memory_read, memory_close, m };
	page->sequential = 0;
}

int page_detach(struct page *page, size_t max_bytes, struct nc_error *err)
{
	struct strbuf data = STRBUF_INIT;
	if (page_read_all(page, max_bytes, &data, err) < 0) {
		strbuf_release(&data);
		return -1;
	}
	page_set_memory(page, &data);
	return 0;
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
