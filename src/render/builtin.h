/* builtin.h: the builtin renderer, an in-process renderer that writes the
 * dump Lynx would write (`lynx -dump -nolist -width=1024`), at the speed of
 * the HTML parser instead of the speed of starting a process.
 *
 * It takes what the Lynx renderer takes: the page after stage 1 (markers
 * in its text, <br> made paragraph breaks, scripts, images and form
 * controls removed by the HTML rules), and honours the same contract
 * (renderer.h): marker text passes through as text, so the segmenter, the
 * methods and their models see what they see after Lynx. It also renders a
 * raw page (the baseline of --dump) as Lynx would, form controls and image
 * placeholders included.
 *
 * How. The page is converted to UTF-8 and parsed by html-parse.h (libxml2,
 * bounded, with a deadline); the events drive a re-expression of Lynx's
 * HTML layer (its HTML.c) over a model of its text object (dump-lines.h).
 * Lynx's rules, as this renderer applies them:
 *   - Blocks and blank lines. Each block element has a paragraph style
 *     (Lynx's DefaultStyle.c): space before and after, indentation. A
 *     change of style is applied when the next text comes and asks for
 *     max(old space after, new space before) blank lines; <p> asks for its
 *     style's paragraph space, or, inside a list, only a line break; </p>
 *     ends the line; <div> and <center> change style at their start and
 *     end (so two <div> in a row are a blank line apart, a <div> inside a
 *     <div> only a line); <h1>-<h6> have their styles (h1, h2: a blank line
 *     after as well), inside a <div> or table left, centred or right
 *     heading styles; <blockquote>, <address>, <pre>, <dl> have theirs.
 *     Blank lines are never doubled, never at the top or the bottom.
 *   - Lists. <ul>, <ol>, <menu>, <dir>, <dl> nest up to 7 levels of
 *     indentation; an <li> starts a paragraph with a bullet by depth
 *     (* + o # @ - =) in <ul>, "N." (width 2, or a, A, i, I by type;
 *     start= and value= honoured) in <ol>, nothing elsewhere. <dt> starts
 *     a paragraph (no blank line between successive terms), <dd> a line,
 *     indented. A heading directly inside a list is a list header: a line
 *     of its own, no blank lines.
 *   - Tables. Each <tr> starts a line, each cell adds a space: a row is
 *     one line, its cells separated by spaces (Lynx pads cells into
 *     columns; we do not, see below). A <table> changes style as a <div>
 *     does. <caption> is a paragraph "CAPTION: ...".
 *   - <br> ends a line with text (two in a row are one break); <hr> is a
 *     line of underscores between paragraphs; <pre> keeps white space and
 *     line breaks (tabs to 8 columns), anything else collapses white space
 *     to one space, and a no-break space is a space that never collapses.
 *   - Inline marks Lynx prints: <sup> "^", <sub> "[...]", <q> quotes,
 *     <del>/<s>/<strike> "[DEL: ... :DEL]", <ins> "[INS: ... :INS]".
 *   - Images: the alt text; without alt, "[file name]"; alt="" nothing;
 *     <embed> as "[EMBED]". Form fields: text and password fields as their
 *     value padded with "_" to 20 columns, buttons as their label
 *     ("Submit", "Reset" by default), [ ] and ( ) for check boxes and
 *     radio buttons ([X], (*) when checked), a <select> as [its selected
 *     option], a <textarea> as its text in a box of "_" lines, a <button>
 *     as "(BUTTON) ...". Each is a word of its own as in Lynx: images,
 *     embeds, applets and buttons stand between collapsible spaces, every
 *     <input> starts with one (hidden ones too) and a check box or a radio
 *     button ends with one ("Hello<img alt=pic>world" is "Hello pic
 *     world"); in preformatted text a button has none. Frames and inline
 *     frames as "FRAME: name" and "IFRAME: name" lines; the end of an
 *     inline frame is a blank line.
 *   - Never text: head, title, script, style, noscript, template
 *     (html-parse.h), comments.
 *   - Lines are wrapped as Lynx wraps them (dump-lines.h), between two
 *     characters, never inside one: all text goes into a line whole
 *     characters at a time, so the dump is valid UTF-8.
 *   - List numbers: start=, value= as atoi() reads them, and counted on
 *     past 2147483647 to -2147483648, as Lynx's int does (without the
 *     undefined behaviour).
 *
 * Where it knowingly differs from Lynx:
 *   - Tag soup is repaired by libxml2, not by Lynx's SGML parser: where
 *     the two close an unclosed element at different places (a <p> in a
 *     table cell, a block inside an inline element, stray end tags), blank
 *     lines may fall differently. This is most of what differs.
 *   - <noscript> and <template> are hidden (Lynx shows them; stage 1
 *     removes <noscript> before Lynx anyway).
 *   - Cells are separated by one space; Lynx aligns the cells of simple
 *     tables in columns with runs of spaces. Centred and right-aligned
 *     text (<center>, align=, <h1>) is written left-aligned. Both change
 *     only spaces, which the segmenter collapses.
 *   - The page's charset is decided as html-parse.h decides it (the
 *     declared charset, else the request's), not by Lynx's own rules.
 *   - Smaller things seen beside Lynx and left: Lynx checks the first
 *     radio button of a group that has none checked; it keeps an image's
 *     query in "[file name?query]", and writes "[]" (not "[INLINE]") for
 *     an empty src=; an image <input> with alt= is its alt text alone
 *     (here "alt-Submit"); it shows an <embed>'s alt= and an <applet>'s,
 *     a <button>'s value= (or name=) instead of "BUTTON", an image's
 *     title= when it has no alt=.
 *   - An <hr> is as long as in Lynx's Normal style whatever the style
 *     (one underscore longer than Lynx's in a blockquote, for one), and
 *     its width="n%" is not read. </head> does not end the toolbar's
 *     paragraph (only <body> or a sectioning element does): see
 *     HR_RIGHT_INDENT and elements[] in builtin.c.
 *
 * Bounds (renderer.h, html-parse.h): the dump is at most the request's
 * max_output bytes (NC_ERR_LIMIT), the parse has the configuration's
 * deadline (NC_ERR_TIMEOUT), elements nested beyond HTML_PARSE_MAX_DEPTH
 * are laid out as if their tags were not there. Memory that runs out for
 * the page's parse, its dump or a field's text fails the page
 * (NC_ERR_MEMORY), never the program. Each renderer instance keeps nothing
 * between pages but its scratch buffers (a page's conversion to UTF-8, up
 * to a few megabytes).
 */
#ifndef NC_BUILTIN_H
#define NC_BUILTIN_H

#include "render/renderer.h"

struct builtin_config {
	double timeout_seconds;   /* per page; <= 0: no deadline */
};

/* The class to put in a pipeline's configuration, with a builtin_config
 * (or NULL: no deadline). Its name is "builtin". */
extern const struct renderer_class builtin_renderer_class;

/* Is the renderer's table of elements in the order its search needs
 * (base/name-table.h)? For the tests. */
int builtin_element_names_sorted(void);

#endif
