/* main-ncleaner.c: the ncleaner command, cleaning pages and text dumps.
 *
 * Parses options, loads rules and model once, then cleans each input in
 * turn; one failed input is reported on stderr and the others go on.
 * Exit status: 0 all inputs cleaned, 1 some input failed, 2 usage or set-up
 * error (bad option, unreadable rules or model, Lynx not found).
 */
#include "config.h"
#include "classify.h"
#include "cleaner.h"
#include "cli.h"
#include "model.h"
#include "util.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *program = "ncleaner";

#define DEFAULT_TIMEOUT 10.0

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
"or set-up error, 128+N when stopped by signal N. See ncleaner(1).\n", DEFAULT_TIMEOUT);
}

enum {
	OPT_DUMP = 256, OPT_NO_LM, OPT_SCORES, OPT_NONLEX, OPT_HTML, OPT_TEXT, OPT_LINES,
	OPT_LYNX, OPT_TIMEOUT, OPT_DATA_DIR, OPT_PROGRESS
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
	{ "lynx", required_argument, NULL, OPT_LYNX },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "data-dir", required_argument, NULL, OPT_DATA_DIR },
	{ "progress", no_argument, NULL, OPT_PROGRESS },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

struct settings {
	enum cleaner_stage stage;
	const char *model_name;
	int bias_given;
	double bias;
	int order;
	double q;
	const char *output_dir;
	enum cli_input_kind kind;
	int lines;
	const char *lynx;
	double timeout;
	const char *data_dir;
	int progress;
};

/* Is `name` an executable in PATH (or a path to one)? */
static int program_exists(const char *name)
{
	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		struct strbuf candidate = STRBUF_INIT;
		strbuf_add(&candidate, path, n);
		strbuf_addf(&candidate, "%s%s", n ? "/" : "", name);
		int found = access(candidate.buf, X_OK) == 0 && !is_directory(candidate.buf);
		strbuf_release(&candidate);
		if (found)
			return 1;
		path += n + (colon ? 1 : 0);
	}
	return 0;
}

/* "ncleaner: FILE: problem". Messages from reading a file name it already. */
static void report_input_error(const char *path, const char *message, int progress)
{
	size_t n = strlen(path);
	int named = !strncmp(message, path, n) && message[n] == ':';
	fprintf(stderr, "%s%s: %s%s%s\n", progress ? "\n" : "", program, named ? "" : path,
		named ? "" : ": ", message);
}

/* Clean one input into `out` (a FILE already open). */
static int clean_one(struct cleaner *cleaner, const struct cli_input *in, FILE *out,
		     struct nc_error *err)
{
	if (in->is_html) {
		struct strbuf page = STRBUF_INIT, result = STRBUF_INIT;
		int ret = read_file(in->path, CLEANER_MAX_PAGE_BYTES, &page, err);
		if (ret == 0)
			ret = cleaner_clean_html(cleaner, in->path, page.buf, page.len, &result, err);
		if (ret == 0 && fwrite(result.buf, 1, result.len, out) != result.len)
			ret = nc_error_set(err, NC_ERR_IO, "cannot write output: %s", strerror(errno));
		strbuf_release(&page);
		strbuf_release(&result);
		return ret;
	}
	FILE *file = strcmp(in->path, "-") ? fopen(in->path, "rb") : stdin;
	if (!file)
		return nc_error_set(err, NC_ERR_IO, "cannot open: %s", strerror(errno));
	struct stat st;
	if (fstat(fileno(file), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(file);
		return nc_error_set(err, NC_ERR_IO, "is a directory");
	}
	int ret = cleaner_clean_text(cleaner, in->path, file, out, err);
	if (file != stdin)
		fclose(file);
	return ret;
}

static int run(const struct settings *set, struct cli_input_list *inputs)
{
	struct ncleaner_model model;
	struct ngram_classifier *classifier = NULL;
	struct cleaner_options options = { 0 };
	struct cleaner *cleaner;
	struct nc_error err = { 0 };
	const char *data_dir = cli_data_dir(set->data_dir);
	struct strbuf html_rules = STRBUF_INIT, dump_rules = STRBUF_INIT;
	size_t failed = 0;
	int have_model = 0;

	for (size_t i = 0; i < inputs->count; i++) {
		if (inputs->items[i].is_html && !program_exists(set->lynx)) {
			fprintf(stderr, "%s: %s: not found in PATH (install the Debian package lynx, "
				"or name another with --lynx)\n", program, set->lynx);
			return 2;
		}
		if (set->stage == CLEAN_DUMP && !inputs->items[i].is_html) {
			fprintf(stderr, "%s: %s: --dump needs HTML input (use --html to force it)\n",
				program, inputs->items[i].path);
			return 2;
		}
	}

	if (set->stage == CLEAN_FULL || set->stage == CLEAN_SCORES) {
		char *path = cli_model_path(data_dir, set->model_name);
		if (ncleaner_model_load(&model, path, &err) < 0) {
			fprintf(stderr, "%s: %s\n", program, err.message);
			free(path);
			return 2;
		}
		free(path);
		have_model = 1;
		classifier = ngram_classifier_new(&model, set->order, set->q, &err);
		if (!classifier) {
			fprintf(stderr, "%s: %s\n", program, err.message);
			ncleaner_model_release(&model);
			return 2;
		}
		options.classifier = classifier;
		options.bias = set->bias_given ? set->bias : model.bias;
		/* The compiled classifier is all that cleaning needs. */
		ncleaner_model_release(&model);
		have_model = 0;
	}
	strbuf_addf(&html_rules, "%s/regex/html.rules", data_dir);
	strbuf_addf(&dump_rules, "%s/regex/dump.rules", data_dir);
	options.stage = set->stage;
	options.html_rules_path = html_rules.buf;
	options.dump_rules_path = dump_rules.buf;
	options.lynx.program = set->lynx;
	options.lynx.timeout_seconds = set->timeout;
	options.segment_flags = set->lines ? SEGMENT_LINES : SEGMENT_DEFAULT;
	cleaner = cleaner_new(&options, &err);
	if (!cleaner) {
		fprintf(stderr, "%s: %s\n", program, err.message);
		failed = (size_t)-1;
		goto out;
	}

	cli_install_signal_handlers();
	for (size_t i = 0; i < inputs->count; i++) {
		const struct cli_input *in = &inputs->items[i];
		int ret;
		if (set->progress)
			fprintf(stderr, "\r%s: %zu/%zu inputs, %zu failed", program, i, inputs->count,
				failed);
		if (set->output_dir) {
			struct strbuf path = STRBUF_INIT;
			struct cli_output out;
			strbuf_addf(&path, "%s/%s.txt", set->output_dir, in->relative);
			char *slash = strrchr(path.buf, '/');
			*slash = '\0';
			ret = cli_mkdirs(path.buf, program);
			*slash = '/';
			if (ret == 0)
				ret = cli_output_open(&out, path.buf, program);
			strbuf_release(&path);
			if (ret < 0) {
				failed++;
				continue;
			}
			ret = clean_one(cleaner, in, out.file, &err);
			if (ret == 0)
				ret = cli_output_commit(&out, program);
			else
				cli_output_abort(&out);
		} else {
			ret = clean_one(cleaner, in, stdout, &err);
			if (ret == 0 && fflush(stdout) != 0)
				ret = nc_error_set(&err, NC_ERR_IO, "cannot write output: %s",
						   strerror(errno));
		}
		if (ret < 0) {
			failed++;
			if (err.message[0])
				report_input_error(in->path, err.message, set->progress);
			err.message[0] = '\0';
		}
	}
	if (set->progress)
		fprintf(stderr, "\r%s: %zu/%zu inputs, %zu failed\n", program, inputs->count,
			inputs->count, failed);
	else if (set->output_dir && inputs->count > 1 && failed)
		fprintf(stderr, "%s: %zu of %zu inputs failed\n", program, failed, inputs->count);
out:
	cleaner_free(cleaner);
	ngram_classifier_free(classifier);
	if (have_model)
		ncleaner_model_release(&model);
	strbuf_release(&html_rules);
	strbuf_release(&dump_rules);
	return failed == (size_t)-1 ? 2 : failed ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct settings set = {
		.stage = CLEAN_FULL, .model_name = "english", .kind = CLI_AUTO,
		.timeout = DEFAULT_TIMEOUT,
	};
	struct cli_input_list inputs = { 0 };
	int c, progress = -1;

	set.lynx = getenv("NCLEANER_LYNX");
	if (!set.lynx || !*set.lynx)
		set.lynx = "lynx";
	while ((c = getopt_long(argc, argv, "m:b:n:q:o:hV", long_options, NULL)) != -1) {
		switch (c) {
		case OPT_DUMP: set.stage = CLEAN_DUMP; break;
		case OPT_NO_LM: set.stage = CLEAN_HEURISTICS; break;
		case OPT_SCORES: set.stage = CLEAN_SCORES; break;
		case 'm': set.model_name = optarg; break;
		case OPT_NONLEX: set.model_name = "nonlex"; break;
		case 'b':
			set.bias = cli_parse_double(program, "--bias", optarg);
			set.bias_given = 1;
			break;
		case 'n': set.order = (int)cli_parse_long(program, "-n", optarg, 1, NGRAM_MAX_ORDER); break;
		case 'q':
			set.q = cli_parse_double(program, "-q", optarg);
			if (!(set.q > 0 && set.q <= 1)) {
				fprintf(stderr, "%s: -q must be in (0, 1]\n", program);
				return 2;
			}
			break;
		case 'o': set.output_dir = optarg; break;
		case OPT_HTML: set.kind = CLI_FORCE_HTML; break;
		case OPT_TEXT: set.kind = CLI_FORCE_TEXT; break;
		case OPT_LINES: set.lines = 1; break;
		case OPT_LYNX: set.lynx = optarg; break;
		case OPT_TIMEOUT:
			set.timeout = cli_parse_double(program, "--timeout", optarg);
			if (!(set.timeout > 0)) {
				fprintf(stderr, "%s: --timeout must be positive\n", program);
				return 2;
			}
			break;
		case OPT_DATA_DIR: set.data_dir = optarg; break;
		case OPT_PROGRESS: progress = 1; break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("ncleaner %s\n", PACKAGE_VERSION); return 0;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n", program);
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "%s: no input given\nTry '%s --help' for more information.\n",
			program, program);
		return 2;
	}
	int bad = 0;
	for (int i = optind; i < argc; i++)
		if (cli_add_inputs(&inputs, argv[i], set.kind, program) < 0)
			bad = 1;
	if (!set.output_dir && inputs.count > 1) {
		fprintf(stderr, "%s: %zu inputs: use -o DIR to clean more than one\n", program,
			inputs.count);
		cli_input_list_release(&inputs);
		return 2;
	}
	set.progress = progress > 0 || (progress < 0 && set.output_dir && isatty(STDERR_FILENO) &&
					inputs.count > 1);
	int status = inputs.count ? run(&set, &inputs) : 1;
	cli_input_list_release(&inputs);
	return status == 0 && bad ? 1 : status;
}
