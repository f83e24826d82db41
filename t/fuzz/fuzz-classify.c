/* fuzz-classify.c: the compiled classifier on arbitrary text. The shipped
 * standard and non-lexical models score any bytes (valid UTF-8 or not) to
 * finite entropies, and the same text always gets the same score. */
#include "fuzz.h"
#include "method/ncleaner-method.h"

#include <math.h>

static struct method_scorer *load(const char *name)
{
	struct nc_error err;
	struct method *method = ncleaner_method_load(fuzz_data_path("models", name), 0, 0, &err);
	if (!method) {
		fprintf(stderr, "fuzz: %s\n", err.message);
		abort();
	}
	return method_scorer_new(method);   /* the method lives as long as the harness */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct method_scorer *scorers[2];
	struct nc_error err;

	if (!scorers[0]) {
		scorers[0] = load("english.model");
		scorers[1] = load("nonlex.model");
	}
	struct segment segment = { .type = SEGMENT_PARAGRAPH, .text = (const char *)data, .len = size };
	for (int i = 0; i < 2; i++) {
		struct segment_score a, b;
		int ra = method_score(scorers[i], &segment, &a, &err);
		int rb = method_score(scorers[i], &segment, &b, &err);
		if (ra != rb)
			abort();
		if (ra == 0 && (!isfinite(a.cost_clean) || !isfinite(a.cost_dirty) ||
				a.cost_clean != b.cost_clean || a.cost_dirty != b.cost_dirty))
			abort();
	}
	return 0;
}
