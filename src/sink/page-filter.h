/* page-filter.h: pages left out whole once they are decided, by language
 * or by quality.
 *
 * A filter looks at what is known of a page once every segment of it is
 * decided (its counts and the language of its kept text) and either lets
 * it through or names why not (the page's skip status, which --stats
 * counts under the names its table line gives). Filters run in the table's
 * order (page-filter.c) and the first that refuses a page names its
 * status.
 *
 * The filters are a table the sink asks at a page's end (sink.c), not a
 * stage of the worker's between the decision and the sink, because what
 * they read and what they hold back are the sink's. The counts (JSONL's
 * "counts" and "quality", --stats) and the kept text with its language
 * (JSONL's "text" and "language", WET's record) are made by the sink for
 * the formats, filter or none; a stage ahead of it would count, hold the
 * kept text and identify its language a second time, or own them and make
 * every format read them from the filter. And a page left out is still
 * the sink's to end: its output was opened at begin() (a file per page is
 * written empty, a --gzip stream gets an empty member), and while any
 * filter is on the sink passes no byte of a page on before its end
 * (sink.h), so a page left out leaves nothing else behind.
 *
 * Adding a filter: a check and a line in the table in page-filter.c (its
 * status and the names --stats gives it), its status a value of enum
 * sink_skip, its setting a field of struct page_filter_settings, and the
 * option that sets it: a session row storing into the session's `filters`
 * (session.h says what else an option takes: its getopt ids in
 * main-ncleaner.c, a paragraph in ncleaner(1)). The sink, the pipeline's
 * page_stats and --stats read the table; nothing else changes.
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
	SINK_SKIP_QUALITY,       /* of a quality below --min-quality */
	SINK_SKIPS
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

/* How --stats names the pages of a status (not SINK_WRITTEN): `key` in
 * its JSON's "pages_KEY", `phrase` in the closing line's "N PHRASE (not
 * written)". */
struct sink_skip_names {
	const char *key, *phrase;
};
const struct sink_skip_names *sink_skip_names(enum sink_skip skip);

#endif
