/* sink.c: a page's life in the sink (see sink.h): its output opened and
 * committed, its segments counted, its kept text held, the page filters
 * asked, and its format's bytes passed on.
 *
 * Bytes flow: the format (format.h) appends to `pending`; flush() passes
 * pending on, through the page's gzip member when gzip is on, to the
 * output. A format that needs the whole page before it can write anything
 * (FORMAT_WHOLE_PAGE: WET's record header holds the text's length) reads
 * the page's kept text, held in `text`, at the end.
 */
#include "sink/sink.h"
#include "base/language.h"
#include "base/alloc.h"
#include "base/utf8.h"

#include <math.h>
#include <string.h>
#include <zlib.h>

struct page_sink {
	struct sink_config config;
	const struct output_format *format;
	struct format_page formatted; /* what the format's callbacks see */
	struct page_output *output;
	struct strbuf pending;       /* formatted, not yet passed on */
	struct strbuf text;          /* the page's kept text until its end (holds_text()) */
	struct strbuf compressed;    /* gzip: output of the page's member */
	z_stream zip;
	int zip_open;                /* the page's gzip member is begun */
	int open;                    /* between begin() and end()/abort() */
	int streaming;               /* pass bytes on as they come (see begin()) */
	const struct page *page;     /* the page being written */
	struct page_counts counts;
	int flushed;                 /* some of the page has been passed on */
	enum sink_skip skipped;      /* why the page was not written */
	struct language language;    /* of the page's kept text, known at its end */
};

struct page_sink *page_sink_new(const struct sink_config *config, struct page_output *output)
{
	struct page_sink *sink = xcalloc(1, sizeof(*sink));
	sink->config = *config;
	sink->format = config->format ? config->format : &format_cleaneval;
	sink->output = output;
	strbuf_init(&sink->pending);
	strbuf_init(&sink->text);
	strbuf_init(&sink->compressed);
	sink->formatted = (struct format_page) {
		.config = &sink->config, .out = &sink->pending, .text = &sink->text,
		.counts = &sink->counts, .language = &sink->language,
		.state = sink->format->state_new ? sink->format->state_new(&sink->config) : NULL,
	};
	return sink;
}

void page_sink_free(struct page_sink *sink)
{
	if (!sink)
		return;
	if (sink->open)
		page_sink_abort(sink);
	sink->output->ops->free(sink->output);
	if (sink->format->state_free)
		sink->format->state_free(sink->formatted.state);
	strbuf_release(&sink->pending);
	strbuf_release(&sink->text);
	strbuf_release(&sink->compressed);
	free(sink);
}

/* --- passing bytes on ------------------------------------------------------------ */

static int zip_begin(struct page_sink *sink, struct nc_error *err)
{
	memset(&sink->zip, 0, sizeof(sink->zip));
	if (deflateInit2(&sink->zip, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return nc_error_set(err, NC_ERR_MEMORY, "cannot start gzip compression");
	sink->zip_open = 1;
	return 0;
}

static void zip_end(struct page_sink *sink)
{
	if (sink->zip_open)
		deflateEnd(&sink->zip);
	sink->zip_open = 0;
}

/* Deflate `len` bytes (all that is left with `finish`) into `compressed`. */
static int zip_add(struct page_sink *sink, const char *data, size_t len, int finish,
		   struct nc_error *err)
{
	z_stream *z = &sink->zip;
	z->next_in = (Bytef *)data;
	z->avail_in = (uInt)len;
	for (;;) {
		strbuf_grow(&sink->compressed, 65536);
		z->next_out = (Bytef *)sink->compressed.buf + sink->compressed.len;
		z->avail_out = (uInt)strbuf_avail(&sink->compressed);
		uInt before = z->avail_out;
		int rc = deflate(z, finish ? Z_FINISH : Z_NO_FLUSH);
		strbuf_commit(&sink->compressed, before - z->avail_out);
		if (rc == Z_STREAM_END || (!finish && z->avail_in == 0 && z->avail_out > 0))
			return 0;
		if (rc != Z_OK && rc != Z_BUF_ERROR)
			return nc_error_set(err, NC_ERR_IO, "gzip compression failed");
	}
}

/* Pass `pending` on (and, with `last`, end the page's gzip member). */
static int flush(struct page_sink *sink, int last, struct nc_error *err)
{
	const char *data = sink->pending.buf;
	size_t len = sink->pending.len;
	int ret = 0;

	if (sink->config.gzip) {
		strbuf_reset(&sink->compressed);
		if (!sink->zip_open && (len || last))
			ret = zip_begin(sink, err);
		if (ret == 0 && sink->zip_open)
			ret = zip_add(sink, data, len, last, err);
		if (last)
			zip_end(sink);
		data = sink->compressed.buf;
		len = sink->compressed.len;
	}
	if (ret == 0 && len) {
		ret = sink->output->ops->write(sink->output, data, len, err);
		sink->flushed = 1;
	}
	strbuf_reset(&sink->pending);
	return ret;
}

static int flush_when_full(struct page_sink *sink, struct nc_error *err)
{
	return sink->streaming && sink->pending.len >= SINK_FLUSH_BYTES ? flush(sink, 0, err) : 0;
}

/* Room for `bytes` more: a page's output grows with the page, so running
 * out of memory fails the page instead of the run. */
static int reserve(struct page_sink *sink, size_t bytes, struct nc_error *err)
{
	if (strbuf_try_grow(&sink->pending, bytes) < 0)
		return nc_error_set(err, NC_ERR_MEMORY, "not enough memory for %zu bytes of output",
				    sink->pending.len + bytes);
	return 0;
}

/* The page's kept text, held until its end (holds_text(): WET's record,
 * which states its length and digest first, JSONL's "text"): room for
 * `bytes` more, within SINK_MAX_WET_TEXT. */
static int reserve_text(struct page_sink *sink, size_t bytes, struct nc_error *err)
{
	if (bytes > SINK_MAX_WET_TEXT - sink->text.len)
		return nc_error_set(err, NC_ERR_LIMIT, "the page's text is larger than %zu MiB, the "
				    "most a WET record or a JSONL line holds here",
				    SINK_MAX_WET_TEXT >> 20);
	if (strbuf_try_grow(&sink->text, bytes) < 0)
		return nc_error_set(err, NC_ERR_MEMORY, "not enough memory for the page's text");
	return 0;
}

/* --- counting ------------------------------------------------------------------------- */

static void count(struct page_sink *sink, const struct scored_segment *segments, size_t n)
{
	struct page_counts *c = &sink->counts;
	int kept_here = 0;

	for (size_t i = 0; i < n; i++) {
		const struct scored_segment *s = &segments[i];
		size_t words = scored_segment_words(s);
		if (!s->continues) {
			c->segments++;
			kept_here = 0;
		}
		c->words += words;
		if (s->keep) {
			c->rescued += s->rescued && !kept_here;
			c->kept_words += words;
			/* P(text) = 1 / (1 + 2^-L) for log-odds L in bits */
			if (sink->config.log_odds)
				c->text_words += (double)words / (1 + exp2(-s->score.cost_dirty));
			c->kept += !kept_here;
			kept_here = 1;
		}
	}
}

double page_counts_quality(const struct page_counts *counts, int log_odds)
{
	if (!log_odds || !counts->kept_words)
		return -1;
	return counts->text_words / (double)counts->kept_words;
}

/* --- the page ---------------------------------------------------------------------- */

/* `len` bytes as one gzip member, appended to `out`. */
static int gzip_member(const char *data, size_t len, struct strbuf *out, struct nc_error *err)
{
	z_stream z = { 0 };
	if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return nc_error_set(err, NC_ERR_MEMORY, "cannot start gzip compression");
	z.next_in = (Bytef *)data;
	z.avail_in = (uInt)len;
	int rc;
	do {
		strbuf_grow(out, len / 2 + 64);
		z.next_out = (Bytef *)out->buf + out->len;
		z.avail_out = (uInt)strbuf_avail(out);
		uInt before = z.avail_out;
		rc = deflate(&z, Z_FINISH);
		strbuf_commit(out, before - z.avail_out);
	} while (rc == Z_OK || rc == Z_BUF_ERROR);
	deflateEnd(&z);
	return rc == Z_STREAM_END ? 0 : nc_error_set(err, NC_ERR_IO, "gzip compression failed");
}

/* The format's file header, in its own gzip member with gzip. */
int page_sink_file_header(const struct sink_config *config, struct strbuf *out,
			  struct nc_error *err)
{
	const struct output_format *format = config->format ? config->format : &format_cleaneval;
	struct strbuf header = STRBUF_INIT;
	int ret = 0;

	if (format->file_header)
		ret = format->file_header(config, &header, err);
	if (ret == 0 && header.len)
		ret = config->gzip ? gzip_member(header.buf, header.len, out, err)
				   : (strbuf_add(out, header.buf, header.len), 0);
	strbuf_release(&header);
	return ret;
}

/* The page's kept text, one segment a line, is held until its end: for a
 * format that reads it (WET's record, JSONL's "text") and for the page's
 * language (those formats', and --language's). */
static int holds_text(const struct page_sink *sink)
{
	return (sink->format->capabilities & FORMAT_HOLDS_TEXT) ||
	       page_filters_need_language(&sink->config.filters);
}

int page_sink_begin(struct page_sink *sink, const struct page *page,
		    const struct page_info *info, struct nc_error *err)
{
	/* A file's header is not the sink's to write: whoever starts files
	 * does (page_sink_file_header(); the runner), in one place. */
	if (sink->output->ops->open(sink->output, page, err) < 0)
		return -1;
	sink->open = 1;
	sink->page = page;
	sink->formatted.page = page;
	memset(&sink->counts, 0, sizeof(sink->counts));
	strbuf_reset(&sink->pending);
	strbuf_reset(&sink->text);
	sink->flushed = 0;
	sink->skipped = SINK_WRITTEN;
	/* A text dump streams whatever the output (it may be of any size); an
	 * HTML page streams only where a failure leaves nothing anyway. A
	 * whole-page format, and the page filters, must see the whole page
	 * first. */
	sink->streaming = !(sink->format->capabilities & FORMAT_WHOLE_PAGE) &&
			  !page_filters_active(&sink->config.filters) &&
			  (page->kind == PAGE_TEXT || sink->output->whole_or_nothing);
	if (sink->format->begin)
		sink->format->begin(&sink->formatted, info);
	return 0;
}

/* A dump is Lynx's text, which holds whatever the page held: it goes out
 * as valid UTF-8 without control characters (utf8_clean()), so that no page
 * can send escape sequences to a terminal. A whole-page format takes it as
 * the page's text. */
int page_sink_dump(struct page_sink *sink, const char *text, size_t len, struct nc_error *err)
{
	if (sink->format->capabilities & FORMAT_WHOLE_PAGE) {
		if (reserve_text(sink, len, err) < 0)
			return -1;
		utf8_clean(text, len, &sink->text);
		return 0;
	}
	if (reserve(sink, len, err) < 0)
		return -1;
	utf8_clean(text, len, &sink->pending);
	return flush_when_full(sink, err);
}

static int write_part(struct page_sink *sink, const struct scored_segment *segments,
		      size_t count_, struct nc_error *err)
{
	size_t bytes = 0;
	for (size_t i = 0; i < count_; i++)
		bytes += segments[i].segment.len + 128;   /* text, tag or JSON, scores */
	if (reserve(sink, bytes, err) < 0)
		return -1;
	if (holds_text(sink)) {
		if (reserve_text(sink, bytes, err) < 0)
			return -1;
		format_add_lines(&sink->text, segments, count_, 0, "\n");
	}
	if (sink->config.observe)
		sink->config.observe(sink->config.observe_data, segments, count_);
	count(sink, segments, count_);
	if (sink->format->part)
		sink->format->part(&sink->formatted, segments, count_);
	return flush_when_full(sink, err);
}

/* A whole-page method hands over a window of a long page at once (up to
 * 4 MiB of text): it is formatted in parts of about SINK_FLUSH_BYTES, each
 * cut where a segment (not a piece of one) begins, so that what waits in
 * memory to be passed on stays that small. */
int page_sink_segments(struct page_sink *sink, const struct scored_segment *segments,
		       size_t count_, struct nc_error *err)
{
	size_t start = 0;
	while (start < count_) {
		size_t end = start, bytes = 0;
		do
			bytes += segments[end++].segment.len + 128;
		while (end < count_ && (bytes < SINK_FLUSH_BYTES || segments[end].continues));
		if (write_part(sink, segments + start, end - start, err) < 0)
			return -1;
		start = end;
	}
	return 0;
}

/* Why the page is not written, or SINK_WRITTEN. A page that yields no text
 * (a robots.txt, a page of navigation only) gets no JSONL line and no WET
 * record (FORMAT_SKIPS_EMPTY): an empty one only costs its readers; with
 * --scores its dropped segments are its text. Then the page filters. A
 * page left out has passed nothing on: neither of those formats, nor any
 * while a filter is on, streams (begin()). */
static enum sink_skip why_skipped(const struct page_sink *sink)
{
	if ((sink->format->capabilities & FORMAT_SKIPS_EMPTY) && !sink->config.scores &&
	    !sink->counts.kept && !sink->flushed)
		return SINK_SKIP_NO_TEXT;
	struct page_facts facts = { &sink->counts, &sink->language };
	return page_filters_check(&sink->config.filters, &facts);
}

int page_sink_end(struct page_sink *sink, struct nc_error *err)
{
	int ret = 0;

	memset(&sink->language, 0, sizeof(sink->language));
	if (holds_text(sink))
		language_identify(sink->text.buf, sink->text.len, &sink->language);
	sink->skipped = why_skipped(sink);
	if (sink->skipped != SINK_WRITTEN)
		strbuf_reset(&sink->pending);
	else if (sink->format->end)
		ret = sink->format->end(&sink->formatted, err);
	if (ret == 0)
		ret = flush(sink, 1, err);
	sink->open = 0;
	zip_end(sink);
	if (ret == 0)
		return sink->output->ops->commit(sink->output, err);
	sink->output->ops->abort(sink->output);
	return -1;
}

void page_sink_abort(struct page_sink *sink)
{
	strbuf_reset(&sink->pending);
	zip_end(sink);
	if (sink->open)
		sink->output->ops->abort(sink->output);
	sink->open = 0;
}

int page_sink_finish(struct page_sink *sink, struct nc_error *err)
{
	return sink->output->ops->finish(sink->output, err);
}

enum sink_skip page_sink_skipped(const struct page_sink *sink)
{
	return sink->skipped;
}

const struct page_counts *page_sink_counts(const struct page_sink *sink)
{
	return &sink->counts;
}

void page_sink_emergency_stop(struct page_sink *sink)
{
	sink->output->ops->emergency_stop(sink->output);
}
