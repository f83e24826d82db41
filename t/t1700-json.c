/* t1700-json: JSON string literals (base/json.h) on a table of inputs:
 * escapes, control characters (C0, DEL, C1), U+2028/9, invalid UTF-8 and NUL
 * bytes. */
#include "base/json.h"
#include "base/utf8.h"
#include "tap.h"

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
	return done_testing();
}
