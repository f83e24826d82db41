/* training.h: reading training texts into symbol strings, one per segment.
 *
 * Every text reaches the models through the stages that cleaning uses, so
 * that train and clean never disagree. A raw page (HTML or text dump) goes
 * through a worker's stages 1-3 and yields its typed segments directly. A
 * gold text in CLEANEVAL format goes through stage 1's text reader, the
 * one the cleaner reads dumps with (normalise/text.h): it loses its URL
 * line, its segment tags (<p>, <h>, <l>, and the malformed {p} of one
 * CLEANEVAL gold file) become segment breaks, its charset is chosen as a
 * dump's is (under --paper: UTF-8 if it is valid, else windows-1252), and
 * stage 3 (the same segmenter and dump rules) splits it. Each segment is
 * normalised to the model's symbols (ngram.h).
 *
 * The 2008-compatible reading (the default, and --paper). The earlier
 * trainer wrote a raw page's segments out in CLEANEVAL format and read them
 * back as gold texts are read, so every raw segment was segmented a second
 * time: the dump rules ran on the whole, trimmed segment (not only on its
 * indented lines) and a leading bullet or number was stripped once more.
 * That changes some segments (on the CLEANEVAL development set, those of 5
 * of 58 pages, mostly short "A | B" bars that the two-field rule misses on an
 * indented dump line), and the shipped models and the reproduced tables
 * depend on it. This reading does the same second segmentation directly,
 * without the round trip through the output format, and reads gold texts
 * as the earlier trainer did: every line that begins with "URL" goes,
 * wherever it is (a byte order mark before it hides it). TRAINING_DIRECT
 * counts the raw segments exactly as the cleaner scores them and reads a
 * gold text's first "URL:" line as the cleaner reads a dump's.
 */
#ifndef NC_TRAINING_H
#define NC_TRAINING_H

#include <stddef.h>

#include "base/error.h"
#include "method/ngram.h"
#include "pipeline/pipeline.h"
#include "source/input-source.h"
#include "source/page.h"

/* The symbol strings of one text's segments. */
struct symbol_segments {
	unsigned char **symbols;
	size_t *len;
	size_t count;
};

void symbol_segments_release(struct symbol_segments *list);

/* Add every segment of `list` to `counts` with `weight`. */
void symbol_segments_count(const struct symbol_segments *list, struct ngram_counts *counts,
			   double weight);

enum training_reading {
	TRAINING_COMPATIBLE,   /* raw segments read again as gold texts are (2008) */
	TRAINING_DIRECT        /* raw segments as the cleaner sees them */
};

struct training_reader {
	struct worker *worker;              /* no method, no sink: stages 1-3 */
	struct ngram_alphabet alphabet;
	enum training_reading reading;
};

/* A gold (clean) text in CLEANEVAL format, or plain text, opened as a raw
 * page is (gzip, byte order marks; binary data and archives are refused)
 * and read by stage 1's text reader (normalise/text.h) in the worker's
 * charset policy: the compatible reading drops its URL lines as 2008 did
 * (TEXT_URL_LINES_2008), the direct one its first "URL:" line. */
int training_read_gold(const struct training_reader *reader, const struct file_input *in,
		       struct symbol_segments *out, struct nc_error *err);

/* The gold text of a page as the scorer reads it, whole, in UTF-8 (stage
 * 1's text reader in the worker's charset policy, normalise/text.h), its
 * URL line and tags left to the scorer's reading (eval/gold-labels.h): what
 * the trainers that label segments by their gold text read (ICE's, the
 * logistic method's). */
int training_read_gold_text(struct worker *worker, const struct file_input *in,
			    struct strbuf *gold, struct nc_error *err);

/* A raw page, opened as ncleaner opens an input (source/input-source.h:
 * gzip, byte order marks, HTML or a dump by its bytes; an archive or binary
 * data is an error), read as the reader's `reading` says. */
int training_read_raw(const struct training_reader *reader, const struct file_input *raw,
		      struct symbol_segments *out, struct nc_error *err);

#endif
