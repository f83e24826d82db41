/* dump-lines.c: lines, blank lines and wrapping as Lynx composes a dump
 * (see dump-lines.h). */
#include "render/dump-lines.h"
#include "base/swar.h"

#include <string.h>

/* Tab stops of preformatted text: every 8 columns up to this one; a tab
 * beyond it ends the line (Lynx's tabs_8 table). */
#define TAB_STOP_LAST 176

void dump_lines_init(struct dump_lines *lines, struct strbuf *out, size_t max_bytes,
		     const struct dump_style *style)
{
	memset(lines, 0, sizeof(*lines));
	lines->out = out;
	lines->max_bytes = max_bytes;
	lines->style = style;
	lines->in_line_1 = 1;
	strbuf_init(&lines->line);
}

void dump_lines_release(struct dump_lines *lines)
{
	strbuf_release(&lines->line);
}

/* Append to the dump, within its limit. */
static void emit(struct dump_lines *lines, const char *text, size_t len, unsigned indent)
{
	struct strbuf *out = lines->out;
	if (lines->failed)
		return;
	if (lines->max_bytes && out->len + indent + len + 1 > lines->max_bytes) {
		lines->failed = DUMP_LINES_FULL;
		return;
	}
	if (strbuf_try_grow(out, indent + len + 1) < 0) {
		lines->failed = DUMP_LINES_NO_MEMORY;
		return;
	}
	memset(out->buf + out->len, ' ', indent);
	memcpy(out->buf + out->len + indent, text, len);
	out->buf[out->len + indent + len] = '\n';
	strbuf_commit(out, indent + len + 1);
}

/* Write the first `keep` bytes of the current line, trailing spaces trimmed
 * (a line of spaces is a blank line). */
static void finish_line(struct dump_lines *lines, size_t keep)
{
	size_t len = keep;
	while (len && lines->line.buf[len - 1] == ' ')
		len--;
	if (len) {
		emit(lines, lines->line.buf, len, lines->indent);
		lines->blank_run = 0;
	} else {
		emit(lines, "", 0, 0);
		lines->blank_run++;
	}
	lines->started = 1;
	lines->last_char = ' ';
	lines->indent_fixed = 0;
}

/* Code points of `len` bytes: those that do not continue one, eight at a
 * time. */
static inline size_t count_chars(const char *s, size_t len)
{
	size_t n = 0, i = 0;
	for (; SWAR_WORDS && len - i >= 8; i += 8)
		n += 8 - swar_count(swar_continuation(swar_load(s + i)));
	for (; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

/* Lynx's split_line(): the line ends at `at` (0: where it stands); what
 * follows, without its leading spaces, begins the next line. */
static void split(struct dump_lines *lines, size_t at)
{
	struct strbuf *line = &lines->line;
	if (at == 0 || at > line->len) {
		finish_line(lines, line->len);
		strbuf_reset(line);
		lines->chars = 0;
		lines->has_text = 0;
	} else {
		finish_line(lines, at);
		size_t from = at;
		while (from < line->len && line->buf[from] == ' ')
			from++;
		memmove(line->buf, line->buf + from, line->len - from);
		strbuf_setlen(line, line->len - from);
		lines->chars = count_chars(line->buf, line->len);
		lines->indent = lines->style->indent_left;
		lines->has_text = line->len > 0;
	}
	lines->split = 0;
	lines->in_line_1 = 0;
}

void dump_lines_break(struct dump_lines *lines, int paragraph)
{
	finish_line(lines, lines->line.len);
	strbuf_reset(&lines->line);
	lines->chars = 0;
	lines->split = 0;
	lines->has_text = 0;
	lines->in_line_1 = paragraph;
}

void dump_lines_blank(struct dump_lines *lines, unsigned count)
{
	if (dump_lines_empty(lines)) {
		if (!lines->started)
			return;   /* never at the top */
		count = count > lines->blank_run ? count - lines->blank_run : 0;
	} else {
		count++;   /* the current line must end first */
	}
	for (; count; count--)
		dump_lines_break(lines, 0);
	lines->in_line_1 = 1;
}

void dump_lines_paragraph(struct dump_lines *lines)
{
	const struct dump_style *s = lines->style;
	dump_lines_blank(lines, s->space_after > s->space_before ? s->space_after : s->space_before);
}

void dump_lines_set_style(struct dump_lines *lines, const struct dump_style *style)
{
	unsigned after = lines->style->space_after, before = style->space_before;
	dump_lines_blank(lines, after > before ? after : before);
	lines->style = style;
}

void dump_lines_remove_blank(struct dump_lines *lines)
{
	if (lines->blank_run && !lines->failed && lines->out->len) {
		strbuf_setlen(lines->out, lines->out->len - 1);
		lines->blank_run--;
	}
}

/* The number of bytes after the first of a UTF-8 character. */
static size_t extra_bytes(unsigned char lead)
{
	return lead < 0xC0 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
}

void dump_lines_add(struct dump_lines *lines, const char *utf8, size_t len)
{
	struct strbuf *line = &lines->line;
	unsigned char lead = (unsigned char)utf8[0];
	int nbsp = lead == DUMP_LINES_NBSP[0];

	if (lead == ' ')
		lines->split = line->len;
	if (lead >= 0x80 && line->len > DUMP_LINES_MAX_BYTES - 6)
		split(lines, lines->split);
	if (lines->chars + extra_bytes(lead) >= DUMP_LINES_MAX_CHARS) {
		split(lines, lines->split);
		if (lead == ' ')
			return;   /* the space at the cut */
	} else if (line->len >= DUMP_LINES_MAX_BYTES) {
		split(lines, 0);
	}
	if (line->len == 0 && !lines->indent_fixed)
		lines->indent = lines->in_line_1 ? lines->style->indent_first
						 : lines->style->indent_left;
	if (nbsp)
		strbuf_add_inline(line, " ", 1);
	else
		strbuf_add_inline(line, utf8, len);
	lines->chars++;
	lines->has_text |= !nbsp;
	lines->last_char = (char)lead;
}

void dump_lines_add_word(struct dump_lines *lines, const char *utf8, size_t len)
{
	struct strbuf *line = &lines->line;
	size_t chars = count_chars(utf8, len), last = len;
	if (line->len + len + 8 >= DUMP_LINES_MAX_BYTES ||
	    lines->chars + chars + 4 >= DUMP_LINES_MAX_CHARS) {
		/* Near the end of the line: character by character. */
		for (size_t i = 0; i < len;) {
			size_t n = 1 + extra_bytes((unsigned char)utf8[i]);
			if (n > len - i)
				n = len - i;
			dump_lines_add(lines, utf8 + i, n);
			i += n;
		}
		return;
	}
	if (line->len == 0 && !lines->indent_fixed)
		lines->indent = lines->in_line_1 ? lines->style->indent_first
						 : lines->style->indent_left;
	strbuf_add_inline(line, utf8, len);
	lines->chars += chars;
	lines->has_text = 1;
	while (last > 1 && ((unsigned char)utf8[last - 1] & 0xC0) == 0x80)
		last--;
	lines->last_char = utf8[last - 1];
}

void dump_lines_tab(struct dump_lines *lines, int preformatted)
{
	unsigned here = (unsigned)lines->chars + (lines->line.len ? lines->indent : 0), target;
	if (preformatted) {
		target = (here / 8 + 1) * 8;
		if (target > TAB_STOP_LAST) {
			dump_lines_break(lines, 0);
			return;
		}
	} else if (lines->in_line_1 && here < lines->style->indent_left) {
		target = lines->style->indent_left;
	} else {
		dump_lines_break(lines, 0);
		return;
	}
	if (lines->line.len == 0) {
		lines->indent = target;
		lines->indent_fixed = 1;
		return;
	}
	for (; here < target; here++)
		dump_lines_add(lines, " ", 1);
}

void dump_lines_finish(struct dump_lines *lines)
{
	if (lines->line.len)
		dump_lines_break(lines, 1);
	while (lines->blank_run && !lines->failed && lines->out->len) {
		strbuf_setlen(lines->out, lines->out->len - 1);
		lines->blank_run--;
	}
}
