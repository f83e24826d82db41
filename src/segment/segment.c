/* segment.c: dump post-processing and segmentation (see segment.h). */
#include "segment/segment.h"
#include "base/alloc.h"
#include "base/swar.h"
#include "base/utf8.h"
#include "normalise/markers.h"

#include <stdint.h>
#include <string.h>

/* Markers as the rules and the rest of the segmenter see them. Right after
 * a line is cleaned, each of the pipeline's markers (25 characters, with
 * their random token) becomes a token of 8 control characters: as long as
 * the 2008 markers (@@NC-L@@), so that the length bounds of the dump rules
 * (fields of at most 30 or 40 characters around "|") measure the lines the
 * 2008 tool measured; and unforgeable, since cleaning has removed every
 * control character of the page's own text. No rule matches a control
 * character where it matched the letters of an old marker differently
 * (they are neither \s, \p{P} nor \p{S}, and no rule names letters next
 * to a marker). */
#define TOKEN_LEN 8
static const char heading_token[] = "\x01\x01\x01\x01\x01\x01\x01\x01";
static const char list_item_token[] = "\x02\x02\x02\x02\x02\x02\x02\x02";
static const char block_token[] = "\x03\x03\x03\x03\x03\x03\x03\x03";

struct segmenter {
	const struct rule_set *rules;
	struct rule_workspace *workspace;
	struct markers markers;   /* the pipeline's, as renderers write them */
	size_t heading_len, list_item_len, block_len, state_len;
	enum segmenter_flags flags;
	segment_fn emit;
	void *data;
	struct strbuf line;      /* the incomplete line at the end of the last chunk */
	struct strbuf cleaned;   /* the current line after cleaning and rules */
	struct strbuf current;   /* the segment being built */
	enum segment_type type;
	const char *tag;         /* ... its block tag, or NULL */
	unsigned blank_lines;    /* ... the blank lines before it (SEGMENT_LINES) */
	unsigned blank_run;      /* blank lines since the last segment began */
	uint32_t state;          /* the cues the last state marker announced */
	int state_break;         /* ... and whether it said a block ended */
	/* The current line's counts, one per part: a line is cut into parts
	 * where a state marker says a block ended (STRUCTURE_BREAK), and each
	 * part after the first begins a segment. */
	struct segment_structure *parts;
	size_t part_count, parts_alloc;
	struct segment_structure structure;        /* the segment's */
};

/* In a cleaned line, where a block ended: a form feed, which cleaning has
 * removed from the page's own text. The dump rules see white space there,
 * so a line of table cells is the line the 2008 rules saw. */
#define BREAK_CHAR '\f'

struct segmenter *segmenter_new(const struct rule_set *rules, struct rule_workspace *workspace,
				const struct markers *markers, enum segmenter_flags flags,
				segment_fn emit, void *data)
{
	struct segmenter *s = xcalloc(1, sizeof(*s));

	s->rules = rules;
	s->workspace = workspace;
	s->markers = *markers;
	s->heading_len = strlen(markers->heading);
	s->list_item_len = strlen(markers->list_item);
	s->block_len = strlen(markers->block);
	s->state_len = strlen(markers->state);
	s->flags = flags;
	s->emit = emit;
	s->data = data;
	strbuf_init(&s->line);
	strbuf_init(&s->cleaned);
	strbuf_init(&s->current);
	s->type = SEGMENT_PARAGRAPH;
	return s;
}

void segmenter_free(struct segmenter *s)
{
	if (!s)
		return;
	strbuf_release(&s->line);
	strbuf_release(&s->cleaned);
	strbuf_release(&s->current);
	free(s->parts);
	free(s);
}

static int flush(struct segmenter *s, struct nc_error *err)
{
	struct segment segment;
	size_t len = s->current.len;

	while (len && s->current.buf[len - 1] == ' ')
		len--;
	if (!len) {
		strbuf_reset(&s->current);
		return 0;
	}
	segment.type = s->type;
	segment.text = s->current.buf;
	segment.len = len;
	segment.tag = s->tag;
	segment.blank_lines = s->blank_lines;
	segment.structure = s->flags & SEGMENT_STRUCTURE ? &s->structure : NULL;
	int ret = s->emit(&segment, s->data, err);
	strbuf_reset(&s->current);
	s->type = SEGMENT_PARAGRAPH;
	s->tag = NULL;
	s->blank_lines = 0;
	memset(&s->structure, 0, sizeof(s->structure));
	return ret;
}

/* Append `text` to the current segment with white space collapsed. U+00A0
 * (no-break space, which Lynx prints for &nbsp;) counts as white space. */
static void append_collapsed(struct strbuf *out, const char *text, size_t len)
{
	int space = out->len == 0 || out->buf[out->len - 1] == ' ';

	strbuf_grow(out, len + 1);
	/* A local write pointer: through out->buf[out->len++] every byte
	 * stored would make the compiler load both fields again (a char store
	 * may alias anything), and this loop sees every byte of the page. */
	char *w = out->buf + out->len;
	for (size_t i = 0; i < len; i++) {
		/* Eight ASCII bytes already singly spaced go as they are. */
		if (SWAR_WORDS && len - i >= 8) {
			uint64_t v = swar_load(text + i);
			if (swar_single_spaced_ascii(v, space)) {
				memcpy(w, text + i, 8);
				w += 8;
				space = swar_ends_in_space(v);
				i += 7;
				continue;
			}
		}
		unsigned char c = (unsigned char)text[i];
		int is_space = c == ' ';
		if (c == 0xC2 && i + 1 < len && (unsigned char)text[i + 1] == 0xA0) {
			is_space = 1;
			i++;
		}
		if (is_space) {
			if (!space)
				*w++ = ' ';
			space = 1;
		} else {
			*w++ = (char)c;
			space = 0;
		}
	}
	*w = '\0';
	out->len = (size_t)(w - out->buf);
}

static int starts_with(const char *p, const char *end, const char *prefix, size_t n)
{
	return (size_t)(end - p) >= n && !memcmp(p, prefix, n);
}

/* Lynx indents its lines with runs of spaces, and each line is skipped
 * over several times (blank or not, its parts, its bullet): eight bytes
 * a step. */
static const char *skip_spaces(const char *p, const char *end)
{
	return p + swar_skip_byte(p, end, ' ');
}

/* If a Lynx list bullet starts at `p` ("* ", "+ ", "o ", "# ", "@ ", "- ",
 * or a number "12. "), return the position after it and its space; else NULL. */
static const char *skip_bullet(const char *p, const char *end)
{
	if (end - p >= 2 && strchr("*+o#@-", *p) && p[1] == ' ')
		return p + 2;
	const char *q = p;
	while (q < end && q - p < 4 && *q >= '0' && *q <= '9')
		q++;
	if (q > p && end - q >= 2 && q[0] == '.' && q[1] == ' ')
		return q + 2;
	return NULL;
}

/* If the block marker starts at `p`, followed by a tag name and a space
 * (or the end of the line), return the position after them and set *tag
 * to the tag (NULL when it is not a block tag); else return NULL. */
static const char *skip_block_marker(const struct segmenter *s, const char *p, const char *end,
				     const char **tag)
{
	(void)s;
	if (!starts_with(p, end, block_token, TOKEN_LEN))
		return NULL;
	const char *name = p + TOKEN_LEN, *q = name;
	while (q < end && q - name <= MARKER_TAG_MAX &&
	       ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9')))
		q++;
	if (q < end && *q != ' ')
		return NULL;
	*tag = html_block_tag(name, (size_t)(q - name));
	return q < end ? q + 1 : q;
}

/* Nothing but spaces and no-break spaces (which append_collapsed() makes
 * spaces). */
static int is_blank(const char *p, const char *end)
{
	for (; p < end; p++) {
		if (*p == ' ')
			continue;
		if ((unsigned char)*p == 0xC2 && p + 1 < end && (unsigned char)p[1] == 0xA0) {
			p++;
			continue;
		}
		return 0;
	}
	return 1;
}

/* Remove every marker token from [p, end) in place; return the new end.
 * The tokens are the only control characters a cleaned line holds. */
static char *remove_markers(char *p, char *end)
{
	/* Up to the first control character nothing moves. */
	while (SWAR_WORDS && end - p >= 8 && !swar_below(swar_load(p), 0x04))
		p += 8;
	char *out = p;
	for (; p < end; p++)
		if ((unsigned char)*p > 0x03 || *p == 0)
			*out++ = *p;
	return out;
}

/* Code points in [p, end) other than spaces: the bytes that neither
 * continue a code point nor are a space, eight at a time. */
static unsigned count_chars(const char *p, const char *end)
{
	unsigned chars = 0;
	for (; SWAR_WORDS && end - p >= 8; p += 8) {
		uint64_t v = swar_load(p);
		chars += 8 - swar_count(swar_continuation(v) | swar_equal_exact(v, ' '));
	}
	for (; p < end; p++)
		chars += *p != ' ' && ((unsigned char)*p & 0xC0) != 0x80;
	return chars;
}

/* Add `chars` written under `state` to the counts of the line's last part. */
static void count_structure(struct segmenter *s, unsigned chars, uint32_t state)
{
	struct segment_structure *part = &s->parts[s->part_count - 1];
	part->chars += chars;
	for (uint32_t bits = state; bits; bits &= bits - 1)
		part->cue_chars[__builtin_ctz(bits)] += chars;
}

/* The line's next part begins (a new one, counted from 0). */
static void begin_part(struct segmenter *s)
{
	ARRAY_GROW(s->parts, s->part_count, s->parts_alloc, 4);
	memset(&s->parts[s->part_count++], 0, sizeof(s->parts[0]));
}

static void add_structure(struct segment_structure *to, const struct segment_structure *from)
{
	to->chars += from->chars;
	for (int c = 0; c < CUE_COUNT; c++)
		to->cue_chars[c] += from->cue_chars[c];
}

/* Where a part of a cleaned line begins. */
enum part_start {
	PART_LINE,        /* the line: may continue the segment before, may hold a
			     Lynx bullet */
	PART_BREAK,       /* a block break: begins a segment, holds no bullet */
	PART_BULLETED,    /* a break right after a Lynx bullet alone ("* " then the
			     item's first block): begins a list item */
};

/* Decide what a part of the cleaned line, [p, end), starts, and add it
 * with its counts. */
static int add_part(struct segmenter *s, char *p, char *end, enum part_start from,
		    const struct segment_structure *structure, struct nc_error *err)
{
	int after_break = from != PART_LINE;
	enum segment_type starts = 0;

	p = (char *)skip_spaces(p, end);
	const char *tag = NULL;
	const char *after_block = skip_block_marker(s, p, end, &tag);
	if (after_block)
		p = (char *)skip_spaces(after_block, end);
	const char *after_bullet = (s->flags & SEGMENT_NO_BULLETS) || after_break
				   ? NULL : skip_bullet(p, end);
	const char *marked = skip_spaces(after_bullet ? after_bullet : p, end);
	if (starts_with(marked, end, heading_token, TOKEN_LEN)) {
		starts = SEGMENT_HEADING;
		p = (char *)marked;
	} else if (starts_with(marked, end, list_item_token, TOKEN_LEN)) {
		starts = SEGMENT_LIST_ITEM;
		p = (char *)marked;
	} else if (after_bullet) {
		starts = SEGMENT_LIST_ITEM;
		p = (char *)after_bullet;
	} else if (from == PART_BULLETED) {
		starts = SEGMENT_LIST_ITEM;
	}
	end = remove_markers(p, end);

	if ((s->flags & SEGMENT_LINES) && is_blank(p, end) && !after_break) {
		s->blank_run++;   /* nothing left of the line */
		return flush(s, err);
	}
	if (starts || after_block || (s->flags & SEGMENT_LINES)) {
		if (flush(s, err) < 0)
			return -1;
		s->type = starts ? starts : SEGMENT_PARAGRAPH;
		s->tag = tag;
	} else if (s->current.len + (size_t)(end - p) >= SEGMENT_MAX_BYTES) {
		/* Too long: cut here, the rest continues as a segment of the same type. */
		enum segment_type type = s->type;
		const char *cut_tag = s->tag;
		if (flush(s, err) < 0)
			return -1;
		s->type = type;
		s->tag = cut_tag;
	}
	if (s->current.len && s->current.buf[s->current.len - 1] != ' ')
		strbuf_addch(&s->current, ' ');
	else if (!s->current.len && (s->flags & SEGMENT_LINES)) {
		s->blank_lines = s->blank_run;   /* a segment begins */
		s->blank_run = 0;
	}
	append_collapsed(&s->current, p, (size_t)(end - p));
	add_structure(&s->structure, structure);
	return 0;
}

/* Is [p, end) a Lynx bullet and nothing else? */
static int only_bullet(const struct segmenter *s, const char *p, const char *end)
{
	if (s->flags & SEGMENT_NO_BULLETS)
		return 0;
	const char *after = skip_bullet(skip_spaces(p, end), end);
	return after && skip_spaces(after, end) == end;
}

/* Add the cleaned line in s->cleaned: a blank line ends the segment; each
 * block break ends it too, and what follows begins the next. */
static int add_line(struct segmenter *s, struct nc_error *err)
{
	char *p = s->cleaned.buf, *end = p + s->cleaned.len;

	if (skip_spaces(p, end) == end) {
		s->blank_run += (s->flags & SEGMENT_LINES) != 0;
		return flush(s, err);   /* blank line: a paragraph break */
	}
	char *brk = memchr(p, BREAK_CHAR, (size_t)(end - p));
	if (!brk && s->part_count == 1)
		return add_part(s, p, end, PART_LINE, &s->parts[0], err);

	/* A rule that took a break with the text around it leaves fewer
	 * parts than counts: the counts then go to the first part with text. */
	size_t breaks = 0;
	for (char *q = brk; q; q = memchr(q + 1, BREAK_CHAR, (size_t)(end - q - 1)))
		breaks++;
	struct segment_structure merged = { 0 };
	int merge = breaks + 1 != s->part_count;
	for (size_t k = 0; merge && k < s->part_count; k++)
		add_structure(&merged, &s->parts[k]);
	static const struct segment_structure none = { 0 };
	int counted = 0;
	enum part_start from = PART_LINE;
	for (size_t k = 0; p <= end; k++) {
		char *part_end = brk ? brk : end;
		const struct segment_structure *counts = merge ? (counted ? &none : &merged)
							       : &s->parts[k];
		if (k > 0 && flush(s, err) < 0)
			return -1;
		if (k == 0 && brk && only_bullet(s, p, part_end)) {
			from = PART_BULLETED;   /* the item's text follows the break */
		} else if (skip_spaces(p, part_end) != part_end) {
			if (add_part(s, p, part_end, from, counts, err) < 0)
				return -1;
			counted = 1;
			from = PART_BREAK;
		} else {
			from = PART_BREAK;
		}
		if (!brk)
			break;
		p = brk + 1;
		brk = memchr(p, BREAK_CHAR, (size_t)(end - p));
	}
	return 0;
}

/* Lines longer than this are processed in pieces (cut at a character
 * boundary), so one pathological line cannot hold more than this. */
#define LINE_PIECE_BYTES (SEGMENT_MAX_BYTES / 4)

/* If a state marker starts at `at`, its length (s->state set); else 0. */
static size_t read_state_marker(struct segmenter *s, const char *at, const char *end)
{
	if (!starts_with(at, end, s->markers.state, s->state_len))
		return 0;
	const char *digits = at + s->state_len;
	int64_t state = structure_state_parse(digits, (size_t)(end - digits));
	if (state < 0)
		return 0;
	s->state = (uint32_t)state & ~STRUCTURE_BREAK;
	s->state_break = ((uint32_t)state & STRUCTURE_BREAK) != 0;
	return s->state_len + STRUCTURE_STATE_DIGITS + strlen(STRUCTURE_STATE_END);
}

/* The first "@@" in [p, end), or NULL: memchr() for the '@', which text
 * seldom has, is faster than memmem() for the pair. */
static char *find_marker_start(char *p, char *end)
{
	while (p < end) {
		char *at = memchr(p, '@', (size_t)(end - p));
		if (!at || at + 1 == end)
			return NULL;
		if (at[1] == '@')
			return at;
		p = at + 1;
	}
	return NULL;
}

/* Each marker in s->cleaned as its token, in place, in one pass (a line
 * full of markers costs no more than any other); state markers are read
 * and removed. Markers start with "@@". */
static void tokenise_markers(struct segmenter *s)
{
	char *p = s->cleaned.buf, *end = p + s->cleaned.len, *out = p;
	int counting = (s->flags & SEGMENT_STRUCTURE) != 0;

	s->part_count = 0;
	begin_part(s);
	/* A Lynx bullet that begins the line is not the page's text (the
	 * item's marker comes after it): not counted. */
	const char *bullet_end = (s->flags & SEGMENT_NO_BULLETS) ? NULL :
				 skip_bullet(skip_spaces(p, end), end);
	while (p < end) {
		char *at = find_marker_start(p, end);
		char *stop = at ? at : end;
		const char *from = bullet_end && bullet_end > p ? bullet_end : p;
		if (counting && from < stop)
			count_structure(s, count_chars(from, stop), s->state);
		if (out != p)   /* nothing has been taken out of the line yet: in place */
			memmove(out, p, (size_t)(stop - p));
		out += stop - p;
		if (!at)
			break;
		const char *token = NULL;
		size_t len = read_state_marker(s, at, end);
		if (len) {
			if (s->state_break && counting) {
				*out++ = BREAK_CHAR;   /* no longer than the marker */
				begin_part(s);
			}
			p = at + len;
			continue;
		}
		if (starts_with(at, end, s->markers.heading, s->heading_len))
			token = heading_token, len = s->heading_len;
		else if (starts_with(at, end, s->markers.list_item, s->list_item_len))
			token = list_item_token, len = s->list_item_len;
		else if (starts_with(at, end, s->markers.block, s->block_len))
			token = block_token, len = s->block_len;
		if (token) {
			memcpy(out, token, TOKEN_LEN);   /* no longer than the marker */
			out += TOKEN_LEN;
			p = at + len;
		} else {
			*out++ = *at;
			p = at + 1;
		}
	}
	strbuf_setlen(&s->cleaned, (size_t)(out - s->cleaned.buf));
}

/* Steps 1 and 2 of a line: into s->cleaned without bad characters, the
 * markers as tokens, rules applied. */
static int clean_line(struct segmenter *s, const char *line, size_t len, struct nc_error *err)
{
	strbuf_reset(&s->cleaned);
	utf8_clean(line, len, &s->cleaned);
	tokenise_markers(s);
	if (s->rules && s->cleaned.len && rule_set_apply(s->rules, s->workspace, &s->cleaned, err) < 0)
		return -1;
	return 0;
}

/* Clean and add the first pieces of a long line while more than
 * LINE_PIECE_BYTES remain; return the bytes consumed, or -1. */
static long process_pieces(struct segmenter *s, const char *line, size_t len, struct nc_error *err)
{
	size_t done = 0;

	while (len - done > LINE_PIECE_BYTES) {
		/* Cut after a space near the end of the piece, so that no word is
		 * split; failing that, at a character boundary. */
		const char *piece = line + done;
		size_t cut = LINE_PIECE_BYTES;
		while (cut > LINE_PIECE_BYTES - 4096 && piece[cut - 1] != ' ')
			cut--;
		if (piece[cut - 1] != ' ')
			cut = LINE_PIECE_BYTES;
		while (cut > 0 && ((unsigned char)piece[cut] & 0xC0) == 0x80)
			cut--;
		if (cut == 0)   /* no character boundary at all: invalid bytes, cut anywhere */
			cut = LINE_PIECE_BYTES;
		if (clean_line(s, piece, cut, err) < 0)
			return -1;
		if (s->cleaned.len && add_line(s, err) < 0)
			return -1;
		done += cut;
	}
	return (long)done;
}

static int process_line(struct segmenter *s, const char *line, size_t len, struct nc_error *err)
{
	long done = process_pieces(s, line, len, err);
	if (done < 0 || clean_line(s, line + done, len - (size_t)done, err) < 0)
		return -1;
	return add_line(s, err);
}

int segmenter_feed(struct segmenter *s, const char *buf, size_t len, struct nc_error *err)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl) {
			strbuf_add(&s->line, p, (size_t)(end - p));
			/* A line without end yet: process its first pieces now, so
			 * that memory stays bounded; the rest waits for more input. */
			if (s->line.len > 2 * LINE_PIECE_BYTES) {
				long done = process_pieces(s, s->line.buf, s->line.len, err);
				if (done < 0)
					return -1;
				memmove(s->line.buf, s->line.buf + done, s->line.len - (size_t)done);
				strbuf_setlen(&s->line, s->line.len - (size_t)done);
			}
			return 0;
		}
		int ret;
		if (s->line.len) {
			strbuf_add(&s->line, p, (size_t)(nl - p));
			ret = process_line(s, s->line.buf, s->line.len, err);
			strbuf_reset(&s->line);
		} else {
			ret = process_line(s, p, (size_t)(nl - p), err);
		}
		if (ret < 0)
			return -1;
		p = nl + 1;
	}
	return 0;
}

int segmenter_finish(struct segmenter *s, struct nc_error *err)
{
	int ret = 0;

	if (s->line.len)
		ret = process_line(s, s->line.buf, s->line.len, err);
	strbuf_reset(&s->line);
	if (ret == 0)
		ret = flush(s, err);
	strbuf_reset(&s->current);
	s->type = SEGMENT_PARAGRAPH;
	s->tag = NULL;
	s->blank_lines = s->blank_run = 0;
	s->state = 0;
	memset(&s->structure, 0, sizeof(s->structure));
	return ret;
}

void segmenter_reset(struct segmenter *s)
{
	strbuf_reset(&s->line);
	strbuf_reset(&s->current);
	s->type = SEGMENT_PARAGRAPH;
	s->tag = NULL;
	s->blank_lines = s->blank_run = 0;
	s->state = 0;
	memset(&s->structure, 0, sizeof(s->structure));
}

void segmenter_set_flags(struct segmenter *s, enum segmenter_flags flags)
{
	s->flags = flags;
}

void segmenter_set_output(struct segmenter *s, segment_fn emit, void *data)
{
	s->emit = emit;
	s->data = data;
}

int segmenter_run(struct segmenter *s, const char *text, size_t len, struct nc_error *err)
{
	int ret = segmenter_feed(s, text, len, err);

	if (ret == 0)
		return segmenter_finish(s, err);
	segmenter_reset(s);
	return ret;
}
