/* perplexity-text.c: the sentence splitter, the tokenizer and word keys of
 * the perplexity method (the rules are in perplexity-text.h). Works on
 * UTF-8 bytes: every character the rules name is matched by its bytes, and
 * everything else passes through untouched. */
#include "method/perplexity-text.h"
#include "base/hash.h"

#include <string.h>

/* --- character classes ---------------------------------------------------------- */

/* Bytes of the white space at p: ASCII space and controls, DEL, U+00A0. */
static size_t space_len(const unsigned char *p, const unsigned char *end)
{
	if (*p <= 0x20 || *p == 0x7F)
		return 1;
	if (p[0] == 0xC2 && end - p >= 2 && p[1] == 0xA0)
		return 2;
	return 0;
}

/* Is the three-byte character at p one of U+2013 U+2014 U+2018 U+2019
 * U+201C U+201D U+2026 (dashes, curly quotes, ellipsis)? */
static int is_typographic(const unsigned char *p, const unsigned char *end)
{
	return end - p >= 3 && p[0] == 0xE2 && p[1] == 0x80 &&
	       memchr("\x93\x94\x98\x99\x9C\x9D\xA6", p[2], 7) != NULL;
}

/* Bytes of the punctuation character at p that the tokenizer splits off
 * (',', ':' and '.' included; their exceptions are the caller's). */
static size_t punct_len(const unsigned char *p, const unsigned char *end)
{
	if (*p < 0x80)
		return *p && strchr("!\"'();<=>?[]{}`,:.", *p) ? 1 : 0;
	/* U+00A1 ¡, U+00AB «, U+00BB », U+00BF ¿ */
	if (p[0] == 0xC2 && end - p >= 2 && memchr("\xA1\xAB\xBB\xBF", p[1], 4))
		return 2;
	return is_typographic(p, end) ? 3 : 0;
}

static int is_word_char(const unsigned char *p, const unsigned char *end)
{
	return p < end && !space_len(p, end) && !punct_len(p, end);
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_ascii_letter(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A Latin-1 capital U+00C0-U+00DE other than U+00D7: bytes C3 80-9E. */
static int is_latin1_capital(const unsigned char *p, const unsigned char *end)
{
	return p[0] == 0xC3 && end - p >= 2 && p[1] >= 0x80 && p[1] <= 0x9E && p[1] != 0x97;
}

/* --- sentences -------------------------------------------------------------------- */

/* Abbreviations whose '.' does not end a sentence, lower case, without
 * the dot: titles, Latin, references, months, companies, ranks, streets. */
static const char *const abbreviations[] = {
	"mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "rev", "hon", "gen", "gov",
	"sen", "rep", "lt", "col", "sgt", "capt", "vs", "etc", "cf", "al", "approx", "ca",
	"fig", "figs", "no", "nos", "vol", "vols", "pp", "ed", "eds", "ch", "sec", "inc",
	"ltd", "co", "corp", "dept", "univ", "assn", "bros", "ave", "blvd", "rd",
	"jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
};

static int is_terminator(unsigned char c)
{
	return c == '.' || c == '!' || c == '?';
}

/* Bytes of the closing quote or bracket at p: ) ] } " ' ” ’ » */
static size_t closer_len(const unsigned char *p, const unsigned char *end)
{
	if (*p && strchr(")]}\"'", *p))
		return 1;
	if (p[0] == 0xC2 && end - p >= 2 && p[1] == 0xBB)
		return 2;
	return end - p >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x9D || p[2] == 0x99)
	       ? 3 : 0;
}

/* Can a sentence start at p? A capital, a digit, an opening quote or
 * bracket: " ' ( [ “ ‘ « ¿ ¡ */
static int starts_sentence(const unsigned char *p, const unsigned char *end)
{
	if ((*p >= 'A' && *p <= 'Z') || is_digit(*p) || (*p && strchr("\"'([", *p)))
		return 1;
	if (is_latin1_capital(p, end))
		return 1;
	if (p[0] == 0xC2 && end - p >= 2 && memchr("\xAB\xBF\xA1", p[1], 3))
		return 1;
	return end - p >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x9C || p[2] == 0x98);
}

/* Is the word that ends at the '.' at `dot` (the text from `start` on) an
 * abbreviation? */
static int is_abbreviation(const unsigned char *text, size_t start, size_t dot)
{
	size_t from = dot;
	while (from > start && !(text[from - 1] <= 0x20 || text[from - 1] == 0x7F ||
				 (text[from - 1] == 0xA0 && from - 1 > start && text[from - 2] == 0xC2)))
		from--;
	while (from < dot && text[from] && strchr("([\"'", text[from]))
		from++;
	size_t len = dot - from;
	if (len == 0)
		return 0;
	if (len == 1 && is_ascii_letter(text[from]))
		return 1;   /* an initial */
	if (memchr(text + from, '.', len))
		return 1;   /* U.S., e.g., i.e. */
	if (len > 6)
		return 0;
	char word[8];
	for (size_t i = 0; i < len; i++)
		word[i] = (char)(text[from + i] >= 'A' && text[from + i] <= 'Z' ? text[from + i] + 32
									  : text[from + i]);
	word[len] = '\0';
	for (size_t i = 0; i < sizeof(abbreviations) / sizeof(abbreviations[0]); i++)
		if (!strcmp(word, abbreviations[i]))
			return 1;
	return 0;
}

void perplexity_sentences_start(struct perplexity_sentence_cursor *cursor, const char *text,
				size_t len)
{
	cursor->text = text;
	cursor->len = len;
	cursor->pos = 0;
}

static size_t skip_space(const unsigned char *t, size_t len, size_t i)
{
	size_t n;
	while (i < len && (n = space_len(t + i, t + len)))
		i += n;
	return i;
}

/* Does the run of terminators [run, run_end), followed by closers up to
 * `after`, end the sentence begun at `start`? Then *next is where the next
 * one begins. */
static int ends_sentence(const unsigned char *t, size_t len, size_t start, size_t run,
			 size_t run_end, size_t after, size_t *next)
{
	if (after >= len || !space_len(t + after, t + len))
		return 0;
	*next = skip_space(t, len, after);
	if (*next >= len || !starts_sentence(t + *next, t + len))
		return 0;
	return !(run_end - run == 1 && t[run] == '.' && is_abbreviation(t, start, run));
}

/* The last sentence: the rest of the text, trailing white space trimmed. */
static size_t trim_end(const unsigned char *t, size_t start, size_t stop)
{
	while (stop > start) {
		if (t[stop - 1] <= 0x20 || t[stop - 1] == 0x7F)
			stop--;
		else if (stop - start >= 2 && t[stop - 2] == 0xC2 && t[stop - 1] == 0xA0)
			stop -= 2;
		else
			break;
	}
	return stop;
}

int perplexity_sentences_next(struct perplexity_sentence_cursor *cursor,
			      struct segment_piece *sentence)
{
	const unsigned char *t = (const unsigned char *)cursor->text;
	size_t len = cursor->len, i = skip_space(t, len, cursor->pos), start = i, next;

	while (i < len) {
		if (!is_terminator(t[i])) {
			i++;
			continue;
		}
		size_t run = i, n;
		while (i < len && is_terminator(t[i]))
			i++;
		size_t run_end = i;
		while (i < len && (n = closer_len(t + i, t + len)))
			i += n;
		if (ends_sentence(t, len, start, run, run_end, i, &next)) {
			sentence->offset = start;
			sentence->len = i - start;
			cursor->pos = next;
			return 1;
		}
	}
	cursor->pos = len;
	if (start >= len)
		return 0;
	sentence->offset = start;
	sentence->len = trim_end(t, start, len) - start;
	return 1;
}

/* --- tokens ----------------------------------------------------------------------- */

void perplexity_tokens_start(struct perplexity_token_cursor *cursor, const char *text,
			     size_t len)
{
	cursor->pos = text;
	cursor->end = text + len;
}

/* Does the punctuation at p belong to the word [word, p)? A '.' between two
 * word characters, a ',' or ':' between two digits. */
static int stays_in_word(const unsigned char *word, const unsigned char *p,
			 const unsigned char *end)
{
	if (*p == '.')
		return is_word_char(p + 1, end);
	if (*p == ',' || *p == ':')
		return p > word && is_digit(p[-1]) && p + 1 < end && is_digit(p[1]);
	return 0;
}

int perplexity_tokens_next(struct perplexity_token_cursor *cursor, const char **token,
			   size_t *len)
{
	const unsigned char *p = (const unsigned char *)cursor->pos;
	const unsigned char *end = (const unsigned char *)cursor->end, *start;
	size_t n;

	while (p < end && (n = space_len(p, end)))
		p += n;
	if (p == end) {
		cursor->pos = cursor->end;
		return 0;
	}
	start = p;
	if (*p == '.') {
		while (p < end && *p == '.')
			p++;
	} else if ((n = punct_len(p, end))) {
		p += n;
	} else {
		/* A word: up to white space or punctuation that does not stay in it.
		 * Stepping byte by byte is safe: the classes above match lead
		 * bytes only, never continuation bytes. */
		while (p < end && !space_len(p, end) &&
		       (!punct_len(p, end) || stays_in_word(start, p, end)))
			p++;
	}
	*token = (const char *)start;
	*len = (size_t)(p - start);
	cursor->pos = (const char *)p;
	return 1;
}

/* The folded value of byte i of a token, given the byte before it. */
static inline unsigned char fold_byte(unsigned char c, unsigned char before)
{
	if (c >= 'A' && c <= 'Z')
		return (unsigned char)(c + 32);
	if (before == 0xC3 && c >= 0x80 && c <= 0x9E && c != 0x97)
		return (unsigned char)(c + 0x20);   /* U+00C0-U+00DE -> U+00E0-U+00FE */
	return c;
}

void perplexity_token_fold(const char *token, size_t len, struct strbuf *out)
{
	const unsigned char *p = (const unsigned char *)token;
	unsigned char before = 0;

	strbuf_grow(out, len);
	for (size_t i = 0; i < len; i++) {
		strbuf_addch(out, fold_byte(p[i], before));
		before = p[i];
	}
}

/* --- keys ------------------------------------------------------------------------- */

uint64_t perplexity_token_key(const char *token, size_t len)
{
	const unsigned char *p = (const unsigned char *)token;
	uint64_t h = HASH_FNV_BASIS;
	unsigned char before = 0;

	/* hash_bytes() over the folded bytes (base/hash.h). */
	for (size_t i = 0; i < len; i++) {
		h ^= fold_byte(p[i], before);
		h *= HASH_FNV_PRIME;
		before = p[i];
	}
	h = hash_finalise(h);
	return h ? h : 1;
}

uint64_t perplexity_boundary_key(void)
{
	return perplexity_token_key(PERPLEXITY_BOUNDARY, strlen(PERPLEXITY_BOUNDARY));
}
