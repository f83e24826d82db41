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
 * An output is per worker: it holds the file being written. Its
 * emergency_stop() removes a half-written file from a signal handler.
 */
#ifndef NC_OUTPUT_H
#define NC_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "source/page.h"

struct page_output;

struct page_output_ops {
	/* 1 when this page starts a new output file (for the file's header),
	 * 0 when it goes on one already open, -1 with `err`. */
	int (*open)(struct page_output *output, const struct page *page, struct nc_error *err);
	int (*write)(struct page_output *output, const char *data, size_t len,
		     struct nc_error *err);
	int (*commit)(struct page_output *output, struct nc_error *err);
	void (*abort)(struct page_output *output);
	/* After the last page: commit a file left open for more pages. */
	int (*finish)(struct page_output *output, struct nc_error *err);
	/* Async-signal-safe: remove what a page in progress left on disk. */
	void (*emergency_stop)(struct page_output *output);
	void (*free)(struct page_output *output);
};

struct page_output {
	const struct page_output_ops *ops;
	/* A page that fails leaves nothing behind, however much was written:
	 * the sink may then pass bytes on early. */
	int whole_or_nothing;
};

/* Every page to `stream`, which stays the caller's; the first page starts
 * the one "file". */
struct page_output *stream_output_new(FILE *stream);

/* Every page to DIR/<output name><extension>. */
struct page_output *directory_output_new(const char *dir, const char *extension);

/* --- a page's bytes, held until the page is known to have succeeded ------ */

/* In memory up to HELD_MEMORY_MAX bytes, the rest in an anonymous temporary
 * file (base/file.h), so that a page of any size takes bounded memory. */
#define HELD_MEMORY_MAX ((size_t)4 << 20)

struct held_bytes {
	struct strbuf memory;
	FILE *spill;          /* NULL until the memory part is full */
	size_t spilled;       /* bytes in `spill` */
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
