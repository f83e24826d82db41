/* site-table.h: what recurs across the pages of a site (--site-repetition).
 *
 * Site furniture (a site's menus, its "share this" lines, the newsletter
 * box, the footer) can read like running text to a method that sees one
 * page, but it recurs on page after page of the same site, where running
 * text does not. A run that uses this reads its pages twice:
 *
 *   1. the survey: stages 1-3 of every page, through the same runner as
 *      cleaning, with no method; the sink writes each page in the survey
 *      format (its site, then a line per segment: the segment's hash and
 *      length, sink.h) to the survey output below, which the runner feeds
 *      in input order, and which counts the segments into the table;
 *   2. the cleaning, on a pipeline that holds the table read-only
 *      (pipeline_config.sites): after the decider, a kept segment that
 *      recurs on its site is dropped, unless it is the page's own
 *      identity (below). Recurrence is decided on the whole segment, as
 *      the survey hashed it, even where a method splits it into pieces.
 *
 * A segment recurs on its site when it is on at least `min_pages` pages of
 * the site, copies of the first page it was seen on not counted. A page's
 * identity, its main text, is its longest segment: two copies of one
 * article (at two URLs of the site, a printable version) share it, so
 * neither copy's article counts against the other's. (A page whose longest
 * segment is site furniture shares its identity with others like it: they
 * count as one page, which only keeps more.) A page never loses its own
 * identity to the table: canonical URLs are taken on trust, and a page
 * that quotes another's article whole (or names another's canonical URL)
 * makes that article recur, but it is still kept on the page it is the
 * main text of. The survey keeps each counted page's identity by its name
 * (site_table_page()); a page it did not keep (it failed there, or had no
 * segments) is left as it is by the cleaning. Two segments are the same when their
 * texts are, byte for byte (the segmenter has already made white space one
 * space). A page's site is page_info_site() (page-info.h): a page whose
 * URL is not known has none, and is neither counted nor changed.
 *
 * Memory: an entry of 16 bytes (at most 32 with the table's room) for each
 * distinct segment of a site, at most SITE_MAX_SEGMENTS_PER_SITE for one
 * site and SITE_MAX_SEGMENTS in all (128 MB); past either, segments first
 * seen on later pages are not counted (site_table_stats() says how many).
 * As much again for each page with a site, at most SITE_MAX_PAGES: the
 * segments of a page past that are not counted either, and the page is
 * left as it is.
 * Sites are counted within one run: a crawl cleaned in shards (several
 * machines) counts each shard's. Pages are counted in input order, so the
 * table, and with it the output, is the same for any number of jobs.
 */
#ifndef NC_SITE_TABLE_H
#define NC_SITE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "sink/output.h"

/* The threshold: pages of a site, with different main texts, that a
 * segment must be on to be site furniture. 2 was best on the Dragnet
 * development pages (the only development set with several pages of a
 * site); more is more careful. */
#define SITE_MIN_PAGES_DEFAULT 2
#define SITE_MIN_PAGES_MAX 4

#define SITE_MAX_SEGMENTS_PER_SITE ((size_t)1 << 18)
#define SITE_MAX_SEGMENTS ((size_t)1 << 22)
#define SITE_MAX_PAGES ((size_t)1 << 22)
/* A page's segments beyond this are not counted (a text dump can have any
 * number). */
#define SITE_MAX_SEGMENTS_PER_PAGE ((size_t)1 << 16)

struct site_table;

struct site_table *site_table_new(unsigned min_pages);
void site_table_free(struct site_table *table);

/* The key of a site (its host: page_info_site()). */
uint64_t site_key(const char *host, size_t len);

/* Is the segment `text` on at least min_pages pages of the site `site`? */
int site_table_recurs(const struct site_table *table, uint64_t site, const char *text,
		      size_t len);
/* The same for a segment whose hash_bytes() is `segment`. */
int site_table_recurs_hash(const struct site_table *table, uint64_t site, uint64_t segment);

/* The page named `name` (page.name) as the survey kept it: 1, with the
 * hash_bytes() of its longest segment (its identity) in `longest`, or 0
 * when the survey did not keep it. */
int site_table_page(const struct site_table *table, const char *name, uint64_t *longest);

struct site_table_stats {
	uint64_t pages;          /* pages counted (with a site) */
	uint64_t sites;
	uint64_t segments;       /* distinct segments of all sites */
	uint64_t recurring;      /* of them, on at least min_pages pages */
	uint64_t not_counted;    /* segments passed over past a limit */
};
void site_table_stats(const struct site_table *table, struct site_table_stats *stats);

/* The survey's output: every page committed to it is counted into `table`
 * (which stays the caller's). Its input is the sink's survey format. */
struct page_output *site_survey_output_new(struct site_table *table);

#endif
