/* ice.h: the four runs of ICE, ILPS Content Extraction (Hofmann & Weerkamp,
 * CLEANEVAL 2007; reference.md §10), as methods.
 *
 * All four read the page's HTML structure, which the in-process renderer
 * render/html-blocks.h delivers (the registry, method/registry.h, names it
 * for them): ice-bl, ice-dt and ice-lm get one segment per block element
 * with its tag (segment.tag) and, for headings and list items, its type;
 * ice-hr gets one segment per line of the page's text, with the blank lines
 * between them counted (segment.blank_lines). On text dumps (--text) the
 * segments are the dump's paragraphs (ice-hr: its lines), without tags.
 *
 * Decisions as costs. The ICE runs decide; methods here score (method.h),
 * so each decision becomes a pair of costs that the threshold decider with
 * its default bias 0 turns back into the run's decision, and each type the
 * run writes becomes a proposed type (segment_score.type):
 *   ice-bl  keeps everything as <p>: costs 0 and 0 (ties keep).
 *   ice-hr  a kept line (paragraph or heading) costs 0 clean, 1 dirty; a
 *           dropped one 1 clean, 0 dirty; units are the line's words.
 *   ice-dt  the tree's leaf (decision-tree.h) gives class probabilities,
 *           Laplace-smoothed counts (c + 1) / (N + 4): cost_dirty is
 *           -log2 P(n), cost_clean is -log2 P(c) of the likeliest kept
 *           class c, which is also the proposed type. Bias 0 keeps exactly
 *           the blocks the tree classifies h, l or p (the tree lists n last,
 *           so a tie keeps); a bias > 0 asks for more confidence.
 *   ice-lm  cost_clean is the block's KL divergence from the query model,
 *           cost_dirty the threshold (max_kl), both in bits: kept when
 *           KL <= max_kl - bias. The segmenter's type stays.
 * A bias other than 0 is thus meaningful for ice-dt and ice-lm only.
 *
 * Words. ice-hr and ice-dt count words as the scorer does: runs of
 * non-space characters (ice_count_words()). A word's length is its number
 * of characters (code points). A word is capitalised when its first letter
 * (after leading punctuation) is an upper-case letter: ASCII, Latin-1,
 * Greek or Cyrillic capitals. Punctuation marks are the ASCII punctuation
 * characters and those of Latin-1 and General Punctuation (U+2010-U+205E),
 * counted wherever they stand. A stop word is a word that, lower-cased and
 * stripped of the punctuation around it, is on the English list in
 * ice-words.c (function words: articles, pronouns, prepositions,
 * conjunctions, auxiliaries; 127 of them). The paper's ratios are "words
 * to X"; we use X / words (0 for a block without words): the same order of
 * blocks, reversed, without dividing by zero, which is all a decision tree
 * sees of a feature.
 *
 * ice-hr's rule, exactly as reference.md §10 gives it: one pass over the
 * page's lines with a title candidate T (none at first) and a counter C.
 *   - a line of more than 3 characters with more than 10 words of mean
 *     length above 3 characters is a paragraph: if T is set and C < 3, T is
 *     output as a heading and T and C are cleared; the line is output as <p>;
 *   - any other line of more than 3 characters becomes T, and C = 0;
 *   - a line of at most 3 characters (blank lines too) adds 1 to C when T
 *     is set.
 * Characters of a line are counted after the segmenter trimmed it and
 * collapsed its white space.
 *
 * ice-lm's model (the paper names the parts, we fill in the rest [OURS]).
 * Words are the perplexity method's tokens (perplexity-text.h: lower-cased,
 * punctuation split off) that hold a letter or a digit. The query q is the
 * page's title, its meta keywords and its heading segments; P_q(w) is the
 * maximum-likelihood estimate. The background B is every word of the page
 * (its segments, title and keywords), so every query word has P_B(w) > 0.
 * A block d of n_d words, u_d of them distinct, with absolute discounting
 * (delta = the discount, 0 < delta < 1):
 *     P_d(w) = max(c_d(w) - delta, 0) / n_d + (delta u_d / n_d) P_B(w)
 *     (P_d = P_B for a block without words), and
 *     KL(q || d) = sum over w in q of P_q(w) log2(P_q(w) / P_d(w)),
 * the divergence of the block's model from the query model (the direction
 * that ranks like query likelihood). A page without query words (no title,
 * keywords or headings) keeps every block: cost 0.
 *
 * Files. ice-bl and ice-hr need none. ice-dt loads a tree file
 * (decision-tree.h, method "ice-dt"). ice-lm loads a small settings file,
 * the model-file header and:
 *     discount	0.7          delta, in (0, 1)
 *     max_kl	6.5          the threshold, bits (>= 0)
 *     description	...      optional
 *     end
 * train-ncleaner writes both (train/ice-training.h).
 *
 * Threads: each method is read-only once made; a scorer per worker owns
 * the scratch arrays.
 */
#ifndef NC_ICE_H
#define NC_ICE_H

#include <stddef.h>

#include "base/error.h"
#include "method/decision-tree.h"
#include "method/method.h"

#define ICE_BL_NAME "ice-bl"
#define ICE_HR_NAME "ice-hr"
#define ICE_DT_NAME "ice-dt"
#define ICE_LM_NAME "ice-lm"

/* --- words -------------------------------------------------------------------- */

struct ice_words {
	size_t words;         /* runs of non-space characters */
	size_t characters;    /* code points of the words */
	size_t capitalised;   /* words whose first letter is a capital */
	size_t punctuation;   /* punctuation marks */
	size_t stop_words;    /* words on the stop-word list */
	/* Beside ICE's counts, for the logistic method's features (one pass
	 * where it took three): */
	size_t digits;        /* bytes '0' to '9' */
	int maybe_unspaced;   /* a byte that may start a character of an unspaced
				 script (base/words.h): only then may
				 words_count() differ from `words` */
};

void ice_count_words(const char *text, size_t len, struct ice_words *words);

/* Is `word` (`len` bytes) on the stop-word list, ignoring case and the
 * punctuation around it? */
int ice_is_stop_word(const char *word, size_t len);

/* --- ice-bl -------------------------------------------------------------------------- */

struct method *ice_bl_method_new(void);

/* --- ice-hr ---------------------------------------------------------------------------- */

/* How the rule reads a line. */
enum ice_hr_line {
	ICE_HR_SHORT,       /* at most 3 characters */
	ICE_HR_PARAGRAPH,   /* > 3 characters, > 10 words, mean word length > 3 */
	ICE_HR_OTHER        /* > 3 characters, not a paragraph: a title candidate */
};

enum ice_hr_line ice_hr_classify(const char *text, size_t len);

/* What the rule does with each line. */
enum ice_hr_verdict {
	ICE_HR_DROP = 0,
	ICE_HR_KEEP_PARAGRAPH,
	ICE_HR_KEEP_HEADING
};

/* The rule over a page's lines, in order: verdicts[i] for segments[i].
 * Each segment's blank_lines are short lines before it. */
void ice_hr_run(const struct scored_segment *segments, size_t count,
		enum ice_hr_verdict *verdicts);

struct method *ice_hr_method_new(void);

/* --- ice-dt ---------------------------------------------------------------------------- */

/* The features, in the tree schema's order, and the classes. */
enum ice_dt_feature {
	ICE_DT_WORDS, ICE_DT_TAG, ICE_DT_CAPITALS, ICE_DT_PUNCTUATION, ICE_DT_STOP_WORDS,
	ICE_DT_FEATURES
};
enum ice_dt_class { ICE_DT_H, ICE_DT_L, ICE_DT_P, ICE_DT_N, ICE_DT_CLASSES };

/* The schema of ice-dt's trees: features words (numeric), tag (nominal),
 * capitals, punctuation, stopwords (numeric); classes h l p n. */
const struct tree_schema *ice_dt_schema(void);

/* The feature values of a segment (the tag is segment->tag, maybe NULL). */
void ice_dt_features(const struct segment *segment, struct tree_value values[ICE_DT_FEATURES]);

/* A method on `tree` (built for ice_dt_schema()), which it takes over (the
 * struct is emptied). */
struct method *ice_dt_method_new(struct decision_tree *tree);

/* Load the tree file `path` and make the method. */
struct method *ice_dt_method_load(const char *path, struct nc_error *err);

/* --- ice-lm ---------------------------------------------------------------------------- */

#define ICE_LM_VERSION MODEL_FILE_VERSION
#define ICE_LM_DEFAULT_DISCOUNT 0.7

struct ice_lm_settings {
	double discount;   /* delta, in (0, 1) */
	double max_kl;     /* bits, >= 0 */
	char *description; /* or NULL; owned */
	struct model_provenance built;   /* written to the file; not owned */
};

void ice_lm_settings_release(struct ice_lm_settings *settings);

/* Read an ice-lm settings file from memory / from `path`. */
int ice_lm_settings_parse(struct ice_lm_settings *settings, const char *name, const char *data,
			  size_t len, struct nc_error *err);
int ice_lm_settings_load(struct ice_lm_settings *settings, const char *path,
			 struct nc_error *err);

/* Append the settings file. */
void ice_lm_settings_write(const struct ice_lm_settings *settings, struct strbuf *out);

/* Scratch for ice_lm_divergences(): tables that grow with the page. */
struct ice_lm_scratch;
struct ice_lm_scratch *ice_lm_scratch_new(void);
void ice_lm_scratch_free(struct ice_lm_scratch *scratch);

/* The KL divergence (bits) of each of a page's `count` segments from the
 * page's query model, into kl[]. Returns 1, or 0 when the page has no
 * query words (kl[] is then all 0). */
int ice_lm_divergences(struct ice_lm_scratch *scratch, double discount,
		       const struct page_info *page, const struct segment *segments,
		       size_t count, double *kl);

/* A method with `settings` (taken over); `max_kl` > 0 replaces the file's
 * threshold (<= 0: the file's). NC_ERR_USAGE for a discount outside (0, 1)
 * or a negative threshold. */
struct method *ice_lm_method_new(struct ice_lm_settings *settings, double max_kl,
				 struct nc_error *err);
struct method *ice_lm_method_load(const char *path, double max_kl, struct nc_error *err);

#endif
