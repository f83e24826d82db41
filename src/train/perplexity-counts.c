/* perplexity-counts.c: the vocabulary and n-gram count tables of
 * perplexity training, and the sorted writing of the model (see
 * perplexity-counts.h). */
#include "train/perplexity-counts.h"
#include "method/perplexity-model.h"
#include "method/perplexity-text.h"
#include "base/alloc.h"
#include "base/strbuf.h"

#include <stdlib.h>
#include <string.h>

#define NO_WORD UINT32_MAX          /* marks an empty cell; never a word number */
#define MAX_WORDS (UINT32_MAX - 1)

/* --- the vocabulary ------------------------------------------------------------- */

struct vocabulary {
	uint32_t *slots;        /* word number + 1; 0: empty. Keyed by the word's key */
	size_t slot_mask;
	uint64_t *keys;         /* [word]: perplexity_token_key() of its spelling */
	size_t *spelling;       /* [word]: offset of its NUL-terminated spelling */
	uint64_t *counts;       /* [word]: unigram count */
	size_t words, alloc;
	struct strbuf spellings;
};

static void vocabulary_init(struct vocabulary *v)
{
	memset(v, 0, sizeof(*v));
	v->slot_mask = 1023;
	v->slots = xcalloc(v->slot_mask + 1, sizeof(*v->slots));
	strbuf_init(&v->spellings);
}

static void vocabulary_release(struct vocabulary *v)
{
	free(v->slots);
	free(v->keys);
	free(v->spelling);
	free(v->counts);
	strbuf_release(&v->spellings);
}

static const char *vocabulary_word(const struct vocabulary *v, uint32_t word)
{
	return v->spellings.buf + v->spelling[word];
}

/* The slot of `word` (folded, `len` bytes, key `key`): its own, or the empty
 * one where it belongs. */
static size_t vocabulary_slot(const struct vocabulary *v, const char *word, size_t len,
			      uint64_t key)
{
	size_t i = (size_t)key & v->slot_mask;
	for (;; i = (i + 1) & v->slot_mask) {
		uint32_t s = v->slots[i];
		if (s == 0)
			return i;
		const char *spelling = vocabulary_word(v, s - 1);
		if (v->keys[s - 1] == key && !strncmp(spelling, word, len) && spelling[len] == '\0')
			return i;
	}
}

/* Doubling the slots keeps them at most half full (words are few). */
static void vocabulary_grow(struct vocabulary *v)
{
	size_t size = 2 * (v->slot_mask + 1);
	free(v->slots);
	v->slots = xcalloc(size, sizeof(*v->slots));
	v->slot_mask = size - 1;
	for (uint32_t w = 0; w < v->words; w++) {
		size_t i = (size_t)v->keys[w] & v->slot_mask;
		while (v->slots[i])
			i = (i + 1) & v->slot_mask;
		v->slots[i] = w + 1;
	}
}

/* The number of `word`, added if new; NO_WORD when the vocabulary is full. */
static uint32_t vocabulary_intern(struct vocabulary *v, const char *word, size_t len)
{
	uint64_t key = perplexity_token_key(word, len);
	size_t i = vocabulary_slot(v, word, len, key);

	if (v->slots[i])
		return v->slots[i] - 1;
	if (v->words == MAX_WORDS)
		return NO_WORD;
	if (v->words == v->alloc) {
		v->keys = xgrow(v->keys, &v->alloc, 1024, sizeof(*v->keys));
		v->spelling = xrealloc(v->spelling, v->alloc * sizeof(*v->spelling));
		v->counts = xrealloc(v->counts, v->alloc * sizeof(*v->counts));
	}
	uint32_t w = (uint32_t)v->words++;
	v->keys[w] = key;
	v->spelling[w] = v->spellings.len;
	v->counts[w] = 0;
	strbuf_add(&v->spellings, word, len);
	strbuf_addch(&v->spellings, '\0');
	v->slots[i] = w + 1;
	if (2 * v->words > v->slot_mask)
		vocabulary_grow(v);
	return w;
}

/* --- n-gram count tables ------------------------------------------------------- */

/* Cells of k + 1 uint32: the k word numbers, then the count. */
struct count_table {
	uint32_t *cells;
	int k;
	size_t slots;           /* a power of two while counting */
	size_t used;
	int sorted;             /* compacted to `used` cells, sorted by rank */
};

static uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xBF58476D1CE4E5B9ull;
	x ^= x >> 27;
	x *= 0x94D049BB133111EBull;
	x ^= x >> 31;
	return x;
}

static size_t cells_home(const uint32_t *words, int k, size_t mask)
{
	uint64_t h = ((uint64_t)words[0] << 32) | words[1];
	if (k == 3)
		h = mix64(h) ^ words[2];
	return (size_t)mix64(h) & mask;
}

static void count_table_init(struct count_table *t, int k)
{
	t->k = k;
	t->slots = 1024;
	t->used = 0;
	t->sorted = 0;
	t->cells = xmalloc(t->slots * (size_t)(k + 1) * sizeof(uint32_t));
	for (size_t i = 0; i < t->slots; i++)
		t->cells[i * (size_t)(k + 1)] = NO_WORD;
}

/* The cell of `words`, or the empty one where they belong. */
static uint32_t *count_table_cell(const struct count_table *t, const uint32_t *words)
{
	size_t width = (size_t)t->k + 1, mask = t->slots - 1;
	for (size_t i = cells_home(words, t->k, mask);; i = (i + 1) & mask) {
		uint32_t *cell = t->cells + i * width;
		if (cell[0] == NO_WORD || !memcmp(cell, words, (size_t)t->k * sizeof(uint32_t)))
			return cell;
	}
}

/* Doubling when 70% full: linear probing slows down fast past that. */
static void count_table_grow(struct count_table *t)
{
	struct count_table bigger = { .k = t->k, .slots = 2 * t->slots, .used = t->used };
	size_t width = (size_t)t->k + 1;

	bigger.cells = xmalloc(bigger.slots * width * sizeof(uint32_t));
	for (size_t i = 0; i < bigger.slots; i++)
		bigger.cells[i * width] = NO_WORD;
	for (size_t i = 0; i < t->slots; i++) {
		const uint32_t *cell = t->cells + i * width;
		if (cell[0] != NO_WORD)
			memcpy(count_table_cell(&bigger, cell), cell, width * sizeof(uint32_t));
	}
	free(t->cells);
	*t = bigger;
}

/* Add one to `words`; 0, or -1 when the count would overflow. */
static int count_table_add(struct count_table *t, const uint32_t *words)
{
	uint32_t *cell = count_table_cell(t, words);

	if (cell[0] == NO_WORD) {
		memcpy(cell, words, (size_t)t->k * sizeof(uint32_t));
		cell[t->k] = 0;
		if (10 * ++t->used > 7 * t->slots) {
			cell[t->k] = 1;
			count_table_grow(t);
			return 0;
		}
	}
	if (cell[t->k] == UINT32_MAX)
		return -1;
	cell[t->k]++;
	return 0;
}

/* --- counting ---------------------------------------------------------------------- */

struct perplexity_counts {
	int order;
	int frozen;             /* written: tables sorted, no more adding */
	int overflow;           /* a count or the vocabulary ran out of range */
	uint64_t sentences, tokens;
	struct vocabulary vocabulary;
	struct count_table table[PERPLEXITY_MAX_ORDER + 1];   /* [2..order] */
	struct strbuf folded;   /* scratch: the token being interned */
	uint32_t *words;        /* scratch: the sentence's word numbers, <s> first */
	size_t words_alloc;
};

struct perplexity_counts *perplexity_counts_new(int order, struct nc_error *err)
{
	if (order != 2 && order != 3) {
		nc_error_set(err, NC_ERR_USAGE, "a perplexity model has order 2 or 3, not %d", order);
		return NULL;
	}
	struct perplexity_counts *counts = xcalloc(1, sizeof(*counts));
	counts->order = order;
	vocabulary_init(&counts->vocabulary);
	vocabulary_intern(&counts->vocabulary, PERPLEXITY_BOUNDARY, strlen(PERPLEXITY_BOUNDARY));
	for (int k = 2; k <= order; k++)
		count_table_init(&counts->table[k], k);
	strbuf_init(&counts->folded);
	return counts;
}

void perplexity_counts_free(struct perplexity_counts *counts)
{
	if (!counts)
		return;
	vocabulary_release(&counts->vocabulary);
	for (int k = 2; k <= counts->order; k++)
		free(counts->table[k].cells);
	strbuf_release(&counts->folded);
	free(counts->words);
	free(counts);
}

/* The word numbers of the tokens of `text`, after the boundary (word 0),
 * in counts->words; their number, boundary included. */
static size_t sentence_words(struct perplexity_counts *counts, const char *text, size_t len)
{
	struct perplexity_token_cursor cursor;
	const char *token;
	size_t token_len, n = 1;

	if (!counts->words_alloc) {
		counts->words_alloc = 64;
		counts->words = xmalloc(counts->words_alloc * sizeof(*counts->words));
	}
	counts->words[0] = 0;
	perplexity_tokens_start(&cursor, text, len);
	while (perplexity_tokens_next(&cursor, &token, &token_len)) {
		strbuf_reset(&counts->folded);
		perplexity_token_fold(token, token_len, &counts->folded);
		uint32_t w = vocabulary_intern(&counts->vocabulary, counts->folded.buf,
					       counts->folded.len);
		if (w == NO_WORD) {
			counts->overflow = 1;
			return 0;
		}
		if (n == counts->words_alloc) {
			counts->words_alloc *= 2;
			counts->words = xrealloc(counts->words,
						 counts->words_alloc * sizeof(*counts->words));
		}
		counts->words[n++] = w;
	}
	return n;
}

int perplexity_counts_add_sentence(struct perplexity_counts *counts, const char *text,
				   size_t len, struct nc_error *err)
{
	if (counts->frozen)
		return nc_error_set(err, NC_ERR_USAGE, "perplexity counts cannot grow once written");
	size_t n = sentence_words(counts, text, len);
	if (n < 2)
		return 0;
	const uint32_t *w = counts->words;
	for (size_t i = 0; i < n; i++)
		counts->vocabulary.counts[w[i]]++;
	for (int k = 2; k <= counts->order; k++)
		for (size_t i = 0; i + (size_t)k <= n; i++)
			if (count_table_add(&counts->table[k], w + i) < 0)
				counts->overflow = 1;
	counts->sentences++;
	counts->tokens += n - 1;
	return 0;
}

int perplexity_counts_add_text(struct perplexity_counts *counts, const char *text, size_t len,
			       struct nc_error *err)
{
	struct perplexity_sentence_cursor cursor;
	struct segment_piece sentence;

	perplexity_sentences_start(&cursor, text, len);
	while (perplexity_sentences_next(&cursor, &sentence))
		if (perplexity_counts_add_sentence(counts, text + sentence.offset, sentence.len,
						   err) < 0)
			return -1;
	return 0;
}

uint64_t perplexity_counts_sentences(const struct perplexity_counts *counts)
{
	return counts->sentences;
}

uint64_t perplexity_counts_tokens(const struct perplexity_counts *counts)
{
	return counts->tokens;
}

uint64_t perplexity_counts_distinct(const struct perplexity_counts *counts, int k)
{
	if (k == 1)
		return counts->vocabulary.words;
	return k >= 2 && k <= counts->order ? counts->table[k].used : 0;
}

/* --- writing ------------------------------------------------------------------------ */

/* Words ranked by spelling: by_rank[r] is the word of rank r. Sorted tables
 * hold ranks instead of word numbers, so that integer order is file order. */
struct ranking {
	uint32_t *by_rank;
	uint32_t *rank_of;
};

struct spelled_word {
	const char *spelling;
	uint32_t word;
};

static int compare_spellings(const void *a, const void *b)
{
	return strcmp(((const struct spelled_word *)a)->spelling,
		      ((const struct spelled_word *)b)->spelling);
}

static void ranking_init(struct ranking *ranking, const struct vocabulary *v)
{
	struct spelled_word *list = xmalloc(v->words * sizeof(*list));

	for (uint32_t w = 0; w < v->words; w++)
		list[w] = (struct spelled_word){ vocabulary_word(v, w), w };
	/* Spellings are distinct, so the order is total: no ties to break. */
	qsort(list, v->words, sizeof(*list), compare_spellings);
	ranking->by_rank = xmalloc(v->words * sizeof(*ranking->by_rank));
	ranking->rank_of = xmalloc(v->words * sizeof(*ranking->rank_of));
	for (uint32_t r = 0; r < v->words; r++) {
		ranking->by_rank[r] = list[r].word;
		ranking->rank_of[list[r].word] = r;
	}
	free(list);
}

static void ranking_release(struct ranking *ranking)
{
	free(ranking->by_rank);
	free(ranking->rank_of);
}

static int compare_cells_2(const void *a, const void *b)
{
	const uint32_t *x = a, *y = b;
	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] < y[1] ? -1 : x[1] > y[1];
}

static int compare_cells_3(const void *a, const void *b)
{
	int c = compare_cells_2(a, b);
	const uint32_t *x = a, *y = b;
	return c ? c : x[2] < y[2] ? -1 : x[2] > y[2];
}

/* Compact the used cells to the front (the slack is given back before the
 * sort needs memory), word numbers replaced by ranks, and sort them. */
static void count_table_sort(struct count_table *t, const uint32_t *rank_of)
{
	size_t width = (size_t)t->k + 1, used = 0;

	if (t->sorted)
		return;
	for (size_t i = 0; i < t->slots; i++) {
		const uint32_t *cell = t->cells + i * width;
		if (cell[0] == NO_WORD)
			continue;
		uint32_t *to = t->cells + used++ * width;
		for (int j = 0; j < t->k; j++)
			to[j] = rank_of[cell[j]];
		to[t->k] = cell[t->k];
	}
	t->cells = xrealloc(t->cells, (used ? used : 1) * width * sizeof(uint32_t));
	t->slots = t->used = used;
	qsort(t->cells, used, width * sizeof(uint32_t), t->k == 2 ? compare_cells_2 : compare_cells_3);
	t->sorted = 1;
}

struct model_output {
	struct perplexity_model_writer writer;
	const struct vocabulary *vocabulary;
	const struct ranking *ranking;
};

/* One entry whose words are the ranks `ranks`. */
static void write_ranked(struct model_output *o, int k, const uint32_t *ranks, double prob)
{
	const char *words[PERPLEXITY_MAX_ORDER];
	size_t lens[PERPLEXITY_MAX_ORDER];

	for (int i = 0; i < k; i++) {
		words[i] = vocabulary_word(o->vocabulary, o->ranking->by_rank[ranks[i]]);
		lens[i] = strlen(words[i]);
	}
	perplexity_writer_entry(&o->writer, k, words, lens, prob);
}

static void write_unigrams(struct model_output *o, uint64_t total)
{
	for (uint32_t r = 0; r < o->vocabulary->words; r++)
		write_ranked(o, 1, &r, (double)o->vocabulary->counts[o->ranking->by_rank[r]] /
				       (double)total);
}

/* P(w2 | w1) = c(w1 w2) / c(w1) */
static void write_bigrams(struct model_output *o, const struct count_table *t)
{
	for (size_t i = 0; i < t->used; i++) {
		const uint32_t *cell = t->cells + i * 3;
		uint64_t history = o->vocabulary->counts[o->ranking->by_rank[cell[0]]];
		write_ranked(o, 2, cell, (double)cell[2] / (double)history);
	}
}

/* P(w3 | w1 w2) = c(w1 w2 w3) / c(w1 w2): both tables are sorted, so the
 * histories are found by walking the bigrams alongside. */
static int write_trigrams(struct model_output *o, const struct count_table *t,
			  const struct count_table *bigrams, struct nc_error *err)
{
	size_t j = 0;

	for (size_t i = 0; i < t->used; i++) {
		const uint32_t *cell = t->cells + i * 4;
		while (j < bigrams->used && compare_cells_2(bigrams->cells + j * 3, cell) < 0)
			j++;
		if (j == bigrams->used || compare_cells_2(bigrams->cells + j * 3, cell) != 0)
			return nc_error_set(err, NC_ERR_USAGE, "%s: a trigram without its bigram "
					    "(inconsistent counts)", o->writer.name);
		write_ranked(o, 3, cell, (double)cell[3] / (double)bigrams->cells[j * 3 + 2]);
	}
	return 0;
}

int perplexity_counts_write(struct perplexity_counts *counts, FILE *out, const char *name,
			    double max_perplexity, const char *description, struct nc_error *err)
{
	struct perplexity_model_info info = {
		.order = counts->order, .max_perplexity = max_perplexity,
		.sentences = counts->sentences, .tokens = counts->tokens,
		.description = description,
	};
	struct ranking ranking;
	int ret = 0;

	if (counts->overflow)
		return nc_error_set(err, NC_ERR_LIMIT, "%s: too much text for one model (a count "
				    "passed 2^32 - 1, or the words 2^32 - 2)", name);
	if (counts->sentences == 0)
		return nc_error_set(err, NC_ERR_USAGE, "%s: no sentences to train on", name);
	ranking_init(&ranking, &counts->vocabulary);
	for (int k = 2; k <= counts->order; k++)
		count_table_sort(&counts->table[k], ranking.rank_of);
	counts->frozen = 1;
	info.ngrams[1] = counts->vocabulary.words;
	for (int k = 2; k <= counts->order; k++)
		info.ngrams[k] = counts->table[k].used;

	struct model_output o = { .vocabulary = &counts->vocabulary, .ranking = &ranking };
	perplexity_writer_start(&o.writer, out, name, &info);
	write_unigrams(&o, counts->tokens + counts->sentences);
	write_bigrams(&o, &counts->table[2]);
	if (counts->order == 3)
		ret = write_trigrams(&o, &counts->table[3], &counts->table[2], err);
	if (perplexity_writer_finish(&o.writer, ret == 0 ? err : NULL) < 0)
		ret = -1;
	ranking_release(&ranking);
	return ret;
}
