/* perplexity-model.h: the word n-gram model of the perplexity method: its
 * file (read and written only here) and the lookup tables it is loaded into.
 *
 * File format, version 2 (text, one record a line, fields separated by TAB):
 *
 *     ncleaner-model	2        the header of every model file (model-file.h)
 *     method	perplexity
 *     order	3               n: 2 (bigrams) or 3 (trigrams)
 *     max_perplexity	8000     the cut-off the model recommends (>= 1)
 *     sentences	S           what training counted (information only)
 *     tokens	T               tokens counted, boundaries not included
 *     description	...      free text: what the model was trained on
 *     ngrams	1	N1          how many entries of each order 1..n follow
 *     ngrams	2	N2
 *     ngrams	3	N3
 *     1	<s>	0.0476         "k<TAB>WORDS<TAB>P": k folded words separated
 *     1	the	0.0602          by single spaces, and a probability in (0, 1]
 *     ...
 *     2	<s> the	0.121
 *     ...
 *     end	N1+N2+N3         detects truncation
 *
 * The header fields come in any order, each once, before the first entry;
 * order, max_perplexity and the ngrams line of every order 1..n are
 * required. Entries come grouped by order, 1 to n, each group sorted by its
 * words (the first word, bytewise, a prefix before its extensions; then the
 * second; ...), so that a model rebuilds byte for byte. P is written with 9
 * significant digits, enough to give back the float that is stored:
 *     order 1:  P(w)          = c(w) / (sum over all words of c(w))
 *     order 2:  P(w2 | w1)    = c(w1 w2) / c(w1)
 *     order 3:  P(w3 | w1 w2) = c(w1 w2 w3) / c(w1 w2)
 * where c counts the sentences of the training text, each padded in front
 * with the boundary <s> (perplexity-text.h), so c(<s>) is the number of
 * sentences. The loader checks every field and entry (an error names the
 * file and the line), that each order has as many entries as its ngrams
 * line says, the end line, and that no n-gram is listed twice (two n-grams
 * whose 64-bit keys collide count as listed twice).
 *
 * Limits. The loader checks the file's size before it reads a byte: at most
 * PERPLEXITY_MODEL_MAX_BYTES, and the declared entries must fit in it (every
 * entry line takes at least 2k + 4 bytes), so a corrupt count never makes
 * it allocate more than the file could fill.
 *
 * Lookup tables (after KenLM's probing tables). Each order k is an
 * open-addressing table from the 64-bit key of a k-gram (perplexity-text.h)
 * to its probability as a float, 12 bytes a slot and 1.5 slots an entry; no
 * word is stored as a string. A loaded model is read-only: any number of
 * threads may look up in it at once. The model owns its tables and its
 * description; perplexity_model_release() frees them.
 */
#ifndef NC_PERPLEXITY_MODEL_H
#define NC_PERPLEXITY_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "method/model-file.h"
#include "base/limits.h"

#define PERPLEXITY_METHOD_NAME "perplexity"
#define PERPLEXITY_MODEL_VERSION MODEL_FILE_VERSION
#define PERPLEXITY_MAX_ORDER 3

/* --- lookup tables ---------------------------------------------------------- */

struct perplexity_table {
	uint64_t *keys;    /* 0: an empty slot */
	float *probs;
	size_t slots;      /* > entries, so every probe ends at an empty slot */
	size_t entries;
};

/* The slot where probing for `key` starts: the high bits of key x slots
 * (Lemire's range reduction; keys are already well mixed). */
static inline size_t perplexity_table_home(const struct perplexity_table *table, uint64_t key)
{
#ifdef __SIZEOF_INT128__
	return (size_t)(((unsigned __int128)key * table->slots) >> 64);
#else
	return (size_t)(key % table->slots);
#endif
}

/* The probability stored for `key`, or 0 when the n-gram is not listed. */
static inline float perplexity_table_find(const struct perplexity_table *table, uint64_t key)
{
	size_t i = perplexity_table_home(table, key);
	for (;;) {
		uint64_t k = table->keys[i];
		if (k == key)
			return table->probs[i];
		if (k == 0)
			return 0;
		if (++i == table->slots)
			i = 0;
	}
}

/* --- the model ---------------------------------------------------------------- */

struct perplexity_model {
	int order;                  /* 2 or 3 */
	double max_perplexity;      /* recommended cut-off */
	uint64_t sentences, tokens;
	char *description;
	struct perplexity_table table[PERPLEXITY_MAX_ORDER + 1];   /* [1..order] */
};

/* Read the model file `path`. On error the model is left empty (released). */
int perplexity_model_load(struct perplexity_model *model, const char *path,
			  struct nc_error *err);

/* The same from memory; `name` names it in error messages. */
int perplexity_model_parse(struct perplexity_model *model, const char *name, const char *data,
			   size_t len, struct nc_error *err);

void perplexity_model_release(struct perplexity_model *model);

/* --- writing --------------------------------------------------------------- */

/* What the header of a model file says. */
struct perplexity_model_info {
	int order;
	double max_perplexity;
	uint64_t sentences, tokens;
	const char *description;                     /* may be NULL */
	struct model_provenance built;               /* written to the file */
	uint64_t ngrams[PERPLEXITY_MAX_ORDER + 1];   /* entries of each order 1..order */
};

/* Writes a model file entry by entry, so that a model of any size streams
 * to disk; the writer owns only its output buffer. The caller gives the
 * entries in file order (by order, sorted within each). To write a file
 * whole or not at all, hand it the stream of an atomic_file (base/file.h). */
struct perplexity_model_writer {
	FILE *out;
	const char *name;
	struct strbuf buffer;
	struct perplexity_model_info info;
	uint64_t written[PERPLEXITY_MAX_ORDER + 1];
	int failed;   /* a write error: reported by perplexity_writer_finish() */
};

void perplexity_writer_start(struct perplexity_model_writer *writer, FILE *out, const char *name,
			     const struct perplexity_model_info *info);

/* One entry: the k words (folded, without white space) and P. */
void perplexity_writer_entry(struct perplexity_model_writer *writer, int k,
			     const char *const *words, const size_t *lens, double prob);

/* Write the end line and flush. Fails with NC_ERR_IO on a write error and
 * NC_ERR_USAGE when the entries do not match the header's counts. Releases
 * the writer's buffer either way. */
int perplexity_writer_finish(struct perplexity_model_writer *writer, struct nc_error *err);

#endif
