/* file.c: whole-file reading and atomic writing (see file.h). */
#include "base/file.h"
#include "base/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
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

/* Below this a buffer's pages are few: not worth a system call. */
#define PREFAULT_MIN_BYTES (256u << 10)

/* Map in the pages of a fresh buffer of `len` bytes at once, before read(2)
 * fills them: faulting them in one by one as the copy reaches them costs
 * far more (a 3.5 MB model image: 3.0 ms a process against 0.8 ms, as
 * much as mapping the file; a read copy, unlike a mapping, cannot change
 * under us or vanish when the file is rewritten in place). Where the
 * kernel cannot (before Linux 5.14), the pages fault in as before. */
static void prefault(char *buf, size_t len)
{
#ifdef MADV_POPULATE_WRITE
	long page = sysconf(_SC_PAGESIZE);
	if (len < PREFAULT_MIN_BYTES || page <= 0)
		return;
	uintptr_t start = ((uintptr_t)buf + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
	uintptr_t end = ((uintptr_t)buf + len) & ~((uintptr_t)page - 1);
	if (end > start)
		(void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
#else
	(void)buf, (void)len;
#endif
}

int read_fd(int fd, const char *name, size_t max_bytes, struct strbuf *out,
	    struct nc_error *err)
{
	size_t start = out->len;
	struct stat st;
	int known = fstat(fd, &st) == 0, regular = known && S_ISREG(st.st_mode);

	if (known && S_ISDIR(st.st_mode))
		return nc_error_set(err, NC_ERR_IO, "%s: is a directory", name);
	if (max_bytes && regular && (uintmax_t)st.st_size > max_bytes)
		return nc_error_set(err, NC_ERR_LIMIT, "%s: larger than the limit of %zu bytes",
				    name, max_bytes);
	/* A regular file's size is known: room for all of it at once, and a
	 * read of 1 byte's room to see its end, so that the bytes are never
	 * copied by growing (a 3.5 MB model image: 2.8 M instructions). */
	int sized = regular && st.st_size > 0 &&
		    strbuf_try_grow_exact(out, (size_t)st.st_size + 1) == 0;
	if (sized)
		prefault(out->buf + out->len, (size_t)st.st_size);
	for (;;) {
		size_t hint = sized && strbuf_avail(out) > 0 ? 1 : 65536;
		ssize_t got = strbuf_read_once(out, fd, hint);
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

/* The temporary name of the target `name`: hidden, cut to stay within
 * NAME_MAX, then ".tmp." and TMP_RANDOM_DIGITS hex digits. */
#define TMP_TAG ".tmp."
#define TMP_RANDOM_DIGITS 12
#define TMP_NAME_MAX_TARGET (NAME_MAX - 20)

/* Lock the whole of the open file `fd` against every other open file
 * description: 0; 1 when the file system keeps no such locks (the file is
 * used unlocked: no remover can take it for a leftover either); -1 when
 * another holds a lock on it (errno EAGAIN). `type`: F_WRLCK, F_RDLCK. */
static int lock_whole_file(int fd, short type)
{
	struct flock lock = { .l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
	if (fcntl(fd, F_OFD_SETLK, &lock) == 0)
		return 0;
	return errno == EAGAIN || errno == EACCES ? -1 : 1;
}

/* Open the temporary file `file->tmp_name` with O_EXCL and lock it: the
 * descriptor, or -1 (errno EEXIST also when a remover holds the new file:
 * the caller tries another name). */
static int create_locked(struct atomic_file *file)
{
	int fd = openat(file->dir_fd, file->tmp_name,
			O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0)
		return -1;
	int locked = lock_whole_file(fd, F_WRLCK);
	/* The lock lives as long as its open file description: a second
	 * descriptor keeps it from the stream's fclose() until the rename. */
	int lock_fd = locked < 0 ? -1 : fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (lock_fd < 0) {
		int saved = locked < 0 ? EEXIST : errno;
		unlinkat(file->dir_fd, file->tmp_name, 0);
		close(fd);
		errno = saved;
		return -1;
	}
	file->lock_fd = lock_fd;
	return fd;
}

/* Create the hidden temporary file with O_EXCL and an unpredictable name:
 * nothing planted under that name (a file, a symlink) is ever opened, and a
 * clash just tries another name. */
static int create_temporary(struct atomic_file *file)
{
	for (int attempt = 0; attempt < 100; attempt++) {
		uint64_t salt = 0;
		if (getrandom(&salt, sizeof(salt), 0) != sizeof(salt))
			salt = ((uint64_t)getpid() << 32) ^ (uint64_t)attempt ^ (uint64_t)(uintptr_t)file;
		snprintf(file->tmp_name, sizeof(file->tmp_name), ".%.*s" TMP_TAG "%0*llx",
			 TMP_NAME_MAX_TARGET, file->name, TMP_RANDOM_DIGITS,
			 (unsigned long long)(salt & 0xFFFFFFFFFFFFull));
		sigset_t all, old_mask;
		sigfillset(&all);
		pthread_sigmask(SIG_BLOCK, &all, &old_mask);
		int fd = create_locked(file);
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

static void release_lock(struct atomic_file *file)
{
	if (file->lock_fd >= 0)
		close(file->lock_fd);
	file->lock_fd = -1;
}

void atomic_file_init(struct atomic_file *file)
{
	file->stream = NULL;
	file->dir_fd = -1;
	file->lock_fd = -1;
	file->leftovers = 0;
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
		size_t leftovers = atomic_file_remove_leftovers(dir_fd, slash ? slash + 1 : path);
		ret = atomic_file_open_at(file, dir_fd, slash ? slash + 1 : path, path, err);
		file->leftovers = leftovers;
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
	release_lock(file);
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
	release_lock(file);
	if (file->dir_fd >= 0)
		close(file->dir_fd);
	file->dir_fd = -1;
}

void atomic_file_emergency_remove(struct atomic_file *file)
{
	if (atomic_exchange(&file->pending, 0))
		unlinkat(file->dir_fd, file->tmp_name, 0);
}

/* --- leftovers ------------------------------------------------------------------ */

/* Is `entry` named as create_temporary() names the temporary files of
 * `target` (of any target when NULL)? */
static int is_temporary_name(const char *entry, const char *target)
{
	size_t len = strlen(entry), suffix = strlen(TMP_TAG) + TMP_RANDOM_DIGITS;
	if (entry[0] != '.' || len < 2 + suffix)
		return 0;
	const char *tag = entry + len - suffix;
	if (memcmp(tag, TMP_TAG, strlen(TMP_TAG)))
		return 0;
	for (const char *p = tag + strlen(TMP_TAG); *p; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
			return 0;
	if (!target)
		return 1;
	size_t n = strlen(target);
	if (n > TMP_NAME_MAX_TARGET)
		n = TMP_NAME_MAX_TARGET;
	return (size_t)(tag - entry - 1) == n && !memcmp(entry + 1, target, n);
}

/* Remove the entry `name` of `dir_fd` when it is a leftover: a regular
 * file of ours whose writer holds no lock on it. 1 when removed. */
static int remove_if_leftover(int dir_fd, const char *name)
{
	struct stat before, opened, now;
	if (fstatat(dir_fd, name, &before, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(before.st_mode) ||
	    before.st_uid != geteuid())
		return 0;
	int fd = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	int removed = 0;
	/* Still the file looked at, its writer gone (its lock free: ours now),
	 * and still under that name when it goes. */
	if (fstat(fd, &opened) == 0 && opened.st_dev == before.st_dev &&
	    opened.st_ino == before.st_ino && lock_whole_file(fd, F_RDLCK) == 0 &&
	    fstatat(dir_fd, name, &now, AT_SYMLINK_NOFOLLOW) == 0 && now.st_dev == opened.st_dev &&
	    now.st_ino == opened.st_ino)
		removed = unlinkat(dir_fd, name, 0) == 0;
	close(fd);
	return removed;
}

size_t atomic_file_remove_leftovers(int dir_fd, const char *name)
{
	/* A descriptor of its own: reading the directory moves its offset. */
	int fd = openat(dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
	size_t removed = 0;

	if (!dir) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	for (struct dirent *entry; (entry = readdir(dir));)
		if (is_temporary_name(entry->d_name, name))
			removed += (size_t)remove_if_leftover(dir_fd, entry->d_name);
	closedir(dir);
	return removed;
}

void atomic_file_leftovers_notice(size_t count, const char *where, struct nc_error *notice)
{
	nc_error_set(notice, NC_OK, "%s: removed %zu temporary file%s that %s, stopped before %s "
		     "finished (killed with SIGKILL, a crash), left behind", where, count,
		     count == 1 ? "" : "s", count == 1 ? "an earlier run" : "earlier runs",
		     count == 1 ? "it" : "they");
}
