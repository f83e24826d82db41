/* page-filter.c: the page filters, a check and a table line each (see
 * page-filter.h). */
#include "sink/page-filter.h"
#include "sink/sink.h"
#include "base/language.h"

#include <stddef.h>

struct page_filter {
	enum sink_skip skip;         /* what a page it leaves out is counted as */
	struct sink_skip_names names;   /* --stats's */
	int needs_language;          /* reads facts->language */
	int (*active)(const struct page_filter_settings *settings);
	int (*passes)(const struct page_filter_settings *settings, const struct page_facts *facts);
};

/* --language: a page in another language (or in one that cannot be told)
 * is left out. */
static int language_active(const struct page_filter_settings *settings)
{
	return settings->languages != NULL;
}

static int language_passes(const struct page_filter_settings *settings,
			   const struct page_facts *facts)
{
	return language_in_list(facts->language, settings->languages);
}

/* --min-quality: a page predicted below it (or with nothing kept to
 * predict from) is left out. */
static int quality_active(const struct page_filter_settings *settings)
{
	return settings->min_quality != 0;
}

static int quality_passes(const struct page_filter_settings *settings,
			  const struct page_facts *facts)
{
	return page_counts_quality(facts->counts, 1) >= settings->min_quality;
}

static const struct page_filter filters[] = {
	{ SINK_SKIP_LANGUAGE, { "other_language", "in other languages" }, 1, language_active,
	  language_passes },                                            /* --language */
	{ SINK_SKIP_QUALITY, { "low_quality", "below --min-quality" }, 0, quality_active,
	  quality_passes },                                             /* --min-quality */
};

/* Not a filter's: a format's that writes no empty page (sink.c). */
static const struct sink_skip_names no_text = { "without_text", "without text" };

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int page_filters_active(const struct page_filter_settings *settings)
{
	for (size_t i = 0; i < COUNT(filters); i++)
		if (filters[i].active(settings))
			return 1;
	return 0;
}

int page_filters_need_language(const struct page_filter_settings *settings)
{
	for (size_t i = 0; i < COUNT(filters); i++)
		if (filters[i].needs_language && filters[i].active(settings))
			return 1;
	return 0;
}

enum sink_skip page_filters_check(const struct page_filter_settings *settings,
				  const struct page_facts *facts)
{
	for (size_t i = 0; i < COUNT(filters); i++)
		if (filters[i].active(settings) && !filters[i].passes(settings, facts))
			return filters[i].skip;
	return SINK_WRITTEN;
}

const struct sink_skip_names *sink_skip_names(enum sink_skip skip)
{
	for (size_t i = 0; i < COUNT(filters); i++)
		if (filters[i].skip == skip)
			return &filters[i].names;
	return skip == SINK_SKIP_NO_TEXT ? &no_text : NULL;
}
