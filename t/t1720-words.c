/* t1720-words: words in every script (base/words.h), and what the logistic
 * method's text features make of the hand-made pages of tests/t1720/
 * (Chinese, Japanese, Thai, Arabic, Russian, Greek): their paragraphs'
 * words, sentence ends, language and stop words. */
#include "tap.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/language.h"
#include "base/strbuf.h"
#include "base/swar.h"
#include "base/utf8.h"
#include "base/words.h"
#include "method/ice.h"
#include "method/logistic.h"
#include "method/stop-words.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

/* The runs of non-space: the count every spaced script keeps. */
static size_t runs(const char *text, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += (unsigned char)text[i] > ' ' && (i == 0 || (unsigned char)text[i - 1] <= ' ');
	return n;
}

static void ignore(const char *word, size_t len, void *data)
{
	(void)word, (void)len, (void)data;
}

static void join(const char *word, size_t len, void *data)
{
	struct strbuf *out = data;
	if (out->len)
		strbuf_addch(out, '|');
	strbuf_add(out, word, len);
}

static void is_words(const char *text, size_t want, const char *pieces, const char *name)
{
	struct strbuf got = STRBUF_INIT;
	size_t n = words_each(text, strlen(text), join, &got);
	is_int((long long)words_count(text, strlen(text)), (long long)want, "%s: %zu words", name,
	       want);
	is_int((long long)n, (long long)want, "...as many pieces");
	if (pieces)
		is_string(got.buf, pieces, "...these");
	strbuf_release(&got);
}

static void test_words(void)
{
	is_words("", 0, "", "nothing");
	is_words("   ", 0, "", "spaces");
	is_words("The cat sat on the mat.", 6, "The|cat|sat|on|the|mat.", "English");
	is_words("well-known, \xe2\x80\x9cquoted\xe2\x80\x9d \xe2\x80\x94 x", 4, NULL,
		 "punctuation stays with its run, a dash alone is a word");
	is_words("x\ty", 2, "x|y", "a tab separates");
	is_words("\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82, \xd0\xbc\xd0\xb8\xd1\x80!", 2,
		 NULL, "Cyrillic: runs");
	is_words("\xed\x95\x9c\xea\xb5\xad\xec\x96\xb4 \xeb\xac\xb8\xec\x9e\xa5\xec\x9e\x85\xeb\x8b"
		 "\x88\xeb\x8b\xa4.", 2, NULL, "Korean (Hangul) is written with spaces: runs");
	is_words("2024\xe5\xb9\xb4" "5\xe6\x9c\x88\xef\xbc\x8c\xe6\x88\x91\xe4\xbb\xac", 5,
		 "2024|\xe5\xb9\xb4|5|\xe6\x9c\x88|\xe6\x88\x91\xe4\xbb\xac",
		 "2024\xe5\xb9\xb4" "5\xe6\x9c\x88\xef\xbc\x8c\xe6\x88\x91\xe4\xbb\xac: numbers and "
		 "words, not the comma");
	is_words("\xe0\xb8\xa0\xe0\xb8\xb2\xe0\xb8\xa9\xe0\xb8\xb2\xe0\xb9\x84\xe0\xb8\x97\xe0\xb8"
		 "\xa2", 2, NULL, "Thai \xe0\xb8\xa0\xe0\xb8\xb2\xe0\xb8\xa9\xe0\xb8\xb2\xe0\xb9\x84"
		 "\xe0\xb8\x97\xe0\xb8\xa2 (Thai language): two words in one run");
	is_words("\xe3\x80\x8c\xe3\x80\x8d", 1, NULL,
		 "CJK brackets alone, no Han: a run, as any punctuation alone");

	const char *five = "a b c d e";
	is_int((long long)words_count_up_to(five, strlen(five), 10), 5, "up to 10: exact below");
	ok(words_count_up_to(five, strlen(five), 2) > 2, "up to 2: more than 2 said");

	/* Spaced text of every kind of byte the fast path may meet (ASCII,
	 * Latin, the E2 punctuation of English text, fullwidth Latin and a
	 * ligature, whose lead bytes send it the slow way): the count is
	 * always the runs, and ICE's. */
	static const char *const pieces[] = {
		" ", "  ", "a", "Z", ".", "\xc3\xa9", "\xe2\x80\x94", "\xe2\x80\x99",
		"\xef\xac\x81", "\xef\xbd\x88", "\xd5\xa1", "\xe0\xa4\x95", "7",
	};
	unsigned long seed = 1710;
	int fast_and_slow = 1, ice = 1;
	for (int i = 0; i < 2000; i++) {
		struct strbuf text = STRBUF_INIT;
		size_t n = tap_random(&seed) % 40;
		for (size_t k = 0; k < n; k++)
			strbuf_addstr(&text, pieces[tap_random(&seed) % (sizeof(pieces) / sizeof(*pieces))]);
		size_t want = runs(text.buf, text.len);
		struct ice_words w;
		ice_count_words(text.buf, text.len, &w);
		size_t limit = tap_random(&seed) % 12, up_to = words_count_up_to(text.buf, text.len, limit);
		fast_and_slow &= words_count(text.buf, text.len) == want &&
				 words_count_up_to(text.buf, text.len, SIZE_MAX) == want &&
				 (want <= limit ? up_to == want : up_to > limit) &&
				 words_each(text.buf, text.len, ignore, NULL) == want;
		int maybe = 0;
		for (size_t k = 0; k < text.len; k++)
			maybe |= (unsigned char)text.buf[k] >= 0xE0 && (unsigned char)text.buf[k] != 0xE2;
		ice &= w.words == want && w.maybe_unspaced == maybe;
		strbuf_release(&text);
	}
	ok(fast_and_slow, "2000 random spaced texts: every entry point counts the runs (up to a "
	   "random limit: exact below it, more than it past it)");
	ok(ice, "...as ICE counts them (English counts unchanged), which says when a byte "
	   "may start an unspaced script's character");
}

/* --- the hand-made pages ------------------------------------------------------------- */

struct page_case {
	const char *file, *language;
	int unspaced;          /* its paragraphs are checked against their letters */
	double min_letters, max_letters;   /* letters per word, unspaced */
	int paragraphs_end_sentences;   /* Thai marks no sentence end */
};

static const struct page_case pages[] = {
	{ "t1720/zh.html", "zh", 1, 1.2, 2.2, 1 },
	{ "t1720/ja.html", "ja", 1, 1.2, 2.4, 1 },
	{ "t1720/th.html", "th", 1, 2.5, 6.0, 0 },
	{ "t1720/ar.html", "ar", 0, 0, 0, 1 },
	{ "t1720/ru.html", "ru", 0, 0, 0, 1 },
	{ "t1720/el.html", "el", 0, 0, 0, 1 },
};

/* Code points that are neither space nor punctuation (ASCII's, CJK's,
 * fullwidth forms', General Punctuation's). */
static size_t letters(const char *text, size_t len)
{
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)text, *end = p + len; p < end;) {
		uint32_t cp;
		size_t k = utf8_decode(p, (size_t)(end - p), &cp);
		p += k ? k : 1;
		n += !(cp <= 0x7F && !(cp >= '0' && cp <= '9') && !((cp | 32) >= 'a' && (cp | 32) <= 'z')) &&
		     !(cp >= 0x3000 && cp <= 0x303F) && !(cp >= 0xFF00 && cp <= 0xFF20) &&
		     !(cp >= 0x2000 && cp <= 0x206F) && cp != 0x060C && cp != 0x061F;
	}
	return n;
}

/* The article's paragraphs of a hand-written page: the text of each
 * <p> between <article> and </article>, into `texts` (at most `max`). */
static size_t article_paragraphs(const char *html, struct strbuf *texts, size_t max)
{
	const char *p = strstr(html, "<article>"), *end = p ? strstr(p, "</article>") : NULL;
	size_t n = 0;
	while (p && end && n < max && (p = strstr(p, "<p>")) && p < end) {
		const char *close = strstr(p, "</p>");
		strbuf_init(&texts[n]);
		strbuf_add(&texts[n++], p + 3, (size_t)(close - p - 3));
		p = close;
	}
	return n;
}

static struct segment paragraph(const struct strbuf *text)
{
	struct segment s = { .type = SEGMENT_PARAGRAPH, .text = text->buf, .len = text->len };
	return s;
}

static void test_page(const struct page_case *c, const struct stop_lists *lists)
{
	struct strbuf html = STRBUF_INIT, texts[8];
	struct nc_error err = { 0 };
	if (read_file(fixture_path(c->file), 1 << 20, &html, &err) < 0)
		bail(err.message);
	size_t n = article_paragraphs(html.buf, texts, 8);
	is_int((long long)n, 3, "%s: three paragraphs", c->file);
	struct segment segments[8];
	for (size_t i = 0; i < n; i++)
		segments[i] = paragraph(&texts[i]);

	for (size_t i = 0; i < n; i++) {
		size_t words = words_count(texts[i].buf, texts[i].len);
		size_t l = letters(texts[i].buf, texts[i].len);
		if (c->unspaced)
			ok(words * c->min_letters <= l && l <= words * c->max_letters,
			   "%s paragraph %zu: %zu words of its %zu letters (%.1f to %.1f letters a "
			   "word)", c->file, i + 1, words, l, c->min_letters, c->max_letters);
		else
			is_int((long long)words, (long long)runs(texts[i].buf, texts[i].len),
			       "%s paragraph %zu: %zu words, its runs", c->file, i + 1, words);
	}

	struct language language;
	logistic_page_language(segments, sizeof(segments[0]), n, &language);
	ok(!strncmp(language.code, c->language, 2), "%s: the page's language is %s (CLD2: '%s')",
	   c->file, c->language, language.code);
	const struct stop_words *list = stop_lists_find(lists, language.code);
	ok(list != NULL, "...it has a stop-word list");

	double own[8][LOGISTIC_FEATURES], ice[8][LOGISTIC_FEATURES];
	logistic_features(segments, sizeof(segments[0]), n, list, &own[0][0]);
	logistic_features(segments, sizeof(segments[0]), n, NULL, &ice[0][0]);
	for (size_t i = 0; i < n; i++) {
		is_double(own[i][LF_ENDS_SENTENCE], c->paragraphs_end_sentences, 0,
			  "%s paragraph %zu %s", c->file, i + 1, c->paragraphs_end_sentences
			  ? "ends a sentence" : "ends in no mark (Thai has none)");
		ok(own[i][LF_STOP_WORDS] > 0.05 && ice[i][LF_STOP_WORDS] == 0,
		   "...%.2f of its words on the %s list, none on the English one", own[i][LF_STOP_WORDS],
		   c->language);
		is_double(own[i][LF_LOG_WORDS], log1p((double)words_count(texts[i].buf, texts[i].len)),
			  1e-12, "...log_words of its words");
	}
	for (size_t i = 0; i < n; i++)
		strbuf_release(&texts[i]);
	strbuf_release(&html);
}

/* The eight-byte masks that count characters (base/swar.h) against a
 * byte at a time, on random words of every byte value. */
static void test_swar(void)
{
	uint64_t seed = 1720;
	unsigned wrong_equal = 0, wrong_continuation = 0, wrong_count = 0;
	const unsigned words = 20000;
	for (unsigned w = 0; w < words; w++) {
		unsigned char bytes[8];
		for (int i = 0; i < 8; i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			unsigned b = (unsigned)(seed >> 56);
			bytes[i] = (unsigned char)((seed >> 40 & 3) == 0 ? ' ' : b);   /* spaces often */
		}
		uint64_t v = swar_load(bytes), spaces = swar_equal_exact(v, ' ');
		uint64_t cont = swar_continuation(v), want_spaces = 0, want_cont = 0;
		unsigned marked = 0;
		for (int i = 0; i < 8; i++) {
			want_spaces |= (uint64_t)(bytes[i] == ' ') << (8 * i + 7);
			want_cont |= (uint64_t)((bytes[i] & 0xC0) == 0x80) << (8 * i + 7);
			marked += bytes[i] == ' ' || (bytes[i] & 0xC0) == 0x80;
		}
		wrong_equal += SWAR_WORDS && spaces != want_spaces;
		wrong_continuation += SWAR_WORDS && cont != want_cont;
		wrong_count += SWAR_WORDS && swar_count(spaces | cont) != marked;
	}
	is_int(wrong_equal, 0, "swar_equal_exact() marks the spaces of %u random words, "
	       "non-ASCII bytes among them", words);
	is_int(wrong_continuation, 0, "swar_continuation() marks their UTF-8 continuation bytes");
	is_int(wrong_count, 0, "swar_count() counts the marks of both");
}

/* swar_skip_byte() (the segmenter's skip over Lynx's indentation) against
 * a byte at a time: random runs of the byte followed by a random byte,
 * at every length and start, each text in a buffer of its own length so
 * that a read past its end shows under the sanitizers and valgrind. */
static void test_swar_skip(void)
{
	uint64_t seed = 17201;
	unsigned wrong = 0, texts = 20000;
	for (unsigned t = 0; t < texts; t++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		size_t len = (size_t)(seed >> 58);   /* 0 to 63 bytes */
		unsigned char c = (seed >> 20 & 1) ? ' ' : (unsigned char)(seed >> 24);
		unsigned char *text = xmalloc(len ? len : 1);
		for (size_t i = 0; i < len; i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			/* Mostly c, so that runs are long; any byte else, c ^ 0x80 too. */
			unsigned pick = (unsigned)(seed >> 60);
			text[i] = pick < 13 ? c : pick == 13 ? (unsigned char)(c ^ 0x80) :
				  (unsigned char)(seed >> 32);
		}
		size_t want = 0;
		while (want < len && text[want] == c)
			want++;
		wrong += swar_skip_byte(text, text + len, c) != want;
		free(text);
	}
	is_int(wrong, 0, "swar_skip_byte() skips the same run as a byte at a time in %u texts",
	       texts);
}

/* utf8_is_valid() and utf8_has_non_ascii() skip ASCII eight bytes at a
 * time; against a byte-at-a-time reference on random texts of every length
 * and start (mostly ASCII, with valid and broken sequences at any place,
 * so that a word's boundary falls inside a character). */
static int valid_bytewise(const unsigned char *p, size_t len)
{
	uint32_t cp;
	for (size_t i = 0; i < len;) {
		size_t n = utf8_decode(p + i, len - i, &cp);
		if (!n)
			return 0;
		i += n;
	}
	return 1;
}

static void test_utf8_runs(void)
{
	static const char *const pieces[] = { "\xc3\xa9", "\xe4\xb8\xad", "\xf0\x9f\x98\x80",
					      "\xc3", "\xe4\xb8", "\x80", "\xed\xa0\x80", "\xc0\xaf" };
	uint64_t seed = 1721;
	unsigned wrong_valid = 0, wrong_ascii = 0, valid = 0, texts = 20000;
	for (unsigned t = 0; t < texts; t++) {
		unsigned char buf[64];
		size_t len = 0;
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		size_t want = (size_t)(seed >> 58);   /* 0-63 */
		while (len < want) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			const char *piece = (seed >> 59) == 0 ? pieces[(seed >> 40) % 8] : NULL;
			size_t n = piece ? strlen(piece) : 1;
			if (len + n > sizeof(buf))
				break;
			if (piece)
				memcpy(buf + len, piece, n);
			else
				buf[len] = (unsigned char)(' ' + (seed >> 33) % 95);
			len += n;
		}
		int ascii = 1;
		for (size_t i = 0; i < len; i++)
			ascii &= buf[i] < 0x80;
		int want_valid = valid_bytewise(buf, len);
		valid += want_valid && !ascii;
		wrong_valid += utf8_is_valid((const char *)buf, len) != want_valid;
		wrong_ascii += utf8_has_non_ascii((const char *)buf, len) != !ascii;
	}
	ok(valid > 100, "the random texts include %u valid ones with non-ASCII characters", valid);
	is_int(wrong_valid, 0, "utf8_is_valid() agrees with a byte-at-a-time check on %u texts",
	       texts);
	is_int(wrong_ascii, 0, "utf8_has_non_ascii() agrees with a byte-at-a-time check");
}

/* stop_words_has() folds a word of ASCII bytes without ICU and looks its
 * hash up in a table; against a byte-at-a-time reference (the punctuation
 * of '!' to DEL around the word stripped, A-Z lower-cased, the list's
 * words compared as strings) on random words made of the German list's
 * ASCII words, in any case, inside punctuation, digits and other letters. */
static void test_stop_words_ascii(const struct stop_lists *lists, const char *dir)
{
	struct nc_error err = { 0 };
	struct strbuf path = STRBUF_INIT, file = STRBUF_INIT;
	const char *words[512];
	size_t count = 0;
	strbuf_addf(&path, "%s/de.txt", dir);
	const struct stop_words *list = stop_lists_find(lists, "de");
	if (!list || read_file(path.buf, 1 << 20, &file, &err) < 0) {
		skip("no German list: %s", err.message);
		strbuf_release(&path);
		return;
	}
	for (char *line = file.buf, *next; *line && count < 512; line = next) {
		next = strchr(line, '\n');
		next = next ? (*next = '\0', next + 1) : line + strlen(line);
		int ascii = line[0] != '#' && line[0];
		for (const char *c = line; *c; c++)
			ascii &= (unsigned char)*c < 0x80;
		if (ascii)
			words[count++] = line;
	}
	static const char *const around[] = { "", "", "", "(", ")", ",", ".", "\"", "'", "-",
					      "\x7f", "~", "0", "9", "x", "\xc3\xa9" };
	unsigned long seed = 1722;
	unsigned wrong = 0, found = 0, tries = 20000;
	for (unsigned t = 0; t < tries; t++) {
		char word[128], core[64];
		const char *w = words[tap_random(&seed) % count];
		size_t n = strlen(w), len = 0;
		for (size_t i = 0; i < n; i++)   /* some letters capitalised */
			core[i] = (char)(tap_random(&seed) % 3 == 0 && w[i] >= 'a' && w[i] <= 'z'
					 ? w[i] - 32 : w[i]);
		const char *before = around[tap_random(&seed) % 16];
		const char *after = around[tap_random(&seed) % 16];
		len = (size_t)snprintf(word, sizeof(word), "%s%s%.*s%s", before,
				       tap_random(&seed) % 8 ? "" : before, (int)n, core, after);
		/* the reference */
		size_t start = 0, end = len, ascii = 1;
		for (size_t i = 0; i < len; i++)
			ascii &= (unsigned char)word[i] < 0x80;
		if (!ascii)
			continue;   /* the other path's (ICU's), t1720's pages check it */
		while (start < end && !isalnum((unsigned char)word[start]))
			start++;
		while (end > start && !isalnum((unsigned char)word[end - 1]))
			end--;
		int want = 0;
		for (size_t i = 0; i < count && !want; i++) {
			size_t k = strlen(words[i]);
			want = k == end - start && !strncasecmp(words[i], word + start, k);
		}
		found += want;
		wrong += stop_words_has(list, word, len) != want;
	}
	is_int(wrong, 0, "stop words: random ASCII words against a byte-at-a-time reference");
	ok(found > tries / 4, "... %u of them on the list", found);
	strbuf_release(&path);
	strbuf_release(&file);
}

int main(void)
{
	struct nc_error err = { 0 };
	char dir[4096];
	const char *top = getenv("top_srcdir");
	snprintf(dir, sizeof(dir), "%s/models/stopwords", top && *top ? top : ".");
	struct stop_lists *lists = stop_lists_load(dir, &err);
	if (!lists)
		bail(err.message);

	test_words();
	test_swar();
	test_swar_skip();
	test_utf8_runs();
	test_stop_words_ascii(lists, dir);
	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++)
		test_page(&pages[i], lists);
	stop_lists_free(lists);
	return done_testing();
}
