/* html-parse.c: the page in UTF-8, the hidden elements, and the bounded
 * libxml2 SAX parse that the in-process renderers share (see html-parse.h). */
#include "render/html-parse.h"
#include "base/ascii.h"
#include "base/utf8.h"
#include "normalise/charset.h"
#include "normalise/charset-choice.h"
#include "normalise/html.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

void html_parse_init(void)
{
	xmlInitParser();   /* libxml2 2.9 wants it before threads parse */
}

/* --- the page in UTF-8 ------------------------------------------------------ */

int html_parse_to_utf8(const struct render_request *request, struct strbuf *utf8,
		       const char **html, size_t *len, struct nc_error *err)
{
	const char *charset = request->charset ? request->charset->name : "utf-8";
	size_t bom_len;
	if (charset_is_utf8(charset) && !charset_of_bom(request->html, request->len, &bom_len) &&
	    utf8_is_valid(request->html, request->len)) {
		*html = request->html;
		*len = request->len;
		return 0;
	}
	/* Room for the page as it is, at once: grown as it is written, the
	 * buffer would reserve half as much again. */
	if (strbuf_try_grow(utf8, request->len) < 0)
		return nc_error_set(err, NC_ERR_MEMORY, "not enough memory to convert the page to "
				    "UTF-8");
	if (charset_to_utf8(charset, request->html, request->len, utf8, err) < 0)
		return -1;
	*html = utf8->buf;
	*len = utf8->len;
	return 0;
}

/* --- elements that are never text -------------------------------------------- */

/* Sorted, for the binary search (base/name-table.h). */
static const char hidden_elements[][NAME_TABLE_SIZE] = {
	"noscript", "script", "style", "template", "title",
};

int html_parse_is_hidden_key(const struct name_key *name)
{
	return NAME_TABLE_FIND(hidden_elements, name) != NULL;
}

int html_parse_is_hidden(const char *name)
{
	struct name_key key;
	return name_key_from(&key, name) == 0 && html_parse_is_hidden_key(&key);
}

/* --- bounding the attributes ---------------------------------------------------- */

static int is_letter(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The page as libxml2 reads it, written as the edits of find_edits() come,
 * in page order: the bytes [from, to) replaced by `insert`. Nothing is
 * copied until the first edit. */
struct page_copy {
	const char *html;
	size_t len;
	size_t copied;        /* html[0, copied) has gone to `out` (after the first edit) */
	struct strbuf *out;
	int started;          /* an edit was made: `out` holds the page */
	int failed;           /* memory ran out: `out` is of no use */
};

static void copy_up_to(struct page_copy *copy, size_t at, const char *insert)
{
	size_t keep = at - copy->copied, extra = strlen(insert);
	if (copy->failed || strbuf_try_grow(copy->out, keep + extra) < 0) {
		copy->failed = 1;
		return;
	}
	strbuf_add(copy->out, copy->html + copy->copied, keep);
	strbuf_add(copy->out, insert, extra);
}

static void edit_add(struct page_copy *copy, size_t from, size_t to, const char *insert)
{
	/* Room for the page at once: edits make it a little longer at most. */
	if (!copy->started && strbuf_try_grow(copy->out, copy->len) < 0)
		copy->failed = 1;
	copy->started = 1;
	copy_up_to(copy, from, insert);
	copy->copied = to;
}

/* An entity name longer than this is no entity (the longest of HTML 4 has
 * 8 letters). */
#define ENTITY_NAME_MAX 32

static int is_alnum(unsigned char c)
{
	return is_letter(c) || (c >= '0' && c <= '9');
}

/* In the text [from, to): a ';' after each "&name" of an HTML 4 entity
 * that has none and is not followed by more of a name (see
 * html_parse_options.complete_entities). */
static void complete_entities(const char *html, size_t from, size_t to, struct page_copy *edits)
{
	while (from < to) {
		const char *amp = memchr(html + from, '&', to - from);
		if (!amp)
			return;
		size_t name = (size_t)(amp - html) + 1, end = name;
		while (end < to && end - name <= ENTITY_NAME_MAX && is_alnum((unsigned char)html[end]))
			end++;
		from = end;
		if (end == name || end - name > ENTITY_NAME_MAX || !is_letter((unsigned char)html[name]) ||
		    (end < to && html[end] == ';'))
			continue;
		char buf[ENTITY_NAME_MAX + 1];
		memcpy(buf, html + name, end - name);
		buf[end - name] = '\0';
		if (htmlEntityLookup((const xmlChar *)buf))
			edit_add(edits, end, end, ";");
	}
}

/* What a run of tags is broken with: a comment, which libxml2 reports
 * (and the parse's clock is read at) and no renderer shows. */
static const char run_break[] = "<!---->";

/* The position of the first "</NAME" (any case) at or after `i`, or `len`. */
static size_t find_end_tag(const char *html, size_t len, size_t i, const char *name,
			   size_t name_len)
{
	while (i < len) {
		const char *lt = memchr(html + i, '<', len - i);
		if (!lt)
			return len;
		i = (size_t)(lt - html);
		if (len - i > name_len + 1 && html[i + 1] == '/' &&
		    !strncasecmp(html + i + 2, name, name_len))
			return i;
		i++;
	}
	return len;
}

/* The position after the first `c` at or after `i`, or `len`. */
static size_t after_char(const char *html, size_t len, size_t i, char c)
{
	const char *at = i < len ? memchr(html + i, c, len - i) : NULL;
	return at ? (size_t)(at - html) + 1 : len;
}

/* Skip one attribute (name, and "= value" if there is one) at `i`. */
static size_t skip_attribute(const char *html, size_t len, size_t i)
{
	while (i < len && !ascii_is_html_space((unsigned char)html[i]) && html[i] != '=' && html[i] != '>')
		i++;
	size_t j = i;
	while (j < len && ascii_is_html_space((unsigned char)html[j]))
		j++;
	if (j >= len || html[j] != '=')
		return i;
	j++;
	while (j < len && ascii_is_html_space((unsigned char)html[j]))
		j++;
	if (j < len && (html[j] == '"' || html[j] == '\'')) {
		const char *close = memchr(html + j + 1, html[j], len - j - 1);
		return close ? (size_t)(close - html) + 1 : len;
	}
	while (j < len && !ascii_is_html_space((unsigned char)html[j]) && html[j] != '>')
		j++;
	return j;
}

/* The start tag whose name begins at `i`: its end (after '>'), with an
 * edit that cuts its attributes beyond the first HTML_PARSE_MAX_ATTRIBUTES;
 * after script and style, the end is where their content ends. */
static size_t scan_start_tag(const char *html, size_t len, size_t i, struct page_copy *edits)
{
	size_t name = i;
	while (i < len && !ascii_is_html_space((unsigned char)html[i]) && html[i] != '>' && html[i] != '/')
		i++;
	size_t name_len = i - name, count = 0, cut = 0;
	for (;;) {
		while (i < len && (ascii_is_html_space((unsigned char)html[i]) || html[i] == '/'))
			i++;
		if (i >= len || html[i] == '>')
			break;
		if (++count == HTML_PARSE_MAX_ATTRIBUTES + 1)
			cut = i;
		i = skip_attribute(html, len, i);
	}
	if (cut)
		edit_add(edits, cut, i, "");
	if (i < len)
		i++;
	if ((name_len == 6 && !strncasecmp(html + name, "script", 6)) ||
	    (name_len == 5 && !strncasecmp(html + name, "style", 5)))
		i = find_end_tag(html, len, i, html + name, name_len);
	return i;
}

/* How it works: the page is read as libxml2 tokenizes it, roughly: a start
 * tag is '<' and a letter, its attributes are names with an optional
 * "= value" (quoted values may hold '>' and spaces) up to '>'; end tags,
 * comments, declarations and the content of script and style are skipped
 * as libxml2 skips them, so that code there never passes for a tag. Two
 * kinds of edit come out:
 *   - a start tag's attributes after the first HTML_PARSE_MAX_ATTRIBUTES
 *     are cut (libxml2's duplicate check is quadratic in their number);
 *   - a run of tags with nothing between them is broken by a comment every
 *     HTML_PARSE_TAG_RUN tags. libxml2 searches its whole stack of open
 *     elements at an end tag that matches none of them (and at a second
 *     <body>), and reports nothing for such a tag: a page of deep nesting
 *     and then stray end tags would run for minutes without one event, so
 *     without one look at the clock. The comment is an event, and the
 *     clock is read there;
 *   - with `entities`, a ';' after an entity name of the text that has none
 *     (complete_entities()).
 * One pass, linear in the page. */
static void find_edits(const char *html, size_t len, int entities, struct page_copy *edits)
{
	size_t i = 0, run = 0, run_end = SIZE_MAX;

	while (i < len) {
		const char *lt = memchr(html + i, '<', len - i);
		size_t at = lt ? (size_t)(lt - html) : len;
		if (entities)
			complete_entities(html, i, at, edits);
		if (!lt)
			return;
		run = at == run_end ? run + 1 : 1;
		if (run > HTML_PARSE_TAG_RUN) {
			edit_add(edits, at, at, run_break);
			run = 1;
		}
		i = at + 1;
		if (len - i >= 3 && !memcmp(html + i, "!--", 3)) {
			const char *close = memmem(html + i + 3, len - i - 3, "-->", 3);
			i = close ? (size_t)(close - html) + 3 : len;
		} else if (i < len && is_letter((unsigned char)html[i])) {
			i = scan_start_tag(html, len, i, edits);
		} else if (i < len && (html[i] == '!' || html[i] == '?' ||
				       (html[i] == '/' && i + 1 < len &&
					is_letter((unsigned char)html[i + 1])))) {
			i = after_char(html, len, i, '>');
		} else {
			run_end = SIZE_MAX;   /* a '<' of the text */
			continue;
		}
		run_end = i;
	}
}

/* The page as libxml2 should see it, NUL bytes as spaces and the edits
 * made, in `copy`; left empty when the page needs no change. -1 when
 * memory runs out. */
static int page_for_libxml2(const char *html, size_t len, int entities, struct strbuf *copy)
{
	struct page_copy edits = { .html = html, .len = len, .out = copy };
	find_edits(html, len, entities, &edits);
	if (!edits.started) {
		if (!memchr(html, '\0', len))
			return 0;
		edit_add(&edits, 0, 0, "");
	}
	copy_up_to(&edits, len, "");
	if (edits.failed) {
		strbuf_release(copy);
		return -1;
	}
	for (char *nul = copy->buf; (nul = memchr(nul, '\0', copy->len - (size_t)(nul - copy->buf)));)
		*nul = ' ';
	return 0;
}

/* --- the parse ---------------------------------------------------------------- */

/* What the SAX callbacks share during one parse. */
struct parse_run {
	const struct html_parse_events *events;
	void *data;
	struct nc_error *err;
	htmlParserCtxtPtr ctxt;
	double timeout, deadline;   /* seconds; deadline on the monotonic clock */
	size_t max_depth, depth;
	unsigned since_clock;       /* events since the clock was last read */
	int failed;                 /* nothing more is passed on once set */
	int out_of_memory;          /* libxml2 ran out of memory */
};

static double monotonic_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void stop(struct parse_run *run)
{
	run->failed = 1;
	xmlStopParser(run->ctxt);
}

/* Every event: is there time left? */
static int in_time(struct parse_run *run)
{
	if (run->timeout <= 0 || run->since_clock++ < HTML_PARSE_CLOCK_EVERY)
		return 1;
	run->since_clock = 0;
	if (monotonic_seconds() <= run->deadline)
		return 1;
	nc_error_set(run->err, NC_ERR_TIMEOUT, "the page took longer than %g seconds to parse",
		     run->timeout);
	stop(run);
	return 0;
}

/* Start and end events deeper than max_depth are not passed on: the
 * elements there read as if their tags were not there. libxml2 balances
 * starts and ends, so counting both keeps the two sides in step. */
static void on_start(void *data, const xmlChar *name, const xmlChar **attributes)
{
	struct parse_run *run = data;
	if (run->failed || !in_time(run))
		return;
	if (++run->depth > HTML_PARSE_MAX_NESTING) {
		nc_error_set(run->err, NC_ERR_LIMIT, "the page nests more than %d elements",
			     HTML_PARSE_MAX_NESTING);
		stop(run);
		return;
	}
	if (run->depth > run->max_depth)
		return;
	if (run->events->start(run->data, (const char *)name,
			       (const char *const *)(const void *)attributes, run->err) < 0)
		stop(run);
}

static void on_end(void *data, const xmlChar *name)
{
	struct parse_run *run = data;
	if (run->failed || !in_time(run))
		return;
	if (run->depth && run->depth-- > run->max_depth)
		return;
	if (run->events->end(run->data, (const char *)name, run->err) < 0)
		stop(run);
}

/* A comment (among them those that break runs of tags): the clock is read
 * now. */
static void on_comment(void *data, const xmlChar *text)
{
	struct parse_run *run = data;
	(void)text;
	if (run->failed)
		return;
	run->since_clock = HTML_PARSE_CLOCK_EVERY;
	in_time(run);
}

static void on_text(void *data, const xmlChar *text, int len)
{
	struct parse_run *run = data;
	if (run->failed || len <= 0 || !in_time(run))
		return;
	if (run->events->text(run->data, (const char *)text, (size_t)len, run->err) < 0)
		stop(run);
}

/* Errors and warnings of the parser: never printed (the library does not
 * print); a page libxml2 recovers from is a page. */
static void on_message(void *data, const char *fmt, ...)
{
	(void)data, (void)fmt;
}

/* Every error libxml2 raises while a page is parsed comes here, those of
 * its buffers and allocations too, which it would otherwise print to
 * standard error ("internal buffer error : Memory allocation failed"):
 * none is printed, and running out of memory fails the page. */
static void on_error(void *data, xmlErrorPtr error)
{
	struct parse_run *run = data;
	if (error && error->code == XML_ERR_NO_MEMORY)
		run->out_of_memory = 1;
}

/* libxml2's error handlers are its thread's own: ours while a page is
 * parsed, the embedding program's again afterwards. */
struct saved_handlers {
	xmlStructuredErrorFunc structured;
	void *structured_data;
	xmlGenericErrorFunc generic;
	void *generic_data;
};

static void silence_libxml2(struct parse_run *run, struct saved_handlers *saved)
{
	saved->structured = xmlStructuredError;
	saved->structured_data = xmlStructuredErrorContext;
	saved->generic = xmlGenericError;
	saved->generic_data = xmlGenericErrorContext;
	xmlSetStructuredErrorFunc(run, on_error);
	xmlSetGenericErrorFunc(run, on_message);
}

static void restore_libxml2(const struct saved_handlers *saved)
{
	xmlSetStructuredErrorFunc(saved->structured_data, saved->structured);
	xmlSetGenericErrorFunc(saved->generic_data, saved->generic);
}

/* A parser context on a copy of the page, as htmlCreateMemoryParserCtxt()
 * makes it, but one that frees what it took when memory runs out (that
 * function of libxml2 2.9 leaks its context then). NULL when memory runs
 * out.
 *
 * Why a copy: libxml2 2.9's HTML parser cannot read a page in place. From
 * a static buffer (xmlParserInputBufferCreateStatic()) it reads the end of
 * the page twice (xmlParserInputShrink() moves such a buffer's start but
 * not the parser's position), and read a piece at a time (an I/O input,
 * as from a file) it cuts an attribute value that spans two pieces. */
static htmlParserCtxtPtr new_context(const char *html, size_t len)
{
	htmlParserCtxtPtr ctxt = htmlNewParserCtxt();
	xmlParserInputBufferPtr buffer =
		ctxt ? xmlParserInputBufferCreateMem(html, (int)len, XML_CHAR_ENCODING_NONE) : NULL;
	xmlParserInputPtr input = buffer ? xmlNewIOInputStream(ctxt, buffer, XML_CHAR_ENCODING_NONE)
					 : NULL;
	if (!input) {
		xmlFreeParserInputBuffer(buffer);
		htmlFreeParserCtxt(ctxt);
		return NULL;
	}
	if (inputPush(ctxt, input) < 0) {   /* it freed `input`, and `buffer` with it */
		htmlFreeParserCtxt(ctxt);
		return NULL;
	}
	return ctxt;
}

/* How it works: libxml2 parses the page into our SAX handler instead of
 * building a tree (the handler replaces the context's own for the parse
 * and is put back before the context is freed, as htmlSAXParseDoc()
 * does). */
static void parse(struct parse_run *run, htmlParserCtxtPtr ctxt)
{
	htmlSAXHandler sax;
	memset(&sax, 0, sizeof(sax));
	sax.startElement = on_start;
	sax.endElement = on_end;
	sax.characters = on_text;
	sax.ignorableWhitespace = on_text;
	sax.comment = on_comment;
	sax.warning = on_message;
	sax.error = on_message;
	sax.fatalError = on_message;
	htmlCtxtUseOptions(ctxt, HTML_PARSE_LIBXML_OPTIONS);
	xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8);
	htmlSAXHandlerPtr own = ctxt->sax;
	ctxt->sax = &sax;
	ctxt->userData = run;
	run->ctxt = ctxt;
	htmlParseDocument(ctxt);
	ctxt->sax = own;
	ctxt->userData = NULL;
	if (ctxt->errNo == XML_ERR_NO_MEMORY)
		run->out_of_memory = 1;
	if (ctxt->myDoc)
		xmlFreeDoc(ctxt->myDoc);   /* none with our handler; just in case */
}

int html_parse(const char *html, size_t len, const struct html_parse_events *events, void *data,
	       const struct html_parse_options *options, struct nc_error *err)
{
	struct parse_run run = { .events = events, .data = data, .err = err };
	struct strbuf copy = STRBUF_INIT;
	struct saved_handlers saved;

	if (len == 0)
		return 0;
	if (len > INT_MAX)
		return nc_error_set(err, NC_ERR_LIMIT, "a page of more than %d bytes", INT_MAX);
	if (options) {
		run.timeout = options->timeout_seconds;
		run.max_depth = options->max_depth;
	}
	if (run.max_depth == 0)
		run.max_depth = SIZE_MAX;
	if (run.timeout > 0)
		run.deadline = monotonic_seconds() + run.timeout;
	if (page_for_libxml2(html, len, options && options->complete_entities, &copy) < 0)
		return nc_error_set(err, NC_ERR_MEMORY, "not enough memory to parse the page "
				    "(%zu bytes)", len);
	if (copy.len) {
		html = copy.buf;
		len = copy.len;
	}
	if (len > INT_MAX) {   /* the edits made it longer */
		strbuf_release(&copy);
		return nc_error_set(err, NC_ERR_LIMIT, "a page of more than %d bytes", INT_MAX);
	}
	silence_libxml2(&run, &saved);
	htmlParserCtxtPtr ctxt = new_context(html, len);
	if (ctxt) {
		parse(&run, ctxt);
		htmlFreeParserCtxt(ctxt);
	}
	restore_libxml2(&saved);
	strbuf_release(&copy);
	if (run.failed)
		return -1;   /* a callback's error, a bound's */
	if (!ctxt || run.out_of_memory)
		return nc_error_set(err, NC_ERR_MEMORY, "not enough memory to parse the page "
				    "(%zu bytes)", len);
	return 0;
}
