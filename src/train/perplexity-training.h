/* perplexity-training.h: reading clean texts into perplexity counts. With
 * perplexity-counts.h this is all that `train-ncleaner --method perplexity
 * [-n 2|3] CLEAN_TEXT_DIR OUT.model` needs:
 *
 *     struct perplexity_counts *counts = perplexity_counts_new(n, &err);
 *     perplexity_training_add_files(counts, source, &err);   (file_source_add(CLEAN_TEXT_DIR))
 *     perplexity_counts_write(counts, atomic.stream, out_path,
 *                             PERPLEXITY_DEFAULT_MAX, description, &err);
 *     perplexity_counts_free(counts);
 *
 * How a text is read. Texts are plain UTF-8 text or CLEANEVAL gold files,
 * and are read the same way, streamed in blocks (a file of any size takes
 * bounded memory):
 *   - a first line that begins with "URL:" (the CLEANEVAL header) is dropped;
 *   - a line that is not valid UTF-8 is read as windows-1252, and control
 *     characters are dropped or made spaces as the segmenter has them
 *     (utf8_clean());
 *   - blank lines and the segment tags <p>, <h>, <l> (any case) end a
 *     paragraph; the lines of a paragraph are joined with a space, as the
 *     segmenter joins a dump's lines; a paragraph (and a line) is cut at
 *     SEGMENT_MAX_BYTES, as the segmenter cuts segments;
 *   - each paragraph is split into sentences and counted
 *     (perplexity_counts_add_text()).
 * The dump rules (regex/dump.rules) and the segmenter's bullet stripping are
 * not applied: a clean corpus (BNC-like text) is what the model learns, in
 * full. A front end that wants gold texts read exactly as stage 3 reads
 * dumps can hand the segments of worker_segment_text() to
 * perplexity_counts_add_text() instead.
 *
 * On an error the counts hold part of the file; a front end stops and
 * writes nothing.
 */
#ifndef NC_PERPLEXITY_TRAINING_H
#define NC_PERPLEXITY_TRAINING_H

#include <stdio.h>

#include "base/error.h"
#include "source/page-source.h"
#include "train/perplexity-counts.h"

/* Count the text of `path` ("-": standard input). */
int perplexity_training_add_file(struct perplexity_counts *counts, const char *path,
				 struct nc_error *err);

/* Count the text of an open stream; `name` names it in errors. */
int perplexity_training_add_stream(struct perplexity_counts *counts, FILE *stream,
				   const char *name, struct nc_error *err);

/* Count every input of `source` in its order; stops at the first error. */
int perplexity_training_add_files(struct perplexity_counts *counts,
				  const struct file_source *source, struct nc_error *err);

#endif
