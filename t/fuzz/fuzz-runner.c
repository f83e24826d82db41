/* fuzz-runner.c: the runner, the sinks and the outputs under write failures.
 *
 * The input describes a run: a page source of text pages (alone, or in
 * archive groups that may end early), pages that fail to open or fail while
 * read, notices; one job or two; a format (jsonl, cleaneval, WET; gzip or
 * not); and a write failure: the directory output under a file-size limit
 * (RLIMIT_FSIZE, SIGXFSZ ignored: every write past it fails with EFBIG, as
 * on a full disk), or standard output that fails after so many bytes (EPIPE
 * or ENOSPC). After the run, what the reports said must be what is on disk:
 *   - a file under its final name holds exactly the pages reported written
 *     for it, each whole; an archive that lost pages has no final file, an
 *     archive that ended early has only a .partial one; no temporary file
 *     is left;
 *   - on the stream, the whole records are exactly the pages reported
 *     written, and after a failure nothing more is written or reported;
 *   - a leftover of an earlier run (a temporary file of our naming whose
 *     writer is gone) is removed, with one notice, exactly when the run
 *     wrote in the directory; a running writer's file (locked) never is.
 *
 * Input: byte 0 flags (bit 0: two jobs; bit 1: the stream output; bits 2-3:
 * the format; bit 4: gzip; bit 5: ENOSPC instead of EPIPE; bit 6: a
 * leftover waits in the directory; bit 7: a running writer's file does),
 * bytes 1-2 the
 * failure point in units of 16 bytes (0: none), then page descriptors: an
 * op byte (low 3 bits: 0-3 a page of the current archive, a new archive
 * when bit 3 is set; 4 a page alone; 5 an input that fails to open; 6 a
 * notice; 7 the current archive ends early), a length byte and that many
 * bytes of text, and a byte that makes the page's reader fail after that
 * many bytes when it is odd.
 */
#include "fuzz.h"
#include "base/alloc.h"
#include "base/file.h"
#include "pipeline/runner.h"
#include "render/html-blocks.h"
#include "sink/output.h"
#include "source/byte-stream.h"
#include "source/warc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_PAGES 64
#define MAX_GROUPS 64

/* --- the page source -------------------------------------------------------------- */

enum event_kind { EVENT_PAGE, EVENT_OPEN_FAILS, EVENT_NOTICE, EVENT_INCOMPLETE };

struct event {
	enum event_kind kind;
	int group;              /* -1: a page alone */
	const uint8_t *text;
	size_t len;
	size_t fail_after;      /* the reader fails after this many bytes; 0: never */
};

struct fake_source {
	struct page_source base;
	const struct event *events;
	size_t count, next;
};

struct fake_reader {
	const uint8_t *text;
	size_t len, pos, fail_after;
};

static ssize_t fake_read(void *state, char *buf, size_t cap, struct nc_error *err)
{
	struct fake_reader *r = state;
	size_t end = r->fail_after && r->fail_after < r->len ? r->fail_after : r->len;
	if (r->pos == end && r->fail_after && r->fail_after <= r->len)
		return nc_error_set(err, NC_ERR_IO, "read error (staged)");
	size_t n = end - r->pos < cap ? end - r->pos : cap;
	memcpy(buf, r->text + r->pos, n);
	r->pos += n;
	return (ssize_t)n;
}

static void fake_close(void *state)
{
	free(state);
}

static void name_page(struct page *page, size_t index, int group)
{
	char name[64];
	snprintf(name, sizeof(name), "page%zu", index);
	page->name = xstrdup(name);
	if (group >= 0)
		snprintf(name, sizeof(name), "g%d", group);
	page->output_name = xstrdup(name);
	page->grouped = group >= 0;
}

static int fake_next(struct page_source *base, struct page *page, struct nc_error *err)
{
	struct fake_source *source = (struct fake_source *)base;
	if (source->next == source->count)
		return 0;
	size_t index = source->next++;
	const struct event *e = &source->events[index];
	memset(page, 0, sizeof(*page));
	switch (e->kind) {
	case EVENT_OPEN_FAILS:
		return nc_error_set(err, NC_ERR_IO, "page%zu: cannot open (staged)", index);
	case EVENT_NOTICE:
		nc_error_set(err, NC_ERR_FORMAT, "page%zu: skipped (staged)", index);
		return PAGE_SOURCE_NOTICE;
	case EVENT_INCOMPLETE:
		name_page(page, index, e->group);
		return PAGE_SOURCE_INCOMPLETE;
	case EVENT_PAGE:
		break;
	}
	struct fake_reader *r = xcalloc(1, sizeof(*r));
	*r = (struct fake_reader){ e->text, e->len, 0, e->fail_after };
	name_page(page, index, e->group);
	page->kind = PAGE_TEXT;
	page->sequential = e->group >= 0;
	page->reader = (struct page_reader){ fake_read, fake_close, r };
	return 1;
}

static void fake_free(struct page_source *base)
{
	(void)base;
}

static const struct page_source_ops fake_ops = { fake_next, fake_free };

/* --- what the reports said -------------------------------------------------------------- */

struct failing_stream;

struct tally {
	const struct event *events;
	const struct failing_stream *stream;      /* the stream output, if it is one */
	int reports_after_failure;
	size_t written[MAX_GROUPS + MAX_PAGES];   /* pages reported written, per file */
	size_t committed[MAX_GROUPS + MAX_PAGES]; /* ...and those that wrote nothing */
	uint64_t lost;
	size_t written_total;
	int removals;     /* notices of leftovers removed */
};

struct failing_stream {
	struct strbuf bytes;
	size_t fail_at;     /* 0: never */
	int error;
	int failed;         /* a write was refused */
};

/* The file a page goes to: its group, or (for a page alone) its own. */
static size_t file_of(const struct event *e, size_t index)
{
	return e->group >= 0 ? (size_t)e->group : MAX_GROUPS + index;
}

static void on_report(void *data, const struct run_report *report)
{
	struct tally *t = data;
	if (t->stream && t->stream->failed)
		t->reports_after_failure++;
	if (report->lost) {
		t->lost += report->lost;
		return;
	}
	if (report->notice && strstr(report->notice, "removed 1 temporary file"))
		t->removals++;
	if (report->notice || !report->name || report->failed)
		return;
	size_t index = (size_t)strtoul(report->name + 4, NULL, 10);
	/* A page that kept no text (or that a page filter left out) is
	 * committed but not written: no JSONL line, no WET record. Lost with
	 * its archive's file all the same (the archive fails as a whole). */
	t->committed[file_of(&t->events[index], index)]++;
	if (report->stats && report->stats->skipped != SINK_WRITTEN)
		return;
	t->written[file_of(&t->events[index], index)]++;
	t->written_total++;
}

/* --- the checks ---------------------------------------------------------------------------- */

enum { FORMAT_JSONL, FORMAT_CLEANEVAL, FORMAT_WET };

/* The records in `bytes` (decoded first when gzip'd); abort() when one is
 * not whole. */
static size_t count_records(const char *bytes, size_t len, int format, int gzip)
{
	struct strbuf plain = STRBUF_INIT;
	struct nc_error err;
	if (gzip) {
		struct byte_stream *stream = byte_stream_from_memory(bytes, len, "gzip");
		char buf[4096];
		ssize_t got;
		while ((got = byte_stream_read(stream, buf, sizeof(buf), &err)) > 0)
			strbuf_add(&plain, buf, (size_t)got);
		if (got < 0 && len)
			abort();   /* a committed file is whole gzip */
		byte_stream_free(stream);
	} else {
		strbuf_add(&plain, bytes, len);
	}
	size_t records = 0;
	if (format == FORMAT_WET) {
		struct warc_reader *reader =
			warc_reader_new(byte_stream_from_memory(plain.buf, plain.len, "wet"));
		const struct warc_record *record;
		int got;
		while ((got = warc_reader_next(reader, &record, &err)) == 1)
			records += record->type == WARC_TYPE_CONVERSION;
		if (got < 0 || warc_reader_failed(reader))
			abort();
		warc_reader_free(reader);
	} else {
		if (plain.len && plain.buf[plain.len - 1] != '\n')
			abort();   /* a record cut short */
		for (const char *line = plain.buf; line < plain.buf + plain.len;
		     line = strchr(line, '\n') + 1) {
			if (format == FORMAT_JSONL) {
				const char *end = strchr(line, '\n');
				if (line[0] != '{' || end[-1] != '}')
					abort();
				records++;
			} else {
				records += !strncmp(line, "URL: ", 5);
			}
		}
	}
	strbuf_release(&plain);
	return records;
}

static int read_whole(const char *path, struct strbuf *out)
{
	struct nc_error err;
	strbuf_reset(out);
	return read_file(path, 0, out, &err);
}

static void check_directory(const char *dir, const struct tally *t, const struct event *events,
			    size_t count, int format, int gzip, const char *extension)
{
	struct strbuf path = STRBUF_INIT, bytes = STRBUF_INIT;
	uint64_t missing = 0;
	int incomplete[MAX_GROUPS] = { 0 };

	for (size_t i = 0; i < count; i++)
		if (events[i].kind == EVENT_INCOMPLETE)
			incomplete[events[i].group] = 1;
	for (size_t f = 0; f < MAX_GROUPS + MAX_PAGES; f++) {
		strbuf_reset(&path);
		if (f < MAX_GROUPS)
			strbuf_addf(&path, "%s/g%zu%s", dir, f, extension);
		else
			strbuf_addf(&path, "%s/page%zu%s", dir, f - MAX_GROUPS, extension);
		int final = read_whole(path.buf, &bytes) == 0;
		if (final) {
			/* Written whole: what the reports said, and the archive read to its end. */
			if ((f < MAX_GROUPS && incomplete[f]) ||
			    count_records(bytes.buf, bytes.len, format, gzip) != t->written[f])
				abort();
			continue;
		}
		strbuf_addstr(&path, OUTPUT_PARTIAL_SUFFIX);
		if (read_whole(path.buf, &bytes) == 0) {
			if (f >= MAX_GROUPS || !incomplete[f] ||
			    count_records(bytes.buf, bytes.len, format, gzip) != t->written[f])
				abort();
			continue;
		}
		missing += t->committed[f];   /* reported written, but not there: lost */
	}
	if (missing != t->lost)
		abort();
	/* No temporary file is left. */
	DIR *d = opendir(dir);
	struct dirent *entry;
	while (d && (entry = readdir(d)))
		if (entry->d_name[0] == '.' && strcmp(entry->d_name, ".") && strcmp(entry->d_name, ".."))
			abort();
	if (d)
		closedir(d);
	strbuf_release(&path);
	strbuf_release(&bytes);
}

/* --- a stream that fails ------------------------------------------------------------------- */

static ssize_t failing_write(void *cookie, const char *buf, size_t len)
{
	struct failing_stream *s = cookie;
	size_t room = s->fail_at ? (s->fail_at > s->bytes.len ? s->fail_at - s->bytes.len : 0) : len;
	if (room == 0) {
		s->failed = 1;
		errno = s->error;
		return -1;
	}
	size_t n = len < room ? len : room;
	strbuf_add(&s->bytes, buf, n);
	if (n < len)
		s->failed = 1;   /* the rest is refused on the next call; stdio gives up at once */
	return (ssize_t)n;
}

static void check_stream(const struct failing_stream *s, const struct tally *t)
{
	size_t whole = s->bytes.len;
	while (whole && s->bytes.buf[whole - 1] != '\n')
		whole--;
	if (whole < s->bytes.len && !s->failed)
		abort();   /* a record cut short, and nobody told */
	if (t->reports_after_failure > 1)
		abort();   /* after the failing page's report, the run stops */
	if (count_records(s->bytes.buf, whole, FORMAT_JSONL, 0) != t->written_total)
		abort();
}

/* --- the run --------------------------------------------------------------------------------- */

static size_t parse_events(const uint8_t *data, size_t size, struct event *events)
{
	size_t count = 0;
	int group = -1, groups = 0;

	while (size >= 3 && count < MAX_PAGES) {
		uint8_t op = data[0];
		size_t len = data[1] < size - 2 ? data[1] : size - 2;
		struct event *e = &events[count];
		memset(e, 0, sizeof(*e));
		e->text = data + 2;
		e->len = len;
		data += 2 + len, size -= 2 + len;
		if (size) {
			if (data[0] & 1)
				e->fail_after = data[0];
			data++, size--;
		}
		switch (op & 7) {
		case 4: e->group = -1; break;
		case 5: e->kind = EVENT_OPEN_FAILS; break;
		case 6: e->kind = EVENT_NOTICE; break;
		case 7:
			if (group < 0)
				continue;
			e->kind = EVENT_INCOMPLETE;
			e->group = group;
			group = -1;   /* the next archive page starts another */
			break;
		default:
			if (group < 0 || (op & 8)) {
				if (groups == MAX_GROUPS)
					return count;
				group = groups++;
			}
			e->group = group;
		}
		if (e->kind == EVENT_PAGE && e->group < 0)
			group = -1;   /* an archive's pages are one run */
		count++;
	}
	return count;
}

static struct pipeline *shared_pipeline(void)
{
	static struct pipeline *pipeline;
	static struct html_blocks_config blocks = { HTML_BLOCKS, 10.0 };
	if (!pipeline) {
		static char html_rules[4096], dump_rules[4096];
		snprintf(html_rules, sizeof(html_rules), "%s", fuzz_data_path("regex", "html.rules"));
		snprintf(dump_rules, sizeof(dump_rules), "%s", fuzz_data_path("regex", "dump.rules"));
		struct pipeline_config config = {
			.html_rules_path = html_rules, .dump_rules_path = dump_rules,
			.renderer = &html_blocks_renderer_class, .renderer_config = &blocks,
		};
		struct nc_error err;
		pipeline = pipeline_new(&config, &err);
		if (!pipeline) {
			fprintf(stderr, "fuzz: %s\n", err.message);
			abort();
		}
		signal(SIGXFSZ, SIG_IGN);
	}
	return pipeline;
}

/* In `dir`: a leftover of an earlier run (`alive` 0: our naming, no lock)
 * or the file of a writer still running (locked: its descriptor, to close
 * when the run is over). */
static int plant(const char *dir, int alive)
{
	struct strbuf path = STRBUF_INIT;
	strbuf_addf(&path, "%s/.g%d.out.tmp.%s", dir, alive, alive ? "00000000000a" : "0123456789ab");
	int fd = open(path.buf, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	struct flock lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	if (fd < 0 || (alive && fcntl(fd, F_OFD_SETLK, &lock) != 0))
		abort();
	strbuf_release(&path);
	if (!alive)
		close(fd);
	return fd;
}

/* Is the planted file there still? Then remove it (`fd`: its writer's). */
static int planted_still(const char *dir, int alive, int fd)
{
	struct strbuf path = STRBUF_INIT;
	strbuf_addf(&path, "%s/.g%d.out.tmp.%s", dir, alive, alive ? "00000000000a" : "0123456789ab");
	int there = access(path.buf, F_OK) == 0;
	unlink(path.buf);
	if (fd >= 0)
		close(fd);
	strbuf_release(&path);
	return there;
}

static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *entry;
	while (d && (entry = readdir(d))) {
		if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
			continue;
		struct strbuf path = STRBUF_INIT;
		strbuf_addf(&path, "%s/%s", dir, entry->d_name);
		unlink(path.buf);
		strbuf_release(&path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct output_format *const formats[] = {
		&format_jsonl, &format_cleaneval, &format_wet, &format_jsonl
	};
	struct event events[MAX_PAGES];
	struct nc_error err;

	if (size < 3)
		return 0;
	int jobs = data[0] & 1 ? 2 : 1, to_stream = data[0] & 2, gzip = !!(data[0] & 16);
	int format = (data[0] >> 2) & 3;
	if (format == 3)
		format = FORMAT_JSONL;
	size_t fail_at = ((size_t)data[1] << 8 | data[2]) * 16;
	size_t count = parse_events(data + 3, size - 3, events);
	struct sink_config sink = { .format = formats[format], .gzip = gzip, .software = "fuzz" };
	struct fake_source source = { { &fake_ops }, events, count, 0 };
	struct tally tally = { .events = events };
	struct runner_config config = {
		.pipeline = shared_pipeline(), .sink = &sink, .jobs = jobs, .report = on_report,
		.data = &tally,
	};

	if (to_stream) {
		/* Standard output, as a mapper writes it: jsonl only (its records
		 * are lines, which a cut can be told from). */
		sink.format = &format_jsonl;
		sink.gzip = 0;
		struct failing_stream s = { STRBUF_INIT, fail_at, data[0] & 32 ? ENOSPC : EPIPE, 0 };
		cookie_io_functions_t io = { .write = failing_write };
		FILE *f = fopencookie(&s, "w", io);
		tally.stream = &s;
		if (runner_run(&config, &source.base, stream_output_new(f), &err) < 0) {
			fprintf(stderr, "fuzz: %s\n", err.message);
			abort();
		}
		fclose(f);
		check_stream(&s, &tally);
		strbuf_release(&s.bytes);
		return 0;
	}
	char dir[] = "/tmp/fuzz-runner-XXXXXX";
	if (!mkdtemp(dir))
		abort();
	char extension[16];
	snprintf(extension, sizeof(extension), "%s%s", sink.format->extension,
		 gzip ? ".gz" : "");
	int leftover = !!(data[0] & 64), running = data[0] & 128 ? plant(dir, 1) : -1;
	if (leftover)
		plant(dir, 0);
	struct page_output *output = directory_output_new(dir, extension);
	struct rlimit old, limited;
	getrlimit(RLIMIT_FSIZE, &old);
	limited = old;
	if (fail_at) {
		limited.rlim_cur = fail_at;
		setrlimit(RLIMIT_FSIZE, &limited);
	}
	int ret = runner_run(&config, &source.base, output, &err);
	setrlimit(RLIMIT_FSIZE, &old);
	if (ret < 0)
		abort();   /* page and write failures are reported, never a set-up error */
	if (running >= 0 && !planted_still(dir, 1, running))
		abort();   /* a running writer's file was taken for a leftover */
	size_t committed = 0;
	for (size_t f = 0; f < MAX_GROUPS + MAX_PAGES; f++)
		committed += tally.committed[f];
	int left = leftover && planted_still(dir, 0, -1);
	if (leftover ? left != (tally.removals == 0) : tally.removals != 0)
		abort();   /* a leftover removed without a word, or a word without one */
	if (left && committed)
		abort();   /* the run wrote in the directory and left the leftover */
	check_directory(dir, &tally, events, count, format, gzip, extension);
	remove_tree(dir);
	return 0;
}
