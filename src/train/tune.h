/* tune.h: choosing n and q by cross-validated cross-entropy (the paper's
 * Figure 2).
 *
 * The raw texts are split into folds (file i goes to fold i mod K); for each
 * fold a model of every order up to NGRAM_MAX_ORDER is estimated on the
 * other folds, and the held-out texts are scored for every n = 1..8 and
 * q = 0.05, 0.10, ..., 0.95. The result is the cross-entropy in bits per
 * symbol, summed over all folds.
 */
#ifndef NC_TUNE_H
#define NC_TUNE_H

#include <stddef.h>

#include "method/ngram.h"
#include "train/training.h"

#define TUNE_Q_STEPS 19   /* q = 0.05, 0.10, ..., 0.95 */

static inline double tune_q(int step)
{
	return 0.05 * (step + 1);
}

struct tune_table {
	double bits[NGRAM_MAX_ORDER + 1][TUNE_Q_STEPS];   /* summed over held-out symbols */
	size_t symbols;                                   /* held-out symbols predicted */
};

/* Called after each fold, for progress reports; may be NULL. */
typedef void (*tune_progress_fn)(void *data, int fold, int folds);

/* Cross-validate over the texts `files[0..count)` in `folds` folds. */
void tune_cross_validate(const struct symbol_segments *files, size_t count, int folds,
			 enum ngram_mode mode, struct tune_table *table,
			 tune_progress_fn progress, void *progress_data);

/* Bits per symbol of (n, q step). */
static inline double tune_entropy(const struct tune_table *table, int n, int q_step)
{
	return table->bits[n][q_step] / (double)table->symbols;
}

#endif
