/* fuzz-perplexity.c: the perplexity model loader; a model that loads is
 * made a method whose pieces must lie inside their segment and whose
 * costs must be finite. */
#include "fuzz.h"
#include "method/perplexity-method.h"
#include "method/perplexity-model.h"

#include <math.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perplexity_model model;
	struct nc_error err;
	static const char *const texts[] = {
		"The cat sat. The cat ran.", "Home | News | Contact", "Dr. Who? \xc2\xa1S\xc3\xad!",
		"Caf\xc3\xa9 \xe2\x80\x9cquoted\xe2\x80\x9d \xe2\x82\xac 42 \xf0\x9f\x98\x80", "x", "",
	};

	if (perplexity_model_parse(&model, "fuzz.model", (const char *)data, size, &err) < 0)
		return 0;
	struct method *method = perplexity_method_new(&model, 0, &err);
	if (!method)
		return 0;
	struct method_scorer *scorer = method_scorer_new(method);
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct segment segment = { .type = SEGMENT_PARAGRAPH, .text = texts[i],
					   .len = strlen(texts[i]) };
		const struct segment_piece *pieces;
		struct segment_piece whole;
		size_t n = method_split(scorer, &segment, &pieces, &whole);
		for (size_t j = 0; j < n; j++) {
			struct segment piece = { .type = segment.type,
						 .text = segment.text + pieces[j].offset,
						 .len = pieces[j].len };
			struct segment_score score;
			if (pieces[j].offset + pieces[j].len > segment.len || pieces[j].len == 0)
				abort();
			if (method_score(scorer, &piece, &score, &err) == 0 &&
			    (!isfinite(score.cost_clean) || !isfinite(score.cost_dirty)))
				abort();
		}
	}
	method_scorer_free(scorer);
	method_free(method);
	return 0;
}
