/* html-blocks.c: blocks and lines of a page through libxml2's SAX HTML
 * parser, and the renderer that writes them as a dump (see html-blocks.h). */
#include "render/html-blocks.h"
#include "render/html-parse.h"
#include "base/ascii.h"
#include "base/alloc.h"
#include "base/order.h"
#include "base/utf8.h"
#include "normalise/charset.h"
#include "normalise/markers.h"

#include <stdlib.h>
#include <string.h>

/* Elements whose content is never page text here beyond the shared ones
 * (html-parse.h): head, and what stage 1's rules drop for Lynx (see
 * html-blocks.h), sorted. */
static const char *const skipped_elements[] = {
	"applet", "button", "head", "iframe", "map", "math", "object", "select", "svg",
	"textarea",
};

static int is_skipped(const char *name)
{
	if (html_parse_is_hidden(name))
		return 1;
	size_t count = sizeof(skipped_elements) / sizeof(skipped_elements[0]);
	return bsearch(name, skipped_elements, count, sizeof(skipped_elements[0]),
		       order_string_entry) != NULL;
}

/* What the SAX callbacks share while a page is parsed. */
struct html_walk {
	enum html_blocks_layout layout;
	unsigned long skip_depth;     /* open skipped elements */
	/* HTML_BLOCKS */
	const char **open_blocks;     /* the open block elements' tags, innermost last */
	size_t depth, alloc;
	struct strbuf block;          /* the current block's text, spaces collapsed */
	int br_pending;               /* the last thing seen was a <br> */
	html_block_fn emit;
	void *data;
	/* HTML_LINES */
	struct strbuf *lines;
	size_t max_bytes;
	int after_cr;                 /* the last character was a CR */
	double timeout_seconds;       /* of the parse; <= 0: none */
	/* the first error; the callbacks do nothing more once it is set */
	int failed;
	struct nc_error *err;
};

/* --- blocks ------------------------------------------------------------------- */

/* The tag of text outside every block element: the table's "body". */
static const char *current_tag(const struct html_walk *walk)
{
	return walk->depth ? walk->open_blocks[walk->depth - 1] : html_block_tag("body", 4);
}

/* A block boundary: hand on the text collected since the last one. */
static void end_block(struct html_walk *walk)
{
	struct strbuf *b = &walk->block;
	if (b->len && b->buf[b->len - 1] == ' ')
		strbuf_setlen(b, b->len - 1);
	if (b->len && !walk->failed && walk->emit(current_tag(walk), b->buf, b->len, walk->data,
						  walk->err) < 0)
		walk->failed = 1;
	strbuf_reset(b);
	walk->br_pending = 0;
}

static void add_block_text(struct html_walk *walk, const char *text, size_t len)
{
	struct strbuf *b = &walk->block;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (ascii_is_html_space(c)) {
			if (b->len && b->buf[b->len - 1] != ' ')
				strbuf_addch(b, ' ');
			continue;
		}
		strbuf_addch(b, c ? (char)c : ' ');
		walk->br_pending = 0;
	}
}

static void block_element_start(struct html_walk *walk, const char *name)
{
	if (!strcmp(name, "br")) {
		if (walk->br_pending) {
			end_block(walk);   /* the second <br> in a row */
		} else {
			add_block_text(walk, " ", 1);
			walk->br_pending = 1;
		}
		return;
	}
	const char *tag = html_block_tag(name, strlen(name));
	if (!tag)
		return;   /* inline: transparent */
	end_block(walk);
	ARRAY_GROW(walk->open_blocks, walk->depth, walk->alloc, 32);
	walk->open_blocks[walk->depth++] = tag;
}

static void block_element_end(struct html_walk *walk, const char *name)
{
	const char *tag = html_block_tag(name, strlen(name));
	if (!tag)
		return;
	end_block(walk);
	/* libxml2 balances start and end events, so the innermost open block
	 * is this one; a mismatch is ignored rather than trusted. */
	if (walk->depth && walk->open_blocks[walk->depth - 1] == tag)
		walk->depth--;
}

/* --- lines ------------------------------------------------------------------------ */

static void add_line_text(struct html_walk *walk, const char *text, size_t len)
{
	struct strbuf *out = walk->lines;
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (c == '\n' && walk->after_cr) {
			walk->after_cr = 0;   /* the LF of a CR LF */
			continue;
		}
		walk->after_cr = c == '\r';
		if (c == '\r')
			c = '\n';
		else if (c == '\t' || c == '\f' || c == '\v' || c == '\0')
			c = ' ';
		strbuf_addch(out, c);
	}
	if (walk->max_bytes && out->len > walk->max_bytes && !walk->failed) {
		nc_error_set(walk->err, NC_ERR_LIMIT, "the page's text is longer than %zu bytes",
			     walk->max_bytes);
		walk->failed = 1;
	}
}

/* --- SAX callbacks ------------------------------------------------------------------- */

/* Lines: a block boundary or a <br> keeps the words on either side apart
 * (a space, unless there is white space already); inline tags go without a
 * trace. */
static void separate_words(struct html_walk *walk, const char *name)
{
	struct strbuf *out = walk->lines;
	if (!out->len || out->buf[out->len - 1] == ' ' || out->buf[out->len - 1] == '\n')
		return;
	if (!strcmp(name, "br") || html_block_tag(name, strlen(name)))
		strbuf_addch(out, ' ');
}

static int on_start(void *data, const char *name, const char *const *attributes,
		    struct nc_error *err)
{
	struct html_walk *walk = data;
	(void)attributes, (void)err;
	if (walk->failed)
		return -1;
	if (is_skipped(name)) {
		walk->skip_depth++;
		return 0;
	}
	if (walk->skip_depth == 0 && walk->layout == HTML_BLOCKS)
		block_element_start(walk, name);
	else if (walk->skip_depth == 0)
		separate_words(walk, name);
	return walk->failed ? -1 : 0;
}

static int on_end(void *data, const char *name, struct nc_error *err)
{
	struct html_walk *walk = data;
	(void)err;
	if (walk->failed)
		return -1;
	if (is_skipped(name)) {
		if (walk->skip_depth)
			walk->skip_depth--;
		return 0;
	}
	if (walk->skip_depth == 0 && walk->layout == HTML_BLOCKS)
		block_element_end(walk, name);
	else if (walk->skip_depth == 0)
		separate_words(walk, name);
	return walk->failed ? -1 : 0;
}

static int on_text(void *data, const char *text, size_t len, struct nc_error *err)
{
	struct html_walk *walk = data;
	(void)err;
	if (walk->failed)
		return -1;
	if (walk->skip_depth)
		return 0;
	if (walk->layout == HTML_BLOCKS)
		add_block_text(walk, text, len);
	else
		add_line_text(walk, text, len);
	return walk->failed ? -1 : 0;
}

static const struct html_parse_events walk_events = {
	.start = on_start,
	.end = on_end,
	.text = on_text,
};

static int walk_page(struct html_walk *walk, const char *html, size_t len)
{
	struct html_parse_options options = { .timeout_seconds = walk->timeout_seconds,
					      .max_depth = HTML_PARSE_MAX_DEPTH };
	if (html_parse(html, len, &walk_events, walk, &options, walk->err) < 0)
		walk->failed = 1;
	return walk->failed ? -1 : 0;
}

static int read_blocks(const char *html, size_t len, double timeout_seconds, html_block_fn fn,
		       void *data, struct nc_error *err)
{
	struct html_walk walk = { .layout = HTML_BLOCKS, .emit = fn, .data = data, .err = err,
				  .timeout_seconds = timeout_seconds };
	strbuf_init(&walk.block);
	int ret = walk_page(&walk, html, len);
	if (ret == 0) {
		walk.depth = 0;
		end_block(&walk);   /* text after the last boundary */
		ret = walk.failed ? -1 : 0;
	}
	strbuf_release(&walk.block);
	free(walk.open_blocks);
	return ret;
}

static int read_lines(const char *html, size_t len, double timeout_seconds, size_t max_bytes,
		      struct strbuf *out, struct nc_error *err)
{
	struct html_walk walk = { .layout = HTML_LINES, .lines = out, .max_bytes = max_bytes,
				  .err = err, .timeout_seconds = timeout_seconds };
	return walk_page(&walk, html, len);
}

int html_blocks_read(const char *html, size_t len, html_block_fn fn, void *data,
		     struct nc_error *err)
{
	return read_blocks(html, len, 0, fn, data, err);
}

int html_lines_read(const char *html, size_t len, size_t max_bytes, struct strbuf *out,
		    struct nc_error *err)
{
	return read_lines(html, len, 0, max_bytes, out, err);
}

/* --- the renderer -------------------------------------------------------------------- */

struct html_blocks_renderer {
	struct renderer base;
	struct html_blocks_config config;
};

/* What writing a block into the dump needs. */
struct dump_writer {
	struct strbuf *dump;
	const struct markers *markers;
	size_t max_output;
};

static int write_block(const char *tag, const char *text, size_t len, void *data,
		       struct nc_error *err)
{
	struct dump_writer *w = data;
	strbuf_addstr(w->dump, w->markers->block);
	strbuf_addstr(w->dump, tag);
	strbuf_addch(w->dump, ' ');
	if (tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6' && !tag[2]) {
		strbuf_addstr(w->dump, w->markers->heading);
		strbuf_addch(w->dump, ' ');
	} else if (!strcmp(tag, "li") || !strcmp(tag, "dt")) {
		strbuf_addstr(w->dump, w->markers->list_item);
		strbuf_addch(w->dump, ' ');
	}
	strbuf_add(w->dump, text, len);
	strbuf_addstr(w->dump, "\n\n");
	if (w->max_output && w->dump->len > w->max_output)
		return nc_error_set(err, NC_ERR_LIMIT, "the dump is longer than %zu bytes",
				    w->max_output);
	return 0;
}

static int html_blocks_render(struct renderer *base, const struct render_request *request,
			      struct strbuf *dump, struct nc_error *err)
{
	struct html_blocks_renderer *r = (struct html_blocks_renderer *)base;
	struct strbuf utf8 = STRBUF_INIT, out = STRBUF_INIT;
	const char *html;
	size_t len;
	int ret = html_parse_to_utf8(request, &utf8, &html, &len, err);

	if (ret == 0 && r->config.layout == HTML_LINES) {
		ret = read_lines(html, len, r->config.timeout_seconds, request->max_output,
				 &out, err);
	} else if (ret == 0) {
		struct markers placeholders;
		const struct markers *markers = request->markers;
		if (!markers) {
			markers_init_placeholders(&placeholders);
			markers = &placeholders;
		}
		struct dump_writer writer = { &out, markers, request->max_output };
		ret = read_blocks(html, len, r->config.timeout_seconds, write_block, &writer,
				  err);
	}
	if (ret == 0)
		strbuf_add(dump, out.buf, out.len);
	strbuf_release(&utf8);
	strbuf_release(&out);
	return ret;
}

static void html_blocks_emergency_stop(struct renderer *base)
{
	(void)base;   /* nothing runs outside the process, nothing is on disk */
}

static void html_blocks_free(struct renderer *base)
{
	free(base);
}

static const struct renderer_ops html_blocks_ops = {
	.render = html_blocks_render,
	.emergency_stop = html_blocks_emergency_stop,
	.free = html_blocks_free,
};

static int html_blocks_check(const void *config, struct nc_error *err)
{
	(void)config, (void)err;
	html_parse_init();
	return 0;
}

static struct renderer *html_blocks_create(const void *config, struct nc_error *err)
{
	(void)err;
	struct html_blocks_renderer *r = xcalloc(1, sizeof(*r));
	r->base.ops = &html_blocks_ops;
	if (config)
		r->config = *(const struct html_blocks_config *)config;
	html_parse_init();
	return &r->base;
}

const struct renderer_class html_blocks_renderer_class = {
	.name = "html-blocks",
	.raw_html = 1,
	.check = html_blocks_check,
	.create = html_blocks_create,
};
