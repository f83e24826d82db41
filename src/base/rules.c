/* rules.c: loading and applying PCRE2 rule files (see rules.h).
 *
 * Applying a rule first runs a plain match and substitutes only when it
 * found something: most rules match most texts nowhere, and a JIT match that
 * fails is far cheaper than pcre2_substitute(), which always copies. Two
 * tests come before the match, each cheaper than calling PCRE2: a byte every
 * match holds (required_byte()), and, for a rule that matches a whole text
 * of one character class ("^[...]++$"), a byte outside the class
 * (whole_text_class()).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "base/rules.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/limits.h"
#include "base/swar.h"

#include <pcre2.h>
#include <ctype.h>
#include <string.h>

#define RULE_JIT_STACK_BYTES (8u << 20)

struct rule {
	pcre2_code *code;
	int required;   /* a byte every match holds (an ASCII non-letter), or -1 */
	int refuses;    /* refused[] is filled in: a text holding one of them cannot match */
	unsigned char refused[256];
	int leading;    /* "^\s*X...": the byte X after a text's leading white space, or -1 */
	int jit;        /* compiled by the JIT: pcre2_jit_match() runs it */
	char *pattern;  /* as the file spells it (rule_set_rule_text()) */
	size_t pattern_len;
	char *replacement;
	size_t replacement_len;
	unsigned line;
};

struct rule_set {
	char *name;
	struct rule *rules;
	size_t count;
	enum rule_set_flags flags;
	uint32_t match_options;
};

struct rule_workspace {
	pcre2_match_context *match_context;
	pcre2_jit_stack *jit_stack;
	pcre2_match_data *match_data;
	struct strbuf scratch;   /* the substitution's output, swapped with the text */
};

#define RULES_MAGIC "ncleaner-rules 1"

void rule_set_free(struct rule_set *rules)
{
	if (!rules)
		return;
	for (size_t i = 0; i < rules->count; i++) {
		pcre2_code_free(rules->rules[i].code);
		free(rules->rules[i].pattern);
		free(rules->rules[i].replacement);
	}
	free(rules->rules);
	free(rules->name);
	free(rules);
}

struct rule_workspace *rule_workspace_new(void)
{
	struct rule_workspace *ws = xcalloc(1, sizeof(*ws));

	ws->match_context = pcre2_match_context_create(NULL);
	if (!ws->match_context)
		xdie("out of memory");
	pcre2_set_match_limit(ws->match_context, RULE_MATCH_LIMIT);
	pcre2_set_depth_limit(ws->match_context, RULE_DEPTH_LIMIT);
	pcre2_set_heap_limit(ws->match_context, RULE_DEPTH_LIMIT);
	/* The default 32 kB JIT stack overflows on long repetitive lines. */
	ws->jit_stack = pcre2_jit_stack_create(32 * 1024, RULE_JIT_STACK_BYTES, NULL);
	if (ws->jit_stack)
		pcre2_jit_stack_assign(ws->match_context, NULL, ws->jit_stack);
	ws->match_data = pcre2_match_data_create(32, NULL);
	if (!ws->match_data)
		xdie("out of memory");
	strbuf_init(&ws->scratch);
	return ws;
}

void rule_workspace_free(struct rule_workspace *ws)
{
	if (!ws)
		return;
	pcre2_match_context_free(ws->match_context);
	pcre2_jit_stack_free(ws->jit_stack);
	pcre2_match_data_free(ws->match_data);
	strbuf_release(&ws->scratch);
	free(ws);
}

size_t rule_set_count(const struct rule_set *rules)
{
	return rules->count;
}

enum rule_set_flags rule_set_flags(const struct rule_set *rules)
{
	return rules->flags;
}

void rule_set_rule_text(const struct rule_set *rules, size_t i, const char **pattern,
			size_t *pattern_len, const char **replacement, size_t *replacement_len)
{
	const struct rule *rule = &rules->rules[i];
	*pattern = rule->pattern;
	*pattern_len = rule->pattern_len;
	*replacement = rule->replacement;
	*replacement_len = rule->replacement_len;
}

void rule_set_substitute(struct rule_set *rules, const char *placeholder, const char *value)
{
	size_t from = strlen(placeholder);

	for (size_t i = 0; i < rules->count; i++) {
		struct rule *rule = &rules->rules[i];
		if (!memmem(rule->replacement, rule->replacement_len, placeholder, from))
			continue;
		struct strbuf out = STRBUF_INIT;
		const char *p = rule->replacement, *end = p + rule->replacement_len, *hit;
		while ((hit = memmem(p, (size_t)(end - p), placeholder, from))) {
			strbuf_add(&out, p, (size_t)(hit - p));
			strbuf_addstr(&out, value);
			p = hit + from;
		}
		strbuf_add(&out, p, (size_t)(end - p));
		free(rule->replacement);
		rule->replacement = strbuf_detach(&out, &rule->replacement_len);
	}
}

static int jit_disabled(void)
{
	const char *env = getenv("NCLEANER_NO_JIT");
	return env && *env && strcmp(env, "0");
}


/* A byte that any match must hold, as PCRE2 worked it out when it compiled
 * the pattern (its last or first literal code unit): a text without it is
 * not searched. Only an ASCII byte that is not a letter, which no caseless
 * or UTF matching could meet in another form. */
static int required_byte(const pcre2_code *code)
{
	uint32_t type, unit;
	static const uint32_t where[2][2] = {
		{ PCRE2_INFO_LASTCODETYPE, PCRE2_INFO_LASTCODEUNIT },
		{ PCRE2_INFO_FIRSTCODETYPE, PCRE2_INFO_FIRSTCODEUNIT },
	};
	for (int i = 0; i < 2; i++) {
		if (pcre2_pattern_info(code, where[i][0], &type) == 0 && type == 1 &&
		    pcre2_pattern_info(code, where[i][1], &unit) == 0 && unit > 0 && unit < 0x80 &&
		    !isalpha((int)unit))
			return (int)unit;
	}
	return -1;
}

/* Does the pattern start "^\s*X" (or "^\s*+X"), X an ASCII letter or
 * digit that no quantifier makes optional, with no alternative ('|'
 * nowhere) and anchored at the text's start (PCRE2 says so: ^ is not
 * multiline)? Nor may a '(' or '\\' follow X: "X(?#c)?" and "X\E?" are an
 * X made optional too (a comment and an empty \E stand between an item
 * and its quantifier). Then a match starts with ASCII white space and X:
 * a text whose first byte after its ASCII white space is another ASCII byte
 * cannot match, and is not searched (a byte beyond ASCII may begin a
 * character \s takes: PCRE2 decides those). dump.rules' "^\s*IFRAME:",
 * "^\s*FRAME:\s" and "^\s*REFRESH(" need only a colon, which many a
 * line of prose holds, and PCRE2 ran on each such line three times (2% of
 * text mode's instructions). Any other pattern gives -1: nothing is
 * assumed. */
static int leading_byte(const pcre2_code *code, const char *pattern, size_t len)
{
	static const char *const starts[] = { "^\\s*+", "^\\s*" };
	uint32_t options;
	if (memchr(pattern, '|', len) ||
	    pcre2_pattern_info(code, PCRE2_INFO_ALLOPTIONS, &options) != 0 ||
	    !(options & PCRE2_ANCHORED) || (options & (PCRE2_CASELESS | PCRE2_EXTENDED)))
		return -1;
	for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++) {
		size_t n = strlen(starts[i]);
		if (len < n + 1 || memcmp(pattern, starts[i], n) != 0)
			continue;
		unsigned char x = (unsigned char)pattern[n];
		if (x < 0x80 && isalnum(x) && (len == n + 1 || !strchr("?*+{(\\", pattern[n + 1])))
			return x;
	}
	return -1;
}

/* The first byte of [text, text + len) after its ASCII white space, or
 * -1 when there is none; what leading_byte()'s rules are checked against
 * (a Lynx dump's lines are indented, some by hundreds of spaces). */
static int first_after_space(const char *text, size_t len)
{
	size_t i = 0;
	for (;;) {
		i += swar_skip_byte(text + i, text + len, ' ');
		if (i == len)
			return -1;
		if (text[i] < '\t' || text[i] > '\r')
			return (unsigned char)text[i];
		i++;
	}
}

/* Does the pattern match a whole text of one character class, "^[CLASS]Q$"
 * with Q one of + ++ * *+ (and CLASS holding no bracket)? Such a pattern
 * matches a text exactly when every character of it, a last line feed
 * aside, is of the class, so one ASCII byte outside the class (not a line
 * feed) anywhere in the text means no match. Which bytes are outside is
 * asked of PCRE2 itself: the pattern matches the one-byte text "c" exactly
 * when c is of the class. dump.rules' line-of-punctuation rule is such a
 * rule, and has no required byte: without this test it ran on every line
 * of a dump (8% of text mode), where a letter, a digit or a marker's
 * control character now refuses the line before PCRE2 is called. Only
 * ASCII bytes are asked: a lead byte of UTF-8 begins characters of both
 * kinds. */
static void whole_text_class(struct rule *rule, const char *pattern, size_t len,
			     uint32_t match_options)
{
	static const char *const quantifiers[] = { "]++$", "]+$", "]*+$", "]*$" };
	size_t body = 0;

	rule->refuses = 0;
	if (len < 2 || memcmp(pattern, "^[", 2))
		return;
	for (size_t i = 0; i < sizeof(quantifiers) / sizeof(quantifiers[0]) && !body; i++) {
		size_t q = strlen(quantifiers[i]);
		if (len > 2 + q && !memcmp(pattern + len - q, quantifiers[i], q))
			body = len - q;
	}
	if (!body || pattern[body - 1] == '\\' || memchr(pattern + 2, '[', body - 2) ||
	    memchr(pattern + 2, ']', body - 2))
		return;
	pcre2_match_data *data = pcre2_match_data_create_from_pattern(rule->code, NULL);
	if (!data)
		xdie("out of memory");
	memset(rule->refused, 0, sizeof(rule->refused));
	for (unsigned c = 0; c < 0x80; c++) {
		unsigned char subject = (unsigned char)c;
		if (c != '\n' && pcre2_match(rule->code, &subject, 1, 0, match_options, data,
					      NULL) == PCRE2_ERROR_NOMATCH)
			rule->refused[c] = 1;
	}
	pcre2_match_data_free(data);
	rule->refuses = 1;
}

/* What the bytes of a text say of a whole-text-class rule's match
 * (whole_text_class()). */
enum class_answer {
	CLASS_REFUSED = -1,   /* an ASCII byte outside the class: no match */
	CLASS_UNKNOWN = 0,    /* a byte of 0x80 or above, or a line feed: ask PCRE2 */
	CLASS_WHOLE = 1       /* every byte ASCII and of the class: the whole text matches */
};

/* The text's ASCII bytes up to one the rule refuses, or up to the first
 * byte of 0x80 or above (there the question goes to PCRE2, which fails
 * there or soon after on a line of text in another script, instead of
 * every byte of that line seen here first), or to the end: then each
 * character is of the class, and "^[CLASS]Q$" matches the whole text
 * (a line feed, which PCRE2 was not asked about, aside), once: a global
 * substitution tries again only at the end, where "^" cannot match. Runs
 * of one byte, eight at a time: Lynx indents a line by up to 60 spaces and
 * draws a rule as a line of hundreds of underscores, which PCRE2 matched
 * at some 20 instructions a character (\p{P} and \p{S} looked up). */
static enum class_answer class_scan(const struct rule *rule, const char *text, size_t len)
{
	const unsigned char *p = (const unsigned char *)text, *end = p + len;
	for (; p < end && *p < 0x80; p++) {
		if (rule->refused[*p])
			return CLASS_REFUSED;
		if (*p == '\n')
			return CLASS_UNKNOWN;
		p += swar_skip_byte(p + 1, end, *p);   /* the rest of its run */
	}
	return p == end ? CLASS_WHOLE : CLASS_UNKNOWN;
}

static int add_rule(struct rule_set *rules, const char *line, size_t len, unsigned lineno,
		    enum rule_set_flags flags, struct nc_error *err)
{
	const char *tab = memchr(line, '\t', len);
	size_t pattern_len = tab ? (size_t)(tab - line) : len;
	uint32_t options = flags & RULES_UTF ? PCRE2_UTF : 0;
	int errcode;
	PCRE2_SIZE erroffset;
	pcre2_code *code;

	if (!pattern_len)
		return nc_error_set(err, NC_ERR_FORMAT, "%s:%u: empty pattern", rules->name, lineno);
	code = pcre2_compile((PCRE2_SPTR)line, pattern_len, options, &errcode, &erroffset, NULL);
	if (!code) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(errcode, msg, sizeof(msg));
		return nc_error_set(err, NC_ERR_FORMAT, "%s:%u: bad pattern at offset %zu: %s",
				    rules->name, lineno, (size_t)erroffset, (char *)msg);
	}
	/* JIT is an optimisation: where it is unavailable the interpreter runs.
	 * NCLEANER_NO_JIT=1 turns it off: valgrind cannot follow JIT code and
	 * reports false errors in it. */
	int jit = !jit_disabled() && pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;

	struct rule *rule;
	rules->rules = xrealloc(rules->rules, (rules->count + 1) * sizeof(*rules->rules));
	rule = &rules->rules[rules->count++];
	rule->code = code;
	rule->required = required_byte(code);
	rule->leading = leading_byte(code, line, pattern_len);
	whole_text_class(rule, line, pattern_len, rules->match_options);
	rule->jit = jit;
	rule->line = lineno;
	rule->pattern = xmemdup(line, pattern_len);
	rule->pattern_len = pattern_len;
	rule->replacement_len = tab ? len - pattern_len - 1 : 0;
	rule->replacement = xmalloc(rule->replacement_len + 1);
	if (tab)
		memcpy(rule->replacement, tab + 1, rule->replacement_len);
	rule->replacement[rule->replacement_len] = '\0';
	return 0;
}

struct rule_set *rule_set_parse(const char *name, const char *text, size_t len,
				enum rule_set_flags flags, struct nc_error *err)
{
	struct rule_set *rules = xcalloc(1, sizeof(*rules));
	const char *p = text, *end = text + len;
	unsigned lineno = 0;

	rules->name = xstrdup(name);
	rules->flags = flags;
	rules->match_options = flags & RULES_UTF ? PCRE2_NO_UTF_CHECK : 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t line_len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *line = p;

		p = nl ? nl + 1 : end;
		lineno++;
		if (line_len && line[line_len - 1] == '\r')
			line_len--;
		if (lineno == 1) {
			if (line_len != strlen(RULES_MAGIC) || memcmp(line, RULES_MAGIC, line_len)) {
				nc_error_set(err, NC_ERR_FORMAT,
					     "%s:1: not a rule file (first line must be '%s')",
					     name, RULES_MAGIC);
				goto fail;
			}
			continue;
		}
		if (!line_len || line[0] == '#')
			continue;
		if (add_rule(rules, line, line_len, lineno, flags, err) < 0)
			goto fail;
	}
	if (lineno == 0) {
		nc_error_set(err, NC_ERR_FORMAT, "%s: empty file, not a rule file", name);
		goto fail;
	}
	return rules;
fail:
	rule_set_free(rules);
	return NULL;
}

struct rule_set *rule_set_load(const char *path, enum rule_set_flags flags, struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT;
	struct rule_set *rules = NULL;

	if (read_file(path, 16 << 20, &text, err) == 0)
		rules = rule_set_parse(path, text.buf, text.len, flags, err);
	strbuf_release(&text);
	return rules;
}

static int match_failure(const struct rule_set *rules, const struct rule *rule, int rc,
			 struct nc_error *err)
{
	PCRE2_UCHAR msg[256];

	pcre2_get_error_message(rc, msg, sizeof(msg));
	return nc_error_set(err, rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
				 rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT ? NC_ERR_REGEX : NC_ERR_FORMAT,
			    "rule %s:%u failed: %s", rules->name, rule->line, (char *)msg);
}

static int out_of_memory(const struct rule_set *rules, const struct rule *rule, size_t bytes,
			 struct nc_error *err)
{
	return nc_error_set(err, NC_ERR_MEMORY, "rule %s:%u: not enough memory for %zu bytes",
			    rules->name, rule->line, bytes);
}

/* What the rules' checks found in the text so far, so that rules that ask
 * the same (dump.rules: two need a '|', three a ':') ask once; forgotten
 * when a rule changes the text. */
struct text_facts {
	int required;   /* the required byte last looked for, or -1 */
	int holds;      /* ...whether the text holds it */
	int lead;       /* first_after_space(), or FACT_UNKNOWN */
};
#define FACT_UNKNOWN (-2)

static void text_facts_forget(struct text_facts *facts)
{
	facts->required = -1;
	facts->holds = 0;
	facts->lead = FACT_UNKNOWN;
}

/* Can `rule` match the text, as its required byte and leading byte say? */
static int may_match(const struct rule *rule, const struct strbuf *text,
		     struct text_facts *facts)
{
	if (rule->required >= 0 && rule->required != facts->required) {
		facts->required = rule->required;
		facts->holds = memchr(text->buf, rule->required, text->len) != NULL;
	}
	if (rule->required >= 0 && !facts->holds)
		return 0;   /* no call into PCRE2 (most lines, most rules) */
	if (rule->leading >= 0) {   /* a rule that starts "^\s*X" */
		if (facts->lead == FACT_UNKNOWN)
			facts->lead = first_after_space(text->buf, text->len);
		if (facts->lead < 0x80 && facts->lead != rule->leading)
			return 0;   /* none, or an ASCII byte not X */
	}
	return 1;
}

/* Apply one rule to `text`, with what `facts` knows of it. */
static int apply_rule(const struct rule_set *rules, struct rule_workspace *ws,
		      const struct rule *rule, struct strbuf *text, size_t max_len,
		      struct text_facts *facts, struct nc_error *err)
{
	if (!may_match(rule, text, facts))
		return 0;
	if (rule->refuses) {   /* the same, for a whole text of one class */
		enum class_answer answer = class_scan(rule, text->buf, text->len);
		if (answer == CLASS_REFUSED)
			return 0;
		if (answer == CLASS_WHOLE && !rule->replacement_len) {
			strbuf_setlen(text, 0);   /* the whole text matched, and is deleted */
			text_facts_forget(facts);
			return 0;
		}
	}
	/* pcre2_jit_match() is pcre2_match() without the checks of its
	 * arguments that a compiled rule and a fixed workspace always pass. */
	int rc = (rule->jit ? pcre2_jit_match : pcre2_match)(rule->code, (PCRE2_SPTR)text->buf,
							      text->len, 0, rules->match_options,
							      ws->match_data, ws->match_context);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0)
		return match_failure(rules, rule, rc, err);

	uint32_t options = PCRE2_SUBSTITUTE_GLOBAL | PCRE2_SUBSTITUTE_EXTENDED |
			   PCRE2_SUBSTITUTE_OVERFLOW_LENGTH | PCRE2_SUBSTITUTE_MATCHED |
			   rules->match_options;
	struct strbuf *out = &ws->scratch;
	strbuf_reset(out);
	if (strbuf_try_grow(out, text->len + 64) < 0)
		return out_of_memory(rules, rule, text->len, err);
	for (;;) {
		/* The capacity pcre2_substitute() takes includes its NUL. */
		PCRE2_SIZE out_len = strbuf_avail(out) + 1;
		rc = pcre2_substitute(rule->code, (PCRE2_SPTR)text->buf, text->len, 0, options,
				      ws->match_data, ws->match_context,
				      (PCRE2_SPTR)rule->replacement, rule->replacement_len,
				      (PCRE2_UCHAR *)out->buf, &out_len);
		if (rc < 0 && rc != PCRE2_ERROR_NOMEMORY)
			return match_failure(rules, rule, rc, err);
		/* out_len is the result's length, or the length needed. */
		if (out_len > max_len)
			return nc_error_set(err, NC_ERR_LIMIT, "%s:%u: the rule makes the text grow "
					    "beyond %zu bytes", rules->name, rule->line, max_len);
		if (rc >= 0) {
			strbuf_commit(out, out_len);
			strbuf_swap(out, text);
			text_facts_forget(facts);
			return 0;
		}
		if (strbuf_try_grow(out, out_len + 1) < 0)
			return out_of_memory(rules, rule, out_len, err);
	}
}

/* A workspace keeps a substitution buffer this large between texts; a
 * larger one (after a big page) is freed, so that a worker's memory goes
 * back down after the page. */
#define RULE_SCRATCH_KEEP_BYTES (1u << 20)

int rule_set_apply(const struct rule_set *rules, struct rule_workspace *workspace,
		   struct strbuf *text, struct nc_error *err)
{
	size_t max_len = RULE_MAX_GROWTH * text->len + (1u << 20);
	int ret = 0;
	struct text_facts facts;
	text_facts_forget(&facts);
	for (size_t i = 0; i < rules->count && ret == 0; i++)
		ret = apply_rule(rules, workspace, &rules->rules[i], text, max_len, &facts, err);
	if (workspace->scratch.alloc > RULE_SCRATCH_KEEP_BYTES)
		strbuf_release(&workspace->scratch);
	return ret;
}
