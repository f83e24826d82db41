/* file-pairs.c: pairing files by id (see file-pairs.h). */
#include "source/file-pairs.h"
#include "source/file-names.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>
#include <uthash.h>

struct id_entry {
	struct file_pair pair;
	UT_hash_handle hh;
};

static void add_side(struct id_entry **table, enum file_pair_key kind,
		     const struct file_source *source, int second, file_source_report_fn report,
		     void *report_data)
{
	size_t n = source ? file_source_count(source) : 0;

	for (size_t i = 0; i < n; i++) {
		const struct file_input *in = file_source_input(source, i);
		char *key = kind == PAIR_BY_ID ? file_name_id(in->path)
					       : file_name_without_cleaned(in->relative);
		struct id_entry *entry;
		HASH_FIND_STR(*table, key, entry);
		if (!entry) {
			entry = xcalloc(1, sizeof(*entry));
			entry->pair.key = key;
			HASH_ADD_KEYPTR(hh, *table, entry->pair.key, strlen(entry->pair.key), entry);
		} else {
			free(key);
		}
		const struct file_input **slot = second ? &entry->pair.second : &entry->pair.first;
		if (*slot && report) {
			const struct file_input *earlier = *slot, *later = in;
			if (file_name_compare(earlier->path, later->path) > 0) {
				const struct file_input *swap = earlier;
				earlier = later;
				later = swap;
			}
			struct strbuf message = STRBUF_INIT;
			strbuf_addf(&message, "%s: ignored, %s pairs with the same file", earlier->path,
				    later->path);
			report(report_data, 0, message.buf);
			strbuf_release(&message);
			in = later;
		}
		*slot = in;
	}
}

static int compare_pairs(const void *a, const void *b)
{
	return file_name_compare(((const struct file_pair *)a)->key,
				 ((const struct file_pair *)b)->key);
}

void file_pairs_build(struct file_pairs *pairs, enum file_pair_key key,
		      const struct file_source *first, const struct file_source *second,
		      file_source_report_fn report, void *report_data)
{
	struct id_entry *table = NULL, *entry, *tmp;
	size_t i = 0;

	add_side(&table, key, first, 0, report, report_data);
	add_side(&table, key, second, 1, report, report_data);
	pairs->count = HASH_COUNT(table);
	pairs->items = xcalloc(pairs->count, sizeof(*pairs->items));
	HASH_ITER(hh, table, entry, tmp) {
		pairs->items[i++] = entry->pair;
		HASH_DEL(table, entry);
		free(entry);
	}
	qsort(pairs->items, pairs->count, sizeof(*pairs->items), compare_pairs);
}

void file_pairs_release(struct file_pairs *pairs)
{
	for (size_t i = 0; i < pairs->count; i++)
		free(pairs->items[i].key);
	free(pairs->items);
	pairs->items = NULL;
	pairs->count = 0;
}
