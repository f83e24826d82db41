/* t1010-html-rules: the shipped HTML rules without PCRE2
 * (normalise/html-rules.h) give what the twelve PCRE2 substitutions give,
 * byte for byte: on the hard cases by hand, on many generated pages of
 * adversarial pieces (comments and blocks that join tags, unclosed ones,
 * '<' inside tags, tags near the 2000-byte limit, bytes of 0x80 and above),
 * and on every page of the development data when ../shared has it. The
 * one pass may give a page to PCRE2; it must never give another result. */
#include "base/file.h"
#include "base/rules.h"
#include "base/strbuf.h"
#include "normalise/html-rules.h"
#include "normalise/markers.h"
#include "tap.h"

#include <dirent.h>
#include <string.h>

static struct rule_workspace *ws;

/* How the pages of a check went. */
struct tally {
	unsigned long pages, fast, unsure, regex_failed, differ;
};

static void read_shipped(struct strbuf *text)
{
	char path[4096];
	struct nc_error err = { 0 };
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof(path), "%s/regex/html.rules", top && *top ? top : ".");
	if (read_file(path, 0, text, &err) < 0)
		bail(err.message);
}

/* The rule file's text, loaded as the pipeline loads it, with `markers`. */
static struct rule_set *load(const struct strbuf *text, const struct markers *markers)
{
	struct nc_error err = { 0 };
	struct rule_set *rules = rule_set_parse("html.rules", text->buf, text->len, RULES_BYTES,
						&err);
	if (!rules)
		bail(err.message);
	rule_set_substitute(rules, MARKER_HEADING_PLACEHOLDER, markers->heading);
	rule_set_substitute(rules, MARKER_LIST_ITEM_PLACEHOLDER, markers->list_item);
	return rules;
}

/* `s` with its control bytes and bytes of 0x80 and above escaped, cut. */
static const char *shown(const char *s, size_t len)
{
	static char out[600];
	size_t n = 0;
	for (size_t i = 0; i < len && n + 5 < sizeof(out); i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f && c != '\\')
			out[n++] = (char)c;
		else
			n += (size_t)snprintf(out + n, sizeof(out) - n, "\\x%02x", c);
	}
	out[n] = '\0';
	return out;
}

/* One page through both; a difference is shown (the first few). */
static void compare(const struct rule_set *rules, const struct html_rules_markers *m,
		    const char *page, size_t len, struct tally *t)
{
	struct strbuf slow = STRBUF_INIT, fast = STRBUF_INIT;
	struct nc_error err = { 0 };
	strbuf_add(&slow, page, len);
	strbuf_add(&fast, page, len);
	t->pages++;
	int slow_ret = rule_set_apply(rules, ws, &slow, &err);
	if (!html_rules_fast(m, &fast)) {
		t->unsure++;
		if (fast.len != len || memcmp(fast.buf, page, len)) {
			t->differ++;
			diag("a page given to PCRE2 was changed: %s", shown(page, len));
		}
	} else if (slow_ret < 0) {
		t->regex_failed++;   /* PCRE2's limits; the pass may succeed */
	} else {
		t->fast++;
		if (fast.len != slow.len || memcmp(fast.buf, slow.buf, slow.len)) {
			if (t->differ++ < 5) {
				diag("input: %s", shown(page, len));
				diag("PCRE2: %s", shown(slow.buf, slow.len));
				diag("pass:  %s", shown(fast.buf, fast.len));
			}
		}
	}
	strbuf_release(&slow);
	strbuf_release(&fast);
}

static void check_case(const struct rule_set *rules, const struct html_rules_markers *m,
		       const char *page, int must_be_fast)
{
	struct tally t = { 0 };
	compare(rules, m, page, strlen(page), &t);
	ok(t.differ == 0 && (!must_be_fast || t.fast == 1), "%s%s", shown(page, strlen(page)),
	   must_be_fast ? " (in one pass)" : "");
}

/* The hard cases of the rules' order, each as PCRE2 has it. */
static void test_cases(const struct rule_set *rules, const struct html_rules_markers *m)
{
	static const char *const either[] = {
		"<scr<!---->ipt>x</script>y",
		"<b<img src=x>r>z",
		"<l<img>i>item",
		"<h<img>1>head",
		"</h1<img> >after",
		"</obj<img>ect>",
		"<object>a</obj<param>ect>b</object>c",
		"<!-- <script> -->x</script>",
		"<script> <!-- </script> --> y",
		"<style> <script> </style> </script> </style>tail",
		"<object><script>\"</object>\"</script></object>tail",
		"<object><img alt=\"</object>\">x</object>y",
		"<img src=x <script>a</script> >z",
		"<li <br>>x",
		"<br <h1> \n<br>",
		"<h1 title=\"</h1 >\">x",
		"<a title=\"<br>\">x",
		"<b<script>x</script>r>",
		"<!<!---->-- x -->",
	};
	static const char *const fast[] = {
		"<p>plain text, nothing to do</p>",
		"<script>a</script><style>b</style>c",
		"<script>unclosed <img src=x> <br>",
		"<!-- unclosed <script>a</script>",
		"<H2 class=x>Title</H2 >\n<li>one<LI>two<dt>three",
		"<br>  <br/>\n\t<BR >text<br><img src=x> <br>",
		"<object><param name=a value=b><embed src=x></embed></object>after",
		"<iframe src=x>text</IFRAME >after<map>a</map><button>b</button>",
		"<h7>no</h7><h12>no</h12><link><brx><br_><lix>",
		"<noscript><img src=pixel></noscript><select><option>a</select><textarea>t</textarea>",
		"\x80<br\x80>\xa0<br>\x85<img\xff>",
		"<br>\v<br>\f<br>\r\n",
		"<!-->a-->b<!--->c--->d<!---->e<!--",
	};
	for (size_t i = 0; i < sizeof(either) / sizeof(either[0]); i++)
		check_case(rules, m, either[i], 0);
	for (size_t i = 0; i < sizeof(fast) / sizeof(fast[0]); i++)
		check_case(rules, m, fast[i], 1);

	/* The 2000-byte limit on a tag, at 1999, 2000, 2001 bytes. */
	static const char *const names[] = { "<br", "<img", "<h3", "<li", "<script", "<object" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		for (size_t n = 1999; n <= 2001; n++) {
			struct strbuf page = STRBUF_INIT;
			strbuf_addstr(&page, names[i]);
			strbuf_addch(&page, ' ');
			for (size_t k = 1; k < n; k++)
				strbuf_addch(&page, 'a');
			strbuf_addstr(&page, "> x</script></object> y");
			struct tally t = { 0 };
			compare(rules, m, page.buf, page.len, &t);
			ok(t.differ == 0 && t.fast == 1, "%s with %zu bytes after the name", names[i], n);
			strbuf_release(&page);
		}
}

/* The pieces of generated pages. */
static const char *const pieces[] = {
	"<!--", "-->", "<!---->", "<!", "--", "<script", "<script>", "</script >", "</script>",
	"<SCRIPT", "<scr", "ipt>", "</scr", "<style>", "</style>", "<noscript>", "</noscript>",
	"<select>", "</select >", "<textarea>", "</TEXTAREA>", "<img", "<img src=x>", "<IMG>",
	"<input>", "<embed>", "<area>", "<param>", "<br/>", "<br>", "<BR >", "<br", "<b", "r>",
	"<h3 class=x>", "<H1>", "<h", "1>", "</h3 >", "</H1>", "</h", "3>", "<li", "<li>",
	"<LI class=a>", "<l", "i>", "<dt>", "<object>", "</OBJECT>", "</object>", "<obj", "ect>",
	"</obj", "<iframe>", "</iframe >", "<map>", "</map>", "<button>", "</button>", "<applet>",
	"</applet>", ">", ">", "<", "<", "/", " ", " ", "\n", "\t", "\v", "\f", "\r", "a", "x",
	"_", "1", "6", "\x80", "\xff", "\xa0", "\x85", "<a href=x>", "</a>", "<p>", "=", "\"",
	"<h7>", "<link>", "<brx>", "<dtx>", "<h1x>", "text ",
};
/* Pieces of pages that hold no stray '<': most go through the one pass. */
static const char *const tidy_pieces[] = {
	"<!-- c -->", "<!-- <script> -->", "<script>a<b</script >", "<SCRIPT type=x>b</script>",
	"<style>p{}</style>", "<noscript><img src=x></noscript>", "<select><option>a</select>",
	"<textarea>t</textarea >", "<img src=x>", "<IMG>", "<input type=text>", "<embed>",
	"<area>", "<param>", "<br/>", "<br>", "<BR >", "<h3 class=x>", "<H1>", "</h3 >",
	"</H1>", "</h2\n>", "<li>", "<LI class=a>", "<dt>", "<object><param><embed></object>",
	"<iframe>x</IFRAME>", "<map></map >", "<button>b</button>", "<applet></applet>",
	"<object>", "</object>", "<script>", "<style>", "<h7>", "<link>", "<brx>", "<a href=x>",
	"</a>", "<p>", " ", " ", "\n", "\t", "\v", "\r\n", "word ", "\x80\xff", "&amp;",
};

static void add_long_run(struct strbuf *page, unsigned long *seed)
{
	size_t n = 1990 + tap_random(seed) % 20;
	char c = tap_random(seed) % 2 ? 'a' : ' ';
	for (size_t i = 0; i < n; i++)
		strbuf_addch(page, c);
}

static void generate(struct strbuf *page, unsigned long *seed, int tidy)
{
	size_t count = 1 + tap_random(seed) % 40;
	strbuf_reset(page);
	for (size_t i = 0; i < count; i++) {
		if (tap_random(seed) % 200 == 0)
			add_long_run(page, seed);
		else if (tidy)
			strbuf_addstr(page, tidy_pieces[tap_random(seed) %
						       (sizeof(tidy_pieces) / sizeof(tidy_pieces[0]))]);
		else if (tap_random(seed) % 50 == 0)
			strbuf_addch(page, '\0');
		else
			strbuf_addstr(page, pieces[tap_random(seed) % (sizeof(pieces) / sizeof(pieces[0]))]);
	}
}

static void test_generated(const struct rule_set *rules, const struct html_rules_markers *m,
			   int tidy, unsigned long pages)
{
	struct tally t = { 0 };
	struct strbuf page = STRBUF_INIT;
	unsigned long seed = tidy ? 1010 : 33;
	for (unsigned long i = 0; i < pages; i++) {
		generate(&page, &seed, tidy);
		compare(rules, m, page.buf, page.len, &t);
	}
	strbuf_release(&page);
	diag("%s pages: %lu, %lu in one pass, %lu to PCRE2, %lu PCRE2 failed", tidy ? "tidy" : "random",
	     t.pages, t.fast, t.unsure, t.regex_failed);
	ok(t.differ == 0, "%lu generated %s pages: the same as PCRE2's", t.pages,
	   tidy ? "tidy" : "random");
	ok(t.fast > t.pages / (tidy ? 2 : 5), "...and %lu of them in one pass", t.fast);
}

/* Every page of the development data (../shared/data/SET/orig). */
static void test_shared(const struct rule_set *rules, const struct html_rules_markers *m)
{
	static const char *const sets[] = { "cleaneval-dev", "dragnet-dev", "trafilatura-dev" };
	const char *shared = getenv("NCLEANER_SHARED");
	for (size_t s = 0; s < sizeof(sets) / sizeof(sets[0]); s++) {
		char dir[4096];
		snprintf(dir, sizeof(dir), "%s/data/%s/orig", shared && *shared ? shared : "../shared",
			 sets[s]);
		DIR *d = opendir(dir);
		if (!d) {
			skip("%s not present (CI has it)", dir);
			continue;
		}
		struct tally t = { 0 };
		for (struct dirent *e; (e = readdir(d));) {
			char path[8192];
			struct strbuf page = STRBUF_INIT;
			struct nc_error err = { 0 };
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			if (read_file(path, 0, &page, &err) == 0)
				compare(rules, m, page.buf, page.len, &t);
			strbuf_release(&page);
		}
		closedir(d);
		diag("%s: %lu pages, %lu in one pass, %lu to PCRE2, %lu PCRE2 failed", sets[s],
		     t.pages, t.fast, t.unsure, t.regex_failed);
		ok(t.pages > 0 && t.differ == 0, "%s: every page as PCRE2 has it", sets[s]);
	}
}

/* A rule file that is not the shipped one goes through PCRE2 alone. */
static void test_recognise(const struct strbuf *text, const struct markers *markers)
{
	struct html_rules_markers m;
	struct rule_set *rules = load(text, markers);
	ok(html_rules_recognise(rules, &m) && m.heading_len == strlen(markers->heading) &&
	   !strcmp(m.list_item, markers->list_item), "the shipped rules are recognised");
	rule_set_free(rules);

	struct strbuf edited = STRBUF_INIT;
	strbuf_add(&edited, text->buf, text->len);
	char *at = strstr(edited.buf, "\t<p>");   /* rule 12's replacement */
	if (!at)
		bail("html.rules: rule 12's replacement not found");
	at[2] = 'P';
	rules = load(&edited, markers);
	ok(!html_rules_recognise(rules, &m), "a rule file with one replacement changed is not");
	struct strbuf page = STRBUF_INIT, want = STRBUF_INIT;
	struct nc_error err = { 0 };
	strbuf_addstr(&page, "a<br> <br>b");
	strbuf_addstr(&want, "a<br> <br>b");
	/* Applied before ok() reads page.buf: the rules may move it. */
	int applied = html_rules_apply(rules, ws, &page, &err) == 0 &&
		      rule_set_apply(rules, ws, &want, &err) == 0;
	ok(applied && !strcmp(page.buf, want.buf) && !strcmp(page.buf, "a<P>b"),
	   "...and goes through PCRE2: %s", page.buf);
	rule_set_free(rules);

	char *hash = strstr(edited.buf, "\n(?is)<style");
	if (!hash)
		bail("html.rules: rule 3 not found");
	hash[1] = '#';   /* rule 3 becomes a comment */
	rules = load(&edited, markers);
	ok(!html_rules_recognise(rules, &m), "nor one with a rule fewer");
	rule_set_free(rules);

	struct nc_error e2 = { 0 };
	rules = rule_set_parse("html.rules", text->buf, text->len, RULES_UTF, &e2);
	ok(rules && !html_rules_recognise(rules, &m), "nor the shipped rules in UTF-8 mode");
	rule_set_free(rules);
	strbuf_release(&edited);
	strbuf_release(&page);
	strbuf_release(&want);
}

/* A script of 21 MiB: its lazy ".*?" passes PCRE2's 20 million steps,
 * and the page failed (NC_ERR_REGEX, naming the rule); the pass, linear,
 * cleans it (ncleaner(1) LIMITS says so). */
static void test_beyond_limits(const struct rule_set *rules)
{
	struct strbuf page = STRBUF_INIT, copy = STRBUF_INIT;
	struct nc_error err = { 0 };
	strbuf_addstr(&page, "<p>Article text.</p><script>var data = \"");
	for (int i = 0; i < 21 * 1024; i++)
		strbuf_addf(&page, "%01024d", 0);
	strbuf_addstr(&page, "\";</script><p>More text.</p>");
	strbuf_add(&copy, page.buf, page.len);
	ok(rule_set_apply(rules, ws, &copy, &err) < 0 && err.code == NC_ERR_REGEX,
	   "PCRE2 fails a page with a script of 21 MiB (%s)", err.message);
	int ret = html_rules_apply(rules, ws, &page, &err);
	is_string(ret == 0 ? page.buf : "(failed)", "<p>Article text.</p><p>More text.</p>",
		  "...which the pass cleans");
	strbuf_release(&page);
	strbuf_release(&copy);
}

int main(void)
{
	struct strbuf text = STRBUF_INIT;
	struct markers markers, placeholders;
	struct html_rules_markers m;

	ws = rule_workspace_new();
	read_shipped(&text);
	markers_init_random(&markers);
	markers_init_placeholders(&placeholders);
	test_recognise(&text, &markers);
	test_recognise(&text, &placeholders);

	struct rule_set *rules = load(&text, &markers);
	if (!html_rules_recognise(rules, &m))
		bail("the shipped rules are not recognised");
	test_cases(rules, &m);
	test_generated(rules, &m, 0, 30000);
	test_generated(rules, &m, 1, 10000);
	test_shared(rules, &m);
	test_beyond_limits(rules);

	rule_set_free(rules);
	rule_workspace_free(ws);
	strbuf_release(&text);
	return done_testing();
}
