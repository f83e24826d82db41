/* training.c: reading training texts (see training.h). */
#include "train/training.h"
#include "base/alloc.h"

#include <stdint.h>
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

/* Segment a dump into symbol segments. */
static int segment_dump_text(const struct training_reader *reader, const char *dump, size_t len,
			     struct symbol_segments *out, struct nc_error *err)
{
	struct symbol_sink sink = { &reader->alphabet, STRBUF_INIT, out };
	int ret = worker_segment_text(reader->worker, dump, len, add_symbols, &sink, err);
	strbuf_release(&sink.scratch);
	return ret;
}

int training_read_gold(const struct training_reader *reader, const struct file_input *in,
		       struct symbol_segments *out, struct nc_error *err)
{
	struct page page;
	if (input_source_open_page(in, FILE_KIND_TRAINING_TEXT, &page, err) < 0)
		return -1;
	enum text_flags url = reader->reading == TRAINING_COMPATIBLE ? TEXT_URL_LINES_2008
								     : TEXT_URL_LINE;
	struct symbol_sink sink = { &reader->alphabet, STRBUF_INIT, out };
	int ret = worker_read_text_segments(reader->worker, &page, url | TEXT_CLEANEVAL_TAGS,
					    add_symbols, &sink, err);
	strbuf_release(&sink.scratch);
	page_release(&page);
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
	strbuf_add(dump, segment->text, segment->len);
	strbuf_addch(dump, '\n');
	return 0;
}

/* The raw segments add_for_rereading() collected, read again as a gold text
 * is (its tags made breaks: normalise/text.h) and segmented. */
static int reread_segments(const struct training_reader *reader, const char *name,
			   struct strbuf *dump, struct symbol_segments *out, struct nc_error *err)
{
	struct page text = { .kind = PAGE_TEXT };
	struct strbuf tagged = STRBUF_INIT;
	text.name = xstrdup(name);
	page_set_memory(&text, dump);
	int ret = worker_read_text(reader->worker, &text, TEXT_CLEANEVAL_TAGS, SIZE_MAX, &tagged,
				   err);
	if (ret == 0 && segment_dump_text(reader, tagged.buf, tagged.len, out, err) < 0) {
		nc_error_prefix(err, name);
		ret = -1;
	}
	page_release(&text);
	strbuf_release(&tagged);
	return ret;
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
		if (ret == 0)
			ret = reread_segments(reader, path, &dump, out, err);
		strbuf_release(&dump);
	}
	page_release(&page);
	return ret;
}

int training_read_gold_text(struct worker *worker, const struct file_input *in,
			    struct strbuf *gold, struct nc_error *err)
{
	struct page page;
	if (input_source_open_page(in, FILE_KIND_TRAINING_TEXT, &page, err) < 0)
		return -1;
	int ret = worker_read_text(worker, &page, TEXT_PLAIN, PIPELINE_MAX_PAGE_BYTES, gold, err);
	page_release(&page);
	return ret;
}
