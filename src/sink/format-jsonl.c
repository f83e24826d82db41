/* format-jsonl.c: one JSON object a line per page.
 *
 * url, source, record_id, date, title, charset, declared_charset,
 * content_type, http_status, truncated, metadata (what the page says of
 * itself: title, author, date, site_name, description, canonical_url,
 * language; page-meta.h), method, segments (each {"type", "text"}, with
 * "link_density" and "cues" when the page's structure is known; with
 * --scores every segment, with "cost_clean", "cost_dirty", "kept" and
 * "continues"), text (the kept segments, one a line, as in WET), language,
 * quality, fallback (when the deciders end in the fallback), counts
 * {segments, kept, words, kept_words}. A page that kept no text gets no
 * line (but with --scores). Strings escape controls as \u00XX
 * (base/json.h); the URL is percent-encoded as in every format.
 */
#include "sink/format.h"
#include "sink/sink.h"
#include "base/alloc.h"
#include "base/json.h"
#include "base/language.h"

#include <math.h>
#include <string.h>

struct jsonl_state {
	int first_item;   /* no segment written yet */
};

static void *jsonl_state_new(const struct sink_config *config)
{
	(void)config;
	return xcalloc(1, sizeof(struct jsonl_state));
}

static void json_field(struct strbuf *out, const char *name, const char *value)
{
	strbuf_addf(out, "\"%s\":", name);
	if (value)
		json_add_cstring(out, value);
	else
		strbuf_addstr(out, "null");
	strbuf_addch(out, ',');
}

/* "metadata": what the page says of itself (page-meta.h), every field
 * present, null when the page does not say. The title falls back on
 * <title> (JSONL's "title"), the date (of publication) on the date the
 * page was last modified; the canonical URL is as the page gave it, made
 * absolute, with what is not printable percent-encoded as in "url". */
static void add_metadata(struct strbuf *out, const struct page_info *info)
{
	struct strbuf canonical = STRBUF_INIT;
	if (info->canonical)
		format_add_url(&canonical, info->canonical);
	strbuf_addstr(out, "\"metadata\":{");
	json_field(out, "title", info->meta[META_TITLE] ? info->meta[META_TITLE] : info->title);
	json_field(out, "author", info->meta[META_AUTHOR]);
	json_field(out, "date", page_info_date(info));
	json_field(out, "site_name", info->meta[META_SITE_NAME]);
	json_field(out, "description", info->meta[META_DESCRIPTION]);
	json_field(out, "canonical_url", info->canonical ? canonical.buf : NULL);
	json_field(out, "language", info->meta[META_LANGUAGE]);
	strbuf_setlen(out, out->len - 1);   /* the last field's comma */
	strbuf_addstr(out, "},");
	strbuf_release(&canonical);
}

static void jsonl_begin(struct format_page *fp, const struct page_info *info)
{
	const struct page *page = fp->page;
	struct strbuf *out = fp->out;
	struct strbuf url = STRBUF_INIT;
	format_add_url(&url, page_info_url(info, page, fp->config->canonical_urls));
	strbuf_addch(out, '{');
	json_field(out, "url", url.buf);
	strbuf_release(&url);
	json_field(out, "source", page->name);
	json_field(out, "record_id", page->record_id);
	json_field(out, "date", page->date);
	json_field(out, "title", info->title);
	json_field(out, "charset", info->charset.reported[0] ? info->charset.reported : NULL);
	json_field(out, "declared_charset", info->charset.label[0] ? info->charset.label : NULL);
	json_field(out, "content_type", page->media_type);
	if (page->http_status)
		strbuf_addf(out, "\"http_status\":%d,", page->http_status);
	else
		strbuf_addstr(out, "\"http_status\":null,");
	strbuf_addf(out, "\"truncated\":%s,", page->truncated ? "true" : "false");
	add_metadata(out, info);
	strbuf_addf(out, "\"method\":%s,", fp->config->method_json ? fp->config->method_json
								   : "null");
	strbuf_addstr(out, "\"segments\":[");
	((struct jsonl_state *)fp->state)->first_item = 1;
}

/* What the page's structure says of a segment: "link_density" (the share
 * of its characters in links) and "cues", the share under each other cue
 * that has any, to two decimals. A piece of a segment (a sentence) carries
 * its segment's. */
static void add_structure(struct strbuf *out, const struct segment_structure *st)
{
	double chars = st->chars ? st->chars : 1;
	strbuf_addstr(out, "\"link_density\":");
	json_add_number(out, st->cue_chars[CUE_LINK] / chars, 2);
	strbuf_addstr(out, ",\"cues\":{");
	const char *comma = "";
	for (int c = 0; c < CUE_COUNT; c++) {
		if (c == CUE_LINK || !st->cue_chars[c])
			continue;
		strbuf_addf(out, "%s\"%s\":", comma, structure_cue_names[c]);
		json_add_number(out, st->cue_chars[c] / chars, 2);
		comma = ",";
	}
	strbuf_addstr(out, "},");
}

/* The kept segments (kept pieces joined), or with scores every piece. */
static void jsonl_part(struct format_page *fp, const struct scored_segment *segments,
		       size_t count)
{
	struct jsonl_state *state = fp->state;
	struct strbuf *out = fp->out;
	int scores = fp->config->scores, open_item = 0;

	for (size_t i = 0; i < count; i++) {
		const struct scored_segment *s = &segments[i];
		int starts = scores || !s->continues || !open_item;
		if (!scores && !s->keep)
			continue;
		if (open_item && starts)
			strbuf_addstr(out, "\"}");
		if (starts) {
			strbuf_addstr(out, state->first_item ? "{" : ",{");
			state->first_item = 0;
			strbuf_addf(out, "\"type\":\"%c\",", (char)s->segment.type);
			if (s->segment.structure)
				add_structure(out, s->segment.structure);
			if (scores) {
				strbuf_addstr(out, "\"cost_clean\":");
				json_add_number(out, s->score.cost_clean, 4);
				strbuf_addstr(out, ",\"cost_dirty\":");
				json_add_number(out, s->score.cost_dirty, 4);
				strbuf_addf(out, ",\"kept\":%s,\"continues\":%s,",
					    s->keep ? "true" : "false", s->continues ? "true" : "false");
			}
			strbuf_addstr(out, "\"text\":\"");
		} else {
			strbuf_addch(out, ' ');
		}
		/* The string without its quotes, so that pieces can join it. */
		size_t at = out->len;
		json_add_string(out, s->segment.text, s->segment.len);
		memmove(out->buf + at, out->buf + at + 1, out->len - at - 2);
		strbuf_setlen(out, out->len - 2);
		open_item = 1;
	}
	if (open_item)
		strbuf_addstr(out, "\"}");
}

static int jsonl_end(struct format_page *fp, struct nc_error *err)
{
	const struct page_counts *c = fp->counts;
	struct strbuf *out = fp->out, *text = fp->text;
	(void)err;
	/* The kept segments joined, one a line, as in WET. */
	strbuf_addstr(out, "],");
	while (text->len && text->buf[text->len - 1] == '\n')
		strbuf_setlen(text, text->len - 1);
	json_field(out, "text", text->len ? text->buf : "");
	json_field(out, "language", fp->language->code[0] ? fp->language->code : NULL);
	double quality = page_counts_quality(c, fp->config->log_odds);
	strbuf_addstr(out, "\"quality\":");
	json_add_number(out, quality < 0 ? NAN : quality, 3);   /* < 0: none */
	strbuf_addch(out, ',');
	if (fp->config->fallback)
		strbuf_addf(out, "\"fallback\":%s,", c->rescued ? "true" : "false");
	strbuf_addf(out, "\"counts\":{\"segments\":%zu,\"kept\":%zu,\"words\":%zu,"
		    "\"kept_words\":%zu}}\n", c->segments, c->kept, c->words, c->kept_words);
	return 0;
}

const struct output_format format_jsonl = {
	.name = "jsonl",
	.extension = ".jsonl",
	.capabilities = FORMAT_SCORES | FORMAT_HOLDS_TEXT | FORMAT_SKIPS_EMPTY,
	.state_new = jsonl_state_new,
	.state_free = free,
	.begin = jsonl_begin,
	.part = jsonl_part,
	.end = jsonl_end,
};
