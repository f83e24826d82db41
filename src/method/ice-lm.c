/* ice-lm.c: ICE's language models: each block's unigram model against the
 * page's query model (see ice.h), and the settings file. */
#include "method/ice.h"
#include "method/model-file.h"
#include "method/perplexity-text.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/limits.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the settings file ------------------------------------------------------------ */

void ice_lm_settings_release(struct ice_lm_settings *settings)
{
	free(settings->description);
	memset(settings, 0, sizeof(*settings));
}

/* "KEY<TAB>number" into *value. */
static int read_number(const struct model_lines *lines, const char *line, size_t len,
		       size_t key_len, double *value, struct nc_error *err)
{
	if (model_parse_double(line + key_len + 1, len - key_len - 1, value) < 0)
		return model_line_error(err, lines->name, lines->number,
					"expected a number after the TAB");
	return 0;
}

static int check_settings(double discount, double max_kl, const char **problem)
{
	if (!(discount > 0 && discount < 1))
		*problem = "the discount must lie between 0 and 1";
	else if (!(max_kl >= 0))
		*problem = "max_kl must be a number >= 0";
	else
		return 0;
	return -1;
}

int ice_lm_settings_parse(struct ice_lm_settings *settings, const char *name, const char *data,
			  size_t len, struct nc_error *err)
{
	struct model_file_header header;
	struct model_lines lines;
	const char *line, *problem;
	size_t n;
	int got, have_discount = 0, have_max = 0, ended = 0;

	memset(settings, 0, sizeof(*settings));
	if (model_file_read_header(name, data, len, ICE_LM_VERSION, &header, err) < 0 ||
	    model_file_expect_method(name, &header, ICE_LM_NAME, err) < 0)
		return -1;
	model_lines_start(&lines, name, data, len, &header);
	while ((got = model_lines_next(&lines, &line, &n, err)) > 0) {
		if (ended) {
			got = model_line_error(err, lines.name, lines.number,
					       "text after the end line");
			break;
		}
		if (n == 3 && !memcmp(line, "end", 3)) {
			ended = 1;
		} else if (n > 9 && !memcmp(line, "discount\t", 9) && !have_discount) {
			got = read_number(&lines, line, n, 8, &settings->discount, err);
			have_discount = 1;
		} else if (n > 7 && !memcmp(line, "max_kl\t", 7) && !have_max) {
			got = read_number(&lines, line, n, 6, &settings->max_kl, err);
			have_max = 1;
		} else if (n >= 12 && !memcmp(line, "description\t", 12) && !settings->description) {
			settings->description = xmemdup(line + 12, n - 12);
		} else {
			got = model_line_error(err, lines.name, lines.number,
					       "expected discount, max_kl, description (each once) "
					       "or end");
		}
		if (got < 0)
			break;
	}
	if (got == 0 && !ended) {
		lines.number++;
		got = model_line_error(err, lines.name, lines.number,
				       "the file ends without the end line (truncated file?)");
	}
	if (got == 0 && (!have_discount || !have_max))
		got = nc_error_set(err, NC_ERR_FORMAT, "%s: needs a discount and a max_kl line", name);
	if (got == 0 && check_settings(settings->discount, settings->max_kl, &problem) < 0)
		got = nc_error_set(err, NC_ERR_FORMAT, "%s: %s", name, problem);
	if (got < 0) {
		ice_lm_settings_release(settings);
		return -1;
	}
	return 0;
}

int ice_lm_settings_load(struct ice_lm_settings *settings, const char *path,
			 struct nc_error *err)
{
	struct strbuf data = STRBUF_INIT;
	memset(settings, 0, sizeof(*settings));
	int ret = read_file(path, ICE_LM_MAX_FILE_BYTES, &data, err);
	if (ret == 0)
		ret = ice_lm_settings_parse(settings, path, data.buf, data.len, err);
	strbuf_release(&data);
	return ret;
}

void ice_lm_settings_write(const struct ice_lm_settings *settings, struct strbuf *out)
{
	model_file_write_header(out, ICE_LM_NAME, &settings->built);
	strbuf_addstr(out, "discount\t");
	model_file_add_double(out, settings->discount);
	strbuf_addstr(out, "\nmax_kl\t");
	model_file_add_double(out, settings->max_kl);
	strbuf_addch(out, '\n');
	if (settings->description)
		strbuf_addf(out, "description\t%s\n", settings->description);
	strbuf_addstr(out, "end\n");
}

/* --- a page's words ------------------------------------------------------------------- */

struct word_counts {
	uint32_t background, query, block;
};

struct ice_lm_scratch {
	/* key -> word index, open addressing; slots a power of two */
	uint64_t *keys;
	uint32_t *index;
	size_t slots, entries;
	struct word_counts *counts;   /* [entries] */
	size_t counts_alloc;
	uint32_t *query_words;        /* the indices with query > 0 */
	size_t query_count, query_alloc;
	uint64_t *block;              /* a block's word keys */
	size_t block_alloc;
};

struct ice_lm_scratch *ice_lm_scratch_new(void)
{
	return xcalloc(1, sizeof(struct ice_lm_scratch));
}

void ice_lm_scratch_free(struct ice_lm_scratch *s)
{
	if (!s)
		return;
	free(s->keys);
	free(s->index);
	free(s->counts);
	free(s->query_words);
	free(s->block);
	free(s);
}

static void table_reset(struct ice_lm_scratch *s)
{
	if (s->slots)
		memset(s->keys, 0, s->slots * sizeof(*s->keys));
	s->entries = 0;
	s->query_count = 0;
}

static void table_grow(struct ice_lm_scratch *s)
{
	size_t old_slots = s->slots;
	uint64_t *old_keys = s->keys;
	uint32_t *old_index = s->index;
	s->slots = old_slots ? 2 * old_slots : 1024;
	s->keys = xcalloc(s->slots, sizeof(*s->keys));
	s->index = xmalloc(s->slots * sizeof(*s->index));
	for (size_t i = 0; i < old_slots; i++) {
		if (!old_keys[i])
			continue;
		size_t j = old_keys[i] & (s->slots - 1);
		while (s->keys[j])
			j = (j + 1) & (s->slots - 1);
		s->keys[j] = old_keys[i];
		s->index[j] = old_index[i];
	}
	free(old_keys);
	free(old_index);
}

/* The index of `key`, added with zero counts when `add`; UINT32_MAX when
 * it is not there and not added. */
static uint32_t word_index(struct ice_lm_scratch *s, uint64_t key, int add)
{
	if (add && 2 * (s->entries + 1) > s->slots)
		table_grow(s);
	if (!s->slots)
		return UINT32_MAX;
	size_t i = key & (s->slots - 1);
	while (s->keys[i]) {
		if (s->keys[i] == key)
			return s->index[i];
		i = (i + 1) & (s->slots - 1);
	}
	if (!add)
		return UINT32_MAX;
	ARRAY_GROW(s->counts, s->entries, s->counts_alloc, 1024);
	s->keys[i] = key;
	s->index[i] = (uint32_t)s->entries;
	memset(&s->counts[s->entries], 0, sizeof(*s->counts));
	return (uint32_t)s->entries++;
}

/* A token holds a letter or a digit: an ASCII one, or a code point from
 * U+00C0 on outside the General Punctuation block. */
static int is_word(const char *token, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)token[i];
		if ((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'))
			return 1;
		if (c == 0xC3 || (c >= 0xC4 && c < 0xE0))
			return 1;   /* U+00C0-U+07FF */
		if (c == 0xE2 && i + 1 < len && (unsigned char)token[i + 1] == 0x80)
			continue;   /* U+2000-U+203F, punctuation */
		if (c >= 0xE0)
			return 1;
	}
	return 0;
}

/* The key of the next word (a token that is a word) at the cursor: 1, or
 * 0 at the end. */
static int next_word(struct perplexity_token_cursor *cursor, uint64_t *key)
{
	const char *token;
	size_t len;
	while (perplexity_tokens_next(cursor, &token, &len)) {
		if (is_word(token, len)) {
			*key = perplexity_token_key(token, len);
			return 1;
		}
	}
	return 0;
}

static void add_text(struct ice_lm_scratch *s, const char *text, size_t len, int query)
{
	struct perplexity_token_cursor cursor;
	uint64_t key;

	perplexity_tokens_start(&cursor, text, len);
	while (next_word(&cursor, &key)) {
		uint32_t w = word_index(s, key, 1);
		s->counts[w].background++;
		if (!query || s->counts[w].query++ > 0)
			continue;
		ARRAY_GROW(s->query_words, s->query_count, s->query_alloc, 64);
		s->query_words[s->query_count++] = w;
	}
}

static int compare_keys(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* KL(q || d) of one block, in bits. */
static double block_divergence(struct ice_lm_scratch *s, const struct segment *segment,
			       double discount, double query_total, double background_total)
{
	struct perplexity_token_cursor cursor;
	uint64_t key;
	size_t n = 0;

	perplexity_tokens_start(&cursor, segment->text, segment->len);
	while (next_word(&cursor, &key)) {
		ARRAY_GROW(s->block, n, s->block_alloc, 256);
		s->block[n++] = key;
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t w = word_index(s, s->block[i], 0);
		if (w != UINT32_MAX)
			s->counts[w].block++;
	}
	size_t distinct = 0;
	if (n > 1)   /* a block without words may have no array at all */
		qsort(s->block, n, sizeof(*s->block), compare_keys);
	for (size_t i = 0; i < n; i++)
		distinct += i == 0 || s->block[i] != s->block[i - 1];

	double kl = 0;
	for (size_t q = 0; q < s->query_count; q++) {
		const struct word_counts *c = &s->counts[s->query_words[q]];
		double p_query = c->query / query_total;
		double p_background = c->background / background_total;
		double p_block = p_background;
		if (n) {
			double seen = c->block > discount ? c->block - discount : 0;
			p_block = seen / (double)n + discount * (double)distinct / (double)n * p_background;
		}
		kl += p_query * log2(p_query / p_block);
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t w = word_index(s, s->block[i], 0);
		if (w != UINT32_MAX)
			s->counts[w].block = 0;
	}
	return kl;
}

int ice_lm_divergences(struct ice_lm_scratch *s, double discount,
		       const struct page_info *page, const struct segment *segments,
		       size_t count, double *kl)
{
	table_reset(s);
	if (page && page->title)
		add_text(s, page->title, strlen(page->title), 1);
	if (page && page->keywords)
		add_text(s, page->keywords, strlen(page->keywords), 1);
	for (size_t i = 0; i < count; i++)
		add_text(s, segments[i].text, segments[i].len, segments[i].type == SEGMENT_HEADING);
	double query_total = 0, background_total = 0;
	for (size_t q = 0; q < s->query_count; q++)
		query_total += s->counts[s->query_words[q]].query;
	for (size_t w = 0; w < s->entries; w++)
		background_total += s->counts[w].background;
	if (query_total == 0) {
		memset(kl, 0, count * sizeof(*kl));
		return 0;
	}
	for (size_t i = 0; i < count; i++)
		kl[i] = block_divergence(s, &segments[i], discount, query_total, background_total);
	return 1;
}

/* --- the method ----------------------------------------------------------------------- */

struct ice_lm_method {
	struct method base;
	struct ice_lm_settings settings;
};

struct ice_lm_scorer {
	struct method_scorer base;
	const struct ice_lm_method *method;
	struct ice_lm_scratch *scratch;
	struct segment *segments;
	double *kl;
	size_t alloc;
};

static struct method_scorer *ice_lm_scorer_new(const struct method *method);

static int ice_lm_score_page(struct method_scorer *base, const struct page_info *page,
			     struct scored_segment *segments, size_t count, struct nc_error *err)
{
	struct ice_lm_scorer *scorer = (struct ice_lm_scorer *)base;
	const struct ice_lm_settings *settings = &scorer->method->settings;
	(void)err;
	if (count > scorer->alloc) {
		scorer->alloc = count;
		scorer->segments = xrealloc(scorer->segments, count * sizeof(*scorer->segments));
		scorer->kl = xrealloc(scorer->kl, count * sizeof(*scorer->kl));
	}
	for (size_t i = 0; i < count; i++)
		scorer->segments[i] = segments[i].segment;
	ice_lm_divergences(scorer->scratch, settings->discount, page, scorer->segments, count,
			   scorer->kl);
	for (size_t i = 0; i < count; i++) {
		struct segment_score *score = &segments[i].score;
		score->cost_clean = scorer->kl[i];
		score->cost_dirty = settings->max_kl;
		score->units = 1;
		score->type = 0;
	}
	return 0;
}

static void ice_lm_scorer_free(struct method_scorer *base)
{
	struct ice_lm_scorer *scorer = (struct ice_lm_scorer *)base;
	ice_lm_scratch_free(scorer->scratch);
	free(scorer->segments);
	free(scorer->kl);
	free(scorer);
}

static void ice_lm_free(struct method *base)
{
	struct ice_lm_method *m = (struct ice_lm_method *)base;
	ice_lm_settings_release(&m->settings);
	free(m);
}

static void ice_lm_describe(const struct method *base, struct strbuf *json)
{
	const struct ice_lm_method *m = (const struct ice_lm_method *)base;
	strbuf_addf(json, "\"discount\":%g,\"max_kl\":%g", m->settings.discount, m->settings.max_kl);
}

static const struct method_ops ice_lm_ops = {
	.name = ICE_LM_NAME,
	.scorer_new = ice_lm_scorer_new,
	.score_page = ice_lm_score_page,
	.scorer_free = ice_lm_scorer_free,
	.free = ice_lm_free,
	.describe = ice_lm_describe,
};

static struct method_scorer *ice_lm_scorer_new(const struct method *method)
{
	struct ice_lm_scorer *scorer = xcalloc(1, sizeof(*scorer));
	scorer->base.ops = &ice_lm_ops;
	scorer->method = (const struct ice_lm_method *)method;
	scorer->scratch = ice_lm_scratch_new();
	return &scorer->base;
}

struct method *ice_lm_method_new(struct ice_lm_settings *settings, double max_kl,
				 struct nc_error *err)
{
	const char *problem;
	if (max_kl > 0)
		settings->max_kl = max_kl;
	if (check_settings(settings->discount, settings->max_kl, &problem) < 0) {
		nc_error_set(err, NC_ERR_USAGE, "ice-lm: %s", problem);
		ice_lm_settings_release(settings);
		return NULL;
	}
	struct ice_lm_method *m = xcalloc(1, sizeof(*m));
	m->base.ops = &ice_lm_ops;
	m->base.default_bias = 0;
	m->settings = *settings;
	memset(settings, 0, sizeof(*settings));
	return &m->base;
}

struct method *ice_lm_method_load(const char *path, double max_kl, struct nc_error *err)
{
	struct ice_lm_settings settings;
	if (ice_lm_settings_load(&settings, path, err) < 0)
		return NULL;
	return ice_lm_method_new(&settings, max_kl, err);
}
