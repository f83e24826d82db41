/* line-cues.c: a short line's credit, label and date cues (see line-cues.h). */
#include "method/line-cues.h"
#include "base/order.h"
#include "base/swar.h"

#include <stdlib.h>
#include <string.h>

/* Words that mark a picture's credit, lower case, in byte order for
 * bsearch: "photo" and its kin in the development sets' languages and the
 * picture agencies whose names credits carry. A word of a credit as the
 * tokeniser below cuts it: "iStock.com" gives "istock", "picture-alliance"
 * "picture". */
static const char *const credit_words[] = {
	"abbildung", "afp", "alamy", "bild", "bilde", "bilder", "bildquelle", "credit",
	"credits", "cr\xc3\xa9" "dit", "cr\xc3\xa9" "dito", "cr\xc3\xa9" "ditos", "dpa", "epa",
	"fot", "foto", "fotografia", "fotograf\xc3\xad" "a", "fotos", "fot\xc3\xb3", "getty",
	"gettyimages", "image", "imagem", "imagen", "images", "imago", "istock", "istockphoto",
	"keystone", "kuva", "photo", "photograph", "photographer", "photos", "picture",
	"pixabay", "reuters", "shutterstock", "titelbild", "unsplash", "zdj\xc4\x99" "cia",
	"zdj\xc4\x99" "cie",
};

/* Marks that need no word around them: the copyright sign, and "picture"
 * and "photography" in Chinese and Japanese, whose words no space parts. */
static const char *const credit_marks[] = {
	"\xc2\xa9", "\xe5\x9b\xbe\xe7\x89\x87", "\xe6\x91\x84\xe5\xbd\xb1", "\xe5\x86\x99\xe7\x9c\x9f",
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define WORD_MAX 16   /* bytes; no credit word is longer */

/* A byte of a word: an ASCII letter or digit, or any byte of a character
 * beyond ASCII (the letters of other scripts; their punctuation is rare
 * in credits). One look-up a byte instead of five comparisons: the
 * credit cue reads every byte of every short line. */
static const unsigned char word_bytes[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 00 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 10 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 20 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,   /* 30: digits */
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 40: A-O */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,   /* 50: P-Z */
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 60: a-o */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,   /* 70: p-z */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 80 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 90 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* A0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* B0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* C0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* D0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* E0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* F0 */
};

static int word_byte(unsigned char c)
{
	return word_bytes[c];
}

/* The lengths of the credit words by their first letter, lower case: a
 * bit (1 << length) for each. Most words of a line start with a letter no
 * credit word of their length starts with, and are given up after one
 * look-up here instead of a binary search of the list (a third of the
 * feature's time went to strlen() and memcmp() in it). t3510 looks every
 * credit word up, and compares the cue with a plain search of the list on
 * random lines. */
#define LENGTH(word) (1u << (sizeof(word) - 1))
static const unsigned credit_lengths[26] = {
	['a' - 'a'] = LENGTH("abbildung") | LENGTH("afp") | LENGTH("alamy"),
	['b' - 'a'] = LENGTH("bild") | LENGTH("bilde") | LENGTH("bilder") | LENGTH("bildquelle"),
	['c' - 'a'] = LENGTH("credit") | LENGTH("credits") | LENGTH("cr\xc3\xa9" "dit") |
		      LENGTH("cr\xc3\xa9" "dito") | LENGTH("cr\xc3\xa9" "ditos"),
	['d' - 'a'] = LENGTH("dpa"),
	['e' - 'a'] = LENGTH("epa"),
	['f' - 'a'] = LENGTH("fot") | LENGTH("foto") | LENGTH("fotografia") |
		      LENGTH("fotograf\xc3\xad" "a") | LENGTH("fotos") | LENGTH("fot\xc3\xb3"),
	['g' - 'a'] = LENGTH("getty") | LENGTH("gettyimages"),
	['i' - 'a'] = LENGTH("image") | LENGTH("imagem") | LENGTH("imagen") | LENGTH("images") |
		      LENGTH("imago") | LENGTH("istock") | LENGTH("istockphoto"),
	['k' - 'a'] = LENGTH("keystone") | LENGTH("kuva"),
	['p' - 'a'] = LENGTH("photo") | LENGTH("photograph") | LENGTH("photographer") |
		      LENGTH("photos") | LENGTH("picture") | LENGTH("pixabay"),
	['r' - 'a'] = LENGTH("reuters"),
	['s' - 'a'] = LENGTH("shutterstock"),
	['t' - 'a'] = LENGTH("titelbild"),
	['u' - 'a'] = LENGTH("unsplash"),
	['z' - 'a'] = LENGTH("zdj\xc4\x99" "cia") | LENGTH("zdj\xc4\x99" "cie"),
};
_Static_assert(WORD_MAX < 32, "a length is a bit of an unsigned");

static int is_credit_word(const char *word, size_t len)
{
	char folded[WORD_MAX];
	unsigned first = ((unsigned char)word[0] | 0x20) - 'a';
	if (len > WORD_MAX || first >= 26 || !(credit_lengths[first] >> len & 1))
		return 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)word[i];
		folded[i] = (char)(c >= 'A' && c <= 'Z' ? c | 0x20 : c);
	}
	struct order_span key = { folded, len };
	return bsearch(&key, credit_words, COUNT(credit_words), sizeof(credit_words[0]),
		       order_span_entry) != NULL;
}

int line_cues_credit(const char *text, size_t len, size_t words)
{
	if (words > LINE_CUES_CREDIT_MAX_WORDS)
		return 0;
	/* The marks are beyond ASCII: a line of ASCII alone holds none. */
	int ascii = swar_ascii_run(text, text + len) == len;
	for (size_t i = 0; i < COUNT(credit_marks) && !ascii; i++)
		if (memmem(text, len, credit_marks[i], strlen(credit_marks[i])))
			return 1;
	for (size_t i = 0; i < len;) {
		if (!word_byte((unsigned char)text[i])) {
			i++;
			continue;
		}
		size_t start = i;
		while (i < len && word_byte((unsigned char)text[i]))
			i++;
		if (is_credit_word(text + start, i - start))
			return 1;
	}
	return 0;
}

/* The length of the colon at `p` (':' or the full-width one), or 0. */
static size_t colon_at(const char *p, size_t left)
{
	if (*p == ':')
		return 1;
	return left >= 3 && !memcmp(p, "\xef\xbc\x9a", 3) ? 3 : 0;
}

int line_cues_label(const char *text, size_t len)
{
	size_t words = 0, i = 0;
	for (;;) {
		while (i < len && text[i] == ' ')
			i++;
		if (i == len || ++words > LINE_CUES_LABEL_MAX_WORDS)
			return 0;
		for (; i < len && text[i] != ' '; i++) {
			/* Only ':' and the full-width colon's first byte can start one. */
			if (text[i] != ':' && (unsigned char)text[i] != 0xEF)
				continue;
			size_t colon = colon_at(text + i, len - i);
			/* A colon ends a label where a space or the text's end
			 * follows it: not in "3:59" nor in "http://". The
			 * full-width colon needs no space after it. */
			if (colon == 3 || (colon && (i + 1 == len || text[i + 1] == ' ')))
				return 1;
		}
	}
}

/* A run of digits in a line: where it starts and ends, and its value
 * (runs of more than four digits are no part of a date). */
struct digit_run {
	size_t start, end;
	unsigned value;
};

#define DATE_RUNS_MAX 16   /* a dateline has a few */

static size_t digit_runs(const char *text, size_t len, struct digit_run *runs)
{
	size_t n = 0;
	for (size_t i = 0; i < len && n < DATE_RUNS_MAX;) {
		if (text[i] < '0' || text[i] > '9') {
			i++;
			continue;
		}
		struct digit_run r = { .start = i };
		while (i < len && text[i] >= '0' && text[i] <= '9') {
			if (i - r.start < 4)
				r.value = r.value * 10 + (unsigned)(text[i] - '0');
			i++;
		}
		r.end = i;
		runs[n++] = r;
	}
	return n;
}

static size_t digits(const struct digit_run *r)
{
	return r->end - r->start;
}

/* Are runs a and b one character apart, that character one of `seps`? */
static int joined(const char *text, const struct digit_run *a, const struct digit_run *b,
		  const char *seps)
{
	return b->start == a->end + 1 && text[a->end] && strchr(seps, text[a->end]) != NULL;
}

int line_cues_date(const char *text, size_t len, size_t words)
{
	struct digit_run runs[DATE_RUNS_MAX];
	if (words > LINE_CUES_DATE_MAX_WORDS)
		return 0;
	size_t n = digit_runs(text, len, runs);
	int year = 0, day = 0;
	for (size_t i = 0; i < n; i++) {
		const struct digit_run *r = &runs[i];
		if (i + 1 < n && digits(r) <= 2 && digits(&r[1]) == 2 && joined(text, r, &r[1], ":"))
			return 1;   /* a time */
		if (i + 2 < n && digits(&r[1]) <= 2 && joined(text, r, &r[1], "./-") &&
		    joined(text, &r[1], &r[2], "./-") && text[r->end] == text[r[1].end] &&
		    ((digits(r) <= 2 && digits(&r[2]) >= 2 && digits(&r[2]) <= 4) ||
		     (digits(r) == 4 && digits(&r[2]) <= 2)))
			return 1;   /* a date of three numbers */
		year |= digits(r) == 4 && r->value >= 1900 && r->value <= 2099;
		day |= digits(r) <= 2 && r->value >= 1 && r->value <= 31;
	}
	return year && day;
}
