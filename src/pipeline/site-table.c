/* site-table.c: the table of segments that recur across a site, and the
 * survey output that fills it (see site-table.h).
 *
 * The table is an open-addressing array (struct probe_table) keyed by a 64-bit hash of the
 * site and the segment together (0 marks an empty slot), grown by
 * doubling at half full. Each entry keeps the identity (a 32-bit hash of
 * the page's longest segment) of the first page it was seen on and counts
 * the pages of other identities: a copy of the first page does not count
 * (nor, with a threshold above 2, would a second copy of a later page be
 * told from another page: 16 bytes an entry are worth that). Sites and
 * how many segments each holds are in a uthash table beside it. A second
 * probe_table keeps each counted page's identity, keyed by a hash
 * of its name, for the cleaning (site_table_page()).
 */
#include "pipeline/site-table.h"
#include "base/alloc.h"
#include "base/hash.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

struct site_entry {
	uint64_t key;        /* 0: an empty slot */
	uint32_t identity;   /* of the first page it was seen on */
	uint32_t pages;      /* that page and those of other identities, at most
				min_pages */
};

/* A page the survey counted: the hash of its longest segment. */
struct site_page {
	uint64_t key;        /* of its name; 0: an empty slot */
	uint64_t longest;
};

struct site_count {
	uint64_t site;
	size_t segments;
	UT_hash_handle hh;
};

/* An open-addressing array of items whose first member is their 64-bit key
 * (0 marks an empty slot), grown by doubling at half full: the table's
 * entries and its pages. */
struct probe_table {
	char *items;
	size_t size;                      /* of an item */
	size_t capacity;                  /* a power of two */
	size_t used;
};

struct site_table {
	unsigned min_pages;
	struct probe_table entries;       /* struct site_entry */
	struct probe_table pages;         /* struct site_page, by name */
	struct site_count *sites;         /* uthash */
	struct site_table_stats stats;
};

#define SITE_TABLE_START 1024

static void probe_init(struct probe_table *p, size_t size)
{
	p->size = size;
	p->capacity = SITE_TABLE_START;
	p->used = 0;
	p->items = xcalloc(p->capacity, size);
}

struct site_table *site_table_new(unsigned min_pages)
{
	struct site_table *t = xcalloc(1, sizeof(*t));
	t->min_pages = min_pages < 2 ? 2 : min_pages > SITE_MIN_PAGES_MAX ? SITE_MIN_PAGES_MAX
									   : min_pages;
	probe_init(&t->entries, sizeof(struct site_entry));
	probe_init(&t->pages, sizeof(struct site_page));
	return t;
}

void site_table_free(struct site_table *t)
{
	if (!t)
		return;
	struct site_count *site, *next;
	HASH_ITER(hh, t->sites, site, next) {
		HASH_DEL(t->sites, site);
		free(site);
	}
	free(t->entries.items);
	free(t->pages.items);
	free(t);
}

uint64_t site_key(const char *host, size_t len)
{
	return hash_bytes(host, len);
}

/* The key of a page's name: never 0, which marks an empty slot. */
static uint64_t page_key(const char *name)
{
	uint64_t key = hash_bytes(name, strlen(name));
	return key ? key : 1;
}

/* The key of a segment of a site: never 0, which marks an empty slot. */
static uint64_t entry_key(uint64_t site, uint64_t segment)
{
	uint64_t key = hash_finalise(site ^ (segment * HASH_FNV_PRIME));
	return key ? key : 1;
}

/* The slot of `key`: its item, or the empty slot where it would go. */
static void *probe_find(const struct probe_table *p, uint64_t key)
{
	size_t mask = p->capacity - 1;
	for (size_t i = (size_t)key & mask;; i = (i + 1) & mask) {
		char *item = p->items + i * p->size;
		uint64_t at;
		memcpy(&at, item, sizeof(at));
		if (at == key || at == 0)
			return item;
	}
}

/* A new item of `key` (not in the table), its other members 0. */
static void *probe_add(struct probe_table *p, uint64_t key)
{
	if (2 * (p->used + 1) > p->capacity) {
		struct probe_table grown = { xcalloc(p->capacity * 2, p->size), p->size,
					     p->capacity * 2, p->used };
		for (size_t i = 0; i < p->capacity; i++) {
			const char *item = p->items + i * p->size;
			uint64_t at;
			memcpy(&at, item, sizeof(at));
			if (at)
				memcpy(probe_find(&grown, at), item, p->size);
		}
		free(p->items);
		*p = grown;
	}
	char *item = probe_find(p, key);
	memcpy(item, &key, sizeof(key));
	p->used++;
	return item;
}

int site_table_recurs_hash(const struct site_table *t, uint64_t site, uint64_t segment)
{
	uint64_t key = entry_key(site, segment);
	const struct site_entry *entry = probe_find(&t->entries, key);
	return entry->key == key && entry->pages >= t->min_pages;
}

int site_table_recurs(const struct site_table *t, uint64_t site, const char *text, size_t len)
{
	return site_table_recurs_hash(t, site, hash_bytes(text, len));
}

int site_table_page(const struct site_table *t, const char *name, uint64_t *longest)
{
	uint64_t key = page_key(name);
	const struct site_page *page = probe_find(&t->pages, key);
	if (page->key != key)
		return 0;
	*longest = page->longest;
	return 1;
}

void site_table_stats(const struct site_table *t, struct site_table_stats *stats)
{
	*stats = t->stats;
}

/* A page of the site was on: count it on the segment's entry, new or not.
 * `count` is the site's. */
static void count_segment(struct site_table *t, struct site_count *count, uint64_t segment,
			  uint32_t identity)
{
	uint64_t key = entry_key(count->site, segment);
	struct site_entry *entry = probe_find(&t->entries, key);

	if (entry->key == 0) {
		if (count->segments >= SITE_MAX_SEGMENTS_PER_SITE ||
		    t->entries.used >= SITE_MAX_SEGMENTS) {
			t->stats.not_counted++;
			return;
		}
		entry = probe_add(&t->entries, key);
		count->segments++;
		t->stats.segments++;
	}
	if (entry->pages == 0)
		entry->identity = identity;
	else if (entry->pages >= t->min_pages || entry->identity == identity)
		return;   /* counted enough, or a copy of the first page */
	if (++entry->pages == t->min_pages)
		t->stats.recurring++;
}

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Keep the identity of the page `name` (NULL: a page without a name is
 * counted and not kept); 0 when past the limit of pages. */
static int keep_page(struct site_table *t, const char *name, uint64_t longest)
{
	if (!name)
		return 1;
	uint64_t key = page_key(name);
	struct site_page *page = probe_find(&t->pages, key);
	if (page->key == 0) {   /* a page named twice is the same page */
		if (t->pages.used >= SITE_MAX_PAGES)
			return 0;
		page = probe_add(&t->pages, key);
	}
	page->longest = longest;
	return 1;
}

/* Count the page `name` of `host` whose segments hash to `segments`
 * (sorted here), the longest of which hashes to `longest`. A page without
 * segments is not kept: it has no identity (the cleaning leaves a page the
 * survey did not keep as it is). */
static void count_page(struct site_table *t, const char *name, const char *host,
		       size_t host_len, uint64_t *segments, size_t n, uint64_t longest)
{
	if (n && !keep_page(t, name, longest)) {
		t->stats.not_counted += n;
		return;
	}
	uint64_t site = site_key(host, host_len);
	struct site_count *count;
	HASH_FIND(hh, t->sites, &site, sizeof(site), count);
	if (!count) {
		count = xcalloc(1, sizeof(*count));
		count->site = site;
		HASH_ADD(hh, t->sites, site, sizeof(count->site), count);
		t->stats.sites++;
	}
	t->stats.pages++;
	if (n > 1)   /* qsort() of no array at all is undefined */
		qsort(segments, n, sizeof(*segments), compare_u64);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || segments[i] != segments[i - 1])   /* once a page */
			count_segment(t, count, segments[i], (uint32_t)(longest >> 32));
}

/* --- the survey output ------------------------------------------------------------ */

/* A page in the survey format arrives in pieces of any size: its lines are
 * read as they complete. */
struct survey_output {
	struct page_output base;
	struct site_table *table;
	struct strbuf line;        /* the line being read */
	struct strbuf host;        /* the page's first line */
	struct strbuf name;        /* the page's name */
	int named;                 /* ...when it has one */
	size_t lines;
	uint64_t *segments;
	size_t nsegments, alloc;
	uint64_t longest;
	size_t longest_len;
};

static void survey_reset(struct survey_output *s)
{
	strbuf_reset(&s->line);
	strbuf_reset(&s->host);
	strbuf_reset(&s->name);
	s->named = 0;
	s->lines = 0;
	s->nsegments = 0;
	s->longest = 0;
	s->longest_len = 0;
}

static int survey_open(struct page_output *out, const struct page *page, struct nc_error *err)
{
	struct survey_output *s = (struct survey_output *)out;
	(void)err;
	survey_reset(s);
	if (page && page->name) {   /* the cleaning finds the page by it */
		strbuf_addstr(&s->name, page->name);
		s->named = 1;
	}
	return 0;
}

/* One whole line: the page's host first, then "HASH LENGTH" a segment. */
static int survey_line(struct survey_output *s, const char *line, size_t len,
		       struct nc_error *err)
{
	if (s->lines++ == 0) {
		strbuf_add(&s->host, line, len);
		return 0;
	}
	char *end;
	uint64_t hash = strtoull(line, &end, 16);
	size_t segment_len = (size_t)strtoull(end, &end, 10);
	if (end != line + len)
		return nc_error_set(err, NC_ERR_FORMAT, "site survey: a line that is not "
				    "HASH LENGTH");
	if (s->nsegments == SITE_MAX_SEGMENTS_PER_PAGE) {
		s->table->stats.not_counted++;
		return 0;
	}
	if (s->nsegments == s->alloc)
		s->segments = xgrow(s->segments, &s->alloc, 256, sizeof(*s->segments));
	s->segments[s->nsegments++] = hash;
	if (segment_len > s->longest_len) {
		s->longest_len = segment_len;
		s->longest = hash;
	}
	return 0;
}

static int survey_write(struct page_output *out, const char *data, size_t len,
			struct nc_error *err)
{
	struct survey_output *s = (struct survey_output *)out;
	while (len) {
		const char *newline = memchr(data, '\n', len);
		size_t n = newline ? (size_t)(newline - data) : len;
		strbuf_add(&s->line, data, n);
		if (!newline)
			break;
		if (survey_line(s, s->line.buf, s->line.len, err) < 0)
			return -1;
		strbuf_reset(&s->line);
		data += n + 1;
		len -= n + 1;
	}
	return 0;
}

static int survey_commit(struct page_output *out, struct nc_error *err)
{
	struct survey_output *s = (struct survey_output *)out;
	(void)err;
	if (s->host.len)
		count_page(s->table, s->named ? s->name.buf : NULL, s->host.buf, s->host.len,
			   s->segments, s->nsegments, s->longest);
	survey_reset(s);
	return 0;
}

static void survey_abort(struct page_output *out)
{
	survey_reset((struct survey_output *)out);
}

static int survey_finish(struct page_output *out, struct nc_error *err)
{
	(void)out, (void)err;
	return 0;
}

static void survey_emergency_stop(struct page_output *out)
{
	(void)out;   /* nothing on disk */
}

static void survey_free(struct page_output *out)
{
	struct survey_output *s = (struct survey_output *)out;
	strbuf_release(&s->line);
	strbuf_release(&s->host);
	strbuf_release(&s->name);
	free(s->segments);
	free(s);
}

static const struct page_output_ops survey_ops = {
	.open = survey_open,
	.write = survey_write,
	.commit = survey_commit,
	.abort = survey_abort,
	.finish = survey_finish,
	.emergency_stop = survey_emergency_stop,
	.free = survey_free,
};

struct page_output *site_survey_output_new(struct site_table *table)
{
	struct survey_output *s = xcalloc(1, sizeof(*s));
	s->base.ops = &survey_ops;
	s->table = table;
	strbuf_init(&s->line);
	strbuf_init(&s->host);
	strbuf_init(&s->name);
	return &s->base;
}
