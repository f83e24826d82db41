/* child.h: running a filter program as a child process, bounded in time
 * and output.
 *
 * The one place that starts processes (vfork and exec), feeds a child's standard input, drains
 * its standard output, waits with a deadline and turns how the child ended
 * into an error. The program is exec'd directly (never through a shell); its
 * standard error goes to /dev/null. A child that runs past the deadline or
 * prints more than the output limit is killed with SIGKILL and reaped, so no
 * zombie and no hang remains.
 *
 * A child_process is the caller's handle on the one child it may have
 * running at a time; it records the pid so that child_process_emergency_kill()
 * can stop the child from a signal handler, in any thread. The pid is
 * cleared before the child is reaped, so a handler never kills a pid that
 * could have been reused. Several child_process values (one per worker) may
 * run children at the same time, from different threads. The program is
 * looked up in PATH before the vfork, so the child, which shares the
 * parent's memory until it execs, only makes system calls: it resets the
 * parent's signal handlers, unblocks signals, dups and execs. The
 * child dies with the thread that started it (PR_SET_PDEATHSIG), so not even
 * a SIGKILL of ncleaner leaves it running. The timeout counts the time the
 * child could run: time the whole job spent stopped (Ctrl-Z) does not count.
 * Writing to a child that has exited never raises SIGPIPE: the input goes
 * through a socket written with MSG_NOSIGNAL, so the process's signal
 * dispositions are never touched.
 */
#ifndef NC_CHILD_H
#define NC_CHILD_H

#include <stdatomic.h>
#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"

struct child_process {
	atomic_int pid;        /* the running child, 0 when none (lock-free: signal-safe) */
	atomic_int starting;   /* a thread is between vfork and recording the pid */
	atomic_int stopped;    /* the emergency kill ran: no child starts any more */
};

struct child_spec {
	const char *display_name;    /* names the program in errors: "lynx" */
	const char *const *argv;     /* argv[0]: a path, or a name looked up in PATH */
	char *const *envp;           /* the child's whole environment */
	const char *missing_hint;    /* appended when argv[0] cannot be run, or NULL */
	double timeout_seconds;      /* <= 0: no deadline */
	size_t max_output;           /* bytes; 0: no limit */
};

/* Run the child on `input`, appending its standard output to `out`. On
 * failure `out` is as it was, and `*abnormal` (if not NULL) says whether the
 * child was killed or died by a signal (and may have left files behind).
 * Errors: NC_ERR_RENDER (cannot run, killed by a signal, non-zero exit),
 * NC_ERR_TIMEOUT, NC_ERR_LIMIT (too much output). */
int child_process_run(struct child_process *child, const struct child_spec *spec,
		      const char *input, size_t input_len, struct strbuf *out, int *abnormal,
		      struct nc_error *err);

/* For a signal handler: kill and reap the running child, if any, and let
 * no child start after it (child_process_run() then fails). A child being
 * started by another thread at that moment is waited for (the few
 * microseconds until its pid is known) and killed: creation and the kill
 * exclude each other, so no child outlives the handler. Async-signal-safe;
 * the process must exit afterwards. */
void child_process_emergency_kill(struct child_process *child);

/* Find `name` as execvp(3) would: a name with a slash as it is, otherwise
 * the first executable regular file of that name in $PATH. Appends the path
 * to `path`; -1 when there is none. */
int child_find_program(const char *name, struct strbuf *path);

#endif
