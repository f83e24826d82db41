/* main-train.c: train-ncleaner, building model files (and tuning n and q).
 *
 *   train-ncleaner [--diff] [-n N] [-m MODE] [-q Q] CLEAN_DIR RAW_OR_DIRTY_DIR OUT.model
 *   train-ncleaner --tune [-m MODE] [--folds K] [--plot FILE] RAW_DIR
 *   train-ncleaner --method perplexity [-n 2|3] CLEAN_TEXT_DIR... OUT.model
 *   train-ncleaner --method ice-dt|ice-lm|logistic GOLD_DIR RAW_DIR [GOLD_DIR RAW_DIR]... OUT.model
 *     (logistic: a GOLD_DIR may be a benchmark's snippet annotations, NAME.json)
 *   train-ncleaner --write-numbers MODEL...
 *   train-ncleaner --write-image MODEL...
 *
 * The trainer of a method is its entry's in compose's method table
 * (train/trainer.h): it checks its settings, reads the pages and writes the
 * model. This front end reads the arguments, checks the files a run would
 * replace, lends the trainer what only a program may do (the terminal,
 * signal handlers, the stages the session builds to read raw pages as
 * ncleaner does, compose/session.h: struct train_host) and prints --tune's
 * table. Exit status: 0 on success, 1 when an input
 * failed, 2 on a usage or set-up error.
 */
#include "config.h"
#include "cli/cli.h"
#include "base/alloc.h"
#include "method/ice.h"
#include "method/logistic.h"
#include "method/model-file.h"
#include "method/model-numbers.h"
#include "method/ncleaner-method.h"
#include "method/perplexity-method.h"
#include "train/logistic-training.h"
#include "train/ngram-trainer.h"
#include "train/trainer.h"
#include "train/tune.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *program = "train-ncleaner";

/* The composition options (compose.h) this program reads: what to train
 * for and its settings, and how raw pages are read (its -m is --mode). */
static const int compose_ids[] = {
	OPTION_METHOD, OPTION_ORDER, OPTION_Q, OPTION_BIAS, OPTION_MAX_PERPLEXITY,
	OPTION_RENDERER, OPTION_LYNX, OPTION_TIMEOUT, OPTION_DATA_DIR, -1
};
static const int reading_options[] = {
	OPTION_RENDERER, OPTION_LYNX, OPTION_TIMEOUT, OPTION_DATA_DIR, -1
};

static void usage(FILE *out)
{
	fprintf(out,
"Usage: train-ncleaner [OPTIONS] CLEAN_DIR RAW_OR_DIRTY_DIR OUT.model\n"
"       train-ncleaner --tune [OPTIONS] RAW_DIR\n"
"       train-ncleaner --method perplexity [-n 2|3] CLEAN_TEXT_DIR... OUT.model\n"
"       train-ncleaner --method ice-dt|ice-lm|logistic [OPTIONS] GOLD_DIR RAW_DIR\n"
"                      [GOLD_DIR RAW_DIR]... OUT.model\n"
"       train-ncleaner --method logistic [OPTIONS] GOLD_DIR|SNIPPETS.json RAW_DIR\n"
"                      [GOLD_DIR|SNIPPETS.json RAW_DIR]... OUT.model\n"
"       train-ncleaner --write-numbers MODEL...\n"
"       train-ncleaner --write-image MODEL...\n"
"Train the clean and dirty character n-gram models of ncleaner, the word\n"
"n-gram model of the perplexity method, or what an ICE method or the\n"
"logistic method learns.\n"
"\n"
"CLEAN_DIR holds clean texts (CLEANEVAL gold files or plain text). The second\n"
"directory holds boilerplate texts, or, with --diff, the raw pages (HTML or\n"
"text dumps) that the clean texts were cut from: the dirty model is then\n"
"trained on raw minus clean counts (differential training). Files pair by id:\n"
"<id>.html with <id>.txt or <id>-cleaned.txt.\n"
"\n"
"  -d, --diff            differential training (the paper's; the second directory\n"
"                        holds the raw pages the clean texts were cut from)\n"
"      --standard        standard training (the second directory holds\n"
"                        boilerplate texts); without either, a warning\n"
"  -n N                  longest n-gram, 1-8 (default 3)\n"
"  -q Q                  interpolation parameter stored in the model (default 0.5)\n"
"  -m, --mode MODE       normalisation mode 0-3 (default 1; see ncleaner(1))\n"
"  -b, --bias BITS       default bias stored in the model (default 0)\n"
"      --description TEXT  what the model was trained on, stored in the file\n"
"      --language CODE   the language of the clean texts (CLD2's code, such as en),\n"
"                        stored in the model\n"
"      --paper           the 2008 way: raw pages' segments are read again as gold\n"
"                        texts are (today also the default)\n"
"      --direct-segments count the raw pages' segments as the cleaner scores them,\n"
"                        not read again as gold texts are (see train-ncleaner(1))\n"
"      --tune            print 10-fold cross-validated cross-entropy of a model\n"
"                        trained on RAW_DIR, for n = 1-8 and a grid of q\n"
"      --folds K         folds for --tune (default 10)\n"
"      --plot FILE       with --tune, draw the table with gnuplot (.png or .svg)\n"
"      --method NAME     the method to train for: ncleaner (the default),\n"
"                        perplexity, ice-dt, ice-lm or logistic\n"
"      --method perplexity  a word bigram or trigram model of the clean texts\n"
"                        (files or directories) CLEAN_TEXT_DIR...: -n 2 or 3,\n"
"                        default 2\n"
"      --max-perplexity P  perplexity: the cut-off stored in the model\n"
"                        (default %g, as published)\n"
"      --method ice-dt   a C4.5 decision tree over the HTML blocks of the raw\n"
"                        pages in RAW_DIR, each labelled by its gold text in\n"
"                        GOLD_DIR (files pair by id within each pair of\n"
"                        directories)\n"
"      --method ice-lm   the KL threshold with the best F on those pages\n"
"      --method logistic a logistic regression over the segments of those\n"
"                        pages (their text, structure and neighbours), and\n"
"                        the bias with the best F in words on them (-b BITS\n"
"                        is added to it)\n"
"      --ngram-model FILE  logistic: features from the character models of the\n"
"                        ncleaner model FILE (its log-likelihood ratio), which\n"
"                        should not have learnt from these pages\n"
"      --ngram-folds K   logistic: train those models here and write them to\n"
"                        --ngram-model's FILE; each page's features from the\n"
"                        one of K that did not see it (make models: K = 10)\n""      --instances FILE  logistic: write every training instance to FILE, a\n"
"                        TAB-separated table (file, segment, label, words,\n"
"                        matched, the features by name, the text)\n"
"      --trees N         logistic: also N boosted regression trees on what the\n"
"                        regression gets wrong (0: none, the default)\n"
"      --tree-depth D    logistic: their depth, 1-8 (default 5)\n"
"      --snippet-weight W  logistic: each segment a snippet labels weighs W in\n"
"                        the fit (default 0: its words, as gold-labelled ones)\n"
"      --stack-folds K   logistic: also learn --article's stacked decision, on\n"
"                        the margins of K models that each did not see a Kth\n"
"                        of the pages (0: none, the default; make models: 10)\n"
"      --stack-snippet-weight W  logistic: in that decision's fit, a segment\n"
"                        a snippet labels weighs W times a gold-labelled one\n"
"                        of its words (default 1)\n"
"      --write-numbers   write each model file MODEL's number sidecar,\n"
"                        MODEL.num, beside it: its numbers in binary, so that\n"
"                        loading it calls no strtod (the same results)\n"
"      --write-image     write each ncleaner model file MODEL's image,\n"
"                        MODEL.img, beside it: its tables as built, so that\n"
"                        loading it parses and computes nothing (the same\n"
"                        results)\n"
"A GOLD_DIR of the logistic method may be a benchmark's snippet annotations\n"
"(a file NAME.json, such as trafilatura's evaldata.json): its pages are\n"
"RAW_DIR/FILE, each segment labelled text or boilerplate by the snippets it\n"
"holds, and only those labelled are learnt from (train-ncleaner(1)).\n"
"      --confidence CF   ice-dt: the confidence of pessimistic pruning,\n"
"                        0 < CF <= 1 (default 0.25; 1: no pruning)\n"
"      --discount D      ice-lm: the absolute discount, 0 < D < 1 (default %g)\n"
"Reading the raw pages (as ncleaner does):\n", PERPLEXITY_DEFAULT_MAX,
		ICE_LM_DEFAULT_DISCOUNT);
	cli_compose_help(out, reading_options);
	fprintf(out, "      --help-renderers  list the renderers\n"
		"  -h, --help            show this help\n");
}

struct options {
	struct train_settings train;     /* what the trainer reads */
	int folds;                       /* --folds K (--tune) */
	const char *plot;                /* --plot FILE (--tune) */
	int write_numbers;               /* --write-numbers: the operands are models */
	int write_image;                 /* --write-image: the same */
	char *ngram_name;                /* train.ngram_name's storage (ngram_model_name) */
	struct session session;          /* its compose values as read (order, q, bias, ...
					    copied to train); how raw pages are read */
};

/* --- what the trainers borrow (train/trainer.h) ----------------------------- */

static void say(void *data, int is_error, const char *line)
{
	(void)data;
	(void)is_error;
	cli_print(program, "%s", line);
}

/* What a reader of raw pages holds beside its worker. */
struct reader_stages {
	struct session session;
	struct composition composition;
	struct pipeline_config config;
	struct pipeline *pipeline;
	struct strbuf rules_id;
};

/* Stages 1-3 as ncleaner would run them for `method`, with the options
 * read (session_compose_reader(); `paper`: the 2008 reading): a worker
 * reading through them, registered with the signal handler. */
static int open_reader(void *data, const char *method, int paper, struct train_reader *reader)
{
	const struct options *o = data;
	struct reader_stages *st = xcalloc(1, sizeof(*st));
	struct nc_error err = { 0 };

	reader->host = st;
	st->session = o->session;
	st->session.compose.method = method;
	composition_init(&st->composition);
	strbuf_init(&st->rules_id);
	if (session_compose_reader(&st->session, paper, &st->composition, &st->config, &err) == 0 &&
	    (st->pipeline = pipeline_new(&st->config, &err)) != NULL)
		reader->worker = worker_new(st->pipeline, NULL, &err);
	if (!reader->worker) {
		cli_print(program, "%s%s", err.message, err.code == NC_ERR_IO ? cli_data_dir_hint() : "");
		return -1;
	}
	compose_rules_id(st->config.html_rules_path, st->config.dump_rules_path, &st->rules_id);
	reader->built.renderer = st->composition.renderer->name;
	reader->built.rules = st->rules_id.buf;
	cli_register_worker(reader->worker);
	cli_install_signal_handlers();
	return 0;
}

static void stop_reader(void *data, struct train_reader *reader)
{
	(void)data;
	cli_unregister_worker(reader->worker);
}

static void close_reader(void *data, struct train_reader *reader)
{
	struct reader_stages *st = reader->host;
	(void)data;
	worker_free(reader->worker);
	reader->worker = NULL;
	if (!st)
		return;
	pipeline_free(st->pipeline);
	composition_release(&st->composition);
	strbuf_release(&st->rules_id);
	free(st);
	reader->host = NULL;
}

static void guard(void *data, struct atomic_file *file, int on)
{
	(void)data;
	if (on)
		cli_register_atomic_file(file);
	else
		cli_unregister_atomic_file(file);
}

static struct train_host host_of(struct options *o)
{
	struct train_host host = {
		.data = o, .say = say, .open_reader = open_reader, .stop_reader = stop_reader,
		.close_reader = close_reader, .guard = guard, .data_dir_hint = cli_data_dir_hint(),
	};
	return host;
}

/* --- tuning: cross-validated cross-entropy for every n and q --------------- */

/* --- tuning: cross-validated cross-entropy for every n and q --------------- */

static void print_fold(void *data, int fold, int folds)
{
	(void)data;
	if (isatty(STDERR_FILENO))
		fprintf(stderr, "\r%s: fold %d/%d", program, fold, folds);
}

static void print_table(const struct options *o, const struct tune_table *table, size_t nfiles)
{
	printf("# %d-fold cross-validated cross-entropy (bits per symbol), mode %d, %zu files, %zu symbols\n",
	       o->folds, o->train.mode, nfiles, table->symbols);
	printf("q");
	for (int n = 1; n <= NGRAM_MAX_ORDER; n++)
		printf("\tn=%d", n);
	printf("\n");
	double best = INFINITY;
	int best_n = 0, best_q = 0;
	for (int qi = 0; qi < TUNE_Q_STEPS; qi++) {
		printf("%.2f", tune_q(qi));
		for (int n = 1; n <= NGRAM_MAX_ORDER; n++) {
			double h = tune_entropy(table, n, qi);
			printf("\t%.4f", h);
			if (h < best)
				best = h, best_n = n, best_q = qi;
		}
		printf("\n");
	}
	printf("# lowest: n = %d, q = %.2f, %.4f bits\n", best_n, tune_q(best_q), best);
	fflush(stdout);
}

/* Draw the table with gnuplot; 0 on success. */
static int plot_table(const struct options *o, const struct tune_table *table)
{
	struct strbuf data = STRBUF_INIT, script = STRBUF_INIT;
	char tmpl[] = "/tmp/ncleaner-tune-XXXXXX";
	int fd = mkstemp(tmpl);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	for (int qi = 0; qi < TUNE_Q_STEPS; qi++) {
		strbuf_addf(&data, "%.2f", tune_q(qi));
		for (int n = 1; n <= NGRAM_MAX_ORDER; n++)
			strbuf_addf(&data, " %.5f", tune_entropy(table, n, qi));
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
		    svg ? "svg" : "png", o->plot, o->train.mode, NGRAM_MAX_ORDER, tmpl);
	FILE *gp = popen("gnuplot", "w");
	int ok = gp && fputs(script.buf, gp) >= 0;
	int failed = !gp || pclose(gp) != 0 || !ok;
	if (failed)
		cli_print(program, "gnuplot failed; the table above is complete "
			  "(install the Debian package gnuplot-nox for the plot)");
	unlink(tmpl);
	strbuf_release(&data);
	strbuf_release(&script);
	return failed ? -1 : 0;
}

static int tune(void *data, const struct file_pairs *pairs, const struct training_reader *reader,
		const struct model_provenance *built)
{
	const struct options *o = data;
	size_t nfiles = 0;
	struct symbol_segments *per_file = xcalloc(pairs->count, sizeof(*per_file));
	struct tune_table table;
	int status = 0;

	(void)built;
	/* A file that fails keeps its place (and so the folds of the others). */
	for (size_t i = 0; i < pairs->count; i++) {
		const struct file_input *raw = pairs->items[i].second;
		struct nc_error err = { 0 };
		if (!raw)
			continue;
		if (training_read_raw(reader, raw, &per_file[i], &err) < 0) {
			cli_print(program, "%s", err.message);
			status = 1;
			continue;
		}
		nfiles++;
	}
	if (nfiles < (size_t)o->folds) {
		cli_print(program, "%zu usable files, fewer than %d folds", nfiles, o->folds);
		status = 2;
		goto out;
	}
	tune_cross_validate(per_file, pairs->count, o->folds, (enum ngram_mode)o->train.mode, &table,
			    print_fold, NULL);
	if (isatty(STDERR_FILENO))
		fprintf(stderr, "\n");
	print_table(o, &table, nfiles);
	if (o->plot && plot_table(o, &table) < 0)
		status = 1;
out:
	for (size_t i = 0; i < pairs->count; i++)
		symbol_segments_release(&per_file[i]);
	free(per_file);
	return status;
}

/* --- training ----------------------------------------------------------------- */


/* --tune RAW_DIR: the table on stdout (and drawn with --plot). */
static int run_tune(struct options *o, char **args)
{
	struct train_host host = host_of(o);
	return ngram_pairs_read(&o->train, &host, NULL, args[0], tune, o);
}

/* --- the files a run writes ------------------------------------------------------ */

/* Is the file `out_st` describes one of the training inputs (or a file in
 * one of their directories)? */
static int is_training_input(const struct stat *out_st, int ninputs, char **inputs)
{
	int found = 0;
	for (int i = 0; i < ninputs && !found; i++) {
		struct file_source *files = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT,
							    NULL, NULL);
		if (file_source_add(files, inputs[i]) == 0) {
			file_source_finish(files);
			for (size_t j = 0; j < file_source_count(files) && !found; j++) {
				struct stat st;
				const char *path = file_source_input(files, j)->path;
				found = stat(path, &st) == 0 && st.st_dev == out_st->st_dev &&
					st.st_ino == out_st->st_ino;
			}
		}
		file_source_free(files);
	}
	return found;
}

/* The model file OUT may replace only an earlier model: not a directory,
 * not one of the training inputs (`train-ncleaner --method perplexity
 * corpus/[star].txt` forgets the output and names the last text), not any other
 * existing file. 0, or 2 after saying why. */
static int check_output(const char *out, int ninputs, char **inputs)
{
	struct stat out_st;
	if (stat(out, &out_st) != 0)
		return 0;   /* a new file */
	if (S_ISDIR(out_st.st_mode)) {
		cli_print(program, "%s: is a directory, not a model file to write", out);
		return 2;
	}
	if (is_training_input(&out_st, ninputs, inputs)) {
		cli_print(program, "%s: is one of the training inputs, not a model "
			  "file to write (name the output last)", out);
		return 2;
	}
	struct model_file_header header;
	struct nc_error err = { 0 };
	if (model_file_peek(out, &header, &err) < 0) {
		cli_print(program, "%s: exists and is not a model file: not replaced (the output "
			  "comes last: was it forgotten? name a new file)", out);
		return 2;
	}
	return 0;
}


static int same_target(const char *a, const char *b)
{
	char *x = cli_canonical_target(a), *y = cli_canonical_target(b);
	int same = (x && y && !strcmp(x, y)) || train_same_file(a, b);
	free(x);
	free(y);
	return same;
}


/* --instances FILE may replace only an earlier instances file: not the
 * model written nor --ngram-model's, not a directory, not a training
 * input, not any other existing file. 0, or 2 after saying why. */
static int check_instances(const struct options *o, int ninputs, char **inputs,
			   const char *out_path)
{
	const char *path = o->train.instances;
	struct stat st;
	if (same_target(path, out_path) || (o->train.ngram_model && same_target(path, o->train.ngram_model))) {
		cli_print(program, "--instances: %s: is a model file this run writes (name a file of "
			  "its own)", path);
		return 2;
	}
	if (stat(path, &st) != 0)
		return 0;   /* a new file */
	if (S_ISDIR(st.st_mode)) {
		cli_print(program, "--instances: %s: is a directory", path);
		return 2;
	}
	if (is_training_input(&st, ninputs, inputs)) {
		cli_print(program, "--instances: %s: is one of the training inputs (name a file of "
			  "its own)", path);
		return 2;
	}
	struct strbuf header = STRBUF_INIT, head = STRBUF_INIT;
	logistic_training_instances_header(&header);
	FILE *f = fopen(path, "rb");
	if (f) {
		strbuf_grow(&head, header.len);
		strbuf_commit(&head, fread(head.buf, 1, header.len, f));
		fclose(f);
	}
	int earlier = head.len == header.len && !memcmp(head.buf, header.buf, header.len);
	strbuf_release(&header);
	strbuf_release(&head);
	if (!earlier) {
		cli_print(program, "--instances: %s: exists and is not an instances file: not "
			  "replaced (name a new file)", path);
		return 2;
	}
	return 0;
}

/* How the logistic model file at `out_path` names the n-gram model at
 * `path` (logistic.h: a relative name is found beside the model): its file
 * name when the two are in one directory, else its absolute path. Refused:
 * the two being one file (the logistic model would replace the n-gram
 * model and name itself), and a path with a line break (a model file's
 * line cannot hold it). 0, or -1 with `err` set. */
static int ngram_model_name(const char *path, const char *out_path, char **name,
			    struct nc_error *err)
{
	char *model = cli_canonical_target(path);
	char *out = model ? cli_canonical_target(out_path) : NULL;
	int ret = 0;
	if (!model || !out) {
		ret = nc_error_set(err, NC_ERR_IO, "%s: its directory: %s", model ? out_path : path,
				   strerror(errno));
	} else if (!strcmp(model, out) || train_same_file(path, out_path)) {
		ret = nc_error_set(err, NC_ERR_USAGE, "--ngram-model %s and the model written, %s, "
				   "are one file", path, out_path);
	} else if (strpbrk(model, "\n\r")) {
		ret = nc_error_set(err, NC_ERR_USAGE, "--ngram-model: a model file cannot name a file "
				   "whose path holds a line break");
	} else {
		const char *base = strrchr(model, '/') + 1, *out_base = strrchr(out, '/') + 1;
		int beside = base - model == out_base - out && !memcmp(model, out, (size_t)(base - model));
		*name = xstrdup(beside ? base : model);
	}
	free(model);
	free(out);
	return ret;
}

/* The files the logistic trainer's options name besides OUT: --ngram-folds
 * writes --ngram-model's file too (the checks of the output's), and
 * --instances its own; both checked, and how the model names the n-gram
 * model found, before any page is read. 0, or 2 after saying why. */
static int check_other_outputs(struct options *o, int nargs, char **args)
{
	const char *out_path = args[nargs - 1];
	struct nc_error err = { 0 };
	int status = 0;

	if (o->train.ngram_folds)
		status = check_output(o->train.ngram_model, nargs - 1, args);
	if (status == 0 && o->train.instances)
		status = check_instances(o, nargs - 1, args, out_path);
	if (status == 0 && o->train.ngram_model &&
	    ngram_model_name(o->train.ngram_model, out_path, &o->ngram_name, &err) < 0) {
		cli_print(program, "%s", err.message);
		status = 2;
	}
	o->train.ngram_name = o->ngram_name;
	return status;
}

/* --- the trainers, by method (compose's method table) --------------------------- */

static const struct trainer *find_trainer(const char *method)
{
	const struct method_entry *entry = compose_find_method(method);
	return entry ? entry->trainer : NULL;
}

/* The methods with a trainer, in the table's order: "a, b or c". */
static void trainer_names(struct strbuf *out)
{
	size_t count, n = 0, seen = 0;
	const struct method_entry *methods = compose_methods(&count);
	for (size_t i = 0; i < count; i++)
		n += methods[i].trainer != NULL;
	for (size_t i = 0; i < count; i++) {
		if (!methods[i].trainer)
			continue;
		strbuf_addf(out, "%s%s", seen == 0 ? "" : seen + 1 < n ? ", " : " or ",
			    methods[i].name);
		seen++;
	}
}

enum {
	OPT_DESCRIPTION = 256, OPT_TUNE, OPT_FOLDS, OPT_PLOT, OPT_DIRECT, OPT_PAPER, OPT_STANDARD,
	OPT_CONFIDENCE, OPT_DISCOUNT, OPT_HELP_RENDERERS, OPT_LANGUAGE, OPT_NGRAM_MODEL,
	OPT_NGRAM_FOLDS, OPT_INSTANCES, OPT_TREES, OPT_TREE_DEPTH, OPT_SNIPPET_WEIGHT,
	OPT_STACK_FOLDS, OPT_STACK_SNIPPET_WEIGHT, OPT_WRITE_NUMBERS, OPT_WRITE_IMAGE
};

static const struct option long_options[] = {
	{ "diff", no_argument, NULL, 'd' },
	{ "mode", required_argument, NULL, 'm' },
	{ "description", required_argument, NULL, OPT_DESCRIPTION },
	{ "language", required_argument, NULL, OPT_LANGUAGE },
	{ "direct-segments", no_argument, NULL, OPT_DIRECT },
	{ "paper", no_argument, NULL, OPT_PAPER },
	{ "tune", no_argument, NULL, OPT_TUNE },
	{ "folds", required_argument, NULL, OPT_FOLDS },
	{ "plot", required_argument, NULL, OPT_PLOT },
	{ "standard", no_argument, NULL, OPT_STANDARD },
	{ "confidence", required_argument, NULL, OPT_CONFIDENCE },
	{ "discount", required_argument, NULL, OPT_DISCOUNT },
	{ "ngram-model", required_argument, NULL, OPT_NGRAM_MODEL },
	{ "ngram-folds", required_argument, NULL, OPT_NGRAM_FOLDS },
	{ "instances", required_argument, NULL, OPT_INSTANCES },
	{ "trees", required_argument, NULL, OPT_TREES },
	{ "tree-depth", required_argument, NULL, OPT_TREE_DEPTH },
	{ "snippet-weight", required_argument, NULL, OPT_SNIPPET_WEIGHT },
	{ "stack-folds", required_argument, NULL, OPT_STACK_FOLDS },
	{ "stack-snippet-weight", required_argument, NULL, OPT_STACK_SNIPPET_WEIGHT },
	{ "write-numbers", no_argument, NULL, OPT_WRITE_NUMBERS },
	{ "write-image", no_argument, NULL, OPT_WRITE_IMAGE },
	{ "help-renderers", no_argument, NULL, OPT_HELP_RENDERERS },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};


/* -m is the normalisation mode here, as in the 2008 front end, and the
 * model in ncleaner: a model's name or path given to it says which is meant. */
static int parse_mode(const char *text)
{
	if (text[0] && strspn(text, "0123456789") < strlen(text)) {
		cli_print(program, "-m, --mode is the normalisation mode here, 0 to %d, not '%s' (in "
			  "ncleaner -m is the model; the model written is the last operand)",
			  NGRAM_MODE_MAX, text);
		exit(2);
	}
	return (int)cli_parse_long(program, "--mode", text, 0, NGRAM_MODE_MAX);
}
/* Read the options into `o`; -1 to go on, else the exit status. */
static int parse_options(struct options *o, int argc, char **argv)
{
	static struct cli_getopt g;   /* static: reachable whatever path returns */
	int c, ice_dt_options = 0, ice_lm_options = 0, tree_depth_given = 0, stack_weight_given = 0;

	cli_getopt_build(&g, long_options, "dm:hV", compose_ids);
	argv[0] = (char *)program;   /* getopt's messages begin with it, as ours do */
	while ((c = getopt_long(argc, argv, g.shorts, g.longs, NULL)) != -1) {
		switch (c) {
		case 'd': o->train.diff = 1; break;
		case 'm': o->train.mode = parse_mode(optarg); break;
		case OPT_CONFIDENCE:
			o->train.confidence = cli_parse_double(program, "--confidence", optarg);
			if (!(o->train.confidence > 0 && o->train.confidence <= 1)) {
				cli_print(program, "--confidence expects a number in (0, 1]");
				return 2;
			}
			ice_dt_options = 1;
			break;
		case OPT_DISCOUNT:
			o->train.discount = cli_parse_double(program, "--discount", optarg);
			if (!(o->train.discount > 0 && o->train.discount < 1)) {
				cli_print(program, "--discount expects a number in (0, 1)");
				return 2;
			}
			ice_lm_options = 1;
			break;
		case OPT_DESCRIPTION: o->train.description = optarg; break;
		case OPT_NGRAM_MODEL: o->train.ngram_model = optarg; break;
		case OPT_INSTANCES: o->train.instances = optarg; break;
		case OPT_TREES:
			o->train.boost.trees = (int)cli_parse_long(program, "--trees", optarg, 0,
							    TREES_MAX_TREES);
			break;
		case OPT_TREE_DEPTH:
			o->train.boost.depth = (int)cli_parse_long(program, "--tree-depth", optarg, 1, 8);
			tree_depth_given = 1;
			break;
		case OPT_SNIPPET_WEIGHT:
			o->train.snippet_weight = cli_parse_double(program, "--snippet-weight", optarg);
			if (!(o->train.snippet_weight >= 0 && o->train.snippet_weight <= 1e6)) {
				cli_print(program, "--snippet-weight expects a number from 0 to 1e6, "
					  "not '%s'", optarg);
				return 2;
			}
			break;
		case OPT_STACK_FOLDS:
			o->train.stack.folds = (int)cli_parse_long(program, "--stack-folds", optarg, 0,
								  100);
			if (o->train.stack.folds == 1) {
				cli_print(program, "--stack-folds expects 0 (none) or 2 to 100, not 1");
				return 2;
			}
			break;
		case OPT_STACK_SNIPPET_WEIGHT:
			o->train.stack.snippet_weight = cli_parse_double(program,
									 "--stack-snippet-weight", optarg);
			if (!(o->train.stack.snippet_weight > 0 && o->train.stack.snippet_weight <= 1e6)) {
				cli_print(program, "--stack-snippet-weight expects a number above 0, at "
					  "most 1e6, not '%s'", optarg);
				return 2;
			}
			stack_weight_given = 1;
			break;
		case OPT_NGRAM_FOLDS:
			o->train.ngram_folds = (int)cli_parse_long(program, "--ngram-folds", optarg, 2, 100);
			break;
		case OPT_LANGUAGE: o->train.language = optarg; break;
		case OPT_DIRECT: o->train.direct = 1; break;
		case OPT_PAPER: o->train.paper = 1; break;
		case OPT_TUNE: o->train.tune = 1; break;
		case OPT_FOLDS: o->folds = (int)cli_parse_long(program, "--folds", optarg, 2, 1000); break;
		case OPT_PLOT:
			/* The name goes into a gnuplot script between single quotes. */
			if (strpbrk(optarg, "'\n\\")) {
				cli_print(program, "--plot: the file name may not contain ', \\ or a "
					  "newline");
				return 2;
			}
			o->plot = optarg;
			break;
		case OPT_STANDARD: o->train.standard = 1; break;
		case OPT_WRITE_NUMBERS: o->write_numbers = 1; break;
		case OPT_WRITE_IMAGE: o->write_image = 1; break;
		case OPT_HELP_RENDERERS: compose_print_table(stdout, "renderers"); return 0;
		case 'h': usage(stdout); return 0;
		case 'V': cli_print_version(program); return 0;
		default:
			if (cli_compose_option(&g, &o->session.compose, program, c, optarg))
				break;
			fprintf(stderr, "Try '%s --help' for more information.\n", program);
			return 2;
		}
	}
	cli_getopt_release(&g);
	struct compose_values *values = &o->session.compose;
	o->train.method = values->method ? values->method : NCLEANER_METHOD_NAME;
	o->train.order = (int)values->order;
	o->train.q_given = (values->given & 1ul << OPTION_Q) != 0;
	o->train.bias_given = (values->given & 1ul << OPTION_BIAS) != 0;
	o->train.max_perplexity_given = (values->given & 1ul << OPTION_MAX_PERPLEXITY) != 0;
	if (o->train.q_given)
		o->train.q = values->q;
	o->train.bias = values->bias;
	o->train.max_perplexity = values->max_perplexity;
	values->data_dir = cli_data_dir(values->data_dir);
	o->train.data_dir = values->data_dir;
	if ((o->train.ngram_model || o->train.ngram_folds || o->train.instances || o->train.boost.trees ||
	     tree_depth_given || o->train.snippet_weight) &&
	    strcmp(o->train.method, LOGISTIC_METHOD_NAME)) {
		cli_print(program, "--ngram-model, --ngram-folds, --instances, --trees, --tree-depth "
			  "and --snippet-weight are for --method %s", LOGISTIC_METHOD_NAME);
		return 2;
	}
	if ((o->train.stack.folds || stack_weight_given) &&
	    strcmp(o->train.method, LOGISTIC_METHOD_NAME)) {
		cli_print(program, "--stack-folds and --stack-snippet-weight are for --method %s",
			  LOGISTIC_METHOD_NAME);
		return 2;
	}
	if (stack_weight_given && !o->train.stack.folds) {
		cli_print(program, "--stack-snippet-weight: the weight in the stacked decision "
			  "--stack-folds K learns");
		return 2;
	}
	if (tree_depth_given && !o->train.boost.trees) {
		cli_print(program, "--tree-depth: the depth of the trees --trees N learns");
		return 2;
	}
	if ((ice_dt_options && strcmp(o->train.method, ICE_DT_NAME)) ||
	    (ice_lm_options && strcmp(o->train.method, ICE_LM_NAME))) {
		cli_print(program, "%s is for --method %s", ice_dt_options ? "--confidence" : "--discount",
			  ice_dt_options ? ICE_DT_NAME : ICE_LM_NAME);
		return 2;
	}
	return -1;
}

/* Check the settings and operands for the trainer, then the files the run
 * would replace, then train; the exit status. */
static int train_with(struct options *o, const struct trainer *trainer, int nargs, char **args)
{
	struct train_host host = host_of(o);
	int status = trainer->check(&o->train, nargs, &host);
	if (status < 0) {
		cli_print(program, "%s operands: %s", o->train.method, trainer->operands);
		fprintf(stderr, "Try '%s --help' for more information.\n", program);
		return 2;
	}
	if (status != 0)
		return status;
	if (o->train.tune)   /* the one form that writes no model */
		return run_tune(o, args);
	status = check_output(args[nargs - 1], nargs - 1, args);
	if (status == 0)
		status = check_other_outputs(o, nargs, args);
	if (status == 0) {
		cli_install_signal_handlers();
		status = trainer->run(&o->train, nargs, args, &host);
	}
	return status;
}

static int write_numbers(const char *model, struct nc_error *err)
{
	size_t count;
	return model_numbers_write(model, &count, err);
}

/* --write-numbers, --write-image: each model's sidecar of that kind
 * (model-numbers.h, ncleaner-method.h) made by `write`; the exit status. */
static int write_sidecars(const char *option, int nargs, char **models,
			  int (*write)(const char *model, struct nc_error *err))
{
	if (nargs < 1) {
		cli_print(program, "%s: name the model files", option);
		return 2;
	}
	for (int i = 0; i < nargs; i++) {
		struct nc_error err;
		if (write(models[i], &err) < 0) {
			cli_print(program, "%s", err.message);
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct options o = { .train = { .mode = 1, .q = 0.5 }, .folds = 10 };
	int status;

	boost_settings_default(&o.train.boost);
	o.train.boost.trees = 0;
	session_init(&o.session);
	status = parse_options(&o, argc, argv);
	if (status >= 0)
		return status;
	if (o.write_numbers)
		return write_sidecars("--write-numbers", argc - optind, argv + optind,
				      write_numbers);
	if (o.write_image)
		return write_sidecars("--write-image", argc - optind, argv + optind,
				      ncleaner_method_write_image);
	const struct trainer *trainer = find_trainer(o.train.method);
	if (!trainer) {
		struct strbuf names = STRBUF_INIT;
		trainer_names(&names);
		cli_print(program, "--method: %s is not a method this program trains (%s)",
			  o.train.method, names.buf);
		strbuf_release(&names);
		return 2;
	}
	status = train_with(&o, trainer, argc - optind, argv + optind);
	free(o.ngram_name);
	return status;
}
