/* perplexity-counts.h: counting the word n-grams of clean text, and
 * turning the counts into a perplexity model file (perplexity-model.h).
 *
 * What is counted. Each sentence t1..tN (tokens as perplexity-text.h cuts
 * and folds them) is padded in front with the boundary <s>, as scoring pads
 * it, and counted as the released code's windows need: every word of the
 * padded sentence (so c(<s>) is the number of sentences), every pair of
 * neighbours ((<s> t1), (t1 t2), ...) and, for order 3, every triple
 * ((<s> t1 t2), (t1 t2 t3), ...). A sentence of N tokens adds N + 1
 * unigrams, N bigrams and N - 1 trigrams. Nothing pads the end: no window
 * predicts the end of a sentence.
 *
 * How it is stored, for memory (the published Python dictionaries took 2 to
 * 14 GB). A vocabulary interns every folded word once, in one arena of
 * spellings, and numbers it; the boundary is word 0. The n-gram tables are
 * open-addressing arrays of (word numbers, count) cells, 12 bytes a bigram
 * and 16 a trigram, at most 70% full; their keys are the word numbers
 * themselves, so training never confuses two n-grams. Counts are 32-bit for
 * n-grams and 64-bit for words; a count that would pass 2^32 - 1 (or more
 * than 2^32 - 2 distinct words) makes perplexity_counts_write() fail with
 * NC_ERR_LIMIT rather than write wrong probabilities.
 *
 * Writing sorts the tables in place: afterwards the counts can be written
 * again (the same bytes) or freed, but no longer added to (adding then
 * fails with NC_ERR_USAGE). The counts own everything they hold.
 */
#ifndef NC_PERPLEXITY_COUNTS_H
#define NC_PERPLEXITY_COUNTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/error.h"

struct perplexity_counts;

/* Counts for a model of `order` 2 or 3 (NULL, with NC_ERR_USAGE, otherwise). */
struct perplexity_counts *perplexity_counts_new(int order, struct nc_error *err);
void perplexity_counts_free(struct perplexity_counts *counts);

/* Count the sentences of `text` (UTF-8), split as perplexity-text.h says. */
int perplexity_counts_add_text(struct perplexity_counts *counts, const char *text, size_t len,
			       struct nc_error *err);

/* Count `text` as one sentence (a text without tokens counts nothing). */
int perplexity_counts_add_sentence(struct perplexity_counts *counts, const char *text,
				   size_t len, struct nc_error *err);

/* What has been counted: sentences, tokens (boundaries not included), and
 * distinct n-grams of order k (1..order; order 1: distinct words, the
 * boundary included). */
uint64_t perplexity_counts_sentences(const struct perplexity_counts *counts);
uint64_t perplexity_counts_tokens(const struct perplexity_counts *counts);
uint64_t perplexity_counts_distinct(const struct perplexity_counts *counts, int k);

/* Write the model file to `out` (`name` names it in errors), recommending
 * the cut-off `max_perplexity` and describing itself with `description`
 * (may be NULL). Byte-for-byte reproducible: the same texts, in any order,
 * give the same file. NC_ERR_USAGE when nothing was counted, NC_ERR_LIMIT
 * after an overflow, NC_ERR_IO on a write error. */
int perplexity_counts_write(struct perplexity_counts *counts, FILE *out, const char *name,
			    double max_perplexity, const char *description, struct nc_error *err);

#endif
