/* sink.c: formatting pages (see sink.h).
 *
 * Bytes flow: a format appends to `pending`; flush() passes pending on, through
 * the page's gzip member when gzip is on, to the output. A format that needs
 * the whole page before it can write anything (WET: its record header holds
 * the text's length) collects the page in `text` and formats at the end.
 */
#include "sink/sink.h"
#include "base/language.h"
#include "sink/warc-writer.h"
#include "base/alloc.h"
#include "base/json.h"
#include "base/hash.h"
#include "base/utf8.h"
#include "base/words.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <zlib.h>

struct page_sink {
	struct sink_config config;
	struct page_output *output;
	struct warc_writer *wet;     /* the WET format's writer */
	struct strbuf pending;       /* formatted, not yet passed on */
	struct strbuf text;          /* WET, JSONL: the page's kept text until its end */
	struct strbuf compressed;    /* gzip: output of the page's member */
	z_stream zip;
	int zip_open;                /* the page's gzip member is begun */
	int open;                    /* between begin() and end()/abort() */
	int streaming;               /* pass bytes on as they come (see begin()) */
	int first_item;              /* jsonl: no segment written yet */
	const struct page *page;     /* the page being written */
	struct strbuf url;           /* WET: its URL (the caller's meta lives only in begin()) */
	struct page_counts counts;
	int flushed;                 /* some of the page has been passed on */
	enum sink_skip skipped;      /* why the page was not written */
	struct language language;    /* of the page's kept text, known at its end */
	int has_site;                /* survey: the page has a site */
};

const char *sink_format_extension(enum sink_format format)
{
	switch (format) {
	case SINK_JSONL: return ".jsonl";
	case SINK_WET: return ".wet";
	default: return ".txt";
	}
}

int sink_format_from_name(const char *name, enum sink_format *format)
{
	static const struct { const char *name; enum sink_format format; } formats[] = {
		{ "cleaneval", SINK_CLEANEVAL }, { "text", SINK_TEXT }, { "jsonl", SINK_JSONL },
		{ "wet", SINK_WET },
	};
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (!strcmp(name, formats[i].name)) {
			*format = formats[i].format;
			return 0;
		}
	}
	return -1;
}

int sink_format_check(enum sink_format format, int scores, int dump, struct nc_error *err)
{
	if (scores && (format == SINK_TEXT || format == SINK_WET))
		return nc_error_set(err, NC_ERR_USAGE, "--scores goes with --format cleaneval or jsonl");
	if (dump && (format == SINK_JSONL || format == SINK_WET))
		return nc_error_set(err, NC_ERR_USAGE, "--dump goes with --format cleaneval or text");
	return 0;
}

struct page_sink *page_sink_new(const struct sink_config *config, struct page_output *output)
{
	struct page_sink *sink = xcalloc(1, sizeof(*sink));
	sink->config = *config;
	sink->output = output;
	if (config->format == SINK_WET)
		sink->wet = warc_writer_new(0);   /* the sink compresses, page by page */
	strbuf_init(&sink->pending);
	strbuf_init(&sink->text);
	strbuf_init(&sink->url);
	strbuf_init(&sink->compressed);
	return sink;
}

void page_sink_free(struct page_sink *sink)
{
	if (!sink)
		return;
	if (sink->open)
		page_sink_abort(sink);
	sink->output->ops->free(sink->output);
	warc_writer_free(sink->wet);
	strbuf_release(&sink->pending);
	strbuf_release(&sink->text);
	strbuf_release(&sink->url);
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

/* WET holds a page's text until its end (a record states its length and
 * digest first), and so does JSONL for its "text" field: room for `bytes`
 * more, within SINK_MAX_WET_TEXT. */
static int reserve_wet_text(struct page_sink *sink, size_t bytes, struct nc_error *err)
{
	if (bytes > SINK_MAX_WET_TEXT - sink->text.len)
		return nc_error_set(err, NC_ERR_LIMIT, "the page's text is larger than %zu MiB, the "
				    "most a WET record or a JSONL line holds here",
				    SINK_MAX_WET_TEXT >> 20);
	if (strbuf_try_grow(&sink->text, bytes) < 0)
		return nc_error_set(err, NC_ERR_MEMORY, "not enough memory for the page's text");
	return 0;
}

/* --- the formats --------------------------------------------------------------------- */

/* The URL comes from a wrapper's id, a dump's first line, a file name or a
 * record's header, so it may hold anything: control characters and invalid
 * UTF-8 are percent-encoded, as in a URL, the same in every format. */
static void add_url(struct strbuf *out, const char *url)
{
	utf8_escape_controls(url, strlen(url), "%%%02X", out);
}

/* The URL line stays one line of valid UTF-8. */
static void write_url_line(struct strbuf *out, const char *url)
{
	strbuf_addstr(out, "URL: ");
	add_url(out, url);
	strbuf_addch(out, '\n');
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
static void write_json_metadata(struct strbuf *out, const struct page_info *info)
{
	struct strbuf canonical = STRBUF_INIT;
	if (info->canonical)
		add_url(&canonical, info->canonical);
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

static void begin_jsonl(struct page_sink *sink, const struct page_info *info)
{
	struct strbuf *out = &sink->pending;
	struct strbuf url = STRBUF_INIT;
	add_url(&url, page_info_url(info, sink->page, sink->config.canonical_urls));
	strbuf_addch(out, '{');
	json_field(out, "url", url.buf);
	strbuf_release(&url);
	json_field(out, "source", sink->page->name);
	json_field(out, "record_id", sink->page->record_id);
	json_field(out, "date", sink->page->date);
	json_field(out, "title", info->title);
	json_field(out, "charset", info->charset.reported[0] ? info->charset.reported : NULL);
	json_field(out, "declared_charset", info->charset.label[0] ? info->charset.label : NULL);
	json_field(out, "content_type", sink->page->media_type);
	if (sink->page->http_status)
		strbuf_addf(out, "\"http_status\":%d,", sink->page->http_status);
	else
		strbuf_addstr(out, "\"http_status\":null,");
	strbuf_addf(out, "\"truncated\":%s,", sink->page->truncated ? "true" : "false");
	write_json_metadata(out, info);
	strbuf_addf(out, "\"method\":%s,", sink->config.method_json ? sink->config.method_json
								    : "null");
	strbuf_addstr(out, "\"segments\":[");
	sink->first_item = 1;
}

static void end_jsonl(struct page_sink *sink)
{
	const struct page_counts *c = &sink->counts;
	/* The kept segments joined, one a line, as in WET. */
	strbuf_addstr(&sink->pending, "],");
	while (sink->text.len && sink->text.buf[sink->text.len - 1] == '\n')
		strbuf_setlen(&sink->text, sink->text.len - 1);
	json_field(&sink->pending, "text", sink->text.len ? sink->text.buf : "");
	json_field(&sink->pending, "language", sink->language.code[0] ? sink->language.code : NULL);
	double quality = page_counts_quality(c, sink->config.log_odds);
	strbuf_addstr(&sink->pending, "\"quality\":");
	json_add_number(&sink->pending, quality < 0 ? NAN : quality, 3);   /* < 0: none */
	strbuf_addch(&sink->pending, ',');
	if (sink->config.fallback)
		strbuf_addf(&sink->pending, "\"fallback\":%s,", c->rescued ? "true" : "false");
	strbuf_addf(&sink->pending, "\"counts\":{\"segments\":%zu,\"kept\":%zu,\"words\":%zu,"
		    "\"kept_words\":%zu}}\n", c->segments, c->kept, c->words, c->kept_words);
}

static void write_tag(struct strbuf *out, enum segment_type type)
{
	strbuf_addch(out, '<');
	strbuf_addch(out, (char)type);
	strbuf_addch(out, '>');
}

/* Kept segments one a line (a CLEANEVAL line starts with the tag); the kept
 * pieces of a segment share its line, separated by a space. `after` ends
 * each line ("\n", or "\n\n" for paragraphs of plain text). */
static void write_lines(struct strbuf *out, const struct scored_segment *segments, size_t count,
			int tagged, const char *after)
{
	int line_open = 0;

	for (size_t i = 0; i < count; i++) {
		const struct scored_segment *s = &segments[i];
		if (line_open && !s->continues) {
			strbuf_addstr(out, after);
			line_open = 0;
		}
		if (!s->keep)
			continue;
		if (line_open)
			strbuf_addch(out, ' ');
		else if (tagged)
			write_tag(out, s->segment.type);
		line_open = 1;
		strbuf_add(out, s->segment.text, s->segment.len);
	}
	if (line_open)
		strbuf_addstr(out, after);
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

/* What the page's structure says of a segment: "link_density" (the share
 * of its characters in links) and "cues", the share under each other cue
 * that has any, to two decimals. A piece of a segment (a sentence) carries
 * its segment's. */
static void write_json_structure(struct strbuf *out, const struct segment_structure *st)
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

/* JSON: the kept segments (kept pieces joined), or with scores every piece. */
static void write_json_segments(struct page_sink *sink, const struct scored_segment *segments,
				size_t count)
{
	struct strbuf *out = &sink->pending;
	int open_item = 0;

	for (size_t i = 0; i < count; i++) {
		const struct scored_segment *s = &segments[i];
		int starts = sink->config.scores || !s->continues || !open_item;
		if (!sink->config.scores && !s->keep)
			continue;
		if (open_item && starts)
			strbuf_addstr(out, "\"}");
		if (starts) {
			strbuf_addstr(out, sink->first_item ? "{" : ",{");
			sink->first_item = 0;
			strbuf_addf(out, "\"type\":\"%c\",", (char)s->segment.type);
			if (s->segment.has_structure)
				write_json_structure(out, &s->segment.structure);
			if (sink->config.scores) {
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

static void count(struct page_sink *sink, const struct scored_segment *segments, size_t n)
{
	struct page_counts *c = &sink->counts;
	int kept_here = 0;

	for (size_t i = 0; i < n; i++) {
		const struct scored_segment *s = &segments[i];
		size_t words = words_count(s->segment.text, s->segment.len);
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

/* The bytes an output file of the format begins with (WET: a warcinfo
 * record), in its own gzip member with gzip. */
static int format_file_header(const struct sink_config *config, struct warc_writer *wet,
			      struct strbuf *out, struct nc_error *err)
{
	const char *const fields[] = {
		"software", config->software ? config->software : "ncleaner",
		"format", "WARC File Format 1.0",
		"description", "the running text of each page, as kept by ncleaner", NULL
	};
	struct strbuf header = STRBUF_INIT;
	int ret = 0;

	if (config->format == SINK_WET)
		ret = warc_writer_warcinfo(wet, &header, NULL, NULL, fields, err);
	if (ret == 0 && header.len)
		ret = config->gzip ? gzip_member(header.buf, header.len, out, err)
				   : (strbuf_add(out, header.buf, header.len), 0);
	strbuf_release(&header);
	return ret;
}

int page_sink_file_header(const struct sink_config *config, struct strbuf *out,
			  struct nc_error *err)
{
	struct warc_writer *wet = config->format == SINK_WET ? warc_writer_new(0) : NULL;
	int ret = format_file_header(config, wet, out, err);
	warc_writer_free(wet);
	return ret;
}

/* The survey format: the page's site on a line of its own (empty when it
 * has none), so the page's segments need not be written. */
static void begin_survey(struct page_sink *sink, const struct page *page,
			 const struct page_info *info)
{
	struct strbuf host = STRBUF_INIT;
	sink->has_site = page_info_site(info, page, &host);
	strbuf_add(&sink->pending, host.buf, host.len);
	strbuf_addch(&sink->pending, '\n');
	strbuf_release(&host);
}

/* A line a segment: "HASH LENGTH", the hash_bytes() of its text in 16
 * hexadecimal digits and its length in decimal, written by hand (a
 * printf() a segment was most of the survey's own time). */
static void write_survey(struct strbuf *out, const struct scored_segment *segments, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		char line[16 + 1 + 20 + 1], digits[20];
		uint64_t hash = hash_bytes(segments[i].segment.text, segments[i].segment.len);
		size_t len = segments[i].segment.len, at = 0, ndigits = 0;
		for (int shift = 60; shift >= 0; shift -= 4)
			line[at++] = hex[(hash >> shift) & 0xF];
		line[at++] = ' ';
		do
			digits[ndigits++] = (char)('0' + len % 10);
		while (len /= 10);
		while (ndigits)
			line[at++] = digits[--ndigits];
		line[at++] = '\n';
		strbuf_add(out, line, at);
	}
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
	strbuf_reset(&sink->url);
	if (sink->config.format == SINK_WET)
		strbuf_addstr(&sink->url, page_info_url(info, page, sink->config.canonical_urls));
	memset(&sink->counts, 0, sizeof(sink->counts));
	strbuf_reset(&sink->pending);
	strbuf_reset(&sink->text);
	sink->flushed = 0;
	sink->skipped = SINK_WRITTEN;
	/* A text dump streams whatever the output (it may be of any size); an
	 * HTML page streams only where a failure leaves nothing anyway. WET
	 * must see the whole page first. */
	sink->streaming = sink->config.format != SINK_WET && !sink->config.languages &&
			  !sink->config.min_quality &&
			  (page->kind == PAGE_TEXT || sink->output->whole_or_nothing);
	if (sink->config.format == SINK_CLEANEVAL)
		write_url_line(&sink->pending, page_info_url(info, page, sink->config.canonical_urls));
	else if (sink->config.format == SINK_SURVEY)
		begin_survey(sink, page, info);
	else if (sink->config.format == SINK_JSONL)
		begin_jsonl(sink, info);
	return 0;
}

/* A dump is Lynx's text, which holds whatever the page held: it goes out
 * as valid UTF-8 without control characters (utf8_clean()), so that no page
 * can send escape sequences to a terminal. */
int page_sink_dump(struct page_sink *sink, const char *text, size_t len, struct nc_error *err)
{
	if (sink->config.format == SINK_WET) {
		if (reserve_wet_text(sink, len, err) < 0)
			return -1;
		utf8_clean(text, len, &sink->text);
		return 0;
	}
	if (reserve(sink, len, err) < 0)
		return -1;
	utf8_clean(text, len, &sink->pending);
	return flush_when_full(sink, err);
}

/* The page's kept text, one segment a line, is held until its end: for
 * WET's record, JSONL's "text", and the page's language (always in JSONL
 * and WET, in the other formats for --language). */
static int holds_text(const struct page_sink *sink)
{
	return sink->config.format == SINK_JSONL || sink->config.format == SINK_WET ||
	       sink->config.languages;
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
		if (reserve_wet_text(sink, bytes, err) < 0)
			return -1;
		write_lines(&sink->text, segments, count_, 0, "\n");
	}
	if (sink->config.observe)
		sink->config.observe(sink->config.observe_data, segments, count_);
	count(sink, segments, count_);
	switch (sink->config.format) {
	case SINK_CLEANEVAL:
		if (sink->config.scores)
			write_scores(&sink->pending, segments, count_);
		else
			write_lines(&sink->pending, segments, count_, 1, "\n");
		break;
	case SINK_TEXT:
		write_lines(&sink->pending, segments, count_, 0, "\n\n");
		break;
	case SINK_JSONL:
		write_json_segments(sink, segments, count_);
		break;
	case SINK_WET:
		break;   /* the text above is the record */
	case SINK_SURVEY:
		if (sink->has_site)
			write_survey(&sink->pending, segments, count_);
		break;
	}
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

static int end_wet(struct page_sink *sink, struct nc_error *err)
{
	struct warc_conversion record = {
		.target_uri = sink->url.buf,
		.date = sink->page->date,
		.refers_to = sink->page->record_id,
		.position = sink->page->position,
		.language = sink->language.iso639_3[0] ? sink->language.iso639_3 : NULL,
		.text = sink->text.buf,
		.len = sink->text.len,
	};
	return warc_writer_conversion(sink->wet, &sink->pending, &record, err);
}

/* A page that yields no text (a robots.txt, a page of navigation only)
 * gets no JSONL line and no WET record: an empty one only costs its
 * readers. With --scores its dropped segments are its text. */
static int skip_empty_page(struct page_sink *sink)
{
	if ((sink->config.format != SINK_JSONL && sink->config.format != SINK_WET) ||
	    sink->config.scores || sink->counts.kept || sink->flushed)
		return 0;
	strbuf_reset(&sink->pending);
	sink->skipped = SINK_SKIP_NO_TEXT;
	return 1;
}

/* --language: a page in another language (or in one that cannot be told)
 * is not written. Nothing of it has been passed on: with --language no
 * page streams (begin()). */
static int skip_other_language(struct page_sink *sink)
{
	if (!sink->config.languages || language_in_list(&sink->language, sink->config.languages))
		return 0;
	strbuf_reset(&sink->pending);
	sink->skipped = SINK_SKIP_LANGUAGE;
	return 1;
}

double page_counts_quality(const struct page_counts *counts, int log_odds)
{
	if (!log_odds || !counts->kept_words)
		return -1;
	return counts->text_words / (double)counts->kept_words;
}

/* --min-quality: a page predicted below it (or with nothing kept to
 * predict from) is not written; as with --language, no page streams. */
static int skip_low_quality(struct page_sink *sink)
{
	if (!sink->config.min_quality ||
	    page_counts_quality(&sink->counts, 1) >= sink->config.min_quality)
		return 0;
	strbuf_reset(&sink->pending);
	sink->skipped = SINK_SKIP_QUALITY;
	return 1;
}

int page_sink_end(struct page_sink *sink, struct nc_error *err)
{
	int ret = 0;

	memset(&sink->language, 0, sizeof(sink->language));
	if (holds_text(sink))
		language_identify(sink->text.buf, sink->text.len, &sink->language);
	if (skip_empty_page(sink) || skip_other_language(sink) || skip_low_quality(sink))
		;
	else if (sink->config.format == SINK_TEXT &&
		 (sink->page->grouped || sink->config.pages_share_stream))
		strbuf_addstr(&sink->pending, "\f\n");   /* where the next page begins */
	else if (sink->config.format == SINK_JSONL)
		end_jsonl(sink);
	else if (sink->config.format == SINK_WET)
		ret = end_wet(sink, err);
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
