/* logistic-trainer.c: train-ncleaner's trainer of the logistic method,
 * GOLD_DIR|SNIPPETS.json RAW_DIR ... OUT.model (trainer.h): the segments
 * of labelled pages, with each page's ngram_llr from a model that did not
 * see it (ngram-folds.h) or from --ngram-model's; what is learnt is
 * logistic-training.h's. */
#include "train/trainer.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/alloc.h"
#include "method/ncleaner-method.h"
#include "method/stop-words.h"
#include "train/labelled-pages.h"
#include "train/logistic-training.h"
#include "train/ngram-folds.h"

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

/* Say what labelling by snippets found (when pages were so labelled):
 * the snippets found nowhere in the segments are what rendering and
 * segmentation lost. The pages so labelled. */
static size_t report_snippet_labels(const struct logistic_training *training,
				    const struct train_host *host)
{
	struct snippet_label_counts c;
	size_t pages;
	logistic_training_snippet_counts(training, &c, &pages);
	if (pages)
		train_say(host, "snippets of %zu pages: %zu of %zu \"with\" and %zu of %zu "
			  "\"without\" found in the segments (%zu and %zu found nowhere: lost in "
			  "rendering or segmentation; %zu found more than once); segments labelled "
			  "%zu text, %zu boilerplate, %zu neither (%zu of them both, left out too)",
			  pages, c.with_found, c.with_found + c.with_missed, c.without_found,
			  c.without_found + c.without_missed, c.with_missed, c.without_missed,
			  c.repeated, c.text, c.boilerplate, c.unknown, c.conflicts);
	return pages;
}

/* What a logistic training run holds, freed by run_release(). */
struct logistic_run {
	const struct train_settings *s;
	const struct train_host *host;
	struct logistic_text text;
	struct logistic_training *training;
	struct logistic_model model;
	struct method *ngram;                  /* --ngram-model's */
	struct method_scorer *ngram_scorer;
	struct stop_lists *stop_lists;
	struct method **fold_methods;          /* --ngram-folds' */
	struct method_scorer **fold_scorers;
	struct logistic_pages pages;
	struct train_reader reader;
	struct strbuf instances;
};

static void run_init(struct logistic_run *r, const struct train_settings *s,
		     const struct train_host *host)
{
	memset(r, 0, sizeof(*r));
	r->s = s;
	r->host = host;
	r->text.ngram_language = s->language;
	r->training = logistic_training_new(&r->text);
	logistic_training_set_trees(r->training, &s->boost);
	logistic_training_set_snippet_weight(r->training, s->snippet_weight);
	if (s->stack.folds) {
		struct logistic_stack_settings stack = s->stack;
		stack.snippet_weight = stack.snippet_weight > 0 ? stack.snippet_weight : 1;
		stack.bias_offset = s->bias;   /* the margins the model's users see */
		logistic_training_set_stack(r->training, &stack);
	}
	r->fold_methods = xcalloc((size_t)s->ngram_folds + 1, sizeof(*r->fold_methods));
	r->fold_scorers = xcalloc((size_t)s->ngram_folds + 1, sizeof(*r->fold_scorers));
	r->pages.training = r->training;
	strbuf_init(&r->instances);
	if (s->instances)
		logistic_training_keep_instances(r->training, &r->instances);
	if (s->ngram_model)
		r->model.ngram_model = xstrdup(s->ngram_name);
}

static void run_release(struct logistic_run *r)
{
	strbuf_release(&r->instances);
	logistic_training_free(r->training);
	logistic_model_release(&r->model);
	stop_lists_free(r->stop_lists);
	method_scorer_free(r->ngram_scorer);
	method_free(r->ngram);
	for (int k = 0; k < r->s->ngram_folds; k++) {
		method_scorer_free(r->fold_scorers[k]);
		method_free(r->fold_methods[k]);
	}
	free(r->fold_scorers);
	free(r->fold_methods);
	r->host->close_reader(r->host->data, &r->reader);
}

/* The stop-word lists and the n-gram models the features need; 0, or 2
 * after saying why. */
static int load_features(struct logistic_run *r, int ndirs, char **dirs)
{
	const struct train_settings *s = r->s;
	struct nc_error err = { 0 };

	/* The stop-word lists the method will read, from the data directory. */
	if (!(r->stop_lists = logistic_stop_lists_load(s->data_dir, &err))) {
		train_say(r->host, "%s%s", err.message, r->host->data_dir_hint);
		return 2;
	}
	r->text.stop_lists = r->stop_lists;
	if (s->ngram_folds) {
		if (ngram_folds_train(s, r->host, ndirs, dirs, r->fold_methods,
				      r->fold_scorers) != 0)
			return 2;
		r->pages.ngram = r->fold_scorers;
		r->pages.count = (size_t)s->ngram_folds;
	} else if (s->ngram_model) {
		if (!(r->ngram = ncleaner_method_load(s->ngram_model, 0, 0, &err))) {
			train_say(r->host, "--ngram-model: %s", err.message);
			return 2;
		}
		r->ngram_scorer = method_scorer_new(r->ngram);
		r->text.ngram_language = ncleaner_method_language(r->ngram);
		r->pages.ngram = &r->ngram_scorer;
		r->pages.count = 1;
	}
	return 0;
}

/* The model's description: --description, else the figures. */
static void describe(const struct logistic_run *r, const struct logistic_training_counts *counts,
		     const struct logistic_fit *fit, size_t snippet_pages, struct strbuf *out)
{
	const struct train_settings *s = r->s;
	if (s->description) {
		strbuf_addstr(out, s->description);
		return;
	}
	strbuf_addf(out, "logistic regression on %zu segments of %zu pages (%zu "
		    "in the gold texts); the bias of the best F in words on them%s: P %.2f, "
		    "R %.2f, F %.2f (plain: P %.2f, R %.2f, F %.2f)", counts->segments,
		    counts->pages, counts->found, s->bias ? " moved by -b" : "",
		    fit[0].precision, fit[0].recall, fit[0].f, fit[1].precision, fit[1].recall,
		    fit[1].f);
	if (snippet_pages)
		strbuf_addf(out, "; %zu of the pages labelled by snippets (their labelled "
			    "segments only)", snippet_pages);
}

/* Learn the model from the pages read, write it to `out_path` and say
 * what was written; the exit status. */
static int learn_and_write(struct logistic_run *r, const struct logistic_training_counts *counts,
			   size_t snippet_pages, const char *out_path, clock_t started)
{
	const struct train_settings *s = r->s;
	struct strbuf out = STRBUF_INIT, description = STRBUF_INIT;
	struct nc_error err = { 0 };
	struct logistic_fit fit[2];
	int status = 2;

	if (logistic_training_learn(r->training, &r->model, fit, &err) < 0) {
		train_say(r->host, "%s", err.message);
		goto out;
	}
	/* -b moves both biases from those of best F (a precision floor, say). */
	r->model.bias += s->bias;
	r->model.plain_bias += s->bias;
	describe(r, counts, fit, snippet_pages, &description);
	r->model.description = description.buf;
	r->model.built = r->reader.built;
	logistic_model_write(&r->model, &out);
	r->model.description = NULL;
	if (train_save_text(r->host, &out, out_path, &err) < 0) {
		train_say(r->host, "%s", err.message);
		goto out;
	}
	train_say(r->host, "wrote %s: %zu segments of %zu pages, %zu in the gold texts; bias %.3f "
		  "(P %.2f, R %.2f, F %.2f in words on the training pages at the best F's), "
		  "without structure %.3f (P %.2f, R %.2f, F %.2f); %d and %d Newton steps, "
		  "%.2f s CPU", out_path, counts->segments, counts->pages, counts->found,
		  r->model.bias, fit[0].precision, fit[0].recall, fit[0].f, r->model.plain_bias,
		  fit[1].precision, fit[1].recall, fit[1].f, fit[0].steps, fit[1].steps,
		  (double)(clock() - started) / CLOCKS_PER_SEC);
	train_warn_few_pages(r->host, counts->pages);
	status = 0;
out:
	strbuf_release(&out);
	strbuf_release(&description);
	return status;
}

/* The instances as read, also when learning fails on them; 0, or 2. */
static int write_instances(struct logistic_run *r, const struct logistic_training_counts *counts)
{
	struct nc_error err = { 0 };
	if (train_save_text(r->host, &r->instances, r->s->instances, &err) < 0) {
		train_say(r->host, "--instances: %s", err.message);
		return 2;
	}
	train_say(r->host, "wrote %s: %zu instances of %zu pages", r->s->instances,
		  counts->segments, counts->pages);
	return 0;
}

/* `dirs` holds pairs: GOLD_DIR RAW_DIR ... */
static int train_logistic(const struct train_settings *s, int ndirs, char **dirs,
			  const char *out_path, const struct train_host *host)
{
	struct logistic_run r;
	clock_t started = clock();
	int status;

	run_init(&r, s, host);
	status = load_features(&r, ndirs, dirs);
	if (status == 0 && host->open_reader(host->data, s->method, s->paper, &r.reader) < 0)
		status = 2;
	if (status != 0)
		goto out;
	status = labelled_pages_read(host, add_logistic_page, &r.pages, r.reader.worker, ndirs,
				     dirs);
	host->stop_reader(host->data, &r.reader);
	if (status == 2)
		goto out;
	struct logistic_training_counts counts;
	logistic_training_counts(r.training, &counts);
	if (counts.pages == 0) {
		train_say(host, "no page with a gold text to learn from");
		status = 2;
		goto out;
	}
	size_t snippet_pages = report_snippet_labels(r.training, host);
	if (s->instances && write_instances(&r, &counts) != 0) {
		status = 2;
		goto out;
	}
	int learnt = learn_and_write(&r, &counts, snippet_pages, out_path, started);
	status = learnt ? learnt : status;
out:
	run_release(&r);
	return status;
}

/* The logistic trainer reads what ICE's do, and -b (added to the bias). */
static int check_logistic(struct train_settings *s, int nargs, const struct train_host *host)
{
	int bias_given = s->bias_given;
	const char *language = s->language;
	s->bias_given = 0;
	s->language = NULL;
	int ret = ice_trainer.check(s, nargs, host);
	s->bias_given = bias_given;
	s->language = language;
	if (ret == 0 && s->ngram_folds && !s->ngram_model) {
		train_say(host, "--ngram-folds trains the n-gram model of ngram_llr: name the "
			  "file to write with --ngram-model");
		return 2;
	}
	if (ret == 0 && s->language && !s->ngram_folds) {
		train_say(host, "--language names the language of the character models that "
			  "--ngram-folds trains (a model named with --ngram-model says its own)");
		return 2;
	}
	return ret == 0 && s->language ? train_check_language(host, s->language) : ret;
}

static int run_logistic(struct train_settings *s, int nargs, char **args,
			const struct train_host *host)
{
	return train_logistic(s, nargs - 1, args, args[nargs - 1], host);
}

const struct trainer logistic_trainer = {
	"GOLD_DIR|SNIPPETS.json RAW_DIR [GOLD_DIR|SNIPPETS.json RAW_DIR]... OUT.model",
	check_logistic, run_logistic,
};
