/* perplexity-method.h: perplexity filtering (Fernández-Pichel et al. 2022,
 * the pyplexity package) as a method: every sentence of a segment is scored
 * alone by a word n-gram model, and a sentence whose perplexity exceeds a
 * cut-off is boilerplate.
 *
 * Pieces and costs. split() cuts a segment into sentences
 * (perplexity-text.h); score() gives a sentence of N tokens
 *     cost_clean = log2(perplexity) = -(1/N) sum over its windows of log2 P
 *     cost_dirty = log2(max_perplexity),   units = N,
 * so that the threshold decider with bias 0 keeps exactly the sentences with
 * perplexity <= max_perplexity (pyplexity keeps perplexity < cut-off; the
 * tie, a measure-zero event, keeps here, as ties do in every decider).
 *
 * The probability of a window, as pyplexity's released code computes it
 * (constants below), where P are the model's own estimates, 0 for an n-gram
 * it does not list:
 *     bigram  (w1 w2):    0.8 P(w2 | w1) + 0.2 P(w1) + 1e-6
 *     trigram (w1 w2 w3): 0.6 P(w3 | w1 w2) + 0.3 P(w2 | w1) + 0.1 P(w1) + 1e-6
 * Quirk of the released code, kept: the lower-order terms are those of the
 * window's FIRST words (P(w1), P(w2 | w1)), not of the suffixes that would
 * predict the window's last word; the 1e-6 floor keeps every log finite.
 *
 * Windows. The sentence t1..tN is padded in front with one boundary <s> and
 * not at the end, as in the released code; the boundary is a word of the
 * model like any other (training counts it once per sentence).
 *     bigram:  the N windows (<s> t1), (t1 t2), ..., (tN-1 tN): every token
 *              is the last word of one window.
 *     trigram: the N-1 consecutive windows (<s> t1 t2), (t1 t2 t3), ...,
 *              (tN-2 tN-1 tN): t1 is predicted only through the bigram term
 *              P(t1 | <s>) of the first window, and the sum is still divided
 *              by N, as in the released code (N-1 windows, divided by N).
 *              Not reproduced: the released code's zip is misaligned,
 *              zip(["#"] + t[:-2], t[:-1], t) gives (#, t1, t1), (t1, t2, t2),
 *              ..., the window's last two words the same token, so that its
 *              trigram term is almost always 0 and its trigram model scores
 *              0.3 P(ti | ti-1) + 0.1 P(ti-1) + 1e-6. We take the consecutive
 *              windows the code evidently means.
 *     A one-token sentence has no trigram window; the released code then
 *     sums nothing and gives perplexity 1, which keeps every one-word menu
 *     item. We score it instead on the window (<s> t1 -) whose trigram term
 *     is 0: 0.3 P(t1 | <s>) + 0.1 P(<s>) + 1e-6.
 *     A text without tokens (split() never yields one; score() may be handed
 *     one) costs log2(1e6), what a token of nothing but the floor costs, with
 *     units 0: it is dropped unless max_perplexity >= 10^6.
 *
 * Ownership and threads: a perplexity method owns its model, is read-only
 * once made, and may be shared by any number of workers, each with its own
 * scorer (which owns the sentence and word-key arrays it reuses).
 */
#ifndef NC_PERPLEXITY_METHOD_H
#define NC_PERPLEXITY_METHOD_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "method/method.h"
#include "method/perplexity-model.h"

/* The cut-off of the paper and of pyplexity's command line. */
#define PERPLEXITY_DEFAULT_MAX 8000.0

/* The released code's interpolation weights and floor (perpl_model.py). */
#define PERPLEXITY_BIGRAM_W2 0.8       /* P(w2 | w1) */
#define PERPLEXITY_BIGRAM_W1 0.2       /* P(w1) */
#define PERPLEXITY_TRIGRAM_W3 0.6      /* P(w3 | w1 w2) */
#define PERPLEXITY_TRIGRAM_W2 0.3      /* P(w2 | w1) */
#define PERPLEXITY_TRIGRAM_W1 0.1      /* P(w1) */
#define PERPLEXITY_FLOOR 1e-6

/* A method on `model`, which it takes over (the struct is emptied; on
 * failure it is released). `max_perplexity` > 0 is the cut-off; <= 0 takes
 * the model's. NC_ERR_USAGE unless the cut-off is finite and >= 1. */
struct method *perplexity_method_new(struct perplexity_model *model, double max_perplexity,
				     struct nc_error *err);

/* Load the model file `path` (NC_ERR_METHOD when it was built for another
 * method) and make the method, as above. */
struct method *perplexity_method_load(const char *path, double max_perplexity,
				      struct nc_error *err);

/* The method's model (read-only). */
const struct perplexity_model *perplexity_method_model(const struct method *method);

/* log2 of the perplexity of a sentence given as the keys of its N >= 1
 * tokens (perplexity_token_key()), boundary not included. */
double perplexity_log2(const struct perplexity_model *model, const uint64_t *words, size_t count);

#endif
