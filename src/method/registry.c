/* registry.c: the table of methods (see registry.h). */
#include "method/registry.h"
#include "method/ice.h"
#include "method/ncleaner-method.h"
#include "method/perplexity-method.h"
#include "render/html-blocks.h"

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

static struct method *load_ice_bl(const char *path, const struct method_settings *settings,
				  struct nc_error *err)
{
	(void)path, (void)settings, (void)err;
	return ice_bl_method_new();
}

static struct method *load_ice_hr(const char *path, const struct method_settings *settings,
				  struct nc_error *err)
{
	(void)path, (void)settings, (void)err;
	return ice_hr_method_new();
}

static struct method *load_ice_dt(const char *path, const struct method_settings *settings,
				  struct nc_error *err)
{
	(void)settings;
	return ice_dt_method_load(path, err);
}

static struct method *load_ice_lm(const char *path, const struct method_settings *settings,
				  struct nc_error *err)
{
	return ice_lm_method_load(path, settings->max_kl, err);
}

/* The renderer layouts the ICE methods read. */
static const struct html_blocks_config blocks = { HTML_BLOCKS };
static const struct html_blocks_config lines = { HTML_LINES };

/* Blocks as segments, as they are (no dump rules; a block starting "1. "
 * is text, since the renderer marks list items itself). */
#define ICE_BLOCKS { &html_blocks_renderer_class, &blocks, SEGMENT_NO_BULLETS, 1 }
#define ICE_LINES { &html_blocks_renderer_class, &lines, SEGMENT_LINES | SEGMENT_NO_BULLETS, 1 }

static const struct method_kind kinds[] = {
	{ .name = "ncleaner", .default_model = "english",
	  .summary = "character n-gram models of clean and dirty text (Evert 2008; the default)",
	  .settings = METHOD_SETTING_ORDER | METHOD_SETTING_Q, .load = load_ncleaner },
	{ .name = PERPLEXITY_METHOD_NAME, .default_model = "perplexity",
	  .summary = "a word n-gram model's perplexity of each sentence (pyplexity, 2022)",
	  .settings = METHOD_SETTING_MAX_PERPLEXITY, .load = load_perplexity },
	{ .name = ICE_BL_NAME, .default_model = NULL,
	  .summary = "ICE baseline: every HTML block as a paragraph (Hofmann & Weerkamp 2007)",
	  .load = load_ice_bl, .input = ICE_BLOCKS },
	{ .name = ICE_HR_NAME, .default_model = NULL,
	  .summary = "ICE heuristics: long lines and the titles before them",
	  .load = load_ice_hr, .input = ICE_LINES },
	{ .name = ICE_DT_NAME, .default_model = "ice-dt",
	  .summary = "ICE decision tree over HTML blocks (C4.5)",
	  .load = load_ice_dt, .input = ICE_BLOCKS },
	{ .name = ICE_LM_NAME, .default_model = "ice-lm",
	  .summary = "ICE language models: blocks close to the title, headings, keywords",
	  .settings = METHOD_SETTING_MAX_KL, .load = load_ice_lm, .input = ICE_BLOCKS },
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
			  const char *const option_names[METHOD_SETTINGS], struct nc_error *err)
{
	const int given[METHOD_SETTINGS] = { settings->order != 0, settings->q != 0,
					     settings->max_perplexity != 0, settings->max_kl != 0 };
	for (int bit = 0; bit < METHOD_SETTINGS; bit++)
		if (given[bit] && !(kind->settings & (1u << bit)))
			return nc_error_set(err, NC_ERR_USAGE, "%s does not apply to the %s method",
					    option_names[bit], kind->name);
	return 0;
}
