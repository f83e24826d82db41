/* session.c: the front-end options as one table, and the set-up of the
 * stages both front ends share (see session.h). */
#include "compose/session.h"
#include "base/language.h"
#include "normalise/charset.h"
#include "pipeline/site-table.h"

#include <stdlib.h>
#include <string.h>

/* --- reading and checking what a row cannot say by its kind ---------------------- */

/* --format NAME: a format of the table (sink/format.h), found as it is read,
 * so that a bad name is the first thing said. */
static int read_format(const struct compose_option *option, void *values, const char *text,
		       struct nc_error *err)
{
	const struct output_format *format = output_format_find(text, err);
	if (!format)
		return -1;
	memcpy((char *)values + option->offset, &format, sizeof(format));
	return 0;
}

static void describe_formats(struct strbuf *help)
{
	output_format_names(help, 0, " (default)");
}

/* --site-repetition[=N]: N, a whole number in the row's range, or the
 * default without it. */
static int read_site_repetition(const struct compose_option *option, void *values,
				const char *text, struct nc_error *err)
{
	struct compose_option number = *option;
	number.read = NULL;
	if (text)
		return compose_option_read(&number, values, text, err);
	((struct session *)values)->site_min_pages = SITE_MIN_PAGES_DEFAULT;
	return 0;
}

static int read_no_site_repetition(const struct compose_option *option, void *values,
				   const char *text, struct nc_error *err)
{
	(void)option, (void)text, (void)err;
	((struct session *)values)->site_min_pages = 0;
	return 0;
}

/* --min-quality P: any finite number is read, and one outside (0, 1] gets
 * a message of its own, without the value (the program's two messages
 * since the option came). */
static int read_min_quality(const struct compose_option *option, void *values, const char *text,
			    struct nc_error *err)
{
	struct compose_option number = *option;
	number.read = NULL;
	number.range = RANGE_ANY;
	if (compose_option_read(&number, values, text, err) < 0)
		return -1;
	double p = ((struct session *)values)->filters.min_quality;
	if (!(p > option->min && p <= option->max))
		return nc_error_set(err, NC_ERR_USAGE, "--min-quality expects a number in (%g, %g]",
				    option->min, option->max);
	return 0;
}

static int check_encoding(const struct compose_option *option, const void *values,
			  struct nc_error *err)
{
	const char *name = ((const struct session *)values)->encoding;
	(void)option;
	if (charset_known(name))
		return 0;
	return nc_error_set(err, NC_ERR_USAGE, "--encoding: %s is not a charset iconv knows (see "
			    "iconv -l)", name);
}

static int check_languages(const struct compose_option *option, const void *values,
			   struct nc_error *err)
{
	struct nc_error why = { 0 };
	(void)option;
	if (language_list_check(((const struct session *)values)->filters.languages, &why) == 0)
		return 0;
	return nc_error_set(err, NC_ERR_USAGE, "--language: %s", why.message);
}

/* --- the options, each declared once ----------------------------------------------- */

#define AT(field) offsetof(struct session, field)

static const struct compose_option options[SESSION_OPTIONS] = {
	[SESSION_OPTION_PAPER] = { "paper", 0, NULL, "the 2008 configuration: Lynx, the "
				   "ncleaner method with\nthe shipped models, the threshold "
				   "decision, the 2008\ncharset order (later defaults may differ, "
				   "--paper not)", COMPOSE_FLAG, .offset = AT(compose.paper) },
	[SESSION_OPTION_DUMP] = { "dump", 0, NULL, "stop after the Lynx dump (the paper's "
				  "baseline)", COMPOSE_CHOICE, .min = SESSION_RUN_DUMP,
				  .offset = AT(run) },
	[SESSION_OPTION_NO_LM] = { "no-lm", 0, NULL, "rules and segmentation only, no language "
				   "model", COMPOSE_CHOICE, .min = SESSION_RUN_HEURISTICS,
				   .offset = AT(run) },
	[SESSION_OPTION_SCORES] = { "scores", 0, NULL, "every segment, kept or not, with the "
				    "method's two costs\n(logistic: the model's bias and the "
				    "segment's log-odds;\nncleaner: H_clean and H_dirty) and the "
				    "decision", COMPOSE_CHOICE, .min = SESSION_RUN_SCORES,
				    .offset = AT(run) },
	[SESSION_OPTION_HTML] = { "html", 0, NULL, "treat every input that is not an archive as "
				  "HTML", COMPOSE_CHOICE, .min = FILE_KIND_HTML,
				  .offset = AT(file_kind) },
	[SESSION_OPTION_TEXT] = { "text", 0, NULL, "treat every input that is not an archive as "
				  "a text dump", COMPOSE_CHOICE, .min = FILE_KIND_TEXT,
				  .offset = AT(file_kind) },
	[SESSION_OPTION_LINES] = { "lines", 0, NULL, "make every dump line a segment of its own "
				   "(WET records\nare always read so)", COMPOSE_FLAG,
				   .offset = AT(lines) },
	[SESSION_OPTION_LANGUAGE] = { "language", 0, "LIST", "write only pages whose kept text "
				      "is in one of these\nlanguages (CLD2's codes: en,de,zh; or "
				      "ISO 639-3: eng)", COMPOSE_STRING,
				      .offset = AT(filters.languages),
				      .flags = COMPOSE_EMPTY_ARGUMENT, .check = check_languages },
	[SESSION_OPTION_ENCODING] = { "encoding", 0, "NAME", "the charset of every page "
				      "(default: each page's own,\nelse a guess)", COMPOSE_STRING,
				      .offset = AT(encoding), .flags = COMPOSE_EMPTY_ARGUMENT,
				      .check = check_encoding },
	[SESSION_OPTION_SITE_REPETITION] = {
		"site-repetition", 0, "N", "read the inputs twice: first count the segments\n"
		"that recur on N (default 2) pages of a site, then\ndrop them where the decision "
		"kept them (site\nfurniture; a site is the host of a page's URL); on\nby default "
		"with two input files or more, or an archive", COMPOSE_LONG, RANGE_MIN, 2,
		SITE_MIN_PAGES_MAX, AT(site_min_pages),
		.flags = COMPOSE_OPTIONAL_ARGUMENT | COMPOSE_HELP_BESIDE,
		.read = read_site_repetition },
	[SESSION_OPTION_NO_SITE_REPETITION] = { "no-site-repetition", 0, NULL, "not even then",
						COMPOSE_FLAG, .offset = AT(site_min_pages),
						.flags = COMPOSE_HELP_BESIDE,
						.read = read_no_site_repetition },
	[SESSION_OPTION_MIN_QUALITY] = { "min-quality", 0, "P", "write only pages whose predicted "
					 "precision (JSONL's\n\"quality\") is at least P, 0 < P <= "
					 "1 (the\nlogistic method)", COMPOSE_NUMBER,
					 RANGE_ABOVE_MIN_TO_MAX, 0, 1, AT(filters.min_quality),
					 .flags = COMPOSE_PROGRAM_ONLY, .read = read_min_quality },
	[SESSION_OPTION_URL] = { "url", 0, "URL", "the URL of the one page (read from standard "
				 "input, say)", COMPOSE_STRING, .offset = AT(url),
				 .flags = COMPOSE_EMPTY_ARGUMENT | COMPOSE_PROGRAM_ONLY },
	[SESSION_OPTION_FORMAT] = { "format", 'f', "FORMAT", "", COMPOSE_STRING,
				    .offset = AT(format), .read = read_format,
				    .describe = describe_formats },
	[SESSION_OPTION_GZIP] = { "gzip", 0, NULL, "gzip the output (a gzip member per page)",
				  COMPOSE_FLAG, .offset = AT(gzip), .flags = COMPOSE_PROGRAM_ONLY },
};

const struct compose_option *session_options(size_t *count)
{
	*count = SESSION_OPTIONS;
	return options;
}

void session_init(struct session *s)
{
	memset(s, 0, sizeof(*s));
	compose_values_init(&s->compose);
	s->run = SESSION_RUN_FULL;
	s->file_kind = FILE_KIND_BY_CONTENT;
	s->format = &format_cleaneval;
}

static int given(const struct session *s, int id)
{
	return (s->given >> id) & 1;
}

int session_read(struct session *s, int id, const char *text, struct nc_error *err)
{
	if (compose_option_read(&options[id], s, text, err) < 0)
		return -1;
	s->given |= 1ul << id;
	return 0;
}

int session_check_value(const struct session *s, int id, struct nc_error *err)
{
	return given(s, id) ? compose_option_check(&options[id], s, err) : 0;
}

int session_check_values(const struct session *s, struct nc_error *err)
{
	for (int id = 0; id < SESSION_OPTIONS; id++)
		if (session_check_value(s, id, err) < 0)
			return -1;
	return 0;
}

/* --- combinations ------------------------------------------------------------------- */

int session_check(const struct session *s, struct nc_error *err)
{
	if (output_format_check(s->format, s->run == SESSION_RUN_SCORES,
				s->run == SESSION_RUN_DUMP, err) < 0)
		return -1;
	if (s->site_min_pages && (s->run == SESSION_RUN_DUMP || s->compose.paper))
		return nc_error_set(err, NC_ERR_USAGE, "--site-repetition drops segments a decision "
				    "kept: not with %s", s->compose.paper
				    ? "--paper (the 2008 behaviour)" : "--dump");
	return 0;
}

int session_check_input(const struct session *s, struct nc_error *err)
{
	if (s->run == SESSION_RUN_DUMP && s->file_kind == FILE_KIND_TEXT)
		return nc_error_set(err, NC_ERR_USAGE, "--dump needs HTML input, and --text says "
				    "there is none");
	return 0;
}

int session_site_asked(const struct session *s)
{
	return given(s, SESSION_OPTION_SITE_REPETITION) ||
	       given(s, SESSION_OPTION_NO_SITE_REPETITION);
}

int session_with_method(const struct session *s)
{
	return s->run == SESSION_RUN_FULL || s->run == SESSION_RUN_SCORES;
}

int session_site_by_default(const struct session *s)
{
	return !session_site_asked(s) && !s->compose.paper && s->file_kind != FILE_KIND_TEXT &&
	       session_with_method(s);
}

/* --- the set-up ----------------------------------------------------------------------- */

int session_compose(const struct session *s, struct composition *c,
		    struct pipeline_config *config, struct nc_error *err)
{
	return session_compose_borrowing(s, c, config, NULL, NULL, err);
}

/* compose_choose() with the settings of stages 1-3 that are the
 * session's, not a stage's: dump only, segments per line, the charset.
 * `read_2008`: the pages read as the 2008 tool read them, in its charset
 * order (charset-choice.h) and through its dump, without the page's
 * structure (normalise/structure.h: its markers move where Lynx cuts long
 * lines); --paper reads so, and train-ncleaner's 2008 training. */
static int choose_stages(const struct session *s, int with_method, int read_2008,
			 struct composition *c, struct pipeline_config *config,
			 struct nc_error *err)
{
	config->dump_only = s->run == SESSION_RUN_DUMP;
	config->segment_flags = s->lines ? SEGMENT_LINES : SEGMENT_DEFAULT;
	config->charset.forced = s->encoding;
	config->charset.paper = read_2008;
	if (compose_choose(c, &s->compose, with_method, config, err) < 0)
		return -1;
	if (read_2008)
		config->structure = 0;
	return 0;
}

int session_compose_borrowing(const struct session *s, struct composition *c,
			      struct pipeline_config *config, const struct session *lender_session,
			      const struct composition *lender, struct nc_error *err)
{
	int with_method = session_with_method(s);

	if (choose_stages(s, with_method, s->compose.paper, c, config, err) < 0 ||
	    compose_check_options(c, &s->compose, err) < 0 ||
	    (with_method && (lender ? compose_borrow(c, &s->compose, lender,
						     &lender_session->compose, config, err)
				    : compose_load(c, &s->compose, config, err)) < 0))
		return -1;
	return 0;
}

int session_compose_reader(const struct session *s, int read_2008, struct composition *c,
			   struct pipeline_config *config, struct nc_error *err)
{
	return choose_stages(s, 1, read_2008 || s->compose.paper, c, config, err);
}

int session_sink(const struct session *s, const struct composition *c, const char *software,
		 struct strbuf *method_json, struct sink_config *sink, struct nc_error *err)
{
	if (s->run == SESSION_RUN_DUMP)
		strbuf_addstr(method_json, "{\"name\":\"dump\"}");
	else if (!c->loaded)
		strbuf_addstr(method_json, "{\"name\":\"heuristics\"}");
	else
		compose_describe(c, method_json);
	*sink = (struct sink_config){
		.format = s->format, .scores = s->run == SESSION_RUN_SCORES, .gzip = s->gzip,
		.method_json = method_json->buf, .software = software,
		.filters = s->filters,
		.canonical_urls = !s->compose.paper,
		.log_odds = c->loaded && c->loaded->ops->log_odds,
		.fallback = compose_falls_back(c),
	};
	if (s->filters.min_quality && !sink->log_odds)
		return nc_error_set(err, NC_ERR_USAGE, "--min-quality: the %s method says nothing "
				    "of a page's quality (the logistic method does)", c->loaded
				    ? c->loaded->ops->name : s->run == SESSION_RUN_DUMP ? "dump"
				    : "heuristics");
	return 0;
}
