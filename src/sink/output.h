/* output.h: where a page sink's bytes go.
 *
 * A page output receives each page's bytes between open() and commit() (or
 * abort()). The stream output sends every page to one stream (standard
 * output) in turn; the directory output writes each page to its own file
 * DIR/<output name><extension>, whole or not at all (base/file.h:
 * atomic_file), creating directories as needed and never writing through a
 * symlink inside DIR (DIR itself may be one). An output is per worker: it
 * holds the page being written. Its emergency_stop() removes a half-written
 * file from a signal handler.
 */
#ifndef NC_OUTPUT_H
#define NC_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include "base/error.h"
#include "source/page.h"

struct page_output;

struct page_output_ops {
	int (*open)(struct page_output *output, const struct page *page, struct nc_error *err);
	int (*write)(struct page_output *output, const char *data, size_t len,
		     struct nc_error *err);
	int (*commit)(struct page_output *output, struct nc_error *err);
	void (*abort)(struct page_output *output);
	/* Async-signal-safe: remove what a page in progress left on disk. */
	void (*emergency_stop)(struct page_output *output);
	void (*free)(struct page_output *output);
};

struct page_output {
	const struct page_output_ops *ops;
	/* A page that fails leaves nothing behind, however much was written
	 * (a file per page): the sink may then pass bytes on early. */
	int whole_or_nothing;
};

/* Every page to `stream`, which stays the caller's. */
struct page_output *stream_output_new(FILE *stream);

/* Every page to DIR/<output name><extension>. */
struct page_output *directory_output_new(const char *dir, const char *extension);

/* Create `dir` and its parents (mode 0777 less the umask); an error if it
 * is empty or exists as something other than a directory. */
int output_make_directories(const char *dir, struct nc_error *err);

#endif
