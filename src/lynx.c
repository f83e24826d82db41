/* lynx.c: running Lynx as a child process (see lynx.h).
 *
 * How it works: two pipes, one poll() loop. The page is written to the
 * child's stdin while its stdout is drained, so neither side can block the
 * other on a full pipe buffer. The loop ends when stdout closes; then the
 * child is reaped. Every wait is bounded by the deadline, after which the
 * child is killed with SIGKILL and reaped, so no zombie and no hang remains.
 *
 * Lynx keeps its copy of the page in a private directory of ours (the
 * sandbox), created on first use and removed by lynx_sandbox_remove(), so a
 * Lynx killed at the deadline leaves nothing behind in /tmp. The sandbox
 * also holds the lynx.cfg we give it. The pid of the running child and the
 * sandbox path are kept in statics for lynx_emergency_stop(), which a
 * signal handler may call.
 */
#include "lynx.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Our lynx.cfg. With -cfg=/dev/null Lynx still loads its compiled-in
 * mailcap and MIME files (/etc/mailcap, /etc/mime.types) and runs the mailcap
 * "test" clauses through /bin/sh. None of that matters for a dump of HTML
 * from standard input, so all four point at /dev/null: Lynx then reads and
 * runs nothing but the page. Every other setting keeps Lynx's default. */
static const char lynx_config[] =
	"GLOBAL_MAILCAP:/dev/null\n"
	"PERSONAL_MAILCAP:/dev/null\n"
	"GLOBAL_EXTENSION_MAP:/dev/null\n"
	"PERSONAL_EXTENSION_MAP:/dev/null\n";

static char sandbox_dir[PATH_MAX];
static char sandbox_cfg[PATH_MAX + 16];
static char sandbox_env[2][PATH_MAX + 32];
static volatile sig_atomic_t running_pid;

/* Remove every entry of the (flat) sandbox except lynx.cfg, or everything
 * when `all`. Only system calls: a signal handler may run this. */
static void sandbox_empty(int all)
{
	char buf[4096];
	int fd = open(sandbox_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
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

static int sandbox_create(struct nc_error *err)
{
	const char *base = getenv("TMPDIR");
	int fd;

	if (sandbox_dir[0] && access(sandbox_cfg, R_OK) == 0)
		return 0;
	sandbox_dir[0] = '\0';  /* never made, or removed behind our back */
	if (!base || !*base || strlen(base) > PATH_MAX - 64)
		base = "/tmp";
	snprintf(sandbox_dir, sizeof(sandbox_dir), "%s/ncleaner-lynx.XXXXXX", base);
	if (!mkdtemp(sandbox_dir)) {
		int saved = errno;
		sandbox_dir[0] = '\0';
		return nc_error_set(err, NC_ERR_LYNX, "cannot create a temporary directory for lynx "
				    "in %s: %s", base, strerror(saved));
	}
	snprintf(sandbox_cfg, sizeof(sandbox_cfg), "%s/lynx.cfg", sandbox_dir);
	fd = open(sandbox_cfg, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, lynx_config, strlen(lynx_config)) != (ssize_t)strlen(lynx_config)) {
		int saved = errno;
		if (fd >= 0)
			close(fd);
		lynx_sandbox_remove();
		return nc_error_set(err, NC_ERR_LYNX, "cannot write lynx.cfg to a temporary "
				    "directory: %s", strerror(saved));
	}
	close(fd);
	/* Lynx uses a private (mode 0700, our own) LYNX_TEMP_SPACE as it is. */
	snprintf(sandbox_env[0], sizeof(sandbox_env[0]), "LYNX_TEMP_SPACE=%s", sandbox_dir);
	snprintf(sandbox_env[1], sizeof(sandbox_env[1]), "TMPDIR=%s", sandbox_dir);
	return 0;
}

void lynx_sandbox_remove(void)
{
	if (!sandbox_dir[0])
		return;
	sandbox_empty(1);
	rmdir(sandbox_dir);
	sandbox_dir[0] = '\0';
}

void lynx_emergency_stop(void)
{
	pid_t pid = (pid_t)running_pid;
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		running_pid = 0;
	}
	lynx_sandbox_remove();  /* system calls only: safe here */
}

void lynx_command_line(const struct lynx_options *options, const char *config,
		       const char **argv, struct lynx_argv_storage *storage)
{
	int argc = 0;

	argv[argc++] = options->program;
	argv[argc++] = "-dump";
	argv[argc++] = "-nolist";
	argv[argc++] = "-force_html";
	argv[argc++] = "-stdin";
	argv[argc++] = "-noredir";
	snprintf(storage->config, sizeof(storage->config), "-cfg=%s", config);
	argv[argc++] = storage->config;
	argv[argc++] = "-display_charset=utf-8";
	snprintf(storage->charset, sizeof(storage->charset), "-assume_charset=%s",
		 options->charset ? options->charset : "windows-1252");
	argv[argc++] = storage->charset;
	snprintf(storage->width, sizeof(storage->width), "-width=%d", LYNX_WIDTH);
	argv[argc++] = storage->width;
	argv[argc] = NULL;
}

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* In the child: wire the pipes to stdin/stdout, silence stderr, neutralise
 * the environment, exec. Only async-signal-safe calls here. */
static _Noreturn void exec_child(const char **argv, int in_fd, int out_fd, int status_fd)
{
	char *const env[] = {
		"HOME=/nonexistent", "LC_ALL=C", "TERM=dumb",
		"PATH=/usr/local/bin:/usr/bin:/bin", sandbox_env[0], sandbox_env[1], NULL
	};
	int devnull = open("/dev/null", O_WRONLY);

	dup2(in_fd, STDIN_FILENO);
	dup2(out_fd, STDOUT_FILENO);
	if (devnull >= 0)
		dup2(devnull, STDERR_FILENO);
	/* execvpe looks the program up in the caller's PATH (not env's): the
	 * PATH passed to Lynx itself is a fixed, harmless one. */
	execvpe(argv[0], (char *const *)argv, env);
	int saved = errno;
	ssize_t ignored = write(status_fd, &saved, sizeof(saved));
	(void)ignored;
	_exit(127);
}

/* Wait for `pid` until `deadline`; kill it when the deadline passes. */
static int reap_child(pid_t pid, double deadline, int *status, int *timed_out)
{
	*timed_out = 0;
	for (;;) {
		pid_t r = waitpid(pid, status, deadline > 0 ? WNOHANG : 0);
		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -1;
		if (deadline > 0 && now_seconds() > deadline) {
			kill(pid, SIGKILL);
			*timed_out = 1;
			deadline = 0;  /* now wait without WNOHANG */
			continue;
		}
		if (r == 0) {
			struct timespec pause = { 0, 2000000 };
			nanosleep(&pause, NULL);
		}
	}
}

int lynx_dump(const struct lynx_options *options, const char *html, size_t len,
	      struct strbuf *out, struct nc_error *err)
{
	const char *argv[LYNX_MAX_ARGS];
	struct lynx_argv_storage storage;
	int to_child[2] = { -1, -1 }, from_child[2] = { -1, -1 }, exec_status[2] = { -1, -1 };
	size_t start = out->len, written = 0;
	double deadline = options->timeout_seconds > 0 ? now_seconds() + options->timeout_seconds : 0;
	int ret = -1, status = 0, timed_out = 0, too_much = 0, exec_errno = 0;
	pid_t pid;

	if (sandbox_create(err) < 0)
		return -1;
	lynx_command_line(options, sandbox_cfg, argv, &storage);
	if (pipe2(to_child, O_CLOEXEC) < 0 || pipe2(from_child, O_CLOEXEC) < 0 ||
	    pipe2(exec_status, O_CLOEXEC) < 0) {
		nc_error_set(err, NC_ERR_LYNX, "cannot create pipes for lynx: %s", strerror(errno));
		goto out;
	}
	pid = fork();
	if (pid < 0) {
		nc_error_set(err, NC_ERR_LYNX, "cannot start lynx: %s", strerror(errno));
		goto out;
	}
	if (pid == 0)
		exec_child(argv, to_child[0], from_child[1], exec_status[1]);
	running_pid = pid;

	close_fd(&to_child[0]);
	close_fd(&from_child[1]);
	close_fd(&exec_status[1]);
	fcntl(to_child[1], F_SETFL, O_NONBLOCK);
	if (len == 0)
		close_fd(&to_child[1]);

	/* A write to a Lynx that has exited must fail with EPIPE, not kill us. */
	struct sigaction ignore = { .sa_handler = SIG_IGN }, previous;
	sigaction(SIGPIPE, &ignore, &previous);

	while (from_child[0] >= 0) {
		struct pollfd fds[2] = {
			{ .fd = from_child[0], .events = POLLIN },
			{ .fd = to_child[1], .events = POLLOUT },
		};
		int wait_ms = -1;
		if (deadline > 0) {
			double left = deadline - now_seconds();
			if (left <= 0) {
				timed_out = 1;
				break;
			}
			wait_ms = (int)(left * 1000) + 1;
		}
		int n = poll(fds, to_child[1] >= 0 ? 2 : 1, wait_ms);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (fds[1].revents & (POLLOUT | POLLERR | POLLHUP)) {
			ssize_t w = write(to_child[1], html + written, len - written);
			if (w > 0)
				written += (size_t)w;
			if ((w < 0 && errno != EAGAIN && errno != EINTR) || written == len)
				close_fd(&to_child[1]);  /* done, or Lynx stopped reading */
		}
		if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			strbuf_grow(out, 65536);
			ssize_t r = read(from_child[0], out->buf + out->len, out->alloc - out->len - 1);
			if (r > 0) {
				out->len += (size_t)r;
				out->buf[out->len] = '\0';
				if (options->max_output && out->len - start > options->max_output) {
					too_much = 1;
					break;
				}
			} else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
				close_fd(&from_child[0]);
			}
		}
	}
	sigaction(SIGPIPE, &previous, NULL);
	close_fd(&to_child[1]);
	close_fd(&from_child[0]);
	if (timed_out || too_much)
		kill(pid, SIGKILL);
	/* Signals wait while the child is reaped, so that the handler never
	 * kills a pid that has been reaped (and could be reused). */
	sigset_t stop_signals, saved_mask;
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGTERM);
	sigaddset(&stop_signals, SIGHUP);
	sigprocmask(SIG_BLOCK, &stop_signals, &saved_mask);
	int reap_timeout = 0;
	reap_child(pid, timed_out || too_much ? 0 : deadline, &status, &reap_timeout);
	running_pid = 0;
	sigprocmask(SIG_SETMASK, &saved_mask, NULL);
	timed_out |= reap_timeout;
	if (timed_out || too_much || WIFSIGNALED(status))
		sandbox_empty(0);  /* what a killed Lynx left behind */
	if (read(exec_status[0], &exec_errno, sizeof(exec_errno)) != sizeof(exec_errno))
		exec_errno = 0;

	if (exec_errno) {
		nc_error_set(err, NC_ERR_LYNX, "cannot run %s: %s%s", options->program,
			     strerror(exec_errno),
			     exec_errno == ENOENT ? " (install the Debian package lynx, or use --lynx)" : "");
	} else if (timed_out) {
		nc_error_set(err, NC_ERR_TIMEOUT, "lynx did not finish within %g seconds (killed)",
			     options->timeout_seconds);
	} else if (too_much) {
		nc_error_set(err, NC_ERR_LIMIT, "lynx printed more than %zu bytes (killed)",
			     options->max_output);
	} else if (WIFSIGNALED(status)) {
		nc_error_set(err, NC_ERR_LYNX, "lynx was killed by signal %d", WTERMSIG(status));
	} else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		nc_error_set(err, NC_ERR_LYNX, "lynx failed with exit status %d",
			     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	} else {
		ret = 0;
	}
out:
	close_fd(&to_child[0]);
	close_fd(&to_child[1]);
	close_fd(&from_child[0]);
	close_fd(&from_child[1]);
	close_fd(&exec_status[0]);
	close_fd(&exec_status[1]);
	if (ret < 0)
		strbuf_setlen(out, start);
	return ret;
}
