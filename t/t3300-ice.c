/* t3300-ice: the ICE methods' parts. The block extractor on small pages
 * (tests/t3300/blocks.txt) and the text's lines; the segmenter's block
 * marker and blank-line counts; ice-hr's rule on hand-made line tables
 * (tests/t3300/hr-cases.txt: every branch, the "fewer than 3 short lines"
 * boundary); words and the ice-dt features; C4.5's arithmetic, its choice on
 * Quinlan's golf data and its pruning, worked out by hand; the tree file
 * round trip and every kind of corruption; ice-lm's divergences against a
 * hand-computed example and its settings file; labels from the scorer's
 * alignment; the methods through their scorers and the threshold decider. */
#include "base/alloc.h"
#include "base/strbuf.h"
#include "decide/decider.h"
#include "eval/gold-labels.h"
#include "method/decision-tree.h"
#include "method/ice.h"
#include "normalise/markers.h"
#include "render/html-blocks.h"
#include "segment/segment.h"
#include "train/c45.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* --- helpers ------------------------------------------------------------------- */

static char *read_fixture(const char *name)
{
	struct strbuf text = STRBUF_INIT;
	FILE *f = fopen(fixture_path(name), "rb");
	char buf[4096];
	size_t n;
	if (!f)
		bail("cannot open a fixture");
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&text, buf, n);
	fclose(f);
	return strbuf_detach(&text, NULL);
}

/* Segments collected from the segmenter, texts copied. */
struct collected {
	struct scored_segment items[256];
	char *texts[256];
	size_t count;
};

static int collect(const struct segment *segment, void *data, struct nc_error *err)
{
	struct collected *c = data;
	(void)err;
	if (c->count == 256)
		return 0;
	c->texts[c->count] = xmemdup(segment->text, segment->len);
	c->items[c->count] = (struct scored_segment){ .segment = *segment, .keep = 1 };
	c->items[c->count].segment.text = c->texts[c->count];
	c->count++;
	return 0;
}

static void collected_release(struct collected *c)
{
	for (size_t i = 0; i < c->count; i++)
		free(c->texts[i]);
	c->count = 0;
}

/* Segment `dump` with `flags` (no rules, the placeholder markers). */
static void segment_dump(const char *dump, enum segmenter_flags flags, struct collected *out)
{
	struct markers markers;
	struct nc_error err;
	markers_init_placeholders(&markers);
	struct segmenter *s = segmenter_new(NULL, NULL, &markers, flags, collect, out);
	if (segmenter_run(s, dump, strlen(dump), &err) < 0)
		bail(err.message);
	segmenter_free(s);
}

/* --- the block extractor ---------------------------------------------------------- */

static int add_block(const char *tag, const char *text, size_t len, void *data,
		     struct nc_error *err)
{
	struct strbuf *out = data;
	(void)err;
	strbuf_addf(out, "%s\t%.*s\n", tag, (int)len, text);
	return 0;
}

static void test_block_cases(void)
{
	char *text = read_fixture("t3300/blocks.txt");
	char *p = text;
	int cases = 0;

	while ((p = strstr(p, "=== "))) {
		char *name_end = strchr(p, '\n');
		char *html = name_end + 1;
		char *sep = strstr(html, "---\n");
		if (!sep && (sep = strstr(html, "---")) == NULL)
			bail("blocks.txt: a case without ---");
		char *expected = sep + 4 <= text + strlen(text) ? sep + 4 : sep + 3;
		char *next = strstr(expected, "\n=== ");
		char *expected_end = next ? next + 1 : expected + strlen(expected);
		struct strbuf want = STRBUF_INIT, got = STRBUF_INIT, name = STRBUF_INIT;
		strbuf_add(&name, p + 4, (size_t)(name_end - p - 4));
		strbuf_add(&want, expected, (size_t)(expected_end - expected));
		while (want.len && want.buf[want.len - 1] == '\n')
			strbuf_setlen(&want, want.len - 1);
		if (want.len)
			strbuf_addch(&want, '\n');
		size_t html_len = sep > html ? (size_t)(sep - html - 1) : 0;
		struct nc_error err;
		int ret = html_blocks_read(html, html_len, add_block, &got, &err);
		ok(ret == 0, "blocks: %s: read", name.buf);
		is_string(got.buf, want.buf, "blocks: %s", name.buf);
		strbuf_release(&want);
		strbuf_release(&got);
		strbuf_release(&name);
		cases++;
		p = expected_end;
	}
	ok(cases >= 10, "blocks.txt has its cases (%d)", cases);
	free(text);
}

static void test_lines(void)
{
	struct strbuf out = STRBUF_INIT;
	struct nc_error err;
	const char *page = "<html><head><title>T</title></head><body>a <b>b</b>\n"
			   "c<br>d\r\ne\rf\tg<script>x\ny</script>\n\n<p>last</p></body></html>";
	ok(html_lines_read(page, strlen(page), 0, &out, &err) == 0, "lines: read");
	is_string(out.buf, "a b\nc d\ne\nf g\n\nlast ", "lines: inline tags go without a trace, "
		  "<br> and block boundaries are spaces, CR LF and CR end lines, tabs become spaces, "
		  "script is no text");
	strbuf_reset(&out);
	const char *list = "<ul><li>three</li><li>Boats</li></ul>caf<b>\xc3\xa9</b>";
	html_lines_read(list, strlen(list), 0, &out, &err);
	is_string(out.buf, "three Boats caf\xc3\xa9 ", "lines: words of two blocks stay apart, of "
		  "inline elements together");
	strbuf_reset(&out);
	ok(html_lines_read(page, strlen(page), 4, &out, &err) < 0 && err.code == NC_ERR_LIMIT,
	   "lines: more text than the limit is NC_ERR_LIMIT");
	strbuf_reset(&out);
	ok(html_lines_read("", 0, 0, &out, &err) == 0 && out.len == 0, "lines: an empty page has none");
	strbuf_release(&out);
}

/* The renderer writes the markers the segmenter reads: tags and types. */
static void test_renderer(void)
{
	struct nc_error err;
	struct markers markers;
	struct html_blocks_config config = { HTML_BLOCKS, 10.0 };
	struct renderer *r = html_blocks_renderer_class.create(&config, &err);
	struct strbuf dump = STRBUF_INIT;
	const char *page = "<h1>Title</h1><p>Text 1. of <b>the</b> page.</p><ul><li>* item</li></ul>"
			   "<div>1. not a list</div>";
	struct charset_choice utf8 = { .name = "utf-8", .assume = "utf-8" };
	struct render_request request = { .html = page, .len = strlen(page), .charset = &utf8,
					  .max_output = 1 << 20, .markers = &markers };
	markers_init_placeholders(&markers);
	ok(html_blocks_renderer_class.raw_html, "the renderer reads raw HTML");
	ok(renderer_render(r, &request, &dump, &err) == 0, "renderer: a page");
	struct collected c = { .count = 0 };
	segment_dump(dump.buf, SEGMENT_NO_BULLETS, &c);
	is_int(c.count, 4, "renderer: four segments");
	if (c.count == 4) {
		is_int(c.items[0].segment.type, SEGMENT_HEADING, "...a heading");
		is_string(c.items[0].segment.tag, "h1", "...tagged h1");
		is_string(c.items[0].segment.text, "Title", "...without its markers");
		is_int(c.items[1].segment.type, SEGMENT_PARAGRAPH, "...a paragraph");
		is_string(c.items[1].segment.tag, "p", "...tagged p");
		is_int(c.items[2].segment.type, SEGMENT_LIST_ITEM, "...a list item");
		is_string(c.items[2].segment.text, "* item", "...whose text keeps what looks like a bullet");
		is_int(c.items[3].segment.type, SEGMENT_PARAGRAPH, "...a block that starts like a number");
		is_string(c.items[3].segment.text, "1. not a list", "...is text");
	}
	collected_release(&c);
	/* The page is read in the charset stage 1 decided (its declaration is
	 * not read again: normalise/charset-choice.h, t1300). */
	const char *latin1 = "<meta charset=\"utf-8\"><p>caf\xe9</p>";
	struct charset_choice decided = { .name = "iso-8859-1", .assume = "windows-1252" };
	strbuf_reset(&dump);
	request.html = latin1;
	request.len = strlen(latin1);
	request.charset = &decided;
	ok(renderer_render(r, &request, &dump, &err) == 0, "renderer: a Latin-1 page");
	ok(strstr(dump.buf, "caf\xc3\xa9") != NULL, "...is read in the charset stage 1 decided");
	strbuf_reset(&dump);
	request.html = page;
	request.len = strlen(page);
	request.max_output = 10;
	ok(renderer_render(r, &request, &dump, &err) < 0 && err.code == NC_ERR_LIMIT && !dump.len,
	   "renderer: a dump over the limit is NC_ERR_LIMIT, and nothing is appended");
	strbuf_release(&dump);
	renderer_free(r);
}

/* --- the segmenter's block marker and blank lines ------------------------------------- */

static void test_segmenter(void)
{
	struct collected c = { .count = 0 };
	segment_dump("@@NC-B@@td cell one\n\n@@NC-B@@blink not a block tag\n"
		     "@@NC-B@@li @@NC-L@@ item\nplain continues\n\n@@NC-B@@h3 @@NC-H@@ Head\n",
		     SEGMENT_DEFAULT, &c);
	is_int(c.count, 4, "block marker: four segments");
	if (c.count == 4) {
		is_string(c.items[0].segment.tag, "td", "...the first is tagged td");
		is_string(c.items[0].segment.text, "cell one", "...without the marker");
		ok(c.items[1].segment.tag == NULL, "...an unknown tag is NULL");
		is_string(c.items[2].segment.tag, "li", "...li");
		is_int(c.items[2].segment.type, SEGMENT_LIST_ITEM, "...a list item");
		is_string(c.items[2].segment.text, "item plain continues", "...a line without a marker "
			  "continues the block");
		is_int(c.items[3].segment.type, SEGMENT_HEADING, "...h3 is a heading");
	}
	collected_release(&c);
	segment_dump("\n\nfirst\nsecond\n \n\xc2\xa0\n\nthird\n* bullet\n", SEGMENT_LINES, &c);
	is_int(c.count, 4, "lines: four segments");
	if (c.count == 4) {
		is_int(c.items[0].segment.blank_lines, 2, "...two blank lines before the first");
		is_int(c.items[1].segment.blank_lines, 0, "...none before the second");
		is_int(c.items[2].segment.blank_lines, 3, "...three (a space, a no-break space, "
		       "nothing) before the third");
		is_int(c.items[3].segment.type, SEGMENT_LIST_ITEM, "...a Lynx bullet makes a list item");
	}
	collected_release(&c);
	segment_dump("* bullet\n", SEGMENT_LINES | SEGMENT_NO_BULLETS, &c);
	ok(c.count == 1 && c.items[0].segment.type == SEGMENT_PARAGRAPH &&
	   !strcmp(c.items[0].segment.text, "* bullet"), "no bullets: '* ' stays text");
	collected_release(&c);
	ok(html_block_tag("div", 3) && !strcmp(html_block_tag("div", 3), "div") &&
	   html_block_tag("h6", 2) && html_block_tag("address", 7) && html_block_tag("ul", 2) &&
	   !html_block_tag("span", 4) && !html_block_tag("d", 1) && !html_block_tag("divx", 4) &&
	   !html_block_tag("", 0), "block tags: found and not found");
}

/* --- ice-hr ----------------------------------------------------------------------------- */

static void test_hr_cases(void)
{
	char *text = read_fixture("t3300/hr-cases.txt");
	char *p = text;
	int cases = 0;

	while ((p = strstr(p, "=== "))) {
		char *name_end = strchr(p, '\n');
		char *body = name_end + 1;
		char *next = strstr(body, "\n=== ");
		char *end = next ? next + 1 : body + strlen(body);
		struct strbuf dump = STRBUF_INIT, want = STRBUF_INIT, got = STRBUF_INIT;
		struct strbuf name = STRBUF_INIT;
		strbuf_add(&name, p + 4, (size_t)(name_end - p - 4));
		for (char *line = body; line < end;) {
			char *nl = memchr(line, '\n', (size_t)(end - line));
			char *stop = nl ? nl : end;
			if (stop - line >= 2 && line[1] == '\t') {
				strbuf_add(&dump, line + 2, (size_t)(stop - line - 2));
				strbuf_addch(&dump, '\n');
				if (stop - line > 2)
					strbuf_addch(&want, line[0]);
			}
			line = nl ? nl + 1 : end;
		}
		struct collected c = { .count = 0 };
		segment_dump(dump.buf, SEGMENT_LINES | SEGMENT_NO_BULLETS, &c);
		enum ice_hr_verdict verdicts[256];
		ice_hr_run(c.items, c.count, verdicts);
		for (size_t i = 0; i < c.count; i++)
			strbuf_addch(&got, verdicts[i] == ICE_HR_KEEP_HEADING ? 'h'
					   : verdicts[i] == ICE_HR_KEEP_PARAGRAPH ? 'p' : '-');
		is_string(got.buf, want.buf, "ice-hr: %s", name.buf);

		/* The method and the decider give the same, with types. */
		struct method *m = ice_hr_method_new();
		struct method_scorer *scorer = method_scorer_new(m);
		struct decider *d = threshold_decider_new(0);
		struct nc_error err;
		method_score_page(scorer, NULL, c.items, c.count, &err);
		decider_decide(d, NULL, c.items, c.count, NULL);
		strbuf_reset(&got);
		for (size_t i = 0; i < c.count; i++)
			strbuf_addch(&got, !c.items[i].keep ? '-' : (char)c.items[i].segment.type);
		is_string(got.buf, want.buf, "ice-hr: %s (method and decider)", name.buf);
		decider_free(d);
		method_scorer_free(scorer);
		method_free(m);
		collected_release(&c);
		strbuf_release(&dump);
		strbuf_release(&want);
		strbuf_release(&got);
		strbuf_release(&name);
		cases++;
		p = end;
	}
	ok(cases >= 15, "hr-cases.txt has its cases (%d)", cases);
	free(text);
}

static void test_hr_classify(void)
{
	is_int(ice_hr_classify("abc", 3), ICE_HR_SHORT, "ice-hr: 3 characters are short");
	is_int(ice_hr_classify("a b", 3), ICE_HR_SHORT, "ice-hr: 'a b' is 3 characters");
	is_int(ice_hr_classify("ab c", 4), ICE_HR_OTHER, "ice-hr: 4 characters are a candidate");
	is_int(ice_hr_classify("\xc3\xa9\xc3\xa9\xc3\xa9", 6), ICE_HR_SHORT,
	       "ice-hr: three code points (six bytes) are short");
	is_int(ice_hr_classify("", 0), ICE_HR_SHORT, "ice-hr: nothing is short");
}

/* --- words and features --------------------------------------------------------------------- */

static void test_words(void)
{
	struct ice_words w;
	const char *text = "The cat, of the House! \xc3\x89t\xc3\xa9 \xe2\x80\x94 2008";
	ice_count_words(text, strlen(text), &w);
	is_int(w.words, 8, "words: runs of non-space");
	is_int(w.capitalised, 3, "words: The, House, \xc3\x89t\xc3\xa9 are capitalised");
	is_int(w.punctuation, 3, "words: the comma, the bang, the dash");
	is_int(w.stop_words, 3, "words: The, of, the are stop words");
	is_int(w.characters, 26, "words: characters are code points");
	ok(ice_is_stop_word("(THE)", 5) && ice_is_stop_word("yourselves", 10) &&
	   !ice_is_stop_word("house", 5) && !ice_is_stop_word("th\xc3\xa9", 4) &&
	   !ice_is_stop_word("--", 2), "stop words: case and surrounding punctuation ignored");
	{
		/* Every one of the 127, first and last of each length, and words a
		 * letter short or long of one. */
		static const char *const all =
			"a i am an as at be by do he if in is it me my no of on or so to up we all "
			"and any are but can did few for had has her him his how its nor not now off "
			"our out own she the too was who why you also been both does down each from "
			"have here hers into just more most once only ours over same some such than "
			"that them then they this very were what when whom will with your about above "
			"after again being below could doing other their there these those under until "
			"where which while would yours before during having itself myself should theirs "
			"against because between further herself himself through yourself ourselves "
			"themselves yourselves";
		static const char *const none[] = { "b", "ab", "ar", "ww", "al", "yous", "abou",
						    "youre", "ourself", "themselve", "yourselvess",
						    "thethe", "wei", "aa" };
		int all_in = 1, none_in = 0, count = 0;
		for (const char *p = all; *p;) {
			size_t n = strcspn(p, " ");
			all_in &= ice_is_stop_word(p, n);
			count++;
			p += n + (p[n] == ' ');
		}
		for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++)
			none_in |= ice_is_stop_word(none[i], strlen(none[i]));
		ok(all_in && count == 127, "stop words: all %d of them", count);
		ok(!none_in, "stop words: none of 14 near misses");
	}

	struct segment s = { .type = SEGMENT_PARAGRAPH, .text = "The cat, of the House!", .len = 22,
			     .tag = "td" };
	struct tree_value v[ICE_DT_FEATURES];
	ice_dt_features(&s, v);
	is_double(v[ICE_DT_WORDS].number, 5, 0, "features: words");
	is_string(v[ICE_DT_TAG].name, "td", "features: the tag");
	is_double(v[ICE_DT_CAPITALS].number, 0.4, 1e-12, "features: capitals per word");
	is_double(v[ICE_DT_PUNCTUATION].number, 0.4, 1e-12, "features: punctuation per word");
	is_double(v[ICE_DT_STOP_WORDS].number, 0.6, 1e-12, "features: stop words per word");
}

/* ice_count_words() counts a word of at most seven ASCII bytes by masks
 * of eight bytes at a time, a longer one by masks eight bytes a step
 * too, both with a hash of packed letters; here, each word of
 * random ASCII texts (words of every length up to and past eight and
 * sixteen bytes, stop words of up to ten letters in and beside
 * punctuation, at the text's end too) counted as ice.h defines it, a byte
 * at a time, with ice_is_stop_word() (the other path) for its stop word.
 * Each text is in a buffer of its own length, so that a read past its end
 * shows under the sanitizers and valgrind. */
static int ascii_punctuation(unsigned char c)
{
	return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) ||
	       (c >= 0x7B && c <= 0x7E);
}

static void test_words_random(void)
{
	static const char *const pieces[] = {
		"the", "The", "THEM", "yourselves", "yourselvess", "of", "a", "x", "House", "7",
		"(", ")", ",", "'", "--", "\"", " ", " ", "\t", "\x7f", "\x01", "~", "_", "I", "am",
		"0", "42", "[", "z", "Q", "`", "@", "{", "/", "themselves", "Ourselves", "yourself",
		"BETWEEN", "because", "children", "something", "abcdefghijklmnopq", "between,",
		"(yourselves)", "themselves\"", "them.selves", "x1", "Yourselves...",
	};
	unsigned seed = 3300, wrong = 0, stops = 0;
	const unsigned texts = 3000;
	for (unsigned t = 0; t < texts; t++) {
		char built[32 * 20];
		size_t len = 0;
		unsigned n = (seed = seed * 1103515245u + 12345u) >> 16 & 31;
		for (unsigned i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			const char *piece = pieces[(seed >> 16) % (sizeof(pieces) / sizeof(pieces[0]))];
			size_t k = strlen(piece);
			memcpy(built + len, piece, k);
			len += k;
		}
		char *text = malloc(len ? len : 1);
		memcpy(text, built, len);
		struct ice_words got, want = { 0 };
		for (size_t i = 0; i < len;) {
			while (i < len && (unsigned char)text[i] <= ' ')
				i++;
			if (i == len)
				break;
			size_t start = i;
			int first = 1;
			want.words++;
			for (; i < len && (unsigned char)text[i] > ' '; i++) {
				unsigned char c = (unsigned char)text[i];
				want.characters++;
				want.digits += c >= '0' && c <= '9';
				if (ascii_punctuation(c)) {
					want.punctuation++;
				} else if (first) {
					first = 0;
					want.capitalised += c >= 'A' && c <= 'Z';
				}
			}
			want.stop_words += ice_is_stop_word(text + start, i - start);
		}
		ice_count_words(text, len, &got);
		wrong += got.words != want.words || got.characters != want.characters ||
			 got.punctuation != want.punctuation || got.capitalised != want.capitalised ||
			 got.stop_words != want.stop_words || got.digits != want.digits ||
			 got.maybe_unspaced;
		stops += (unsigned)want.stop_words;
		free(text);
	}
	is_int(wrong, 0, "words: %u random ASCII texts counted as a byte at a time", texts);
	ok(stops > texts / 8, "... with %u stop words among them", stops);
}

/* --- C4.5 ---------------------------------------------------------------------------- */

static void test_c45_arithmetic(void)
{
	/* Values of C4.5's AddErrs, worked out by hand (see the test's notes). */
	is_double(c45_added_errors(6, 0, 0.25), 1.2377968440954012, 1e-12, "AddErrs(6, 0)");
	is_double(c45_added_errors(6, 1, 0.25), 1.3264854351998983, 1e-12, "AddErrs(6, 1)");
	is_double(c45_added_errors(3, 0, 0.25), 1.1101184251576903, 1e-12, "AddErrs(3, 0)");
	is_double(c45_added_errors(3, 1, 0.25), 1.0568639529907347, 1e-12, "AddErrs(3, 1)");
	is_double(c45_added_errors(20, 2, 0.25), 1.7029044725670324, 1e-12, "AddErrs(20, 2)");
	is_double(c45_added_errors(2, 2, 0.25), 0, 1e-12, "AddErrs(2, 2): all wrong");

	/* Quinlan's golf data, outlook: gain 0.2467, split information 1.5774. */
	const double counts[2] = { 9, 5 };
	const double branches[6] = { 2, 3, 4, 0, 3, 2 };
	double split;
	double gain = c45_gain(counts, branches, 3, 2, &split);
	is_double(gain, 0.24674981977443933, 1e-12, "gain of outlook on the golf data");
	is_double(split, 1.5774062828523454, 1e-12, "...and its split information");
}

static const struct tree_feature golf_features[] = {
	{ "outlook", 1 }, { "temperature", 0 }, { "humidity", 0 }, { "windy", 1 },
};
static const char *const golf_classes[] = { "yes", "no" };
static const struct tree_schema golf_schema = {
	.method = "golf", .features = golf_features, .feature_count = 4,
	.classes = golf_classes, .class_count = 2,
};

static void golf_data(struct tree_value values[14 * 4], int classes[14])
{
	static const struct { const char *outlook; double temperature, humidity; const char *windy;
			      int play; } rows[14] = {
		{ "sunny", 85, 85, "false", 1 }, { "sunny", 80, 90, "true", 1 },
		{ "overcast", 83, 78, "false", 0 }, { "rain", 70, 96, "false", 0 },
		{ "rain", 68, 80, "false", 0 }, { "rain", 65, 70, "true", 1 },
		{ "overcast", 64, 65, "true", 0 }, { "sunny", 72, 95, "false", 1 },
		{ "sunny", 69, 70, "false", 0 }, { "rain", 75, 80, "false", 0 },
		{ "sunny", 75, 70, "true", 0 }, { "overcast", 72, 90, "true", 0 },
		{ "overcast", 81, 75, "false", 0 }, { "rain", 71, 80, "true", 1 },
	};
	memset(values, 0, 14 * 4 * sizeof(*values));
	for (int i = 0; i < 14; i++) {
		values[i * 4 + 0].name = rows[i].outlook;
		values[i * 4 + 1].number = rows[i].temperature;
		values[i * 4 + 2].number = rows[i].humidity;
		values[i * 4 + 3].name = rows[i].windy;
		classes[i] = rows[i].play;
	}
}

/* Quinlan's tree for the golf data (C4.5's book, with the threshold
 * halfway between 75 and 80 where C4.5 writes 75). */
static const char golf_tree[] =
	"ncleaner-model\t2\n"
	"method\tgolf\n"
	"classes\tyes no\n"
	"nodes\t8\n"
	"0\t*\tyes\t9 5\n"
	"1\toutlook=overcast\tyes\t4 0\n"
	"1\toutlook=rain\tyes\t3 2\n"
	"2\twindy=false\tyes\t3 0\n"
	"2\twindy=true\tno\t0 2\n"
	"1\toutlook=sunny\tno\t2 3\n"
	"2\thumidity<=77.5\tyes\t2 0\n"
	"2\thumidity>77.5\tno\t0 3\n"
	"end\t8\n";

static void test_c45_golf(void)
{
	struct tree_value values[14 * 4];
	int classes[14];
	struct decision_tree tree;
	struct nc_error err;
	struct strbuf file = STRBUF_INIT;

	golf_data(values, classes);
	struct c45_data data = { &golf_schema, values, classes, 14 };
	ok(c45_learn(&data, NULL, &tree, &err) == 0, "C4.5 on the golf data");
	ok(decision_tree_check(&tree, &err) == 0, "...a valid tree");
	decision_tree_write(&tree, &file);
	is_string(file.buf, golf_tree, "...Quinlan's tree: outlook (the best gain ratio among "
		  "gains of at least the average), then windy and humidity; pruning keeps it");
	int misclassified = 0;
	for (int i = 0; i < 14; i++) {
		const struct tree_node *leaf = decision_tree_classify(&tree, values + i * 4);
		misclassified += leaf->class_index != classes[i];
	}
	is_int(misclassified, 0, "the tree classifies its training data");
	struct tree_value unseen[4] = { { 0, "foggy" }, { 70, NULL }, { 70, NULL }, { 0, "true" } };
	const struct tree_node *node = decision_tree_classify(&tree, unseen);
	ok(node == &tree.nodes[0], "an unseen nominal value stops at the node that splits on it");
	decision_tree_release(&tree);

	struct c45_data none = { &golf_schema, values, classes, 0 };
	ok(c45_learn(&none, NULL, &tree, &err) < 0 && err.code == NC_ERR_USAGE,
	   "no instances: NC_ERR_USAGE");
	strbuf_release(&file);
}

/* Pruning, both ways. x = 1..7 with classes a a a a b a a: the grown tree
 * splits at 4.5 into a pure leaf of 4 and a leaf of 3 with 1 error (it
 * cannot split: fewer than 2 x 2). Estimated errors: as a leaf 1 +
 * AddErrs(7, 1) = 2.3667; as the subtree AddErrs(4, 0) + 1 + AddErrs(3, 1)
 * = 3.2284; 2.3667 <= 3.2284 + 0.1: pruned to a leaf. x = 1..6 with a a a b
 * b a splits at 3.5 into 3 pure and 3 with 1 error: as a leaf 2 +
 * AddErrs(6, 2) = 3.3426, as the subtree 1.1101 + 1 + 1.0569 = 3.1670;
 * 3.3426 > 3.2670: kept. */
static void test_c45_pruning(void)
{
	static const struct tree_feature x_feature[] = { { "x", 0 } };
	static const char *const ab[] = { "a", "b" };
	static const struct tree_schema schema = { "test", x_feature, 1, ab, 2 };
	struct tree_value values[7] = { { 1, NULL }, { 2, NULL }, { 3, NULL }, { 4, NULL },
					{ 5, NULL }, { 6, NULL }, { 7, NULL } };
	int pruned_classes[7] = { 0, 0, 0, 0, 1, 0, 0 };
	int kept_classes[6] = { 0, 0, 0, 1, 1, 0 };
	struct c45_data pruned = { &schema, values, pruned_classes, 7 };
	struct c45_data kept = { &schema, values, kept_classes, 6 };
	struct decision_tree tree;
	struct nc_error err;

	is_double(1 + c45_added_errors(7, 1, 0.25), 2.3667411603149575, 1e-12, "as a leaf: 2.3667");
	is_double(c45_added_errors(4, 0, 0.25) + 1 + c45_added_errors(3, 1, 0.25), 3.2284368282445444,
		  1e-12, "as a subtree: 3.2284");
	struct c45_options unpruned = { .confidence = 1 };
	c45_learn(&pruned, &unpruned, &tree, &err);
	is_int(tree.count, 3, "without pruning: a split and two leaves");
	is_double(tree.count == 3 ? tree.nodes[1].threshold : 0, 4.5, 0,
		  "...at x <= 4.5, the best gain, halfway between 4 and 5");
	decision_tree_release(&tree);
	c45_learn(&pruned, NULL, &tree, &err);
	is_int(tree.count, 1, "with pruning at CF 0.25: one leaf (2.3667 <= 3.2284 + 0.1)");
	is_int(tree.nodes[0].class_index, 0, "...of class a");
	decision_tree_release(&tree);
	c45_learn(&kept, NULL, &tree, &err);
	is_int(tree.count, 3, "a split that pruning keeps (3.3426 > 3.1670 + 0.1)");
	decision_tree_release(&tree);
	struct c45_options strict = { .confidence = 0.25, .min_objects = 4 };
	c45_learn(&pruned, &strict, &tree, &err);
	is_int(tree.count, 1, "min_objects 4: no split leaves 4 on each side of 7");
	decision_tree_release(&tree);
}

/* --- the tree file ---------------------------------------------------------------------- */

static int parse_golf(const char *text, struct nc_error *err)
{
	struct decision_tree tree;
	int ret = decision_tree_parse(&tree, &golf_schema, "golf.tree", text, strlen(text), err);
	decision_tree_release(&tree);
	return ret;
}

/* golf_tree with `from` replaced by `to` once. */
static char *golf_with(const char *from, const char *to)
{
	struct strbuf out = STRBUF_INIT;
	const char *at = strstr(golf_tree, from);
	if (!at)
		bail("golf_with: no such text");
	strbuf_add(&out, golf_tree, (size_t)(at - golf_tree));
	strbuf_addstr(&out, to);
	strbuf_addstr(&out, at + strlen(from));
	return strbuf_detach(&out, NULL);
}

static void test_tree_file(void)
{
	struct decision_tree tree;
	struct nc_error err;
	struct strbuf again = STRBUF_INIT;

	ok(decision_tree_parse(&tree, &golf_schema, "golf.tree", golf_tree, strlen(golf_tree),
			       &err) == 0, "tree file: parsed");
	decision_tree_write(&tree, &again);
	is_string(again.buf, golf_tree, "tree file: written back byte for byte");
	decision_tree_release(&tree);

	/* Every proper prefix is refused, naming the file and a line. */
	size_t len = strlen(golf_tree), refused = 0;
	for (size_t n = 0; n < len; n++) {
		if (decision_tree_parse(&tree, &golf_schema, "golf.tree", golf_tree, n, &err) < 0 &&
		    err.code == NC_ERR_FORMAT && !strncmp(err.message, "golf.tree:", 10))
			refused++;
		decision_tree_release(&tree);
	}
	is_int(refused, len, "tree file: all %zu truncations refused with file:line", len);

	static const struct { const char *from, *to, *message; enum nc_error_code code; char nodes; } bad[] = {
		{ "method\tgolf", "method\tice-dt", "golf.tree: built for the method 'ice-dt', asked "
		  "for 'golf'", NC_ERR_METHOD, 0 },
		{ "model\t2", "model\t4", "golf.tree:1: model file version 4", NC_ERR_FORMAT, 0 },
		{ "humidity<=77.5", "pressure<=77.5", "golf.tree:11: unknown feature 'pressure'",
		  NC_ERR_FORMAT, 0 },
		{ "\tno\t0 2", "\tmaybe\t0 2", "golf.tree:9: unknown class 'maybe'", NC_ERR_FORMAT, 0 },
		{ "classes\tyes no", "classes\tno yes", "golf.tree:3: the classes must be 'yes no'",
		  NC_ERR_FORMAT, 0 },
		{ "humidity>77.5", "humidity>77", "golf.tree:12: F>t must follow F<=t with the same t",
		  NC_ERR_FORMAT, 0 },
		{ "outlook=rain", "outlook=overcast", "golf.tree:7: a second child for the value "
		  "'overcast'", NC_ERR_FORMAT, 0 },
		{ "outlook=rain", "humidity<=3", "golf.tree:7: the children of a node test one feature",
		  NC_ERR_FORMAT, 0 },
		{ "windy=false", "windy<=1", "golf.tree:8: 'windy' is nominal: test it with =",
		  NC_ERR_FORMAT, 0 },
		{ "humidity<=77.5", "humidity=77.5", "golf.tree:11: 'humidity' is numeric: test it "
		  "with <= and >", NC_ERR_FORMAT, 0 },
		{ "humidity<=77.5", "humidity<=nan", "golf.tree:11: 'nan' is not a finite number",
		  NC_ERR_FORMAT, 0 },
		{ "\tyes\t3 0", "\tno\t3 0", "golf.tree:8: the class must be the majority of the "
		  "counts (yes)", NC_ERR_FORMAT, 0 },
		{ "\tyes\t3 0", "\tyes\t3", "golf.tree:8: the counts must be", NC_ERR_FORMAT, 0 },
		{ "\tyes\t3 0", "\tyes\t3 -1", "golf.tree:8: the counts must be", NC_ERR_FORMAT, 0 },
		{ "2\twindy=true", "4\twindy=true", "golf.tree:9: a node's depth is at most one more",
		  NC_ERR_FORMAT, 0 },
		{ "0\t*", "1\t*", "golf.tree:5: the first node must be the root", NC_ERR_FORMAT, 0 },
		{ "1\toutlook=overcast", "1\t*", "golf.tree:6: only the first node is the root",
		  NC_ERR_FORMAT, 0 },
		{ "2\twindy=true\tno\t0 2\n", "", "golf.tree:9: before this node: a nominal split "
		  "needs at least two children", NC_ERR_FORMAT, 0 },
		{ "2\thumidity>77.5\tno\t0 3\nend\t8", "end\t7", "golf.tree:12: before this line: a "
		  "numeric split needs two children", NC_ERR_FORMAT, '7' },
		{ "end\t8", "end\t7", "golf.tree:13: expected the end line", NC_ERR_FORMAT, 0 },
		{ "end\t8\n", "end\t8\nmore\n", "golf.tree:14: text after the end line", NC_ERR_FORMAT, 0 },
		{ "nodes\t8", "nodes\t9", "golf.tree:13: a node line is DEPTH", NC_ERR_FORMAT, 0 },
		{ "nodes\t8", "nodes\t900000", "golf.tree:4: more nodes than the file has room for",
		  NC_ERR_FORMAT, 0 },
		{ "nodes\t8", "nodes\t0", "golf.tree:4: expected nodes", NC_ERR_FORMAT, 0 },
		{ "\tyes\t9 5", "\tyes\t9 5\textra", "golf.tree:5: a node line is DEPTH", NC_ERR_FORMAT, 0 },
		{ "0\t*", "x\t*", "golf.tree:5: the depth must be", NC_ERR_FORMAT, 0 },
		{ "1\toutlook=sunny", "1\toutlook", "golf.tree:10: a test must be", NC_ERR_FORMAT, 0 },
		{ "windy=false", "windy=fa lse", "golf.tree:8: a nominal value has no spaces",
		  NC_ERR_FORMAT, 0 },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *text = golf_with(bad[i].from, bad[i].to);
		if (bad[i].nodes)
			strstr(text, "nodes\t8")[6] = bad[i].nodes;   /* the count follows */
		int ret = parse_golf(text, &err);
		ok(ret < 0 && err.code == bad[i].code && !strncmp(err.message, bad[i].message,
								 strlen(bad[i].message)),
		   "tree file refused: %s", bad[i].message);
		if (ret == 0 || strncmp(err.message, bad[i].message, strlen(bad[i].message)))
			diag("  message: %s", ret < 0 ? err.message : "(none)");
		free(text);
	}
	char *nul = xmemdup(golf_tree, sizeof(golf_tree));
	nul[strstr(golf_tree, "rain") - golf_tree] = '\0';
	struct decision_tree t;
	ok(decision_tree_parse(&t, &golf_schema, "golf.tree", nul, sizeof(golf_tree) - 1, &err) < 0 &&
	   strstr(err.message, "golf.tree:7: NUL byte"), "tree file refused: a NUL byte");
	free(nul);
	strbuf_release(&again);
}

/* --- ice-dt ------------------------------------------------------------------------------- */

static void test_ice_dt(void)
{
	/* A stump: blocks of at most 3 words are boilerplate (counts 1 0 1 8),
	 * longer ones paragraphs (1 0 8 1). */
	static const char file[] =
		"ncleaner-model\t2\nmethod\tice-dt\nclasses\th l p n\nnodes\t3\n"
		"0\t*\tp\t2 0 9 9\n1\twords<=3\tn\t1 0 1 8\n1\twords>3\tp\t1 0 8 1\nend\t3\n";
	struct decision_tree tree;
	struct nc_error err;
	ok(decision_tree_parse(&tree, ice_dt_schema(), "stump.tree", file, strlen(file), &err) == 0,
	   "ice-dt: a stump parses");
	struct method *m = ice_dt_method_new(&tree);
	struct method_scorer *scorer = method_scorer_new(m);
	struct segment shortseg = { .type = SEGMENT_HEADING, .text = "Home News", .len = 9 };
	struct segment longseg = { .type = SEGMENT_HEADING, .text = "A long enough block here",
				   .len = 24 };
	struct scored_segment s[2] = { { .segment = shortseg }, { .segment = longseg } };
	method_score(scorer, &shortseg, &s[0].score, &err);
	method_score(scorer, &longseg, &s[1].score, &err);
	/* Laplace: (c + 1) / (10 + 4). Short: P(n) = 9/14, best kept h or p 2/14 (h first). */
	is_double(s[0].score.cost_dirty, -log2(9.0 / 14), 1e-12, "ice-dt: cost_dirty = -log2 P(n)");
	is_double(s[0].score.cost_clean, -log2(2.0 / 14), 1e-12, "ice-dt: cost_clean = -log2 P(best kept)");
	is_double(s[1].score.cost_clean, -log2(9.0 / 14), 1e-12, "ice-dt: the long block's P(p)");
	struct decider *d = threshold_decider_new(0);
	decider_decide(d, NULL, s, 2, NULL);
	ok(!s[0].keep && s[1].keep, "ice-dt: the short block dropped, the long one kept");
	is_int(s[1].segment.type, SEGMENT_PARAGRAPH, "ice-dt: ...as a paragraph (its heading type "
	       "replaced by the tree's class)");
	decider_free(d);
	method_scorer_free(scorer);
	method_free(m);
}

/* --- ice-lm -------------------------------------------------------------------------------- */

/* Title "Red apples"; a heading "Apples"; "red apples are red"; "blue
 * cars"; discount 0.5. Query: red 1, apples 2 (of 3). Page: red 3, apples 3,
 * are 1, blue 1, cars 1 (of 9): P_B(red) = P_B(apples) = 1/3.
 *   "Apples"  n 1 u 1: P(red) = 0.5 x 1/3 = 1/6, P(apples) = 0.5 + 1/6 = 2/3;
 *             KL = 1/3 log2 2 + 2/3 log2 1 = 1/3
 *   "red apples are red"  n 4 u 3: P(red) = 1.5/4 + 0.375/3 = 1/2,
 *             P(apples) = 0.5/4 + 1/8 = 1/4; KL = 1/3 log2(2/3) + 2/3 log2(8/3)
 *   "blue cars"  n 2 u 2: P(red) = P(apples) = 1/6; KL = 1/3 + 2/3 x 2 = 5/3 */
static void test_ice_lm(void)
{
	struct segment segments[3] = {
		{ .type = SEGMENT_HEADING, .text = "Apples", .len = 6 },
		{ .type = SEGMENT_PARAGRAPH, .text = "red apples are red", .len = 18 },
		{ .type = SEGMENT_PARAGRAPH, .text = "blue, cars!", .len = 11 },
	};
	struct page_info page = { .title = "Red apples", .keywords = NULL };
	struct ice_lm_scratch *scratch = ice_lm_scratch_new();
	double kl[3];
	ok(ice_lm_divergences(scratch, 0.5, &page, segments, 3, kl) == 1, "ice-lm: a query");
	is_double(kl[0], 1.0 / 3, 1e-12, "ice-lm: KL of the heading");
	is_double(kl[1], log2(2.0 / 3) / 3 + 2 * log2(8.0 / 3) / 3, 1e-12, "ice-lm: KL of the "
		  "paragraph with query words");
	is_double(kl[2], 5.0 / 3, 1e-12, "ice-lm: KL of the block without (punctuation is no word)");
	struct page_info keywords = { .title = NULL, .keywords = "RED, apples apples" };
	segments[0].type = SEGMENT_PARAGRAPH;
	ice_lm_divergences(scratch, 0.5, &keywords, segments, 3, kl);
	/* Query red 1, apples 2 again; page red 3, apples 4 of 10 words. */
	is_double(kl[2], log2((1.0 / 3) / 0.15) / 3 + 2 * log2((2.0 / 3) / 0.2) / 3, 1e-12,
		  "ice-lm: keywords make a query (and words of the page)");
	struct page_info none = { 0 };
	ok(ice_lm_divergences(scratch, 0.5, &none, segments, 3, kl) == 0 && kl[0] == 0 && kl[2] == 0,
	   "ice-lm: no title, keywords or headings: no query, every KL 0");

	struct ice_lm_settings settings = { .discount = 0.5, .max_kl = 1.0 };
	struct nc_error err;
	struct method *m = ice_lm_method_new(&settings, 0, &err);
	struct method_scorer *scorer = method_scorer_new(m);
	struct scored_segment scored[3];
	segments[0].type = SEGMENT_HEADING;
	for (int i = 0; i < 3; i++)
		scored[i] = (struct scored_segment){ .segment = segments[i], .keep = 1 };
	method_score_page(scorer, &page, scored, 3, &err);
	struct decider *d = threshold_decider_new(0);
	decider_decide(d, NULL, scored, 3, NULL);
	ok(scored[0].keep && scored[1].keep && !scored[2].keep, "ice-lm: max_kl 1 keeps the first two");
	is_int(scored[0].segment.type, SEGMENT_HEADING, "ice-lm: types stay");
	decider_free(d);
	method_scorer_free(scorer);
	method_free(m);
	ice_lm_scratch_free(scratch);

	struct ice_lm_settings bad = { .discount = 1.5, .max_kl = 1 };
	ok(!ice_lm_method_new(&bad, 0, &err) && err.code == NC_ERR_USAGE, "ice-lm: discount 1.5 refused");
}

static void test_ice_lm_file(void)
{
	struct ice_lm_settings s = { .discount = 0.7, .max_kl = 6.25, .description = xstrdup("test") };
	struct strbuf file = STRBUF_INIT, again = STRBUF_INIT;
	struct nc_error err;
	ice_lm_settings_write(&s, &file);
	is_string(file.buf, "ncleaner-model\t2\nmethod\tice-lm\ndiscount\t0.7\nmax_kl\t6.25\n"
		  "description\ttest\nend\n", "ice-lm file: written");
	ice_lm_settings_release(&s);
	ok(ice_lm_settings_parse(&s, "lm.model", file.buf, file.len, &err) == 0 &&
	   s.discount == 0.7 && s.max_kl == 6.25, "ice-lm file: read back");
	ice_lm_settings_write(&s, &again);
	is_string(again.buf, file.buf, "ice-lm file: round trip");
	ice_lm_settings_release(&s);
	size_t refused = 0;
	for (size_t n = 0; n < file.len; n++)
		refused += ice_lm_settings_parse(&s, "lm.model", file.buf, n, &err) < 0 &&
			   !strncmp(err.message, "lm.model", 8);
	is_int(refused, file.len, "ice-lm file: every truncation refused");
	static const struct { const char *text, *message; } bad[] = {
		{ "ncleaner-model\t2\nmethod\tice-dt\nend\n", "lm.model: built for the method 'ice-dt'" },
		{ "ncleaner-model\t2\nmethod\tice-lm\ndiscount\t0.7\nend\n", "lm.model: needs a discount "
		  "and a max_kl line" },
		{ "ncleaner-model\t2\nmethod\tice-lm\ndiscount\t1\nmax_kl\t3\nend\n", "lm.model: the "
		  "discount must lie between 0 and 1" },
		{ "ncleaner-model\t2\nmethod\tice-lm\ndiscount\t0.5\nmax_kl\t-3\nend\n", "lm.model: "
		  "max_kl must be" },
		{ "ncleaner-model\t2\nmethod\tice-lm\ndiscount\tx\n", "lm.model:3: expected a number" },
		{ "ncleaner-model\t2\nmethod\tice-lm\nbias\t1\n", "lm.model:3: expected discount" },
		{ "ncleaner-model\t2\nmethod\tice-lm\ndiscount\t0.5\ndiscount\t0.5\n", "lm.model:4: "
		  "expected discount" },
		{ "ncleaner-model\t2\nmethod\tice-lm\ndiscount\t0.5\nmax_kl\t3\nend\nend\n", "lm.model:6: "
		  "text after the end line" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int ret = ice_lm_settings_parse(&s, "lm.model", bad[i].text, strlen(bad[i].text), &err);
		ok(ret < 0 && !strncmp(err.message, bad[i].message, strlen(bad[i].message)),
		   "ice-lm file refused: %s", bad[i].message);
		if (ret == 0)
			ice_lm_settings_release(&s);
		else if (strncmp(err.message, bad[i].message, strlen(bad[i].message)))
			diag("  message: %s", err.message);
	}
	strbuf_release(&file);
	strbuf_release(&again);
}

/* --- labels from the scorer's alignment ------------------------------------------------------ */

static void test_gold_labels(void)
{
	struct segment segments[3] = {
		{ .type = SEGMENT_PARAGRAPH, .text = "Home News", .len = 9 },
		{ .type = SEGMENT_PARAGRAPH, .text = "Big News", .len = 8 },
		{ .type = SEGMENT_PARAGRAPH, .text = "The story begins here", .len = 21 },
	};
	const char *gold = "URL: http://example.org/\n<h> Big News\n<p> The story begins here\n";
	struct gold_label labels[3];
	size_t gold_words;
	struct nc_error err;
	ok(gold_labels_align(segments, 3, gold, strlen(gold), labels, &gold_words, &err) == 0,
	   "labels: aligned");
	is_int(gold_words, 6, "labels: the gold's words, tags and URL line not counted");
	ok(labels[0].words == 2 && labels[0].matched == 0 && labels[0].label == 0,
	   "labels: a block not in the gold is not found (n)");
	ok(labels[1].words == 2 && labels[1].matched == 2 && labels[1].label == SEGMENT_HEADING,
	   "labels: a block in a gold heading is h");
	ok(labels[2].words == 4 && labels[2].matched == 4 && labels[2].label == SEGMENT_PARAGRAPH,
	   "labels: a block in a gold paragraph is p");
	const char *plain = "Big News. The story begins here\n";
	gold_labels_align(segments, 3, plain, strlen(plain), labels, &gold_words, &err);
	ok(labels[1].matched == 1 && labels[1].label == 0 && labels[2].label == SEGMENT_PARAGRAPH,
	   "labels: half the words is not found; a gold without tags is paragraphs");
}

int main(void)
{
	test_block_cases();
	test_lines();
	test_renderer();
	test_segmenter();
	test_hr_cases();
	test_hr_classify();
	test_words();
	test_words_random();
	test_c45_arithmetic();
	test_c45_golf();
	test_c45_pruning();
	test_tree_file();
	test_ice_dt();
	test_ice_lm();
	test_ice_lm_file();
	test_gold_labels();
	return done_testing();
}
