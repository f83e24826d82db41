/* t5510-site-table: the site table and the pages' records that fill it
 * (pipeline/site-table.h), counted as the survey counts them (batch.h):
 * a segment recurs when it is on min_pages pages of its site, copies of
 * the first page do not count, sites are apart, a page without a record
 * (no site, or failed) counts nothing, a page's segments past the limit are
 * passed over, a page with a site and
 * no segments is counted (no qsort() of nothing), each counted page's
 * longest segment is kept by its name for the cleaning, with whether it is
 * the page's own main text; near copies of a page (a long comment more,
 * the menus less) count as one page, pages that share a long notice and
 * not their articles do not (issue 36); a page's headline (its title, or
 * most of it); the site of a page
 * (page_info_site(): the archive's URL, the page's own, its canonical one;
 * IPv6 literals, the last '@', a final dot), and the canonical URL a page
 * declares (trimmed, in a <link> or <meta> and no other element; as a
 * browser reads it: character references, protocol-relative, relative to
 * the page's <base>); a table saved and loaded answers as it did, and a
 * saved one cut short or damaged is refused. */
#include "pipeline/dump-cache.h"
#include "pipeline/site-table.h"
#include "normalise/html.h"
#include "normalise/page-info.h"
#include "base/hash.h"
#include "tap.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One page named `name` (NULL: none) counted into `t` as the survey counts
 * it: a record of its site HOST ("": none, no record) and its segments. */
static int survey_named(struct site_table *t, const char *name, const char *host,
			const char *const *segments, size_t n)
{
	struct strbuf record = STRBUF_INIT;
	if (*host) {
		site_record_start(&record, host, strlen(host));
		for (size_t i = 0; i < n; i++)
			site_record_add(&record, segments[i], strlen(segments[i]));
	}
	site_table_count_record(t, name, record.buf, record.len);
	strbuf_release(&record);
	return 0;
}

static int survey_page(struct site_table *t, const char *host, const char *const *segments,
		       size_t n)
{
	return survey_named(t, NULL, host, segments, n);
}

static int recurs(const struct site_table *t, const char *host, const char *text)
{
	return site_table_recurs(t, site_key(host, strlen(host)), text, strlen(text));
}

static const char *site_of(const char *source_url, const char *own_url, const char *canonical)
{
	static struct strbuf host = STRBUF_INIT;
	struct page page = { .url = (char *)source_url, .name = "page.html" };
	struct page_info info = { .url = (char *)own_url, .canonical = (char *)canonical };
	return page_info_site(&info, &page, &host) ? host.buf : "(none)";
}

/* The canonical URL the page `html` declares, as stage 1 reads it. */
static const char *canonical_of(const char *html)
{
	static struct strbuf copy = STRBUF_INIT;
	struct strbuf page = STRBUF_INIT;
	struct page_info info;
	struct charset_policy policy = { 0 };
	struct nc_error err = { 0 };
	strbuf_addstr(&page, html);
	strbuf_reset(&copy);
	if (html_normalise(NULL, NULL, NULL, &policy, "utf-8", 0, &page, &info, &err) < 0)
		strbuf_addf(&copy, "(error: %s)", err.message);
	else
		strbuf_addstr(&copy, info.canonical ? info.canonical : "(none)");
	page_info_release(&info);
	strbuf_release(&page);
	return copy.buf;
}

/* The survey's dumps kept for the cleaning (dump-cache.h), and a page's
 * info through them. */
static void check_dump_cache(void)
{
	struct nc_error err = { 0 };
	struct dump_cache *cache = dump_cache_new(&err);
	if (!cache) {
		skip("no temporary file: %s", err.message);
		return;
	}
	struct strbuf head = STRBUF_INIT, dump = STRBUF_INIT, got_head = STRBUF_INIT,
		      got_dump = STRBUF_INIT;
	strbuf_addstr(&head, "head of a");
	strbuf_addstr(&dump, "the dump of a\n\nwith two blocks\n");
	dump_cache_put(cache, "a.html", &head, &dump);
	strbuf_reset(&head);
	strbuf_reset(&dump);
	strbuf_addstr(&dump, "the dump of b, with no head");
	dump_cache_put(cache, "b.html", &head, &dump);
	ok(dump_cache_get(cache, "a.html", &got_head, &got_dump) == 1 &&
	   !strcmp(got_head.buf, "head of a") && !strcmp(got_dump.buf, "the dump of a\n\nwith two blocks\n"),
	   "a page's head and dump come back as they were kept");
	strbuf_reset(&got_head);
	strbuf_reset(&got_dump);
	strbuf_addstr(&got_dump, "before:");
	ok(dump_cache_get(cache, "b.html", &got_head, &got_dump) == 1 && got_head.len == 0 &&
	   !strcmp(got_dump.buf, "before:the dump of b, with no head"),
	   "...appended to what the buffer holds; an empty head is empty");
	strbuf_reset(&got_dump);
	strbuf_addstr(&got_dump, "before:");
	ok(dump_cache_get(cache, "c.html", &got_head, &got_dump) == 0 &&
	   !strcmp(got_dump.buf, "before:"), "a page never kept: 0, the buffers as they were");
	strbuf_reset(&dump);
	strbuf_addstr(&dump, "a second dump of a");
	dump_cache_put(cache, "a.html", &head, &dump);
	strbuf_reset(&got_dump);
	ok(dump_cache_get(cache, "a.html", &got_head, &got_dump) == 1 &&
	   !strcmp(got_dump.buf, "a second dump of a"), "a later dump for the same name replaces it");
	struct dump_cache_stats stats;
	dump_cache_stats(cache, &stats);
	ok(stats.kept == 2 && stats.taken == 3 && !stats.stopped,
	   "stats: 2 pages kept, 3 dumps taken back (%" PRIu64 ", %" PRIu64 ")", stats.kept,
	   stats.taken);

	struct page_info info = { 0 }, back = { 0 };
	info.title = strdup("A title");
	info.canonical = strdup("http://h.example/a");
	strcpy(info.charset.name, "UTF-8");
	info.charset.converted = 1;
	strbuf_reset(&head);
	page_info_save(&info, &head);
	ok(page_info_restore(&back, head.buf, head.len) == 0 && !back.url &&
	   !strcmp(back.title, "A title") && !back.keywords &&
	   !strcmp(back.canonical, "http://h.example/a") && !strcmp(back.charset.name, "UTF-8") &&
	   back.charset.converted == 1, "a page's info is restored as it was saved");
	page_info_release(&back);
	ok(page_info_restore(&back, head.buf, head.len - 1) < 0 && !back.title,
	   "...and a short one is refused, nothing left behind");
	page_info_release(&info);
	strbuf_release(&head);
	strbuf_release(&dump);
	strbuf_release(&got_head);
	strbuf_release(&got_dump);
	dump_cache_free(cache);
}

/* Near copies of a page count as one page (issue 36): the same article
 * with a long reader comment, in either order, and a printable version
 * without the menus; pages that share a long notice, their longest segment,
 * but not their articles, are no copies, and the notice is no page's own
 * main text. */
static void check_copies(void)
{
	const char *menu = "Home News Sport Weather",
		   *p1 = "The council met on Monday to cut the budget of the schools by a tenth, "
			 "the first cut in twenty years.",
		   *p2 = "Teachers said the cut would cost the town two of its libraries and the "
			 "music lessons of the primary schools.",
		   *p3 = "The mayor said there was no other way to pay for the new harbour wall.",
		   *comment = "A reader's comment, longer than any paragraph of the article: I "
			      "taught at the harbour school for thirty years and I have never seen "
			      "the council treat the children of this town so badly as it does now.",
		   *newsletter = "Sign up to the newsletter of the harbour.";
	const char *article[] = { menu, p1, p2, p3, newsletter },
		   *with_comment[] = { menu, p1, p2, p3, comment, newsletter },
		   *printable[] = { p1, p2, p3 },
		   *other[] = { menu, "The ferry left at dawn with forty passengers and a cargo of "
			       "apples.", newsletter };
	for (int order = 0; order < 2; order++) {
		struct site_table *t = site_table_new(2);
		struct site_table *out = t;
		survey_named(out, "budget", "h", order ? with_comment : article, order ? 6 : 5);
		survey_named(out, "budget?view=comments", "h", order ? article : with_comment,
			     order ? 5 : 6);
		survey_named(out, "budget?print=1", "h", printable, 3);
		ok(!recurs(t, "h", p1) && !recurs(t, "h", p2) && !recurs(t, "h", p3),
		   "an article and its copy with a long comment (%s first), and a printable "
		   "version, count once: its paragraphs do not recur",
		   order ? "the copy" : "the article");
		ok(!recurs(t, "h", menu), "...nor the menu (on copies alone)");
		survey_named(out, "ferry", "h", other, 3);
		ok(recurs(t, "h", menu) && recurs(t, "h", newsletter),
		   "...which another article makes recur");
		struct site_table_stats stats;
		site_table_stats(t, &stats);
		is_int(stats.copies, 2, "...two copies counted");
		site_table_free(t);
	}

	/* A long notice on every page, each page's longest segment. */
	const char *notice = "We use cookies to make this site work and to count its readers; by "
			     "reading on you agree to our use of cookies, to the terms of this site "
			     "and to its privacy policy, which you can read in full on the page of "
			     "our lawyers at any time.";
	const char *short_news[][3] = {
		{ notice, newsletter, "The council met on Monday to cut the budget of the schools." },
		{ notice, newsletter, "The ferry left at dawn with forty passengers and apples." },
		{ notice, newsletter, "The lighthouse keeper wrote a book about the storms." },
	};
	struct site_table *t = site_table_new(2);
	struct site_table *out = t;
	const char *names[] = { "a", "b", "c" };
	for (int i = 0; i < 3; i++)
		survey_named(out, names[i], "h", short_news[i], 3);
	ok(recurs(t, "h", newsletter), "pages sharing a long notice, their longest segment, but "
	   "not their news are no copies: the newsletter line recurs");
	ok(recurs(t, "h", notice), "...and so does the notice");
	uint64_t longest = 0;
	int own = -1;
	ok(site_table_page(t, site_key("h", 1), "b", &longest, &own) &&
	   longest == hash_bytes(notice, strlen(notice)) && !own,
	   "...which is each page's longest segment, and no page's own main text");
	struct site_table_stats stats;
	site_table_stats(t, &stats);
	is_int(stats.copies, 0, "...no copies");
	site_table_free(t);
}

/* Every question the cleaning asks, the same of `a` and `b`: whether each
 * of `texts` recurs on `host`, and each of the pages `names`' longest
 * segment and whether it is its own. */
static int same_answers(const struct site_table *a, const struct site_table *b, const char *host,
			const char *const *texts, size_t ntexts, const char *const *names,
			size_t nnames)
{
	uint64_t site = site_key(host, strlen(host));
	int same = 1;
	for (size_t i = 0; i < ntexts; i++)
		same &= recurs(a, host, texts[i]) == recurs(b, host, texts[i]);
	for (size_t i = 0; i < nnames; i++) {
		uint64_t longest_a = 0, longest_b = 0;
		int own_a = -1, own_b = -1;
		int kept_a = site_table_page(a, site, names[i], &longest_a, &own_a);
		int kept_b = site_table_page(b, site, names[i], &longest_b, &own_b);
		same &= kept_a == kept_b && longest_a == longest_b && own_a == own_b;
	}
	return same;
}

/* A table saved and loaded (cli/survey-file.h keeps one beside a run's
 * outputs) answers as the table did, and goes on counting as it would
 * have (its main texts' sketches kept: a later copy is still a copy); a
 * saved table cut short or with a byte changed is refused. */
static void check_saved(void)
{
	const char *menu = "Home News Sport", *notice = "Read our privacy policy first.",
		   *a = "The ferry left at dawn with forty passengers aboard, and apples.",
		   *b = "The lighthouse keeper wrote a book about the storms of the winter.",
		   *c = "Fishermen sold their catch on the quay before the market opened.",
		   *comment = "A reader's comment, longer than the article it is under: the "
			      "ferry was late again, as it always is, and nobody said why.";
	const char *page_a[] = { menu, a, notice }, *page_b[] = { menu, b, notice },
		   *copy_a[] = { menu, a, comment, notice }, *page_c[] = { menu, c };
	const char *texts[] = { menu, notice, a, b, c, comment, "never seen" };
	const char *names[] = { "a", "b", "a-copy", "c", "none" };
	struct site_table *t = site_table_new(2);
	struct site_table *out = t;
	survey_named(out, "a", "h", page_a, 3);
	survey_named(out, "b", "h", page_b, 3);
	survey_named(out, "b", "other.example", page_b, 3);
	struct strbuf saved = STRBUF_INIT;
	site_table_save(t, &saved);
	struct nc_error err = { 0 };
	struct site_table *loaded = site_table_load(saved.buf, saved.len, &err);
	ok(loaded != NULL, "a table saved is loaded%s%s", loaded ? "" : ": ", err.message);
	if (!loaded) {
		site_table_free(t);
		strbuf_release(&saved);
		return;
	}
	ok(same_answers(t, loaded, "h", texts, 7, names, 5) &&
	   same_answers(t, loaded, "other.example", texts, 7, names, 5),
	   "...and answers every question as the table did");
	struct site_table_stats before, after;
	site_table_stats(t, &before);
	site_table_stats(loaded, &after);
	ok(!memcmp(&before, &after, sizeof(before)), "...with the same figures");
	struct site_table *loaded_out = loaded;
	survey_named(out, "a-copy", "h", copy_a, 4);
	survey_named(loaded_out, "a-copy", "h", copy_a, 4);
	survey_named(out, "c", "h", page_c, 2);
	survey_named(loaded_out, "c", "h", page_c, 2);
	site_table_stats(t, &before);
	site_table_stats(loaded, &after);
	ok(same_answers(t, loaded, "h", texts, 7, names, 5) && after.copies == 1 &&
	   !memcmp(&before, &after, sizeof(before)),
	   "...and counts the pages after it as the table does (a copy still a copy)");
	site_table_free(loaded);

	loaded = site_table_load(saved.buf, saved.len - 1, &err);
	ok(!loaded && err.code == NC_ERR_FORMAT, "a saved table cut short is refused: %s",
	   err.message);
	int refused = 1;
	for (size_t i = 0; i < saved.len; i++) {
		saved.buf[i] ^= 0x20;
		struct site_table *damaged = site_table_load(saved.buf, saved.len, &err);
		refused &= damaged == NULL;
		site_table_free(damaged);
		saved.buf[i] ^= 0x20;
	}
	ok(refused, "...and so is one with any byte changed (%zu bytes)", saved.len);
	loaded = site_table_load(saved.buf, saved.len, &err);
	ok(loaded != NULL, "...the bytes restored, it loads again");
	site_table_free(loaded);
	strbuf_release(&saved);
	site_table_free(t);
}

/* A page's headline: its title, or most of it. */
static void check_headlines(void)
{
	const char *title = "Budget cuts hit the schools | Harbour News";
#define HEADLINE(text) site_headline(title, text, strlen(text))
	ok(HEADLINE("Budget cuts hit the schools"), "the title before its separator is the headline");
	ok(HEADLINE("budget cuts hit the SCHOOLS"), "...in any case");
	ok(HEADLINE(title), "...so is the whole title");
	ok(!HEADLINE("Harbour News"), "...not the site's name, less than half of it");
	ok(!HEADLINE("Budget cuts hit the school"), "...nor a part that ends inside a word");
	ok(!HEADLINE("udget cuts hit the schools"), "...or begins inside one");
	ok(!HEADLINE("Budget cuts hit the schools | Harbour News today"), "...nor more than the title");
	ok(!site_headline(NULL, "Budget", 6) && !site_headline(title, "", 0),
	   "no title, or an empty segment: none");
	title = "Harbour News: Bürgermeister kürzt das Budget";
	ok(!HEADLINE("Harbour News: Bürgermeister kürzt das Budge"), "a word of UTF-8 letters is "
	   "one word too");
	ok(HEADLINE("Bürgermeister kürzt das Budget"), "...after a colon and a space");
#undef HEADLINE
}

int main(void)
{
	struct site_table *t = site_table_new(2);
	struct site_table *out = t;
	const char *menu = "Home News Sport", *article_a = "The ferry left at dawn with forty "
		"passengers aboard.", *article_b = "The lighthouse keeper wrote a book of storms.";
	const char *page_a[] = { menu, article_a, menu }, *page_b[] = { menu, article_b };

	ok(survey_page(out, "harbour.example", page_a, 3) == 0, "a page is counted");
	ok(!recurs(t, "harbour.example", menu), "a segment twice on one page does not recur");
	ok(survey_page(out, "harbour.example", page_a, 3) == 0, "a copy of it");
	ok(!recurs(t, "harbour.example", menu), "a copy of the first page does not count");
	ok(!recurs(t, "harbour.example", article_a), "...nor its article");
	ok(survey_page(out, "elsewhere.example", page_b, 2) == 0, "a page of another site");
	ok(!recurs(t, "harbour.example", menu), "another site's page does not count");
	ok(survey_page(out, "harbour.example", page_b, 2) == 0, "a second page of the site");
	ok(recurs(t, "harbour.example", menu), "the menu recurs on the site");
	ok(!recurs(t, "elsewhere.example", menu), "...not on the other site (one page there)");
	ok(!recurs(t, "harbour.example", article_a), "the articles do not recur");
	ok(!recurs(t, "harbour.example", "Home News"), "nor does a segment never seen");

	/* A page without a site (no record) counts nothing. */
	ok(survey_page(out, "", page_b, 2) == 0 && !recurs(t, "", menu), "a page without a site");

	struct site_table_stats stats;
	site_table_stats(t, &stats);
	is_int(stats.pages, 4, "pages counted (with a site)");
	is_int(stats.sites, 2, "sites");
	is_int(stats.segments, 5, "distinct segments of each site (3 and 2)");
	is_int(stats.recurring, 1, "recurring");
	is_int(stats.not_counted, 0, "none past the limits");
	site_table_free(t);

	/* The threshold, and a page's segments past the limit. */
	t = site_table_new(3);
	out = t;
	survey_page(out, "h", page_a, 3);
	survey_page(out, "h", page_b, 2);
	ok(!recurs(t, "h", menu), "min_pages 3: two pages are not enough");
	const char *page_c[] = { menu, "A third article of the site, of its own." };
	survey_page(out, "h", page_c, 2);
	ok(recurs(t, "h", menu), "...three are");
	struct strbuf many = STRBUF_INIT;
	site_record_start(&many, "big.example", 11);
	for (size_t i = 0; i < SITE_MAX_SEGMENTS_PER_PAGE + 10; i++) {
		char text[32];
		int len = snprintf(text, sizeof(text), "segment %zu", i);
		site_record_add(&many, text, (size_t)len);
	}
	site_table_count_record(t, NULL, many.buf, many.len);
	site_table_stats(t, &stats);
	is_int(stats.pages, 3 + 1, "a page of more segments than the limit is counted");
	is_int(stats.not_counted, 10, "...the ones past it are not counted");
	strbuf_release(&many);
	site_table_free(t);

	/* A page with a site and no segments (a canonical link, an empty
	 * body), the first of its output: no array of segments at all, which
	 * is not to be sorted (qsort(NULL, 0, ...) is undefined: UBSan). */
	t = site_table_new(2);
	out = t;
	ok(survey_page(out, "empty.example", NULL, 0) == 0, "a page with a site and no segments");
	site_table_stats(t, &stats);
	is_int(stats.pages, 1, "...is counted as a page");
	is_int(stats.segments, 0, "...of no segments");
	site_table_free(t);

	/* Each counted page's longest segment, by its name, for the cleaning,
	 * which never drops it from its page while it is the page's own main
	 * text. */
	t = site_table_new(2);
	out = t;
	uint64_t harbour = site_key("harbour.example", 15);
	const char *letter = "A reader wrote to us about the morning ferry and the story we printed "
			     "last week, which she quoted.";
	const char *quoting[] = { letter, article_a };   /* a's article quoted */
	survey_named(out, "a.html", "harbour.example", page_a, 3);
	survey_named(out, "b.html", "harbour.example", page_b, 2);
	survey_named(out, "quote.html", "harbour.example", quoting, 2);
	uint64_t longest = 0;
	int own = -1;
	ok(site_table_page(t, harbour, "a.html", &longest, &own) &&
	   longest == hash_bytes(article_a, strlen(article_a)) && own,
	   "a page's longest segment, its own main text");
	ok(site_table_page(t, harbour, "b.html", &longest, &own) &&
	   longest == hash_bytes(article_b, strlen(article_b)) && own, "...each page its own");
	ok(recurs(t, "harbour.example", article_a), "a page with a text of its own that quotes "
	   "another's article whole is no copy of it: the article recurs (canonical URLs are "
	   "taken on trust)");
	ok(site_table_page(t, harbour, "a.html", &longest, &own) &&
	   longest == hash_bytes(article_a, strlen(article_a)) && own,
	   "...and is still a's own main text, which the cleaning keeps on a");
	ok(!site_table_page(t, harbour, "c.html", &longest, &own), "a page never surveyed is not kept");
	survey_named(out, "empty.html", "harbour.example", NULL, 0);
	ok(!site_table_page(t, harbour, "empty.html", &longest, &own),
	   "...nor one without segments");
	survey_named(out, "no-site.html", "", page_b, 2);
	ok(!site_table_page(t, harbour, "no-site.html", &longest, &own), "...nor one without a site");
	site_table_count_record(t, "failed.html", NULL, 0);
	ok(!site_table_page(t, harbour, "failed.html", &longest, &own),
	   "...nor one that failed (no record)");
	ok(site_table_recurs_hash(t, harbour, hash_bytes(menu, strlen(menu))) ==
	   recurs(t, "harbour.example", menu),
	   "site_table_recurs_hash() answers as site_table_recurs()");
	site_table_free(t);

	check_copies();
	check_headlines();
	/* The site of a page. */
	is_string(site_of("http://News.Example/a", "http://other.example/", NULL), "news.example",
		  "the archive's URL first, in lower case");
	is_string(site_of(NULL, "https://www.harbour.example:8443/b?c", NULL), "harbour.example",
		  "then the page's own, without www. and the port");
	is_string(site_of(NULL, NULL, "http://reader@harbour.example#top"), "harbour.example",
		  "then the canonical URL, without the user");
	is_string(site_of("page.html", "/relative/path", "mailto:x@y"), "(none)",
		  "names and relative URLs are no site");
	is_string(site_of(NULL, "http://www./", NULL), "www", "a host that is all www. stays "
		  "(without its final dot)");
	is_string(site_of(NULL, "http:///path", NULL), "(none)", "an empty host is none");
	is_string(site_of(NULL, "http://a b/", NULL), "a", "the host ends at white space");
	is_string(site_of(NULL, "http://[2001:DB8::1]:8080/x", NULL), "[2001:db8::1]",
		  "an IPv6 literal in brackets, in lower case, without the port");
	is_string(site_of(NULL, "http://u@[::1]/", NULL), "[::1]", "...after a user");
	is_string(site_of(NULL, "http://[::1/", NULL), "(none)", "...unclosed: none");
	is_string(site_of(NULL, "http://a@b@evil.example/x@y", NULL), "evil.example",
		  "the user ends at the last '@' before the path");
	is_string(site_of(NULL, "http://Example.COM./", NULL), "example.com",
		  "a final dot goes: example.com. is example.com");
	is_string(site_of(NULL, "http://www.example.com.:80", NULL), "example.com",
		  "...before www. goes, and with a port");
	is_string(site_of(NULL, "http://./", NULL), "(none)", "a host of a dot is none");
	is_string(site_of(NULL, "  http://harbour.example/", NULL), "harbour.example",
		  "white space before the URL is passed over");

	/* The canonical URL a page declares. */
	is_string(canonical_of("<html><head><link rel=\"canonical\" href=\"http://h.example/a\">"),
		  "http://h.example/a", "<link rel=canonical>");
	is_string(canonical_of("<head><link rel=canonical href=\"  http://h.example/b \">"),
		  "http://h.example/b", "...its href trimmed before the scheme is looked at");
	is_string(canonical_of("<head><link rel=canonical href=\"&nbsp;https://h.example/c\">"),
		  "https://h.example/c", "...white space written as an entity too");
	is_string(canonical_of("<head><link rel=canonical href=\"/relative\">"), "(none)",
		  "...a relative one is none");
	/* Issue 36: the spellings of a canonical URL a browser reads. */
	is_string(canonical_of("<head><link rel=canonical href=\"//www.h.example/a\">"),
		  "https://www.h.example/a", "...a protocol-relative one is https:");
	is_string(canonical_of("<head><link rel=canonical href=\"https&#x3A;&#x2F;&#x2F;h.example"
			       "&#47;b\">"), "https://h.example/b",
		  "...character references decoded");
	is_string(canonical_of("<head><link rel=canonical href=\"&#x110000;x\">"),
		  "(none)", "...one out of range stays (and is no URL)");
	is_string(canonical_of("<head><base href=\"http://h.example/news/today.html\">"
			       "<link rel=canonical href=\"/budget\">"),
		  "http://h.example/budget", "...a relative one resolved against <base>");
	is_string(canonical_of("<head><base href=\"//h.example/news/today.html\">"
			       "<link rel=canonical href=\"budget\">"),
		  "https://h.example/news/budget", "...in the base's directory; a protocol-"
		  "relative base");
	is_string(canonical_of("<head><base href=\"http://h.example\">"
			       "<link rel=canonical href=\"budget\">"),
		  "http://h.example/budget", "...a base of no path");
	is_string(canonical_of("<head><base href=\"/news/\"><link rel=canonical href=\"budget\">"),
		  "(none)", "...a relative base is none");
	is_string(canonical_of("<head><basefont href=\"http://evil.example/\">"
			       "<link rel=canonical href=\"budget\">"), "(none)",
		  "...<basefont> is no <base>");
	is_string(canonical_of("<head><base href=\"http://h.example/\">"
			       "<link rel=canonical href=\"mailto:x@y.example\">"), "(none)",
		  "...a URL of another scheme is none");
	is_string(canonical_of("<head><link rel=canonical href=\"/budget\">"
			       "<meta property=og:url content=\"http://h.example/c\">"),
		  "http://h.example/c", "...a relative one passed over for og:url");
	is_string(site_of(NULL, NULL, canonical_of("<head><link rel=canonical "
						   "href=\"//WWW.H.example:8443/a\">")),
		  "h.example", "a protocol-relative canonical URL names its site");
	is_string(canonical_of("<head><linkfoo rel=canonical href=\"http://evil.example/\">"),
		  "(none)", "<linkfoo> is no <link>");
	is_string(canonical_of("<head><linkfoo rel=canonical href=\"http://evil.example/\">"
			       "<link\trel=canonical href=http://h.example/d>"),
		  "http://h.example/d", "...the <link> after it is read (a tab after the name)");
	is_string(canonical_of("<head><metadata property=og:url content=\"http://evil.example/\">"),
		  "(none)", "<metadata> is no <meta>");
	is_string(canonical_of("<head><meta property=\"og:url\" content=\"http://h.example/e\"/>"),
		  "http://h.example/e", "<meta property=og:url>");
	check_dump_cache();
	check_saved();
	return done_testing();
}
