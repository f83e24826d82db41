/* score.h: the 2008 CLEANEVAL scorer (cleaneval.py v1.0), ported exactly.
 *
 * Both texts are normalised byte-wise (score_normalise), split into
 * whitespace tokens, and aligned with the algorithm of Python's
 * difflib.SequenceMatcher (system tokens as sequence a, gold as b), including
 * its "popular token" rule: when the gold side has >= 200 tokens, a token
 * occurring more than len/100 + 1 times there never seeds a match and is
 * matched only by extending a neighbouring match. Matched tokens are true
 * positives, unmatched system tokens false positives, unmatched gold tokens
 * false negatives; tokens that are segment tags (<p>, <h>, <l>) are counted
 * again in the tag counts.
 */
#ifndef NC_SCORE_H
#define NC_SCORE_H

#include <stddef.h>

#include "base/strbuf.h"

enum score_flags {
	SCORE_DEFAULT = 0,
	SCORE_ASCII = 1,       /* -a: delete bytes 0x80-0xFF before comparing */
	SCORE_UNLABELLED = 2,  /* -u: every tag counts as <p> */
	SCORE_NO_MARKERS = 4   /* -M: tags are dropped and the ends trimmed (gold
				  texts without them); not in the original */
};

struct score_counts {
	long tp, fp, fn;
	long tag_tp, tag_fp, tag_fn;
};

struct score_result {
	double f, p, r;           /* percentages */
	double tag_f, tag_p, tag_r;
	struct score_counts counts;
};

/* The scorer's normalisation: drop lines starting (after white space) with
 * "URL", turn control-byte runs into a space, put each tag on a new line
 * followed by a space, collapse white space, optionally drop non-ASCII. */
void score_normalise(const char *text, size_t len, enum score_flags flags, struct strbuf *out);

/* Score one system text against one gold text; counts are added to `counts`.
 * When `alignment` is not NULL the alignment is appended to it in the
 * format of the original's alignment files. */
void score_texts(const char *system, size_t system_len, const char *gold, size_t gold_len,
		 enum score_flags flags, struct score_counts *counts, struct strbuf *alignment);

/* Percentages from counts; a zero denominator counts as 1, as in the original. */
void score_compute(const struct score_counts *counts, struct score_result *result);

/* --- the alignment itself, for what learns from it (eval/gold-labels.h) ---- */

/* The tokens of a normalised text, in order (NUL-terminated copies). */
struct score_tokens {
	const char **text;
	size_t *len;
	size_t count;
	char *storage;
};

struct score_alignment {
	struct score_tokens system, gold;
	long *match;   /* [system.count]: the gold token each system token is
			  matched with, or -1 (a false positive) */
};

/* Align `system` with `gold` exactly as score_texts() does. */
void score_align(const char *system, size_t system_len, const char *gold, size_t gold_len,
		 enum score_flags flags, struct score_alignment *alignment);
void score_alignment_release(struct score_alignment *alignment);

/* Is the token a segment tag (<p>, <h>, <l>, any case)? */
int score_is_tag(const char *token, size_t len);

#endif
