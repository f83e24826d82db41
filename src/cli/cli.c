/* cli.c: helpers of the command-line front ends (see cli.h). */
#include "config.h"
#include "cli/cli.h"
#include "base/alloc.h"
#include "base/utf8.h"
#include "method/ngram.h"

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

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcasecmp(s + n - m, suffix);
}

char *cli_model_path(const char *data_dir, const char *name_or_path)
{
	struct strbuf path = STRBUF_INIT;

	if (strchr(name_or_path, '/') || ends_with(name_or_path, ".model"))
		strbuf_addstr(&path, name_or_path);
	else
		strbuf_addf(&path, "%s/models/%s.model", data_dir, name_or_path);
	return strbuf_detach(&path, NULL);
}

void cli_pipeline_setup_init(struct cli_pipeline_setup *setup)
{
	const char *lynx = getenv("NCLEANER_LYNX");

	memset(setup, 0, sizeof(*setup));
	setup->lynx.program = lynx && *lynx ? lynx : "lynx";
	setup->lynx.timeout_seconds = CLI_DEFAULT_TIMEOUT;
	strbuf_init(&setup->html_rules);
	strbuf_init(&setup->dump_rules);
}

int cli_pipeline_setup_option(struct cli_pipeline_setup *setup, const char *program, int option,
			      const char *value)
{
	switch (option) {
	case CLI_OPT_LYNX:
		setup->lynx.program = value;
		return 1;
	case CLI_OPT_TIMEOUT:
		setup->lynx.timeout_seconds = cli_parse_double(program, "--timeout", value);
		if (setup->timeout_must_be_positive && !(setup->lynx.timeout_seconds > 0)) {
			cli_print(program, "--timeout must be positive");
			exit(2);
		}
		return 1;
	case CLI_OPT_DATA_DIR:
		setup->data_dir_option = value;
		return 1;
	default:
		return 0;
	}
}

void cli_pipeline_setup_finish(struct cli_pipeline_setup *setup, struct pipeline_config *config)
{
	setup->data_dir = cli_data_dir(setup->data_dir_option);
	strbuf_reset(&setup->html_rules);
	strbuf_reset(&setup->dump_rules);
	strbuf_addf(&setup->html_rules, "%s/regex/html.rules", setup->data_dir);
	strbuf_addf(&setup->dump_rules, "%s/regex/dump.rules", setup->data_dir);
	config->html_rules_path = setup->html_rules.buf;
	config->dump_rules_path = setup->dump_rules.buf;
	config->renderer = &lynx_renderer_class;
	config->renderer_config = &setup->lynx;
}

void cli_pipeline_setup_release(struct cli_pipeline_setup *setup)
{
	strbuf_release(&setup->html_rules);
	strbuf_release(&setup->dump_rules);
}

void cli_apply_method_input(const struct method_kind *kind, struct pipeline_config *config)
{
	const struct method_input *input = &kind->input;
	if (input->renderer) {
		config->renderer = input->renderer;
		config->renderer_config = input->renderer_config;
	}
	config->segment_flags |= input->segment_flags;
	if (input->no_dump_rules)
		config->dump_rules_path = NULL;
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

void cli_print_report(void *data, int is_error, const char *message)
{
	(void)is_error;
	cli_print((const char *)data, "%s", message);
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

double cli_parse_q(const char *program, const char *option, const char *value)
{
	double q = cli_parse_double(program, option, value);
	if (ngram_check_q(q, NULL) < 0) {
		cli_print(program, "%s must be in (0, 1]", option);
		exit(2);
	}
	return q;
}
