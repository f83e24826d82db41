/* t2000-segment: dump post-processing and segmentation, driven by the
 * blocks of tests/t2000/cases.txt: "=== name", the dump, "---", the
 * expected segments one per line as "<t>text". */
#include "base/file.h"
#include "base/rules.h"
#include "base/utf8.h"
#include "normalise/html.h"
#include "segment/segment.h"
#include "tap.h"

#include <string.h>

static int collect(const struct segment *segment, void *data, struct nc_error *err)
{
	struct strbuf *out = data;
	(void)err;
	strbuf_addf(out, "<%c>", (char)segment->type);
	strbuf_add(out, segment->text, segment->len);
	strbuf_addch(out, '\n');
	return 0;
}

static struct rule_workspace *ws;
/* The fixtures are written with the placeholders as markers. */
static struct markers markers;

/* Segment all of `text` in one call. */
static void segment_text(const struct rule_set *rules, enum segmenter_flags flags,
			 const char *text, size_t len, struct strbuf *out)
{
	struct nc_error err;
	struct segmenter *s = segmenter_new(rules, ws, &markers, flags, collect, out);
	segmenter_run(s, text, len, &err);
	segmenter_free(s);
}

static struct rule_set *dump_rules(void)
{
	char path[4096];
	struct nc_error err = { 0 };
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof(path), "%s/regex/dump.rules", top && *top ? top : ".");
	struct rule_set *rules = rule_set_load(path, RULES_UTF, &err);
	if (!rules)
		bail(err.message);
	return rules;
}

/* Feed `text` in chunks of `chunk` bytes. */
static void segment_chunked(struct rule_set *rules, const char *text, size_t chunk,
			    struct strbuf *out)
{
	struct nc_error err;
	struct segmenter *s = segmenter_new(rules, ws, &markers, SEGMENT_DEFAULT, collect, out);
	size_t len = strlen(text);
	for (size_t i = 0; i < len; i += chunk)
		segmenter_feed(s, text + i, len - i < chunk ? len - i : chunk, &err);
	segmenter_finish(s, &err);
	segmenter_free(s);
}

/* --- the word-at-a-time paths against byte-at-a-time definitions ------------- */

static unsigned long seed = 20261125;
static unsigned next_random(void)
{
	return (unsigned)tap_random(&seed);
}

/* Random text from pieces that meet every branch: letters, single and
 * double spaces, no-break spaces, tabs, controls, DEL, UTF-8 (valid,
 * C1, stray continuation bytes, a BOM), runs long enough for whole words. */
static void random_text(struct strbuf *out, size_t pieces)
{
	static const char *const piece[] = {
		"a", "word", "plain ascii run", " ", "  ", "\xc2\xa0", "\t", "\x01", "\x03",
		"\x7f", "\xc3\xa9", "\xc2\x85", "\x80", "\xef\xbb\xbf", "\xe2\x82\xac", "~",
		"0123456789", "\r", "\xff", "@", "a@@b", MARKER_LIST_ITEM_PLACEHOLDER,
		" " MARKER_BLOCK_PLACEHOLDER " ",
	};
	strbuf_reset(out);
	for (size_t i = 0; i < pieces; i++)
		strbuf_addstr(out, piece[next_random() % (sizeof(piece) / sizeof(piece[0]))]);
}

/* utf8_clean() one byte at a time, as its header defines it. */
static void clean_by_bytes(const char *s, size_t len, struct strbuf *out)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	while (p < end) {
		if (*p < 0x80) {
			if (*p >= 0x20 && *p < 0x7F)
				strbuf_addch(out, *p);
			else if (*p == '\n')
				strbuf_addch(out, '\n');
			else if (*p == '\t' || *p == '\r' || *p == '\f' || *p == '\v')
				strbuf_addch(out, ' ');
			p++;
			continue;
		}
		uint32_t cp;
		size_t n = utf8_decode(p, (size_t)(end - p), &cp);
		if (!n) {
			p++;
			continue;
		}
		if (!(cp >= 0x80 && cp < 0xA0) && cp != 0xFEFF && cp != 0xFFFD)
			strbuf_add(out, p, n);
		p += n;
	}
}

/* A segment's text: spaces and no-break spaces collapsed to one space,
 * none at either end (the line holds no marker and no bullet). */
static void collapse_by_bytes(const char *s, size_t len, struct strbuf *out)
{
	int space = 1;
	for (size_t i = 0; i < len; i++) {
		int is_space = s[i] == ' ';
		if ((unsigned char)s[i] == 0xC2 && i + 1 < len && (unsigned char)s[i + 1] == 0xA0)
			is_space = 1, i++;
		if (!is_space)
			strbuf_addch(out, s[i]);
		else if (!space)
			strbuf_addch(out, ' ');
		space = is_space;
	}
	while (out->len && out->buf[out->len - 1] == ' ')
		strbuf_setlen(out, out->len - 1);
}

static void check_word_paths(void)
{
	struct strbuf text = STRBUF_INIT, fast = STRBUF_INIT, slow = STRBUF_INIT;
	int clean_same = 1, segment_same = 1;

	for (int round = 0; round < 3000 && clean_same && segment_same; round++) {
		random_text(&text, next_random() % 40);
		strbuf_reset(&fast);
		strbuf_reset(&slow);
		utf8_clean(text.buf, text.len, &fast);
		clean_by_bytes(text.buf, text.len, &slow);
		if (fast.len != slow.len || memcmp(fast.buf, slow.buf, fast.len)) {
			clean_same = 0;
			diag("utf8_clean differs on round %d", round);
		}
		/* The cleaned text, a line, through the segmenter without
		 * rules: the letter in front keeps it from being a bullet. */
		struct strbuf line = STRBUF_INIT, want = STRBUF_INIT, got = STRBUF_INIT;
		strbuf_addch(&line, 'x');
		for (size_t i = 0; i < slow.len; i++)   /* one line: newlines out */
			if (slow.buf[i] != '\n' && (unsigned char)slow.buf[i] > 0x03)
				strbuf_addch(&line, slow.buf[i]);
		/* Markers inside a line vanish from its segment (those that
		 * begin one start a list item or a block: the 'x' in front
		 * keeps them inside). */
		struct strbuf unmarked = STRBUF_INIT;
		for (size_t i = 0; i < line.len;) {
			const char *rest = line.buf + i;
			size_t n = !strncmp(rest, MARKER_LIST_ITEM_PLACEHOLDER, 8) ||
						   !strncmp(rest, MARKER_BLOCK_PLACEHOLDER, 8) ? 8 : 0;
			if (n)
				i += n;
			else
				strbuf_addch(&unmarked, line.buf[i++]);
		}
		strbuf_addstr(&want, "<p>");
		collapse_by_bytes(unmarked.buf, unmarked.len, &want);
		strbuf_release(&unmarked);
		strbuf_addch(&want, '\n');
		segment_text(NULL, SEGMENT_DEFAULT, line.buf, line.len, &got);
		if (strcmp(got.buf, want.buf)) {
			segment_same = 0;
			diag("segment differs on round %d: got '%s', want '%s'", round, got.buf, want.buf);
		}
		strbuf_release(&line);
		strbuf_release(&want);
		strbuf_release(&got);
	}
	ok(clean_same, "utf8_clean eight bytes at a time = one at a time, on 3000 random texts");
	ok(segment_same, "white space collapses eight bytes at a time as one at a time, on 3000 random lines");
	strbuf_release(&text);
	strbuf_release(&fast);
	strbuf_release(&slow);
}

int main(void)
{
	ws = rule_workspace_new();
	markers_init_placeholders(&markers);
	struct rule_set *rules = dump_rules();
	struct strbuf file = STRBUF_INIT;
	struct nc_error err = { 0 };

	if (read_file(fixture_path("t2000/cases.txt"), 0, &file, &err) < 0)
		bail(err.message);
	char *p = file.buf;
	while ((p = strstr(p, "=== "))) {
		char *name_end = strchr(p, '\n');
		char *sep = strstr(name_end, "\n---\n");
		char *next = strstr(sep, "\n=== ");
		if (!sep)
			bail("tests/t2000/cases.txt: a block has no ---");
		*name_end = '\0';
		*sep = '\0';
		if (next)
			*next = '\0';
		const char *name = p + 4, *input = name_end + 1;
		struct strbuf want = STRBUF_INIT;
		strbuf_addstr(&want, sep + 5);
		if (want.len && want.buf[want.len - 1] != '\n')
			strbuf_addch(&want, '\n');

		struct strbuf got = STRBUF_INIT, got1 = STRBUF_INIT;
		segment_text(rules, SEGMENT_DEFAULT, input, strlen(input), &got);
		is_string(got.buf, want.buf, "%s", name);
		strbuf_release(&want);
		segment_chunked(rules, input, 1, &got1);
		is_string(got1.buf, got.buf, "%s: same result when fed one byte at a time", name);
		strbuf_release(&got);
		strbuf_release(&got1);
		if (!next)
			break;
		p = next + 1;
	}

	/* Invalid UTF-8 and control characters vanish. */
	struct strbuf got = STRBUF_INIT;
	const char bad[] = "ok\xff\xfe text\x01\x02 \xc3\xa9t\xc3\xa9 \xed\xa0\x80 end\n";
	segment_text(rules, SEGMENT_DEFAULT, bad, sizeof(bad) - 1, &got);
	is_string(got.buf, "<p>ok text \xc3\xa9t\xc3\xa9 end\n", "invalid UTF-8 and controls are dropped");
	strbuf_reset(&got);

	/* Every line a segment. */
	segment_text(rules, SEGMENT_LINES, "a\nb\n\nc\n", 7, &got);
	is_string(got.buf, "<p>a\n<p>b\n<p>c\n", "--lines: every line is a segment");
	strbuf_reset(&got);

	/* A very long line is cut into pieces of bounded size. */
	struct strbuf huge = STRBUF_INIT;
	for (size_t i = 0; i < 3 * SEGMENT_MAX_BYTES / 10; i++)
		strbuf_addstr(&huge, "word word ");
	segment_text(rules, SEGMENT_DEFAULT, huge.buf, huge.len, &got);
	size_t pieces = 0, longest = 0, start = 0;
	for (size_t i = 0; i < got.len; i++)
		if (got.buf[i] == '\n') {
			pieces++;
			if (i - start > longest)
				longest = i - start;
			start = i + 1;
		}
	ok(pieces >= 3 && longest <= SEGMENT_MAX_BYTES + 16, "a 3 MB line becomes %zu segments of at most %zu bytes", pieces, longest);
	strbuf_release(&huge);
	strbuf_release(&got);

	/* A long line of nothing but UTF-8 continuation bytes has no character
	 * boundary to cut at; it must still end (it used to loop for ever). */
	strbuf_init(&huge);
	for (size_t i = 0; i < 3 * SEGMENT_MAX_BYTES / 2; i++)
		strbuf_addch(&huge, (char)0x80);
	strbuf_addstr(&huge, " end");
	segment_text(rules, SEGMENT_DEFAULT, huge.buf, huge.len, &got);
	is_string(got.buf, "<p>end\n", "a line of continuation bytes ends, and they vanish");
	strbuf_release(&got);
	strbuf_release(&huge);

	check_word_paths();

	rule_set_free(rules);
	rule_workspace_free(ws);
	strbuf_release(&file);
	return done_testing();
}
