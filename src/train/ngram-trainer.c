/* ngram-trainer.c: train-ncleaner's trainer of the ncleaner method,
 * CLEAN_DIR RAW_OR_DIRTY_DIR OUT.model: counting the paired texts into
 * the clean and dirty character n-gram models (ngram-trainer.h). */
#include "train/ngram-trainer.h"

#include <stdio.h>
#include <time.h>

void ngram_count_texts(const struct symbol_segments *clean_text,
		       const struct symbol_segments *raw_text, int diff,
		       struct ngram_counts *clean, struct ngram_counts *dirty)
{
	symbol_segments_count(clean_text, clean, 1);
	if (diff)
		symbol_segments_count(clean_text, dirty, -1);
	symbol_segments_count(raw_text, dirty, 1);
}

int ngram_save_model(const struct train_host *host, const struct ncleaner_model *model,
		     const char *path, struct nc_error *err)
{
	struct atomic_file file;

	if (train_output_open(host, &file, path, err) < 0)
		return -1;
	int ret = ncleaner_model_write(model, file.stream, path, err);
	int closed = train_output_close(host, &file, ret == 0, err);
	return ret == 0 ? closed : ret;
}

/* Read pair i's texts and count them; 0, or -1 with `err` set. Both texts
 * are read before either is counted, so a file that fails half-way leaves
 * no trace in the model. */
static int count_pair(const struct train_settings *s, const struct training_reader *reader,
		      const struct file_input *gold, const struct file_input *raw,
		      struct ngram_counts *clean, struct ngram_counts *dirty, struct nc_error *err)
{
	struct symbol_segments clean_text = { 0 }, raw_text = { 0 };
	int ret = 0;
	if (gold)
		ret = training_read_gold(reader, gold, &clean_text, err);
	if (ret == 0 && raw)
		ret = s->diff ? training_read_raw(reader, raw, &raw_text, err)
			      : training_read_gold(reader, raw, &raw_text, err);
	if (ret == 0)
		ngram_count_texts(&clean_text, &raw_text, s->diff, clean, dirty);
	symbol_segments_release(&clean_text);
	symbol_segments_release(&raw_text);
	return ret;
}

/* The model of the counts, described, with the settings' parameters. */
static void estimate_model(const struct train_settings *s, const struct model_provenance *built,
			   struct ngram_counts *clean, struct ngram_counts *dirty, size_t nclean,
			   size_t nraw, struct ncleaner_model *model)
{
	ncleaner_model_init(model, s->order, s->q, (enum ngram_mode)s->mode);
	model->bias = s->bias;
	if (s->language)
		snprintf(model->language, sizeof(model->language), "%s", s->language);
	if (s->diff)
		model->built = *built;   /* the raw pages went through the pipeline */
	ngram_model_estimate(&model->clean, clean, (enum ngram_mode)s->mode);
	ngram_model_estimate(&model->dirty, dirty, (enum ngram_mode)s->mode);
	struct strbuf description = STRBUF_INIT;
	if (s->description)
		strbuf_addstr(&description, s->description);
	else
		strbuf_addf(&description, "%s training on %zu clean and %zu %s files",
			    s->diff ? "differential" : "standard", nclean, nraw,
			    s->diff ? "raw" : "dirty");
	model->description = strbuf_detach(&description, NULL);
}

/* The models counted from the pairs and written to the output. */
struct ngram_training {
	const struct train_settings *settings;
	const struct train_host *host;
	const char *out_path;
};

static int train_ngram_model(void *data, const struct file_pairs *pairs,
			     const struct training_reader *reader,
			     const struct model_provenance *built)
{
	const struct ngram_training *t = data;
	const struct train_settings *s = t->settings;
	const struct train_host *host = t->host;
	struct ngram_counts clean, dirty;
	struct ncleaner_model model;
	struct nc_error err = { 0 };
	size_t nclean = 0, nraw = 0;
	int status = 0;
	clock_t started = clock();

	ngram_counts_init(&clean, s->order);
	ngram_counts_init(&dirty, s->order);
	for (size_t i = 0; i < pairs->count; i++) {
		const struct file_input *gold = pairs->items[i].first, *raw = pairs->items[i].second;
		if (s->diff && (!gold || !raw)) {
			train_say(host, "warning: %s has no %s file (skipped)",
				  gold ? gold->path : raw->path, gold ? "raw" : "clean");
			continue;
		}
		if (count_pair(s, reader, gold, raw, &clean, &dirty, &err) == 0) {
			nclean += gold != NULL;
			nraw += raw != NULL;
		} else {
			train_say(host, "%s", err.message);
			status = 1;
		}
	}
	if (!nclean || !nraw) {
		train_say(host, "need at least one clean and one %s file", s->diff ? "raw" : "dirty");
		status = 2;
		goto out;
	}
	estimate_model(s, built, &clean, &dirty, nclean, nraw, &model);
	if (ngram_save_model(host, &model, t->out_path, &err) < 0) {
		train_say(host, "%s", err.message);
		status = 2;
	} else {
		train_say(host, "wrote %s: n = %d, q = %g, mode %d, %zu + %zu n-grams, "
			  "%zu clean and %zu %s files, %.2f s CPU", t->out_path, s->order, s->q,
			  s->mode, ngram_model_entries(&model.clean), ngram_model_entries(&model.dirty),
			  nclean, nraw, s->diff ? "raw" : "dirty",
			  (double)(clock() - started) / CLOCKS_PER_SEC);
	}
	ncleaner_model_release(&model);
out:
	ngram_counts_release(&clean);
	ngram_counts_release(&dirty);
	return status;
}

/* Pair the files of the directories, then use() them. */
static int use_pairs(const struct train_host *host, const char *gold_dir, const char *raw_dir,
		     ngram_pairs_fn use, void *data, const struct training_reader *reader,
		     const struct model_provenance *built)
{
	struct file_source *gold = NULL, *raw;
	struct file_pairs pairs = { 0 };
	int status = 2;

	if (gold_dir) {
		gold = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT, host->say, host->data);
		if (file_source_add(gold, gold_dir) < 0)
			goto out;
	}
	raw = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT, host->say, host->data);
	if (file_source_add(raw, raw_dir) == 0) {
		file_pairs_build(&pairs, PAIR_BY_ID, gold, raw, host->say, host->data);
		status = use(data, &pairs, reader, built);
	}
	file_source_free(raw);
out:
	file_pairs_release(&pairs);
	file_source_free(gold);
	return status;
}

int ngram_pairs_read(const struct train_settings *s, const struct train_host *host,
		     const char *gold_dir, const char *raw_dir, ngram_pairs_fn use, void *data)
{
	struct training_reader reader = { 0 };
	struct train_reader opened = { 0 };
	int status = 2;

	ngram_alphabet_init(&reader.alphabet, (enum ngram_mode)s->mode);
	reader.reading = s->direct ? TRAINING_DIRECT : TRAINING_COMPATIBLE;
	if (host->open_reader(host->data, s->method, s->paper, &opened) == 0) {
		reader.worker = opened.worker;
		status = use_pairs(host, gold_dir, raw_dir, use, data, &reader, &opened.built);
		host->stop_reader(host->data, &opened);
	}
	host->close_reader(host->data, &opened);
	return status;
}

static int check_ncleaner(struct train_settings *s, int nargs, const struct train_host *host)
{
	if (s->max_perplexity_given) {
		train_say(host, "--max-perplexity is for --method perplexity");
		return 2;
	}
	if (s->order == 0)
		s->order = 3;
	if (s->language && train_check_language(host, s->language) != 0)
		return 2;
	if (nargs != (s->tune ? 1 : 3))
		return -1;
	if (s->diff && s->standard) {
		train_say(host, "--diff and --standard are two kinds of training: choose one");
		return 2;
	}
	if (!s->tune && !s->diff && !s->standard)
		train_say(host, "warning: standard training: the second directory is read as "
			  "boilerplate texts; for raw pages, train differentially with --diff "
			  "(--standard says this is meant)");
	if (s->paper && s->direct) {
		train_say(host, "--paper reads raw pages as the 2008 tool did; "
			  "--direct-segments does not");
		return 2;
	}
	return 0;
}

/* With --diff, clean texts and the raw pages they were cut from cannot be
 * the same files (the dirty model would be empty). */
static int run_ncleaner(struct train_settings *s, int nargs, char **args,
			const struct train_host *host)
{
	struct ngram_training training = { s, host, args[2] };
	(void)nargs;
	if (train_same_file(args[0], args[1])) {
		train_say(host, "%s and %s are the same: the %s directory must hold other "
			  "files than the clean texts", args[0], args[1], s->diff ? "raw" : "dirty");
		return 2;
	}
	return ngram_pairs_read(s, host, args[0], args[1], train_ngram_model, &training);
}

const struct trainer ncleaner_trainer = {
	"CLEAN_DIR RAW_OR_DIRTY_DIR OUT.model (or --tune TEXT_DIR)", check_ncleaner, run_ncleaner,
};
