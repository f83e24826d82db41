/* pipeline.c: the pipeline and its workers (see pipeline.h).
 *
 * One page flows like this. HTML: read whole (bounded), normalise, render,
 * then the dump is segmented in one go. Text dump: read and segmented block
 * by block, so that a dump of any size takes bounded memory. Either way the
 * segmenter calls back once per segment; when cleaning, the segment is
 * scored at once and, for a decider that decides segments one at a time,
 * decided and written at once too. A whole-page decider, and a method that
 * scores whole pages, get the page's segments collected in a batch at the
 * end of the page; the method then scores them all, with what the page said
 * of itself (its title and keywords, kept in the worker from stage 1).
 */
#include "pipeline/pipeline.h"
#include "base/alloc.h"
#include "base/rules.h"
#include "base/utf8.h"
#include "normalise/charset.h"
#include "normalise/html.h"
#include "source/sniff.h"

#include <string.h>
#include <strings.h>

struct pipeline {
	struct pipeline_config config;
	struct markers markers;   /* this pipeline's unforgeable markers */
	struct rule_set *html_rules;
	struct rule_set *dump_rules;
};

/* The scored segments of a page waiting for a whole-page decider. Their
 * texts live in `text` (pointers are set when the batch is decided, since
 * `text` moves as it grows). */
struct segment_batch {
	struct scored_segment *items;
	size_t *offsets;
	size_t count, alloc;
	struct strbuf text;
};

struct worker {
	const struct pipeline *pipeline;
	struct rule_workspace *workspace;
	struct renderer *renderer;
	struct segmenter *segmenter;
	struct method_scorer *scorer;   /* NULL without a method */
	struct page_sink *sink;         /* NULL for a reading-only worker */
	struct segment_batch batch;
	struct strbuf title, keywords;  /* what the page said of itself (stage 1) */
	struct page_context context;    /* ... pointing into them, or NULL */
	char *block;                    /* a text dump's current block */
	struct strbuf decoded;          /* ... converted to UTF-8, when it is not */
	size_t page_bytes;              /* of the page being cleaned, as read */
	char converted_from[CHARSET_NAME_MAX];   /* the charset it was converted from
						    to UTF-8 before stage 1, or "" */
};

/* Text dumps are read and segmented in blocks of this size; the first block
 * is where a "URL:" line is looked for. */
#define TEXT_BLOCK_BYTES (1u << 16)

/* --- the pipeline -------------------------------------------------------------- */

struct pipeline *pipeline_new(const struct pipeline_config *config, struct nc_error *err)
{
	struct pipeline *p = xcalloc(1, sizeof(*p));

	p->config = *config;
	if (config->method && !config->decider) {
		nc_error_set(err, NC_ERR_USAGE, "a method needs a decider");
		goto fail;
	}
	p->html_rules = rule_set_load(config->html_rules_path, RULES_BYTES, err);
	if (!p->html_rules)
		goto fail;
	markers_init_random(&p->markers);
	rule_set_substitute(p->html_rules, MARKER_HEADING_PLACEHOLDER, p->markers.heading);
	rule_set_substitute(p->html_rules, MARKER_LIST_ITEM_PLACEHOLDER, p->markers.list_item);
	if (config->dump_rules_path) {
		p->dump_rules = rule_set_load(config->dump_rules_path, RULES_UTF, err);
		if (!p->dump_rules)
			goto fail;
	}
	return p;
fail:
	pipeline_free(p);
	return NULL;
}

void pipeline_free(struct pipeline *p)
{
	if (!p)
		return;
	rule_set_free(p->html_rules);
	rule_set_free(p->dump_rules);
	free(p);
}

/* --- workers -------------------------------------------------------------------- */

struct worker *worker_new(const struct pipeline *p, struct page_sink *sink, struct nc_error *err)
{
	struct worker *w = xcalloc(1, sizeof(*w));

	w->pipeline = p;
	w->sink = sink;
	w->renderer = p->config.renderer->create(p->config.renderer_config, err);
	if (!w->renderer) {
		worker_free(w);
		return NULL;
	}
	w->workspace = rule_workspace_new();
	w->segmenter = segmenter_new(p->dump_rules, w->workspace, &p->markers,
				     p->config.segment_flags, NULL, NULL);
	if (p->config.method)
		w->scorer = method_scorer_new(p->config.method);
	strbuf_init(&w->batch.text);
	strbuf_init(&w->decoded);
	strbuf_init(&w->title);
	strbuf_init(&w->keywords);
	w->block = xmalloc(TEXT_BLOCK_BYTES);
	return w;
}

void worker_free(struct worker *w)
{
	if (!w)
		return;
	page_sink_free(w->sink);
	method_scorer_free(w->scorer);
	segmenter_free(w->segmenter);
	renderer_free(w->renderer);
	rule_workspace_free(w->workspace);
	free(w->batch.items);
	free(w->batch.offsets);
	strbuf_release(&w->batch.text);
	strbuf_release(&w->decoded);
	strbuf_release(&w->title);
	strbuf_release(&w->keywords);
	free(w->block);
	free(w);
}

void worker_emergency_stop(struct worker *w)
{
	if (w->renderer)
		w->renderer->ops->emergency_stop(w->renderer);
	if (w->sink)
		page_sink_emergency_stop(w->sink);
}

/* --- stages 1-3 ------------------------------------------------------------------ */

/* What receives a page once its URL is known: begin(), then its segments
 * through the segmenter's output. */
struct page_consumer {
	int (*begin)(struct worker *w, const struct page *page, const struct page_meta *meta,
		     struct nc_error *err);
	segment_fn segment;
	void *data;
};

/* A page names itself by the URL its source gave, else the URL in its
 * wrapper (HTML) or first line (dump), else by its name. */
static const char *page_url(const struct page *page, const char *own_url)
{
	return page->url ? page->url : own_url ? own_url : page->name;
}

/* The charset a page must be converted from before anything else: the
 * user's (--encoding), or UTF-16/UTF-32 named by a byte order mark; NULL
 * for none. */
static const char *charset_to_convert(const struct pipeline_config *config,
				      const struct page *page)
{
	if (config->encoding)
		return config->encoding;
	const char *hint = page->charset_hint;
	if (hint && (!strncasecmp(hint, "UTF-16", 6) || !strncasecmp(hint, "UTF-32", 6)))
		return hint;
	return NULL;
}

/* Convert a whole page to UTF-8 (bounded, as an HTML page is), from then on
 * read from memory; an HTML page's <meta> charsets then say utf-8. */
static int convert_page(struct worker *w, struct page *page, const char *from,
			struct nc_error *err)
{
	snprintf(w->converted_from, sizeof(w->converted_from), "%s", from);
	struct strbuf raw = STRBUF_INIT, utf8 = STRBUF_INIT;
	int ret = page_read_all(page, PIPELINE_MAX_PAGE_BYTES, &raw, err);
	if (ret == 0)
		ret = charset_to_utf8(from, raw.buf, raw.len, &utf8, err);
	strbuf_release(&raw);
	if (ret == 0) {
		if (page->kind == PAGE_HTML)
			html_declare_utf8(&utf8);
		page_set_memory(page, &utf8);
		free(page->charset_hint);
		page->charset_hint = xstrdup("utf-8");
	}
	strbuf_release(&utf8);
	return ret;
}

/* Stages 1 and 2: the dump of an HTML page. */
static int render_html(struct worker *w, struct page *page, int with_rules, struct strbuf *dump,
		       struct html_page *html_page, struct nc_error *err)
{
	const struct pipeline *p = w->pipeline;
	struct strbuf html = STRBUF_INIT;

	int ret = page_read_all(page, PIPELINE_MAX_PAGE_BYTES, &html, err);
	w->page_bytes = html.len;
	/* A renderer that reads the structure itself gets the page without
	 * the rules (renderer.h). */
	if (p->config.renderer->raw_html)
		with_rules = 0;
	if (ret == 0)
		ret = html_normalise(with_rules ? p->html_rules : NULL, w->workspace, &html,
				     page->charset_hint, !p->config.paper_charsets, html_page, err);
	if (ret == 0) {
		struct render_request request = {
			.html = html.buf,
			.len = html.len,
			.charset = html_page->charset,
			.max_output = PIPELINE_MAX_DUMP_BYTES,
			.markers = &p->markers,
		};
		ret = renderer_render(w->renderer, &request, dump, err);
		if (ret < 0)
			html_page_release(html_page);
	}
	strbuf_release(&html);
	return ret;
}

/* What the sink is told of an HTML page. */
static struct page_meta html_meta(const struct worker *w, const struct page *page,
				  const struct html_page *html_page)
{
	struct page_meta meta = {
		.url = page_url(page, html_page->url),
		.title = html_page->title,
		.charset = w->converted_from[0] ? w->converted_from
			 : html_page->declared ? html_page->declared : html_page->charset,
	};
	return meta;
}

/* Keep what the page says of itself for a whole-page method (method.h). */
static void keep_context(struct worker *w, const struct html_page *html_page)
{
	strbuf_reset(&w->title);
	strbuf_reset(&w->keywords);
	w->context.title = w->context.keywords = NULL;
	if (html_page && html_page->title) {
		strbuf_addstr(&w->title, html_page->title);
		w->context.title = w->title.buf;
	}
	if (html_page && html_page->keywords) {
		strbuf_addstr(&w->keywords, html_page->keywords);
		w->context.keywords = w->keywords.buf;
	}
}

static int segment_html(struct worker *w, struct page *page, const struct page_consumer *c,
			struct nc_error *err)
{
	struct strbuf dump = STRBUF_INIT;
	struct html_page html_page = { 0 };

	int ret = render_html(w, page, 1, &dump, &html_page, err);
	if (ret == 0) {
		struct page_meta meta = html_meta(w, page, &html_page);
		keep_context(w, &html_page);
		ret = c->begin(w, page, &meta, err);
		if (ret == 0)
			ret = segmenter_run(w->segmenter, dump.buf, dump.len, err);
		html_page_release(&html_page);
	}
	strbuf_release(&dump);
	return ret;
}

/* If the block starts with a line "URL: something" (after a byte order
 * mark), put the URL in `url` and return the length of the line with its
 * newline; else return 0. */
static size_t take_url_line(const char *block, size_t len, struct strbuf *url)
{
	size_t i = len >= 3 && !memcmp(block, "\xEF\xBB\xBF", 3) ? 3 : 0;
	const char *nl = memchr(block + i, '\n', len - i);
	if (!nl)
		return 0;
	size_t end = (size_t)(nl - block);
	while (i < end && (block[i] == ' ' || block[i] == '\t'))
		i++;
	if (end - i < 4 || memcmp(block + i, "URL:", 4))
		return 0;
	i += 4;
	while (i < end && (block[i] == ' ' || block[i] == '\t'))
		i++;
	size_t url_end = end;
	while (url_end > i && (block[url_end - 1] == ' ' || block[url_end - 1] == '\r'))
		url_end--;
	strbuf_add(url, block + i, url_end - i);
	return end + 1;
}

/* The decoder a text dump needs, judged by a block that is not all ASCII:
 * none when it is UTF-8 (a sequence cut by the block's end aside), else what uchardet
 * guesses (windows-1252 when it cannot tell, or with paper_charsets).
 * `charset` gets the charset's name. */
static struct charset_decoder *dump_decoder(const struct worker *w, const char *block,
					    size_t len, char charset[CHARSET_NAME_MAX])
{
	size_t valid = len;
	while (valid > 0 && len - valid < 4 && ((unsigned char)block[valid - 1] & 0xC0) == 0x80)
		valid--;
	if (valid > 0 && (unsigned char)block[valid - 1] >= 0xC0)
		valid--;   /* the lead byte of a cut sequence */
	if (len - valid > 3 || utf8_is_valid(block, valid)) {
		strcpy(charset, "utf-8");
		return NULL;
	}
	if (w->pipeline->config.paper_charsets || charset_guess(block, len, charset) < 0)
		strcpy(charset, "windows-1252");
	struct charset_decoder *d = charset_decoder_new(charset, NULL);
	if (!d) {
		strcpy(charset, "windows-1252");
		d = charset_decoder_new(charset, NULL);
	}
	return d;
}

/* How a text dump is decoded: decided by its first block that is not all
 * ASCII, since an ASCII start says nothing of what follows (a Latin-1 dump
 * may begin with 64 KiB of ASCII). Until then the text is taken as it is. */
struct dump_decoding {
	int decided;
	struct charset_decoder *decoder;   /* NULL: UTF-8 (or ASCII so far) */
	char charset[CHARSET_NAME_MAX];
};

/* The `got` bytes just read into w->block, in UTF-8: *text and *len
 * (`last`: the dump ends with them). */
static int decode_dump_block(struct worker *w, struct dump_decoding *dd, size_t got, int last,
			     struct strbuf *buf, const char **text, size_t *len,
			     struct nc_error *err)
{
	if (!dd->decided && utf8_has_non_ascii(w->block, got)) {
		dd->decided = 1;
		dd->decoder = dump_decoder(w, w->block, got, dd->charset);
	}
	*text = w->block;
	*len = got;
	if (!dd->decoder)
		return 0;
	strbuf_reset(buf);
	if (charset_decoder_feed(dd->decoder, w->block, got, buf, err) < 0)
		return -1;
	if (last)
		charset_decoder_finish(dd->decoder, buf);
	*text = buf->buf;
	*len = buf->len;
	return 0;
}

/* The next block of a text dump, in UTF-8: *text and *len. */
static ssize_t read_dump_block(struct worker *w, struct page *page, struct dump_decoding *dd,
			       const char **text, size_t *len, struct nc_error *err)
{
	ssize_t got = page_read_block(page, w->block, TEXT_BLOCK_BYTES, err);
	if (got < 0)
		return -1;
	w->page_bytes += (size_t)got;
	if (decode_dump_block(w, dd, (size_t)got, (size_t)got < TEXT_BLOCK_BYTES, &w->decoded,
			      text, len, err) < 0)
		return -1;
	return got;
}

static int segment_dump(struct worker *w, struct page *page, const struct page_consumer *c,
			struct nc_error *err)
{
	struct strbuf url = STRBUF_INIT, first = STRBUF_INIT;
	struct dump_decoding dd = { .charset = "utf-8" };
	const char *text;
	size_t len;
	int ret = -1;

	/* The first block: where a URL line is looked for. */
	ssize_t got = page_read_block(page, w->block, TEXT_BLOCK_BYTES, err);
	if (got < 0)
		goto out;
	w->page_bytes = (size_t)got;
	if (decode_dump_block(w, &dd, (size_t)got, (size_t)got < TEXT_BLOCK_BYTES, &first, &text,
			      &len, err) < 0)
		goto out;
	size_t skip = take_url_line(text, len, &url);
	struct page_meta meta = { .url = page_url(page, skip ? url.buf : NULL),
				  .charset = w->converted_from[0] ? w->converted_from : dd.charset };
	if (c->begin(w, page, &meta, err) < 0)
		goto out;
	text += skip;
	len -= skip;
	for (;;) {
		if (segmenter_feed(w->segmenter, text, len, err) < 0)
			goto out;
		if ((size_t)got < TEXT_BLOCK_BYTES)
			break;   /* that was the last block */
		got = read_dump_block(w, page, &dd, &text, &len, err);
		if (got < 0)
			goto out;
	}
	ret = segmenter_finish(w->segmenter, err);
out:
	if (ret < 0)
		segmenter_reset(w->segmenter);
	charset_decoder_free(dd.decoder);
	strbuf_release(&url);
	strbuf_release(&first);
	return ret;
}

/* Stages 1-3 for any page. */
static int segment_page(struct worker *w, struct page *page, const struct page_consumer *c,
			struct nc_error *err)
{
	const char *from = charset_to_convert(&w->pipeline->config, page);
	w->converted_from[0] = '\0';
	keep_context(w, NULL);
	if (from && convert_page(w, page, from, err) < 0)
		return -1;
	segmenter_set_output(w->segmenter, c->segment, c->data);
	int ret = page->kind == PAGE_HTML ? segment_html(w, page, c, err)
					  : segment_dump(w, page, c, err);
	segmenter_set_output(w->segmenter, NULL, NULL);
	return ret;
}

/* --- reading segments (training) ---------------------------------------------------- */

static int begin_reading(struct worker *w, const struct page *page, const struct page_meta *meta,
			 struct nc_error *err)
{
	(void)w, (void)page, (void)meta, (void)err;
	return 0;
}

int worker_read_segments(struct worker *w, struct page *page, segment_fn fn, void *data,
			 struct nc_error *err)
{
	struct page_consumer consumer = { begin_reading, fn, data };
	int ret = segment_page(w, page, &consumer, err);
	if (ret < 0)
		nc_error_prefix(err, page->name);
	return ret;
}

const struct page_context *worker_page_context(const struct worker *w)
{
	return &w->context;
}

int worker_segment_text(struct worker *w, const char *text, size_t len, segment_fn fn,
			void *data, struct nc_error *err)
{
	segmenter_set_output(w->segmenter, fn, data);
	int ret = segmenter_run(w->segmenter, text, len, err);
	segmenter_set_output(w->segmenter, NULL, NULL);
	return ret;
}

/* --- stages 4-6: cleaning ------------------------------------------------------------- */

static int begin_cleaning(struct worker *w, const struct page *page, const struct page_meta *meta,
			  struct nc_error *err)
{
	return page_sink_begin(w->sink, page, meta, err);
}

static void batch_add(struct segment_batch *batch, const struct scored_segment *s)
{
	if (batch->count == batch->alloc) {
		batch->alloc = batch->alloc ? 2 * batch->alloc : 256;
		batch->items = xrealloc(batch->items, batch->alloc * sizeof(*batch->items));
		batch->offsets = xrealloc(batch->offsets, batch->alloc * sizeof(*batch->offsets));
	}
	batch->offsets[batch->count] = batch->text.len;
	batch->items[batch->count++] = *s;
	strbuf_add(&batch->text, s->segment.text, s->segment.len);
}

static void batch_clear(struct segment_batch *batch)
{
	batch->count = 0;
	strbuf_reset(&batch->text);
}

/* Decide `count` scored segments and hand them to the sink. */
static int decide_and_write(struct worker *w, struct scored_segment *segments, size_t count,
			    struct nc_error *err)
{
	const struct pipeline_config *config = &w->pipeline->config;
	if (config->method)
		decider_decide(config->decider, segments, count);
	return page_sink_segments(w->sink, segments, count, err);
}

/* Does the page's batch wait for the end of the page? */
static int whole_page(const struct pipeline_config *config)
{
	return config->method && (config->decider->whole_page || method_whole_page(config->method));
}

/* Decide and write the batch from item `first` on, and drop those items. */
static int flush_batch_from(struct worker *w, size_t first, struct nc_error *err)
{
	struct segment_batch *batch = &w->batch;
	const struct method *method = w->pipeline->config.method;
	for (size_t i = first; i < batch->count; i++)
		batch->items[i].segment.text = batch->text.buf + batch->offsets[i];
	int ret = 0;
	if (batch->count > first && method && method_whole_page(method))
		ret = method_score_page(w->scorer, &w->context, batch->items + first,
					batch->count - first, err);
	if (ret == 0 && batch->count > first)
		ret = decide_and_write(w, batch->items + first, batch->count - first, err);
	if (first < batch->count)
		strbuf_setlen(&batch->text, batch->offsets[first]);
	batch->count = first;
	return ret;
}

/* End of a page: decide what a whole-page decider collected. */
static int flush_batch(struct worker *w, struct nc_error *err)
{
	return flush_batch_from(w, 0, err);
}

/* Score the pieces of a segment; a decider that decides segments one at a
 * time gets them at once, a whole-page decider at the end of the page. */
static int clean_segment(const struct segment *segment, void *data, struct nc_error *err)
{
	struct worker *w = data;
	const struct pipeline_config *config = &w->pipeline->config;
	struct scored_segment one = { .segment = *segment, .keep = 1 };

	if (!config->method)
		return decide_and_write(w, &one, 1, err);
	const struct segment_piece *pieces;
	struct segment_piece whole;
	size_t n = method_split(w->scorer, segment, &pieces, &whole);
	int scored_later = method_whole_page(config->method);
	if (!whole_page(config) && n == 1 && pieces[0].offset == 0 &&
	    pieces[0].len == segment->len) {
		/* The common case, without copying. */
		if (method_score(w->scorer, segment, &one.score, err) < 0)
			return -1;
		return decide_and_write(w, &one, 1, err);
	}
	size_t first = w->batch.count;
	for (size_t i = 0; i < n; i++) {
		struct scored_segment piece = { .segment = *segment, .continues = i > 0, .keep = 1 };
		piece.segment.text = segment->text + pieces[i].offset;
		piece.segment.len = pieces[i].len;
		if (w->batch.text.len + piece.segment.len > PIPELINE_MAX_DUMP_BYTES)
			return nc_error_set(err, NC_ERR_LIMIT, "more than %u bytes of segments for "
					    "the whole-page decider", PIPELINE_MAX_DUMP_BYTES);
		if (!scored_later && method_score(w->scorer, &piece.segment, &piece.score, err) < 0)
			return -1;
		batch_add(&w->batch, &piece);
	}
	if (whole_page(config))
		return 0;
	return flush_batch_from(w, first, err);
}

static int clean_dump_only(struct worker *w, struct page *page, struct nc_error *err)
{
	struct strbuf dump = STRBUF_INIT;
	struct html_page html_page = { 0 };

	if (page->kind != PAGE_HTML)
		return nc_error_set(err, NC_ERR_USAGE, "a text dump has no HTML to render");
	const char *from = charset_to_convert(&w->pipeline->config, page);
	w->converted_from[0] = '\0';
	if (from && convert_page(w, page, from, err) < 0)
		return -1;
	int ret = render_html(w, page, 0, &dump, &html_page, err);
	if (ret == 0) {
		struct page_meta meta = html_meta(w, page, &html_page);
		ret = page_sink_begin(w->sink, page, &meta, err);
		if (ret == 0)
			ret = page_sink_dump(w->sink, dump.buf, dump.len, err);
		html_page_release(&html_page);
	}
	strbuf_release(&dump);
	return ret;
}

static int clean_page(struct worker *w, struct page *page, struct nc_error *err)
{
	int ret;

	if (w->pipeline->config.dump_only) {
		ret = clean_dump_only(w, page, err);
	} else {
		struct page_consumer consumer = { begin_cleaning, clean_segment, w };
		ret = segment_page(w, page, &consumer, err);
		if (ret == 0)
			ret = flush_batch(w, err);
		batch_clear(&w->batch);
	}
	if (ret < 0) {
		page_sink_abort(w->sink);
		return -1;
	}
	return page_sink_end(w->sink, err);
}

int worker_clean_page(struct worker *w, struct page *page, struct page_stats *stats,
		      struct nc_error *err)
{
	w->page_bytes = 0;
	int ret = clean_page(w, page, err);
	if (ret < 0)
		nc_error_prefix(err, page->name);
	if (stats) {
		stats->bytes = w->page_bytes;
		stats->counts = *page_sink_counts(w->sink);
	}
	return ret;
}

int worker_finish(struct worker *w, struct nc_error *err)
{
	return w->sink ? page_sink_finish(w->sink, err) : 0;
}
