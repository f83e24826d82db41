/* t3510-line-cues: a short line's credit and label cues
 * (method/line-cues.h), the logistic method's features credit and label. */
#include "method/line-cues.h"
#include "tap.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static size_t words_of(const char *text);

static int credit(const char *text)
{
	return line_cues_credit(text, strlen(text), words_of(text));
}

static size_t words_of(const char *text)
{
	size_t words = 0;
	for (const char *p = text; *p;) {
		while (*p == ' ')
			p++;
		if (*p)
			words++;
		while (*p && *p != ' ')
			p++;
	}
	return words;
}

static int date(const char *text)
{
	return line_cues_date(text, strlen(text), words_of(text));
}

static int label(const char *text)
{
	return line_cues_label(text, strlen(text));
}

/* Every credit word, capitalised. */
static const char *const credit_words[] = {
		"Abbildung", "AFP", "Alamy", "Bild", "Bilde", "Bilder", "Bildquelle", "Credit",
		"Credits", "Cr\xc3\xa9" "dit", "Cr\xc3\xa9" "dito", "Cr\xc3\xa9" "ditos", "dpa",
		"EPA", "Fot", "Foto", "Fotografia", "Fotograf\xc3\xad" "a", "Fotos", "Fot\xc3\xb3",
		"Getty", "GettyImages", "Image", "Imagem", "Imagen", "Images", "Imago", "iStock",
		"iStockphoto", "Keystone", "Kuva", "Photo", "Photograph", "Photographer", "Photos",
		"Picture", "Pixabay", "REUTERS", "Shutterstock", "Titelbild", "Unsplash",
		"Zdj\xc4\x99" "cia", "Zdj\xc4\x99" "cie",
};
#define CREDIT_WORDS (sizeof(credit_words) / sizeof(credit_words[0]))

static void test_credit(void)
{
	/* Each credit word alone: the list is in the order its binary search
	 * needs, and the table of first letters and lengths before it lets
	 * each through, or one of these is missed. */
	const char *const *words = credit_words;
	int all = 1;
	for (size_t i = 0; i < CREDIT_WORDS; i++) {
		char line[64];
		snprintf(line, sizeof(line), "%s: Jane Doe", words[i]);
		if (!credit(line)) {
			diag("not a credit: %s", line);
			all = 0;
		}
	}
	ok(all, "each credit word marks a credit, whatever its case");
	ok(credit("Das Hermelin ist gut getarnt. (mlharing / iStock.com)"),
	   "a word cut at a full stop and a slash: iStock.com");
	ok(credit("Bebé, 2 años. (REUTERS/Denis Balibouse)"), "...at a bracket");
	ok(credit("\xc2\xa9 Matthias Hangst"), "the copyright sign alone");
	ok(credit("\xe5\x9b\xbe\xe7\x89\x87\xe6\x9d\xa5\xe6\xba\x90"), "a Chinese credit, no spaces");
	ok(!credit("Photography"), "a longer word that begins with one is not");
	ok(!credit("Fotovoltaik und Wind"), "...nor a word that holds one");
	ok(!credit("Der Bundestag hat am Donnerstag beschlossen, was lange erwartet wurde."),
	   "a sentence without a credit word is not");
	ok(!credit("one two three four five six seven eight nine ten eleven twelve thirteen "
		   "fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one "
		   "twenty-two twenty-three twenty-four twenty-five photo"),
	   "past 25 words even a photo is text");
	ok(!credit(""), "an empty line is not");
}

/* The credit cue as line-cues.h defines it, the plain way: words (runs of
 * ASCII letters and digits and of bytes beyond ASCII) compared with each
 * credit word, ASCII's case ignored; the marks searched for. */
static int word_byte(unsigned char c)
{
	return c >= 0x80 || isalnum(c);
}

static int credit_by_search(const char *text)
{
	static const char *const marks[] = { "\xc2\xa9", "\xe5\x9b\xbe\xe7\x89\x87",
					     "\xe6\x91\x84\xe5\xbd\xb1", "\xe5\x86\x99\xe7\x9c\x9f" };
	for (size_t i = 0; i < 4; i++)
		if (strstr(text, marks[i]))
			return 1;
	for (const char *p = text; *p;) {
		if (!word_byte((unsigned char)*p)) {
			p++;
			continue;
		}
		const char *start = p;
		while (*p && word_byte((unsigned char)*p))
			p++;
		for (size_t i = 0; i < CREDIT_WORDS; i++)
			if (strlen(credit_words[i]) == (size_t)(p - start) &&
			    !strncasecmp(credit_words[i], start, (size_t)(p - start)))
				return 1;
	}
	return 0;
}

/* Random short lines of credit words (in any case, glued to letters or
 * punctuation), near misses of their first letter and length, and other
 * words: the cue against the plain search. */
static void test_credit_random(void)
{
	static const char *const others[] = {
		"the", "and", "afx", "Bilk", "phone", "PHOTOX", "fotox", "zdj\xc4\x99" "cix", "42",
		"\xc3\xa9t\xc3\xa9", "\xc2\xa9", "\xe5\x9b\xbe\xe7\x89\x87", "-", "/", ".", "(",
		"ge", "a", "x",
	};
	unsigned long seed = 3510;
	unsigned wrong = 0, credits = 0, lines = 5000;
	for (unsigned t = 0; t < lines; t++) {
		char line[512];
		size_t len = 0, n = 1 + tap_random(&seed) % 10;
		for (size_t i = 0; i < n; i++) {
			const char *piece = tap_random(&seed) % 4 == 0
				? credit_words[tap_random(&seed) % CREDIT_WORDS]
				: others[tap_random(&seed) % (sizeof(others) / sizeof(others[0]))];
			size_t k = strlen(piece);
			for (size_t j = 0; j < k; j++) {
				char c = piece[j];
				if (tap_random(&seed) % 4 == 0 && isalpha((unsigned char)c))
					c = (char)(isupper((unsigned char)c) ? tolower(c) : toupper(c));
				line[len++] = c;
			}
			if (tap_random(&seed) % 3)
				line[len++] = ' ';
		}
		line[len] = '\0';
		int want = credit_by_search(line);
		credits += want;
		wrong += credit(line) != want;
	}
	is_int(wrong, 0, "credit: %u random lines against a plain search of the words", lines);
	ok(credits > lines / 10 && credits < lines - lines / 10, "... %u of them credits", credits);
}

static void test_label(void)
{
	ok(label("Lea tambi\xc3\xa9n: Impiden ingreso a Nicaragua"), "a label ahead of a link");
	ok(label("MIRA: Madre se acerca"), "one word");
	ok(label("Von:"), "a label alone, the colon at the end");
	ok(label("News date : 04/21/2022"), "a colon apart from its word");
	ok(label("\xe6\x9d\xa5\xe6\xba\x90\xef\xbc\x9a\xe6\x96\xb0\xe5\x8d\x8e\xe7\xa4\xbe"),
	   "the full-width colon, no space after it");
	ok(label("Das Thema ist neu: gut"), "four words");
	ok(!label("Das Thema kann dich interessieren: gut"), "five words are a clause, not a label");
	ok(!label("Um 3:59 PM ging es los"), "a time's colon is not");
	ok(!label("http://example.org/"), "...nor a URL's");
	ok(!label("Ein Satz ohne Doppelpunkt."), "a sentence without one is not");
	ok(!label("   "), "spaces alone are not");
}

/* line_cues_label() looks at a byte for a colon only where one can start;
 * against the rule read plainly (at most four words before a colon that
 * ends its word, or the full-width colon anywhere in them) on random
 * lines of words, colons of both kinds, times, URLs and their near
 * misses (0xEF starting other characters), each in a buffer of its own
 * length. */
static int label_plainly(const char *text, size_t len)
{
	size_t words = 0;
	for (size_t i = 0; i < len;) {
		if (text[i] == ' ') {
			i++;
			continue;
		}
		if (++words > LINE_CUES_LABEL_MAX_WORDS)
			return 0;
		for (; i < len && text[i] != ' '; i++) {
			if (len - i >= 3 && !memcmp(text + i, "\xef\xbc\x9a", 3))
				return 1;
			if (text[i] == ':' && (i + 1 == len || text[i + 1] == ' '))
				return 1;
		}
	}
	return 0;
}

static void test_label_random(void)
{
	static const char *const pieces[] = {
		"Von", "Thema", "a", "3:59", "http://x.org/", ":", "::", "\xef\xbc\x9a", "\xef\xbc",
		"\xef\xbd\x9a", "\xef", "\xe6\x9d\xa5", "x:", "\xc3\xa9t\xc3\xa9", "-",
	};
	unsigned long seed = 35101;
	unsigned wrong = 0, labels = 0, lines = 5000;
	for (unsigned t = 0; t < lines; t++) {
		char built[256];
		size_t len = 0, n = tap_random(&seed) % 9;
		for (size_t i = 0; i < n; i++) {
			const char *piece = pieces[tap_random(&seed) % (sizeof(pieces) / sizeof(pieces[0]))];
			size_t k = strlen(piece);
			memcpy(built + len, piece, k);
			len += k;
			if (tap_random(&seed) % 3)
				built[len++] = ' ';
		}
		char *text = malloc(len ? len : 1);
		memcpy(text, built, len);
		int want = label_plainly(text, len);
		labels += want;
		wrong += line_cues_label(text, len) != want;
		free(text);
	}
	is_int(wrong, 0, "label: %u random lines against the rule read plainly", lines);
	ok(labels > lines / 10 && labels < lines - lines / 10, "... %u of them labels", labels);
}

static void test_date(void)
{
	ok(date("Donnerstag, 31. Mai 2012"), "a day and a year, the month in words");
	ok(date("11 Jan 2019"), "...another order");
	ok(date("opublikowano: 7 kwietnia 2021"), "...another language");
	ok(date("3:59 PM"), "a time");
	ok(date("27.01.2022MineralölINFO November"), "a date of three numbers, text glued on");
	ok(date("News date : 04/21/2022"), "...with slashes");
	ok(date("2022-01-27"), "...the year first");
	ok(!date("2023 nichts mehr versäumen!"), "a year alone is no date");
	ok(!date("Version 10.15.7 ist da"), "a version's numbers are not");
	ok(!date("Seite 27.01/33"), "...nor three numbers with two separators");
	ok(!date("Am 31. Mai 2012 hat der Bundestag nach langer Debatte endlich beschlossen"),
	   "a sentence of more than eight words with a date is text");
	ok(!date("12345 und 2012"), "five digits are no day");
	static const char nul_separated[] = "27\0" "01\0" "33";
	ok(!line_cues_date(nul_separated, sizeof(nul_separated) - 1, 1),
	   "a NUL byte between numbers is no separator");
}

int main(void)
{
	test_credit();
	test_credit_random();
	test_label();
	test_label_random();
	test_date();
	return done_testing();
}
