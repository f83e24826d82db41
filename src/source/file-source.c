/* file-source.c: pages from files, directories and standard input (see
 * page-source.h).
 *
 * The inputs are listed when they are added (directories walked), so that
 * the front end knows before the first page how many there are and of which
 * kinds, and so that output names can be made unique; each file is opened
 * only when its turn comes, so a file that vanished or cannot be read fails
 * on its own.
 */
#include "source/page-source.h"
#include "source/file-names.h"
#include "base/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <uthash.h>

/* A directory by identity, for "never twice" and "never this one". */
struct dir_id {
	dev_t dev;
	ino_t ino;
};

struct dir_seen {
	struct dir_id id;
	UT_hash_handle hh;
};

struct file_source {
	struct page_source base;
	enum file_kind_rule rule;
	enum file_source_flags flags;
	file_source_report_fn report;
	void *report_data;
	struct file_input *inputs;
	size_t count, alloc;
	size_t next;
	struct dir_seen *visited;    /* directories walked */
	struct dir_seen *excluded;   /* directories never to walk */
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

/* --- directory identities ------------------------------------------------------- */

static struct dir_seen *dir_find(struct dir_seen *set, const struct stat *st)
{
	struct dir_id id = { st->st_dev, st->st_ino };
	struct dir_seen *entry;
	HASH_FIND(hh, set, &id, sizeof(id), entry);
	return entry;
}

static void dir_add(struct dir_seen **set, const struct stat *st)
{
	struct dir_seen *entry = xcalloc(1, sizeof(*entry));
	entry->id.dev = st->st_dev;
	entry->id.ino = st->st_ino;
	HASH_ADD(hh, *set, id, sizeof(entry->id), entry);
}

static void dir_set_free(struct dir_seen **set)
{
	struct dir_seen *entry, *tmp;
	HASH_ITER(hh, *set, entry, tmp) {
		HASH_DEL(*set, entry);
		free(entry);
	}
}

int file_source_exclude(struct file_source *source, const char *path, struct nc_error *err)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return nc_error_set(err, NC_ERR_IO, "%s: %s", path, strerror(errno));
	if (!dir_find(source->excluded, &st))
		dir_add(&source->excluded, &st);
	return 0;
}

/* --- the walk -------------------------------------------------------------------- */

static void add_input(struct file_source *source, const char *path, const char *relative,
		      int walked)
{
	ARRAY_GROW(source->inputs, source->count, source->alloc, 64);
	struct file_input *in = &source->inputs[source->count++];
	in->path = xstrdup(path);
	in->relative = xstrdup(relative);
	in->output_name = NULL;
	in->walked = walked;
	in->kind = source->rule == FILE_KIND_HTML ? PAGE_HTML
		 : source->rule == FILE_KIND_TEXT || source->rule == FILE_KIND_TRAINING_TEXT ? PAGE_TEXT
		 : file_name_is_html(path) ? PAGE_HTML : PAGE_TEXT;
}

static int compare_names(const void *a, const void *b)
{
	return file_name_compare(*(char *const *)a, *(char *const *)b);
}

/* The entries of `dir` other than hidden ones, in name order; NULL (and
 * an error reported) when it cannot be read. */
static char **list_directory(struct file_source *source, const char *dir, size_t *count)
{
	DIR *d = opendir(dir);
	struct dirent *entry;
	char **names = NULL;

	*count = 0;
	if (!d) {
		report(source, 1, "%s: cannot open directory: %s", dir, strerror(errno));
		return NULL;
	}
	while ((entry = readdir(d))) {
		if (entry->d_name[0] == '.')
			continue;
		names = xrealloc(names, (*count + 1) * sizeof(*names));
		names[(*count)++] = xstrdup(entry->d_name);
	}
	closedir(d);
	if (*count)
		qsort(names, *count, sizeof(*names), compare_names);
	return names ? names : xcalloc(1, sizeof(*names));
}

static int add_directory(struct file_source *source, const char *dir, const char *relative,
			 const struct stat *dir_st);

/* One entry of a walked directory. */
static int add_entry(struct file_source *source, const char *path, const char *relative)
{
	struct stat st, target;

	if (lstat(path, &st) != 0) {
		add_input(source, path, relative, 1);   /* vanished: reported when opened */
		return 0;
	}
	if (S_ISLNK(st.st_mode)) {
		if (stat(path, &target) != 0) {
			report(source, 0, "%s: skipped (a broken symlink)", path);
			return 0;
		}
		if (S_ISDIR(target.st_mode) && !(source->flags & FILE_SOURCE_FOLLOW_SYMLINKS)) {
			report(source, 0, "%s: skipped (a symlink to a directory; "
			       "--follow-symlinks follows it)", path);
			return 0;
		}
		st = target;
	}
	if (S_ISDIR(st.st_mode))
		return add_directory(source, path, relative, &st);
	if (!S_ISREG(st.st_mode)) {
		/* A FIFO would block the batch for ever; a device is no page. */
		report(source, 0, "%s: skipped (not a regular file)", path);
		return 0;
	}
	add_input(source, path, relative, 1);
	return 0;
}

static int add_directory(struct file_source *source, const char *dir, const char *relative,
			 const struct stat *dir_st)
{
	size_t count;
	int ret = 0;

	if (dir_find(source->excluded, dir_st))
		return 0;   /* the output directory: its files are outputs, not inputs */
	if (dir_find(source->visited, dir_st)) {
		report(source, 0, "%s: skipped (a directory already walked)", dir);
		return 0;
	}
	dir_add(&source->visited, dir_st);
	char **names = list_directory(source, dir, &count);
	if (!names)
		return -1;
	for (size_t i = 0; i < count; i++) {
		struct strbuf path = STRBUF_INIT, rel = STRBUF_INIT;
		strbuf_add_path(&path, dir, names[i]);
		if (*relative)
			strbuf_addf(&rel, "%s/%s", relative, names[i]);
		else
			strbuf_addstr(&rel, names[i]);
		if (add_entry(source, path.buf, rel.buf) < 0)
			ret = -1;
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
		add_input(source, "-", "stdin", 0);
		return 0;
	}
	if (stat(arg, &st) != 0) {
		report(source, 1, "%s: %s", arg, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		size_t before = source->count;
		if (dir_find(source->excluded, &st)) {
			report(source, 1, "%s: is the output directory", arg);
			return -1;
		}
		if (add_directory(source, arg, "", &st) < 0)
			return -1;
		if (source->count == before) {
			report(source, 1, "%s: directory holds no files to clean", arg);
			return -1;
		}
		return 0;
	}
	const char *base = strrchr(arg, '/');
	add_input(source, arg, base ? base + 1 : arg, 0);
	return 0;
}

/* --- output names --------------------------------------------------------------------- */

struct name_count {
	char *name;                 /* owned */
	size_t count;
	UT_hash_handle hh;
};

static void name_count_free(struct name_count **table)
{
	struct name_count *entry, *tmp;
	HASH_ITER(hh, *table, entry, tmp) {
		HASH_DEL(*table, entry);
		free(entry->name);
		free(entry);
	}
}

static struct name_count *name_count_add(struct name_count **table, const char *name)
{
	struct name_count *entry;
	HASH_FIND_STR(*table, name, entry);
	if (!entry) {
		entry = xcalloc(1, sizeof(*entry));
		entry->name = xstrdup(name);   /* the caller's string may be replaced */
		HASH_ADD_KEYPTR(hh, *table, entry->name, strlen(entry->name), entry);
	}
	entry->count++;
	return entry;
}

void file_source_finish(struct file_source *source)
{
	struct name_count *counts = NULL, *used = NULL;

	for (size_t i = 0; i < source->count; i++) {
		free(source->inputs[i].output_name);
		source->inputs[i].output_name = file_name_strip_extension(source->inputs[i].relative);
		name_count_add(&counts, source->inputs[i].output_name);
	}
	/* Clashing names keep their extension. */
	for (size_t i = 0; i < source->count; i++) {
		struct file_input *in = &source->inputs[i];
		struct name_count *entry;
		HASH_FIND_STR(counts, in->output_name, entry);
		if (entry->count > 1) {
			free(in->output_name);
			in->output_name = xstrdup(in->relative);
		}
	}
	name_count_free(&counts);
	/* What still clashes gets a number, in input order. */
	for (size_t i = 0; i < source->count; i++) {
		struct file_input *in = &source->inputs[i];
		struct name_count *entry;
		HASH_FIND_STR(used, in->output_name, entry);
		for (unsigned n = 2; entry; n++) {
			struct strbuf numbered = STRBUF_INIT;
			strbuf_addf(&numbered, "%s~%u", in->relative, n);
			free(in->output_name);
			in->output_name = strbuf_detach(&numbered, NULL);
			HASH_FIND_STR(used, in->output_name, entry);
		}
		name_count_add(&used, in->output_name);
	}
	name_count_free(&used);
}

/* --- pages -------------------------------------------------------------------------- */

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
	enum page_open_flags flags = in->walked ? PAGE_OPEN_REGULAR_ONLY : PAGE_OPEN_ANY;
	return page_open_file(page, in->path, in->output_name ? in->output_name : in->relative,
			      in->kind, flags, err) < 0 ? -1 : 1;
}

static void file_source_pages_free(struct page_source *base)
{
	(void)base;   /* the pages view belongs to its file source */
}

static const struct page_source_ops file_source_ops = {
	.next = file_source_next,
	.free = file_source_pages_free,
};

struct file_source *file_source_new(enum file_kind_rule rule, enum file_source_flags flags,
				    file_source_report_fn report_fn, void *report_data)
{
	struct file_source *source = xcalloc(1, sizeof(*source));
	source->base.ops = &file_source_ops;
	source->rule = rule;
	source->flags = flags;
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
	dir_set_free(&source->visited);
	dir_set_free(&source->excluded);
	free(source);
}
