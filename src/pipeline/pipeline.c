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
 * A two-pass run (--site-repetition) segments an HTML page once: its
 * survey keeps the segments in the dump cache, its cleaning replays them
 * (segment_html()).
 */
#include "pipeline/pipeline.h"
#include "normalise/structure.h"
#include "segment/segment-store.h"
#include "base/alloc.h"
#include "base/hash.h"
#include "base/rules.h"
#include "normalise/html.h"
#include "normalise/markers.h"
#include "normalise/page-meta.h"
#include "normalise/text.h"

#include <string.h>

struct pipeline {
	struct pipeline_config config;
	struct markers markers;   /* this pipeline's unforgeable markers */
	struct rule_set *html_rules;
	struct rule_set *dump_rules;
};

/* The scored segments of a page waiting for a whole-page decider. Their
 * texts and structures live in `store`, item i's as the store's item i;
 * the pointers to both are set when the batch is decided (segment-store.h). */
struct segment_batch {
	struct scored_segment *items;
	unsigned char *recurs;   /* the item's segment recurs on the page's site */
	size_t count, alloc;
	struct segment_store store;
};

struct worker {
	const struct pipeline *pipeline;
	struct rule_workspace *workspace;
	struct charset_tables *charset_tables;   /* stage 1's, kept across pages */
	struct renderer *renderer;
	struct segmenter *segmenter;
	struct text_reader *text;         /* stage 1 of text dumps */
	struct method_scorer *scorer;     /* NULL without a method */
	struct decider_state *decider_state;
	struct page_sink *sink;           /* NULL for a reading-only worker */
	struct segment_batch batch;
	struct strbuf kept;               /* a page's segments, kept for the dump cache
					     or taken back from it */
	const struct page_consumer *keeping;   /* where the survey's kept segments go on */
	struct page_info info;            /* what the page being read says of itself */
	struct site_page site_page;       /* config.sites: the page being cleaned, for the
					     drop (site-table.h) */
	size_t site_dropped;              /* segments of the page dropped as recurring */
	size_t page_bytes;                /* of the page being cleaned, as read */
};

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
	if (config->markers)
		p->markers = *config->markers;
	else
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

const struct markers *pipeline_markers(const struct pipeline *p)
{
	return &p->markers;
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
	w->charset_tables = charset_tables_new();
	w->segmenter = segmenter_new(p->dump_rules, w->workspace, &p->markers,
				     p->config.segment_flags, NULL, NULL);
	w->text = text_reader_new();
	if (p->config.method)
		w->scorer = method_scorer_new(p->config.method);
	if (p->config.decider)
		w->decider_state = decider_state_new(p->config.decider);
	segment_store_init(&w->batch.store);
	strbuf_init(&w->kept);
	return w;
}

void worker_free(struct worker *w)
{
	if (!w)
		return;
	page_sink_free(w->sink);
	method_scorer_free(w->scorer);
	if (w->pipeline->config.decider)
		decider_state_free(w->pipeline->config.decider, w->decider_state);
	segmenter_free(w->segmenter);
	text_reader_free(w->text);
	renderer_free(w->renderer);
	rule_workspace_free(w->workspace);
	charset_tables_free(w->charset_tables);
	free(w->batch.items);
	free(w->batch.recurs);
	segment_store_release(&w->batch.store);
	strbuf_release(&w->kept);
	page_info_release(&w->info);
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

/* What receives a page once stage 1 has read what it says of itself:
 * begin(), then its segments through the segmenter's output. */
struct page_consumer {
	int (*begin)(struct worker *w, const struct page *page, struct nc_error *err);
	segment_fn segment;
	void *data;
};

/* A page's key in the dump cache: its name, which a file and an archive's
 * record ("FILE@OFFSET") may share, and which of the two it is. */
static void cache_key(const struct page *page, struct strbuf *key)
{
	strbuf_addstr(key, page->grouped ? "record " : "file ");
	strbuf_addstr(key, page->name);
}

/* A segment as the survey keeps it (dump-cache.h), in this process's own
 * layout: this header, then its tag's name (`tag_len` bytes), then its
 * text (`len` bytes). The tag goes by its name, which html_block_tag()
 * maps back to the table's own string. */
struct kept_segment {
	uint64_t len;
	uint32_t blank_lines;
	uint8_t type, tag_len, has_structure;
	struct segment_structure structure;
};

/* The survey's segmenter output while it keeps a page's segments: each
 * segment is added to w->kept, then goes on to the survey's consumer. */
static int keep_segment(const struct segment *segment, void *data, struct nc_error *err)
{
	struct worker *w = data;
	struct kept_segment kept;
	size_t tag_len = segment->tag ? strlen(segment->tag) : 0;
	memset(&kept, 0, sizeof(kept));   /* the padding too: it is written out */
	kept.len = segment->len;
	kept.blank_lines = segment->blank_lines;
	kept.type = (uint8_t)segment->type;
	kept.tag_len = tag_len <= UINT8_MAX ? (uint8_t)tag_len : 0;
	kept.has_structure = segment->structure != NULL;
	if (segment->structure)
		kept.structure = *segment->structure;
	strbuf_add(&w->kept, &kept, sizeof(kept));
	strbuf_add(&w->kept, segment->tag, kept.tag_len);
	strbuf_add(&w->kept, segment->text, segment->len);
	return w->keeping->segment(segment, w->keeping->data, err);
}

/* The survey of a two-pass run keeps what stages 1-3 made of an HTML page
 * (pipeline/dump-cache.h): the bytes read, what the page says of itself,
 * its segments (w->kept). */
static void keep_for_replay(struct worker *w, const struct page *page)
{
	struct strbuf head = STRBUF_INIT;
	uint64_t bytes = w->page_bytes;
	strbuf_add(&head, &bytes, sizeof(bytes));
	page_info_save(&w->info, &head);
	struct strbuf key = STRBUF_INIT;
	cache_key(page, &key);
	dump_cache_put(w->pipeline->config.dumps, key.buf, &head, &w->kept);
	strbuf_release(&key);
	strbuf_release(&head);
}

/* ...and the cleaning takes them back into w->kept: 1, or 0 when they are
 * not there. */
static int replay(struct worker *w, const struct page *page)
{
	struct strbuf head = STRBUF_INIT;
	uint64_t bytes;
	struct strbuf key = STRBUF_INIT;
	cache_key(page, &key);
	strbuf_reset(&w->kept);
	int found = dump_cache_get(w->pipeline->config.dumps, key.buf, &head, &w->kept) &&
		    head.len >= sizeof(bytes) &&
		    page_info_restore(&w->info, head.buf + sizeof(bytes),
				      head.len - sizeof(bytes)) == 0;
	if (found) {
		memcpy(&bytes, head.buf, sizeof(bytes));
		w->page_bytes = (size_t)bytes;
	}
	strbuf_release(&key);
	strbuf_release(&head);
	return found;
}

/* Hand the segments kept in w->kept to `c`, as the segmenter handed them
 * to the survey. */
static int replay_segments(struct worker *w, const struct page_consumer *c,
			   struct nc_error *err)
{
	const char *at = w->kept.buf, *end = w->kept.buf + w->kept.len;
	while (at < end) {
		struct kept_segment kept;
		memcpy(&kept, at, sizeof(kept));
		at += sizeof(kept);
		struct segment segment = {
			.type = (enum segment_type)kept.type,
			.tag = kept.tag_len ? html_block_tag(at, kept.tag_len) : NULL,
			.text = at + kept.tag_len,
			.len = (size_t)kept.len,
			.blank_lines = kept.blank_lines,
			.structure = kept.has_structure ? &kept.structure : NULL,
		};
		at += kept.tag_len + segment.len;
		if (c->segment(&segment, c->data, err) < 0)
			return -1;
	}
	return 0;
}

/* Stages 1 and 2: the dump of an HTML page, in w->info what it says of
 * itself. */
static int render_html(struct worker *w, struct page *page, int with_rules, struct strbuf *dump,
		       struct nc_error *err)
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
		ret = html_normalise(with_rules ? p->html_rules : NULL, w->workspace,
				     w->charset_tables, &p->config.charset, page->charset_hint,
				     p->config.renderer->drops_after_nul ? HTML_REMOVE_NUL : 0,
				     &html, &w->info, err);
	if (ret == 0)   /* the date in the record's URL, when the page gives none */
		page_meta_url_date(&w->info, page->url);
	if (ret == 0 && with_rules && p->config.structure)
		ret = html_mark_structure(&html, p->markers.state, err);
	if (ret == 0) {
		struct render_request request = {
			.html = html.buf,
			.len = html.len,
			.charset = &w->info.charset,
			.max_output = PIPELINE_MAX_DUMP_BYTES,
			.markers = &p->markers,
		};
		ret = renderer_render(w->renderer, &request, dump, err);
	}
	if (ret == 0 && with_rules && p->config.structure)
		structure_join_cut_markers(dump, p->markers.state);
	strbuf_release(&html);
	return ret;
}

/* Stages 1-3 of an HTML page. A two-pass run's survey keeps its segments
 * for the cleaning, which takes them back instead of rendering and
 * segmenting the page again (dump-cache.h); a page whose segments were not
 * kept goes through every stage again, to the same segments. */
static int segment_html(struct worker *w, struct page *page, const struct page_consumer *c,
			struct nc_error *err)
{
	const struct pipeline_config *config = &w->pipeline->config;
	if (config->dumps && config->dumps_replay && replay(w, page)) {
		int ret = c->begin(w, page, err);
		return ret == 0 ? replay_segments(w, c, err) : ret;
	}
	int keeping = config->dumps && !config->dumps_replay;
	struct strbuf dump = STRBUF_INIT;
	int ret = render_html(w, page, 1, &dump, err);
	if (ret == 0)
		ret = c->begin(w, page, err);
	if (ret == 0 && keeping) {
		strbuf_reset(&w->kept);
		w->keeping = c;
		segmenter_set_output(w->segmenter, keep_segment, w);
	}
	if (ret == 0)
		ret = segmenter_run(w->segmenter, dump.buf, dump.len, err);
	if (ret == 0 && keeping)
		keep_for_replay(w, page);
	strbuf_release(&dump);
	return ret;
}

/* Stages 1 and 3 of a text dump, streamed. */
static int segment_dump(struct worker *w, struct page *page, enum text_flags flags,
			const struct page_consumer *c, struct nc_error *err)
{
	const char *text;
	ssize_t len;
	int ret = text_reader_start(w->text, page, &w->pipeline->config.charset, flags, &w->info,
				    err);
	if (ret == 0)
		ret = c->begin(w, page, err);
	while (ret == 0 && (len = text_reader_next(w->text, &text, err)) != 0)
		ret = len < 0 ? -1 : segmenter_feed(w->segmenter, text, (size_t)len, err);
	if (ret == 0)
		ret = segmenter_finish(w->segmenter, err);
	else
		segmenter_reset(w->segmenter);
	w->page_bytes = text_reader_bytes(w->text);
	return ret;
}

/* Stages 1-3 for any page; a text page is read with `text_flags`. */
static int segment_page(struct worker *w, struct page *page, enum text_flags text_flags,
			const struct page_consumer *c, struct nc_error *err)
{
	page_info_release(&w->info);
	/* A WET record's lines are its page's blocks: one segment each, as
	 * --lines makes them (a record read as one block would be kept or
	 * dropped whole). */
	const struct pipeline_config *config = &w->pipeline->config;
	segmenter_set_flags(w->segmenter, config->segment_flags |
					  (page->one_block_a_line ? SEGMENT_LINES : 0) |
					  (page->kind == PAGE_HTML && config->structure &&
					   !config->renderer->raw_html ? SEGMENT_STRUCTURE : 0));
	segmenter_set_output(w->segmenter, c->segment, c->data);
	int ret = page->kind == PAGE_HTML ? segment_html(w, page, c, err)
					  : segment_dump(w, page, text_flags, c, err);
	segmenter_set_output(w->segmenter, NULL, NULL);
	return ret;
}

/* --- reading segments (training) ---------------------------------------------------- */

static int begin_reading(struct worker *w, const struct page *page, struct nc_error *err)
{
	(void)w, (void)page, (void)err;
	return 0;
}

int worker_read_segments(struct worker *w, struct page *page, segment_fn fn, void *data,
			 struct nc_error *err)
{
	struct page_consumer consumer = { begin_reading, fn, data };
	int ret = segment_page(w, page, TEXT_URL_LINE, &consumer, err);
	if (ret < 0)
		nc_error_prefix(err, page->name);
	return ret;
}

int worker_read_text_segments(struct worker *w, struct page *page, enum text_flags flags,
			      segment_fn fn, void *data, struct nc_error *err)
{
	struct page_consumer consumer = { begin_reading, fn, data };
	int ret = page->kind == PAGE_TEXT
		? segment_page(w, page, flags, &consumer, err)
		: nc_error_set(err, NC_ERR_USAGE, "not a text page");
	if (ret < 0)
		nc_error_prefix(err, page->name);
	return ret;
}

int worker_read_text(struct worker *w, struct page *page, enum text_flags flags,
		     size_t max_bytes, struct strbuf *out, struct nc_error *err)
{
	page_info_release(&w->info);
	int ret = text_reader_start(w->text, page, &w->pipeline->config.charset, flags, &w->info,
				    err);
	if (ret == 0)
		ret = text_reader_read_all(w->text, max_bytes, out, err);
	if (ret < 0)
		nc_error_prefix(err, page->name);
	return ret;
}

const struct page_info *worker_page_info(const struct worker *w)
{
	return &w->info;
}

size_t worker_page_bytes(const struct worker *w)
{
	return w->page_bytes;
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

static int begin_cleaning(struct worker *w, const struct page *page, struct nc_error *err)
{
	w->site_dropped = 0;
	site_page_start(&w->site_page, w->pipeline->config.sites, &w->info, page);
	return page_sink_begin(w->sink, page, &w->info, err);
}

/* Site furniture: a kept piece of a segment that recurs on the page's site
 * goes (`recurs`: one flag a piece, its segment's); counted once a
 * segment. */
static void drop_recurring(struct worker *w, struct scored_segment *segments, size_t count,
			   const unsigned char *recurs)
{
	int counted = 0;
	for (size_t i = 0; i < count; i++) {
		if (!segments[i].continues)
			counted = 0;
		if (segments[i].keep && recurs[i]) {
			segments[i].keep = 0;
			if (!counted++)
				w->site_dropped++;
		}
	}
}

/* Segment text a batch holds before it reserves a whole window's. */
#define BATCH_RESERVE_AFTER (256u << 10)

static void batch_add(struct segment_batch *batch, const struct scored_segment *s, int recurs)
{
	if (batch->count == batch->alloc) {
		batch->items = xgrow(batch->items, &batch->alloc, 256, sizeof(*batch->items));
		batch->recurs = xrealloc(batch->recurs, batch->alloc * sizeof(*batch->recurs));
	}
	batch->recurs[batch->count] = (unsigned char)recurs;
	batch->items[batch->count++] = *s;
	/* A batch holds up to a window of text and one segment more
	 * (clean_segment()). Once a page's text passes BATCH_RESERVE_AFTER (a
	 * text dump's, seldom an HTML page's) all of that is reserved at once:
	 * growing to it by doubling copied up to 4 MB and left the allocator
	 * holding the smaller blocks (1.2 MB of a text dump's peak memory),
	 * and the reservation's pages cost nothing until written to. Not
	 * sooner, and no more: address space is what `ulimit -v` counts. Where
	 * there is no room for it, the text grows as it did. */
	struct strbuf *text = &batch->store.text;
	if (text->len <= BATCH_RESERVE_AFTER && text->len + s->segment.len > BATCH_RESERVE_AFTER)
		(void)strbuf_try_grow_exact(text, PIPELINE_WHOLE_PAGE_WINDOW + SEGMENT_MAX_BYTES -
							  text->len);
	segment_store_add(&batch->store, &s->segment);
}

static void batch_clear(struct segment_batch *batch)
{
	batch->count = 0;
	segment_store_reset(&batch->store);
}

/* Decide `count` scored segments, drop the kept ones `recurs` flags as site
 * furniture, and hand them to the sink. */
static int decide_and_write(struct worker *w, struct scored_segment *segments, size_t count,
			    const unsigned char *recurs, struct nc_error *err)
{
	const struct pipeline_config *config = &w->pipeline->config;
	if (config->method &&
	    decider_decide(config->decider, w->decider_state, segments, count, err) < 0)
		return -1;
	drop_recurring(w, segments, count, recurs);
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
		segment_store_point(&batch->store, i, &batch->items[i].segment);
	int ret = 0;
	if (batch->count > first && method && method_whole_page(method))
		ret = method_score_page(w->scorer, &w->info, batch->items + first,
					batch->count - first, err);
	if (ret == 0 && batch->count > first)
		ret = decide_and_write(w, batch->items + first, batch->count - first,
				       batch->recurs + first, err);
	segment_store_truncate(&batch->store, first);
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
	unsigned char recurs = (unsigned char)site_page_furniture(&w->site_page, segment);

	if (!config->method)
		return decide_and_write(w, &one, 1, &recurs, err);
	const struct segment_piece *pieces;
	struct segment_piece whole;
	size_t n = method_split(w->scorer, segment, &pieces, &whole);
	int scored_later = method_whole_page(config->method);
	if (!whole_page(config) && n == 1 && pieces[0].offset == 0 &&
	    pieces[0].len == segment->len) {
		/* The common case, without copying. */
		if (method_score(w->scorer, segment, &one.score, err) < 0)
			return -1;
		return decide_and_write(w, &one, 1, &recurs, err);
	}
	/* A long page is decided a window at a time (limits.h), between
	 * segments so that a segment's pieces stay together. */
	if (whole_page(config) && w->batch.store.text.len >= PIPELINE_WHOLE_PAGE_WINDOW &&
	    flush_batch(w, err) < 0)
		return -1;
	size_t first = w->batch.count;
	for (size_t i = 0; i < n; i++) {
		struct scored_segment piece = { .segment = *segment, .continues = i > 0, .keep = 1 };
		piece.segment.text = segment->text + pieces[i].offset;
		piece.segment.len = pieces[i].len;
		if (w->batch.store.text.len + piece.segment.len > PIPELINE_MAX_DUMP_BYTES)
			return nc_error_set(err, NC_ERR_LIMIT, "more than %u bytes of segments for "
					    "the whole-page decider", PIPELINE_MAX_DUMP_BYTES);
		if (!scored_later && method_score(w->scorer, &piece.segment, &piece.score, err) < 0)
			return -1;
		batch_add(&w->batch, &piece, recurs);
	}
	if (whole_page(config))
		return 0;
	return flush_batch_from(w, first, err);
}

static int clean_dump_only(struct worker *w, struct page *page, struct nc_error *err)
{
	struct strbuf dump = STRBUF_INIT;

	if (page->kind != PAGE_HTML)
		return nc_error_set(err, NC_ERR_USAGE, "a text dump has no HTML to render");
	page_info_release(&w->info);
	int ret = render_html(w, page, 0, &dump, err);
	if (ret == 0)
		ret = page_sink_begin(w->sink, page, &w->info, err);
	if (ret == 0)
		ret = page_sink_dump(w->sink, dump.buf, dump.len, err);
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
		ret = segment_page(w, page, TEXT_URL_LINE, &consumer, err);
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
	w->site_page.surveyed = 0;
	w->site_dropped = 0;
	int ret = clean_page(w, page, err);
	if (ret < 0)
		nc_error_prefix(err, page->name);
	if (stats) {
		stats->bytes = w->page_bytes;
		stats->counts = *page_sink_counts(w->sink);
		stats->site_dropped = w->site_dropped;
		stats->charset_fallback = w->info.charset.passed_over;
		stats->truncated = page->truncated;
		stats->skipped = ret == 0 ? page_sink_skipped(w->sink) : SINK_WRITTEN;
	}
	return ret;
}

int worker_finish(struct worker *w, struct nc_error *err)
{
	return w->sink ? page_sink_finish(w->sink, err) : 0;
}
