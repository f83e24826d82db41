/* t1310-charset-labels: labels as pages write them, to the Encoding
 * Standard's encodings and the iconv names that convert them. */
#include "normalise/charset-labels.h"
#include "tap.h"

#include <ctype.h>
#include <iconv.h>

static const char *encoding_of(const char *label)
{
	const struct charset_label *l = charset_label_lookup(label, strlen(label));
	return l ? l->encoding : "(none)";
}

static const char *iconv_of(const char *label)
{
	const struct charset_label *l = charset_label_lookup(label, strlen(label));
	return l && l->iconv ? l->iconv : "(none)";
}

int main(void)
{
	static const struct { const char *label, *encoding, *iconv; } cases[] = {
		{ "utf8", "UTF-8", "UTF-8" },
		{ "UTF-8", "UTF-8", "UTF-8" },
		{ " utf-8\t", "UTF-8", "UTF-8" },
		{ "iso-8859-1", "windows-1252", "WINDOWS-1252" },
		{ "ISO-8859-1", "windows-1252", "WINDOWS-1252" },
		{ "latin1", "windows-1252", "WINDOWS-1252" },
		{ "us-ascii", "windows-1252", "WINDOWS-1252" },
		{ "iso-8859-9", "windows-1254", "WINDOWS-1254" },
		{ "tis-620", "windows-874", "CP874" },
		{ "gb2312", "GBK", "GB18030" },
		{ "x-sjis", "Shift_JIS", "CP932" },
		{ "ks_c_5601-1987", "EUC-KR", "CP949" },
		{ "big5", "Big5", "BIG5-HKSCS" },
		{ "koi8-u", "KOI8-U", "KOI8-U" },
		{ "iso-2022-kr", "replacement", "(none)" },
		{ "x-user-defined", "x-user-defined", "(none)" },
		/* no encoding: the declaration is as if absent */
		{ "euc_kr", "(none)", "(none)" },
		{ "iso-1252", "(none)", "(none)" },
		{ "unknown-8bit", "(none)", "(none)" },
		{ "none", "(none)", "(none)" },
		{ "0", "(none)", "(none)" },
		{ "", "(none)", "(none)" },
		{ "utf-8utf-8utf-8utf-8utf-8utf-8utf-8utf-8utf-8", "(none)", "(none)" },
	};
	size_t n = sizeof(cases) / sizeof(cases[0]);

	for (size_t i = 0; i < n; i++) {
		is_string(encoding_of(cases[i].label), cases[i].encoding, "\"%s\": encoding", cases[i].label);
		is_string(iconv_of(cases[i].label), cases[i].iconv, "\"%s\": iconv name", cases[i].label);
	}

	/* An embedded NUL ends no label early. */
	ok(!charset_label_lookup("utf-8\0x", 7), "a NUL inside a label: no encoding");

	/* The whole table: sorted for bsearch, every label found again in any
	 * case, every iconv name one glibc opens. */
	const struct charset_label *first = charset_label_lookup("866", 3);
	const struct charset_label *last = charset_label_lookup("x-x-big5", 8);
	ok(first && last && last - first == 227, "228 labels, from 866 to x-x-big5");
	int sorted = 1, found = 1, opens = 1;
	for (const struct charset_label *l = first; l && last && l <= last; l++) {
		if (l > first && strcmp(l[-1].label, l->label) >= 0)
			sorted = 0;
		char upper[64];
		size_t len = strlen(l->label);
		for (size_t i = 0; i <= len; i++)
			upper[i] = (char)toupper((unsigned char)l->label[i]);
		if (charset_label_lookup(upper, len) != l)
			found = 0, diag("not found again: %s", upper);
		if (l->iconv) {
			iconv_t cd = iconv_open("UTF-8", l->iconv);
			if (cd == (iconv_t)-1)
				opens = 0, diag("iconv cannot open %s", l->iconv);
			else
				iconv_close(cd);
		}
	}
	ok(sorted, "labels sorted, none twice");
	ok(found, "every label found in upper case");
	ok(opens, "every iconv name opens");

	/* <meta>: HTML's prescan overrides. */
	is_string(charset_label_for_meta("utf-16", 6)->encoding, "UTF-8", "meta utf-16: UTF-8");
	is_string(charset_label_for_meta("x-user-defined", 14)->encoding, "windows-1252",
		  "meta x-user-defined: windows-1252");
	is_string(charset_label_for_meta("euc-kr", 6)->encoding, "EUC-KR", "meta euc-kr: EUC-KR");
	return done_testing();
}
