/* child.c: filter programs as child processes (see child.h).
 *
 * How it works: a socket for the child's standard input, a pipe for its
 * standard output, one poll() loop. The input is written while the output is
 * drained, so neither side can block the other on a full buffer. The loop
 * ends when the output closes; then the child is reaped. Every wait is
 * bounded by the deadline, after which the child is killed with SIGKILL and
 * reaped. A third pipe (close-on-exec) carries errno back from a failed
 * execve(), so "cannot run" is told apart from a program that fails.
 */
#include "render/child.h"
#include "base/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The time a child has had, which is not the time on the wall: while the
 * whole job is stopped (Ctrl-Z, SIGSTOP) the child does not run either, and
 * a page must not time out for it. Every wait is at most CLOCK_STEP long, so
 * a step that took much longer was spent stopped and counts as one step. */
#define CLOCK_STEP 0.2

struct run_clock {
	double budget;   /* seconds the child may have; <= 0: no limit */
	double used;
	double last;
};

static void clock_start(struct run_clock *c, double budget)
{
	c->budget = budget;
	c->used = 0;
	c->last = now_seconds();
}

static void clock_tick(struct run_clock *c)
{
	double now = now_seconds(), step = now - c->last;
	c->last = now;
	c->used += step < CLOCK_STEP + 0.05 ? step : CLOCK_STEP + 0.05;
}

static int clock_expired(const struct run_clock *c)
{
	return c->budget > 0 && c->used >= c->budget;
}

/* How long the next wait may be, in milliseconds. */
static int clock_wait_ms(const struct run_clock *c)
{
	double left = c->budget > 0 ? c->budget - c->used : CLOCK_STEP;
	if (left > CLOCK_STEP)
		left = CLOCK_STEP;
	return (int)(left * 1000) + 1;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static int is_executable_file(const char *path)
{
	struct stat st;
	return access(path, X_OK) == 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int child_find_program(const char *name, struct strbuf *path)
{
	if (strchr(name, '/')) {
		strbuf_addstr(path, name);
		return 0;
	}
	const char *dirs = getenv("PATH");
	if (!dirs)
		dirs = "/usr/bin:/bin";
	size_t start = path->len;
	while (*dirs) {
		const char *colon = strchr(dirs, ':');
		size_t n = colon ? (size_t)(colon - dirs) : strlen(dirs);
		strbuf_add(path, dirs, n);   /* an empty entry is the current directory */
		strbuf_addf(path, "%s%s", n ? "/" : "", name);
		if (is_executable_file(path->buf + start))
			return 0;
		strbuf_setlen(path, start);
		dirs += n + (colon ? 1 : 0);
	}
	return -1;
}

/* In the child, which shares the parent's memory (vfork) until it execs:
 * wire stdin and stdout, silence stderr, exec. Only thin system call
 * wrappers here, writing nothing of the parent's but this frame and the
 * suspended thread's errno (sigaction() sets it for glibc's own signals;
 * the caller reads errno only on failure) while the parent's other threads
 * run on. The parent blocked every signal before the vfork, so no handler
 * of the parent's can run in here. */
static _Noreturn void exec_child(const char *program, const struct child_spec *spec,
				 pid_t parent, int in_fd, int out_fd, int status_fd)
{
	/* Die with the parent, even one killed with SIGKILL (no handler runs
	 * then); if it is already gone, do not start at all. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	/* The parent's handlers are not the program's: back to the default
	 * (ignored signals stay ignored, as exec keeps them) before unblocking. */
	for (int sig = 1; sig < NSIG; sig++) {
		struct sigaction sa;
		if (sig == SIGKILL || sig == SIGSTOP || sigaction(sig, NULL, &sa) < 0 ||
		    sa.sa_handler == SIG_IGN || sa.sa_handler == SIG_DFL)
			continue;
		sa.sa_handler = SIG_DFL;
		sa.sa_flags = 0;
		sigaction(sig, &sa, NULL);
	}
	/* The signal mask survives exec: a worker thread blocks every signal
	 * (its process's handler runs elsewhere), the program must not. */
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);

	dup2(in_fd, STDIN_FILENO);
	dup2(out_fd, STDOUT_FILENO);
	if (devnull >= 0)
		dup2(devnull, STDERR_FILENO);
	execve(program, (char *const *)spec->argv, spec->envp);
	int saved = errno;
	ssize_t ignored = write(status_fd, &saved, sizeof(saved));
	(void)ignored;
	_exit(127);
}

/* Start the child and record its pid in `child` (before any signal held
 * meanwhile is delivered, so that a handler can kill it): the pid, or -1
 * with errno. vfork, not fork: the
 * parent's page tables are not copied nor its memory made copy-on-write for
 * the moments until the exec, which, with several workers starting
 * children and writing memory at once, cost more than the start itself.
 * Signals stay blocked until the child has reset them (exec_child). A
 * function of its own, so that no variable of the caller lives across the
 * vfork. */
static pid_t start_child(struct child_process *child, const char *program,
			 const struct child_spec *spec, int in_fd, int out_fd, int status_fd)
{
	pid_t parent = getpid();
	sigset_t all, old;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	/* The emergency kill (in another thread) waits while `starting` is set,
	 * and sets `stopped` before it looks: one of the two sees the other. */
	atomic_store(&child->starting, 1);
	if (atomic_load(&child->stopped)) {
		atomic_store(&child->starting, 0);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		errno = ECANCELED;
		return -1;
	}
	pid_t pid = vfork();
	if (pid == 0)
		exec_child(program, spec, parent, in_fd, out_fd, status_fd);
	int saved = errno;
	if (pid > 0)
		atomic_store(&child->pid, pid);
	atomic_store(&child->starting, 0);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = saved;
	return pid;
}

/* Wait until the child exits, at most until the clock runs out (no limit
 * when it has none), and kill it then (setting *timed_out). The child is left
 * a zombie (WNOWAIT), so its pid cannot be reused yet. */
static void await_exit(pid_t pid, struct run_clock *clock, int *timed_out)
{
	int limited = clock->budget > 0;

	for (;;) {
		siginfo_t info = { 0 };
		int r = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT | (limited ? WNOHANG : 0));
		if (r == 0 && info.si_pid == pid)
			return;
		if (r < 0 && errno != EINTR)
			return;
		clock_tick(clock);
		if (limited && clock_expired(clock)) {
			kill(pid, SIGKILL);
			*timed_out = 1;
			limited = 0;  /* now wait without WNOHANG */
			continue;
		}
		if (r == 0) {
			struct timespec pause = { 0, 2000000 };
			nanosleep(&pause, NULL);
		}
	}
}

/* Forget the child (so no handler can kill its pid), then reap it. */
static int reap(struct child_process *child, pid_t pid)
{
	int status = 0;
	atomic_store(&child->pid, 0);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

struct exchange {
	int to_child, from_child;
	size_t written;
	int timed_out, too_much, no_memory;
};

/* The poll loop: feed `input`, drain into `out`, until the child closes its
 * output, the deadline passes or the output limit is exceeded. */
static void exchange_data(struct exchange *x, const struct child_spec *spec, const char *input,
			  size_t input_len, struct run_clock *clock, struct strbuf *out)
{
	size_t start = out->len;

	while (x->from_child >= 0) {
		struct pollfd fds[2] = {
			{ .fd = x->from_child, .events = POLLIN },
			{ .fd = x->to_child, .events = POLLOUT },
		};
		if (clock_expired(clock)) {
			x->timed_out = 1;
			return;
		}
		int n = poll(fds, x->to_child >= 0 ? 2 : 1, clock_wait_ms(clock));
		clock_tick(clock);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return;
		if (fds[1].revents & (POLLOUT | POLLERR | POLLHUP)) {
			ssize_t w = send(x->to_child, input + x->written, input_len - x->written,
					 MSG_NOSIGNAL | MSG_DONTWAIT);
			if (w > 0)
				x->written += (size_t)w;
			if ((w < 0 && errno != EAGAIN && errno != EINTR) || x->written == input_len)
				close_fd(&x->to_child);  /* done, or the child stopped reading */
		}
		if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			ssize_t r = strbuf_read_once(out, x->from_child, 65536);
			if (r < 0 && errno == ENOMEM) {
				x->no_memory = 1;
				return;
			}
			if (r > 0 && spec->max_output && out->len - start > spec->max_output) {
				x->too_much = 1;
				return;
			}
			if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN))
				close_fd(&x->from_child);
		}
	}
}

/* Turn how the child ended into an error, or 0. */
static int report(const struct child_spec *spec, int exec_errno, const struct exchange *x,
		  int status, struct nc_error *err)
{
	if (exec_errno)
		return nc_error_set(err, NC_ERR_RENDER, "cannot run %s: %s%s", spec->argv[0],
				    strerror(exec_errno),
				    exec_errno == ENOENT && spec->missing_hint ? spec->missing_hint : "");
	if (x->timed_out)
		return nc_error_set(err, NC_ERR_TIMEOUT, "%s did not finish within %g seconds (killed)",
				    spec->display_name, spec->timeout_seconds);
	if (x->too_much)
		return nc_error_set(err, NC_ERR_LIMIT, "%s printed more than %zu bytes (killed)",
				    spec->display_name, spec->max_output);
	if (x->no_memory)
		return nc_error_set(err, NC_ERR_MEMORY, "not enough memory for the output of %s "
				    "(killed)", spec->display_name);
	if (WIFSIGNALED(status))
		return nc_error_set(err, NC_ERR_RENDER, "%s was killed by signal %d",
				    spec->display_name, WTERMSIG(status));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return nc_error_set(err, NC_ERR_RENDER, "%s failed with exit status %d",
				    spec->display_name, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return 0;
}

int child_process_run(struct child_process *child, const struct child_spec *spec,
		      const char *input, size_t input_len, struct strbuf *out, int *abnormal,
		      struct nc_error *err)
{
	int to_child[2] = { -1, -1 }, from_child[2] = { -1, -1 }, exec_status[2] = { -1, -1 };
	struct exchange x = { -1, -1, 0, 0, 0, 0 };
	struct strbuf program = STRBUF_INIT;
	size_t start = out->len;
	struct run_clock clock;
	int ret = -1, status = 0, exec_errno = 0;
	pid_t pid;

	if (abnormal)
		*abnormal = 0;
	if (child_find_program(spec->argv[0], &program) < 0) {
		ret = report(spec, ENOENT, &x, 0, err);
		goto out;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, to_child) < 0 ||
	    pipe2(from_child, O_CLOEXEC) < 0 || pipe2(exec_status, O_CLOEXEC) < 0) {
		nc_error_set(err, NC_ERR_RENDER, "cannot create pipes for %s: %s", spec->display_name,
			     strerror(errno));
		goto out;
	}
	clock_start(&clock, spec->timeout_seconds);
	pid = start_child(child, program.buf, spec, to_child[0], from_child[1], exec_status[1]);
	if (pid < 0) {
		nc_error_set(err, NC_ERR_RENDER, "cannot start %s: %s", spec->display_name,
			     strerror(errno));
		goto out;
	}

	close_fd(&to_child[0]);
	close_fd(&from_child[1]);
	close_fd(&exec_status[1]);
	x.to_child = to_child[1];
	x.from_child = from_child[0];
	to_child[1] = from_child[0] = -1;
	if (input_len == 0)
		close_fd(&x.to_child);
	exchange_data(&x, spec, input, input_len, &clock, out);
	close_fd(&x.to_child);
	close_fd(&x.from_child);
	int stopped = x.timed_out || x.too_much || x.no_memory;
	if (stopped) {
		kill(pid, SIGKILL);
		clock.budget = 0;   /* it is dead: wait for it without a limit */
	}
	await_exit(pid, &clock, &x.timed_out);
	status = reap(child, pid);

	if (read(exec_status[0], &exec_errno, sizeof(exec_errno)) != sizeof(exec_errno))
		exec_errno = 0;
	if (abnormal)
		*abnormal = stopped || x.timed_out || WIFSIGNALED(status);
	ret = report(spec, exec_errno, &x, status, err);
out:
	close_fd(&to_child[0]);
	close_fd(&to_child[1]);
	close_fd(&from_child[0]);
	close_fd(&from_child[1]);
	close_fd(&exec_status[0]);
	close_fd(&exec_status[1]);
	strbuf_release(&program);
	if (ret < 0)
		strbuf_setlen(out, start);
	return ret;
}

void child_process_emergency_kill(struct child_process *child)
{
	atomic_store(&child->stopped, 1);
	/* Another thread is starting a child: in a moment its pid is known.
	 * (That thread has every signal blocked meanwhile, so it is never the
	 * one this handler interrupted.) */
	while (atomic_load(&child->starting))
		;
	pid_t pid = atomic_exchange(&child->pid, 0);
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
}
