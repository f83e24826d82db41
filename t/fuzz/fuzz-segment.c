/* fuzz-segment.c: the segmenter and dump.rules on arbitrary dumps.
 *
 * The first byte chooses the flags and the size of the pieces the dump is
 * fed in, so the streaming code meets lines cut at every position. Every
 * segment must keep the contract of segment.h. */
#include "fuzz.h"
#include "base/utf8.h"
#include "segment/segment.h"

#include <string.h>

static int check_segment(const struct segment *segment, void *data, struct nc_error *err)
{
	(void)data, (void)err;
	if (segment->type != SEGMENT_PARAGRAPH && segment->type != SEGMENT_HEADING &&
	    segment->type != SEGMENT_LIST_ITEM)
		abort();
	if (segment->len == 0 || segment->len > SEGMENT_MAX_BYTES + 4)
		abort();
	if (memchr(segment->text, '\n', segment->len) || segment->text[0] == ' ' ||
	    segment->text[segment->len - 1] == ' ')
		abort();
	if (!utf8_is_valid(segment->text, segment->len))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rule_set *rules;
	struct nc_error err;

	if (size == 0)
		return 0;
	if (!rules)
		rules = fuzz_load_rules("dump.rules", RULES_UTF);
	enum segmenter_flags flags = data[0] & 1 ? SEGMENT_LINES : SEGMENT_DEFAULT;
	size_t piece = (data[0] >> 1) + 1;
	data++, size--;

	struct markers markers;
	markers_init_placeholders(&markers);
	struct segmenter *s = segmenter_new(rules, fuzz_workspace(), &markers, flags, check_segment,
					    NULL);
	int ret = 0;
	for (size_t at = 0; at < size && ret == 0; at += piece)
		ret = segmenter_feed(s, (const char *)data + at, size - at < piece ? size - at : piece, &err);
	if (ret == 0)
		segmenter_finish(s, &err);
	segmenter_free(s);
	return 0;
}
