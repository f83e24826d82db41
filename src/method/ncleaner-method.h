/* ncleaner-method.h: the ncleaner method, NCLEANER's clean and dirty
 * character n-gram models compiled for lookup.
 *
 * The compiled form is read-only and built for speed (after KenLM's probing
 * tables): for every order k = 2..n one open-addressing table maps a packed
 * k-gram to four floats, for each of the two models its own conditional
 * probability p_k and the interpolated probability S_k = sum over j <= k of
 * w_j p_j(last j symbols), with the weights of the full order n. Scoring a
 * symbol whose whole history is available is then one lookup of the longest
 * k-gram present in either model: longer ones are unseen by both and
 * contribute 0. The first n-1 symbols of a segment, whose history is shorter,
 * use p_k with weights renormalised for the shorter order.
 *
 * Costs are cross-entropies in bits per predicted symbol: every symbol of the
 * padded segment (boundary, text, boundary) is predicted, the first one by
 * its unigram probability. cost_clean is H_clean, cost_dirty is H_dirty, and
 * units is the number of symbols predicted.
 */
#ifndef NC_NCLEANER_METHOD_H
#define NC_NCLEANER_METHOD_H

#include <stddef.h>

#include "base/error.h"
#include "method/method.h"
#include "method/ncleaner-model.h"

/* Compile `model` using orders up to `order` (0: the model's) and
 * interpolation parameter `q` (<= 0: the model's). The model is not needed
 * afterwards. */
struct method *ncleaner_method_new(const struct ncleaner_model *model, int order, double q,
				   struct nc_error *err);

/* Load the model file `path` and compile it, as above. */
struct method *ncleaner_method_load(const char *path, int order, double q,
				    struct nc_error *err);

/* The language of the clean text the model learned, as its file says
 * ("en"), or "" when it does not say. */
const char *ncleaner_method_language(const struct method *method);

/* Log2-probability of an already normalised symbol string under the clean
 * model (index 0) and the dirty model (index 1), boundaries added here. */
void ncleaner_method_logprob(const struct method *method, const unsigned char *symbols,
			     size_t len, double logprob[2]);

#endif
