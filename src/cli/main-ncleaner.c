/* main-ncleaner.c: the ncleaner command, cleaning pages and text dumps.
 *
 * Parses options, builds the pipeline (rules, method, decider) once and one
 * worker, then cleans each page of the file source in turn; a failed page is
 * reported on stderr and the others go on.
 * Exit status: 0 all inputs cleaned, 1 some input failed, 2 usage or set-up
 * error (bad option, unreadable rules or model, Lynx not found).
 */
#include "config.h"
#include "cli/cli.h"
#include "decide/decider.h"
#include "method/ncleaner-method.h"
#include "pipeline/pipeline.h"
#include "sink/output.h"
#include "sink/sink.h"
#include "source/page-source.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *program = "ncleaner";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: ncleaner [OPTIONS] FILE|DIR|- ...\n"
"Remove boilerplate (navigation, link lists, headers, footers, ads) from Web\n"
"pages and keep the running text, in CLEANEVAL format.\n"
"\n"
"Files ending in .html, .htm or .xhtml are HTML pages; other files are text\n"
"dumps. One input is cleaned to standard output; with -o, each input goes to\n"
"DIR/<name>.txt and directories are cleaned recursively.\n"
"\n"
"What to do:\n"
"      --paper           the 2008 configuration: Lynx, the ncleaner method with\n"
"                        the shipped models, the threshold decision (today also\n"
"                        the default; later defaults may differ, --paper not)\n"
"      --dump            stop after the Lynx dump (the paper's baseline)\n"
"      --no-lm           rules and segmentation only, no language model\n"
"      --scores          print H_clean, H_dirty and the decision per segment\n"
"Model:\n"
"  -m, --model NAME|PATH model to use (default: english)\n"
"      --nonlex          use the non-lexical model (same as -m nonlex)\n"
"  -b, --bias BITS       added to H_clean before comparing; > 0 keeps less\n"
"  -n N                  use n-grams up to N (at most the model's order)\n"
"  -q Q                  interpolation parameter, 0 < Q <= 1\n"
"Input and output:\n"
"  -o, --output-dir DIR  write DIR/<name>.txt per input\n"
"      --html            treat every input as HTML\n"
"      --text            treat every input as a text dump\n"
"      --lines           make every dump line a segment of its own\n"
"      --follow-symlinks follow symlinks to directories when walking DIR\n"
"      --progress        report progress on standard error (default with -o\n"
"                        when standard error is a terminal)\n"
"Environment:\n"
"      --lynx PROGRAM    the Lynx to run (default: lynx, or $NCLEANER_LYNX)\n"
"      --timeout SECONDS kill Lynx after this long per page (default %g)\n"
"      --data-dir DIR    where regex/ and models/ are (or $NCLEANER_DATA_DIR)\n"
"  -h, --help            show this help\n"
"  -V, --version         show the version\n"
"\n"
"Exit status: 0 if every input was cleaned, 1 if some failed, 2 on a usage\n"
"or set-up error, 128+N when stopped by signal N. See ncleaner(1).\n", CLI_DEFAULT_TIMEOUT);
}

enum {
	OPT_DUMP = 256, OPT_NO_LM, OPT_SCORES, OPT_NONLEX, OPT_HTML, OPT_TEXT, OPT_LINES,
	OPT_PROGRESS, OPT_PAPER, OPT_FOLLOW_SYMLINKS
};

static const struct option long_options[] = {
	{ "dump", no_argument, NULL, OPT_DUMP },
	{ "no-lm", no_argument, NULL, OPT_NO_LM },
	{ "scores", no_argument, NULL, OPT_SCORES },
	{ "model", required_argument, NULL, 'm' },
	{ "nonlex", no_argument, NULL, OPT_NONLEX },
	{ "bias", required_argument, NULL, 'b' },
	{ "output-dir", required_argument, NULL, 'o' },
	{ "html", no_argument, NULL, OPT_HTML },
	{ "text", no_argument, NULL, OPT_TEXT },
	{ "lines", no_argument, NULL, OPT_LINES },
	CLI_PIPELINE_LONG_OPTIONS,
	{ "progress", no_argument, NULL, OPT_PROGRESS },
	{ "paper", no_argument, NULL, OPT_PAPER },
	{ "follow-symlinks", no_argument, NULL, OPT_FOLLOW_SYMLINKS },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* The 2008 configuration that --paper names: the Lynx renderer (the only
 * one so far), the ncleaner method with this model, the threshold decider.
 * The defaults are the same today; when they change, --paper must not. */
#define PAPER_MODEL "english"
#define DEFAULT_MODEL "english"

/* What the options ask for. --dump, --no-lm and --scores are one choice
 * (the last one given wins). */
enum run_kind { RUN_DUMP, RUN_HEURISTICS, RUN_FULL, RUN_SCORES };

struct settings {
	enum run_kind kind;
	int paper;               /* --paper: the 2008 configuration, whatever the defaults */
	const char *model_name;  /* NULL: the default model */
	int bias_given;
	double bias;
	int order;
	double q;
	const char *output_dir;
	enum file_kind_rule file_kind;
	int lines;
	int progress;
	struct cli_pipeline_setup setup;
};

/* Checks that need the whole list of inputs, before any work: a missing
 * Lynx is a set-up error, not a failure of every page. */
static int check_inputs(const struct settings *set, const struct file_source *inputs,
			const struct pipeline_config *config)
{
	struct nc_error err = { 0 };
	size_t n = file_source_count(inputs);
	int renderer_checked = 0;

	for (size_t i = 0; i < n; i++) {
		const struct file_input *in = file_source_input(inputs, i);
		if (in->kind == PAGE_HTML && !renderer_checked) {
			if (config->renderer->check(config->renderer_config, &err) < 0) {
				cli_print(program, "%s", err.message);
				return -1;
			}
			renderer_checked = 1;
		}
		if (set->kind == RUN_DUMP && in->kind != PAGE_HTML) {
			cli_print(program, "%s: --dump needs HTML input (use --html to force it)", in->path);
			return -1;
		}
	}
	return 0;
}

static struct page_sink *make_sink(const struct settings *set)
{
	struct page_output *output = set->output_dir ? directory_output_new(set->output_dir, ".txt")
						     : stream_output_new(stdout);
	return page_sink_new(set->kind == RUN_SCORES ? SINK_SCORES : SINK_CLEANEVAL, output);
}

/* Clean every page of `source`; returns the number that failed. */
static size_t clean_all(const struct settings *set, struct worker *worker,
			struct page_source *source, size_t total)
{
	struct nc_error err = { 0 };
	struct page page;
	size_t done = 0, failed = 0;
	int r;

	while ((r = page_source_next(source, &page, &err)) != 0) {
		if (set->progress)
			fprintf(stderr, "\r%s: %zu/%zu inputs, %zu failed", program, done, total, failed);
		if (r > 0) {
			r = worker_clean_page(worker, &page, &err) < 0 ? -1 : 1;
			page_release(&page);
		}
		if (r < 0) {
			failed++;
			if (set->progress)
				fputc('\n', stderr);
			cli_print(program, "%s", err.message);
		}
		done++;
	}
	if (set->progress)
		fprintf(stderr, "\r%s: %zu/%zu inputs, %zu failed\n", program, total, total, failed);
	else if (set->output_dir && total > 1 && failed)
		cli_print(program, "%zu of %zu inputs failed", failed, total);
	return failed;
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
static int check_own_outputs(const char *dir, const struct file_source *inputs)
{
	int ret = 0;
	for (size_t i = 0; i < file_source_count(inputs) && ret == 0; i++) {
		const struct file_input *in = file_source_input(inputs, i);
		struct strbuf out = STRBUF_INIT;
		struct stat in_st, out_st;
		strbuf_addf(&out, "%s/%s.txt", dir, in->output_name);
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

/* Load the method and make the decider the settings ask for. */
static int load_method(struct settings *set, const char *data_dir, struct method **method,
		       struct decider **decider)
{
	struct nc_error err = { 0 };
	char *path = cli_model_path(data_dir, set->model_name ? set->model_name
							       : set->paper ? PAPER_MODEL : DEFAULT_MODEL);

	*method = ncleaner_method_load(path, set->order, set->q, &err);
	int shipped = !strncmp(path, data_dir, strlen(data_dir));
	free(path);
	if (!*method) {
		cli_print(program, "%s%s", err.message, err.code == NC_ERR_IO && shipped
			  ? cli_data_dir_hint() : "");
		return -1;
	}
	*decider = threshold_decider_new(set->bias_given ? set->bias : (*method)->default_bias);
	return 0;
}

static int run(struct settings *set, struct file_source *inputs)
{
	struct pipeline_config config = { 0 };
	struct pipeline *pipeline = NULL;
	struct worker *worker = NULL;
	struct method *method = NULL;
	struct decider *decider = NULL;
	struct nc_error err = { 0 };
	int status = 2;

	cli_pipeline_setup_finish(&set->setup, &config);
	if (check_inputs(set, inputs, &config) < 0)
		goto out;
	config.dump_only = set->kind == RUN_DUMP;
	config.segment_flags = set->lines ? SEGMENT_LINES : SEGMENT_DEFAULT;
	if (set->kind == RUN_FULL || set->kind == RUN_SCORES) {
		if (load_method(set, set->setup.data_dir, &method, &decider) < 0)
			goto out;
		config.method = method;
		config.decider = decider;
	}
	pipeline = pipeline_new(&config, &err);
	if (!pipeline) {
		cli_print(program, "%s%s", err.message, err.code == NC_ERR_IO ? cli_data_dir_hint() : "");
		goto out;
	}
	worker = worker_new(pipeline, make_sink(set), &err);
	if (!worker) {
		cli_print(program, "%s", err.message);
		goto out;
	}
	if (cli_register_worker(worker) < 0) {
		cli_print(program, "too many workers for the signal handler");
		goto out;
	}
	cli_install_signal_handlers();
	size_t failed = clean_all(set, worker, file_source_pages(inputs), file_source_count(inputs));
	status = failed ? 1 : 0;
	cli_unregister_worker(worker);
out:
	worker_free(worker);
	pipeline_free(pipeline);
	decider_free(decider);
	method_free(method);
	return status;
}

int main(int argc, char **argv)
{
	struct settings set = {
		.kind = RUN_FULL, .file_kind = FILE_KIND_BY_NAME,
	};
	int c, progress = -1, follow_symlinks = 0;

	cli_pipeline_setup_init(&set.setup);
	set.setup.timeout_must_be_positive = 1;
	while ((c = getopt_long(argc, argv, "m:b:n:q:o:hV", long_options, NULL)) != -1) {
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
		case 'n': set.order = (int)cli_parse_long(program, "-n", optarg, 1, NGRAM_MAX_ORDER); break;
		case 'q': set.q = cli_parse_q(program, "-q", optarg); break;
		case 'o': set.output_dir = optarg; break;
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
	if (!set.output_dir && count > 1) {
		cli_print(program, "%zu inputs: use -o DIR to clean more than one", count);
		goto out;
	}
	if (set.output_dir && check_own_outputs(set.output_dir, inputs) < 0)
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
