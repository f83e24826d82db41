/* main-train.c: train-ncleaner, building model files (and tuning n and q).
 *
 *   train-ncleaner [--diff] [-n N] [-m MODE] [-q Q] CLEAN_DIR RAW_OR_DIRTY_DIR OUT.model
 *   train-ncleaner --tune [-m MODE] [--folds K] [--plot FILE] RAW_DIR
 *
 * Files are paired by id: <id>.html (or any raw file <id>.*) with <id>.txt
 * or <id>-cleaned.txt. Exit status: 0 on success, 1 when an input failed,
 * 2 on a usage or set-up error.
 */
#include "config.h"
#include "cli.h"
#include "classify.h"
#include "model.h"
#include "training.h"
#include "util.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *program = "train-ncleaner";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: train-ncleaner [OPTIONS] CLEAN_DIR RAW_OR_DIRTY_DIR OUT.model\n"
"       train-ncleaner --tune [OPTIONS] RAW_DIR\n"
"Train the clean and dirty character n-gram models of ncleaner.\n"
"\n"
"CLEAN_DIR holds clean texts (CLEANEVAL gold files or plain text). The second\n"
"directory holds boilerplate texts, or, with --diff, the raw pages (HTML or\n"
"text dumps) that the clean texts were cut from: the dirty model is then\n"
"trained on raw minus clean counts (differential training). Files pair by id:\n"
"<id>.html with <id>.txt or <id>-cleaned.txt.\n"
"\n"
"  -d, --diff            differential training\n"
"  -n N                  longest n-gram, 1-8 (default 3)\n"
"  -q Q                  interpolation parameter stored in the model (default 0.5)\n"
"  -m, --mode MODE       normalisation mode 0-3 (default 1; see ncleaner(1))\n"
"  -b, --bias BITS       default bias stored in the model (default 0)\n"
"      --description TEXT  what the model was trained on, stored in the file\n"
"      --tune            print 10-fold cross-validated cross-entropy of a model\n"
"                        trained on RAW_DIR, for n = 1-8 and a grid of q\n"
"      --folds K         folds for --tune (default 10)\n"
"      --plot FILE       with --tune, draw the table with gnuplot (.png or .svg)\n"
"      --lynx PROGRAM, --timeout SECONDS, --data-dir DIR   as for ncleaner\n"
"  -h, --help            show this help\n");
}

struct training_file {
	char *id;
	char *clean;   /* may be NULL */
	char *raw;     /* may be NULL */
	int raw_is_html;
};

struct file_set {
	struct training_file *files;
	size_t count;
};

/* The id of a file name: without directory, extension and "-cleaned". */
static char *file_id(const char *path)
{
	const char *base = strrchr(path, '/');
	char *id = xstrdup(base ? base + 1 : path);
	char *dot = strrchr(id, '.');
	if (dot && dot != id)
		*dot = '\0';
	size_t n = strlen(id);
	if (n > 8 && !strcmp(id + n - 8, "-cleaned"))
		id[n - 8] = '\0';
	return id;
}

static struct training_file *find_or_add(struct file_set *set, const char *id)
{
	for (size_t i = 0; i < set->count; i++)
		if (!strcmp(set->files[i].id, id))
			return &set->files[i];
	set->files = xrealloc(set->files, (set->count + 1) * sizeof(*set->files));
	struct training_file *f = &set->files[set->count++];
	memset(f, 0, sizeof(*f));
	f->id = xstrdup(id);
	return f;
}

static int add_dir(struct file_set *set, const char *dir, int is_clean)
{
	struct cli_input_list list = { 0 };

	if (cli_add_inputs(&list, dir, CLI_AUTO, program) < 0)
		return -1;
	for (size_t i = 0; i < list.count; i++) {
		char *id = file_id(list.items[i].path);
		struct training_file *f = find_or_add(set, id);
		free(id);
		if (is_clean) {
			free(f->clean);
			f->clean = xstrdup(list.items[i].path);
		} else {
			free(f->raw);
			f->raw = xstrdup(list.items[i].path);
			f->raw_is_html = list.items[i].is_html;
		}
	}
	cli_input_list_release(&list);
	return 0;
}

static int compare_files(const void *a, const void *b)
{
	return strverscmp(((const struct training_file *)a)->id, ((const struct training_file *)b)->id);
}

static void file_set_release(struct file_set *set)
{
	for (size_t i = 0; i < set->count; i++) {
		free(set->files[i].id);
		free(set->files[i].clean);
		free(set->files[i].raw);
	}
	free(set->files);
}

struct options {
	int diff, order, mode, tune, folds;
	double q, bias;
	const char *description, *plot, *lynx, *data_dir;
	double timeout;
};

/* --- tuning: cross-validated cross-entropy for every n and q --------------- */

#define TUNE_Q_STEPS 19   /* q = 0.05, 0.10, ..., 0.95 */

struct segment_list {
	unsigned char **symbols;
	size_t *len;
	size_t count;
};

static void keep_segment(const unsigned char *symbols, size_t len, void *data)
{
	struct segment_list *list = data;
	list->symbols = xrealloc(list->symbols, (list->count + 1) * sizeof(*list->symbols));
	list->len = xrealloc(list->len, (list->count + 1) * sizeof(*list->len));
	list->symbols[list->count] = xmalloc(len + 1);
	memcpy(list->symbols[list->count], symbols, len);
	list->len[list->count++] = len;
}

static void segment_list_release(struct segment_list *list)
{
	for (size_t i = 0; i < list->count; i++)
		free(list->symbols[i]);
	free(list->symbols);
	free(list->len);
	memset(list, 0, sizeof(*list));
}

static void add_segments(struct ngram_counts *counts, const struct segment_list *list,
			 double weight)
{
	for (size_t i = 0; i < list->count; i++)
		ngram_counts_add(counts, list->symbols[i], list->len[i], weight);
}

/* Add the bits of `list` under `model` for every (n, q) to bits[n][q]. */
static void add_cross_entropy(const struct ngram_model *model, const struct segment_list *list,
			      double bits[NGRAM_MAX_ORDER + 1][TUNE_Q_STEPS], size_t *symbols)
{
	double weight[TUNE_Q_STEPS][NGRAM_MAX_ORDER + 1][NGRAM_MAX_ORDER + 1];
	for (int qi = 0; qi < TUNE_Q_STEPS; qi++)
		for (int m = 1; m <= NGRAM_MAX_ORDER; m++)
			for (int j = 1; j <= m; j++)
				weight[qi][m][j] = ngram_weight(0.05 * (qi + 1), m, j);

	for (size_t s = 0; s < list->count; s++) {
		size_t padded = list->len[s] + 2;
		uint64_t key = 0;
		for (size_t i = 0; i < padded; i++) {
			unsigned sym = i == 0 || i == padded - 1 ? NGRAM_BOUNDARY : list->symbols[s][i - 1];
			double p[NGRAM_MAX_ORDER + 1];
			key = (key << 8) | sym;
			for (int j = 1; j <= NGRAM_MAX_ORDER; j++)
				p[j] = (size_t)j <= i + 1 ? ngram_model_prob(model, j, key & ngram_key_mask(j)) : 0;
			for (int n = 1; n <= NGRAM_MAX_ORDER; n++) {
				int m = (size_t)n < i + 1 ? n : (int)i + 1;
				for (int qi = 0; qi < TUNE_Q_STEPS; qi++) {
					double prob = 0;
					for (int j = 1; j <= m; j++)
						prob += weight[qi][m][j] * p[j];
					bits[n][qi] -= log2(prob);
				}
			}
		}
		*symbols += padded;
	}
}

static int tune(const struct options *o, struct file_set *set, const struct training_source *source)
{
	size_t nfiles = 0;
	struct segment_list *per_file = xcalloc(set->count, sizeof(*per_file));
	double bits[NGRAM_MAX_ORDER + 1][TUNE_Q_STEPS] = { { 0 } };
	size_t symbols = 0;
	int status = 0;

	for (size_t i = 0; i < set->count; i++) {
		struct nc_error err = { 0 };
		if (!set->files[i].raw)
			continue;
		if (training_read_raw(source, set->files[i].raw, set->files[i].raw_is_html,
				      keep_segment, &per_file[i], &err) < 0) {
			fprintf(stderr, "%s: %s\n", program, err.message);
			status = 1;
			continue;
		}
		nfiles++;
	}
	if (nfiles < (size_t)o->folds) {
		fprintf(stderr, "%s: %zu usable files, fewer than %d folds\n", program, nfiles, o->folds);
		status = 2;
		goto out;
	}
	for (int fold = 0; fold < o->folds; fold++) {
		struct ngram_counts counts;
		struct ngram_model model;
		ngram_counts_init(&counts, NGRAM_MAX_ORDER);
		ngram_model_init(&model, NGRAM_MAX_ORDER, (enum ngram_mode)o->mode);
		for (size_t i = 0; i < set->count; i++)
			if ((int)(i % (size_t)o->folds) != fold)
				for (size_t s = 0; s < per_file[i].count; s++)
					ngram_counts_add(&counts, per_file[i].symbols[s], per_file[i].len[s], 1);
		ngram_model_estimate(&model, &counts, (enum ngram_mode)o->mode);
		ngram_counts_release(&counts);
		for (size_t i = 0; i < set->count; i++)
			if ((int)(i % (size_t)o->folds) == fold)
				add_cross_entropy(&model, &per_file[i], bits, &symbols);
		ngram_model_release(&model);
		fprintf(stderr, "\r%s: fold %d/%d", program, fold + 1, o->folds);
	}
	fprintf(stderr, "\n");

	printf("# %d-fold cross-validated cross-entropy (bits per symbol), mode %d, %zu files, %zu symbols\n",
	       o->folds, o->mode, nfiles, symbols);
	printf("q");
	for (int n = 1; n <= NGRAM_MAX_ORDER; n++)
		printf("\tn=%d", n);
	printf("\n");
	double best = INFINITY;
	int best_n = 0, best_q = 0;
	for (int qi = 0; qi < TUNE_Q_STEPS; qi++) {
		printf("%.2f", 0.05 * (qi + 1));
		for (int n = 1; n <= NGRAM_MAX_ORDER; n++) {
			double h = bits[n][qi] / (double)symbols;
			printf("\t%.4f", h);
			if (h < best)
				best = h, best_n = n, best_q = qi;
		}
		printf("\n");
	}
	printf("# lowest: n = %d, q = %.2f, %.4f bits\n", best_n, 0.05 * (best_q + 1), best);
	fflush(stdout);

	if (o->plot) {
		struct strbuf data = STRBUF_INIT, script = STRBUF_INIT;
		char tmpl[] = "/tmp/ncleaner-tune-XXXXXX";
		int fd = mkstemp(tmpl);
		FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
		for (int qi = 0; qi < TUNE_Q_STEPS; qi++) {
			strbuf_addf(&data, "%.2f", 0.05 * (qi + 1));
			for (int n = 1; n <= NGRAM_MAX_ORDER; n++)
				strbuf_addf(&data, " %.5f", bits[n][qi] / (double)symbols);
			strbuf_addch(&data, '\n');
		}
		if (f) {
			fwrite(data.buf, 1, data.len, f);
			fclose(f);
		}
		const char *ext = strrchr(o->plot, '.');
		int svg = ext && !strcmp(ext, ".svg");
		strbuf_addf(&script, "set terminal %s size 800,600; set output '%s';"
			    "set xlabel 'q'; set ylabel 'cross-entropy (bits per character)';"
			    "set title 'Cross-validated cross-entropy on raw dumps (mode %d)';"
			    "set key outside right; plot for [n=1:%d] '%s' using 1:(column(n+1)) "
			    "with linespoints title sprintf('n = %%d', n)",
			    svg ? "svg" : "png", o->plot, o->mode, NGRAM_MAX_ORDER, tmpl);
		FILE *gp = popen("gnuplot", "w");
		int ok = gp && fputs(script.buf, gp) >= 0;
		if (!gp || pclose(gp) != 0 || !ok) {
			fprintf(stderr, "%s: gnuplot failed; the table above is complete "
				"(install the Debian package gnuplot-nox for the plot)\n", program);
			status = 1;
		}
		unlink(tmpl);
		strbuf_release(&data);
		strbuf_release(&script);
	}
out:
	for (size_t i = 0; i < set->count; i++)
		segment_list_release(&per_file[i]);
	free(per_file);
	return status;
}

/* --- training ----------------------------------------------------------------- */

static int train(const struct options *o, struct file_set *set,
		 const struct training_source *source, const char *out_path)
{
	struct ngram_counts clean, dirty;
	struct ncleaner_model model;
	struct nc_error err = { 0 };
	size_t nclean = 0, nraw = 0;
	int status = 0;
	clock_t started = clock();

	ngram_counts_init(&clean, o->order);
	ngram_counts_init(&dirty, o->order);
	for (size_t i = 0; i < set->count; i++) {
		struct training_file *f = &set->files[i];
		if (o->diff && (!f->clean || !f->raw)) {
			fprintf(stderr, "%s: warning: %s has no %s file (skipped)\n", program,
				f->clean ? f->clean : f->raw, f->clean ? "raw" : "clean");
			continue;
		}
		/* Both texts of a file are read before either is counted, so a file
		 * that fails half-way leaves no trace in the model. */
		struct segment_list clean_text = { 0 }, raw_text = { 0 };
		int ret = 0;
		if (f->clean)
			ret = training_read_gold(source, f->clean, keep_segment, &clean_text, &err);
		if (ret == 0 && f->raw)
			ret = o->diff ? training_read_raw(source, f->raw, f->raw_is_html, keep_segment,
							  &raw_text, &err)
				      : training_read_gold(source, f->raw, keep_segment, &raw_text, &err);
		if (ret == 0) {
			add_segments(&clean, &clean_text, 1);
			if (o->diff)
				add_segments(&dirty, &clean_text, -1);
			add_segments(&dirty, &raw_text, 1);
			nclean += f->clean != NULL;
			nraw += f->raw != NULL;
		} else {
			fprintf(stderr, "%s: %s\n", program, err.message);
			status = 1;
		}
		segment_list_release(&clean_text);
		segment_list_release(&raw_text);
	}
	if (!nclean || !nraw) {
		fprintf(stderr, "%s: need at least one clean and one %s file\n", program,
			o->diff ? "raw" : "dirty");
		status = 2;
		goto out;
	}
	ncleaner_model_init(&model, o->order, o->q, (enum ngram_mode)o->mode);
	model.bias = o->bias;
	ngram_model_estimate(&model.clean, &clean, (enum ngram_mode)o->mode);
	ngram_model_estimate(&model.dirty, &dirty, (enum ngram_mode)o->mode);
	struct strbuf description = STRBUF_INIT;
	if (o->description)
		strbuf_addstr(&description, o->description);
	else
		strbuf_addf(&description, "%s training on %zu clean and %zu %s files",
			    o->diff ? "differential" : "standard", nclean, nraw, o->diff ? "raw" : "dirty");
	model.description = strbuf_detach(&description, NULL);
	if (ncleaner_model_save(&model, out_path, &err) < 0) {
		fprintf(stderr, "%s: %s\n", program, err.message);
		status = 2;
	} else {
		fprintf(stderr, "%s: wrote %s: n = %d, q = %g, mode %d, %zu + %zu n-grams, "
			"%zu clean and %zu %s files, %.2f s CPU\n", program, out_path, o->order, o->q,
			o->mode, ngram_model_entries(&model.clean), ngram_model_entries(&model.dirty),
			nclean, nraw, o->diff ? "raw" : "dirty",
			(double)(clock() - started) / CLOCKS_PER_SEC);
	}
	ncleaner_model_release(&model);
out:
	ngram_counts_release(&clean);
	ngram_counts_release(&dirty);
	return status;
}

enum { OPT_DESCRIPTION = 256, OPT_TUNE, OPT_FOLDS, OPT_PLOT, OPT_LYNX, OPT_TIMEOUT, OPT_DATA_DIR };

int main(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "diff", no_argument, NULL, 'd' },
		{ "mode", required_argument, NULL, 'm' },
		{ "bias", required_argument, NULL, 'b' },
		{ "description", required_argument, NULL, OPT_DESCRIPTION },
		{ "tune", no_argument, NULL, OPT_TUNE },
		{ "folds", required_argument, NULL, OPT_FOLDS },
		{ "plot", required_argument, NULL, OPT_PLOT },
		{ "lynx", required_argument, NULL, OPT_LYNX },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "data-dir", required_argument, NULL, OPT_DATA_DIR },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct options o = { .order = 3, .mode = 1, .q = 0.5, .folds = 10, .timeout = 10 };
	struct file_set set = { 0 };
	int c, status;

	o.lynx = getenv("NCLEANER_LYNX");
	if (!o.lynx || !*o.lynx)
		o.lynx = "lynx";
	while ((c = getopt_long(argc, argv, "dn:m:q:b:h", long_options, NULL)) != -1) {
		switch (c) {
		case 'd': o.diff = 1; break;
		case 'n': o.order = (int)cli_parse_long(program, "-n", optarg, 1, NGRAM_MAX_ORDER); break;
		case 'm': o.mode = (int)cli_parse_long(program, "--mode", optarg, 0, NGRAM_MODE_MAX); break;
		case 'q':
			o.q = cli_parse_double(program, "-q", optarg);
			if (!(o.q > 0 && o.q <= 1)) {
				fprintf(stderr, "%s: -q must be in (0, 1]\n", program);
				return 2;
			}
			break;
		case 'b': o.bias = cli_parse_double(program, "--bias", optarg); break;
		case OPT_DESCRIPTION: o.description = optarg; break;
		case OPT_TUNE: o.tune = 1; break;
		case OPT_FOLDS: o.folds = (int)cli_parse_long(program, "--folds", optarg, 2, 1000); break;
		case OPT_PLOT:
			/* The name goes into a gnuplot script between single quotes. */
			if (strpbrk(optarg, "'\n\\")) {
				fprintf(stderr, "%s: --plot: the file name may not contain ', \\ or a "
					"newline\n", program);
				return 2;
			}
			o.plot = optarg;
			break;
		case OPT_LYNX: o.lynx = optarg; break;
		case OPT_TIMEOUT: o.timeout = cli_parse_double(program, "--timeout", optarg); break;
		case OPT_DATA_DIR: o.data_dir = optarg; break;
		case 'h': usage(stdout); return 0;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n", program);
			return 2;
		}
	}
	if (argc - optind != (o.tune ? 1 : 3)) {
		usage(stderr);
		return 2;
	}

	const char *data_dir = cli_data_dir(o.data_dir);
	struct strbuf html_rules = STRBUF_INIT, dump_rules = STRBUF_INIT;
	strbuf_addf(&html_rules, "%s/regex/html.rules", data_dir);
	strbuf_addf(&dump_rules, "%s/regex/dump.rules", data_dir);
	struct cleaner_options copt = { 0 };
	copt.stage = CLEAN_HEURISTICS;
	copt.html_rules_path = html_rules.buf;
	copt.dump_rules_path = dump_rules.buf;
	copt.lynx.program = o.lynx;
	copt.lynx.timeout_seconds = o.timeout;
	struct nc_error err = { 0 };
	struct training_source source = { 0 };
	source.mode = (enum ngram_mode)o.mode;
	source.cleaner = cleaner_new(&copt, &err);
	source.dump_rules = source.cleaner ? rule_set_load(dump_rules.buf, RULES_UTF, &err) : NULL;
	if (!source.dump_rules) {
		fprintf(stderr, "%s: %s\n", program, err.message);
		status = 2;
		goto out;
	}

	cli_install_signal_handlers();
	if (o.tune) {
		status = add_dir(&set, argv[optind], 0) < 0 ? 2 : 0;
	} else {
		status = add_dir(&set, argv[optind], 1) < 0 || add_dir(&set, argv[optind + 1], 0) < 0 ? 2 : 0;
	}
	if (status == 0) {
		qsort(set.files, set.count, sizeof(*set.files), compare_files);
		status = o.tune ? tune(&o, &set, &source) : train(&o, &set, &source, argv[optind + 2]);
	}
out:
	file_set_release(&set);
	cleaner_free(source.cleaner);
	rule_set_free(source.dump_rules);
	strbuf_release(&html_rules);
	strbuf_release(&dump_rules);
	return status;
}
