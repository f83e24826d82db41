/* ngram-trainer.h: the ncleaner method's clean and dirty character n-gram
 * models (trainer.h's ncleaner_trainer), and what the logistic trainer's
 * fold models (ngram-folds.h) and the front end's --tune share with it.
 */
#ifndef NC_NGRAM_TRAINER_H
#define NC_NGRAM_TRAINER_H

#include "method/ncleaner-model.h"
#include "source/file-pairs.h"
#include "train/trainer.h"
#include "train/training.h"

/* Count a clean text into the clean model and the raw or dirty text into
 * the dirty one; `diff`: differential training, the dirty model counts the
 * raw text minus the clean. */
void ngram_count_texts(const struct symbol_segments *clean_text,
		       const struct symbol_segments *raw_text, int diff,
		       struct ngram_counts *clean, struct ngram_counts *dirty);

/* Write the model whole or not at all, also when a signal arrives. */
int ngram_save_model(const struct train_host *host, const struct ncleaner_model *model,
		     const char *path, struct nc_error *err);

/* What to do with the paired files, read through `reader`: the exit status. */
typedef int (*ngram_pairs_fn)(void *data, const struct file_pairs *pairs,
			      const struct training_reader *reader,
			      const struct model_provenance *built);

/* Open the reader of s->method in the settings' mode and reading, pair the
 * files of `gold_dir` (NULL: none, as --tune reads) and `raw_dir` by id and
 * call use(); the exit status (2 when a directory or the reader failed). */
int ngram_pairs_read(const struct train_settings *s, const struct train_host *host,
		     const char *gold_dir, const char *raw_dir, ngram_pairs_fn use, void *data);

#endif
