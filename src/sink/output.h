/* output.h: where a page sink's bytes go.
 *
 * A page output receives each page's bytes between open() and commit() (or
 * abort()). The stream output sends every page to one stream (standard
 * output) in turn. The directory output writes DIR/<output name><extension>:
 * a file per page, whole or not at all (base/file.h: atomic_file), or, for
 * the `grouped` pages of an archive, one file for all of them, appended page
 * after page and renamed into place when the archive's last page is done
 * (the next page belongs elsewhere, or finish()); a page that fails is cut
 * off the end again. Directories are created as needed, and never entered
 * through a symlink inside DIR (DIR itself may be one).
 *
 * An output file under its final name is whole: every page of its input
 * that could be written is in it. So an archive's file is given up as a
 * whole when a write to it fails (a full disk): it is removed, the later
 * pages of that archive fail without opening another, and the pages it held
 * are counted lost (lost_pages). An archive that could not be read to its
 * end (incomplete()) has its file committed under a marked name,
 * DIR/<output name><extension>.partial, which a later whole run replaces
 * (and removes); --skip-existing looks for the final name only.
 *
 * A stream output that cannot be written (standard output closed: EPIPE
 * with SIGPIPE ignored; a full disk) is `broken`: nothing more can go
 * there, and the writer stops.
 *
 * Leftovers. A run killed with SIGKILL leaves its temporary file (base/
 * file.h). The directory output removes, in each directory it writes in,
 * once a run and before its first file there, the leftovers of earlier
 * writers that are gone (atomic_file_remove_leftovers()), and says so
 * (`notice`); a directory the run does not write in keeps them.
 *
 * An output is per worker: it holds the file being written. Its
 * emergency_stop() removes a half-written file from a signal handler.
 */
#ifndef NC_OUTPUT_H
#define NC_OUTPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "source/page.h"
#include "base/limits.h"

/* Added to the name of an archive's output that holds only the pages
 * before its archive broke off. */
#define OUTPUT_PARTIAL_SUFFIX ".partial"

struct page_output;

struct page_output_ops {
	/* 1 when this page starts a new output file (for the file's header),
	 * 0 when it goes on one already open, -1 with `err`. */
	int (*open)(struct page_output *output, const struct page *page, struct nc_error *err);
	int (*write)(struct page_output *output, const char *data, size_t len,
		     struct nc_error *err);
	int (*commit)(struct page_output *output, struct nc_error *err);
	void (*abort)(struct page_output *output);
	/* After the last page: commit a file left open for more pages (a
	 * failure there loses its pages: lost_pages). */
	int (*finish)(struct page_output *output, struct nc_error *err);
	/* The group of `page` (an archive: page_source.h, PAGE_SOURCE_INCOMPLETE)
	 * ended early: 1 with `notice` saying where its pages went, 0 when
	 * there is nothing to say. May be NULL. */
	int (*incomplete)(struct page_output *output, const struct page *page,
			  struct nc_error *notice);
	/* Async-signal-safe: remove what a page in progress left on disk. */
	void (*emergency_stop)(struct page_output *output);
	void (*free)(struct page_output *output);
};

struct page_output {
	const struct page_output_ops *ops;
	/* A page that fails leaves nothing behind, however much was written:
	 * the sink may then pass bytes on early. */
	int whole_or_nothing;
	/* Pages committed earlier that a later failure took with it (their
	 * archive's file removed), and why: the writer reports them and sets
	 * lost_pages back to 0. */
	uint64_t lost_pages;
	struct nc_error lost_error;
	/* Nothing can be written any more (a stream that failed): stop. */
	int broken;
	/* Something the user should hear of that is no failure (leftovers of
	 * earlier runs removed): the writer reports `notice` and sets
	 * `noticed` back to 0. */
	int noticed;
	struct nc_error notice;
};

/* Every page to `stream`, which stays the caller's; the first page starts
 * the one "file". */
struct page_output *stream_output_new(FILE *stream);

/* Every page to DIR/<output name><extension>. */
struct page_output *directory_output_new(const char *dir, const char *extension);

/* --- a page's bytes, held until the page is known to have succeeded ------ */

/* In memory up to HELD_MEMORY_MAX bytes (base/limits.h), the rest in an
 * anonymous temporary file; all in memory, as far as memory goes, when no
 * temporary file can be made ($TMPDIR unwritable or full). */
struct held_bytes {
	struct strbuf memory;
	FILE *spill;          /* NULL until the memory part is full */
	size_t spilled;       /* bytes in `spill` */
	int memory_only;      /* no temporary file could be made for this page */
};

void held_bytes_init(struct held_bytes *held);
int held_bytes_add(struct held_bytes *held, const char *data, size_t len, struct nc_error *err);
size_t held_bytes_size(const struct held_bytes *held);
/* Pass every byte to `output` (between its open() and commit()). */
int held_bytes_write_to(struct held_bytes *held, struct page_output *output,
			struct nc_error *err);
/* Empty again (the spill file is closed). */
void held_bytes_reset(struct held_bytes *held);
void held_bytes_release(struct held_bytes *held);

/* Every page held (struct held_bytes) for a writer that puts pages in order
 * and writes a page only when it succeeded (pipeline/runner.h): a failed
 * page leaves nothing, so the sink may pass bytes on as they come. It never
 * starts a file: the writer's real output does. */
struct page_output *memory_output_new(void);
/* The bytes of the page last committed: `out` (reset first) takes them. */
void memory_output_take(struct page_output *output, struct held_bytes *out);

/* Create `dir` and its parents (mode 0777 less the umask); an error if it
 * is empty or exists as something other than a directory. */
int output_make_directories(const char *dir, struct nc_error *err);

#endif
