/* output.c: the stream and directory outputs (see output.h). */
#include "sink/output.h"
#include "base/alloc.h"
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <uthash.h>

/* --- standard output ------------------------------------------------------- */

struct stream_output {
	struct page_output base;
	FILE *stream;
	int started;   /* a page was written: the "file" has begun */
};

static int stream_open(struct page_output *base, const struct page *page, struct nc_error *err)
{
	struct stream_output *out = (struct stream_output *)base;
	(void)page, (void)err;
	int first = !out->started;
	out->started = 1;
	return first;
}

/* A stream that failed once holds part of a page: whatever comes after it
 * there would be read as the rest of it, and a closed pipe stays closed. */
static int stream_failed(struct stream_output *out, struct nc_error *err)
{
	int saved = errno;
	out->base.broken = 1;
	return nc_error_set(err, NC_ERR_IO, "cannot write output: %s (the run stops)",
			    saved ? strerror(saved) : "a write error");
}

static int stream_write(struct page_output *base, const char *data, size_t len,
			struct nc_error *err)
{
	struct stream_output *out = (struct stream_output *)base;
	if (base->broken)
		return nc_error_set(err, NC_ERR_IO, "cannot write output: it failed before");
	if (len && fwrite(data, 1, len, out->stream) != len)
		return stream_failed(out, err);
	return 0;
}

static int stream_commit(struct page_output *base, struct nc_error *err)
{
	struct stream_output *out = (struct stream_output *)base;
	if (base->broken)
		return nc_error_set(err, NC_ERR_IO, "cannot write output: it failed before");
	if (fflush(out->stream) != 0)
		return stream_failed(out, err);
	return 0;
}

static void stream_abort(struct page_output *base)
{
	(void)base;  /* what was written is out */
}

static int stream_finish(struct page_output *base, struct nc_error *err)
{
	return base->broken ? 0 : stream_commit(base, err);   /* that failure was reported */
}

static void stream_emergency_stop(struct page_output *base)
{
	(void)base;
}

static void stream_free(struct page_output *base)
{
	free(base);
}

static const struct page_output_ops stream_ops = {
	.open = stream_open,
	.write = stream_write,
	.commit = stream_commit,
	.abort = stream_abort,
	.finish = stream_finish,
	.emergency_stop = stream_emergency_stop,
	.free = stream_free,
};

struct page_output *stream_output_new(FILE *stream)
{
	struct stream_output *out = xcalloc(1, sizeof(*out));
	out->base.ops = &stream_ops;
	out->stream = stream;
	return &out->base;
}

/* --- a page's bytes, held ---------------------------------------------------- */

void held_bytes_init(struct held_bytes *held)
{
	strbuf_init(&held->memory);
	held->spill = NULL;
	held->spilled = 0;
	held->memory_only = 0;
}

int held_bytes_add(struct held_bytes *held, const char *data, size_t len, struct nc_error *err)
{
	size_t room = held->spill ? 0 : held->memory_only ? SIZE_MAX
			  : HELD_MEMORY_MAX - held->memory.len;
	size_t in_memory = len < room ? len : room;

	if (in_memory) {
		if (strbuf_try_grow(&held->memory, in_memory) < 0)
			return nc_error_set(err, NC_ERR_MEMORY, "not enough memory for %zu bytes of "
					    "output", held->memory.len + in_memory);
		strbuf_add(&held->memory, data, in_memory);
	}
	if (in_memory == len)
		return 0;
	if (!held->spill) {
		struct nc_error spill_err;
		if (!(held->spill = anonymous_temp_file(&spill_err))) {
			/* The page's output then waits in memory, as before there
			 * was a temporary file: a page that fitted then fits now. */
			held->memory_only = 1;
			return held_bytes_add(held, data + in_memory, len - in_memory, err);
		}
	}
	if (fwrite(data + in_memory, 1, len - in_memory, held->spill) != len - in_memory)
		return nc_error_set(err, NC_ERR_IO, "cannot hold the page's output in a temporary "
				    "file: %s", strerror(errno));
	held->spilled += len - in_memory;
	return 0;
}

size_t held_bytes_size(const struct held_bytes *held)
{
	return held->memory.len + held->spilled;
}

int held_bytes_write_to(struct held_bytes *held, struct page_output *output,
			struct nc_error *err)
{
	if (held->memory.len && output->ops->write(output, held->memory.buf, held->memory.len,
						   err) < 0)
		return -1;
	if (!held->spill)
		return 0;
	if (fflush(held->spill) != 0 || fseek(held->spill, 0, SEEK_SET) != 0)
		return nc_error_set(err, NC_ERR_IO, "cannot read the page's output back from its "
				    "temporary file: %s", strerror(errno));
	char block[1 << 16];
	for (size_t left = held->spilled; left;) {
		size_t n = fread(block, 1, left < sizeof(block) ? left : sizeof(block), held->spill);
		if (n == 0)
			return nc_error_set(err, NC_ERR_IO, "cannot read the page's output back from "
					    "its temporary file: %s", ferror(held->spill)
					    ? strerror(errno) : "it is shorter than written");
		if (output->ops->write(output, block, n, err) < 0)
			return -1;
		left -= n;
	}
	return 0;
}

void held_bytes_reset(struct held_bytes *held)
{
	strbuf_reset(&held->memory);
	if (held->spill)
		fclose(held->spill);
	held->spill = NULL;
	held->spilled = 0;
	held->memory_only = 0;
}

void held_bytes_release(struct held_bytes *held)
{
	held_bytes_reset(held);
	strbuf_release(&held->memory);
}

/* --- pages held, for a writer that orders them ---------------------------------- */

struct memory_output {
	struct page_output base;
	struct held_bytes page;   /* the page being written */
	struct held_bytes done;   /* the page last committed */
};

static int memory_open(struct page_output *base, const struct page *page, struct nc_error *err)
{
	struct memory_output *out = (struct memory_output *)base;
	(void)page, (void)err;
	held_bytes_reset(&out->page);
	return 0;
}

static int memory_write(struct page_output *base, const char *data, size_t len,
			struct nc_error *err)
{
	struct memory_output *out = (struct memory_output *)base;
	return held_bytes_add(&out->page, data, len, err);
}

static int memory_commit(struct page_output *base, struct nc_error *err)
{
	struct memory_output *out = (struct memory_output *)base;
	struct held_bytes done = out->done;
	(void)err;
	out->done = out->page;
	out->page = done;
	held_bytes_reset(&out->page);
	return 0;
}

static void memory_abort(struct page_output *base)
{
	struct memory_output *out = (struct memory_output *)base;
	held_bytes_reset(&out->page);
}

static int memory_finish(struct page_output *base, struct nc_error *err)
{
	(void)base, (void)err;
	return 0;
}

static void memory_free(struct page_output *base)
{
	struct memory_output *out = (struct memory_output *)base;
	held_bytes_release(&out->page);
	held_bytes_release(&out->done);
	free(out);
}

static const struct page_output_ops memory_ops = {
	.open = memory_open,
	.write = memory_write,
	.commit = memory_commit,
	.abort = memory_abort,
	.finish = memory_finish,
	.emergency_stop = stream_emergency_stop,
	.free = memory_free,
};

struct page_output *memory_output_new(void)
{
	struct memory_output *out = xcalloc(1, sizeof(*out));
	out->base.ops = &memory_ops;
	out->base.whole_or_nothing = 1;
	held_bytes_init(&out->page);
	held_bytes_init(&out->done);
	return &out->base;
}

void memory_output_take(struct page_output *base, struct held_bytes *bytes)
{
	struct memory_output *out = (struct memory_output *)base;
	struct held_bytes taken = out->done;
	held_bytes_reset(bytes);
	out->done = *bytes;
	*bytes = taken;
}

/* --- a file per page ----------------------------------------------------------- */

/* A directory written in, known by its device and inode (a name can
 * reach it by several paths). */
struct written_directory {
	struct {
		dev_t dev;
		ino_t ino;
	} key;
	UT_hash_handle hh;
};

struct directory_output {
	struct page_output base;
	char *dir;
	char *extension;
	struct written_directory *written;   /* cleaned of leftovers this run */
	int root_fd;              /* the output directory, opened at the first page */
	struct atomic_file file;
	char *group;              /* the output name of the archive file left open */
	uint64_t group_pages;     /* pages committed to it */
	long page_start;          /* where the current page began in it */
	char *failed_group;       /* an archive whose file was given up */
	struct nc_error failed_error;   /* ... and why */
};

int output_make_directories(const char *dir, struct nc_error *err)
{
	char *copy = xstrdup(dir);
	int ret = 0;

	if (!*copy) {
		free(copy);
		return nc_error_set(err, NC_ERR_USAGE, "an empty directory name");
	}
	for (char *p = copy + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char saved = *p;
			*p = '\0';
			if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
				ret = nc_error_set(err, NC_ERR_IO, "%s: cannot create directory: %s",
						   copy, strerror(errno));
				break;
			}
			*p = saved;
			if (!saved)
				break;
		}
	}
	if (ret == 0 && !is_directory(dir))
		ret = nc_error_set(err, NC_ERR_IO, "%s: not a directory", dir);
	free(copy);
	return ret;
}

/* Open (creating it) the directory `name` inside `parent`, never through a
 * symlink: a symlink planted in the output tree must not send outputs
 * elsewhere. */
static int open_subdirectory(int parent, const char *name, const char *display,
			     struct nc_error *err)
{
	int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT && (mkdirat(parent, name, 0777) == 0 || errno == EEXIST))
		fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return nc_error_set(err, NC_ERR_IO, "%s: %s", display, errno == ELOOP || errno == ENOTDIR
				    ? "not a directory (a symlink is not written through)"
				    : strerror(errno));
	return fd;
}

/* The directory of `relative` (its components made as needed) under the
 * output directory; the last component is left in *base. */
static int open_parent(struct directory_output *out, char *relative, const char **base,
		       struct nc_error *err)
{
	int fd = fcntl(out->root_fd, F_DUPFD_CLOEXEC, 0);
	char *p = relative;

	if (fd < 0)
		return nc_error_set(err, NC_ERR_IO, "%s: %s", out->dir, strerror(errno));
	for (char *slash; (slash = strchr(p, '/')); p = slash + 1) {
		*slash = '\0';
		int next = *p && strcmp(p, ".") ? open_subdirectory(fd, p, relative, err) : fd;
		*slash = '/';
		if (next < 0) {
			close(fd);
			return -1;
		}
		if (next != fd) {
			close(fd);
			fd = next;
		}
	}
	*base = p;
	return fd;
}

/* Before the run's first file in the directory `dir_fd` (the directory of
 * `relative`, up to `base`, under the output directory): remove the
 * leftovers of earlier runs there, and say so (output.h). */
static void remove_leftovers_once(struct directory_output *out, int dir_fd, const char *relative,
				  const char *base)
{
	struct stat st;
	struct written_directory *known, probe;
	if (fstat(dir_fd, &st) != 0)
		return;
	memset(&probe, 0, sizeof(probe));
	probe.key.dev = st.st_dev;
	probe.key.ino = st.st_ino;
	HASH_FIND(hh, out->written, &probe.key, sizeof(probe.key), known);
	if (known)
		return;
	known = xcalloc(1, sizeof(*known));
	known->key = probe.key;
	HASH_ADD(hh, out->written, key, sizeof(known->key), known);
	size_t removed = atomic_file_remove_leftovers(dir_fd, NULL);
	if (!removed)
		return;
	struct strbuf where = STRBUF_INIT;
	strbuf_addstr(&where, out->dir);
	if (base > relative)
		strbuf_addf(&where, "/%.*s", (int)(base - relative - 1), relative);
	atomic_file_leftovers_notice(removed, where.buf, &out->base.notice);
	out->base.noticed = 1;
	strbuf_release(&where);
}

/* Start the file of `page` (DIR/<output name><extension>). */
static int open_file(struct directory_output *out, const struct page *page, struct nc_error *err)
{
	struct strbuf relative = STRBUF_INIT, display = STRBUF_INIT;
	const char *name = NULL;
	int ret = -1;

	if (out->root_fd < 0) {
		out->root_fd = open(out->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (out->root_fd < 0)
			return nc_error_set(err, NC_ERR_IO, "%s: cannot open directory: %s", out->dir,
					    strerror(errno));
	}
	strbuf_addf(&relative, "%s%s", page->output_name, out->extension);
	strbuf_add_path(&display, out->dir, relative.buf);
	int dir_fd = open_parent(out, relative.buf, &name, err);
	if (dir_fd >= 0) {
		remove_leftovers_once(out, dir_fd, relative.buf, name);
		ret = atomic_file_open_at(&out->file, dir_fd, name, display.buf, err);
		close(dir_fd);
	}
	strbuf_release(&relative);
	strbuf_release(&display);
	return ret;
}

/* Give up the archive file being written after `why` (a write error): it
 * is removed, its earlier pages are lost, and the archive's later pages
 * fail (directory_open()) instead of opening a file that would look whole. */
static void group_lost(struct directory_output *out, const char *why)
{
	nc_error_set(&out->failed_error, NC_ERR_IO, "not written: the output file of its "
		     "archive, %s, failed before (%s)", out->file.display, why);
	out->base.lost_pages += out->group_pages;
	if (out->group_pages)
		nc_error_set(&out->base.lost_error, NC_ERR_IO, "%s: removed after a write error "
			     "(%s): the %" PRIu64 " pages written to it before are lost with it",
			     out->file.display, why, out->group_pages);
	free(out->failed_group);
	out->failed_group = out->group;
	out->group = NULL;
	out->group_pages = 0;
	atomic_file_abort(&out->file);
}

/* Remove DIR/NAME.partial (of an earlier run that had only part of the
 * archive) in `dir_fd`, now that the whole output exists. */
static void remove_partial(int dir_fd, const char *name)
{
	char partial[NAME_MAX + 1];
	if (dir_fd >= 0 && (size_t)snprintf(partial, sizeof(partial), "%s%s", name,
					   OUTPUT_PARTIAL_SUFFIX) < sizeof(partial))
		unlinkat(dir_fd, partial, 0);
}

/* Commit the archive file left open, if any: under its own name, or with
 * `suffix` (".partial") after it. A failure loses its pages. */
static int close_group(struct directory_output *out, const char *suffix)
{
	if (!out->group)
		return 0;
	struct nc_error err;
	char name[sizeof(out->file.name)];
	int dir_fd = fcntl(out->file.dir_fd, F_DUPFD_CLOEXEC, 0);
	int ret = 0;

	snprintf(name, sizeof(name), "%s", out->file.name);
	if (suffix) {
		size_t n = strlen(out->file.name), m = strlen(out->file.display);
		if (n + strlen(suffix) >= sizeof(out->file.name) ||
		    m + strlen(suffix) >= sizeof(out->file.display))
			ret = nc_error_set(&err, NC_ERR_IO, "%s: cannot add %s to the name", out->file.display,
					   suffix);
		else {
			strcat(out->file.name, suffix);
			strcat(out->file.display, suffix);
		}
	}
	if (ret == 0)
		ret = atomic_file_commit(&out->file, &err);
	if (ret < 0) {
		out->base.lost_pages += out->group_pages;
		nc_error_set(&out->base.lost_error, NC_ERR_IO, "%s (the %" PRIu64 " pages written to it "
			     "are lost)", err.message, out->group_pages);
		atomic_file_abort(&out->file);
	} else if (!suffix) {
		remove_partial(dir_fd, name);
	}
	if (dir_fd >= 0)
		close(dir_fd);
	free(out->group);
	out->group = NULL;
	out->group_pages = 0;
	return ret;
}

static int directory_open(struct page_output *base, const struct page *page,
			  struct nc_error *err)
{
	struct directory_output *out = (struct directory_output *)base;

	if (page->grouped && out->failed_group && !strcmp(out->failed_group, page->output_name)) {
		*err = out->failed_error;
		return -1;
	}
	free(out->failed_group);
	out->failed_group = NULL;
	if (page->grouped && out->group && !strcmp(out->group, page->output_name)) {
		out->page_start = ftell(out->file.stream);
		return 0;   /* the next page of the same archive */
	}
	close_group(out, NULL);   /* a failure there is the earlier archive's (lost_pages) */
	if (open_file(out, page, err) < 0)
		return -1;
	if (page->grouped)
		out->group = xstrdup(page->output_name);
	out->group_pages = 0;
	out->page_start = 0;
	return 1;
}

static int directory_write(struct page_output *base, const char *data, size_t len,
			   struct nc_error *err)
{
	struct directory_output *out = (struct directory_output *)base;
	(void)err;  /* a failed write shows in ferror(), reported by commit */
	if (len)
		fwrite(data, 1, len, out->file.stream);
	return 0;
}

static int directory_commit(struct page_output *base, struct nc_error *err)
{
	struct directory_output *out = (struct directory_output *)base;
	if (!out->group)
		return atomic_file_commit(&out->file, err);
	/* A page of an archive: its bytes must be in the file now. */
	if (fflush(out->file.stream) != 0 || ferror(out->file.stream)) {
		nc_error_set(err, NC_ERR_IO, "%s: cannot write: %s", out->file.display,
			     strerror(errno));
		group_lost(out, strerror(errno));
		return -1;
	}
	out->group_pages++;
	return 0;
}

static void directory_abort(struct page_output *base)
{
	struct directory_output *out = (struct directory_output *)base;
	if (!out->group) {
		atomic_file_abort(&out->file);
		return;
	}
	/* Cut the failed page off the archive's file; the pages before stay. */
	if (fflush(out->file.stream) != 0 || ferror(out->file.stream) ||
	    ftruncate(fileno(out->file.stream), out->page_start) != 0 ||
	    fseek(out->file.stream, out->page_start, SEEK_SET) != 0)
		group_lost(out, strerror(errno));
}

static int directory_finish(struct page_output *base, struct nc_error *err)
{
	(void)err;
	close_group((struct directory_output *)base, NULL);   /* a failure: lost_pages */
	return 0;
}

static int directory_incomplete(struct page_output *base, const struct page *page,
				struct nc_error *notice)
{
	struct directory_output *out = (struct directory_output *)base;

	if (!out->group || strcmp(out->group, page->output_name))
		return 0;   /* nothing of it was written, or its file was given up */
	uint64_t pages = out->group_pages;
	if (close_group(out, OUTPUT_PARTIAL_SUFFIX) < 0)
		return 0;
	nc_error_set(notice, NC_ERR_FORMAT, "%s: could not be read to its end: its %" PRIu64
		     " pages before that are in %s (not under the final name, so that "
		     "--skip-existing cleans the archive again)", page->name, pages,
		     out->file.display);
	return 1;
}

static void directory_emergency_stop(struct page_output *base)
{
	struct directory_output *out = (struct directory_output *)base;
	atomic_file_emergency_remove(&out->file);
}

static void directory_free(struct page_output *base)
{
	struct directory_output *out = (struct directory_output *)base;
	atomic_file_abort(&out->file);
	struct written_directory *known, *next;
	HASH_ITER(hh, out->written, known, next) {
		HASH_DEL(out->written, known);
		free(known);
	}
	if (out->root_fd >= 0)
		close(out->root_fd);
	free(out->group);
	free(out->failed_group);
	free(out->dir);
	free(out->extension);
	free(out);
}

static const struct page_output_ops directory_ops = {
	.open = directory_open,
	.write = directory_write,
	.commit = directory_commit,
	.abort = directory_abort,
	.finish = directory_finish,
	.incomplete = directory_incomplete,
	.emergency_stop = directory_emergency_stop,
	.free = directory_free,
};

struct page_output *directory_output_new(const char *dir, const char *extension)
{
	struct directory_output *out = xcalloc(1, sizeof(*out));
	out->base.ops = &directory_ops;
	out->base.whole_or_nothing = 1;
	out->dir = xstrdup(dir);
	out->extension = xstrdup(extension);
	out->root_fd = -1;
	atomic_file_init(&out->file);
	return &out->base;
}
