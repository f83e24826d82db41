/* main-ncleaner.c: the ncleaner command, cleaning pages, dumps and archives.
 *
 * Reads the arguments (how to clean through the session, compose/session.h;
 * the files, directories and terminal itself), builds the pipeline once, and
 * has the runner clean every page of the inputs with one worker or several;
 * a failed page is reported on stderr and the others go on.
 * Exit status: 0 all inputs cleaned, 1 some input failed, 2 usage or set-up
 * error (bad option, unreadable rules or model, Lynx not found).
 */
#include "config.h"
#include "cli/cli.h"
#include "cli/progress.h"
#include "cli/survey-file.h"
#include "base/alloc.h"
#include "base/json.h"
#include "compose/compose.h"
#include "pipeline/pipeline.h"
#include "pipeline/runner.h"
#include "pipeline/batch.h"
#include "sink/format.h"
#include "sink/output.h"
#include "sink/sink.h"
#include "source/input-source.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *program = "ncleaner";

/* The composition options (compose.h) this program reads, by --help section. */
static const int choice_options[] = {
	OPTION_METHOD, OPTION_MODEL, OPTION_NONLEX, OPTION_ORDER, OPTION_Q, OPTION_MAX_PERPLEXITY,
	OPTION_MAX_KL, OPTION_ARTICLE, OPTION_DECIDER, OPTION_BIAS, OPTION_PRECISION,
	OPTION_RECALL, OPTION_SWITCH_COST, -1
};
static const int running_options[] = {
	OPTION_RENDERER, OPTION_NO_STRUCTURE, OPTION_LYNX, OPTION_TIMEOUT, OPTION_DATA_DIR, -1
};
static const int all_compose_options[] = {
	OPTION_METHOD, OPTION_MODEL, OPTION_NONLEX, OPTION_ORDER, OPTION_Q, OPTION_MAX_PERPLEXITY,
	OPTION_MAX_KL, OPTION_ARTICLE, OPTION_DECIDER, OPTION_BIAS, OPTION_PRECISION, OPTION_RECALL,
	OPTION_SWITCH_COST, OPTION_RENDERER, OPTION_NO_STRUCTURE, OPTION_LYNX, OPTION_TIMEOUT,
	OPTION_DATA_DIR, -1
};

/* The session options (compose/session.h), by --help section. */
static const int doing_options[] = {
	SESSION_OPTION_PAPER, SESSION_OPTION_DUMP, SESSION_OPTION_NO_LM, SESSION_OPTION_SCORES, -1
};
static const int input_options[] = {
	SESSION_OPTION_HTML, SESSION_OPTION_TEXT, SESSION_OPTION_ENCODING, SESSION_OPTION_LINES, -1
};
static const int output_options[] = {
	SESSION_OPTION_LANGUAGE, SESSION_OPTION_SITE_REPETITION,
	SESSION_OPTION_NO_SITE_REPETITION, SESSION_OPTION_MIN_QUALITY, -1
};
static const int writing_options[] = {
	SESSION_OPTION_URL, SESSION_OPTION_FORMAT, SESSION_OPTION_GZIP, -1
};

static void usage(FILE *out)
{
	fprintf(out,
"Usage: ncleaner [OPTIONS] [FILE|DIR|- ...]\n"
"Remove boilerplate (navigation, link lists, headers, footers, ads) from Web\n"
"pages and keep the running text.\n"
"\n"
"An input is what its bytes say, whatever its name: an HTML page, a text\n"
"dump, a WARC file of many pages (plain or gzip'd, as Common Crawl ships\n"
"them), any of them gzip'd; binary files are skipped. Without an input,\n"
"standard input is read (unless it is a terminal). Inputs are cleaned to\n"
"standard output one after another, in their order; one input to -o FILE;\n"
"with -o DIR, each goes to DIR/<name><extension> (an archive's pages to one\n"
"file). Directories are cleaned recursively.\n"
"\n"
"What to do:\n");
	cli_session_help(out, doing_options);
	fprintf(out, "Method, model and decision:\n");
	cli_compose_help(out, choice_options);
	fprintf(out,
"      --help-methods    list the methods\n"
"      --help-deciders   list the deciders\n"
"Input:\n");
	cli_session_help(out, input_options);
	fprintf(out,
"      --follow-symlinks follow symlinks to directories when walking DIR\n"
"Output:\n");
	cli_session_help(out, output_options);
	/* The extensions -o FILE takes are the formats' (sink/formats.c). */
	struct strbuf output_help = STRBUF_INIT;
	strbuf_addstr(&output_help, "write DIR/<name><extension> per input; -o FILE (an existing "
		      "file, or a name ending ");
	output_format_extensions(&output_help, OUTPUT_GZIP_EXTENSION);
	strbuf_addstr(&output_help, ") takes one input's output, whole or not at all; -o - is "
		      "standard output");
	cli_help_paragraph(out, "  -o, --output-dir DIR", output_help.buf);
	strbuf_release(&output_help);
	cli_session_help(out, writing_options);
	fprintf(out,
"      --skip-existing   skip inputs whose output file exists (resume a run)\n"
"Running:\n"
"  -j, --jobs N          workers (default: the processors this process may use,\n"
"                        its affinity and cgroup CPU quota); the output is the\n"
"                        same, in the same order, for any N\n"
"      --progress        report progress on standard error (default with -o\n"
"                        when standard error is a terminal)\n"
"      --stats FILE      write the run's figures to FILE as JSON\n"
"      --quiet           print errors only: no warnings, no closing line\n");
	cli_compose_help(out, running_options);
	fprintf(out,
"      --help-renderers  list the renderers\n"
"  -h, --help            show this help\n"
"  -V, --version         show the version\n"
"\n"
"Exit status: 0 if every input was cleaned, 1 if some failed, 2 on a usage\n"
"or set-up error, 128+N when stopped by signal N. See ncleaner(1).\n");
}

enum {
	OPT_PROGRESS = 256, OPT_FOLLOW_SYMLINKS, OPT_STATS, OPT_SKIP_EXISTING,
	OPT_HELP_METHODS, OPT_HELP_RENDERERS, OPT_HELP_DECIDERS, OPT_QUIET
};

/* The program's options, the session's in their places (cli.h). */
static const struct option long_options[] = {
	CLI_SESSION_ROW(SESSION_OPTION_DUMP),
	CLI_SESSION_ROW(SESSION_OPTION_NO_LM),
	CLI_SESSION_ROW(SESSION_OPTION_SCORES),
	{ "help-methods", no_argument, NULL, OPT_HELP_METHODS },
	{ "help-renderers", no_argument, NULL, OPT_HELP_RENDERERS },
	{ "help-deciders", no_argument, NULL, OPT_HELP_DECIDERS },
	{ "output-dir", required_argument, NULL, 'o' },
	CLI_SESSION_ROW(SESSION_OPTION_FORMAT),
	CLI_SESSION_ROW(SESSION_OPTION_GZIP),
	{ "skip-existing", no_argument, NULL, OPT_SKIP_EXISTING },
	CLI_SESSION_ROW(SESSION_OPTION_HTML),
	CLI_SESSION_ROW(SESSION_OPTION_TEXT),
	CLI_SESSION_ROW(SESSION_OPTION_ENCODING),
	CLI_SESSION_ROW(SESSION_OPTION_LINES),
	CLI_SESSION_ROW(SESSION_OPTION_LANGUAGE),
	CLI_SESSION_ROW(SESSION_OPTION_MIN_QUALITY),
	CLI_SESSION_ROW(SESSION_OPTION_SITE_REPETITION),
	CLI_SESSION_ROW(SESSION_OPTION_NO_SITE_REPETITION),
	CLI_SESSION_ROW(SESSION_OPTION_URL),
	{ "quiet", no_argument, NULL, OPT_QUIET },
	{ "jobs", required_argument, NULL, 'j' },
	{ "stats", required_argument, NULL, OPT_STATS },
	{ "progress", no_argument, NULL, OPT_PROGRESS },
	CLI_SESSION_ROW(SESSION_OPTION_PAPER),
	{ "follow-symlinks", no_argument, NULL, OPT_FOLLOW_SYMLINKS },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* What the options ask for: how to clean (the session: the composition,
 * what to do, how pages are read and what is written), and what is the
 * program's (files, directories, workers, the terminal). */
struct settings {
	struct session session;
	const char *output_dir;
	int skip_existing, progress, jobs;
	const char *stats;
	const char *output_file;         /* -o FILE (or -: standard output): one input's
					    output, written whole or not at all */
	int quiet;                       /* --quiet: errors only */
	struct progress_pass survey;     /* --site-repetition: the survey's pass, for the
					    cleaning's progress (`seconds` 0: none ran) */
	uint64_t survey_failed;          /* ...pages that failed in it (not counted) */
	uint64_t survey_not_counted;     /* ...segments past its limits */
	struct stats_file *stats_out;   /* --stats FILE, made ready before the run */
	char extension[16];      /* of the output files */
};

/* Checks that need the list of inputs, before any work: a missing Lynx is
 * a set-up error, not a failure of every page. Any input may turn out to be
 * HTML or an archive of HTML pages but those named as text dumps (.txt,
 * .txt.gz), which are not asked about (one found to be HTML later fails
 * alone). */
static int check_inputs(const struct settings *set, const struct file_source *inputs,
			const struct pipeline_config *config)
{
	struct nc_error err = { 0 };
	size_t n = file_source_count(inputs);
	int renderer_checked = 0;

	for (size_t i = 0; i < n; i++) {
		const struct file_input *in = file_source_input(inputs, i);
		size_t len = strlen(in->path);
		int named_text = (len >= 4 && !strcmp(in->path + len - 4, ".txt")) ||
				 (len >= 7 && !strcmp(in->path + len - 7, ".txt.gz"));
		int html = set->session.file_kind == FILE_KIND_HTML ||
			   (set->session.file_kind != FILE_KIND_TEXT && !named_text);
		if (html && !renderer_checked) {
			if (config->renderer->check(config->renderer_config, &err) < 0) {
				cli_print(program, "%s", err.message);
				return -1;
			}
			renderer_checked = 1;
		}
	}
	if (session_check_input(&set->session, &err) < 0) {
		cli_print(program, "%s", err.message);
		return -1;
	}
	return 0;
}

/* -o DIR: created before any work (an empty, uncreatable or non-directory
 * DIR is a usage error), never walked as an input when it lies inside an
 * input directory, and refused when it is one or holds one. */
static int prepare_output_dir(const char *dir, int argc, char **args,
			      struct file_source *inputs)
{
	struct nc_error err = { 0 };
	struct stat out_st;

	if (output_make_directories(dir, &err) < 0 || file_source_exclude(inputs, dir, &err) < 0) {
		cli_print(program, "-o: %s", err.message);
		return -1;
	}
	if (stat(dir, &out_st) != 0)
		return -1;
	for (int i = 0; i < argc; i++) {
		struct strbuf up = STRBUF_INIT;
		struct stat st;
		strbuf_addstr(&up, args[i]);
		/* The argument, then each directory above it, up to the root. */
		for (int depth = 0; depth < 64; depth++) {
			if (stat(up.buf, &st) != 0 || !S_ISDIR(st.st_mode))
				break;
			if (st.st_dev == out_st.st_dev && st.st_ino == out_st.st_ino) {
				cli_print(program, "%s: %s the output directory %s: choose another -o",
					  args[i], depth ? "lies inside" : "is", dir);
				strbuf_release(&up);
				return -1;
			}
			struct stat parent;
			strbuf_addstr(&up, "/..");
			if (stat(up.buf, &parent) != 0 || (parent.st_dev == st.st_dev &&
							   parent.st_ino == st.st_ino))
				break;   /* the root */
		}
		strbuf_release(&up);
	}
	return 0;
}

/* DIR/<output name><extension>: where -o DIR puts the output of `in`. */
static void add_output_path(struct strbuf *path, const char *dir, const struct file_input *in,
			    const char *extension)
{
	strbuf_add_path(path, dir, in->output_name);
	strbuf_addstr(path, extension);
}

/* An input named on the command line inside DIR could be its own output
 * (ncleaner -o out out/a.txt): refuse rather than overwrite it. */
static int check_own_outputs(const char *dir, const char *extension,
			     const struct file_source *inputs)
{
	int ret = 0;
	for (size_t i = 0; i < file_source_count(inputs) && ret == 0; i++) {
		const struct file_input *in = file_source_input(inputs, i);
		struct strbuf out = STRBUF_INIT;
		struct stat in_st, out_st;
		add_output_path(&out, dir, in, extension);
		if (stat(in->path, &in_st) == 0 && stat(out.buf, &out_st) == 0 &&
		    in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino) {
			cli_print(program, "%s: is its own output %s (choose another -o)", in->path,
				  out.buf);
			ret = -1;
		}
		strbuf_release(&out);
	}
	return ret;
}

/* Whether the file at `path` begins as a --stats file does. */
static int is_stats_file(const char *path)
{
	char head[sizeof(STATS_FILE_MAGIC) - 1];
	FILE *f = fopen(path, "rb");
	int is = f && fread(head, 1, sizeof(head), f) == sizeof(head) &&
		 !memcmp(head, STATS_FILE_MAGIC, sizeof(head));
	if (f)
		fclose(f);
	return is;
}

/* --stats FILE replaces FILE at the end of the run: it may not be what the
 * run reads or writes, nor any file but an earlier --stats file (`--stats
 * a.warc.gz b.warc.gz`, the name forgotten, would replace an archive). */
static int check_stats_path(const struct settings *set, const struct file_source *inputs)
{
	const char *path = set->stats;
	struct stat st;
	int exists = stat(path, &st) == 0, ret = 0;

	if (exists && S_ISDIR(st.st_mode)) {
		cli_print(program, "--stats: %s: is a directory", path);
		return -1;
	}
	if (stats_path_in_place(path))
		return 0;   /* /dev/stdout, a pipe: written to, nothing replaced */
	char *target = cli_canonical_target(path);
	char *out_dir = set->output_dir ? realpath(set->output_dir, NULL) : NULL;
	for (size_t i = 0; i < file_source_count(inputs) && ret == 0; i++) {
		const struct file_input *in = file_source_input(inputs, i);
		struct stat in_st;
		if (exists && strcmp(in->path, "-") && stat(in->path, &in_st) == 0 &&
		    in_st.st_dev == st.st_dev && in_st.st_ino == st.st_ino) {
			cli_print(program, "--stats: %s: is an input (name a file of its own)", path);
			ret = -1;
		}
		if (ret || !target || !out_dir)
			continue;
		struct strbuf output = STRBUF_INIT;
		add_output_path(&output, out_dir, in, set->extension);
		size_t len = output.len;
		strbuf_addstr(&output, OUTPUT_PARTIAL_SUFFIX);
		if (!strcmp(target, output.buf) || (strbuf_setlen(&output, len), !strcmp(target, output.buf))) {
			cli_print(program, "--stats: %s: is the output of %s (name a file of its own)", path,
				  in->path);
			ret = -1;
		}
		strbuf_release(&output);
	}
	if (ret == 0 && exists && !is_stats_file(path)) {
		cli_print(program, "--stats: %s: exists and is not a --stats file (is it an input? name "
			  "a file of its own)", path);
		ret = -1;
	}
	free(target);
	free(out_dir);
	return ret;
}

/* --stats FILE checked and made ready, before any work. */
static int open_stats(struct settings *set, const struct file_source *inputs,
		      struct stats_file *stats)
{
	struct nc_error err = { 0 };

	if (check_stats_path(set, inputs) < 0)
		return -1;
	cli_install_signal_handlers();   /* before the file exists: a signal removes it */
	if (stats_file_open(stats, set->stats, &err) < 0) {
		cli_print(program, "--stats: %s", err.message);
		return -1;
	}
	if (cli_register_atomic_file(&stats->file) < 0)
		cli_print(program, "warning: the signal handler cannot clean up the --stats file");
	if (!set->quiet)
		cli_say_leftovers(program, &stats->file);
	set->stats_out = stats;
	return 0;
}

/* Can the input `arg` be read once only: standard input ("-"), or a path
 * that is neither a regular file nor a directory (a FIFO, /dev/stdin on a
 * pipe, a shell's <(...), a device)? One that is not there is not: its
 * input reports it. */
static int read_once(const char *arg)
{
	struct stat st;
	return !strcmp(arg, "-") ||
	       (stat(arg, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode));
}

/* Standard input can be read once: "-" twice would clean the rest of it
 * as a second input, and --site-repetition reads every input twice. So can
 * a named pipe or device: with --site-repetition the survey would read it
 * all and the cleaning find nothing left, every page lost without a word.
 * (Inside a directory such files are skipped anyway.) */
static int stdin_read_twice(const struct settings *set, int argc, char **args)
{
	int seen = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(args[i], "-") && (seen++ || set->session.site_min_pages)) {
			cli_print(program, seen > 1 ? "standard input (-) is named twice: it can be "
				  "read once" : "--site-repetition reads its inputs twice: standard "
				  "input (-) can be read once (save it to a file)");
			return 1;
		}
		if (strcmp(args[i], "-") && set->session.site_min_pages && read_once(args[i])) {
			cli_print(program, "--site-repetition reads its inputs twice: %s is not a "
				  "regular file or directory (a pipe or device), and can be read once "
				  "(save it to a file)", args[i]);
			return 1;
		}
	}
	return 0;
}

/* Site repetition is on by default in a batch: a run with a method
 * (not --no-lm, --dump) that cleans two input files or more (a directory,
 * several files or archives) or one archive (named, or the one file of a
 * directory), of HTML or of either kind (not --text), that can read them
 * twice (no standard input, pipe or device), and is not the paper's
 * (--paper). The survey's segments are kept for the cleaning
 * (pipeline/dump-cache.h), so the second pass costs little. */
static int batch_default(const struct settings *set, const struct file_source *inputs,
			 int argc, char **args)
{
	size_t files = file_source_count(inputs);
	if (!files || !session_site_by_default(&set->session))
		return 0;
	for (int i = 0; i < argc; i++)
		if (read_once(args[i]))
			return 0;
	return files >= 2 || input_is_archive(file_source_input(inputs, 0)->path);
}

/* --- the run ------------------------------------------------------------------------ */

/* A run: the batch of its pages (pipeline/batch.h), which surveys their
 * sites and cleans them, and what this program does around its passes:
 * each pass's input source and progress, the survey kept beside the
 * outputs, the output file. */
struct run_state {
	struct settings *set;
	const struct file_source *inputs;
	struct batch *batch;
	double cleaning_cost;             /* the renderer's (compose.h): the cleaning's time,
					     a multiple of the survey's */
	const struct survey_file *kept;   /* -o DIR: where the survey is kept, or NULL */
	struct input_source *survey_source, *source;   /* each pass's, once it starts */
	struct progress survey, progress;
	struct atomic_file file;          /* -o FILE, written whole or not at all */
	int to_file;
};

/* The cleaning reports every page's failure and every notice; the survey
 * counts its pages, for the progress line. */
static void on_report(void *data, enum batch_pass pass, const struct run_report *report)
{
	struct run_state *run = data;
	if (pass == BATCH_CLEANING) {
		progress_report(&run->progress, report);
		return;
	}
	if (report->notice || report->lost)
		return;
	struct run_report counted = { .name = report->name, .stats = report->stats };
	progress_report(&run->survey, &counted);
}

static void on_warning(void *data, const char *message)
{
	struct run_state *run = data;
	if (!run->set->quiet)
		cli_print(program, "%s", message);
}

static void on_worker(void *data, struct worker *worker, int alive)
{
	(void)data;
	if (!alive)
		cli_unregister_worker(worker);
	else if (cli_register_worker(worker) < 0)
		cli_print(program, "warning: too many workers for the signal handler to clean up");
}

static void on_output(void *data, struct page_output *output, int alive)
{
	(void)data;
	if (!alive)
		cli_unregister_output(output);
	else if (cli_register_output(output) < 0)
		cli_print(program, "warning: the signal handler cannot clean up the output");
}

/* --skip-existing: the input's output file is there already. */
static int output_exists(void *data, const struct file_input *in)
{
	const struct settings *set = data;
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	add_output_path(&path, set->output_dir, in, set->extension);
	int exists = stat(path.buf, &st) == 0;
	strbuf_release(&path);
	return exists;
}

/* One input this large shows progress by default. */
#define PROGRESS_MIN_BYTES ((uint64_t)8 << 20)

static uint64_t total_bytes(const struct file_source *inputs)
{
	uint64_t total = 0;
	for (size_t i = 0; i < file_source_count(inputs); i++) {
		struct stat st;
		const char *path = file_source_input(inputs, i)->path;
		if (strcmp(path, "-") ? stat(path, &st) == 0
				      : fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode))
			total += (uint64_t)st.st_size;   /* a redirected file's size is known */
	}
	return total;
}

/* A run that keeps less than this share of its words (of at least this
 * many) gets a warning: the shipped models keep 60-90% on the development
 * sets, and -b 0.5 keeps 1%. */
#define LOW_KEPT_PERCENT 3
#define LOW_KEPT_MIN_WORDS 1000

/* A run that kept almost nothing, and its likeliest cause: the options
 * that keep less, or pages that fell back (decider.h: unlike those the
 * model learnt from), or pages of little running text. */
static void warn_low_kept(const struct settings *set, const struct progress *p)
{
	const struct compose_values *v = &set->session.compose;
	double share = 100.0 * (double)p->kept_words / (double)p->words;
	const char *cause;
	char fell[160];

	if ((v->given & 1ul << OPTION_BIAS) && v->bias > 0)
		cause = "a bias above 0 (-b) keeps less, and a high one empties a corpus "
			"(ncleaner(1), the threshold decider)";
	else if (v->precision)
		cause = "--precision keeps less";
	else if (v->article)
		cause = "--article keeps each page's main article alone";
	else if (v->decider && !strstr(v->decider, "fallback") && !v->paper)
		cause = "--decider without the fallback lets a page keep nothing of its prose "
			"(ncleaner(1), DECIDERS)";
	else if (p->fallback) {
		snprintf(fell, sizeof(fell), "%" PRIu64 " of %" PRIu64 " pages kept almost nothing "
			 "and fell back: the pages may be unlike those the model learnt from "
			 "(ncleaner(1), DECIDERS)", p->fallback, p->pages);
		cause = fell;
	} else {
		cause = "the pages hold little running text (link lists, menus, forms), or are "
			"unlike those the model learnt from (ncleaner(1), DECIDERS)";
	}
	cli_print(program, "warning: only %.1f%% of the words were kept: %s", share, cause);
}

/* The closing line of a run whose output went to a file: where. */
static void say_where(const struct settings *set, const struct file_source *inputs)
{
	struct strbuf path = STRBUF_INIT;
	if (set->output_file)
		cli_print(program, "wrote %s", set->output_file);
	else if (file_source_count(inputs) == 1) {
		add_output_path(&path, set->output_dir, file_source_input(inputs, 0), set->extension);
		cli_print(program, "wrote %s", path.buf);
	}
	strbuf_release(&path);
}

/* The cleaning starts: its source, its output (-o FILE: whole or not at
 * all), its progress, after the survey's when there was one. */
static int start_cleaning(struct run_state *run, struct page_source **pages,
			  struct page_output **output, struct nc_error *err)
{
	struct settings *set = run->set;
	run->to_file = set->output_file && strcmp(set->output_file, "-");
	if (run->to_file) {
		if (atomic_file_open(&run->file, set->output_file, err) < 0) {
			run->to_file = 0;
			return -1;
		}
		cli_register_atomic_file(&run->file);
		if (!set->quiet)
			cli_say_leftovers(program, &run->file);
	}
	run->source = input_source_new(run->inputs, set->session.file_kind);
	*output = set->output_dir ? directory_output_new(set->output_dir, set->extension)
				  : stream_output_new(run->to_file ? run->file.stream : stdout);
	if (set->skip_existing)
		input_source_set_skip(run->source, output_exists, set);
	input_source_set_url(run->source, set->session.url);
	progress_start(&run->progress, program, set->progress, set->jobs, run->source,
		       file_source_count(run->inputs), total_bytes(run->inputs));
	run->progress.quiet = set->quiet;
	if (set->survey.seconds > 0)
		progress_second_pass(&run->progress, "cleaning", &set->survey);
	run->progress.site_survey_failed = set->survey_failed;
	run->progress.site_survey_not_counted = set->survey_not_counted;
	cli_install_signal_handlers();
	*pages = input_source_pages(run->source);
	return 0;
}

/* The cleaning is over (`ret` < 0: it stopped, `run_err` says why): the
 * output file committed or removed, the closing lines, --stats; the exit
 * status. */
static int finish_cleaning(struct run_state *run, int ret, const struct nc_error *run_err)
{
	struct settings *set = run->set;
	struct nc_error err = { 0 };
	int status = ret < 0 ? 2 : 0;
	if (status)
		cli_print(program, "%s", run_err->message);
	const struct input_counts *counts = input_source_counts(run->source);
	if (status == 0 && (run->progress.failed || counts->broken))
		status = 1;
	if (status == 0 && !run->progress.pages && !counts->existing &&
	    (counts->binary || counts->empty_archives))
		status = 1;   /* nothing at all was a page */
	if (run->to_file) {   /* whole or not at all */
		if (status == 0 && atomic_file_commit(&run->file, &err) < 0) {
			cli_print(program, "%s", err.message);
			status = 2;
		} else if (status != 0) {
			atomic_file_abort(&run->file);
			cli_print(program, "nothing written to %s", set->output_file);
		}
		cli_unregister_atomic_file(&run->file);
	}
	/* The closing line, on standard error: the summary of a run of more
	 * than one page, whatever its output (a stream on standard output
	 * too, where it alone says which pages were left out), else where
	 * the one page went. */
	if (set->quiet)
		;
	else if (set->skip_existing && !run->progress.pages && counts->existing)
		cli_print(program, "nothing to do: the output of every input exists "
			  "(--skip-existing)");
	else if (set->progress || run->progress.pages > 1)
		progress_summary(&run->progress, stderr);
	else if (status == 0 && (run->to_file || set->output_dir))
		say_where(set, run->inputs);
	if (!set->quiet && run->progress.words >= LOW_KEPT_MIN_WORDS &&
	    run->progress.kept_words * 100 < run->progress.words * LOW_KEPT_PERCENT)
		warn_low_kept(set, &run->progress);
	if (set->stats_out && progress_write_stats(&run->progress, set->stats_out) < 0 &&
	    status == 0)
		status = 1;
	return status;
}

/* --- the site survey (--site-repetition) ------------------------------------------- */

/* "site survey: 231 pages of 169 sites, 4315 of their 30621 segments on 2
 * pages or more of their site", and `how` it came (its time, or the file
 * it was kept in). */
static void say_survey(const struct settings *set, const struct site_table *table,
		       const char *how)
{
	struct site_table_stats stats;
	site_table_stats(table, &stats);
	cli_print(program, "site survey: %" PRIu64 " %s of %" PRIu64 " %s, %" PRIu64 " of their %"
		  PRIu64 " %s on %ld pages or more of their site; %s", stats.pages,
		  stats.pages == 1 ? "page" : "pages", stats.sites,
		  stats.sites == 1 ? "site" : "sites", stats.recurring, stats.segments,
		  stats.segments == 1 ? "segment" : "segments", set->session.site_min_pages, how);
}

/* What the survey could not count, said whatever the output (unless
 * --quiet), and kept in `set` for --stats. */
static void say_not_counted(struct settings *set, const struct site_table *table,
			    uint64_t failed)
{
	struct site_table_stats stats;
	site_table_stats(table, &stats);
	set->survey_failed = failed;
	set->survey_not_counted = stats.not_counted;
	if (set->quiet)
		return;
	if (failed)
		cli_print(program, failed == 1
			  ? "site survey: %" PRIu64 " page failed and was not counted (the "
			    "cleaning drops nothing from it as site furniture)"
			  : "site survey: %" PRIu64 " pages failed and were not counted (the "
			    "cleaning drops nothing from them as site furniture)", failed);
	if (stats.not_counted)
		cli_print(program, "site survey: %" PRIu64 " segments past the survey's "
			  "limits were not counted (ncleaner(1), --site-repetition)",
			  stats.not_counted);
}

/* What the signal handler says while pages are cleaned. */
static const char *cleaning_signal_message(const struct settings *set)
{
	return set->output_dir
		? "ncleaner: stopped: the output files written are complete; the same command with "
		  "--skip-existing resumes" : "ncleaner: stopped";
}

/* What the signal handler says while the survey runs: nothing has been
 * written yet (and the survey starts again: its work was rendering every
 * page, which the cleaning of those pages would need again anyway, their
 * dumps being in a temporary file that goes with the process). */
static const char *survey_signal_message(const struct settings *set)
{
	return set->output_dir
		? "ncleaner: stopped in the site survey, before any page was written; the same "
		  "command starts it again (with --skip-existing, keeping what earlier runs wrote)"
		: "ncleaner: stopped in the site survey, before any page was written";
}

/* The survey starts: its source and its progress, the first of two passes. */
static void start_survey(struct run_state *run, struct page_source **pages)
{
	struct settings *set = run->set;
	run->survey_source = input_source_new(run->inputs, set->session.file_kind);
	input_source_set_url(run->survey_source, set->session.url);
	progress_start(&run->survey, program, set->progress, set->jobs, run->survey_source,
		       file_source_count(run->inputs), total_bytes(run->inputs));
	/* Without a cache of its dumps the cleaning renders every page again. */
	progress_first_pass(&run->survey, "surveying sites",
			    run->cleaning_cost + (batch_keeps_dumps(run->batch) ? 0 : 1));
	run->survey.quiet = 1;
	cli_install_signal_handlers();
	cli_set_signal_message(survey_signal_message(set));
	*pages = input_source_pages(run->survey_source);
}

static int start_pass(void *data, enum batch_pass pass, struct page_source **pages,
		      struct page_output **output, struct nc_error *err)
{
	struct run_state *run = data;
	if (pass == BATCH_CLEANING)
		return start_cleaning(run, pages, output, err);
	start_survey(run, pages);
	return 0;
}

/* The survey is over: what it found said, and kept for a resumed run. */
static void on_surveyed(void *data, const struct site_table *table, uint64_t failed)
{
	struct run_state *run = data;
	struct settings *set = run->set;
	struct nc_error err = { 0 };
	progress_end_pass(&run->survey, &set->survey);
	input_source_free(run->survey_source);
	run->survey_source = NULL;
	cli_set_signal_message(cleaning_signal_message(set));
	if (!table)
		return;
	if (!set->quiet && (set->progress || set->output_dir)) {
		char took[32];
		snprintf(took, sizeof(took), "%.1f s", set->survey.seconds);
		say_survey(set, table, took);
	}
	say_not_counted(set, table, failed);
	if (run->kept && survey_file_write(run->kept, table, failed, &err) < 0 && !set->quiet)
		cli_print(program, "warning: site survey: cannot keep it for a resumed run: %s",
			  err.message);
}

/* --- keeping the survey (cli/survey-file.h) ------------------------------------------- */

/* The inputs whose output file is missing (not those the source passes
 * over as binary data, which have none): what a run with --skip-existing
 * would clean. */
static size_t outputs_missing(const struct settings *set, const struct file_source *inputs)
{
	size_t missing = 0;
	for (size_t i = 0; i < file_source_count(inputs); i++) {
		const struct file_input *in = file_source_input(inputs, i);
		if (!output_exists((void *)set, in) && !input_is_passed_over(in->path, set->session.file_kind))
			missing++;
	}
	return missing;
}

/* What the survey's table depends on, besides the inputs: everything that
 * decides a page's segments, its site, or whether it fails. */
static void survey_depends_on(const struct settings *set, const struct composition *c,
			      const struct pipeline_config *config, struct strbuf *how)
{
	const struct compose_values *v = &set->session.compose;
	struct strbuf rules = STRBUF_INIT;
	compose_rules_id(config->html_rules_path, config->dump_rules_path, &rules);
	strbuf_addf(how, "site-repetition=%ld\nrenderer=%s\nlynx=%s\ntimeout=%.17g\n"
		    "structure=%d\nrules=%s\nkind=%d\nencoding=%s\nlines=%d\nurl=%s\n",
		    set->session.site_min_pages, c->renderer->name, v->lynx, v->timeout,
		    config->structure, rules.buf, (int)set->session.file_kind,
		    set->session.encoding ? set->session.encoding : "", set->session.lines, set->session.url ? set->session.url : "");
	strbuf_release(&rules);
}

/* The table of an earlier run of the same inputs and options into -o DIR
 * (--skip-existing), or NULL after saying why there is none to use. */
static struct site_table *kept_survey(struct settings *set, const struct survey_file *file)
{
	struct nc_error err = { 0 };
	struct site_table *table = NULL;
	uint64_t failed = 0;
	int got = survey_file_read(file, &table, &failed, &err);
	if (got < 0 && !set->quiet)
		cli_print(program, "site survey: %s: surveying again", err.message);
	if (got <= 0)
		return NULL;
	if (!set->quiet) {
		struct strbuf how = STRBUF_INIT;
		strbuf_addf(&how, "kept by an earlier run in %s", file->path.buf);
		say_survey(set, table, how.buf);
		strbuf_release(&how);
	}
	say_not_counted(set, table, failed);
	return table;
}

/* The composition the options ask for: the renderer, and with a method
 * its model and deciders, into `config`. */
static int build_composition(struct settings *set, struct composition *c, struct pipeline_config *config)
{
	struct nc_error err = { 0 };

	if (session_compose(&set->session, c, config, &err) < 0) {
		cli_print(program, "%s", err.message);
		return -1;
	}
	if (c->warnings.len && !set->quiet)
		fputs(c->warnings.buf, stderr);
	return 0;
}

/* The sink's configuration for the composition `c`. */
static int describe_output(const struct settings *set, const struct composition *c,
			   const struct file_source *inputs, struct strbuf *json,
			   struct sink_config *sink)
{
	struct nc_error err = { 0 };

	if (session_sink(&set->session, c, "ncleaner " PACKAGE_VERSION, json, sink, &err) < 0) {
		cli_print(program, "%s", err.message);
		return -1;
	}
	sink->pages_share_stream = !set->output_dir && file_source_count(inputs) > 1;
	return 0;
}

/* The whole run: the composition, then the batch of every input (the
 * site survey when asked for, and the cleaning); the exit status. */
static int survey_and_clean(struct settings *set, struct file_source *inputs)
{
	struct pipeline_config config = { 0 };
	struct composition c;
	struct nc_error err = { 0 };
	struct strbuf json = STRBUF_INIT;
	struct sink_config sink;
	struct survey_file kept;   /* -o DIR: the survey kept beside the outputs */
	struct run_state run = { .set = set, .inputs = inputs };
	int status = 2;

	composition_init(&c);
	if (build_composition(set, &c, &config) < 0 || check_inputs(set, inputs, &config) < 0 ||
	    describe_output(set, &c, inputs, &json, &sink) < 0)
		goto out;
	if (set->session.site_min_pages && set->output_dir) {
		struct strbuf how = STRBUF_INIT;
		survey_depends_on(set, &c, &config, &how);
		survey_file_init(&kept, set->output_dir, inputs, how.buf);
		strbuf_release(&how);
		run.kept = &kept;
	}
	struct batch_config batch = {
		.pipeline = &config, .sink = &sink, .jobs = set->jobs,
		.min_pages = set->session.site_min_pages,
	};
	if (set->session.site_min_pages && set->skip_existing && !outputs_missing(set, inputs))
		batch.min_pages = 0;   /* nothing to clean: no survey (finish_cleaning() says so) */
	else if (set->session.site_min_pages && set->skip_existing)
		batch.kept = kept_survey(set, &kept);   /* resumed: no survey */
	batch.kept_failed = set->survey_failed;
	run.cleaning_cost = c.renderer->cleaning_cost;
	struct batch_hooks hooks = {
		.start = start_pass, .report = on_report, .surveyed = on_surveyed,
		.warning = on_warning, .worker_event = on_worker, .output_event = on_output,
		.data = &run,
	};
	run.batch = batch_new(&batch, &hooks, &err);
	if (!run.batch) {
		cli_print(program, "%s%s", err.message, err.code == NC_ERR_IO ? cli_data_dir_hint() : "");
		goto out;
	}
	int ret = batch_run(run.batch, &err);
	if (!run.source) {   /* stopped before the cleaning began */
		cli_print(program, "%s", err.message);
		goto out;
	}
	status = finish_cleaning(&run, ret, &err);
	/* Every output there: a later run needs no survey. */
	if (run.kept && !outputs_missing(set, inputs))
		survey_file_remove(&kept);
out:
	if (run.kept)
		survey_file_release(&kept);
	input_source_free(run.survey_source);
	input_source_free(run.source);
	batch_free(run.batch);
	strbuf_release(&json);
	composition_release(&c);
	return status;
}

/* --- options ------------------------------------------------------------------------- */

/* Combinations that cannot work, and values the session checks when
 * they are all read, as usage errors. */
static int check_settings(struct settings *set)
{
	struct nc_error err = { 0 };
	if (session_check(&set->session, &err) < 0) {
		cli_print(program, "%s", err.message);
		return -1;
	}
	if (set->skip_existing && !set->output_dir) {
		cli_print(program, "--skip-existing needs -o DIR");
		return -1;
	}
	if (session_check_values(&set->session, &err) < 0) {
		cli_print(program, "%s", err.message);
		return -1;
	}
	snprintf(set->extension, sizeof(set->extension), "%s%s", set->session.format->extension,
		 set->session.gzip ? OUTPUT_GZIP_EXTENSION : "");
	return 0;
}

/* The CPU quota (cgroup v2 "cpu.max": QUOTA PERIOD, or "max") of the
 * process's cgroup and of every cgroup above it, the smallest, in
 * processors rounded up; 0 when there is none. */
static long cgroup_cpu_limit(void)
{
	char line[4096], path[4200];
	char *group = NULL;
	long limit = 0;
	FILE *f = fopen("/proc/self/cgroup", "re");

	if (!f)
		return 0;
	while (!group && fgets(line, sizeof(line), f))
		if (strncmp(line, "0::/", 4) == 0) {
			group = line + 3;
			group[strcspn(group, "\n")] = '\0';
		}
	fclose(f);
	while (group) {
		snprintf(path, sizeof(path), "/sys/fs/cgroup%s/cpu.max", strcmp(group, "/") ? group : "");
		long long quota, period;
		FILE *max = fopen(path, "re");
		if (max && fscanf(max, "%lld %lld", &quota, &period) == 2 && quota > 0 && period > 0) {
			long long cpus = (quota + period - 1) / period;
			if (limit == 0 || cpus < limit)
				limit = cpus > 256 ? 256 : (long)cpus;
		}
		if (max)
			fclose(max);
		char *slash = strrchr(group, '/');
		if (strcmp(group, "/") == 0)
			group = NULL;
		else if (slash == group)
			group[1] = '\0';
		else
			*slash = '\0';
	}
	return limit;
}

/* -o names a file, not a directory, when it is "-" (standard output), an
 * existing file that is not a directory, or a new name with a file name
 * extension (out.txt, x.jsonl, x.wet.gz): then it takes the output of one
 * input, written whole or not at all; with more inputs, or a directory, the
 * user meant something else and is told so. Standard output takes any
 * number of inputs, as without -o. Otherwise -o is the output directory, as
 * always. */
static int choose_output_file(struct settings *set, int nargs, char **args)
{
	const char *o = set->output_dir;
	struct stat st;
	int exists = stat(o, &st) == 0;
	/* The formats' extensions, and names people give their files. */
	static const char *const extensions[] = { ".text", ".json", ".gz" };
	size_t len = strlen(o);
	int has_extension = output_format_extension_ends(o);
	for (size_t i = 0; i < sizeof(extensions) / sizeof(extensions[0]); i++) {
		size_t n = strlen(extensions[i]);
		has_extension |= len > n && !strcmp(o + len - n, extensions[i]) && o[len - n - 1] != '/';
	}
	int is_file = !strcmp(o, "-") || (exists && !S_ISDIR(st.st_mode)) ||
		      (!exists && has_extension);
	if (!is_file)
		return 0;
	if (strcmp(o, "-") &&
	    (nargs != 1 || (strcmp(args[0], "-") && stat(args[0], &st) == 0 && S_ISDIR(st.st_mode)))) {
		cli_print(program, "-o %s names a file: it takes the output of one input (a page or "
			  "an archive); for several, give -o a directory", o);
		return -1;
	}
	if (set->skip_existing) {
		cli_print(program, "--skip-existing needs -o DIR, not a file");
		return -1;
	}
	set->output_file = o;
	set->output_dir = NULL;
	return 0;
}

/* The processors this process may use: those of its CPU affinity mask
 * (taskset, numactl, a container's cpuset), fewer under a CPU quota of its
 * cgroups. Threads beyond either only queue for the same processors and
 * cost memory. The same for every renderer: a Lynx worker waits for its
 * Lynx, but more workers than processors were no faster (make bench-jobs:
 * 2 a processor 55.6 pages/s, 1 a processor 57.0, on 2 cores). */
static int default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t mask;

	if (sched_getaffinity(0, sizeof(mask), &mask) == 0 && CPU_COUNT(&mask) > 0)
		n = CPU_COUNT(&mask);
	long quota = cgroup_cpu_limit();
	if (quota > 0 && quota < n)
		n = quota;
	return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

int main(int argc, char **argv)
{
	struct settings set = { .jobs = default_jobs() };
	/* static: still reachable, not leaked, when main returns early */
	static struct cli_getopt options;
	int c, progress = -1, follow_symlinks = 0;

	session_init(&set.session);
	cli_getopt_build(&options, long_options, "o:j:hV", all_compose_options);
	argv[0] = (char *)program;   /* getopt's messages begin with it, as ours do */
	while ((c = getopt_long(argc, argv, options.shorts, options.longs, NULL)) != -1) {
		switch (c) {
		case OPT_HELP_METHODS: compose_print_table(stdout, "methods"); return 0;
		case OPT_HELP_RENDERERS: compose_print_table(stdout, "renderers"); return 0;
		case OPT_HELP_DECIDERS: compose_print_table(stdout, "deciders"); return 0;
		case 'o': set.output_dir = optarg; break;
		case 'j': set.jobs = (int)cli_parse_long(program, "--jobs", optarg, 1, 256); break;
		case OPT_SKIP_EXISTING: set.skip_existing = 1; break;
		case OPT_STATS: set.stats = optarg; break;
		case OPT_QUIET: set.quiet = 1; break;
		case OPT_PROGRESS: progress = 1; break;
		case OPT_FOLLOW_SYMLINKS: follow_symlinks = 1; break;
		case 'h': usage(stdout); return 0;
		case 'V': cli_print_version(program); return 0;
		default:
			if (cli_compose_option(&options, &set.session.compose, program, c, optarg) ||
			    cli_session_option(&options, &set.session, program, c, optarg))
				break;
			fprintf(stderr, "Try '%s --help' for more information.\n", program);
			return 2;
		}
	}
	/* No input named: standard input, when something feeds it (as
	 * trafilatura and jusText do); a terminal is no input. */
	static char *standard_input[] = { "-", NULL };
	if (optind >= argc && !isatty(STDIN_FILENO)) {
		argv = standard_input;
		argc = 1;
		optind = 0;
	}
	if (optind >= argc) {
		cli_print(program, "no input given: name files or directories, or - for standard "
			  "input");
		fprintf(stderr, "Try '%s --help' for more information.\n", program);
		return 2;
	}
	cli_getopt_release(&options);
	set.session.compose.data_dir = cli_data_dir(set.session.compose.data_dir);
	if (check_settings(&set) < 0)
		return 2;
	struct file_source *inputs = file_source_new(set.session.file_kind, follow_symlinks
						     ? FILE_SOURCE_FOLLOW_SYMLINKS : FILE_SOURCE_DEFAULT,
						     cli_print_report, (void *)program);
	struct stats_file stats_out;
	int status = 2, bad = 0;
	if (stdin_read_twice(&set, argc - optind, argv + optind))
		goto out;
	if (set.output_dir && choose_output_file(&set, argc - optind, argv + optind) < 0)
		goto out;
	if (set.output_dir && prepare_output_dir(set.output_dir, argc - optind, argv + optind,
						 inputs) < 0)
		goto out;
	for (int i = optind; i < argc; i++)
		if (file_source_add(inputs, argv[i]) < 0)
			bad = 1;
	file_source_finish(inputs);
	size_t count = file_source_count(inputs);
	if (batch_default(&set, inputs, argc - optind, argv + optind))
		set.session.site_min_pages = SITE_MIN_PAGES_DEFAULT;
	if (set.session.url && count != 1) {
		cli_print(program, "--url names one page: give one input, not %zu", count);
		goto out;
	}
	if (set.output_dir && check_own_outputs(set.output_dir, set.extension, inputs) < 0)
		goto out;
	if (set.stats && open_stats(&set, inputs, &stats_out) < 0)
		goto out;
	/* By default with -o on a terminal, for more than one input or one
	 * large one (an archive takes minutes). */
	set.progress = !set.quiet && (progress > 0 || (progress < 0 && set.output_dir &&
				      isatty(STDERR_FILENO) &&
				      (count > 1 || total_bytes(inputs) > PROGRESS_MIN_BYTES)));
	cli_set_signal_message(cleaning_signal_message(&set));
	status = count ? survey_and_clean(&set, inputs) : 1;
	if (status == 0 && bad)
		status = 1;
out:
	if (set.stats_out) {
		cli_unregister_atomic_file(&set.stats_out->file);
		stats_file_abort(set.stats_out);   /* nothing if it was written */
	}
	file_source_free(inputs);
	return status;
}
