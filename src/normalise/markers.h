/* markers.h: the marker contract between HTML normalisation and segmentation.
 *
 * The HTML rules (regex/html.rules) put a marker in front of the text of
 * every heading and list item; the renderer must pass the markers through as
 * text (Lynx prints them like any word); the segmenter starts a heading or a
 * list item where a line begins with one, and removes every marker from the
 * text. Any renderer, Lynx or in-process, honours this contract.
 *
 * A renderer that reads the page's structure itself (render/html-blocks.h)
 * writes the markers where the structure says, from the markers it is
 * given (render_request.markers), and may also name the block element that
 * encloses a line's text with the block marker: a line that begins
 *     <block marker><tag name><space>
 * starts a segment whose `tag` (segment.h) is that element's name. The
 * name must be one of the block tags below (html_block_tags: p, div, li,
 * td, h1..h6, ...); the segmenter maps it to the table's own string, so a
 * segment's tag outlives the segment, and an unknown name to NULL. The
 * block marker counts only at the very start of a line, before a heading
 * or list-item marker. Lynx never writes it, so its segments have no tag.
 *
 * Page text must not be able to forge a marker, or a page could change the
 * types of its segments (and lose the marker's text). So the rule files hold
 * placeholders, and each pipeline replaces them with markers that carry a
 * random 64-bit token (MARKER_HEADING_PLACEHOLDER becomes
 * "@@NC-H-<16 hex digits>@@"). A page cannot know the token; a page that
 * contains the placeholder text itself keeps it as text. The markers have
 * a fixed length, so the layout of a dump does not depend on the token.
 */
#ifndef NC_MARKERS_H
#define NC_MARKERS_H

#include <stddef.h>

/* What regex/html.rules write where a marker goes. */
#define MARKER_HEADING_PLACEHOLDER "@@NC-H@@"
#define MARKER_LIST_ITEM_PLACEHOLDER "@@NC-L@@"
#define MARKER_BLOCK_PLACEHOLDER "@@NC-B@@"
#define MARKER_STATE_PLACEHOLDER "@@NC-S-"   /* a prefix (structure.h) */

#define MARKER_MAX 32

struct markers {
	char heading[MARKER_MAX];
	char list_item[MARKER_MAX];
	char block[MARKER_MAX];
	/* The prefix of a state marker (structure.h): "@@NC-S-<16 hex digits>",
	 * followed in the page by the state's digits and "@@". */
	char state[MARKER_MAX];
};

/* Markers with a fresh random token. */
void markers_init_random(struct markers *markers);

/* Markers that are the placeholders themselves (for tests and fuzzing of
 * the segmenter, whose fixtures are written with the placeholders). */
void markers_init_placeholders(struct markers *markers);

/* --- block tags ---------------------------------------------------------------- */

/* The longest block tag name ("blockquote", "figcaption"). */
#define MARKER_TAG_MAX 10

/* The table's own string for the block tag `name` (`len` bytes, lower
 * case), or NULL when it is not a block tag. */
const char *html_block_tag(const char *name, size_t len);

#endif
