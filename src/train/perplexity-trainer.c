/* perplexity-trainer.c: train-ncleaner's trainer of the perplexity method,
 * CLEAN_TEXT_DIR... OUT.model: a word bigram or trigram model of clean
 * texts (trainer.h); the counting is perplexity-training.h's. */
#include "train/trainer.h"

#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "method/perplexity-method.h"
#include "train/perplexity-counts.h"
#include "train/perplexity-training.h"

/* Write the counts as a model whole or not at all (not const:
 * perplexity_counts_write() takes it so); 0, or the exit status
 * after saying why (2 when the file could not be written, else 1). */
static int write_model(const struct train_settings *s, struct perplexity_counts *counts,
		       const char *description, const char *out_path,
		       const struct train_host *host)
{
	struct nc_error err = { 0 };
	struct atomic_file file;
	int ok = 0;

	if (train_output_open(host, &file, out_path, &err) == 0) {
		ok = perplexity_counts_write(counts, file.stream, out_path, s->max_perplexity,
					     description, &err) == 0;
		ok = train_output_close(host, &file, ok, &err) == 0 && ok;
	}
	if (ok)
		return 0;
	train_say(host, "%s", err.message);
	return err.code == NC_ERR_IO ? 2 : 1;
}

/* What was written. */
static void say_written(const struct train_settings *s, const struct perplexity_counts *counts,
			size_t files, const char *out_path, clock_t started,
			const struct train_host *host)
{
	char trigrams[48] = "";
	if (s->order == 3)
		snprintf(trigrams, sizeof(trigrams), ", %" PRIu64 " trigrams",
			 perplexity_counts_distinct(counts, 3));
	train_say(host, "wrote %s: order %d, %" PRIu64 " sentences, %" PRIu64 " tokens, "
		  "%" PRIu64 " words, %" PRIu64 " bigrams%s, %zu files, %.2f s CPU", out_path,
		  s->order, perplexity_counts_sentences(counts), perplexity_counts_tokens(counts),
		  perplexity_counts_distinct(counts, 1), perplexity_counts_distinct(counts, 2),
		  trigrams, files, (double)(clock() - started) / CLOCKS_PER_SEC);
}

/* Count every clean text under `dirs` and write the model. */
static int train_perplexity(const struct train_settings *s, int ndirs, char **dirs,
			    const char *out_path, const struct train_host *host)
{
	struct nc_error err = { 0 };
	struct file_source *texts = file_source_new(FILE_KIND_TEXT, FILE_SOURCE_DEFAULT,
						    host->say, host->data);
	struct perplexity_counts *counts = perplexity_counts_new(s->order, &err);
	struct strbuf description = STRBUF_INIT;
	int status = 2;
	clock_t started = clock();

	if (!counts) {
		train_say(host, "%s", err.message);
		goto out;
	}
	for (int i = 0; i < ndirs; i++)
		if (file_source_add(texts, dirs[i]) < 0)
			goto out;
	file_source_finish(texts);
	if (file_source_count(texts) == 0) {
		train_say(host, "no text files to train on");
		goto out;
	}
	/* Clean texts in any language: their charsets as ncleaner chooses a
	 * dump's (no --paper here). */
	const struct charset_policy policy = { NULL, 0 };
	if (perplexity_training_add_files(counts, texts, &policy, &err) < 0) {
		train_say(host, "%s", err.message);
		status = 1;
		goto out;
	}
	if (s->description)
		strbuf_addstr(&description, s->description);
	else
		strbuf_addf(&description, "word %s model of %zu clean texts",
			    s->order == 2 ? "bigram" : "trigram", file_source_count(texts));
	status = write_model(s, counts, description.buf, out_path, host);
	if (status == 0)
		say_written(s, counts, file_source_count(texts), out_path, started, host);
out:
	strbuf_release(&description);
	perplexity_counts_free(counts);
	file_source_free(texts);
	return status;
}

static int check_perplexity(struct train_settings *s, int nargs, const struct train_host *host)
{
	if (train_ncleaner_options_given(s)) {
		train_say(host, "--diff, --standard, --mode, -q, --bias, --paper, "
			  "--direct-segments, --tune and --language train the ncleaner method, "
			  "not perplexity");
		return 2;
	}
	if (s->order == 0)
		s->order = 2;
	if (s->order != 2 && s->order != 3) {
		train_say(host, "-n: a perplexity model is of order 2 or 3, not %d", s->order);
		return 2;
	}
	if (s->max_perplexity == 0)
		s->max_perplexity = PERPLEXITY_DEFAULT_MAX;
	return nargs < 2 ? -1 : 0;
}

static int run_perplexity(struct train_settings *s, int nargs, char **args,
			  const struct train_host *host)
{
	return train_perplexity(s, nargs - 1, args, args[nargs - 1], host);
}

const struct trainer perplexity_trainer = {
	"CLEAN_TEXT_DIR... OUT.model", check_perplexity, run_perplexity,
};
