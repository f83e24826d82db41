/* damage.h: a model file's text with one place changed, for the tests
 * that check a damaged model is refused (t3500, t3540). */
#ifndef NC_DAMAGE_H
#define NC_DAMAGE_H

#include <string.h>

#include "base/strbuf.h"
#include "method/logistic.h"
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

/* A logistic model file's text with one place changed, and why that is
 * damage. */
struct model_damage {
	const char *from, *to, *why;
};

/* Each of the `n` damages done to `file` makes logistic_model_parse()
 * refuse it, saying why. */
static inline void damaged_models_refused(const char *file, const struct model_damage *damage,
					  size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct strbuf bad = STRBUF_INIT;
		struct logistic_model read;
		struct nc_error err = { 0 };
		damage_text(file, damage[i].from, damage[i].to, &bad);
		int ret = logistic_model_parse(&read, "m", bad.buf, bad.len, &err);
		ok(ret < 0 && err.message[0], "refused: %s (%s)", damage[i].why, err.message);
		if (ret == 0)
			logistic_model_release(&read);
		strbuf_release(&bad);
	}
}

#endif
