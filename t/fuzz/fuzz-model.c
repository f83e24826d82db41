/* fuzz-model.c: the model-file loader; a model that loads is compiled into a
 * classifier that must score text to finite entropies. */
#include "fuzz.h"
#include "classify.h"
#include "model.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ncleaner_model model;
	struct nc_error err;
	static const char *const texts[] = {
		"The harbour was quiet that morning.", "Home | News | Contact",
		"Caf\xc3\xa9 \xe2\x82\xac 42 \xf0\x9f\x98\x80", "x",
	};

	if (ncleaner_model_parse(&model, "fuzz.model", (const char *)data, size, &err) < 0)
		return 0;
	struct ngram_classifier *classifier = ngram_classifier_new(&model, 0, 0, &err);
	ncleaner_model_release(&model);
	if (!classifier)
		return 0;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct ngram_score score;
		if (ngram_classifier_score(classifier, texts[i], strlen(texts[i]), &score, &err) == 0 &&
		    (!isfinite(score.h_clean) || !isfinite(score.h_dirty)))
			abort();
	}
	ngram_classifier_free(classifier);
	return 0;
}
