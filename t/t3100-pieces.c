/* t3100-pieces: a method that scores pieces of segments (as perplexity
 * filtering scores sentences). The kept pieces of a segment come out as one
 * segment, a segment without kept pieces vanishes, and the scores format
 * shows every piece; with a streaming decider and with one that needs the
 * whole page. */
#include "base/alloc.h"
#include "decide/decider.h"
#include "pipeline/pipeline.h"
#include "render/lynx.h"
#include "sink/output.h"
#include "tap.h"

#include <string.h>
#include <unistd.h>

/* The test method: pieces are sentences ending in ". "; a piece that
 * mentions "menu" costs more as running text than as boilerplate. */
struct sentence_scorer {
	struct method_scorer base;
	struct segment_piece pieces[64];
};

static size_t split_sentences(struct method_scorer *base, const struct segment *segment,
			      const struct segment_piece **pieces)
{
	struct sentence_scorer *s = (struct sentence_scorer *)base;
	size_t n = 0, start = 0;
	for (size_t i = 0; i <= segment->len && n < 64; i++) {
		int end = i == segment->len || (segment->text[i] == '.' && i + 1 < segment->len &&
						segment->text[i + 1] == ' ');
		if (!end)
			continue;
		size_t stop = i < segment->len ? i + 1 : i;
		s->pieces[n].offset = start;
		s->pieces[n++].len = stop - start;
		start = stop + 1;
		i = stop;
	}
	*pieces = s->pieces;
	return n;
}

static int score_menu(struct method_scorer *base, const struct segment *segment,
		      struct segment_score *score, struct nc_error *err)
{
	(void)base, (void)err;
	int menu = memmem(segment->text, segment->len, "menu", 4) != NULL;
	score->cost_clean = menu ? 5 : 1;
	score->cost_dirty = 3;
	score->units = segment->len;
	return 0;
}

static struct method_scorer *scorer_new(const struct method *method);
static void scorer_free(struct method_scorer *scorer) { free(scorer); }
static void method_free_none(struct method *method) { (void)method; }

static const struct method_ops sentence_ops = {
	.name = "sentences",
	.scorer_new = scorer_new,
	.split = split_sentences,
	.score = score_menu,
	.scorer_free = scorer_free,
	.free = method_free_none,
};

static struct method_scorer *scorer_new(const struct method *method)
{
	(void)method;
	struct sentence_scorer *s = xcalloc(1, sizeof(*s));
	s->base.ops = &sentence_ops;
	return &s->base;
}

/* A decider like the threshold, but one that asks for the whole page. */
static int decide_whole(const struct decider *d, struct decider_state *state,
			struct scored_segment *s, size_t n, struct nc_error *err)
{
	(void)d, (void)state, (void)err;
	for (size_t i = 0; i < n; i++)
		s[i].keep = s[i].score.cost_dirty - s[i].score.cost_clean >= 0;
	return 0;
}
static void decider_free_none(struct decider *d) { (void)d; }
static const struct decider_ops whole_ops = { .name = "whole", .decide = decide_whole,
					      .free = decider_free_none };

static char *clean_text(const struct decider *decider, int scores, const char *text)
{
	struct sink_config sink_config = { .format = &format_cleaneval, .scores = scores };
	static struct method method = { &sentence_ops, 0, NULL };
	char html_rules[4096], dump_rules[4096], path[] = "/tmp/t3100-XXXXXX";
	const char *top = getenv("top_srcdir");
	struct lynx_config lynx = { "lynx", 10 };
	struct nc_error err = { 0 };
	char *buf = NULL;
	size_t size = 0;

	snprintf(html_rules, sizeof(html_rules), "%s/regex/html.rules", top && *top ? top : ".");
	snprintf(dump_rules, sizeof(dump_rules), "%s/regex/dump.rules", top && *top ? top : ".");
	struct pipeline_config config = {
		.html_rules_path = html_rules, .dump_rules_path = dump_rules,
		.renderer = &lynx_renderer_class, .renderer_config = &lynx,
		.method = &method, .decider = decider,
	};
	struct pipeline *pipeline = pipeline_new(&config, &err);
	FILE *stream = open_memstream(&buf, &size);
	struct worker *worker = pipeline ? worker_new(pipeline, page_sink_new(&sink_config,
						stream_output_new(stream)), &err) : NULL;
	int fd = mkstemp(path);
	struct page page;
	if (!worker || fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		bail("cannot set up the pipeline");
	close(fd);
	if (page_open_file(&page, path, "x", PAGE_TEXT, PAGE_OPEN_ANY, &err) < 0 ||
	    worker_clean_page(worker, &page, NULL, &err) < 0)
		bail(err.message);
	page_release(&page);
	worker_free(worker);
	pipeline_free(pipeline);
	fclose(stream);
	unlink(path);
	return buf;
}

int main(void)
{
	const char *dump = "URL: u\n\nFirst real sentence. A menu item. Second real sentence.\n\n"
			   "Only the menu here.\n\nAll good here.\n";
	const char *want = "URL: u\n<p>First real sentence. Second real sentence.\n"
			   "<p>All good here.\n";
	struct decider *threshold = threshold_decider_new(0);
	struct decider whole = { .ops = &whole_ops, .name = "whole", .whole_page = 1 };

	char *got = clean_text(threshold, 0, dump);
	is_string(got, want, "kept pieces share their segment's line; dropped ones vanish");
	free(got);
	got = clean_text(&whole, 0, dump);
	is_string(got, want, "the same with a decider that needs the whole page");
	free(got);
	got = clean_text(threshold, 1, dump);
	is_string(got, "URL: u\n"
		  "1.0000\t3.0000\tkeep\t<p>First real sentence.\n"
		  "5.0000\t3.0000\tdrop\t+A menu item.\n"
		  "1.0000\t3.0000\tkeep\t+Second real sentence.\n"
		  "5.0000\t3.0000\tdrop\t<p>Only the menu here.\n"
		  "1.0000\t3.0000\tkeep\t<p>All good here.\n",
		  "the scores show every piece, continuations marked +");
	free(got);
	decider_free(threshold);
	return done_testing();
}
