/* markers.c: unforgeable markers and the block tags (see markers.h). */
#include "normalise/markers.h"
#include "base/order.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

void markers_init_random(struct markers *markers)
{
	uint64_t token = 0;

	if (getrandom(&token, sizeof(token), 0) != sizeof(token)) {
		/* No entropy source: time and pid still keep a page from knowing. */
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		token = ((uint64_t)ts.tv_nsec << 32) ^ (uint64_t)ts.tv_sec ^ (uint64_t)getpid();
	}
	snprintf(markers->heading, sizeof(markers->heading), "@@NC-H-%016llx@@",
		 (unsigned long long)token);
	snprintf(markers->list_item, sizeof(markers->list_item), "@@NC-L-%016llx@@",
		 (unsigned long long)token);
	snprintf(markers->block, sizeof(markers->block), "@@NC-B-%016llx@@",
		 (unsigned long long)token);
	snprintf(markers->state, sizeof(markers->state), "@@NC-S-%016llx",
		 (unsigned long long)token);
}

void markers_init_placeholders(struct markers *markers)
{
	strcpy(markers->heading, MARKER_HEADING_PLACEHOLDER);
	strcpy(markers->list_item, MARKER_LIST_ITEM_PLACEHOLDER);
	strcpy(markers->block, MARKER_BLOCK_PLACEHOLDER);
	strcpy(markers->state, MARKER_STATE_PLACEHOLDER);
}

/* The block-level elements of HTML 4 and 5 whose boundaries end a block of
 * text (the ICE methods' "block-level elements"), sorted for bsearch. Table
 * rows and cells, list containers and the document's own html and body are
 * among them: text directly inside body is a block whose tag is "body". */
static const char *const block_tags[] = {
	"address", "article", "aside", "blockquote", "body", "caption", "center", "dd",
	"details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
	"footer", "form", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
	"hr", "html", "legend", "li", "main", "menu", "nav", "noframes", "ol", "p", "pre",
	"section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
};

const char *html_block_tag(const char *name, size_t len)
{
	if (len == 0 || len > MARKER_TAG_MAX)
		return NULL;
	struct order_span key = { name, len };
	size_t count = sizeof(block_tags) / sizeof(block_tags[0]);
	const char *const *found =
		bsearch(&key, block_tags, count, sizeof(block_tags[0]), order_span_entry);
	return found ? *found : NULL;
}
