/* registry.h: the methods ncleaner knows, by name.
 *
 * A front end chooses a method by its name (--method NAME), and a model
 * file names the method it was built for (model-file.h): this table joins
 * the two. Each entry says how to load the method from a model file and
 * which shipped model it takes when none is named. Settings that only some
 * methods have travel in one struct; each loader reads its own fields and
 * ignores the rest, and method_settings_check() tells a front end which
 * given settings the chosen method would ignore, so that it can refuse them
 * rather than silently drop them.
 *
 * Adding a method: write its loader (method.h), add an entry to the table
 * in registry.c, document it in ncleaner(1).
 */
#ifndef NC_METHOD_REGISTRY_H
#define NC_METHOD_REGISTRY_H

#include "base/error.h"
#include "method/method.h"

#define METHOD_DEFAULT "ncleaner"

/* Settings of the methods; 0 (or less) means "the model's own". */
struct method_settings {
	int order;               /* ncleaner: use n-grams up to this order */
	double q;                /* ncleaner: interpolation parameter */
	double max_perplexity;   /* perplexity: the cut-off */
};

/* Bits of method_settings, for method_kind.settings. */
enum {
	METHOD_SETTING_ORDER = 1,
	METHOD_SETTING_Q = 2,
	METHOD_SETTING_MAX_PERPLEXITY = 4
};

struct method_kind {
	const char *name;           /* --method NAME; a model file's method line */
	const char *default_model;  /* the shipped model used when none is named */
	const char *summary;        /* one line for --help */
	unsigned settings;          /* the METHOD_SETTING_ bits it reads */
	struct method *(*load)(const char *model_path, const struct method_settings *settings,
			       struct nc_error *err);
};

/* The entry named `name`, or NULL. */
const struct method_kind *method_kind_find(const char *name);

/* The table, in the order --help lists it. */
const struct method_kind *method_kinds(size_t *count);

/* NC_ERR_USAGE naming the first setting given (non-zero) in `settings`
 * that `kind` does not read. `option_names` are the front end's names for
 * the bits, in bit order (e.g. "-n", "-q", "--max-perplexity"). */
int method_settings_check(const struct method_kind *kind, const struct method_settings *settings,
			  const char *const option_names[3], struct nc_error *err);

#endif
