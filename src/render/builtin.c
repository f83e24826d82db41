/* builtin.c: the builtin renderer (see builtin.h): the events of
 * html-parse.h laid out as Lynx's HTML layer lays out elements, over the
 * lines of dump-lines.h. The comments name the Lynx behaviour each step
 * reproduces; the code is ours. */
#include "render/builtin.h"
#include "render/dump-lines.h"
#include "render/html-parse.h"
#include "base/alloc.h"
#include "base/name-table.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- paragraph styles (Lynx's DefaultStyle.c) ----------------------------------- */

/* Lynx compares styles by identity, not by value: a change from one style
 * to another with the same figures still asks for blank lines. So each
 * style is an object of its own. */
enum { LIST_LEVELS = 7 };

struct styles {
	struct dump_style normal, div_left, div_center, div_right, banner, blockquote,
		note, address, pre, example, listing;
	struct dump_style heading[6], heading_left, heading_center, heading_right;
	struct dump_style list[LIST_LEVELS], menu[LIST_LEVELS], glossary[LIST_LEVELS],
		glossary_compact[LIST_LEVELS];
};

#define STYLE(before, after, first, left) { before, after, first, left }

static const struct styles lynx_styles = {
	.normal = STYLE(1, 0, 3, 3),
	.div_left = STYLE(1, 0, 3, 3),
	.div_center = STYLE(1, 0, 3, 3),
	.div_right = STYLE(1, 0, 3, 3),
	.banner = STYLE(1, 0, 3, 3),
	.blockquote = STYLE(1, 0, 5, 5),
	.note = STYLE(1, 0, 5, 5),
	.address = STYLE(2, 0, 4, 4),
	.pre = STYLE(0, 0, 0, 0),
	.example = STYLE(0, 0, 0, 0),
	.listing = STYLE(0, 0, 0, 0),
	.heading = { STYLE(1, 1, 0, 0), STYLE(1, 1, 0, 0), STYLE(1, 0, 2, 2), STYLE(1, 0, 4, 4),
		     STYLE(1, 0, 6, 6), STYLE(1, 0, 8, 8) },
	.heading_left = STYLE(1, 0, 0, 0),
	.heading_center = STYLE(1, 0, 0, 0),
	.heading_right = STYLE(1, 0, 0, 0),
	.list = { STYLE(0, 0, 3, 7), STYLE(0, 0, 8, 12), STYLE(0, 0, 13, 17), STYLE(0, 0, 18, 22),
		  STYLE(0, 0, 23, 27), STYLE(0, 0, 28, 32), STYLE(0, 0, 33, 37) },
	.menu = { STYLE(0, 0, 3, 7), STYLE(0, 0, 8, 12), STYLE(0, 0, 13, 17), STYLE(0, 0, 18, 22),
		  STYLE(0, 0, 23, 27), STYLE(0, 0, 28, 33), STYLE(0, 0, 33, 38) },
	.glossary = { STYLE(1, 1, 3, 10), STYLE(1, 1, 8, 16), STYLE(1, 1, 14, 22),
		      STYLE(1, 1, 20, 28), STYLE(1, 1, 26, 34), STYLE(1, 1, 32, 40),
		      STYLE(1, 1, 38, 46) },
	.glossary_compact = { STYLE(0, 0, 3, 10), STYLE(0, 0, 8, 15), STYLE(0, 0, 13, 20),
			      STYLE(0, 0, 18, 25), STYLE(0, 0, 23, 30), STYLE(0, 0, 28, 35),
			      STYLE(0, 0, 33, 40) },
};

static const struct styles *const S = &lynx_styles;

/* The style of a list `level` deep (Lynx's List_Nesting_Level, 0 for the
 * outermost): the table's first entry at 0, its last from 6 on. */
static const struct dump_style *level_style(const struct dump_style *table, int level)
{
	return &table[level <= 0 ? 0 : level >= LIST_LEVELS - 1 ? LIST_LEVELS - 1 : level];
}

/* --- elements ------------------------------------------------------------------ */

enum element_kind {
	EL_INLINE = 1,   /* no layout of its own */
	EL_BLOCK,        /* no layout at its start; its end restores the style */
	EL_EMPTY,        /* a void element with no layout */
	EL_A, EL_ADDRESS, EL_APPLET, EL_BANNER, EL_BLOCKQUOTE, EL_BR, EL_BUTTON, EL_CAPTION,
	EL_CENTER, EL_DD, EL_DEL, EL_DIV, EL_DL, EL_DLC, EL_DT, EL_EMBED, EL_FIELDSET, EL_FN,
	EL_FORM, EL_FRAME, EL_H1, EL_H2, EL_H3, EL_H4, EL_H5, EL_H6, EL_HR, EL_IFRAME, EL_IMG,
	EL_INPUT, EL_INS, EL_LEGEND, EL_LH, EL_LI, EL_LISTING, EL_MATH, EL_MENU, EL_NOFRAMES,
	EL_NOTE, EL_OL, EL_OPTION, EL_P, EL_PRE, EL_Q, EL_SELECT, EL_SHY, EL_SUB, EL_SUP,
	EL_TABLE, EL_TBODY, EL_TD, EL_TEXTAREA, EL_TR, EL_UL, EL_XMP,
	EL_BODY, EL_SECTION, EL_LINK,
	EL_KINDS   /* the number of kinds, for element_handling[] */
};

struct element {
	char name[NAME_TABLE_SIZE];
	unsigned char kind;
};

/* The elements Lynx knows (its DTD), sorted (base/name-table.h); any other
 * tag is ignored, as Lynx ignores it (its text stays). What each kind does
 * is its row of element_handling[] (below, after the handlers).
 *
 * <head> is deliberately not among them. It used to be, out of order,
 * where the binary search never found it, so dumps have always been laid
 * out as if <head> were unknown: Lynx's paragraph break after the toolbar
 * at </head> never ran here (<body> and the sectioning elements still give
 * it). Adding "head" would change dumps; it stays out until that change is
 * wanted and measured against Lynx. */
static const struct element elements[] = {
	{ "a", EL_A }, { "abbr", EL_INLINE }, { "acronym", EL_INLINE },
	{ "address", EL_ADDRESS }, { "applet", EL_APPLET }, { "area", EL_EMPTY },
	{ "article", EL_SECTION }, { "aside", EL_SECTION }, { "au", EL_INLINE },
	{ "author", EL_INLINE }, { "b", EL_INLINE }, { "banner", EL_BANNER },
	{ "base", EL_EMPTY }, { "basefont", EL_EMPTY }, { "bdo", EL_INLINE },
	{ "bgsound", EL_EMPTY }, { "big", EL_INLINE }, { "blink", EL_INLINE },
	{ "blockquote", EL_BLOCKQUOTE }, { "body", EL_BODY }, { "bodytext", EL_INLINE },
	{ "bq", EL_BLOCKQUOTE }, { "br", EL_BR }, { "button", EL_BUTTON },
	{ "caption", EL_CAPTION }, { "center", EL_CENTER }, { "cite", EL_INLINE },
	{ "code", EL_INLINE }, { "col", EL_EMPTY }, { "colgroup", EL_INLINE },
	{ "credit", EL_CAPTION }, { "dd", EL_DD }, { "del", EL_DEL }, { "dfn", EL_INLINE },
	{ "dir", EL_MENU }, { "div", EL_DIV }, { "dl", EL_DL }, { "dlc", EL_DLC },
	{ "dt", EL_DT }, { "em", EL_INLINE }, { "embed", EL_EMBED },
	{ "fieldset", EL_FIELDSET }, { "fig", EL_BLOCK }, { "figure", EL_BLOCK },
	{ "fn", EL_FN }, { "font", EL_INLINE }, { "footer", EL_SECTION }, { "form", EL_FORM },
	{ "frame", EL_FRAME }, { "frameset", EL_BLOCK }, { "h1", EL_H1 }, { "h2", EL_H2 },
	{ "h3", EL_H3 }, { "h4", EL_H4 }, { "h5", EL_H5 }, { "h6", EL_H6 },
	{ "header", EL_SECTION }, { "hr", EL_HR }, { "html", EL_INLINE },
	{ "hy", EL_SHY }, { "i", EL_INLINE }, { "iframe", EL_IFRAME }, { "img", EL_IMG },
	{ "input", EL_INPUT }, { "ins", EL_INS }, { "isindex", EL_EMPTY },
	{ "kbd", EL_INLINE }, { "keygen", EL_EMPTY }, { "label", EL_INLINE },
	{ "legend", EL_LEGEND }, { "lh", EL_LH }, { "li", EL_LI }, { "link", EL_LINK },
	{ "listing", EL_LISTING }, { "main", EL_SECTION }, { "map", EL_INLINE },
	{ "marquee", EL_BANNER }, { "math", EL_MATH }, { "menu", EL_MENU },
	{ "meta", EL_EMPTY }, { "nav", EL_SECTION }, { "nextid", EL_EMPTY },
	{ "noframes", EL_NOFRAMES }, { "note", EL_NOTE },
	{ "object", EL_INLINE }, { "ol", EL_OL }, { "option", EL_OPTION },
	{ "overlay", EL_EMPTY }, { "p", EL_P }, { "param", EL_EMPTY },
	{ "plaintext", EL_XMP }, { "pre", EL_PRE }, { "q", EL_Q }, { "s", EL_DEL },
	{ "samp", EL_INLINE }, { "section", EL_SECTION },
	{ "select", EL_SELECT }, { "shy", EL_SHY }, { "small", EL_INLINE },
	{ "span", EL_INLINE }, { "spot", EL_EMPTY }, { "strike", EL_DEL },
	{ "strong", EL_INLINE }, { "sub", EL_SUB }, { "sup", EL_SUP },
	{ "tab", EL_EMPTY }, { "table", EL_TABLE }, { "tbody", EL_TBODY }, { "td", EL_TD },
	{ "textarea", EL_TEXTAREA }, { "textflow", EL_INLINE },
	{ "tfoot", EL_TBODY }, { "th", EL_TD }, { "thead", EL_TBODY },
	{ "tr", EL_TR }, { "tt", EL_INLINE }, { "u", EL_INLINE }, { "ul", EL_UL },
	{ "var", EL_INLINE }, { "wbr", EL_EMPTY }, { "xmp", EL_XMP },
};

static int element_kind(const struct name_key *name)
{
	const struct element *found = NAME_TABLE_FIND(elements, name);
	return found ? found->kind : 0;
}

int builtin_element_names_sorted(void)
{
	return NAME_TABLE_SORTED(elements);
}

static const char *attribute(const char *const *attributes, const char *name)
{
	for (; attributes && attributes[0]; attributes += 2)
		if (!strcasecmp(attributes[0], name))
			return attributes[1] ? attributes[1] : "";
	return NULL;
}

static int has_attribute(const char *const *attributes, const char *name)
{
	return attribute(attributes, name) != NULL;
}

/* --- the layout state (Lynx's HTStructured) ----------------------------------------- */

struct open_element {
	unsigned char kind;
	const struct dump_style *style;   /* the style in effect inside it */
};

/* Ordered lists: Lynx counts per nesting level, up to 12 levels. */
enum { OL_LEVELS = 12 };
#define OL_VOID (-29998)       /* no count set */
#define OL_CONTINUE (-29999)   /* continue="": go on from the enclosing list */

/* A form field whose text is collected before it is shown. */
enum field_kind { FIELD_NONE, FIELD_SELECT, FIELD_TEXTAREA, FIELD_MATH };

struct layout {
	struct dump_lines lines;
	struct open_element *stack;   /* open elements, innermost last */
	size_t depth, alloc;
	const struct dump_style *new_style;   /* the style text will be in */
	int style_change;                     /* ...which is not yet applied */
	int in_word, in_p, in_pre, in_a, in_label;
	int list_level, division_level;
	int ol_counter[OL_LEVELS];
	char ol_type[OL_LEVELS];
	int last_ol_count;
	char last_ol_type;
	int quote_level;
	int toolbar;                  /* a <link> of the head was shown */
	unsigned tables;              /* open tables (outside preformatted text) */
	unsigned hidden;              /* open hidden elements */
	/* form fields */
	enum field_kind field;
	struct strbuf field_text;     /* a textarea's text, or the options so far */
	struct strbuf selected;       /* the selected option's text */
	size_t field_cols, field_rows;   /* a textarea's box */
	int option_open, option_selected, have_selected;
	int out_of_memory;            /* a field's text could not grow */
	struct nc_error *err;
};

/* A start or end tag as the element handlers see it (element_handling[]). */
struct tag {
	int kind;
	const char *const *attributes;   /* name, value, ..., NULL; NULL at an end */
	const struct dump_style *style;  /* the element's own style, if its row has one */
	const char *label;               /* what Lynx writes at its start, if anything */
};

/* --- Lynx's text-level helpers ----------------------------------------------------- */

static const struct dump_style *parent_style(const struct layout *L)
{
	return L->depth ? L->stack[L->depth - 1].style : &S->normal;
}

static int parent_kind(const struct layout *L, size_t up)
{
	return L->depth > up ? L->stack[L->depth - 1 - up].kind : 0;
}

/* Lynx's change_paragraph_style(): applied when text comes. */
static void change_style(struct layout *L, const struct dump_style *style)
{
	if (L->new_style != style) {
		L->style_change = 1;
		L->new_style = style;
	}
	L->in_word = 0;
}

/* Lynx's UPDATE_STYLE. */
static void update_style(struct layout *L)
{
	if (L->style_change) {
		dump_lines_set_style(&L->lines, L->new_style);
		L->style_change = 0;
	}
}

/* change_paragraph_style() to the enclosing element's style, as Lynx does
 * at most ends (the element is popped first; "often won't really
 * change"). */
static void restore_style(struct layout *L)
{
	change_style(L, parent_style(L));
}

/* HText_appendCharacter() of '\r': a line break within a paragraph. */
static void line_break(struct layout *L)
{
	dump_lines_break(&L->lines, 0);
}

/* Lynx's "absorb white space" and '\r' when the current line has text
 * (<br>, <hr>, table rows): 1 when a line was ended. */
static int end_line(struct layout *L)
{
	if (dump_lines_empty(&L->lines))
		return 0;
	L->lines.last_char = ' ';
	line_break(L);
	return 1;
}

/* Lynx's LYEnsureDoubleSpace(): a blank line before what follows. */
static void ensure_double_space(struct layout *L)
{
	if (!dump_lines_empty(&L->lines)) {
		line_break(L);
		line_break(L);
	} else if (!dump_lines_previous_empty(&L->lines)) {
		line_break(L);
	} else if (L->list_level >= 0) {
		L->lines.in_line_1 = 0;
	}
	L->in_word = 0;
}

/* Lynx's LYEnsureSingleSpace(): what follows on a line of its own. */
static void ensure_single_space(struct layout *L)
{
	if (!dump_lines_empty(&L->lines))
		line_break(L);
	else if (L->list_level >= 0)
		L->lines.in_line_1 = 0;
	L->in_word = 0;
}

/* The length of the UTF-8 character at `s`, at most `left`. The page is
 * valid UTF-8 (html_parse_to_utf8()), so are its text and attribute values:
 * whatever goes into a line goes in whole characters, which is what keeps
 * a line wrapped between two bytes of one character out of the dump. */
static size_t char_length(const char *s, size_t left)
{
	unsigned char c = (unsigned char)s[0];
	size_t n = c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
	return n <= left ? n : left;
}

/* HText_appendCharacter() of one character (UTF-8), or of a no-break
 * space (DUMP_LINES_NBSP). */
static void append(struct layout *L, const char *utf8, size_t len)
{
	dump_lines_add(&L->lines, utf8, len);
}

/* Lynx's HTML_put_character() for one character of free-format text:
 * white space collapses to one space; a pending style change is applied
 * by the first character that is not white space. */
static void put_char(struct layout *L, const char *utf8, size_t len)
{
	char c = utf8[0];
	if (L->style_change) {
		if (c == '\n' || c == ' ' || c == '\t')
			return;
		update_style(L);
	}
	if (c == '\n') {
		if (L->in_word) {
			if (L->lines.last_char != ' ') {
				L->in_p = 1;
				append(L, " ", 1);
			}
			L->in_word = 0;
		}
	} else if (c == ' ' || c == '\t') {
		if (L->lines.last_char != ' ') {
			L->in_p = 1;
			append(L, " ", 1);
		}
	} else {
		L->in_p = 1;
		L->in_label = 0;
		append(L, utf8, len);
		L->in_word = 1;
	}
	if (c == '\n' || c == '\t')
		L->lines.last_char = ' ';
}

/* put_char() for each character of a run of white space (' ', '\t',
 * '\n', and '\r', which put_text_char() drops) in one step. Only the
 * first character can add a space: after it Lynx's last character is a
 * space whatever it was, and no other adds one; a line break in the run
 * ends the word. A pending style change lets the whole run pass. */
static void put_spaces(struct layout *L, const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && s[i] == '\r')
		i++;
	if (i == len || L->style_change)
		return;
	put_char(L, s + i, 1);
	if (memchr(s + i + 1, '\n', len - i - 1))
		L->in_word = 0;
}

static int is_text_space(unsigned char c)
{
	return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

/* put_char() for each character of a word: `len` bytes without white
 * space, control characters or the characters put_text_char() treats
 * specially. */
static void put_word(struct layout *L, const char *utf8, size_t len)
{
	update_style(L);
	L->in_p = 1;
	L->in_label = 0;
	dump_lines_add_word(&L->lines, utf8, len);
	L->in_word = 1;
}

/* Lynx's HTML_put_character() inside <pre>: everything is kept but the
 * line break right after the start tag. */
static void put_pre_char(struct layout *L, const char *utf8, size_t len)
{
	char c = utf8[0];
	if (!(c == '\n' && !L->in_pre)) {
		L->in_p = 1;
		L->in_label = 0;
		if (c == '\n')
			dump_lines_break(&L->lines, 1);
		else if (c == '\t')
			dump_lines_tab(&L->lines, 1);
		else
			append(L, utf8, len);
	}
	L->in_pre = 1;
}

/* Lynx's HTML_put_string(). */
static void put_string(struct layout *L, const char *s)
{
	for (; *s; s++)
		put_char(L, s, 1);
}

/* A no-break space through HTML_put_character(): not white space. */
static void put_nbsp(struct layout *L)
{
	put_char(L, DUMP_LINES_NBSP, 1);
}

/* The collapsible space Lynx puts around what stands for an image, an
 * embedded object or a form field, so that it is a word of its own
 * ("Hello<img alt=pic>world" is "Hello pic world"). */
static void put_separator(struct layout *L)
{
	put_char(L, " ", 1);
	L->in_word = 0;
}

/* A marker Lynx writes for an element ("[DEL:", "NOTE:", "IFRAME:"), then
 * a collapsible space: what follows is a word of its own. */
static void put_marker(struct layout *L, const char *marker)
{
	put_string(L, marker);
	put_separator(L);
}

/* A marker that labels a block (<note>, <fn>, <caption>): a <p> right
 * after it starts no new paragraph (paragraph_like()). */
static void put_block_label(struct layout *L, const char *label)
{
	put_marker(L, label);
	L->in_label = 1;
	L->in_p = 0;
}

static int in_preformatted(const struct layout *L)
{
	const struct dump_style *s = parent_style(L);
	return s == &S->pre || s == &S->example || s == &S->listing;
}

/* --- blocks --------------------------------------------------------------------- */

/* Lynx's LYHandlePlike(): <p> (start) and </p>. */
static void paragraph_like(struct layout *L, int start)
{
	update_style(L);
	const struct dump_style *s = parent_style(L);
	if (L->list_level >= 0) {
		/* In a list, a paragraph is a line break, or a blank line in a
		 * style with space around its paragraphs. */
		if (L->in_p) {
			if (s->space_after > 0 || (start && s->space_before > 0))
				ensure_double_space(L);
			else
				ensure_single_space(L);
		}
	} else if (parent_kind(L, 0) == EL_ADDRESS) {
		if (!dump_lines_empty(&L->lines))
			line_break(L);
	} else {
		if (start) {
			if (!(L->in_label && !L->in_p))
				dump_lines_paragraph(&L->lines);
		} else if (s->space_after > 0) {
			ensure_double_space(L);
		} else {
			ensure_single_space(L);
		}
		L->in_label = 0;
	}
	L->in_word = 0;
	L->in_p = 0;   /* a new paragraph, none of its text yet */
}

static void start_p(struct layout *L, const struct tag *tag)
{
	(void)tag;
	paragraph_like(L, 1);
}

static void end_p(struct layout *L, const struct tag *tag)
{
	(void)tag;
	paragraph_like(L, 0);
}

/* <div> and <center>. */
static void start_division(struct layout *L, const struct tag *tag)
{
	const char *align = attribute(tag->attributes, "align");
	L->division_level++;
	if (L->in_p)
		ensure_single_space(L);
	if (tag->kind == EL_CENTER) {
		change_style(L, &S->div_center);
	} else if (L->list_level >= 0 &&
		   !(align && (!strcasecmp(align, "center") || !strcasecmp(align, "right")))) {
		paragraph_like(L, 1);   /* in a list, a <div> is a paragraph */
	} else if (align && !strcasecmp(align, "center")) {
		change_style(L, &S->div_center);
	} else if (align && !strcasecmp(align, "right")) {
		change_style(L, &S->div_right);
	} else {
		change_style(L, &S->div_left);
	}
}

static void end_division(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (L->division_level >= 0)
		L->division_level--;
	restore_style(L);
	if (L->style_change) {
		update_style(L);
		if (L->list_level >= 0)
			L->lines.in_line_1 = 0;
	} else if (L->in_p) {
		ensure_single_space(L);
	}
}

static int in_list_context(const struct layout *L)
{
	int k = parent_kind(L, 0);
	return L->list_level >= 0 && (k == EL_UL || k == EL_OL || k == EL_MENU || k == EL_LI);
}

/* A heading directly in a list (in_list_context()): Lynx takes it for a
 * list header in the list's style, a line of its own unless it follows the
 * bullet at once. start_element() pushes the list in its place, so that
 * its end is nothing. */
static void start_list_header(struct layout *L)
{
	L->new_style = parent_style(L);
	update_style(L);
	if (!(!L->in_p && !L->in_word)) {
		dump_lines_paragraph(&L->lines);
		put_nbsp(L);
		L->lines.last_char = ' ';
		L->in_word = 0;
		L->in_p = 0;
	}
}

/* <h1> to <h6> elsewhere. */
static void start_heading(struct layout *L, const struct tag *tag)
{
	int level = tag->kind - EL_H1 + 1;
	const char *align = attribute(tag->attributes, "align");
	if (align && *align) {
		if (!strcasecmp(align, "center"))
			change_style(L, &S->heading_center);
		else if (!strcasecmp(align, "right"))
			change_style(L, &S->heading_right);
		else if (!strcasecmp(align, "left") || !strcasecmp(align, "justify"))
			change_style(L, &S->heading_left);
		else
			change_style(L, &S->heading[level - 1]);
	} else if (L->division_level >= 0) {
		/* Inside a division, the division's alignment: left unless
		 * centred or right-aligned. */
		change_style(L, &S->heading_left);
	} else {
		change_style(L, &S->heading[level - 1]);
	}
	update_style(L);
}

static void end_heading(struct layout *L, const struct tag *tag)
{
	(void)tag;
	restore_style(L);
	update_style(L);
	if (L->list_level >= 0)
		L->lines.in_line_1 = 0;
}

/* <blockquote>, <address>, <note>, <fn>, <banner>: the style of their
 * row; a blank line between two of them nested. */
static void start_styled_block(struct layout *L, const struct tag *tag)
{
	change_style(L, tag->style);
	update_style(L);
	if (parent_kind(L, 0) == tag->kind)
		ensure_double_space(L);
}

static void end_styled_block(struct layout *L, const struct tag *tag)
{
	restore_style(L);
	update_style(L);
	if (parent_kind(L, 0) == tag->kind)
		ensure_double_space(L);
	if (L->list_level >= 0)
		L->lines.in_line_1 = 0;
}

/* <note> and <fn>: a styled block that opens with its label. */
static void start_note(struct layout *L, const struct tag *tag)
{
	start_styled_block(L, tag);
	put_block_label(L, tag->label);
}

/* <address>: a styled block, but a paragraph in a list. */
static void start_address(struct layout *L, const struct tag *tag)
{
	if (L->list_level < 0)
		start_styled_block(L, tag);
	else
		paragraph_like(L, 1);
}

static void end_address(struct layout *L, const struct tag *tag)
{
	if (L->list_level < 0)
		end_styled_block(L, tag);
}

/* <pre>, <listing>, <xmp> (and <plaintext>): the preformatted style of
 * their row; <pre> drops the line break right after its start tag. */
static void start_preformatted(struct layout *L, const struct tag *tag)
{
	if (tag->kind == EL_PRE)
		L->in_pre = 0;
	change_style(L, tag->style);
	update_style(L);
}

static void end_preformatted(struct layout *L, const struct tag *tag)
{
	if (tag->kind == EL_PRE) {
		dump_lines_break(&L->lines, 1);
		L->in_pre = 0;
	}
	restore_style(L);
	if (L->list_level >= 0) {
		update_style(L);
		L->lines.in_line_1 = 0;
	}
}

/* --- lists ---------------------------------------------------------------------- */

static int ol_index(int level)
{
	return level < 0 ? 0 : level < OL_LEVELS - 1 ? level : OL_LEVELS - 1;
}

static char list_type(const char *type)
{
	if (type && (*type == 'A' || *type == 'a' || *type == 'I' || *type == 'i' || *type == '1'))
		return *type;
	return 0;
}

/* The numbers of list items, as Lynx computes them in a C int: it reads a
 * number with atoi() (glibc: strtol() cut to an int) and counts on past
 * INT_MAX to INT_MIN (the wrap-around of its compiler; <ol start=2147483647>
 * numbers its second item -2147483648). The same numbers here, without
 * the undefined behaviour of signed overflow: strtol() saturates, and the
 * sum is taken in unsigned arithmetic; converting back to int wraps modulo
 * 2^32 (implementation-defined, and so in GCC and Clang). */
static int list_number(const char *text)
{
	return (int)strtol(text, NULL, 10);
}

static int next_number(int n)
{
	return (int)((unsigned)n + 1u);
}

static void start_ol(struct layout *L, const struct tag *tag)
{
	const char *const *attributes = tag->attributes;
	int next = ol_index(L->list_level + 1);
	const char *seqnum = attribute(attributes, "seqnum"), *start = attribute(attributes, "start");
	char type = list_type(attribute(attributes, "type"));
	L->ol_type[next] = type && type != '1' ? type : '1';
	if (seqnum || start) {
		const char *value = seqnum && *seqnum ? seqnum : start && *start ? start : NULL;
		int n = value ? list_number(value) : 1;
		if (type && type != '1') {
			if (n < 1)
				n = 1;
		} else if (n <= OL_VOID) {
			n = OL_VOID + 1;
		}
		L->ol_counter[next] = n;
	} else if (has_attribute(attributes, "continue")) {
		L->ol_counter[next] = OL_CONTINUE;
	} else {
		L->ol_counter[next] = 1;
	}
	L->list_level++;
	change_style(L, level_style(S->list, L->list_level));
	update_style(L);
}

/* <ul>, and <menu> and <dir>, always plain. */
static void start_ul(struct layout *L, const struct tag *tag)
{
	const char *const *attributes = tag->attributes;
	const char *type = attribute(attributes, "type");
	int plain = tag->kind == EL_MENU || has_attribute(attributes, "plain") ||
		    (type && !strcasecmp(type, "plain"));
	L->list_level++;
	change_style(L, level_style(plain ? S->menu : S->list, L->list_level));
	update_style(L);
}

/* <dl>, compact as <dlc> or with compact="". */
static void start_dl(struct layout *L, const struct tag *tag)
{
	int compact = tag->kind == EL_DLC || has_attribute(tag->attributes, "compact");
	L->list_level++;
	change_style(L, level_style(compact ? S->glossary_compact : S->glossary, L->list_level));
	update_style(L);
}

static void end_list(struct layout *L, const struct tag *tag)
{
	if (tag->kind == EL_OL)
		L->ol_counter[ol_index(L->list_level)] = OL_VOID;
	L->list_level--;
	restore_style(L);
	update_style(L);
	if (L->list_level >= 0)
		ensure_single_space(L);
}

/* The roman numeral of n (1..3999), upper case. */
static void roman(int n, char *out, size_t size)
{
	static const struct { int value; const char *digits; } table[] = {
		{ 1000, "M" }, { 900, "CM" }, { 500, "D" }, { 400, "CD" }, { 100, "C" },
		{ 90, "XC" }, { 50, "L" }, { 40, "XL" }, { 10, "X" }, { 9, "IX" },
		{ 5, "V" }, { 4, "IV" }, { 1, "I" },
	};
	size_t used = 0;
	out[0] = '\0';
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		while (n >= table[i].value && used + 3 < size) {
			used += (size_t)snprintf(out + used, size - used, "%s", table[i].digits);
			n -= table[i].value;
		}
}

/* The number of an ordered list's item as Lynx writes it: at least two
 * characters, then '.' ("%2d.", " a.", "iv."). */
static void item_number(int n, char type, char *out, size_t size)
{
	char digits[32];
	if (type == '1') {
		snprintf(out, size, "%2d.", n);
		return;
	}
	if (type == 'A' || type == 'a') {
		/* Letters: a..z, aa..zz, aaa..zzz (as a spreadsheet counts). */
		char base = type == 'A' ? 'A' : 'a';
		if (n < 1)
			n = 1;
		if (n > 18278) {
			snprintf(out, size, "%c%c%c.", base + 25, base + 25, base + 25);
			return;
		}
		size_t len = 0;
		char rev[4];
		for (int v = n; v > 0; v = (v - 1) / 26)
			rev[len++] = (char)(base + (v - 1) % 26);
		for (size_t i = 0; i < len; i++)
			digits[i] = rev[len - 1 - i];
		digits[len] = '\0';
	} else {
		if (n >= 3000)
			snprintf(digits, sizeof(digits), "MMM");
		else
			roman(n < 1 ? 1 : n, digits, sizeof(digits));
		if (type == 'i')
			for (char *p = digits; *p; p++)
				*p = (char)tolower((unsigned char)*p);
	}
	snprintf(out, size, "%2s.", digits);
}

static void start_li(struct layout *L, const struct tag *tag)
{
	const char *const *attributes = tag->attributes;
	update_style(L);
	dump_lines_paragraph(&L->lines);
	int around = parent_kind(L, 0);
	if (around == EL_LI)
		around = parent_kind(L, 1);   /* an <li> left open in an <li> */
	if (around == EL_OL) {
		int i = ol_index(L->list_level), seqnum;
		char seqtype, number[48];
		char type = list_type(attribute(attributes, "type"));
		const char *value = attribute(attributes, "value");
		if (type)
			L->ol_type[i] = type;
		if (value && (isdigit((unsigned char)value[0]) ||
			      (value[0] == '-' && isdigit((unsigned char)value[1])))) {
			seqnum = list_number(value);
			if (seqnum <= OL_VOID)
				seqnum = OL_VOID + 1;
			seqtype = L->ol_type[i];
			if (seqtype != '1' && seqnum < 1)
				seqnum = 1;
			L->ol_counter[i] = next_number(seqnum);
		} else if (L->ol_counter[i] >= OL_VOID) {
			seqnum = L->ol_counter[i];
			L->ol_counter[i] = next_number(seqnum);
			seqtype = L->ol_type[i];
			if (seqtype != '1' && seqnum < 1) {
				seqnum = 1;
				L->ol_counter[i] = seqnum + 1;
			}
		} else {
			/* continue="": the count of an enclosing list goes on */
			seqnum = next_number(L->last_ol_count);
			seqtype = L->last_ol_type;
			for (int j = i - 1; j >= 0; j--)
				if (L->ol_counter[j] > OL_VOID) {
					seqnum = L->ol_counter[j];
					L->ol_counter[j] = next_number(seqnum);
					seqtype = L->ol_type[j];
					break;
				}
		}
		item_number(seqnum, seqtype, number, sizeof(number));
		L->last_ol_count = seqnum;
		L->last_ol_type = seqtype;
		for (const char *p = number; *p; p++) {
			if (*p == ' ')
				put_nbsp(L);
			else
				put_char(L, p, 1);
		}
		put_nbsp(L);
		L->lines.last_char = ' ';
	} else if (around == EL_UL) {
		static const char bullets[] = "*+o#@-=";
		int level = L->list_level;
		put_nbsp(L);
		put_nbsp(L);
		put_char(L, &bullets[(level < 0 ? 0 : level) % 7], 1);
		put_nbsp(L);
		L->lines.last_char = ' ';
	} else {
		put_nbsp(L);
		put_nbsp(L);
		L->lines.last_char = ' ';
	}
	L->in_word = 0;
	L->in_p = 0;
}

static void start_dt(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (!L->style_change) {
		/* Successive terms: no blank line between them while the
		 * first line of a term is not finished. */
		if (L->lines.in_line_1) {
			struct dump_style none = *L->lines.style;
			const struct dump_style *own = L->lines.style;
			none.space_before = none.space_after = 0;
			L->lines.style = &none;
			dump_lines_paragraph(&L->lines);
			L->lines.style = own;
		} else {
			dump_lines_paragraph(&L->lines);
		}
		L->in_word = 0;
	}
	L->in_p = 0;
}

static void start_dd(struct layout *L, const struct tag *tag)
{
	(void)tag;
	L->lines.last_char = ' ';
	if (!L->style_change) {
		if (!dump_lines_empty(&L->lines))
			line_break(L);
		else
			L->lines.in_line_1 = 0;
	} else {
		update_style(L);
		dump_lines_tab(&L->lines, 0);
	}
	L->in_word = 0;
	L->in_p = 0;
}

/* --- tables --------------------------------------------------------------------- */

static void start_table(struct layout *L, const struct tag *tag)
{
	if (in_preformatted(L)) {
		update_style(L);
		return;
	}
	const char *align = attribute(tag->attributes, "align");
	L->division_level++;
	if (align && *align && !strcasecmp(align, "center"))
		change_style(L, &S->div_center);
	else if (align && *align && !strcasecmp(align, "right"))
		change_style(L, &S->div_right);
	else
		change_style(L, &S->div_left);
	update_style(L);
	/* A table inside a table starts on a new line, a blank one when the
	 * current line is empty (Lynx's nested table tracking). */
	if (L->tables)
		dump_lines_break(&L->lines, 0);
	L->tables++;
}

static void end_table(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (in_preformatted(L))
		return;
	if (L->tables)
		L->tables--;
	if (L->division_level >= 0)
		L->division_level--;
	restore_style(L);
	update_style(L);
	if (L->list_level >= 0)
		L->lines.in_line_1 = 0;
}

/* <tbody>, <thead>, <tfoot>: a pending style change is applied. */
static void start_tbody(struct layout *L, const struct tag *tag)
{
	(void)tag;
	update_style(L);
}

static void start_tr(struct layout *L, const struct tag *tag)
{
	(void)tag;
	update_style(L);
	end_line(L);
	L->in_word = 0;
	L->in_p = 0;
}

static void end_tr(struct layout *L, const struct tag *tag)
{
	(void)tag;
	end_line(L);
	L->in_word = 0;
}

/* <td> and <th>: a collapsible space between cells. */
static void start_td(struct layout *L, const struct tag *tag)
{
	(void)tag;
	update_style(L);
	put_char(L, " ", 1);
	L->in_word = 0;
}

/* --- images and form fields ------------------------------------------------------- */

/* The last path segment of the URL `src`, without query or fragment:
 * src[*start, *end). */
static void file_name(const char *src, size_t *start, size_t *end)
{
	size_t e = strcspn(src, "?#");
	size_t b = e;
	while (b > 0 && src[b - 1] != '/')
		b--;
	if (b == e) {
		/* "dir/": the segment before the slash */
		while (e > 0 && src[e - 1] == '/')
			e--;
		b = e;
		while (b > 0 && src[b - 1] != '/')
			b--;
	}
	*start = b;
	*end = e;
}

/* Each character of [text, text + len) through HTML_put_character(),
 * tabs and line breaks as spaces. */
static void put_text(struct layout *L, const char *text, size_t len)
{
	for (size_t i = 0; i < len;) {
		size_t n = char_length(text + i, len - i);
		if (text[i] == '\t' || text[i] == '\n' || text[i] == '\r')
			put_char(L, " ", 1);
		else
			put_char(L, text + i, n);
		i += n;
	}
}

static int is_label_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* A string through put_text(), its white space trimmed first. */
static void put_label(struct layout *L, const char *text)
{
	while (is_label_space(*text))
		text++;
	size_t len = strlen(text);
	while (len && is_label_space(text[len - 1]))
		len--;
	put_text(L, text, len);
}

/* What stands for an image: its alt text, else "[file name]" ("[LINK]"
 * in a link, "[INLINE]" elsewhere when its src names no file). The file
 * name goes out from the attribute itself: it is as long as the page
 * makes it. */
static void put_image(struct layout *L, const char *const *attributes)
{
	const char *alt = attribute(attributes, "alt");
	const char *src = attribute(attributes, "src");
	if (alt) {
		put_label(L, alt);
		return;
	}
	size_t start = 0, end = 0;
	if (src)
		file_name(src, &start, &end);
	put_char(L, "[", 1);
	if (end > start)
		put_text(L, src + start, end - start);
	else
		put_string(L, L->in_a ? "LINK" : "INLINE");
	put_char(L, "]", 1);
}

/* An <img>: put_image() between collapsible spaces (alt="" leaves only
 * the spaces). */
static void start_img(struct layout *L, const struct tag *tag)
{
	put_separator(L);
	put_image(L, tag->attributes);
	put_separator(L);
}

/* put_char() of `count` underscores (a text field, an <hr>'s thousand),
 * as words of up to 64: put_word() is put_char() for each of its
 * characters. */
static void put_underscores(struct layout *L, size_t count)
{
	static const char underscores[] =
		"________________________________________________________________";
	while (count) {
		size_t n = count < sizeof(underscores) - 1 ? count : sizeof(underscores) - 1;
		put_word(L, underscores, n);
		count -= n;
	}
}

/* The width of a text field: its size= when given, else 20. */
static size_t field_width(const char *const *attributes)
{
	const char *size = attribute(attributes, "size");
	long n = size ? strtol(size, NULL, 10) : 0;
	return n > 0 && n < 256 ? (size_t)n : 20;
}

/* Lynx starts every <input> with a collapsible space in free-format text
 * (hidden ones too), and ends a check box or a radio button with one; any
 * other field ends in a word (so the line break after it is a space). */
static void start_input(struct layout *L, const struct tag *tag)
{
	const char *const *attributes = tag->attributes;
	const char *type = attribute(attributes, "type");
	const char *value = attribute(attributes, "value");
	int free_format = !in_preformatted(L);
	if (!type || !*type)
		type = "text";
	update_style(L);
	if (free_format)
		put_separator(L);
	if (!strcasecmp(type, "hidden"))
		return;
	if (!strcasecmp(type, "submit") || !strcasecmp(type, "reset") ||
	    !strcasecmp(type, "button")) {
		if (!strcasecmp(type, "button")) {
			put_string(L, "[BUTTON ");
			put_label(L, value && *value ? value : "Input");
			put_string(L, "] (not implemented)_");
		} else {
			put_label(L, value && *value ? value : !strcasecmp(type, "reset") ? "Reset"
											  : "Submit");
		}
	} else if (!strcasecmp(type, "checkbox") || !strcasecmp(type, "radio")) {
		int checked = has_attribute(attributes, "checked");
		if (!strcasecmp(type, "checkbox"))
			put_string(L, checked ? "[X]" : "[ ]");
		else
			put_string(L, checked ? "(*)" : "( )");
		if (free_format)
			put_separator(L);
	} else if (!strcasecmp(type, "image")) {
		put_image(L, attributes);
		put_string(L, "-Submit");
	} else {
		size_t width = field_width(attributes), used = 0;
		if (value && strcasecmp(type, "password")) {
			put_label(L, value);
			used = strlen(value);
		}
		put_underscores(L, used < width ? width - used : 0);
	}
}

static void start_field(struct layout *L, enum field_kind kind)
{
	L->field = kind;
	strbuf_reset(&L->field_text);
	strbuf_reset(&L->selected);
	L->option_open = L->option_selected = L->have_selected = 0;
}

/* Add to a field's text (which is as long as the page makes it). */
static void add_field_text(struct layout *L, struct strbuf *field, const char *text, size_t len)
{
	if (strbuf_try_grow(field, len) < 0)
		L->out_of_memory = 1;
	else
		strbuf_add(field, text, len);
}

static void finish_option(struct layout *L)
{
	if (!L->option_open)
		return;
	if (L->option_selected || !L->have_selected) {
		strbuf_reset(&L->selected);
		add_field_text(L, &L->selected, L->field_text.buf, L->field_text.len);
		L->have_selected |= L->option_selected;
	}
	strbuf_reset(&L->field_text);
	L->option_open = 0;
}

static void start_select(struct layout *L, const struct tag *tag)
{
	(void)tag;
	start_field(L, FIELD_SELECT);
}

static void start_option(struct layout *L, const struct tag *tag)
{
	if (L->field == FIELD_SELECT) {
		finish_option(L);
		L->option_open = 1;
		L->option_selected = has_attribute(tag->attributes, "selected");
	}
}

static void end_option(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (L->field == FIELD_SELECT)
		finish_option(L);
}

/* A <select>: the selected option's text (else the first's) in brackets. */
static void end_select(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (L->field != FIELD_SELECT)
		return;
	finish_option(L);
	L->field = FIELD_NONE;
	put_char(L, "[", 1);
	put_label(L, L->selected.buf);
	put_char(L, "]", 1);
}

/* A <textarea>: its text, then lines of "_", 60 wide and 4 high (or as
 * its cols= and rows= say), on lines of their own. */
static void start_textarea(struct layout *L, const struct tag *tag)
{
	const char *cols = attribute(tag->attributes, "cols");
	const char *rows = attribute(tag->attributes, "rows");
	long c = cols ? strtol(cols, NULL, 10) : 0, r = rows ? strtol(rows, NULL, 10) : 0;
	start_field(L, FIELD_TEXTAREA);
	L->field_cols = c > 0 && c < 256 ? (size_t)c : 60;
	L->field_rows = r > 0 && r < 64 ? (size_t)r : 4;
}

static void end_textarea(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (L->field != FIELD_TEXTAREA)
		return;
	size_t cols = L->field_cols, rows = L->field_rows;
	L->field = FIELD_NONE;
	ensure_single_space(L);
	const char *text = L->field_text.buf, *end = text + L->field_text.len;
	size_t row = 0;
	if (*text == '\n')
		text++;
	while (text < end || row < rows) {
		const char *nl = text < end ? memchr(text, '\n', (size_t)(end - text)) : NULL;
		size_t len = text < end ? (nl ? (size_t)(nl - text) : (size_t)(end - text)) : 0;
		size_t used = 0;
		for (size_t i = 0, n; i < len; i += n, used++) {
			n = char_length(text + i, len - i);
			if (text[i] == '\t' || text[i] == '\r')
				append(L, " ", 1);
			else
				append(L, text + i, n);
		}
		for (; used < cols; used++)
			append(L, "_", 1);
		line_break(L);
		text = nl ? nl + 1 : end;
		row++;
	}
	L->in_word = 0;
}

/* --- links of the head ------------------------------------------------------------ */

/* The rel= values of a <link> that Lynx shows, in its list of "toolbar"
 * links at the top of the page (the name of the link when it has no
 * title=); sorted, compared without case. */
static const char *const shown_rels[] = {
	"alternate", "appendix", "banner", "begin", "biblioentry", "bibliography",
	"bookmark", "chapter", "child", "contents", "copyright", "definition", "disclaimer",
	"documentation", "editor", "end", "first", "glossary", "help", "home", "hotlist",
	"index", "last", "meta", "navigator", "next", "origin", "parent", "pointer", "prev",
	"previous", "publisher", "search", "section", "sibling", "start", "subsection", "toc",
	"top", "trademark", "translation", "up", "urc",
};

static int compare_rel(const void *key, const void *entry)
{
	return strcasecmp(key, *(const char *const *)entry);
}

static int is_shown_rel(const char *rel)
{
	return bsearch(rel, shown_rels, sizeof(shown_rels) / sizeof(shown_rels[0]),
		       sizeof(shown_rels[0]), compare_rel) != NULL;
}

/* Lynx shows the <link> elements of a page (with href=) whose rel= it
 * knows, or that have no rel= but a title=, as a line "#Title Other ...",
 * the page's "toolbar"; the page's body begins after a blank line. */
static void start_link(struct layout *L, const struct tag *tag)
{
	const char *const *attributes = tag->attributes;
	const char *href = attribute(attributes, "href");
	const char *rel = attribute(attributes, "rel"), *rev = attribute(attributes, "rev");
	const char *title = attribute(attributes, "title");
	if (!href)
		return;
	if ((rev && (!strcasecmp(rev, "made") || !strcasecmp(rev, "owner"))) ||
	    (rel && !strcasecmp(rel, "author")))
		return;   /* the page's owner: not shown */
	if (rel && *rel && !is_shown_rel(rel))
		return;
	const char *name = title && *title ? title : rel;
	if (!name)
		return;
	while (*name == ' ' || *name == '\t' || *name == '\n' || *name == '\r')
		name++;
	if (!*name)
		return;
	update_style(L);
	if (!L->toolbar) {
		append(L, "#", 1);
		L->lines.last_char = ' ';
		L->toolbar = 1;
	} else {
		put_char(L, " ", 1);
	}
	put_label(L, name);
}

/* --- rules, breaks and small elements ------------------------------------------------- */

/* An <hr> is a line of underscores as long as Lynx's HTML.c makes it: its
 * column limit, less the style's left and right indents, less 5 (Lynx
 * takes 5 off whenever no width="n%" is given; width= is not read here). */
enum {
	/* Lynx's LYcolLimit under -width=1024 (LYNX_WIDTH): measured with
	 * Lynx 2.9.0, a rule at the top level is 1000 underscores at
	 * -width=1024 and at -width=2000 alike (1014 - 3 - 6 - 5), and 186 at
	 * -width=200 (200 - 3 - 6 - 5): wider widths stop at 1014. */
	HR_COLUMN_LIMIT = 1014,
	/* The right indent of Lynx's Normal, division and list styles
	 * (DefaultStyle.c). struct dump_style has no right indent, so it is
	 * taken for every style, although Lynx's is 7 in a blockquote,
	 * address, note or footnote, 0 in preformatted text and plain
	 * headings and 3 in aligned ones: a rule there is a little longer or
	 * shorter than Lynx's (one longer in a blockquote, measured). The
	 * dumps keep this figure. */
	HR_RIGHT_INDENT = 6,
	HR_SHORTENED_BY = 5   /* HTML.c's "width -= 5" */
};

static void start_hr(struct layout *L, const struct tag *tag)
{
	(void)tag;
	update_style(L);
	/* A line with text ends; a blank line before a blank line goes. */
	if (!end_line(L) && dump_lines_previous_empty(&L->lines))
		dump_lines_remove_blank(&L->lines);
	int width = HR_COLUMN_LIMIT - L->new_style->indent_left - HR_RIGHT_INDENT -
		    HR_SHORTENED_BY;
	put_underscores(L, width > 0 ? (size_t)width : 1);
	line_break(L);
	L->in_word = 0;
	L->in_p = 0;
	if (L->list_level >= 0 || parent_kind(L, 0) == EL_ADDRESS) {
		L->lines.last_char = ' ';
		line_break(L);
	} else {
		dump_lines_paragraph(&L->lines);
	}
}

/* <br>: a line with text ends (so two <br> in a row are one). */
static void start_br(struct layout *L, const struct tag *tag)
{
	(void)tag;
	update_style(L);
	end_line(L);
	L->in_word = 0;
	L->in_p = 0;
}

/* <lh>, a list's header: a paragraph of its own, indented as an item. */
static void start_lh(struct layout *L, const struct tag *tag)
{
	(void)tag;
	update_style(L);
	dump_lines_paragraph(&L->lines);
	put_nbsp(L);
	L->lines.last_char = ' ';
	L->in_word = 0;
	L->in_p = 0;
}

static void start_sup(struct layout *L, const struct tag *tag)
{
	(void)tag;
	append(L, "^", 1);
}

static void start_sub(struct layout *L, const struct tag *tag)
{
	(void)tag;
	append(L, "[", 1);
}

static void end_sub(struct layout *L, const struct tag *tag)
{
	(void)tag;
	append(L, "]", 1);
}

/* <del>, <s>, <strike>, <ins>: "[DEL: text :DEL]". */
static void start_edit(struct layout *L, const struct tag *tag)
{
	put_marker(L, tag->label);
}

static void end_edit(struct layout *L, const struct tag *tag)
{
	put_char(L, " ", 1);
	put_marker(L, tag->kind == EL_DEL ? ":DEL]" : ":INS]");
}

/* <q>: double quotes, and `single' ones inside them. */
static void start_q(struct layout *L, const struct tag *tag)
{
	(void)tag;
	put_char(L, (L->quote_level & 1) ? "`" : "\"", 1);
	L->quote_level++;
}

static void end_q(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (L->quote_level > 0)
		L->quote_level--;
	put_char(L, (L->quote_level & 1) ? "'" : "\"", 1);
}

static void start_a(struct layout *L, const struct tag *tag)
{
	(void)tag;
	L->in_a = 1;
}

static void end_a(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (L->in_a) {
		L->in_a = 0;
		update_style(L);
	}
}

static void start_caption(struct layout *L, const struct tag *tag)
{
	ensure_double_space(L);
	put_block_label(L, tag->label);
}

static void end_caption(struct layout *L, const struct tag *tag)
{
	(void)tag;
	ensure_double_space(L);
	restore_style(L);
	L->in_label = 0;
}

/* <fieldset>, <legend>, <noframes> (and the end of <iframe>): a blank
 * line around them. */
static void start_spaced(struct layout *L, const struct tag *tag)
{
	(void)tag;
	ensure_double_space(L);
}

static void end_spaced(struct layout *L, const struct tag *tag)
{
	(void)tag;
	ensure_double_space(L);
	restore_style(L);
}

static void end_form(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (!(L->list_level >= 0 && !L->in_p))
		ensure_single_space(L);
}

/* <body> and the sectioning elements: the page begins after a blank line
 * when a toolbar (start_link()) was shown. */
static void start_body(struct layout *L, const struct tag *tag)
{
	(void)tag;
	if (L->toolbar)
		dump_lines_paragraph(&L->lines);
}

/* The end of an element with no end of its own in Lynx but the style. */
static void end_restore_style(struct layout *L, const struct tag *tag)
{
	(void)tag;
	restore_style(L);
}

static void start_embed(struct layout *L, const struct tag *tag)
{
	put_separator(L);
	put_marker(L, tag->label);
}

static void start_applet(struct layout *L, const struct tag *tag)
{
	(void)tag;
	put_separator(L);
}

static void end_applet(struct layout *L, const struct tag *tag)
{
	(void)tag;
	put_char(L, " ", 1);
	restore_style(L);
}

static void start_button(struct layout *L, const struct tag *tag)
{
	(void)tag;
	update_style(L);
	if (!in_preformatted(L))
		put_separator(L);
	put_string(L, "(BUTTON)");
	if (!in_preformatted(L))
		put_separator(L);
}

/* <frame> and <iframe> with a src=: "FRAME: name" on a line of its own. */
static void start_frame(struct layout *L, const struct tag *tag)
{
	const char *name = attribute(tag->attributes, "name");
	const char *src = attribute(tag->attributes, "src");
	if (!src || !*src)
		return;
	if (tag->kind == EL_FRAME)
		ensure_single_space(L);
	else
		ensure_double_space(L);
	put_marker(L, tag->label);
	put_label(L, name && *name ? name : src);
	ensure_single_space(L);
}

/* <math>: its text, collected as a field's, shown as "[MATH: ... :MATH]". */
static void start_math(struct layout *L, const struct tag *tag)
{
	(void)tag;
	start_field(L, FIELD_MATH);
}

static void end_math(struct layout *L, const struct tag *tag)
{
	if (L->field != FIELD_MATH)
		return;
	L->field = FIELD_NONE;
	if (L->field_text.len) {
		ensure_single_space(L);
		put_marker(L, tag->label);
		put_label(L, L->field_text.buf);
		put_char(L, " ", 1);
		put_string(L, ":MATH]");
		ensure_single_space(L);
	}
}

/* --- what each kind of element does (Lynx's HTML_start_element() and
 * HTML_end_element(), one row a kind) ------------------------------------------- */

typedef void element_handler(struct layout *L, const struct tag *tag);

enum element_flags {
	ELEMENT_VOID = 1,      /* never pushed; its end tag (libxml2's) is ignored */
	ELEMENT_FIELD = 2,     /* seen inside a form field, whose other elements are not */
	ELEMENT_HEADING = 4    /* directly in a list, taken for the list's header */
};

struct element_handling {
	element_handler *start, *end;   /* NULL: nothing at the start, or the end */
	unsigned char flags;
	const struct dump_style *style;   /* passed on in struct tag */
	const char *label;                /* ditto */
};

/* A kind without a row (EL_INLINE) does nothing and is pushed. */
static const struct element_handling element_handling[EL_KINDS] = {
	[EL_BLOCK] = { NULL, end_restore_style, 0, NULL, NULL },
	[EL_EMPTY] = { NULL, NULL, ELEMENT_VOID, NULL, NULL },
	[EL_A] = { start_a, end_a, 0, NULL, NULL },
	[EL_ADDRESS] = { start_address, end_address, 0, &lynx_styles.address, NULL },
	[EL_APPLET] = { start_applet, end_applet, 0, NULL, NULL },
	[EL_BANNER] = { start_styled_block, end_styled_block, 0, &lynx_styles.banner, NULL },
	[EL_BLOCKQUOTE] = { start_styled_block, end_styled_block, 0, &lynx_styles.blockquote,
			    NULL },
	[EL_BR] = { start_br, NULL, ELEMENT_VOID, NULL, NULL },
	[EL_BUTTON] = { start_button, NULL, 0, NULL, NULL },
	[EL_CAPTION] = { start_caption, end_caption, 0, NULL, "CAPTION:" },
	[EL_CENTER] = { start_division, end_division, 0, NULL, NULL },
	[EL_DD] = { start_dd, NULL, 0, NULL, NULL },
	[EL_DEL] = { start_edit, end_edit, 0, NULL, "[DEL:" },
	[EL_DIV] = { start_division, end_division, 0, NULL, NULL },
	[EL_DL] = { start_dl, end_list, 0, NULL, NULL },
	[EL_DLC] = { start_dl, end_list, 0, NULL, NULL },
	[EL_DT] = { start_dt, NULL, 0, NULL, NULL },
	[EL_EMBED] = { start_embed, NULL, ELEMENT_VOID, NULL, "[EMBED]" },
	[EL_FIELDSET] = { start_spaced, end_spaced, 0, NULL, NULL },
	[EL_FN] = { start_note, end_styled_block, 0, &lynx_styles.note, "FOOTNOTE:" },
	[EL_FORM] = { NULL, end_form, 0, NULL, NULL },
	[EL_FRAME] = { start_frame, NULL, ELEMENT_VOID, NULL, "FRAME:" },
	[EL_H1] = { start_heading, end_heading, ELEMENT_HEADING, NULL, NULL },
	[EL_H2] = { start_heading, end_heading, ELEMENT_HEADING, NULL, NULL },
	[EL_H3] = { start_heading, end_heading, ELEMENT_HEADING, NULL, NULL },
	[EL_H4] = { start_heading, end_heading, ELEMENT_HEADING, NULL, NULL },
	[EL_H5] = { start_heading, end_heading, ELEMENT_HEADING, NULL, NULL },
	[EL_H6] = { start_heading, end_heading, ELEMENT_HEADING, NULL, NULL },
	[EL_HR] = { start_hr, NULL, ELEMENT_VOID, NULL, NULL },
	[EL_IFRAME] = { start_frame, end_spaced, 0, NULL, "IFRAME:" },
	[EL_IMG] = { start_img, NULL, ELEMENT_VOID, NULL, NULL },
	[EL_INPUT] = { start_input, NULL, ELEMENT_VOID, NULL, NULL },
	[EL_INS] = { start_edit, end_edit, 0, NULL, "[INS:" },
	[EL_LEGEND] = { start_spaced, end_spaced, 0, NULL, NULL },
	[EL_LH] = { start_lh, NULL, 0, NULL, NULL },
	[EL_LI] = { start_li, NULL, 0, NULL, NULL },
	[EL_LISTING] = { start_preformatted, end_preformatted, 0, &lynx_styles.listing, NULL },
	[EL_MATH] = { start_math, end_math, ELEMENT_FIELD, NULL, "[MATH:" },
	[EL_MENU] = { start_ul, end_list, 0, NULL, NULL },
	[EL_NOFRAMES] = { start_spaced, end_spaced, 0, NULL, NULL },
	[EL_NOTE] = { start_note, end_styled_block, 0, &lynx_styles.note, "NOTE:" },
	[EL_OL] = { start_ol, end_list, 0, NULL, NULL },
	[EL_OPTION] = { start_option, end_option, ELEMENT_FIELD, NULL, NULL },
	[EL_P] = { start_p, end_p, 0, NULL, NULL },
	[EL_PRE] = { start_preformatted, end_preformatted, 0, &lynx_styles.pre, NULL },
	[EL_Q] = { start_q, end_q, 0, NULL, NULL },
	[EL_SELECT] = { start_select, end_select, ELEMENT_FIELD, NULL, NULL },
	[EL_SHY] = { NULL, NULL, ELEMENT_VOID, NULL, NULL },
	[EL_SUB] = { start_sub, end_sub, 0, NULL, NULL },
	[EL_SUP] = { start_sup, NULL, 0, NULL, NULL },
	[EL_TABLE] = { start_table, end_table, 0, NULL, NULL },
	[EL_TBODY] = { start_tbody, NULL, 0, NULL, NULL },
	[EL_TD] = { start_td, NULL, 0, NULL, NULL },
	[EL_TEXTAREA] = { start_textarea, end_textarea, ELEMENT_FIELD, NULL, NULL },
	[EL_TR] = { start_tr, end_tr, 0, NULL, NULL },
	[EL_UL] = { start_ul, end_list, 0, NULL, NULL },
	[EL_XMP] = { start_preformatted, end_preformatted, 0, &lynx_styles.example, NULL },
	[EL_BODY] = { start_body, NULL, 0, NULL, NULL },
	[EL_SECTION] = { start_body, end_restore_style, 0, NULL, NULL },
	[EL_LINK] = { start_link, NULL, ELEMENT_VOID, NULL, NULL },
};

/* --- the start and end of elements ---------------------------------------------------- */

static void push(struct layout *L, int kind)
{
	ARRAY_GROW(L->stack, L->depth, L->alloc, 64);
	L->stack[L->depth].kind = (unsigned char)kind;
	L->stack[L->depth].style = L->new_style;
	L->depth++;
}

static void start_element(struct layout *L, int kind, const char *const *attributes)
{
	const struct element_handling *handling = &element_handling[kind];
	struct tag tag = { kind, attributes, handling->style, handling->label };
	int pushed = kind;
	if ((handling->flags & ELEMENT_HEADING) && in_list_context(L)) {
		start_list_header(L);
		pushed = parent_kind(L, 0);   /* the list's, so that its end is nothing */
	} else if (handling->start) {
		handling->start(L, &tag);
	}
	if (!(handling->flags & ELEMENT_VOID))
		push(L, pushed);
}

/* After the element was popped: its end sees its parent's style. */
static void end_element(struct layout *L, int kind)
{
	const struct element_handling *handling = &element_handling[kind];
	struct tag tag = { kind, NULL, handling->style, handling->label };
	if (handling->end)
		handling->end(L, &tag);
}

/* --- the events of the parse ---------------------------------------------------------- */

/* A page whose dump or fields outgrew the limit or the memory fails. */
static int check_output(struct layout *L, struct nc_error *err)
{
	if (L->lines.failed == DUMP_LINES_NO_MEMORY || L->out_of_memory)
		return nc_error_set(err, NC_ERR_MEMORY, "not enough memory to lay the page out "
				    "(%zu bytes of dump so far)", L->lines.out->len);
	if (L->lines.failed == DUMP_LINES_FULL)
		return nc_error_set(err, NC_ERR_LIMIT, "the dump is longer than %zu bytes",
				    L->lines.max_bytes);
	return 0;
}

static int on_start(void *data, const char *name, const char *const *attributes,
		    struct nc_error *err)
{
	struct layout *L = data;
	struct name_key key;
	if (name_key_from(&key, name) < 0)
		return 0;   /* longer than any name of the tables: unknown */
	if (html_parse_is_hidden_key(&key)) {
		L->hidden++;
		return 0;
	}
	int kind = element_kind(&key);
	if (!kind || L->hidden)
		return 0;   /* not Lynx's: ignored, its text stays */
	if (L->field != FIELD_NONE && !(element_handling[kind].flags & ELEMENT_FIELD))
		return 0;
	start_element(L, kind, attributes);
	return check_output(L, err);
}

static int on_end(void *data, const char *name, struct nc_error *err)
{
	struct layout *L = data;
	struct name_key key;
	if (name_key_from(&key, name) < 0)
		return 0;
	if (html_parse_is_hidden_key(&key)) {
		if (L->hidden)
			L->hidden--;
		return 0;
	}
	int kind = element_kind(&key);
	if (!kind || L->hidden)
		return 0;
	unsigned flags = element_handling[kind].flags;
	if ((flags & ELEMENT_VOID) || (L->field != FIELD_NONE && !(flags & ELEMENT_FIELD)))
		return 0;
	if (!L->depth)
		return 0;
	/* Lynx pops the element first: its end sees its parent's style. */
	int open = L->stack[--L->depth].kind;
	if (open != kind && (flags & ELEMENT_HEADING))
		return 0;   /* a heading taken for its list: nothing to end */
	end_element(L, kind);
	return check_output(L, err);
}

/* Characters Lynx treats specially: the no-break space (U+00A0) is a space
 * that never collapses; the soft hyphen (U+00AD) and the left-to-right and
 * right-to-left marks (U+200E, U+200F) are not shown; control characters
 * are dropped. (Lynx also makes spaces of &ensp;, &emsp; and &thinsp;, but
 * not of the same characters written as such: libxml2 does not tell the
 * two apart, and both are rare; they stay.) */
static void put_text_char(struct layout *L, const char *utf8, size_t len, int pre)
{
	unsigned char c = (unsigned char)utf8[0];
	if (c < 0x20 && c != '\n' && c != '\t')
		return;
	if (c == 0xC2 && len == 2) {
		unsigned char d = (unsigned char)utf8[1];
		if (d == 0xA0) {
			utf8 = DUMP_LINES_NBSP;
			len = 1;
		} else if (d == 0xAD) {
			return;
		}
	} else if (c == 0xE2 && len == 3 && (unsigned char)utf8[1] == 0x80 &&
		   ((unsigned char)utf8[2] == 0x8E || (unsigned char)utf8[2] == 0x8F)) {
		return;
	}
	if (pre)
		put_pre_char(L, utf8, len);
	else
		put_char(L, utf8, len);
}

static int on_text(void *data, const char *text, size_t len, struct nc_error *err)
{
	struct layout *L = data;
	if (L->hidden)
		return 0;
	if (L->field != FIELD_NONE) {
		if (L->field != FIELD_SELECT || L->option_open)
			add_field_text(L, &L->field_text, text, len);
		return check_output(L, err);
	}
	int pre = in_preformatted(L);
	for (size_t i = 0; i < len;) {
		/* A word in one step: bytes that are neither white space nor
		 * control characters, nor the lead bytes of the characters
		 * put_text_char() looks at (U+00A0, U+00AD, U+200E, U+200F). */
		size_t word = i;
		while (!pre && word < len && (unsigned char)text[word] > ' ' &&
		       (unsigned char)text[word] != 0xC2 && (unsigned char)text[word] != 0xE2 &&
		       text[word] != 0x7F)
			word++;
		if (word > i) {
			put_word(L, text + i, word - i);
			i = word;
			continue;
		}
		size_t spaces = i;
		while (!pre && spaces < len && is_text_space((unsigned char)text[spaces]))
			spaces++;
		if (spaces > i) {
			put_spaces(L, text + i, spaces - i);
			i = spaces;
			continue;
		}
		size_t n = char_length(text + i, len - i);
		put_text_char(L, text + i, n, pre);
		i += n;
	}
	return check_output(L, err);
}

static const struct html_parse_events layout_events = {
	.start = on_start,
	.end = on_end,
	.text = on_text,
};

/* --- the renderer ------------------------------------------------------------------------ */

/* The buffer a page is converted to UTF-8 in is kept between pages for its
 * memory, up to this size: a larger one is given back, so that one huge
 * page does not leave a worker holding its size for the rest of the run.
 * Nearly all pages are smaller (the development sets' largest has 1.4 MB). */
#define KEPT_PAGE_MAX ((size_t)4 << 20)

struct builtin_renderer {
	struct renderer base;
	struct builtin_config config;
	struct strbuf utf8;   /* the page converted to UTF-8 (see KEPT_PAGE_MAX) */
};

static void layout_init(struct layout *L, struct strbuf *out, size_t max_bytes)
{
	memset(L, 0, sizeof(*L));
	dump_lines_init(&L->lines, out, max_bytes, &S->normal);
	L->new_style = &S->normal;
	L->list_level = -1;
	L->division_level = -1;
	for (int i = 0; i < OL_LEVELS; i++) {
		L->ol_counter[i] = OL_VOID;
		L->ol_type[i] = '1';
	}
	L->last_ol_type = '1';
	strbuf_init(&L->field_text);
	strbuf_init(&L->selected);
}

static void layout_release(struct layout *L)
{
	dump_lines_release(&L->lines);
	strbuf_release(&L->field_text);
	strbuf_release(&L->selected);
	free(L->stack);
}

static int builtin_render(struct renderer *base, const struct render_request *request,
			  struct strbuf *dump, struct nc_error *err)
{
	struct builtin_renderer *r = (struct builtin_renderer *)base;
	size_t start = dump->len;
	const char *html;
	size_t len;
	strbuf_reset(&r->utf8);
	int ret = html_parse_to_utf8(request, &r->utf8, &html, &len, err);
	if (ret == 0) {
		struct layout L;
		size_t max = request->max_output ? start + request->max_output : 0;
		layout_init(&L, dump, max);
		struct html_parse_options options = { .timeout_seconds = r->config.timeout_seconds,
						      .max_depth = HTML_PARSE_MAX_DEPTH,
						      .complete_entities = 1 };
		ret = html_parse(html, len, &layout_events, &L, &options, err);
		if (ret == 0) {
			dump_lines_finish(&L.lines);
			ret = check_output(&L, err);
		}
		layout_release(&L);
	}
	if (ret < 0)
		strbuf_setlen(dump, start);
	if (r->utf8.alloc > KEPT_PAGE_MAX)
		strbuf_release(&r->utf8);
	return ret;
}

static void builtin_emergency_stop(struct renderer *base)
{
	(void)base;   /* nothing runs outside the process, nothing is on disk */
}

static void builtin_free(struct renderer *base)
{
	struct builtin_renderer *r = (struct builtin_renderer *)base;
	if (!r)
		return;
	strbuf_release(&r->utf8);
	free(r);
}

static const struct renderer_ops builtin_ops = {
	.render = builtin_render,
	.emergency_stop = builtin_emergency_stop,
	.free = builtin_free,
};

static int builtin_check(const void *config, struct nc_error *err)
{
	(void)config, (void)err;
	html_parse_init();
	return 0;
}

static struct renderer *builtin_create(const void *config, struct nc_error *err)
{
	(void)err;
	struct builtin_renderer *r = xcalloc(1, sizeof(*r));
	r->base.ops = &builtin_ops;
	if (config)
		r->config = *(const struct builtin_config *)config;
	strbuf_init(&r->utf8);
	html_parse_init();
	return &r->base;
}

const struct renderer_class builtin_renderer_class = {
	.name = "builtin",
	.raw_html = 0,
	.check = builtin_check,
	.create = builtin_create,
};
