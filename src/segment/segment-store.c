/* segment-store.c: the texts and structures of segments kept past their
 * callback (see segment-store.h). */
#include "segment/segment-store.h"
#include "base/alloc.h"

#include <stdlib.h>

void segment_store_init(struct segment_store *store)
{
	*store = (struct segment_store)SEGMENT_STORE_INIT;
}

void segment_store_add(struct segment_store *store, const struct segment *segment)
{
	ARRAY_GROW(store->offsets, store->count, store->alloc, 256);
	if (segment->structure) {   /* room for as many as items: any item may have one */
		if (store->structures_alloc < store->alloc) {
			store->structures = xrealloc(store->structures,
						     store->alloc * sizeof(*store->structures));
			store->structures_alloc = store->alloc;
		}
		store->structures[store->count] = *segment->structure;
	}
	store->offsets[store->count++] = store->text.len;
	strbuf_add(&store->text, segment->text, segment->len);
}

void segment_store_point(const struct segment_store *store, size_t i, struct segment *segment)
{
	segment->text = store->text.buf + store->offsets[i];
	if (segment->structure)
		segment->structure = &store->structures[i];
}

void segment_store_truncate(struct segment_store *store, size_t count)
{
	if (count >= store->count)
		return;
	strbuf_setlen(&store->text, store->offsets[count]);
	store->count = count;
}

void segment_store_reset(struct segment_store *store)
{
	store->count = 0;
	strbuf_reset(&store->text);
}

void segment_store_release(struct segment_store *store)
{
	free(store->offsets);
	free(store->structures);
	strbuf_release(&store->text);
	segment_store_init(store);
}
