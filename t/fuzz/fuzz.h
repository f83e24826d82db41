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

#include "base/install-dirs.h"
#include "base/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The path of a shipped data file (e.g. "regex", "html.rules"): under
 * $NCLEANER_DATA_DIR, else the source tree. */
static inline const char *fuzz_data_path(const char *subdir, const char *name)
{
	static char path[4096];
	const char *dir = getenv("NCLEANER_DATA_DIR");
	snprintf(path, sizeof(path), "%s/%s/%s", dir && *dir ? dir : NC_SOURCE_DIR, subdir, name);
	return path;
}

/* The harness's own rule workspace (harnesses run single-threaded). */
static inline struct rule_workspace *fuzz_workspace(void)
{
	static struct rule_workspace *ws;
	if (!ws)
		ws = rule_workspace_new();
	return ws;
}

/* Load a shipped rule file once; abort if it is missing, since then the
 * harness would test nothing. */
static inline struct rule_set *fuzz_load_rules(const char *name, enum rule_set_flags flags)
{
	struct nc_error err;
	struct rule_set *rules = rule_set_load(fuzz_data_path("regex", name), flags, &err);
	if (!rules) {
		fprintf(stderr, "fuzz: %s\n", err.message);
		abort();
	}
	return rules;
}

#endif
