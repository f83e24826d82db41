/* fuzz.h: what the fuzz harnesses share.
 *
 * Each harness defines LLVMFuzzerTestOneInput() for libFuzzer (`make fuzz`,
 * built with clang) and is also linked with replay.c into a plain program
 * that `make check` runs over the seed corpus in tests/fuzz/, so every input
 * that once crashed stays a regression test in every build.
 */
#ifndef NC_FUZZ_H
#define NC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>

#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Load a shipped rule file from the source tree once; abort if it is
 * missing, since then the harness would test nothing. */
static inline struct rule_set *fuzz_load_rules(const char *name, enum rule_set_flags flags)
{
	char path[4096];
	struct nc_error err;
	const char *dir = getenv("NCLEANER_DATA_DIR");
	snprintf(path, sizeof(path), "%s/regex/%s", dir && *dir ? dir : NC_SOURCE_DIR, name);
	struct rule_set *rules = rule_set_load(path, flags, &err);
	if (!rules) {
		fprintf(stderr, "fuzz: %s\n", err.message);
		abort();
	}
	return rules;
}

#endif
