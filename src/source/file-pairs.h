/* file-pairs.h: pairing the files of two file sources.
 *
 * Training pairs each gold text with the raw page it was cut from, by id;
 * the scorer pairs each system output with its gold text, by name (the keys
 * of file-names.h). Pairs come in file_name_compare() order of their keys; a
 * file without a partner is kept with the other side NULL. When two files of
 * one source have the same key, the later one in name order is used and the
 * earlier one reported.
 */
#ifndef NC_FILE_PAIRS_H
#define NC_FILE_PAIRS_H

#include <stddef.h>

#include "source/page-source.h"

enum file_pair_key {
	PAIR_BY_ID,     /* file_name_id(): 12.html with 12-cleaned.txt */
	PAIR_BY_NAME    /* file_name_without_cleaned() of the relative path */
};

struct file_pair {
	char *key;
	const struct file_input *first;    /* from the first source, or NULL */
	const struct file_input *second;   /* from the second source, or NULL */
};

struct file_pairs {
	struct file_pair *items;
	size_t count;
};

/* Pair the inputs of `first` and `second` (either may be NULL: no files).
 * The pairs point into the sources, which must outlive them. Duplicate ids
 * are reported through `report` (a warning), which may be NULL. */
void file_pairs_build(struct file_pairs *pairs, enum file_pair_key key,
		      const struct file_source *first, const struct file_source *second,
		      file_source_report_fn report, void *report_data);
void file_pairs_release(struct file_pairs *pairs);

#endif
