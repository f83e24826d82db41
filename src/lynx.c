/* lynx.c: running Lynx as a child process (see lynx.h).
 *
 * How it works: two pipes, one poll() loop. The page is written to the
 * child's stdin while its stdout is drained, so neither side can block the
 * other on a full pipe buffer. The loop ends when stdout closes; then the
 * child is reaped. Every wait is bounded by the deadline, after which the
 * child is killed with SIGKILL and reaped, so no zombie and no hang remains.
 */
#include "lynx.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void lynx_command_line(const struct lynx_options *options, const char **argv,
		       char storage[][64])
{
	int argc = 0;

	argv[argc++] = options->program;
	argv[argc++] = "-dump";
	argv[argc++] = "-nolist";
	argv[argc++] = "-force_html";
	argv[argc++] = "-stdin";
	argv[argc++] = "-noredir";
	argv[argc++] = "-cfg=/dev/null";
	argv[argc++] = "-display_charset=utf-8";
	snprintf(storage[0], 64, "-assume_charset=%s", options->charset ? options->charset : "windows-1252");
	argv[argc++] = storage[0];
	snprintf(storage[1], 64, "-width=%d", LYNX_WIDTH);
	argv[argc++] = storage[1];
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
	static char *const env[] = {
		"HOME=/nonexistent", "LC_ALL=C", "TERM=dumb",
		"PATH=/usr/local/bin:/usr/bin:/bin", NULL
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
	char storage[2][64];
	int to_child[2] = { -1, -1 }, from_child[2] = { -1, -1 }, exec_status[2] = { -1, -1 };
	size_t start = out->len, written = 0;
	double deadline = options->timeout_seconds > 0 ? now_seconds() + options->timeout_seconds : 0;
	int ret = -1, status = 0, timed_out = 0, too_much = 0, exec_errno = 0;
	pid_t pid;

	lynx_command_line(options, argv, storage);
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
	int reap_timeout = 0;
	reap_child(pid, timed_out || too_much ? 0 : deadline, &status, &reap_timeout);
	timed_out |= reap_timeout;
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
