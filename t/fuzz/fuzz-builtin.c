/* fuzz-builtin.c: the builtin renderer (Lynx's dump, in process) on any
 * bytes, read in UTF-8 and in windows-1252. The dump must be valid UTF-8
 * within the output bound and segment without error; every segment has
 * text. */
#include "fuzz.h"
#include "base/utf8.h"
#include "normalise/markers.h"
#include "render/builtin.h"
#include "segment/segment.h"

#include <string.h>

static int check_segment(const struct segment *segment, void *data, struct nc_error *err)
{
	(void)data, (void)err;
	if (segment->len == 0)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct charset_choice charsets[] = {
		{ .name = "utf-8", .assume = "utf-8" },
		{ .name = "windows-1252", .assume = "windows-1252" },
	};
	struct nc_error err;
	struct strbuf dump = STRBUF_INIT;
	struct markers markers;
	struct builtin_config config = { 10.0 };
	const size_t max_output = 1 << 24;

	markers_init_placeholders(&markers);
	struct renderer *r = builtin_renderer_class.create(&config, &err);
	if (!r)
		abort();
	for (size_t i = 0; i < sizeof(charsets) / sizeof(charsets[0]); i++) {
		struct render_request request = { .html = (const char *)data, .len = size,
						  .charset = &charsets[i], .max_output = max_output,
						  .markers = &markers };
		strbuf_reset(&dump);
		if (renderer_render(r, &request, &dump, &err) < 0)
			continue;
		if (dump.len > max_output || !utf8_is_valid(dump.buf, dump.len))
			abort();
		struct segmenter *s = segmenter_new(NULL, NULL, &markers, SEGMENT_NO_BULLETS,
						    check_segment, NULL);
		if (segmenter_run(s, dump.buf, dump.len, &err) < 0)
			abort();
		segmenter_free(s);
	}
	renderer_free(r);
	strbuf_release(&dump);
	return 0;
}
