/* ice-training.h: what the ICE methods learn from pages and their gold
 * texts: ice-dt's tree and ice-lm's threshold.
 *
 * Both learn from the page's blocks as the methods see them (a worker of a
 * pipeline built for the method: the html-blocks renderer, blocks layout,
 * no dump rules; registry.h says so) labelled by the gold text through the
 * scorer's alignment (gold-labels.h). That is why this module sits in eval/,
 * after the scorer; what it learns with is upstream: the C4.5 learner
 * (train/c45.h), the features and divergences of the methods (method/ice.h).
 *
 * ice-dt. Every block is an instance: its five features (ice_dt_features())
 * and its class, the gold label (h, l, p) when the block is found in the
 * gold, else n.
 *
 * ice-lm. For a discount, the KL divergence of every block (as the method
 * computes it on the whole page) is paired with the block's words and how
 * many of them the gold kept. A threshold t keeps the blocks with KL <= t,
 * whose words and matched words give precision (matched / words kept) and
 * recall (matched / gold words) in words, tags not counted: the scorer's
 * figures up to the alignment of a subset and the tags. Every distinct KL
 * value is tried as the last one kept; the best F wins (ties: the lower
 * threshold), and the threshold written is halfway between it and the next
 * KL value above (or it plus 1 when none is), so that any threshold between
 * the two would keep the same blocks.
 *
 * A training set owns copies of everything it read; it is one thread's.
 */
#ifndef NC_ICE_TRAINING_H
#define NC_ICE_TRAINING_H

#include <stddef.h>

#include "base/error.h"
#include "method/decision-tree.h"
#include "pipeline/pipeline.h"
#include "source/input-source.h"
#include "source/page.h"
#include "train/c45.h"

struct ice_training;

struct ice_training *ice_training_new(void);
void ice_training_free(struct ice_training *training);

/* Read the page `raw` (opened as ncleaner opens an input: input-source.h)
 * through `worker` (stages 1-3) and the gold text `gold` (CLEANEVAL format
 * or plain text, read by stage 1's text reader in the worker's charset
 * policy), and label the page's blocks. A page that fails leaves no trace. */
int ice_training_add_page(struct ice_training *training, struct worker *worker,
			  const struct file_input *raw, const struct file_input *gold,
			  struct nc_error *err);

/* What has been read: pages, blocks, and blocks of each ICE class (h l p n). */
struct ice_training_counts {
	size_t pages, blocks;
	size_t classes[4];
};
void ice_training_counts(const struct ice_training *training, struct ice_training_counts *counts);

/* ice-dt: learn the tree (for ice_dt_schema()). */
int ice_training_learn_tree(const struct ice_training *training,
			    const struct c45_options *options, struct decision_tree *tree,
			    struct nc_error *err);

/* ice-lm: the threshold with the best F at `discount`. */
struct ice_threshold {
	double max_kl;
	double precision, recall, f;   /* in words, percentages, on the training pages */
};
int ice_training_choose_threshold(const struct ice_training *training, double discount,
				  struct ice_threshold *choice, struct nc_error *err);

#endif
