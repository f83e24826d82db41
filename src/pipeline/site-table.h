/* site-table.h: what recurs across the pages of a site (--site-repetition).
 *
 * Site furniture (a site's menus, its "share this" lines, the newsletter
 * box, the footer) can read like running text to a method that sees one
 * page, but it recurs on page after page of the same site, where running
 * text does not. A run that uses this reads its pages twice:
 *
 *   1. the survey: stages 1-3 of every page, through the same runner as
 *      cleaning, with no method and no sink (batch.h): a worker records
 *      each page (its site, then each segment's hash and length:
 *      site_record_start(), site_record_add()), and the runner hands the
 *      records, in input order, to site_table_count_record(), which
 *      counts the segments into the table;
 *   2. the cleaning, on a pipeline that holds the table read-only
 *      (pipeline_config.sites): after the decider, a kept segment that
 *      recurs on its site is dropped, unless it is the page's own text
 *      (below). Recurrence is decided on the whole segment, as the survey
 *      hashed it, even where a method splits it into pieces.
 *
 * A segment recurs on its site when it is on at least `min_pages` pages of
 * the site that are otherwise different: near copies of one page (the same
 * article at two URLs, a printable version, one with its readers'
 * comments) count as one, a "main text". The survey tells them by their
 * sketches, a page's SITE_SKETCH longest segments: a page is a copy of an
 * earlier one when either holds all of the other's sketch but at most a
 * share of 1/SITE_COPY_OWN_SHARE (by length). So an article and its copy with a
 * long comment are one page, while pages that share a long cookie notice
 * and differ in their articles are not. Of an earlier page the survey
 * keeps only its sketch and, in each segment's entry, the first main text
 * the segment was on: a later page's segment is on the earlier page when
 * it is in that sketch or was first seen there.
 *
 * The cleaning never drops a page's own text from it, recurring or not:
 *   - its main text, its longest segment, unless that is the longest
 *     segment of pages of other main texts too (a long legal notice on
 *     every page is no page's main text; site_table_page());
 *   - its headline: a segment that is its title, or at least half of it
 *     between separators ("Budget cuts hit the schools" of "Budget cuts
 *     hit the schools | Harbour News"; site_headline()); another page
 *     that links to it with its words makes the headline recur, and loses
 *     it, but the page keeps it. (Not its first heading: on a front page
 *     that is a teaser's, another page's headline.)
 *   - the top of its article: after the first heading that is its
 *     headline, up to SITE_ARTICLE_TOP segments before the first one that
 *     does not recur (a byline, a date, the lede a front page repeats as a
 *     teaser).
 * Canonical URLs are taken on trust, and a page that quotes another's
 * article (with a text of its own besides: no copy) makes the quote recur:
 * it is dropped from the quoting page, kept on the one whose main text it
 * is. The survey keeps each counted page's longest segment by its name
 * (site_table_page()); a page it did not keep (it failed there, or had no
 * segments) is left as it is by the cleaning. Two segments are the same
 * when their texts are, byte for byte (the segmenter has already made
 * white space one space). A page's site is page_info_site() (page-info.h):
 * a page whose URL is not known has none, and is neither counted nor
 * changed.
 *
 * Memory: an entry of 16 bytes (at most 32 with the table's room) for each
 * distinct segment of a site, at most SITE_MAX_SEGMENTS_PER_SITE for one
 * site and SITE_MAX_SEGMENTS in all (128 MB); past either, segments first
 * seen on later pages are not counted (site_table_stats() says how many).
 * As much again for each page with a site, at most SITE_MAX_PAGES: the
 * segments of a page past that are not counted either, and the page is
 * left as it is; and 48 bytes for each page that is no copy of another
 * (its sketch).
 * Sites are counted within one run: a crawl cleaned in shards (several
 * machines) counts each shard's. Pages are counted in input order, so the
 * table, and with it the output, is the same for any number of jobs.
 */
#ifndef NC_SITE_TABLE_H
#define NC_SITE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "normalise/page-info.h"
#include "segment/segment.h"
#include "source/page.h"

/* The threshold: pages of a site, otherwise different, that a segment
 * must be on to be site furniture. 2 was best on the Dragnet
 * development pages (the only development set with several pages of a
 * site); more is more careful. */
#define SITE_MIN_PAGES_DEFAULT 2
#define SITE_MIN_PAGES_MAX 4

/* A page's sketch, for telling copies apart, is its longest segments, this
 * many: an article's first paragraphs on most pages. One is too few: a
 * long legal notice on every page would make every page a copy. */
#define SITE_SKETCH 4
/* A page is a copy of another when either holds all of the other's sketch
 * but at most a share of 1/this (by length): a copy that lacks the other's
 * menus, or an article without the comments its copy has. On the Dragnet
 * development pages, where no two pages of a site are copies, the pages of
 * a site that came closest to it held all of each other's sketch but 9%
 * and 10% (blogs whose long sidebars outweigh a short post; counted as
 * copies, as they were before), the next 19%. Above SITE_SKETCH, so that
 * two pages are never copies when either's longest segment (at least a
 * 1/SITE_SKETCH of its sketch) is not on the other. */
#define SITE_COPY_OWN_SHARE 8
/* The top of an article: segments after its headline (a byline, a date, a
 * lede), at most this many, that the cleaning keeps on the page when they
 * recur. Of the Dragnet development pages' headlines, most are followed at
 * once by text of their own, the others by 1 to 3 segments that recur (a
 * byline, "Q."); more would run on into the lists of other headlines that
 * some pages put after their own. */
#define SITE_ARTICLE_TOP 3

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

/* The page named `name` (page.name) of the site `site` as the survey kept
 * it: 1, with the hash_bytes() of its longest segment in `longest` and in
 * `own` whether that is its own main text (no page of another main text
 * has it as its longest segment too); 0 when the survey did not keep it. */
int site_table_page(const struct site_table *table, uint64_t site, const char *name,
		    uint64_t *longest, int *own);

/* Is the segment `text` the headline of a page titled `title` (NULL: none):
 * the title, or a part of it at least half its length that the title's
 * start or end, a space or punctuation bounds on either side ("Budget cuts
 * hit the schools" of "Budget cuts hit the schools | Harbour News"), in
 * any case of ASCII letters? */
int site_headline(const char *title, const char *text, size_t len);

/* --- the drop: a page being cleaned (pipeline.c, a worker's) ------------------- */

/* What the cleaning of one page needs to tell its furniture from its own
 * text (above): the survey's word on the page, and where in its article
 * the segment asked of is. Valid while the page is cleaned (it borrows the
 * table and the page's title). */
struct site_page {
	const struct site_table *table;
	const char *title;
	int surveyed;             /* the page has a site, and the survey kept it */
	uint64_t site;            /* its site's key */
	uint64_t longest;         /* the hash of its longest segment */
	int longest_own;          /* ...which is its own main text */
	enum { SITE_BEFORE_HEADLINE, SITE_ARTICLE_TOP_SEGMENTS, SITE_ARTICLE_BODY } article;
	size_t article_top;       /* segments of its article's top so far */
};

/* Start cleaning the page `page`, whose stage 1 read `info` (its title,
 * its URLs), with `table` (NULL: no site repetition: nothing is
 * furniture). */
void site_page_start(struct site_page *p, const struct site_table *table,
		     const struct page_info *info, const struct page *page);

/* Is `segment`, the page's next (whole, as the survey hashed it: before a
 * method splits it into pieces), site furniture, to be dropped where the
 * decider kept it? Asked of each segment of the page in turn. */
int site_page_furniture(struct site_page *p, const struct segment *segment);

struct site_table_stats {
	uint64_t pages;          /* pages counted (with a site) */
	uint64_t copies;         /* of them, counted as copies of an earlier page */
	uint64_t sites;
	uint64_t segments;       /* distinct segments of all sites */
	uint64_t recurring;      /* of them, on at least min_pages pages */
	uint64_t not_counted;    /* segments passed over past a limit */
};
void site_table_stats(const struct site_table *table, struct site_table_stats *stats);

/* Keeping a table (cli/survey-file.h keeps one beside a run's outputs, so
 * that a resumed run needs no survey). The format is this module's: the
 * table's figures, its entries, pages, main texts' sketches and sites'
 * counts, little-endian, then a hash of all of it (a file cut short or
 * damaged is refused, never half read). A table saved and loaded answers
 * every question as the table did. */
void site_table_save(const struct site_table *table, struct strbuf *out);
/* The table saved in `data`: NULL with NC_ERR_FORMAT when it is not one
 * (cut short, damaged, past the limits above). */
struct site_table *site_table_load(const char *data, size_t len, struct nc_error *err);

/* A page as the survey reads it, in a worker: `record` (emptied first)
 * gets the host of its site (page_info_site()), then each of its segments
 * (their hashes and lengths; past SITE_MAX_SEGMENTS_PER_PAGE only
 * counted). A page without a site gets no record (left empty). */
void site_record_start(struct strbuf *record, const char *host, size_t len);
void site_record_add(struct strbuf *record, const char *text, size_t len);

/* Count the page named `name` (page.name, by which the cleaning finds it;
 * NULL: none, counted but not kept) from its `record`, `len` bytes (0: no
 * site, nothing counted). Pages must come in input order, so that the
 * table is the same for any number of jobs (runner.h, runner_reading). */
void site_table_count_record(struct site_table *table, const char *name, const char *record,
			     size_t len);

#endif
