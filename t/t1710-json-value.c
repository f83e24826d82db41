/* t1710-json-value: the strict JSON reader (base/json-value.h): values of
 * every type, escapes and surrogate pairs, what RFC 8259 refuses (each
 * error with its line and column), the limits, and the writer's output
 * read back. */
#include "tap.h"
#include "base/json.h"
#include "base/json-value.h"
#include "base/limits.h"

#include <locale.h>

static int parse(const char *text, struct json_value *root, struct nc_error *err)
{
	return json_value_parse(text, strlen(text), "t.json", root, err);
}

/* The message `text` fails with, or "" when it is read. */
static const char *failure(const char *text)
{
	static struct nc_error err;
	struct json_value root;
	memset(&err, 0, sizeof(err));
	if (parse(text, &root, &err) == 0) {
		json_value_release(&root);
		return "";
	}
	is_int(root.type, JSON_NULL, "a failed parse leaves the root empty");
	return err.message;
}

static void test_values(void)
{
	struct json_value root;
	struct nc_error err = { 0 };

	ok(parse(" {\"a\": [1, -2.5e1, 0, true, false, null, \"x\"], \"b\": {}, \"c\": []}\n",
		 &root, &err) == 0, "an object of every kind of value is read");
	is_int(root.type, JSON_OBJECT, "...its root is an object");
	is_int(root.count, 3, "...of three members, in order");
	is_string(root.members[0].name, "a", "...the first named a");
	const struct json_value *a = json_value_member(&root, "a");
	ok(a && a->type == JSON_ARRAY && a->count == 7, "...a is an array of 7");
	is_double(a->items[0].number, 1, 0, "...1");
	is_double(a->items[1].number, -25, 0, "...-2.5e1");
	is_int(a->items[3].type, JSON_TRUE, "...true");
	is_int(a->items[4].type, JSON_FALSE, "...false");
	is_int(a->items[5].type, JSON_NULL, "...null");
	is_string(a->items[6].string, "x", "...a string");
	is_int(a->items[1].line, 1, "...a value knows its line");
	is_int(a->items[1].column, 12, "...and its column");
	ok(json_value_member(&root, "b")->type == JSON_OBJECT &&
	   json_value_member(&root, "b")->count == 0, "...an empty object");
	ok(json_value_member(&root, "z") == NULL, "...a member it has not is NULL");
	ok(json_value_member(a, "a") == NULL, "...and so is any member of an array");
	json_value_release(&root);
	is_int(root.type, JSON_NULL, "release leaves the value null");

	ok(parse("\"\xEF\xBB\xBF\"", &root, &err) == 0 && root.length == 3,
	   "U+FEFF inside a string is a character");
	json_value_release(&root);
	ok(parse("\xEF\xBB\xBF[\n 1]", &root, &err) == 0 && root.items[0].line == 2 &&
	   root.items[0].column == 2, "a byte order mark at the start is skipped, columns as if "
	   "it were not there");
	json_value_release(&root);
}

static void test_strings(void)
{
	struct json_value root;
	struct nc_error err = { 0 };

	ok(parse("\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", &root, &err) == 0, "the named escapes");
	is_string(root.string, "a\"b\\c/d\b\f\n\r\t", "...each the character it names");
	json_value_release(&root);
	ok(parse("\"\\u00e9\\u20AC\\ud83d\\ude00\"", &root, &err) == 0, "\\u escapes");
	is_string(root.string, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80",
		  "...in UTF-8, a surrogate pair one character");
	json_value_release(&root);
	ok(parse("\"a\\u0000b\"", &root, &err) == 0 && root.length == 3 && root.string[1] == 0 &&
	   root.string[2] == 'b', "\\u0000 is a character: the length counts it");
	json_value_release(&root);
	ok(parse("\"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \x7f\xc2\x85\"", &root, &err) == 0,
	   "UTF-8, DEL and C1 controls are read as they are");
	json_value_release(&root);
}

static void test_errors(void)
{
	is_string(failure("{\"a\": 1,}"), "t.json:1:9: expected a member name (a string), found '}'",
		  "a trailing comma in an object, with line and column");
	is_string(failure("[1,\n 2,\n]"), "t.json:3:1: expected a value, found ']'",
		  "a trailing comma in an array, on the third line");
	is_string(failure("{'a': 1}"), "t.json:1:2: expected a member name (a string), found '''",
		  "single quotes");
	is_string(failure("[01]"), "t.json:1:3: a number may not have a leading zero", "a leading zero");
	is_string(failure("[1.]"), "t.json:1:4: expected a digit after the decimal point, found ']'",
		  "a decimal point without digits");
	is_string(failure("[1e]"), "t.json:1:4: expected a digit in the exponent, found ']'",
		  "an exponent without digits");
	is_string(failure("[-]"), "t.json:1:3: expected a digit, found ']'", "a minus alone");
	is_string(failure("[NaN]"), "t.json:1:2: expected a value, found 'N'", "NaN");
	is_string(failure("[1e999]"), "t.json:1:2: a number too large for a double", "a number past a double");
	is_string(failure("[tru]"), "t.json:1:2: expected a value, found 't'", "a literal cut short");
	is_string(failure("// c\n[]"), "t.json:1:1: expected a value, found '/'", "a comment");
	is_string(failure("[] []"), "t.json:1:4: text after the value", "two values");
	is_string(failure(""), "t.json:1:1: expected a value, found the end of the text", "nothing");
	is_string(failure("[\"a\tb\"]"),
		  "t.json:1:4: a control character (0x09) in a string: JSON writes it as an escape",
		  "a raw tab in a string");
	is_string(failure("[\"\xc3\xa9\xc3\"]"), "t.json:1:4: invalid UTF-8 (byte 0xC3)",
		  "invalid UTF-8, the column in characters");
	is_string(failure("[\"\xc0\xaf\"]"), "t.json:1:3: invalid UTF-8 (byte 0xC0)", "an overlong form");
	is_string(failure("[\"\xed\xa0\x80\"]"), "t.json:1:3: invalid UTF-8 (byte 0xED)",
		  "a surrogate written in UTF-8");
	is_string(failure("[\"ab\\x\"]"), "t.json:1:5: an unknown escape \\x", "an unknown escape");
	is_string(failure("[\"\\u12G4\"]"), "t.json:1:3: \\u must be followed by four hex digits",
		  "a \\u escape of three digits");
	is_string(failure("[\"\\ud83d\"]"),
		  "t.json:1:3: \\uD83D: the first half of a surrogate pair without its second",
		  "a lone high surrogate");
	is_string(failure("[\"\\ud83dx\\ude00\"]"),
		  "t.json:1:3: \\uD83D: the first half of a surrogate pair without its second",
		  "a high surrogate not followed by a low one at once");
	is_string(failure("[\"\\ude00\"]"),
		  "t.json:1:3: \\uDE00: the second half of a surrogate pair without its first",
		  "a lone low surrogate");
	is_string(failure("[\"abc"), "t.json:1:2: a string that does not end", "a string cut short");
	is_string(failure("{\"a\": 1, \"b\": 2,\n \"a\": 3}"),
		  "t.json:2:2: the member \"a\" a second time in one object", "a member name twice");
	is_string(failure("{\"a\" 1}"), "t.json:1:6: expected ':' after a member name, found '1'",
		  "a member without its colon");
	is_string(failure("[1 2]"), "t.json:1:4: expected ',' or ']' after an array's item, found '2'",
		  "items without a comma");
	is_string(failure("\"\xc3\xa9\xc3\xa9\" x"), "t.json:1:6: text after the value",
		  "columns count characters, not bytes");
	is_string(failure("[\x01]"), "t.json:1:2: expected a value, found a control character",
		  "a control character outside strings");
	is_string(failure("[\xc2\xa0]"), "t.json:1:2: expected a value, found a non-ASCII character",
		  "white space that JSON does not know (U+00A0)");
}

static void test_limits(void)
{
	struct strbuf deep = STRBUF_INIT;
	for (int i = 0; i < JSON_MAX_DEPTH; i++)
		strbuf_addch(&deep, '[');
	for (int i = 0; i < JSON_MAX_DEPTH; i++)
		strbuf_addch(&deep, ']');
	is_string(failure(deep.buf), "", "arrays nested JSON_MAX_DEPTH deep are read");
	strbuf_reset(&deep);
	for (int i = 0; i <= JSON_MAX_DEPTH; i++)
		strbuf_addstr(&deep, "{\"a\":");
	ok(strstr(failure(deep.buf), "nested more than 64 deep (the limit)") != NULL,
	   "one level more is refused, before it is read");
	strbuf_release(&deep);

	struct strbuf many = STRBUF_INIT;
	strbuf_addch(&many, '[');
	for (unsigned i = 0; i < JSON_MAX_VALUES - 1; i++)
		strbuf_addstr(&many, i ? ",0" : "0");
	strbuf_addch(&many, ']');
	is_string(failure(many.buf), "", "JSON_MAX_VALUES values are read");
	strbuf_setlen(&many, many.len - 1);
	strbuf_addstr(&many, ",0]");
	struct nc_error err = { 0 };
	struct json_value root;
	ok(json_value_parse(many.buf, many.len, "t.json", &root, &err) < 0 &&
	   err.code == NC_ERR_LIMIT && strstr(err.message, "values (the limit)"),
	   "one more is NC_ERR_LIMIT");
	strbuf_release(&many);

	char *big = calloc(JSON_MAX_BYTES + 1, 1);
	memset(big, ' ', JSON_MAX_BYTES + 1);
	big[0] = '0';
	ok(json_value_parse(big, JSON_MAX_BYTES + 1, "big.json", &root, &err) < 0 &&
	   err.code == NC_ERR_LIMIT && strstr(err.message, "big.json: larger than"),
	   "a text larger than JSON_MAX_BYTES is refused, naming it");
	free(big);
}

/* A long line costs its length once: columns are counted incrementally. */
static void test_long_line(void)
{
	struct strbuf line = STRBUF_INIT;
	strbuf_addch(&line, '[');
	for (int i = 0; i < 200000; i++)
		strbuf_addstr(&line, i ? ",\"\xc3\xa9\"" : "\"\xc3\xa9\"");
	strbuf_addstr(&line, ",x]");
	ok(strstr(failure(line.buf), "t.json:1:800002: expected a value") != NULL,
	   "an error at the end of a line of 800,000 characters names its column");
	strbuf_release(&line);
}

/* What json.h writes, this reads back unchanged. */
static void test_round_trip(void)
{
	const char text[] = "tab\there \"quoted\" back\\slash \x01\x1f\x7f \xc2\x80 "
			    "\xe2\x80\xa8 caf\xc3\xa9 \xf0\x9f\x98\x80 nul\0end";
	struct strbuf out = STRBUF_INIT;
	struct json_value root;
	struct nc_error err = { 0 };

	json_add_string(&out, text, sizeof(text) - 1);
	ok(json_value_parse(out.buf, out.len, "t.json", &root, &err) == 0,
	   "a string written by json_add_string() is read");
	ok(root.length == sizeof(text) - 1 && !memcmp(root.string, text, root.length),
	   "...back to the same bytes");
	json_value_release(&root);
	strbuf_release(&out);
}

/* A caller's locale with a decimal comma does not change numbers. */
static void test_locale(void)
{
	struct json_value root;
	struct nc_error err = { 0 };
	if (!setlocale(LC_NUMERIC, "de_DE.UTF-8") && !setlocale(LC_NUMERIC, "fr_FR.UTF-8")) {
		printf("ok %d # SKIP no locale with a decimal comma here\n", ++tap_count);
		return;
	}
	ok(parse("0.25", &root, &err) == 0 && root.number == 0.25,
	   "0.25 is a quarter under a locale with a decimal comma");
	setlocale(LC_NUMERIC, "C");
}

static void test_file(void)
{
	struct json_value root;
	struct nc_error err = { 0 };
	ok(json_value_read_file("/nonexistent/x.json", &root, &err) < 0 && err.code == NC_ERR_IO &&
	   strstr(err.message, "/nonexistent/x.json"), "a file that is not there: NC_ERR_IO naming it");
	is_int(root.type, JSON_NULL, "...the root left empty");
}

int main(void)
{
	test_values();
	test_strings();
	test_errors();
	test_limits();
	test_long_line();
	test_round_trip();
	test_locale();
	test_file();
	return done_testing();
}
