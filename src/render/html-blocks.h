/* html-blocks.h: an in-process renderer that reads a page's block structure
 * with libxml2's HTML parser, for the ICE methods (Hofmann & Weerkamp 2007).
 *
 * Why a parser. ICE works on what a Lynx dump loses: which block element
 * encloses a text, where blocks begin and end, two <br> in a row. libxml2's
 * HTML parser (Debian libxml2) recovers from tag soup the way browsers of
 * its time did (it closes open paragraphs, supplies html and body, ignores
 * stray end tags) and decodes every entity. It is read through SAX
 * callbacks: no tree is built, nesting of any depth costs one stack entry
 * per open block element, and the page's bytes are the only limit.
 *
 * Blocks (layout HTML_BLOCKS: ice-bl, ice-dt, ice-lm). A block is the text
 * between two block boundaries: the start or the end of a block-level
 * element (the table of normalise/markers.h: p, div, li, td, h1-h6, ...),
 * or two or more <br> with nothing but white space between them (one <br>
 * is a space). Its tag is the innermost block element open around it; text
 * outside every block element (bare text, or text before <html>) has the
 * tag "body". Inline elements (a, span, b, font, ...) are transparent.
 * White space runs become one space; a block of white space alone is no
 * block.
 *
 * Lines (layout HTML_LINES: ice-hr). The text of the page, tags removed,
 * split where the text itself has a line break (LF, CR LF or CR): ICE's
 * "text of <body>, tags removed, split into lines". An inline tag goes
 * without a trace ("caf<b>é</b>" stays one word); a block boundary or a
 * <br> becomes a space where no white space is, so that the words on
 * either side stay apart ("three</li><li>Boats" would otherwise be one
 * word) [ours: ICE's tag removal is not described]. Tabs and form feeds
 * become spaces. Blank lines are kept: ice-hr counts them.
 *
 * Never text, in either layout: title, script, style, noscript, template
 * (html_parse_is_hidden()), head, select, textarea, button, object,
 * applet, iframe, map, svg, math (as stage 1's rules drop them for Lynx,
 * and with head the <body>-only rule of ICE; a page without <body>, such
 * as a frameset, keeps the text libxml2 finds outside head: ICE's "top
 * element").
 *
 * The dump. HTML_BLOCKS: each block on a line of its own, a blank line
 * after it: the block marker with the tag, then the heading marker for
 * h1-h6 or the list-item marker for li and dt (normalise/markers.h), then
 * the text. HTML_LINES: the lines as they are, without markers.
 *
 * Charsets, bounds, threads: the parse is html-parse.h's (the page in UTF-8
 * from the charset stage 1 decided, by html_parse_to_utf8(), NUL bytes as
 * spaces, absurd attribute lists cut, a depth limit and a deadline), shared
 * with the builtin renderer; the elements skipped are its hidden ones and
 * those above.
 */
#ifndef NC_HTML_BLOCKS_H
#define NC_HTML_BLOCKS_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "render/renderer.h"

enum html_blocks_layout {
	HTML_BLOCKS,   /* a line per block, with its markers */
	HTML_LINES     /* the text's own lines */
};

struct html_blocks_config {
	enum html_blocks_layout layout;
	double timeout_seconds;   /* the parse's deadline per page; <= 0: none
				     (--timeout, as for every renderer) */
};

/* The class to put in a pipeline's configuration, with an html_blocks_config. */
extern const struct renderer_class html_blocks_renderer_class;

/* Called once per block, in page order, with its tag (a string of the block
 * tag table, never NULL) and its text (UTF-8, white space collapsed and
 * trimmed, never empty). Return 0 to go on, -1 (with `err` filled) to stop. */
typedef int (*html_block_fn)(const char *tag, const char *text, size_t len, void *data,
			     struct nc_error *err);

/* The blocks of the UTF-8 page `html`. Returns 0, or -1 when `fn` stopped,
 * a bound of html-parse.h was reached, or memory ran out
 * (NC_ERR_MEMORY). A page without blocks (empty,
 * binary junk) is no error: `fn` is never called. */
int html_blocks_read(const char *html, size_t len, html_block_fn fn, void *data,
		     struct nc_error *err);

/* The text of the UTF-8 page `html` as HTML_LINES describes it, appended
 * to `out`; at most `max_bytes` (0: no limit), else NC_ERR_LIMIT. */
int html_lines_read(const char *html, size_t len, size_t max_bytes, struct strbuf *out,
		    struct nc_error *err);

#endif
