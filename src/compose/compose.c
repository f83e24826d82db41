/* compose.c: the option list, the three tables, and how a choice becomes a
 * pipeline (see compose.h). */
#include "compose/compose.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/json.h"
#include "base/sha1.h"
#include "method/ice.h"
#include "method/logistic.h"
#include "method/model-file.h"
#include "method/ncleaner-method.h"
#include "method/ngram.h"
#include "method/perplexity-method.h"
#include "render/builtin.h"
#include "render/html-blocks.h"
#include "render/lynx.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* --- the options, each declared once ----------------------------------------------- */

#define AT(field) offsetof(struct compose_values, field)

static const struct compose_option options[COMPOSE_OPTIONS] = {
	[OPTION_RENDERER] = { "renderer", 0, "NAME", "how pages become text (default: the\n"
			      "method's; see --help-renderers)", COMPOSE_STRING, .offset = AT(renderer) },
	[OPTION_METHOD] = { "method", 0, "NAME", "how segments are scored (default: the model\n"
			    "file's method, else logistic; see --help-methods)",
			    COMPOSE_STRING, .offset = AT(method) },
	[OPTION_DECIDER] = { "decider", 0, "NAME[,NAME...]", "which segments are kept, in turn\n"
			     "(default: the method's; logistic's:\n"
			     "threshold,fallback; see --help-deciders)",
			     COMPOSE_STRING, .offset = AT(decider) },
	[OPTION_MODEL] = { "model", 'm', "NAME|PATH", "the model (default: the method's shipped\n"
			   "model: logistic; english for ncleaner)", COMPOSE_STRING,
			   .offset = AT(model) },
	[OPTION_NONLEX] = { "nonlex", 0, NULL, "use the non-lexical model (same as -m nonlex)",
			    COMPOSE_FLAG, .offset = AT(nonlex) },
	[OPTION_DATA_DIR] = { "data-dir", 0, "DIR", "where regex/ and models/ are (or\n"
			      "$NCLEANER_DATA_DIR)", COMPOSE_STRING, .offset = AT(data_dir) },
	[OPTION_LYNX] = { "lynx", 0, "PROGRAM", "lynx: the Lynx to run (default: lynx, or\n"
			  "$NCLEANER_LYNX)", COMPOSE_STRING, .offset = AT(lynx) },
	[OPTION_TIMEOUT] = { "timeout", 0, "SECONDS", "give up a page after this long (default 10;\n"
			     "0: no limit)", COMPOSE_NUMBER, RANGE_MIN, 0, 0, AT(timeout) },
	[OPTION_ORDER] = { NULL, 'n', "N", "ncleaner: use n-grams up to N (at most the model's\n"
			   "order)", COMPOSE_LONG, RANGE_MIN, 1, NGRAM_MAX_ORDER, AT(order) },
	[OPTION_Q] = { NULL, 'q', "Q", "ncleaner: interpolation parameter, 0 < Q <= 1",
		       COMPOSE_NUMBER, RANGE_ABOVE_MIN_TO_MAX, 0, 1, AT(q) },
	[OPTION_MAX_PERPLEXITY] = { "max-perplexity", 0, "P", "perplexity: drop sentences above P\n"
				    "(default: the model's)", COMPOSE_NUMBER, RANGE_MIN, 1, 0,
				    AT(max_perplexity) },
	[OPTION_MAX_KL] = { "max-kl", 0, "BITS", "ice-lm: drop blocks whose KL divergence from\n"
			    "the page's query model is above BITS (default: the model's)",
			    COMPOSE_NUMBER, RANGE_ABOVE_MIN, 0, 0, AT(max_kl) },
	[OPTION_BIAS] = { "bias", 'b', "BITS", "threshold: added to the clean cost before\n"
			  "comparing; > 0 keeps less (default: the model's)",
			  COMPOSE_NUMBER, RANGE_ANY, 0, 0, AT(bias) },
	[OPTION_PRECISION] = { "precision", 0, NULL, "threshold: keep less, more surely clean\n"
			       "(the bias with the best F0.5; logistic, ncleaner)", COMPOSE_FLAG,
			       .offset = AT(precision) },
	[OPTION_RECALL] = { "recall", 0, NULL, "threshold: keep more, some boilerplate with it\n"
			    "(the bias with the best F2; logistic, ncleaner)", COMPOSE_FLAG,
			    .offset = AT(recall) },
	[OPTION_NO_STRUCTURE] = { "no-structure", 0, NULL, "do not carry the page's structure\n"
				  "(links, nav, footer ...) into the dump, so\n"
				  "segments have no link density or cues\n"
				  "(--paper never carries it)", COMPOSE_FLAG,
				  .offset = AT(no_structure) },
	[OPTION_SWITCH_COST] = { "switch-cost", 0, "BITS", "viterbi: what a change between text\n"
				 "and boilerplate costs (default: the\n"
				 "method's, measured)",
				 COMPOSE_NUMBER, RANGE_MIN, 0, 0, AT(switch_cost) },
	[OPTION_ARTICLE] = { "article", 0, NULL, "only the page's main article, not all its\n"
			     "running text (the logistic method's article\n"
			     "model, then the article decider)", COMPOSE_FLAG,
			     .offset = AT(article) },
};

const struct compose_option *compose_options(size_t *count)
{
	*count = COMPOSE_OPTIONS;
	return options;
}

void compose_values_init(struct compose_values *values)
{
	const char *lynx = getenv("NCLEANER_LYNX");
	memset(values, 0, sizeof(*values));
	values->lynx = lynx && *lynx ? lynx : "lynx";
	values->timeout = COMPOSE_DEFAULT_TIMEOUT;
}

int compose_read(struct compose_values *values, int id, const char *text, struct nc_error *err)
{
	if (compose_option_read(&options[id], values, text, err) < 0)
		return -1;
	values->given |= 1ul << id;
	return 0;
}

static int given(const struct compose_values *values, int id)
{
	return (values->given >> id) & 1;
}

/* --- renderers --------------------------------------------------------------------- */

static void *configure_lynx(const struct compose_values *values, struct nc_error *err)
{
	(void)err;
	struct lynx_config *config = xcalloc(1, sizeof(*config));
	config->program = values->lynx;
	config->timeout_seconds = values->timeout;
	return config;
}

static void *configure_layout(enum html_blocks_layout layout, double timeout)
{
	struct html_blocks_config *config = xcalloc(1, sizeof(*config));
	config->layout = layout;
	config->timeout_seconds = timeout;
	return config;
}

static void *configure_blocks(const struct compose_values *values, struct nc_error *err)
{
	(void)err;
	return configure_layout(HTML_BLOCKS, values->timeout);
}

static void *configure_lines(const struct compose_values *values, struct nc_error *err)
{
	(void)err;
	return configure_layout(HTML_LINES, values->timeout);
}

static void *configure_builtin(const struct compose_values *values, struct nc_error *err)
{
	(void)err;
	struct builtin_config *config = xcalloc(1, sizeof(*config));
	config->timeout_seconds = values->timeout;
	return config;
}

static const int lynx_options[] = { OPTION_LYNX, OPTION_TIMEOUT, -1 };
static const int in_process_options[] = { OPTION_TIMEOUT, -1 };
static const int no_options[] = { -1 };

static const struct renderer_entry renderers[] = {
	{ "lynx", "lynx -dump, one process a page (the default; the paper's)", LAYOUT_DUMP,
	  &lynx_renderer_class, lynx_options, configure_lynx, NULL, 0.27 },
	{ "builtin", "the dump Lynx would write, in process (libxml2)", LAYOUT_DUMP,
	  &builtin_renderer_class, in_process_options, configure_builtin, "lynx", 0.87 },
	{ "blocks", "each HTML block on a line, in process (libxml2; the ICE methods)",
	  LAYOUT_BLOCKS, &html_blocks_renderer_class, in_process_options, configure_blocks, NULL,
	  0.24 },
	{ "lines", "the page's text lines, tags removed, in process (ice-hr)", LAYOUT_LINES,
	  &html_blocks_renderer_class, in_process_options, configure_lines, NULL, 0.35 },
};

/* --- methods ----------------------------------------------------------------------- */

static struct method *load_ncleaner(const char *path, const struct compose_values *values,
				    struct nc_error *err)
{
	return ncleaner_method_load(path, (int)values->order, values->q, err);
}

static struct method *load_perplexity(const char *path, const struct compose_values *values,
				      struct nc_error *err)
{
	return perplexity_method_load(path, values->max_perplexity, err);
}

static struct method *load_ice_bl(const char *path, const struct compose_values *values,
				  struct nc_error *err)
{
	(void)path, (void)values, (void)err;
	return ice_bl_method_new();
}

static struct method *load_ice_hr(const char *path, const struct compose_values *values,
				  struct nc_error *err)
{
	(void)path, (void)values, (void)err;
	return ice_hr_method_new();
}

static struct method *load_ice_dt(const char *path, const struct compose_values *values,
				  struct nc_error *err)
{
	(void)values;
	return ice_dt_method_load(path, err);
}

static struct method *load_logistic(const char *path, const struct compose_values *values,
				    struct nc_error *err)
{
	return logistic_method_load(path, values->data_dir, err);
}

static struct method *load_ice_lm(const char *path, const struct compose_values *values,
				  struct nc_error *err)
{
	return ice_lm_method_load(path, values->max_kl, err);
}

static const int ncleaner_options[] = { OPTION_ORDER, OPTION_Q, -1 };
static const int perplexity_options[] = { OPTION_MAX_PERPLEXITY, -1 };
static const int ice_lm_options[] = { OPTION_MAX_KL, -1 };

/* Chosen by make bias-curve: 10-fold cross-validation of the standard
 * model on both development sets (the biases of F0.5 and F2 over all their
 * pages; ncleaner(1) BIAS AND PRESETS has the curve and the figures). The
 * switch cost: the best word F over both sets' pages of 0, 16, 24, 32, 40
 * and 48 bits (SWITCH_COST=S make compare-methods METHODS=ncleaner-viterbi;
 * ncleaner(1) DECIDERS). */
static const struct decider_presets ncleaner_presets = {
	.precision = 0.1, .recall = -0.2, .switch_cost = 32
};

/* Offsets from the model's own bias (0.1 above its best F on its training
 * pages): the best F0.5 and F2 of the three development sets' precision and
 * recall, each set's cross-validated with the shipped recipe and the three
 * averaged (scripts/cross-validate.sh with CLEAN_ARGS="-b B" over the same
 * fold models, B in steps of 0.5 from -4 to 3; ncleaner(1) BIAS AND
 * PRESETS). The switch cost was measured for an earlier model (of 0, 0.25,
 * 0.5 and 1: the neighbour features leave the sequence little to add). */
static const struct decider_presets logistic_presets = {
	.precision = 2.5, .recall = -1.5, .switch_cost = 0.25
};

static const struct method_entry methods[] = {
	{ NCLEANER_METHOD_NAME, "character n-gram models of clean and dirty text (Evert 2008; "
	  "the paper's)", "english", LAYOUT_DUMP, ncleaner_options, load_ncleaner,
	  &ncleaner_presets, NULL, &ncleaner_trainer },
	{ PERPLEXITY_METHOD_NAME, "a word n-gram model's perplexity of each sentence "
	  "(pyplexity, 2022)", "perplexity", LAYOUT_DUMP, perplexity_options, load_perplexity,
	  NULL, NULL, &perplexity_trainer },
	{ ICE_BL_NAME, "ICE baseline: every HTML block as a paragraph (Hofmann & Weerkamp 2007)",
	  NULL, LAYOUT_BLOCKS, no_options, load_ice_bl, NULL, NULL, NULL },
	{ ICE_HR_NAME, "ICE heuristics: long lines and the titles before them", NULL,
	  LAYOUT_LINES, no_options, load_ice_hr, NULL, NULL, NULL },
	{ ICE_DT_NAME, "ICE decision tree over HTML blocks (C4.5)", "ice-dt", LAYOUT_BLOCKS,
	  no_options, load_ice_dt, NULL, NULL, &ice_trainer },
	{ ICE_LM_NAME, "ICE language models: blocks close to the title, headings, keywords",
	  "ice-lm", LAYOUT_BLOCKS, ice_lm_options, load_ice_lm, NULL, NULL, &ice_trainer },
	{ LOGISTIC_METHOD_NAME, "a logistic regression over each segment's text, place in the "
	  "page's structure (links, nav, footer ...), neighbours and character models' ratio "
	  "(the default)", "logistic",
	  LAYOUT_DUMP,
	  no_options, load_logistic, &logistic_presets, "threshold,fallback",
	  &logistic_trainer },
};

/* --- deciders ---------------------------------------------------------------------- */

/* The threshold's bias: -b, else the model's moved by a preset. */
static int chosen_bias(const struct compose_values *values, const struct method_entry *entry,
		       const struct method *method, double *bias, struct nc_error *err)
{
	int presets = values->precision + values->recall;

	*bias = method->default_bias;
	if (presets && (presets > 1 || given(values, OPTION_BIAS)))
		return nc_error_set(err, NC_ERR_USAGE, "--precision, --recall and -b each set the "
				    "bias: give one");
	if (presets && !entry->presets)
		return nc_error_set(err, NC_ERR_USAGE, "--%s: the %s method has no presets (none "
				    "are measured for its costs); give -b", values->precision
				    ? "precision" : "recall", entry->name);
	if (given(values, OPTION_BIAS))
		*bias = values->bias;
	else if (values->precision)
		*bias += entry->presets->precision;
	else if (values->recall)
		*bias += entry->presets->recall;
	return 0;
}

static struct decider *create_threshold(const struct compose_values *values,
					const struct method_entry *entry, const struct method *method,
					struct nc_error *err)
{
	double bias;
	return chosen_bias(values, entry, method, &bias, err) < 0 ? NULL
	       : threshold_decider_new(bias);
}

/* The article's stretch is weighed at the threshold's bias; a model that
 * learnt the stacked decision has it used. */
static struct decider *create_article(const struct compose_values *values,
				      const struct method_entry *entry, const struct method *method,
				      struct nc_error *err)
{
	double bias;
	return chosen_bias(values, entry, method, &bias, err) < 0 ? NULL
	       : article_decider_new(bias, method ? method->article_stack : NULL);
}

/* The viterbi decider's switch cost: the method's measured one (see
 * decider_presets: make viterbi-cv), unless --switch-cost says. */
static struct decider *create_viterbi(const struct compose_values *values,
				      const struct method_entry *entry, const struct method *method,
				      struct nc_error *err)
{
	double bias, cost = entry->presets ? entry->presets->switch_cost : 0;
	if (chosen_bias(values, entry, method, &bias, err) < 0)
		return NULL;
	if (given(values, OPTION_SWITCH_COST))
		cost = values->switch_cost;
	else if (cost <= 0) {
		nc_error_set(err, NC_ERR_USAGE, "--decider viterbi: no switch cost is measured for "
			     "the %s method's costs; give --switch-cost", entry->name);
		return NULL;
	}
	return viterbi_decider_new(bias, cost);
}

static struct decider *create_fallback(const struct compose_values *values,
				       const struct method_entry *entry, const struct method *method,
				       struct nc_error *err)
{
	(void)values, (void)entry, (void)method, (void)err;
	return fallback_decider_new();
}

static const int threshold_options[] = { OPTION_BIAS, OPTION_PRECISION, OPTION_RECALL, -1 };
static const int viterbi_options[] = { OPTION_BIAS, OPTION_PRECISION, OPTION_RECALL,
				       OPTION_SWITCH_COST, -1 };

static const struct decider_entry deciders[] = {
	{ "threshold", "keep a segment whose clean cost (plus the bias) is at most its dirty "
	  "cost (the paper's)", threshold_options, create_threshold },
	{ "viterbi", "the page's most likely sequence of text and boilerplate: the threshold "
	  "with a cost for each change", viterbi_options, create_viterbi },
	{ "article", "after another decider: only what it kept in the page's main stretch of "
	  "text (the article; --article)", threshold_options, create_article },
	{ "fallback", "after the others: a page with several paragraphs of prose that keeps "
	  "nothing is decided again on its own scale (the default's last)",
	  no_options, create_fallback },
};

/* --- looking up -------------------------------------------------------------------- */

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const struct renderer_entry *compose_renderers(size_t *count)
{
	*count = COUNT(renderers);
	return renderers;
}

const struct method_entry *compose_methods(size_t *count)
{
	*count = COUNT(methods);
	return methods;
}

const struct decider_entry *compose_deciders(size_t *count)
{
	*count = COUNT(deciders);
	return deciders;
}

const struct renderer_entry *compose_find_renderer(const char *name)
{
	for (size_t i = 0; i < COUNT(renderers); i++)
		if (!strcmp(renderers[i].name, name))
			return &renderers[i];
	return NULL;
}

const struct method_entry *compose_find_method(const char *name)
{
	for (size_t i = 0; i < COUNT(methods); i++)
		if (!strcmp(methods[i].name, name))
			return &methods[i];
	return NULL;
}

const struct decider_entry *compose_find_decider(const char *name)
{
	for (size_t i = 0; i < COUNT(deciders); i++)
		if (!strcmp(deciders[i].name, name))
			return &deciders[i];
	return NULL;
}

static const char *layout_name(enum layout layout)
{
	switch (layout) {
	case LAYOUT_DUMP: return "dump";
	case LAYOUT_BLOCKS: return "blocks";
	case LAYOUT_LINES: return "lines";
	}
	return "?";
}

static void print_options(FILE *out, const int *ids)
{
	char label[COMPOSE_LABEL_SIZE];
	if (ids[0] < 0)
		return;
	fputs(" (", out);
	for (const int *id = ids; *id >= 0; id++)
		fprintf(out, "%s%s", id == ids ? "" : ", ", compose_option_label(&options[*id], label));
	fputc(')', out);
}

void compose_print_table(FILE *out, const char *which)
{
	if (!strcmp(which, "renderers")) {
		fprintf(out, "Renderers (--renderer NAME; the layout written, the options read):\n");
		for (size_t i = 0; i < COUNT(renderers); i++) {
			fprintf(out, "  %-10s %s; writes %s", renderers[i].name,
				renderers[i].summary, layout_name(renderers[i].layout));
			print_options(out, renderers[i].options);
			fputc('\n', out);
		}
	} else if (!strcmp(which, "methods")) {
		fprintf(out, "Methods (--method NAME; the default model in brackets, the layout "
			"read, the options read):\n");
		for (size_t i = 0; i < COUNT(methods); i++) {
			fprintf(out, "  %-12s %s [%s] reads %s", methods[i].name, methods[i].summary,
				methods[i].default_model ? methods[i].default_model : "no model",
				layout_name(methods[i].needs));
			print_options(out, methods[i].options);
			fputc('\n', out);
		}
	} else {
		fprintf(out, "Deciders (--decider NAME[,NAME...], run in turn; the options read):\n");
		for (size_t i = 0; i < COUNT(deciders); i++) {
			fprintf(out, "  %-10s %s", deciders[i].name, deciders[i].summary);
			print_options(out, deciders[i].options);
			fputc('\n', out);
		}
	}
}

/* --- a composition ------------------------------------------------------------------ */

void composition_init(struct composition *c)
{
	memset(c, 0, sizeof(*c));
	strbuf_init(&c->html_rules);
	strbuf_init(&c->dump_rules);
	strbuf_init(&c->warnings);
}

void composition_release(struct composition *c)
{
	decider_free(c->decider);
	if (!c->method_borrowed)
		method_free(c->loaded);
	free(c->renderer_config);
	free(c->model_path);
	strbuf_release(&c->html_rules);
	strbuf_release(&c->dump_rules);
	strbuf_release(&c->warnings);
	memset(c, 0, sizeof(*c));
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcasecmp(s + n - m, suffix);
}

char *compose_model_path(const char *data_dir, const char *name_or_path)
{
	struct strbuf path = STRBUF_INIT;

	if (strchr(name_or_path, '/') || ends_with(name_or_path, ".model"))
		strbuf_addstr(&path, name_or_path);
	else
		strbuf_addf(&path, "%s/models/%s.model", data_dir, name_or_path);
	return strbuf_detach(&path, NULL);
}

/* The 2008 configuration --paper names; when defaults change, it must not. */
#define PAPER_RENDERER "lynx"
#define PAPER_METHOD NCLEANER_METHOD_NAME
#define PAPER_MODEL "english"
#define PAPER_DECIDER "threshold"

/* Without --method or a model file: the method cross-validation found
 * best on both development sets (issue 20). */
#define DEFAULT_METHOD LOGISTIC_METHOD_NAME

/* What --article chooses where nothing else is said. */
#define ARTICLE_METHOD LOGISTIC_METHOD_NAME
#define ARTICLE_MODEL "article"
#define ARTICLE_DECIDER "article"
#define FALLBACK_DECIDER "fallback"

/* An error reading a shipped file says where they are looked for. */
static int add_data_dir_hint(const char *path, const struct compose_values *values,
			     struct nc_error *err)
{
	if (err->code == NC_ERR_IO && path && values->data_dir &&
	    !strncmp(path, values->data_dir, strlen(values->data_dir))) {
		char message[sizeof(err->message)];
		memcpy(message, err->message, sizeof(message));
		nc_error_set(err, NC_ERR_IO, "%s (the rules and models are looked for in the data "
			     "directory: name it with --data-dir or $NCLEANER_DATA_DIR)", message);
	}
	return -1;
}

static int choose_method(struct composition *c, const struct compose_values *values,
			 struct nc_error *err)
{
	const char *model = values->model ? values->model : values->nonlex ? "nonlex"
			    : values->paper ? PAPER_MODEL : NULL;

	if (values->paper && values->article)
		return nc_error_set(err, NC_ERR_USAGE, "--paper cleans all the running text, as in "
				    "2008; --article is not of it");
	/* --article takes the article model of its method, unless told
	 * otherwise; another method keeps its own model. */
	if (values->article && !model && (!values->method || !strcmp(values->method, ARTICLE_METHOD))) {
		model = ARTICLE_MODEL;
		if (!values->method)
			c->method = compose_find_method(ARTICLE_METHOD);
	}

	if (values->method) {
		c->method = compose_find_method(values->method);
		if (!c->method)
			return nc_error_set(err, NC_ERR_USAGE, "--method: no method '%s' (see "
					    "--help-methods)", values->method);
		if (values->paper && strcmp(values->method, PAPER_METHOD))
			return nc_error_set(err, NC_ERR_USAGE, "--paper is the %s method, not %s",
					    PAPER_METHOD, values->method);
	}
	if (model)
		c->model_path = compose_model_path(values->data_dir, model);
	if (model && strlen(model) == 1 && strchr("0123", model[0]) && access(c->model_path, F_OK))
		return nc_error_set(err, NC_ERR_USAGE, "-m %s: no model of that name (-m is the model "
				    "here; the normalisation mode is train-ncleaner's -m)", model);
	if (!c->method && values->paper)
		c->method = compose_find_method(PAPER_METHOD);
	if (!c->method && !model) {
		c->method = compose_find_method(DEFAULT_METHOD);
		c->method_by_default = 1;
	}
	if (!c->method) {
		struct model_file_header header;
		if (model_file_peek(c->model_path, &header, err) < 0)
			return add_data_dir_hint(c->model_path, values, err);
		c->method = compose_find_method(header.method);
		if (!c->method)
			return nc_error_set(err, NC_ERR_USAGE, "%s: built for the method '%s', which "
					    "this ncleaner does not know (see --help-methods)",
					    c->model_path, header.method);
	}
	if (model && !c->method->default_model)
		return nc_error_set(err, NC_ERR_USAGE, "the %s method takes no model (-m %s)",
				    c->method->name, model);
	if (!model && c->method->default_model) {
		model = c->method->default_model;
		c->model_path = compose_model_path(values->data_dir, model);
	}
	c->model = model;
	return 0;
}

/* The segmenter's flags and dump rules each layout takes. */
static void apply_layout(enum layout layout, struct pipeline_config *config)
{
	if (layout == LAYOUT_DUMP)
		return;
	config->dump_rules_path = NULL;   /* the blocks are the segments, as they are */
	config->segment_flags |= SEGMENT_NO_BULLETS;   /* the renderer marks list items */
	if (layout == LAYOUT_LINES)
		config->segment_flags |= SEGMENT_LINES;
}

static int choose_renderer(struct composition *c, const struct compose_values *values,
			   enum layout layout, struct pipeline_config *config, struct nc_error *err)
{
	if (values->renderer) {
		c->renderer = compose_find_renderer(values->renderer);
		if (!c->renderer)
			return nc_error_set(err, NC_ERR_USAGE, "--renderer: no renderer '%s' (see "
					    "--help-renderers)", values->renderer);
		if (values->paper && strcmp(values->renderer, PAPER_RENDERER))
			return nc_error_set(err, NC_ERR_USAGE, "--paper is the %s renderer, not %s",
					    PAPER_RENDERER, values->renderer);
		if (layout != LAYOUT_ANY && c->renderer->layout != layout)
			return nc_error_set(err, NC_ERR_USAGE, "the %s method reads a %s layout, and "
					    "the %s renderer writes %s (see --help-renderers)",
					    c->method ? c->method->name : "chosen",
					    layout_name(layout), c->renderer->name,
					    layout_name(c->renderer->layout));
	} else {
		enum layout wanted = layout == LAYOUT_ANY ? LAYOUT_DUMP : layout;
		for (size_t i = 0; i < COUNT(renderers) && !c->renderer; i++)
			if (renderers[i].layout == wanted)
				c->renderer = &renderers[i];
	}
	c->renderer_config = c->renderer->configure(values, err);
	if (!c->renderer_config)
		return -1;
	strbuf_reset(&c->html_rules);
	strbuf_reset(&c->dump_rules);
	strbuf_addf(&c->html_rules, "%s/regex/html.rules", values->data_dir);
	strbuf_addf(&c->dump_rules, "%s/regex/dump.rules", values->data_dir);
	config->html_rules_path = c->html_rules.buf;
	config->dump_rules_path = c->dump_rules.buf;
	config->renderer = c->renderer->class;
	config->renderer_config = c->renderer_config;
	apply_layout(c->renderer->layout, config);
	/* A renderer of blocks or lines reads the page's structure itself.
	 * (The 2008 dump had none: the session's reading under --paper,
	 * session.c.) */
	config->structure = !values->no_structure && c->renderer->layout == LAYOUT_DUMP;
	return 0;
}

/* Rule files whose digests differ but whose rules match the same text the
 * same way: a model built with the one serves the other. "dump:dce855a9d740"
 * is the dump.rules before its line-of-punctuation rule was made possessive
 * (the same lines; make models rebuilt every model with only this digest
 * changed). */
static const char *const equivalent_rules[][2] = {
	{ "dump:dce855a9d740", "dump:26ea4a7a5a54" },
};

/* The rules id `built` (a model's) with each older digest made the one it
 * equals, into `out`. */
static void current_rules_id(const char *built, struct strbuf *out)
{
	strbuf_addstr(out, built);
	for (size_t i = 0; i < sizeof(equivalent_rules) / sizeof(equivalent_rules[0]); i++) {
		char *at = strstr(out->buf, equivalent_rules[i][0]);
		size_t len = strlen(equivalent_rules[i][0]);
		if (at && strlen(equivalent_rules[i][1]) == len)
			memcpy(at, equivalent_rules[i][1], len);
	}
}

/* A model built through another renderer or other rules than this run's. */
static int check_provenance(struct composition *c, const struct compose_values *values,
			    const struct pipeline_config *config, struct nc_error *err)
{
	struct model_file_header header;
	struct strbuf rules = STRBUF_INIT;

	if (!c->model_path || model_file_peek(c->model_path, &header, err) < 0)
		return 0;   /* the loader has said what was wrong */
	if (!header.renderer[0])
		return 0;   /* a model older than version 3 says nothing */
	compose_rules_id(config->html_rules_path, config->dump_rules_path, &rules);
	int same_renderer = !strcmp(header.renderer, c->renderer->name) ||
			    (c->renderer->reproduces && !strcmp(header.renderer, c->renderer->reproduces));
	struct strbuf built = STRBUF_INIT;
	current_rules_id(header.rules, &built);
	int same_rules = !strcmp(built.buf, rules.buf);
	strbuf_release(&built);
	int ret = 0;
	if (!same_renderer || !same_rules) {
		struct strbuf why = STRBUF_INIT;
		if (!same_renderer)
			strbuf_addf(&why, "built through the %s renderer, used through %s",
				    header.renderer, c->renderer->name);
		else
			strbuf_addf(&why, "built with the rules %s, used with %s", header.rules,
				    rules.buf);
		if (values->paper)
			ret = nc_error_set(err, NC_ERR_USAGE, "%s: %s (--paper takes a model "
					   "built as the paper's was)", c->model_path, why.buf);
		else
			strbuf_addf(&c->warnings, "warning: %s: %s; its scores may not mean what "
				    "they meant\n", c->model_path, why.buf);
		strbuf_release(&why);
	}
	strbuf_release(&rules);
	return ret;
}

static int choose_deciders(struct composition *c, const struct compose_values *values,
			   struct nc_error *err)
{
	const char *names = values->decider ? values->decider : values->paper ? PAPER_DECIDER
			    : c->method->deciders ? c->method->deciders : "threshold";

	if (values->paper && strcmp(names, PAPER_DECIDER))
		return nc_error_set(err, NC_ERR_USAGE, "--paper is the %s decider, not %s",
				    PAPER_DECIDER, names);
	for (const char *p = names; ; ) {
		size_t n = strcspn(p, ",");
		const struct decider_entry *entry = NULL;
		for (size_t i = 0; i < COUNT(deciders) && !entry; i++)
			if (strlen(deciders[i].name) == n && !strncmp(deciders[i].name, p, n))
				entry = &deciders[i];
		if (!entry)
			return nc_error_set(err, NC_ERR_USAGE, "--decider: no decider '%.*s' (see "
					    "--help-deciders)", (int)n, p);
		if (c->ndeciders == COMPOSE_MAX_DECIDERS)
			return nc_error_set(err, NC_ERR_USAGE, "--decider: at most %d deciders",
					    COMPOSE_MAX_DECIDERS);
		c->deciders[c->ndeciders++] = entry;
		if (!p[n])
			break;
		p += n + 1;
	}
	/* --article adds the article rule, once: last, or before a fallback
	 * that ends the chain (a page that keeps nothing of its article is
	 * decided again). */
	size_t at = c->ndeciders;
	if (at > 1 && !strcmp(c->deciders[at - 1]->name, FALLBACK_DECIDER))
		at--;
	int has_article = 0;
	for (size_t i = 0; i < c->ndeciders; i++)
		has_article |= !strcmp(c->deciders[i]->name, ARTICLE_DECIDER);
	if (values->article && !has_article) {
		if (c->ndeciders == COMPOSE_MAX_DECIDERS)
			return nc_error_set(err, NC_ERR_USAGE, "--decider: at most %d deciders with "
					    "--article's", COMPOSE_MAX_DECIDERS - 1);
		memmove(c->deciders + at + 1, c->deciders + at,
			(c->ndeciders - at) * sizeof(c->deciders[0]));
		c->deciders[at] = compose_find_decider(ARTICLE_DECIDER);
		c->ndeciders++;
	}
	return 0;
}

int compose_choose(struct composition *c, const struct compose_values *values, int with_method,
		   struct pipeline_config *config, struct nc_error *err)
{
	if (with_method && (choose_method(c, values, err) < 0 || choose_deciders(c, values, err) < 0))
		return -1;
	return choose_renderer(c, values, c->method ? c->method->needs : LAYOUT_ANY, config, err);
}

/* The chosen deciders, built for the method loaded, into `config`. */
static int make_deciders(struct composition *c, const struct compose_values *values,
			 struct pipeline_config *config, struct nc_error *err)
{
	struct decider *made[COMPOSE_MAX_DECIDERS];

	for (size_t i = 0; i < c->ndeciders; i++) {
		made[i] = c->deciders[i]->create(values, c->method, c->loaded, err);
		if (!made[i]) {
			while (i--)
				decider_free(made[i]);
			return -1;
		}
	}
	c->decider = c->ndeciders == 1 ? made[0] : decider_chain_new(made, c->ndeciders);
	config->method = c->loaded;
	config->decider = c->decider;
	return 0;
}

int compose_load(struct composition *c, const struct compose_values *values,
		 struct pipeline_config *config, struct nc_error *err)
{
	if (check_provenance(c, values, config, err) < 0)
		return -1;
	c->loaded = c->method->load(c->model_path, values, err);
	if (!c->loaded)
		return add_data_dir_hint(c->model_path, values, err);
	return make_deciders(c, values, config, err);
}

/* Does option `id` hold the same value in `a` and `b`? */
static int same_value(int id, const struct compose_values *a, const struct compose_values *b)
{
	const char *x = (const char *)a + options[id].offset;
	const char *y = (const char *)b + options[id].offset;

	switch (options[id].kind) {
	case COMPOSE_STRING: {
		const char *s, *t;
		memcpy(&s, x, sizeof(s));
		memcpy(&t, y, sizeof(t));
		return s == t || (s && t && !strcmp(s, t));
	}
	case COMPOSE_LONG: {
		long s, t;
		memcpy(&s, x, sizeof(s));
		memcpy(&t, y, sizeof(t));
		return s == t;
	}
	case COMPOSE_NUMBER: {
		double s, t;
		memcpy(&s, x, sizeof(s));
		memcpy(&t, y, sizeof(t));
		return s == t;
	}
	case COMPOSE_FLAG:
	case COMPOSE_CHOICE:
		break;
	}
	int s, t;
	memcpy(&s, x, sizeof(s));
	memcpy(&t, y, sizeof(t));
	return s == t;
}

static int same_string(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Would `c` load what `lender` loaded? What a method's load() reads: the
 * method, the model, the options of the method's entry and the data
 * directory (logistic's character models and stop lists are there). */
static int check_lender(const struct composition *c, const struct compose_values *values,
			const struct composition *lender, const struct compose_values *lent,
			struct nc_error *err)
{
	char label[COMPOSE_LABEL_SIZE];

	if (!lender->loaded)
		return nc_error_set(err, NC_ERR_USAGE, "the share holds no method (its options "
				    "load none)");
	if (c->method != lender->method)
		return nc_error_set(err, NC_ERR_USAGE, "the share holds the %s method, and these "
				    "options choose %s (open the cleaner alone, or give it the "
				    "share's method and model)", lender->method->name,
				    c->method->name);
	if (!same_string(c->model_path, lender->model_path))
		return nc_error_set(err, NC_ERR_USAGE, "the share holds the model %s, and these "
				    "options choose %s (open the cleaner alone, or give it the "
				    "share's model)", lender->model_path ? lender->model_path
				    : "(none)", c->model_path ? c->model_path : "(none)");
	if (!same_string(values->data_dir, lent->data_dir))
		return nc_error_set(err, NC_ERR_USAGE, "the share's method was loaded from the data "
				    "directory %s, and these options name %s", lent->data_dir,
				    values->data_dir);
	for (const int *id = c->method->options; *id >= 0; id++)
		if (!same_value(*id, values, lent))
			return nc_error_set(err, NC_ERR_USAGE, "%s differs from the share's, whose %s "
					    "method was loaded with its own (give the cleaner the "
					    "share's, or open it alone)",
					    compose_option_label(&options[*id], label),
					    c->method->name);
	return 0;
}

int compose_borrow(struct composition *c, const struct compose_values *values,
		   const struct composition *lender, const struct compose_values *lent,
		   struct pipeline_config *config, struct nc_error *err)
{
	if (check_lender(c, values, lender, lent, err) < 0 ||
	    check_provenance(c, values, config, err) < 0)
		return -1;
	c->loaded = lender->loaded;
	c->method_borrowed = 1;
	return make_deciders(c, values, config, err);
}

static int reads(const int *ids, int id)
{
	for (; *ids >= 0; ids++)
		if (*ids == id)
			return 1;
	return 0;
}

/* Which kind of entry reads option `id`, if any: "renderer", "method" or
 * "decider"; NULL for an option of the composition itself. */
static const char *option_kind(int id)
{
	for (size_t i = 0; i < COUNT(renderers); i++)
		if (reads(renderers[i].options, id))
			return "renderer";
	for (size_t i = 0; i < COUNT(methods); i++)
		if (reads(methods[i].options, id))
			return "method";
	for (size_t i = 0; i < COUNT(deciders); i++)
		if (reads(deciders[i].options, id))
			return "decider";
	return NULL;
}

int compose_falls_back(const struct composition *c)
{
	for (size_t i = 0; i < c->ndeciders; i++)
		if (!strcmp(c->deciders[i]->name, FALLBACK_DECIDER))
			return 1;
	return 0;
}

int compose_check_options(const struct composition *c, const struct compose_values *values,
			  struct nc_error *err)
{
	char label[COMPOSE_LABEL_SIZE];

	for (int id = 0; id < COMPOSE_OPTIONS; id++) {
		const char *kind = option_kind(id);
		if (!given(values, id) || !kind)
			continue;
		compose_option_label(&options[id], label);
		if (!strcmp(kind, "renderer")) {
			if (!reads(c->renderer->options, id))
				return nc_error_set(err, NC_ERR_USAGE, "%s does not apply to the %s "
						    "renderer", label, c->renderer->name);
			continue;
		}
		if (!c->method)
			return nc_error_set(err, NC_ERR_USAGE, "%s does not apply to a run without a "
					    "method", label);
		if (!strcmp(kind, "method") && !reads(c->method->options, id))
			return nc_error_set(err, NC_ERR_USAGE, "%s does not apply to the %s method%s",
					    label, c->method->name, c->method_by_default ?
					    " (the default one; --method NAME chooses another, "
					    "--paper the paper's)" : "");
		int read = 0;
		for (size_t i = 0; i < c->ndeciders && !read; i++)
			read = reads(c->deciders[i]->options, id);
		if (!strcmp(kind, "decider") && !read)
			return nc_error_set(err, NC_ERR_USAGE, "%s does not apply to the decider%s %s",
					    label, c->ndeciders > 1 ? "s" : "", values->decider);
	}
	return 0;
}

void compose_describe(const struct composition *c, struct strbuf *json)
{
	strbuf_addstr(json, "{\"name\":");
	json_add_cstring(json, c->loaded->ops->name);
	strbuf_addstr(json, ",\"model\":");
	if (c->model)
		json_add_cstring(json, c->model);
	else
		strbuf_addstr(json, "null");
	if (c->loaded->ops->describe) {
		strbuf_addch(json, ',');
		c->loaded->ops->describe(c->loaded, json);
	}
	size_t before = json->len;
	strbuf_addch(json, ',');
	decider_describe(c->decider, json);
	if (json->len == before + 1)
		strbuf_setlen(json, before);
	strbuf_addstr(json, ",\"decider\":");
	json_add_cstring(json, c->decider->name);
	strbuf_addstr(json, ",\"renderer\":");
	json_add_cstring(json, c->renderer->name);
	strbuf_addch(json, '}');
}

static void add_file_digest(const char *path, struct strbuf *id)
{
	struct strbuf data = STRBUF_INIT;
	struct nc_error err = { 0 };
	static const char hex[] = "0123456789abcdef";

	if (!path) {
		strbuf_addstr(id, "none");
		return;
	}
	if (read_file(path, 0, &data, &err) < 0) {
		strbuf_addch(id, '-');
	} else {
		struct sha1 sha;
		unsigned char digest[SHA1_DIGEST_BYTES];
		sha1_init(&sha);
		sha1_update(&sha, data.buf, data.len);
		sha1_final(&sha, digest);
		for (int i = 0; i < 6; i++) {
			strbuf_addch(id, hex[digest[i] >> 4]);
			strbuf_addch(id, hex[digest[i] & 15]);
		}
	}
	strbuf_release(&data);
}

void compose_rules_id(const char *html_rules, const char *dump_rules, struct strbuf *id)
{
	strbuf_addstr(id, "html:");
	add_file_digest(html_rules, id);
	strbuf_addstr(id, ",dump:");
	add_file_digest(dump_rules, id);
}
