/* html-rules.c: the shipped regex/html.rules without PCRE2 (see
 * html-rules.h).
 *
 * Rule numbers are the rules' order in the file: 1 comments; 2-6 the
 * script, style, noscript, select and textarea blocks; 7 the img, input,
 * embed, area and param tags; 8 the object, applet, iframe, map and button
 * blocks; 9 heading start tags; 10 heading end tags; 11 li and dt start
 * tags; 12 runs of <br>. The rules match bytes (no PCRE2_UTF): caseless is
 * ASCII only, \s is space, \t, \n, \v, \f and \r, and \b's word characters
 * are ASCII letters, digits and '_'.
 *
 * Rule 1 goes first, in a pass of its own (a comment may hide anything,
 * and its removal may join a tag: "<scr<!---->ipt>"). Then one pass over
 * what it left does rules 2-11 at each '<' in page order, writing a new
 * text; rule 12 then merges the runs of <br> in that text, in place.
 *
 * Why page order gives what rule order gives: rules 2-11 match a '<', a
 * name and the rest of a tag up to its first '>' (the blocks go on to
 * their end tag), and no two of them match at the same '<'. A rule acts on
 * what the rules before it left, so the pass gives the page to PCRE2
 * (UNSURE below) wherever a change of one rule could change what another
 * matches:
 * - a '<' inside a tag one of the rules matches ("<img alt='<br>'>": the
 *   inner tag is matched or removed, by an earlier or a later rule, inside
 *   the outer one), or before the '>' of "</h1 >";
 * - a removal right after text that the removal could make into a tag or
 *   an end tag that a later rule matches ("<b" "<img>" "r>" is a <br>);
 * - inside a block, what an earlier rule removes, when that could move the
 *   block's end tag: rule 2 removes a <script> inside an <iframe> before
 *   rule 8 looks for the </iframe>, and the script may hold "</iframe>".
 *   Common and harmless are a <style> inside a <noscript> and an object's
 *   <param>s (rule 7 before rule 8); such a removal is let through when it
 *   ends before the end tag and cannot join one (inside_changes()).
 * Everything else the pass does as the rules do: a block of a later rule
 * inside a removed block goes with it, an unclosed block or an unfinished
 * tag is text, and what a rule inserts is nothing a later rule matches
 * (the markers hold no '<' or '>'; rules 10 and 12 write "<p>", a name no
 * rule matches).
 */
#include "normalise/html-rules.h"
#include "base/ascii.h"
#include "base/limits.h"

#include <stdint.h>
#include <string.h>

/* [^>]{0,2000}+: a tag's bytes after its name, possessively. */
#define TAG_MAX 2000

enum {
	RULE_COMMENT = 1, RULE_SCRIPT, RULE_STYLE, RULE_NOSCRIPT, RULE_SELECT, RULE_TEXTAREA,
	RULE_EMPTY, RULE_EMBEDDED, RULE_HEADING, RULE_HEADING_END, RULE_ITEM, RULE_BREAK
};

/* The shipped rules as rule_set_rule_text() gives them. Rules 9 and 11
 * write a marker and a space after `replacement`. */
static const struct shipped_rule {
	const char *pattern, *replacement;
	const char *marker;   /* its placeholder, or NULL */
} shipped[] = {
	{ "(?s)<!--.*?-->", "", NULL },
	{ "(?is)<script\\b[^>]{0,2000}+>.*?</script\\s*>", "", NULL },
	{ "(?is)<style\\b[^>]{0,2000}+>.*?</style\\s*>", "", NULL },
	{ "(?is)<noscript\\b[^>]{0,2000}+>.*?</noscript\\s*>", "", NULL },
	{ "(?is)<select\\b[^>]{0,2000}+>.*?</select\\s*>", "", NULL },
	{ "(?is)<textarea\\b[^>]{0,2000}+>.*?</textarea\\s*>", "", NULL },
	{ "(?i)<(?:img|input|embed|area|param)\\b[^>]{0,2000}+>", "", NULL },
	{ "(?is)<(object|applet|iframe|map|button)\\b[^>]{0,2000}+>.*?</\\1\\s*>", "", NULL },
	{ "(?i)<h([1-6])\\b([^>]{0,2000}+)>", "<h$1$2>", MARKER_HEADING_PLACEHOLDER },
	{ "(?i)</h([1-6])\\s*>", "</h$1><p>", NULL },
	{ "(?i)<(li|dt)\\b([^>]{0,2000}+)>", "<$1$2>", MARKER_LIST_ITEM_PLACEHOLDER },
	{ "(?i)(?:<br\\b[^>]{0,2000}+>\\s*+)++", "<p>", NULL },
};
#define SHIPPED_COUNT (sizeof(shipped) / sizeof(shipped[0]))

/* The names rules 2-12 match after a '<' (lower case), with their rule,
 * by length (tag_name_at() looks at those of one length); `block`
 * numbers the block names, whose end tags are looked for. */
#define BLOCK_NAMES 10
static const struct tag_name {
	char name[8];   /* NUL-padded: compared as one 64-bit word */
	unsigned char len, rule, block;
} tag_names[] = {
	{ "h1", 2, RULE_HEADING, 0 }, { "h2", 2, RULE_HEADING, 0 }, { "h3", 2, RULE_HEADING, 0 },
	{ "h4", 2, RULE_HEADING, 0 }, { "h5", 2, RULE_HEADING, 0 }, { "h6", 2, RULE_HEADING, 0 },
	{ "li", 2, RULE_ITEM, 0 }, { "dt", 2, RULE_ITEM, 0 }, { "br", 2, RULE_BREAK, 0 },
	{ "img", 3, RULE_EMPTY, 0 }, { "map", 3, RULE_EMBEDDED, 8 },
	{ "area", 4, RULE_EMPTY, 0 },
	{ "style", 5, RULE_STYLE, 1 }, { "input", 5, RULE_EMPTY, 0 }, { "embed", 5, RULE_EMPTY, 0 },
	{ "param", 5, RULE_EMPTY, 0 },
	{ "script", 6, RULE_SCRIPT, 0 }, { "select", 6, RULE_SELECT, 3 },
	{ "object", 6, RULE_EMBEDDED, 5 }, { "applet", 6, RULE_EMBEDDED, 6 },
	{ "iframe", 6, RULE_EMBEDDED, 7 }, { "button", 6, RULE_EMBEDDED, 9 },
	{ "noscript", 8, RULE_NOSCRIPT, 2 }, { "textarea", 8, RULE_TEXTAREA, 4 },
};
#define TAG_NAME_MAX 8
/* The names of length n are tag_names[by_length[n]] up to by_length[n + 1]. */
static const unsigned char by_length[TAG_NAME_MAX + 2] = { 0, 0, 0, 9, 11, 12, 16, 22, 22, 24 };

static int is_block(const struct tag_name *name)
{
	return name->rule <= RULE_TEXTAREA || name->rule == RULE_EMBEDDED;
}

/* --- recognising the shipped rules -------------------------------------------- */

/* A marker rule_set_substitute() put in for `placeholder` ("@@NC-H@@"):
 * "@@NC-H", anything, "@@", no longer than a marker, and nothing that a
 * PCRE2 replacement reads as syntax ('$', '\\') or that the pass relies on
 * an inserted text not to hold ('<', '>'). */
static int take_marker(const char *text, size_t len, const char *placeholder, char *out,
		       size_t *out_len)
{
	size_t stem = strlen(placeholder) - 2;
	if (len < stem + 2 || len >= MARKER_MAX || memcmp(text, placeholder, stem) ||
	    memcmp(text + len - 2, "@@", 2))
		return 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '$' || text[i] == '\\' || text[i] == '<' || text[i] == '>')
			return 0;
	memcpy(out, text, len);
	out[len] = '\0';
	*out_len = len;
	return 1;
}

/* Does rule `i` of `rules` read as shipped[i]? Its marker, if it writes
 * one, into `marker`. */
static int is_shipped_rule(const struct rule_set *rules, size_t i, char *marker, size_t *marker_len)
{
	const struct shipped_rule *want = &shipped[i];
	const char *pattern, *replacement;
	size_t pattern_len, replacement_len, prefix = strlen(want->replacement);

	rule_set_rule_text(rules, i, &pattern, &pattern_len, &replacement, &replacement_len);
	if (pattern_len != strlen(want->pattern) || memcmp(pattern, want->pattern, pattern_len) ||
	    replacement_len < prefix || memcmp(replacement, want->replacement, prefix))
		return 0;
	if (!want->marker)
		return replacement_len == prefix;
	return replacement_len > prefix + 1 && replacement[replacement_len - 1] == ' ' &&
	       take_marker(replacement + prefix, replacement_len - prefix - 1, want->marker, marker,
			   marker_len);
}

int html_rules_recognise(const struct rule_set *rules, struct html_rules_markers *markers)
{
	if (rule_set_flags(rules) != RULES_BYTES || rule_set_count(rules) != SHIPPED_COUNT)
		return 0;
	for (size_t i = 0; i < SHIPPED_COUNT; i++) {
		char *marker = i + 1 == RULE_HEADING ? markers->heading : markers->list_item;
		size_t *marker_len = i + 1 == RULE_HEADING ? &markers->heading_len
							   : &markers->list_item_len;
		if (!is_shipped_rule(rules, i, marker, marker_len))
			return 0;
	}
	return 1;
}

/* --- bytes as the rules read them ----------------------------------------------- */

static int is_word(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

static unsigned char lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

/* The name one of rules 2-12 matches at `p` (after a '<'), followed by a
 * byte that is not a word character (\b), with *name_end after it; NULL
 * when none. Called at every '<' of the page, so the name is read into
 * one 64-bit word and compared with those of its length only. */
static const struct tag_name *tag_name_at(const char *p, const char *end, const char **name_end)
{
	char low[TAG_NAME_MAX] = { 0 };
	size_t n = 0;
	for (; p + n < end && is_word((unsigned char)p[n]); n++) {
		if (n == TAG_NAME_MAX)
			return NULL;
		low[n] = (char)lower((unsigned char)p[n]);
	}
	uint64_t key;
	memcpy(&key, low, sizeof(key));
	for (size_t i = by_length[n]; i < by_length[n + 1]; i++) {
		uint64_t name;
		memcpy(&name, tag_names[i].name, sizeof(name));
		if (name == key) {
			*name_end = p + n;
			return &tag_names[i];
		}
	}
	return NULL;
}

/* What "[^>]{0,2000}+>" makes of the bytes after a tag's name. */
enum tag_end {
	TAG_TEXT,     /* no match, whatever the other rules do */
	TAG_CLOSED,   /* a match, up to *gt */
	TAG_UNSURE    /* a '<' comes first, which another rule may change */
};

/* With no '>' and no '<' in the 2001 bytes after the name, none of those
 * bytes can change, and the tag is text for good. */
static enum tag_end tag_end(const char *p, const char *end, const char **gt)
{
	size_t window = (size_t)(end - p) < TAG_MAX + 1 ? (size_t)(end - p) : TAG_MAX + 1;
	const char *close = memchr(p, '>', window);
	if (memchr(p, '<', close ? (size_t)(close - p) : window))
		return TAG_UNSURE;
	if (!close)
		return TAG_TEXT;
	*gt = close;
	return TAG_CLOSED;
}

/* The end of "</NAME\s*>" (caseless) at `p`, or NULL. */
static const char *end_tag_at(const char *p, const char *end, const struct tag_name *name)
{
	if ((size_t)(end - p) < 2u + name->len || p[1] != '/')
		return NULL;
	for (size_t i = 0; i < name->len; i++)
		if (lower((unsigned char)p[2 + i]) != (unsigned char)name->name[i])
			return NULL;
	p += 2 + name->len;
	while (p < end && ascii_is_space((unsigned char)*p))
		p++;
	return p < end && *p == '>' ? p + 1 : NULL;
}

/* Does [start, p) end in what a removal at p could join into a tag or an
 * end tag that a later rule matches: a '<', an optional '/', then at most
 * nine word characters? ("<b" and "r>" make a <br>, "</obj" and "ect>"
 * an end tag.) ends_open() below takes white space after them too ("</h1 "
 * and ">" make rule 10's end tag). */
static int ends_in_name(const char *start, const char *p)
{
	size_t n = 0;
	for (; p > start && is_word((unsigned char)p[-1]); p--)
		if (++n > TAG_NAME_MAX + 1)
			return 0;
	if (p > start && p[-1] == '/')
		p--;
	return p > start && p[-1] == '<';
}

static int ends_open(const char *start, const char *p)
{
	while (p > start && ascii_is_space((unsigned char)p[-1]))
		p--;
	return ends_in_name(start, p);
}

/* --- the pass of rules 2-11 ----------------------------------------------------- */

struct pass {
	const char *in, *end;   /* what rule 1 left */
	const char *copied;     /* the input before it is in `out` */
	struct strbuf *out;
	const struct html_rules_markers *markers;
	int no_memory;
	/* The first end tag of each block name at or after `from` is `at`
	 * (NULL: none), so that a page of unclosed blocks is read once. */
	struct end_tag_memo {
		const char *from, *at;
	} end_tags[BLOCK_NAMES];
	/* ends_open() of `out` when it was `open_len` bytes long: what
	 * follows, while it is white space, does not change the answer. */
	size_t open_len;
	int open;
	/* Offsets in `out` of the <br> tags rule 12 may match. */
	struct strbuf breaks;   /* as size_t */
	/* For the rules' limit on growth: the bytes rules 10 and 11 add,
	 * which give rules 9's and 10's results back (within_limit()). */
	size_t item_bytes;
	ptrdiff_t end_bytes;
};

enum step {
	STEP_TEXT,     /* the rules leave this '<' as it is */
	STEP_DONE,     /* written; the input goes on at *resume */
	STEP_UNSURE    /* the page goes to PCRE2 */
};

static void emit(struct pass *ps, const void *bytes, size_t len)
{
	if (strbuf_avail(ps->out) < len && (ps->no_memory || strbuf_try_grow(ps->out, len) < 0)) {
		ps->no_memory = 1;
		return;
	}
	memcpy(ps->out->buf + ps->out->len, bytes, len);
	strbuf_commit(ps->out, len);
}

/* The input up to `p` into `out`. */
static void flush(struct pass *ps, const char *p)
{
	emit(ps, ps->copied, (size_t)(p - ps->copied));
	ps->copied = p;
}

/* ends_open() of `out`, asked as little as the white space allows. */
static int out_ends_open(struct pass *ps)
{
	const char *buf = ps->out->buf;
	size_t i = ps->out->len;
	while (i > ps->open_len && ascii_is_space((unsigned char)buf[i - 1]))
		i--;
	if (i > ps->open_len)
		ps->open = ends_in_name(buf, buf + i);
	ps->open_len = ps->out->len;
	return ps->open;
}

/* Remove the input from the '<' at `lt` to `resume`, unless that could
 * join a tag for a later rule. */
static enum step remove_span(struct pass *ps, const char *lt, const char *resume)
{
	flush(ps, lt);
	if (out_ends_open(ps))
		return STEP_UNSURE;
	ps->copied = resume;
	return STEP_DONE;
}

/* The first "</NAME\s*>" at or after `from`, its end in *end_tag_end. */
static const char *find_end_tag(struct pass *ps, const struct tag_name *name, const char *from,
				const char **end_tag_end)
{
	const char *end = ps->end;
	struct end_tag_memo *memo = &ps->end_tags[name->block];
	if (!memo->from || from < memo->from || (memo->at && from > memo->at)) {
		const char *p = from;
		while ((p = memchr(p, '<', (size_t)(end - p))) && !end_tag_at(p, end, name))
			p++;
		memo->from = from;
		memo->at = p;
	}
	if (memo->at)
		*end_tag_end = end_tag_at(memo->at, end, name);
	return memo->at;
}

/* Can the rules before `block`'s change [from, to), the inside of a block
 * up to its end tag, in a way that moves that end tag? Not by removing
 * what they match inside it, when that ends before `to` and its removal
 * cannot join an end tag: rule 7's tags (a Flash object's <param>s), and
 * an earlier rule's block, whose own inside is asked the same (a <style>
 * inside a <noscript>). Anything else may, and gives 1. */
static int inside_changes(struct pass *ps, const char *from, const char *to,
			  const struct tag_name *block)
{
	for (const char *p = from; (p = memchr(p, '<', (size_t)(to - p)));) {
		const char *name_end, *gt, *inner_end;
		const struct tag_name *name = tag_name_at(p + 1, to, &name_end);
		enum tag_end te = name && name->rule < block->rule
				  ? tag_end(name_end, ps->end, &gt)   /* it may go past `to` */
				  : TAG_TEXT;
		if (te == TAG_TEXT) {
			p++;
			continue;
		}
		if (te == TAG_UNSURE || ends_open(from, p))
			return 1;
		if (name->rule == RULE_EMPTY) {
			p = gt + 1;
			continue;
		}
		const char *inner = find_end_tag(ps, name, gt + 1, &inner_end);
		if (!inner || inner_end > to || inside_changes(ps, gt + 1, inner, name))
			return 1;
		p = inner_end;
	}
	return 0;
}

/* Rules 2-6 and 8: the block from `lt` to its end tag, removed. */
static enum step block(struct pass *ps, const char *lt, const struct tag_name *name,
		       const char *gt, const char **resume)
{
	const char *end_tag_end = NULL;
	const char *end_tag = find_end_tag(ps, name, gt + 1, &end_tag_end);
	if (!end_tag)
		return STEP_TEXT;   /* unclosed: the rule matches nowhere after here */
	if (name->rule > RULE_SCRIPT && inside_changes(ps, gt + 1, end_tag, name))
		return STEP_UNSURE;
	*resume = end_tag_end;
	return remove_span(ps, lt, end_tag_end);
}

/* Rules 9 and 11: the tag, its marker and a space; rule 9 writes the 'h'
 * in lower case. */
static void marked_tag(struct pass *ps, const char *lt, const char *gt, int heading)
{
	const struct html_rules_markers *m = ps->markers;
	flush(ps, lt);
	if (heading) {
		emit(ps, "<h", 2);
		emit(ps, lt + 2, (size_t)(gt + 1 - (lt + 2)));
		emit(ps, m->heading, m->heading_len);
	} else {
		emit(ps, lt, (size_t)(gt + 1 - lt));
		emit(ps, m->list_item, m->list_item_len);
		ps->item_bytes += m->list_item_len + 1;
	}
	emit(ps, " ", 1);
	ps->copied = gt + 1;
}

/* Rule 12 is left to merge_breaks(); here the tag's place in `out`. A
 * page of <br>s needs twice its size here: without the memory, the page
 * goes to PCRE2 (which fails it alone, if it must), as for `out`. */
static void note_break(struct pass *ps, const char *lt)
{
	flush(ps, lt);
	size_t at = ps->out->len;
	if (strbuf_try_grow(&ps->breaks, sizeof(at)) < 0) {
		ps->no_memory = 1;
		return;
	}
	strbuf_add(&ps->breaks, &at, sizeof(at));
}

/* A start tag of rules 2-9, 11 or 12 at `lt`. */
static enum step start_tag(struct pass *ps, const char *lt, const struct tag_name *name,
			   const char *name_end, const char **resume)
{
	const char *gt = NULL;
	enum tag_end te = tag_end(name_end, ps->end, &gt);
	if (te != TAG_CLOSED)
		return te == TAG_UNSURE ? STEP_UNSURE : STEP_TEXT;
	*resume = gt + 1;
	if (is_block(name))
		return block(ps, lt, name, gt, resume);
	switch (name->rule) {
	case RULE_EMPTY:
		return remove_span(ps, lt, gt + 1);
	case RULE_HEADING:
	case RULE_ITEM:
		marked_tag(ps, lt, gt, name->rule == RULE_HEADING);
		return STEP_DONE;
	default:   /* RULE_BREAK */
		note_break(ps, lt);
		return STEP_DONE;
	}
}

/* Rule 10: "</h1 >" becomes "</h1><p>". A '<' before the '>' may be a tag
 * whose removal completes it. */
static enum step heading_end(struct pass *ps, const char *lt, const char **resume)
{
	const char *p = lt + 4, *end = ps->end;
	while (p < end && ascii_is_space((unsigned char)*p))
		p++;
	if (p == end)
		return STEP_TEXT;
	if (*p == '<')
		return STEP_UNSURE;
	if (*p != '>')
		return STEP_TEXT;
	flush(ps, lt);
	char tag[8] = { '<', '/', 'h', lt[3], '>', '<', 'p', '>' };
	emit(ps, tag, sizeof(tag));
	ps->end_bytes += (ptrdiff_t)sizeof(tag) - (p + 1 - lt);
	ps->copied = *resume = p + 1;
	return STEP_DONE;
}

/* What rules 2-12 do at the '<' at `lt`. */
static enum step at_lt(struct pass *ps, const char *lt, const char **resume)
{
	const char *end = ps->end, *name_end;
	if (end - lt >= 2 && lt[1] == '/')   /* an end tag: rule 10's, or text */
		return end - lt >= 4 && lower((unsigned char)lt[2]) == 'h' && lt[3] >= '1' &&
		       lt[3] <= '6' ? heading_end(ps, lt, resume) : STEP_TEXT;
	const struct tag_name *name = tag_name_at(lt + 1, end, &name_end);
	return name ? start_tag(ps, lt, name, name_end, resume) : STEP_TEXT;
}

/* Rules 2-11 over the input into `out`: 0 when the page needs PCRE2. */
static int one_pass(struct pass *ps)
{
	const char *p = ps->in, *lt;
	while ((lt = memchr(p, '<', (size_t)(ps->end - p)))) {
		const char *resume = lt + 1;
		enum step step = at_lt(ps, lt, &resume);
		if (step == STEP_UNSURE || ps->no_memory)
			return 0;
		p = step == STEP_DONE ? resume : lt + 1;
	}
	flush(ps, ps->end);
	return !ps->no_memory;
}

/* --- rules 1 and 12, and the limit on growth --------------------------------- */

/* The first "<!--" in [p, end), or NULL. Found by its '!', a byte pages
 * hold some 15 to 25 times less often than '<'. */
static const char *find_comment(const char *p, const char *end)
{
	for (const char *bang = p + 1; bang < end && (bang = memchr(bang, '!', (size_t)(end - bang)));
	     bang++)
		if (bang[-1] == '<' && end - bang >= 3 && bang[1] == '-' && bang[2] == '-')
			return bang - 1;
	return NULL;
}

/* The first "-->" of the comment that opens at `open` ("<!--"), or NULL.
 * It comes after the "<!--" ("<!-->" does not close it): its '>' is 6
 * bytes on at least. */
static const char *find_comment_end(const char *open, const char *end)
{
	if (end - open < 7)
		return NULL;
	for (const char *p = open + 6; (p = memchr(p, '>', (size_t)(end - p))); p++)
		if (p[-1] == '-' && p[-2] == '-')
			return p - 2;
	return NULL;
}

/* Rule 1 into `out`: 1 when it removed something, 0 when not (then `out`
 * is empty), -1 when memory ran out. A comment's "-->" comes after its
 * "<!--" ("<!-->" does not close it). */
static int remove_comments(const char *in, size_t len, struct strbuf *out)
{
	const char *p = in, *end = in + len, *open = find_comment(in, end), *close;
	for (; open && (close = find_comment_end(open, end));
	     open = find_comment(p, end)) {
		if (p == in && strbuf_try_grow(out, len) < 0)
			return -1;
		strbuf_add(out, p, (size_t)(open - p));
		p = close + 3;
	}
	if (p == in)
		return 0;
	strbuf_add(out, p, (size_t)(end - p));
	return 1;
}

static int is_break_at(const char *buf, size_t len, size_t at)
{
	return len - at >= 3 && buf[at] == '<' && lower((unsigned char)buf[at + 1]) == 'b' &&
	       lower((unsigned char)buf[at + 2]) == 'r' &&
	       (len - at == 3 || !is_word((unsigned char)buf[at + 3]));
}

/* The end of the match of (?:<br\b[^>]{0,2000}+>\s*+)++ at `at`; `at`
 * when there is none. */
static size_t break_run_end(const char *buf, size_t len, size_t at)
{
	size_t run_end = at;
	while (is_break_at(buf, len, at)) {
		size_t after = len - at - 3;
		const char *gt = memchr(buf + at + 3, '>', after < TAG_MAX + 1 ? after : TAG_MAX + 1);
		if (!gt)
			break;
		for (at = (size_t)(gt + 1 - buf); at < len && ascii_is_space((unsigned char)buf[at]);)
			at++;
		run_end = at;
	}
	return run_end;
}

/* Rule 12 over `out`, in place (a run becomes "<p>", never longer): every
 * match starts at a <br> the pass noted. */
static void merge_breaks(struct pass *ps)
{
	char *buf = ps->out->buf;
	size_t len = ps->out->len, read = 0, write = 0;
	const size_t *breaks = (const size_t *)ps->breaks.buf;
	for (size_t i = 0; i < ps->breaks.len / sizeof(*breaks); i++) {
		size_t at = breaks[i], run_end;
		if (at < read || (run_end = break_run_end(buf, len, at)) == at)
			continue;   /* inside the run before, or no match */
		memmove(buf + write, buf + read, at - read);
		write += at - read;
		memcpy(buf + write, "<p>", 3);
		write += 3;
		read = run_end;
	}
	if (write == read)
		return;
	memmove(buf + write, buf + read, len - read);
	strbuf_setlen(ps->out, write + len - read);
}

/* Does no rule's result reach the limit rule_set_apply() sets, that of
 * rules 9, 10 and 11 being the largest? At the limit itself PCRE2 decides
 * (its failure there depends on the size of its buffer). */
static int within_limit(const struct pass *ps, size_t page_len)
{
	size_t limit = RULE_MAX_GROWTH * page_len + (1u << 20);
	size_t after_11 = ps->out->len;
	size_t after_10 = after_11 - ps->item_bytes;
	size_t after_9 = (size_t)((ptrdiff_t)after_10 - ps->end_bytes);
	return after_9 + 1 < limit && after_10 + 1 < limit && after_11 + 1 < limit;
}

int html_rules_fast(const struct html_rules_markers *markers, struct strbuf *html)
{
	struct strbuf uncommented = STRBUF_INIT, out = STRBUF_INIT;
	struct pass ps = { .out = &out, .markers = markers, .breaks = STRBUF_INIT };
	int done = 0;

	int comments = remove_comments(html->buf, html->len, &uncommented);
	if (comments < 0)
		goto out;
	ps.in = comments ? uncommented.buf : html->buf;
	ps.end = ps.in + (comments ? uncommented.len : html->len);
	ps.copied = ps.in;
	if (strbuf_try_grow(&out, (size_t)(ps.end - ps.in) + 64) < 0)
		goto out;
	if (one_pass(&ps) && within_limit(&ps, html->len)) {
		merge_breaks(&ps);
		strbuf_swap(&out, html);
		done = 1;
	}
out:
	strbuf_release(&ps.breaks);
	strbuf_release(&uncommented);
	strbuf_release(&out);
	return done;
}

int html_rules_apply(const struct rule_set *rules, struct rule_workspace *workspace,
		     struct strbuf *html, struct nc_error *err)
{
	struct html_rules_markers markers;
	if (html_rules_recognise(rules, &markers) && html_rules_fast(&markers, html))
		return 0;
	return rule_set_apply(rules, workspace, html, err);
}
