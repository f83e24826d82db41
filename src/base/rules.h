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
 * A rule set is compiled once (JIT where the library supports it) and is
 * read-only afterwards: any number of workers, in any number of threads, may
 * apply it at once. What a match writes (match data, the JIT stack, the
 * substitution buffer) lives in a rule_workspace, one per worker. Every match
 * runs under PCRE2 match and depth limits, so a hostile page makes a rule
 * fail with NC_ERR_REGEX instead of backtracking for hours.
 */
#ifndef NC_RULES_H
#define NC_RULES_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"

struct rule_set;
struct rule_workspace;

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

/* The flags the set was compiled with. */
enum rule_set_flags rule_set_flags(const struct rule_set *rules);

/* Rule `i`'s pattern and replacement as the file spells them (the
 * replacement after rule_set_substitute()), for a caller that recognises a
 * rule file it has an equivalent of its own for. */
void rule_set_rule_text(const struct rule_set *rules, size_t i, const char **pattern,
			size_t *pattern_len, const char **replacement, size_t *replacement_len);

/* Replace every `placeholder` in the rules' replacement texts by `value`
 * (a rule file's variables, filled in once after loading, before the set is
 * shared). */
void rule_set_substitute(struct rule_set *rules, const char *placeholder, const char *value);

/* The mutable side of matching: one per worker, usable with any rule set. */
struct rule_workspace *rule_workspace_new(void);
void rule_workspace_free(struct rule_workspace *workspace);

/* Apply every rule in order to `text`, in place. On error `text` is left
 * as it was before the failing rule. Errors: NC_ERR_REGEX when a rule hits
 * PCRE2's match limits, NC_ERR_LIMIT when the replacements would make the
 * text more than 4 times its size plus 1 MiB. */
int rule_set_apply(const struct rule_set *rules, struct rule_workspace *workspace,
		   struct strbuf *text, struct nc_error *err);

#endif
