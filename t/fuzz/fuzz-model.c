/* fuzz-model.c: the model-file loaders; an ncleaner model that loads is
 * compiled into a classifier that must score text to finite entropies, and
 * a logistic model that loads must give finite log-odds for any features
 * (each at most about SEGMENT_MAX_BYTES in size: base/limits.h). */
#include "fuzz.h"
#include "base/limits.h"
#include "method/logistic.h"
#include "method/ncleaner-method.h"
#include "method/ncleaner-model.h"

#include <string.h>

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ncleaner_model model;
	struct nc_error err;
	static const char *const texts[] = {
		"The harbour was quiet that morning.", "Home | News | Contact",
		"Caf\xc3\xa9 \xe2\x82\xac 42 \xf0\x9f\x98\x80", "x",
	};

	struct logistic_model logistic;
	if (logistic_model_parse(&logistic, "fuzz.model", (const char *)data, size, &err) == 0) {
		double largest[2] = { fabs(logistic.bias), fabs(logistic.plain_bias) };
		for (int k = 0; k < LOGISTIC_FEATURES; k++) {
			largest[0] += SEGMENT_MAX_BYTES * fabs(logistic.weights[k]);
			largest[1] += SEGMENT_MAX_BYTES * fabs(logistic.plain_weights[k]);
		}
		logistic_model_release(&logistic);
		if (!isfinite(largest[0]) || !isfinite(largest[1]))
			abort();
		return 0;
	}
	if (ncleaner_model_parse(&model, "fuzz.model", (const char *)data, size, &err) < 0)
		return 0;
	struct method *method = ncleaner_method_new(&model, 0, 0, &err);
	ncleaner_model_release(&model);
	if (!method)
		return 0;
	struct method_scorer *scorer = method_scorer_new(method);
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct segment segment = { .type = SEGMENT_PARAGRAPH, .text = texts[i],
					   .len = strlen(texts[i]) };
		struct segment_score score;
		if (method_score(scorer, &segment, &score, &err) == 0 &&
		    (!isfinite(score.cost_clean) || !isfinite(score.cost_dirty)))
			abort();
	}
	method_scorer_free(scorer);
	method_free(method);
	return 0;
}
