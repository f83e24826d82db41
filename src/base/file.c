/* file.c: whole-file reading and atomic writing (see file.h). */
#include "base/file.h"
#include "base/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

int is_directory(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int open_input_file(const char *path, int regular_only, struct nc_error *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;

	if (fd < 0)
		return nc_error_set(err, NC_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
	if (fstat(fd, &st) == 0 && (S_ISDIR(st.st_mode) || (regular_only && !S_ISREG(st.st_mode)))) {
		close(fd);
		return nc_error_set(err, NC_ERR_IO, "%s: %s", path, S_ISDIR(st.st_mode)
				    ? "is a directory" : "not a regular file (skipped)");
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

FILE *anonymous_temp_file(struct nc_error *err)
{
	const char *dir = getenv("TMPDIR");
	if (!dir || !*dir)
		dir = "/tmp";
	int fd = -1;
#ifdef O_TMPFILE
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
#endif
	if (fd < 0) {   /* a file system without O_TMPFILE */
		struct strbuf path = STRBUF_INIT;
		strbuf_addf(&path, "%s/ncleaner-spill.XXXXXX", dir);
		fd = mkostemp(path.buf, O_CLOEXEC);
		if (fd >= 0)
			unlink(path.buf);
		strbuf_release(&path);
	}
	FILE *file = fd >= 0 ? fdopen(fd, "w+") : NULL;
	if (!file) {
		nc_error_set(err, NC_ERR_IO, "cannot create a temporary file in %s: %s", dir,
			     strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	return file;
}

int read_fd(int fd, const char *name, size_t max_bytes, struct strbuf *out,
	    struct nc_error *err)
{
	size_t start = out->len;
	struct stat st;

	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
		return nc_error_set(err, NC_ERR_IO, "%s: is a directory", name);
	if (max_bytes && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > max_bytes)
		return nc_error_set(err, NC_ERR_LIMIT, "%s: larger than the limit of %zu bytes",
				    name, max_bytes);
	for (;;) {
		ssize_t got = strbuf_read_once(out, fd, 65536);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int saved = errno;
			strbuf_setlen(out, start);
			return nc_error_set(err, NC_ERR_IO, "%s: read error: %s", name, strerror(saved));
		}
		if (got == 0)
			return 0;
		if (max_bytes && out->len - start > max_bytes) {
			strbuf_setlen(out, start);
			return nc_error_set(err, NC_ERR_LIMIT, "%s: larger than the limit of %zu bytes",
					    name, max_bytes);
		}
	}
}

int read_file(const char *path, size_t max_bytes, struct strbuf *out, struct nc_error *err)
{
	if (!strcmp(path, "-"))
		return read_fd(STDIN_FILENO, path, max_bytes, out, err);
	int fd = open_input_file(path, 1, err);
	if (fd < 0)
		return -1;
	int ret = read_fd(fd, path, max_bytes, out, err);
	close(fd);
	return ret;
}

/* --- atomic files ------------------------------------------------------------ */

/* Create the hidden temporary file with O_EXCL and an unpredictable name:
 * nothing planted under that name (a file, a symlink) is ever opened, and a
 * clash just tries another name. */
static int create_temporary(struct atomic_file *file)
{
	for (int attempt = 0; attempt < 100; attempt++) {
		uint64_t salt = 0;
		if (getrandom(&salt, sizeof(salt), 0) != sizeof(salt))
			salt = ((uint64_t)getpid() << 32) ^ (uint64_t)attempt ^ (uint64_t)(uintptr_t)file;
		/* Keep the name within NAME_MAX: the temporary name may be cut. */
		snprintf(file->tmp_name, sizeof(file->tmp_name), ".%.*s.tmp.%012llx",
			 NAME_MAX - 20, file->name, (unsigned long long)(salt & 0xFFFFFFFFFFFFull));
		sigset_t all, old_mask;
		sigfillset(&all);
		pthread_sigmask(SIG_BLOCK, &all, &old_mask);
		int fd = openat(file->dir_fd, file->tmp_name,
				O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		int open_errno = errno;
		if (fd >= 0)
			atomic_store(&file->pending, 1);
		pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
		errno = open_errno;
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

void atomic_file_init(struct atomic_file *file)
{
	file->stream = NULL;
	file->dir_fd = -1;
	file->name[0] = file->tmp_name[0] = file->display[0] = '\0';
	atomic_store(&file->pending, 0);
}

int atomic_file_open_at(struct atomic_file *file, int dir_fd, const char *name,
			const char *display, struct nc_error *err)
{
	atomic_file_init(file);
	snprintf(file->display, sizeof(file->display), "%s", display);
	if (strlen(name) >= sizeof(file->name) || strchr(name, '/'))
		return nc_error_set(err, NC_ERR_IO, "%s: bad file name", display);
	strcpy(file->name, name);
	file->dir_fd = fcntl(dir_fd, F_DUPFD_CLOEXEC, 0);
	if (file->dir_fd < 0)
		return nc_error_set(err, NC_ERR_IO, "%s: %s", display, strerror(errno));
	int fd = create_temporary(file);
	if (fd >= 0 && !(file->stream = fdopen(fd, "w")))
		close(fd);
	if (!file->stream) {
		int saved = errno;
		atomic_file_abort(file);
		return nc_error_set(err, NC_ERR_IO, "%s: cannot create: %s", display, strerror(saved));
	}
	return 0;
}

int atomic_file_open(struct atomic_file *file, const char *path, struct nc_error *err)
{
	const char *slash = strrchr(path, '/');
	struct strbuf dir = STRBUF_INIT;

	if (slash)
		strbuf_add(&dir, path, slash == path ? 1 : (size_t)(slash - path));
	else
		strbuf_addch(&dir, '.');
	int dir_fd = open(dir.buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int ret;
	if (dir_fd < 0) {
		atomic_file_init(file);
		ret = nc_error_set(err, NC_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
	} else {
		ret = atomic_file_open_at(file, dir_fd, slash ? slash + 1 : path, path, err);
		close(dir_fd);
	}
	strbuf_release(&dir);
	return ret;
}

int atomic_file_commit(struct atomic_file *file, struct nc_error *err)
{
	int failed = ferror(file->stream);
	int saved = errno;

	if (fclose(file->stream) != 0 && !failed) {
		failed = 1;
		saved = errno;
	}
	file->stream = NULL;
	if (!failed && renameat(file->dir_fd, file->tmp_name, file->dir_fd, file->name) != 0) {
		failed = 1;
		saved = errno;
	}
	if (failed) {
		atomic_file_abort(file);
		return nc_error_set(err, NC_ERR_IO, "%s: cannot write: %s", file->display,
				    strerror(saved));
	}
	atomic_store(&file->pending, 0);
	close(file->dir_fd);
	file->dir_fd = -1;
	return 0;
}

void atomic_file_abort(struct atomic_file *file)
{
	if (file->stream)
		fclose(file->stream);
	file->stream = NULL;
	atomic_file_emergency_remove(file);
	if (file->dir_fd >= 0)
		close(file->dir_fd);
	file->dir_fd = -1;
}

void atomic_file_emergency_remove(struct atomic_file *file)
{
	if (atomic_exchange(&file->pending, 0))
		unlinkat(file->dir_fd, file->tmp_name, 0);
}
