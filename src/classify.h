/* classify.h: stage 4, scoring segments with the clean and dirty models.
 *
 * A classifier is the compiled, read-only form of a model file, built for
 * lookup speed (after KenLM's probing tables): for every order k = 2..n one
 * open-addressing table maps a packed k-gram to four floats, for each of the
 * two models its own conditional probability p_k and the interpolated
 * probability S_k = sum over j <= k of w_j p_j(last j symbols), with the
 * weights of the full order n. Scoring a symbol whose whole history is
 * available is then one lookup of the longest k-gram present in either
 * model: longer ones are unseen by both and contribute 0. The first n-1
 * symbols of a segment, whose history is shorter, use p_k with weights
 * renormalised for the shorter order.
 *
 * Cross-entropy H is in bits per predicted symbol: every symbol of the
 * padded segment (boundary, text, boundary) is predicted, the first one by
 * its unigram probability. The decision rule keeps a segment when
 * H_dirty - (H_clean + bias) >= 0 (ties keep).
 */
#ifndef NC_CLASSIFY_H
#define NC_CLASSIFY_H

#include <stddef.h>

#include "error.h"
#include "model.h"

struct ngram_classifier;

struct ngram_score {
	double h_clean;   /* bits per symbol under the clean model */
	double h_dirty;   /* bits per symbol under the dirty model */
	size_t symbols;   /* symbols predicted */
};

/* Compile `model` using orders up to `order` (0: the model's) and
 * interpolation parameter `q` (<= 0: the model's). */
struct ngram_classifier *ngram_classifier_new(const struct ncleaner_model *model, int order,
					      double q, struct nc_error *err);
void ngram_classifier_free(struct ngram_classifier *classifier);

int ngram_classifier_order(const struct ngram_classifier *classifier);
double ngram_classifier_q(const struct ngram_classifier *classifier);
enum ngram_mode ngram_classifier_mode(const struct ngram_classifier *classifier);

/* Score the UTF-8 `text`. Not thread-safe (uses a scratch buffer). */
int ngram_classifier_score(struct ngram_classifier *classifier, const char *text, size_t len,
			   struct ngram_score *score, struct nc_error *err);

/* Log2-probability of an already normalised symbol string under the clean
 * model (index 0) and the dirty model (index 1), boundaries added here. */
void ngram_classifier_logprob(const struct ngram_classifier *classifier,
			      const unsigned char *symbols, size_t len, double logprob[2]);

static inline int ngram_decide(const struct ngram_score *score, double bias)
{
	return score->h_dirty - (score->h_clean + bias) >= 0;
}

#endif
