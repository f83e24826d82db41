/* structure.c: state markers before runs of text (see structure.h). */
#include "normalise/structure.h"
#include "base/ascii.h"
#include "base/hash.h"
#include "base/name-table.h"
#include "base/swar.h"

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const char *const structure_cue_names[CUE_COUNT] = {
	"link", "nav", "header", "footer", "aside", "form", "cell", "article", "list", "para",
	"emph", "w_nav", "w_side", "w_footer", "w_comment", "w_share", "w_related", "w_header",
	"w_ad", "w_content", "w_meta", "w_hidden", "w_overlay", "main",
};

#define BIT(cue) (UINT32_C(1) << (cue))

/* --- what an element is ------------------------------------------------------------ */

enum element_flags {
	ELEMENT_VOID = 1,          /* never has content or an end tag */
	ELEMENT_CLOSES_P = 2,      /* its start tag ends an open <p> */
	ELEMENT_HREF_LINK = 4,     /* a link when it has an href */
	ELEMENT_TABLE_WALL = 8,    /* an end tag does not reach out through it */
	ELEMENT_BLOCK = 16         /* its start and end end a block of text (STRUCTURE_BREAK) */
};

/* The elements whose names the scan's rules of implied ends name (those
 * of an HTML parser: a <li> ends the open <li> of its list, ...). */
enum element_role {
	ROLE_NONE, ROLE_P, ROLE_LI, ROLE_UL, ROLE_OL, ROLE_DT, ROLE_DD, ROLE_DL, ROLE_TD,
	ROLE_TH, ROLE_TR, ROLE_TABLE, ROLE_A, ROLE_OPTION, ROLE_TITLE, ROLE_COUNT
};

struct element_kind {
	char name[NAME_TABLE_SIZE];
	uint32_t cues;
	unsigned char flags;
	unsigned char role;
};

/* Sorted by name (base/name-table.h). Elements not here give no cue and
 * close nothing (<option> and <title> are here for their roles only). */
static const struct element_kind element_kinds[] = {
	{ "a", 0, ELEMENT_HREF_LINK, ROLE_A },
	{ "address", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "area", 0, ELEMENT_VOID, ROLE_NONE },
	{ "article", BIT(CUE_ARTICLE), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "aside", BIT(CUE_ASIDE), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "b", BIT(CUE_EMPH), 0, ROLE_NONE },
	{ "base", 0, ELEMENT_VOID, ROLE_NONE },
	{ "basefont", 0, ELEMENT_VOID, ROLE_NONE },
	{ "big", BIT(CUE_EMPH), 0, ROLE_NONE },
	{ "blockquote", BIT(CUE_PARA), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "body", 0, ELEMENT_TABLE_WALL, ROLE_NONE },
	{ "br", 0, ELEMENT_VOID, ROLE_NONE },
	{ "caption", 0, ELEMENT_BLOCK, ROLE_NONE },
	{ "center", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "col", 0, ELEMENT_VOID, ROLE_NONE },
	{ "dd", 0, ELEMENT_BLOCK, ROLE_DD },
	{ "details", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "dialog", BIT(CUE_W_OVERLAY), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "div", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "dl", BIT(CUE_LIST), ELEMENT_CLOSES_P, ROLE_DL },
	{ "dt", 0, ELEMENT_BLOCK, ROLE_DT },
	{ "em", BIT(CUE_EMPH), 0, ROLE_NONE },
	{ "embed", 0, ELEMENT_VOID, ROLE_NONE },
	{ "fieldset", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "figcaption", 0, ELEMENT_BLOCK, ROLE_NONE },
	{ "figure", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "font", BIT(CUE_EMPH), 0, ROLE_NONE },
	{ "footer", BIT(CUE_FOOTER), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "form", BIT(CUE_FORM), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "frame", 0, ELEMENT_VOID, ROLE_NONE },
	{ "h1", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "h2", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "h3", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "h4", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "h5", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "h6", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "header", BIT(CUE_HEADER), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "hr", 0, ELEMENT_VOID | ELEMENT_CLOSES_P, ROLE_NONE },
	{ "html", 0, ELEMENT_TABLE_WALL, ROLE_NONE },
	{ "i", BIT(CUE_EMPH), 0, ROLE_NONE },
	{ "img", 0, ELEMENT_VOID, ROLE_NONE },
	{ "input", 0, ELEMENT_VOID, ROLE_NONE },
	{ "isindex", 0, ELEMENT_VOID, ROLE_NONE },
	{ "keygen", 0, ELEMENT_VOID, ROLE_NONE },
	{ "legend", 0, ELEMENT_BLOCK, ROLE_NONE },
	{ "li", 0, ELEMENT_CLOSES_P, ROLE_LI },
	{ "link", 0, ELEMENT_VOID, ROLE_NONE },
	{ "main", BIT(CUE_ARTICLE), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "menu", BIT(CUE_LIST), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "meta", 0, ELEMENT_VOID, ROLE_NONE },
	{ "nav", BIT(CUE_NAV), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "ol", BIT(CUE_LIST), ELEMENT_CLOSES_P, ROLE_OL },
	{ "option", 0, 0, ROLE_OPTION },
	{ "p", BIT(CUE_PARA), ELEMENT_CLOSES_P, ROLE_P },
	{ "param", 0, ELEMENT_VOID, ROLE_NONE },
	{ "pre", BIT(CUE_PARA), ELEMENT_CLOSES_P, ROLE_NONE },
	{ "section", 0, ELEMENT_CLOSES_P, ROLE_NONE },
	{ "source", 0, ELEMENT_VOID, ROLE_NONE },
	{ "strong", BIT(CUE_EMPH), 0, ROLE_NONE },
	{ "summary", 0, ELEMENT_BLOCK, ROLE_NONE },
	{ "table", 0, ELEMENT_CLOSES_P | ELEMENT_TABLE_WALL, ROLE_TABLE },
	{ "td", BIT(CUE_CELL), ELEMENT_BLOCK, ROLE_TD },
	{ "th", BIT(CUE_CELL), ELEMENT_BLOCK, ROLE_TH },
	{ "title", 0, 0, ROLE_TITLE },
	{ "tr", 0, ELEMENT_BLOCK, ROLE_TR },
	{ "track", 0, ELEMENT_VOID, ROLE_NONE },
	{ "u", BIT(CUE_EMPH), 0, ROLE_NONE },
	{ "ul", BIT(CUE_LIST), ELEMENT_CLOSES_P, ROLE_UL },
	{ "wbr", 0, ELEMENT_VOID, ROLE_NONE },
};

static const struct element_kind *element_kind(const struct name_key *name)
{
	return NAME_TABLE_FIND(element_kinds, name);
}

/* What an element not in the table is. */
static const struct element_kind no_kind;

int structure_element_names_sorted(void)
{
	return NAME_TABLE_SORTED(element_kinds);
}

/* --- class, id and role words ------------------------------------------------------ */

/* A word of an attribute value gives a cue when it is the entry's word, or,
 * for entries marked `inside`, when it begins or ends with it
 * ("sidebarleft", "leftsidebar", "commentlist"; see value_cues() for what
 * a word is). Only the ends: inside a word an entry is most often part of
 * another word ("recommended" holds "comment", "unavailable" and "canvas"
 * hold "nav"). Short words that are parts of many others ("ad", "more")
 * count only whole. */
struct cue_word {
	const char *word;
	size_t len;
	int inside;
	enum structure_cue cue;
};

#define W(word, inside, cue) { word, sizeof(word) - 1, inside, cue }

static const struct cue_word cue_words[] = {
	W("nav", 1, CUE_W_NAV), W("menu", 1, CUE_W_NAV), W("breadcrumb", 1, CUE_W_NAV),
	W("pagination", 1, CUE_W_NAV), W("pager", 0, CUE_W_NAV), W("toolbar", 1, CUE_W_NAV),
	W("tabs", 0, CUE_W_NAV), W("links", 0, CUE_W_NAV),
	W("sidebar", 1, CUE_W_SIDE), W("widget", 1, CUE_W_SIDE), W("rail", 0, CUE_W_SIDE),
	W("side", 0, CUE_W_SIDE), W("complementary", 1, CUE_W_SIDE), W("sidebox", 1, CUE_W_SIDE),
	W("footer", 1, CUE_W_FOOTER), W("copyright", 1, CUE_W_FOOTER), W("foot", 0, CUE_W_FOOTER),
	W("contentinfo", 1, CUE_W_FOOTER), W("legal", 1, CUE_W_FOOTER),
	W("comment", 1, CUE_W_COMMENT), W("reply", 1, CUE_W_COMMENT),
	W("respond", 1, CUE_W_COMMENT), W("discussion", 1, CUE_W_COMMENT),
	W("disqus", 1, CUE_W_COMMENT),
	W("share", 1, CUE_W_SHARE), W("sharing", 1, CUE_W_SHARE), W("social", 1, CUE_W_SHARE),
	W("facebook", 1, CUE_W_SHARE), W("twitter", 1, CUE_W_SHARE), W("addthis", 1, CUE_W_SHARE),
	W("print", 0, CUE_W_SHARE), W("email", 0, CUE_W_SHARE), W("tools", 0, CUE_W_SHARE),
	W("related", 1, CUE_W_RELATED), W("recommend", 1, CUE_W_RELATED),
	W("popular", 1, CUE_W_RELATED), W("trending", 1, CUE_W_RELATED),
	W("most", 0, CUE_W_RELATED), W("more", 0, CUE_W_RELATED), W("teaser", 1, CUE_W_RELATED),
	W("headlines", 1, CUE_W_RELATED), W("promo", 1, CUE_W_RELATED),
	W("header", 1, CUE_W_HEADER), W("masthead", 1, CUE_W_HEADER),
	W("banner", 1, CUE_W_HEADER), W("logo", 1, CUE_W_HEADER), W("branding", 1, CUE_W_HEADER),
	W("top", 0, CUE_W_HEADER),
	W("ad", 0, CUE_W_AD), W("ads", 0, CUE_W_AD), W("advert", 1, CUE_W_AD),
	W("sponsor", 1, CUE_W_AD), W("adsense", 1, CUE_W_AD),
	W("article", 1, CUE_W_CONTENT), W("content", 1, CUE_W_CONTENT),
	W("post", 0, CUE_W_CONTENT), W("entry", 1, CUE_W_CONTENT), W("story", 1, CUE_W_CONTENT),
	W("body", 0, CUE_W_CONTENT), W("text", 0, CUE_W_CONTENT), W("main", 0, CUE_W_CONTENT),
	W("blog", 0, CUE_W_CONTENT),
	W("byline", 1, CUE_W_META), W("author", 1, CUE_W_META), W("date", 0, CUE_W_META),
	W("time", 0, CUE_W_META), W("meta", 0, CUE_W_META), W("tags", 0, CUE_W_META),
	W("tag", 0, CUE_W_META), W("category", 1, CUE_W_META), W("categories", 1, CUE_W_META),
	W("dateline", 1, CUE_W_META), W("timestamp", 1, CUE_W_META),
	W("caption", 1, CUE_W_META), W("credit", 1, CUE_W_META),
	W("hidden", 1, CUE_W_HIDDEN), W("hide", 0, CUE_W_HIDDEN),
	W("cookie", 1, CUE_W_OVERLAY), W("cookies", 1, CUE_W_OVERLAY),
	W("consent", 1, CUE_W_OVERLAY), W("gdpr", 1, CUE_W_OVERLAY), W("dsgvo", 1, CUE_W_OVERLAY),
	W("cmp", 0, CUE_W_OVERLAY), W("privacy", 1, CUE_W_OVERLAY),
	W("modal", 1, CUE_W_OVERLAY), W("popup", 1, CUE_W_OVERLAY), W("overlay", 1, CUE_W_OVERLAY),
	W("dialog", 1, CUE_W_OVERLAY), W("lightbox", 1, CUE_W_OVERLAY),
	W("offcanvas", 1, CUE_W_OVERLAY), W("newsletter", 1, CUE_W_OVERLAY),
	W("subscribe", 1, CUE_W_OVERLAY), W("subscription", 1, CUE_W_OVERLAY),
	W("paywall", 1, CUE_W_OVERLAY), W("login", 1, CUE_W_OVERLAY), W("signin", 1, CUE_W_OVERLAY),
	W("signup", 1, CUE_W_OVERLAY), W("register", 1, CUE_W_OVERLAY),
	W("registration", 1, CUE_W_OVERLAY),
};

/* A class name tells that its element is hidden only when it says
 * nothing else: "hidden", "is-hidden", "js-hide", "visually-hidden". With
 * other words it hides a part ("field-label-hidden": Drupal's field
 * whose label is hidden), something else ("overflow-hidden") or on some
 * screens only ("hidden-xs", "hide-on-mobile"), and the text is read. */
static const char *const hiding_modifiers[] = {
	"is", "js", "u", "el", "state", "visually", "sr", "on", "hidden", "hide",
};

/* WordPress writes a post's terms into its classes ("category-news",
 * "tag-sourdough" on the <article>), and these say nothing of the box:
 * "category" or "tag" as the first word of a longer class name gives no
 * cue. Boxes of terms are named the other way round ("entry-categories",
 * "post-tags"). */
static const char *const taxonomy_words[] = { "category", "categories", "tag", "tags" };

static int word_in(const char *word, size_t len, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)   /* len >= 1: word[0] is a letter */
		if (list[i][0] == word[0] && strlen(list[i]) == len && !memcmp(list[i], word, len))
			return 1;
	return 0;
}

#define WORD_IN(word, len, list) word_in(word, len, list, sizeof(list) / sizeof(list[0]))

static int is_alnum(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_upper(int c)
{
	return c >= 'A' && c <= 'Z';
}

static int lower(int c)
{
	return is_upper(c) ? c + ('a' - 'A') : c;
}

/* An entry matches the whole word or, `inside`, its start or its end; the
 * first or last letter is compared before the call to memcmp(), which most
 * entries then never need. */
static uint32_t word_cues(const char *word, size_t len)
{
	uint32_t cues = 0;
	char first = word[0], last = word[len - 1];

	for (size_t i = 0; i < sizeof(cue_words) / sizeof(cue_words[0]); i++) {
		const struct cue_word *c = &cue_words[i];
		if (c->len == len ? c->word[0] == first && !memcmp(c->word, word, len)
				  : c->inside && c->len < len &&
				    ((c->word[0] == first && !memcmp(word, c->word, c->len)) ||
				     (c->word[c->len - 1] == last &&
				      !memcmp(word + len - c->len, c->word, c->len))))
			cues |= BIT(c->cue);
	}
	return cues;
}

/* Does a word end between the characters `a` and `b` of an attribute
 * value? At anything that is not a letter or a digit, between a lower-case
 * letter and a capital ("postContent"), and between letters and digits
 * ("col2"). */
static int word_ends(int a, int b)
{
	return !is_alnum(b) || (!is_upper(a) && !is_digit(a) && is_upper(b)) ||
	       is_digit(a) != is_digit(b);
}

/* What one class name (or id, or role) says: the cues of its words, but
 * for the hidden cue and taxonomy classes (above). */
struct name_cues {
	uint32_t cues;
	int words;
	int hidden_only;     /* every word so far hides */
	int taxonomy;        /* the first word names a taxonomy */
};

static void name_add_word(struct name_cues *n, const char *word, size_t len)
{
	if (n->words++ == 0)
		n->taxonomy = WORD_IN(word, len, taxonomy_words);
	else if (n->taxonomy)
		return;
	n->hidden_only &= WORD_IN(word, len, hiding_modifiers);
	n->cues |= word_cues(word, len);
}

static uint32_t name_end(struct name_cues *n)
{
	uint32_t cues = n->cues;
	if (!n->hidden_only)
		cues &= ~BIT(CUE_W_HIDDEN);
	if (n->taxonomy && n->words > 1)
		cues = 0;
	*n = (struct name_cues){ .hidden_only = 1 };
	return cues;
}

/* The cues of an attribute value's words, lower case. Words longer than 48
 * letters say nothing (generated names). */
static uint32_t value_cues(const char *value, size_t len)
{
	char word[48];
	size_t n = 0, too_long = 0;
	uint32_t cues = 0;
	struct name_cues name = { .hidden_only = 1 };

	for (size_t i = 0; i <= len; i++) {
		int c = i < len ? (unsigned char)value[i] : ' ';
		if (is_alnum(c)) {
			if (n < sizeof(word))
				word[n++] = (char)lower(c);
			else
				too_long = 1;
			if (i + 1 < len && !word_ends(c, (unsigned char)value[i + 1]))
				continue;   /* the word goes on */
		}
		if (n && !too_long)
			name_add_word(&name, word, n);
		n = too_long = 0;
		if (ascii_is_html_space(c) || i == len)   /* the end of a class name */
			cues |= name_end(&name);
	}
	return cues;
}

/* Pages repeat their class names ("post-meta" on every post of a list,
 * 2-3 times each on the development pages), and reading a value word by
 * word against the cue words was most of reading a tag: the cues of the
 * value last met in each slot are kept, and a value met again is not read
 * again. Longer values (rarer, and more often generated) are always read. */
#define VALUE_CACHE_BITS 7
#define VALUE_CACHE_BYTES 40
struct value_cache {
	uint32_t cues[1 << VALUE_CACHE_BITS];
	unsigned char len[1 << VALUE_CACHE_BITS];   /* 0: an empty slot */
	char value[1 << VALUE_CACHE_BITS][VALUE_CACHE_BYTES];
};

/* value_cues(), from `cache` when it holds them (NULL: none). */
static uint32_t cached_value_cues(struct value_cache *cache, const char *value, size_t len)
{
	if (!cache || !len || len > VALUE_CACHE_BYTES)
		return value_cues(value, len);
	size_t slot = (size_t)(hash_bytes(value, len) >> (64 - VALUE_CACHE_BITS));
	if (cache->len[slot] != len || memcmp(cache->value[slot], value, len)) {
		cache->cues[slot] = value_cues(value, len);
		cache->len[slot] = (unsigned char)len;
		memcpy(cache->value[slot], value, len);
	}
	return cache->cues[slot];
}

/* display:none or visibility:hidden in a style attribute (spaces and case
 * ignored). */
static int style_hides(const char *value, size_t len)
{
	static const char *const hiding[] = { "display:none", "visibility:hidden" };
	char squeezed[256];
	size_t n = 0;

	for (size_t i = 0; i < len && n + 1 < sizeof(squeezed); i++)
		if (!ascii_is_html_space((unsigned char)value[i]))
			squeezed[n++] = (char)lower((unsigned char)value[i]);
	squeezed[n] = '\0';
	for (size_t i = 0; i < sizeof(hiding) / sizeof(hiding[0]); i++)
		if (strstr(squeezed, hiding[i]))
			return 1;
	return 0;
}

/* The cues of a start tag's attributes in [a, end) (class, id, role,
 * style), and whether it has an href. */
static uint32_t attribute_cues(struct value_cache *values, const char *a, const char *end,
			       int *has_href)
{
	uint32_t cues = 0;

	*has_href = 0;
	while (a < end) {
		while (a < end && !is_alnum((unsigned char)*a))
			a++;
		const char *name = a;
		while (a < end && (is_alnum((unsigned char)*a) || *a == '-' || *a == '_' || *a == ':'))
			a++;
		size_t name_len = (size_t)(a - name);
		while (a < end && ascii_is_html_space((unsigned char)*a))
			a++;
		const char *value = NULL;
		size_t value_len = 0;
		if (a < end && *a == '=') {
			for (a++; a < end && ascii_is_html_space((unsigned char)*a); a++)
				;
			if (a < end && (*a == '"' || *a == '\'')) {
				char quote = *a++;
				value = a;
				while (a < end && *a != quote)
					a++;
				value_len = (size_t)(a - value);
				a += a < end;
			} else {
				for (value = a; a < end && !ascii_is_html_space((unsigned char)*a); a++)
					;
				value_len = (size_t)(a - value);
			}
		}
		char lname[6];
		if (!name_len || name_len >= sizeof(lname))
			continue;
		for (size_t i = 0; i < name_len; i++)
			lname[i] = (char)lower((unsigned char)name[i]);
		lname[name_len] = '\0';
		if (!strcmp(lname, "href"))
			*has_href = 1;
		else if (value && (!strcmp(lname, "class") || !strcmp(lname, "id") ||
				   !strcmp(lname, "role")))
			cues |= cached_value_cues(values, value, value_len);
		else if (value && !strcmp(lname, "style") && style_hides(value, value_len))
			cues |= BIT(CUE_W_HIDDEN);
	}
	return cues;
}

/* --- the stack of open elements ---------------------------------------------------- */

/* Deeper nesting is not followed (its elements give no cue of their own). */
#define STACK_MAX 512
#define NAME_MAX_LEN (NAME_TABLE_SIZE - 1)

struct open_element {
	struct name_key name;
	const struct element_kind *kind;   /* no_kind when it has none */
	uint32_t state;        /* the cues in force inside it: its own and its parents' */
	size_t text_before;    /* the page's text characters before it (measuring) */
	size_t own_before;     /* ... and of them, the page's own (NOT_OWN) */
	size_t index;          /* its place among the elements opened */
	size_t cued;           /* its place among the elements with cues of their own, or
				  NO_CUES */
};

#define NO_CUES SIZE_MAX

/* An element that may hold most of the page's own text (see close_to()). */
struct main_candidate {
	size_t index;
	int depth;
	size_t own;
};

/* What a run of the scan does (html_mark_structure()). */
enum scan_run {
	MARK,             /* mark, without the cues of the elements that hold most
			     of the text */
	MEASURE,          /* measure how much of the page's text each element
			     with cues of its own holds, and its own text */
	MEASURE_OWN,      /* measure the own text again, without those cues: run
			     when an element holding (nearly) all the text
			     would hide or overlay it (<body class="modal-open">) */
};

/* What the scan reads of a page: a tag, a run of text with no tag in it
 * (white space alone is none), or a comment, doctype or processing
 * instruction. Every run of the scan takes the same events in the same
 * order (take_event()); the first reads them from the page and keeps them,
 * and the others read them back: finding the tags, looking their names up
 * and counting the text's characters were most of each run's work. */
enum event_type { EVENT_TEXT, EVENT_START, EVENT_END, EVENT_MARKUP };

/* An event's kind when its element is not in element_kinds. */
#define KIND_NONE UCHAR_MAX
_Static_assert(sizeof(element_kinds) / sizeof(element_kinds[0]) < KIND_NONE,
	       "an element's kind is a byte");

struct scan_event {
	unsigned char type;          /* enum event_type */
	unsigned char kind;          /* a tag's: its index in element_kinds, or KIND_NONE */
	unsigned char self_closing;  /* a start tag's: it ends in "/>" */
	unsigned char has_href;      /* a start tag's: it has an href */
	uint32_t cues;               /* a start tag's: its attributes' (attribute_cues()) */
	union {
		struct name_key name;    /* a tag's: its lower-case name (read_tag()) */
		struct {
			size_t at;       /* text: where its first character that is not
					    white space is, from the page's start */
			size_t chars;    /* ... and its characters (count_text_chars()) */
		} text;
	} u;
};

/* What the first run's events became. */
enum event_store {
	EVENTS_KEEPING,   /* the first run is keeping them */
	EVENTS_KEPT,      /* all kept: the other runs read them back */
	EVENTS_NONE       /* no memory to keep them (or not asked to): each run
			     reads the page again */
};

/* A page uses few element names, over and over: the scan keeps the kind of
 * each name it looked up last, one a slot, in front of element_kind()'s
 * search. An empty slot's name is all zeros, which no tag's is (a name
 * begins with a letter). */
#define KIND_CACHE_BITS 6
struct kind_cache {
	struct name_key name[1 << KIND_CACHE_BITS];
	unsigned char kind[1 << KIND_CACHE_BITS];   /* an index in element_kinds, or KIND_NONE */
};

/* What reading a page keeps of the names it met: its elements' kinds and
 * its class, id and role values' cues. */
struct read_caches {
	struct kind_cache kinds;
	struct value_cache values;
};

/* The scan runs two or three times over a page. Every run opens and
 * closes the same elements in the same order, so the n-th element with
 * cues of one run is the n-th of another. */
struct scanner {
	struct open_element stack[STACK_MAX];
	int depth;
	unsigned open_roles[ROLE_COUNT];   /* how many of the open elements have each role */
	enum scan_run run;
	size_t text;           /* text characters so far */
	size_t own;            /* ... of them the page's own: not in links, overlays or
				  hidden boxes (NOT_OWN) */
	size_t opened;         /* elements opened so far */
	size_t cued;           /* elements with cues of their own so far */
	struct strbuf candidates;   /* measuring: main_candidate entries */
	size_t main;           /* marking: the index of the main element, or NO_CUES */
	struct strbuf held;    /* MEASURE: the text each of them holds, as size_t;
				  then read back */
	struct strbuf hiders;  /* MEASURE: the places (cued) of the elements whose
				  cues make their text not the page's own but a
				  link's, as size_t */
	size_t most;           /* marking: more text than this is "most of the page" */
	size_t all;            /* ... and this, "(nearly) all of it" */
	struct strbuf events;  /* the page's events (struct scan_event), kept by the
				  first run and read back by the others */
	size_t events_max;     /* ... in at most this many bytes (EVENTS_MAX_GROWTH) */
	enum event_store kept;
	struct read_caches caches;   /* reading the page: what its names say */
	int remember;          /* keep the events and use the caches (else the plain
				  reading that html_mark_structure_plain() tests
				  against) */
	int in_title;          /* inside <title>: its text is not the page's */
	int in_text;           /* a run of text is open: no tag or comment since text */
	int block_ended;       /* a block began or ended since the last text */
	int out_of_memory;
};

static uint32_t current_state(const struct scanner *s)
{
	return s->depth ? s->stack[s->depth - 1].state : 0;
}

/* An element closed while measuring may be the page's main element, the
 * innermost that holds at least half of the page's own text (NOT_OWN),
 * if it holds half of the own text so far: only the page's end
 * tells. Few do (each such element holds at least as much as all the text
 * before it, or contains the one before that did), so all are kept. */
static void add_main_candidate(struct scanner *s, const struct open_element *e, int depth)
{
	struct main_candidate c = { e->index, depth, s->own - e->own_before };
	if (!c.own || 2 * c.own < s->own)
		return;
	if (strbuf_try_grow(&s->candidates, sizeof(c)) < 0) {
		s->out_of_memory = 1;
		return;
	}
	strbuf_add(&s->candidates, &c, sizeof(c));
}

/* Close the open elements from `depth` on; when measuring, record the text
 * of each that has cues of its own, and the main element's candidates. */
static void close_to(struct scanner *s, int depth)
{
	for (int i = s->depth - 1; i >= depth; i--) {
		const struct open_element *e = &s->stack[i];
		s->open_roles[e->kind->role]--;
		if (s->run == MARK)
			continue;
		add_main_candidate(s, e, i);
		if (s->run != MEASURE || e->cued == NO_CUES)
			continue;
		size_t held = s->text - e->text_before;
		memcpy(s->held.buf + e->cued * sizeof(size_t), &held, sizeof(held));
	}
	s->depth = depth;
}

/* After measuring: the innermost candidate that holds at least half of the
 * page's own text, or NO_CUES. */
static size_t main_element(const struct scanner *s)
{
	const struct main_candidate *c = (const struct main_candidate *)s->candidates.buf;
	size_t n = s->candidates.len / sizeof(*c), found = NO_CUES;
	int deepest = -1;
	for (size_t i = 0; i < n; i++) {
		if (2 * c[i].own >= s->own && c[i].depth > deepest) {
			deepest = c[i].depth;
			found = c[i].index;
		}
	}
	return found;
}

/* Is the open element i one of the roles a and b (ROLE_NONE matches
 * nothing)? */
static int open_is(const struct scanner *s, int i, enum element_role a, enum element_role b)
{
	unsigned role = s->stack[i].kind->role;
	return role != ROLE_NONE && (role == a || role == b);
}

/* Close the innermost open element of role `a` (or `b`), unless an element
 * of role `stop` (or `stop2`) is open inside it. */
static void close_implied(struct scanner *s, enum element_role a, enum element_role b,
			  enum element_role stop, enum element_role stop2)
{
	if ((a == ROLE_NONE || !s->open_roles[a]) && (b == ROLE_NONE || !s->open_roles[b]))
		return;   /* none open: no need to walk the stack (a page of 512 <div>s) */
	for (int i = s->depth - 1; i >= 0; i--) {
		if (open_is(s, i, a, b)) {
			close_to(s, i);
			return;
		}
		if (open_is(s, i, stop, stop2))
			return;
	}
}

/* Cues of an element that holds (nearly) all of the page's text
 * (COVER_ALL) are not given: a <body class="... hide-empty ...
 * footer-v2">, a <form> or a <font> around the whole page says nothing
 * about any one segment of it. A link's stays true of any text, and a
 * paragraph's (a <p> cannot hold blocks: one that holds all the text is
 * a page of one paragraph). */
#define INLINE_CUES (BIT(CUE_LINK) | BIT(CUE_PARA))
/* Cross-validated on the three development sets (scripts/cross-validate.sh,
 * the builtin renderer, the logistic model without trees), word F with the
 * rule and without it: CLEANEVAL 94.55 and 94.21, Dragnet 94.86 and 95.03,
 * trafilatura-dev's snippets 89.46 and 88.13 (its German pages, where
 * whole-page classes are most common, 89.72 and 88.00); --article's
 * Dragnet 93.39 and 93.50, trafilatura-dev 88.48 and 88.01. */
#define COVER_MOST 0.5
#define COVER_ALL 0.9
/* Cues of the kinds of box that hold some of a page's text and never most
 * of it (an element so named that holds most of it is a wrapper whose name
 * says what it wraps: "layout-right-sidebar", "has-comments"). */
#define BOILERPLATE_CUES (BIT(CUE_NAV) | BIT(CUE_HEADER) | BIT(CUE_FOOTER) | BIT(CUE_ASIDE) | \
			  BIT(CUE_FORM) | BIT(CUE_W_NAV) | BIT(CUE_W_SIDE) | BIT(CUE_W_FOOTER) | \
			  BIT(CUE_W_COMMENT) | BIT(CUE_W_SHARE) | BIT(CUE_W_RELATED) | \
			  BIT(CUE_W_HEADER) | BIT(CUE_W_AD) | BIT(CUE_W_META) | BIT(CUE_W_HIDDEN))
/* Text that is not the page's own: link text, and what lies over the page
 * or is hidden (a consent dialog's legal text can outweigh an article). */
#define NOT_OWN (BIT(CUE_LINK) | BIT(CUE_W_OVERLAY) | BIT(CUE_W_HIDDEN))

/* Place an element with cues of its own among the others: when measuring,
 * room for its text; when marking, its cues without those it loses for
 * holding most of the text. */
static uint32_t place_cued(struct scanner *s, struct open_element *e, uint32_t cues)
{
	e->cued = s->cued++;
	size_t offset = e->cued * sizeof(size_t);
	if (s->run == MEASURE) {
		size_t none = 0;
		if (strbuf_try_grow(&s->held, sizeof(none)) < 0) {
			s->out_of_memory = 1;
			e->cued = NO_CUES;
			s->cued--;
			return cues;
		}
		strbuf_add(&s->held, &none, sizeof(none));
		if (cues & NOT_OWN & ~BIT(CUE_LINK)) {
			if (strbuf_try_grow(&s->hiders, sizeof(e->cued)) < 0)
				s->out_of_memory = 1;
			else
				strbuf_add(&s->hiders, &e->cued, sizeof(e->cued));
		}
		return cues;
	}
	size_t held = 0;
	if (offset + sizeof(held) <= s->held.len)
		memcpy(&held, s->held.buf + offset, sizeof(held));
	if (held > s->all)
		return cues & INLINE_CUES;
	return held > s->most ? cues & ~BOILERPLATE_CUES : cues;
}

/* After MEASURE: does an element that hides or overlays its text hold
 * (nearly) all of the page's? Its cues are not given then, so the own text
 * it took away must be measured again. */
static int hider_covers(const struct scanner *s)
{
	const size_t *place = (const size_t *)s->hiders.buf;
	for (size_t i = 0; i < s->hiders.len / sizeof(*place); i++) {
		size_t held;
		memcpy(&held, s->held.buf + place[i] * sizeof(held), sizeof(held));
		if (held > s->all)
			return 1;
	}
	return 0;
}

/* The open elements a start tag of `kind` ends, as an HTML parser ends
 * them. */
static void close_before(struct scanner *s, const struct element_kind *kind)
{
	if (kind->flags & ELEMENT_CLOSES_P)
		close_implied(s, ROLE_P, ROLE_NONE, ROLE_NONE, ROLE_NONE);
	switch (kind->role) {
	case ROLE_LI:
		close_implied(s, ROLE_LI, ROLE_NONE, ROLE_UL, ROLE_OL);
		break;
	case ROLE_DT: case ROLE_DD:
		close_implied(s, ROLE_DT, ROLE_DD, ROLE_DL, ROLE_NONE);
		break;
	case ROLE_TD: case ROLE_TH:
		close_implied(s, ROLE_TD, ROLE_TH, ROLE_TR, ROLE_TABLE);
		break;
	case ROLE_TR:
		close_implied(s, ROLE_TR, ROLE_NONE, ROLE_TABLE, ROLE_NONE);
		break;
	case ROLE_A: case ROLE_OPTION:
		close_implied(s, kind->role, ROLE_NONE, ROLE_NONE, ROLE_NONE);
		break;
	default:
		break;
	}
}

static void start_tag(struct scanner *s, const struct scan_event *tag,
		      const struct element_kind *kind)
{
	unsigned flags = kind->flags;
	uint32_t cues = tag->cues;

	if (flags & (ELEMENT_CLOSES_P | ELEMENT_BLOCK))
		s->block_ended = 1;
	close_before(s, kind);
	if ((flags & ELEMENT_VOID) || tag->self_closing || s->depth == STACK_MAX)
		return;
	cues |= kind->cues;
	if ((flags & ELEMENT_HREF_LINK) && tag->has_href)
		cues |= BIT(CUE_LINK);
	struct open_element *e = &s->stack[s->depth];
	e->name = tag->u.name;
	e->kind = kind;
	e->text_before = s->text;
	e->own_before = s->own;
	e->index = s->opened++;
	e->cued = NO_CUES;
	if (cues)
		cues = place_cued(s, e, cues);
	if (s->run == MARK && e->index == s->main)
		cues |= BIT(CUE_MAIN);
	e->state = current_state(s) | cues;
	s->open_roles[kind->role]++;
	s->depth++;
}

static void end_tag(struct scanner *s, const struct name_key *name,
		    const struct element_kind *kind)
{
	int may_leave_table = kind->flags & ELEMENT_TABLE_WALL;

	if (kind->flags & (ELEMENT_CLOSES_P | ELEMENT_BLOCK))
		s->block_ended = 1;
	for (int i = s->depth - 1; i >= 0; i--) {
		const struct open_element *open = &s->stack[i];
		if (open->name.high == name->high && open->name.low == name->low) {
			close_to(s, i);
			return;
		}
		/* A stray </div> in a cell does not close the page's layout. */
		if (!may_leave_table && (open->kind->flags & ELEMENT_TABLE_WALL))
			return;
	}
}

/* --- the scan ---------------------------------------------------------------------- */

/* Marker bytes per byte of the page, at most (and a few markers more, so
 * that a small page is marked too). */
#define STRUCTURE_MAX_GROWTH 1

/* The kind of the element named `name`: its index in element_kinds, or
 * KIND_NONE; from `cache` when it holds it (NULL: none). */
static unsigned char cached_kind(struct kind_cache *cache, const struct name_key *name)
{
	if (!cache) {
		const struct element_kind *kind = element_kind(name);
		return kind ? (unsigned char)(kind - element_kinds) : KIND_NONE;
	}
	uint64_t hash = (name->high ^ name->low) * UINT64_C(0x9E3779B97F4A7C15);
	size_t slot = (size_t)(hash >> (64 - KIND_CACHE_BITS));
	if (cache->name[slot].high != name->high || cache->name[slot].low != name->low) {
		cache->name[slot] = *name;
		cache->kind[slot] = cached_kind(NULL, name);
	}
	return cache->kind[slot];
}

/* If a tag starts at `p` ("<name" or "</name"), read it into `tag`: its
 * lower-case name (its first NAME_MAX_LEN letters and digits), its kind
 * and, for a start tag, what its attributes say. Return the position after
 * the tag, or NULL. */
static const char *read_tag(const char *p, const char *end, struct read_caches *caches,
			    struct scan_event *tag)
{
	const char *q = p + 1;
	int closing = q < end && *q == '/';
	q += closing;
	if (q >= end || !((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z')))
		return NULL;
	unsigned char padded[NAME_TABLE_SIZE] = { 0 };   /* as a key packs it: no copy */
	size_t n = 0;
	for (; q < end && is_alnum((unsigned char)*q); q++)
		if (n < NAME_MAX_LEN)
			padded[n++] = (unsigned char)lower((unsigned char)*q);
	tag->u.name = name_key_of_padded(padded);
	const char *attrs = q, *gt = memchr(q, '>', (size_t)(end - q));
	const char *attrs_end = gt ? gt : end;
	int has_href = 0;

	tag->type = closing ? EVENT_END : EVENT_START;
	tag->kind = cached_kind(caches ? &caches->kinds : NULL, &tag->u.name);
	tag->self_closing = attrs_end > attrs && attrs_end[-1] == '/';
	tag->cues = closing ? 0 : attribute_cues(caches ? &caches->values : NULL, attrs, attrs_end,
							 &has_href);
	tag->has_href = (unsigned char)has_href;
	return gt ? gt + 1 : end;
}

static void add_marker(struct strbuf *out, const char *prefix, uint32_t state)
{
	static const char hex[] = "0123456789abcdef";
	char digits[STRUCTURE_STATE_DIGITS];

	for (int i = STRUCTURE_STATE_DIGITS - 1; i >= 0; i--, state >>= 4)
		digits[i] = hex[state & 15];
	strbuf_addstr(out, prefix);
	strbuf_add(out, digits, sizeof(digits));
	strbuf_addstr(out, STRUCTURE_STATE_END);
}

/* What marking writes, and what it may still write. */
struct marking {
	struct strbuf out;
	const char *prefix;
	size_t marker_len, budget;
	const char *copied;   /* the page up to here is in `out` */
	uint32_t announced;
	int exhausted, text_seen;
};

/* The text at `p` begins: announce its state when it differs from the last
 * announced, or when a block ended since the text before (STRUCTURE_BREAK:
 * the segmenter ends the segment there). Cross-validated on the three
 * development sets (scripts/cross-validate.sh, the builtin renderer, the
 * logistic model without trees), word F with the breaks and without:
 * CLEANEVAL 94.55 and 94.44 (labelled segmentation F 66.20 and 59.60),
 * Dragnet 94.86 and 94.22, trafilatura-dev 89.46 and 88.13; --article's
 * Dragnet 93.39 and 91.05, trafilatura-dev 88.48 and 87.98. */
static void mark_text(struct scanner *s, struct marking *m, const char *p)
{
	uint32_t state = current_state(s);
	int block = s->block_ended && m->text_seen;

	s->block_ended = 0;
	m->text_seen = 1;
	if (m->exhausted || (state == m->announced && !block))
		return;
	if (m->budget < 2 * m->marker_len) {
		state = 0;   /* enough markers: the rest of the page is unmarked */
		block = 0;
		m->exhausted = 1;
	}
	strbuf_add(&m->out, m->copied, (size_t)(p - m->copied));
	add_marker(&m->out, m->prefix, state | (block ? STRUCTURE_BREAK : 0));
	m->budget -= m->marker_len;
	m->announced = state;
	m->copied = p;
}

/* The characters of the text [p, end) that count: all but white space,
 * each UTF-8 character once (its continuation bytes are not counted). */
static size_t count_text_chars(const char *p, const char *end)
{
	size_t n = 0;
	while (p < end) {
		uint64_t v;
		if (SWAR_WORDS && end - p >= 8 && !swar_high(v = swar_load(p))) {
			n += 8 - swar_count(swar_html_space(v));   /* ASCII: each byte a character */
			p += 8;
			continue;
		}
		unsigned char c = (unsigned char)*p++;
		n += !ascii_is_html_space(c) && (c & 0xC0) != 0x80;
	}
	return n;
}

/* Read the page's next event from `p` on into `ev`; return the position
 * after it, or NULL at the page's end. Text goes from its first character
 * that is not white space to the next '<' (no tag can change the state
 * inside it); a '<' that begins no tag is text. */
static const char *read_event(const char *page, const char *p, const char *end,
			      struct read_caches *caches, struct scan_event *ev)
{
	while (p < end) {
		const char *text = p, *after;
		if (*p == '<') {
			if ((after = read_tag(p, end, caches, ev)))
				return after;
			if (p + 1 < end && (p[1] == '!' || p[1] == '?')) {
				const char *gt = memchr(p, '>', (size_t)(end - p));
				ev->type = EVENT_MARKUP;
				return gt ? gt + 1 : end;
			}
		} else {
			while (text < end && ascii_is_html_space((unsigned char)*text))
				text++;
			if (text == end)
				return NULL;
			if (*text == '<') {   /* white space alone is no text */
				p = text;
				continue;
			}
		}
		const char *lt = memchr(text + 1, '<', (size_t)(end - text - 1));
		if (!lt)
			lt = end;
		ev->type = EVENT_TEXT;
		ev->u.text.at = (size_t)(text - page);
		ev->u.text.chars = count_text_chars(text, lt);
		return lt;
	}
	return NULL;
}

/* The events kept are at most this many bytes a byte of the page (and a
 * few more): a page's events take about as many bytes as the page, but a
 * made one ("<a><a><a>...", 3 bytes an event of 24) would take eight
 * times its size, 512 MB for the largest page a worker reads; such a page
 * is read again on each run instead, as before the events were kept. */
#define EVENTS_MAX_GROWTH 2

/* Keep the first run's event `ev` for the other runs; past the bound
 * above, or without the memory, keep none and let each run read the page
 * again. */
static void keep_event(struct scanner *s, const struct scan_event *ev)
{
	if (s->events.len + sizeof(*ev) > s->events_max ||
	    (strbuf_avail(&s->events) < sizeof(*ev) &&
	     strbuf_try_grow(&s->events, sizeof(*ev)) < 0)) {
		s->kept = EVENTS_NONE;
		strbuf_release(&s->events);
		return;
	}
	/* Most events need no growing: the room is checked here, and the copy
	 * (of a known size) takes no call. */
	memcpy(s->events.buf + s->events.len, ev, sizeof(*ev));
	strbuf_commit(&s->events, sizeof(*ev));
}

/* Text outside the title: marked where it begins a run of text (none open),
 * and counted. */
static void take_text(struct scanner *s, struct marking *m, const char *page,
		      const struct scan_event *text)
{
	if (s->in_title)
		return;
	if (!s->in_text && m)
		mark_text(s, m, page + text->u.text.at);
	s->in_text = 1;
	s->text += text->u.text.chars;
	if (!(current_state(s) & NOT_OWN))
		s->own += text->u.text.chars;
}

/* Take the page's next event, read from the page or read back: the one
 * place where events change the scan's state. */
static void take_event(struct scanner *s, struct marking *m, const char *page,
		       const struct scan_event *ev)
{
	if (ev->type == EVENT_TEXT) {
		take_text(s, m, page, ev);
		return;
	}
	if (ev->type != EVENT_MARKUP) {
		const struct element_kind *kind =
			ev->kind == KIND_NONE ? &no_kind : &element_kinds[ev->kind];
		if (kind->role == ROLE_TITLE)
			s->in_title = ev->type == EVENT_START;
		else if (ev->type == EVENT_END)
			end_tag(s, &ev->u.name, kind);
		else
			start_tag(s, ev, kind);
	}
	s->in_text = 0;   /* a tag or a comment ends a run of text */
}

/* One run of the scan over the page [page, end): marking into `m`, else
 * measuring. The first run reads the page and may keep its events; the
 * others read those back, or the page again when none were kept. */
static void scan(struct scanner *s, const char *page, const char *end, struct marking *m)
{
	if (s->kept == EVENTS_KEPT) {
		const struct scan_event *ev = (const struct scan_event *)s->events.buf;
		size_t n = s->events.len / sizeof(*ev);
		for (size_t i = 0; i < n; i++)
			take_event(s, m, page, &ev[i]);
	} else {
		struct scan_event ev;
		struct read_caches *caches = s->remember ? &s->caches : NULL;
		for (const char *p = page; (p = read_event(page, p, end, caches, &ev)); ) {
			take_event(s, m, page, &ev);
			if (s->kept == EVENTS_KEEPING)
				keep_event(s, &ev);
		}
		if (s->kept == EVENTS_KEEPING)
			s->kept = EVENTS_KEPT;
	}
	close_to(s, 0);
}

/* Ready `s` for another run over the page. */
static void rewind_scan(struct scanner *s, enum scan_run run)
{
	s->run = run;
	s->text = s->own = s->opened = s->cued = 0;
	s->depth = 0;
	memset(s->open_roles, 0, sizeof(s->open_roles));
	s->in_title = s->in_text = s->block_ended = 0;
}

static void scanner_free(struct scanner *s)
{
	if (!s)
		return;
	strbuf_release(&s->held);
	strbuf_release(&s->hiders);
	strbuf_release(&s->candidates);
	strbuf_release(&s->events);
	free(s);
}

/* html_mark_structure(), keeping the first run's events for the others
 * and what names say, or (`remember` 0) reading the page on every run and
 * each name every time. */
static int mark_structure(struct strbuf *html, const char *prefix, int remember,
			  struct nc_error *err)
{
	struct scanner *s = calloc(1, sizeof(*s));
	size_t marker_len = strlen(prefix) + STRUCTURE_STATE_DIGITS + strlen(STRUCTURE_STATE_END);
	struct marking m = { .out = STRBUF_INIT, .prefix = prefix, .marker_len = marker_len,
			     .budget = html->len * STRUCTURE_MAX_GROWTH + 8 * marker_len,
			     .copied = html->buf };
	const char *end = html->buf + html->len;

	if (s) {
		strbuf_init(&s->held);
		strbuf_init(&s->hiders);
		strbuf_init(&s->candidates);
		strbuf_init(&s->events);
		s->remember = remember;
		s->kept = remember ? EVENTS_KEEPING : EVENTS_NONE;
		s->events_max = EVENTS_MAX_GROWTH * html->len + 64 * sizeof(struct scan_event);
		rewind_scan(s, MEASURE);
		scan(s, html->buf, end, NULL);
		s->most = (size_t)(COVER_MOST * (double)s->text);
		s->all = (size_t)(COVER_ALL * (double)s->text);
		if (!s->out_of_memory && hider_covers(s)) {
			strbuf_setlen(&s->candidates, 0);
			rewind_scan(s, MEASURE_OWN);
			scan(s, html->buf, end, NULL);
		}
	}
	if (!s || s->out_of_memory || strbuf_try_grow(&m.out, html->len + m.budget + marker_len + 1) < 0) {
		scanner_free(s);
		strbuf_release(&m.out);
		return nc_error_set(err, NC_ERR_MEMORY, "no memory to mark the page's structure "
				    "(%zu bytes)", html->len);
	}
	s->main = main_element(s);
	rewind_scan(s, MARK);
	scan(s, html->buf, end, &m);
	strbuf_add(&m.out, m.copied, (size_t)(end - m.copied));
	strbuf_swap(html, &m.out);
	strbuf_release(&m.out);
	scanner_free(s);
	return 0;
}

int html_mark_structure(struct strbuf *html, const char *prefix, struct nc_error *err)
{
	return mark_structure(html, prefix, 1, err);
}

int html_mark_structure_plain(struct strbuf *html, const char *prefix,
				  struct nc_error *err)
{
	return mark_structure(html, prefix, 0, err);
}

int64_t structure_state_parse(const char *digits, size_t len)
{
	size_t end_len = strlen(STRUCTURE_STATE_END);
	uint32_t state = 0;

	if (len < STRUCTURE_STATE_DIGITS + end_len ||
	    memcmp(digits + STRUCTURE_STATE_DIGITS, STRUCTURE_STATE_END, end_len))
		return -1;
	for (int i = 0; i < STRUCTURE_STATE_DIGITS; i++) {
		int c = (unsigned char)digits[i], v;
		if (c >= '0' && c <= '9')
			v = c - '0';
		else if (c >= 'a' && c <= 'f')
			v = c - 'a' + 10;
		else
			return -1;
		state = state << 4 | (uint32_t)v;
	}
	if ((state & ~STRUCTURE_BREAK) >> CUE_COUNT)
		return -1;
	return state;
}

/* Does [p, end) begin with a complete state marker of `prefix`, read from
 * the `split` bytes at p and then from `rest` on? */
static int is_cut_marker(const char *p, size_t split, const char *rest, const char *end,
			 const char *prefix, size_t marker_len)
{
	char marker[64];
	size_t tail = marker_len - split;

	if (marker_len > sizeof(marker) || (size_t)(end - rest) < tail)
		return 0;
	memcpy(marker, p, split);
	memcpy(marker + split, rest, tail);
	size_t prefix_len = strlen(prefix);
	return !memcmp(marker, prefix, prefix_len) &&
	       structure_state_parse(marker + prefix_len, marker_len - prefix_len) >= 0;
}

void structure_join_cut_markers(struct strbuf *dump, const char *prefix)
{
	size_t marker_len = strlen(prefix) + STRUCTURE_STATE_DIGITS + strlen(STRUCTURE_STATE_END);
	char *buf = dump->buf, *end = buf + dump->len, *out = buf, *p = buf;

	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		/* A cut marker begins with '@' within marker_len - 1 bytes of the
		 * line's end. */
		char *from = nl - p > (ptrdiff_t)marker_len - 1 ? nl - (marker_len - 1) : p;
		char *at = memchr(from, '@', (size_t)(nl - from));
		char *rest = nl + (nl < end);
		while (rest < end && *rest == ' ')
			rest++;
		int joined = 0;
		for (; at && nl < end; at = memchr(at + 1, '@', (size_t)(nl - at - 1))) {
			if (is_cut_marker(at, (size_t)(nl - at), rest, end, prefix, marker_len)) {
				joined = 1;
				break;
			}
		}
		size_t keep = (size_t)(nl - p) + (!joined && nl < end);
		memmove(out, p, keep);
		out += keep;
		p = joined ? rest : nl + (nl < end);
	}
	strbuf_setlen(dump, (size_t)(out - buf));
}
