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
	EL_HEAD, EL_BODY, EL_SECTION, EL_LINK
};

struct element {
	char name[NAME_TABLE_SIZE];
	unsigned char kind;
};

/* The elements Lynx knows (its DTD), sorted (base/name-table.h); any other
 * tag is ignored, as Lynx ignores it (its text stays). <head> is not
 * among them: it was, out of order, where the binary search never found
 * it, so dumps have always been laid out as if it were unknown, and
 * EL_HEAD's end (Lynx's toolbar paragraph) never ran. Finding it would
 * change dumps. */
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

/* Void elements: Lynx never pushes them, and libxml2's end event for them
 * is ignored. */
static int is_void(int kind)
{
	switch (kind) {
	case EL_EMPTY: case EL_BR: case EL_HR: case EL_IMG: case EL_INPUT: case EL_EMBED:
	case EL_FRAME: case EL_SHY: case EL_LINK:
		return 1;
	default:
		return 0;
	}
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

/* HText_appendCharacter() of '\r': a line break within a paragraph. */
static void line_break(struct layout *L)
{
	dump_lines_break(&L->lines, 0);
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

static void start_division(struct layout *L, int kind, const char *const *attributes)
{
	const char *align = attribute(attributes, "align");
	L->division_level++;
	if (L->in_p)
		ensure_single_space(L);
	if (kind == EL_CENTER) {
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

static void end_division(struct layout *L)
{
	if (L->division_level >= 0)
		L->division_level--;
	change_style(L, parent_style(L));
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

/* Returns 1 when the heading is a list header (pushed as its list). */
static int start_heading(struct layout *L, int level, const char *const *attributes)
{
	if (in_list_context(L)) {
		/* A heading directly in a list: Lynx takes it for a list header
		 * in the list's style, a line of its own unless it follows the
		 * bullet at once. */
		L->new_style = parent_style(L);
		update_style(L);
		if (!(!L->in_p && !L->in_word)) {
			dump_lines_paragraph(&L->lines);
			put_nbsp(L);
			L->lines.last_char = ' ';
			L->in_word = 0;
			L->in_p = 0;
		}
		return 1;
	}
	const char *align = attribute(attributes, "align");
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
	return 0;
}

static void end_heading(struct layout *L)
{
	change_style(L, parent_style(L));
	update_style(L);
	if (L->list_level >= 0)
		L->lines.in_line_1 = 0;
}

/* <blockquote>, <address>, <note>, <fn>, <banner>: a style; a blank line
 * between two of them nested. */
static void start_styled_block(struct layout *L, int kind, const struct dump_style *style)
{
	change_style(L, style);
	update_style(L);
	if (parent_kind(L, 0) == kind)
		ensure_double_space(L);
}

static void end_styled_block(struct layout *L, int kind)
{
	change_style(L, parent_style(L));
	update_style(L);
	if (parent_kind(L, 0) == kind)
		ensure_double_space(L);
	if (L->list_level >= 0)
		L->lines.in_line_1 = 0;
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

static void start_ol(struct layout *L, const char *const *attributes)
{
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

static void start_ul(struct layout *L, int kind, const char *const *attributes)
{
	const char *type = attribute(attributes, "type");
	int plain = kind == EL_MENU || has_attribute(attributes, "plain") ||
		    (type && !strcasecmp(type, "plain"));
	L->list_level++;
	change_style(L, level_style(plain ? S->menu : S->list, L->list_level));
	update_style(L);
}

static void start_dl(struct layout *L, int compact)
{
	L->list_level++;
	change_style(L, level_style(compact ? S->glossary_compact : S->glossary, L->list_level));
	update_style(L);
}

static void end_list(struct layout *L, int kind)
{
	if (kind == EL_OL)
		L->ol_counter[ol_index(L->list_level)] = OL_VOID;
	L->list_level--;
	change_style(L, parent_style(L));
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

static void start_li(struct layout *L, const char *const *attributes)
{
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

static void start_dt(struct layout *L)
{
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

static void start_dd(struct layout *L)
{
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

static void start_table(struct layout *L, const char *const *attributes)
{
	if (in_preformatted(L)) {
		update_style(L);
		return;
	}
	const char *align = attribute(attributes, "align");
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

static void end_table(struct layout *L)
{
	if (in_preformatted(L))
		return;
	if (L->tables)
		L->tables--;
	if (L->division_level >= 0)
		L->division_level--;
	change_style(L, parent_style(L));
	update_style(L);
	if (L->list_level >= 0)
		L->lines.in_line_1 = 0;
}

static void start_tr(struct layout *L)
{
	update_style(L);
	if (!dump_lines_empty(&L->lines)) {
		L->lines.last_char = ' ';
		line_break(L);
	}
	L->in_word = 0;
	L->in_p = 0;
}

static void end_tr(struct layout *L)
{
	if (!dump_lines_empty(&L->lines)) {
		L->lines.last_char = ' ';
		line_break(L);
	}
	L->in_word = 0;
}

static void start_td(struct layout *L)
{
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

/* The collapsible space Lynx puts around what stands for an image, an
 * embedded object or a form field, so that it is a word of its own
 * ("Hello<img alt=pic>world" is "Hello pic world"). */
static void put_separator(struct layout *L)
{
	put_char(L, " ", 1);
	L->in_word = 0;
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
static void start_img(struct layout *L, const char *const *attributes)
{
	put_separator(L);
	put_image(L, attributes);
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
static void start_input(struct layout *L, const char *const *attributes)
{
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

static void end_select(struct layout *L)
{
	finish_option(L);
	L->field = FIELD_NONE;
	put_char(L, "[", 1);
	put_label(L, L->selected.buf);
	put_char(L, "]", 1);
}

/* A <textarea>: its text, then lines of "_", 60 wide and 4 high (or as
 * its cols= and rows= say), on lines of their own. */
static void end_textarea(struct layout *L)
{
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

static int is_shown_rel(const char *rel)
{
	size_t lo = 0, hi = sizeof(shown_rels) / sizeof(shown_rels[0]);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcasecmp(shown_rels[mid], rel);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Lynx shows the <link> elements of a page (with href=) whose rel= it
 * knows, or that have no rel= but a title=, as a line "#Title Other ...",
 * the page's "toolbar"; the page's body begins after a blank line. */
static void start_link(struct layout *L, const char *const *attributes)
{
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
	switch (kind) {
	case EL_P:
		paragraph_like(L, 1);
		break;
	case EL_DIV:
	case EL_CENTER:
		start_division(L, kind, attributes);
		break;
	case EL_H1: case EL_H2: case EL_H3: case EL_H4: case EL_H5: case EL_H6:
		if (start_heading(L, kind - EL_H1 + 1, attributes)) {
			push(L, parent_kind(L, 0));   /* taken for its list (see above) */
			return;
		}
		break;
	case EL_BR:
		update_style(L);
		/* Two <br> in a row are one: a line with text ends. */
		if (!dump_lines_empty(&L->lines)) {
			L->lines.last_char = ' ';
			line_break(L);
		}
		L->in_word = 0;
		L->in_p = 0;
		break;
	case EL_HR:
		update_style(L);
		if (!dump_lines_empty(&L->lines)) {
			L->lines.last_char = ' ';
			line_break(L);
		} else if (dump_lines_previous_empty(&L->lines)) {
			dump_lines_remove_blank(&L->lines);
		}
		{
			int width = 1014 - L->new_style->indent_left - 6 - 5;
			put_underscores(L, width > 0 ? (size_t)width : 1);
		}
		line_break(L);
		L->in_word = 0;
		L->in_p = 0;
		if (L->list_level >= 0 || parent_kind(L, 0) == EL_ADDRESS) {
			L->lines.last_char = ' ';
			line_break(L);
		} else {
			dump_lines_paragraph(&L->lines);
		}
		break;
	case EL_SUP:
		append(L, "^", 1);
		break;
	case EL_SUB:
		append(L, "[", 1);
		break;
	case EL_DEL:
		put_string(L, "[DEL:");
		put_char(L, " ", 1);
		L->in_word = 0;
		break;
	case EL_INS:
		put_string(L, "[INS:");
		put_char(L, " ", 1);
		L->in_word = 0;
		break;
	case EL_Q:
		put_char(L, (L->quote_level & 1) ? "`" : "\"", 1);
		L->quote_level++;
		break;
	case EL_PRE:
		L->in_pre = 0;
		change_style(L, &S->pre);
		update_style(L);
		break;
	case EL_LISTING:
		change_style(L, &S->listing);
		update_style(L);
		break;
	case EL_XMP:
		change_style(L, &S->example);
		update_style(L);
		break;
	case EL_BLOCKQUOTE:
		start_styled_block(L, kind, &S->blockquote);
		break;
	case EL_BANNER:
		start_styled_block(L, kind, &S->banner);
		break;
	case EL_NOTE:
	case EL_FN:
		start_styled_block(L, kind, &S->note);
		put_string(L, kind == EL_NOTE ? "NOTE:" : "FOOTNOTE:");
		put_char(L, " ", 1);
		L->in_label = 1;
		L->in_word = 0;
		L->in_p = 0;
		break;
	case EL_ADDRESS:
		if (L->list_level < 0)
			start_styled_block(L, kind, &S->address);
		else
			paragraph_like(L, 1);
		break;
	case EL_DL:
	case EL_DLC:
		start_dl(L, kind == EL_DLC || has_attribute(attributes, "compact"));
		break;
	case EL_DT:
		start_dt(L);
		break;
	case EL_DD:
		start_dd(L);
		break;
	case EL_OL:
		start_ol(L, attributes);
		break;
	case EL_UL:
	case EL_MENU:
		start_ul(L, kind, attributes);
		break;
	case EL_LH:
		update_style(L);
		dump_lines_paragraph(&L->lines);
		put_nbsp(L);
		L->lines.last_char = ' ';
		L->in_word = 0;
		L->in_p = 0;
		break;
	case EL_LI:
		start_li(L, attributes);
		break;
	case EL_A:
		L->in_a = 1;
		break;
	case EL_TABLE:
		start_table(L, attributes);
		break;
	case EL_TR:
		start_tr(L);
		break;
	case EL_TBODY:
		update_style(L);
		break;
	case EL_TD:
		start_td(L);
		break;
	case EL_CAPTION:
		ensure_double_space(L);
		put_string(L, "CAPTION:");
		put_char(L, " ", 1);
		L->in_label = 1;
		L->in_word = 0;
		L->in_p = 0;
		break;
	case EL_FIELDSET:
	case EL_LEGEND:
	case EL_NOFRAMES:
		ensure_double_space(L);
		break;
	case EL_FORM:
		break;
	case EL_LINK:
		start_link(L, attributes);
		break;
	case EL_BODY:
	case EL_SECTION:
		if (L->toolbar)
			dump_lines_paragraph(&L->lines);
		break;
	case EL_IMG:
		start_img(L, attributes);
		break;
	case EL_INPUT:
		start_input(L, attributes);
		break;
	case EL_EMBED:
		put_separator(L);
		put_string(L, "[EMBED]");
		put_separator(L);
		break;
	case EL_APPLET:
		put_separator(L);
		break;
	case EL_SHY:
		break;
	case EL_SELECT:
		start_field(L, FIELD_SELECT);
		break;
	case EL_OPTION:
		if (L->field == FIELD_SELECT) {
			finish_option(L);
			L->option_open = 1;
			L->option_selected = has_attribute(attributes, "selected");
		}
		break;
	case EL_TEXTAREA: {
		const char *cols = attribute(attributes, "cols"), *rows = attribute(attributes, "rows");
		long c = cols ? strtol(cols, NULL, 10) : 0, r = rows ? strtol(rows, NULL, 10) : 0;
		start_field(L, FIELD_TEXTAREA);
		L->field_cols = c > 0 && c < 256 ? (size_t)c : 60;
		L->field_rows = r > 0 && r < 64 ? (size_t)r : 4;
		break;
	}
	case EL_MATH:
		start_field(L, FIELD_MATH);
		break;
	case EL_BUTTON:
		update_style(L);
		if (!in_preformatted(L))
			put_separator(L);
		put_string(L, "(BUTTON)");
		if (!in_preformatted(L))
			put_separator(L);
		break;
	case EL_FRAME:
	case EL_IFRAME: {
		const char *name = attribute(attributes, "name");
		const char *src = attribute(attributes, "src");
		if (!src || !*src)
			break;
		if (kind == EL_FRAME)
			ensure_single_space(L);
		else
			ensure_double_space(L);
		put_string(L, kind == EL_FRAME ? "FRAME:" : "IFRAME:");
		put_char(L, " ", 1);
		L->in_word = 0;
		put_label(L, name && *name ? name : src);
		ensure_single_space(L);
		break;
	}
	default:
		break;
	}
	if (!is_void(kind))
		push(L, kind);
}

static void end_element(struct layout *L, int kind)
{
	switch (kind) {
	case EL_P:
		paragraph_like(L, 0);
		break;
	case EL_DIV:
	case EL_CENTER:
		end_division(L);
		break;
	case EL_H1: case EL_H2: case EL_H3: case EL_H4: case EL_H5: case EL_H6:
		end_heading(L);
		break;
	case EL_BLOCKQUOTE:
	case EL_BANNER:
	case EL_ADDRESS:
	case EL_NOTE:
	case EL_FN:
		if (kind == EL_ADDRESS && L->list_level >= 0)
			break;
		end_styled_block(L, kind);
		break;
	case EL_SUB:
		append(L, "]", 1);
		break;
	case EL_DEL:
	case EL_INS:
		put_char(L, " ", 1);
		put_string(L, kind == EL_DEL ? ":DEL]" : ":INS]");
		put_char(L, " ", 1);
		L->in_word = 0;
		break;
	case EL_Q:
		if (L->quote_level > 0)
			L->quote_level--;
		put_char(L, (L->quote_level & 1) ? "'" : "\"", 1);
		break;
	case EL_PRE:
		dump_lines_break(&L->lines, 1);
		L->in_pre = 0;
		/* fall through */
	case EL_LISTING:
	case EL_XMP:
		change_style(L, parent_style(L));
		if (L->list_level >= 0) {
			update_style(L);
			L->lines.in_line_1 = 0;
		}
		break;
	case EL_OL:
	case EL_UL:
	case EL_MENU:
	case EL_DL:
	case EL_DLC:
		end_list(L, kind);
		break;
	case EL_A:
		if (L->in_a) {
			L->in_a = 0;
			update_style(L);
		}
		break;
	case EL_TABLE:
		end_table(L);
		break;
	case EL_TR:
		end_tr(L);
		break;
	case EL_CAPTION:
		ensure_double_space(L);
		change_style(L, parent_style(L));
		L->in_label = 0;
		break;
	case EL_FIELDSET:
	case EL_LEGEND:
	case EL_NOFRAMES:
	case EL_IFRAME:
		ensure_double_space(L);
		change_style(L, parent_style(L));
		break;
	case EL_FORM:
		if (!(L->list_level >= 0 && !L->in_p))
			ensure_single_space(L);
		break;
	case EL_APPLET:
		put_char(L, " ", 1);
		change_style(L, parent_style(L));
		break;
	case EL_SELECT:
		if (L->field == FIELD_SELECT)
			end_select(L);
		break;
	case EL_OPTION:
		if (L->field == FIELD_SELECT)
			finish_option(L);
		break;
	case EL_TEXTAREA:
		if (L->field == FIELD_TEXTAREA)
			end_textarea(L);
		break;
	case EL_MATH:
		if (L->field == FIELD_MATH) {
			L->field = FIELD_NONE;
			if (L->field_text.len) {
				ensure_single_space(L);
				put_string(L, "[MATH:");
				put_char(L, " ", 1);
				put_label(L, L->field_text.buf);
				put_char(L, " ", 1);
				put_string(L, ":MATH]");
				ensure_single_space(L);
			}
		}
		break;
	case EL_HEAD:
		if (L->toolbar)
			dump_lines_paragraph(&L->lines);
		break;
	case EL_INLINE: case EL_TD: case EL_TBODY: case EL_DT: case EL_DD: case EL_LH:
	case EL_LI: case EL_BUTTON: case EL_SUP: case EL_BODY:
		break;
	default:
		change_style(L, parent_style(L));   /* "often won't really change" */
		break;
	}
}

/* --- the events of the parse ---------------------------------------------------------- */

static int is_field_element(int kind)
{
	return kind == EL_SELECT || kind == EL_OPTION || kind == EL_TEXTAREA || kind == EL_MATH;
}

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
	if (L->field != FIELD_NONE && !is_field_element(kind))
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
	if (!kind || is_void(kind) || L->hidden)
		return 0;
	if (L->field != FIELD_NONE && !is_field_element(kind))
		return 0;
	if (!L->depth)
		return 0;
	/* Lynx pops the element first: its end sees its parent's style. */
	int open = L->stack[--L->depth].kind;
	if (open != kind && kind >= EL_H1 && kind <= EL_H6)
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
