/* perplexity-training.h: reading clean texts into perplexity counts. With
 * perplexity-counts.h this is all that `train-ncleaner --method perplexity
 * [-n 2|3] CLEAN_TEXT_DIR OUT.model` needs:
 *
 *     struct perplexity_counts *counts = perplexity_counts_new(n, &err);
 *     perplexity_training_add_files(counts, source, &policy, &err);
 *                                             (file_source_add(CLEAN_TEXT_DIR))
 *     perplexity_counts_write(counts, atomic.stream, out_path,
 *                             PERPLEXITY_DEFAULT_MAX, description, &err);
 *     perplexity_counts_free(counts);
 *
 * How a text is read. Texts are plain text or CLEANEVAL gold files, opened
 * as ncleaner opens a raw page (gzip, byte order marks; binary data and
 * archives are refused) and read the same way by stage 1's text reader
 * (normalise/text.h), streamed in blocks (a file of any size takes bounded
 * memory):
 *   - a first line that begins with "URL:" (the CLEANEVAL header) is dropped;
 *   - the text's charset is chosen as a dump's is (charset-choice.h: a byte
 *     order mark, else UTF-8 if its first block that is not ASCII is, else
 *     what the bytes say) and it is read in UTF-8; control characters are
 *     dropped or made spaces as the segmenter has them (utf8_clean());
 *   - blank lines and the segment tags <p>, <h>, <l> (any case, and the {p}
 *     of one CLEANEVAL gold file) end a paragraph; the lines of a paragraph
 *     are joined with a space, as the segmenter joins a dump's lines; a
 *     paragraph (and a line) is cut at SEGMENT_MAX_BYTES, as the segmenter
 *     cuts segments;
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

#include "base/error.h"
#include "normalise/charset-choice.h"
#include "source/page.h"
#include "source/page-source.h"
#include "train/perplexity-counts.h"

/* Count the text of `path` ("-": standard input), its charset chosen by
 * `policy`. */
int perplexity_training_add_file(struct perplexity_counts *counts, const char *path,
				 const struct charset_policy *policy, struct nc_error *err);

/* Count the text of a page (PAGE_TEXT); errors name it. */
int perplexity_training_add_page(struct perplexity_counts *counts, struct page *page,
				 const struct charset_policy *policy, struct nc_error *err);

/* Count every input of `source` in its order; stops at the first error. */
int perplexity_training_add_files(struct perplexity_counts *counts,
				  const struct file_source *source,
				  const struct charset_policy *policy, struct nc_error *err);

#endif
