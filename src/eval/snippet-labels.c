/* snippet-labels.c: segments labelled by where a page's snippets lie in
 * their joined text (see snippet-labels.h). */
#include "eval/snippet-labels.h"
#include "base/alloc.h"
#include "base/strbuf.h"

#include <string.h>

/* The page's text as the benchmark sees it, and where each segment is in
 * it: segment i covers [start[i], end[i]) (empty when it normalised to
 * nothing). Spans are in order and do not overlap. */
struct joined_page {
	struct strbuf text;
	size_t *start, *end;
};

static void join_segments(const struct segment *segments, size_t count, struct joined_page *page,
			  struct snippet_segment_label *labels)
{
	page->start = xmalloc((count ? count : 1) * sizeof(size_t));
	page->end = xmalloc((count ? count : 1) * sizeof(size_t));
	for (size_t i = 0; i < count; i++) {
		size_t before = page->text.len;
		if (before)
			strbuf_addch(&page->text, ' ');
		size_t start = page->text.len;
		snippet_normalise(segments[i].text, segments[i].len, &page->text);
		if (page->text.len == start) {
			strbuf_setlen(&page->text, before);   /* nothing: no join either */
			start = before;
		}
		page->start[i] = start;
		page->end[i] = page->text.len;
		size_t words = 0;
		for (size_t k = start; k < page->text.len; k++)
			words += page->text.buf[k] == ' ';
		labels[i].words = page->text.len > start ? words + 1 : 0;
	}
}

/* The first segment whose span ends after `at` (count when none). */
static size_t first_ending_after(const struct joined_page *page, size_t count, size_t at)
{
	size_t lo = 0, hi = count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (page->end[mid] <= at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Mark (in `covered`) every segment that an occurrence of the snippet
 * covers; how many occurrences there are. */
static size_t mark_occurrences(const struct joined_page *page, size_t count, const char *snippet,
			       size_t len, unsigned char *covered)
{
	const char *text = page->text.buf, *end = text + page->text.len, *at = text;
	size_t found = 0;

	while (at < end) {
		const char *hit = memmem(at, (size_t)(end - at), snippet, len);
		if (!hit)
			break;
		size_t a = (size_t)(hit - text), b = a + len;
		for (size_t i = first_ending_after(page, count, a); i < count && page->start[i] < b; i++)
			if (page->end[i] > page->start[i])
				covered[i] = 1;
		found++;
		at = hit + 1;
	}
	return found;
}

/* Mark what the snippets of `list` cover; count them found or missed. */
static void mark_list(const struct joined_page *page, size_t count,
		      const struct snippet_list *list, unsigned char *covered, size_t *found,
		      size_t *missed, size_t *repeated)
{
	for (size_t s = 0; s < list->count; s++) {
		if (list->len[s] == 0)
			continue;   /* says nothing of any segment */
		size_t n = mark_occurrences(page, count, list->text[s], list->len[s], covered);
		*(n ? found : missed) += 1;
		*repeated += n > 1;
	}
}

void snippet_label_segments(const struct snippet_entry *entry, const struct segment *segments,
			    size_t count, struct snippet_segment_label *labels,
			    struct snippet_label_counts *counts)
{
	struct joined_page page = { .text = STRBUF_INIT };
	unsigned char *text = xcalloc(count ? count : 1, 1);
	unsigned char *boilerplate = xcalloc(count ? count : 1, 1);

	join_segments(segments, count, &page, labels);
	mark_list(&page, count, &entry->with, text, &counts->with_found, &counts->with_missed,
		  &counts->repeated);
	mark_list(&page, count, &entry->without, boilerplate, &counts->without_found,
		  &counts->without_missed, &counts->repeated);
	for (size_t i = 0; i < count; i++) {
		if (text[i] && !boilerplate[i]) {
			labels[i].label = SNIPPET_TEXT;
			counts->text++;
		} else if (boilerplate[i] && !text[i]) {
			labels[i].label = SNIPPET_BOILERPLATE;
			counts->boilerplate++;
		} else {
			labels[i].label = SNIPPET_UNKNOWN;
			counts->unknown++;
			counts->conflicts += text[i] && boilerplate[i];
		}
	}
	free(text);
	free(boilerplate);
	free(page.start);
	free(page.end);
	strbuf_release(&page.text);
}

void snippet_label_counts_add(struct snippet_label_counts *sum,
			      const struct snippet_label_counts *more)
{
	sum->with_found += more->with_found;
	sum->with_missed += more->with_missed;
	sum->without_found += more->without_found;
	sum->without_missed += more->without_missed;
	sum->repeated += more->repeated;
	sum->text += more->text;
	sum->boilerplate += more->boilerplate;
	sum->unknown += more->unknown;
	sum->conflicts += more->conflicts;
}
