/* perplexity-text.h: sentences, tokens and word keys as the perplexity
 * method sees them, shared by scoring (method/) and training (train/), so
 * that the two never cut text differently.
 *
 * Sentences stand in for NLTK's standard sentence tokenizer (Punkt), which
 * pyplexity uses; the rules are ours and fixed, not learnt:
 *   - a sentence ends after a run of terminators (. ! ?), together with the
 *     closing quotes and brackets that follow it ( ) ] } " ' ” ’ » ), when
 *     white space follows and the next character starts a sentence: an
 *     ASCII or Latin-1 capital letter, a digit, or an opening quote or
 *     bracket ( " ' “ ‘ « ( [ ¿ ¡ );
 *   - except after a single '.' that ends an abbreviation: a word on the
 *     list in perplexity-text.c (Mr, Dr, e.g., etc., Jan, No, ...; any case),
 *     a single letter (an initial: "J. Smith"), or a word with a '.' inside
 *     ("U.S.", "i.e.");
 *   - the rest of the text is the last sentence. A sentence is trimmed of
 *     white space and is never empty; white space alone has no sentence.
 *
 * Tokens follow pyplexity's tokenizer in spirit: lower-cased words, with
 * punctuation split off as tokens of its own.
 *   - White space (bytes <= 0x20, DEL, and U+00A0) separates tokens and is
 *     never part of one.
 *   - Each of  ! " ' ( ) ; < = > ? [ ] { } `  and of ¡ ¿ « » ‘ ’ “ ” – — …
 *     is a token by itself (pyplexity splits , ; : . ( ) " < > = ' ` ? ! ¿ ¡;
 *     we add brackets and the typographic quotes and dashes of Web text).
 *   - ',' and ':' are tokens too, except between two digits ("1,000",
 *     "10:30"). A '.' inside a word (between two word characters: "3.14",
 *     "e.g", "www.example.org") stays in it; any other run of dots is one
 *     token ("." or "...").
 *   - Everything else (letters, digits, other code points, and - / & % $ # @
 *     + * _ ~ ^ | \) makes up words, as in pyplexity.
 *   - Case: ASCII capitals and the Latin-1 capitals U+00C0-U+00DE (except
 *     U+00D7, the multiplication sign) are folded to lower case; pyplexity
 *     folds ASCII and 13 of those. Other code points are left as they are.
 *   pyplexity's tokenizer also deletes the word after every ". " inside a
 *   sentence (its regex `\. [\w]*` replaces it by " . "), a bug we do not
 *   reproduce: it would drop the word after every abbreviation.
 *
 * Word keys. A token is looked up by a 64-bit key (FNV-1a over its folded
 * bytes, then a finaliser that spreads the bits), computed while folding:
 * the hot loop never builds a string. An n-gram's key combines its words'
 * keys in order. Keys are never 0, which lookup tables use for an empty
 * slot. Two different words share a key with probability 2^-64 per pair;
 * the model loader reports a collision between listed n-grams as a
 * duplicate.
 *
 * The sentence boundary. A sentence is padded in front with one boundary
 * word, spelt PERPLEXITY_BOUNDARY in model files. No token is ever spelt
 * that way, since '<' and '>' are always tokens of their own.
 *
 * Everything here is a pure function of its input; cursors belong to their
 * caller and point into the caller's text.
 */
#ifndef NC_PERPLEXITY_TEXT_H
#define NC_PERPLEXITY_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"
#include "method/method.h"

#define PERPLEXITY_BOUNDARY "<s>"

/* --- sentences -------------------------------------------------------------- */

struct perplexity_sentence_cursor {
	const char *text;
	size_t len, pos;
};

void perplexity_sentences_start(struct perplexity_sentence_cursor *cursor, const char *text,
				size_t len);

/* The next sentence as an offset and length into the text; 0 at the end. */
int perplexity_sentences_next(struct perplexity_sentence_cursor *cursor,
			      struct segment_piece *sentence);

/* --- tokens ------------------------------------------------------------------- */

struct perplexity_token_cursor {
	const char *pos, *end;
};

void perplexity_tokens_start(struct perplexity_token_cursor *cursor, const char *text,
			     size_t len);

/* The next token, its bytes as they stand in the text (not yet folded);
 * 0 at the end. Tokens are never empty. */
int perplexity_tokens_next(struct perplexity_token_cursor *cursor, const char **token,
			   size_t *len);

/* Append `token` with its case folded. */
void perplexity_token_fold(const char *token, size_t len, struct strbuf *out);

/* --- keys ---------------------------------------------------------------------- */

/* The key of `token`, of its folded bytes: "The" and "the" have one key.
 * Folding twice changes nothing, so the words of a model file (written
 * folded) get their key from this function too. */
uint64_t perplexity_token_key(const char *token, size_t len);

/* The key of the boundary word. */
uint64_t perplexity_boundary_key(void);

/* The key of an n-gram, from the key of its first k-1 words (or of its
 * first word) and the key of the next word: ngram(ngram(a, b), c) is the
 * key of "a b c". Order matters: ngram(a, b) != ngram(b, a). */
static inline uint64_t perplexity_ngram_key(uint64_t prefix, uint64_t word)
{
	/* A multiply-xorshift finaliser (splitmix64's) over an asymmetric mix
	 * of the two keys: rotating the prefix keeps "a b" from "b a". */
	uint64_t k = ((prefix << 23) | (prefix >> 41)) ^ (word * 0x9E3779B97F4A7C15ull);
	k ^= k >> 30;
	k *= 0xBF58476D1CE4E5B9ull;
	k ^= k >> 27;
	k *= 0x94D049BB133111EBull;
	k ^= k >> 31;
	return k ? k : 1;
}

#endif
