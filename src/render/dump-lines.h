/* dump-lines.h: the lines of a dump as Lynx composes them, for the builtin
 * renderer (render/builtin.h): text goes into the current line, which is
 * indented, wrapped and finished into the dump; blank lines between
 * paragraphs are asked for, never doubled, never at the top or the bottom.
 *
 * The model is Lynx's text object (GridText.c), re-expressed: a paragraph
 * style says how many blank lines go before and after a block and how far
 * its first and later lines are indented; a change of style is applied
 * lazily by the caller (the element layer) and asks for the larger of the
 * old style's space after and the new one's space before. Blank lines
 * asked for where there are some already are not added again; blank lines
 * at the top of the dump are never written, and those at its bottom are
 * removed when the dump is finished.
 *
 * Wrapping, as Lynx wraps at -width=1024 (measured on Lynx 2.9.0): a line's
 * text (its indent aside) is cut at its last space once it would reach
 * DUMP_LINES_MAX_CHARS characters, or once a multibyte character would
 * start beyond DUMP_LINES_MAX_BYTES - 6 bytes; the space at the cut is
 * dropped and the rest goes on on the next line. A line without a space is
 * cut where it stands (Lynx may cut inside a UTF-8 sequence there; we cut
 * between characters). Trailing spaces of a line are never written.
 *
 * Memory: the dump (the caller's), the current line. Output beyond
 * `max_bytes` sets `failed` to DUMP_LINES_FULL and is dropped: the caller
 * reports NC_ERR_LIMIT. The dump grows with the page, so memory for it may
 * run out: `failed` is then DUMP_LINES_NO_MEMORY and the output dropped
 * as well (NC_ERR_MEMORY), never the end of the program. The current line
 * is short (a line's bytes, and a word).
 */
#ifndef NC_DUMP_LINES_H
#define NC_DUMP_LINES_H

#include <stddef.h>

#include "base/strbuf.h"

/* A line's text holds at most this many characters (measured). */
#define DUMP_LINES_MAX_CHARS 1005
/* ...and at most this many bytes (Lynx's MAX_LINE - 1). */
#define DUMP_LINES_MAX_BYTES 1023

/* A no-break space for dump_lines_add(): written as a space, never a place
 * to cut, and not text: a line of nothing else is empty (as in Lynx,
 * which keeps it as a control character until the line is written). */
#define DUMP_LINES_NBSP "\001"

/* A paragraph style: blank lines before and after, indentation of the
 * first and of the other lines of a paragraph. */
struct dump_style {
	unsigned char space_before, space_after;
	unsigned char indent_first, indent_left;
};

/* Why the dump stopped taking lines. */
enum dump_lines_failure {
	DUMP_LINES_OK = 0,
	DUMP_LINES_FULL,             /* it reached max_bytes */
	DUMP_LINES_NO_MEMORY         /* it could not grow */
};

struct dump_lines {
	struct strbuf *out;          /* finished lines */
	size_t max_bytes;            /* of `out`; 0: no limit */
	enum dump_lines_failure failed;
	const struct dump_style *style;   /* the style in effect */
	struct strbuf line;          /* the current line's text, without indent */
	size_t chars;                /* characters in `line` */
	size_t split;                /* where `line` may be cut (after a space), 0: nowhere */
	int has_text;                /* `line` holds more than no-break spaces */
	unsigned indent;             /* of the current line, set by its first character */
	int indent_fixed;            /* ...or by a tab before it */
	int in_line_1;               /* the current line is a paragraph's first */
	unsigned blank_run;          /* blank lines at the end of `out` */
	int started;                 /* a line has been finished */
	char last_char;              /* Lynx's "last character": ' ' absorbs spaces */
};

void dump_lines_init(struct dump_lines *lines, struct strbuf *out, size_t max_bytes,
		     const struct dump_style *style);
void dump_lines_release(struct dump_lines *lines);

/* Is there no text on the current line (Lynx's HText_LastLineEmpty)? */
static inline int dump_lines_empty(const struct dump_lines *lines)
{
	return !lines->has_text;
}

/* Is the line before the current one blank, or is there none? */
static inline int dump_lines_previous_empty(const struct dump_lines *lines)
{
	return !lines->started || lines->blank_run > 0;
}

/* Finish the current line; the next is a paragraph's first when
 * `paragraph` (Lynx's '\n'; '\r' otherwise). */
void dump_lines_break(struct dump_lines *lines, int paragraph);

/* Ask for `count` blank lines before the next text: counting those there
 * are, and finishing the current line when it has text. None at the top. */
void dump_lines_blank(struct dump_lines *lines, unsigned count);

/* A new paragraph in the current style: max(space after, space before)
 * blank lines. */
void dump_lines_paragraph(struct dump_lines *lines);

/* Change to `style`: max(old space after, new space before) blank lines. */
void dump_lines_set_style(struct dump_lines *lines, const struct dump_style *style);

/* Remove one blank line just above the current (empty) line. */
void dump_lines_remove_blank(struct dump_lines *lines);

/* Add one character (UTF-8, `len` bytes) to the current line, wrapping as
 * Lynx does. A space is an ordinary character here: collapsing is the
 * caller's. */
void dump_lines_add(struct dump_lines *lines, const char *utf8, size_t len);

/* dump_lines_add() for each character of `utf8` (`len` bytes, neither
 * spaces nor no-break spaces), in one step when the line has room. */
void dump_lines_add_word(struct dump_lines *lines, const char *utf8, size_t len);

/* A tab: to the next multiple of 8 columns (preformatted text), or, in the
 * first line of a paragraph, to the style's left indent (a <dd> after its
 * <dt>), else a new line. */
void dump_lines_tab(struct dump_lines *lines, int preformatted);

/* The last line written, trailing blank lines removed. */
void dump_lines_finish(struct dump_lines *lines);

#endif
