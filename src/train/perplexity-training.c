/* perplexity-training.c: clean texts, streamed through stage 1's text
 * reader, line by line into paragraphs, into perplexity counts (see perplexity-training.h). */
#include "train/perplexity-training.h"
#include "base/alloc.h"
#include "base/strbuf.h"
#include "base/utf8.h"
#include "normalise/text.h"
#include "segment/segment.h"
#include "source/input-source.h"

#include <string.h>

struct line_reader {
	struct perplexity_counts *counts;
	struct strbuf line;        /* the line being read, without its newline */
	struct strbuf clean;       /* scratch: the line, cleaned */
	struct strbuf paragraph;
	struct nc_error *err;
};

static int flush_paragraph(struct line_reader *r)
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

/* One line (in UTF-8, its segment tags already made blank lines): cleaned
 * and added to the paragraph, joined with a space; a blank line ends it. */
static int read_line(struct line_reader *r, const char *line, size_t len)
{
	strbuf_reset(&r->clean);
	utf8_clean(line, len, &r->clean);
	if (is_blank(r->clean.buf, r->clean.len))
		return flush_paragraph(r);
	if (r->paragraph.len && r->paragraph.len + 1 + r->clean.len > SEGMENT_MAX_BYTES &&
	    flush_paragraph(r) < 0)
		return -1;
	if (r->paragraph.len)
		strbuf_addch(&r->paragraph, ' ');
	strbuf_add(&r->paragraph, r->clean.buf, r->clean.len);
	return 0;
}

/* A line longer than SEGMENT_MAX_BYTES is read in parts, each cut before a
 * UTF-8 lead byte. */
static int read_long_line(struct line_reader *r)
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

/* Split a part of the text into lines; the last, unfinished one stays in
 * r->line. */
static int read_part(struct line_reader *r, const char *block, size_t len)
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

int perplexity_training_add_page(struct perplexity_counts *counts, struct page *page,
				 const struct charset_policy *policy, struct nc_error *err)
{
	struct line_reader r = { counts, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, err };
	struct text_reader *text = text_reader_new();
	struct page_info info = { 0 };
	const char *part;
	ssize_t len = 0;
	int ret = text_reader_start(text, page, policy, TEXT_URL_LINE | TEXT_CLEANEVAL_TAGS, &info,
				    err);

	while (ret == 0 && (len = text_reader_next(text, &part, err)) > 0)
		ret = read_part(&r, part, (size_t)len);
	if (len < 0)
		ret = -1;
	if (ret == 0 && r.line.len)
		ret = read_line(&r, r.line.buf, r.line.len);
	if (ret == 0)
		ret = flush_paragraph(&r);
	if (ret < 0)
		nc_error_prefix(err, page->name);
	text_reader_free(text);
	page_info_release(&info);
	strbuf_release(&r.line);
	strbuf_release(&r.clean);
	strbuf_release(&r.paragraph);
	return ret;
}

/* One text, opened as a raw page is (input-source.h: gzip, byte order
 * marks; binary data and archives refused). */
static int add_input(struct perplexity_counts *counts, const struct file_input *in,
		     const struct charset_policy *policy, struct nc_error *err)
{
	struct page page;
	if (input_source_open_page(in, FILE_KIND_TRAINING_TEXT, &page, err) < 0)
		return -1;
	int ret = perplexity_training_add_page(counts, &page, policy, err);
	page_release(&page);
	return ret;
}

int perplexity_training_add_file(struct perplexity_counts *counts, const char *path,
				 const struct charset_policy *policy, struct nc_error *err)
{
	struct file_input in = { .path = (char *)path, .relative = (char *)path };
	return add_input(counts, &in, policy, err);
}

int perplexity_training_add_files(struct perplexity_counts *counts,
				  const struct file_source *source,
				  const struct charset_policy *policy, struct nc_error *err)
{
	for (size_t i = 0; i < file_source_count(source); i++)
		if (add_input(counts, file_source_input(source, i), policy, err) < 0)
			return -1;
	return 0;
}
