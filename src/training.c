/* training.c: reading training files into segments and counts (see training.h). */
#include "training.h"
#include "utf8.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

struct segment_sink {
	enum ngram_mode mode;
	struct strbuf symbols;
	training_segment_fn fn;
	void *data;
};

static int on_segment(const struct segment *segment, void *data, struct nc_error *err)
{
	struct segment_sink *sink = data;

	(void)err;
	strbuf_reset(&sink->symbols);
	ngram_normalise(sink->mode, segment->text, segment->len, &sink->symbols);
	sink->fn((const unsigned char *)sink->symbols.buf, sink->symbols.len, sink->data);
	return 0;
}

/* Lines starting with "URL" go (as in the scorer); each <p>, <h>, <l>
 * (any case; also the malformed {p} of one CLEANEVAL gold file) becomes a
 * blank line, i.e. a segment break for the segmenter. */
static void cleaneval_to_dump(const char *text, size_t len, struct strbuf *out)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *line_end = nl ? nl : end;
		const char *q = p;
		while (q < line_end && (*q == ' ' || *q == '\t'))
			q++;
		if (!(line_end - q >= 3 && !memcmp(q, "URL", 3))) {
			for (const char *c = p; c < line_end; c++) {
				int open = *c == '<' || *c == '{';
				if (open && line_end - c >= 3 && strchr("phlPHL", c[1]) &&
				    c[2] == (*c == '<' ? '>' : '}')) {
					strbuf_addstr(out, "\n\n");
					c += 2;
				} else {
					strbuf_addch(out, *c);
				}
			}
			strbuf_addch(out, '\n');
		}
		p = nl ? nl + 1 : end;
	}
}

static int segment_cleaneval(const struct training_source *source, const char *path,
			     const char *text, size_t len, training_segment_fn fn, void *data,
			     struct nc_error *err)
{
	struct strbuf utf8 = STRBUF_INIT, dump = STRBUF_INIT;
	struct segment_sink sink = { source->mode, STRBUF_INIT, fn, data };
	int ret;

	if (!utf8_is_valid(text, len)) {
		utf8_from_cp1252(text, len, &utf8);
		text = utf8.buf;
		len = utf8.len;
	}
	cleaneval_to_dump(text, len, &dump);
	ret = segment_text(source->dump_rules, SEGMENT_DEFAULT, dump.buf, dump.len, on_segment,
			   &sink, err);
	if (ret < 0)
		nc_error_prefix(err, path);
	strbuf_release(&sink.symbols);
	strbuf_release(&utf8);
	strbuf_release(&dump);
	return ret;
}

int training_read_gold(const struct training_source *source, const char *path,
		       training_segment_fn fn, void *data, struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT;
	int ret = read_file(path, CLEANER_MAX_PAGE_BYTES, &text, err);

	if (ret == 0)
		ret = segment_cleaneval(source, path, text.buf, text.len, fn, data, err);
	strbuf_release(&text);
	return ret;
}

int training_read_raw(const struct training_source *source, const char *path, int is_html,
		      training_segment_fn fn, void *data, struct nc_error *err)
{
	struct strbuf input = STRBUF_INIT, cleaned = STRBUF_INIT;
	int ret;

	if (is_html) {
		ret = read_file(path, CLEANER_MAX_PAGE_BYTES, &input, err);
		if (ret == 0)
			ret = cleaner_clean_html(source->cleaner, path, input.buf, input.len, &cleaned,
						 err);
		if (ret < 0 && err->message[0] && strncmp(err->message, path, strlen(path)))
			nc_error_prefix(err, path);
	} else {
		FILE *in = fopen(path, "rb");
		char *buf = NULL;
		size_t size = 0;
		FILE *out = open_memstream(&buf, &size);
		if (!in) {
			ret = nc_error_set(err, NC_ERR_IO, "%s: cannot open", path);
		} else {
			ret = cleaner_clean_text(source->cleaner, path, in, out, err);
			fclose(in);
		}
		fclose(out);
		strbuf_add(&cleaned, buf, size);
		free(buf);
	}
	if (ret == 0)
		ret = segment_cleaneval(source, path, cleaned.buf, cleaned.len, fn, data, err);
	strbuf_release(&input);
	strbuf_release(&cleaned);
	return ret;
}
