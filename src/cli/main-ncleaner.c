/* main-ncleaner.c: the ncleaner command, cleaning pages, dumps and archives.
 *
 * Parses options, builds the pipeline (rules, method, decider) once, and
 * has the runner clean every page of the inputs with one worker or several;
 * a failed page is reported on stderr and the others go on.
 * Exit status: 0 all inputs cleaned, 1 some input failed, 2 usage or set-up
 * error (bad option, unreadable rules or model, Lynx not found).
 */
#include "config.h"
#include "cli/cli.h"
#include "cli/progress.h"
#include "base/alloc.h"
#include "base/json.h"
#include "decide/decider.h"
#include "method/model-file.h"
#include "method/ngram.h"
#include "method/perplexity-method.h"
#include "method/registry.h"
#include "normalise/charset.h"
#include "pipeline/pipeline.h"
#include "pipeline/runner.h"
#include "render/builtin.h"   /* TEMPORARY (issue 21): NCLEANER_RENDERER, see run() */
#include "sink/output.h"
#include "sink/sink.h"
#include "source/input-source.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *program = "ncleaner";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: ncleaner [OPTIONS] FILE|DIR|- ...\n"
"Remove boilerplate (navigation, link lists, headers, footers, ads) from Web\n"
"pages and keep the running text.\n"
"\n"
"An input is what its bytes say, whatever its name: an HTML page, a text\n"
"dump, a WARC file of many pages (plain or gzip'd, as Common Crawl ships\n"
"them), any of them gzip'd; binary files are skipped. One input is cleaned to\n"
"standard output; with -o, each goes to DIR/<name><extension> (an archive's\n"
"pages to one file) and directories are cleaned recursively.\n"
"\n"
"What to do:\n"
"      --paper           the 2008 configuration: Lynx, the ncleaner method with\n"
"                        the shipped models, the threshold decision, the 2008\n"
"                        charset order (later defaults may differ, --paper not)\n"
"      --dump            stop after the Lynx dump (the paper's baseline)\n"
"      --no-lm           rules and segmentation only, no language model\n"
"      --scores          every segment with H_clean, H_dirty and the decision\n"
"Method and model:\n"
"      --method NAME     how segments are scored (default: the model file's\n"
"                        method, else ncleaner)\n"
"      --help-methods    list the methods\n"
"  -m, --model NAME|PATH model to use (default: the method's shipped model;\n"
"                        english for ncleaner)\n"
"      --nonlex          use the non-lexical model (same as -m nonlex)\n"
"  -b, --bias BITS       added to the clean cost before comparing; > 0 keeps less\n"
"  -n N                  ncleaner: use n-grams up to N (at most the model's order)\n"
"  -q Q                  ncleaner: interpolation parameter, 0 < Q <= 1\n"
"      --max-perplexity P  perplexity: drop sentences above P (default: the\n"
"                        model's, %g as published)\n"
"      --max-kl BITS     ice-lm: drop blocks whose KL divergence from the page's\n"
"                        query model is above BITS (default: the model's)\n"
"Input:\n"
"      --html            treat every input that is not an archive as HTML\n"
"      --text            treat every input that is not an archive as a text dump\n"
"      --encoding NAME   the charset of every page (default: each page's own,\n"
"                        else a guess)\n"
"      --lines           make every dump line a segment of its own\n"
"      --follow-symlinks follow symlinks to directories when walking DIR\n"
"Output:\n"
"  -o, --output-dir DIR  write DIR/<name><extension> per input\n"
"  -f, --format FORMAT   cleaneval (default), text, jsonl or wet\n"
"      --gzip            gzip the output (a gzip member per page)\n"
"      --skip-existing   skip inputs whose output file exists (resume a run)\n"
"Running:\n"
"  -j, --jobs N          workers (default: the processors this process may use,\n"
"                        its affinity and cgroup CPU quota); the output is the\n"
"                        same, in the same order, for any N\n"
"      --progress        report progress on standard error (default with -o\n"
"                        when standard error is a terminal)\n"
"      --stats FILE      write the run's figures to FILE as JSON\n"
"      --lynx PROGRAM    the Lynx to run (default: lynx, or $NCLEANER_LYNX)\n"
"      --timeout SECONDS kill Lynx after this long per page (default %g)\n"
"      --data-dir DIR    where regex/ and models/ are (or $NCLEANER_DATA_DIR)\n"
"  -h, --help            show this help\n"
"  -V, --version         show the version\n"
"\n"
"Exit status: 0 if every input was cleaned, 1 if some failed, 2 on a usage\n"
"or set-up error, 128+N when stopped by signal N. See ncleaner(1).\n",
		PERPLEXITY_DEFAULT_MAX, CLI_DEFAULT_TIMEOUT);
}

enum {
	OPT_DUMP = 256, OPT_NO_LM, OPT_SCORES, OPT_NONLEX, OPT_HTML, OPT_TEXT, OPT_LINES,
	OPT_PROGRESS, OPT_PAPER, OPT_FOLLOW_SYMLINKS, OPT_GZIP, OPT_ENCODING, OPT_STATS,
	OPT_SKIP_EXISTING, OPT_METHOD, OPT_MAX_PERPLEXITY, OPT_HELP_METHODS, OPT_MAX_KL
};

static const struct option long_options[] = {
	{ "dump", no_argument, NULL, OPT_DUMP },
	{ "no-lm", no_argument, NULL, OPT_NO_LM },
	{ "scores", no_argument, NULL, OPT_SCORES },
	{ "model", required_argument, NULL, 'm' },
	{ "nonlex", no_argument, NULL, OPT_NONLEX },
	{ "method", required_argument, NULL, OPT_METHOD },
	{ "max-perplexity", required_argument, NULL, OPT_MAX_PERPLEXITY },
	{ "max-kl", required_argument, NULL, OPT_MAX_KL },
	{ "help-methods", no_argument, NULL, OPT_HELP_METHODS },
	{ "bias", required_argument, NULL, 'b' },
	{ "output-dir", required_argument, NULL, 'o' },
	{ "format", required_argument, NULL, 'f' },
	{ "gzip", no_argument, NULL, OPT_GZIP },
	{ "skip-existing", no_argument, NULL, OPT_SKIP_EXISTING },
	{ "html", no_argument, NULL, OPT_HTML },
	{ "text", no_argument, NULL, OPT_TEXT },
	{ "encoding", required_argument, NULL, OPT_ENCODING },
	{ "lines", no_argument, NULL, OPT_LINES },
	{ "jobs", required_argument, NULL, 'j' },
	{ "stats", required_argument, NULL, OPT_STATS },
	CLI_PIPELINE_LONG_OPTIONS,
	{ "progress", no_argument, NULL, OPT_PROGRESS },
	{ "paper", no_argument, NULL, OPT_PAPER },
	{ "follow-symlinks", no_argument, NULL, OPT_FOLLOW_SYMLINKS },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* The 2008 configuration that --paper names: the Lynx renderer (the only
 * one so far), the ncleaner method with this model, the threshold decider,
 * and the 2008 charset order. When defaults change, --paper must not. */
#define PAPER_METHOD "ncleaner"
#define PAPER_MODEL "english"

/* What the options ask for. --dump, --no-lm and --scores are one choice
 * (the last one given wins). */
enum run_kind { RUN_DUMP, RUN_HEURISTICS, RUN_FULL, RUN_SCORES };

struct settings {
	enum run_kind kind;
	int paper;               /* --paper: the 2008 configuration, whatever the defaults */
	const char *method_name; /* NULL: the model file's method, else the default */
	const char *model_name;  /* NULL: the method's default model */
	const char *model_used;  /* the model loaded (a name or a path) */
	int bias_given;
	double bias;
	struct method_settings method;
	const char *output_dir;
	enum sink_format format;
	int gzip, skip_existing, lines, progress, jobs;
	enum file_kind_rule file_kind;
	const char *encoding, *stats;
	struct cli_pipeline_setup setup;
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
		int html = set->file_kind == FILE_KIND_HTML ||
			   (set->file_kind != FILE_KIND_TEXT && !named_text);
		if (html && !renderer_checked) {
			if (config->renderer->check(config->renderer_config, &err) < 0) {
				cli_print(program, "%s", err.message);
				return -1;
			}
			renderer_checked = 1;
		}
	}
	if (set->kind == RUN_DUMP && set->file_kind == FILE_KIND_TEXT) {
		cli_print(program, "--dump needs HTML input, and --text says there is none");
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
		strbuf_addf(&out, "%s/%s%s", dir, in->output_name, extension);
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

/* Which method: --method, else the one the model file named by -m was
 * built for, else the default. NULL after printing why. */
static const struct method_kind *choose_method(const struct settings *set, const char *model_path,
					       const char *data_dir)
{
	struct nc_error err = { 0 };
	struct model_file_header header;

	if (set->method_name)
		return method_kind_find(set->method_name);   /* checked with the options */
	if (set->paper)
		return method_kind_find(PAPER_METHOD);
	if (!model_path)
		return method_kind_find(METHOD_DEFAULT);
	if (model_file_peek(model_path, &header, &err) < 0) {
		int shipped = !strncmp(model_path, data_dir, strlen(data_dir));
		cli_print(program, "%s%s", err.message, err.code == NC_ERR_IO && shipped
			  ? cli_data_dir_hint() : "");
		return NULL;
	}
	const struct method_kind *kind = method_kind_find(header.method);
	if (!kind)
		cli_print(program, "%s: built for the method '%s', which this ncleaner does not know "
			  "(see --help-methods)", model_path, header.method);
	return kind;
}

/* Load the method and make the decider the settings ask for; *chosen
 * gets the method's entry. */
static int load_method(struct settings *set, const char *data_dir, struct method **method,
		       struct decider **decider, const struct method_kind **chosen)
{
	static const char *const setting_options[METHOD_SETTINGS] = {
		"-n", "-q", "--max-perplexity", "--max-kl"
	};
	struct nc_error err = { 0 };
	const char *model = set->model_name ? set->model_name : set->paper ? PAPER_MODEL : NULL;
	char *path = model ? cli_model_path(data_dir, model) : NULL;
	const struct method_kind *kind = choose_method(set, path, data_dir);

	if (!kind)
		goto fail;
	if (method_settings_check(kind, &set->method, setting_options, &err) < 0) {
		cli_print(program, "%s", err.message);
		goto fail;
	}
	if (path && !kind->default_model) {
		cli_print(program, "the %s method takes no model (-m %s)", kind->name, model);
		goto fail;
	}
	if (!path && kind->default_model) {
		model = kind->default_model;
		path = cli_model_path(data_dir, model);
	}
	set->model_used = model;
	*chosen = kind;
	*method = kind->load(path, &set->method, &err);
	if (!*method) {
		int shipped = path && !strncmp(path, data_dir, strlen(data_dir));
		cli_print(program, "%s%s", err.message, err.code == NC_ERR_IO && shipped
			  ? cli_data_dir_hint() : "");
		goto fail;
	}
	free(path);
	*decider = threshold_decider_new(set->bias_given ? set->bias : (*method)->default_bias);
	return 0;
fail:
	free(path);
	return -1;
}

/* The JSON object that names the method and its settings (for jsonl). */
static char *method_json(const struct settings *set, const struct method *method,
			 const struct decider *decider)
{
	struct strbuf out = STRBUF_INIT;
	(void)decider;
	if (set->kind == RUN_DUMP) {
		strbuf_addstr(&out, "{\"name\":\"dump\"}");
	} else if (!method) {
		strbuf_addstr(&out, "{\"name\":\"heuristics\"}");
	} else {
		strbuf_addstr(&out, "{\"name\":");
		json_add_cstring(&out, method->ops->name);
		strbuf_addstr(&out, ",\"model\":");
		if (set->model_used)
			json_add_cstring(&out, set->model_used);
		else
			strbuf_addstr(&out, "null");
		if (method->ops->describe) {
			strbuf_addch(&out, ',');
			method->ops->describe(method, &out);
		}
		strbuf_addf(&out, ",\"bias\":%g,\"decider\":\"threshold\"}",
			    set->bias_given ? set->bias : method->default_bias);
	}
	return strbuf_detach(&out, NULL);
}

/* --- the run ------------------------------------------------------------------------ */

struct run_state {
	const struct settings *set;
	struct progress progress;
};

static void on_report(void *data, const struct run_report *report)
{
	struct run_state *run = data;
	progress_report(&run->progress, report);
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
	strbuf_addf(&path, "%s/%s%s", set->output_dir, in->output_name, set->extension);
	int exists = stat(path.buf, &st) == 0;
	strbuf_release(&path);
	return exists;
}

static uint64_t total_bytes(const struct file_source *inputs)
{
	uint64_t total = 0;
	for (size_t i = 0; i < file_source_count(inputs); i++) {
		struct stat st;
		const char *path = file_source_input(inputs, i)->path;
		if (strcmp(path, "-") && stat(path, &st) == 0)
			total += (uint64_t)st.st_size;
	}
	return total;
}

/* Clean every input; the exit status. */
static int clean_inputs(struct settings *set, const struct file_source *inputs,
			const struct pipeline *pipeline, const struct sink_config *sink)
{
	struct input_source *source = input_source_new(inputs, set->file_kind);
	struct run_state run = { .set = set };
	struct runner_config config = {
		.pipeline = pipeline, .sink = sink, .jobs = set->jobs,
		.report = on_report, .worker_event = on_worker, .output_event = on_output,
		.data = &run,
	};
	struct nc_error err = { 0 };
	struct page_output *output = set->output_dir
		? directory_output_new(set->output_dir, set->extension) : stream_output_new(stdout);

	if (set->skip_existing)
		input_source_set_skip(source, output_exists, set);
	progress_start(&run.progress, program, set->progress, set->jobs, source,
		       file_source_count(inputs), total_bytes(inputs));
	cli_install_signal_handlers();
	int status = runner_run(&config, input_source_pages(source), output, &err) < 0 ? 2 : 0;
	if (status)
		cli_print(program, "%s", err.message);
	const struct input_counts *counts = input_source_counts(source);
	if (status == 0 && (run.progress.failed || counts->broken))
		status = 1;
	if (status == 0 && !run.progress.pages && !counts->existing &&
	    (counts->binary || counts->empty_archives))
		status = 1;   /* nothing at all was a page */
	if (set->progress || (set->output_dir && run.progress.pages > 1))
		progress_summary(&run.progress, stderr);
	if (set->stats && progress_write_stats(&run.progress, set->stats) < 0 && status == 0)
		status = 1;
	input_source_free(source);
	return status;
}

static int run(struct settings *set, struct file_source *inputs)
{
	struct pipeline_config config = { 0 };
	struct pipeline *pipeline = NULL;
	struct method *method = NULL;
	struct decider *decider = NULL;
	const struct method_kind *kind = NULL;
	struct nc_error err = { 0 };
	char *json = NULL;
	int status = 2;

	cli_pipeline_setup_finish(&set->setup, &config);
	/* TEMPORARY (issue 21), until the composition table has --renderer:
	 * NCLEANER_RENDERER=builtin renders with the builtin renderer in
	 * place of Lynx (a method that names its own renderer still wins). */
	struct builtin_config builtin = { .timeout_seconds = set->setup.lynx.timeout_seconds };
	const char *renderer_name = getenv("NCLEANER_RENDERER");
	if (renderer_name && !strcmp(renderer_name, "builtin")) {
		config.renderer = &builtin_renderer_class;
		config.renderer_config = &builtin;
	}
	config.dump_only = set->kind == RUN_DUMP;
	config.segment_flags = set->lines ? SEGMENT_LINES : SEGMENT_DEFAULT;
	config.encoding = set->encoding;
	config.paper_charsets = set->paper;
	if (set->kind == RUN_FULL || set->kind == RUN_SCORES) {
		if (load_method(set, set->setup.data_dir, &method, &decider, &kind) < 0)
			goto out;
		config.method = method;
		config.decider = decider;
		cli_apply_method_input(kind, &config);
	}
	if (check_inputs(set, inputs, &config) < 0)
		goto out;
	pipeline = pipeline_new(&config, &err);
	if (!pipeline) {
		cli_print(program, "%s%s", err.message, err.code == NC_ERR_IO ? cli_data_dir_hint() : "");
		goto out;
	}
	json = method_json(set, method, decider);
	struct sink_config sink = {
		.format = set->format, .scores = set->kind == RUN_SCORES, .gzip = set->gzip,
		.method_json = json, .software = "ncleaner " PACKAGE_VERSION,
	};
	status = clean_inputs(set, inputs, pipeline, &sink);
out:
	free(json);
	pipeline_free(pipeline);
	decider_free(decider);
	method_free(method);
	return status;
}

/* --- options ------------------------------------------------------------------------- */

static int parse_format(const char *name, enum sink_format *format)
{
	static const struct { const char *name; enum sink_format format; } formats[] = {
		{ "cleaneval", SINK_CLEANEVAL }, { "text", SINK_TEXT }, { "jsonl", SINK_JSONL },
		{ "wet", SINK_WET },
	};
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (!strcmp(name, formats[i].name)) {
			*format = formats[i].format;
			return 0;
		}
	}
	cli_print(program, "--format expects cleaneval, text, jsonl or wet, not '%s'", name);
	return -1;
}

/* Combinations that cannot work, as usage errors. */
static int check_settings(struct settings *set)
{
	if (set->kind == RUN_SCORES && (set->format == SINK_TEXT || set->format == SINK_WET)) {
		cli_print(program, "--scores goes with --format cleaneval or jsonl");
		return -1;
	}
	if (set->kind == RUN_DUMP && (set->format == SINK_JSONL || set->format == SINK_WET)) {
		cli_print(program, "--dump goes with --format cleaneval or text");
		return -1;
	}
	if (set->paper && set->method_name && strcmp(set->method_name, PAPER_METHOD)) {
		cli_print(program, "--paper is the %s method, not %s", PAPER_METHOD, set->method_name);
		return -1;
	}
	if (set->skip_existing && !set->output_dir) {
		cli_print(program, "--skip-existing needs -o DIR");
		return -1;
	}
	if (set->encoding && !charset_known(set->encoding)) {
		cli_print(program, "--encoding: %s is not a charset iconv knows (see iconv -l)",
			  set->encoding);
		return -1;
	}
	snprintf(set->extension, sizeof(set->extension), "%s%s", sink_format_extension(set->format),
		 set->gzip ? ".gz" : "");
	return 0;
}

static void list_methods(void)
{
	size_t count;
	const struct method_kind *kinds = method_kinds(&count);
	printf("Methods (--method NAME; the default model in brackets):\n");
	for (size_t i = 0; i < count; i++)
		printf("  %-12s %s [%s]\n", kinds[i].name, kinds[i].summary,
		       kinds[i].default_model ? kinds[i].default_model : "no model");
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

/* The processors this process may use: those of its CPU affinity mask
 * (taskset, numactl, a container's cpuset), fewer under a CPU quota of its
 * cgroups. Threads beyond either only queue for the same processors and
 * cost memory. */
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
	struct settings set = {
		.kind = RUN_FULL, .file_kind = FILE_KIND_BY_CONTENT, .format = SINK_CLEANEVAL,
		.jobs = default_jobs(),
	};
	int c, progress = -1, follow_symlinks = 0;

	cli_pipeline_setup_init(&set.setup);
	set.setup.timeout_must_be_positive = 1;
	while ((c = getopt_long(argc, argv, "m:b:n:q:o:f:j:hV", long_options, NULL)) != -1) {
		switch (c) {
		case OPT_DUMP: set.kind = RUN_DUMP; break;
		case OPT_NO_LM: set.kind = RUN_HEURISTICS; break;
		case OPT_SCORES: set.kind = RUN_SCORES; break;
		case 'm': set.model_name = optarg; break;
		case OPT_PAPER: set.paper = 1; break;
		case OPT_NONLEX: set.model_name = "nonlex"; break;
		case 'b':
			set.bias = cli_parse_double(program, "--bias", optarg);
			set.bias_given = 1;
			break;
		case 'n':
			set.method.order = (int)cli_parse_long(program, "-n", optarg, 1, NGRAM_MAX_ORDER);
			break;
		case 'q': set.method.q = cli_parse_q(program, "-q", optarg); break;
		case OPT_METHOD:
			if (!method_kind_find(optarg)) {
				cli_print(program, "--method: no method '%s' (see --help-methods)", optarg);
				return 2;
			}
			set.method_name = optarg;
			break;
		case OPT_MAX_PERPLEXITY:
			set.method.max_perplexity = cli_parse_double(program, "--max-perplexity", optarg);
			if (!(set.method.max_perplexity >= 1)) {
				cli_print(program, "--max-perplexity expects a number >= 1");
				return 2;
			}
			break;
		case OPT_MAX_KL:
			set.method.max_kl = cli_parse_double(program, "--max-kl", optarg);
			if (!(set.method.max_kl > 0) || !isfinite(set.method.max_kl)) {
				cli_print(program, "--max-kl expects a number of bits > 0");
				return 2;
			}
			break;
		case OPT_HELP_METHODS: list_methods(); return 0;
		case 'o': set.output_dir = optarg; break;
		case 'f':
			if (parse_format(optarg, &set.format) < 0)
				return 2;
			break;
		case 'j': set.jobs = (int)cli_parse_long(program, "--jobs", optarg, 1, 256); break;
		case OPT_GZIP: set.gzip = 1; break;
		case OPT_SKIP_EXISTING: set.skip_existing = 1; break;
		case OPT_ENCODING: set.encoding = optarg; break;
		case OPT_STATS: set.stats = optarg; break;
		case OPT_HTML: set.file_kind = FILE_KIND_HTML; break;
		case OPT_TEXT: set.file_kind = FILE_KIND_TEXT; break;
		case OPT_LINES: set.lines = 1; break;
		case OPT_PROGRESS: progress = 1; break;
		case OPT_FOLLOW_SYMLINKS: follow_symlinks = 1; break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("ncleaner %s\n", PACKAGE_VERSION); return 0;
		default:
			if (cli_pipeline_setup_option(&set.setup, program, c, optarg))
				break;
			fprintf(stderr, "Try '%s --help' for more information.\n", program);
			return 2;
		}
	}
	if (optind >= argc) {
		cli_print(program, "no input given");
		fprintf(stderr, "Try '%s --help' for more information.\n", program);
		return 2;
	}
	if (check_settings(&set) < 0)
		return 2;
	struct file_source *inputs = file_source_new(set.file_kind, follow_symlinks
						     ? FILE_SOURCE_FOLLOW_SYMLINKS : FILE_SOURCE_DEFAULT,
						     cli_print_report, (void *)program);
	int status = 2, bad = 0;
	if (set.output_dir && prepare_output_dir(set.output_dir, argc - optind, argv + optind,
						 inputs) < 0)
		goto out;
	for (int i = optind; i < argc; i++)
		if (file_source_add(inputs, argv[i]) < 0)
			bad = 1;
	file_source_finish(inputs);
	size_t count = file_source_count(inputs);
	int stream_format = set.format == SINK_JSONL || set.format == SINK_WET;
	if (!set.output_dir && count > 1 && !stream_format) {
		cli_print(program, "%zu inputs: use -o DIR, or --format jsonl or wet, to clean more "
			  "than one", count);
		goto out;
	}
	if (set.output_dir && check_own_outputs(set.output_dir, set.extension, inputs) < 0)
		goto out;
	set.progress = progress > 0 || (progress < 0 && set.output_dir &&
					isatty(STDERR_FILENO) && count > 1);
	status = count ? run(&set, inputs) : 1;
	if (status == 0 && bad)
		status = 1;
out:
	file_source_free(inputs);
	cli_pipeline_setup_release(&set.setup);
	return status;
}
