/* fallback.c: a page of prose that keeps nothing (see decider.h).
 *
 * A page rule, run last in a chain. A method's scores are learnt on some
 * pages and meet others: a page unlike them (another language, another
 * template) may score all its text below the bias, and a page of several
 * paragraphs of prose that keeps nothing is almost never right. When a
 * page has FALLBACK_MIN_PROSE_WORDS words of prose or more (segments of
 * FALLBACK_PROSE_WORDS words or more, at most FALLBACK_PROSE_LINKS of them
 * link text, or of FALLBACK_LINKED_PROSE_WORDS or more), in
 * FALLBACK_MIN_PROSE_SEGMENTS segments or more, and keeps nothing at all
 * (one that keeps something, a video page's title and byline above long
 * comments, is left as decided), the page is decided again by its
 * own scale. Its scores fall in two groups, its text and its boilerplate,
 * however the scale is off: the page's bias becomes the score that parts
 * them best (Otsu's threshold, the cut of greatest variance between the
 * two groups of its segments' scores: not weighted by words, which would
 * let one long paragraph of lower score cut the text in two; but not more
 * than FALLBACK_RANGE bits below its best segment's), and the
 * segments kept are those at or above it in the page's main stretch (the
 * stretch of greatest sum of words times margins over that bias, held
 * within +-FALLBACK_LIMIT bits, as the article rule finds it). The order
 * of the segments' scores is what the method knew of the page; only its
 * scale was wrong. Segments kept so are marked `rescued`, so that outputs
 * say the page fell back.
 *
 * Measured on the development pages: see FALLBACK_* below. The rule needs
 * the whole page at once.
 */
#include "decide/decider.h"
#include "base/alloc.h"
#include "base/order.h"

#include <math.h>

/* A segment of prose: this many words or more, ... */
#define FALLBACK_PROSE_WORDS 10
/* ... and at most this share of its characters in links; or this many
 * words or more whatever its links (a teaser's summary: CLEANEVAL's
 * annotators kept a page of them; a headline seldom is so long). */
#define FALLBACK_PROSE_LINKS 0.3
#define FALLBACK_LINKED_PROSE_WORDS 15
/* A page with enough prose: this many words of it, in this many segments. */
#define FALLBACK_MIN_PROSE_WORDS 100
#define FALLBACK_MIN_PROSE_SEGMENTS 3
/* A margin counts up to this many bits either way in the main stretch. */
#define FALLBACK_LIMIT 3.0
/* The page's bias is never more than this many bits below its best
 * segment's score: Otsu's cut falls where a page's scores part best, and on
 * a page of many groups (text, comments, menus, a long footer) that can be
 * far below the text. The trees' log-odds of one page's paragraphs spread
 * over some 8 bits. */
#define FALLBACK_RANGE 10.0

struct fallback_decider {
	struct decider base;
};

/* A score that is not a number (a method's fault) ranks lowest. */
static double margin_of(const struct segment_score *s)
{
	double m = s->cost_dirty - s->cost_clean;
	return m == m ? m : -1e300;
}

static double link_share(const struct segment *s)
{
	return s->structure && s->structure->chars
	       ? (double)s->structure->cue_chars[CUE_LINK] / s->structure->chars : 0;
}

/* Does the page keep nothing, though it has enough prose? */
static int keeps_nothing_of_prose(const struct scored_segment *segments, size_t count)
{
	size_t prose_words = 0, prose_segments = 0;

	for (size_t i = 0; i < count; i++) {
		const struct segment *s = &segments[i].segment;
		size_t words = scored_segment_words(&segments[i]);
		if (segments[i].keep)
			return 0;   /* it keeps something: a short article above long comments */
		if (words < FALLBACK_PROSE_WORDS ||
		    (link_share(s) > FALLBACK_PROSE_LINKS && words < FALLBACK_LINKED_PROSE_WORDS))
			continue;
		prose_words += words;
		prose_segments++;
	}
	return prose_words >= FALLBACK_MIN_PROSE_WORDS &&
	       prose_segments >= FALLBACK_MIN_PROSE_SEGMENTS;
}

/* Otsu's threshold of the `n` (> 1) margins (sorted in place): between the
 * two neighbours of the cut of greatest variance between the groups below
 * and above it. */
static double otsu(double *m, size_t n)
{
	double sum = 0, best = -1, threshold = m[0], low_sum = 0;
	qsort(m, n, sizeof(*m), order_doubles);
	for (size_t i = 0; i < n; i++)
		sum += m[i];
	for (size_t i = 0; i + 1 < n; i++) {
		low_sum += m[i];
		if (m[i + 1] == m[i])
			continue;   /* equal margins stay together */
		double low = (double)(i + 1), high = (double)(n - i - 1);
		double d = low_sum / low - (sum - low_sum) / high, between = low * high * d * d;
		if (between > best) {
			best = between;
			threshold = (m[i] + m[i + 1]) / 2;
		}
	}
	return threshold;
}

static int fallback_decide(const struct decider *base, struct decider_state *state,
			   struct scored_segment *segments, size_t count, struct nc_error *err)
{
	(void)base, (void)state;

	if (count < 2 || !keeps_nothing_of_prose(segments, count))
		return 0;
	double *margins = malloc(count * sizeof(*margins));
	if (!margins)
		return nc_error_set(err, NC_ERR_MEMORY, "no memory to decide a page again");
	for (size_t i = 0; i < count; i++)
		margins[i] = margin_of(&segments[i].score);
	double bias = otsu(margins, count);
	bias = fmax(bias, margins[count - 1] - FALLBACK_RANGE);   /* sorted: the best last */
	free(margins);
	size_t top_start, top_end;
	decider_main_stretch(segments, count, bias, FALLBACK_LIMIT, &top_start, &top_end);
	for (size_t i = top_start; i < top_end; i++) {
		if (segments[i].keep || margin_of(&segments[i].score) < bias)
			continue;
		segments[i].keep = 1;
		segments[i].rescued = 1;
		decider_apply_type(&segments[i]);
	}
	return 0;
}

static void fallback_free(struct decider *base)
{
	free(base);
}

static const struct decider_ops fallback_ops = {
	.name = "fallback",
	.decide = fallback_decide,
	.free = fallback_free,
};

struct decider *fallback_decider_new(void)
{
	struct fallback_decider *d = xcalloc(1, sizeof(*d));
	d->base.ops = &fallback_ops;
	d->base.name = fallback_ops.name;
	d->base.whole_page = 1;
	return &d->base;
}
