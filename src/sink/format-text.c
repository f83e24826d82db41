/* format-text.c: the kept segments' text, a blank line after each.
 *
 * A page that shares its output with others (an archive's page,
 * pages_share_stream) ends with a form-feed line, where the next begins.
 */
#include "sink/format.h"
#include "sink/sink.h"

static void text_part(struct format_page *page, const struct scored_segment *segments,
		      size_t count)
{
	format_add_lines(page->out, segments, count, 0, "\n\n");
}

static int text_end(struct format_page *page, struct nc_error *err)
{
	(void)err;
	if (page->page->grouped || page->config->pages_share_stream)
		strbuf_addstr(page->out, "\f\n");
	return 0;
}

const struct output_format format_text = {
	.name = "text",
	.extension = ".txt",
	.capabilities = FORMAT_DUMP,
	.part = text_part,
	.end = text_end,
};
