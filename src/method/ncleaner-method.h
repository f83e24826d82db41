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
 *
 * The image. Parsing a model's text and computing its sums costs far more
 * than cleaning a page (logistic-ngram.model: 62 M instructions of a
 * 93 M-instruction run on one small page), which a run per page (GNU
 * parallel, Slurm) pays for every page. So the built tables can be saved
 * beside the model as its image, MODEL.img (NCLEANER_IMAGE_SUFFIX;
 * ncleaner_method_write_image(), `train-ncleaner --write-image`,
 * `make model-sidecars`): a sidecar (model-sidecar.h: magic "NCIMAGE",
 * version, byte-order mark, the text's size and hash, the image's own
 * hash), then the settings (order, q, mode, bias, language), the unigram
 * arrays and each order's table, slots and p, as they lie in memory, in
 * this machine's byte order. ncleaner_method_load() reads the text (to
 * hash it) and the image, and uses the image's tables where they are
 * instead of parsing and building: the same method, bit for bit. It does
 * so only when the image was made from exactly that text and for the
 * order and q asked for (the model's own: an image is built for those);
 * one that is missing, stale (the model edited), truncated, longer,
 * damaged, of another version, byte order or table layout is ignored and
 * the text is read as without one, with the same results
 * (t/t3530-ncleaner-image.c). The text stays the model; the image is a
 * cache of what the text makes. Its sums come from the log2() and pow()
 * of the machine that made it, which another C library may round
 * otherwise: an image whose probe of both (ncleaner-image.c) differs from
 * this machine's is ignored too (see models/README.md).
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

/* Load the model file `path` and compile it, as above; from its image
 * when there is one to use (see above). */
struct method *ncleaner_method_load(const char *path, int order, double q,
				    struct nc_error *err);

#define NCLEANER_IMAGE_SUFFIX ".img"
/* The layout of the image; bump with any change of it or of the tables
 * (ncleaner-compiled.h). */
#define NCLEANER_IMAGE_VERSION 2

/* Why a method of ncleaner_method_load() was built from the text, not
 * its image ("none", "made from another text (the model was changed)",
 * ...: static text), or NULL when it came from its image (or from memory:
 * ncleaner_method_new()). */
const char *ncleaner_method_image_unused(const struct method *method);

/* Build the method of the model file `model_path` from its text (order and
 * q the model's) and write its image beside it, whole or not at all.
 * Errors: as ncleaner_method_load() for the model; NC_ERR_IO when the
 * image cannot be written. */
int ncleaner_method_write_image(const char *model_path, struct nc_error *err);

/* The language of the clean text the model learned, as its file says
 * ("en"), or "" when it does not say. */
const char *ncleaner_method_language(const struct method *method);

/* Log2-probability of an already normalised symbol string under the clean
 * model (index 0) and the dirty model (index 1), boundaries added here. */
void ncleaner_method_logprob(const struct method *method, const unsigned char *symbols,
			     size_t len, double logprob[2]);

#endif
