/* perplexity-model.c: reading perplexity model files into lookup tables,
 * and writing them (the format is in perplexity-model.h). The reader
 * streams the file line by line, so loading needs the tables' memory only. */
#include "method/perplexity-model.h"
#include "method/model-file.h"
#include "method/perplexity-text.h"
#include "base/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void perplexity_model_release(struct perplexity_model *model)
{
	for (int k = 1; k <= PERPLEXITY_MAX_ORDER; k++) {
		free(model->table[k].keys);
		free(model->table[k].probs);
	}
	free(model->description);
	memset(model, 0, sizeof(*model));
}

/* --- tables ------------------------------------------------------------------ */

static void table_init(struct perplexity_table *table, uint64_t entries)
{
	/* 1.5 slots an entry (KenLM's default): probes stay short, and there
	 * is always an empty slot to end them. */
	table->slots = (size_t)(entries + entries / 2 + 1);
	table->keys = xcalloc(table->slots, sizeof(*table->keys));
	table->probs = xcalloc(table->slots, sizeof(*table->probs));
	table->entries = 0;
}

/* 0, or -1 when `key` is there already. The caller keeps entries < slots. */
static int table_insert(struct perplexity_table *table, uint64_t key, float prob)
{
	size_t i = perplexity_table_home(table, key);
	while (table->keys[i] != 0) {
		if (table->keys[i] == key)
			return -1;
		if (++i == table->slots)
			i = 0;
	}
	table->keys[i] = key;
	table->probs[i] = prob;
	table->entries++;
	return 0;
}

/* --- reading lines ----------------------------------------------------------- */

struct reader {
	FILE *stream;
	const char *name;
	uint64_t size;          /* bytes in the file */
	char *line;             /* the current line, its newline cut */
	size_t capacity, len;
	unsigned number;
	struct nc_error *err;
};

/* 1 with the next line, 0 at the end of the file, -1 on an error. */
static int next_line(struct reader *r)
{
	errno = 0;
	ssize_t got = getline(&r->line, &r->capacity, r->stream);
	if (got < 0) {
		if (ferror(r->stream))
			return nc_error_set(r->err, NC_ERR_IO, "%s: read error: %s", r->name,
					    strerror(errno ? errno : EIO));
		return 0;
	}
	r->number++;
	int has_newline = r->line[got - 1] == '\n';
	r->len = (size_t)got - has_newline;
	r->line[r->len] = '\0';
	if (model_line_check(r->name, r->number, r->line, r->len, has_newline, r->err) < 0)
		return -1;
	return 1;
}

/* The two header lines of every model file, checked by model-file.c. */
static int read_file_header(struct reader *r)
{
	struct strbuf head = STRBUF_INIT;
	struct model_file_header header;
	int ret = 0;

	/* Two header lines, four from version 3 on (model-file.h). */
	size_t magic = strlen(MODEL_FILE_MAGIC "\t");
	for (int i = 0, lines = 2; i < lines && ret == 0; i++) {
		errno = 0;
		ssize_t got = getline(&r->line, &r->capacity, r->stream);
		if (got > 0 && i == 0 && (size_t)got > magic &&
		    !memcmp(r->line, MODEL_FILE_MAGIC "\t", magic) && atoi(r->line + magic) >= 3)
			lines = 4;
		if (got > 0)
			strbuf_add(&head, r->line, (size_t)got);
		else if (ferror(r->stream))
			ret = nc_error_set(r->err, NC_ERR_IO, "%s: read error: %s", r->name,
					   strerror(errno ? errno : EIO));
		else
			break;
	}
	if (ret == 0)
		ret = model_file_read_header(r->name, head.buf, head.len, PERPLEXITY_MODEL_VERSION,
					     &header, r->err);
	if (ret == 0)
		ret = model_file_expect_method(r->name, &header, PERPLEXITY_METHOD_NAME, r->err);
	r->number = header.lines;
	strbuf_release(&head);
	return ret;
}

/* --- parsing --------------------------------------------------------------------- */

static int parse_count(const char *s, uint64_t *value)
{
	char *end;
	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	*value = v;
	return *end == '\0' && errno == 0;
}

/* What a parse has seen so far. */
struct parser {
	struct reader r;
	struct perplexity_model *model;
	unsigned seen;                                  /* header fields (bits) */
	uint64_t declared[PERPLEXITY_MAX_ORDER + 1];
	int declared_orders;                            /* bits 1..3: ngrams lines seen */
	int current;                                    /* order of the last entry */
	uint64_t entries;
	int ended;
};

enum { SEEN_ORDER = 1, SEEN_MAX = 2, SEEN_SENTENCES = 4, SEEN_TOKENS = 8, SEEN_DESCRIPTION = 16 };

static int mark_seen(struct parser *ps, unsigned bit)
{
	if (ps->seen & bit)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"header field given twice");
	ps->seen |= bit;
	return 0;
}

/* "ngrams<TAB>k<TAB>N" */
static int parse_ngrams(struct parser *ps, const char *value)
{
	uint64_t n;
	int k = value[0] - '0';

	if (!(ps->seen & SEEN_ORDER))
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"ngrams line before the order line");
	if (k < 1 || k > ps->model->order || value[1] != '\t' || !parse_count(value + 2, &n))
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"expected 'ngrams<TAB>k<TAB>count' with k from 1 to the "
					"order");
	if (ps->declared_orders & (1 << k))
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"ngrams line given twice for one order");
	ps->declared_orders |= 1 << k;
	ps->declared[k] = n;
	return 0;
}

static int parse_header_field(struct parser *ps, const char *name, const char *value)
{
	struct perplexity_model *model = ps->model;
	double v;

	if (!strcmp(name, "ngrams"))
		return parse_ngrams(ps, value);
	if (!strcmp(name, "description")) {
		if (mark_seen(ps, SEEN_DESCRIPTION) < 0)
			return -1;
		model->description = xstrdup(value);
		return 0;
	}
	if (!strcmp(name, "sentences") || !strcmp(name, "tokens")) {
		int sentences = name[0] == 's';
		if (!parse_count(value, sentences ? &model->sentences : &model->tokens))
			return model_line_error(ps->r.err, ps->r.name, ps->r.number,
						"expected a whole number");
		return mark_seen(ps, sentences ? SEEN_SENTENCES : SEEN_TOKENS);
	}
	if (!strcmp(name, "order")) {
		if (strcmp(value, "2") && strcmp(value, "3"))
			return model_line_error(ps->r.err, ps->r.name, ps->r.number,
						"order must be 2 or 3");
		model->order = value[0] - '0';
		return mark_seen(ps, SEEN_ORDER);
	}
	if (!strcmp(name, "max_perplexity")) {
		if (model_parse_double(value, strlen(value), &v) < 0 || v < 1)
			return model_line_error(ps->r.err, ps->r.name, ps->r.number,
						"max_perplexity must be a number >= 1");
		model->max_perplexity = v;
		return mark_seen(ps, SEEN_MAX);
	}
	return model_line_error(ps->r.err, ps->r.name, ps->r.number, "unknown header field");
}

/* Before the first entry: the header is complete, and the declared entries
 * fit in the file; then the tables are made. */
static int start_entries(struct parser *ps)
{
	struct perplexity_model *model = ps->model;
	uint64_t least_bytes = 0;

	if ((ps->seen & (SEEN_ORDER | SEEN_MAX)) != (SEEN_ORDER | SEEN_MAX) ||
	    ps->declared_orders != (1 << (model->order + 1)) - 2)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"header incomplete: order, max_perplexity and an ngrams "
					"line for every order are required before the entries");
	for (int k = 1; k <= model->order; k++) {
		if (ps->declared[k] > ps->r.size / (uint64_t)(2 * k + 4))
			return model_line_error(ps->r.err, ps->r.name, ps->r.number,
						"the ngrams lines promise more entries than the "
						"file can hold (corrupt header?)");
		least_bytes += ps->declared[k] * (uint64_t)(2 * k + 4);
	}
	if (least_bytes > ps->r.size)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"the ngrams lines promise more entries than the file can "
					"hold (corrupt header?)");
	for (int k = 1; k <= model->order; k++)
		table_init(&model->table[k], ps->declared[k]);
	ps->current = 1;
	return 0;
}

/* The key of k words separated by single spaces; -1 when they are not. */
static int words_key(char *words, int k, uint64_t *key)
{
	int count = 0;

	for (char *word = words;; ) {
		char *space = strchr(word, ' ');
		size_t len = space ? (size_t)(space - word) : strlen(word);
		if (len == 0 || ++count > k)
			return -1;
		uint64_t w = perplexity_token_key(word, len);
		*key = count == 1 ? w : perplexity_ngram_key(*key, w);
		if (!space)
			break;
		word = space + 1;
	}
	return count == k ? 0 : -1;
}

/* "k<TAB>WORDS<TAB>P" */
static int parse_entry(struct parser *ps, int k, char *value)
{
	struct perplexity_model *model = ps->model;
	char *tab = strchr(value, '\t');
	double prob;
	uint64_t key = 0;

	if (ps->current == 0 && start_entries(ps) < 0)
		return -1;
	if (k > model->order || k < ps->current)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"entry out of order (orders 1 to n, in turn)");
	ps->current = k;
	if (!tab)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"missing TAB before the probability");
	*tab = '\0';
	if (words_key(value, k, &key) < 0)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"expected as many words as the order, separated by single "
					"spaces");
	if (model_parse_double(tab + 1, strlen(tab + 1), &prob) < 0 || !(prob > 0 && prob <= 1) ||
	    !((float)prob > 0))
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"probability must be a number in (0, 1]");
	struct perplexity_table *table = &model->table[k];
	if (table->entries == ps->declared[k])
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"more entries of this order than its ngrams line says");
	if (table_insert(table, key, (float)prob) < 0)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"n-gram listed twice (or two n-grams share a 64-bit key)");
	ps->entries++;
	return 0;
}

/* "end<TAB>N": every order complete, and N entries in all. */
static int parse_end(struct parser *ps, const char *value)
{
	uint64_t n;

	if (ps->current == 0 && start_entries(ps) < 0)
		return -1;
	for (int k = 1; k <= ps->model->order; k++)
		if (ps->model->table[k].entries != ps->declared[k])
			return model_line_error(ps->r.err, ps->r.name, ps->r.number,
						"fewer entries than an ngrams line says (truncated "
						"file?)");
	if (!parse_count(value, &n) || n != ps->entries)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"entry count in the end line does not match (truncated "
					"file?)");
	ps->ended = 1;
	return 0;
}

static int parse_line(struct parser *ps)
{
	char *line = ps->r.line;

	if (ps->ended)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"data after the end line");
	char *tab = strchr(line, '\t');
	if (!tab)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number, "missing TAB");
	*tab = '\0';
	if (line[0] >= '1' && line[0] <= '9' && line[1] == '\0')
		return parse_entry(ps, line[0] - '0', tab + 1);
	if (!strcmp(line, "end"))
		return parse_end(ps, tab + 1);
	if (ps->current)
		return model_line_error(ps->r.err, ps->r.name, ps->r.number,
					"header field after the entries");
	return parse_header_field(ps, line, tab + 1);
}

/* The parser proper, on an open stream of `size` bytes. */
static int parse_stream(struct perplexity_model *model, FILE *stream, const char *name,
			uint64_t size, struct nc_error *err)
{
	struct parser ps = { .r = { stream, name, size, NULL, 0, 0, 0, err }, .model = model };
	int ret;

	memset(model, 0, sizeof(*model));
	ret = read_file_header(&ps.r);
	while (ret == 0 && (ret = next_line(&ps.r)) == 1)
		ret = parse_line(&ps);
	if (ret == 0 && !ps.ended)
		ret = nc_error_set(err, NC_ERR_FORMAT, "%s: no end line (truncated file?)", name);
	free(ps.r.line);
	if (ret < 0)
		perplexity_model_release(model);
	return ret < 0 ? -1 : 0;
}

int perplexity_model_load(struct perplexity_model *model, const char *path,
			  struct nc_error *err)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	memset(model, 0, sizeof(*model));
	if (fd < 0)
		return nc_error_set(err, NC_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return nc_error_set(err, NC_ERR_IO, "%s: not a regular file", path);
	}
	if ((uint64_t)st.st_size > PERPLEXITY_MODEL_MAX_BYTES) {
		close(fd);
		return nc_error_set(err, NC_ERR_LIMIT, "%s: %llu bytes, larger than the limit of "
				    "%llu bytes for a perplexity model", path,
				    (unsigned long long)st.st_size,
				    (unsigned long long)PERPLEXITY_MODEL_MAX_BYTES);
	}
	FILE *stream = fdopen(fd, "r");
	if (!stream) {
		close(fd);
		return nc_error_set(err, NC_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
	}
	int ret = parse_stream(model, stream, path, (uint64_t)st.st_size, err);
	fclose(stream);
	return ret;
}

int perplexity_model_parse(struct perplexity_model *model, const char *name, const char *data,
			   size_t len, struct nc_error *err)
{
	memset(model, 0, sizeof(*model));
	if (len == 0)   /* fmemopen() refuses an empty buffer */
		return model_file_read_header(name, data, 0, PERPLEXITY_MODEL_VERSION,
					      &(struct model_file_header){ 0 }, err);
	if (len > PERPLEXITY_MODEL_MAX_BYTES)
		return nc_error_set(err, NC_ERR_LIMIT, "%s: larger than the limit of %llu bytes for "
				    "a perplexity model", name,
				    (unsigned long long)PERPLEXITY_MODEL_MAX_BYTES);
	FILE *stream = fmemopen((void *)data, len, "r");
	if (!stream)
		return nc_error_set(err, NC_ERR_IO, "%s: cannot read from memory: %s", name,
				    strerror(errno));
	int ret = parse_stream(model, stream, name, len, err);
	fclose(stream);
	return ret;
}

/* --- writing --------------------------------------------------------------------- */

#define WRITER_FLUSH_BYTES (1u << 16)

static void writer_flush(struct perplexity_model_writer *writer)
{
	if (writer->buffer.len &&
	    fwrite(writer->buffer.buf, 1, writer->buffer.len, writer->out) != writer->buffer.len)
		writer->failed = 1;
	strbuf_reset(&writer->buffer);
}

void perplexity_writer_start(struct perplexity_model_writer *writer, FILE *out, const char *name,
			     const struct perplexity_model_info *info)
{
	struct strbuf *b = &writer->buffer;

	memset(writer, 0, sizeof(*writer));
	writer->out = out;
	writer->name = name;
	writer->info = *info;
	strbuf_init(b);
	model_file_write_header(b, PERPLEXITY_METHOD_NAME, &info->built);
	strbuf_addf(b, "order\t%d\nmax_perplexity\t%.9g\nsentences\t%llu\ntokens\t%llu\n",
		    info->order, info->max_perplexity, (unsigned long long)info->sentences,
		    (unsigned long long)info->tokens);
	strbuf_addstr(b, "description\t");
	for (const char *p = info->description ? info->description : ""; *p; p++)
		strbuf_addch(b, *p == '\n' || *p == '\t' || *p == '\r' ? ' ' : *p);
	strbuf_addch(b, '\n');
	for (int k = 1; k <= info->order; k++)
		strbuf_addf(b, "ngrams\t%d\t%llu\n", k, (unsigned long long)info->ngrams[k]);
}

void perplexity_writer_entry(struct perplexity_model_writer *writer, int k,
			     const char *const *words, const size_t *lens, double prob)
{
	struct strbuf *b = &writer->buffer;

	strbuf_addf(b, "%d\t", k);
	for (int i = 0; i < k; i++) {
		if (i)
			strbuf_addch(b, ' ');
		strbuf_add(b, words[i], lens[i]);
	}
	/* The float the loader will store, written so that it reads back the same. */
	strbuf_addf(b, "\t%.9g\n", (double)(float)prob);
	if (k >= 1 && k <= PERPLEXITY_MAX_ORDER)
		writer->written[k]++;
	if (b->len >= WRITER_FLUSH_BYTES)
		writer_flush(writer);
}

int perplexity_writer_finish(struct perplexity_model_writer *writer, struct nc_error *err)
{
	uint64_t total = 0;
	int ret = 0;

	for (int k = 1; k <= writer->info.order; k++) {
		if (writer->written[k] != writer->info.ngrams[k])
			ret = nc_error_set(err, NC_ERR_USAGE, "%s: %llu entries of order %d written, "
					   "the header says %llu", writer->name,
					   (unsigned long long)writer->written[k], k,
					   (unsigned long long)writer->info.ngrams[k]);
		total += writer->written[k];
	}
	strbuf_addf(&writer->buffer, "end\t%llu\n", (unsigned long long)total);
	writer_flush(writer);
	if (fflush(writer->out) != 0)
		writer->failed = 1;
	if (ret == 0 && writer->failed)
		ret = nc_error_set(err, NC_ERR_IO, "%s: write error: %s", writer->name,
				   strerror(errno ? errno : EIO));
	strbuf_release(&writer->buffer);
	return ret;
}
