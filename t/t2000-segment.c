/* t2000-segment: dump post-processing and segmentation, driven by the
 * blocks of tests/t2000/cases.txt: "=== name", the dump, "---", the
 * expected segments one per line as "<t>text". */
#include "base/file.h"
#include "base/rules.h"
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

	rule_set_free(rules);
	rule_workspace_free(ws);
	strbuf_release(&file);
	return done_testing();
}
