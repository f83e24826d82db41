/* survey-file.c: the site survey's result beside a run's outputs (see
 * survey-file.h). */
#include "config.h"
#include "cli/survey-file.h"
#include "cli/cli.h"
#include "base/file.h"
#include "base/hash.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The first line, with the format's version. */
#define SURVEY_FILE_MAGIC "ncleaner site survey 1\n"
/* A table saved within the survey's limits (site-table.h) takes less. */
#define SURVEY_FILE_MAX_BYTES ((size_t)1 << 30)

void survey_file_init(struct survey_file *file, const char *dir,
		      const struct file_source *inputs, const char *how)
{
	struct strbuf names = STRBUF_INIT, line = STRBUF_INIT;
	struct sha1 sha;

	sha1_init(&sha);
	strbuf_addf(&line, "ncleaner %s\n%s\n", PACKAGE_VERSION, how);
	sha1_update(&sha, line.buf, line.len);
	for (size_t i = 0; i < file_source_count(inputs); i++) {
		const struct file_input *in = file_source_input(inputs, i);
		struct stat st;
		strbuf_reset(&line);
		strbuf_add(&line, in->path, strlen(in->path) + 1);   /* with its NUL */
		if (stat(in->path, &st) == 0)
			strbuf_addf(&line, "%jd %jd.%09ld\n", (intmax_t)st.st_size,
				    (intmax_t)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
		else
			strbuf_addstr(&line, "missing\n");
		sha1_update(&sha, line.buf, line.len);
		strbuf_add(&names, in->output_name, strlen(in->output_name) + 1);
	}
	sha1_final(&sha, file->identity);
	strbuf_init(&file->path);
	strbuf_reset(&line);
	strbuf_addf(&line, SURVEY_FILE_PREFIX "%016" PRIx64, hash_bytes(names.buf, names.len));
	strbuf_add_path(&file->path, dir, line.buf);
	strbuf_release(&names);
	strbuf_release(&line);
}

void survey_file_release(struct survey_file *file)
{
	strbuf_release(&file->path);
}

static void identity_hex(const unsigned char identity[SHA1_DIGEST_BYTES], char out[41])
{
	for (int i = 0; i < SHA1_DIGEST_BYTES; i++)
		snprintf(out + 2 * i, 3, "%02x", identity[i]);
}

/* The line beginning at `*at` in `data` (`len` bytes), without its
 * newline, into `line`; `*at` past it. -1 when there is no whole line. */
static int next_line(const char *data, size_t len, size_t *at, struct strbuf *line)
{
	const char *newline = *at < len ? memchr(data + *at, '\n', len - *at) : NULL;
	if (!newline)
		return -1;
	strbuf_reset(line);
	strbuf_add(line, data + *at, (size_t)(newline - (data + *at)));
	*at = (size_t)(newline - data) + 1;
	return 0;
}

int survey_file_read(const struct survey_file *file, struct site_table **table,
		     uint64_t *failed, struct nc_error *err)
{
	struct strbuf data = STRBUF_INIT, line = STRBUF_INIT;
	struct stat st;
	char hex[41], *end;
	size_t at = strlen(SURVEY_FILE_MAGIC);
	int ret = -1;

	*table = NULL;
	if (stat(file->path.buf, &st) != 0 && errno == ENOENT)
		return 0;
	if (read_file(file->path.buf, SURVEY_FILE_MAX_BYTES, &data, err) < 0)
		goto out;
	identity_hex(file->identity, hex);
	if (data.len < at || memcmp(data.buf, SURVEY_FILE_MAGIC, at)) {
		nc_error_set(err, NC_ERR_FORMAT, "%s: not a survey file of this version",
			     file->path.buf);
		goto out;
	}
	if (next_line(data.buf, data.len, &at, &line) < 0 || strncmp(line.buf, "identity ", 9) ||
	    strcmp(line.buf + 9, hex)) {
		nc_error_set(err, NC_ERR_FORMAT, "%s: made for other inputs or options (an input "
			     "or an option changed since)", file->path.buf);
		goto out;
	}
	if (next_line(data.buf, data.len, &at, &line) < 0 || strncmp(line.buf, "failed ", 7) ||
	    (errno = 0, *failed = strtoull(line.buf + 7, &end, 10), errno) || *end ||
	    end == line.buf + 7) {
		nc_error_set(err, NC_ERR_FORMAT, "%s: line 3 is not \"failed N\"", file->path.buf);
		goto out;
	}
	*table = site_table_load(data.buf + at, data.len - at, err);
	if (!*table) {
		struct nc_error why = *err;
		nc_error_set(err, NC_ERR_FORMAT, "%s: %s", file->path.buf, why.message);
		goto out;
	}
	ret = 1;
out:
	strbuf_release(&data);
	strbuf_release(&line);
	return ret;
}

int survey_file_write(const struct survey_file *file, const struct site_table *table,
		      uint64_t failed, struct nc_error *err)
{
	struct atomic_file out;
	struct strbuf data = STRBUF_INIT;
	char hex[41];

	identity_hex(file->identity, hex);
	strbuf_addf(&data, SURVEY_FILE_MAGIC "identity %s\nfailed %" PRIu64 "\n", hex, failed);
	site_table_save(table, &data);
	cli_install_signal_handlers();   /* before the file exists: a signal removes it */
	if (atomic_file_open(&out, file->path.buf, err) < 0) {
		strbuf_release(&data);
		return -1;
	}
	cli_register_atomic_file(&out);
	int ret = 0;
	if (fwrite(data.buf, 1, data.len, out.stream) != data.len) {
		nc_error_set(err, NC_ERR_IO, "%s: cannot write: %s", file->path.buf, strerror(errno));
		atomic_file_abort(&out);
		ret = -1;
	} else if (atomic_file_commit(&out, err) < 0) {
		ret = -1;
	}
	cli_unregister_atomic_file(&out);
	strbuf_release(&data);
	return ret;
}

void survey_file_remove(const struct survey_file *file)
{
	unlink(file->path.buf);
}
