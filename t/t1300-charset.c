/* t1300-charset: stage 1's one decision of a page's charset
 * (normalise/charset-choice.h) and the text reader (normalise/text.h):
 * the browsers' order and the 2008 order for HTML, labels that are no
 * declaration, undeclared pages read as their bytes say, text dumps
 * decided by their first block that is not ASCII, URL lines, CLEANEVAL tags,
 * byte order marks, a text fed across block boundaries. */
#include <ctype.h>
#include <errno.h>
#include <iconv.h>

#include "tap.h"
#include "base/strbuf.h"
#include "base/utf8.h"
#include "normalise/charset.h"
#include "normalise/charset-choice.h"
#include "normalise/charset-sniff.h"
#include "normalise/text.h"
#include "source/page.h"

static const struct charset_policy detect = { 0 }, paper = { .paper = 1 };

/* The charset Lynx is told to assume, and the one a page is read in. */
static void html_case(const struct charset_policy *policy, const char *hint,
		      const char *declared, const char *bytes, const char *assume,
		      const char *name, int passed_over, const char *what)
{
	struct charset_choice c = { 0 };   /* as charset_convert_first() leaves it */
	charset_choose_html(policy, hint, declared, bytes, strlen(bytes), &c);
	is_string(c.assume, assume, "%s: assumed", what);
	is_string(c.name, name, "%s: read in", what);
	is_int(c.passed_over, passed_over, "%s: %s", what,
	       passed_over ? "a label was passed over" : "no label passed over");
}

/* The default policy: the charset a page is read in (iconv's name), what
 * outputs report, the declaration they show beside it, and why. */
static void browser_case(const char *hint, const char *declared, const char *bytes,
			 const char *name, const char *reported, const char *label,
			 enum charset_reason reason, const char *what)
{
	struct charset_choice c = { 0 };
	charset_choose_html(&detect, hint, declared, bytes, strlen(bytes), &c);
	is_string(c.name, name, "%s: read in", what);
	is_string(c.reported, reported, "%s: reported", what);
	is_string(c.label, label, "%s: declaration shown", what);
	is_int(c.reason, reason, "%s: reason", what);
}

/* A string literal and its length, NUL bytes included. */
#define S(literal) literal, sizeof(literal) - 1

/* A page read from memory. */
static void memory_page(struct page *page, const char *text, size_t len, const char *hint)
{
	struct strbuf data = STRBUF_INIT;
	memset(page, 0, sizeof(*page));
	page->name = strdup("test");
	page->kind = PAGE_TEXT;
	page->charset_hint = hint ? strdup(hint) : NULL;
	strbuf_add(&data, text, len);
	page_set_memory(page, &data);
	strbuf_release(&data);
}

/* Read `len` bytes of `text` through a text reader: the UTF-8 text, the
 * URL (or "-") and the reported charset, "|"-separated. */
static void read_text(const char *text, size_t len, const char *hint, enum text_flags flags,
		      const struct charset_policy *policy, struct strbuf *out)
{
	struct text_reader *reader = text_reader_new();
	struct page_info info = { 0 };
	struct page page;
	struct nc_error err;
	memory_page(&page, text, len, hint);
	strbuf_reset(out);
	if (text_reader_start(reader, &page, policy, flags, &info, &err) < 0 ||
	    text_reader_read_all(reader, 1u << 30, out, &err) < 0) {
		strbuf_reset(out);
		strbuf_addf(out, "error: %s", err.message);
	}
	strbuf_addf(out, "|%s|%s", info.url ? info.url : "-", info.charset.reported);
	page_info_release(&info);
	page_release(&page);
	text_reader_free(reader);
}

/* `len` bytes from `from`, fed in pieces of `piece` bytes. */
static void decode_in_pieces(const char *from, const char *bytes, size_t len, size_t piece,
			     struct strbuf *out)
{
	struct nc_error err = { 0 };
	struct charset_decoder *d = charset_decoder_new(from, &err);
	if (!d)
		bail(err.message);
	for (size_t i = 0; i < len; i += piece)
		charset_decoder_feed(d, bytes + i, len - i < piece ? len - i : piece, out, &err);
	charset_decoder_finish(d, out);
	charset_decoder_free(d);
}

/* Up to `most` - 1 pieces, each drawn from the `n` of `piece`, appended. */
static void add_random_pieces(struct strbuf *out, const char *const *piece, size_t n, size_t most,
			      unsigned long *seed)
{
	size_t pieces = tap_random(seed) % most;
	for (size_t i = 0; i < pieces; i++)
		strbuf_addstr(out, piece[tap_random(seed) % n]);
}

static int same_bytes(const struct strbuf *a, const struct strbuf *b)
{
	return a->len == b->len && !memcmp(a->buf, b->buf, a->len);
}

/* From UTF-8 the decoder copies ASCII itself and gives iconv only the
 * bytes between: on random bytes (valid, cut and invalid sequences,
 * surrogates, overlong forms, NULs), fed whole or in pieces, the result is
 * what iconv gives on the whole, read through a name of UTF-8 that does not
 * take that path. */
static void check_utf8_spans(void)
{
	static const char *const piece[] = {
		"a", "plain ascii text ", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xc3",
		"\xe2\x82", "\x80", "\xff", "\xed\xa0\x80", "\xc0\xaf", "\t\n",
	};
	unsigned long seed = 11;
	int same = 1;
	for (int round = 0; round < 3000 && same; round++) {
		struct strbuf bytes = STRBUF_INIT, fast = STRBUF_INIT, slow = STRBUF_INIT;
		add_random_pieces(&bytes, piece, sizeof(piece) / sizeof(*piece), 25, &seed);
		if (round % 7 == 0)
			strbuf_add(&bytes, "\0z", 2);
		size_t chunk = round % 3 == 0 ? bytes.len + 1 : 1 + (size_t)round % 5;
		decode_in_pieces("UTF-8", bytes.buf, bytes.len, chunk, &fast);
		decode_in_pieces("ISO-10646/UTF8/", bytes.buf, bytes.len, bytes.len + 1, &slow);
		if (!same_bytes(&fast, &slow)) {
			same = 0;
			diag("round %d differs (pieces of %zu bytes)", round, chunk);
		}
		strbuf_release(&bytes);
		strbuf_release(&fast);
		strbuf_release(&slow);
	}
	ok(same, "UTF-8 decoded with ASCII copied = iconv on the whole, 3000 random texts");
}

/* glibc's UTF-8 decoder takes a sequence led by F5-F7 (a code point above
 * U+10FFFF) and its encoder writes it back: the output would not be
 * UTF-8. Each of its bytes becomes U+FFFD, as each byte of any other
 * invalid sequence does; fed whole or a byte at a time. (A fuzzed page
 * once made the builtin renderer write such a dump.) */
static void check_above_unicode(void)
{
	static const char page[] = "a\xf5\xac\x9a\x9e b \xf7\xbf\xbf\xbf\xc3\xa9";
	static const char want[] = "a\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd b "
				   "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xc3\xa9";
	for (size_t piece = 1; piece <= sizeof(page); piece += sizeof(page) - 1) {
		struct strbuf out = STRBUF_INIT;
		decode_in_pieces("UTF-8", page, sizeof(page) - 1, piece, &out);
		ok(utf8_is_valid(out.buf, out.len) && out.len == sizeof(want) - 1 &&
		   !memcmp(out.buf, want, out.len),
		   "above U+10FFFF from UTF-8, in pieces of %zu: a replacement a byte", piece);
		strbuf_release(&out);
	}
}

/* What iconv makes of all of `len` bytes of `from`: each byte it refuses
 * becomes U+FFFD, and what it holds back at the end is flushed. */
static void iconv_whole(const char *from, const char *bytes, size_t len, struct strbuf *out)
{
	iconv_t cd = iconv_open("UTF-8", from);
	if (cd == (iconv_t)-1)
		bail("iconv does not know a charset of the test");
	char *in = (char *)bytes;
	strbuf_grow(out, len * 4 + 16);
	while (len) {
		char *dst = out->buf + out->len;
		size_t room = strbuf_avail(out), before = room;
		size_t r = iconv(cd, &in, &len, &dst, &room);
		strbuf_commit(out, before - room);
		if (r != (size_t)-1)
			continue;
		if (errno != EILSEQ)
			bail("iconv stopped short of a single-byte text");
		strbuf_addstr(out, "\xEF\xBF\xBD");
		in++;
		len--;
	}
	char *dst = out->buf + out->len;
	size_t room = strbuf_avail(out), before = room;
	iconv(cd, NULL, NULL, &dst, &room);
	strbuf_commit(out, before - room);
	iconv_close(cd);
}

/* Single-byte charsets convert by a table of what each byte becomes alone
 * (feeds of 4 KiB or more): on random text, fed whole or in pieces, the
 * result is iconv's on the whole. Among them EBCDIC (ASCII is not itself),
 * charsets with bytes iconv refuses, and ones glibc composes (CP1255,
 * CP1258, TCVN: a base letter waits for a combining mark), which keep to
 * iconv; a final held letter is not lost. */
static void check_byte_tables(void)
{
	static const char *const charsets[] = {
		"windows-1252", "ISO-8859-1", "ISO-8859-5", "ISO-8859-7", "KOI8-R", "windows-1251",
		"IBM437", "IBM037", "windows-1255", "windows-1258", "TCVN5712-1", "MACINTOSH",
	};
	unsigned long seed = 5;
	for (size_t c = 0; c < sizeof(charsets) / sizeof(*charsets); c++) {
		int same = 1;
		for (int round = 0; round < 40 && same; round++) {
			struct strbuf bytes = STRBUF_INIT, fast = STRBUF_INIT, slow = STRBUF_INIT;
			size_t len = 4096 + tap_random(&seed) % 9000;
			for (size_t i = 0; i < len; i++) {
				unsigned long r = tap_random(&seed);
				strbuf_addch(&bytes, (char)(r % 3 ? 32 + r / 3 % 95 : r / 3 % 256));
			}
			size_t chunk = round % 2 ? bytes.len : 4096 + (size_t)round * 37;
			decode_in_pieces(charsets[c], bytes.buf, bytes.len, chunk, &fast);
			iconv_whole(charsets[c], bytes.buf, bytes.len, &slow);
			if (!same_bytes(&fast, &slow)) {
				same = 0;
				diag("%s, round %d differs", charsets[c], round);
			}
			strbuf_release(&bytes);
			strbuf_release(&fast);
			strbuf_release(&slow);
		}
		ok(same, "%s: decoded = iconv on the whole, 40 random texts of 4-13 KiB",
		   charsets[c]);
	}
	/* A worker keeps its tables (charset_to_utf8_kept()) for up to 64
	 * names; past them each conversion builds its own: 72 names (24
	 * charsets, three spellings), each converted twice. */
	static const char *const more[] = {
		"ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-6", "ISO-8859-9", "ISO-8859-10",
		"ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16", "windows-1250",
		"windows-1253", "windows-1254", "windows-1256", "windows-1257", "KOI8-U", "IBM850",
		"IBM852", "IBM866", "IBM273", "IBM500", "CP1125", "MAC-CYRILLIC", "ISO-8859-8",
	};
	struct charset_tables *tables = charset_tables_new();
	size_t conversions = 0, agree = 0;
	for (int spelling = 0; spelling < 6; spelling++)
		for (size_t c = 0; c < sizeof(more) / sizeof(*more); c++) {
			char name[32];
			snprintf(name, sizeof(name), "%s", more[c]);
			for (char *p = name; *p && spelling % 3; p++)
				if (spelling % 3 == 1 || (p - name) % 2)
					*p = (char)tolower((unsigned char)*p);
			struct strbuf bytes = STRBUF_INIT, fast = STRBUF_INIT, slow = STRBUF_INIT;
			for (size_t i = 0; i < 5000; i++)
				strbuf_addch(&bytes, (char)(tap_random(&seed) % 256));
			if (charset_to_utf8_kept(tables, name, bytes.buf, bytes.len, &fast, NULL) < 0)
				bail("a charset of the test is unknown");
			iconv_whole(name, bytes.buf, bytes.len, &slow);
			conversions++;
			agree += same_bytes(&fast, &slow);
			strbuf_release(&bytes);
			strbuf_release(&fast);
			strbuf_release(&slow);
		}
	charset_tables_free(tables);
	is_int(agree, conversions, "%zu conversions by a worker's kept tables, of 72 names, past "
	       "the 64 it keeps: each = iconv", conversions);

	struct strbuf out = STRBUF_INIT;
	decode_in_pieces("windows-1255", "ab\xe0", 3, 3, &out);
	ok(out.len == 4 && !memcmp(out.buf, "ab\xd7\x90", 4),
	   "windows-1255: a letter iconv holds back at the end is written");
	strbuf_release(&out);
}

/* charset_sniff_utf8() skips ASCII eight bytes a step: on random texts
 * (runs of ASCII of every length around sequences valid, cut and invalid)
 * it says what counting a byte at a time says. */
static void check_utf8_sniff(void)
{
	static const char *const piece[] = {
		"a", "seven b", "plain ascii text ", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
		"\xc3", "\xe2\x82", "\x80", "\xff",
	};
	unsigned long seed = 3;
	int same = 1;
	for (int round = 0; round < 3000 && same; round++) {
		struct strbuf bytes = STRBUF_INIT;
		add_random_pieces(&bytes, piece, sizeof(piece) / sizeof(*piece), 30, &seed);
		size_t valid = 0, invalid = 0;
		const unsigned char *p = (const unsigned char *)bytes.buf;
		for (size_t i = 0; i < bytes.len;) {
			uint32_t cp;
			size_t n = p[i] < 0x80 ? 1 : utf8_decode(p + i, bytes.len - i, &cp);
			valid += p[i] >= 0x80 && n;
			invalid += !n;
			i += n ? n : 1;
		}
		enum charset_sniff_reason want = !valid && !invalid ? CHARSET_SNIFF_ASCII
			: !invalid ? CHARSET_SNIFF_UTF8
			: valid >= CHARSET_SNIFF_UTF8_PER_STRAY * invalid ? CHARSET_SNIFF_MOSTLY_UTF8
			: CHARSET_SNIFF_NO_GUESS;
		if (charset_sniff_utf8(bytes.buf, bytes.len) != want) {
			same = 0;
			diag("round %d differs", round);
		}
		strbuf_release(&bytes);
	}
	ok(same, "the UTF-8 sniff = a count a byte at a time, 3000 random texts");
}

int main(void)
{
	check_above_unicode();
	/* The 2008 order (what Lynx is told to assume). */
	html_case(&paper, "utf8", NULL, "caf\xc3\xa9", "utf-8", "utf-8", 0, "a utf8 hint on UTF-8 bytes");
	html_case(&paper, "utf8", NULL, "caf\xe9", "windows-1252", "windows-1252", 0,
		  "a utf8 hint on Latin-1 bytes is not trusted");
	html_case(&paper, "unset", NULL, "caf\xc3\xa9", "utf-8", "utf-8", 0, "no hint, valid UTF-8");
	html_case(&paper, NULL, NULL, "caf\xe9", "windows-1252", "windows-1252", 0, "no hint, not UTF-8");
	html_case(&paper, "iso-8859-1", NULL, "caf\xe9", "windows-1252", "windows-1252", 0,
		  "Latin-1 is read as its superset");
	html_case(&paper, "KOI8-R", NULL, "\xf0\xd2\xc9", "KOI8-R", "KOI8-R", 0, "another hint is taken");
	html_case(&paper, NULL, "ISO-8859-2", "caf\xe9", "windows-1252", "ISO-8859-2", 0,
		  "a declaration is read, Lynx assumes the fallback");
	html_case(&paper, NULL, "utf-8", "caf\xe9", "windows-1252", "windows-1252", 0,
		  "a false UTF-8 declaration is not trusted");

	/* Labels that are no declaration: passed over on every path. */
	html_case(&paper, "unknown-8bit", NULL, "caf\xe9", "windows-1252", "windows-1252", 1,
		  "hint unknown-8bit");
	html_case(&paper, "x-user-defined", NULL, "caf\xc3\xa9", "utf-8", "utf-8", 1,
		  "hint x-user-defined on UTF-8 bytes");
	html_case(&paper, "unknown-iso-1252", NULL, "caf\xe9", "windows-1252", "windows-1252", 1,
		  "hint unknown-iso-1252");
	html_case(&paper, NULL, "none", "caf\xe9", "windows-1252", "windows-1252", 1, "<meta> none");
	html_case(&paper, "0", "unknown-0", "caf\xe9", "windows-1252", "windows-1252", 1,
		  "hint 0 and <meta> unknown-0");
	html_case(&paper, "unknown", NULL, "caf\xe9", "windows-1252", "windows-1252", 0,
		  "CLEANEVAL's 'unknown' is absent, not passed over");
	html_case(&paper, "not a <charset>", NULL, "caf\xe9", "windows-1252", "windows-1252", 1,
		  "junk in the hint never reaches Lynx");

	/* As browsers read pages: BOM, bytes that are UTF-8, the transport,
	 * <meta>, then what the bytes say. */
	const char *russian = "\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0! \xdd\xf2\xee "
			      "\xf0\xf3\xf1\xf1\xea\xe8\xe9 \xf2\xe5\xea\xf1\xf2 \xe2 "
			      "\xea\xee\xe4\xe8\xf0\xee\xe2\xea\xe5 windows-1251, \xea\xee\xf2"
			      "\xee\xf0\xfb\xe9 \xed\xe0\xe4\xee \xf3\xe3\xe0\xe4\xe0\xf2\xfc.";
	/* uchardet alone reads this English page as MAC-CENTRALEUROPE: its
	 * apostrophes become letters ("Its", "isnt" once rendered). */
	const char *english = "<html><body><p>Welcome to our site. It\x92s fine, isn\x92t it? "
			      "We don\x92t know. We have many products for you and your family to "
			      "enjoy this summer.</p></body></html>";
	const char *utf8 = "<p>\xe4\xb8\xad\xe6\x96\x87 caf\xc3\xa9</p>";
	browser_case(NULL, NULL, english, "WINDOWS-1252", "windows-1252", "",
		     CHARSET_REASON_GUESS, "undeclared English with curly apostrophes");
	browser_case(NULL, NULL, russian, "WINDOWS-1251", "windows-1251", "",
		     CHARSET_REASON_GUESS, "undeclared Russian");
	browser_case("utf-8", "gb2312", utf8, "UTF-8", "UTF-8", "gb2312", CHARSET_REASON_UTF8,
		     "UTF-8 served as UTF-8 with a stale <meta> gb2312");
	browser_case(NULL, "gb2312", utf8, "UTF-8", "UTF-8", "gb2312", CHARSET_REASON_UTF8,
		     "UTF-8 bytes beat a legacy <meta>");
	browser_case("iso-8859-1", "windows-1251", russian, "WINDOWS-1252", "windows-1252",
		     "iso-8859-1", CHARSET_REASON_HINT, "the transport beats <meta>, as in browsers");
	browser_case(NULL, "windows-1251", russian, "WINDOWS-1251", "windows-1251", "",
		     CHARSET_REASON_DECLARED, "<meta> alone");
	browser_case("utf-8", "cp1251", russian, "WINDOWS-1251", "windows-1251", "cp1251",
		     CHARSET_REASON_DECLARED, "a transport claiming UTF-8 for bytes that are not");
	browser_case("utf8", NULL, "caf\xc3\xa9 \xc3\xa0 la cr\xc3\xa8me \xe9", "UTF-8", "UTF-8",
		     "utf8", CHARSET_REASON_HINT, "UTF-8 but for a stray byte, labelled so");
	browser_case("iso-1252", NULL, russian, "WINDOWS-1251", "windows-1251", "iso-1252",
		     CHARSET_REASON_GUESS, "a label the Standard does not list");
	browser_case("latin1", NULL, "plain ASCII", "WINDOWS-1252", "windows-1252", "latin1",
		     CHARSET_REASON_HINT, "an ASCII page labelled latin1");
	browser_case(NULL, NULL, "plain ASCII", "UTF-8", "UTF-8", "", CHARSET_REASON_UTF8,
		     "an ASCII page without labels");
	browser_case(NULL, "utf-16", "plain ASCII", "UTF-8", "UTF-8", "utf-16",
		     CHARSET_REASON_DECLARED, "<meta> utf-16 on a page one can read means UTF-8");
	browser_case(NULL, "iso-8859-1", "\xef\xbb\xbf" "caf\xc3\xa9", "UTF-8", "UTF-8",
		     "iso-8859-1", CHARSET_REASON_BOM, "a UTF-8 byte order mark beats <meta>");
	browser_case("EUC-KR", NULL, "\xc7\xd1\xb1\xb9\xbe\xee", "CP949", "EUC-KR", "",
		     CHARSET_REASON_HINT, "EUC-KR is read as windows-949, as browsers do");
	struct charset_choice c = { 0 };   /* as charset_convert_first() leaves it */
	charset_choose_html(&detect, "unknown-8bit", NULL, russian, strlen(russian), &c);
	ok(c.passed_over, "a label the Standard does not list is passed over and flagged");
	charset_choose_html(&paper, NULL, NULL, russian, strlen(russian), &c);
	is_string(c.assume, "windows-1252", "the 2008 policy does not guess");
	memset(&c, 0, sizeof(c));
	charset_choose_html(&paper, "utf-8", "gb2312", utf8, strlen(utf8), &c);
	is_string(c.name, "gb2312", "the 2008 policy keeps the 2008 order: <meta> first");
	is_string(c.reported, "GBK", "... and reports the Standard's name");

	/* Converted first: forced, or a byte order mark's UTF-16. */
	struct charset_policy forced = { .forced = "ISO-8859-2" };
	is_string(charset_convert_first(&forced, NULL), "ISO-8859-2", "--encoding converts first");
	is_string(charset_convert_first(&detect, "UTF-16LE"), "UTF-16LE", "so does a BOM's UTF-16");
	ok(charset_convert_first(&detect, "windows-1252") == NULL, "a hint does not");

	/* Text: URL lines, charsets, tags, byte order marks, blocks. */
	struct strbuf out = STRBUF_INIT;
	read_text(S("URL: http://x.org/a \nHello\n"), NULL, TEXT_URL_LINE, &detect, &out);
	is_string(out.buf, "Hello\n|http://x.org/a|UTF-8", "a URL line names the page");
	read_text(S("\xef\xbb\xbfURL: u\ntext"), NULL, TEXT_URL_LINE, &detect, &out);
	is_string(out.buf, "text|u|UTF-8", "... after a byte order mark");
	read_text(S("\xef\xbb\xbfno url\n"), NULL, TEXT_URL_LINE, &detect, &out);
	is_string(out.buf, "\xef\xbb\xbfno url\n|-|UTF-8", "a BOM without a URL line stays");
	read_text(S("Hello\nURL: x\n"), NULL, TEXT_URL_LINE, &detect, &out);
	is_string(out.buf, "Hello\nURL: x\n|-|UTF-8", "a later URL line is text");
	read_text(S("URL: x\nHello\n"), NULL, TEXT_PLAIN, &detect, &out);
	is_string(out.buf, "URL: x\nHello\n|-|UTF-8", "without TEXT_URL_LINE it is text");
	read_text(S("caf\xe9 cr\xe8me\n"), NULL, TEXT_PLAIN, &paper, &out);
	is_string(out.buf, "caf\xc3\xa9 cr\xc3\xa8me\n|-|windows-1252", "Latin-1 text, 2008 policy");
	read_text(S("<p>one<H>two{p}three<x>\n<l"), NULL, TEXT_CLEANEVAL_TAGS, &paper, &out);
	is_string(out.buf, "\n\none\n\ntwo\n\nthree<x>\n<l|-|UTF-8", "CLEANEVAL tags become breaks");
	read_text(S("URL: x\none\n  URL of the day\n<p>URLs\nURL\ntwo\n\xef\xbb\xbfURL: y\nURL"), NULL,
		  TEXT_URL_LINES_2008 | TEXT_CLEANEVAL_TAGS, &paper, &out);
	is_string(out.buf, "one\n\n\nURLs\ntwo\n\xef\xbb\xbfURL: y\n|-|UTF-8",
		  "2008's rule: every line that begins with URL goes, not one behind a BOM or a tag");
	struct strbuf lines = STRBUF_INIT;
	while (lines.len < TEXT_BLOCK_BYTES - 2)
		strbuf_addstr(&lines, "a\n");
	strbuf_addstr(&lines, "URL: cut by the block's end\nb\n");
	read_text(lines.buf, lines.len, NULL, TEXT_URL_LINES_2008, &paper, &out);
	ok(out.len > 12 && !strstr(out.buf, "URL") &&
	   !strcmp(out.buf + out.len - 12, "a\nb\n|-|UTF-8"),
	   "...a URL line across a block boundary goes too");
	strbuf_release(&lines);
	read_text(S("\xff\xfeU\0R\0L\0:\0 \0u\0\n\0h\0\xe9\0"), "UTF-16LE", TEXT_URL_LINE, &detect,
		  &out);
	is_string(out.buf, "h\xc3\xa9|u|UTF-16LE", "UTF-16 with its BOM, converted as it streams");

	/* A text longer than a block: the tag and the charset decided late. */
	struct strbuf big = STRBUF_INIT;
	while (big.len < TEXT_BLOCK_BYTES - 1)
		strbuf_addch(&big, 'a');
	strbuf_addstr(&big, "<p>b caf\xe9 cr\xe8me.");   /* a tag across the block boundary */
	read_text(big.buf, big.len, NULL, TEXT_CLEANEVAL_TAGS, &paper, &out);
	ok(out.len > 20 && strstr(out.buf, "a\n\nb caf\xc3\xa9 cr\xc3\xa8me.|-|UTF-8") != NULL,
	   "a tag cut by a block's end is still a tag; a late Latin-1 block is converted "
	   "(reported as read at the start)");
	strbuf_release(&big);
	read_text(english, strlen(english), NULL, TEXT_PLAIN, &detect, &out);
	ok(strstr(out.buf, "It\xe2\x80\x99s") && strstr(out.buf, "|windows-1252"),
	   "an undeclared English dump: its apostrophes stay apostrophes");
	strbuf_release(&out);
	check_utf8_spans();
	check_byte_tables();
	check_utf8_sniff();
	return done_testing();
}
