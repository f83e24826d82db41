/* ngram-folds.h: the character n-gram models of the logistic model's
 * ngram_llr, trained by train-ncleaner itself (--ngram-folds K).
 *
 * With the settings of english.model (make models: differential training,
 * n 3, q 0.5, mode 1, the 2008 reading of raw pages through the renderer
 * chosen, Lynx by default): one model of every training page, written to
 * --ngram-model's file for the logistic model to name, and K that each
 * leave out a fold of the pages (page n is in fold n % K, in the order the
 * logistic trainer reads them, labelled-pages.h), whose LLRs the
 * regression learns from: each page's from the model that did not see it.
 */
#ifndef NC_NGRAM_FOLDS_H
#define NC_NGRAM_FOLDS_H

#include "method/method.h"
#include "train/trainer.h"

/* Train the s->ngram_folds fold models into `methods` (and their scorers
 * into `scorers`, both owned by the caller, freed with method_free() and
 * method_scorer_free()) and write the model of every page to
 * s->ngram_model; 0, or 2 after saying why. */
int ngram_folds_train(const struct train_settings *s, const struct train_host *host, int ndirs,
		      char **dirs, struct method **methods, struct method_scorer **scorers);

#endif
