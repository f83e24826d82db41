/* gold-labels.c: segments labelled by the scorer's alignment (see
 * gold-labels.h). */
#include "eval/gold-labels.h"
#include "eval/score.h"
#include "base/alloc.h"

#include <string.h>

/* The tokens of "<p>text" on a line, as the scorer splits them (without the
 * empty ones at the ends). */
static size_t segment_tokens(const struct segment *segment, struct strbuf *line,
			     struct strbuf *normalised)
{
	strbuf_reset(line);
	strbuf_reset(normalised);
	strbuf_addstr(line, "<p>");
	strbuf_add(line, segment->text, segment->len);
	strbuf_addch(line, '\n');
	score_normalise(line->buf, line->len, SCORE_DEFAULT, normalised);
	size_t tokens = 0;
	for (size_t i = 0; i < normalised->len; i++)
		tokens += normalised->buf[i] != ' ' &&
			  (i == 0 || normalised->buf[i - 1] == ' ');
	return tokens;
}

static enum segment_type tag_type(const char *token)
{
	char c = (char)(token[1] | 0x20);
	return c == 'h' ? SEGMENT_HEADING : c == 'l' ? SEGMENT_LIST_ITEM : SEGMENT_PARAGRAPH;
}

int gold_labels_align(const struct segment *segments, size_t count, const char *gold,
		      size_t gold_len, struct gold_label *labels, size_t *gold_words,
		      struct nc_error *err)
{
	struct strbuf system = STRBUF_INIT, line = STRBUF_INIT, normalised = STRBUF_INIT;
	struct score_alignment alignment;
	size_t *first = xmalloc((count + 1) * sizeof(*first));   /* a segment's first token */
	size_t total = 0;
	int ret = 0;

	for (size_t i = 0; i < count; i++) {
		first[i] = total;
		total += segment_tokens(&segments[i], &line, &normalised);
		strbuf_add(&system, line.buf, line.len);
	}
	first[count] = total;
	score_align(system.buf, system.len, gold, gold_len, SCORE_DEFAULT, &alignment);

	/* The gold type of every gold token: the last tag before it (p before any). */
	enum segment_type *gold_type = xmalloc((alignment.gold.count + 1) * sizeof(*gold_type));
	enum segment_type type = SEGMENT_PARAGRAPH;
	*gold_words = 0;
	for (size_t j = 0; j < alignment.gold.count; j++) {
		const char *t = alignment.gold.text[j];
		size_t n = alignment.gold.len[j];
		if (score_is_tag(t, n))
			type = tag_type(t);
		else if (n)
			++*gold_words;
		gold_type[j] = type;
	}

	/* System tokens: the non-empty ones, in order, are the segments'. */
	size_t k = 0, nonempty = 0;
	for (size_t i = 0; i < alignment.system.count; i++)
		nonempty += alignment.system.len[i] != 0;
	if (nonempty != total) {
		ret = nc_error_set(err, NC_ERR_FORMAT, "the segments gave %zu tokens alone and %zu "
				   "together (the scorer's normalisation is not line by line?)", total,
				   nonempty);
		goto out;
	}
	for (size_t s = 0; s < count; s++) {
		size_t by_type[3] = { 0, 0, 0 };   /* p, h, l */
		labels[s].words = labels[s].matched = 0;
		labels[s].label = 0;
		for (size_t t = first[s]; t < first[s + 1]; t++) {
			while (alignment.system.len[k] == 0)
				k++;
			size_t i = k++;
			if (t == first[s])
				continue;   /* the segment's <p> */
			labels[s].words++;
			long j = alignment.match[i];
			if (j < 0 || score_is_tag(alignment.gold.text[j], alignment.gold.len[j]))
				continue;
			labels[s].matched++;
			enum segment_type g = gold_type[j];
			by_type[g == SEGMENT_HEADING ? 1 : g == SEGMENT_LIST_ITEM ? 2 : 0]++;
		}
		if (2 * labels[s].matched > labels[s].words) {
			static const enum segment_type types[3] = {
				SEGMENT_PARAGRAPH, SEGMENT_HEADING, SEGMENT_LIST_ITEM
			};
			int best = 0;
			for (int b = 1; b < 3; b++)
				if (by_type[b] > by_type[best])
					best = b;
			labels[s].label = types[best];
		}
	}
out:
	free(gold_type);
	free(first);
	score_alignment_release(&alignment);
	strbuf_release(&system);
	strbuf_release(&line);
	strbuf_release(&normalised);
	return ret;
}
