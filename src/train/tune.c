/* tune.c: cross-validated cross-entropy (see tune.h). */
#include "train/tune.h"

#include <math.h>
#include <string.h>

/* Add the bits of `list` under `model` for every (n, q) to the table. */
static void add_cross_entropy(const struct ngram_model *model, const struct symbol_segments *list,
			      const ngram_weights *weights, struct tune_table *table)
{
	for (size_t s = 0; s < list->count; s++) {
		struct ngram_cursor c;
		for (ngram_cursor_start(&c, list->symbols[s], list->len[s]); ngram_cursor_next(&c);) {
			double p[NGRAM_MAX_ORDER + 1];
			for (int j = 1; j <= NGRAM_MAX_ORDER; j++)
				p[j] = (size_t)j <= c.seen ? ngram_model_prob(model, j, c.key & ngram_key_mask(j)) : 0;
			for (int n = 1; n <= NGRAM_MAX_ORDER; n++) {
				int m = (size_t)n < c.seen ? n : (int)c.seen;
				for (int qi = 0; qi < TUNE_Q_STEPS; qi++)
					table->bits[n][qi] -= log2(ngram_interpolate(weights[qi][m], p, m));
			}
		}
		table->symbols += list->len[s] + 2;
	}
}

void tune_cross_validate(const struct symbol_segments *files, size_t count, int folds,
			 enum ngram_mode mode, struct tune_table *table,
			 tune_progress_fn progress, void *progress_data)
{
	static const int max = NGRAM_MAX_ORDER;
	ngram_weights weights[TUNE_Q_STEPS];

	memset(table, 0, sizeof(*table));
	for (int qi = 0; qi < TUNE_Q_STEPS; qi++)
		ngram_weights_init(weights[qi], tune_q(qi), max);
	for (int fold = 0; fold < folds; fold++) {
		struct ngram_counts counts;
		struct ngram_model model;
		ngram_counts_init(&counts, max);
		ngram_model_init(&model, max, mode);
		for (size_t i = 0; i < count; i++)
			if ((int)(i % (size_t)folds) != fold)
				symbol_segments_count(&files[i], &counts, 1);
		ngram_model_estimate(&model, &counts, mode);
		ngram_counts_release(&counts);
		for (size_t i = 0; i < count; i++)
			if ((int)(i % (size_t)folds) == fold)
				add_cross_entropy(&model, &files[i], weights, table);
		ngram_model_release(&model);
		if (progress)
			progress(progress_data, fold + 1, folds);
	}
}
