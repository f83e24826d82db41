/* rules.h: PCRE2 substitution rules kept as data files in regex/.
 *
 * A rule file starts with the magic line `ncleaner-rules 1`. After it, blank
 * lines and lines starting with `#` are comments; every other line is one rule:
 *
 *     PATTERN<TAB>REPLACEMENT
 *
 * The replacement (which may be empty or absent: delete the match) uses
 * PCRE2's extended substitution syntax: `$1`, `${name}`, `\n`. A pattern cannot
 * hold a literal TAB; write `\t`. Rules are applied in file order, each to
 * every match in the text (global substitution).
 *
 * A rule set is compiled once (JIT where the library supports it) and then
 * applied to any number of texts. Every match runs under PCRE2 match and depth
 * limits, so a hostile page makes a rule fail with NC_ERR_REGEX instead of
 * backtracking for hours. A rule set owns scratch buffers and is therefore
 * not safe to share between threads.
 */
#ifndef NC_RULES_H
#define NC_RULES_H

#include <stddef.h>

#include "error.h"
#include "strbuf.h"

struct rule_set;

enum rule_set_flags {
	RULES_BYTES = 0,   /* subject is arbitrary bytes (raw HTML in any charset) */
	RULES_UTF = 1      /* subject is valid UTF-8; patterns match code points */
};

/* Compile the rules of `path`. Errors name the file and line. */
struct rule_set *rule_set_load(const char *path, enum rule_set_flags flags, struct nc_error *err);

/* Compile rules from a string; `name` is used in error messages. */
struct rule_set *rule_set_parse(const char *name, const char *text, size_t len,
				enum rule_set_flags flags, struct nc_error *err);

void rule_set_free(struct rule_set *rules);

size_t rule_set_count(const struct rule_set *rules);

/* Apply every rule in order to `text`, in place. On error `text` is left
 * as it was before the failing rule. Errors: NC_ERR_REGEX when a rule hits
 * PCRE2's match limits, NC_ERR_LIMIT when the replacements would make the
 * text more than 4 times its size plus 1 MiB. */
int rule_set_apply(struct rule_set *rules, struct strbuf *text, struct nc_error *err);

#endif
