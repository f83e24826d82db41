/* input-source.c: inputs opened by their content (see input-source.h). */
#include "source/input-source.h"
#include "base/alloc.h"
#include "base/file.h"
#include "source/byte-stream.h"
#include "source/sniff.h"
#include "source/warc-source.h"

#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct input_source {
	struct page_source base;
	const struct file_source *files;
	enum file_kind_rule rule;
	input_skip_fn skip;
	void *skip_data;
	const char *url;                  /* the URL of every page of a file, or NULL */
	size_t next;                      /* the next file input */
	struct warc_source *archive;      /* the archive being read, or NULL */
	const struct byte_stream *archive_stream;   /* its bytes (the archive owns them) */
	const struct file_input *archive_input;
	uint64_t archive_pages;           /* pages it gave so far, failed ones too */
	struct input_counts counts;
	uint64_t bytes_done;              /* of finished inputs */
	enum sniff_kind passed_over;      /* what the last input passed over was */
};

static uint64_t file_size(const char *path)
{
	struct stat st;
	return strcmp(path, "-") && stat(path, &st) == 0 ? (uint64_t)st.st_size : 0;
}

/* The page of an archive: written with its archive's other pages. */
static void adopt_archive_page(struct input_source *source, struct page *page)
{
	free(page->output_name);
	page->output_name = xstrdup(source->archive_input->output_name);
	page->grouped = 1;
}

/* `page` names the archive's group: what was written of it is not all of it. */
static void incomplete_archive(const struct input_source *source, struct page *page)
{
	memset(page, 0, sizeof(*page));
	page->name = xstrdup(source->archive_input->path);
	page->output_name = xstrdup(source->archive_input->output_name);
	page->grouped = 1;
}

/* The next page of the open archive: 1, 0 when it is done, -1 (one page),
 * PAGE_SOURCE_NOTICE when it is done without having given a page,
 * PAGE_SOURCE_INCOMPLETE when it ended in an error after giving some. */
static int next_archive_page(struct input_source *source, struct page *page,
			     struct nc_error *err)
{
	int r = page_source_next(warc_source_pages(source->archive), page, err);
	if (r != 0)
		source->archive_pages++;
	if (r > 0) {
		adopt_archive_page(source, page);
		return 1;
	}
	if (r < 0)
		return -1;
	const struct warc_source_counts *c = warc_source_counts(source->archive);
	uint64_t skipped = c->skipped_not_text + c->skipped_status + c->skipped_not_http;
	for (int t = 0; t < WARC_TYPE_COUNT; t++)
		skipped += c->skipped[t];
	source->counts.records_skipped += skipped;
	source->counts.broken += c->broken != 0;
	int result = 0;
	if (!source->archive_pages && !c->broken) {
		/* Say so: an archive that gives nothing is worth a look. */
		nc_error_set(err, NC_ERR_FORMAT, "%s: no pages in this archive (%" PRIu64
			     " records skipped: none is an HTML or text response, resource or "
			     "conversion)", source->archive_input->path, skipped);
		source->counts.empty_archives++;
		result = PAGE_SOURCE_NOTICE;
	} else if (c->broken && source->archive_pages) {
		incomplete_archive(source, page);
		result = PAGE_SOURCE_INCOMPLETE;
	}
	source->bytes_done += file_size(source->archive_input->path);
	warc_source_free(source->archive);
	source->archive = NULL;
	return result;
}

/* The kind of page that bytes sniffed as `kind` make under `rule`, or -1
 * for none. */
static int page_kind_of(enum file_kind_rule rule, enum sniff_kind kind)
{
	if (rule == FILE_KIND_HTML)
		return PAGE_HTML;
	if (rule == FILE_KIND_TEXT)
		return PAGE_TEXT;
	if (rule == FILE_KIND_TRAINING_TEXT)
		return kind == SNIFF_HTML || kind == SNIFF_TEXT ? PAGE_TEXT : -1;
	switch (kind) {
	case SNIFF_HTML:
		return PAGE_HTML;
	case SNIFF_TEXT:
		return PAGE_TEXT;
	default:
		return -1;
	}
}

/* What UTF-16 or UTF-32 text (`wide`, from its byte order mark) holds: its
 * ASCII characters, the other bytes of each unit dropped, are sniffed as
 * any input is (markup is ASCII). */
static enum sniff_kind sniff_wide(const char *data, size_t len, enum sniff_kind wide)
{
	size_t unit = wide == SNIFF_UTF32LE || wide == SNIFF_UTF32BE ? 4 : 2;
	int big_endian = wide == SNIFF_UTF16BE || wide == SNIFF_UTF32BE;
	char ascii[SNIFF_BLOCK];
	size_t n = 0;

	for (size_t i = unit; i + unit <= len && n < sizeof(ascii); i += unit) {
		unsigned char low = (unsigned char)data[big_endian ? i + unit - 1 : i];
		int high_zero = 1;
		for (size_t b = 1; b < unit; b++)
			high_zero &= data[big_endian ? i + unit - 1 - b : i + b] == 0;
		ascii[n++] = high_zero && low < 0x80 ? (char)low : 'x';
	}
	enum sniff_kind kind = sniff_bytes(ascii, n);
	return kind == SNIFF_HTML ? SNIFF_HTML : SNIFF_TEXT;
}

/* The input `path` ("-": standard input) as a byte stream (gzip decoded),
 * or NULL with `err`; with `regular_only` a path must be a regular file. */
static struct byte_stream *open_stream(const char *path, int regular_only, struct nc_error *err)
{
	int fd = strcmp(path, "-") ? open_input_file(path, regular_only, err) : STDIN_FILENO;
	return fd < 0 ? NULL : byte_stream_from_fd(fd, path, fd != STDIN_FILENO);
}

/* Open the input `in`: 1 with a page, 0 when it yields none here (an
 * archive, now open), PAGE_SOURCE_NOTICE with `err` when it is passed over
 * (binary data), -1 with `err`. */
static int open_input(struct input_source *source, const struct file_input *in,
		      struct page *page, struct nc_error *err)
{
	struct byte_stream *stream = open_stream(in->path, in->walked, err);
	if (!stream)
		return -1;
	const char *head;
	ssize_t got = byte_stream_peek(stream, SNIFF_BLOCK, &head, err);
	if (got < 0) {
		byte_stream_free(stream);
		return -1;
	}
	if (got == 0 && !strcmp(in->path, "-")) {
		/* Nothing came: what should have fed it failed (zcat of a missing
		 * file), which an empty page would hide. */
		byte_stream_free(stream);
		return nc_error_set(err, NC_ERR_IO, "-: standard input is empty");
	}
	source->counts.inputs++;
	enum sniff_kind kind = sniff_bytes(head, (size_t)got);
	enum sniff_kind wide = kind;
	if (sniff_kind_charset(kind))
		kind = sniff_wide(head, (size_t)got, kind);
	if (kind == SNIFF_WARC) {
		source->archive = warc_source_new(stream, NULL);
		source->archive_stream = stream;
		source->archive_input = in;
		source->archive_pages = 0;
		source->counts.archives++;
		return 0;
	}
	int page_kind = page_kind_of(source->rule, kind);
	if (page_kind < 0) {
		source->counts.binary++;
		source->passed_over = kind;
		source->bytes_done += file_size(in->path);
		byte_stream_free(stream);
		nc_error_set(err, NC_ERR_FORMAT, "%s: skipped (%s data, not a page)", in->path,
			     sniff_kind_name(kind));
		return PAGE_SOURCE_NOTICE;
	}
	memset(page, 0, sizeof(*page));
	page->name = xstrdup(in->path);
	page->output_name = xstrdup(in->output_name ? in->output_name : in->relative);
	page->url = source->url ? xstrdup(source->url) : NULL;
	page->kind = (enum page_kind)page_kind;
	const char *bom = sniff_kind_charset(wide);
	page->charset_hint = bom ? xstrdup(bom) : NULL;
	byte_stream_page_reader(stream, page_kind == PAGE_TEXT ? PAGE_MAX_TEXT_BYTES : 0,
				&page->reader);
	source->bytes_done += file_size(in->path);
	return 1;
}

/* The kind of the input at `path` by its first bytes, as the source would
 * sniff them (gzip decoded; UTF-16 and UTF-32 looked into); -1 when it
 * cannot be read. */
static int sniff_path(const char *path)
{
	struct nc_error err;
	struct byte_stream *stream = open_stream(path, 1, &err);
	if (!stream)
		return -1;
	const char *head;
	ssize_t got = byte_stream_peek(stream, SNIFF_BLOCK, &head, &err);
	int kind = got < 0 ? -1 : (int)sniff_bytes(head, (size_t)got);
	if (kind >= 0 && sniff_kind_charset((enum sniff_kind)kind))
		kind = (int)sniff_wide(head, (size_t)got, (enum sniff_kind)kind);
	byte_stream_free(stream);
	return kind;
}

int input_is_archive(const char *path)
{
	return sniff_path(path) == SNIFF_WARC;
}

int input_is_passed_over(const char *path, enum file_kind_rule rule)
{
	int kind = sniff_path(path);
	return kind >= 0 && kind != SNIFF_WARC && page_kind_of(rule, (enum sniff_kind)kind) < 0;
}

static int input_source_next(struct page_source *base, struct page *page, struct nc_error *err)
{
	struct input_source *source = (struct input_source *)base;

	for (;;) {
		if (source->archive) {
			int r = next_archive_page(source, page, err);
			if (r != 0)
				return r;
			continue;
		}
		if (source->next == file_source_count(source->files))
			return 0;
		const struct file_input *in = file_source_input(source->files, source->next++);
		if (source->skip && source->skip(source->skip_data, in)) {
			source->bytes_done += file_size(in->path);
			source->counts.existing++;
			continue;
		}
		int r = open_input(source, in, page, err);
		if (r != 0)
			return r;
	}
}

static void input_source_pages_free(struct page_source *base)
{
	(void)base;   /* the pages view belongs to its input source */
}

static const struct page_source_ops input_source_ops = {
	.next = input_source_next,
	.free = input_source_pages_free,
};

struct input_source *input_source_new(const struct file_source *files, enum file_kind_rule rule)
{
	struct input_source *source = xcalloc(1, sizeof(*source));
	source->base.ops = &input_source_ops;
	source->files = files;
	source->rule = rule;
	return source;
}

void input_source_set_skip(struct input_source *source, input_skip_fn skip, void *data)
{
	source->skip = skip;
	source->skip_data = data;
}

void input_source_set_url(struct input_source *source, const char *url)
{
	source->url = url;
}

struct page_source *input_source_pages(struct input_source *source)
{
	return &source->base;
}

const struct input_counts *input_source_counts(const struct input_source *source)
{
	return &source->counts;
}

void input_source_progress(const struct input_source *source, uint64_t *inputs_done,
			   uint64_t *bytes_done)
{
	*inputs_done = source->next - (source->archive ? 1 : 0);
	/* Within an archive, how far its (compressed) bytes are read. */
	*bytes_done = source->bytes_done +
		      (source->archive ? byte_stream_member_offset(source->archive_stream) : 0);
}

int input_source_open_page(const struct file_input *in, enum file_kind_rule rule,
			   struct page *page, struct nc_error *err)
{
	struct input_source probe = { .rule = rule };
	int ret = open_input(&probe, in, page, err);

	if (ret == 1)
		return 0;
	if (ret == 0) {   /* an archive: open_input() gave its stream to the archive */
		warc_source_free(probe.archive);
		return nc_error_set(err, NC_ERR_FORMAT, "%s: a WARC archive, not a page (one page "
				    "a file here)", in->path);
	}
	if (ret == PAGE_SOURCE_NOTICE)   /* not skipped here, refused: say it so */
		nc_error_set(err, NC_ERR_FORMAT, "%s: %s data, not a text or a page", in->path,
			     sniff_kind_name(probe.passed_over));
	return -1;
}

void input_source_free(struct input_source *source)
{
	if (!source)
		return;
	warc_source_free(source->archive);
	free(source);
}
