/* ngram-folds.c: the fold n-gram models of the logistic trainer
 * (ngram-folds.h): every page read once, as english.model's pages were,
 * and counted K + 1 times. */
#include "train/ngram-folds.h"

#include <stdio.h>
#include <string.h>

#include "base/alloc.h"
#include "method/ncleaner-method.h"
#include "train/labelled-pages.h"
#include "train/ngram-trainer.h"

/* english.model's settings (models/Makefile.models). */
#define NGRAM_ORDER 3
#define NGRAM_Q 0.5
#define NGRAM_MODE NGRAM_MODE_ASCII

struct ngram_page {
	struct symbol_segments clean, raw;
	int failed;
	int snippets;   /* labelled by snippets: no gold text, nothing counted */
};

struct ngram_pages {
	const struct train_host *host;
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
		train_say(p->host, "%s (read for the character models)", err.message);
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
		ngram_count_texts(&page->clean, &page->raw, 1, &clean, &dirty);
	}
	ncleaner_model_init(model, NGRAM_ORDER, NGRAM_Q, NGRAM_MODE);
	if (language)   /* so that the logistic method knows where its ratio speaks */
		snprintf(model->language, sizeof(model->language), "%s", language);
	ngram_model_estimate(&model->clean, &clean, NGRAM_MODE);
	ngram_model_estimate(&model->dirty, &dirty, NGRAM_MODE);
	ngram_counts_release(&clean);
	ngram_counts_release(&dirty);
}

/* The pages read well enough to count, after saying when they are fewer
 * than the folds; 0 when too few. */
static size_t pages_enough(const struct train_settings *s, const struct ngram_pages *pages)
{
	size_t read = 0, snippet_pages = 0;
	for (size_t i = 0; i < pages->count; i++) {
		read += !pages->items[i].failed && !pages->items[i].snippets;
		snippet_pages += pages->items[i].snippets;
	}
	if (read >= (size_t)s->ngram_folds)
		return read;
	train_say(pages->host, "--ngram-folds %d: %zu pages read, and each fold of the character "
		  "models needs one%s", s->ngram_folds, read, snippet_pages ?
		  " (pages labelled by snippets, without a gold text, do not count)" : "");
	return 0;
}

/* The K fold models as methods; 0, or -1 after saying why. */
static int fold_methods(const struct train_settings *s, const struct ngram_pages *pages,
			struct method **methods, struct method_scorer **scorers)
{
	struct ncleaner_model model;
	struct nc_error err = { 0 };
	for (size_t k = 0; k < (size_t)s->ngram_folds; k++) {
		estimate_ngram(pages, (size_t)s->ngram_folds, (long)k, s->language, &model);
		methods[k] = ncleaner_method_new(&model, 0, 0, &err);
		ncleaner_model_release(&model);
		if (!methods[k]) {
			train_say(pages->host, "%s", err.message);
			return -1;
		}
		scorers[k] = method_scorer_new(methods[k]);
	}
	return 0;
}

/* The model of every page, written to s->ngram_model; 0, or 2. */
static int write_whole_model(const struct train_settings *s, const struct ngram_pages *pages,
			     const struct model_provenance *built, size_t read)
{
	struct ncleaner_model model;
	struct nc_error err = { 0 };
	int status = 2;

	estimate_ngram(pages, 1, -1, s->language, &model);
	model.built = *built;
	model.description = xstrdup("the character models of the logistic model's ngram_llr: "
				    "differential training on its training pages");
	if (ngram_save_model(pages->host, &model, s->ngram_model, &err) < 0) {
		train_say(pages->host, "%s", err.message);
	} else {
		train_say(pages->host, "wrote %s: the n-gram model of ngram_llr, %zu + %zu n-grams "
			  "of %zu pages, %d folds for the LLRs learnt from", s->ngram_model,
			  ngram_model_entries(&model.clean), ngram_model_entries(&model.dirty),
			  read, s->ngram_folds);
		status = 0;
	}
	ncleaner_model_release(&model);
	return status;
}

int ngram_folds_train(const struct train_settings *s, const struct train_host *host, int ndirs,
		      char **dirs, struct method **methods, struct method_scorer **scorers)
{
	struct ngram_pages pages = { .host = host };
	struct train_reader reader = { 0 };
	int status = 2;

	/* Raw pages read as english.model's are: the 2008 reading (through the
	 * renderer chosen, as the logistic trainer's). */
	ngram_alphabet_init(&pages.reader.alphabet, NGRAM_MODE);
	pages.reader.reading = TRAINING_COMPATIBLE;
	if (host->open_reader(host->data, NCLEANER_METHOD_NAME, 1, &reader) < 0)
		goto out;
	pages.reader.worker = reader.worker;
	/* Quiet about unpaired files: the logistic trainer's walk says so. */
	if (labelled_pages_walk(host, ndirs, dirs, 0, read_ngram_page, &pages) == 2)
		goto out;
	size_t read = pages_enough(s, &pages);
	if (read && fold_methods(s, &pages, methods, scorers) == 0)
		status = write_whole_model(s, &pages, &reader.built, read);
out:
	if (reader.worker)
		host->stop_reader(host->data, &reader);
	ngram_pages_release(&pages);
	host->close_reader(host->data, &reader);
	return status;
}
