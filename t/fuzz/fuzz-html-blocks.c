/* fuzz-html-blocks.c: the block extractor and the html-blocks renderer on
 * any bytes. Every block must have a tag of the block tag table and text
 * that is not empty and has no collapsible white space at its ends; the
 * renderer's dump, in either layout, must segment without error. */
#include "fuzz.h"
#include "normalise/markers.h"
#include "render/html-blocks.h"
#include "segment/segment.h"

#include <string.h>

static int check_block(const char *tag, const char *text, size_t len, void *data,
		       struct nc_error *err)
{
	(void)data, (void)err;
	if (!tag || html_block_tag(tag, strlen(tag)) != tag || len == 0 || text[0] == ' ' ||
	    text[len - 1] == ' ')
		abort();
	return 0;
}

static int ignore(const struct segment *segment, void *data, struct nc_error *err)
{
	(void)data, (void)err;
	if (segment->len == 0)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nc_error err;
	struct strbuf lines = STRBUF_INIT, dump = STRBUF_INIT;
	struct markers markers;

	html_blocks_read((const char *)data, size, check_block, NULL, &err);
	html_lines_read((const char *)data, size, 0, &lines, &err);
	markers_init_placeholders(&markers);
	for (int layout = HTML_BLOCKS; layout <= HTML_LINES; layout++) {
		struct html_blocks_config config = { (enum html_blocks_layout)layout, 10.0 };
		struct renderer *r = html_blocks_renderer_class.create(&config, &err);
		static const struct charset_choice latin = { .name = "windows-1252",
							     .assume = "windows-1252" };
		struct render_request request = { .html = (const char *)data, .len = size,
						  .charset = &latin, .max_output = 1 << 24,
						  .markers = &markers };
		strbuf_reset(&dump);
		if (renderer_render(r, &request, &dump, &err) == 0) {
			enum segmenter_flags flags = SEGMENT_NO_BULLETS |
				(layout == HTML_LINES ? SEGMENT_LINES : SEGMENT_DEFAULT);
			struct segmenter *s = segmenter_new(NULL, NULL, &markers, flags, ignore, NULL);
			if (segmenter_run(s, dump.buf, dump.len, &err) < 0)
				abort();
			segmenter_free(s);
		}
		renderer_free(r);
	}
	strbuf_release(&lines);
	strbuf_release(&dump);
	return 0;
}
