/* site-table.c: the table of segments that recur across a site, and the
 * pages' records that fill it (see site-table.h).
 *
 * The table is an open-addressing array (struct probe_table) keyed by a
 * 64-bit hash of the site and the segment together (0 marks an empty
 * slot), grown by doubling at half full. Pages that are copies of one
 * another are one "main text", numbered from 1 in the order the survey
 * first saw them; the main texts' sketches (their SITE_SKETCH longest
 * segments) are an array by that number. Each entry keeps the main text
 * it was first seen on and counts the main texts it is on: a copy of the
 * first does not count (nor, with a threshold above 2, would a second copy
 * of a later page be told from another page: 16 bytes an entry are worth
 * that); and, for the segment that is some page's longest, the first main
 * text it is the longest of and whether it is another's too. Sites and
 * how many segments each holds are in a uthash table beside it. A second
 * probe_table keeps each counted page's longest segment, keyed by a hash
 * of its name, for the cleaning (site_table_page()).
 */
#include "pipeline/site-table.h"
#include "base/alloc.h"
#include "base/hash.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

/* Main texts are numbered up to SITE_MAX_PAGES: 24 bits. */
#define MAIN_TEXT_BITS 24
_Static_assert(SITE_MAX_PAGES < ((size_t)1 << MAIN_TEXT_BITS), "main texts fit in an entry");

struct site_entry {
	uint64_t key;                  /* 0: an empty slot */
	unsigned main_text : 24;       /* the first it was seen on */
	unsigned pages : 8;            /* that one and those of other main texts, at
					  most min_pages */
	unsigned longest_of : 24;      /* the first main text it is the longest
					  segment of, or 0 */
	unsigned longest_of_more : 8;  /* ...and it is another's longest too */
};
_Static_assert(sizeof(struct site_entry) == 16, "an entry is 16 bytes");
_Static_assert(SITE_COPY_OWN_SHARE > SITE_SKETCH,
	       "a copy holds the longest segment of the page it copies");

/* A page the survey counted: the hash of its longest segment. */
struct kept_page {
	uint64_t key;        /* of its name; 0: an empty slot */
	uint64_t longest;
};

/* A segment of a page, as the survey read it. */
struct site_segment {
	uint64_t hash;
	size_t len;
};

/* A main text: the longest segments of its first page, longest first
 * (fewer when the page has fewer; `len` 0 after them). */
struct site_sketch {
	uint64_t hash[SITE_SKETCH];
	uint32_t len[SITE_SKETCH];
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
	struct probe_table pages;         /* struct kept_page, by name */
	struct site_sketch *sketches;     /* by main text: [0] unused */
	size_t main_texts, sketches_alloc;
	struct site_count *sites;         /* uthash */
	struct site_table_stats stats;
	struct site_segment *scratch;     /* site_table_count_record()'s copy of a page's */
	size_t scratch_alloc;
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
	probe_init(&t->pages, sizeof(struct kept_page));
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
	free(t->sketches);
	free(t->scratch);
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

/* The entry of `segment` on `site`, or NULL. */
static struct site_entry *find_entry(const struct site_table *t, uint64_t site, uint64_t segment)
{
	uint64_t key = entry_key(site, segment);
	struct site_entry *entry = probe_find(&t->entries, key);
	return entry->key == key ? entry : NULL;
}

int site_table_recurs_hash(const struct site_table *t, uint64_t site, uint64_t segment)
{
	const struct site_entry *entry = find_entry(t, site, segment);
	return entry && entry->pages >= t->min_pages;
}

int site_table_recurs(const struct site_table *t, uint64_t site, const char *text, size_t len)
{
	return site_table_recurs_hash(t, site, hash_bytes(text, len));
}

int site_table_page(const struct site_table *t, uint64_t site, const char *name,
		    uint64_t *longest, int *own)
{
	uint64_t key = page_key(name);
	const struct kept_page *page = probe_find(&t->pages, key);
	if (page->key != key)
		return 0;
	const struct site_entry *entry = find_entry(t, site, page->longest);
	*longest = page->longest;
	/* (No entry: the segment was past a limit, and recurs nowhere.) */
	*own = !entry || !entry->longest_of_more;
	return 1;
}

void site_table_stats(const struct site_table *t, struct site_table_stats *stats)
{
	*stats = t->stats;
}

/* --- headlines ----------------------------------------------------------------- */

/* A byte that may be inside a word: an ASCII letter or digit, or any byte
 * of a multi-byte UTF-8 character (most are letters). */
static int word_byte(char c)
{
	return isalnum((unsigned char)c) || (unsigned char)c >= 0x80;
}

int site_headline(const char *title, const char *text, size_t len)
{
	if (!title || !len)
		return 0;
	size_t title_len = strlen(title);
	if (len > title_len || 2 * len < title_len)
		return 0;
	for (size_t at = 0; at + len <= title_len; at++)
		if ((at == 0 || !word_byte(title[at - 1])) &&
		    (at + len == title_len || !word_byte(title[at + len])) &&
		    !strncasecmp(title + at, text, len))
			return 1;
	return 0;
}

/* --- the drop: a page being cleaned --------------------------------------------- */

void site_page_start(struct site_page *p, const struct site_table *table,
		     const struct page_info *info, const struct page *page)
{
	memset(p, 0, sizeof(*p));
	p->table = table;
	p->title = info->title;
	p->article = SITE_BEFORE_HEADLINE;
	if (!table)
		return;
	struct strbuf host = STRBUF_INIT;
	if (page_info_site(info, page, &host)) {
		p->site = site_key(host.buf, host.len);
		p->surveyed = site_table_page(table, p->site, page->name, &p->longest,
					      &p->longest_own);
	}
	strbuf_release(&host);
}

/* Is `segment` (whose hash is `hash`, and which does or does not recur on
 * the site) the page's own text, never furniture on it? Its main text,
 * its headline, and the top of its article: after the first heading that
 * is its headline, at most SITE_ARTICLE_TOP segments up to the first that
 * does not recur. Asked of each segment in turn. */
static int own_text(struct site_page *p, const struct segment *segment, uint64_t hash,
		    int recurring)
{
	if (site_headline(p->title, segment->text, segment->len)) {
		if (segment->type == SEGMENT_HEADING && p->article == SITE_BEFORE_HEADLINE) {
			p->article = SITE_ARTICLE_TOP_SEGMENTS;
			p->article_top = 0;
		}
		return 1;
	}
	if (p->article == SITE_ARTICLE_TOP_SEGMENTS &&
	    (!recurring || p->article_top++ == SITE_ARTICLE_TOP))
		p->article = SITE_ARTICLE_BODY;
	return p->article == SITE_ARTICLE_TOP_SEGMENTS || (p->longest_own && hash == p->longest);
}

int site_page_furniture(struct site_page *p, const struct segment *segment)
{
	if (!p->surveyed)
		return 0;
	uint64_t hash = hash_bytes(segment->text, segment->len);
	int recurring = site_table_recurs_hash(p->table, p->site, hash);
	return !own_text(p, segment, hash, recurring) && recurring;
}

/* --- counting a page ---------------------------------------------------------- */

static int compare_segments(const void *a, const void *b)
{
	const struct site_segment *x = a, *y = b;
	return x->hash < y->hash ? -1 : x->hash > y->hash;
}

/* Is `hash` among the page's `segments` (sorted by hash)? */
static int page_has(const struct site_segment *segments, size_t n, uint64_t hash)
{
	struct site_segment key = { .hash = hash };
	return bsearch(&key, segments, n, sizeof(*segments), compare_segments) != NULL;
}

/* The page's longest segments, longest first (of equals, the lower hash:
 * any order would do, so long as it is always the same). */
static void make_sketch(const struct site_segment *segments, size_t n, struct site_sketch *sketch)
{
	memset(sketch, 0, sizeof(*sketch));
	for (size_t i = 0; i < n; i++) {
		uint32_t len = segments[i].len > UINT32_MAX ? UINT32_MAX : (uint32_t)segments[i].len;
		size_t at = SITE_SKETCH;
		while (at > 0 && (len > sketch->len[at - 1] ||
				  (len == sketch->len[at - 1] && sketch->len[at - 1] &&
				   segments[i].hash < sketch->hash[at - 1])))
			at--;
		if (at == SITE_SKETCH)
			continue;
		memmove(sketch->hash + at + 1, sketch->hash + at,
			(SITE_SKETCH - at - 1) * sizeof(sketch->hash[0]));
		memmove(sketch->len + at + 1, sketch->len + at,
			(SITE_SKETCH - at - 1) * sizeof(sketch->len[0]));
		sketch->hash[at] = segments[i].hash;
		sketch->len[at] = len;
	}
}

/* Is a share of at most 1/SITE_COPY_OWN_SHARE of a sketch of `total`
 * bytes, `own` of them not on the other page, a copy's? */
static int little_of_its_own(uint64_t own, uint64_t total)
{
	return own * SITE_COPY_OWN_SHARE <= total;
}

/* Is the page (its `segments`, sorted, and its `sketch`) a copy of the
 * earlier main text `other`: does either hold all but a little of the
 * other's sketch? Of the page's sketch, a segment is on `other` when it is
 * in other's sketch or was first seen there (the survey keeps no more of
 * an earlier page). */
static int copy_of(const struct site_table *t, uint64_t site, const struct site_segment *segments,
		   size_t n, const struct site_sketch *sketch, uint32_t other)
{
	const struct site_sketch *earlier = &t->sketches[other];
	uint64_t own = 0, total = 0;
	for (size_t i = 0; i < SITE_SKETCH && earlier->len[i]; i++) {
		total += earlier->len[i];
		if (!page_has(segments, n, earlier->hash[i]))
			own += earlier->len[i];
	}
	if (little_of_its_own(own, total))
		return 1;
	own = total = 0;
	for (size_t i = 0; i < SITE_SKETCH && sketch->len[i]; i++) {
		int on_other = 0;
		for (size_t j = 0; j < SITE_SKETCH && earlier->len[j] && !on_other; j++)
			on_other = earlier->hash[j] == sketch->hash[i];
		if (!on_other) {
			const struct site_entry *entry = find_entry(t, site, sketch->hash[i]);
			on_other = entry && entry->main_text == other;
		}
		total += sketch->len[i];
		if (!on_other)
			own += sketch->len[i];
	}
	return little_of_its_own(own, total);
}

static int compare_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* The earlier main text the page is a copy of (the first in the survey's
 * order when it is a copy of several), or 0. The candidates are the main
 * texts its segments were first seen on: any copy shares a segment with
 * the page. */
static uint32_t find_copy(const struct site_table *t, uint64_t site,
			  const struct site_segment *segments, size_t n,
			  const struct site_sketch *sketch)
{
	uint32_t *candidates = xcalloc(n, sizeof(*candidates)), found = 0;
	size_t count = 0;
	for (size_t i = 0; i < n; i++) {
		const struct site_entry *entry = find_entry(t, site, segments[i].hash);
		if (entry)
			candidates[count++] = entry->main_text;
	}
	if (count > 1)
		qsort(candidates, count, sizeof(*candidates), compare_u32);
	for (size_t i = 0; i < count && !found; i++)
		if ((i == 0 || candidates[i] != candidates[i - 1]) &&
		    copy_of(t, site, segments, n, sketch, candidates[i]))
			found = candidates[i];
	free(candidates);
	return found;
}

/* A new main text, of the page whose sketch this is; 0 past the limit. */
static uint32_t new_main_text(struct site_table *t, const struct site_sketch *sketch)
{
	if (t->main_texts + 1 >= SITE_MAX_PAGES)
		return 0;
	while (t->main_texts + 1 >= t->sketches_alloc)   /* [0] is no main text */
		t->sketches = xgrow(t->sketches, &t->sketches_alloc, 1024, sizeof(*t->sketches));
	t->sketches[++t->main_texts] = *sketch;
	return (uint32_t)t->main_texts;
}

/* A page of main text `main_text` was on: count it on the segment's entry,
 * new or not. `count` is the site's. */
static void count_segment(struct site_table *t, struct site_count *count, uint64_t segment,
			  uint32_t main_text)
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
		entry->main_text = main_text;
	else if (entry->pages >= t->min_pages || entry->main_text == main_text)
		return;   /* counted enough, or a copy of the first page */
	if (++entry->pages == t->min_pages)
		t->stats.recurring++;
}

/* The page of main text `main_text` has `longest` for its longest segment. */
static void count_longest(struct site_table *t, uint64_t site, uint64_t longest,
			  uint32_t main_text)
{
	struct site_entry *entry = find_entry(t, site, longest);
	if (!entry)
		return;   /* past a limit */
	if (!entry->longest_of)
		entry->longest_of = main_text;
	else if (entry->longest_of != main_text)
		entry->longest_of_more = 1;
}

/* Keep the longest segment of the page `name` (NULL: a page without a name
 * is counted and not kept); 0 when past the limit of pages. */
static int keep_page(struct site_table *t, const char *name, uint64_t longest)
{
	if (!name)
		return 1;
	uint64_t key = page_key(name);
	struct kept_page *page = probe_find(&t->pages, key);
	if (page->key == 0) {   /* a page named twice is the same page */
		if (t->pages.used >= SITE_MAX_PAGES)
			return 0;
		page = probe_add(&t->pages, key);
	}
	page->longest = longest;
	return 1;
}

/* The count of `site`, new or not. */
static struct site_count *find_site(struct site_table *t, uint64_t site)
{
	struct site_count *count;
	HASH_FIND(hh, t->sites, &site, sizeof(site), count);
	if (!count) {
		count = xcalloc(1, sizeof(*count));
		count->site = site;
		HASH_ADD(hh, t->sites, site, sizeof(count->site), count);
		t->stats.sites++;
	}
	return count;
}

/* Sort the page's segments by hash and drop repeats: a page counts once. */
static size_t distinct_segments(struct site_segment *segments, size_t n)
{
	if (n < 2)   /* qsort() of no array at all is undefined */
		return n;
	qsort(segments, n, sizeof(*segments), compare_segments);
	size_t kept = 1;
	for (size_t i = 1; i < n; i++)
		if (segments[i].hash != segments[kept - 1].hash)
			segments[kept++] = segments[i];
	return kept;
}

/* Count the page `name` of `host` whose segments are `segments` (sorted
 * here), the longest of which hashes to `longest`, as a copy of an earlier
 * page's main text or as a new one. A page without segments is not kept:
 * it has no main text (the cleaning leaves a page the survey did not keep
 * as it is). */
static void count_page(struct site_table *t, const char *name, const char *host,
		       size_t host_len, struct site_segment *segments, size_t n, uint64_t longest)
{
	uint64_t site = site_key(host, host_len);
	n = distinct_segments(segments, n);
	uint32_t main_text = 0, copy = 0;
	if (n) {
		struct site_sketch sketch;
		make_sketch(segments, n, &sketch);
		copy = main_text = find_copy(t, site, segments, n, &sketch);
		if (!copy)
			main_text = new_main_text(t, &sketch);
		if (!main_text || !keep_page(t, name, longest)) {
			t->stats.not_counted += n;
			return;
		}
	}
	struct site_count *count = find_site(t, site);
	t->stats.pages++;
	t->stats.copies += copy != 0;
	for (size_t i = 0; i < n; i++)
		count_segment(t, count, segments[i].hash, main_text);
	if (n)
		count_longest(t, site, longest, main_text);
}

/* --- keeping a table -------------------------------------------------------------- */

/* The format's first bytes, with its version. */
#define SITE_TABLE_MAGIC "ncsites1"

static void put_u64(struct strbuf *out, uint64_t v)
{
	unsigned char b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	strbuf_add(out, b, sizeof(b));
}

/* A reader of a saved table: `at` past the end means it was cut short. */
struct table_reader {
	const unsigned char *data;
	size_t len, at;
};

static uint64_t get_u64(struct table_reader *r)
{
	uint64_t v = 0;
	if (r->at > r->len || r->len - r->at < 8) {
		r->at = r->len + 1;
		return 0;
	}
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)r->data[r->at + i] << (8 * i);
	r->at += 8;
	return v;
}

/* The figures of a table, in the order saved. */
#define TABLE_FIGURES 6

static void figures(struct site_table_stats *s, uint64_t *f[TABLE_FIGURES])
{
	f[0] = &s->pages, f[1] = &s->copies, f[2] = &s->sites;
	f[3] = &s->segments, f[4] = &s->recurring, f[5] = &s->not_counted;
}

void site_table_save(const struct site_table *t, struct strbuf *out)
{
	size_t start = out->len;
	struct site_table_stats stats = t->stats;
	uint64_t *f[TABLE_FIGURES];
	strbuf_add(out, SITE_TABLE_MAGIC, 8);
	put_u64(out, t->min_pages);
	figures(&stats, f);
	for (int i = 0; i < TABLE_FIGURES; i++)
		put_u64(out, *f[i]);
	put_u64(out, t->entries.used);
	put_u64(out, t->pages.used);
	put_u64(out, t->main_texts);
	put_u64(out, HASH_COUNT(t->sites));
	for (size_t i = 0; i < t->entries.capacity; i++) {
		const struct site_entry *e = (const struct site_entry *)t->entries.items + i;
		if (!e->key)
			continue;
		put_u64(out, e->key);
		put_u64(out, (uint64_t)e->main_text | (uint64_t)e->pages << 24 |
			     (uint64_t)e->longest_of << 32 | (uint64_t)e->longest_of_more << 56);
	}
	for (size_t i = 0; i < t->pages.capacity; i++) {
		const struct kept_page *page = (const struct kept_page *)t->pages.items + i;
		if (page->key) {
			put_u64(out, page->key);
			put_u64(out, page->longest);
		}
	}
	for (size_t m = 1; m <= t->main_texts; m++)
		for (int i = 0; i < SITE_SKETCH; i++) {
			put_u64(out, t->sketches[m].hash[i]);
			put_u64(out, t->sketches[m].len[i]);
		}
	for (const struct site_count *c = t->sites; c; c = c->hh.next) {
		put_u64(out, c->site);
		put_u64(out, c->segments);
	}
	put_u64(out, hash_bytes(out->buf + start, out->len - start));
}

/* The bytes a saved table of these counts takes. */
static uint64_t saved_size(uint64_t entries, uint64_t pages, uint64_t main_texts,
			   uint64_t sites)
{
	return 8 + 8 * (1 + TABLE_FIGURES + 4) + 16 * (entries + pages + sites) +
	       16 * SITE_SKETCH * main_texts + 8;
}

static struct site_table *load_failed(struct site_table *t, struct nc_error *err,
				      const char *what)
{
	site_table_free(t);
	nc_error_set(err, NC_ERR_FORMAT, "not a saved site table: %s", what);
	return NULL;
}

struct site_table *site_table_load(const char *data, size_t len, struct nc_error *err)
{
	struct table_reader r = { (const unsigned char *)data, len, 8 };
	if (len < 8 || memcmp(data, SITE_TABLE_MAGIC, 8))
		return load_failed(NULL, err, "it begins otherwise (another version?)");
	uint64_t min_pages = get_u64(&r);
	struct site_table_stats stats;
	uint64_t *f[TABLE_FIGURES];
	figures(&stats, f);
	for (int i = 0; i < TABLE_FIGURES; i++)
		*f[i] = get_u64(&r);
	uint64_t entries = get_u64(&r), pages = get_u64(&r), main_texts = get_u64(&r),
		 sites = get_u64(&r);
	if (r.at > len || entries > SITE_MAX_SEGMENTS || pages > SITE_MAX_PAGES ||
	    main_texts >= SITE_MAX_PAGES || sites > SITE_MAX_PAGES ||
	    saved_size(entries, pages, main_texts, sites) != len)
		return load_failed(NULL, err, "cut short, or its counts are wrong");
	if (hash_bytes(data, len - 8) != (r.at = len - 8, get_u64(&r)))
		return load_failed(NULL, err, "damaged (its hash does not match)");
	r.at = 8 + 8 * (1 + TABLE_FIGURES + 4);
	if (min_pages < 2 || min_pages > SITE_MIN_PAGES_MAX)
		return load_failed(NULL, err, "its threshold is out of range");
	struct site_table *t = site_table_new((unsigned)min_pages);
	t->stats = stats;
	for (uint64_t i = 0; i < entries; i++) {
		uint64_t key = get_u64(&r), packed = get_u64(&r);
		struct site_entry *e = probe_find(&t->entries, key);
		if (!key || e->key == key || (packed & 0xFFFFFF) > main_texts)
			return load_failed(t, err, "a segment is there twice, or of no page");
		e = probe_add(&t->entries, key);
		e->main_text = packed & 0xFFFFFF;
		e->pages = (packed >> 24) & 0xFF;
		e->longest_of = (packed >> 32) & 0xFFFFFF;
		e->longest_of_more = (packed >> 56) & 0xFF;
	}
	for (uint64_t i = 0; i < pages; i++) {
		uint64_t key = get_u64(&r), longest = get_u64(&r);
		struct kept_page *page = probe_find(&t->pages, key);
		if (!key || page->key == key)
			return load_failed(t, err, "a page is there twice");
		page = probe_add(&t->pages, key);
		page->longest = longest;
	}
	while (t->main_texts < main_texts) {
		struct site_sketch sketch;
		for (int i = 0; i < SITE_SKETCH; i++) {
			sketch.hash[i] = get_u64(&r);
			uint64_t n = get_u64(&r);
			sketch.len[i] = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
		}
		new_main_text(t, &sketch);
	}
	for (uint64_t i = 0; i < sites; i++) {
		uint64_t site = get_u64(&r), segments = get_u64(&r);
		struct site_count *count;
		HASH_FIND(hh, t->sites, &site, sizeof(site), count);
		if (count)
			return load_failed(t, err, "a site is there twice");
		count = find_site(t, site);
		count->segments = (size_t)segments;
	}
	t->stats.sites = stats.sites;   /* find_site() counted them again */
	return t;
}

/* --- a page's record ------------------------------------------------------------- */

/* A page as a survey worker reads it: this head, the host's bytes, then a
 * struct site_segment a segment, all in this process's own layout (the
 * record goes from a worker to the thread that counts, never to disk). */
struct record_head {
	uint64_t host_len;
	uint64_t past_limit;   /* segments past SITE_MAX_SEGMENTS_PER_PAGE, not recorded */
};

void site_record_start(struct strbuf *record, const char *host, size_t len)
{
	struct record_head head = { .host_len = len };
	strbuf_reset(record);
	strbuf_add(record, &head, sizeof(head));
	strbuf_add(record, host, len);
}

void site_record_add(struct strbuf *record, const char *text, size_t len)
{
	struct record_head head;
	memcpy(&head, record->buf, sizeof(head));
	size_t segments_at = sizeof(head) + (size_t)head.host_len;
	if ((record->len - segments_at) / sizeof(struct site_segment) == SITE_MAX_SEGMENTS_PER_PAGE) {
		head.past_limit++;
		memcpy(record->buf, &head, sizeof(head));
		return;
	}
	struct site_segment segment = { hash_bytes(text, len), len };
	strbuf_add(record, &segment, sizeof(segment));
}

void site_table_count_record(struct site_table *t, const char *name, const char *record,
			     size_t len)
{
	struct record_head head;
	if (len < sizeof(head))
		return;   /* no site: nothing recorded */
	memcpy(&head, record, sizeof(head));
	t->stats.not_counted += head.past_limit;
	const char *host = record + sizeof(head);
	size_t segments_at = sizeof(head) + (size_t)head.host_len;
	size_t n = (len - segments_at) / sizeof(struct site_segment);
	if (!head.host_len)
		return;
	/* Copied out: the record need not be aligned, and counting sorts them. */
	while (n > t->scratch_alloc)
		t->scratch = xgrow(t->scratch, &t->scratch_alloc, 256, sizeof(*t->scratch));
	if (n)   /* (a page of no segments: scratch may be NULL still) */
		memcpy(t->scratch, record + segments_at, n * sizeof(*t->scratch));
	uint64_t longest = 0;
	size_t longest_len = 0;
	for (size_t i = 0; i < n; i++)
		if (t->scratch[i].len > longest_len) {
			longest_len = t->scratch[i].len;
			longest = t->scratch[i].hash;
		}
	count_page(t, name, host, (size_t)head.host_len, t->scratch, n, longest);
}
