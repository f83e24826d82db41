/* fuzz-score.c: the scorer's normalisation, tokenizer and aligner.
 *
 * The first byte chooses the flags; the rest is split at the first NUL into
 * system and gold text (no NUL: the two halves). The counts must add up:
 * every system token is a TP or an FP, every gold token a TP or an FN. */
#include "fuzz.h"
#include "eval/score.h"

#include <string.h>

static long count_tokens(const char *text, size_t len, enum score_flags flags)
{
	struct strbuf norm = STRBUF_INIT;
	long tokens = 1;
	score_normalise(text, len, flags, &norm);
	/* Tokens are separated by runs of spaces (the only whitespace left). */
	for (size_t i = 0; i < norm.len; i++)
		tokens += norm.buf[i] == ' ' && (i == 0 || norm.buf[i - 1] != ' ');
	strbuf_release(&norm);
	return tokens;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	enum score_flags flags = data[0] & (SCORE_ASCII | SCORE_UNLABELLED);
	const char *text = (const char *)data + 1;
	size--;
	const char *nul = memchr(text, '\0', size);
	size_t system_len = nul ? (size_t)(nul - text) : size / 2;
	const char *gold = text + system_len + (nul ? 1 : 0);
	size_t gold_len = size - (size_t)(gold - text);

	struct score_counts counts = { 0 };
	struct strbuf alignment = STRBUF_INIT;
	score_texts(text, system_len, gold, gold_len, flags, &counts, &alignment);
	if (counts.tp + counts.fp != count_tokens(text, system_len, flags) ||
	    counts.tp + counts.fn != count_tokens(gold, gold_len, flags))
		abort();
	strbuf_release(&alignment);
	return 0;
}
