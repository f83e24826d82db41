/* survey-file.h: the site survey's result, kept beside a run's outputs.
 *
 * A run with site repetition reads every input twice (pipeline/
 * site-table.h): the survey counts what recurs on every page, and only
 * then can any page be cleaned, since what a page loses depends on all the
 * pages of its site. A run stopped in its cleaning (Ctrl-C, a requeued
 * batch job) and resumed with --skip-existing must clean the pages whose
 * output is missing as the first run would have: with the same table. So
 * a run with -o DIR keeps the table, once the survey is done and before the
 * first page is cleaned, in DIR/.ncleaner-survey.KEY, and a resumed run
 * takes it back instead of surveying again (the survey renders every page,
 * most of a run's time: with Lynx, 2.0 of the 2.3 s of the Dragnet
 * development pages). KEY is a hash of the inputs' output names, so that
 * runs of other inputs into one directory (Slurm tasks, an archive each)
 * keep a file each.
 *
 * The file holds what it was made from: a SHA-1 of the program's version,
 * the options the survey depends on (given by the caller: the renderer and
 * its options, the rules' identity, the threshold...), and every input's
 * name, size and modification time, in order. A file made from anything
 * else is stale: it is not used (the caller says so, and surveys again).
 * It is written whole or not at all (base/file.h: atomic_file, registered
 * with the signal handler while it is written), and removed once every
 * input has its output (the caller asks: survey_file_remove()).
 *
 * Format: a magic line with the format's version ("ncleaner site survey
 * 1"), "identity" and 40 hex digits, "failed" and the pages that failed in
 * the survey (not counted: --stats site_survey_failed), then the table as
 * site_table_save() writes it (which ends in a hash of itself: a file cut
 * short or damaged is refused).
 */
#ifndef NC_SURVEY_FILE_H
#define NC_SURVEY_FILE_H

#include <stdint.h>

#include "base/error.h"
#include "base/sha1.h"
#include "base/strbuf.h"
#include "pipeline/site-table.h"
#include "source/page-source.h"

#define SURVEY_FILE_PREFIX ".ncleaner-survey."

struct survey_file {
	struct strbuf path;                          /* DIR/.ncleaner-survey.KEY */
	unsigned char identity[SHA1_DIGEST_BYTES];   /* what the survey read, and how */
};

/* The survey file of a run of `inputs` into `dir`, whose survey depends on
 * the options `how` says (any text; the same options, the same text). */
void survey_file_init(struct survey_file *file, const char *dir,
		      const struct file_source *inputs, const char *how);
void survey_file_release(struct survey_file *file);

/* The table kept, into `table` (the caller's), with the survey's pages
 * that failed in `failed`: 1; 0 when there is no file; -1 with `err` when
 * there is one that cannot be used (stale, damaged, unreadable), which
 * says why. */
int survey_file_read(const struct survey_file *file, struct site_table **table,
		     uint64_t *failed, struct nc_error *err);

/* Keep `table`: 0, or -1 with `err` (nothing is left: whole or not at
 * all). */
int survey_file_write(const struct survey_file *file, const struct site_table *table,
		      uint64_t failed, struct nc_error *err);

/* Remove the file, if there is one. */
void survey_file_remove(const struct survey_file *file);

#endif
