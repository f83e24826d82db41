/* strbuf.h: the one growable byte string of the code base (after git's strbuf).
 *
 * Invariants: `buf` is never NULL once initialised (it points at a static empty
 * string until the first allocation) and `buf[len]` is always '\0', so the
 * contents can be passed to C string functions when they hold no NUL bytes.
 * The strbuf owns `buf`; strbuf_release() frees it and leaves an empty strbuf;
 * strbuf_detach() hands ownership to the caller. `alloc` is private: callers
 * that write into the buffer directly ask strbuf_avail() how much room there
 * is after strbuf_grow(), and strbuf_commit() the bytes they wrote.
 *
 * Allocation failure aborts the program (xdie(), see alloc.h), except in
 * strbuf_try_grow(): the few buffers that grow with the size of a page (the
 * page, its dump, the rules' substitution buffer) use it, so that a page too
 * large for the memory available fails alone instead of ending the run.
 */
#ifndef NC_STRBUF_H
#define NC_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <sys/types.h>

struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

#define STRBUF_INIT { 0, 0, strbuf_empty }
extern char strbuf_empty[];

/* --- life cycle ------------------------------------------------------------ */
void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb, size_t *len);

/* --- size ------------------------------------------------------------------- */
/* Make room for `extra` more bytes (plus the terminating NUL). */
void strbuf_grow(struct strbuf *sb, size_t extra);
/* The same, but -1 (with the strbuf unchanged) when memory runs out. */
int strbuf_try_grow(struct strbuf *sb, size_t extra);
/* strbuf_try_grow() to exactly that room, without the half again that
 * growing by steps keeps in hand: for a buffer whose final size is known
 * (a file of known length, a window's most), whose margin would be address
 * space held for nothing (`ulimit -v` counts it). */
int strbuf_try_grow_exact(struct strbuf *sb, size_t extra);

/* Bytes that can be written at buf + len without growing (the NUL excluded). */
static inline size_t strbuf_avail(const struct strbuf *sb)
{
	return sb->alloc ? sb->alloc - sb->len - 1 : 0;
}

/* Take `len` bytes written at buf + len (at most strbuf_avail()) as content. */
void strbuf_commit(struct strbuf *sb, size_t len);

/* Shorten to `len` (never longer). */
void strbuf_setlen(struct strbuf *sb, size_t len);
static inline void strbuf_reset(struct strbuf *sb) { strbuf_setlen(sb, 0); }

/* --- adding ---------------------------------------------------------------- */
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
/* strbuf_add() for the loops that add a few bytes at a time (a character
 * of a dump's line): when there is room, inline, without a call. */
static inline void strbuf_add_inline(struct strbuf *sb, const void *data, size_t len)
{
	if (len < strbuf_avail(sb)) {
		char *at = sb->buf + sb->len;
		for (size_t i = 0; i < len; i++)   /* a few bytes: no call to memcpy() */
			at[i] = ((const char *)data)[i];
		sb->len += len;
		sb->buf[sb->len] = '\0';
	} else {
		strbuf_add(sb, data, len);
	}
}
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* `dir`, '/' and `name`: one path, whatever slashes `dir` ends with ("pages/"
 * and "pages" both give "pages/a.html"; "/" gives "/a.html"), so that a
 * directory named with a slash names its files as one named without. */
void strbuf_add_path(struct strbuf *sb, const char *dir, const char *name);

/* One read(2) of up to `hint` bytes (at least) from `fd`, appended. Returns
 * what read() returned: bytes read, 0 at the end, -1 with errno set (ENOMEM
 * when the buffer could not grow). */
ssize_t strbuf_read_once(struct strbuf *sb, int fd, size_t hint);

/* Swap contents without copying. */
void strbuf_swap(struct strbuf *a, struct strbuf *b);

#endif
