/* t1400-sniff: what an input is, from its first bytes (source/sniff.h), on
 * a table of inputs: each rule of sniff.h, and the near misses that must
 * fall to the next rule. */
#include "source/sniff.h"
#include "tap.h"

#include <string.h>

struct sniff_case {
	const char *title;
	const char *bytes;
	size_t len;               /* 0: strlen(bytes) */
	enum sniff_kind want;
};

#define BYTES(s) s, sizeof(s) - 1

static const struct sniff_case cases[] = {
	{ "gzip magic", BYTES("\x1f\x8b\x08\0\0\0\0\0\0\x03"), SNIFF_GZIP },
	{ "gzip magic without a method byte is binary, not gzip", BYTES("\x1f\x8b"), SNIFF_BINARY },
	{ "UTF-32LE BOM", BYTES("\xff\xfe\0\0<\0\0\0"), SNIFF_UTF32LE },
	{ "FF FE 00 00 then UTF-16LE: its BOM and a NUL, as browsers read it",
	  BYTES("\xff\xfe\0\0<\0h\0t\0m\0l\0>\0"), SNIFF_UTF16LE },
	{ "FF FE 00 00 and nothing after it: UTF-16LE too", BYTES("\xff\xfe\0\0"), SNIFF_UTF16LE },
	{ "FF FE 00 00 then a unit beyond 10FFFF: not UTF-32LE", BYTES("\xff\xfe\0\0<\0\x11\0"),
	  SNIFF_UTF16LE },
	{ "UTF-32BE BOM", BYTES("\0\0\xfe\xff\0\0\0<"), SNIFF_UTF32BE },
	{ "UTF-16LE BOM", BYTES("\xff\xfe<\0h\0t\0m\0l\0>\0"), SNIFF_UTF16LE },
	{ "UTF-16BE BOM", BYTES("\xfe\xff\0<\0h"), SNIFF_UTF16BE },
	{ "WARC/1.0 with CR LF", "WARC/1.0\r\nWARC-Type: warcinfo\r\n", 0, SNIFF_WARC },
	{ "WARC/1.1 with LF", "WARC/1.1\nWARC-Type: response\n", 0, SNIFF_WARC },
	{ "WARC/0.17, a draft older crawls hold", "WARC/0.17\r\n", 0, SNIFF_WARC },
	{ "WARC/1.10: a version the reader refuses, not a page", "WARC/1.10\r\n", 0, SNIFF_WARC },
	{ "empty lines before the version line", "\r\n\nWARC/1.0\r\n", 0, SNIFF_WARC },
	{ "a UTF-8 BOM before the version line", "\xef\xbb\xbfWARC/1.1\r\n", 0, SNIFF_WARC },
	{ "WARC/ without a version", "WARC/x\r\n", 0, SNIFF_TEXT },
	{ "WARC/1. without a minor version", "WARC/1.\r\n", 0, SNIFF_TEXT },
	{ "a version line not ended", "WARC/1.0 and more\r\n", 0, SNIFF_TEXT },
	{ "a WARC version line after a space", " WARC/1.0\r\n", 0, SNIFF_TEXT },
	{ "two NULs in a short text are binary", BYTES("text\0with\0NULs"), SNIFF_BINARY },
	{ "a stray NUL in a page is not", BYTES("<p>before\0after, a page with a stray NUL byte in it</p>"),
	  SNIFF_HTML },
	{ "a CLEANEVAL wrapper is HTML", "<text id=\"http://x/\" title=\"t\">plain words", 0,
	  SNIFF_HTML },
	{ "many control bytes are binary", "\x01\x02\x03\x04 abc \x05\x06\x07\x08", 0, SNIFF_BINARY },
	{ "one control byte in a long text is not", "A line of text with one \x01 control byte, "
	  "and enough other text around it to stay far below one in twenty.", 0, SNIFF_TEXT },
	{ "a doctype", "<!DOCTYPE html>\n<title>x</title>", 0, SNIFF_HTML },
	{ "a doctype in lower case, XHTML", "<!doctype html PUBLIC \"-//W3C//DTD XHTML 1.0\">", 0, SNIFF_HTML },
	{ "<html", "<html lang=en><p>x", 0, SNIFF_HTML },
	{ "<HEAD> in capitals", "<HEAD><TITLE>x</TITLE></HEAD>", 0, SNIFF_HTML },
	{ "<body", "<body>\nHello", 0, SNIFF_HTML },
	{ "a block tag first: <div", "<div class=x>Hello</div>", 0, SNIFF_HTML },
	{ "a block tag first: <p>", "<p>Hello", 0, SNIFF_HTML },
	{ "a UTF-8 BOM, white space and a comment before <html>",
	  "\xef\xbb\xbf \n\t<!-- saved from url=(0022)http://example.com/ -->\n<html>", 0, SNIFF_HTML },
	{ "an XML declaration before <html>", "<?xml version=\"1.0\"?>\n<html xmlns=\"x\">", 0, SNIFF_HTML },
	{ "junk, then <html> later in the block", "Header junk from a proxy\n\n<html><body>", 0, SNIFF_HTML },
	{ "three block tags in running text", "Some text <p>one</p> and <br> and <div>", 0, SNIFF_HTML },
	{ "two tags are not enough", "Use <p> for paragraphs and <br> for breaks.", 0, SNIFF_TEXT },
	{ "a tag name must end: <pre-formatted is no tag", "<preformatted>", 0, SNIFF_TEXT },
	{ "an unknown tag first", "<foo>bar</foo>", 0, SNIFF_TEXT },
	{ "a less-than sign in text", "if a < b then c", 0, SNIFF_TEXT },
	{ "an unclosed comment hides nothing after it", "<!-- no end", 0, SNIFF_TEXT },
	{ "a plain text dump", "Title\n\nA paragraph of text.\n  * a list item\n", 0, SNIFF_TEXT },
	{ "UTF-8 text", "Caf\xc3\xa9 cr\xc3\xa8me \xe2\x82\xac", 0, SNIFF_TEXT },
	{ "the empty input is text", "", 0, SNIFF_TEXT },
};

int main(void)
{
	size_t count = sizeof(cases) / sizeof(cases[0]);

	for (size_t i = 0; i < count; i++) {
		const struct sniff_case *c = &cases[i];
		size_t len = c->len ? c->len : strlen(c->bytes);
		is_string(sniff_kind_name(sniff_bytes(c->bytes, len)), sniff_kind_name(c->want),
			  "%s", c->title);
	}

	/* Only the first block counts: <html> after it is not seen. */
	char block[SNIFF_BLOCK + 16];
	memset(block, 'x', SNIFF_BLOCK);
	memcpy(block + SNIFF_BLOCK, "<html><body>", 12);
	is_string(sniff_kind_name(sniff_bytes(block, SNIFF_BLOCK + 12)), "text",
		  "only the first SNIFF_BLOCK bytes are looked at");
	/* The byte order marks name their charsets; other kinds none. */
	is_string(sniff_kind_charset(SNIFF_UTF16LE), "UTF-16LE", "a UTF-16LE BOM names its charset");
	is_string(sniff_kind_charset(SNIFF_UTF32BE), "UTF-32BE", "a UTF-32BE BOM names its charset");
	ok(!sniff_kind_charset(SNIFF_HTML), "HTML has no charset from sniffing");
	return done_testing();
}
