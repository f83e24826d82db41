/* html-parse.h: what the in-process renderers share (render/html-blocks.h
 * for the ICE methods, render/builtin.h for the Lynx-like dump): the page
 * in UTF-8, the elements whose content is never text, and one bounded parse
 * of a page with libxml2's HTML parser, read as a stream of events.
 *
 * The parse. libxml2's SAX HTML parser (Debian libxml2; why libxml2 and not
 * gumbo: configure.ac) reads the page from memory and calls back with start
 * tags (their attributes), end tags and text, in document order: no tree is
 * built, so memory is the page, libxml2's stack of open elements and what
 * the caller keeps. libxml2 closes what the page leaves open and balances
 * every start with an end; it decodes every entity, and it is told that
 * the bytes are UTF-8 and to ignore what the page declares (the charset is
 * decided before: html_parse_to_utf8()). NUL bytes become spaces (libxml2
 * would end a text at one).
 *
 * Memory. libxml2 parses a copy of the page of its own (about 1.3 times
 * the page: its buffer grows by doubling; see html-parse.c, new_context(),
 * for why it cannot read the caller's); a page that needs the edits below
 * (or has NUL bytes) is copied once more first. Running out of memory
 * anywhere in the parse, libxml2's own allocations included, fails the
 * page (NC_ERR_MEMORY) and nothing else: no event after it is passed on,
 * and libxml2 prints nothing (its error handlers are ours during a parse,
 * the caller's again afterwards).
 *
 * Bounds. A parse stops with an error, never runs on unbounded:
 *   - at the caller's deadline (NC_ERR_TIMEOUT): the clock is read every
 *     HTML_PARSE_CLOCK_EVERY events and at every comment, and the parser
 *     stopped there;
 *   - at more than HTML_PARSE_MAX_NESTING open elements (NC_ERR_LIMIT);
 *   - a page of more than INT_MAX bytes (NC_ERR_LIMIT: libxml2's limit).
 * Elements nested deeper than max_depth are flattened (their tags are not
 * passed on, their text is), which bounds what a caller keeps per open
 * element.
 * And what makes libxml2 quadratic is dealt with before it parses: a start
 * tag with more than HTML_PARSE_MAX_ATTRIBUTES attributes keeps its first
 * ones (libxml2 compares each attribute's name with every earlier one: a
 * tag of 100,000 attributes took 9 s, 200,000 took 40 s), and a long run of
 * tags gets a comment where the clock is read (HTML_PARSE_TAG_RUN).
 *
 * Threads. html_parse_init() (libxml2's global set-up) must have run once
 * before parses run in several threads; each parse has its own parser
 * context, and any number run at once.
 */
#ifndef NC_HTML_PARSE_H
#define NC_HTML_PARSE_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "render/renderer.h"
#include "base/limits.h"
#include "base/name-table.h"

/* libxml2's options for a page's parse (its messages off, no network, the
 * bytes already UTF-8); the benchmark's parse-alone reference
 * (scripts/parse-alone.c) parses with them too. The user of the macro
 * includes <libxml/HTMLparser.h>. */
#define HTML_PARSE_LIBXML_OPTIONS                                                       \
	(HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET | \
	 HTML_PARSE_IGNORE_ENC)

/* The deadline of a page in seconds where the configuration names none
 * (that of Lynx, cli.h's default --timeout). */
#define HTML_PARSE_DEFAULT_TIMEOUT 10.0

/* The longest run of tags without a byte between them that libxml2 parses
 * without an event; see html-parse.c, find_edits(). A longer run gets a
 * comment. With HTML_PARSE_MAX_NESTING it bounds the work between two
 * looks at the clock to about 32 million string comparisons (tens of
 * milliseconds); runs this long are rare in real pages, which are then
 * parsed as they are. */
#define HTML_PARSE_TAG_RUN 32

/* How many events go by between two readings of the clock: often enough
 * that a deadline is missed by milliseconds, rarely enough to cost
 * nothing. */
#define HTML_PARSE_CLOCK_EVERY 256

/* libxml2's global set-up: call before the first parse, in the thread that
 * creates the workers. Idempotent. */
void html_parse_init(void);

/* --- the page in UTF-8 ------------------------------------------------------ */

/* The page of `request` in UTF-8, read in the charset stage 1 decided
 * (request->charset; renderer.h): in *html and *len. When the request's
 * bytes are UTF-8 already (every page in the default policy: stage 1
 * converts it) and valid, they are the page, and nothing is copied;
 * otherwise the page is converted into `utf8` (invalid bytes as U+FFFD, a
 * byte order mark dropped). The one place where an in-process renderer
 * reads a page's charset. */
int html_parse_to_utf8(const struct render_request *request, struct strbuf *utf8,
		       const char **html, size_t *len, struct nc_error *err);

/* --- elements that are never text -------------------------------------------- */

/* Is `name` (lower case) an element whose content is never page text in any
 * in-process renderer: title, script, style, noscript, template? Browsers
 * show none of it; stage 1 removes the same (but the title) for Lynx. */
int html_parse_is_hidden(const char *name);

/* The same for a name packed by name_key_from(), for callers that look the
 * name up in tables of their own too. */
int html_parse_is_hidden_key(const struct name_key *name);

/* --- the parse ---------------------------------------------------------------- */

/* The events of a parse, in document order. `name` is lower case;
 * `attributes` holds name, value pairs and ends with NULL (a value may be
 * NULL: an attribute without a value), or is NULL; text is UTF-8 with
 * entities decoded, possibly in several pieces. Return 0 to go on, or -1
 * with `err` filled to stop the parse (html_parse() then returns -1). */
struct html_parse_events {
	int (*start)(void *data, const char *name, const char *const *attributes,
		     struct nc_error *err);
	int (*end)(void *data, const char *name, struct nc_error *err);
	int (*text)(void *data, const char *text, size_t len, struct nc_error *err);
};

struct html_parse_options {
	double timeout_seconds;   /* per parse; <= 0: no deadline */
	size_t max_depth;         /* open elements passed on; 0: no limit */
	/* Read a character entity without its ';' ("&nbsp ", "&copy 2012")
	 * as SGML and Lynx read it: the name of an HTML 4 entity followed by a
	 * character that cannot continue a name is the entity. libxml2 reads
	 * it as text. (In text only, not in attribute values.) */
	int complete_entities;
};

/* Parse the UTF-8 page `html` (`options` may be NULL: no bounds, libxml2's
 * reading). Returns 0, or -1 when a callback stopped the parse, a limit
 * was reached, or memory ran out (NC_ERR_MEMORY). An empty page is no
 * error: no event comes. */
int html_parse(const char *html, size_t len, const struct html_parse_events *events, void *data,
	       const struct html_parse_options *options, struct nc_error *err);

#endif
