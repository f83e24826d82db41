/* segment.h: stage 3, from a text dump to typed segments.
 *
 * The segmenter reads a dump as a stream of bytes, in chunks of any size, and
 * calls back once per finished segment, so that a dump of any size is cleaned
 * in bounded memory. Per line it
 *   1. drops invalid UTF-8 and control characters (utf8_clean),
 *   2. applies the boilerplate rules of regex/dump.rules (a line the rules
 *      empty counts as a blank line, i.e. a segment break),
 *   3. decides what the line starts: a heading (the stage-1 heading marker),
 *      a list item (the list-item marker, or a Lynx bullet or number), a
 *      block (the block marker, which names the block's tag), or the
 *      continuation of the current segment; a blank line ends a segment,
 *      and so does a state marker that says a block ended
 *      (structure.h, STRUCTURE_BREAK), wherever it stands in the line: the
 *      line is cut there into parts, each counted apart, and the rules of
 *      step 2 see the line whole, the cut as white space; every marker is
 *      removed from the text.
 * Lines of one segment are joined with a space; white space is collapsed and
 * trimmed. A segment longer than SEGMENT_MAX_BYTES is emitted in pieces.
 *
 * The segment passed to the callback is valid only during the call.
 * A segmenter is per worker (it holds the line being built); the rules it
 * applies are shared and read-only, the workspace they write in is the
 * worker's.
 */
#ifndef NC_SEGMENT_H
#define NC_SEGMENT_H

#include <stddef.h>

#include "base/error.h"
#include "base/rules.h"
#include "normalise/markers.h"
#include "normalise/structure.h"
#include "base/limits.h"

/* What the state markers of stage 1 (normalise/structure.h) said of a
 * segment's text: its characters (code points, spaces not counted), and of
 * them those written under each cue (cue_chars[CUE_LINK] / chars is the
 * link density). Counted on the dump's lines before the dump rules: a line
 * the rules shorten counts whole. */
struct segment_structure {
	unsigned chars;
	unsigned cue_chars[CUE_COUNT];
};

enum segment_type {
	SEGMENT_PARAGRAPH = 'p',
	SEGMENT_HEADING = 'h',
	SEGMENT_LIST_ITEM = 'l'
};

struct segment {
	enum segment_type type;
	const char *text;   /* UTF-8, no newlines, no leading/trailing space */
	size_t len;
	/* The block element that encloses the text, when the renderer named it
	 * with the block marker (markers.h): a string of the block tag table,
	 * valid for ever ("p", "div", "td", "h2", ...); NULL when unknown (Lynx
	 * dumps, text dumps). */
	const char *tag;
	/* With SEGMENT_LINES: how many blank lines (lines with nothing but
	 * white space, or that the rules emptied) came between the segment
	 * before (or the start of the dump) and this one; 0 otherwise. A method
	 * that counts lines (ice-hr) needs them; they are not segments. */
	unsigned blank_lines;
	/* With SEGMENT_STRUCTURE: what the page's structure says of the text
	 * (see above); NULL otherwise. It lives as long as `text` does: a
	 * consumer that keeps the segment keeps a copy of both. (A pointer,
	 * not the counts themselves, so that a page of segments without
	 * structure, a text dump's window of 20,000, does not carry 100 bytes
	 * of zeros in each.) */
	const struct segment_structure *structure;
};

/* Return 0 to go on, -1 (with `err` filled) to stop the segmenter. */
typedef int (*segment_fn)(const struct segment *segment, void *data, struct nc_error *err);

enum segmenter_flags {
	SEGMENT_DEFAULT = 0,
	SEGMENT_LINES = 1,      /* every dump line is a segment of its own (no joining) */
	SEGMENT_NO_BULLETS = 2, /* a line starting like a Lynx bullet or number ("* ",
				   "12. ") is text, not a list item: for dumps of a
				   renderer that marks list items itself */
	SEGMENT_STRUCTURE = 4   /* the dump carries state markers (structure.h):
				   segments get their counts, the markers go */
};

struct segmenter;

/* `rules` may be NULL (no boilerplate rules); it and `workspace` are
 * borrowed, not owned; `markers` (normalise/markers.h) is copied. */
struct segmenter *segmenter_new(const struct rule_set *rules, struct rule_workspace *workspace,
				const struct markers *markers, enum segmenter_flags flags,
				segment_fn emit, void *data);
void segmenter_free(struct segmenter *segmenter);

/* Feed the next `len` bytes of the dump. */
int segmenter_feed(struct segmenter *segmenter, const char *buf, size_t len, struct nc_error *err);

/* End of the dump: emit what is pending. The segmenter can then be reused. */
int segmenter_finish(struct segmenter *segmenter, struct nc_error *err);

/* Drop whatever is pending without emitting it (after an error). */
void segmenter_reset(struct segmenter *segmenter);

/* The flags for the next dump (the segmenter must be between dumps). */
void segmenter_set_flags(struct segmenter *segmenter, enum segmenter_flags flags);

/* Where segments go from now on (the segmenter must be between dumps). */
void segmenter_set_output(struct segmenter *segmenter, segment_fn emit, void *data);

/* Segment a whole dump in memory: feed, then finish (or reset on error). */
int segmenter_run(struct segmenter *segmenter, const char *text, size_t len,
		  struct nc_error *err);

#endif
