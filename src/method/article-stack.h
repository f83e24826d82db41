/* article-stack.h: --article decided again by what the first decision
 * says around each segment (issue 32).
 *
 * The article rule (article.c) keeps what the threshold kept inside the
 * page's main stretch. A model that has learnt it (train-ncleaner
 * --stack-folds) decides instead by a second logistic regression, stacked
 * on the first: its features are each segment's margin and those of its
 * neighbours, where the segment lies against the main stretch, whether
 * its structural cues are those of most of the stretch's words, its
 * length, links and kind. A list of ingredients inside a recipe, a lead
 * cut off by a picture, both with the article's cues, come back; a "Read
 * also:" teaser and a byline with other cues than the article's go.
 *
 * The features of segment i (in this order, names as in the model file):
 *   intercept       1
 *   margin          m_i, its margin (cost_dirty - cost_clean - bias, bits)
 *                   held within +-ARTICLE_STACK_CLIP
 *   in_stretch      1 inside the main stretch (decide/decider.h: words times
 *                   margins held within +-ARTICLE_STRETCH_LIMIT, the run of
 *                   greatest sum)
 *   before_stretch  ln(1 + how many segments before the stretch it lies),
 *                   0 from the stretch on
 *   after_stretch   ln(1 + i - end + 1) after the stretch, else 0
 *   prev_margin, next_margin   the neighbours' m (-ARTICLE_STACK_CLIP past
 *                   the page's ends)
 *   log_words       ln(1 + words)
 *   link            the share of its characters in links
 *   cue_agreement   |C_i & C| / |C_i | C| (1 when both are empty): C_i the
 *                   structural cues that hold any of its characters, C the
 *                   set of cues of the stretch's segments that holds most of
 *                   the stretch's words (the first of equals)
 *   repeated        1 when the page had its text (white space folded,
 *                   more than 20 bytes) in a segment before
 *   stretch_share   the stretch's words / the page's
 *   in_margin       in_stretch * margin
 *   heading, list_item   1 for a heading, a list item, as the segmenter
 *                   read it (not the type a decider gave it since)
 *   margin_words    margin * log_words
 *   in_words        in_stretch * log_words
 *   above           1 when the margin is above 0
 *   in_above        in_stretch * above
 * and the segment is kept when the weights' sum over them is above 0.
 *
 * Learnt on margins of models that did not see the page (as the n-gram
 * features are: train/logistic-training.h), since a model's margins on its
 * own training pages are surer than on any other. Cross-validated, the
 * numbers in models/Makefile.models.
 */
#ifndef NC_ARTICLE_STACK_H
#define NC_ARTICLE_STACK_H

#include <stddef.h>
#include <stdint.h>

#define ARTICLE_STACK_FEATURES 19
#define ARTICLE_STACK_CLIP 6.0     /* bits */
#define ARTICLE_STRETCH_LIMIT 3.0  /* bits: a margin's limit in the main stretch */
#define ARTICLE_STACK_REPEAT_BYTES 20

/* What the features read of a segment. */
struct article_stack_segment {
	double margin;     /* bits over the bias */
	double words;
	double link;       /* share of its characters in links */
	uint32_t cues;     /* bit c: cue c holds some of its characters */
	char type;         /* 'p', 'h', 'l' (segment.h) */
	char repeated;     /* its text came before on the page */
};

struct segment;

/* What the features read of a page's `count` segments, read at `first`,
 * `stride` bytes apart (an array of segments or of scored segments): its
 * words, its structure's cues and links (none without structure), its
 * type, whether its text came before; the margins 0, for the caller. The
 * trainer and the decider read a page through this alike. */
void article_stack_page(const struct segment *first, size_t stride, size_t count,
			struct article_stack_segment *out);

/* `x` held within [-limit, limit]; NaN at -limit. */
double article_clip(double x, double limit);

/* The run [*start, *end) of consecutive terms of greatest sum, the first
 * of equals; empty when none sums above 0. term(data, i) is the i-th of
 * `count`: for the article rule's main stretch, a segment's words times
 * its margin held within a limit (decide/decider.h). */
void article_stretch(size_t count, double (*term)(const void *data, size_t i), const void *data,
		     size_t *start, size_t *end);

/* The feature's name as the model file writes it ("in_stretch"). */
const char *article_stack_feature_name(int feature);

/* The features of a page's `count` segments into `out` (count x
 * ARTICLE_STACK_FEATURES, row by row). */
void article_stack_features(const struct article_stack_segment *segments, size_t count,
			    double *out);

/* `weights` . `row`: above 0, the segment is kept. */
double article_stack_score(const double weights[ARTICLE_STACK_FEATURES], const double *row);


#endif
