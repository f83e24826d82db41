/* page-source.h: where pages come from.
 *
 * A page source yields pages one at a time, in a fixed order, until it is
 * exhausted. The front end owns the source and each page it yields (and
 * releases the page when it is done with it). A page that cannot be opened
 * is an error of that page only: next() returns -1 with the error, and the
 * following call goes on with the next page.
 *
 * Sources: the file source (files, directories, standard input; below), the
 * WARC source (source/warc-source.h), and the input source that chooses
 * between them by content (source/input-source.h).
 */
#ifndef NC_PAGE_SOURCE_H
#define NC_PAGE_SOURCE_H

#include <stddef.h>

#include "base/error.h"
#include "source/page.h"

struct page_source;

struct page_source_ops {
	/* 1 with `page` filled, 0 when there are no more pages, -1 with `err`
	 * when the next page could not be opened (call again for the rest),
	 * PAGE_SOURCE_NOTICE with `err` holding a message when an input was
	 * passed over (binary data, an archive that gave no page): not a
	 * failure, but said in its place among the pages; call again.
	 * PAGE_SOURCE_INCOMPLETE with `page` naming a group of pages (name,
	 * output_name, grouped; no reader) that ended early: its archive could
	 * not be read to its end (that error came before, in its place), so
	 * what was written of the group is not the whole of it; release the
	 * page and call again. */
	int (*next)(struct page_source *source, struct page *page, struct nc_error *err);
	void (*free)(struct page_source *source);
};

#define PAGE_SOURCE_NOTICE 2
#define PAGE_SOURCE_INCOMPLETE 3

struct page_source {
	const struct page_source_ops *ops;
};

static inline int page_source_next(struct page_source *source, struct page *page,
				   struct nc_error *err)
{
	return source->ops->next(source, page, err);
}

static inline void page_source_free(struct page_source *source)
{
	if (source)
		source->ops->free(source);
}

/* --- the file source ---------------------------------------------------------- */

/* How a file's kind is decided. */
enum file_kind_rule {
	FILE_KIND_BY_CONTENT,  /* what the bytes say (input-source.h); the list
				  itself marks them by name meanwhile */
	FILE_KIND_BY_NAME,   /* .html, .htm, .xhtml are HTML, anything else a text dump */
	FILE_KIND_HTML,      /* --html */
	FILE_KIND_TEXT,      /* --text */
	FILE_KIND_TRAINING_TEXT   /* a text whatever markup it holds, but binary
				     data is refused (a trainer's clean texts) */
};

enum file_source_flags {
	FILE_SOURCE_DEFAULT = 0,
	FILE_SOURCE_FOLLOW_SYMLINKS = 1   /* follow symlinks to directories in walks */
};

struct file_input {
	char *path;          /* as it will be opened */
	char *relative;      /* below the argument it came from ("-": "stdin") */
	char *output_name;   /* unique among the inputs, see file_source_finish() */
	enum page_kind kind;
	int walked;          /* found in a directory (must be a regular file when opened) */
};

/* What the directory walk has to say: warnings (a skipped FIFO) and errors
 * (a directory that cannot be read), each a complete message naming the
 * file. `report` may be NULL. */
typedef void (*file_source_report_fn)(void *data, int is_error, const char *message);

struct file_source;

struct file_source *file_source_new(enum file_kind_rule rule, enum file_source_flags flags,
				    file_source_report_fn report, void *report_data);

/* Never walk into the directory `path` (the output directory, when it lies
 * inside an input directory); it must exist. */
int file_source_exclude(struct file_source *source, const char *path, struct nc_error *err);

/* Add one command-line argument. A file (or "-", standard input) is one
 * input, whatever its type, so that `<(command)` works. A directory
 * contributes its regular files, recursively, in name order
 * (file_name_compare()). In a walk, hidden entries are skipped (so are the
 * temporary files of outputs being written); FIFOs, sockets and devices are
 * skipped with a warning; symlinks to files are followed, symlinks to
 * directories only with FILE_SOURCE_FOLLOW_SYMLINKS; no directory is
 * visited twice (so symlink loops end). Returns -1 when an error was
 * reported: the argument does not exist, a directory cannot be read, or
 * holds no files (what could be added still is). */
int file_source_add(struct file_source *source, const char *arg);

/* After the last add: give every input its output name. An input's name is
 * its relative path without the extension (d/12.html -> d/12), as long as
 * no other input has the same one; inputs whose names clash keep their
 * extension (a.html, a.htm), and a clash that remains (the same relative
 * path under two arguments) gets ~2, ~3, ... in input order. So no output
 * ever overwrites another input's. */
void file_source_finish(struct file_source *source);

size_t file_source_count(const struct file_source *source);
const struct file_input *file_source_input(const struct file_source *source, size_t index);

/* The source's pages, in order (the file source stays the owner; freeing
 * this view does nothing). */
struct page_source *file_source_pages(struct file_source *source);

void file_source_free(struct file_source *source);

#endif
