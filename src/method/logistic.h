/* logistic.h: the logistic method (issue 20, item 2): one decision from a
 * segment's text, its place in the page's structure and its neighbours.
 *
 * A character model cannot see that a paragraph is all link text, sits in
 * a <nav> or a footer, or is a two-word line between two link lists; the
 * ICE decision tree, which sees only tags and a few counts, matches it. This
 * method weighs all of that at once: a logistic regression over the
 * features below, and regression trees over the same features for what a
 * weighted sum cannot say (method/trees.h), learnt from pages and their
 * gold texts (train/logistic-training.h) and stored as a readable model
 * file.
 *
 * Features of a segment (enum logistic_feature, in this order; names as in
 * the model file):
 *   intercept       1
 *   log_chars       ln(1 + characters of its words)
 *   log_words       ln(1 + words), words in every script (base/words.h)
 *   stop_words      stop words / words: the list of the page's language
 *                   (stop-words.h), the ICE list for English, a language
 *                   CLD2 cannot tell and one without a list
 *   punctuation     punctuation marks / words
 *   capitals        capitalised words / words
 *   digits          digits / characters
 *   ends_sentence   1 when it ends in . ! ? : ) " ’ ” …, a sentence mark of
 *                   another script (。！？ ؟ ۔ । ॥ ։ ። ; ។ ။ ...), or a
 *                   closing quote or bracket of another script right after
 *                   one (logistic.c: Thai and Lao prose marks none)
 *   type_h, type_l  1 for a heading, a list item
 *   position        its index / (segments - 1)
 *   position_chars  characters before it / characters of the page
 *   cue_NAME        one for each structural cue, in structure.h's order
 *                   (cue_link, cue_nav, ..., cue_w_hidden, cue_w_overlay,
 *                   cue_main): its characters under the cue / its
 *                   characters (at most 1; cue_link is the link density);
 *                   0 without structure
 *   prev_link, next_link   the neighbours' link density
 *   page_link       the page's link density
 *   prev_log_chars, next_log_chars   the neighbours' log_chars
 *   prev2_link, next2_link, prev2_log_chars, next2_log_chars   the same of
 *                   the segments two places away
 *   prev_stop_words, next_stop_words   the neighbours' stop_words
 *   prev_ends_sentence, next_ends_sentence   ... and ends_sentence
 *   window_log_chars, window_link   the means of log_chars and of the link
 *                   density over the segment and the WINDOW_HALF (5)
 *                   segments on each side of it (as far as the page goes)
 *   shorter_share   the share of the page's other segments whose log_chars
 *                   is smaller than its own (0 on a page of one)
 *   below_longest   the largest log_chars of the page less its own
 *   in_title        1 when it names the page: the page's <title> holds it,
 *                   or it holds a part of the title (cut at " - ", " | "
 *                   and the like), either of TITLE_MIN_BYTES (8) or more;
 *                   0 else and without a title
 *   credit, label, date   what a short line's words say it is
 *                   (method/line-cues.h): 1 for a picture's credit (a
 *                   credit word or the copyright sign, at most 25 words),
 *                   a label opening the line (one to four words and a
 *                   colon), a date or time in digits (at most 8 words)
 *   ngram_llr       what the ncleaner method's character models say: the
 *                   log-likelihood ratio H_dirty - H_clean in bits per
 *                   character (clipped to +-NGRAM_LLR_MAX), when the model
 *                   names an n-gram model (below); 0 without one, and 0
 *                   on a page not in the n-gram model's language (below)
 *   ngram_evidence  ngram_llr times log_chars: a long segment's ratio is
 *                   surer than a short one's (cross-validated: +0.2 F in
 *                   text mode on both development sets over ngram_llr alone)
 * A neighbour's feature is 0 past the page's ends. Characters, capitals
 * and punctuation are counted as the ICE methods count them (method/ice.h);
 * words in every script (base/words.h: the same as ICE's in scripts written
 * with spaces).
 *
 * The page's language. Before it scores, the method asks CLD2 the language
 * of the page's segments (logistic_page_language(): at most
 * LANGUAGE_SAMPLE_BYTES of them, long segments first; unknown unless CLD2 is
 * sure). It chooses the stop-word list, and it sets the n-gram features
 * aside when the page is not in the language the n-gram model says it
 * learned (its file's language line, train-ncleaner --language): on a
 * German page the English character models' ratio says only "not
 * English", of text and boilerplate alike. A model that says no language,
 * or a page whose language is unknown, keeps them. A page's language is
 * one: on a page of two languages the minor one is read with the other's
 * list. The stop-word lists are read from the data directory at load
 * (LOGISTIC_STOP_WORDS_DIR); training reads them too, so that train and
 * clean compute the same features.
 *
 * Two weight sets. A page read with its structure (HTML through a
 * renderer, the default) is scored by the structured weights and the
 * trees; a page without (a text dump, --no-structure) by the plain weights
 * alone, learnt on the same segments with every structural feature
 * (logistic_feature_structural(): the cues and every link density) at 0,
 * so that text without markers is not taken for text outside every
 * paragraph. Each set has the bias of its best F in words on the training
 * pages.
 *
 * Scores. With w the set's weights, x the features and t(x) the sum of
 * the trees' leaves that x reaches (natural log-odds; 0 without trees and
 * on a page without structure), the log-odds in bits
 * L = (w.x + t(x)) / ln 2 that the segment is running text: cost_dirty L
 * and cost_clean the set's bias, so that the threshold decider keeps a
 * segment when L >= bias + -b (-b 0, the method's default, is the model's
 * own choice). The features need the whole page: the method scores whole
 * pages (method.h). It measures the page first (each segment's counts, 56
 * bytes; the page's totals and sorted lengths), then makes the rows of
 * features and scores them a block of segments at a time, so that a
 * text dump's window of 20,000 segments never has its 10 MB of rows at
 * once (logistic.c); the rows are those logistic_page_features() gives,
 * bit for bit. It reads dumps.
 *
 * The model file: the header (model-file.h), then
 *     description<TAB>TEXT        (optional)
 *     bias<TAB>BITS
 *     ngram-model<TAB>FILE        (optional: the ncleaner model of ngram_llr)
 *     features<TAB>N
 *     weight<TAB>NAME<TAB>NUMBER  (N lines)
 *     plain-bias<TAB>BITS
 *     plain-weight<TAB>NAME<TAB>NUMBER   (N lines, the same features)
 *     trees<TAB>T                 (optional: then T trees, trees.h's lines)
 *     article-stack<TAB>N         (optional: the weights of --article's
 *                                 stacked decision, method/article-stack.h)
 *     article-weight<TAB>NAME<TAB>NUMBER   (N lines: every one of its
 *                                 features, in their order)
 *     end
 * Weights are read by name: a model lists any N of the features above, in
 * their order, each once, and one it does not list weighs 0, so that a
 * model from before a feature scores as it did (the writer lists them all,
 * but the two n-gram ones when it names no n-gram model). Refused
 * (NC_ERR_FORMAT, naming the line): a feature this program does not
 * compute, whose weight would mean nothing here; plain weights of other
 * features than the weights; a weight of or a split on an n-gram feature
 * without an ngram-model line; a weight, bias or leaf larger in size than
 * LOGISTIC_MAX_WEIGHT (base/limits.h), whose log-odds could overflow to
 * infinity or NaN; more than TREES_MAX_TREES trees, a tree of more than
 * TREES_MAX_NODES nodes, a child not after its node. FILE, when relative,
 * is found beside the model file.
 *
 * The n-gram model. The weights of the n-gram features are learnt on LLRs
 * of models that did not see the page scored: a model scores the text it learnt from
 * far too well, and the regression would trust it far too much
 * (train/logistic-training.h, train-ncleaner --ngram-folds).
 */
#ifndef NC_LOGISTIC_H
#define NC_LOGISTIC_H

#include <stddef.h>

#include "base/error.h"
#include "base/language.h"
#include "base/strbuf.h"
#include "method/article-stack.h"
#include "method/method.h"
#include "method/stop-words.h"
#include "method/model-file.h"
#include "method/trees.h"
#include "segment/segment.h"

#define LOGISTIC_METHOD_NAME "logistic"

enum logistic_feature {
	LF_INTERCEPT, LF_LOG_CHARS, LF_LOG_WORDS, LF_STOP_WORDS, LF_PUNCTUATION, LF_CAPITALS,
	LF_DIGITS, LF_ENDS_SENTENCE, LF_TYPE_H, LF_TYPE_L, LF_POSITION, LF_POSITION_CHARS,
	LF_CUE_FIRST,   /* CUE_COUNT of them, in structure.h's order */
	LF_PREV_LINK = LF_CUE_FIRST + CUE_COUNT, LF_NEXT_LINK, LF_PAGE_LINK, LF_PREV_LOG_CHARS,
	LF_NEXT_LOG_CHARS,
	/* the neighbourhood (issue 32) */
	LF_PREV2_LINK, LF_NEXT2_LINK, LF_PREV2_LOG_CHARS, LF_NEXT2_LOG_CHARS, LF_PREV_STOP_WORDS,
	LF_NEXT_STOP_WORDS, LF_PREV_ENDS_SENTENCE, LF_NEXT_ENDS_SENTENCE, LF_WINDOW_LOG_CHARS,
	LF_WINDOW_LINK, LF_SHORTER_SHARE, LF_BELOW_LONGEST, LF_IN_TITLE,
	LF_CREDIT, LF_LABEL, LF_DATE,   /* method/line-cues.h */
	LF_NGRAM_LLR, LF_NGRAM_EVIDENCE,
	LOGISTIC_FEATURES
};

#define NGRAM_LLR_MAX 8.0   /* bits per character; past it a segment is all one thing */

/* The feature's name as the model file writes it ("cue_link"). */
const char *logistic_feature_name(int feature);

/* The features of a page's `count` segments into `out` (count x
 * LOGISTIC_FEATURES, row by row), stop words from `stop_list` (NULL: the
 * ICE list), the n-gram features 0. The segments are read at `first`,
 * `stride` bytes apart, so that an array of segments and an array of
 * scored segments (method.h) both serve. -1 when memory runs out (the
 * page's measures: 72 bytes a segment), else 0. */
int logistic_features(const struct segment *first, size_t stride, size_t count,
		      const struct stop_words *stop_list, double *out);

/* ngram_llr from the n-gram model's costs of a segment (ncleaner-method.h). */
double logistic_ngram_llr(double cost_clean, double cost_dirty);

/* What the text features read besides the segments; read-only, shared. */
struct logistic_text {
	const struct stop_lists *stop_lists;   /* or NULL: the ICE list on every page */
	const char *ngram_language;   /* the n-gram model's language; NULL or "": unsaid */
};

/* The language of a page's segments (all of them, as far as
 * LANGUAGE_MAX_BYTES): CLD2's, when it is sure; else unknown (""). */
void logistic_page_language(const struct segment *first, size_t stride, size_t count,
			    struct language *language);

/* The features of a page's segments, as above, with the page's language
 * found (logistic_page_language()): its stop-word list from `text` (none
 * for English, an unknown language or one without a list: the ICE list);
 * the n-gram features filled by `ngram` (an ncleaner method's scorer)
 * when it is not NULL and the page is in its model's language (or either
 * is unknown). `text` may be NULL: the ICE list, n-gram features always.
 * `title` is the page's <title> (NULL: none), for in_title. */
int logistic_page_features(const struct segment *first, size_t stride, size_t count,
			   const struct logistic_text *text, const char *title,
			   struct method_scorer *ngram, double *out, struct nc_error *err);

/* Is `feature` one that only a page's structure gives (0 without it)? */
int logistic_feature_structural(int feature);

struct logistic_model {
	double weights[LOGISTIC_FEATURES];   /* for pages with their structure */
	double bias;              /* bits: the log-odds from which a segment is kept */
	double plain_weights[LOGISTIC_FEATURES];   /* for pages without */
	double plain_bias;
	char *ngram_model;        /* the file of ngram_llr's model as written, or NULL */
	char *description;        /* or NULL */
	struct tree_ensemble trees;   /* added to the structured weights' log-odds; may be empty */
	int has_article_stack;    /* --article's stacked weights below (article-stack.h) */
	double article_stack[ARTICLE_STACK_FEATURES];
	struct model_provenance built;   /* for writing; not read back */
};

/* The log-odds in bits that the segment of features `x` is running text:
 * the structured weights and the trees, or the plain weights alone. */
double logistic_model_log_odds(const struct logistic_model *model, const double *x,
			       int structured);

void logistic_model_write(const struct logistic_model *model, struct strbuf *out);
int logistic_model_parse(struct logistic_model *model, const char *name, const char *data,
			 size_t len, struct nc_error *err);
/* The same, with the numbers read through the text's sidecar `numbers`
 * (model-numbers.h; NULL: none), as logistic_method_load() does: the same
 * model, bit for bit. */
struct model_numbers;
int logistic_model_parse_numbers(struct logistic_model *model, const char *name,
				 const char *data, size_t len, struct model_numbers *numbers,
				 struct nc_error *err);
void logistic_model_release(struct logistic_model *model);

/* Where the stop-word lists are, in the data directory (stop-words.h). */
#define LOGISTIC_STOP_WORDS_DIR "models/stopwords"

/* The stop-word lists of the data directory `data_dir`. */
struct stop_lists *logistic_stop_lists_load(const char *data_dir, struct nc_error *err);

/* The method with the model file at `path` (and the n-gram model it
 * names), its stop-word lists from the data directory `data_dir` (NULL:
 * none, the ICE list on every page). */
struct method *logistic_method_load(const char *path, const char *data_dir,
				    struct nc_error *err);

/* The path of the n-gram model named `name` by the model file `model_path`. */
void logistic_ngram_path(const char *model_path, const char *name, struct strbuf *out);

#endif
