/* renderer-dumps.c: the helper of scripts/renderer-fidelity.sh and of the
 * renderer lines of scripts/bench.sh (built by make check, so that it
 * cannot fall behind the library's interfaces unseen).
 *
 *   renderer-dumps [--raw] [--time] [--data DIR] RENDERER OUT_DIR PAGE...
 *
 * Each PAGE goes through stage 1 as the pipeline takes it (the CLEANEVAL
 * wrapper removed, the charset chosen with uchardet's help, the HTML rules
 * of DIR/regex/html.rules applied; with --raw no rules: the page as --dump
 * renders it), then through RENDERER:
 *   lynx      Lynx, as ncleaner runs it
 *   builtin   the builtin renderer (render/builtin.h)
 *   parse     libxml2's parse alone (render/html-parse.h), events ignored:
 *             the limit the builtin renderer can approach (writes nothing)
 * into OUT_DIR/dump/ID.txt, and the dump's segments (dump rules applied,
 * one "TYPE<TAB>text" line each) into OUT_DIR/segments/ID.txt, where ID is
 * the page's file name without its extension. The markers are the rule
 * files' placeholders, the same for every renderer, so dumps compare.
 * With --time, the seconds spent in the renderer alone (stage 1 excluded)
 * and the pages per second go to standard output. Exit status 1 when a
 * page failed (named on standard error), the other pages done.
 */
#include "base/error.h"
#include "base/file.h"
#include "base/install-dirs.h"
#include "base/rules.h"
#include "base/strbuf.h"
#include "normalise/html.h"
#include "normalise/markers.h"
#include "render/builtin.h"
#include "render/html-parse.h"
#include "render/lynx.h"
#include "render/renderer.h"
#include "segment/segment.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void usage(void)
{
	fprintf(stderr, "usage: renderer-dumps [--raw] [--time] [--data DIR] "
			"lynx|builtin|parse OUT_DIR PAGE...\n");
	exit(2);
}

/* --- the parser alone ------------------------------------------------------------- */

static int ignore_start(void *data, const char *name, const char *const *attributes,
			struct nc_error *err)
{
	(void)data, (void)name, (void)attributes, (void)err;
	return 0;
}

static int ignore_end(void *data, const char *name, struct nc_error *err)
{
	(void)data, (void)name, (void)err;
	return 0;
}

static int ignore_text(void *data, const char *text, size_t len, struct nc_error *err)
{
	(void)data, (void)text, (void)len, (void)err;
	return 0;
}

static int parse_only(const struct render_request *request, struct nc_error *err)
{
	static const struct html_parse_events events = { ignore_start, ignore_end, ignore_text };
	struct strbuf utf8 = STRBUF_INIT;
	const char *html;
	size_t len;
	int ret = html_parse_to_utf8(request, &utf8, &html, &len, err);
	if (ret == 0)
		ret = html_parse(html, len, &events, NULL, NULL, err);
	strbuf_release(&utf8);
	return ret;
}

/* --- segments ------------------------------------------------------------------------ */

static int write_segment(const struct segment *segment, void *data, struct nc_error *err)
{
	(void)err;
	struct strbuf *out = data;
	strbuf_addf(out, "%c\t", (char)segment->type);
	strbuf_add(out, segment->text, segment->len);
	strbuf_addch(out, '\n');
	return 0;
}

static int write_file(const char *dir, const char *sub, const char *id, const struct strbuf *text)
{
	struct strbuf path = STRBUF_INIT;
	strbuf_addf(&path, "%s/%s/%s.txt", dir, sub, id);
	FILE *f = fopen(path.buf, "wb");
	int ok = f && fwrite(text->buf, 1, text->len, f) == text->len;
	if (f && fclose(f) != 0)
		ok = 0;
	if (!ok)
		fprintf(stderr, "renderer-dumps: %s: %s\n", path.buf, strerror(errno));
	strbuf_release(&path);
	return ok ? 0 : -1;
}

static void page_id(const char *path, struct strbuf *id)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *dot = strrchr(base, '.');
	strbuf_add(id, base, dot && dot != base ? (size_t)(dot - base) : strlen(base));
}

int main(int argc, char **argv)
{
	int raw = 0, timing = 0, status = 0;
	const char *data_dir = NC_SOURCE_DIR;
	int i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--raw"))
			raw = 1;
		else if (!strcmp(argv[i], "--time"))
			timing = 1;
		else if (!strcmp(argv[i], "--data") && i + 1 < argc)
			data_dir = argv[++i];
		else
			usage();
	}
	if (argc - i < 2)
		usage();
	const char *name = argv[i], *out_dir = argv[i + 1];
	char **pages = argv + i + 2;
	int page_count = argc - i - 2;

	struct lynx_config lynx = { .program = "lynx", .timeout_seconds = 60 };
	struct builtin_config builtin = { .timeout_seconds = 60 };
	const struct renderer_class *class = NULL;
	const void *config = NULL;
	if (!strcmp(name, "lynx")) {
		class = &lynx_renderer_class;
		config = &lynx;
	} else if (!strcmp(name, "builtin")) {
		class = &builtin_renderer_class;
		config = &builtin;
	} else if (strcmp(name, "parse")) {
		usage();
	}

	struct nc_error err = { 0 };
	struct strbuf path = STRBUF_INIT;
	strbuf_addf(&path, "%s/regex/html.rules", data_dir);
	struct rule_set *html_rules = rule_set_load(path.buf, RULES_BYTES, &err);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/regex/dump.rules", data_dir);
	struct rule_set *dump_rules = html_rules ? rule_set_load(path.buf, RULES_UTF, &err) : NULL;
	if (!dump_rules) {
		fprintf(stderr, "renderer-dumps: %s\n", err.message);
		return 2;
	}
	const char *subs[] = { "", "/dump", "/segments" };
	for (size_t k = 0; k < 3; k++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s%s", out_dir, subs[k]);
		if (mkdir(path.buf, 0777) != 0 && errno != EEXIST) {
			fprintf(stderr, "renderer-dumps: %s: %s\n", path.buf, strerror(errno));
			return 2;
		}
	}
	struct renderer *renderer = class ? class->create(config, &err) : NULL;
	if (class && !renderer) {
		fprintf(stderr, "renderer-dumps: %s\n", err.message);
		return 2;
	}
	html_parse_init();
	struct rule_workspace *workspace = rule_workspace_new();
	struct markers markers;
	markers_init_placeholders(&markers);
	struct strbuf html = STRBUF_INIT, dump = STRBUF_INIT, segments = STRBUF_INIT,
		      id = STRBUF_INIT;
	struct segmenter *segmenter = segmenter_new(dump_rules, workspace, &markers,
						    SEGMENT_DEFAULT, write_segment, &segments);
	double spent = 0;
	for (int p = 0; p < page_count; p++) {
		struct page_info info = { 0 };
		static const struct charset_policy paper = { .paper = 1 };
		strbuf_reset(&html);
		strbuf_reset(&dump);
		strbuf_reset(&segments);
		strbuf_reset(&id);
		page_id(pages[p], &id);
		int ret = read_file(pages[p], 64u << 20, &html, &err);
		if (ret == 0)
			ret = html_normalise(raw ? NULL : html_rules, workspace, NULL, &paper, NULL,
					     class && class->drops_after_nul ? HTML_REMOVE_NUL : 0,
					     &html, &info, &err);
		if (ret == 0) {
			struct render_request request = {
				.html = html.buf, .len = html.len, .charset = &info.charset,
				.max_output = 64u << 20, .markers = &markers,
			};
			double t0 = now();
			ret = renderer ? renderer_render(renderer, &request, &dump, &err)
				       : parse_only(&request, &err);
			spent += now() - t0;
		}
		page_info_release(&info);
		if (ret == 0 && renderer) {
			ret = segmenter_run(segmenter, dump.buf, dump.len, &err);
			if (ret == 0 && (write_file(out_dir, "dump", id.buf, &dump) < 0 ||
					 write_file(out_dir, "segments", id.buf, &segments) < 0))
				status = 1;
		}
		if (ret < 0) {
			fprintf(stderr, "renderer-dumps: %s: %s\n", pages[p], err.message);
			status = 1;
		}
	}
	if (timing)
		printf("%s\t%d pages\t%.3f s\t%.0f pages/s\n", name, page_count, spent,
		       spent > 0 ? page_count / spent : 0);
	segmenter_free(segmenter);
	renderer_free(renderer);
	rule_workspace_free(workspace);
	rule_set_free(html_rules);
	rule_set_free(dump_rules);
	strbuf_release(&html);
	strbuf_release(&dump);
	strbuf_release(&segments);
	strbuf_release(&id);
	strbuf_release(&path);
	return status;
}
