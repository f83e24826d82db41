/* t1360-page-meta: a page's metadata (normalise/page-meta.h, issue 35):
 * each field from each kind of source, the ranks between them, dates in
 * ISO 8601, values cleaned, and hostile pages read in bounded work. */
#include "normalise/head-scan.h"
#include "normalise/page-meta.h"
#include "base/limits.h"
#include "base/utf8.h"
#include "tap.h"

#include <stdint.h>
#include <string.h>
#include <time.h>

static const char *const field_names[META_FIELDS] = {
	"title", "author", "published", "modified", "site_name", "description", "language"
};

/* The page's field as read in `charset`, "(null)" for none; a static
 * buffer, good until the next call. */
static const char *field_in(const char *html, size_t len, const char *charset,
			    enum page_meta_field field)
{
	static char value[4 * META_VALUE_MAX_BYTES];
	struct page_info info = { 0 };
	page_meta_read(html, len, charset, &info);
	snprintf(value, sizeof(value), "%s", info.meta[field] ? info.meta[field] : "(null)");
	page_info_release(&info);
	return value;
}

static const char *field(const char *html, enum page_meta_field f)
{
	return field_in(html, strlen(html), "utf-8", f);
}

/* Each field from each source: the page, the field, what it says. */
static const struct source_case {
	const char *title, *html;
	enum page_meta_field field;
	const char *want;
} cases[] = {
	{ "og:title", "<meta property=\"og:title\" content=\"The Story\">", META_TITLE, "The Story" },
	{ "twitter:title", "<meta name=\"twitter:title\" content=\"Tweet title\">", META_TITLE,
	  "Tweet title" },
	{ "DC.title, any case", "<META NAME=\"DC.Title\" CONTENT=\"Dublin\">", META_TITLE, "Dublin" },
	{ "JSON-LD article headline",
	  "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\",\"headline\":\"Big news\"}"
	  "</script>", META_TITLE, "Big news" },
	{ "JSON-LD page name",
	  "<script type=\"application/ld+json\">{\"@type\":\"WebPage\",\"name\":\"A page\"}</script>",
	  META_TITLE, "A page" },
	{ "og:title beats the headline",
	  "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"headline\":\"H\"}</script>"
	  "<meta property=\"og:title\" content=\"OG\">", META_TITLE, "OG" },
	{ "meta author", "<meta name=\"author\" content=\"Jane Roe\">", META_AUTHOR, "Jane Roe" },
	{ "dc.creator", "<meta name=\"dc.creator\" content=\"A. Creator\">", META_AUTHOR,
	  "A. Creator" },
	{ "article:author that is a URL is none",
	  "<meta property=\"article:author\" content=\"https://facebook.com/someone\">", META_AUTHOR,
	  "(null)" },
	{ "JSON-LD author object",
	  "<script type=\"application/ld+json\">{\"@type\":\"BlogPosting\",\"author\":{\"@type\":"
	  "\"Person\",\"name\":\"John Doe\"}}</script>", META_AUTHOR, "John Doe" },
	{ "JSON-LD authors joined",
	  "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"author\":[{\"name\":\"A\"},"
	  "\"B\",{\"url\":\"x\"},{\"name\":\"C\"}]}</script>", META_AUTHOR, "A; B; C" },
	{ "JSON-LD article author beats meta author",
	  "<meta name=\"author\" content=\"Meta\"><script type=\"application/ld+json\">{\"@type\":"
	  "\"Article\",\"author\":{\"name\":\"Ld\"}}</script>", META_AUTHOR, "Ld" },
	{ "article:published_time",
	  "<meta property=\"article:published_time\" content=\"2021-03-04T10:20:30Z\">",
	  META_PUBLISHED, "2021-03-04T10:20:30Z" },
	{ "JSON-LD datePublished",
	  "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\",\"datePublished\":"
	  "\"2019-05-06\"}</script>", META_PUBLISHED, "2019-05-06" },
	{ "meta itemprop datePublished",
	  "<meta itemprop=\"datePublished\" content=\"2018-01-02\">", META_PUBLISHED, "2018-01-02" },
	{ "DC.date", "<meta name=\"DC.date\" content=\"2017/12/31\">", META_PUBLISHED, "2017-12-31" },
	{ "<time itemprop=datePublished> beats the first <time>",
	  "<time datetime=\"2020-01-01\">x</time><time itemprop=\"datePublished\" "
	  "datetime=\"2016-07-08\">y</time>", META_PUBLISHED, "2016-07-08" },
	{ "<time class=\"entry-date published\">",
	  "<time datetime=\"2020-01-01\"></time><time class=\"entry-date published\" "
	  "datetime=\"2015-02-03T04:05:06+02:00\">", META_PUBLISHED, "2015-02-03T04:05:06+02:00" },
	{ "the first <time datetime>", "<p><time>now</time><time datetime=\"2014-04-05\">"
	  "<time datetime=\"2013-01-01\">", META_PUBLISHED, "2014-04-05" },
	{ "a meta date beats <time>", "<time itemprop=\"datePublished\" datetime=\"2020-01-01\">"
	  "<meta property=\"article:published_time\" content=\"2012-02-02\">", META_PUBLISHED,
	  "2012-02-02" },
	{ "article:modified_time",
	  "<meta property=\"article:modified_time\" content=\"2022-10-11T12:13:14.567+0530\">",
	  META_MODIFIED, "2022-10-11T12:13:14.567+05:30" },
	{ "JSON-LD dateModified",
	  "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"dateModified\":"
	  "\"2020-12-24T08:00\"}</script>", META_MODIFIED, "2020-12-24T08:00" },
	{ "<time class=updated>", "<time class=\"updated\" datetime=\"2011-11-11\">", META_MODIFIED,
	  "2011-11-11" },
	{ "og:site_name", "<meta property=\"og:site_name\" content=\"The Daily\">", META_SITE_NAME,
	  "The Daily" },
	{ "JSON-LD publisher's name",
	  "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\",\"publisher\":{\"@type\":"
	  "\"Organization\",\"name\":\"Pub Co\"}}</script>", META_SITE_NAME, "Pub Co" },
	{ "JSON-LD WebSite name",
	  "<script type=\"application/ld+json\">{\"@type\":\"WebSite\",\"name\":\"Site\"}</script>",
	  META_SITE_NAME, "Site" },
	{ "application-name", "<meta name=\"application-name\" content=\"App\">", META_SITE_NAME,
	  "App" },
	{ "meta description", "<meta name=\"description\" content=\"What it is about.\">",
	  META_DESCRIPTION, "What it is about." },
	{ "og:description", "<meta property=\"og:description\" content=\"OG says\">",
	  META_DESCRIPTION, "OG says" },
	{ "JSON-LD description",
	  "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"description\":\"LD says\"}"
	  "</script>", META_DESCRIPTION, "LD says" },
	{ "<html lang>", "<!DOCTYPE html><html lang=\"de-AT\"><head>", META_LANGUAGE, "de-AT" },
	{ "http-equiv content-language",
	  "<meta http-equiv=\"Content-Language\" content=\"fr\">", META_LANGUAGE, "fr" },
	{ "og:locale's underscore", "<meta property=\"og:locale\" content=\"en_US\">", META_LANGUAGE,
	  "en-US" },
	{ "JSON-LD inLanguage",
	  "<script type=\"application/ld+json\">{\"@type\":\"WebPage\",\"inLanguage\":\"nl\"}"
	  "</script>", META_LANGUAGE, "nl" },
	{ "a language that is no tag is none", "<html lang=\"{{ lang }}\">", META_LANGUAGE, "(null)" },
	{ "xml:lang is not lang", "<html xml:lang=\"sv\">", META_LANGUAGE, "(null)" },
	/* JSON-LD's shapes. */
	{ "JSON-LD: a top array",
	  "<script type=\"application/ld+json\">[{\"@type\":\"Organization\",\"name\":\"Org\"},"
	  "{\"@type\":\"ReportageNewsArticle\",\"headline\":\"In an array\"}]</script>",
	  META_TITLE, "In an array" },
	{ "JSON-LD: @graph",
	  "<script type='application/ld+json'>{\"@context\":\"https://schema.org\",\"@graph\":["
	  "{\"@type\":\"WebSite\",\"name\":\"S\"},{\"@type\":[\"Article\",\"Thing\"],"
	  "\"headline\":\"In a graph\"}]}</script>", META_TITLE, "In a graph" },
	{ "JSON-LD: a prefixed type",
	  "<script type=\"application/ld+json\">{\"@type\":\"http://schema.org/BlogPosting\","
	  "\"headline\":\"Prefixed\"}</script>", META_TITLE, "Prefixed" },
	{ "JSON-LD: in a comment, raw newlines in a string",
	  "<script type=\"application/ld+json\">\n<!--\n{\"@type\":\"Article\",\"headline\":"
	  "\"Two\nlines\"}\n-->\n</script>", META_TITLE, "Two lines" },
	{ "JSON-LD: not JSON, passed over",
	  "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"headline\":\"x\",}</script>"
	  "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"headline\":\"Good\"}"
	  "</script>", META_TITLE, "Good" },
	{ "JSON-LD: other types are not read",
	  "<script type=\"application/ld+json\">{\"@type\":\"Product\",\"name\":\"Widget\","
	  "\"description\":\"Buy\"}</script>", META_DESCRIPTION, "(null)" },
	/* Where metadata is not. */
	{ "a commented-out <meta> is none",
	  "<!-- <meta name=\"author\" content=\"Old\"> --><p>", META_AUTHOR, "(null)" },
	{ "a <meta> written in a script is none",
	  "<script>document.write('<meta name=\"author\" content=\"JS\">');</script>", META_AUTHOR,
	  "(null)" },
	{ "<metadata> is no <meta>", "<metadata name=\"author\" content=\"No\">", META_AUTHOR,
	  "(null)" },
	/* Values. */
	{ "entities and references decoded, space collapsed",
	  "<meta property=\"og:title\" content=\" It&#039;s  &amp; &#x2014;\n that&#8217;s\t\">",
	  META_TITLE, "It's & \xE2\x80\x94 that\xE2\x80\x99s" },
	{ "control characters dropped (raw, referenced, JSON-escaped)",
	  "<meta name=\"author\" content=\"A\x01&#7;B\x1B[31m\">", META_AUTHOR, "AB[31m" },
	{ "...and from JSON-LD",
	  "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"headline\":"
	  "\"x\\u0007\\u0000\\u001by\"}</script>", META_TITLE, "xy" },
	{ "invalid UTF-8 dropped", "<meta name=\"description\" content=\"ok\xC3(\xFF!\">",
	  META_DESCRIPTION, "ok(!" },
	{ "tags in a value dropped",
	  "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"description\":"
	  "\"<p>Para</p>\"}</script>", META_DESCRIPTION, "Para" },
	{ "an empty value is none, a later one counts",
	  "<meta name=\"author\" content=\"  \"><meta name=\"dc.creator\" content=\"Later\">",
	  META_AUTHOR, "Later" },
	{ "a date that is no date is none, a worse source's counts",
	  "<meta property=\"article:published_time\" content=\"yesterday\">"
	  "<time datetime=\"2010-10-10\">", META_PUBLISHED, "2010-10-10" },
};

/* page_meta_date(): the text and what it reads as ("-1": nothing). */
static const struct { const char *in, *want; } dates[] = {
	{ "2021-03-04", "2021-03-04" },
	{ " 2021/03/04 ", "2021-03-04" },
	{ "2020-02-29", "2020-02-29" },
	{ "2021-02-29", "-1" },
	{ "2000-02-29", "2000-02-29" },
	{ "1900-02-28", "-1" },
	{ "1990-12-31", "-1" },
	{ "1991-01-01", "1991-01-01" },
	{ "2100-01-01", "-1" },
	{ "2021-13-01", "-1" },
	{ "2021-04-31", "-1" },
	{ "2021-03-04T10:20", "2021-03-04T10:20" },
	{ "2021-03-04 10:20:30", "2021-03-04T10:20:30" },
	{ "2021-03-04T10:20:30.123456Z", "2021-03-04T10:20:30.123456Z" },
	{ "2021-03-04T10:20:30-0800", "2021-03-04T10:20:30-08:00" },
	{ "2021-03-04T10:20:30+02", "2021-03-04T10:20:30+02:00" },
	{ "2021-03-04T25:00", "2021-03-04" },
	{ "2021-03-04T10:20:30+0199", "2021-03-04T10:20:30" },
	{ "2021-03-04T10:20:30+01:5x", "2021-03-04T10:20:30+01:00" },
	{ "2021-03-04 (updated)", "2021-03-04" },
	{ "2021-03-045", "-1" },
	{ "2021-03/04", "-1" },
	{ "20210304", "-1" },
	{ "March 4, 2021", "-1" },
	{ "04.03.2021", "-1" },
	{ "", "-1" },
	{ "2021-0", "-1" },
};

/* page_meta_url_date(): the URL and the date it gives ("(null)": none). */
static const struct { const char *url, *want; } url_dates[] = {
	{ "https://blog.example/2012/06/25/getting-through", "2012-06-25" },
	{ "https://blog.example/2012/06/25", "2012-06-25" },
	{ "https://blog.example/2012/06/25?page=2", "2012-06-25" },
	{ "https://web.archive.org/web/20140109030403/http://x.example/2013/12/09/a", "2013-12-09" },
	{ "https://x.example/news/2012/06/250/", "(null)" },
	{ "https://x.example/2012/13/25/", "(null)" },
	{ "https://x.example/2012-06-25/", "(null)" },
	{ "https://x.example/12/06/25/", "(null)" },
	{ "https://x.example/a2012/06/25/", "(null)" },
	{ "not a url/2012/06/25/", "(null)" },
};

static void url_date_cases(void)
{
	for (size_t i = 0; i < sizeof(url_dates) / sizeof(url_dates[0]); i++) {
		struct page_info info = { 0 };
		page_meta_url_date(&info, url_dates[i].url);
		is_string(info.meta[META_PUBLISHED] ? info.meta[META_PUBLISHED] : "(null)",
			  url_dates[i].want, "the date in the URL %s", url_dates[i].url);
		page_info_release(&info);
	}
	struct page_info info = { 0 };
	page_meta_read("<meta name=\"date\" content=\"2011-01-01\">", 39, "utf-8", &info);
	page_meta_url_date(&info, "https://blog.example/2012/06/25/x");
	is_string(info.meta[META_PUBLISHED], "2011-01-01", "...not when the page gives a date");
	page_info_release(&info);
	page_meta_url_date(&info, NULL);
	ok(!info.meta[META_PUBLISHED], "...nor without a URL");
}

static void hostile(void)
{
	struct strbuf page = STRBUF_INIT;
	clock_t start = clock();

	/* A JSON-LD block over the limit is not read. */
	strbuf_addstr(&page, "<script type=\"application/ld+json\">{\"@type\":\"Article\","
		      "\"headline\":\"Huge\",\"x\":\"");
	for (size_t i = 0; i < META_JSON_LD_MAX_BYTES; i++)
		strbuf_addch(&page, 'a');
	strbuf_addstr(&page, "\"}</script>");
	is_string(field_in(page.buf, page.len, "utf-8", META_TITLE), "(null)",
		  "a JSON-LD block over %u KiB is not read", META_JSON_LD_MAX_BYTES >> 10);

	/* Blocks past the limit are not read. */
	strbuf_reset(&page);
	for (int i = 0; i < META_JSON_LD_MAX_BLOCKS; i++)
		strbuf_addstr(&page, "<script type=\"application/ld+json\">[]</script>");
	strbuf_addstr(&page, "<script type=\"application/ld+json\">{\"@type\":\"Article\","
		      "\"headline\":\"Late\"}</script>");
	is_string(field_in(page.buf, page.len, "utf-8", META_TITLE), "(null)",
		  "JSON-LD blocks past the %d th are not read", META_JSON_LD_MAX_BLOCKS);

	/* Nested past the reader's depth: not JSON to it. */
	strbuf_reset(&page);
	strbuf_addstr(&page, "<script type=\"application/ld+json\">{\"@type\":\"Article\","
		      "\"headline\":\"Deep\",\"x\":");
	for (int i = 0; i < 5000; i++)
		strbuf_addch(&page, '[');
	strbuf_addstr(&page, "</script>");
	is_string(field_in(page.buf, page.len, "utf-8", META_TITLE), "(null)",
		  "JSON-LD nested 5,000 deep and unclosed: passed over, no crash");

	/* Thousands of <meta> tags: the first of the best rank wins. */
	strbuf_reset(&page);
	for (int i = 0; i < 20000; i++)
		strbuf_addf(&page, "<meta name=\"author\" content=\"Author %d\">", i);
	is_string(field_in(page.buf, page.len, "utf-8", META_AUTHOR), "Author 0",
		  "20,000 <meta> tags: the first author");

	/* A value of megabytes is cut at a character's end. */
	strbuf_reset(&page);
	strbuf_addstr(&page, "<meta name=\"description\" content=\"");
	for (int i = 0; i < 1 << 20; i++)
		strbuf_addstr(&page, "\xC3\xA9");
	strbuf_addstr(&page, "\">");
	const char *cut = field_in(page.buf, page.len, "utf-8", META_DESCRIPTION);
	ok(strlen(cut) <= META_VALUE_MAX_BYTES && strlen(cut) >= META_VALUE_MAX_BYTES - 4 &&
	   utf8_is_valid(cut, strlen(cut)), "a 2 MB description is cut to %u bytes of valid UTF-8 "
	   "(%zu)", META_VALUE_MAX_BYTES, strlen(cut));

	/* Tags that never close, a script that never ends. */
	strbuf_reset(&page);
	for (int i = 0; i < 200000; i++)
		strbuf_addstr(&page, "<meta<time<script");
	is_string(field_in(page.buf, page.len, "utf-8", META_PUBLISHED), "(null)",
		  "200,000 unclosed tags: nothing, and no crash");
	strbuf_reset(&page);
	strbuf_addstr(&page, "<meta name=\"author\" content=\"Before\"><script>");
	for (int i = 0; i < 100000; i++)
		strbuf_addstr(&page, "<meta name=\"author\" content=\"x\">");
	is_string(field_in(page.buf, page.len, "utf-8", META_AUTHOR), "Before",
		  "a script that never ends hides what follows it");

	double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
	ok(seconds < 5, "the hostile pages take bounded time (%.2f s)", seconds);
	strbuf_release(&page);
}

/* The index of a head's tags (head_tags_next()) finds what head_find()
 * finds, from every place of random heads made of the tags' names in any
 * case, their look-alikes (<b, <li, <metal, <tit) and other bytes, each
 * head's end cutting a name short. */
static void head_index(void)
{
	static const char *const pieces[] = { "<meta", "<META", "<title", "<TiTlE", "<base", "<link",
		"<b", "<li", "<metal", "<tit", "<", "m", "a", " ", ">", "<!-- -->", "\xc3\xa9" };
	static const char *const names[HEAD_TAG_KINDS] = { "<meta", "<title", "<base", "<link" };
	uint64_t seed = 1360;
	unsigned wrong = 0, found = 0, heads = 2000;
	for (unsigned h = 0; h < heads; h++) {
		char head[200];
		size_t len = 0;
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		size_t want = (size_t)(seed >> 57);   /* 0-127 */
		while (len < want) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			const char *piece = pieces[(seed >> 33) % (sizeof(pieces) / sizeof(pieces[0]))];
			memcpy(head + len, piece, strlen(piece));
			len += strlen(piece);
		}
		struct head_tags tags;
		head_tags_scan(&tags, head, head + len);
		for (int tag = 0; tag < HEAD_TAG_KINDS; tag++)
			for (size_t from = 0; from <= len; from++) {
				const char *got = head_tags_next(&tags, (enum head_tag)tag, head + from);
				wrong += got != head_find(head + from, head + len, names[tag]);
				found += got != NULL;
			}
		head_tags_release(&tags);
	}
	ok(found > 10000, "random heads hold the tags (%u finds)", found);
	is_int(wrong, 0, "head_tags_next() finds what head_find() finds, from every byte of %u heads",
	       heads);
}

int main(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		is_string(field(cases[i].html, cases[i].field), cases[i].want, "%s: %s",
			  field_names[cases[i].field], cases[i].title);

	for (size_t i = 0; i < sizeof(dates) / sizeof(dates[0]); i++) {
		struct strbuf out = STRBUF_INIT;
		int ret = page_meta_date(dates[i].in, strlen(dates[i].in), &out);
		is_string(ret < 0 ? "-1" : out.buf, dates[i].want, "date '%s'", dates[i].in);
		strbuf_release(&out);
	}

	/* The page's charset. */
	const char latin1[] = "<meta name=\"author\" content=\"Jos\xE9 M\xFCller\">"
			      "<script type=\"application/ld+json\">{\"@type\":\"Article\","
			      "\"headline\":\"Caf\xE9\"}</script>";
	is_string(field_in(latin1, strlen(latin1), "windows-1252", META_AUTHOR),
		  "Jos\xC3\xA9 M\xC3\xBCller", "a <meta> of a windows-1252 page, in UTF-8");
	is_string(field_in(latin1, strlen(latin1), "windows-1252", META_TITLE), "Caf\xC3\xA9",
		  "...and its JSON-LD");

	url_date_cases();
	hostile();
	head_index();
	return done_testing();
}
