/* renderer.h: stage 2, from (normalised) HTML to a UTF-8 text dump.
 *
 * A renderer_class describes one way of rendering (Lynx as a child process;
 * the in-process block reader of the ICE methods). Its configuration is shared and
 * read-only; each worker creates its own renderer instance from it, which
 * owns whatever mutable state rendering needs (a child process, a private
 * temporary directory). Every renderer honours the marker contract of
 * normalise/markers.h: marker text in the HTML comes out as text in the dump.
 *
 * Adding a renderer: compose/compose.h says how (one file here, one line in
 * its table).
 *
 * Two kinds of renderer. Lynx renders the page as stage 1 normalised it:
 * the HTML rules have put the markers in (and made every <br> a paragraph
 * break). A renderer that parses the page itself and reads its block
 * structure (render/html-blocks.h, for the ICE methods) says so with
 * `raw_html`: stage 1 then only unwraps the page and finds its charset and
 * title, without the HTML rules, whose surgery would blur the structure,
 * and the renderer writes the markers itself, where headings, list items
 * and blocks are, from render_request.markers.
 *
 * A renderer that reads the page as C strings says so with `drops_after_nul`:
 * Lynx reads its standard input a line at a time into C strings, so a NUL
 * byte there cuts the rest of its line (of an 8 KB piece of a long line:
 * the rest of a minified page), silently. Stage 1 removes NUL bytes from
 * the page for such a renderer (normalise/html.h), as Lynx itself does
 * when it reads a page from a file, and as the in-process renderers do.
 *
 * The dump is UTF-8 (invalid bytes are tolerated: the segmenter removes
 * them), one line per rendered line, blank lines between blocks.
 */
#ifndef NC_RENDERER_H
#define NC_RENDERER_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "normalise/charset-choice.h"
#include "normalise/markers.h"

/* Charsets. Stage 1 has decided the page's charset (normalise/
 * charset-choice.h): a renderer never reads the page's declarations again.
 * An in-process renderer reads the page in `charset->name`. Lynx reads
 * <meta> itself, which is part of the paper's behaviour: it is told to
 * assume `charset->assume`. */
struct render_request {
	const char *html;
	size_t len;
	const struct charset_choice *charset;
	size_t max_output;     /* bytes of dump; larger is an NC_ERR_LIMIT error */
	const struct markers *markers;   /* the pipeline's, for raw_html renderers */
};

struct renderer;

struct renderer_ops {
	/* Append the dump of `request` to `dump`; on error `dump` is unchanged. */
	int (*render)(struct renderer *renderer, const struct render_request *request,
		      struct strbuf *dump, struct nc_error *err);
	/* For a signal handler: stop any work in progress and remove what the
	 * renderer keeps on disk. Async-signal-safe; the process exits after. */
	void (*emergency_stop)(struct renderer *renderer);
	void (*free)(struct renderer *renderer);
};

/* Every implementation starts with this. */
struct renderer {
	const struct renderer_ops *ops;
};

struct renderer_class {
	const char *name;
	int raw_html;   /* renders the page without stage 1's rules (see above) */
	int drops_after_nul;   /* a NUL byte cuts what follows it (see above) */
	/* Can this renderer run at all (is its program installed)? A front
	 * end asks once, before the first page, so that a missing Lynx is a
	 * set-up error and not a failure of every page. */
	int (*check)(const void *config, struct nc_error *err);
	struct renderer *(*create)(const void *config, struct nc_error *err);
};

static inline int renderer_render(struct renderer *renderer, const struct render_request *request,
				  struct strbuf *dump, struct nc_error *err)
{
	return renderer->ops->render(renderer, request, dump, err);
}

static inline void renderer_free(struct renderer *renderer)
{
	if (renderer)
		renderer->ops->free(renderer);
}

#endif
