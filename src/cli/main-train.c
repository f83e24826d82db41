/* main-train.c: train-ncleaner, building model files (and tuning n and q).
 *
 *   train-ncleaner [--diff] [-n N] [-m MODE] [-q Q] CLEAN_DIR RAW_OR_DIRTY_DIR OUT.model
 *   train-ncleaner --tune [-m MODE] [--folds K] [--plot FILE] RAW_DIR
 *   train-ncleaner --method perplexity [-n 2|3] CLEAN_TEXT_DIR... OUT.model
 *   train-ncleaner --method ice-dt|ice-lm|logistic GOLD_DIR RAW_DIR [GOLD_DIR RAW_DIR]... OUT.model
 *     (logistic: a GOLD_DIR may be a benchmark's snippet annotations, NAME.json)
 *
 * Files are paired by id (source/file-names.h): <id>.html (or any raw file
 * <id>.*) with <id>.txt or <id>-cleaned.txt. Reading the texts, counting and
 * cross-validating live in the library (train/); this front end pairs the
 * files, reports and writes. Exit status: 0 on success, 1 when an input
 * failed, 2 on a usage or set-up error.
 */
#include "config.h"
#include "cli/cli.h"
#include "base/alloc.h"
#include "base/language.h"
#include "train/ice-training.h"
#include "train/logistic-training.h"
#include "eval/snippets.h"
#include "method/ice.h"
#include "method/model-file.h"
#include "method/ncleaner-method.h"
#include "method/ncleaner-model.h"
#include "method/perplexity-method.h"
#include "source/file-pairs.h"
#include "train/perplexity-training.h"
#include "train/training.h"
#include "train/tune.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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
	int diff, standard, order, mode, tune, folds, direct, paper;
	double q, bias, max_perplexity, confidence, discount;
	const char *method;
	const char *description, *plot;
	const char *language;            /* --language CODE: what the clean texts are in */
	const char *ngram_model;         /* --ngram-model FILE: the logistic model's ngram_llr */
	const char *instances;           /* --instances FILE: the logistic trainer's instances */
	int ngram_folds;                 /* --ngram-folds K: train it here (0: read it) */
	struct boost_settings boost;     /* --trees N, --tree-depth D */
	double snippet_weight;           /* --snippet-weight W; 0: words */
	char *ngram_name;                /* how the model written names it (ngram_model_name) */
	struct compose_values compose;   /* as read; order, q, bias, ... copied above */
	/* The stages that read raw pages, and what a model records of them. */
	struct composition composition;
	struct pipeline_config config;
	struct strbuf rules_id;
	struct model_provenance built;
};

/* Stages 1-3 as ncleaner would run them for o->method: `pipeline` and a
 * worker reading through it (registered with the signal handler). */
static struct worker *open_reader(struct options *o, struct pipeline **pipeline)
{
	struct nc_error err = { 0 };
	struct worker *worker = NULL;

	o->compose.method = o->method;
	*pipeline = NULL;
	/* --paper reads the raw pages in the 2008 charset order, as ncleaner
	 * --paper cleans them (charset-choice.h), and through the 2008 dump,
	 * without the page's structure (normalise/structure.h: its markers
	 * move where Lynx cuts long lines). */
	o->config.charset.paper = o->paper;
	o->compose.no_structure |= o->paper;
	if (compose_choose(&o->composition, &o->compose, 1, &o->config, &err) == 0 &&
	    (*pipeline = pipeline_new(&o->config, &err)) != NULL)
		worker = worker_new(*pipeline, NULL, &err);
	if (!worker) {
		cli_print(program, "%s%s", err.message, err.code == NC_ERR_IO ? cli_data_dir_hint() : "");
		return NULL;
	}
	compose_rules_id(o->config.html_rules_path, o->config.dump_rules_path, &o->rules_id);
	o->built.renderer = o->composition.renderer->name;
	o->built.rules = o->rules_id.buf;
	cli_register_worker(worker);
	cli_install_signal_handlers();
	return worker;
}

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
	       o->folds, o->mode, nfiles, table->symbols);
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
		    svg ? "svg" : "png", o->plot, o->mode, NGRAM_MAX_ORDER, tmpl);
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

static int tune(const struct options *o, const struct file_pairs *pairs,
		const struct training_reader *reader)
{
	size_t nfiles = 0;
	struct symbol_segments *per_file = xcalloc(pairs->count, sizeof(*per_file));
	struct tune_table table;
	int status = 0;

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
	tune_cross_validate(per_file, pairs->count, o->folds, (enum ngram_mode)o->mode, &table,
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

/* Write the model whole or not at all, also when a signal arrives. */
static int save_model(const struct ncleaner_model *model, const char *path, struct nc_error *err)
{
	struct atomic_file file;

	atomic_file_init(&file);
	cli_register_atomic_file(&file);
	if (atomic_file_open(&file, path, err) < 0) {
		cli_unregister_atomic_file(&file);
		return -1;
	}
	cli_say_leftovers(program, &file);
	int ret = ncleaner_model_write(model, file.stream, path, err);
	if (ret == 0)
		ret = atomic_file_commit(&file, err);
	else
		atomic_file_abort(&file);
	cli_unregister_atomic_file(&file);
	return ret;
}

/* Count a clean text into the clean model and the raw or dirty text into
 * the dirty one; `diff`: differential training, the dirty model counts the
 * raw text minus the clean. */
static void count_texts(const struct symbol_segments *clean_text,
			const struct symbol_segments *raw_text, int diff,
			struct ngram_counts *clean, struct ngram_counts *dirty)
{
	symbol_segments_count(clean_text, clean, 1);
	if (diff)
		symbol_segments_count(clean_text, dirty, -1);
	symbol_segments_count(raw_text, dirty, 1);
}

/* The ncleaner method's clean and dirty character n-gram models, counted
 * from the pairs and written to `out_path`; the exit status. */
static int train_ngram_model(const struct options *o, const struct file_pairs *pairs,
			     const struct training_reader *reader, const char *out_path)
{
	struct ngram_counts clean, dirty;
	struct ncleaner_model model;
	struct nc_error err = { 0 };
	size_t nclean = 0, nraw = 0;
	int status = 0;
	clock_t started = clock();

	ngram_counts_init(&clean, o->order);
	ngram_counts_init(&dirty, o->order);
	for (size_t i = 0; i < pairs->count; i++) {
		const struct file_input *gold = pairs->items[i].first, *raw = pairs->items[i].second;
		if (o->diff && (!gold || !raw)) {
			cli_print(program, "warning: %s has no %s file (skipped)",
				gold ? gold->path : raw->path, gold ? "raw" : "clean");
			continue;
		}
		/* Both texts of a file are read before either is counted, so a file
		 * that fails half-way leaves no trace in the model. */
		struct symbol_segments clean_text = { 0 }, raw_text = { 0 };
		int ret = 0;
		if (gold)
			ret = training_read_gold(reader, gold, &clean_text, &err);
		if (ret == 0 && raw)
			ret = o->diff ? training_read_raw(reader, raw, &raw_text, &err)
				      : training_read_gold(reader, raw, &raw_text, &err);
		if (ret == 0) {
			count_texts(&clean_text, &raw_text, o->diff, &clean, &dirty);
			nclean += gold != NULL;
			nraw += raw != NULL;
		} else {
			cli_print(program, "%s", err.message);
			status = 1;
		}
		symbol_segments_release(&clean_text);
		symbol_segments_release(&raw_text);
	}
	if (!nclean || !nraw) {
		cli_print(program, "need at least one clean and one %s file",
			o->diff ? "raw" : "dirty");
		status = 2;
		goto out;
	}
	ncleaner_model_init(&model, o->order, o->q, (enum ngram_mode)o->mode);
	model.bias = o->bias;
	if (o->language)
		snprintf(model.language, sizeof(model.language), "%s", o->language);
	if (o->diff)
		model.built = o->built;   /* the raw pages went through the pipeline */
	ngram_model_estimate(&model.clean, &clean, (enum ngram_mode)o->mode);
	ngram_model_estimate(&model.dirty, &dirty, (enum ngram_mode)o->mode);
	struct strbuf description = STRBUF_INIT;
	if (o->description)
		strbuf_addstr(&description, o->description);
	else
		strbuf_addf(&description, "%s training on %zu clean and %zu %s files",
			    o->diff ? "differential" : "standard", nclean, nraw, o->diff ? "raw" : "dirty");
	model.description = strbuf_detach(&description, NULL);
	if (save_model(&model, out_path, &err) < 0) {
		cli_print(program, "%s", err.message);
		status = 2;
	} else {
		cli_print(program, "wrote %s: n = %d, q = %g, mode %d, %zu + %zu n-grams, "
			  "%zu clean and %zu %s files, %.2f s CPU", out_path, o->order, o->q,
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

/* Pair the files of the directories (no gold directory when tuning), then
 * tune or train. */
static int run_pairs(const struct options *o, const char *gold_dir, const char *raw_dir,
		     const char *out_path, const struct training_reader *reader)
{
	struct file_source *gold = NULL, *raw;
	struct file_pairs pairs = { 0 };
	int status = 2;

	if (gold_dir) {
		gold = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT, cli_print_report,
				       (void *)program);
		if (file_source_add(gold, gold_dir) < 0)
			goto out;
	}
	raw = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT, cli_print_report,
			      (void *)program);
	if (file_source_add(raw, raw_dir) == 0) {
		file_pairs_build(&pairs, PAIR_BY_ID, gold, raw, cli_print_report, (void *)program);
		status = o->tune ? tune(o, &pairs, reader)
				 : train_ngram_model(o, &pairs, reader, out_path);
	}
	file_source_free(raw);
out:
	file_pairs_release(&pairs);
	file_source_free(gold);
	return status;
}

/* --- the perplexity method's model -------------------------------------------- */

/* Count every clean text under `dirs` and write the model whole or not at all. */
static int train_perplexity(const struct options *o, int ndirs, char **dirs, const char *out_path)
{
	struct nc_error err = { 0 };
	struct atomic_file file;
	struct file_source *texts = file_source_new(FILE_KIND_TEXT, FILE_SOURCE_DEFAULT,
						    cli_print_report, (void *)program);
	struct perplexity_counts *counts = perplexity_counts_new(o->order, &err);
	struct strbuf description = STRBUF_INIT;
	int status = 2;
	clock_t started = clock();

	atomic_file_init(&file);
	if (!counts) {
		cli_print(program, "%s", err.message);
		goto out;
	}
	for (int i = 0; i < ndirs; i++)
		if (file_source_add(texts, dirs[i]) < 0)
			goto out;
	file_source_finish(texts);
	if (file_source_count(texts) == 0) {
		cli_print(program, "no text files to train on");
		goto out;
	}
	/* Clean texts in any language: their charsets as ncleaner chooses a
	 * dump's (no --paper here). */
	const struct charset_policy policy = { NULL, 0 };
	if (perplexity_training_add_files(counts, texts, &policy, &err) < 0) {
		cli_print(program, "%s", err.message);
		status = 1;
		goto out;
	}
	if (o->description)
		strbuf_addstr(&description, o->description);
	else
		strbuf_addf(&description, "word %s model of %zu clean texts",
			    o->order == 2 ? "bigram" : "trigram", file_source_count(texts));
	cli_register_atomic_file(&file);
	int opened = atomic_file_open(&file, out_path, &err);
	if (opened == 0)
		cli_say_leftovers(program, &file);
	if (opened < 0 ||
	    perplexity_counts_write(counts, file.stream, out_path, o->max_perplexity,
				    description.buf, &err) < 0 ||
	    atomic_file_commit(&file, &err) < 0) {
		atomic_file_abort(&file);
		cli_print(program, "%s", err.message);
		status = err.code == NC_ERR_IO ? 2 : 1;
	} else {
		char trigrams[48] = "";
		if (o->order == 3)
			snprintf(trigrams, sizeof(trigrams), ", %" PRIu64 " trigrams",
				 perplexity_counts_distinct(counts, 3));
		cli_print(program, "wrote %s: order %d, %" PRIu64 " sentences, %" PRIu64 " tokens, "
			  "%" PRIu64 " words, %" PRIu64 " bigrams%s, %zu files, %.2f s CPU", out_path,
			  o->order, perplexity_counts_sentences(counts), perplexity_counts_tokens(counts),
			  perplexity_counts_distinct(counts, 1), perplexity_counts_distinct(counts, 2),
			  trigrams, file_source_count(texts), (double)(clock() - started) / CLOCKS_PER_SEC);
		status = 0;
	}
	cli_unregister_atomic_file(&file);
out:
	strbuf_release(&description);
	perplexity_counts_free(counts);
	file_source_free(texts);
	return status;
}

/* --- figures on the training pages ---------------------------------------------- */

/* The trainers that choose a threshold or a bias by the best F on their
 * training pages (ice-lm, logistic) print that P, R and F: figures on the
 * pages the model learnt from, above what it scores on pages it has not
 * seen (in every case measured).
 * Measured on the CLEANEVAL pages (the logistic method without trees,
 * through the builtin renderer; the first or the last 18 pages held out,
 * models learnt from 4 to 40 of the others): 2.5 to 8.8 points of F above,
 * most from 4 pages (99.49 and 98.75 on them, 90.68 and 92.04 on the pages
 * held out). Under TRAIN_FEW_PAGES pages a warning says so. 20 is a
 * judgement, not an edge those figures show: a model wants pages of many
 * sites (a site's pages share a template, which it learns), and fewer
 * than 20 are few sites. Only cross-validation measures a model:
 * train-ncleaner(1), EXAMPLES. */
#define TRAIN_FEW_PAGES 20

/* After the figures, when `pages` are too few to trust them. */
static void warn_few_pages(size_t pages)
{
	if (pages >= TRAIN_FEW_PAGES)
		return;
	cli_print(program, "warning: learnt from %zu page%s, fewer than %d: the P, R and F above "
		  "are on the pages it learnt from and say little of other pages; learn from "
		  "more pages of many sites, and measure by cross-validation "
		  "(train-ncleaner(1), EXAMPLES)", pages, pages == 1 ? "" : "s", TRAIN_FEW_PAGES);
}

/* --- the ICE methods ------------------------------------------------------------ */

/* Write `text` to `path` whole or not at all, also when a signal arrives. */
static int save_text(const struct strbuf *text, const char *path, struct nc_error *err)
{
	struct atomic_file file;

	atomic_file_init(&file);
	cli_register_atomic_file(&file);
	int ret = atomic_file_open(&file, path, err);
	if (ret == 0)
		cli_say_leftovers(program, &file);
	if (ret == 0 && fwrite(text->buf, 1, text->len, file.stream) != text->len) {
		ret = nc_error_set(err, NC_ERR_IO, "%s: write error", path);
		atomic_file_abort(&file);
	} else if (ret == 0) {
		ret = atomic_file_commit(&file, err);
	}
	cli_unregister_atomic_file(&file);
	return ret;
}

/* What labels a page: its gold text, or its entry in a benchmark's
 * snippet annotations (eval/snippets.h, the logistic trainer only). */
struct page_labels {
	const struct file_input *gold;          /* or NULL */
	const struct snippet_entry *snippets;   /* or NULL */
};

/* How a trainer that labels pages takes a page. */
typedef int (*add_page_fn)(void *training, struct worker *worker, const struct file_input *raw,
			   const struct page_labels *labels, struct nc_error *err);

static int add_ice_page(void *training, struct worker *worker, const struct file_input *raw,
			const struct page_labels *labels, struct nc_error *err)
{
	return ice_training_add_page(training, worker, raw, labels->gold, err);
}

/* The logistic trainer's pages, and the n-gram models that give their
 * ngram_llr: page n's from models[n % count] (count 0: none). */
struct logistic_pages {
	struct logistic_training *training;
	struct method_scorer **ngram;
	size_t count, next;
};

static int add_logistic_page(void *data, struct worker *worker, const struct file_input *raw,
			     const struct page_labels *labels, struct nc_error *err)
{
	struct logistic_pages *pages = data;
	struct method_scorer *ngram = pages->count ? pages->ngram[pages->next % pages->count] : NULL;
	pages->next++;
	if (labels->snippets)
		return logistic_training_add_snippet_page(pages->training, worker, raw,
							  labels->snippets, ngram, err);
	return logistic_training_add_page(pages->training, worker, raw, labels->gold, ngram, err);
}

/* Call visit() for every page of each RAW_DIR that has a gold text in its
 * GOLD_DIR, or an entry in its snippet annotations (`dirs` holds pairs:
 * GOLD_DIR RAW_DIR ...), in one order on every walk: 0, 1 when a page
 * failed, 2 when a directory or the annotations could not be read or
 * visit() said 2. */
typedef int (*visit_page_fn)(void *data, const struct file_input *raw,
			     const struct page_labels *labels);

/* The pages of RAW_DIR that `annotations` names, in the annotations'
 * order (eval/snippets.h): RAW_DIR/FILE for each entry's FILE. An entry
 * whose page is not there is skipped (a fold's directory holds some of
 * the pages), and so is a page without an entry; with `warn`, each named. */
static int walk_snippet_pages(const char *annotations, const char *raw_dir, int warn,
			      visit_page_fn visit, void *data)
{
	struct snippet_set set;
	struct nc_error err = { 0 };
	struct file_source *raw = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT,
						  cli_print_report, (void *)program);
	struct snippet_files pages = { 0 };
	int status = 0;

	if (snippet_set_load(&set, annotations, &err) < 0) {
		cli_print(program, "%s", err.message);
		status = 2;
	} else if (file_source_add(raw, raw_dir) < 0) {
		status = 2;
	} else {
		snippet_files_index(&pages, raw);
		for (size_t i = 0; i < set.count && status != 2; i++) {
			struct page_labels labels = { NULL, &set.entries[i] };
			const struct file_input *page = snippet_files_find(&pages, set.entries[i].file);
			if (!page) {
				if (warn)
					cli_print(program, "warning: %s: the page of %s is not in %s "
						  "(skipped)", annotations, set.entries[i].file, raw_dir);
				continue;
			}
			int ret = visit(data, page, &labels);
			status = ret > status ? ret : status;
		}
		for (size_t i = 0; warn && i < pages.count; i++)
			if (!pages.used[i])
				cli_print(program, "warning: %s has no entry in %s (skipped)",
					  pages.sorted[i]->path, annotations);
	}
	snippet_files_release(&pages);
	file_source_free(raw);
	snippet_set_release(&set);
	return status;
}

static int walk_labelled_pages(int ndirs, char **dirs, int warn, visit_page_fn visit,
			       void *data)
{
	int status = 0;
	for (int d = 0; d + 1 < ndirs && status != 2; d += 2) {
		if (snippet_file_named(dirs[d])) {
			int ret = walk_snippet_pages(dirs[d], dirs[d + 1], warn, visit, data);
			status = ret > status ? ret : status;
			continue;
		}
		struct file_source *gold = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT,
							   cli_print_report, (void *)program);
		struct file_source *raw = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT,
							  cli_print_report, (void *)program);
		struct file_pairs pairs = { 0 };
		if (file_source_add(gold, dirs[d]) < 0 || file_source_add(raw, dirs[d + 1]) < 0) {
			status = 2;
		} else {
			file_pairs_build(&pairs, PAIR_BY_ID, gold, raw, cli_print_report,
					 (void *)program);
			for (size_t i = 0; i < pairs.count && status != 2; i++) {
				const struct file_input *g = pairs.items[i].first;
				const struct file_input *r = pairs.items[i].second;
				if (!g || !r) {
					if (warn)
						cli_print(program, "warning: %s has no %s file "
							  "(skipped)", g ? g->path : r->path,
							  g ? "raw" : "gold");
					continue;
				}
				struct page_labels labels = { g, NULL };
				int ret = visit(data, r, &labels);
				status = ret > status ? ret : status;
			}
		}
		file_pairs_release(&pairs);
		file_source_free(raw);
		file_source_free(gold);
	}
	return status;
}

/* Read every labelled page into a trainer through `worker`. */
struct reading {
	add_page_fn add;
	void *training;
	struct worker *worker;
};

static int read_page(void *data, const struct file_input *raw, const struct page_labels *labels)
{
	struct reading *r = data;
	struct nc_error err = { 0 };
	if (r->add(r->training, r->worker, raw, labels, &err) < 0) {
		cli_print(program, "%s", err.message);
		return 1;
	}
	return 0;
}

static int read_labelled_pages(add_page_fn add, void *training, struct worker *worker,
			       int ndirs, char **dirs)
{
	struct reading reading = { add, training, worker };
	return walk_labelled_pages(ndirs, dirs, 1, read_page, &reading);
}

/* Learn from the pages what the ICE method `kind` needs, into `out`. */
static int learn_ice(const struct options *o, const struct ice_training *training,
		     struct strbuf *out, struct strbuf *summary, struct nc_error *err)
{
	struct ice_training_counts counts;
	ice_training_counts(training, &counts);
	struct strbuf description = STRBUF_INIT;
	if (o->description)
		strbuf_addstr(&description, o->description);
	int ret;
	if (!strcmp(o->method, ICE_DT_NAME)) {
		struct c45_options options = { .confidence = o->confidence };
		struct decision_tree tree;
		if (!o->description)
			strbuf_addf(&description, "C4.5 (gain ratio, pessimistic pruning at CF %g) on "
				    "%zu blocks of %zu pages: %zu h, %zu l, %zu p, %zu n",
				    o->confidence, counts.blocks, counts.pages, counts.classes[0],
				    counts.classes[1], counts.classes[2], counts.classes[3]);
		ret = ice_training_learn_tree(training, &options, &tree, err);
		if (ret == 0) {
			tree.description = strbuf_detach(&description, NULL);
			tree.built = o->built;
			decision_tree_write(&tree, out);
			strbuf_addf(summary, "%zu nodes; %zu blocks of %zu pages: %zu h, %zu l, %zu p, "
				    "%zu n", tree.count, counts.blocks, counts.pages, counts.classes[0],
				    counts.classes[1], counts.classes[2], counts.classes[3]);
			decision_tree_release(&tree);
		}
	} else {
		struct ice_threshold choice;
		ret = ice_training_choose_threshold(training, o->discount, &choice, err);
		if (ret == 0) {
			if (!o->description)
				strbuf_addf(&description, "the best F in words on %zu blocks of %zu "
					    "pages: P %.2f, R %.2f, F %.2f", counts.blocks, counts.pages,
					    choice.precision, choice.recall, choice.f);
			struct ice_lm_settings settings = {
				.discount = o->discount, .max_kl = choice.max_kl,
				.description = description.buf, .built = o->built,
			};
			ice_lm_settings_write(&settings, out);
			strbuf_addf(summary, "max_kl %g (P %.2f, R %.2f, F %.2f in words on the "
				    "training pages); %zu blocks of %zu pages", choice.max_kl,
				    choice.precision, choice.recall, choice.f, counts.blocks, counts.pages);
		}
	}
	strbuf_release(&description);
	return ret;
}

/* `dirs` holds pairs: GOLD_DIR RAW_DIR ... */
static int train_ice(struct options *o, int ndirs, char **dirs, const char *out_path)
{
	struct nc_error err = { 0 };
	struct pipeline *pipeline = NULL;
	struct worker *worker = NULL;
	struct ice_training *training = ice_training_new();
	struct strbuf out = STRBUF_INIT, summary = STRBUF_INIT;
	int status = 2;
	clock_t started = clock();

	worker = open_reader(o, &pipeline);
	if (!worker)
		goto out;
	status = read_labelled_pages(add_ice_page, training, worker, ndirs, dirs);
	cli_unregister_worker(worker);
	if (status == 2)
		goto out;
	struct ice_training_counts counts;
	ice_training_counts(training, &counts);
	if (counts.pages == 0) {
		cli_print(program, "no page with a gold text to learn from");
		status = 2;
		goto out;
	}
	if (learn_ice(o, training, &out, &summary, &err) < 0 || save_text(&out, out_path, &err) < 0) {
		cli_print(program, "%s", err.message);
		status = 2;
		goto out;
	}
	cli_print(program, "wrote %s: %s, %.2f s CPU", out_path, summary.buf,
		  (double)(clock() - started) / CLOCKS_PER_SEC);
	if (!strcmp(o->method, ICE_LM_NAME))
		warn_few_pages(counts.pages);
out:
	strbuf_release(&out);
	strbuf_release(&summary);
	ice_training_free(training);
	worker_free(worker);
	pipeline_free(pipeline);
	return status;
}

/* --- the logistic method ---------------------------------------------------------- */

/* The n-gram models of ngram_llr trained here (--ngram-folds K): with the
 * settings of english.model (make models: differential training, n 3, q
 * 0.5, mode 1, the 2008 reading of raw pages through the renderer chosen,
 * Lynx by default), one on every training page,
 * written to --ngram-model's file for the logistic model to name, and K
 * that each leave out a fold of the pages (page n is in fold n % K, in the
 * order the logistic trainer reads them), whose LLRs the regression learns
 * from: each page's from the model that did not see it. */
#define NGRAM_ORDER 3
#define NGRAM_Q 0.5
#define NGRAM_MODE NGRAM_MODE_ASCII

struct ngram_page {
	struct symbol_segments clean, raw;
	int failed;
	int snippets;   /* labelled by snippets: no gold text, nothing counted */
};

struct ngram_pages {
	struct training_reader reader;
	struct ngram_page *items;
	size_t count, alloc;
};

static int read_ngram_page(void *data, const struct file_input *raw,
			   const struct page_labels *labels)
{
	struct ngram_pages *p = data;
	struct nc_error err = { 0 };
	ARRAY_GROW(p->items, p->count, p->alloc, 64);
	struct ngram_page *page = &p->items[p->count++];
	memset(page, 0, sizeof(*page));
	/* A page labelled by snippets has no clean text to count; it keeps
	 * its place, so that page n is in fold n % K for both walks (and any
	 * fold's model has not seen it). */
	page->snippets = labels->snippets != NULL;
	if (page->snippets)
		return 0;
	page->failed = training_read_gold(&p->reader, labels->gold, &page->clean, &err) < 0 ||
		       training_read_raw(&p->reader, raw, &page->raw, &err) < 0;
	if (page->failed)
		cli_print(program, "%s (read for the character models)", err.message);
	return page->failed;
}

static void ngram_pages_release(struct ngram_pages *p)
{
	for (size_t i = 0; i < p->count; i++) {
		symbol_segments_release(&p->items[i].clean);
		symbol_segments_release(&p->items[i].raw);
	}
	free(p->items);
}

/* The model of every page read but those of fold `skip` of `folds` (skip
 * < 0: every page). */
static void estimate_ngram(const struct ngram_pages *p, size_t folds, long skip,
			   const char *language, struct ncleaner_model *model)
{
	struct ngram_counts clean, dirty;
	ngram_counts_init(&clean, NGRAM_ORDER);
	ngram_counts_init(&dirty, NGRAM_ORDER);
	for (size_t i = 0; i < p->count; i++) {
		const struct ngram_page *page = &p->items[i];
		if (page->failed || page->snippets || (skip >= 0 && i % folds == (size_t)skip))
			continue;
		count_texts(&page->clean, &page->raw, 1, &clean, &dirty);
	}
	ncleaner_model_init(model, NGRAM_ORDER, NGRAM_Q, NGRAM_MODE);
	if (language)   /* so that the logistic method knows where its ratio speaks */
		snprintf(model->language, sizeof(model->language), "%s", language);
	ngram_model_estimate(&model->clean, &clean, NGRAM_MODE);
	ngram_model_estimate(&model->dirty, &dirty, NGRAM_MODE);
	ngram_counts_release(&clean);
	ngram_counts_release(&dirty);
}

/* Train the fold models into `scorers` (o->ngram_folds of them, and their
 * methods into `methods`) and write the model of every page to
 * o->ngram_model; 0, or 2 after saying why. */
static int train_fold_ngrams(const struct options *o, int ndirs, char **dirs,
			     struct method **methods, struct method_scorer **scorers)
{
	struct options n = *o;
	struct ngram_pages pages = { 0 };
	struct pipeline *pipeline = NULL;
	struct ncleaner_model model;
	struct nc_error err = { 0 };
	int status = 2;

	/* Raw pages read as english.model's are: the 2008 reading (through the
	 * renderer chosen, as the logistic trainer's). */
	composition_init(&n.composition);
	strbuf_init(&n.rules_id);
	memset(&n.config, 0, sizeof(n.config));
	n.method = NCLEANER_METHOD_NAME;
	n.paper = 1;
	ngram_alphabet_init(&pages.reader.alphabet, NGRAM_MODE);
	pages.reader.reading = TRAINING_COMPATIBLE;
	pages.reader.worker = open_reader(&n, &pipeline);
	if (!pages.reader.worker)
		goto out;
	/* Quiet about unpaired files: the logistic trainer's walk says so. */
	if (walk_labelled_pages(ndirs, dirs, 0, read_ngram_page, &pages) == 2)
		goto out;
	size_t read = 0, snippet_pages = 0;
	for (size_t i = 0; i < pages.count; i++) {
		read += !pages.items[i].failed && !pages.items[i].snippets;
		snippet_pages += pages.items[i].snippets;
	}
	if (read < (size_t)o->ngram_folds) {
		cli_print(program, "--ngram-folds %d: %zu pages read, and each fold of the character "
			  "models needs one%s", o->ngram_folds, read, snippet_pages ?
			  " (pages labelled by snippets, without a gold text, do not count)" : "");
		goto out;
	}
	for (size_t k = 0; k < (size_t)o->ngram_folds; k++) {
		estimate_ngram(&pages, (size_t)o->ngram_folds, (long)k, o->language, &model);
		methods[k] = ncleaner_method_new(&model, 0, 0, &err);
		ncleaner_model_release(&model);
		if (!methods[k]) {
			cli_print(program, "%s", err.message);
			goto out;
		}
		scorers[k] = method_scorer_new(methods[k]);
	}
	estimate_ngram(&pages, 1, -1, o->language, &model);
	model.built = n.built;
	model.description = xstrdup("the character models of the logistic model's ngram_llr: "
				    "differential training on its training pages");
	if (save_model(&model, o->ngram_model, &err) < 0) {
		cli_print(program, "%s", err.message);
	} else {
		cli_print(program, "wrote %s: the n-gram model of ngram_llr, %zu + %zu n-grams of %zu "
			  "pages, %d folds for the LLRs learnt from", o->ngram_model,
			  ngram_model_entries(&model.clean), ngram_model_entries(&model.dirty),
			  read, o->ngram_folds);
		status = 0;
	}
	ncleaner_model_release(&model);
out:
	if (pages.reader.worker)
		cli_unregister_worker(pages.reader.worker);
	ngram_pages_release(&pages);
	worker_free(pages.reader.worker);
	pipeline_free(pipeline);
	composition_release(&n.composition);
	strbuf_release(&n.rules_id);
	return status;
}

/* Two operands that are the same file or directory. */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
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
	} else if (!strcmp(model, out) || same_file(path, out_path)) {
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

/* Say what labelling by snippets found (when pages were so labelled):
 * the snippets found nowhere in the segments are what rendering and
 * segmentation lost. The pages so labelled. */
static size_t report_snippet_labels(const struct logistic_training *training)
{
	struct snippet_label_counts c;
	size_t pages;
	logistic_training_snippet_counts(training, &c, &pages);
	if (pages)
		cli_print(program, "snippets of %zu pages: %zu of %zu \"with\" and %zu of %zu "
			  "\"without\" found in the segments (%zu and %zu found nowhere: lost in "
			  "rendering or segmentation; %zu found more than once); segments labelled "
			  "%zu text, %zu boilerplate, %zu neither (%zu of them both, left out too)",
			  pages, c.with_found, c.with_found + c.with_missed, c.without_found,
			  c.without_found + c.without_missed, c.with_missed, c.without_missed,
			  c.repeated, c.text, c.boilerplate, c.unknown, c.conflicts);
	return pages;
}

/* `dirs` holds pairs: GOLD_DIR RAW_DIR ... */
static int train_logistic(struct options *o, int ndirs, char **dirs, const char *out_path)
{
	struct nc_error err = { 0 };
	struct pipeline *pipeline = NULL;
	struct logistic_text text = { .ngram_language = o->language };
	struct logistic_training *training = logistic_training_new(&text);
	logistic_training_set_trees(training, &o->boost);
	logistic_training_set_snippet_weight(training, o->snippet_weight);
	struct logistic_model model = { 0 };
	struct strbuf out = STRBUF_INIT, description = STRBUF_INIT;
	struct method *ngram = NULL;
	struct method_scorer *ngram_scorer = NULL;
	struct stop_lists *stop_lists = NULL;
	struct method **fold_methods = xcalloc((size_t)o->ngram_folds + 1, sizeof(*fold_methods));
	struct method_scorer **fold_scorers = xcalloc((size_t)o->ngram_folds + 1,
						      sizeof(*fold_scorers));
	struct logistic_pages pages = { .training = training };
	struct worker *worker = NULL;
	struct strbuf instances = STRBUF_INIT;
	int status = 2;
	clock_t started = clock();

	if (o->instances)
		logistic_training_keep_instances(training, &instances);
	if (o->ngram_model)
		model.ngram_model = xstrdup(o->ngram_name);
	/* The stop-word lists the method will read, from the data directory. */
	if (!(stop_lists = logistic_stop_lists_load(o->compose.data_dir, &err))) {
		cli_print(program, "%s%s", err.message, cli_data_dir_hint());
		goto out;
	}
	text.stop_lists = stop_lists;
	if (o->ngram_folds) {
		if (train_fold_ngrams(o, ndirs, dirs, fold_methods, fold_scorers) != 0)
			goto out;
		pages.ngram = fold_scorers;
		pages.count = (size_t)o->ngram_folds;
	} else if (o->ngram_model) {
		if (!(ngram = ncleaner_method_load(o->ngram_model, 0, 0, &err))) {
			cli_print(program, "--ngram-model: %s", err.message);
			goto out;
		}
		ngram_scorer = method_scorer_new(ngram);
		text.ngram_language = ncleaner_method_language(ngram);
		pages.ngram = &ngram_scorer;
		pages.count = 1;
	}
	worker = open_reader(o, &pipeline);
	if (!worker)
		goto out;
	status = read_labelled_pages(add_logistic_page, &pages, worker, ndirs, dirs);
	cli_unregister_worker(worker);
	if (status == 2)
		goto out;
	struct logistic_training_counts counts;
	logistic_training_counts(training, &counts);
	if (counts.pages == 0) {
		cli_print(program, "no page with a gold text to learn from");
		status = 2;
		goto out;
	}
	size_t snippet_pages = report_snippet_labels(training);
	/* The instances as read, also when learning fails on them. */
	if (o->instances) {
		if (save_text(&instances, o->instances, &err) < 0) {
			cli_print(program, "--instances: %s", err.message);
			status = 2;
			goto out;
		}
		cli_print(program, "wrote %s: %zu instances of %zu pages", o->instances,
			  counts.segments, counts.pages);
	}
	struct logistic_fit fit[2];
	if (logistic_training_learn(training, &model, fit, &err) < 0) {
		cli_print(program, "%s", err.message);
		status = 2;
		goto out;
	}
	/* -b moves both biases from those of best F (a precision floor, say). */
	model.bias += o->bias;
	model.plain_bias += o->bias;
	if (o->description)
		strbuf_addstr(&description, o->description);
	else
		strbuf_addf(&description, "logistic regression on %zu segments of %zu pages (%zu "
			    "in the gold texts); the bias of the best F in words on them%s: P %.2f, "
			    "R %.2f, F %.2f (plain: P %.2f, R %.2f, F %.2f)", counts.segments,
			    counts.pages, counts.found, o->bias ? " moved by -b" : "",
			    fit[0].precision, fit[0].recall, fit[0].f, fit[1].precision, fit[1].recall,
			    fit[1].f);
	if (!o->description && snippet_pages)
		strbuf_addf(&description, "; %zu of the pages labelled by snippets (their labelled "
			    "segments only)", snippet_pages);
	model.description = description.buf;
	model.built = o->built;
	logistic_model_write(&model, &out);
	model.description = NULL;
	if (save_text(&out, out_path, &err) < 0) {
		cli_print(program, "%s", err.message);
		status = 2;
		goto out;
	}
	cli_print(program, "wrote %s: %zu segments of %zu pages, %zu in the gold texts; bias %.3f "
		  "(P %.2f, R %.2f, F %.2f in words on the training pages at the best F's), "
		  "without structure %.3f (P %.2f, R %.2f, F %.2f); %d and %d Newton steps, "
		  "%.2f s CPU", out_path,
		  counts.segments, counts.pages, counts.found, model.bias, fit[0].precision,
		  fit[0].recall, fit[0].f, model.plain_bias, fit[1].precision, fit[1].recall,
		  fit[1].f, fit[0].steps, fit[1].steps, (double)(clock() - started) / CLOCKS_PER_SEC);
	warn_few_pages(counts.pages);
out:
	strbuf_release(&out);
	strbuf_release(&description);
	strbuf_release(&instances);
	logistic_training_free(training);
	logistic_model_release(&model);
	stop_lists_free(stop_lists);
	method_scorer_free(ngram_scorer);
	method_free(ngram);
	for (int k = 0; k < o->ngram_folds; k++) {
		method_scorer_free(fold_scorers[k]);
		method_free(fold_methods[k]);
	}
	free(fold_scorers);
	free(fold_methods);
	worker_free(worker);
	pipeline_free(pipeline);
	return status;
}

/* --- the trainers, by method ---------------------------------------------------- */

/* A trainer checks the options and operands for its method (printing what
 * is wrong; 2) and runs (the exit status). */
struct trainer {
	const char *method;
	const char *operands;   /* for messages */
	int (*check)(struct options *o, int nargs);
	int (*run)(struct options *o, int nargs, char **args);
};

/* --language CODE: one code, as CLD2 names languages; 0, or 2 after
 * saying why not. */
static int check_language(const char *language)
{
	struct nc_error err = { 0 };
	if (strchr(language, ',')) {
		cli_print(program, "--language: one language code (such as en), not '%s'",
			  language);
		return 2;
	}
	if (language_list_check(language, &err) < 0) {
		cli_print(program, "--language: %s", err.message);
		return 2;
	}
	return 0;
}

/* Options only the ncleaner trainer reads. */
static int ncleaner_options_given(const struct options *o)
{
	return o->diff || o->standard || o->mode != 1 || o->tune || o->direct || o->paper ||
	       o->language ||
	       (o->compose.given & (1ul << OPTION_Q | 1ul << OPTION_BIAS));
}

static int check_ncleaner(struct options *o, int nargs)
{
	if (o->compose.given & 1ul << OPTION_MAX_PERPLEXITY) {
		cli_print(program, "--max-perplexity is for --method perplexity");
		return 2;
	}
	if (o->order == 0)
		o->order = 3;
	if (o->language && check_language(o->language) != 0)
		return 2;
	if (nargs != (o->tune ? 1 : 3))
		return -1;
	if (o->diff && o->standard) {
		cli_print(program, "--diff and --standard are two kinds of training: choose one");
		return 2;
	}
	if (!o->tune && !o->diff && !o->standard)
		cli_print(program, "warning: standard training: the second directory is read as "
			  "boilerplate texts; for raw pages, train differentially with --diff "
			  "(--standard says this is meant)");
	if (o->paper && o->direct) {
		cli_print(program, "--paper reads raw pages as the 2008 tool did; "
			  "--direct-segments does not");
		return 2;
	}
	return 0;
}

/* The operands: with --diff, clean texts and the raw pages they were cut
 * from cannot be the same files (the dirty model would be empty). */
static int check_ncleaner_operands(struct options *o, int nargs, char **args)
{
	if (!o->tune && nargs >= 2 && same_file(args[0], args[1])) {
		cli_print(program, "%s and %s are the same: the %s directory must hold other "
			  "files than the clean texts", args[0], args[1], o->diff ? "raw" : "dirty");
		return 2;
	}
	return 0;
}

static int run_ncleaner(struct options *o, int nargs, char **args)
{
	struct training_reader reader = { 0 };
	struct pipeline *pipeline = NULL;
	int status = check_ncleaner_operands(o, nargs, args);

	if (status)
		return status;
	status = 2;
	ngram_alphabet_init(&reader.alphabet, (enum ngram_mode)o->mode);
	reader.reading = o->direct ? TRAINING_DIRECT : TRAINING_COMPATIBLE;
	reader.worker = open_reader(o, &pipeline);
	if (reader.worker) {
		status = o->tune ? run_pairs(o, NULL, args[0], NULL, &reader)
				 : run_pairs(o, args[0], args[1], args[2], &reader);
		cli_unregister_worker(reader.worker);
	}
	worker_free(reader.worker);
	pipeline_free(pipeline);
	return status;
}

static int check_perplexity(struct options *o, int nargs)
{
	if (ncleaner_options_given(o)) {
		cli_print(program, "--diff, --standard, --mode, -q, --bias, --paper, "
			  "--direct-segments, --tune and --language train the ncleaner method, not perplexity");
		return 2;
	}
	if (o->order == 0)
		o->order = 2;
	if (o->order != 2 && o->order != 3) {
		cli_print(program, "-n: a perplexity model is of order 2 or 3, not %d", o->order);
		return 2;
	}
	if (o->max_perplexity == 0)
		o->max_perplexity = PERPLEXITY_DEFAULT_MAX;
	return nargs < 2 ? -1 : 0;
}

static int run_perplexity(struct options *o, int nargs, char **args)
{
	cli_install_signal_handlers();
	return train_perplexity(o, nargs - 1, args, args[nargs - 1]);
}

static int check_ice(struct options *o, int nargs)
{
	if (ncleaner_options_given(o) || o->order || o->max_perplexity) {
		cli_print(program, "--diff, --standard, --mode, -n, -q, --bias, --paper, "
			  "--direct-segments, --tune, --language and --max-perplexity do not train %s", o->method);
		return 2;
	}
	if (o->confidence == 0)
		o->confidence = 0.25;
	if (o->discount == 0)
		o->discount = ICE_LM_DEFAULT_DISCOUNT;
	return nargs < 3 || nargs % 2 == 0 ? -1 : 0;
}

/* The logistic trainer reads what ICE's do, and -b (added to the bias). */
static int check_logistic(struct options *o, int nargs)
{
	unsigned long bias = o->compose.given & 1ul << OPTION_BIAS;
	const char *language = o->language;
	o->compose.given &= ~bias;
	o->language = NULL;
	int ret = check_ice(o, nargs);
	o->compose.given |= bias;
	o->language = language;
	if (ret == 0 && o->ngram_folds && !o->ngram_model) {
		cli_print(program, "--ngram-folds trains the n-gram model of ngram_llr: name the "
			  "file to write with --ngram-model");
		return 2;
	}
	if (ret == 0 && o->language && !o->ngram_folds) {
		cli_print(program, "--language names the language of the character models that "
			  "--ngram-folds trains (a model named with --ngram-model says its own)");
		return 2;
	}
	return ret == 0 && o->language ? check_language(o->language) : ret;
}

static int run_ice(struct options *o, int nargs, char **args)
{
	for (int d = 0; d + 1 < nargs - 1; d += 2)
		if (snippet_file_named(args[d])) {
			cli_print(program, "%s: snippet annotations label segments for --method %s "
				  "only, not for %s", args[d], LOGISTIC_METHOD_NAME, o->method);
			return 2;
		}
	return train_ice(o, nargs - 1, args, args[nargs - 1]);
}

static int check_output(const char *out, int ninputs, char **inputs);
static int check_instances(const struct options *o, int ninputs, char **inputs,
			   const char *out_path);

static int run_logistic(struct options *o, int nargs, char **args)
{
	const char *out_path = args[nargs - 1];
	struct nc_error err = { 0 };
	int status = 0;

	/* --ngram-folds writes --ngram-model's file too: the checks of the
	 * output's, and both named before any page is read. */
	if (o->ngram_folds)
		status = check_output(o->ngram_model, nargs - 1, args);
	if (status == 0 && o->instances)
		status = check_instances(o, nargs - 1, args, out_path);
	if (status == 0 && o->ngram_model &&
	    ngram_model_name(o->ngram_model, out_path, &o->ngram_name, &err) < 0) {
		cli_print(program, "%s", err.message);
		status = 2;
	}
	if (status == 0)
		status = train_logistic(o, nargs - 1, args, out_path);
	free(o->ngram_name);
	o->ngram_name = NULL;
	return status;
}

static const struct trainer trainers[] = {
	{ NCLEANER_METHOD_NAME, "CLEAN_DIR RAW_OR_DIRTY_DIR OUT.model (or --tune TEXT_DIR)",
	  check_ncleaner, run_ncleaner },
	{ PERPLEXITY_METHOD_NAME, "CLEAN_TEXT_DIR... OUT.model", check_perplexity, run_perplexity },
	{ ICE_DT_NAME, "GOLD_DIR RAW_DIR [GOLD_DIR RAW_DIR]... OUT.model", check_ice, run_ice },
	{ ICE_LM_NAME, "GOLD_DIR RAW_DIR [GOLD_DIR RAW_DIR]... OUT.model", check_ice, run_ice },
	{ LOGISTIC_METHOD_NAME, "GOLD_DIR|SNIPPETS.json RAW_DIR [GOLD_DIR|SNIPPETS.json RAW_DIR]... "
	  "OUT.model", check_logistic, run_logistic },
};

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

/* Do `a` and `b` name one file (existing or to be made)? */
static int same_target(const char *a, const char *b)
{
	char *x = cli_canonical_target(a), *y = cli_canonical_target(b);
	int same = (x && y && !strcmp(x, y)) || same_file(a, b);
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
	const char *path = o->instances;
	struct stat st;
	if (same_target(path, out_path) || (o->ngram_model && same_target(path, o->ngram_model))) {
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

static const struct trainer *find_trainer(const char *method)
{
	for (size_t i = 0; i < sizeof(trainers) / sizeof(trainers[0]); i++)
		if (!strcmp(trainers[i].method, method))
			return &trainers[i];
	return NULL;
}

/* The methods of `trainers`, in its order: "a, b or c". */
static void trainer_names(struct strbuf *out)
{
	size_t n = sizeof(trainers) / sizeof(trainers[0]);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(out, "%s%s", i == 0 ? "" : i + 1 < n ? ", " : " or ", trainers[i].method);
}

enum {
	OPT_DESCRIPTION = 256, OPT_TUNE, OPT_FOLDS, OPT_PLOT, OPT_DIRECT, OPT_PAPER, OPT_STANDARD,
	OPT_CONFIDENCE, OPT_DISCOUNT, OPT_HELP_RENDERERS, OPT_LANGUAGE, OPT_NGRAM_MODEL,
	OPT_NGRAM_FOLDS, OPT_INSTANCES, OPT_TREES, OPT_TREE_DEPTH, OPT_SNIPPET_WEIGHT
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
	int c, ice_dt_options = 0, ice_lm_options = 0, tree_depth_given = 0;

	cli_getopt_build(&g, long_options, "dm:hV", compose_ids);
	argv[0] = (char *)program;   /* getopt's messages begin with it, as ours do */
	while ((c = getopt_long(argc, argv, g.shorts, g.longs, NULL)) != -1) {
		switch (c) {
		case 'd': o->diff = 1; break;
		case 'm': o->mode = parse_mode(optarg); break;
		case OPT_CONFIDENCE:
			o->confidence = cli_parse_double(program, "--confidence", optarg);
			if (!(o->confidence > 0 && o->confidence <= 1)) {
				cli_print(program, "--confidence expects a number in (0, 1]");
				return 2;
			}
			ice_dt_options = 1;
			break;
		case OPT_DISCOUNT:
			o->discount = cli_parse_double(program, "--discount", optarg);
			if (!(o->discount > 0 && o->discount < 1)) {
				cli_print(program, "--discount expects a number in (0, 1)");
				return 2;
			}
			ice_lm_options = 1;
			break;
		case OPT_DESCRIPTION: o->description = optarg; break;
		case OPT_NGRAM_MODEL: o->ngram_model = optarg; break;
		case OPT_INSTANCES: o->instances = optarg; break;
		case OPT_TREES:
			o->boost.trees = (int)cli_parse_long(program, "--trees", optarg, 0,
							    TREES_MAX_TREES);
			break;
		case OPT_TREE_DEPTH:
			o->boost.depth = (int)cli_parse_long(program, "--tree-depth", optarg, 1, 8);
			tree_depth_given = 1;
			break;
		case OPT_SNIPPET_WEIGHT:
			o->snippet_weight = cli_parse_double(program, "--snippet-weight", optarg);
			if (!(o->snippet_weight >= 0 && o->snippet_weight <= 1e6)) {
				cli_print(program, "--snippet-weight expects a number from 0 to 1e6, "
					  "not '%s'", optarg);
				return 2;
			}
			break;
		case OPT_NGRAM_FOLDS:
			o->ngram_folds = (int)cli_parse_long(program, "--ngram-folds", optarg, 2, 100);
			break;
		case OPT_LANGUAGE: o->language = optarg; break;
		case OPT_DIRECT: o->direct = 1; break;
		case OPT_PAPER: o->paper = 1; break;
		case OPT_TUNE: o->tune = 1; break;
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
		case OPT_STANDARD: o->standard = 1; break;
		case OPT_HELP_RENDERERS: compose_print_table(stdout, "renderers"); return 0;
		case 'h': usage(stdout); return 0;
		case 'V': cli_print_version(program); return 0;
		default:
			if (cli_compose_option(&g, &o->compose, program, c, optarg))
				break;
			fprintf(stderr, "Try '%s --help' for more information.\n", program);
			return 2;
		}
	}
	cli_getopt_release(&g);
	o->method = o->compose.method ? o->compose.method : NCLEANER_METHOD_NAME;
	o->order = (int)o->compose.order;
	if (o->compose.given & 1ul << OPTION_Q)
		o->q = o->compose.q;
	o->bias = o->compose.bias;
	o->max_perplexity = o->compose.max_perplexity;
	o->compose.data_dir = cli_data_dir(o->compose.data_dir);
	if ((o->ngram_model || o->ngram_folds || o->instances || o->boost.trees ||
	     tree_depth_given || o->snippet_weight) &&
	    strcmp(o->method, LOGISTIC_METHOD_NAME)) {
		cli_print(program, "--ngram-model, --ngram-folds, --instances, --trees, --tree-depth "
			  "and --snippet-weight are for --method %s", LOGISTIC_METHOD_NAME);
		return 2;
	}
	if (tree_depth_given && !o->boost.trees) {
		cli_print(program, "--tree-depth: the depth of the trees --trees N learns");
		return 2;
	}
	if ((ice_dt_options && strcmp(o->method, ICE_DT_NAME)) ||
	    (ice_lm_options && strcmp(o->method, ICE_LM_NAME))) {
		cli_print(program, "%s is for --method %s", ice_dt_options ? "--confidence" : "--discount",
			  ice_dt_options ? ICE_DT_NAME : ICE_LM_NAME);
		return 2;
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct options o = { .mode = 1, .q = 0.5, .folds = 10 };
	int status;

	boost_settings_default(&o.boost);
	o.boost.trees = 0;
	compose_values_init(&o.compose);
	composition_init(&o.composition);
	strbuf_init(&o.rules_id);
	status = parse_options(&o, argc, argv);
	if (status >= 0)
		goto out;
	const struct trainer *trainer = find_trainer(o.method);
	if (!trainer) {
		struct strbuf names = STRBUF_INIT;
		trainer_names(&names);
		cli_print(program, "--method: %s is not a method this program trains (%s)",
			  o.method, names.buf);
		strbuf_release(&names);
		status = 2;
		goto out;
	}
	int nargs = argc - optind;
	status = trainer->check(&o, nargs);
	if (status < 0) {
		cli_print(program, "%s operands: %s", trainer->method, trainer->operands);
		fprintf(stderr, "Try '%s --help' for more information.\n", program);
		status = 2;
	} else if (status == 0) {
		int writes = !o.tune;   /* every form but --tune writes its last operand */
		if (writes)
			status = check_output(argv[argc - 1], nargs - 1, argv + optind);
		if (status == 0)
			status = trainer->run(&o, nargs, argv + optind);
	}
out:
	composition_release(&o.composition);
	strbuf_release(&o.rules_id);
	return status;
}
