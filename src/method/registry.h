/* registry.h: the methods ncleaner knows, by name.
 *
 * A front end chooses a method by its name (--method NAME), and a model
 * file names the method it was built for (model-file.h): this table joins
 * the two. Each entry says how to load the method from a model file and
 * which shipped model it takes when none is named (none for methods that
 * need no model). Settings that only some methods have travel in one
 * struct; each loader reads its own fields and ignores the rest, and
 * method_settings_check() tells a front end which given settings the chosen
 * method would ignore, so that it can refuse them rather than silently drop
 * them.
 *
 * What a method needs upstream. Most methods score whatever segments the
 * default stages make (the Lynx dump, the boilerplate rules, paragraphs).
 * The ICE methods read the page's structure: their entry names the renderer
 * (render/html-blocks.h, with its layout), the segmenter flags and whether
 * the dump rules apply (struct method_input), and a front end builds the
 * pipeline with those, so data still flows one way.
 *
 * Adding a method: write its loader (method.h), add an entry to the table
 * in registry.c, document it in ncleaner(1).
 */
#ifndef NC_METHOD_REGISTRY_H
#define NC_METHOD_REGISTRY_H

#include "base/error.h"
#include "method/method.h"
#include "render/renderer.h"
#include "segment/segment.h"

#define METHOD_DEFAULT "ncleaner"

/* Settings of the methods; 0 (or less) means "the model's own". */
struct method_settings {
	int order;               /* ncleaner: use n-grams up to this order */
	double q;                /* ncleaner: interpolation parameter */
	double max_perplexity;   /* perplexity: the cut-off */
	double max_kl;           /* ice-lm: the threshold, bits */
};

/* Bits of method_settings, for method_kind.settings. */
enum {
	METHOD_SETTING_ORDER = 1,
	METHOD_SETTING_Q = 2,
	METHOD_SETTING_MAX_PERPLEXITY = 4,
	METHOD_SETTING_MAX_KL = 8
};
#define METHOD_SETTINGS 4

/* What a method needs of the stages before it; all 0: the defaults. */
struct method_input {
	const struct renderer_class *renderer;   /* NULL: the front end's (Lynx) */
	const void *renderer_config;
	enum segmenter_flags segment_flags;      /* added to the front end's */
	int no_dump_rules;                       /* the dump rules do not apply */
};

struct method_kind {
	const char *name;           /* --method NAME; a model file's method line */
	const char *default_model;  /* the shipped model used when none is named;
				       NULL: the method takes no model */
	const char *summary;        /* one line for --help */
	unsigned settings;          /* the METHOD_SETTING_ bits it reads */
	/* `model_path` is NULL for a method without a model. */
	struct method *(*load)(const char *model_path, const struct method_settings *settings,
			       struct nc_error *err);
	struct method_input input;
};

/* The entry named `name`, or NULL. */
const struct method_kind *method_kind_find(const char *name);

/* The table, in the order --help lists it. */
const struct method_kind *method_kinds(size_t *count);

/* NC_ERR_USAGE naming the first setting given in `settings` that `kind`
 * does not read. `option_names` are the front end's names for the bits, in
 * bit order (e.g. "-n", "-q", "--max-perplexity", "--max-kl"). */
int method_settings_check(const struct method_kind *kind, const struct method_settings *settings,
			  const char *const option_names[METHOD_SETTINGS], struct nc_error *err);

#endif
