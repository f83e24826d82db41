/* page.h: a page, as every page source yields it and the pipeline takes it.
 *
 * A page is a name (for messages), an output name (for the page sink), what
 * the source knows about it (URL, charset hint: NULL when unknown, so that the
 * page itself decides), its kind (HTML to render, or a text dump that enters
 * at segmentation) and a reader for its bytes. Nothing downstream knows where
 * a page came from: a file, standard input, later a record of an archive.
 *
 * The page owns its strings and its reader; page_release() frees both.
 * Errors from reading do not name the page (the pipeline puts its name in
 * front of every error of a page).
 */
#ifndef NC_PAGE_H
#define NC_PAGE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "base/limits.h"

enum page_kind {
	PAGE_HTML,   /* bytes of an HTML page, any charset */
	PAGE_TEXT    /* a text dump (UTF-8, else windows-1252), enters at segmentation */
};

struct page_reader {
	/* Read up to `cap` bytes: the number read, 0 at the end, -1 with `err`. */
	ssize_t (*read)(void *state, char *buf, size_t cap, struct nc_error *err);
	void (*close)(void *state);
	void *state;
};

struct page {
	char *name;           /* in messages: the path as given, "-" for standard input */
	char *output_name;    /* relative output name, without extension */
	char *url;            /* NULL: taken from the page itself, else its name */
	char *charset_hint;   /* NULL: none */
	char *record_id;      /* an archive record's WARC-Record-ID, or NULL */
	char *date;           /* when it was fetched (its record's WARC-Date), or NULL */
	char *media_type;     /* its media type as its source gave it (an archive
				 record's HTTP Content-Type, "text/html"), or NULL */
	int http_status;      /* its HTTP status, 0 when it came by no HTTP response */
	int truncated;        /* its record says WARC-Truncated: the payload was cut */
	char *position;       /* where it is in its input, for ids that do not depend
				 on how the input was named: an archive record's
				 OFFSET or OFFSET+SKIP (as in its name); NULL for a file */
	int one_block_a_line; /* a WET conversion record: each line is a block of
				 its page (every line is a segment of its own) */
	enum page_kind kind;
	int sequential;       /* the reader reads a shared archive: read the page
				 whole before asking the source for the next */
	int grouped;          /* written with the other pages of its archive to
				 one output file, named by output_name */
	struct page_reader reader;
};

/* Append all the page's bytes to `out`; NC_ERR_LIMIT beyond `max_bytes`. */
int page_read_all(struct page *page, size_t max_bytes, struct strbuf *out, struct nc_error *err);

/* Read until `buf` is full or the page ends: the number of bytes read (less
 * than `cap` only at the end), or -1 with `err`. */
ssize_t page_read_block(struct page *page, char *buf, size_t cap, struct nc_error *err);

void page_release(struct page *page);

/* Close the reader only: the page's names and what is known of it stay. */
void page_close_reader(struct page *page);

/* Read the rest of the page into memory (bounded by `max_bytes`) and make
 * its reader read from there: a sequential page can then be handed to
 * another thread while the source moves on. */
int page_detach(struct page *page, size_t max_bytes, struct nc_error *err);

/* Make the page read `data` (which is taken, leaving it empty) from now on. */
void page_set_memory(struct page *page, struct strbuf *data);

/* --- files ------------------------------------------------------------------ */

enum page_open_flags {
	PAGE_OPEN_ANY = 0,           /* a file named by the user: a pipe is fine */
	PAGE_OPEN_REGULAR_ONLY = 1   /* a file found in a walk: anything else (a FIFO
					put there since) fails instead of blocking */
};

/* Open the file `path` ("-": standard input) as a page of `kind`. Errors name
 * the file: it cannot be opened, it is a directory, or (REGULAR_ONLY) it is
 * not a regular file. */
int page_open_file(struct page *page, const char *path, const char *output_name,
		   enum page_kind kind, enum page_open_flags flags, struct nc_error *err);

#endif
