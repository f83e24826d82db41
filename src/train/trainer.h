/* trainer.h: what a trainable method learns, as an entry of compose's
 * method table (compose.h, struct method_entry's `trainer`).
 *
 * A trainer checks the settings and operands of train-ncleaner for its
 * method, reads the training pages and writes the model. It reads no
 * argument, opens no terminal and installs no signal handler: the front end
 * does (cli/main-train.c) and lends it a struct train_host for what only a
 * front end may do: saying a line to the user, opening the stages that read
 * raw pages (those are chosen by compose/, a layer after this one), and
 * guarding a file being written against signals. A trainer prints nothing
 * itself; every line goes through host->say, so that the words, their order
 * and the exit statuses are the front end's as they were before trainers
 * were entries.
 *
 * Exit statuses, as train-ncleaner's: 0 written, 1 an input failed (the
 * model is still written), 2 a usage or set-up error (nothing written).
 */
#ifndef NC_TRAINER_H
#define NC_TRAINER_H

#include <stddef.h>

#include "base/file.h"
#include "base/strbuf.h"
#include "method/model-file.h"
#include "pipeline/pipeline.h"
#include "source/page-source.h"
#include "train/boosting.h"
#include "train/logistic-training.h"

/* --- what train-ncleaner's options said ---------------------------------------- */

/* Filled by the front end from its arguments; a check may set a default
 * (order, confidence, ...) of its method. */
struct train_settings {
	const char *method;
	int diff, standard, order, mode, tune, direct, paper;
	double q, bias, max_perplexity, confidence, discount;
	int q_given, bias_given, max_perplexity_given;   /* -q, -b, --max-perplexity */
	const char *description;         /* --description TEXT, or NULL */
	const char *language;            /* --language CODE: what the clean texts are in */
	const char *data_dir;            /* where the stop-word lists are (logistic) */
	const char *ngram_model;         /* --ngram-model FILE: the logistic model's ngram_llr */
	const char *ngram_name;          /* how the model written names it (the front end's) */
	const char *instances;           /* --instances FILE: the logistic trainer's instances */
	int ngram_folds;                 /* --ngram-folds K: train it here (0: read it) */
	struct boost_settings boost;     /* --trees N, --tree-depth D */
	double snippet_weight;           /* --snippet-weight W; 0: words */
	struct logistic_stack_settings stack;   /* --stack-folds K, --stack-snippet-weight W
						   (bias_offset: -b's, set by the trainer) */
};

/* --- what the front end lends ---------------------------------------------------- */

/* Stages 1-3 as ncleaner would run them for a method: the worker reading
 * raw pages, and what a model records of them. */
struct train_reader {
	struct worker *worker;
	struct model_provenance built;   /* valid until close_reader() */
	void *host;                      /* the front end's */
};

struct train_host {
	void *data;
	/* A line for the user (a warning, what was written); a file source's
	 * report callback too. */
	file_source_report_fn say;
	/* Open `reader` for `method`'s pages (`paper`: the 2008 reading); 0, or
	 * -1 after saying why. */
	int (*open_reader)(void *data, const char *method, int paper, struct train_reader *reader);
	/* Stop guarding the reader's worker against signals (reading is done). */
	void (*stop_reader)(void *data, struct train_reader *reader);
	/* Free what open_reader() made (any state; a reader never opened too). */
	void (*close_reader)(void *data, struct train_reader *reader);
	/* Guard `file` against signals (on) or stop (off): a signal must not
	 * leave its temporary file behind. */
	void (*guard)(void *data, struct atomic_file *file, int on);
	/* Said after a file of the data directory could not be read: how the
	 * front end is told where that directory is. */
	const char *data_dir_hint;
};

/* host->say with printf arguments. */
void train_say(const struct train_host *host, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Open `file` for `path`, guarded, saying what leftovers it removed; 0, or
 * -1 with `err` set (and nothing left guarded). */
int train_output_open(const struct train_host *host, struct atomic_file *file, const char *path,
		      struct nc_error *err);
/* Commit (`ok`) or abort `file`, and stop guarding it. */
int train_output_close(const struct train_host *host, struct atomic_file *file, int ok,
		       struct nc_error *err);
/* Write `text` to `path` whole or not at all. */
int train_save_text(const struct train_host *host, const struct strbuf *text, const char *path,
		    struct nc_error *err);

/* After the P, R and F on the training pages, when `pages` are too few
 * to trust them. */
void train_warn_few_pages(const struct train_host *host, size_t pages);

/* --- the trainers ------------------------------------------------------------------ */

struct trainer {
	const char *operands;   /* for messages */
	/* The settings and the number of operands: 0, 2 after saying what is
	 * wrong, -1 for operands of the wrong number (the front end says so). */
	int (*check)(struct train_settings *s, int nargs, const struct train_host *host);
	/* Train from args[0..nargs-2] into args[nargs-1]; the exit status.
	 * The front end has checked first that each file the run writes (OUT,
	 * and s->ngram_model under --ngram-folds, s->instances) may be
	 * replaced, and set s->ngram_name. */
	int (*run)(struct train_settings *s, int nargs, char **args, const struct train_host *host);
};

extern const struct trainer ncleaner_trainer;     /* ngram-trainer.c */
extern const struct trainer perplexity_trainer;   /* perplexity-trainer.c */
extern const struct trainer ice_trainer;          /* ice-trainer.c: ice-dt and ice-lm */
extern const struct trainer logistic_trainer;     /* logistic-trainer.c */

/* --- checks the trainers share ------------------------------------------------------ */

/* --language CODE: one code, as CLD2 names languages; 0, or 2 after
 * saying why not. */
int train_check_language(const struct train_host *host, const char *language);

/* Options only the ncleaner trainer reads. */
int train_ncleaner_options_given(const struct train_settings *s);

/* Two operands that are the same file or directory. */
int train_same_file(const char *a, const char *b);

#endif
