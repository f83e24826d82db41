/* page-filter.h: pages left out whole once they are decided, by language
 * or by quality.
 *
 * The stage between the decision and the format. A filter looks at what
 * is known of a page once every segment of it is decided (its counts and
 * the language of its kept text) and either lets it through or names why
 * not (the page's skip status, which --stats counts). Filters run in the
 * table's order (page-filter.c) and the first that refuses a page names
 * its status. While any filter is on, the sink passes no byte of a page on
 * before its end (sink.h), so a page left out leaves nothing behind.
 *
 * Adding a filter: a check and a line in the table in page-filter.c, its
 * setting a field of struct page_filter_settings, its status a value of
 * enum sink_skip, and the option that sets it in the front ends.
 */
#ifndef NC_PAGE_FILTER_H
#define NC_PAGE_FILTER_H

struct page_counts;
struct language;

/* Why the page last ended was not written (page_sink_skipped()). */
enum sink_skip {
	SINK_WRITTEN = 0,
	SINK_SKIP_NO_TEXT,       /* the format writes no empty page (FORMAT_SKIPS_EMPTY) */
	SINK_SKIP_LANGUAGE,      /* not in a language of --language */
	SINK_SKIP_QUALITY        /* of a quality below --min-quality */
};

/* What the filters are set to; a zero field is a filter that is off. */
struct page_filter_settings {
	const char *languages;   /* --language: only pages in these languages (language.h:
				    "en,de" or "eng,deu"), or NULL */
	double min_quality;      /* --min-quality: only pages of at least this quality
				    (0 < P <= 1; the method's costs are log-odds), or 0 */
};

/* What is known of a page at its end. */
struct page_facts {
	const struct page_counts *counts;
	const struct language *language;   /* of its kept text, when
					      page_filters_need_language() */
};

/* Is any filter on? Then no page streams. */
int page_filters_active(const struct page_filter_settings *settings);

/* Does a filter that is on read the page's language (so the sink must
 * hold the page's kept text and tell it)? */
int page_filters_need_language(const struct page_filter_settings *settings);

/* SINK_WRITTEN, or the status of the first filter that leaves the page out. */
enum sink_skip page_filters_check(const struct page_filter_settings *settings,
				  const struct page_facts *facts);

#endif
