/* structure.h: the page's structure carried into the dump (issue 20).
 *
 * A character model cannot see that a paragraph is all link text or sits in
 * a <nav>; the dump a renderer writes no longer says so. So stage 1, after
 * the HTML rules, scans the page's tags with a stack of open elements and,
 * right before every run of text whose structural state differs from the
 * state last announced, inserts a state marker
 *     <markers.state><8 hex digits>@@
 * whose digits are a bit set of enum structure_cue: which of the enclosing
 * elements are links, <nav>, <footer>, ..., or carry class, id or role
 * words such as "sidebar" or "comment". A marker sits immediately before
 * text, so a renderer prints it on the text's own line (Lynx as a word,
 * the builtin renderer as text); the segmenter removes it before the dump
 * rules, so the 2008 rules see the lines they always saw, and counts per
 * segment the characters written under each cue (segment.h).
 *
 * The scan approximates HTML's implied end tags (p, li, dt/dd, td/th, tr,
 * option, a); an end tag does not reach out of a table it is not in. Text
 * in <title> gets no marker. Markers are unforgeable as the others are
 * (markers.h): the prefix carries the pipeline's random token.
 *
 * Class, id and role words (issue 32). A value is cut into words at
 * anything but ASCII letters and digits, between a lower-case letter and
 * a capital ("postContent") and between letters and digits ("col2"); a
 * word gives a cue when it is one of the table's, or for some entries
 * when it begins or ends with one ("sidebarleft", "commentlist"; not
 * "recommended", which holds "comment" inside). One class name (a run of
 * non-space) gives the hidden cue only when all its words say "hide"
 * ("hidden", "is-hidden", "js-hide"): "field-label-hidden" hides a label,
 * "hidden-xs" hides on phones, "overflow-hidden" hides nothing. A
 * WordPress term class ("category-news", "tag-x": a first word category
 * or tag, then more) gives no cue.
 *
 * What a box holds. The scan runs twice over the page: first it measures
 * how much of the page's text each element holds, then it marks with that
 * known (three times when an element that hides or overlays its text
 * holds nearly all of it: the page's own text is measured again without
 * that element's cues, to find the main element). An element that holds (nearly) all the page's text (COVER_ALL,
 * structure.c) gives no cue but a link's and a paragraph's (INLINE_CUES):
 * a <body class="... hide-empty-elt ... footer-v2">, a <form> or a <font>
 * around the whole page says nothing of any one segment. One that holds
 * most of it (COVER_MOST) gives none of the cues of the kinds of box that
 * never hold most of a page (nav, footer, sidebar, comments, share ...): it
 * is a wrapper whose name says what it wraps ("layout-right-sidebar"). And
 * the innermost element that holds at least half of the page's own text
 * (not in links, overlays or hidden boxes: a consent dialog's legal text
 * can outweigh an article) is the page's main element: its text gets
 * CUE_MAIN. The overlay cue is not a wrapper's: a dialog of consent or
 * registration may hold most of a page and still be one.
 *
 * Blocks. A marker also stands before the first text after a block
 * element (div, p, li, td, section, h1 ...: structure.c's table) began or
 * ended, with the state unchanged or not, and says so (STRUCTURE_BREAK):
 * the segmenter ends the segment there. Lynx writes two <div>s or two
 * table cells on consecutive lines or on one line, which the 2008
 * segmenter joined ("... not my kitchen. Tags: sourdough, bread Hannah is
 * a home baker"); a block is a segment of its own now, whatever the
 * renderer's layout.
 */
#ifndef NC_STRUCTURE_H
#define NC_STRUCTURE_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/strbuf.h"

enum structure_cue {
	CUE_LINK,          /* <a href> */
	CUE_NAV,           /* <nav> */
	CUE_HEADER,        /* <header> */
	CUE_FOOTER,        /* <footer> */
	CUE_ASIDE,         /* <aside> */
	CUE_FORM,          /* <form> */
	CUE_CELL,          /* <td>, <th> */
	CUE_ARTICLE,       /* <article>, <main> */
	CUE_LIST,          /* <ul>, <ol>, <dl>, <menu> */
	CUE_PARA,          /* <p>, <blockquote>, <pre> */
	CUE_EMPH,          /* <b>, <strong>, <em>, <i>, <font>, <big>, <u> */
	CUE_W_NAV,         /* class, id or role words: nav, menu, breadcrumb, pagination */
	CUE_W_SIDE,        /* sidebar, widget, rail */
	CUE_W_FOOTER,      /* footer, copyright */
	CUE_W_COMMENT,     /* comment, reply, respond, discussion */
	CUE_W_SHARE,       /* share, social, facebook, twitter */
	CUE_W_RELATED,     /* related, recommended, popular, trending, more */
	CUE_W_HEADER,      /* header, masthead, banner, logo */
	CUE_W_AD,          /* ad, ads, advert, sponsor */
	CUE_W_CONTENT,     /* article, content, post, entry, story, body, text */
	CUE_W_META,        /* byline, author, date, time, meta, tags, category */
	CUE_W_HIDDEN,      /* hidden; style display:none or visibility:hidden */
	CUE_W_OVERLAY,     /* what lies over the page or stands in its way: cookie, consent,
			      modal, popup, dialog, newsletter, subscribe, paywall, login */
	CUE_MAIN,          /* the page's main element: the innermost that holds at least
			      half of the page's own text (not in links, overlays or
			      hidden boxes) */
	CUE_COUNT
};

/* The cues' names, as JSONL writes them ("link", "nav", ..., "w_hidden"). */
extern const char *const structure_cue_names[CUE_COUNT];

/* A state marker whose state has this bit also says that a block of text
 * (a paragraph, a div, a table cell, a list item ...) ended since the text
 * before it: the segmenter ends the segment there, wherever the renderer
 * put the text (table cells share a line in a dump). Not a cue. */
#define STRUCTURE_BREAK (UINT32_C(1) << 31)

/* The digits after a state marker's prefix, and what ends it. */
#define STRUCTURE_STATE_DIGITS 8
#define STRUCTURE_STATE_END "@@"

/* Insert state markers into `html` (replaced by the marked page); `prefix`
 * is markers.state. Markers add about as many bytes as the page has at
 * most: past that the rest of the page's text is announced as state 0 (no
 * cue) once, and no marker follows. Fails only when memory
 * runs out (NC_ERR_MEMORY, the page unchanged). */
int html_mark_structure(struct strbuf *html, const char *prefix, struct nc_error *err);

/* html_mark_structure() without what it remembers: each run reads the
 * page again (as html_mark_structure() does when the events outgrow their
 * bound or their memory), and each element name and class value is looked
 * up every time it is met (which html_mark_structure() never does). The
 * same page comes out. For the tests. */
int html_mark_structure_plain(struct strbuf *html, const char *prefix,
				  struct nc_error *err);

/* A renderer that wraps long lines (Lynx, at 1024 columns) may cut a
 * marker in two: the end of one line and, after the newline and the next
 * line's indent, the start of the next. Join every such pair in `dump` (a
 * whole dump) where the two halves make a complete state marker of
 * `prefix`; nothing else changes. */
void structure_join_cut_markers(struct strbuf *dump, const char *prefix);

/* The state a marker's digits give: 0-CUE_COUNT bits and STRUCTURE_BREAK;
 * -1 when `digits` is
 * not STRUCTURE_STATE_DIGITS hex digits followed by STRUCTURE_STATE_END. */
int64_t structure_state_parse(const char *digits, size_t len);

/* Is the scan's table of elements in the order its search needs
 * (base/name-table.h)? For the tests. */
int structure_element_names_sorted(void);

#endif
