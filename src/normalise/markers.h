/* markers.h: the marker contract between HTML normalisation and segmentation.
 *
 * The HTML rules (regex/html.rules) put a marker in front of the text of
 * every heading and list item; the renderer must pass the markers through as
 * text (Lynx prints them like any word); the segmenter starts a heading or a
 * list item where a line begins with one, and removes every marker from the
 * text. Any renderer, Lynx or in-process, honours this contract. The markers
 * are plain ASCII that no ordinary page contains.
 */
#ifndef NC_MARKERS_H
#define NC_MARKERS_H

#define MARKER_HEADING "@@NC-H@@"
#define MARKER_LIST_ITEM "@@NC-L@@"

#endif
