/* logistic-training.h: what the logistic method (method/logistic.h) learns
 * from pages and their gold texts.
 *
 * Each page is read through a worker of a pipeline built for the method
 * (stages 1-3 as ncleaner runs them: the dump with the page's structure),
 * its segments labelled by the gold text through the scorer's alignment
 * (eval/gold-labels.h: found when more than half its words are matched),
 * and every segment becomes an instance: its features
 * (logistic_features()), its class (found or not) and its weight, its words
 * (so that the regression weighs text as the scorer does; at least 1).
 *
 * Learning: twice (method/logistic.h): the structured weights on the
 * features as read, the plain ones with every structural feature at 0.
 * Each: L2-regularised logistic regression (lambda = 1 on the
 * features standardised over the training set; the intercept is not
 * penalised) fitted by Newton's method to a change under 1e-9, at most 100
 * steps; the weights are then written for the raw features. Each bias is
 * the threshold on the log-odds (in bits) with the best F in words on the
 * training pages: every distinct log-odds value is tried as the last
 * segment kept (precision = matched words kept / words kept, recall =
 * matched words kept / gold words), the bias written halfway to the next.
 *
 * Pages labelled by snippets instead (a benchmark such as trafilatura's,
 * eval/snippets.h): each segment gets the label the snippets give it
 * (eval/snippet-labels.h), and only the labelled ones become instances:
 * text (it holds part of a "with" snippet) or boilerplate (part of a
 * "without" one); those with neither or both are left out. PROVISIONAL,
 * until the three sets are weighed against each other: a text instance
 * counts as if all its words were matched, a boilerplate one as if none,
 * and the gold words the bias is chosen against (the recall's
 * denominator) are the text instances' words, as though the page's gold
 * text were its labelled text segments.
 *
 * The instances can be kept as rows of text (logistic_training_keep_
 * instances()), for whoever studies the features or tries another
 * learner: a header line, then one TAB-separated line per instance, in the
 * order they were added: the page's file (as the trainer named it), the
 * segment's index in the page (from 0, among all its segments), its label
 * (1 text or found, 0 not), words, matched, every feature by its name
 * (logistic_feature_name(), in their order; "%.10g") and the segment's
 * text (tabs and line breaks as spaces). Nothing is printed: the rows
 * collect in a strbuf the caller owns and writes.
 *
 * A training set owns what it read; it is one thread's. Memory: the
 * features of every training segment (LOGISTIC_FEATURES doubles each),
 * and with rows kept, the rows.
 */
#ifndef NC_LOGISTIC_TRAINING_H
#define NC_LOGISTIC_TRAINING_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "eval/snippet-labels.h"
#include "eval/snippets.h"
#include "method/logistic.h"
#include "train/boosting.h"
#include "pipeline/pipeline.h"
#include "source/input-source.h"

struct logistic_training;

/* `text` (or NULL: the ICE list, n-gram features always) says what the
 * text features read, as the method will (logistic_page_features()); it is
 * the caller's, and must outlive the training set. */
struct logistic_training *logistic_training_new(const struct logistic_text *text);
void logistic_training_free(struct logistic_training *training);

/* Read the page `raw` through `worker` and label its segments by `gold`
 * (CLEANEVAL format or plain text); `ngram` (an ncleaner method's scorer,
 * or NULL) gives their ngram_llr, and should be of a model that did not
 * see the page. A page that fails leaves no trace. */
int logistic_training_add_page(struct logistic_training *training, struct worker *worker,
			       const struct file_input *raw, const struct file_input *gold,
			       struct method_scorer *ngram, struct nc_error *err);

/* Read the page `raw` through `worker` and label its segments by the
 * snippets of `entry` (see above: only the labelled ones are added). A
 * page that fails leaves no trace. */
int logistic_training_add_snippet_page(struct logistic_training *training, struct worker *worker,
				       const struct file_input *raw,
				       const struct snippet_entry *entry,
				       struct method_scorer *ngram, struct nc_error *err);

/* What labelling by snippets found on the pages added so (summed), and how
 * many pages they were: the snippets found nowhere in the segments are
 * what rendering and segmentation lost. */
void logistic_training_snippet_counts(const struct logistic_training *training,
				      struct snippet_label_counts *counts, size_t *pages);

/* From now on, append a row of text for every instance a page adds to
 * `rows` (borrowed; the header first when it is empty). Instances added
 * directly (logistic_training_add()) have no row. */
void logistic_training_keep_instances(struct logistic_training *training, struct strbuf *rows);

/* The header line of the rows. */
void logistic_training_instances_header(struct strbuf *out);

/* Add one instance directly (tests). */
void logistic_training_add(struct logistic_training *training,
			   const double features[LOGISTIC_FEATURES], int found, double words,
			   double matched);
/* ... and say how many gold words the instances added so far stand for. */
void logistic_training_add_gold_words(struct logistic_training *training, double words);

struct logistic_training_counts {
	size_t pages, segments, found;
};
void logistic_training_counts(const struct logistic_training *training,
			      struct logistic_training_counts *counts);

/* Learn trees too (method/trees.h) with these settings; trees 0: none (as
 * before them). */
void logistic_training_set_trees(struct logistic_training *training,
				 const struct boost_settings *boost);

/* The weight in the fit (the regression's and the trees') of each segment
 * that a snippet labels, the pages of a benchmark annotated with snippets;
 * 0 (the default): its words, as a segment labelled by a gold text. A
 * snippet benchmark counts each snippet alike, a line of boilerplate as
 * much as a paragraph of text: a constant weight learns what it scores
 * (train-ncleaner --snippet-weight). */
void logistic_training_set_snippet_weight(struct logistic_training *training, double weight);

/* --article's stacked decision (method/article-stack.h), learnt beside the
 * model when `folds` is 2 or more: the pages are cut into `folds` folds
 * (page n in fold n % folds), a model learnt (as the model itself, with
 * its trees) without each fold gives that fold's segments their margins,
 * moved by `bias_offset` as the model's bias is (train-ncleaner -b), and
 * the stacked regression is fitted on those margins: every labelled
 * segment weighs sqrt(1 + words), times `snippet_weight` on a page
 * labelled by snippets. Memory: every segment of every page is kept
 * (labelled or not: the features read the whole page), and a fold's
 * instances once more while its model is learnt. */
struct logistic_stack_settings {
	int folds;
	double snippet_weight;
	double bias_offset;
};
void logistic_training_set_stack(struct logistic_training *training,
				 const struct logistic_stack_settings *stack);

/* What learning reached on the training pages (percentages, in words). */
struct logistic_fit {
	double precision, recall, f;
	int steps;   /* Newton steps taken */
};

/* Learn both weight sets and their biases into `model` (its description
 * and provenance are the caller's): fit[0] says what the structured
 * weights reached, fit[1] the plain ones (scored as on pages without
 * structure). NC_ERR_FORMAT when there is nothing to learn from (no
 * instance, or one class only). */
int logistic_training_learn(const struct logistic_training *training,
			    struct logistic_model *model, struct logistic_fit fit[2],
			    struct nc_error *err);

#endif
