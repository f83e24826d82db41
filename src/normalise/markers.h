/* markers.h: the marker contract between HTML normalisation and segmentation.
 *
 * The HTML rules (regex/html.rules) put a marker in front of the text of
 * every heading and list item; the renderer must pass the markers through as
 * text (Lynx prints them like any word); the segmenter starts a heading or a
 * list item where a line begins with one, and removes every marker from the
 * text. Any renderer, Lynx or in-process, honours this contract.
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

/* What regex/html.rules write where a marker goes. */
#define MARKER_HEADING_PLACEHOLDER "@@NC-H@@"
#define MARKER_LIST_ITEM_PLACEHOLDER "@@NC-L@@"

#define MARKER_MAX 32

struct markers {
	char heading[MARKER_MAX];
	char list_item[MARKER_MAX];
};

/* Markers with a fresh random token. */
void markers_init_random(struct markers *markers);

/* Markers that are the placeholders themselves (for tests and fuzzing of
 * the segmenter, whose fixtures are written with the placeholders). */
void markers_init_placeholders(struct markers *markers);

#endif
