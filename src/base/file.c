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

int read_fd(int fd, const char *name, size_t max_bytes, struct strbuf *out,
	    struct nc_error *err)
{
	size_t start = out->len;
	struct stat st;

	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
		return nc_error_set(err, NC_ERR_IO, "%s: is a directory", name);
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
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return nc_error_set(err, NC_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
	int ret = read_fd(fd, path, max_bytes, out, err);
	close(fd);
	return ret;
}

/* --- atomic files ------------------------------------------------------------ */

int atomic_file_open(struct atomic_file *file, const char *path, struct nc_error *err)
{
	file->stream = NULL;
	atomic_store(&file->pending, 0);
	file->tmp_path[0] = '\0';
	if (strlen(path) + 32 >= sizeof(file->path))
		return nc_error_set(err, NC_ERR_IO, "%s: file name too long", path);
	strcpy(file->path, path);
	/* O_EXCL with an unpredictable name: nothing planted under that name
	 * (a file, a symlink) is ever opened; a clash just tries another. */
	for (int attempt = 0; attempt < 100; attempt++) {
		uint64_t salt = 0;
		if (getrandom(&salt, sizeof(salt), 0) != sizeof(salt))
			salt = ((uint64_t)getpid() << 32) ^ (uint64_t)attempt ^ (uint64_t)(uintptr_t)file;
		snprintf(file->tmp_path, sizeof(file->tmp_path), "%s.tmp.%012llx", path,
			 (unsigned long long)(salt & 0xFFFFFFFFFFFFull));
		sigset_t all, old_mask;
		sigfillset(&all);
		pthread_sigmask(SIG_BLOCK, &all, &old_mask);
		int fd = open(file->tmp_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			      0666);
		int open_errno = errno;
		if (fd >= 0)
			atomic_store(&file->pending, 1);
		pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
		errno = open_errno;
		if (fd < 0 && errno == EEXIST)
			continue;
		if (fd < 0)
			break;
		file->stream = fdopen(fd, "w");
		if (!file->stream) {
			int saved = errno;
			close(fd);
			atomic_file_abort(file);
			errno = saved;
			break;
		}
		return 0;
	}
	int saved = errno;
	return nc_error_set(err, NC_ERR_IO, "%s: cannot create: %s", file->tmp_path, strerror(saved));
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
	if (!failed && rename(file->tmp_path, file->path) != 0) {
		failed = 1;
		saved = errno;
	}
	if (failed) {
		atomic_file_abort(file);
		return nc_error_set(err, NC_ERR_IO, "%s: cannot write: %s", file->path,
				    strerror(saved));
	}
	atomic_store(&file->pending, 0);
	return 0;
}

void atomic_file_abort(struct atomic_file *file)
{
	if (file->stream)
		fclose(file->stream);
	file->stream = NULL;
	atomic_file_emergency_remove(file);
}

void atomic_file_emergency_remove(struct atomic_file *file)
{
	if (atomic_exchange(&file->pending, 0))
		unlink(file->tmp_path);
}
