/* lynx.c: the Lynx renderer (see lynx.h).
 *
 * Lynx keeps its copy of the page in the sandbox, so a Lynx killed at the
 * deadline leaves nothing behind in /tmp; after such a kill the sandbox is
 * emptied (all but lynx.cfg). A sandbox's name holds the pid of its run,
 * so that a later run can remove what a run killed with SIGKILL left. The sandbox paths live in fixed buffers of the
 * instance, so that the emergency stop can remove them with system calls
 * only.
 */
#include "render/lynx.h"
#include "render/child.h"
#include "base/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

/* Our lynx.cfg. With -cfg=/dev/null Lynx still loads its compiled-in
 * mailcap and MIME files (/etc/mailcap, /etc/mime.types) and runs the mailcap
 * "test" clauses through /bin/sh. None of that matters for a dump of HTML
 * from standard input, so all four point at /dev/null: Lynx then reads and
 * runs nothing but the page. Every other setting keeps Lynx's default. */
static const char lynx_config_text[] =
	"GLOBAL_MAILCAP:/dev/null\n"
	"PERSONAL_MAILCAP:/dev/null\n"
	"GLOBAL_EXTENSION_MAP:/dev/null\n"
	"PERSONAL_EXTENSION_MAP:/dev/null\n";

#define LYNX_MISSING_HINT " (install the Debian package lynx, or use --lynx)"

struct lynx_renderer {
	struct renderer base;
	struct lynx_config config;
	struct child_process child;
	/* The sandbox: its paths are written first, then `sandbox_ready` is
	 * set, so a signal handler never sees a half-made path. While a thread
	 * makes it, `making` is set; once the emergency stop ran, `stopped`
	 * is, and no sandbox is made any more (see sandbox_create()). */
	atomic_int sandbox_ready;
	atomic_int making, stopped;
	char sandbox_dir[PATH_MAX];
	char sandbox_cfg[PATH_MAX + 16];
	char sandbox_env[2][PATH_MAX + 32];
};

/* Remove every entry of the (flat) sandbox except lynx.cfg, or everything
 * when `all`. Only system calls: the emergency stop runs this. */
static void sandbox_empty(const char *dir, int all)
{
	char buf[4096];
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return;
	while ((n = getdents64(fd, buf, sizeof(buf))) > 0) {
		for (ssize_t at = 0; at < n;) {
			struct dirent64 *entry = (struct dirent64 *)(buf + at);
			const char *name = entry->d_name;
			at += entry->d_reclen;
			if (!strcmp(name, ".") || !strcmp(name, "..") ||
			    (!all && !strcmp(name, "lynx.cfg")))
				continue;
			unlinkat(fd, name, 0);
		}
	}
	close(fd);
}

/* Remove the sandbox, if there is one. Only system calls: the emergency
 * stop runs this. */
static void sandbox_remove(struct lynx_renderer *lynx)
{
	if (!atomic_exchange(&lynx->sandbox_ready, 0))
		return;
	sandbox_empty(lynx->sandbox_dir, 1);
	rmdir(lynx->sandbox_dir);
}

/* The pid in a sandbox's name "ncleaner-lynx.PID.XXXXXX", or 0. */
static pid_t sandbox_owner(const char *name)
{
	const char *prefix = "ncleaner-lynx.";
	size_t n = strlen(prefix);
	if (strncmp(name, prefix, n))
		return 0;
	char *end;
	long pid = strtol(name + n, &end, 10);
	return *end == '.' && pid > 0 && pid < INT_MAX ? (pid_t)pid : 0;
}

/* Remove the sandboxes that earlier runs, killed with SIGKILL, left in
 * `base`: ours (same user), named with a pid that no longer runs, and real
 * directories (never through a symlink). A pid that was reused only keeps
 * its leftover until a later run. */
static void remove_stale_sandboxes(const char *base)
{
	int base_fd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = base_fd >= 0 ? fdopendir(base_fd) : NULL;
	struct dirent *entry;

	if (!d) {
		if (base_fd >= 0)
			close(base_fd);
		return;
	}
	while ((entry = readdir(d))) {
		pid_t pid = sandbox_owner(entry->d_name);
		struct stat st;
		if (!pid || pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH)
			continue;
		if (fstatat(base_fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
			continue;
		int fd = openat(base_fd, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			continue;
		DIR *stale = fdopendir(fd);
		struct dirent *file;
		while (stale && (file = readdir(stale)))
			if (strcmp(file->d_name, ".") && strcmp(file->d_name, ".."))
				unlinkat(fd, file->d_name, 0);
		if (stale)
			closedir(stale);
		else
			close(fd);
		unlinkat(base_fd, entry->d_name, AT_REMOVEDIR);
	}
	closedir(d);
}

static int sandbox_create(struct lynx_renderer *lynx, struct nc_error *err)
{
	const char *base = getenv("TMPDIR");
	char dir[PATH_MAX];
	int fd;

	if (atomic_load(&lynx->sandbox_ready) && access(lynx->sandbox_cfg, R_OK) == 0)
		return 0;
	sandbox_remove(lynx);  /* removed behind our back, or never made */
	if (!base || !*base || strlen(base) > PATH_MAX - 64)
		base = "/tmp";
	remove_stale_sandboxes(base);
	snprintf(dir, sizeof(dir), "%s/ncleaner-lynx.%ld.XXXXXX", base, (long)getpid());
	/* Making the sandbox and the emergency stop exclude each other. In
	 * this thread: no signal from making the directory until it is known
	 * (a handler here would not know to remove it). In the others (a
	 * handler runs in the calling thread while workers go on): `making`
	 * makes the stop wait until the sandbox is whole and known, and once
	 * `stopped` is set nothing is made, so none outlives the handler. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	atomic_store(&lynx->making, 1);
	if (atomic_load(&lynx->stopped)) {
		atomic_store(&lynx->making, 0);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		return nc_error_set(err, NC_ERR_RENDER, "stopped by a signal");
	}
	int made = mkdtemp(dir) != NULL, saved = errno;
	if (made) {
		memcpy(lynx->sandbox_dir, dir, sizeof(dir));
		snprintf(lynx->sandbox_cfg, sizeof(lynx->sandbox_cfg), "%s/lynx.cfg", dir);
		atomic_store(&lynx->sandbox_ready, 1);
		fd = open(lynx->sandbox_cfg, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		size_t want = strlen(lynx_config_text);
		if (fd < 0 || write(fd, lynx_config_text, want) != (ssize_t)want) {
			saved = errno;
			made = -1;
		}
		if (fd >= 0)
			close(fd);
		if (made < 0)
			sandbox_remove(lynx);
	}
	atomic_store(&lynx->making, 0);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!made)
		return nc_error_set(err, NC_ERR_RENDER, "cannot create a temporary directory for lynx "
				    "in %s: %s", base, strerror(saved));
	if (made < 0)
		return nc_error_set(err, NC_ERR_RENDER, "cannot write lynx.cfg to a temporary "
				    "directory: %s", strerror(saved));
	/* Lynx uses a private (mode 0700, our own) LYNX_TEMP_SPACE as it is. */
	snprintf(lynx->sandbox_env[0], sizeof(lynx->sandbox_env[0]), "LYNX_TEMP_SPACE=%s",
		 lynx->sandbox_dir);
	snprintf(lynx->sandbox_env[1], sizeof(lynx->sandbox_env[1]), "TMPDIR=%s", lynx->sandbox_dir);
	return 0;
}

void lynx_command_line(const struct lynx_config *config, const char *charset,
		       const char *config_file, const char **argv,
		       struct lynx_argv_storage *storage)
{
	int argc = 0;

	argv[argc++] = config->program;
	argv[argc++] = "-dump";
	argv[argc++] = "-nolist";
	argv[argc++] = "-force_html";
	argv[argc++] = "-stdin";
	argv[argc++] = "-noredir";
	snprintf(storage->config, sizeof(storage->config), "-cfg=%s", config_file);
	argv[argc++] = storage->config;
	argv[argc++] = "-display_charset=utf-8";
	snprintf(storage->charset, sizeof(storage->charset), "-assume_charset=%s",
		 charset ? charset : "windows-1252");
	argv[argc++] = storage->charset;
	snprintf(storage->width, sizeof(storage->width), "-width=%d", LYNX_WIDTH);
	argv[argc++] = storage->width;
	argv[argc] = NULL;
}

/* Lynx copies the page from its standard input into the sandbox before it
 * reads it, and when that file system is full it reads what fitted and
 * exits 0: the dump is cut short without a word. So the sandbox must have
 * room for the page (twice, and a margin, for what else Lynx writes) before
 * Lynx starts. Another process filling the disk at the same moment can still
 * defeat this; reading the page from a file would avoid the copy, but Lynx
 * lays out some pages differently then, so the paper's dumps would move. */
#define LYNX_SPACE_MARGIN (1u << 20)

static int check_space(const struct lynx_renderer *lynx, size_t page_bytes, struct nc_error *err)
{
	struct statvfs st;
	if (statvfs(lynx->sandbox_dir, &st) != 0)
		return 0;   /* cannot tell: let Lynx try */
	unsigned long long free_bytes = (unsigned long long)st.f_bavail * st.f_frsize;
	unsigned long long need = 2ull * page_bytes + LYNX_SPACE_MARGIN;
	if (free_bytes >= need)
		return 0;
	return nc_error_set(err, NC_ERR_RENDER, "not enough room in the temporary directory %s for "
			    "lynx's copy of the page (%llu bytes free, %llu needed; set TMPDIR)",
			    lynx->sandbox_dir, free_bytes, need);
}

static int lynx_render(struct renderer *renderer, const struct render_request *request,
		       struct strbuf *dump, struct nc_error *err)
{
	struct lynx_renderer *lynx = (struct lynx_renderer *)renderer;
	const char *argv[LYNX_MAX_ARGS];
	struct lynx_argv_storage storage;
	int abnormal = 0;

	if (sandbox_create(lynx, err) < 0 || check_space(lynx, request->len, err) < 0)
		return -1;
	lynx_command_line(&lynx->config, request->charset ? request->charset->assume : NULL,
			  lynx->sandbox_cfg, argv, &storage);
	char *const env[] = {
		"HOME=/nonexistent", "LC_ALL=C", "TERM=dumb", "PATH=/usr/local/bin:/usr/bin:/bin",
		lynx->sandbox_env[0], lynx->sandbox_env[1], NULL
	};
	struct child_spec spec = {
		.display_name = "lynx",
		.argv = argv,
		.envp = env,
		.missing_hint = LYNX_MISSING_HINT,
		.timeout_seconds = lynx->config.timeout_seconds,
		.max_output = request->max_output,
	};
	int ret = child_process_run(&lynx->child, &spec, request->html, request->len, dump,
				    &abnormal, err);
	if (abnormal)
		sandbox_empty(lynx->sandbox_dir, 0);  /* what a killed Lynx left behind */
	return ret;
}

static void lynx_emergency_stop(struct renderer *renderer)
{
	struct lynx_renderer *lynx = (struct lynx_renderer *)renderer;
	/* No sandbox is made from now on; one being made is waited for (see
	 * sandbox_create()). Then the Lynx is killed and reaped (so it writes
	 * nothing more there), and the sandbox removed: system calls only. */
	atomic_store(&lynx->stopped, 1);
	while (atomic_load(&lynx->making))
		;
	child_process_emergency_kill(&lynx->child);
	sandbox_remove(lynx);
}

static void lynx_free(struct renderer *renderer)
{
	struct lynx_renderer *lynx = (struct lynx_renderer *)renderer;
	sandbox_remove(lynx);
	free(lynx);
}

static const struct renderer_ops lynx_ops = {
	.render = lynx_render,
	.emergency_stop = lynx_emergency_stop,
	.free = lynx_free,
};

static int lynx_check(const void *config_ptr, struct nc_error *err)
{
	const struct lynx_config *config = config_ptr;
	struct strbuf path = STRBUF_INIT;
	int found = child_find_program(config->program, &path) == 0 &&
		    access(path.buf, X_OK) == 0;
	strbuf_release(&path);
	if (!found && strchr(config->program, '/'))
		return nc_error_set(err, NC_ERR_RENDER, "%s: no such program (--lynx names a "
				    "program by its path, or by its name to look for in PATH)",
				    config->program);
	if (!found)
		return nc_error_set(err, NC_ERR_RENDER, "%s: not found in PATH (install the Debian "
				    "package lynx, or name another with --lynx)", config->program);
	return 0;
}

static struct renderer *lynx_create(const void *config_ptr, struct nc_error *err)
{
	struct lynx_renderer *lynx = xcalloc(1, sizeof(*lynx));
	struct nc_error ignored;
	(void)err;
	lynx->base.ops = &lynx_ops;
	lynx->config = *(const struct lynx_config *)config_ptr;
	/* The sandbox is made now, where workers are made (the calling thread,
	 * signals blocked: runner.c), so that a signal handler in the calling
	 * thread never races a worker thread half-way through making it. If it
	 * cannot be made now, the first page tries again (and says why). */
	sandbox_create(lynx, &ignored);
	return &lynx->base;
}

const struct renderer_class lynx_renderer_class = {
	.name = "lynx",
	/* -stdin: LYSafeGets() and fputs() copy the page line by line */
	.drops_after_nul = 1,
	.check = lynx_check,
	.create = lynx_create,
};
