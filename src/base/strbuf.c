/* strbuf.c: growable byte strings (see strbuf.h). */
#include "base/strbuf.h"
#include "base/alloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

char strbuf_empty[1];

void strbuf_init(struct strbuf *sb)
{
	sb->alloc = 0;
	sb->len = 0;
	sb->buf = strbuf_empty;
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *result;

	strbuf_grow(sb, 0);
	result = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb);
	return result;
}

/* The buffer at exactly `alloc` bytes (more than it holds): 0, or -1 with
 * the strbuf unchanged. */
static int reallocate(struct strbuf *sb, size_t alloc)
{
	char *buf = sb->alloc ? realloc(sb->buf, alloc) : malloc(alloc);
	if (!buf)
		return -1;
	if (!sb->alloc)
		buf[0] = '\0';
	sb->buf = buf;
	sb->alloc = alloc;
	return 0;
}

/* What `extra` more bytes and the NUL need in all, or 0 on overflow. */
static size_t needed(const struct strbuf *sb, size_t extra)
{
	return extra >= SIZE_MAX - sb->len ? 0 : sb->len + extra + 1;
}

int strbuf_try_grow(struct strbuf *sb, size_t extra)
{
	size_t need = needed(sb, extra);
	if (!need)
		return -1;
	if (need <= sb->alloc)
		return 0;
	size_t alloc = sb->alloc ? sb->alloc : 64;
	while (alloc < need)
		alloc = alloc / 2 < need ? need + need / 2 : alloc * 2;
	if (reallocate(sb, alloc) == 0)
		return 0;
	/* the 1.5x margin may be what does not fit */
	return alloc > need ? reallocate(sb, need) : -1;
}

int strbuf_try_grow_exact(struct strbuf *sb, size_t extra)
{
	size_t need = needed(sb, extra);
	if (!need)
		return -1;
	return need <= sb->alloc ? 0 : reallocate(sb, need);
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (strbuf_try_grow(sb, extra) < 0)
		xdie(sb->len + extra + 1 < sb->len ? "strbuf size overflow" : "out of memory");
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (len > sb->len)
		xdie("strbuf_setlen beyond the end");
	sb->len = len;
	if (sb->alloc)
		sb->buf[len] = '\0';
}

void strbuf_commit(struct strbuf *sb, size_t len)
{
	if (len > strbuf_avail(sb))
		xdie("strbuf_commit beyond the allocation");
	if (!sb->alloc)
		return;   /* nothing was written: never touch the shared empty string */
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

ssize_t strbuf_read_once(struct strbuf *sb, int fd, size_t hint)
{
	if (strbuf_try_grow(sb, hint) < 0) {
		errno = ENOMEM;
		return -1;
	}
	ssize_t got = read(fd, sb->buf + sb->len, strbuf_avail(sb));
	if (got > 0)
		strbuf_commit(sb, (size_t)got);
	return got;
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (!len)
		return;
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_add_path(struct strbuf *sb, const char *dir, const char *name)
{
	size_t len = strlen(dir);
	while (len > 1 && dir[len - 1] == '/')
		len--;
	strbuf_add(sb, dir, len);
	if (!len || dir[len - 1] != '/')
		strbuf_addch(sb, '/');
	strbuf_addstr(sb, name);
}

void strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list copy;
	int n;

	/* Room for the output and its NUL: avail + 1 (0 before the first
	 * allocation, when buf is the shared empty string). */
	va_copy(copy, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc ? strbuf_avail(sb) + 1 : 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		xdie("vsnprintf failed");
	if (!sb->alloc || (size_t)n > strbuf_avail(sb)) {
		strbuf_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, strbuf_avail(sb) + 1, fmt, ap);
	}
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_swap(struct strbuf *a, struct strbuf *b)
{
	struct strbuf tmp = *a;
	*a = *b;
	*b = tmp;
}
