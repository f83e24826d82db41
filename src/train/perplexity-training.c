/* perplexity-training.c: clean texts, streamed line by line into
 * paragraphs, into perplexity counts (see perplexity-training.h). */
#include "train/perplexity-training.h"
#include "train/training.h"
#include "base/alloc.h"
#include "base/strbuf.h"
#include "base/utf8.h"
#include "segment/segment.h"

#include <errno.h>
#include <string.h>

#define READ_BLOCK_BYTES (1u << 16)

struct text_reader {
	struct perplexity_counts *counts;
	struct strbuf line;        /* the line being read, without its newline */
	struct strbuf utf8;        /* scratch: a windows-1252 line as UTF-8 */
	struct strbuf clean;       /* scratch: the line, cleaned */
	struct strbuf paragraph;
	unsigned long lines;
	struct nc_error *err;
};

static int flush_paragraph(struct text_reader *r)
{
	int ret = perplexity_counts_add_text(r->counts, r->paragraph.buf, r->paragraph.len, r->err);
	strbuf_reset(&r->paragraph);
	return ret;
}

static int is_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] > 0x20)
			return 0;
	return 1;
}

/* Add part of a line to the paragraph, joined with a space. */
static int add_to_paragraph(struct text_reader *r, const char *part, size_t len)
{
	if (is_blank(part, len))
		return 0;
	if (r->paragraph.len && r->paragraph.len + 1 + len > SEGMENT_MAX_BYTES &&
	    flush_paragraph(r) < 0)
		return -1;
	if (r->paragraph.len)
		strbuf_addch(&r->paragraph, ' ');
	strbuf_add(&r->paragraph, part, len);
	return 0;
}

/* Is there a segment tag <p>, <h> or <l> (any case) at s? */
static int is_tag(const char *s, const char *end)
{
	return end - s >= 3 && s[0] == '<' && s[1] && strchr("phlPHL", s[1]) && s[2] == '>';
}

/* The CLEANEVAL header: "URL:" at the start of the first line (after a
 * byte-order mark or blanks). */
static int is_url_line(const char *s, size_t len)
{
	if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
		s += 3, len -= 3;
	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	return len >= 4 && !memcmp(s, "URL:", 4);
}

/* One line: cleaned, cut at its tags, added to the paragraph. */
static int read_line(struct text_reader *r, const char *line, size_t len)
{
	if (r->lines++ == 0 && is_url_line(line, len))
		return 0;
	if (!utf8_is_valid(line, len)) {
		strbuf_reset(&r->utf8);
		utf8_from_cp1252(line, len, &r->utf8);
		line = r->utf8.buf;
		len = r->utf8.len;
	}
	strbuf_reset(&r->clean);
	utf8_clean(line, len, &r->clean);
	const char *p = r->clean.buf, *end = p + r->clean.len, *part = p;
	if (is_blank(p, r->clean.len))
		return flush_paragraph(r);
	for (; p < end; p++) {
		if (!is_tag(p, end))
			continue;
		if (add_to_paragraph(r, part, (size_t)(p - part)) < 0 || flush_paragraph(r) < 0)
			return -1;
		p += 2;
		part = p + 1;
	}
	return add_to_paragraph(r, part, (size_t)(end - part));
}

/* A line longer than SEGMENT_MAX_BYTES is read in parts, each cut before a
 * UTF-8 lead byte. */
static int read_long_line(struct text_reader *r)
{
	size_t cut = SEGMENT_MAX_BYTES;
	while (cut > 1 && ((unsigned char)r->line.buf[cut] & 0xC0) == 0x80)
		cut--;
	if (read_line(r, r->line.buf, cut) < 0)
		return -1;
	memmove(r->line.buf, r->line.buf + cut, r->line.len - cut);
	strbuf_setlen(&r->line, r->line.len - cut);
	return 0;
}

/* Split a block into lines; the last, unfinished one stays in r->line. */
static int read_block(struct text_reader *r, const char *block, size_t len)
{
	const char *p = block, *end = block + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		strbuf_add(&r->line, p, (size_t)((nl ? nl : end) - p));
		p = nl ? nl + 1 : end;
		while (r->line.len > SEGMENT_MAX_BYTES)
			if (read_long_line(r) < 0)
				return -1;
		if (nl) {
			if (read_line(r, r->line.buf, r->line.len) < 0)
				return -1;
			strbuf_reset(&r->line);
		}
	}
	return 0;
}

int perplexity_training_add_stream(struct perplexity_counts *counts, FILE *stream,
				   const char *name, struct nc_error *err)
{
	struct text_reader r = { counts, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, 0, err };
	char *block = xmalloc(READ_BLOCK_BYTES);
	size_t got;
	int ret = 0;

	for (int first = 1; ret == 0 && (got = fread(block, 1, READ_BLOCK_BYTES, stream)) > 0;
	     first = 0) {
		if (first)
			ret = training_check_text(name, block, got, err);
		if (ret == 0)
			ret = read_block(&r, block, got);
	}
	if (ret == 0 && ferror(stream))
		ret = nc_error_set(err, NC_ERR_IO, "%s: read error: %s", name,
				   strerror(errno ? errno : EIO));
	if (ret == 0 && r.line.len)
		ret = read_line(&r, r.line.buf, r.line.len);
	if (ret == 0)
		ret = flush_paragraph(&r);
	free(block);
	strbuf_release(&r.line);
	strbuf_release(&r.utf8);
	strbuf_release(&r.clean);
	strbuf_release(&r.paragraph);
	return ret;
}

int perplexity_training_add_file(struct perplexity_counts *counts, const char *path,
				 struct nc_error *err)
{
	if (!strcmp(path, "-"))
		return perplexity_training_add_stream(counts, stdin, "stdin", err);
	FILE *stream = fopen(path, "re");
	if (!stream)
		return nc_error_set(err, NC_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
	int ret = perplexity_training_add_stream(counts, stream, path, err);
	fclose(stream);
	return ret;
}

int perplexity_training_add_files(struct perplexity_counts *counts,
				  const struct file_source *source, struct nc_error *err)
{
	for (size_t i = 0; i < file_source_count(source); i++)
		if (perplexity_training_add_file(counts, file_source_input(source, i)->path, err) < 0)
			return -1;
	return 0;
}
