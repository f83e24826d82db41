/* ncleaner-model.c: reading and writing ncleaner model files (see ncleaner-model.h). */
#include "method/ncleaner-model.h"
#include "method/model-file.h"
#include "base/alloc.h"
#include "base/file.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ncleaner_model_init(struct ncleaner_model *model, int order, double q, enum ngram_mode mode)
{
	memset(model, 0, sizeof(*model));
	model->order = order;
	model->q = q;
	model->mode = mode;
	ngram_model_init(&model->clean, order, mode);
	ngram_model_init(&model->dirty, order, mode);
}

void ncleaner_model_release(struct ncleaner_model *model)
{
	ngram_model_release(&model->clean);
	ngram_model_release(&model->dirty);
	free(model->description);
	model->description = NULL;
}

/* --- writing ------------------------------------------------------------------ */

static void write_key(struct strbuf *out, uint64_t key, int k)
{
	for (int i = k - 1; i >= 0; i--) {
		unsigned s = (unsigned)(key >> (8 * i)) & 0xFF;
		if (s == NGRAM_BOUNDARY)
			strbuf_addstr(out, "\\b");
		else if (s == '\\')
			strbuf_addstr(out, "\\\\");
		else if (s == ' ')
			strbuf_addstr(out, "\\s");
		else if (s > 0x20 && s < 0x7F)
			strbuf_addch(out, (int)s);
		else
			strbuf_addf(out, "\\x%02X", s);
	}
}

static int compare_prob(const void *a, const void *b)
{
	uint64_t x = (*(struct ngram_prob *const *)a)->key, y = (*(struct ngram_prob *const *)b)->key;
	return x < y ? -1 : x > y;
}

static size_t write_ngram_model(struct strbuf *out, const struct ngram_model *m, const char *name)
{
	size_t entries = 0;

	strbuf_addf(out, "model\t%s\n", name);
	for (unsigned s = 0; s < NGRAM_SYMBOLS; s++) {
		if (!ngram_symbol_in_alphabet(m->mode, s))
			continue;
		strbuf_addstr(out, "1\t");
		write_key(out, s, 1);
		strbuf_addf(out, "\t%.9g\n", m->unigram[s]);
		entries++;
	}
	for (int k = 2; k <= m->order; k++) {
		size_t n = HASH_COUNT(m->table[k]), i = 0;
		struct ngram_prob **sorted = xmalloc(n * sizeof(*sorted)), *entry, *tmp;
		HASH_ITER(hh, m->table[k], entry, tmp)
			sorted[i++] = entry;
		qsort(sorted, n, sizeof(*sorted), compare_prob);
		for (i = 0; i < n; i++) {
			strbuf_addf(out, "%d\t", k);
			write_key(out, sorted[i]->key, k);
			strbuf_addf(out, "\t%.9g\n", sorted[i]->p);
		}
		entries += n;
		free(sorted);
	}
	return entries;
}

int ncleaner_model_write(const struct ncleaner_model *model, FILE *out, const char *name,
			 struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT;
	size_t entries = 0;

	model_file_write_header(&text, NCLEANER_METHOD_NAME, &model->built);
	strbuf_addf(&text, "order\t%d\nq\t%.9g\nmode\t%d\nbias\t%.9g\n", model->order, model->q,
		    (int)model->mode, model->bias);
	if (model->language[0])
		strbuf_addf(&text, "language\t%s\n", model->language);
	strbuf_addstr(&text, "description\t");
	for (const char *p = model->description ? model->description : ""; *p; p++)
		strbuf_addch(&text, *p == '\n' || *p == '\t' ? ' ' : *p);
	strbuf_addch(&text, '\n');
	entries += write_ngram_model(&text, &model->clean, "clean");
	entries += write_ngram_model(&text, &model->dirty, "dirty");
	strbuf_addf(&text, "end\t%zu\n", entries);

	int ok = fwrite(text.buf, 1, text.len, out) == text.len;
	strbuf_release(&text);
	if (!ok)
		return nc_error_set(err, NC_ERR_IO, "%s: write error: %s", name, strerror(errno));
	return 0;
}

/* --- reading ------------------------------------------------------------------ */

struct reader {
	const char *path;
	unsigned line;
	struct nc_error *err;
};

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Parse KEY into packed symbols; return the number of symbols or -1. */
static int parse_key(const char *p, const char *end, uint64_t *key)
{
	int k = 0;

	*key = 0;
	while (p < end) {
		unsigned s;
		if (*p != '\\') {
			s = (unsigned char)*p++;
		} else if (end - p >= 2 && p[1] == 'b') {
			s = NGRAM_BOUNDARY, p += 2;
		} else if (end - p >= 2 && p[1] == 's') {
			s = ' ', p += 2;
		} else if (end - p >= 2 && p[1] == '\\') {
			s = '\\', p += 2;
		} else if (end - p >= 4 && p[1] == 'x' && hex_value(p[2]) >= 0 && hex_value(p[3]) >= 0) {
			s = (unsigned)(hex_value(p[2]) * 16 + hex_value(p[3]));
			p += 4;
		} else {
			return -1;
		}
		if (++k > NGRAM_MAX_ORDER || s == 0xFF)
			return -1;
		*key = (*key << 8) | s;
	}
	return k;
}

static int parse_header(struct reader *r, const char *name, const char *value,
			struct ncleaner_model *model, unsigned *seen)
{
	double v;

	if (!strcmp(name, "description")) {
		free(model->description);
		model->description = xstrdup(value);
		*seen |= 16;
		return 0;
	}
	if (!strcmp(name, "language")) {
		size_t len = strlen(value);
		if (len < 2 || len >= sizeof(model->language) || strspn(value,
		    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") != len)
			return model_line_error(r->err, r->path, r->line,
						"language must be a language code such as en");
		memcpy(model->language, value, len + 1);
		return 0;
	}
	if (model_parse_double(value, strlen(value), &v) < 0)
		return model_line_error(r->err, r->path, r->line, "header value is not a number");
	if (!strcmp(name, "order")) {
		if (v != floor(v) || v < 1 || v > NGRAM_MAX_ORDER)
			return model_line_error(r->err, r->path, r->line,
						"order must be a whole number from 1 to 8");
		model->order = (int)v;
		*seen |= 1;
	} else if (!strcmp(name, "q")) {
		struct nc_error q_err;
		if (ngram_check_q(v, &q_err) < 0)
			return model_line_error(r->err, r->path, r->line, "%s", q_err.message);
		model->q = v;
		*seen |= 2;
	} else if (!strcmp(name, "mode")) {
		if (v != floor(v) || v < 0 || v > NGRAM_MODE_MAX)
			return model_line_error(r->err, r->path, r->line,
						"mode must be 0, 1, 2 or 3");
		model->mode = (enum ngram_mode)(int)v;
		*seen |= 4;
	} else if (!strcmp(name, "bias")) {
		model->bias = v;
		*seen |= 8;
	} else {
		return model_line_error(r->err, r->path, r->line, "unknown header field");
	}
	return 0;
}

int ncleaner_model_read(struct ncleaner_model *model, const char *path,
			const struct ncleaner_model_reader *reader, struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT;
	int ret;

	ncleaner_model_init(model, 0, 0, 0);
	if (read_file(path, MODEL_MAX_BYTES, &text, err) < 0)
		return -1;
	ret = ncleaner_model_read_buffer(model, path, &text, reader, err);
	strbuf_release(&text);
	return ret;
}

int ncleaner_model_load(struct ncleaner_model *model, const char *path, struct nc_error *err)
{
	return ncleaner_model_read(model, path, NULL, err);
}

int ncleaner_model_parse(struct ncleaner_model *model, const char *name, const char *data,
			 size_t len, struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT;
	int ret;

	strbuf_add(&text, data, len);
	ret = ncleaner_model_read_buffer(model, name, &text, NULL, err);
	strbuf_release(&text);
	return ret;
}

/* The state of a parse: where it is, and what it has seen. */
struct parser {
	struct reader r;
	struct ncleaner_model *model;
	struct ngram_model *current;   /* the half being read, after its 'model' line */
	const struct ncleaner_model_reader *reader;   /* or NULL: into current's tables */
	size_t lines[NGRAM_MAX_ORDER + 1];            /* for reader->begin() */
	unsigned seen;                 /* header fields seen (bits) */
	size_t entries;                /* probability lines read */
	int ended, have_clean, have_dirty;
};

/* "k<TAB>KEY<TAB>P" */
static int parse_probability(struct parser *ps, int k, char *value)
{
	char *tab = strrchr(value, '\t');
	uint64_t key;
	double prob;

	if (!ps->current)
		return model_line_error(ps->r.err, ps->r.path, ps->r.line,
					"probability line before any 'model' line");
	if (k > ps->model->order)
		return model_line_error(ps->r.err, ps->r.path, ps->r.line,
					"n-gram longer than the model's order");
	if (!tab || parse_key(value, tab, &key) != k)
		return model_line_error(ps->r.err, ps->r.path, ps->r.line,
					"key does not have as many symbols as its order says");
	if (model_parse_double(tab + 1, strlen(tab + 1), &prob) < 0 || !(prob > 0 && prob <= 1))
		return model_line_error(ps->r.err, ps->r.path, ps->r.line,
					"probability must be a number in (0, 1]");
	if (k == 1)
		ps->current->unigram[key] = prob;
	else if (ps->reader)
		ps->reader->store(ps->reader->data, ps->current == &ps->model->dirty, k, key, prob);
	else
		ngram_model_set(ps->current, k, key, prob);
	ps->entries++;
	return 0;
}

/* "model<TAB>clean" or "model<TAB>dirty" */
static int parse_model_line(struct parser *ps, const char *value)
{
	struct ncleaner_model *model = ps->model;

	if ((ps->seen & 15) != 15)
		return model_line_error(ps->r.err, ps->r.path, ps->r.line,
					"header incomplete: order, q, mode and bias are required");
	if (ps->reader && !ps->have_clean && !ps->have_dirty &&
	    ps->reader->begin(ps->reader->data, model, ps->lines, ps->r.err) < 0)
		return -1;
	if (!strcmp(value, "clean") && !ps->have_clean)
		ps->current = &model->clean, ps->have_clean = 1;
	else if (!strcmp(value, "dirty") && !ps->have_dirty)
		ps->current = &model->dirty, ps->have_dirty = 1;
	else
		return model_line_error(ps->r.err, ps->r.path, ps->r.line,
					"expected 'model clean' or 'model dirty', once each");
	ps->current->order = model->order;
	ps->current->mode = model->mode;
	return 0;
}

/* One line, cut at its newline. */
static int parse_line(struct parser *ps, char *line)
{
	if (ps->ended)
		return model_line_error(ps->r.err, ps->r.path, ps->r.line,
					"data after the end line");
	char *tab = strchr(line, '\t');
	if (!tab)
		return model_line_error(ps->r.err, ps->r.path, ps->r.line, "missing TAB");
	*tab = '\0';
	char *value = tab + 1;
	if (line[0] >= '1' && line[0] <= '9' && line[1] == '\0')
		return parse_probability(ps, line[0] - '0', value);
	if (!strcmp(line, "model"))
		return parse_model_line(ps, value);
	if (!strcmp(line, "end")) {
		double n;
		if (model_parse_double(value, strlen(value), &n) < 0 || n != (double)ps->entries)
			return model_line_error(ps->r.err, ps->r.path, ps->r.line,
						"entry count in the end line does not match "
						"(truncated file?)");
		ps->ended = 1;
		return 0;
	}
	if (!ps->current)
		return parse_header(&ps->r, line, value, ps->model, &ps->seen);
	return model_line_error(ps->r.err, ps->r.path, ps->r.line, "unexpected line");
}

/* What only the whole file can show. */
static int check_complete(const struct parser *ps)
{
	const struct ncleaner_model *model = ps->model;
	const char *path = ps->r.path;

	if (!ps->ended)
		return nc_error_set(ps->r.err, NC_ERR_FORMAT, "%s: no end line (truncated file?)", path);
	if (!ps->have_clean || !ps->have_dirty)
		return nc_error_set(ps->r.err, NC_ERR_FORMAT, "%s: needs both a clean and a dirty model",
				    path);
	for (unsigned s = 0; s < NGRAM_SYMBOLS; s++)
		if (ngram_symbol_in_alphabet(model->mode, s) &&
		    !(model->clean.unigram[s] > 0 && model->dirty.unigram[s] > 0))
			return nc_error_set(ps->r.err, NC_ERR_FORMAT, "%s: unigram probability missing "
					    "for a symbol of the alphabet", path);
	return 0;
}

/* Lines that begin "k<TAB>" for each k of 2..9 (at least the k-grams
 * there are of each order: a reader sizes its tables by them). */
static void count_lines(const char *p, const char *end, size_t lines[NGRAM_MAX_ORDER + 1])
{
	memset(lines, 0, sizeof(size_t) * (NGRAM_MAX_ORDER + 1));
	while (p < end) {
		if (end - p >= 2 && *p >= '2' && *p <= '0' + NGRAM_MAX_ORDER && p[1] == '\t')
			lines[*p - '0']++;
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
}

/* The parser proper: works in place on `buffer` (lines and fields are cut
 * with NULs), which the caller owns and releases. */
int ncleaner_model_read_buffer(struct ncleaner_model *model, const char *path,
			       struct strbuf *buffer, const struct ncleaner_model_reader *reader,
			       struct nc_error *err)
{
	struct parser ps = { .r = { path, 0, err }, .model = model, .reader = reader };
	struct model_file_header header;

	ncleaner_model_init(model, 0, 0, 0);
	if (model_file_read_header(path, buffer->buf, buffer->len, NCLEANER_MODEL_VERSION, &header,
				   err) < 0 ||
	    model_file_expect_method(path, &header, NCLEANER_METHOD_NAME, err) < 0)
		goto fail;
	struct model_lines lines;
	const char *line;
	size_t len;
	int got;
	if (reader)
		count_lines(buffer->buf, buffer->buf + buffer->len, ps.lines);
	model_lines_start(&lines, path, buffer->buf, buffer->len, &header);
	while ((got = model_lines_next(&lines, &line, &len, err)) > 0) {
		/* The fields are cut in place: the line's newline becomes its NUL. */
		char *own = buffer->buf + (line - buffer->buf);
		own[len] = '\0';
		ps.r.line = lines.number;
		if (parse_line(&ps, own) < 0)
			goto fail;
	}
	if (got < 0)
		goto fail;
	if (check_complete(&ps) == 0)
		return 0;
fail:
	ncleaner_model_release(model);
	return -1;
}
