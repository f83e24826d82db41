/* t1700-json: JSON string literals (base/json.h) on a table of inputs:
 * escapes, control characters (C0, DEL, C1), U+2028/9, invalid UTF-8 and NUL
 * bytes; numbers, never infinite or NaN, there and in the JSON lines of a
 * page whose method gave such costs. */
#include "base/json.h"
#include "base/utf8.h"
#include "sink/output.h"
#include "sink/sink.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BYTES(s) s, sizeof(s) - 1

static const struct {
	const char *title;
	const char *in;
	size_t len;
	const char *want;
} cases[] = {
	{ "plain ASCII", BYTES("Hello, world"), "\"Hello, world\"" },
	{ "the empty string", BYTES(""), "\"\"" },
	{ "quote and backslash", BYTES("say \"hi\" \\ bye"), "\"say \\\"hi\\\" \\\\ bye\"" },
	{ "named control escapes", BYTES("\b\f\n\r\t"), "\"\\b\\f\\n\\r\\t\"" },
	{ "other controls as \\u00XX", BYTES("\x01\x1f\x0b"), "\"\\u0001\\u001f\\u000b\"" },
	{ "a NUL byte inside", BYTES("a\0b"), "\"a\\u0000b\"" },
	{ "DEL escaped (no raw control reaches a terminal)", BYTES("\x7f"), "\"\\u007f\"" },
	{ "C1 controls escaped", BYTES("a\xc2\x80" "b\xc2\x9b[31m" "c\xc2\x9f"),
	  "\"a\\u0080b\\u009b[31mc\\u009f\"" },
	{ "U+00A0 is no control", BYTES("\xc2\xa0"), "\"\xc2\xa0\"" },
	{ "slash is not escaped", BYTES("a/b"), "\"a/b\"" },
	{ "valid UTF-8 is kept", BYTES("Caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
	  "\"Caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"" },
	{ "U+2028 and U+2029 escaped", BYTES("a\xe2\x80\xa8" "b\xe2\x80\xa9"), "\"a\\u2028b\\u2029\"" },
	{ "a Latin-1 byte becomes U+FFFD", BYTES("caf\xe9!"), "\"caf\xef\xbf\xbd!\"" },
	{ "each byte of a broken sequence becomes U+FFFD", BYTES("\xe2\x82x"),
	  "\"\xef\xbf\xbd\xef\xbf\xbdx\"" },
	{ "an overlong form is invalid", BYTES("\xc0\xaf"), "\"\xef\xbf\xbd\xef\xbf\xbd\"" },
	{ "a surrogate is invalid", BYTES("\xed\xa0\x80"), "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"" },
	{ "a sequence cut by the end", BYTES("ok\xf0\x9f"), "\"ok\xef\xbf\xbd\xef\xbf\xbd\"" },
};

/* JSON lines with --scores of one page whose two segments cost what
 * `costs` says (clean, dirty, clean, dirty), as a log-odds method's. */
static char *scored_page(const double costs[4])
{
	char *buf = NULL;
	size_t size = 0;
	FILE *stream = open_memstream(&buf, &size);
	struct sink_config config = { .format = &format_jsonl, .scores = 1, .log_odds = 1 };
	struct page_sink *sink = page_sink_new(&config, stream_output_new(stream));
	struct page page = { .name = "p", .url = "http://example.org/" };
	struct page_info info = { 0 };
	struct scored_segment segments[2] = { 0 };
	struct nc_error err = { 0 };
	for (int i = 0; i < 2; i++) {
		segments[i].segment = (struct segment){ .type = SEGMENT_PARAGRAPH, .text = "Some text.",
							.len = 10 };
		segments[i].score = (struct segment_score){ .cost_clean = costs[2 * i],
							    .cost_dirty = costs[2 * i + 1],
							    .units = 1 };
		segments[i].keep = 1;
	}
	if (page_sink_begin(sink, &page, &info, &err) < 0 ||
	    page_sink_segments(sink, segments, 2, &err) < 0 || page_sink_end(sink, &err) < 0 ||
	    page_sink_finish(sink, &err) < 0)
		bail(err.message);
	page_sink_free(sink);
	fclose(stream);
	return buf;
}

static void test_numbers(void)
{
	struct strbuf out = STRBUF_INIT;
	json_add_number(&out, 0.65280600, 4);
	strbuf_addch(&out, ' ');
	json_add_number(&out, -2.5, 2);
	is_string(out.buf, "0.6528 -2.50", "json_add_number: the decimals asked for");
	strbuf_reset(&out);
	json_add_number(&out, INFINITY, 4);
	strbuf_addch(&out, ' ');
	json_add_number(&out, -INFINITY, 4);
	strbuf_addch(&out, ' ');
	json_add_number(&out, NAN, 4);
	is_string(out.buf, "null null null", "...infinity and NaN are null: JSON has neither");
	strbuf_release(&out);

	/* A method's costs that are not finite (a logistic model with huge
	 * weights gave inf and -nan, issue 36). */
	char *line = scored_page((const double[]){ 0.5, INFINITY, -INFINITY, NAN });
	ok(line && !strstr(line, "inf") && !strstr(line, "nan"),
	   "JSON lines with scores: no inf, no nan");
	if (line && (strstr(line, "inf") || strstr(line, "nan")))
		diag("%s", line);
	ok(line && strstr(line, "\"cost_clean\":0.5000,\"cost_dirty\":null") &&
	   strstr(line, "\"cost_clean\":null,\"cost_dirty\":null"),
	   "...such a cost is null");
	ok(line && strstr(line, "\"quality\":null"), "...and so is the quality computed from it");
	free(line);
	line = scored_page((const double[]){ 0.5, 1.25, 0.5, -3 });
	ok(line && strstr(line, "\"cost_clean\":0.5000,\"cost_dirty\":1.2500") &&
	   strstr(line, "\"quality\":0."), "...finite costs as before");
	free(line);
}

int main(void)
{
	struct strbuf out = STRBUF_INIT;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		strbuf_reset(&out);
		json_add_string(&out, cases[i].in, cases[i].len);
		is_string(out.buf, cases[i].want, "%s", cases[i].title);
	}
	/* Property: whatever the bytes, the output is valid UTF-8 without raw
	 * control characters. */
	int all_valid = 1;
	for (int i = 0; i < 256 * 256; i++) {
		unsigned char bytes[3] = { (unsigned char)(i >> 8), (unsigned char)i, 0x80 };
		strbuf_reset(&out);
		json_add_string(&out, (const char *)bytes, 3);
		all_valid &= utf8_is_valid(out.buf, out.len);
		for (size_t j = 0; j < out.len; j++)
			all_valid &= (unsigned char)out.buf[j] >= 0x20;
	}
	ok(all_valid, "every pair of bytes (then 0x80) gives valid UTF-8 with no raw controls");
	strbuf_reset(&out);
	json_add_cstring(&out, NULL);
	json_add_cstring(&out, "x");
	is_string(out.buf, "null\"x\"", "json_add_cstring: NULL is null");
	strbuf_release(&out);
	test_numbers();
	return done_testing();
}
