/* ice-words.c: words, capitals, punctuation and stop words as the ICE
 * methods count them (see ice.h: words). */
#include "method/ice.h"
#include "base/swar.h"
#include "base/utf8.h"
#include "base/words.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- byte classes ------------------------------------------------------------------ */

/* What each byte is to a word, one table look-up for the tests a word's
 * bytes go through: white space (<= ' ', which ends a word), ASCII
 * punctuation (the marks of ! to /, : to @, [ to `, { to ~), capital and
 * small ASCII letters, other ASCII (digits, DEL), and the bytes of 0x80 and
 * above, which begin or continue a character that is decoded. */
enum byte_class { S = 1, P = 2, U = 4, L = 8, O = 16, H = 32 };
static const unsigned char byte_class[256] = {
	S, S, S, S, S, S, S, S, S, S, S, S, S, S, S, S,   /* 00 */
	S, S, S, S, S, S, S, S, S, S, S, S, S, S, S, S,   /* 10 */
	S, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P,   /* 20 */
	O, O, O, O, O, O, O, O, O, O, P, P, P, P, P, P,   /* 30 */
	P, U, U, U, U, U, U, U, U, U, U, U, U, U, U, U,   /* 40 */
	U, U, U, U, U, U, U, U, U, U, U, P, P, P, P, P,   /* 50 */
	P, L, L, L, L, L, L, L, L, L, L, L, L, L, L, L,   /* 60 */
	L, L, L, L, L, L, L, L, L, L, L, P, P, P, P, O,   /* 70 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,   /* 80 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,   /* 90 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,   /* A0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,   /* B0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,   /* C0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,   /* D0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,   /* E0 */
	H, H, H, H, H, H, H, H, H, H, H, H, H, H, H, H,   /* F0 */
};

/* --- the stop words ---------------------------------------------------------------- */

/* A word of ASCII letters as one number: five bits a letter (a or A is 1,
 * z or Z 26), the first letter in the lowest bits. Distinct words of up to
 * 12 letters have distinct keys, and no key is 0. */
#define STOP_WORD_LONGEST 10
#define KEY_LETTER(word, i) (sizeof(word) > (i) + 1 ? \
	(uint64_t)(((word)[(i) < sizeof(word) ? (i) : 0] | 0x20) - 'a' + 1) << (5 * (i)) : 0)
#define STOP_KEY(word) (KEY_LETTER(word, 0) | KEY_LETTER(word, 1) | KEY_LETTER(word, 2) | \
			KEY_LETTER(word, 3) | KEY_LETTER(word, 4) | KEY_LETTER(word, 5) | \
			KEY_LETTER(word, 6) | KEY_LETTER(word, 7) | KEY_LETTER(word, 8) | \
			KEY_LETTER(word, 9))

/* English function words in a table of keys where each has a slot of its
 * own (a perfect hash): a word of the text is one multiplication, one
 * look-up and one comparison away from the answer, however many words the
 * list holds (scanning the words of its length cost 6% of text mode).
 *
 * The slot is the top 10 bits of the key times STOP_MULTIPLIER, an odd
 * number found by trying random ones until the 127 keys fell in 127
 * slots (a few hundred tries; 512 slots would take millions). The table
 * is written with the keys computed by the compiler from the words (GCC
 * and Clang fold a string literal's bytes in an array designator): two
 * words in one slot are a compile-time warning, -Woverride-init in GCC's
 * -Wextra or -Winitializer-overrides in Clang (an error with
 * --enable-werror), and t3300 looks every word up; a word added to the
 * list needs a new multiplier then. */
#define STOP_SLOT_BITS 10
#define STOP_MULTIPLIER 0xD13C689D32E5B7FBull
#define STOP_SLOT(key) ((size_t)(((key) * STOP_MULTIPLIER) >> (64 - STOP_SLOT_BITS)))
#define STOP(word) [STOP_SLOT(STOP_KEY(word))] = STOP_KEY(word)
static const uint64_t stop_words[1u << STOP_SLOT_BITS] = {
	STOP("a"), STOP("i"),
	STOP("am"), STOP("an"), STOP("as"), STOP("at"), STOP("be"), STOP("by"), STOP("do"),
	STOP("he"), STOP("if"), STOP("in"), STOP("is"), STOP("it"), STOP("me"), STOP("my"),
	STOP("no"), STOP("of"), STOP("on"), STOP("or"), STOP("so"), STOP("to"), STOP("up"),
	STOP("we"),
	STOP("all"), STOP("and"), STOP("any"), STOP("are"), STOP("but"), STOP("can"),
	STOP("did"), STOP("few"), STOP("for"), STOP("had"), STOP("has"), STOP("her"),
	STOP("him"), STOP("his"), STOP("how"), STOP("its"), STOP("nor"), STOP("not"),
	STOP("now"), STOP("off"), STOP("our"), STOP("out"), STOP("own"), STOP("she"),
	STOP("the"), STOP("too"), STOP("was"), STOP("who"), STOP("why"), STOP("you"),
	STOP("also"), STOP("been"), STOP("both"), STOP("does"), STOP("down"), STOP("each"),
	STOP("from"), STOP("have"), STOP("here"), STOP("hers"), STOP("into"), STOP("just"),
	STOP("more"), STOP("most"), STOP("once"), STOP("only"), STOP("ours"), STOP("over"),
	STOP("same"), STOP("some"), STOP("such"), STOP("than"), STOP("that"), STOP("them"),
	STOP("then"), STOP("they"), STOP("this"), STOP("very"), STOP("were"), STOP("what"),
	STOP("when"), STOP("whom"), STOP("will"), STOP("with"), STOP("your"),
	STOP("about"), STOP("above"), STOP("after"), STOP("again"), STOP("being"),
	STOP("below"), STOP("could"), STOP("doing"), STOP("other"), STOP("their"),
	STOP("there"), STOP("these"), STOP("those"), STOP("under"), STOP("until"),
	STOP("where"), STOP("which"), STOP("while"), STOP("would"), STOP("yours"),
	STOP("before"), STOP("during"), STOP("having"), STOP("itself"), STOP("myself"),
	STOP("should"), STOP("theirs"),
	STOP("against"), STOP("because"), STOP("between"), STOP("further"), STOP("herself"),
	STOP("himself"), STOP("through"),
	STOP("yourself"),
	STOP("ourselves"),
	STOP("themselves"), STOP("yourselves"),
};

/* Is the key (STOP_KEY() of a word of the text) a listed word's? */
static inline int is_listed(uint64_t key)
{
	return stop_words[STOP_SLOT(key)] == key;
}

static inline int is_ascii_punctuation(unsigned char c)
{
	return byte_class[c] & P;
}

static inline int is_punctuation(uint32_t cp)
{
	if (cp < 0x80)
		return is_ascii_punctuation((unsigned char)cp);
	return cp == 0xA1 || cp == 0xA7 || cp == 0xAB || cp == 0xB6 || cp == 0xB7 ||
	       cp == 0xBB || cp == 0xBF || (cp >= 0x2010 && cp <= 0x205E);
}

static int is_capital(uint32_t cp)
{
	return (cp >= 'A' && cp <= 'Z') || (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) ||
	       (cp >= 0x391 && cp <= 0x3A9) || (cp >= 0x400 && cp <= 0x42F);
}

/* The code point at `p` (an invalid byte counts as one character, U+FFFD). */
static size_t next_code_point(const char *p, const char *end, uint32_t *cp)
{
	if ((unsigned char)*p < 0x80) {   /* most of a page: no call */
		*cp = (unsigned char)*p;
		return 1;
	}
	size_t n = utf8_decode((const unsigned char *)p, (size_t)(end - p), cp);
	if (n == 0) {
		*cp = 0xFFFD;
		n = 1;
	}
	return n;
}

/* Is [p, end), its punctuation stripped, a listed word in any case? Only
 * ASCII letters can be. */
static int is_listed_letters(const char *p, const char *end)
{
	uint64_t key = 0;
	if (end - p <= 0 || end - p > STOP_WORD_LONGEST)
		return 0;
	for (unsigned i = 0; p < end; p++, i++) {
		unsigned char c = (unsigned char)*p;
		if (!(byte_class[c] & (U | L)))
			return 0;
		key |= (uint64_t)((c | 0x20) - 'a' + 1) << (5 * i);
	}
	return is_listed(key);
}

int ice_is_stop_word(const char *word, size_t len)
{
	const char *p = word, *end = word + len;
	uint32_t cp;
	size_t n;

	/* Strip the punctuation around the word. */
	while (p < end && (n = next_code_point(p, end, &cp)) && is_punctuation(cp))
		p += n;
	while (end > p) {
		const char *q = end - 1;
		while (q > p && ((unsigned char)*q & 0xC0) == 0x80)
			q--;
		next_code_point(q, end, &cp);
		if (!is_punctuation(cp))
			break;
		end = q;
	}
	return is_listed_letters(p, end);
}

/* One word of ASCII bytes, [p, end) up to the first white space or
 * non-ASCII byte: its characters, punctuation and capital counted into
 * `words` in one pass that also packs its letters into a key, stripped of
 * the punctuation around them: `state` goes from before the letters, to in
 * them, to the punctuation after them, and to "no stop word" at any other
 * byte (a digit, punctuation between letters, an eleventh letter). Returns
 * where the word stopped: at white space, or at a byte of 0x80 or above,
 * where the caller counts the word again, character by character. */
enum { BEFORE, LETTERS, AFTER, NOT_LISTED };
static const char *count_ascii_word(const char *p, const char *end, struct ice_words *words)
{
	size_t chars = 0, punctuation = 0, letters = 0, digits = 0;
	unsigned capital = 0, state = BEFORE, first_seen = 0;
	uint64_t key = 0;

	for (; p < end; p++) {
		unsigned char c = (unsigned char)*p;
		unsigned k = byte_class[c];
		if (k & (S | H))
			break;
		chars++;
		if (k & P) {
			punctuation++;
			state = state == LETTERS ? AFTER : state;
			continue;
		}
		digits += c >= '0' && c <= '9';
		if (!first_seen) {
			first_seen = 1;
			capital = (k & U) != 0;
		}
		if ((k & (U | L)) && state <= LETTERS && letters < STOP_WORD_LONGEST) {
			key |= (uint64_t)((c | 0x20) - 'a' + 1) << (5 * letters++);
			state = LETTERS;
		} else {
			state = NOT_LISTED;
		}
	}
	if (p < end && (byte_class[(unsigned char)*p] & H))
		return p;   /* not ASCII: counted again, nothing added */
	words->characters += chars;
	words->punctuation += punctuation;
	words->digits += digits;
	words->capitalised += capital;
	words->stop_words += (state == LETTERS || state == AFTER) && is_listed(key);
	return p;
}

/* A word with a byte of 0x80 or above, character by character. */
static const char *count_word(const char *p, const char *end, struct ice_words *words)
{
	const char *start = p;
	int first_letter_seen = 0;
	while (p < end && (unsigned char)*p > ' ') {
		uint32_t cp;
		words->maybe_unspaced |= (int)words_may_start_unspaced((unsigned char)*p);
		words->digits += *p >= '0' && *p <= '9';
		p += next_code_point(p, end, &cp);
		words->characters++;
		if (is_punctuation(cp)) {
			words->punctuation++;
		} else if (!first_letter_seen) {
			first_letter_seen = 1;
			words->capitalised += is_capital(cp);
		}
	}
	words->stop_words += ice_is_stop_word(start, (size_t)(p - start));
	return p;
}

/* Up to eight letters (bytes of ASCII letters, the low byte first, zeros
 * above them) packed as STOP_KEY() packs them: five bits a letter, by
 * three shifts instead of a step a letter. */
static inline uint64_t pack_letters(uint64_t v)
{
	uint64_t key = v & 0x1F1F1F1F1F1F1F1Full;   /* a or A is 1, z or Z 26 */
	key = (key & 0x001F001F001F001Full) | ((key & 0x1F001F001F001F00ull) >> 3);
	key = (key & 0x000003FF000003FFull) | ((key & 0x03FF000003FF0000ull) >> 6);
	return (key & 0x00000000000FFFFFull) | ((key & 0x000FFFFF00000000ull) >> 12);
}

/* Which of the bytes `word` marks (the high bit of each byte of a word of
 * ASCII bytes, so the masks are exact on them; bytes past it may carry
 * into higher bytes only) are capitals, letters, digits and punctuation
 * (count_ascii_word()'s classes: DEL is neither), and which are not
 * punctuation. */
struct ascii_classes {
	uint64_t upper, letter, digit, mark, other;
};

static inline struct ascii_classes classify_ascii(uint64_t v, uint64_t word)
{
	struct ascii_classes c;
	c.upper = swar_below(v, '[') & ~swar_below(v, 'A');
	c.letter = (c.upper | (swar_below(v, '{') & ~swar_below(v, 'a'))) & word;
	c.digit = swar_below(v, ':') & ~swar_below(v, '0') & word;
	c.mark = word & ~(c.letter | c.digit | swar_equal(v, 0x7F));
	c.other = word & ~c.mark;
	return c;
}

/* The same for a word of at most seven ASCII bytes that ends in the eight
 * bytes `v` read at its start (zeros past the text's end, white space as
 * any byte below '!'): the masks of base/swar.h say at once which bytes
 * are letters, digits and punctuation, and the letters between the
 * punctuation around them are packed into their key five bits each by
 * three shifts instead of a step a letter. Returns how many bytes it
 * counted; 0 when the word is longer, or stops at a byte of 0x80 or above:
 * then count_word_by_eight() counts it (count_ascii_word(), a byte at a
 * time, where words are not read eight bytes at a time). */
static inline size_t count_short_word(uint64_t v, struct ice_words *words)
{
	uint64_t ends = swar_high(v) | swar_below(v & ~SWAR_HIGH, '!');
	if (!ends)
		return 0;   /* eight bytes or more */
	unsigned at = (unsigned)__builtin_ctzll(ends) - 7;   /* 8 x the word's length */
	if (!at || (v >> at & 0x80))
		return 0;   /* a byte of 0x80 or above at the start or the end */
	struct ascii_classes c = classify_ascii(v, SWAR_HIGH & ((1ull << at) - 1));
	uint64_t other = c.other;
	words->characters += at / 8;
	words->punctuation += swar_count(c.mark);
	words->digits += swar_count(c.digit);
	if (!other)
		return at / 8;   /* punctuation alone: no capital, no stop word */
	unsigned first = (unsigned)__builtin_ctzll(other), last = 63u - (unsigned)__builtin_clzll(other);
	words->capitalised += (c.upper >> first) & 1;
	/* The bytes from the first to the last that is not punctuation must all
	 * be letters (at most seven: fewer than STOP_WORD_LONGEST). */
	uint64_t core = SWAR_HIGH & ((2ull << last) - 1) & ~((1ull << first) - 1);
	if (core & ~c.letter)
		return at / 8;
	unsigned shift = first - 7, bytes = (last - first) / 8 + 1;
	uint64_t key = pack_letters((v >> shift) & (bytes == 8 ? ~0ull : (1ull << (8 * bytes)) - 1));
	words->stop_words += is_listed(key);
	return at / 8;
}

/* Eight bytes from p, zeros past `end`. */
static inline uint64_t load_padded(const char *p, const char *end)
{
	if (end - p >= 8)
		return swar_load(p);
	uint64_t v = 0;
	memcpy(&v, p, (size_t)(end - p));
	return v;
}

/* The same as count_ascii_word() for a word of ASCII bytes of any length,
 * eight bytes a step: the masks of base/swar.h say at once which of them
 * are letters, digits and punctuation (zeros read past the text's end and
 * white space, any byte below '!', end the word). A word is a stop word
 * when its bytes other than punctuation are one run of at most
 * STOP_WORD_LONGEST letters (count_ascii_word()'s states: punctuation,
 * letters, punctuation): counts and the positions of the first and last
 * such byte say that, and only then are the letters read again for their
 * key. Returns how many bytes it counted; 0 when the word holds a byte of
 * 0x80 or above (nothing added): count_word() counts it then. */
static inline size_t count_word_by_eight(const char *p, const char *end,
					 struct ice_words *words)
{
	size_t punctuation = 0, digits = 0, letters = 0, others = 0;
	size_t first = SIZE_MAX, last = 0;   /* bit positions: 8 x offset + 7 */
	size_t capital = 0, len;

	for (size_t off = 0;; off += 8) {
		uint64_t v = load_padded(p + off, end);
		uint64_t ends = swar_high(v) | swar_below(v & ~SWAR_HIGH, '!');
		uint64_t word = SWAR_HIGH;
		unsigned at = 64;   /* 8 x the bytes of the word in v */
		if (ends) {
			at = (unsigned)__builtin_ctzll(ends) - 7;
			if (v >> at & 0x80)
				return 0;   /* a byte of 0x80 or above */
			word &= (1ull << at) - 1;
		}
		struct ascii_classes c = classify_ascii(v, word);
		punctuation += swar_count(c.mark);
		digits += swar_count(c.digit);
		if (c.other) {
			size_t lowest = (size_t)__builtin_ctzll(c.other);
			if (first == SIZE_MAX) {
				first = 8 * off + lowest;
				capital = (c.upper >> lowest) & 1;
			}
			last = 8 * off + 63u - (unsigned)__builtin_clzll(c.other);
			letters += swar_count(c.letter);
			others += swar_count(c.other);
		}
		if (at < 64) {
			len = off + at / 8;
			break;
		}
	}
	words->characters += len;
	words->punctuation += punctuation;
	words->digits += digits;
	words->capitalised += capital;
	/* Letters alone between the punctuation, one run, not too many. */
	if (letters && letters == others && letters <= STOP_WORD_LONGEST &&
	    (last - first) / 8 + 1 == letters) {
		const char *q = p + first / 8;
		uint64_t v = load_padded(q, end);
		uint64_t key;
		if (letters < 8) {
			key = pack_letters(v & ((1ull << (8 * letters)) - 1));
		} else {
			key = pack_letters(v);
			for (size_t i = 8; i < letters; i++)
				key |= (uint64_t)((unsigned char)q[i] & 0x1F) << (5 * i);
		}
		words->stop_words += is_listed(key);
	}
	return len;
}

void ice_count_words(const char *text, size_t len, struct ice_words *words)
{
	const char *p = text, *end = text + len;

	memset(words, 0, sizeof(*words));
	while (p < end) {
		while (p < end && (unsigned char)*p <= ' ')
			p++;
		if (p == end)
			break;
		const char *start = p;
		words->words++;
		size_t n = SWAR_WORDS ? count_short_word(load_padded(p, end), words) : 0;
		if (n) {
			p += n;
			continue;
		}
		if (SWAR_WORDS) {   /* eight bytes or more, or not ASCII */
			n = count_word_by_eight(p, end, words);
			p = n ? p + n : count_word(start, end, words);
			continue;
		}
		p = count_ascii_word(p, end, words);
		if (p < end && (unsigned char)*p > ' ')
			p = count_word(start, end, words);
	}
}
