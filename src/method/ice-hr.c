/* ice-hr.c: ICE's heuristics over the lines of a page (see ice.h). */
#include "method/ice.h"
#include "base/alloc.h"

enum ice_hr_line ice_hr_classify(const char *text, size_t len)
{
	struct ice_words words;
	ice_count_words(text, len, &words);
	/* Characters of the line: its words' and the single spaces between
	 * them (the segmenter collapsed and trimmed the line). */
	size_t characters = words.characters + (words.words ? words.words - 1 : 0);
	if (characters <= 3)
		return ICE_HR_SHORT;
	/* mean length > 3, i.e. characters > 3 x words, exactly in integers */
	if (words.words > 10 && words.characters > 3 * words.words)
		return ICE_HR_PARAGRAPH;
	return ICE_HR_OTHER;
}

void ice_hr_run(const struct scored_segment *segments, size_t count,
		enum ice_hr_verdict *verdicts)
{
	size_t title = 0;      /* T: index + 1 of the title candidate; 0 for none */
	unsigned long short_lines = 0;   /* C */

	for (size_t i = 0; i < count; i++) {
		const struct segment *line = &segments[i].segment;
		verdicts[i] = ICE_HR_DROP;
		if (title)
			short_lines += line->blank_lines;   /* blank lines are short lines */
		switch (ice_hr_classify(line->text, line->len)) {
		case ICE_HR_PARAGRAPH:
			if (title && short_lines < 3) {
				verdicts[title - 1] = ICE_HR_KEEP_HEADING;
				title = 0;
				short_lines = 0;
			}
			verdicts[i] = ICE_HR_KEEP_PARAGRAPH;
			break;
		case ICE_HR_OTHER:
			title = i + 1;
			short_lines = 0;
			break;
		case ICE_HR_SHORT:
			if (title)
				short_lines++;
			break;
		}
	}
}

/* A scorer keeps the verdicts' array between pages. */
struct ice_hr_scorer {
	struct method_scorer base;
	enum ice_hr_verdict *verdicts;
	size_t alloc;
};

static struct method_scorer *ice_hr_scorer_new(const struct method *method);

static int ice_hr_score_page(struct method_scorer *base, const struct page_info *page,
			     struct scored_segment *segments, size_t count, struct nc_error *err)
{
	struct ice_hr_scorer *scorer = (struct ice_hr_scorer *)base;
	(void)page, (void)err;
	if (count > scorer->alloc) {
		scorer->alloc = count;
		scorer->verdicts = xrealloc(scorer->verdicts, count * sizeof(*scorer->verdicts));
	}
	ice_hr_run(segments, count, scorer->verdicts);
	for (size_t i = 0; i < count; i++) {
		struct segment_score *score = &segments[i].score;
		struct ice_words words;
		enum ice_hr_verdict verdict = scorer->verdicts[i];
		ice_count_words(segments[i].segment.text, segments[i].segment.len, &words);
		score->units = words.words;
		score->cost_clean = verdict == ICE_HR_DROP;
		score->cost_dirty = verdict != ICE_HR_DROP;
		score->type = verdict == ICE_HR_KEEP_HEADING ? SEGMENT_HEADING : SEGMENT_PARAGRAPH;
	}
	return 0;
}

static void ice_hr_scorer_free(struct method_scorer *base)
{
	struct ice_hr_scorer *scorer = (struct ice_hr_scorer *)base;
	free(scorer->verdicts);
	free(scorer);
}

static void ice_hr_free(struct method *method)
{
	free(method);
}

static const struct method_ops ice_hr_ops = {
	.name = ICE_HR_NAME,
	.scorer_new = ice_hr_scorer_new,
	.score_page = ice_hr_score_page,
	.scorer_free = ice_hr_scorer_free,
	.free = ice_hr_free,
};

static struct method_scorer *ice_hr_scorer_new(const struct method *method)
{
	(void)method;
	struct ice_hr_scorer *scorer = xcalloc(1, sizeof(*scorer));
	scorer->base.ops = &ice_hr_ops;
	return &scorer->base;
}

struct method *ice_hr_method_new(void)
{
	struct method *m = xcalloc(1, sizeof(*m));
	m->ops = &ice_hr_ops;
	m->default_bias = 0;
	return m;
}
