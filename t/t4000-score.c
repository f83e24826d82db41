/* t4000-score: the CLEANEVAL scorer on small cases worked out by hand; the
 * full oracle of the 2008 script runs in t7000-eval.sh. */
#include "eval/score.h"
#include "tap.h"

#include <string.h>

static const char *norm(const char *s, enum score_flags flags)
{
	static struct strbuf out = STRBUF_INIT;
	strbuf_reset(&out);
	score_normalise(s, strlen(s), flags, &out);
	return out.buf;
}

static struct score_counts score(const char *sys, const char *gold)
{
	struct score_counts c = { 0 };
	score_texts(sys, strlen(sys), gold, strlen(gold), SCORE_DEFAULT, &c, NULL);
	return c;
}

int main(void)
{
	is_string(norm("URL: http://x\n<p>Hello  world\n", 0), " <p> Hello world ", "URL line goes, tag gets its own token");
	is_string(norm("  URL x\nURLs are\nkept URL\n", 0), " kept URL ", "every line starting with URL goes (as in the original)");
	is_string(norm("a<H>b", 0), "a <H> b", "tags are case-insensitive and keep their case");
	is_string(norm("a<h>b<L>c", SCORE_UNLABELLED), "a <p> b <p> c", "unlabelled: every tag is <p>");
	is_string(norm("caf\xe9 ok", SCORE_ASCII), "caf ok", "ASCII mode drops high bytes");
	is_string(norm("", 0), "", "empty text");

	struct score_counts c = score("<p>a b c", "<p>a b c");
	is_int(c.tp, 5, "identical texts: every token (with empty edge tokens) matches");
	is_int(c.fp + c.fn, 0, "identical texts: no errors");
	is_int(c.tag_tp, 1, "the tag matches");

	c = score("<p>menu home<p>real text here", "<p>real text here");
	is_int(c.fp, 3, "boilerplate tokens are false positives");
	is_int(c.fn, 0, "nothing missed");
	is_int(c.tag_fp, 1, "an extra tag is a tag false positive");

	c = score("<h>real text", "<p>real text");
	is_int(c.tag_tp, 0, "a wrongly labelled tag does not match");
	is_int(c.tag_fp, 1, "...it is a tag false positive");
	is_int(c.tag_fn, 1, "...and a tag false negative");

	struct score_counts u = { 0 };
	score_texts("<h>real text", 12, "<p>real text", 12, SCORE_UNLABELLED, &u, NULL);
	is_int(u.tag_tp, 1, "unlabelled mode matches it");

	/* --no-markers, for gold texts without tags: the system's tags would
	 * otherwise be false positives. */
	is_string(norm("URL: x\n<p>a b\n<h>c<l>d", SCORE_NO_MARKERS), "a b c d",
		  "no markers: tags dropped, the words around them kept apart, ends trimmed");
	struct score_counts m = { 0 };
	score_texts("<p>real text\n<h>more", 20, "real text more", 14, SCORE_NO_MARKERS, &m, NULL);
	is_int(m.fp, 0, "no markers: a tagged system text against an untagged gold has no false positive");
	is_int(m.tag_tp + m.tag_fp + m.tag_fn, 0, "...and no tag counts");
	struct score_counts with = { 0 };
	score_texts("<p>real text\n<h>more", 20, "real text more", 14, SCORE_DEFAULT, &with, NULL);
	is_int(with.fp, 3, "...where the 2008 scoring counts each tag (and an edge token) as a false positive");

	struct score_result r;
	struct score_counts zero = { 0 };
	score_compute(&zero, &r);
	is_double(r.f, 0, 0, "all-zero counts give 0 without dividing by zero");
	struct score_counts some = { 8, 2, 8, 0, 0, 0 };
	score_compute(&some, &r);
	is_double(r.p, 80, 1e-9, "P = TP / (TP + FP)");
	is_double(r.r, 50, 1e-9, "R = TP / (TP + FN)");
	is_double(r.f, 2 * 80 * 50 / 130.0, 1e-9, "F is the harmonic mean");

	struct strbuf align = STRBUF_INIT;
	struct score_counts ac = { 0 };
	score_texts("x <p>a", 6, "<p>a", 4, SCORE_DEFAULT, &ac, &align);
	ok(strstr(align.buf, "<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<< (false positive)\n") != NULL,
	   "alignment marks false positives as the original did");
	strbuf_release(&align);

	/* The popular-token rule: with >= 200 gold tokens, a token occurring more
	 * than len/100 + 1 times never seeds a match. Here "x" is popular in the
	 * gold, so a lone "x" in the system text matches nothing. */
	struct strbuf gold = STRBUF_INIT;
	for (int i = 0; i < 300; i++)
		strbuf_addstr(&gold, i % 2 ? "x " : "w ");
	struct score_counts pc = { 0 };
	score_texts("x", 1, gold.buf, gold.len, SCORE_DEFAULT, &pc, NULL);
	is_int(pc.tp, 0, "popular tokens never seed a match");
	strbuf_release(&gold);
	return done_testing();
}
