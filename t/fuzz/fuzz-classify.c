/* fuzz-classify.c: the compiled classifier on arbitrary text. The shipped
 * standard and non-lexical models score any bytes (valid UTF-8 or not) to
 * finite entropies, and the same text always gets the same score. */
#include "fuzz.h"
#include "classify.h"
#include "model.h"

#include <math.h>

static struct ngram_classifier *load(const char *name)
{
	struct ncleaner_model model;
	struct nc_error err;
	if (ncleaner_model_load(&model, fuzz_data_path("models", name), &err) < 0) {
		fprintf(stderr, "fuzz: %s\n", err.message);
		abort();
	}
	struct ngram_classifier *classifier = ngram_classifier_new(&model, 0, 0, &err);
	ncleaner_model_release(&model);
	if (!classifier)
		abort();
	return classifier;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ngram_classifier *classifiers[2];
	struct nc_error err;

	if (!classifiers[0]) {
		classifiers[0] = load("english.model");
		classifiers[1] = load("nonlex.model");
	}
	for (int i = 0; i < 2; i++) {
		struct ngram_score a, b;
		int ra = ngram_classifier_score(classifiers[i], (const char *)data, size, &a, &err);
		int rb = ngram_classifier_score(classifiers[i], (const char *)data, size, &b, &err);
		if (ra != rb)
			abort();
		if (ra == 0 && (!isfinite(a.h_clean) || !isfinite(a.h_dirty) ||
				a.h_clean != b.h_clean || a.h_dirty != b.h_dirty))
			abort();
	}
	return 0;
}
