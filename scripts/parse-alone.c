/* parse-alone.c: the reference of scripts/bench.sh's instruction counts
 * (built by make check, so that it cannot fall behind unseen).
 *
 *   parse-alone PAGE...
 *
 * Reads each PAGE whole and parses it with libxml2's SAX parser, with the
 * options the project's parser uses (render/html-parse.c: RECOVER,
 * NOERROR, NOWARNING, NONET, IGNORE_ENC, the input taken as UTF-8), into
 * callbacks that do nothing: no stage 1, no rules, no layout. What no
 * renderer built on libxml2 can undercut, and the first row of issue 33's
 * table: bench.sh prints each run's instructions a page as a multiple of
 * this program's. Prints the pages and bytes parsed; exit status 1 when a
 * page cannot be read or parsed (named on standard error), the others
 * parsed.
 */
#include "config.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include "render/html-parse.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void on_start(void *data, const xmlChar *name, const xmlChar **attributes)
{
	(void)data, (void)name, (void)attributes;
}

static void on_end(void *data, const xmlChar *name)
{
	(void)data, (void)name;
}

static void on_text(void *data, const xmlChar *text, int len)
{
	(void)data, (void)text, (void)len;
}

static void on_comment(void *data, const xmlChar *text)
{
	(void)data, (void)text;
}

static void on_message(void *data, const char *message, ...)
{
	(void)data, (void)message;
}

/* The page at `path`, whole, in a buffer of the caller's (free()); NULL
 * when it cannot be read. */
static char *read_page(const char *path, size_t *len)
{
	FILE *file = fopen(path, "rb");
	char *buf = NULL;
	size_t alloc = 0;
	*len = 0;
	if (!file)
		return NULL;
	for (;;) {
		if (*len == alloc) {
			alloc = alloc ? 2 * alloc : 65536;
			char *grown = realloc(buf, alloc);
			if (!grown)
				break;
			buf = grown;
		}
		size_t n = fread(buf + *len, 1, alloc - *len, file);
		*len += n;
		if (n == 0) {
			int failed = ferror(file);
			fclose(file);
			if (failed) {
				free(buf);
				return NULL;
			}
			return buf;
		}
	}
	fclose(file);
	free(buf);
	return NULL;
}

/* Parse `len` bytes of `html` as html-parse.c does, into the callbacks
 * above: 0, or -1 when libxml2 could not make a context. */
static int parse_page(const char *html, size_t len)
{
	htmlParserCtxtPtr ctxt = htmlCreateMemoryParserCtxt(html, (int)len);
	if (!ctxt)
		return -1;
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
	htmlParseDocument(ctxt);
	ctxt->sax = own;
	if (ctxt->myDoc)
		xmlFreeDoc(ctxt->myDoc);
	htmlFreeParserCtxt(ctxt);
	return 0;
}

int main(int argc, char **argv)
{
	int status = 0;
	size_t pages = 0, bytes = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: parse-alone PAGE...\n");
		return 2;
	}
	xmlInitParser();
	for (int i = 1; i < argc; i++) {
		size_t len;
		char *html = read_page(argv[i], &len);
		if (!html || len > INT_MAX || (len && parse_page(html, len) < 0)) {
			fprintf(stderr, "parse-alone: %s: cannot read or parse it\n", argv[i]);
			status = 1;
		} else {
			pages++;
			bytes += len;
		}
		free(html);
	}
	xmlCleanupParser();
	printf("%zu pages, %zu bytes parsed\n", pages, bytes);
	return status;
}
