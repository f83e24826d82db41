/* dump-cache.c: the dumps of a run's first pass, kept for its second (see
 * dump-cache.h). */
#include "pipeline/dump-cache.h"
#include "base/alloc.h"
#include "base/file.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include <uthash.h>

struct kept_dump {
	char *name;
	uint64_t offset, head_len, len;   /* the head, then the dump */
	UT_hash_handle hh;
};

struct dump_cache {
	FILE *file;
	int fd;
	pthread_mutex_t lock;   /* guards everything below */
	struct kept_dump *dumps;
	uint64_t end;           /* where the next dump goes */
	uint64_t max_end;       /* the file size limit (RLIMIT_FSIZE): a write past it
				   would raise SIGXFSZ, which stops the run */
	struct dump_cache_stats stats;
};

struct dump_cache *dump_cache_new(struct nc_error *err)
{
	FILE *file = anonymous_temp_file(err);
	if (!file)
		return NULL;
	struct dump_cache *cache = xcalloc(1, sizeof(*cache));
	cache->file = file;
	cache->fd = fileno(file);
	struct rlimit limit;
	cache->max_end = getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
			 ? (uint64_t)limit.rlim_cur : UINT64_MAX;
	pthread_mutex_init(&cache->lock, NULL);
	return cache;
}

void dump_cache_free(struct dump_cache *cache)
{
	if (!cache)
		return;
	struct kept_dump *d, *tmp;
	HASH_ITER(hh, cache->dumps, d, tmp) {
		HASH_DEL(cache->dumps, d);
		free(d->name);
		free(d);
	}
	fclose(cache->file);
	pthread_mutex_destroy(&cache->lock);
	free(cache);
}

/* Room for `len` more bytes with DUMP_CACHE_MIN_FREE to spare? */
static int room_for(int fd, size_t len)
{
	struct statvfs vfs;
	if (fstatvfs(fd, &vfs) < 0)
		return 1;   /* cannot tell: the write will say */
	uint64_t free_bytes = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	return free_bytes >= DUMP_CACHE_MIN_FREE + len;
}

static int write_all(int fd, const char *data, size_t len, uint64_t offset)
{
	while (len) {
		ssize_t n = pwrite(fd, data, len, (off_t)offset);
		if (n <= 0)
			return -1;
		data += n;
		len -= (size_t)n;
		offset += (uint64_t)n;
	}
	return 0;
}

void dump_cache_put(struct dump_cache *cache, const char *name, const struct strbuf *head,
		    const struct strbuf *dump)
{
	size_t len = head->len + dump->len;
	pthread_mutex_lock(&cache->lock);
	int keeping = !cache->stats.stopped && len <= cache->max_end - cache->end &&
		      room_for(cache->fd, len);
	uint64_t offset = cache->end;
	if (keeping)
		cache->end += len;   /* this writer's alone from now */
	else
		cache->stats.stopped = 1;
	pthread_mutex_unlock(&cache->lock);
	if (!keeping)
		return;

	int written = write_all(cache->fd, head->buf, head->len, offset) == 0 &&
		      write_all(cache->fd, dump->buf, dump->len, offset + head->len) == 0;
	pthread_mutex_lock(&cache->lock);
	if (!written) {
		cache->stats.stopped = 1;
	} else {
		struct kept_dump *d;
		HASH_FIND_STR(cache->dumps, name, d);
		if (!d) {
			d = xcalloc(1, sizeof(*d));
			d->name = xstrdup(name);
			HASH_ADD_KEYPTR(hh, cache->dumps, d->name, strlen(d->name), d);
			cache->stats.kept++;
		}
		d->offset = offset;
		d->head_len = head->len;
		d->len = dump->len;
		cache->stats.bytes += len;
	}
	pthread_mutex_unlock(&cache->lock);
}

/* `len` bytes at `offset` of the file, appended to `out`. */
static int read_back(int fd, uint64_t offset, uint64_t len, struct strbuf *out)
{
	if (strbuf_try_grow(out, (size_t)len) < 0)
		return -1;
	size_t done = 0;
	while (done < len) {
		ssize_t n = pread(fd, out->buf + out->len + done, (size_t)len - done,
				  (off_t)(offset + done));
		if (n <= 0)
			return -1;
		done += (size_t)n;
	}
	strbuf_commit(out, (size_t)len);
	return 0;
}

int dump_cache_get(struct dump_cache *cache, const char *name, struct strbuf *head,
		   struct strbuf *dump)
{
	struct kept_dump *d;
	struct kept_dump kept = { 0 };

	pthread_mutex_lock(&cache->lock);
	HASH_FIND_STR(cache->dumps, name, d);
	if (d)
		kept = *d;
	pthread_mutex_unlock(&cache->lock);
	size_t head_start = head->len, dump_start = dump->len;
	if (!d || read_back(cache->fd, kept.offset, kept.head_len, head) < 0 ||
	    read_back(cache->fd, kept.offset + kept.head_len, kept.len, dump) < 0) {
		strbuf_setlen(head, head_start);
		strbuf_setlen(dump, dump_start);
		return 0;
	}
	pthread_mutex_lock(&cache->lock);
	cache->stats.taken++;
	pthread_mutex_unlock(&cache->lock);
	return 1;
}

void dump_cache_stats(struct dump_cache *cache, struct dump_cache_stats *stats)
{
	pthread_mutex_lock(&cache->lock);
	*stats = cache->stats;
	pthread_mutex_unlock(&cache->lock);
}
