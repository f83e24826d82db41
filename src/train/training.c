/* training.c: reading training texts (see training.h). */
#include "train/training.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/utf8.h"
#include "source/sniff.h"

#include <string.h>

void symbol_segments_release(struct symbol_segments *list)
{
	for (size_t i = 0; i < list->count; i++)
		free(list->symbols[i]);
	free(list->symbols);
	free(list->len);
	memset(list, 0, sizeof(*list));
}

void symbol_segments_count(const struct symbol_segments *list, struct ngram_counts *counts,
			   double weight)
{
	for (size_t i = 0; i < list->count; i++)
		ngram_counts_add(counts, list->symbols[i], list->len[i], weight);
}

static void symbol_segments_add(struct symbol_segments *list, const char *symbols, size_t len)
{
	list->symbols = xrealloc(list->symbols, (list->count + 1) * sizeof(*list->symbols));
	list->len = xrealloc(list->len, (list->count + 1) * sizeof(*list->len));
	list->symbols[list->count] = (unsigned char *)xmemdup(symbols, len);
	list->len[list->count++] = len;
}

/* Segments to symbols, appended to a list. */
struct symbol_sink {
	const struct ngram_alphabet *alphabet;
	struct strbuf scratch;
	struct symbol_segments *out;
};

static int add_symbols(const struct segment *segment, void *data, struct nc_error *err)
{
	struct symbol_sink *sink = data;

	(void)err;
	strbuf_reset(&sink->scratch);
	ngram_normalise(sink->alphabet, segment->text, segment->len, &sink->scratch);
	symbol_segments_add(sink->out, sink->scratch.buf, sink->scratch.len);
	return 0;
}

/* Append `line` with each segment tag <p>, <h>, <l> (any case; also the
 * {p} of one CLEANEVAL gold file) turned into a blank line: a segment break
 * for the segmenter. */
static void tags_to_breaks(const char *line, const char *end, struct strbuf *out)
{
	for (const char *c = line; c < end; c++) {
		int open = *c == '<' || *c == '{';
		if (open && end - c >= 3 && strchr("phlPHL", c[1]) &&
		    c[2] == (*c == '<' ? '>' : '}')) {
			strbuf_addstr(out, "\n\n");
			c += 2;
		} else {
			strbuf_addch(out, *c);
		}
	}
	strbuf_addch(out, '\n');
}

/* CLEANEVAL text as a dump: lines starting with "URL" go (as in the
 * scorer), tags become segment breaks. */
static void cleaneval_to_dump(const char *text, size_t len, struct strbuf *out)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *line_end = nl ? nl : end;
		const char *q = p;
		while (q < line_end && (*q == ' ' || *q == '\t'))
			q++;
		if (!(line_end - q >= 3 && !memcmp(q, "URL", 3)))
			tags_to_breaks(p, line_end, out);
		p = nl ? nl + 1 : end;
	}
}

/* Segment a dump into symbol segments. */
static int segment_dump_text(const struct training_reader *reader, const char *dump, size_t len,
			     struct symbol_segments *out, struct nc_error *err)
{
	struct symbol_sink sink = { &reader->alphabet, STRBUF_INIT, out };
	int ret = worker_segment_text(reader->worker, dump, len, add_symbols, &sink, err);
	strbuf_release(&sink.scratch);
	return ret;
}

/* Read a text in CLEANEVAL format into symbol segments. */
static int read_cleaneval(const struct training_reader *reader, const char *text, size_t len,
			  struct symbol_segments *out, struct nc_error *err)
{
	struct strbuf utf8 = STRBUF_INIT, dump = STRBUF_INIT;

	if (!utf8_is_valid(text, len)) {
		utf8_from_cp1252(text, len, &utf8);
		text = utf8.buf;
		len = utf8.len;
	}
	cleaneval_to_dump(text, len, &dump);
	int ret = segment_dump_text(reader, dump.buf, dump.len, out, err);
	strbuf_release(&utf8);
	strbuf_release(&dump);
	return ret;
}

int training_check_text(const char *name, const char *data, size_t len, struct nc_error *err)
{
	enum sniff_kind kind = sniff_bytes(data, len);
	if (kind == SNIFF_BINARY || kind == SNIFF_WARC || kind == SNIFF_GZIP)
		return nc_error_set(err, NC_ERR_FORMAT, "%s: %s data, not a text to train on", name,
				    sniff_kind_name(kind));
	return 0;
}

int training_read_gold(const struct training_reader *reader, const char *path,
		       struct symbol_segments *out, struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT;
	int ret = read_file(path, PIPELINE_MAX_PAGE_BYTES, &text, err);
	if (ret == 0)
		ret = training_check_text(path, text.buf, text.len, err);

	if (ret == 0 && read_cleaneval(reader, text.buf, text.len, out, err) < 0) {
		nc_error_prefix(err, path);
		ret = -1;
	}
	strbuf_release(&text);
	return ret;
}

/* The compatible reading: each raw segment as a gold text's line would be
 * read (a break before it, tags inside it made breaks too), collected into
 * a dump that is segmented again once the page is done. */
static int add_for_rereading(const struct segment *segment, void *data, struct nc_error *err)
{
	struct strbuf *dump = data;

	(void)err;
	strbuf_addstr(dump, "\n\n");
	tags_to_breaks(segment->text, segment->text + segment->len, dump);
	return 0;
}

int training_read_raw(const struct training_reader *reader, const struct file_input *raw,
		      struct symbol_segments *out, struct nc_error *err)
{
	const char *path = raw->path;
	struct page page;
	int ret;

	if (input_source_open_page(raw, FILE_KIND_BY_CONTENT, &page, err) < 0)
		return -1;
	if (reader->reading == TRAINING_DIRECT) {
		struct symbol_sink sink = { &reader->alphabet, STRBUF_INIT, out };
		ret = worker_read_segments(reader->worker, &page, add_symbols, &sink, err);
		strbuf_release(&sink.scratch);
	} else {
		struct strbuf dump = STRBUF_INIT;
		ret = worker_read_segments(reader->worker, &page, add_for_rereading, &dump, err);
		if (ret == 0 && segment_dump_text(reader, dump.buf, dump.len, out, err) < 0) {
			nc_error_prefix(err, path);
			ret = -1;
		}
		strbuf_release(&dump);
	}
	page_release(&page);
	return ret;
}
