/* output.c: the stream and directory outputs (see output.h). */
#include "sink/output.h"
#include "base/alloc.h"
#include "base/file.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

/* --- standard output ------------------------------------------------------- */

struct stream_output {
	struct page_output base;
	FILE *stream;
};

static int stream_open(struct page_output *base, const struct page *page, struct nc_error *err)
{
	(void)base, (void)page, (void)err;
	return 0;
}

static int stream_write(struct page_output *base, const char *data, size_t len,
			struct nc_error *err)
{
	struct stream_output *out = (struct stream_output *)base;
	if (len && fwrite(data, 1, len, out->stream) != len)
		return nc_error_set(err, NC_ERR_IO, "cannot write output: %s", strerror(errno));
	return 0;
}

static int stream_commit(struct page_output *base, struct nc_error *err)
{
	struct stream_output *out = (struct stream_output *)base;
	if (fflush(out->stream) != 0)
		return nc_error_set(err, NC_ERR_IO, "cannot write output: %s", strerror(errno));
	return 0;
}

static void stream_abort(struct page_output *base)
{
	(void)base;  /* what was written is out */
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

/* --- a file per page ----------------------------------------------------------- */

struct directory_output {
	struct page_output base;
	char *dir;
	char *extension;
	struct atomic_file file;
};

int output_make_directories(const char *dir, struct nc_error *err)
{
	char *copy = xstrdup(dir);
	int ret = 0;

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
	free(copy);
	return ret;
}

static int directory_open(struct page_output *base, const struct page *page,
			  struct nc_error *err)
{
	struct directory_output *out = (struct directory_output *)base;
	struct strbuf path = STRBUF_INIT;
	int ret;

	strbuf_addf(&path, "%s/%s%s", out->dir, page->output_name, out->extension);
	char *slash = strrchr(path.buf, '/');
	*slash = '\0';
	ret = output_make_directories(path.buf, err);
	*slash = '/';
	if (ret == 0)
		ret = atomic_file_open(&out->file, path.buf, err);
	strbuf_release(&path);
	return ret;
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
	return atomic_file_commit(&out->file, err);
}

static void directory_abort(struct page_output *base)
{
	struct directory_output *out = (struct directory_output *)base;
	atomic_file_abort(&out->file);
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
	free(out->dir);
	free(out->extension);
	free(out);
}

static const struct page_output_ops directory_ops = {
	.open = directory_open,
	.write = directory_write,
	.commit = directory_commit,
	.abort = directory_abort,
	.emergency_stop = directory_emergency_stop,
	.free = directory_free,
};

struct page_output *directory_output_new(const char *dir, const char *extension)
{
	struct directory_output *out = xcalloc(1, sizeof(*out));
	out->base.ops = &directory_ops;
	out->dir = xstrdup(dir);
	out->extension = xstrdup(extension);
	return &out->base;
}
