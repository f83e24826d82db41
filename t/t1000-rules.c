/* t1000-rules: the rule-file loader and the shipped HTML and dump rules,
 * driven by the table in tests/t1000/cases.txt (input, expected output). */
#include "base/file.h"
#include "base/rules.h"
#include "base/strbuf.h"
#include "tap.h"

#include <string.h>
#include <time.h>

static struct rule_workspace *ws;

static struct rule_set *load_shipped(const char *name, enum rule_set_flags flags)
{
	char path[4096];
	struct nc_error err = { 0 };
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof(path), "%s/regex/%s", top && *top ? top : ".", name);
	struct rule_set *rules = rule_set_load(path, flags, &err);
	if (!rules)
		bail(err.message);
	return rules;
}

static char *unescape(const char *s)
{
	struct strbuf out = STRBUF_INIT;
	for (; *s; s++) {
		if (*s == '\\' && s[1] == 'n')
			strbuf_addch(&out, '\n'), s++;
		else if (*s == '\\' && s[1] == 't')
			strbuf_addch(&out, '\t'), s++;
		else
			strbuf_addch(&out, *s);
	}
	return strbuf_detach(&out, NULL);
}

/* cases.txt: "html|dump<TAB>input<TAB>expected" per line, \n and \t escaped. */
static void run_cases(struct rule_set *html, struct rule_set *dump)
{
	struct strbuf text = STRBUF_INIT;
	struct nc_error err = { 0 };
	unsigned lineno = 0;

	if (read_file(fixture_path("t1000/cases.txt"), 0, &text, &err) < 0)
		bail(err.message);
	for (char *line = strtok(text.buf, "\n"); line; line = strtok(NULL, "\n")) {
		lineno++;
		if (line[0] == '#' || !line[0])
			continue;
		char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (!t2)
			bail("tests/t1000/cases.txt: a line lacks two TABs");
		*t1 = *t2 = '\0';
		char *input = unescape(t1 + 1), *want = unescape(t2 + 1);
		struct strbuf subject = STRBUF_INIT;
		strbuf_addstr(&subject, input);
		int ret = rule_set_apply(!strcmp(line, "html") ? html : dump, ws, &subject, &err);
		ok(ret == 0, "cases.txt:%u applies", lineno);
		is_string(subject.buf, want, "cases.txt:%u %s rules: %s", lineno, line, t1 + 1);
		strbuf_release(&subject);
		free(input);
		free(want);
	}
	strbuf_release(&text);
}

/* `input` through the rules of the file text `rules_text` (UTF-8 rules),
 * into `out`, which the caller releases. */
static void apply_rules_text(const char *name, const char *rules_text, const char *input,
			     struct strbuf *out)
{
	struct nc_error err;
	struct rule_set *rules = rule_set_parse(name, rules_text, strlen(rules_text), RULES_UTF,
						&err);
	strbuf_init(out);
	strbuf_addstr(out, input);
	if (rules)
		rule_set_apply(rules, ws, out, &err);
	rule_set_free(rules);
}

/* Apply `shaped` (a fast path's rules) to `text` and `plain` (the same
 * rules written so that PCRE2 is always asked) to a copy: `agree` counts
 * the texts they leave alike, `matched` those the rules changed. */
static void apply_both(const struct rule_set *shaped, const struct rule_set *plain,
		       struct strbuf *text, unsigned *agree, unsigned *matched)
{
	struct strbuf copy = STRBUF_INIT;
	struct nc_error err;
	size_t before = text->len;

	strbuf_add(&copy, text->buf, text->len);
	rule_set_apply(shaped, ws, text, &err);
	rule_set_apply(plain, ws, &copy, &err);
	*agree += text->len == copy.len && !memcmp(text->buf, copy.buf, copy.len);
	*matched += text->len != before;
	strbuf_release(&copy);
}

int main(void)
{
	struct nc_error err = { 0 };
	struct rule_set *rules;

	ws = rule_workspace_new();

	/* Loader. */
	const char *two = "ncleaner-rules 1\n# c\na+\tb\n\nx(y)\t[$1]\n";
	rules = rule_set_parse("mem", two, strlen(two), RULES_BYTES, &err);
	ok(rules != NULL, "a valid rule file loads");
	is_int(rule_set_count(rules), 2, "comments and blank lines are not rules");
	struct strbuf s = STRBUF_INIT;
	strbuf_addstr(&s, "caaat xy");
	rule_set_apply(rules, ws, &s, &err);
	is_string(s.buf, "cbt [y]", "rules apply in order with groups");
	rule_set_free(rules);
	strbuf_release(&s);

	rules = rule_set_parse("bad.rules", "ncleaner-rules 1\n\n(unclosed\n", 28, RULES_BYTES, &err);
	ok(rules == NULL, "a bad pattern is refused");
	ok(strstr(err.message, "bad.rules:3:") != NULL, "the error names file and line: %s", err.message);
	rules = rule_set_parse("nomagic", "a\tb\n", 4, RULES_BYTES, &err);
	ok(rules == NULL && strstr(err.message, "not a rule file"), "a file without magic line is refused");
	rules = rule_set_load("/nonexistent/x.rules", RULES_BYTES, &err);
	ok(rules == NULL && err.code == NC_ERR_IO, "a missing file is an I/O error");

	/* A rule whose every match holds a byte (here '|' or ':', the only
	 * literal of each pattern) is not
	 * searched in a text without it; letters are never such a byte, since
	 * a caseless pattern matches them in either case. */
	const char *required = "ncleaner-rules 1\n\\w\\|\\w\tX\n(?i)zz\tY\n\\d+:\tZ\n";
	rules = rule_set_parse("required", required, strlen(required), RULES_UTF, &err);
	const char *const cases[][2] = {
		{ "a|b a|c", "X X" }, { "ab", "ab" }, { "ZZ zZ", "Y Y" }, { "12: 3", "Z 3" },
		{ "12 3", "12 3" }, { "\xc3\xa9" "a|b:", "\xc3\xa9" "X:" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		strbuf_init(&s);
		strbuf_addstr(&s, cases[i][0]);
		rule_set_apply(rules, ws, &s, &err);
		is_string(s.buf, cases[i][1], "with and without the byte a match needs: '%s'", cases[i][0]);
		strbuf_release(&s);
	}
	rule_set_free(rules);

	/* A rule matching a whole text of one class ("^[...]++$", dump.rules'
	 * line of punctuation) is not searched in a text holding an ASCII byte
	 * outside the class, and deletes a text of ASCII bytes all of the class
	 * (but a line feed, which "$" may match before) without a search; the
	 * group "(?:[...])" hides the shape, so the second rule set always
	 * calls PCRE2, and both must agree on random texts of letters, digits,
	 * spaces, punctuation, control characters, line feeds and non-ASCII
	 * characters. */
	const char *classes[] = {
		"ncleaner-rules 1\n^[-x ]++$\t\n^[\\s\\p{P}\\p{S}]++$\t\n^[-x]+$\tX\n^[^a-z]*$\t<$0>\n",
		"ncleaner-rules 1\n^(?:[-x ])++$\t\n^(?:[\\s\\p{P}\\p{S}])++$\t\n^(?:[-x])+$\tX\n"
		"^(?:[^a-z])*$\t<$0>\n",
	};
	struct rule_set *shaped = rule_set_parse("class", classes[0], strlen(classes[0]), RULES_UTF, &err);
	struct rule_set *plain = rule_set_parse("group", classes[1], strlen(classes[1]), RULES_UTF, &err);
	static const char *const pieces[] = {
		" ", "        ", "-", "*", "|", "x", "a", "Z", "7", "\n", "\f", "\t", "\x01", "\xe2\x80\x94",
		"\xc3\xa9", "\xc2\xbb", "__________", "------------------",
	};
	unsigned seed = 33, agree = 0, matched = 0;
	const unsigned texts = 4000;
	for (unsigned t = 0; t < texts; t++) {
		struct strbuf a = STRBUF_INIT;
		unsigned n = (seed = seed * 1103515245u + 12345u) >> 16 & 15;
		for (unsigned i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned k = (seed >> 16) % (sizeof(pieces) / sizeof(pieces[0]));
			/* mostly the classes' own characters, so that some texts match */
			if (k > 5 && k != 9 && k != 13 && (seed >> 8 & 3))
				k = (seed >> 4) % 6;
			strbuf_addstr(&a, pieces[k]);
		}
		apply_both(shaped, plain, &a, &agree, &matched);
		strbuf_release(&a);
	}
	is_int(agree, texts, "a whole-text class refused by a byte = PCRE2 asked, on %u random texts", texts);
	ok(matched > texts / 10, "... %u of which the rules changed", matched);
	rule_set_free(shaped);
	rule_set_free(plain);

	/* A rule that starts "^\s*X" (dump.rules' IFRAME, FRAME and REFRESH
	 * lines) is not searched in a text whose first byte after its ASCII
	 * white space is another ASCII byte; the group "(?:^...)" hides the
	 * shape, so the second set always calls PCRE2. Both must agree on
	 * random texts of white space (ASCII's, a no-break space, an em
	 * space), the rules' letters and words and other bytes: the second
	 * rule writes a text the first of the others starts with (the first
	 * byte is found again after a change), and an optional letter
	 * ("I?") or an alternative ("A|Z") is no X. */
	const char *leads[] = {
		"ncleaner-rules 1\n^\\s*+R\\(x\\)\tIFRAME: y\n^\\s*IFRAME:.*$\t\n"
		"^\\s*FRAME:\\s.*$\t<F>\n^\\s*I?X\t<$0>\n^\\s*A|Z\t<$0>\n^\\s*I\tJ\n",
		"ncleaner-rules 1\n(?:^\\s*+R\\(x\\))\tIFRAME: y\n(?:^\\s*IFRAME:.*$)\t\n"
		"(?:^\\s*FRAME:\\s.*$)\t<F>\n(?:^\\s*I?X)\t<$0>\n(?:^\\s*A|Z)\t<$0>\n"
		"(?:^\\s*I)\tJ\n",
	};
	shaped = rule_set_parse("lead", leads[0], strlen(leads[0]), RULES_UTF, &err);
	plain = rule_set_parse("group", leads[1], strlen(leads[1]), RULES_UTF, &err);
	static const char *const words[] = {
		" ", "   ", "\t", "\n", "\f", "\v", "\r", "\xc2\xa0", "\xe2\x80\x83", "I", "IFRAME:",
		"FRAME: ", "R(x)", "X", "A", "Z", "x", ":", "-", "\xc3\xa9",
	};
	agree = matched = 0;
	for (unsigned t = 0; t < texts; t++) {
		struct strbuf a = STRBUF_INIT;
		unsigned n = (seed = seed * 1103515245u + 12345u) >> 16 & 7;
		for (unsigned i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			strbuf_addstr(&a, words[(seed >> 16) % (sizeof(words) / sizeof(words[0]))]);
		}
		apply_both(shaped, plain, &a, &agree, &matched);
		strbuf_release(&a);
	}
	ok(shaped && plain, "rules that start \"^\\s*X\" load");
	is_int(agree, texts, "a rule that starts \"^\\s*X\" refused by a text's first byte = PCRE2 "
	       "asked, on %u random texts", texts);
	ok(matched > texts / 10, "... %u of which the rules changed", matched);
	rule_set_free(shaped);
	rule_set_free(plain);

	/* An X a quantifier makes optional from behind a comment or an
	 * empty \E is no leading byte: "  b" matches both rules. */
	const char *hidden = "ncleaner-rules 1\n^\\s*a(?#c)?b\t1\n^\\s*c\\E?1\t2\n";
	apply_rules_text("hidden", hidden, "  b", &s);
	is_string(s.buf, "2", "\"^\\s*a(?#c)?b\" and \"^\\s*c\\E?1\" do not need their a and c");
	strbuf_release(&s);

	/* Rules that need the same byte ask the text once, and again once a
	 * rule has changed it: the third rule sees the colon the second
	 * wrote, which the first did not find. */
	const char *again = "ncleaner-rules 1\n:z\t\nx\t:z\n:z\tQ\n";
	apply_rules_text("again", again, "x", &s);
	is_string(s.buf, "Q", "a byte a rule needs is looked for again after a change");
	strbuf_release(&s);

	/* Catastrophic backtracking ends with an error, not hours of matching. */
	rules = rule_set_parse("evil", "ncleaner-rules 1\n(a+)+$\tx\n", 26, RULES_BYTES, &err);
	strbuf_init(&s);
	for (int i = 0; i < 40; i++)
		strbuf_addch(&s, 'a');
	strbuf_addch(&s, 'b');
	int ret = rule_set_apply(rules, ws, &s, &err);
	ok(ret < 0 && err.code == NC_ERR_REGEX, "a pathological pattern hits the match limit");
	rule_set_free(rules);
	strbuf_release(&s);

	/* Replacements that feed each other would grow the text exponentially. */
	struct strbuf growth = STRBUF_INIT;
	strbuf_addstr(&growth, "ncleaner-rules 1\n");
	for (int i = 0; i < 40; i++)
		strbuf_addstr(&growth, "a\taaa\n");
	rules = rule_set_parse("growth", growth.buf, growth.len, RULES_BYTES, &err);
	strbuf_init(&s);
	strbuf_addstr(&s, "banana");
	ret = rule_set_apply(rules, ws, &s, &err);
	ok(ret < 0 && err.code == NC_ERR_LIMIT && strstr(err.message, "grow"),
	   "rules that multiply the text stop at the growth limit: %s", err.message);
	ok(!strcmp(s.buf, "banana") || s.len <= 4 * 6 + (1u << 20), "...with the text left bounded");
	rule_set_free(rules);
	strbuf_release(&s);
	strbuf_release(&growth);

	/* The shipped rules. */
	struct rule_set *html = load_shipped("html.rules", RULES_BYTES);
	struct rule_set *dump = load_shipped("dump.rules", RULES_UTF);
	run_cases(html, dump);

	/* A hostile page: the shipped rules stay linear on long lines. */
	strbuf_init(&s);
	for (int i = 0; i < 200000; i++)
		strbuf_addstr(&s, "a | ");
	ret = rule_set_apply(dump, ws, &s, &err);
	ok(ret == 0, "dump rules finish on a 800 kB line of short | fields: %s", ret ? err.message : "ok");
	strbuf_reset(&s);
	for (int i = 0; i < 100000; i++)
		strbuf_addstr(&s, "<!-- <script> <br");
	ret = rule_set_apply(html, ws, &s, &err);
	ok(ret == 0 || err.code == NC_ERR_REGEX, "HTML rules end (or fail cleanly) on unclosed comments: %s", ret ? err.message : "ok");
	strbuf_release(&s);
	rule_set_free(html);
	rule_set_free(dump);
	rule_workspace_free(ws);
	return done_testing();
}
