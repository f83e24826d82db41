/* damage.h: a model file's text with one place changed, for the tests
 * that check a damaged model is refused (t3500, t3540). */
#ifndef NC_DAMAGE_H
#define NC_DAMAGE_H

#include <string.h>

#include "base/strbuf.h"
#include "tap.h"

/* `text` with its first `from` replaced by `to`, into `out` (emptied
 * first); the test bails when `text` has no `from`. */
static inline void damage_text(const char *text, const char *from, const char *to,
			       struct strbuf *out)
{
	const char *at = strstr(text, from);
	if (!at)
		bail(from);
	strbuf_reset(out);
	strbuf_add(out, text, (size_t)(at - text));
	strbuf_addstr(out, to);
	strbuf_addstr(out, at + strlen(from));
}

#endif
