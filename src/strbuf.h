/* strbuf.h: the one growable byte string of the code base (after git's strbuf).
 *
 * Invariants: `buf` is never NULL once initialised (it points at a static empty
 * string until the first allocation) and `buf[len]` is always '\0', so the
 * contents can be passed to C string functions when they hold no NUL bytes.
 * The strbuf owns `buf`; strbuf_release() frees it and leaves an empty strbuf;
 * strbuf_detach() hands ownership to the caller.
 *
 * Allocation failure aborts the program through xmalloc() (see util.h): out of
 * memory is the one error the library does not return.
 */
#ifndef NC_STRBUF_H
#define NC_STRBUF_H

#include <stddef.h>

struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

#define STRBUF_INIT { 0, 0, strbuf_empty }
extern char strbuf_empty[];

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb, size_t *len);

/* Make room for `extra` more bytes (plus the terminating NUL). */
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_setlen(struct strbuf *sb, size_t len);
static inline void strbuf_reset(struct strbuf *sb) { strbuf_setlen(sb, 0); }

void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Swap contents without copying. */
void strbuf_swap(struct strbuf *a, struct strbuf *b);

#endif
