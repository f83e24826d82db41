/* format-wet.c: a WARC/1.0 conversion record per page, as in Common Crawl's
 * WET files (warc-writer.h).
 *
 * Every output file begins with a warcinfo record. A record states its
 * text's length and digest before the text, so the page is written whole
 * at its end (FORMAT_WHOLE_PAGE): its kept text, one segment a line, or
 * its dump. A page that kept no text gets no record (but with --scores).
 */
#include "sink/format.h"
#include "sink/sink.h"
#include "sink/warc-writer.h"
#include "base/alloc.h"
#include "base/language.h"

struct wet_state {
	struct warc_writer *writer;
	struct strbuf url;   /* the page's (its page_info lives only in begin()) */
};

static void *wet_state_new(const struct sink_config *config)
{
	struct wet_state *state = xcalloc(1, sizeof(*state));
	(void)config;
	state->writer = warc_writer_new(0);   /* the sink compresses, page by page */
	strbuf_init(&state->url);
	return state;
}

static void wet_state_free(void *data)
{
	struct wet_state *state = data;
	warc_writer_free(state->writer);
	strbuf_release(&state->url);
	free(state);
}

static int wet_file_header(const struct sink_config *config, struct strbuf *out,
			   struct nc_error *err)
{
	const char *const fields[] = {
		"software", config->software ? config->software : "ncleaner",
		"format", "WARC File Format 1.0",
		"description", "the running text of each page, as kept by ncleaner", NULL
	};
	struct warc_writer *writer = warc_writer_new(0);
	int ret = warc_writer_warcinfo(writer, out, NULL, NULL, fields, err);
	warc_writer_free(writer);
	return ret;
}

static void wet_begin(struct format_page *page, const struct page_info *info)
{
	struct wet_state *state = page->state;
	strbuf_reset(&state->url);
	strbuf_addstr(&state->url, page_info_url(info, page->page, page->config->canonical_urls));
}

static int wet_end(struct format_page *page, struct nc_error *err)
{
	struct wet_state *state = page->state;
	struct warc_conversion record = {
		.target_uri = state->url.buf,
		.date = page->page->date,
		.refers_to = page->page->record_id,
		.position = page->page->position,
		.language = page->language->iso639_3[0] ? page->language->iso639_3 : NULL,
		.text = page->text->buf,
		.len = page->text->len,
	};
	return warc_writer_conversion(state->writer, page->out, &record, err);
}

const struct output_format format_wet = {
	.name = "wet",
	.extension = ".wet",
	.capabilities = FORMAT_HOLDS_TEXT | FORMAT_WHOLE_PAGE | FORMAT_SKIPS_EMPTY,
	.state_new = wet_state_new,
	.state_free = wet_state_free,
	.file_header = wet_file_header,
	.begin = wet_begin,
	.end = wet_end,
};
