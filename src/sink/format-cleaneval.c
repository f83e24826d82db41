/* format-cleaneval.c: the CLEANEVAL format, the default and the paper's.
 *
 * "URL: <url>" and every kept segment as "<t>text" (t = p, h, l); the
 * kept pieces of a segment (method.h) share its line. With --scores: every
 * segment (or piece), kept or not, as
 * "<cost_clean>\t<cost_dirty>\tkeep|drop\t<t>text" (4 decimals), with "+"
 * instead of "<t>" for a later piece.
 */
#include "sink/format.h"
#include "sink/sink.h"

/* The URL line stays one line of valid UTF-8. */
static void cleaneval_begin(struct format_page *page, const struct page_info *info)
{
	strbuf_addstr(page->out, "URL: ");
	format_add_url(page->out, page_info_url(info, page->page, page->config->canonical_urls));
	strbuf_addch(page->out, '\n');
}

/* Scores: every piece on a line of its own; a piece that continues a
 * segment has "+" where the first has the segment's tag. */
static void add_scores(struct strbuf *out, const struct scored_segment *segments, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		const struct scored_segment *s = &segments[i];
		strbuf_addf(out, "%.4f\t%.4f\t%s\t", s->score.cost_clean, s->score.cost_dirty,
			    s->keep ? "keep" : "drop");
		if (s->continues)
			strbuf_addch(out, '+');
		else
			format_add_tag(out, s->segment.type);
		strbuf_add(out, s->segment.text, s->segment.len);
		strbuf_addch(out, '\n');
	}
}

static void cleaneval_part(struct format_page *page, const struct scored_segment *segments,
			   size_t count)
{
	if (page->config->scores)
		add_scores(page->out, segments, count);
	else
		format_add_lines(page->out, segments, count, 1, "\n");
}

const struct output_format format_cleaneval = {
	.name = "cleaneval",
	.extension = ".txt",
	.capabilities = FORMAT_SCORES | FORMAT_DUMP,
	.begin = cleaneval_begin,
	.part = cleaneval_part,
};
