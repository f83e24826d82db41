/* method.h: stage 4, scoring segments.
 *
 * A method says, for every segment, how well it fits running text and how
 * well it fits boilerplate, as two costs in bits per unit (for the ncleaner
 * method: the cross-entropies H_clean and H_dirty per character). The
 * costs are all a decider needs: a threshold compares them (decide/), a
 * sequence model can use them as the emission costs of its clean and dirty
 * states. A method does not decide.
 *
 * Ownership and threads. A `struct method` is loaded once (it holds the
 * model) and is read-only afterwards: every worker scores with it at once.
 * What scoring writes (scratch buffers) lives in a `struct method_scorer`,
 * which each worker creates for itself with method_scorer_new(). The caller
 * that loads a method frees it, after every scorer made from it is freed.
 *
 * Pieces. A method may score parts of a segment on their own (perplexity
 * filtering scores sentences): its split() cuts each segment into pieces,
 * each piece is scored and decided alone, and the sink writes the kept
 * pieces of a segment as one segment. Without split() a segment is one
 * piece.
 *
 * Types. A method may also say what a segment it would keep is: ice-hr
 * makes the title line before a paragraph a heading, ice-dt's tree
 * classifies blocks as headings, list items or paragraphs. It proposes the
 * type in segment_score.type; the decider (decide/decider.h) gives it to
 * the segment when it keeps it. 0 proposes nothing: the segmenter's type
 * stays.
 *
 * Whole pages. A method whose score of a segment depends on the rest of
 * the page (ice-hr: a line is a heading when a paragraph follows it; ice-lm:
 * the query model is made of the page's title, keywords and headings)
 * gives score_page() instead of score(): the pipeline collects the page's
 * segments, as for a whole-page decider, and hands them over at the end of
 * the page with what the page says of itself (normalise/page-info.h). Such a
 * method has no split(). A page of more than PIPELINE_WHOLE_PAGE_WINDOW
 * bytes of segments (a long text dump) comes in windows of about that
 * size, each handed over as if it were a page (limits.h).
 *
 * Implementations embed `struct method` and `struct method_scorer` as their
 * first members and give an ops table.
 */
#ifndef NC_METHOD_H
#define NC_METHOD_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "base/words.h"
#include "normalise/page-info.h"
#include "segment/segment.h"

struct segment_score {
	double cost_clean;   /* bits per unit if the segment is running text */
	double cost_dirty;   /* bits per unit if it is boilerplate */
	size_t units;        /* how many units the costs are averaged over */
	enum segment_type type;   /* the type the segment gets if kept; 0: its own */
};

/* A part of a segment's text: text + offset, len bytes. */
struct segment_piece {
	size_t offset, len;
};

/* A segment, or a piece of one, as it travels from the method through the
 * decider to the sink. The pieces of one segment follow each other, the
 * first with `continues` 0, and are always handed on together. */
struct scored_segment {
	struct segment segment;   /* the piece's text, with its segment's type */
	struct segment_score score;
	int continues;            /* a later piece of the segment before */
	int keep;                 /* set by the decider */
	int rescued;              /* kept by the page's fallback (decider.h) */
	/* The segmenter's type, once a decider gave the segment its method's
	 * (decider_apply_type()); 0 while segment.type is still it. */
	enum segment_type read_type;
	/* 1 + the piece's words (words_count()'s), when its method counted
	 * them; 0 when it did not. The logistic method counts every
	 * segment's, and counting them again in the sink cost text mode 3%
	 * of its instructions: read them with scored_segment_words(). */
	unsigned words_plus_one;
};

/* The piece's words, as words_count() counts them (base/words.h). */
static inline size_t scored_segment_words(const struct scored_segment *s)
{
	return s->words_plus_one ? s->words_plus_one - 1
				 : words_count(s->segment.text, s->segment.len);
}

struct method;
struct method_scorer;

struct method_ops {
	const char *name;    /* as in model files' method line */
	/* cost_dirty is the log-odds, in bits, that the segment is running
	 * text (the logistic method's): a page's quality can be read off it
	 * (sink.h). */
	int log_odds;
	struct method_scorer *(*scorer_new)(const struct method *method);
	/* Optional (NULL: every segment is one piece). The pieces of
	 * `segment` in order, in the scorer's own array (valid until the next
	 * call); text outside them (space between sentences) is not written.
	 * 0 pieces: nothing worth scoring, the segment is dropped. */
	size_t (*split)(struct method_scorer *scorer, const struct segment *segment,
			const struct segment_piece **pieces);
	int (*score)(struct method_scorer *scorer, const struct segment *segment,
		     struct segment_score *score, struct nc_error *err);
	/* Instead of score(), for a method that needs the whole page: set the
	 * score of each of the page's `count` segments (in page order). */
	int (*score_page)(struct method_scorer *scorer, const struct page_info *page,
			  struct scored_segment *segments, size_t count, struct nc_error *err);
	void (*scorer_free)(struct method_scorer *scorer);
	void (*free)(struct method *method);
	/* The settings in effect, as JSON members ("order":3,"q":0.5) without
	 * braces, for outputs that say how they were made. */
	void (*describe)(const struct method *method, struct strbuf *json);
};

struct method {
	const struct method_ops *ops;
	double default_bias;  /* the bias (bits) the model recommends to a threshold */
	/* The weights of --article's stacked decision its model learnt
	 * (method/article-stack.h), or NULL: the article rule's stretch. */
	const double *article_stack;
};

struct method_scorer {
	const struct method_ops *ops;
};

static inline struct method_scorer *method_scorer_new(const struct method *method)
{
	return method->ops->scorer_new(method);
}

static inline int method_score(struct method_scorer *scorer, const struct segment *segment,
			       struct segment_score *score, struct nc_error *err)
{
	return scorer->ops->score(scorer, segment, score, err);
}

/* Does the method score whole pages (score_page) rather than segments? */
static inline int method_whole_page(const struct method *method)
{
	return method->ops->score_page != NULL;
}

static inline int method_score_page(struct method_scorer *scorer, const struct page_info *page,
				    struct scored_segment *segments, size_t count,
				    struct nc_error *err)
{
	return scorer->ops->score_page(scorer, page, segments, count, err);
}

/* The pieces of `segment`: the method's split(), or the whole segment. */
static inline size_t method_split(struct method_scorer *scorer, const struct segment *segment,
				  const struct segment_piece **pieces,
				  struct segment_piece *whole)
{
	if (scorer->ops->split)
		return scorer->ops->split(scorer, segment, pieces);
	whole->offset = 0;
	whole->len = segment->len;
	*pieces = whole;
	return 1;
}

static inline void method_scorer_free(struct method_scorer *scorer)
{
	if (scorer)
		scorer->ops->scorer_free(scorer);
}

static inline void method_free(struct method *method)
{
	if (method)
		method->ops->free(method);
}

#endif
