/* cli.c: helpers of the command-line front ends (see cli.h). */
#include "config.h"
#include "cli.h"
#include "lynx.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

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
		}
	}
	return NC_PKGDATA_DIR;
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

int cli_is_html_name(const char *path)
{
	return ends_with(path, ".html") || ends_with(path, ".htm") || ends_with(path, ".xhtml");
}

static void add_input(struct cli_input_list *list, const char *path, const char *relative,
		      enum cli_input_kind kind)
{
	if (list->count == list->alloc) {
		list->alloc = list->alloc ? 2 * list->alloc : 64;
		list->items = xrealloc(list->items, list->alloc * sizeof(*list->items));
	}
	struct cli_input *in = &list->items[list->count++];
	in->path = xstrdup(path);
	in->is_html = kind == CLI_FORCE_HTML || (kind == CLI_AUTO && cli_is_html_name(path));
	/* Output name: the relative path without its extension. */
	char *rel = xstrdup(relative);
	char *slash = strrchr(rel, '/');
	char *dot = strrchr(slash ? slash + 1 : rel, '.');
	if (dot && dot != (slash ? slash + 1 : rel))
		*dot = '\0';
	in->relative = rel;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_directory(struct cli_input_list *list, const char *dir, const char *relative,
			 enum cli_input_kind kind, const char *program)
{
	DIR *d = opendir(dir);
	struct dirent *entry;
	char **names = NULL;
	size_t count = 0;
	int ret = 0;

	if (!d) {
		fprintf(stderr, "%s: %s: cannot open directory: %s\n", program, dir, strerror(errno));
		return -1;
	}
	while ((entry = readdir(d))) {
		if (entry->d_name[0] == '.')
			continue;
		names = xrealloc(names, (count + 1) * sizeof(*names));
		names[count++] = xstrdup(entry->d_name);
	}
	closedir(d);
	if (count)
		qsort(names, count, sizeof(*names), compare_names);
	for (size_t i = 0; i < count; i++) {
		struct strbuf path = STRBUF_INIT, rel = STRBUF_INIT;
		struct stat st;
		strbuf_addf(&path, "%s/%s", dir, names[i]);
		if (*relative)
			strbuf_addf(&rel, "%s/%s", relative, names[i]);
		else
			strbuf_addstr(&rel, names[i]);
		if (stat(path.buf, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (add_directory(list, path.buf, rel.buf, kind, program) < 0)
				ret = -1;
		} else if (stat(path.buf, &st) == 0 && !S_ISREG(st.st_mode)) {
			/* A FIFO would block the batch for ever; a device is no page. */
			fprintf(stderr, "%s: %s: skipped (not a regular file)\n", program, path.buf);
		} else {
			/* Unreadable or vanished entries are reported when opened. */
			add_input(list, path.buf, rel.buf, kind);
		}
		strbuf_release(&path);
		strbuf_release(&rel);
		free(names[i]);
	}
	free(names);
	return ret;
}

int cli_add_inputs(struct cli_input_list *list, const char *arg, enum cli_input_kind kind,
		   const char *program)
{
	struct stat st;

	if (!strcmp(arg, "-")) {
		add_input(list, "-", "stdin", kind);
		return 0;
	}
	if (stat(arg, &st) != 0) {
		fprintf(stderr, "%s: %s: %s\n", program, arg, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		size_t before = list->count;
		if (add_directory(list, arg, "", kind, program) < 0)
			return -1;
		if (list->count == before) {
			fprintf(stderr, "%s: %s: directory holds no files to clean\n", program, arg);
			return -1;
		}
		return 0;
	}
	const char *base = strrchr(arg, '/');
	add_input(list, arg, base ? base + 1 : arg, kind);
	return 0;
}

void cli_input_list_release(struct cli_input_list *list)
{
	for (size_t i = 0; i < list->count; i++) {
		free(list->items[i].path);
		free(list->items[i].relative);
	}
	free(list->items);
	list->items = NULL;
	list->count = list->alloc = 0;
}

/* --- output files --------------------------------------------------------- */

/* The temporary file being written, for the signal handler. */
static char pending_tmp[PATH_MAX];
static volatile sig_atomic_t pending_set;

static void on_signal(int sig)
{
	lynx_emergency_stop();
	if (pending_set)
		unlink(pending_tmp);
	signal(sig, SIG_DFL);
	_exit(128 + sig);
}

void cli_install_signal_handlers(void)
{
	static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
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

int cli_mkdirs(const char *dir, const char *program)
{
	char *copy = xstrdup(dir);
	for (char *p = copy + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char saved = *p;
			*p = '\0';
			if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
				fprintf(stderr, "%s: %s: cannot create directory: %s\n", program, copy,
					strerror(errno));
				free(copy);
				return -1;
			}
			*p = saved;
			if (!saved)
				break;
		}
	}
	free(copy);
	return 0;
}

int cli_output_open(struct cli_output *out, const char *path, const char *program)
{
	struct strbuf tmp = STRBUF_INIT;

	strbuf_addf(&tmp, "%s.tmp.%ld", path, (long)getpid());
	out->path = xstrdup(path);
	out->tmp_path = strbuf_detach(&tmp, NULL);
	if (strlen(out->tmp_path) < sizeof(pending_tmp)) {
		pending_set = 0;
		strcpy(pending_tmp, out->tmp_path);
		pending_set = 1;
	}
	out->file = fopen(out->tmp_path, "w");
	if (!out->file) {
		fprintf(stderr, "%s: %s: cannot create: %s\n", program, out->tmp_path, strerror(errno));
		pending_set = 0;
		free(out->path);
		free(out->tmp_path);
		return -1;
	}
	return 0;
}

static void output_free(struct cli_output *out)
{
	pending_set = 0;
	free(out->path);
	free(out->tmp_path);
	out->path = out->tmp_path = NULL;
	out->file = NULL;
}

int cli_output_commit(struct cli_output *out, const char *program)
{
	int failed = ferror(out->file);
	int saved = errno;

	if (fclose(out->file) != 0 && !failed) {
		failed = 1;
		saved = errno;
	}
	if (!failed && rename(out->tmp_path, out->path) != 0) {
		failed = 1;
		saved = errno;
	}
	if (failed) {
		fprintf(stderr, "%s: %s: cannot write: %s\n", program, out->path, strerror(saved));
		unlink(out->tmp_path);
	}
	output_free(out);
	return failed ? -1 : 0;
}

void cli_output_abort(struct cli_output *out)
{
	if (out->file)
		fclose(out->file);
	unlink(out->tmp_path);
	output_free(out);
}

double cli_parse_double(const char *program, const char *option, const char *value)
{
	char *end;
	errno = 0;
	double v = strtod(value, &end);
	if (end == value || *end || errno) {
		fprintf(stderr, "%s: %s expects a number, not '%s'\n", program, option, value);
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
		fprintf(stderr, "%s: %s expects a whole number from %ld to %ld, not '%s'\n", program,
			option, min, max, value);
		exit(2);
	}
	return v;
}
