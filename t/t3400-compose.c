/* t3400-compose: the composition layer. Options read with their ranges and
 * marked given; the tables; a method's layout choosing the renderer, and a
 * renderer that writes another layout refused; --paper's fixed choice; an
 * option no chosen entry reads refused; a chain of deciders keeping what
 * all keep, described without clashing keys; model headers of version 3
 * round-trip, and a model built through another renderer warned about;
 * the session's 2008 reading (--paper's, and train-ncleaner's alone). */
#include "compose/compose.h"
#include "compose/session.h"
#include "method/model-file.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int read_option(struct compose_values *v, int id, const char *text, struct nc_error *err)
{
	return compose_read(v, id, text, err);
}

static void test_options(void)
{
	struct compose_values v;
	struct nc_error err = { 0 };

	compose_values_init(&v);
	ok(read_option(&v, OPTION_Q, "0.25", &err) == 0 && v.q == 0.25, "-q 0.25 read");
	ok(v.given & 1ul << OPTION_Q, "-q marked given");
	ok(read_option(&v, OPTION_Q, "0", &err) < 0 && err.code == NC_ERR_USAGE &&
	   strstr(err.message, "-q expects a number in (0, 1]"), "-q 0 refused: %s", err.message);
	ok(read_option(&v, OPTION_Q, "1.5", &err) < 0, "-q 1.5 refused");
	ok(read_option(&v, OPTION_ORDER, "9", &err) < 0 && strstr(err.message, "from 1 to"),
	   "-n 9 refused: %s", err.message);
	ok(read_option(&v, OPTION_ORDER, "2x", &err) < 0, "-n 2x refused");
	ok(read_option(&v, OPTION_MAX_KL, "0", &err) < 0 && strstr(err.message, "--max-kl"),
	   "--max-kl 0 refused: %s", err.message);
	ok(read_option(&v, OPTION_TIMEOUT, "0", &err) == 0 && v.timeout == 0,
	   "--timeout 0 is no limit");
	ok(read_option(&v, OPTION_TIMEOUT, "-1", &err) < 0, "--timeout -1 refused");
	ok(read_option(&v, OPTION_BIAS, "inf", &err) < 0, "--bias inf refused");
	ok(read_option(&v, OPTION_BIAS, "-0.5", &err) == 0 && v.bias == -0.5, "--bias -0.5 read");
	ok(read_option(&v, OPTION_RENDERER, "", &err) < 0, "an empty --renderer refused");
}

static void test_tables(void)
{
	size_t n;
	const struct renderer_entry *r = compose_renderers(&n);
	ok(n >= 3 && !strcmp(r[0].name, "lynx") && r[0].layout == LAYOUT_DUMP,
	   "lynx is the first renderer, the default for dumps");
	const struct method_entry *m = compose_methods(&n);
	ok(!strcmp(m[0].name, "ncleaner"), "ncleaner is the default method");
	ok(compose_find_method("ice-dt")->needs == LAYOUT_BLOCKS, "ice-dt reads blocks");
	ok(compose_find_method("ice-hr")->needs == LAYOUT_LINES, "ice-hr reads lines");
	ok(compose_find_decider("threshold") != NULL, "threshold is a decider");
	ok(!compose_find_renderer("nope") && !compose_find_method("nope"), "unknown names not found");
	/* Every option an entry reads exists, and a name is unique. */
	size_t count;
	const struct compose_option *options = compose_options(&count);
	int unique = 1;
	for (size_t i = 0; i < count; i++)
		for (size_t j = i + 1; j < count; j++)
			if (options[i].name && options[j].name && !strcmp(options[i].name, options[j].name))
				unique = 0;
	ok(unique && count == COMPOSE_OPTIONS, "every option declared once");
}

static const char *data_dir;

static int choose(struct compose_values *v, int with_method, struct composition *c,
		  struct pipeline_config *config, struct nc_error *err)
{
	composition_init(c);
	memset(config, 0, sizeof(*config));
	v->data_dir = data_dir;
	return compose_choose(c, v, with_method, config, err);
}

static void test_choice(void)
{
	struct compose_values v;
	struct composition c;
	struct pipeline_config config;
	struct nc_error err = { 0 };

	compose_values_init(&v);
	v.method = "ice-dt";
	ok(choose(&v, 1, &c, &config, &err) == 0 && !strcmp(c.renderer->name, "blocks") &&
	   config.dump_rules_path == NULL && (config.segment_flags & SEGMENT_NO_BULLETS),
	   "ice-dt takes the blocks renderer, no dump rules");
	ok(c.model_path && strstr(c.model_path, "models/ice-dt.model"), "and its shipped model");
	composition_release(&c);

	compose_values_init(&v);
	v.method = "ice-hr";
	ok(choose(&v, 1, &c, &config, &err) == 0 && !strcmp(c.renderer->name, "lines") &&
	   (config.segment_flags & SEGMENT_LINES) && !c.model_path,
	   "ice-hr takes the lines renderer, no model");
	composition_release(&c);

	compose_values_init(&v);
	v.method = "ice-dt";
	v.renderer = "lynx";
	ok(choose(&v, 1, &c, &config, &err) < 0 && err.code == NC_ERR_USAGE &&
	   strstr(err.message, "reads a blocks layout"), "ice-dt through lynx refused: %s",
	   err.message);
	composition_release(&c);

	compose_values_init(&v);
	ok(choose(&v, 1, &c, &config, &err) == 0 && !strcmp(c.renderer->name, "lynx") &&
	   !strcmp(c.method->name, "logistic") && !strcmp(c.model, "logistic") &&
	   c.ndeciders == 2 && !strcmp(c.deciders[0]->name, "threshold") &&
	   !strcmp(c.deciders[1]->name, "fallback") && config.dump_rules_path != NULL &&
	   config.structure, "the default: lynx with structure, logistic, threshold, fallback");
	composition_release(&c);

	compose_values_init(&v);
	v.paper = 1;
	ok(choose(&v, 1, &c, &config, &err) == 0 && !strcmp(c.method->name, "ncleaner") &&
	   !strcmp(c.model, "english"), "--paper: ncleaner, english");
	composition_release(&c);

	compose_values_init(&v);
	read_option(&v, OPTION_ARTICLE, NULL, &err);
	ok(choose(&v, 1, &c, &config, &err) == 0 && !strcmp(c.method->name, "logistic") &&
	   !strcmp(c.model, "article") && c.ndeciders == 3 &&
	   !strcmp(c.deciders[1]->name, "article") && !strcmp(c.deciders[2]->name, "fallback"),
	   "--article: logistic, its article model, threshold, article, fallback");
	composition_release(&c);

	compose_values_init(&v);
	read_option(&v, OPTION_ARTICLE, NULL, &err);
	v.decider = "threshold";
	ok(choose(&v, 1, &c, &config, &err) == 0 && c.ndeciders == 2 &&
	   !strcmp(c.deciders[1]->name, "article"), "--decider threshold --article: no fallback");
	composition_release(&c);

	compose_values_init(&v);
	v.method = "ncleaner";
	ok(choose(&v, 1, &c, &config, &err) == 0 && c.ndeciders == 1 &&
	   !strcmp(c.deciders[0]->name, "threshold"), "other methods: the threshold alone");
	composition_release(&c);

	compose_values_init(&v);
	read_option(&v, OPTION_ARTICLE, NULL, &err);
	v.method = "ncleaner";
	v.decider = "threshold,article";
	ok(choose(&v, 1, &c, &config, &err) == 0 && !strcmp(c.model, "english") &&
	   c.ndeciders == 2, "--article with ncleaner: its own model; the article rule once");
	composition_release(&c);

	compose_values_init(&v);
	read_option(&v, OPTION_ARTICLE, NULL, &err);
	v.paper = 1;
	ok(choose(&v, 1, &c, &config, &err) < 0 && strstr(err.message, "--article"),
	   "--article under --paper refused: %s", err.message);
	composition_release(&c);

	compose_values_init(&v);
	v.paper = 1;
	v.renderer = "blocks";
	ok(choose(&v, 0, &c, &config, &err) < 0 && strstr(err.message, "--paper is the lynx"),
	   "--paper with another renderer refused: %s", err.message);
	composition_release(&c);

	compose_values_init(&v);
	v.paper = 1;
	v.decider = "threshold,threshold";
	ok(choose(&v, 1, &c, &config, &err) < 0 && strstr(err.message, "--paper is the threshold"),
	   "--paper with another decider refused");
	composition_release(&c);

	compose_values_init(&v);
	v.decider = "threshold,nope";
	ok(choose(&v, 1, &c, &config, &err) < 0 && strstr(err.message, "no decider 'nope'"),
	   "an unknown decider in a list refused: %s", err.message);
	composition_release(&c);

	/* Options no chosen entry reads. */
	compose_values_init(&v);
	v.method = "perplexity";
	compose_read(&v, OPTION_ORDER, "2", &err);
	ok(choose(&v, 1, &c, &config, &err) == 0 && compose_check_options(&c, &v, &err) < 0 &&
	   !strcmp(err.message, "-n does not apply to the perplexity method"),
	   "-n refused for perplexity: %s", err.message);
	composition_release(&c);

	compose_values_init(&v);
	v.method = "ice-dt";
	compose_read(&v, OPTION_LYNX, "lynx", &err);
	ok(choose(&v, 1, &c, &config, &err) == 0 && compose_check_options(&c, &v, &err) < 0 &&
	   strstr(err.message, "--lynx does not apply to the blocks renderer"),
	   "--lynx refused with the blocks renderer: %s", err.message);
	composition_release(&c);

	compose_values_init(&v);
	compose_read(&v, OPTION_BIAS, "1", &err);
	ok(choose(&v, 0, &c, &config, &err) == 0 && compose_check_options(&c, &v, &err) < 0 &&
	   strstr(err.message, "without a method"), "--bias refused without a method: %s",
	   err.message);
	composition_release(&c);

	compose_values_init(&v);
	compose_read(&v, OPTION_BIAS, "1", &err);
	compose_read(&v, OPTION_ORDER, "2", &err);
	v.method = "ncleaner";
	ok(choose(&v, 1, &c, &config, &err) == 0 && compose_check_options(&c, &v, &err) == 0,
	   "-b and -n with ncleaner and threshold accepted");
	composition_release(&c);

	compose_values_init(&v);
	compose_read(&v, OPTION_ORDER, "2", &err);
	ok(choose(&v, 1, &c, &config, &err) == 0 && compose_check_options(&c, &v, &err) < 0 &&
	   strstr(err.message, "the default one"), "-n with the default method refused, "
	   "saying it is the default: %s", err.message);
	composition_release(&c);
}

/* A method that gives every segment the cost difference in its text's
 * first character: '+' clean, '-' dirty, '0' a tie. */
static void test_chain(void)
{
	struct decider *members[2] = { threshold_decider_new(0), threshold_decider_new(1) };
	struct decider *chain = decider_chain_new(members, 2);
	struct scored_segment segs[3];
	struct nc_error err = { 0 };
	struct strbuf json = STRBUF_INIT;

	memset(segs, 0, sizeof(segs));
	/* margins dirty - clean: 2 (both keep), 0.5 (the first keeps, the second not), -1 */
	segs[0].score.cost_clean = 1, segs[0].score.cost_dirty = 3;
	segs[1].score.cost_clean = 1, segs[1].score.cost_dirty = 1.5;
	segs[2].score.cost_clean = 2, segs[2].score.cost_dirty = 1;
	struct decider_state *state = decider_state_new(chain);
	ok(decider_decide(chain, state, segs, 3, &err) == 0, "the chain decides");
	ok(segs[0].keep && !segs[1].keep && !segs[2].keep,
	   "the later member sees and changes the earlier one's decision");
	decider_state_free(chain, state);
	ok(!strcmp(chain->name, "threshold,threshold"), "a chain is named by its members");
	decider_describe(chain, &json);
	is_string(json.buf, "\"deciders\":[{\"name\":\"threshold\",\"bias\":0},"
		  "{\"name\":\"threshold\",\"bias\":1}]", "members described apart");
	strbuf_release(&json);
	decider_free(chain);
}

/* The article rule: the stretch of greatest words x margin, within the
 * segments the decider before it kept. */
static void test_article(void)
{
	/* margins (bits over the bias 0) and words: a kept teaser, a link list,
	 * the article with a low caption inside, a long footer list, a kept
	 * line after it */
	static const struct { double margin; const char *text; int kept; } page[] = {
		{ 2, "A teaser of four", 1 },
		{ -5, "one two three four five six seven eight nine ten", 0 },
		{ 1.5, "The article begins with a long paragraph of words here", 1 },
		{ -0.5, "a caption", 0 },
		{ 4, "and goes on after the caption at length", 1 },
		{ -3, "home news sport weather contact about jobs press help legal", 0 },
		{ 3, "Copyright line kept", 1 },
	};
	enum { N = sizeof(page) / sizeof(page[0]) };
	struct scored_segment segs[N];
	struct nc_error err = { 0 };
	struct strbuf json = STRBUF_INIT;
	struct decider *members[2] = { threshold_decider_new(0), article_decider_new(0, NULL) };
	struct decider *chain = decider_chain_new(members, 2);

	memset(segs, 0, sizeof(segs));
	for (int i = 0; i < N; i++) {
		segs[i].segment.text = page[i].text;
		segs[i].segment.len = strlen(page[i].text);
		segs[i].score.cost_dirty = page[i].margin;
	}
	struct decider_state *state = decider_state_new(chain);
	ok(chain->whole_page, "the article rule needs whole pages");
	ok(decider_decide(chain, state, segs, N, &err) == 0, "threshold, then article");
	int want[N] = { 0, 0, 1, 0, 1, 0, 0 }, same = 1;
	for (int i = 0; i < N; i++)
		same &= segs[i].keep == want[i];
	ok(same, "only the article: not the teaser before the link list, not the line after "
	   "the footer, not the caption the threshold dropped");
	decider_describe(members[1], &json);
	is_string(json.buf, "\"bias\":0", "its bias described");
	ok(decider_decide(chain, state, segs, 0, &err) == 0, "a page of no segments");
	segs[0].score.cost_dirty = -1;
	ok(decider_decide(chain, state, segs, 1, &err) == 0 && !segs[0].keep,
	   "a page of nothing kept keeps nothing");
	decider_state_free(chain, state);
	strbuf_release(&json);
	decider_free(chain);
}

/* The fallback: a page with enough prose that keeps nothing is
 * decided again on its own scale. */
static void test_fallback(void)
{
	static const char *const prose =
		"A paragraph of running text with more than ten words in it, as prose has, and "
		"it goes on for a while so that four of them make a page of prose.";
	/* log-odds: a menu, the article's four paragraphs (all below the bias,
	 * the best at -1), a caption, a footer's link list */
	static const struct { double margin; const char *text; double links; } page[] = {
		{ -9, "home news sport weather", 1 },
		{ -2, NULL, 0 },
		{ -1, NULL, 0 },
		{ -6, "Photo: a caption", 0 },
		{ -3.5, NULL, 0 },
		{ -2.5, NULL, 0 },
		{ -8, "about us contact jobs press help legal terms privacy cookies sitemap", 1 },
	};
	enum { N = sizeof(page) / sizeof(page[0]) };
	struct scored_segment segs[N];
	struct segment_structure structures[N];
	struct nc_error err = { 0 };
	struct decider *members[2] = { threshold_decider_new(0), fallback_decider_new() };
	struct decider *chain = decider_chain_new(members, 2);

	memset(segs, 0, sizeof(segs));
	memset(structures, 0, sizeof(structures));
	for (int i = 0; i < N; i++) {
		const char *text = page[i].text ? page[i].text : prose;
		segs[i].segment.text = text;
		segs[i].segment.len = strlen(text);
		structures[i].chars = 60;
		structures[i].cue_chars[CUE_LINK] = (unsigned)(60 * page[i].links);
		segs[i].segment.structure = &structures[i];
		segs[i].score.cost_dirty = page[i].margin;
	}
	struct decider_state *state = decider_state_new(chain);
	ok(chain->whole_page, "the fallback needs whole pages");
	ok(decider_decide(chain, state, segs, N, &err) == 0, "threshold, then fallback");
	int want[N] = { 0, 1, 1, 0, 1, 1, 0 }, same = 1, rescued = 1;
	for (int i = 0; i < N; i++) {
		same &= segs[i].keep == want[i];
		rescued &= segs[i].rescued == want[i];
	}
	ok(same, "the page's prose, within 3 bits of its best, in its main stretch: not the "
	   "menu, the caption or the footer");
	ok(rescued, "...each marked rescued");

	for (int i = 0; i < N; i++) {
		segs[i].rescued = 0;
		segs[i].score.cost_dirty = page[i].margin + (i == 2 ? 2 : 0);
	}
	ok(decider_decide(chain, state, segs, N, &err) == 0, "one paragraph kept");
	same = 1;
	for (int i = 0; i < N; i++)
		same &= segs[i].keep == (i == 2) && !segs[i].rescued;
	ok(same, "...a page that keeps something is left as decided");

	for (int i = 0; i < N; i++)
		segs[i].score.cost_dirty = -5;
	ok(decider_decide(chain, state, segs, 3, &err) == 0 && !segs[1].keep && !segs[2].keep,
	   "two paragraphs of prose are not enough to fall back on");
	decider_state_free(chain, state);
	decider_free(chain);
}

/* The viterbi decider: margins times units, less a cost for each switch. */
static void test_viterbi(void)
{
	/* evidence (margin x units): text 5, a short dirty line -1, text 4, a
	 * link list -3 -3, a teaser 1, more list -3, text 6 */
	static const double margin[] = { 5, -1, 4, -3, -3, 1, -3, 6 };
	enum { N = sizeof(margin) / sizeof(margin[0]) };
	struct scored_segment segs[N];
	struct nc_error err = { 0 };
	struct strbuf json = STRBUF_INIT;

	memset(segs, 0, sizeof(segs));
	for (int i = 0; i < N; i++) {
		segs[i].score.cost_dirty = margin[i] / 2;
		segs[i].score.units = 2;
		segs[i].score.type = SEGMENT_HEADING;
	}
	struct decider *d = viterbi_decider_new(0, 0);
	struct decider_state *state = decider_state_new(d);
	ok(d->whole_page, "viterbi decides whole pages");
	ok(decider_decide(d, state, segs, N, &err) == 0, "switch cost 0");
	int same = 1;
	for (int i = 0; i < N; i++)
		same &= segs[i].keep == (margin[i] >= 0);
	ok(same, "...is the threshold");
	decider_state_free(d, state);
	decider_free(d);

	d = viterbi_decider_new(0, 2.5);
	state = decider_state_new(d);
	ok(decider_decide(d, state, segs, N, &err) == 0, "switch cost 2.5");
	int want[N] = { 1, 1, 1, 0, 0, 0, 0, 1 };
	same = 1;
	for (int i = 0; i < N; i++)
		same &= segs[i].keep == want[i];
	ok(same, "...keeps the short line inside the text, drops the teaser inside the list");
	ok(segs[0].segment.type == SEGMENT_HEADING && segs[3].segment.type == 0,
	   "...a kept segment takes its proposed type");
	decider_describe(d, &json);
	is_string(json.buf, "\"bias\":0,\"switch_cost\":2.5", "...described");
	ok(decider_decide(d, state, segs, 0, &err) == 0, "a page of no segments");
	segs[0].score.cost_dirty = 0.0 / 0.0;
	ok(decider_decide(d, state, segs, 1, &err) == 0 && !segs[0].keep, "a NaN margin is dropped");
	decider_state_free(d, state);
	decider_free(d);
	strbuf_release(&json);
}

static void test_model_header(void)
{
	struct strbuf out = STRBUF_INIT;
	struct model_file_header h;
	struct nc_error err = { 0 };
	struct model_provenance built = { "lynx", "html:0123456789ab,dump:ba9876543210" };

	model_file_write_header(&out, "ncleaner", &built);
	is_string(out.buf, "ncleaner-model\t3\nmethod\tncleaner\nrenderer\tlynx\n"
		  "rules\thtml:0123456789ab,dump:ba9876543210\n", "a version 3 header");
	ok(model_file_read_header("m", out.buf, out.len, MODEL_FILE_VERSION, &h, &err) == 0 &&
	   h.version == 3 && !strcmp(h.renderer, "lynx") && !strcmp(h.rules, built.rules) &&
	   h.lines == 4 && h.length == out.len, "read back");
	ok(model_file_read_header("m", out.buf, out.len, 2, &h, &err) < 0,
	   "a reader of version 2 refuses it");
	strbuf_reset(&out);
	model_file_write_header(&out, "ice-dt", NULL);
	is_string(out.buf, "ncleaner-model\t2\nmethod\tice-dt\n", "no provenance: version 2");
	const char *bad = "ncleaner-model\t3\nmethod\tncleaner\nrules\tx\n";
	ok(model_file_read_header("m", bad, strlen(bad), 3, &h, &err) < 0 &&
	   strstr(err.message, "m:3: no renderer line"), "a version 3 header without its renderer "
	   "line refused: %s", err.message);
	strbuf_release(&out);
}

/* A model file built through the blocks renderer, used through lynx: a
 * warning; under --paper, an error. */
static void test_provenance(void)
{
	char path[] = "/tmp/t3400-XXXXXX";
	int fd = mkstemp(path);
	struct strbuf text = STRBUF_INIT;
	struct model_provenance built = { "blocks", "html:-,dump:-" };
	struct compose_values v;
	struct composition c;
	struct pipeline_config config;
	struct nc_error err = { 0 };

	model_file_write_header(&text, "ncleaner", &built);
	strbuf_addstr(&text, "order\t1\n");   /* the loader stops here: not a whole model */
	ok(fd >= 0 && write(fd, text.buf, text.len) == (ssize_t)text.len, "a model file written");
	close(fd);
	compose_values_init(&v);
	v.model = path;
	ok(choose(&v, 1, &c, &config, &err) == 0, "chosen");
	ok(compose_load(&c, &v, &config, &err) < 0 && strstr(c.warnings.buf, "built through the "
	   "blocks renderer, used through lynx"), "warned: %s", c.warnings.buf);
	composition_release(&c);
	compose_values_init(&v);
	v.model = path;
	v.paper = 1;
	ok(choose(&v, 1, &c, &config, &err) == 0 && compose_load(&c, &v, &config, &err) < 0 &&
	   err.code == NC_ERR_USAGE && strstr(err.message, "built through the blocks renderer"),
	   "an error under --paper: %s", err.message);
	composition_release(&c);
	unlink(path);
	strbuf_release(&text);
}

/* A model built with the dump rules before their possessive rule (an
 * equivalent digest) serves without a warning, even under --paper; one with
 * other rules is warned about. */
static void test_equivalent_rules(void)
{
	struct compose_values v;
	struct composition c;
	struct pipeline_config config;
	struct nc_error err = { 0 };
	struct strbuf id = STRBUF_INIT;

	compose_values_init(&v);
	ok(choose(&v, 1, &c, &config, &err) == 0, "chosen");
	compose_rules_id(config.html_rules_path, config.dump_rules_path, &id);
	composition_release(&c);
	char *dump = strstr(id.buf, "dump:");
	for (int old = 1; old >= 0 && dump; old--) {
		char path[] = "/tmp/t3400-XXXXXX";
		int fd = mkstemp(path);
		struct strbuf text = STRBUF_INIT, rules = STRBUF_INIT;
		strbuf_add(&rules, id.buf, (size_t)(dump - id.buf));
		strbuf_addstr(&rules, old ? "dump:dce855a9d740" : "dump:0123456789ab");
		struct model_provenance built = { "lynx", rules.buf };
		model_file_write_header(&text, "ncleaner", &built);
		strbuf_addstr(&text, "order\t1\n");
		if (fd < 0 || write(fd, text.buf, text.len) != (ssize_t)text.len)
			bail("cannot write a model file in /tmp");
		close(fd);
		compose_values_init(&v);
		v.model = path;
		v.paper = old;
		choose(&v, 1, &c, &config, &err);
		compose_load(&c, &v, &config, &err);
		if (old)
			ok(!strstr(c.warnings.buf, "built with the rules") &&
			   !strstr(err.message, "built with the rules"),
			   "the dump rules before their possessive rule serve, under --paper too");
		else
			ok(strstr(c.warnings.buf, "built with the rules"), "other rules are warned about: %s",
			   c.warnings.buf);
		composition_release(&c);
		unlink(path);
		strbuf_release(&text);
		strbuf_release(&rules);
	}
	ok(dump != NULL, "this run's rules id names its dump rules: %s", id.buf);
	strbuf_release(&id);
}

/* session_compose_reader() as choose() does compose_choose(). */
static int read_through(struct session *s, int read_2008, struct composition *c,
			struct pipeline_config *config, struct nc_error *err)
{
	composition_init(c);
	memset(config, 0, sizeof(*config));
	s->compose.data_dir = data_dir;
	return session_compose_reader(s, read_2008, c, config, err);
}

/* The stages a trainer reads through (session_compose_reader()): the
 * 2008 reading (the 2008 charset order, no structure) under --paper, and
 * asked for alone without what else --paper fixes. */
static void test_reading(void)
{
	struct session s;
	struct composition c;
	struct pipeline_config config;
	struct nc_error err = { 0 };

	session_init(&s);
	s.compose.method = "logistic";
	ok(read_through(&s, 0, &c, &config, &err) == 0 && config.structure &&
	   !config.charset.paper && !c.loaded, "a reader: structure, today's charsets, no model "
	   "loaded");
	composition_release(&c);

	s.compose.renderer = "builtin";
	ok(read_through(&s, 1, &c, &config, &err) == 0 && !config.structure &&
	   config.charset.paper && !strcmp(c.renderer->name, "builtin"),
	   "the 2008 reading alone: no structure, the 2008 charsets, any renderer");
	composition_release(&c);

	session_init(&s);
	s.compose.paper = 1;
	ok(read_through(&s, 0, &c, &config, &err) == 0 && !config.structure &&
	   config.charset.paper && !strcmp(c.method->name, "ncleaner"), "--paper reads so too");
	composition_release(&c);
}

int main(void)
{
	const char *top = getenv("top_srcdir");
	data_dir = top ? top : "..";
	test_options();
	test_tables();
	test_choice();
	test_chain();
	test_article();
	test_fallback();
	test_viterbi();
	test_model_header();
	test_provenance();
	test_equivalent_rules();
	test_reading();
	return done_testing();
}
