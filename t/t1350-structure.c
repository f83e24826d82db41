/* t1350-structure: the page's structure carried into the dump (issue 20):
 * stage 1's state markers (normalise/structure.h), markers a wrapping
 * renderer cut, and the segmenter's counts per segment. */
#include "normalise/markers.h"
#include "normalise/structure.h"
#include "segment/segment.h"
#include "tap.h"

#include <string.h>

#define PREFIX MARKER_STATE_PLACEHOLDER
#define BIT(cue) (1u << (cue))

typedef int marker_fn(struct strbuf *html, const char *prefix, struct nc_error *err);

/* The page marked by `marker`, in a string owned by the caller. */
static char *mark_by(marker_fn *marker, const char *html)
{
	struct strbuf buf = STRBUF_INIT;
	struct nc_error err = { 0 };
	strbuf_addstr(&buf, html);
	if (marker(&buf, PREFIX, &err) < 0)
		bail(err.message);
	return strbuf_detach(&buf, NULL);
}

static char *mark(const char *html)
{
	return mark_by(html_mark_structure, html);
}

/* The state announced right before the first occurrence of `text` in the
 * marked page (its cues: STRUCTURE_BREAK masked), or -1 when no marker is
 * right before it. */
static long long marker_before(const char *marked, const char *text)
{
	const char *at = strstr(marked, text);
	size_t tail = STRUCTURE_STATE_DIGITS + strlen(STRUCTURE_STATE_END);
	if (!at || (size_t)(at - marked) < strlen(PREFIX) + tail)
		return -1;
	const char *digits = at - tail;
	if (memcmp(digits - strlen(PREFIX), PREFIX, strlen(PREFIX)))
		return -1;
	return structure_state_parse(digits, tail);
}

static long long state_before(const char *marked, const char *text)
{
	long long state = marker_before(marked, text);
	return state < 0 ? state : state & ~(long long)STRUCTURE_BREAK;
}

/* 1 when the marker right before `text` says a block ended, 0 when it does
 * not, -1 when there is no marker. */
static int break_before(const char *marked, const char *text)
{
	long long state = marker_before(marked, text);
	return state < 0 ? -1 : (state & STRUCTURE_BREAK) != 0;
}

static size_t count_of(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = s; (p = strstr(p, what)); p++)
		n++;
	return n;
}

/* Text enough that no element of a test page holds most of the page's. */
#define PROSE "<p>" \
	"A paragraph of running text that holds most of the page's characters, so that " \
	"the boxes before it hold little of the page and keep their cues. It goes on " \
	"for a while, as the running text of a page does, and then it ends.</p>"

static void test_marking(void)
{
	char *m = mark("<html><head><title>Title here</title></head><body>\n"
		       "<nav class=\"site-menu\"><ul><li><a href=\"/\">Home</a></li></ul></nav>\n"
		       "<div id=\"content\"><p>Running text with a <a href=\"x\">link</a> in it."
		       "</p></div>\n<footer>Copyright</footer>\n"
		       "<div class=\"shadow\">Not an ad</div><div class=\"ad\">An ad</div>\n"
		       "<div style=\"display: None\">hidden</div>" PROSE "</body></html>");
	is_int(state_before(m, "Home"), BIT(CUE_LINK) | BIT(CUE_NAV) | BIT(CUE_LIST) | BIT(CUE_W_NAV),
	       "a link in a list in a <nav class=site-menu>: link, nav, list, w_nav");
	is_int(state_before(m, "Running"), BIT(CUE_PARA) | BIT(CUE_W_CONTENT),
	       "a paragraph in <div id=content>: para, w_content");
	is_int(state_before(m, "link</a>"), BIT(CUE_PARA) | BIT(CUE_W_CONTENT) | BIT(CUE_LINK),
	       "a link inside it adds link");
	is_int(state_before(m, " in it."), -1, "the text after the link: no marker before a space");
	is_int(state_before(m, "in it."), BIT(CUE_PARA) | BIT(CUE_W_CONTENT),
	       "...the marker is where the text begins");
	is_int(state_before(m, "Copyright"), BIT(CUE_FOOTER), "<footer>: footer");
	is_int(state_before(m, "Not an ad"), 0, "class=shadow is not 'ad' (short words count whole)");
	is_int(state_before(m, "An ad"), BIT(CUE_W_AD), "class=ad: w_ad");
	is_int(state_before(m, "hidden"), BIT(CUE_W_HIDDEN), "style display: None: w_hidden");
	ok(strstr(m, "<title>Title here</title>") != NULL, "no marker in the title");
	is_int((long long)count_of(m, PREFIX), 9,
	       "a marker where the state changes or a block ended");
	free(m);

	m = mark("<table><tr><td class=\"sidebar\"><div>a</div></div></div>b</td><td>c</td></tr>"
		 "</table>after" PROSE);
	is_int(state_before(m, "b</td>"), BIT(CUE_CELL) | BIT(CUE_W_SIDE),
	       "stray end tags do not reach out of a table cell");
	is_int(state_before(m, "c</td>"), BIT(CUE_CELL), "a new cell closes the one before");
	is_int(state_before(m, "after"), 0, "after the table: no cue");
	free(m);

	m = mark("<p>one<p>two<ul><li><a href=a>x<a href=b>y</a><li>z</ul><br/>last" PROSE);
	is_int(state_before(m, "two"), BIT(CUE_PARA), "<p> closes the open <p>: the same state");
	is_int(state_before(m, "y</a>"), -1, "<a> closes the open <a>: same state, no marker");
	is_int(state_before(m, "z</ul>"), BIT(CUE_LIST), "<li> closes the open <li> and its link");
	is_int(state_before(m, "last"), 0, "a void element opens nothing");
	free(m);

	m = mark("<!-- <nav> --><p>text</p><a name=x>anchor</a>" PROSE);
	is_int(state_before(m, "text"), BIT(CUE_PARA), "a comment's tags are not read");
	is_int(state_before(m, "anchor"), 0, "<a> without href is no link");
	free(m);
}

/* The cues of the text "word" in a box of `attributes`, the rest of the
 * page elsewhere. */
static long long box_cues(const char *attributes)
{
	char html[1024];
	snprintf(html, sizeof(html), "<div %s>word</div>" PROSE, attributes);
	char *m = mark(html);
	long long state = state_before(m, "word");
	free(m);
	return state < 0 ? 0 : state;   /* the first text: no marker announces state 0 */
}

static void test_words(void)
{
	is_int(box_cues("class=\"leftsidebar\""), BIT(CUE_W_SIDE), "a compound ending in a word");
	is_int(box_cues("class=\"commentlist\""), BIT(CUE_W_COMMENT), "...or beginning with it");
	is_int(box_cues("class=\"recommended\""), BIT(CUE_W_RELATED),
	       "a word inside another is not read ('comment' in 'recommended')");
	is_int(box_cues("class=\"canvas unavailable\""), 0, "nor 'nav' in 'canvas', 'unavailable'");
	is_int(box_cues("id=\"postContent\""), BIT(CUE_W_CONTENT), "camelCase splits into words");
	is_int(box_cues("class=\"col2 footer3\""), BIT(CUE_W_FOOTER), "...and so do digits");
	is_int(box_cues("class=\"hidden\""), BIT(CUE_W_HIDDEN), "hidden");
	is_int(box_cues("class=\"is-hidden\""), BIT(CUE_W_HIDDEN), "is-hidden");
	is_int(box_cues("class=\"js-hide\""), BIT(CUE_W_HIDDEN), "js-hide");
	is_int(box_cues("class=\"field field-label-hidden\""), 0,
	       "field-label-hidden hides the label, not the text");
	is_int(box_cues("class=\"hidden-xs\""), 0, "hidden-xs: hidden on small screens only");
	is_int(box_cues("class=\"overflow-hidden\""), 0, "overflow-hidden hides nothing");
	is_int(box_cues("class=\"mw-hide-empty-elt\""), 0, "mw-hide-empty-elt hides empty ones");
	is_int(box_cues("class=\"hidden sidebar\""), BIT(CUE_W_HIDDEN) | BIT(CUE_W_SIDE),
	       "each class name says its own");
	is_int(box_cues("class=\"post category-news tag-footer\""), BIT(CUE_W_CONTENT),
	       "WordPress's term classes say nothing of the box");
	is_int(box_cues("class=\"entry-categories\""), BIT(CUE_W_CONTENT) | BIT(CUE_W_META),
	       "...a box of terms does");
	is_int(box_cues("role=\"navigation\""), BIT(CUE_W_NAV), "role words");
	is_int(box_cues("class=\"sp-dsgvo-privacy-popup\""), BIT(CUE_W_OVERLAY),
	       "a consent popup: over the page");
	is_int(box_cues("id=\"cookieConsent\""), BIT(CUE_W_OVERLAY), "...cookie, consent");
	is_int(box_cues("role=\"dialog\""), BIT(CUE_W_OVERLAY), "...a dialog's role");
	is_int(box_cues("class=\"newsletter-signup\""), BIT(CUE_W_OVERLAY), "...a newsletter's box");
}

/* A page whose element `open` ... `close` holds `inside` of the text and
 * `outside` text follows it: the cues announced before the text inside. */
static long long held_cues(const char *open, const char *close, int inside, int outside)
{
	struct strbuf html = STRBUF_INIT;
	strbuf_addstr(&html, open);
	strbuf_addstr(&html, "<p>inside");
	for (int i = 0; i < inside; i++)
		strbuf_addstr(&html, " text");
	strbuf_addstr(&html, "</p>");
	strbuf_addstr(&html, close);
	strbuf_addstr(&html, "<p>outside");
	for (int i = 0; i < outside; i++)
		strbuf_addstr(&html, " text");
	strbuf_addstr(&html, "</p>");
	char *m = mark(html.buf);
	long long state = state_before(m, "inside");
	free(m);
	strbuf_release(&html);
	return state;
}

static void test_coverage(void)
{
	is_int(held_cues("<div class=\"sidebar\">", "</div>", 10, 30),
	       BIT(CUE_PARA) | BIT(CUE_W_SIDE), "a sidebar holding a quarter of the text: its cue");
	is_int(held_cues("<div class=\"layout-right-sidebar\">", "</div>", 30, 10),
	       BIT(CUE_PARA) | BIT(CUE_MAIN),
	       "a box so named holding three quarters: a wrapper, no cue (its <p>: the main element)");
	is_int(held_cues("<div class=\"content\">", "</div>", 30, 10),
	       BIT(CUE_PARA) | BIT(CUE_W_CONTENT) | BIT(CUE_MAIN),
	       "a content box holding three quarters: its cue");
	is_int(held_cues("<body class=\"home hide-x footer-v2 content\">", "</body>", 30, 0),
	       BIT(CUE_PARA) | BIT(CUE_MAIN), "a body holding all the text: no cue of its own");
	is_int(held_cues("<form>", "</form>", 30, 0), BIT(CUE_PARA) | BIT(CUE_MAIN),
	       "a <form> around the whole page: no form cue");
	is_int(held_cues("<font size=2>", "</font>", 30, 0), BIT(CUE_PARA) | BIT(CUE_MAIN),
	       "a <font> around the whole page: no emphasis");
	is_int(held_cues("<div><div class=\"entry\">", "</div><div>other text</div></div>", 30, 10),
	       BIT(CUE_PARA) | BIT(CUE_W_CONTENT) | BIT(CUE_MAIN),
	       "the main element: the innermost holding half the text outside links");
	is_int(held_cues("<div class=\"entry\">", "</div>", 10, 30), BIT(CUE_PARA) | BIT(CUE_W_CONTENT),
	       "...a box holding a quarter is not");
	is_int(held_cues("<div class=\"cookie-consent\">", "</div>", 30, 10),
	       BIT(CUE_PARA) | BIT(CUE_W_OVERLAY),
	       "a consent dialog holding three quarters keeps its cue, and is not the main element");
	char *m = mark("<dialog><p>Accept all cookies to read on</p></dialog>" PROSE);
	is_int(state_before(m, "Accept"), BIT(CUE_PARA) | BIT(CUE_W_OVERLAY), "<dialog>: over the page");
	free(m);
	is_int(held_cues("<body class=\"page modal-open\"><div><div class=\"entry\">",
			 "</div><div>other text</div></div>", 30, 0),
	       BIT(CUE_PARA) | BIT(CUE_W_CONTENT) | BIT(CUE_MAIN),
	       "a body named as an overlay, holding all the text, hides no main element");
	is_int(held_cues("<body class=\"cookies-not-set\"><div class=\"cookie-consent\">",
			 "</div>", 10, 30),
	       BIT(CUE_PARA) | BIT(CUE_W_OVERLAY),
	       "...and a consent dialog inside it stays over the page");
	is_int(held_cues("<a href=x>", "</a>", 30, 1), BIT(CUE_PARA) | BIT(CUE_LINK),
	       "a link holding all the text is still a link (and not the main element: its text is "
	       "link text)");
}

static void test_breaks(void)
{
	char *m = mark("<div>one</div><div>two<span>three</span></div>four<td>five<td>six"
		       "<ul><li>seven<li>eight</ul><p>nine <b>ten</b></p><dl><dd>eleven</dl>"
		       "<section>twelve</section>");
	is_int(break_before(m, "one"), -1, "the page's first text: no marker");
	is_int(break_before(m, "two"), 1, "a <div> after a <div>: a block ended");
	is_int(break_before(m, "three"), -1, "an inline element: no marker (the same state)");
	is_int(break_before(m, "four"), 1, "text after </div>: a block ended");
	is_int(break_before(m, "five"), 1, "a table cell begins");
	is_int(break_before(m, "six"), 1, "...and another");
	is_int(break_before(m, "eight"), 1, "a list item");
	is_int(break_before(m, "nine"), 1, "a paragraph");
	is_int(break_before(m, "ten"), 0, "inline emphasis changes the state, ends no block");
	is_int(break_before(m, "eleven"), 1, "a <dd>");
	is_int(break_before(m, "twelve"), 1, "a <section>");
	free(m);
}

static void test_bounds(void)
{
	/* Every character its own state: markers would be 30 times the page. */
	struct strbuf page = STRBUF_INIT;
	for (int i = 0; i < 20000; i++)
		strbuf_addstr(&page, i % 2 ? "<b>x</b>" : "<a href=l>y</a>");
	size_t len = page.len;
	char *m = mark(page.buf);
	size_t marker = strlen(PREFIX) + STRUCTURE_STATE_DIGITS + strlen(STRUCTURE_STATE_END);
	ok(strlen(m) <= 2 * len + 9 * marker, "markers add at most about the page's size (%zu -> %zu)",
	   len, strlen(m));
	const char *last = m, *p;
	while ((p = strstr(last + 1, PREFIX)))
		last = p;
	is_int(structure_state_parse(last + strlen(PREFIX), strlen(last) - strlen(PREFIX)), 0,
	       "the last marker announces state 0 (the rest unmarked)");
	free(m);
	strbuf_release(&page);

	m = mark("");
	is_string(m, "", "an empty page stays empty");
	free(m);
	char deep[512 * 8 + 64] = "";
	for (int i = 0; i < 600; i++)
		strcat(deep, "<i>");
	strcat(deep, "deep");
	m = mark(deep);
	is_int(state_before(m, "deep"), BIT(CUE_MAIN),
	       "nesting past the stack's depth: no crash (the emphasis holds all: no cue)");
	free(m);

	is_int(structure_state_parse("0000000f@@", 10), 15, "digits parse");
	is_int(structure_state_parse("0000000F@@", 10), -1, "upper case hex is no marker");
	is_int(structure_state_parse("0000000f@", 9), -1, "an unfinished marker");
	is_int(structure_state_parse("ffffffff@@", 10), -1, "bits past the last cue");
	is_int(structure_state_parse("000g0000@@", 10), -1, "not hex");
}

/* Does the page come out the same from html_mark_structure() (the runs
 * after the first read back its events; names and class values met before
 * are not looked up again) as from the plain reading (each run reads the
 * page, each name and value is looked up each time)? */
static int same_both_ways(const char *html)
{
	char *kept = mark(html), *reread = mark_by(html_mark_structure_plain, html);
	int same = !strcmp(kept, reread);
	if (!same)
		diag("events read back: %s\n# the page read again: %s", kept, reread);
	free(kept);
	free(reread);
	return same;
}

/* Pieces of pages the scan finds hard: implied ends, a title, comments,
 * '<' that begins no tag, unfinished tags, boxes that hide or overlay. */
static const char *const page_pieces[] = {
	"<p>", "</p>", "<title>", "</title>", "<TITLE>", "</Title>", "<!-- a comment -->",
	"<!doctype html>", "<?php x ?>", "<", "< ", "<3", ">", "</", "<p", "text", " more words ",
	"\n", "m\xc3\xb6rk ", "<a href=x>", "<a>", "</a>", "<div>", "</div>", "<div/>", "<br/>",
	"<div class=hidden>", "<div class=\"modal overlay\">", "<body class=modal-open>",
	"</body>", "<span style='display:none'>", "</span>", "<table>", "</table>", "<tr>", "<td>",
	"<ul>", "</ul>", "<li>", "<dl><dt>", "<dd>", "<option>", "<nav>", "</nav>", "<footer>",
	"</footer>", "<dialog>", "</dialog>", "<b>", "</b>", "<h1>", "</h1>", "<x-widget>",
	"</x-widget>", "<averyveryverylongname>", "</averyveryverylongnamE>",
};

static void test_events(void)
{
	static const char *const pages[] = {
		/* an overlay holding (nearly) all the text: the own text is measured again */
		"<body class=\"page modal-open\"><div><div class=\"entry\"><p>inside text text "
		"text text text</p></div><div>other</div></div></body>",
		"<div class=\"hidden\"><p>hidden text, nearly all of the page's text</p></div>x",
		"<html><head><title>A <b>title</b> &amp; <!-- c --> text</title></head>"
		"<body>one<!-- c -->two<?pi?>three<!doctype x>four</body></html>",
		"<div><p>one<li>two<td>three<table><tr><td>four</div>five</td></table>six",
		"a < b <3 and <- text <", "<div class=\"x\"", "text <!-- unfinished",
		"<DIV CLASS=SIDEBAR>Upper</div><averyveryverylongname>long</averyveryverylongname>",
		"<title>no end", "",
	};
	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++)
		ok(same_both_ways(pages[i]), "events read back mark page %zu as the page read again", i);

	/* A page whose markers run out before its end (test_bounds()). */
	struct strbuf many = STRBUF_INIT;
	for (int i = 0; i < 4000; i++)
		strbuf_addstr(&many, i % 2 ? "<b>x</b>" : "<a href=l>y</a>");
	ok(same_both_ways(many.buf), "...and a page whose markers run out");
	/* Its events (three a piece of 8 or 15 bytes) pass the bound
	 * (EVENTS_MAX_GROWTH) well before its end, as do those of a page of
	 * tags alone: the events kept are dropped halfway and the page is
	 * read again. */
	strbuf_reset(&many);
	strbuf_addstr(&many, "<div class=\"sidebar\">side text</div><p>main text");
	for (int i = 0; i < 20000; i++)
		strbuf_addstr(&many, i % 3 ? "<a>" : "<i>t");
	ok(same_both_ways(many.buf), "...and a page of tags alone, past the events' bound");

	/* Class values met again, among more than the cache holds: values of
	 * the same length that share a slot take each other's place. */
	static const char *const words[] = { "nav", "post", "comment", "x", "sidebar", "hidden",
					     "menu-item", "content", "footer2", "ad" };
	unsigned long value_seed = 13501;
	strbuf_reset(&many);
	for (int i = 0; i < 3000; i++) {
		unsigned long a = tap_random(&value_seed) % 10, b = tap_random(&value_seed) % 10;
		unsigned long n = tap_random(&value_seed) % 40;
		strbuf_addf(&many, "<div class=\"%s-%lu%s\">text %d</div>", words[a], n, words[b], i);
	}
	ok(same_both_ways(many.buf), "...and a page of 3000 class values, 4000 kinds of them");
	strbuf_release(&many);

	/* And many pages of those pieces, at random. */
	unsigned long seed = 1350;
	size_t pieces = sizeof(page_pieces) / sizeof(page_pieces[0]), differ = 0;
	for (int n = 0; n < 3000; n++) {
		struct strbuf page = STRBUF_INIT;
		for (unsigned long k = tap_random(&seed) % 120; k > 0; k--)
			strbuf_addstr(&page, page_pieces[tap_random(&seed) % pieces]);
		differ += !same_both_ways(page.buf);
		strbuf_release(&page);
	}
	is_int(differ, 0, "3000 random pages: events read back mark them as the page read again");
}

static void test_join(void)
{
	struct strbuf dump = STRBUF_INIT;
	strbuf_addstr(&dump, "   text @@NC-S-000\n   00003@@more\n   mail me @@\n   home\n");
	structure_join_cut_markers(&dump, PREFIX);
	is_string(dump.buf, "   text @@NC-S-00000003@@more\n   mail me @@\n   home\n",
		  "a marker cut at a line's end is joined; '@@' that is not one stays");
	strbuf_reset(&dump);
	strbuf_addstr(&dump, "a @\n@NC-S-00000001@@b\n");
	structure_join_cut_markers(&dump, PREFIX);
	is_string(dump.buf, "a @@NC-S-00000001@@b\n", "cut after its first byte");
	strbuf_reset(&dump);
	strbuf_addstr(&dump, "a @@NC-S-0000\n");
	structure_join_cut_markers(&dump, PREFIX);
	is_string(dump.buf, "a @@NC-S-0000\n", "a cut marker at the end of the dump stays");
	strbuf_release(&dump);
}

struct collected {
	struct segment segments[8];
	struct segment_structure structures[8];
	char text[8][64];
	int n;
};

static int collect(const struct segment *segment, void *data, struct nc_error *err)
{
	struct collected *c = data;
	(void)err;
	if (c->n < 8) {
		c->segments[c->n] = *segment;
		if (segment->structure) {
			c->structures[c->n] = *segment->structure;
			c->segments[c->n].structure = &c->structures[c->n];
		}
		snprintf(c->text[c->n], sizeof(c->text[0]), "%.*s", (int)segment->len, segment->text);
		c->n++;
	}
	return 0;
}

static void test_segments(void)
{
	struct markers markers;
	struct rule_workspace *ws = rule_workspace_new();
	struct nc_error err = { 0 };
	struct collected c = { 0 };
	markers_init_placeholders(&markers);
	struct segmenter *s = segmenter_new(NULL, ws, &markers, SEGMENT_STRUCTURE, collect, &c);
	const char *dump =
		"   * @@NC-S-00000003@@Home\n"
		"   * About @@NC-S-00000000@@us\n"
		"\n"
		"   @@NC-S-00000200@@Some text, and @@NC-S-00000201@@a link\n"
		"   @@NC-S-00000200@@going on.\n";
	if (segmenter_run(s, dump, strlen(dump), &err) < 0)
		bail(err.message);
	is_int(c.n, 3, "three segments");
	is_string(c.text[0], "Home", "markers are removed");
	ok(c.segments[0].structure != NULL, "with SEGMENT_STRUCTURE segments have structure");
	is_int(c.segments[0].structure->chars, 4, "the bullet is not counted");
	is_int(c.segments[0].structure->cue_chars[CUE_LINK], 4, "all link");
	is_int(c.segments[0].structure->cue_chars[CUE_NAV], 4, "all nav");
	is_string(c.text[1], "About us", "the state goes on over the line's bullet");
	is_int(c.segments[1].structure->chars, 7, "its characters");
	is_int(c.segments[1].structure->cue_chars[CUE_LINK], 5, "'About' under the state before");
	is_string(c.text[2], "Some text, and a link going on.", "lines join");
	is_int(c.segments[2].structure->chars, 25, "characters of both lines");
	is_int(c.segments[2].structure->cue_chars[CUE_LINK], 5, "the link's");
	is_int(c.segments[2].structure->cue_chars[CUE_PARA], 25, "all of it in the paragraph");

	c.n = 0;
	segmenter_set_flags(s, SEGMENT_DEFAULT);
	if (segmenter_run(s, dump, strlen(dump), &err) < 0)
		bail(err.message);
	is_string(c.text[0], "Home", "without the flag the markers go too");
	ok(c.segments[0].structure == NULL, "...and nothing is counted");
	ok(c.segments[2].structure == NULL, "...no characters");

	c.n = 0;
	segmenter_set_flags(s, SEGMENT_STRUCTURE);
	const char *forged = "@@NC-S-0000000g@@text @@NC-S-00000001@\n";
	if (segmenter_run(s, forged, strlen(forged), &err) < 0)
		bail(err.message);
	is_string(c.text[0], "@@NC-S-0000000g@@text @@NC-S-00000001@",
		  "what only looks like a marker is text");

	c.n = 0;
	const char *starred = "   @@NC-S-00000001@@* text\n";
	if (segmenter_run(s, starred, strlen(starred), &err) < 0)
		bail(err.message);
	is_string(c.text[0], "text", "a page's own '* ' after a marker reads as a bullet, as before");
	is_int(c.segments[0].structure->chars, 5, "...its star counted: no Lynx bullet began the line");
	is_int(c.segments[0].structure->cue_chars[CUE_LINK], 5,
	       "...under its own state (a cue never counts more than the characters)");
	segmenter_free(s);
	rule_workspace_free(ws);
}

/* A state marker with STRUCTURE_BREAK ends the segment where it stands. */
static void test_segment_breaks(void)
{
	struct markers markers;
	struct rule_workspace *ws = rule_workspace_new();
	struct nc_error err = { 0 };
	struct collected c = { 0 };
	markers_init_placeholders(&markers);
	struct segmenter *s = segmenter_new(NULL, ws, &markers, SEGMENT_STRUCTURE, collect, &c);
	const char *dump =
		"   @@NC-S-00000200@@first cell @@NC-S-80000001@@second cell\n"
		"   @@NC-S-80000000@@third\n"
		"   fourth\n"
		"   * @@NC-S-80000001@@item\n"
		"\n"
		"   @@NC-S-80000000@@@@NC-H@@ heading\n";
	if (segmenter_run(s, dump, strlen(dump), &err) < 0)
		bail(err.message);
	is_int(c.n, 5, "a break ends a segment, mid-line too");
	is_string(c.text[0], "first cell", "the text before the break");
	is_int(c.segments[0].structure->chars, 9, "...its characters");
	is_int(c.segments[0].structure->cue_chars[CUE_PARA], 9, "...under its state");
	is_int(c.segments[0].structure->cue_chars[CUE_LINK], 0, "...none of the next part's");
	is_string(c.text[1], "second cell", "the text after it begins the next");
	is_int(c.segments[1].structure->chars, 10, "...with its own characters");
	is_int(c.segments[1].structure->cue_chars[CUE_LINK], 10, "...under its state");
	is_string(c.text[2], "third fourth", "a break at a line's start: the lines after still join");
	is_int(c.segments[3].type, SEGMENT_LIST_ITEM, "a Lynx bullet before a break: a list item");
	is_string(c.text[3], "item", "...its text");
	is_int(c.segments[4].type, SEGMENT_HEADING, "the heading marker after a break");
	is_string(c.text[4], "heading", "...its text");

	/* A rule that takes a break with text on both sides leaves one part:
	 * the counts of both go to it. */
	const char *rules_text = "ncleaner-rules 1\ncell \\f?second\tcell\n";
	struct rule_set *rules = rule_set_parse("test", rules_text, strlen(rules_text), 0, &err);
	if (!rules)
		bail(err.message);
	struct segmenter *r = segmenter_new(rules, ws, &markers, SEGMENT_STRUCTURE, collect, &c);
	c.n = 0;
	const char *cut = "   @@NC-S-00000200@@first cell @@NC-S-80000001@@second cell\n";
	if (segmenter_run(r, cut, strlen(cut), &err) < 0)
		bail(err.message);
	is_int(c.n, 1, "a break a rule took ends nothing");
	is_string(c.text[0], "first cell cell", "...the line as the rule left it");
	is_int(c.segments[0].structure->chars, 19, "...with the counts of both parts");
	is_int(c.segments[0].structure->cue_chars[CUE_LINK], 10, "...each under its state");
	segmenter_free(r);
	rule_set_free(rules);

	/* Line by line (--lines): the bullet alone before the break is no
	 * blank line, and the item after it is a list item. */
	struct segmenter *l = segmenter_new(NULL, ws, &markers, SEGMENT_STRUCTURE | SEGMENT_LINES,
					    collect, &c);
	c.n = 0;
	const char *lines = "   before\n   * @@NC-S-80000001@@item\n";
	if (segmenter_run(l, lines, strlen(lines), &err) < 0)
		bail(err.message);
	is_int(c.n, 2, "--lines: a bullet, a break, an item: one segment");
	is_int(c.segments[1].type, SEGMENT_LIST_ITEM, "...a list item");
	is_string(c.text[1], "item", "...its text");
	is_int(c.segments[1].blank_lines, 0, "...no blank line before it");
	segmenter_free(l);
	segmenter_free(s);
	rule_workspace_free(ws);
}

int main(void)
{
	test_marking();
	test_words();
	test_coverage();
	test_breaks();
	test_bounds();
	test_events();
	test_join();
	test_segments();
	test_segment_breaks();
	return done_testing();
}
