/* segment-store.h: the texts and structures of segments kept past their
 * callback.
 *
 * A segment's `text` and `structure` are valid only during the segmenter's
 * callback (segment.h). A consumer that keeps a page's segments (or a
 * window of them) copies each segment into an array of its own items and
 * adds it here: the store appends the text to one buffer and copies the
 * structure into an array indexed like the items, item i's at i. The store
 * owns both; the items stay the caller's, and segment_store_point() is all
 * the store writes in them.
 *
 * Pointers: the buffers move as items are added, so a kept item's `text`
 * and `structure` are not to be read until segment_store_point() sets
 * them; until then the copied `structure` only says whether the item has
 * one. The pointers it set stay valid until the next add (which may move
 * the buffers), reset or release; a truncate leaves those of the items it
 * keeps.
 *
 * `text` may be read (its `len`, the bytes kept) and room reserved in it
 * (strbuf_try_grow_exact(): a caller that knows how much text is coming);
 * everything else is the store's.
 */
#ifndef NC_SEGMENT_STORE_H
#define NC_SEGMENT_STORE_H

#include <stddef.h>

#include "base/strbuf.h"
#include "segment/segment.h"

struct segment_store {
	struct strbuf text;       /* the items' texts, one after another */
	size_t *offsets;          /* item i's text at text.buf + offsets[i] */
	/* Item i's structure, when it has one, at structures[i]; room for
	 * `structures_alloc`, grown to `alloc` at the first item that has one
	 * (a page read without its structure has none). */
	struct segment_structure *structures;
	size_t count, alloc, structures_alloc;
};

#define SEGMENT_STORE_INIT { .text = STRBUF_INIT }

void segment_store_init(struct segment_store *store);

/* Keep the text and structure of `segment`, which the caller keeps as its
 * item number store->count (before the call). */
void segment_store_add(struct segment_store *store, const struct segment *segment);

/* Point the `text` (and `structure`, when it has one) of `segment`, the
 * caller's item i, at what the store keeps for it. */
void segment_store_point(const struct segment_store *store, size_t i, struct segment *segment);

/* Drop the items from `count` on (none when there are not more). */
void segment_store_truncate(struct segment_store *store, size_t count);

/* Drop every item; the memory stays for the next ones. */
void segment_store_reset(struct segment_store *store);

void segment_store_release(struct segment_store *store);

#endif
