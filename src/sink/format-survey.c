/* format-survey.c: what a run's site survey counts (pipeline/site-table.h);
 * not a user's format, and not in the table.
 *
 * The page's site (page_info_site(), an empty line when it has none), then
 * for each segment (kept or not) the hash_bytes() of its text in 16 hex
 * digits, a space and its length in bytes, a line each; nothing more for a
 * page without a site.
 */
#include "sink/format.h"
#include "sink/sink.h"
#include "base/alloc.h"
#include "base/hash.h"

#include <stdint.h>

struct survey_state {
	int has_site;   /* the page has a site */
};

static void *survey_state_new(const struct sink_config *config)
{
	(void)config;
	return xcalloc(1, sizeof(struct survey_state));
}

/* The page's site on a line of its own (empty when it has none), so the
 * page's segments need not be written. */
static void survey_begin(struct format_page *page, const struct page_info *info)
{
	struct survey_state *state = page->state;
	struct strbuf host = STRBUF_INIT;
	state->has_site = page_info_site(info, page->page, &host);
	strbuf_add(page->out, host.buf, host.len);
	strbuf_addch(page->out, '\n');
	strbuf_release(&host);
}

/* A line a segment: "HASH LENGTH", the hash_bytes() of its text in 16
 * hexadecimal digits and its length in decimal, written by hand (a
 * printf() a segment was most of the survey's own time). */
static void survey_part(struct format_page *page, const struct scored_segment *segments,
			size_t n)
{
	static const char hex[] = "0123456789abcdef";
	if (!((struct survey_state *)page->state)->has_site)
		return;
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
		strbuf_add(page->out, line, at);
	}
}

const struct output_format format_survey = {
	.name = "survey",
	.capabilities = 0,
	.state_new = survey_state_new,
	.state_free = free,
	.begin = survey_begin,
	.part = survey_part,
};
