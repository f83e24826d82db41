/* ngram.c: normalisation, counting and estimation (see ngram.h). */
#include "method/ngram.h"
#include "base/alloc.h"
#include "base/swar.h"

#include <math.h>
#include <string.h>

static int is_vowel(int c)
{
	return c && strchr("aeiouAEIOU", c) != NULL;
}

/* What the ASCII byte `c` becomes in `mode`. */
static unsigned char ascii_symbol(enum ngram_mode mode, int c)
{
	int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
	int digit = c >= '0' && c <= '9';

	if (c < 0x20 || c == 0x7F)
		return ' ';
	if (mode == NGRAM_MODE_SHAPE && letter)
		return is_vowel(c) ? 'a' : 't';
	if ((mode == NGRAM_MODE_SHAPE || mode == NGRAM_MODE_NONLEXICAL) && digit)
		return '0';
	if (mode == NGRAM_MODE_NONLEXICAL && letter)
		return 'a';
	return (unsigned char)c;
}

void ngram_alphabet_init(struct ngram_alphabet *alphabet, enum ngram_mode mode)
{
	alphabet->mode = mode;
	alphabet->printable_as_is = 1;
	for (int c = 0; c < 128; c++) {
		alphabet->ascii[c] = ascii_symbol(mode, c);
		if (c >= 0x20 && c < 0x7F && alphabet->ascii[c] != c)
			alphabet->printable_as_is = 0;
	}
}

void ngram_normalise(const struct ngram_alphabet *alphabet, const char *text, size_t len,
		     struct strbuf *out)
{
	const unsigned char *p = (const unsigned char *)text, *end = p + len;
	const unsigned char *map = alphabet->ascii;
	int minimal = alphabet->mode == NGRAM_MODE_MINIMAL;
	int last_space = out->len && out->buf[out->len - 1] == ' ';
	size_t n = 0;

	strbuf_grow(out, len);
	unsigned char *dst = (unsigned char *)out->buf + out->len;
	while (p < end) {
		/* Eight printable ASCII bytes, singly spaced, are their own
		 * symbols in the modes that keep letters: the common case. */
		if (SWAR_WORDS && alphabet->printable_as_is && end - p >= 8) {
			uint64_t v = swar_load(p);
			if (swar_single_spaced_ascii(v, last_space) && !swar_below(v, 0x20) &&
			    !swar_equal(v, 0x7F)) {
				memcpy(dst + n, p, 8);
				n += 8;
				p += 8;
				last_space = swar_ends_in_space(v);
				continue;
			}
		}
		unsigned char s;
		if (*p < 0x80) {
			s = map[*p++];
		} else if (minimal) {
			s = *p++;
		} else {
			/* One '~' per code point: skip the continuation bytes. */
			p++;
			while (p < end && (*p & 0xC0) == 0x80)
				p++;
			s = '~';
		}
		if (s == ' ' && last_space)
			continue;
		last_space = s == ' ';
		dst[n++] = s;
	}
	strbuf_commit(out, n);
}

int ngram_symbol_in_alphabet(enum ngram_mode mode, unsigned symbol)
{
	if (symbol == NGRAM_BOUNDARY)
		return 1;
	if (mode == NGRAM_MODE_MINIMAL)
		return symbol != 0xFF;
	for (int c = 0x20; c < 0x7F; c++)
		if (ascii_symbol(mode, c) == symbol)
			return 1;
	return symbol == '~';
}

unsigned ngram_alphabet_size(enum ngram_mode mode)
{
	unsigned n = 0;
	for (unsigned s = 0; s < NGRAM_SYMBOLS; s++)
		n += (unsigned)ngram_symbol_in_alphabet(mode, s);
	return n;
}

/* --- counts ---------------------------------------------------------------- */

void ngram_counts_init(struct ngram_counts *counts, int order)
{
	memset(counts, 0, sizeof(*counts));
	counts->order = order;
}

void ngram_counts_release(struct ngram_counts *counts)
{
	for (int k = 2; k <= NGRAM_MAX_ORDER; k++) {
		struct ngram_count *entry, *tmp;
		HASH_ITER(hh, counts->table[k], entry, tmp) {
			HASH_DEL(counts->table[k], entry);
			free(entry);
		}
	}
	ngram_counts_init(counts, counts->order);
}

static void count_add(struct ngram_counts *counts, int k, uint64_t key, double weight)
{
	struct ngram_count *entry;

	HASH_FIND(hh, counts->table[k], &key, sizeof(key), entry);
	if (!entry) {
		entry = xmalloc(sizeof(*entry));
		entry->key = key;
		entry->count = 0;
		HASH_ADD(hh, counts->table[k], key, sizeof(entry->key), entry);
	}
	entry->count += weight;
}

void ngram_counts_add(struct ngram_counts *counts, const unsigned char *symbols, size_t len,
		      double weight)
{
	struct ngram_cursor c;

	for (ngram_cursor_start(&c, symbols, len); ngram_cursor_next(&c);) {
		counts->unigram[c.symbol] += weight;
		for (int k = 2; k <= counts->order && (size_t)k <= c.seen; k++)
			count_add(counts, k, c.key & ngram_key_mask(k), weight);
	}
}

/* --- probabilities ---------------------------------------------------------- */

void ngram_model_init(struct ngram_model *model, int order, enum ngram_mode mode)
{
	memset(model, 0, sizeof(*model));
	model->order = order;
	model->mode = mode;
}

void ngram_model_release(struct ngram_model *model)
{
	for (int k = 2; k <= NGRAM_MAX_ORDER; k++) {
		struct ngram_prob *entry, *tmp;
		HASH_ITER(hh, model->table[k], entry, tmp) {
			HASH_DEL(model->table[k], entry);
			free(entry);
		}
	}
	ngram_model_init(model, model->order, model->mode);
}

void ngram_model_set(struct ngram_model *model, int k, uint64_t key, double p)
{
	struct ngram_prob *entry;

	HASH_FIND(hh, model->table[k], &key, sizeof(key), entry);
	if (!entry) {
		entry = xmalloc(sizeof(*entry));
		entry->key = key;
		HASH_ADD(hh, model->table[k], key, sizeof(entry->key), entry);
	}
	entry->p = p;
}

double ngram_model_prob(const struct ngram_model *model, int k, uint64_t key)
{
	struct ngram_prob *entry;

	if (k == 1)
		return model->unigram[key & 0xFF];
	if (k > model->order)
		return 0;
	HASH_FIND(hh, model->table[k], &key, sizeof(key), entry);
	return entry ? entry->p : 0;
}

size_t ngram_model_entries(const struct ngram_model *model)
{
	size_t n = 0;
	for (int k = 2; k <= model->order; k++)
		n += HASH_COUNT(model->table[k]);
	return n;
}

static double clamp01(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

void ngram_model_estimate(struct ngram_model *model, const struct ngram_counts *counts,
			  enum ngram_mode mode)
{
	double total = 0;
	unsigned alphabet = ngram_alphabet_size(mode);

	ngram_model_release(model);
	ngram_model_init(model, counts->order, mode);

	/* Order 1: add-one over the alphabet; negative (differential) counts
	 * count as zero so that every probability stays positive. */
	for (unsigned s = 0; s < NGRAM_SYMBOLS; s++)
		if (ngram_symbol_in_alphabet(mode, s) && counts->unigram[s] > 0)
			total += counts->unigram[s];
	for (unsigned s = 0; s < NGRAM_SYMBOLS; s++)
		if (ngram_symbol_in_alphabet(mode, s))
			model->unigram[s] = ((counts->unigram[s] > 0 ? counts->unigram[s] : 0) + 1) /
					    (total + alphabet);

	/* Orders >= 2: divide by the total over all continuations of the
	 * history, collected in a temporary table keyed by the history. */
	for (int k = 2; k <= counts->order; k++) {
		struct ngram_counts history;
		const struct ngram_count *entry, *tmp;

		ngram_counts_init(&history, NGRAM_MAX_ORDER);
		HASH_ITER(hh, counts->table[k], entry, tmp)
			count_add(&history, k - 1 < 2 ? 2 : k - 1, entry->key >> 8, entry->count);
		HASH_ITER(hh, counts->table[k], entry, tmp) {
			struct ngram_count *h;
			uint64_t hkey = entry->key >> 8;
			HASH_FIND(hh, history.table[k - 1 < 2 ? 2 : k - 1], &hkey, sizeof(hkey), h);
			double p = h && h->count > 0 ? clamp01(entry->count / h->count) : 0;
			if (p > 0)
				ngram_model_set(model, k, entry->key, p);
		}
		ngram_counts_release(&history);
	}
}

int ngram_check_q(double q, struct nc_error *err)
{
	if (q > 0 && q <= 1)
		return 0;
	return nc_error_set(err, NC_ERR_USAGE, "q must be in (0, 1], not %g", q);
}

double ngram_weight(double q, int m, int j)
{
	if (q >= 1.0)
		return 1.0 / m;
	return (1 - q) / (1 - pow(q, m)) * pow(q, m - j);
}

void ngram_weights_init(ngram_weights w, double q, int max_order)
{
	memset(w, 0, sizeof(ngram_weights));
	for (int m = 1; m <= max_order; m++)
		for (int j = 1; j <= m; j++)
			w[m][j] = ngram_weight(q, m, j);
}
