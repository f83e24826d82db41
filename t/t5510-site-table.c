/* t5510-site-table: the site table and its survey output
 * (pipeline/site-table.h), fed in the sink's survey format as the runner
 * feeds it: a segment recurs when it is on min_pages pages of its site,
 * copies of the first page do not count, sites are apart, lines may arrive
 * in pieces, an aborted page counts nothing, a malformed line is an error,
 * a page's segments past the limit are passed over; and the site of a page
 * (page_info_site(): the archive's URL, the page's own, its canonical one). */
#include "pipeline/site-table.h"
#include "normalise/page-info.h"
#include "base/hash.h"
#include "tap.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* One page to the survey output: HOST, then each of the segments. */
static int survey_page(struct page_output *out, const char *host, const char *const *segments,
		       size_t n, int split)
{
	struct strbuf page = STRBUF_INIT;
	struct nc_error err = { 0 };
	strbuf_addf(&page, "%s\n", host);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&page, "%016" PRIx64 " %zu\n", hash_bytes(segments[i], strlen(segments[i])),
			    strlen(segments[i]));
	int ret = out->ops->open(out, NULL, &err);
	/* Split: a byte at a time, as a page may arrive in pieces. */
	for (size_t i = 0; ret == 0 && i < page.len; i += split ? 1 : page.len)
		ret = out->ops->write(out, page.buf + i, split ? 1 : page.len, &err);
	if (ret == 0)
		ret = out->ops->commit(out, &err);
	strbuf_release(&page);
	return ret;
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

int main(void)
{
	struct site_table *t = site_table_new(2);
	struct page_output *out = site_survey_output_new(t);
	const char *menu = "Home News Sport", *article_a = "The ferry left at dawn with forty "
		"passengers aboard.", *article_b = "The lighthouse keeper wrote a book of storms.";
	const char *page_a[] = { menu, article_a, menu }, *page_b[] = { menu, article_b };

	ok(survey_page(out, "harbour.example", page_a, 3, 0) == 0, "a page is counted");
	ok(!recurs(t, "harbour.example", menu), "a segment twice on one page does not recur");
	ok(survey_page(out, "harbour.example", page_a, 3, 1) == 0, "a copy of it, byte by byte");
	ok(!recurs(t, "harbour.example", menu), "a copy of the first page does not count");
	ok(!recurs(t, "harbour.example", article_a), "...nor its article");
	ok(survey_page(out, "elsewhere.example", page_b, 2, 0) == 0, "a page of another site");
	ok(!recurs(t, "harbour.example", menu), "another site's page does not count");
	ok(survey_page(out, "harbour.example", page_b, 2, 0) == 0, "a second page of the site");
	ok(recurs(t, "harbour.example", menu), "the menu recurs on the site");
	ok(!recurs(t, "elsewhere.example", menu), "...not on the other site (one page there)");
	ok(!recurs(t, "harbour.example", article_a), "the articles do not recur");
	ok(!recurs(t, "harbour.example", "Home News"), "nor does a segment never seen");

	/* An aborted page counts nothing. */
	struct nc_error err = { 0 };
	out->ops->open(out, NULL, &err);
	const char *line = "elsewhere.example\n";
	out->ops->write(out, line, strlen(line), &err);
	out->ops->abort(out);
	ok(!recurs(t, "elsewhere.example", menu), "an aborted page counts nothing");
	/* A page without a site (an empty first line) counts nothing either. */
	ok(survey_page(out, "", page_b, 2, 0) == 0 && !recurs(t, "", menu), "a page without a site");

	out->ops->open(out, NULL, &err);
	const char *bad = "x.example\nnot a hash\n";
	ok(out->ops->write(out, bad, strlen(bad), &err) < 0 && err.code == NC_ERR_FORMAT,
	   "a malformed line is an error: %s", err.message);
	out->ops->abort(out);

	struct site_table_stats stats;
	site_table_stats(t, &stats);
	is_int(stats.pages, 4, "pages counted (with a site)");
	is_int(stats.sites, 2, "sites");
	is_int(stats.segments, 5, "distinct segments of each site (3 and 2)");
	is_int(stats.recurring, 1, "recurring");
	is_int(stats.not_counted, 0, "none past the limits");
	out->ops->free(out);
	site_table_free(t);

	/* The threshold, and a page's segments past the limit. */
	t = site_table_new(3);
	out = site_survey_output_new(t);
	survey_page(out, "h", page_a, 3, 0);
	survey_page(out, "h", page_b, 2, 0);
	ok(!recurs(t, "h", menu), "min_pages 3: two pages are not enough");
	const char *page_c[] = { menu, "A third article of the site, of its own." };
	survey_page(out, "h", page_c, 2, 0);
	ok(recurs(t, "h", menu), "...three are");
	struct strbuf many = STRBUF_INIT;
	strbuf_addstr(&many, "big.example\n");
	for (size_t i = 0; i < SITE_MAX_SEGMENTS_PER_PAGE + 10; i++)
		strbuf_addf(&many, "%016zx 10\n", i + 1);
	out->ops->open(out, NULL, &err);
	ok(out->ops->write(out, many.buf, many.len, &err) == 0 && out->ops->commit(out, &err) == 0,
	   "a page of more segments than the limit");
	site_table_stats(t, &stats);
	is_int(stats.not_counted, 10, "...the ones past it are not counted");
	strbuf_release(&many);
	out->ops->free(out);
	site_table_free(t);

	/* The site of a page. */
	is_string(site_of("http://News.Example/a", "http://other.example/", NULL), "news.example",
		  "the archive's URL first, in lower case");
	is_string(site_of(NULL, "https://www.harbour.example:8443/b?c", NULL), "harbour.example",
		  "then the page's own, without www. and the port");
	is_string(site_of(NULL, NULL, "http://reader@harbour.example#top"), "harbour.example",
		  "then the canonical URL, without the user");
	is_string(site_of("page.html", "/relative/path", "mailto:x@y"), "(none)",
		  "names and relative URLs are no site");
	is_string(site_of(NULL, "http://www./", NULL), "www.", "a host that is all www. stays");
	is_string(site_of(NULL, "http:///path", NULL), "(none)", "an empty host is none");
	is_string(site_of(NULL, "http://a b/", NULL), "a", "the host ends at white space");
	return done_testing();
}
