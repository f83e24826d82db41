/* text.h: stage 1 for a text: a text dump, or a CLEANEVAL text, read as
 * UTF-8.
 *
 * One reader serves every text that enters at segmentation: the dumps the
 * cleaner is given, and the gold (clean) texts the trainers read. It reads
 * the page in blocks, so a text of any size passes in bounded memory, and
 *   - takes a first line "URL: ..." (after a byte order mark and blanks) as
 *     the page's own URL, not as text (TEXT_URL_LINE);
 *   - decides the text's charset (charset-choice.h: forced, byte order
 *     mark, else its first block that is not all ASCII) and converts what
 *     is not UTF-8, as it streams (a UTF-16 or UTF-32 byte order mark goes;
 *     a UTF-8 one stays unless a URL line follows it: the segmenter drops
 *     it, and the scorer's reading of a gold text keeps it, as in 2008);
 *   - with TEXT_URL_LINES_2008 instead, drops every line that begins (after
 *     blanks) with "URL", wherever it is, and takes no URL: how the 2008
 *     trainer read gold texts (a byte order mark before "URL" hides the
 *     line from the rule, as it did then). The shipped --paper models were
 *     built so; the trainers' compatible reading keeps it (train/training.h);
 *   - with TEXT_CLEANEVAL_TAGS, turns every segment tag of CLEANEVAL's
 *     format (<p>, <h>, <l> in any case, and the {p} that one CLEANEVAL gold
 *     file has) into a blank line: a segment break for the segmenter.
 * The 2008 scorer keeps its own reading (eval/score.h), being its port.
 *
 * A reader is per worker (or per trainer) and is reused page after page;
 * the text it hands out is valid until the next call.
 */
#ifndef NC_TEXT_H
#define NC_TEXT_H

#include <stddef.h>
#include <sys/types.h>

#include "base/error.h"
#include "normalise/charset-choice.h"
#include "normalise/page-info.h"
#include "source/page.h"

enum text_flags {
	TEXT_PLAIN = 0,
	TEXT_URL_LINE = 1,          /* a first "URL:" line names the page */
	TEXT_CLEANEVAL_TAGS = 2,    /* segment tags become blank lines */
	TEXT_URL_LINES_2008 = 4     /* every line beginning "URL" goes (2008) */
};

/* Texts are read in blocks of this size; the first block is where a URL
 * line is looked for. */
#define TEXT_BLOCK_BYTES (1u << 16)

struct text_reader;

struct text_reader *text_reader_new(void);
void text_reader_free(struct text_reader *reader);

/* Start reading `page`: its first block is read, `info` gets its URL line
 * (TEXT_URL_LINE) and its charset as far as the first block tells (a text
 * whose first block is ASCII is reported as utf-8 until a later block says
 * otherwise). `info` is the caller's; the reader fills it, the caller
 * releases it. */
int text_reader_start(struct text_reader *reader, struct page *page,
		      const struct charset_policy *policy, enum text_flags flags,
		      struct page_info *info, struct nc_error *err);

/* The next part of the text in UTF-8: its length with *text set, 0 at the
 * end of the text, -1 with `err`. */
ssize_t text_reader_next(struct text_reader *reader, const char **text, struct nc_error *err);

/* Bytes of the page read so far (as read: before conversion). */
size_t text_reader_bytes(const struct text_reader *reader);

/* Read a whole (bounded) text into `out` in UTF-8, as text_reader_next()
 * hands it out, for readers that need it in one piece. */
int text_reader_read_all(struct text_reader *reader, size_t max_bytes, struct strbuf *out,
			 struct nc_error *err);

#endif
