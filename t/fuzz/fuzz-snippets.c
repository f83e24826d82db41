/* fuzz-snippets.c: the strict JSON reader, snippet annotations, the
 * benchmark's scoring of a text and the labels of segments.
 *
 * The input is read as JSON and as an annotation file; when it is one, it
 * is scored against itself (as the tool's text) and its lines are labelled
 * as segments. The counts must add up: every snippet is found or not, a
 * segment has one label, a snippet found labels at least one segment. The
 * input is also read as the text of an output file (.txt and .jsonl). */
#include "fuzz.h"
#include "base/json-value.h"
#include "eval/output-text.h"
#include "eval/snippet-labels.h"
#include "eval/snippets.h"

#include <string.h>

#define MAX_SEGMENTS 256

static void label_lines(const struct snippet_entry *entry, const char *text, size_t len)
{
	struct segment segments[MAX_SEGMENTS];
	struct snippet_segment_label labels[MAX_SEGMENTS];
	struct snippet_label_counts counts = { 0 };
	size_t n = 0;
	const char *p = text, *end = text + len;

	while (p < end && n < MAX_SEGMENTS) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *line_end = nl ? nl : end;
		segments[n++] = (struct segment){ .type = SEGMENT_PARAGRAPH, .text = p,
						   .len = (size_t)(line_end - p) };
		p = nl ? nl + 1 : end;
	}
	snippet_label_segments(entry, segments, n, labels, &counts);
	if (counts.text + counts.boilerplate + counts.unknown != n ||
	    counts.with_found + counts.with_missed > entry->with.count ||
	    counts.without_found + counts.without_missed > entry->without.count ||
	    (counts.with_found && !counts.text && !counts.conflicts) ||
	    (counts.without_found && !counts.boilerplate && !counts.conflicts))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct nc_error err;
	struct json_value root;
	struct snippet_set set;
	struct strbuf out = STRBUF_INIT;

	if (json_value_parse(text, size, "fuzz.json", &root, &err) == 0)
		json_value_release(&root);
	if (snippet_set_parse(&set, text, size, "fuzz.json", &err) == 0) {
		for (size_t i = 0; i < set.count; i++) {
			const struct snippet_entry *e = &set.entries[i];
			struct snippet_counts c = { 0 };
			snippet_score(e, text, size, &c);
			snippet_score(e, NULL, 0, &c);
			if (c.tp + c.fn != 2 * (long)e->with.count ||
			    c.fp + c.tn != 2 * (long)e->without.count)
				abort();
			label_lines(e, text, size);
		}
	}
	snippet_set_release(&set);
	output_text_from_txt(text, size, &out);
	strbuf_reset(&out);
	(void)output_text_from_jsonl(text, size, "fuzz.jsonl", &out, &err);
	strbuf_release(&out);
	return 0;
}
