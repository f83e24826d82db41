/* training.h: turning training files into n-gram counts.
 *
 * Every training text takes the road that cleaning takes, so that train and
 * clean never disagree: HTML pages go through stages 1-3 (rules, Lynx,
 * segmentation); text dumps through stage 3; gold files in CLEANEVAL format
 * lose their URL line, and their segment tags become segment breaks before
 * the same segmenter (and boilerplate rules) runs on them. Each segment is
 * normalised to the model's symbols and counted with a weight (+1, or -1 for
 * the clean side of differential training). Files that are not valid UTF-8
 * are read as windows-1252.
 */
#ifndef NC_TRAINING_H
#define NC_TRAINING_H

#include "cleaner.h"
#include "ngram.h"

struct training_source {
	struct cleaner *cleaner;   /* a CLEAN_HEURISTICS cleaner, for raw inputs */
	struct rule_set *dump_rules;
	enum ngram_mode mode;
};

/* Call `fn` with the normalised symbols of every segment of a file. */
typedef void (*training_segment_fn)(const unsigned char *symbols, size_t len, void *data);

/* A gold (clean) file in CLEANEVAL format. */
int training_read_gold(const struct training_source *source, const char *path,
		       training_segment_fn fn, void *data, struct nc_error *err);

/* A raw input: HTML page (is_html) or text dump. */
int training_read_raw(const struct training_source *source, const char *path, int is_html,
		      training_segment_fn fn, void *data, struct nc_error *err);

#endif
