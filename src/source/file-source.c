/* file-source.c: pages from files, directories and standard input (see
 * page-source.h).
 *
 * The inputs are listed when they are added (directories walked), so that
 * the front end knows before the first page how many there are and of which
 * kinds; each file is opened only when its turn comes, so a file that
 * vanished or cannot be read fails on its own.
 */
#include "source/page-source.h"
#include "source/file-names.h"
#include "base/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct file_source {
	struct page_source base;
	enum file_kind_rule rule;
	file_source_report_fn report;
	void *report_data;
	struct file_input *inputs;
	size_t count, alloc;
	size_t next;
};

static void report(struct file_source *source, int is_error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void report(struct file_source *source, int is_error, const char *fmt, ...)
{
	struct strbuf message = STRBUF_INIT;
	va_list ap;

	if (!source->report)
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&message, fmt, ap);
	va_end(ap);
	source->report(source->report_data, is_error, message.buf);
	strbuf_release(&message);
}

static void add_input(struct file_source *source, const char *path, const char *relative)
{
	if (source->count == source->alloc) {
		source->alloc = source->alloc ? 2 * source->alloc : 64;
		source->inputs = xrealloc(source->inputs, source->alloc * sizeof(*source->inputs));
	}
	struct file_input *in = &source->inputs[source->count++];
	in->path = xstrdup(path);
	in->relative = xstrdup(relative);
	in->output_name = file_name_strip_extension(relative);
	in->kind = source->rule == FILE_KIND_HTML ? PAGE_HTML
		 : source->rule == FILE_KIND_TEXT ? PAGE_TEXT
		 : file_name_is_html(path) ? PAGE_HTML : PAGE_TEXT;
}

static int compare_names(const void *a, const void *b)
{
	return file_name_compare(*(char *const *)a, *(char *const *)b);
}

/* Add the files under `dir`; `relative` is its path below the argument. */
static int add_directory(struct file_source *source, const char *dir, const char *relative)
{
	DIR *d = opendir(dir);
	struct dirent *entry;
	char **names = NULL;
	size_t count = 0;
	int ret = 0;

	if (!d) {
		report(source, 1, "%s: cannot open directory: %s", dir, strerror(errno));
		return -1;
	}
	while ((entry = readdir(d))) {
		if (entry->d_name[0] == '.')
			continue;
		names = xrealloc(names, (count + 1) * sizeof(*names));
		names[count++] = xstrdup(entry->d_name);
	}
	closedir(d);
	if (count)
		qsort(names, count, sizeof(*names), compare_names);
	for (size_t i = 0; i < count; i++) {
		struct strbuf path = STRBUF_INIT, rel = STRBUF_INIT;
		struct stat st;
		strbuf_addf(&path, "%s/%s", dir, names[i]);
		if (*relative)
			strbuf_addf(&rel, "%s/%s", relative, names[i]);
		else
			strbuf_addstr(&rel, names[i]);
		if (stat(path.buf, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (add_directory(source, path.buf, rel.buf) < 0)
				ret = -1;
		} else if (stat(path.buf, &st) == 0 && !S_ISREG(st.st_mode)) {
			/* A FIFO would block the batch for ever; a device is no page. */
			report(source, 0, "%s: skipped (not a regular file)", path.buf);
		} else {
			/* Unreadable or vanished entries are reported when opened. */
			add_input(source, path.buf, rel.buf);
		}
		strbuf_release(&path);
		strbuf_release(&rel);
		free(names[i]);
	}
	free(names);
	return ret;
}

int file_source_add(struct file_source *source, const char *arg)
{
	struct stat st;

	if (!strcmp(arg, "-")) {
		add_input(source, "-", "stdin");
		return 0;
	}
	if (stat(arg, &st) != 0) {
		report(source, 1, "%s: %s", arg, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		size_t before = source->count;
		if (add_directory(source, arg, "") < 0)
			return -1;
		if (source->count == before) {
			report(source, 1, "%s: directory holds no files to clean", arg);
			return -1;
		}
		return 0;
	}
	const char *base = strrchr(arg, '/');
	add_input(source, arg, base ? base + 1 : arg);
	return 0;
}

size_t file_source_count(const struct file_source *source)
{
	return source->count;
}

const struct file_input *file_source_input(const struct file_source *source, size_t index)
{
	return &source->inputs[index];
}

static int file_source_next(struct page_source *base, struct page *page, struct nc_error *err)
{
	struct file_source *source = (struct file_source *)base;

	if (source->next == source->count)
		return 0;
	const struct file_input *in = &source->inputs[source->next++];
	return page_open_file(page, in->path, in->output_name, in->kind, err) < 0 ? -1 : 1;
}

static void file_source_pages_free(struct page_source *base)
{
	(void)base;   /* the pages view belongs to its file source */
}

static const struct page_source_ops file_source_ops = {
	.next = file_source_next,
	.free = file_source_pages_free,
};

struct file_source *file_source_new(enum file_kind_rule rule, file_source_report_fn report_fn,
				    void *report_data)
{
	struct file_source *source = xcalloc(1, sizeof(*source));
	source->base.ops = &file_source_ops;
	source->rule = rule;
	source->report = report_fn;
	source->report_data = report_data;
	return source;
}

struct page_source *file_source_pages(struct file_source *source)
{
	source->next = 0;
	return &source->base;
}

void file_source_free(struct file_source *source)
{
	if (!source)
		return;
	for (size_t i = 0; i < source->count; i++) {
		free(source->inputs[i].path);
		free(source->inputs[i].relative);
		free(source->inputs[i].output_name);
	}
	free(source->inputs);
	free(source);
}
