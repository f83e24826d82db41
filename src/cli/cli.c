/* cli.c: helpers of the command-line front ends (see cli.h). */
#include "config.h"
#include "cli/cli.h"
#include "base/alloc.h"
#include "base/strbuf.h"
#include "base/install-dirs.h"
#include "base/utf8.h"

#include <math.h>
#include <stdarg.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static int is_data_dir(const char *dir)
{
	struct strbuf rules = STRBUF_INIT;
	strbuf_addf(&rules, "%s/regex/html.rules", dir);
	int found = access(rules.buf, R_OK) == 0;
	strbuf_release(&rules);
	return found;
}

const char *cli_data_dir(const char *option)
{
	static char exe_dir[PATH_MAX];
	const char *env = getenv("NCLEANER_DATA_DIR");
	ssize_t n;

	if (option && *option)
		return option;
	if (env && *env)
		return env;
	n = readlink("/proc/self/exe", exe_dir, sizeof(exe_dir) - 1);
	if (n > 0) {
		exe_dir[n] = '\0';
		char *slash = strrchr(exe_dir, '/');
		if (slash) {
			*slash = '\0';
			if (!strcmp(exe_dir, NC_BUILD_SRC_DIR))
				return NC_SOURCE_DIR;
			/* Installed with another prefix than configured (make install
			 * prefix=...): the data lie beside the program. */
			static char beside[PATH_MAX + 32];
			snprintf(beside, sizeof(beside), "%s/../share/ncleaner", exe_dir);
			if (strcmp(NC_PKGDATA_DIR, beside) && !is_data_dir(NC_PKGDATA_DIR) &&
			    is_data_dir(beside))
				return beside;
		}
	}
	return NC_PKGDATA_DIR;
}

const char *cli_data_dir_hint(void)
{
	return " (the rules and models are looked for in the data directory: name it with "
	       "--data-dir or $NCLEANER_DATA_DIR)";
}

/* Letter `letter` into g's short options, with one colon for an argument
 * and two for an optional one. */
static void add_letter(struct cli_getopt *g, const struct compose_option *option)
{
	size_t len = strlen(g->shorts);
	snprintf(g->shorts + len, sizeof(g->shorts) - len, "%c%s", option->letter,
		 !option->argument ? "" : option->flags & COMPOSE_OPTIONAL_ARGUMENT ? "::" : ":");
}

static int has_arg(const struct compose_option *option)
{
	return !option->argument ? no_argument : option->flags & COMPOSE_OPTIONAL_ARGUMENT
	       ? optional_argument : required_argument;
}

/* The session option a long option of g stands for, or NULL. */
static const struct compose_option *session_row(const struct option *o)
{
	size_t count;
	const struct compose_option *rows = session_options(&count);
	return o->val >= CLI_SESSION && o->val < CLI_SESSION + (int)count
	       ? &rows[o->val - CLI_SESSION] : NULL;
}

void cli_getopt_build(struct cli_getopt *g, const struct option *own, const char *own_short,
		      const int *ids)
{
	size_t count, nown = 0, nids = 0;
	const struct compose_option *options = compose_options(&count);

	while (own[nown].name)
		nown++;
	while (ids[nids] >= 0)
		nids++;
	g->ids = ids;
	g->longs = xcalloc(nown + nids + 1, sizeof(*g->longs));
	memcpy(g->longs, own, nown * sizeof(*own));
	snprintf(g->shorts, sizeof(g->shorts), "%s", own_short);
	for (size_t i = 0; i < nown; i++) {
		const struct compose_option *row = session_row(&own[i]);
		if (!row)
			continue;
		g->longs[i].name = row->name;
		g->longs[i].has_arg = has_arg(row);
		if (row->letter)
			add_letter(g, row);
	}
	for (size_t i = 0, n = nown; i < nids; i++) {
		const struct compose_option *option = &options[ids[i]];
		if (option->letter)
			add_letter(g, option);
		if (option->name)
			g->longs[n++] = (struct option){ option->name, has_arg(option), NULL,
							 CLI_COMPOSE + ids[i] };
	}
}

void cli_getopt_release(struct cli_getopt *g)
{
	free(g->longs);
	g->longs = NULL;
}

int cli_compose_option(const struct cli_getopt *g, struct compose_values *values,
		       const char *program, int code, const char *arg)
{
	size_t count;
	const struct compose_option *options = compose_options(&count);
	struct nc_error err = { 0 };
	int id = -1;

	for (const int *i = g->ids; *i >= 0 && id < 0; i++)
		if (code == CLI_COMPOSE + *i || (options[*i].letter && code == options[*i].letter))
			id = *i;
	if (id < 0)
		return 0;
	if (compose_read(values, id, arg, &err) < 0) {
		cli_print(program, "%s", err.message);
		exit(2);
	}
	return 1;
}

int cli_session_option(const struct cli_getopt *g, struct session *session,
		       const char *program, int code, const char *arg)
{
	struct nc_error err = { 0 };

	for (const struct option *o = g->longs; o->name; o++) {
		const struct compose_option *row = session_row(o);
		if (!row || (code != o->val && !(row->letter && code == row->letter)))
			continue;
		if (session_read(session, o->val - CLI_SESSION, arg, &err) < 0) {
			cli_print(program, "%s", err.message);
			exit(2);
		}
		return 1;
	}
	return 0;
}

/* The --help lines of the rows `ids` (ending in -1) of a table. */
static void print_rows(FILE *out, const struct compose_option *rows, const int *ids)
{
	for (; *ids >= 0; ids++)
		compose_option_print(&rows[*ids], out);
}

void cli_compose_help(FILE *out, const int *ids)
{
	size_t count;
	print_rows(out, compose_options(&count), ids);
}

void cli_session_help(FILE *out, const int *ids)
{
	size_t count;
	print_rows(out, session_options(&count), ids);
}

void cli_help_paragraph(FILE *out, const char *head, const char *text)
{
	enum { COLUMN = OPTION_HELP_COLUMN, ROOM = CLI_HELP_WIDTH - COLUMN };
	size_t used = 0;   /* on the line being written, from COLUMN */

	if (strlen(head) < COLUMN - 1)   /* as compose_option_print() lays a head out */
		fprintf(out, "%-*s", COLUMN, head);
	else
		fprintf(out, "%s\n%*s", head, COLUMN, "");
	while (*text) {
		size_t word = strcspn(text, " ");
		if (used && used + 1 + word > ROOM) {
			fprintf(out, "\n%*s", COLUMN, "");
			used = 0;
		}
		fprintf(out, "%s%.*s", used ? " " : "", (int)word, text);
		used += (used ? 1 : 0) + word;
		text += word;
		text += strspn(text, " ");
	}
	fputc('\n', out);
}

/* Append `text` with what could move a terminal's cursor or change its
 * state made visible as \xHH. */
static void add_printable(struct strbuf *out, const char *text)
{
	utf8_escape_controls(text, strlen(text), "\\x%02X", out);
}

void cli_print(const char *program, const char *fmt, ...)
{
	struct strbuf message = STRBUF_INIT, line = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&message, fmt, ap);
	va_end(ap);
	strbuf_addf(&line, "%s: ", program);
	add_printable(&line, message.buf);
	strbuf_addch(&line, '\n');
	fputs(line.buf, stderr);
	strbuf_release(&message);
	strbuf_release(&line);
}

void cli_print_version(const char *program)
{
	printf("%s %s\n"
	       "Copyright (c) 2026 the ncleaner authors.\n"
	       "License BSD-2-Clause <https://opensource.org/licenses/BSD-2-Clause>:\n"
	       "you may redistribute and change it, with or without modification, if the\n"
	       "copyright notice, this notice and the disclaimer stay with it.\n"
	       "There is NO WARRANTY, to the extent permitted by law.\n"
	       "\n"
	       "Rules and models: %s\n",
	       program, PACKAGE_VERSION, cli_data_dir(NULL));
}

void cli_print_report(void *data, int is_error, const char *message)
{
	(void)is_error;
	cli_print((const char *)data, "%s", message);
}

void cli_say_leftovers(const char *program, const struct atomic_file *file)
{
	struct nc_error notice;
	if (!file->leftovers)
		return;
	atomic_file_leftovers_notice(file->leftovers, file->display, &notice);
	cli_print(program, "%s", notice.message);
}

/* --- signals ------------------------------------------------------------------ */

/* The registry the handler walks: slots of atomic pointers, so that adding
 * and removing (compare-and-swap, store) never leaves a slot half-written,
 * whichever thread the handler runs in. Owners remove an entry before they
 * free it. */
#define CLI_MAX_REGISTERED 256
static _Atomic(void *) live_workers[CLI_MAX_REGISTERED];
static _Atomic(void *) live_files[CLI_MAX_REGISTERED];
static _Atomic(void *) live_outputs[CLI_MAX_REGISTERED];

static int registry_add(_Atomic(void *) *slots, void *item)
{
	for (size_t i = 0; i < CLI_MAX_REGISTERED; i++) {
		void *empty = NULL;
		if (atomic_compare_exchange_strong(&slots[i], &empty, item))
			return 0;
	}
	return -1;
}

static void registry_remove(_Atomic(void *) *slots, void *item)
{
	for (size_t i = 0; i < CLI_MAX_REGISTERED; i++) {
		void *expected = item;
		if (atomic_compare_exchange_strong(&slots[i], &expected, NULL))
			return;
	}
}

int cli_register_worker(struct worker *worker)
{
	return registry_add(live_workers, worker);
}

void cli_unregister_worker(struct worker *worker)
{
	registry_remove(live_workers, worker);
}

int cli_register_atomic_file(struct atomic_file *file)
{
	return registry_add(live_files, file);
}

void cli_unregister_atomic_file(struct atomic_file *file)
{
	registry_remove(live_files, file);
}

int cli_register_output(struct page_output *output)
{
	return registry_add(live_outputs, output);
}

void cli_unregister_output(struct page_output *output)
{
	registry_remove(live_outputs, output);
}

static const char *signal_message;   /* written by the handler, or NULL */

void cli_set_signal_message(const char *message)
{
	signal_message = message;
}

/* write(2) alone: async-signal-safe, unlike stdio. */
static void write_all(const char *s)
{
	size_t len = strlen(s);
	while (len) {
		ssize_t n = write(STDERR_FILENO, s, len);
		if (n <= 0)
			return;
		s += n;
		len -= (size_t)n;
	}
}

static void on_signal(int sig)
{
	for (size_t i = 0; i < CLI_MAX_REGISTERED; i++) {
		struct worker *worker = atomic_load(&live_workers[i]);
		struct atomic_file *file = atomic_load(&live_files[i]);
		struct page_output *output = atomic_load(&live_outputs[i]);
		if (worker)
			worker_emergency_stop(worker);
		if (file)
			atomic_file_emergency_remove(file);
		if (output)
			output->ops->emergency_stop(output);
	}
	if (signal_message && sig != SIGPIPE) {
		/* On a line of its own, after a progress line if one is shown. */
		write_all("\n");
		write_all(signal_message);
		write_all("\n");
	}
	signal(sig, SIG_DFL);
	_exit(128 + sig);
}

void cli_install_signal_handlers(void)
{
	/* Every signal whose default is to end the process and that can be
	 * caught: none may leave a Lynx, its sandbox or a temporary file. */
	static const int signals[] = {
		SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM,
		SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGABRT, SIGPOLL, SIGSYS, SIGTRAP
	};
	struct sigaction sa, previous;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++) {
		/* A signal ignored by whoever started us (nohup, a background job
		 * of a script) stays ignored. */
		if (sigaction(signals[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN)
			continue;
		sigaction(signals[i], &sa, NULL);
	}
}

/* --- numbers ------------------------------------------------------------------- */

double cli_parse_double(const char *program, const char *option, const char *value)
{
	char *end;
	errno = 0;
	double v = strtod(value, &end);
	if (end == value || *end || errno || !isfinite(v)) {
		cli_print(program, "%s expects a finite number, not '%s'", option, value);
		exit(2);
	}
	return v;
}

long cli_parse_long(const char *program, const char *option, const char *value, long min, long max)
{
	char *end;
	errno = 0;
	long v = strtol(value, &end, 10);
	if (end == value || *end || errno || v < min || v > max) {
		cli_print(program, "%s expects a whole number from %ld to %ld, not '%s'", option, min,
			  max, value);
		exit(2);
	}
	return v;
}

/* `path` as a directory's real path and a last component, for telling
 * whether two names lead to the same file, which may not exist yet. NULL
 * when its directory does not exist. */
char *cli_canonical_target(const char *path)
{
	const char *slash = strrchr(path, '/');
	struct strbuf dir = STRBUF_INIT, out = STRBUF_INIT;

	if (slash)
		strbuf_add(&dir, path, slash == path ? 1 : (size_t)(slash - path));
	else
		strbuf_addch(&dir, '.');
	char *real = realpath(dir.buf, NULL);
	strbuf_release(&dir);
	if (!real)
		return NULL;
	strbuf_addf(&out, "%s/%s", strcmp(real, "/") ? real : "", slash ? slash + 1 : path);
	free(real);
	return strbuf_detach(&out, NULL);
}
