/* dump-cache.h: what a run's first pass made of its pages, kept for its
 * second.
 *
 * --site-repetition reads its inputs twice: a survey of every page, then
 * the cleaning. Reading, normalising, rendering (a Lynx process a page)
 * and segmenting are most of a page's time, and the survey has done them
 * all: so it keeps each HTML page's segments here (pipeline.c writes them,
 * and reads them back), with what stage 1 found the page says of itself
 * (its page_info, saved), and the cleaning takes both back instead of
 * doing stages 1-3 again. Both passes must then share their markers and
 * segmenter flags (pipeline_config.markers), which made the segments.
 * This module keeps any two strings of bytes a page: a "head" and a
 * "dump" (what pipeline.c keeps as the dump is the page's segments).
 *
 * On disk, in an anonymous temporary file in $TMPDIR (base/file.h): the
 * dumps one after another, written with pwrite() at offsets handed out
 * under a mutex; in memory, each page's name, offset and length (about 64
 * bytes and the name a page), so that a crawl of millions of pages keeps
 * their segments on disk, within the bounds below, never in memory. Any
 * number of workers of either pass share one cache. A page whose dump is not there (it failed in the survey, or
 * the cache stopped keeping dumps) is simply rendered again: the cache
 * changes how long a run takes, never what it writes. It stops keeping
 * dumps, for the rest of the run, when a write fails, when the file would
 * pass the process's file size limit (ulimit -f), or when the file system
 * would keep less than DUMP_CACHE_MIN_FREE free (Lynx needs room in $TMPDIR
 * too). A page is known by a key its source gives it (pipeline.c: its name,
 * and whether it is an archive's record, whose name FILE@OFFSET a file may
 * also have).
 */
#ifndef NC_DUMP_CACHE_H
#define NC_DUMP_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/strbuf.h"

#define DUMP_CACHE_MIN_FREE ((uint64_t)256 << 20)

struct dump_cache;

/* NULL with NC_ERR_IO when no temporary file can be made. */
struct dump_cache *dump_cache_new(struct nc_error *err);
void dump_cache_free(struct dump_cache *cache);

/* Keep `head` (what else the page's second pass needs) and the dump of the
 * page named `name` (a later one for the same name replaces them). Never
 * fails: what cannot be kept is not. */
void dump_cache_put(struct dump_cache *cache, const char *name, const struct strbuf *head,
		    const struct strbuf *dump);

/* What was kept for `name`, appended to `head` and `dump`: 1; 0 when there
 * is nothing (or it can no longer be read back: render the page). */
int dump_cache_get(struct dump_cache *cache, const char *name, struct strbuf *head,
		   struct strbuf *dump);

/* What the cache did, for --stats and tests. */
struct dump_cache_stats {
	uint64_t kept, bytes;   /* dumps kept, and their bytes */
	uint64_t taken;         /* dumps taken back */
	int stopped;            /* it stopped keeping dumps (a write failed, or the disk
				   was nearly full) */
};
void dump_cache_stats(struct dump_cache *cache, struct dump_cache_stats *stats);

#endif
