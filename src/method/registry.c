/* registry.c: the table of methods (see registry.h). */
#include "method/registry.h"
#include "method/ncleaner-method.h"
#include "method/perplexity-method.h"

#include <string.h>

static struct method *load_ncleaner(const char *path, const struct method_settings *settings,
				    struct nc_error *err)
{
	return ncleaner_method_load(path, settings->order, settings->q, err);
}

static struct method *load_perplexity(const char *path, const struct method_settings *settings,
				      struct nc_error *err)
{
	return perplexity_method_load(path, settings->max_perplexity, err);
}

static const struct method_kind kinds[] = {
	{ "ncleaner", "english",
	  "character n-gram models of clean and dirty text (Evert 2008; the default)",
	  METHOD_SETTING_ORDER | METHOD_SETTING_Q, load_ncleaner },
	{ PERPLEXITY_METHOD_NAME, "perplexity",
	  "a word n-gram model's perplexity of each sentence (pyplexity, 2022)",
	  METHOD_SETTING_MAX_PERPLEXITY, load_perplexity },
};

const struct method_kind *method_kind_find(const char *name)
{
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(kinds[i].name, name))
			return &kinds[i];
	return NULL;
}

const struct method_kind *method_kinds(size_t *count)
{
	*count = sizeof(kinds) / sizeof(kinds[0]);
	return kinds;
}

int method_settings_check(const struct method_kind *kind, const struct method_settings *settings,
			  const char *const option_names[3], struct nc_error *err)
{
	const int given[3] = { settings->order != 0, settings->q != 0,
			       settings->max_perplexity != 0 };
	for (int bit = 0; bit < 3; bit++)
		if (given[bit] && !(kind->settings & (1u << bit)))
			return nc_error_set(err, NC_ERR_USAGE, "%s does not apply to the %s method",
					    option_names[bit], kind->name);
	return 0;
}
