/* sink.c: formatting pages (see sink.h). */
#include "sink/sink.h"
#include "base/alloc.h"
#include "base/utf8.h"

#include <string.h>

struct page_sink {
	enum sink_format format;
	struct page_output *output;
	struct strbuf pending;   /* formatted, not yet passed to the output */
	int open;                /* between begin() and end()/abort() */
	int streaming;           /* pass bytes on as they come (see begin()) */
};

struct page_sink *page_sink_new(enum sink_format format, struct page_output *output)
{
	struct page_sink *sink = xcalloc(1, sizeof(*sink));
	sink->format = format;
	sink->output = output;
	strbuf_init(&sink->pending);
	return sink;
}

void page_sink_free(struct page_sink *sink)
{
	if (!sink)
		return;
	if (sink->open)
		page_sink_abort(sink);
	sink->output->ops->free(sink->output);
	strbuf_release(&sink->pending);
	free(sink);
}

static int flush(struct page_sink *sink, struct nc_error *err)
{
	int ret = sink->output->ops->write(sink->output, sink->pending.buf, sink->pending.len, err);
	strbuf_reset(&sink->pending);
	return ret;
}

static int flush_when_full(struct page_sink *sink, struct nc_error *err)
{
	return sink->streaming && sink->pending.len >= SINK_FLUSH_BYTES ? flush(sink, err) : 0;
}

/* The URL comes from a wrapper's id, a dump's first line or a file name, so
 * it may hold anything. The line must stay one line of valid UTF-8: control
 * characters and invalid UTF-8 are percent-encoded, as in a URL. */
static void write_url_line(struct strbuf *out, const char *url)
{
	const unsigned char *p = (const unsigned char *)url;
	size_t len = strlen(url);

	strbuf_addstr(out, "URL: ");
	while (len) {
		uint32_t cp;
		size_t n = utf8_decode(p, len, &cp);
		if (n == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
			n = n ? n : 1;
			for (size_t i = 0; i < n; i++)
				strbuf_addf(out, "%%%02X", p[i]);
		} else {
			strbuf_add(out, (const char *)p, n);
		}
		p += n;
		len -= n;
	}
	strbuf_addch(out, '\n');
}

int page_sink_begin(struct page_sink *sink, const struct page *page,
		    const struct page_meta *meta, struct nc_error *err)
{
	if (sink->output->ops->open(sink->output, page, err) < 0)
		return -1;
	sink->open = 1;
	/* A text dump streams whatever the output (it may be of any size); an
	 * HTML page streams only where a failure leaves nothing anyway. */
	sink->streaming = page->kind == PAGE_TEXT || sink->output->whole_or_nothing;
	strbuf_reset(&sink->pending);
	write_url_line(&sink->pending, meta->url);
	return 0;
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

/* A dump is Lynx's text, which holds whatever the page held: it goes out
 * as valid UTF-8 without control characters (utf8_clean()), so that no page
 * can send escape sequences to a terminal. */
int page_sink_dump(struct page_sink *sink, const char *text, size_t len, struct nc_error *err)
{
	if (reserve(sink, len, err) < 0)
		return -1;
	utf8_clean(text, len, &sink->pending);
	return flush_when_full(sink, err);
}

static void write_tag(struct strbuf *out, enum segment_type type)
{
	strbuf_addch(out, '<');
	strbuf_addch(out, (char)type);
	strbuf_addch(out, '>');
}

/* CLEANEVAL: each kept segment on a line of its own; the kept pieces of a
 * segment share its line, separated by a space. */
static void write_cleaneval(struct strbuf *out, const struct scored_segment *segments,
			    size_t count)
{
	int line_open = 0;

	for (size_t i = 0; i < count; i++) {
		const struct scored_segment *s = &segments[i];
		if (line_open && !s->continues) {
			strbuf_addch(out, '\n');
			line_open = 0;
		}
		if (!s->keep)
			continue;
		if (line_open) {
			strbuf_addch(out, ' ');
		} else {
			write_tag(out, s->segment.type);
			line_open = 1;
		}
		strbuf_add(out, s->segment.text, s->segment.len);
	}
	if (line_open)
		strbuf_addch(out, '\n');
}

/* Scores: every piece on a line of its own; a piece that continues a
 * segment has "+" where the first has the segment's tag. */
static void write_scores(struct strbuf *out, const struct scored_segment *segments, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		const struct scored_segment *s = &segments[i];
		strbuf_addf(out, "%.4f\t%.4f\t%s\t", s->score.cost_clean, s->score.cost_dirty,
			    s->keep ? "keep" : "drop");
		if (s->continues)
			strbuf_addch(out, '+');
		else
			write_tag(out, s->segment.type);
		strbuf_add(out, s->segment.text, s->segment.len);
		strbuf_addch(out, '\n');
	}
}

int page_sink_segments(struct page_sink *sink, const struct scored_segment *segments,
		       size_t count, struct nc_error *err)
{
	size_t bytes = 0;
	for (size_t i = 0; i < count; i++)
		bytes += segments[i].segment.len + 64;   /* text, tag, scores */
	if (reserve(sink, bytes, err) < 0)
		return -1;
	if (sink->format == SINK_SCORES)
		write_scores(&sink->pending, segments, count);
	else
		write_cleaneval(&sink->pending, segments, count);
	return flush_when_full(sink, err);
}

int page_sink_end(struct page_sink *sink, struct nc_error *err)
{
	int ret = flush(sink, err);
	sink->open = 0;
	if (ret == 0)
		return sink->output->ops->commit(sink->output, err);
	sink->output->ops->abort(sink->output);
	return -1;
}

void page_sink_abort(struct page_sink *sink)
{
	strbuf_reset(&sink->pending);
	if (sink->open)
		sink->output->ops->abort(sink->output);
	sink->open = 0;
}

void page_sink_emergency_stop(struct page_sink *sink)
{
	sink->output->ops->emergency_stop(sink->output);
}
