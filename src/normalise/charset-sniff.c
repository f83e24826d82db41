/* charset-sniff.c: the charset of a page that declares none (see charset-sniff.h). */
#include "normalise/charset-sniff.h"
#include "base/swar.h"
#include "base/utf8.h"

#include <iconv.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <uchardet.h>

/* uchardet's answers that are no label of the Standard, as the encoding
 * that reads their pages best; guesses missing here and from the label
 * table (EUC-TW, UTF-32 ...) are no guess. */
static const struct { const char *guess, *encoding; } guess_aliases[] = {
	{ "UHC", "EUC-KR" },
	{ "MAC-CYRILLIC", "x-mac-cyrillic" },
	{ "MAC-CENTRALEUROPE", "windows-1250" },   /* no browser reads it; seen */
	{ "IBM852", "windows-1250" },              /* only on English pages */
	{ "IBM855", "windows-1251" },
	{ "VISCII", "windows-1258" },
};

/* An ISO-8859 part whose page has bytes 0x80-0x9F is its Windows sibling. */
static const struct { const char *iso, *windows; } siblings[] = {
	{ "ISO-8859-2", "windows-1250" },
	{ "ISO-8859-4", "windows-1257" },
	{ "ISO-8859-7", "windows-1253" },
	{ "ISO-8859-8", "windows-1255" },
	{ "ISO-8859-13", "windows-1257" },
	{ "ISO-8859-15", "windows-1252" },
};

static const struct charset_label *encoding_of_guess(const char *guess)
{
	const struct charset_label *l = charset_label_lookup(guess, strlen(guess));
	if (l)
		return l;
	for (size_t i = 0; i < sizeof(guess_aliases) / sizeof(guess_aliases[0]); i++)
		if (!strcasecmp(guess, guess_aliases[i].guess))
			return charset_label_of_encoding(guess_aliases[i].encoding);
	return NULL;
}

static int is_single_byte(const struct charset_label *e)
{
	static const char *const multi[] = { "UTF-8", "GBK", "gb18030", "Big5", "EUC-JP",
		"ISO-2022-JP", "Shift_JIS", "EUC-KR", "UTF-16BE", "UTF-16LE", "replacement" };
	for (size_t i = 0; i < sizeof(multi) / sizeof(multi[0]); i++)
		if (!strcmp(e->encoding, multi[i]))
			return 0;
	return 1;
}

/* --- which reading one language explains best ---------------------------
 *
 * uchardet knows letter statistics, but on a page with a handful of
 * non-ASCII bytes it guesses on almost nothing, and a wrong single-byte
 * guess is a wrong letter or sign at each of them. So a single-byte guess
 * competes with windows-1252: each reading's non-ASCII letters are matched
 * against the alphabets below, a reading scores the share of its letters
 * that its best language has, and the guess must score more (a tie goes
 * to windows-1252). An Italian "È" read as windows-1250's "Č" ties
 * (Italian and Czech both have the letter); Hungarian "ő" read as "õ"
 * leaves Portuguese short of the "ö" and "ü" beside it. A letter of
 * another script (Greek, Cyrillic, Arabic, Hebrew, Thai) counts only when
 * no ASCII letter touches it: "cafι" is an English page read as Greek. */

/* Non-ASCII small letters of languages written in single-byte charsets. */
static const char *const alphabets[] = {
	"àâæçéèêëîïôœùûüÿ",      /* French */
	"äöüß",                   /* German */
	"áéíñóúü",                /* Spanish, Galician */
	"àáâãçéêíóôõú",          /* Portuguese */
	"àèéìíîòóù",             /* Italian */
	"áéèëïóöü",              /* Dutch */
	"àçèéíïòóú",             /* Catalan */
	"åäöé",                   /* Swedish, Finnish */
	"æøåé",                   /* Danish, Norwegian */
	"áðéíóúýþæö",            /* Icelandic */
	"áčďéěíňóřšťúůýž",       /* Czech */
	"áäčďéíĺľňóôŕšťúýž",     /* Slovak */
	"ąćęłńóśźż",             /* Polish */
	"áéíóöőúüű",             /* Hungarian */
	"čćđšž",                  /* Slovenian, Croatian, Bosnian */
	"ăâîșțşţ",               /* Romanian */
	"ąčęėįšųūž",             /* Lithuanian */
	"āčēģīķļņšūž",           /* Latvian */
	"äõöüšž",                /* Estonian */
	"çğıöşüâî",              /* Turkish */
	"ĉĝĥĵŝŭ",                /* Esperanto */
	"ċġħżàèìòù",             /* Maltese */
};

/* Scripts whose letters need no alphabet. */
static const struct { uint32_t first, last; } scripts[] = {
	{ 0x0370, 0x03FF }, { 0x1F00, 0x1FFF },   /* Greek */
	{ 0x0400, 0x052F },                       /* Cyrillic */
	{ 0x05D0, 0x05EA },                       /* Hebrew */
	{ 0x0621, 0x064A }, { 0x0671, 0x06D3 },   /* Arabic */
	{ 0x0E01, 0x0E3A }, { 0x0E40, 0x0E4E },   /* Thai */
	{ 0x1EA0, 0x1EF9 },                       /* Vietnamese letters */
};

#define NSCRIPTS (sizeof(scripts) / sizeof(scripts[0]))
#define NALPHABETS (sizeof(alphabets) / sizeof(alphabets[0]))

/* Capitals of Latin-1 and Latin Extended-A to small letters; others as they are. */
static uint32_t to_small(uint32_t cp)
{
	if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)
		return cp + 0x20;
	if (cp == 0x178)
		return 0xFF;
	if (cp == 0x130)
		return 'i';
	if (cp >= 0x100 && cp <= 0x17E && cp != 0x138 && cp != 0x149) {
		int odd_capitals = (cp >= 0x139 && cp <= 0x148) || cp >= 0x179;
		if ((int)(cp & 1) == odd_capitals)
			return cp + 1;
	}
	if (cp >= 0x218 && cp <= 0x21B && !(cp & 1))
		return cp + 1;
	return cp;
}

static int in_alphabet(const char *alphabet, uint32_t small)
{
	const unsigned char *p = (const unsigned char *)alphabet;
	size_t len = strlen(alphabet);
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t n = utf8_decode(p + i, len - i, &cp);
		if (!n)
			return 0;
		if (cp == small)
			return 1;
		i += n;
	}
	return 0;
}

static int script_of(uint32_t cp)
{
	for (size_t i = 0; i < NSCRIPTS; i++)
		if (cp >= scripts[i].first && cp <= scripts[i].last)
			return (int)i;
	return -1;
}

/* Signs that touch letters in right text: quotes, dashes, ™, ®, m², nº, ¿Qué. */
static int may_touch_letters(uint32_t cp)
{
	static const uint32_t signs[] = { 0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E, 0x2039,
		0x203A, 0xAB, 0xBB, 0x2013, 0x2014, 0x2026, 0x2122, 0xAE, 0xA9, 0xB0, 0xB2, 0xB3,
		0xAA, 0xBA, 0xA1, 0xBF, 0xB7, 0xB4, 0xAD, 0x2022, 0x2020, 0x2021, 0xA0, 0x2030 };
	for (size_t i = 0; i < sizeof(signs) / sizeof(signs[0]); i++)
		if (cp == signs[i])
			return 1;
	return 0;
}

static int is_latin_letter(uint32_t cp)
{
	return (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) || cp == 0xAA || cp == 0xBA;
}

/* Each non-ASCII byte of the text (outside tags and comments): how often,
 * and how often with no ASCII letter beside it. */
struct text_bytes {
	size_t count[128], alone[128];
	size_t letters;   /* ASCII letters and non-ASCII bytes */
};

static int is_ascii_letter(unsigned char c)
{
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

static void count_text_bytes(const unsigned char *p, size_t len, struct text_bytes *t)
{
	const unsigned char *start = p, *end = p + len;
	memset(t, 0, sizeof(*t));
	while (p < end) {
		if (*p == '<') {
			const char *close = end - p > 4 && !memcmp(p, "<!--", 4)
				? memmem(p, (size_t)(end - p), "-->", 3) : memchr(p, '>', (size_t)(end - p));
			p = close ? (const unsigned char *)close + 1 : end;
			continue;
		}
		if (*p >= 0x80 || is_ascii_letter(*p))
			t->letters++;
		if (*p >= 0x80) {
			t->count[*p - 0x80]++;
			if ((p == start || !is_ascii_letter(p[-1])) && (p + 1 == end || !is_ascii_letter(p[1])))
				t->alone[*p - 0x80]++;
		}
		p++;
	}
}

/* The code point `cd` makes of byte `b` alone, or 0xFFFD. */
static uint32_t read_byte(iconv_t cd, unsigned char b)
{
	char in = (char)b, *ip = &in;
	uint32_t out[2] = { 0xFFFD, 0 };
	char *op = (char *)out;
	size_t il = 1, ol = sizeof(out);
	iconv(cd, NULL, NULL, NULL, NULL);
	if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 ||
	    iconv(cd, NULL, NULL, &op, &ol) == (size_t)-1 || ol == sizeof(out))
		return 0xFFFD;   /* (CP1255 and CP1258 hold a letter until the flush) */
	return out[0];
}

/* How a single-byte charset reads the text: `score` is the share (in
 * thousandths) of its letters that its best language has, where letters
 * also count the bytes that break a word in this reading (a C1 control or
 * no character anywhere; a sign touching a letter, "b±dzie", unless signs
 * like that touch letters in right text too). */
struct reading {
	uint32_t cp[128];
	unsigned score;
};

static int read_text(const char *iconv_name, const struct text_bytes *t, struct reading *r)
{
	iconv_t cd = iconv_open("UTF-32LE", iconv_name);
	if (cd == (iconv_t)-1)
		return -1;
	for (int i = 0; i < 128; i++)
		r->cp[i] = t->count[i] ? read_byte(cd, (unsigned char)(0x80 + i)) : 0;
	iconv_close(cd);

	size_t letters = 0, best = 0;
	size_t hits[NALPHABETS + NSCRIPTS] = { 0 };
	for (int i = 0; i < 128; i++) {
		if (!t->count[i])
			continue;
		uint32_t cp = r->cp[i];
		int script = script_of(cp);
		if (cp == 0xFFFD || (cp >= 0x80 && cp < 0xA0)) {
			letters += t->count[i];   /* no character, or a C1 control: a broken word */
		} else if (script >= 0) {
			letters += t->count[i];
			hits[NALPHABETS + (size_t)script] += t->alone[i];
		} else if (is_latin_letter(cp)) {
			letters += t->count[i];
			uint32_t small = to_small(cp);
			for (size_t a = 0; a < NALPHABETS; a++)
				if (in_alphabet(alphabets[a], small))
					hits[a] += t->count[i];
		} else if (!may_touch_letters(cp)) {
			letters += t->count[i] - t->alone[i];   /* a sign inside a word */
		}
	}
	for (size_t a = 0; a < NALPHABETS + NSCRIPTS; a++)
		if (hits[a] > best)
			best = hits[a];
	r->score = letters ? (unsigned)(best * 1000 / letters) : 0;
	return 0;
}

static size_t differing_bytes(const struct reading *a, const struct reading *b,
			      const struct text_bytes *t)
{
	size_t n = 0;
	for (int i = 0; i < 128; i++)
		if (a->cp[i] != b->cp[i])
			n += t->count[i];
	return n;
}

/* Valid multi-byte UTF-8 sequences and invalid bytes. */
static void count_utf8(const unsigned char *p, size_t len, size_t *valid, size_t *invalid)
{
	*valid = *invalid = 0;
	for (size_t i = 0; i < len;) {
		if (p[i] < 0x80) {   /* ASCII, eight bytes a step where it runs on */
			i += swar_ascii_run(p + i, p + len);
			continue;
		}
		uint32_t cp;
		size_t n = utf8_decode(p + i, len - i, &cp);
		if (n) {
			++*valid;
			i += n;
		} else {
			++*invalid;
			i++;
		}
	}
}

static void guess_with_uchardet(const char *html, size_t len, char guess[48])
{
	uchardet_t ud = uchardet_new();
	guess[0] = '\0';
	if (!ud)
		return;
	if (uchardet_handle_data(ud, html, len) == 0) {
		uchardet_data_end(ud);
		const char *g = uchardet_get_charset(ud);
		if (g && strlen(g) < 48)
			strcpy(guess, g);
	}
	uchardet_delete(ud);
}

enum charset_sniff_reason charset_sniff_utf8(const char *html, size_t len)
{
	size_t valid, invalid;
	count_utf8((const unsigned char *)html, len, &valid, &invalid);
	if (!valid && !invalid)
		return CHARSET_SNIFF_ASCII;
	if (!invalid)
		return CHARSET_SNIFF_UTF8;
	if (valid >= CHARSET_SNIFF_UTF8_PER_STRAY * invalid)
		return CHARSET_SNIFF_MOSTLY_UTF8;
	return CHARSET_SNIFF_NO_GUESS;
}

void charset_sniff(const char *html, size_t len, struct charset_sniffed *out)
{
	const unsigned char *bytes = (const unsigned char *)html;
	const struct charset_label *western = charset_label_of_encoding("windows-1252");

	memset(out, 0, sizeof(*out));
	out->encoding = western;
	out->reason = charset_sniff_utf8(html, len);
	if (out->reason == CHARSET_SNIFF_ASCII)
		return;
	if (out->reason != CHARSET_SNIFF_NO_GUESS) {
		out->encoding = charset_label_of_encoding("UTF-8");
		return;
	}

	guess_with_uchardet(html, len, out->guess);
	const struct charset_label *guess = encoding_of_guess(out->guess);
	out->reason = CHARSET_SNIFF_NO_GUESS;
	if (!guess || !guess->iconv || !strcmp(guess->encoding, "UTF-8"))
		return;
	if (!strcmp(guess->encoding, "KOI8-R"))
		guess = charset_label_of_encoding("KOI8-U");
	out->reason = CHARSET_SNIFF_GUESS;
	if (!strcmp(guess->encoding, "windows-1252") || !is_single_byte(guess)) {
		out->encoding = guess;
		return;
	}

	struct text_bytes text;
	count_text_bytes(bytes, len, &text);
	size_t c1 = 0;
	for (int i = 0; i < 0x20; i++)
		c1 += text.count[i];
	for (size_t i = 0; c1 && i < sizeof(siblings) / sizeof(siblings[0]); i++)
		if (!strcmp(guess->encoding, siblings[i].iso))
			guess = charset_label_of_encoding(siblings[i].windows);

	struct reading as_guess, as_western;
	if (read_text(guess->iconv, &text, &as_guess) < 0 ||
	    read_text(western->iconv, &text, &as_western) < 0)
		return;   /* (cannot happen: both names are in the table) */
	out->differing = differing_bytes(&as_guess, &as_western, &text);
	out->guess_score = as_guess.score;
	out->western_score = as_western.score;
	/* A tie is broken by how much of the text the guess would change. */
	int tie = as_guess.score == as_western.score;
	if (out->differing && (as_guess.score > as_western.score ||
			       (tie && out->differing * 1000 >= text.letters * CHARSET_SNIFF_TIE_PERMILLE)))
		out->encoding = guess;
	else
		out->reason = CHARSET_SNIFF_WESTERN;
}
