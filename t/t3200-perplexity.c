/* t3200-perplexity: the perplexity method. Tokens and sentences on a table
 * of cases; training a tiny model, byte for byte against tests/t3200/;
 * perplexities against values worked out by hand (bigram and trigram, the
 * first-word quirk, the floor, one-token and empty texts); model files
 * refused (corrupt, truncated, too large, built for another method); and the
 * method through the pipeline, kept sentences sharing their segment's line. */
#include "base/alloc.h"
#include "base/file.h"
#include "decide/decider.h"
#include "method/perplexity-method.h"
#include "method/perplexity-model.h"
#include "method/perplexity-text.h"
#include "pipeline/pipeline.h"
#include "render/lynx.h"
#include "sink/output.h"
#include "train/perplexity-counts.h"
#include "train/perplexity-training.h"
#include "tap.h"

#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

/* --- helpers ------------------------------------------------------------------- */

/* The tokens of `text`, folded, joined by '|'. */
static const char *tokens(const char *text)
{
	static struct strbuf out = STRBUF_INIT;
	struct perplexity_token_cursor cursor;
	const char *token;
	size_t len;

	strbuf_reset(&out);
	perplexity_tokens_start(&cursor, text, strlen(text));
	while (perplexity_tokens_next(&cursor, &token, &len)) {
		if (out.len)
			strbuf_addch(&out, '|');
		perplexity_token_fold(token, len, &out);
	}
	return out.buf;
}

/* The sentences of `text`, each in brackets. */
static const char *sentences(const char *text)
{
	static struct strbuf out = STRBUF_INIT;
	struct perplexity_sentence_cursor cursor;
	struct segment_piece s;

	strbuf_reset(&out);
	perplexity_sentences_start(&cursor, text, strlen(text));
	while (perplexity_sentences_next(&cursor, &s))
		strbuf_addf(&out, "[%.*s]", (int)s.len, text + s.offset);
	return out.buf;
}

/* The model file written from counts of `text` (caller frees), or NULL. */
static char *train_text(int order, const char *text, struct nc_error *err)
{
	struct perplexity_counts *counts = perplexity_counts_new(order, err);
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);

	if (!counts || perplexity_counts_add_text(counts, text, strlen(text), err) < 0 ||
	    perplexity_counts_write(counts, out, "mem.model", 8000, text, err) < 0) {
		fclose(out);
		free(buf);
		perplexity_counts_free(counts);
		return NULL;
	}
	fclose(out);
	perplexity_counts_free(counts);
	return buf;
}

static char *fixture(const char *name)
{
	struct strbuf text = STRBUF_INIT;
	struct nc_error err;
	if (read_file(fixture_path(name), 0, &text, &err) < 0)
		bail(err.message);
	return strbuf_detach(&text, NULL);
}

static struct method *fixture_method(const char *name, double max_perplexity)
{
	struct nc_error err = { 0 };
	struct method *method = perplexity_method_load(fixture_path(name), max_perplexity, &err);
	if (!method)
		bail(err.message);
	return method;
}

static struct segment_score score_text(struct method *method, const char *text)
{
	struct method_scorer *scorer = method_scorer_new(method);
	struct segment segment = { .type = SEGMENT_PARAGRAPH, .text = text, .len = strlen(text) };
	struct segment_score score = { 0 };
	struct nc_error err;
	if (method_score(scorer, &segment, &score, &err) < 0)
		bail(err.message);
	method_scorer_free(scorer);
	return score;
}

/* --- tokens and sentences -------------------------------------------------------- */

static void test_tokens(void)
{
	static const char *const cases[][3] = {
		{ "Hello, World!", "hello|,|world|!", "punctuation is split off, case folded" },
		{ "It's 3.14 or 1,000 at 10:30, e.g. here.",
		  "it|'|s|3.14|or|1,000|at|10:30|,|e.g|.|here|.",
		  "apostrophes split; dots inside words and digit groups stay" },
		{ "Wait... (really?) [x] {y}", "wait|...|(|really|?|)|[|x|]|{|y|}",
		  "a run of dots is one token; brackets split" },
		{ "a<b>=c `d`; e:f", "a|<|b|>|=|c|`|d|`|;|e|:|f", "pyplexity's < > = ` ; : split" },
		{ "\xc3\x89" "COLE \xc3\x91" "and\xc3\xba Stra\xc3\x9f" "e \xce\xa3\xce\x9f\xce\xa6",
		  "\xc3\xa9" "cole|\xc3\xb1" "and\xc3\xba|stra\xc3\x9f" "e|\xce\xa3\xce\x9f\xce\xa6",
		  "Latin-1 capitals fold, other code points stay" },
		{ "\xe2\x80\x9cQuoted\xe2\x80\x9d \xe2\x80\x94 dash\xe2\x80\xa6",
		  "\xe2\x80\x9c|quoted|\xe2\x80\x9d|\xe2\x80\x94|dash|\xe2\x80\xa6",
		  "typographic quotes, dashes and the ellipsis split" },
		{ "\xc2\xbfQu\xc3\xa9? \xc2\xa1S\xc3\xad!", "\xc2\xbf|qu\xc3\xa9|?|\xc2\xa1|s\xc3\xad|!",
		  "Spanish marks split (pyplexity's ¿ ¡)" },
		{ "a|b e-mail AT&T x/y", "a|b|e-mail|at&t|x/y", "- / & | stay in words" },
		{ "x\xc2\xa0y\tz\r\nw", "x|y|z|w", "U+00A0 and controls separate tokens" },
		{ "end.Next 1.5. ..", "end.next|1.5|.|..", "a dot between word characters stays" },
		{ "  \t ", "", "white space has no tokens" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		is_string(tokens(cases[i][0]), cases[i][1], "tokens: %s", cases[i][2]);
	ok(perplexity_token_key("The", 3) == perplexity_token_key("the", 3) &&
	   perplexity_token_key("\xc3\x89", 2) == perplexity_token_key("\xc3\xa9", 2),
	   "a token and its folded spelling share a key");
	ok(perplexity_token_key("ab", 2) != perplexity_token_key("ba", 2) &&
	   perplexity_ngram_key(1, 2) != perplexity_ngram_key(2, 1),
	   "keys depend on order");
}

static void test_sentences(void)
{
	static const char *const cases[][3] = {
		{ "First one. Second one! Third? Yes.", "[First one.][Second one!][Third?][Yes.]",
		  ". ! ? before a capital end sentences" },
		{ "Dr. Smith met Mr. Jones. Then they left.", "[Dr. Smith met Mr. Jones.][Then they left.]",
		  "titles are abbreviations" },
		{ "J. R. R. Tolkien wrote it. He died in 1973.",
		  "[J. R. R. Tolkien wrote it.][He died in 1973.]", "initials are abbreviations" },
		{ "He said \"Stop.\" Then he left.", "[He said \"Stop.\"][Then he left.]",
		  "closing quotes stay with their sentence" },
		{ "In the U.S. Army, e.g. Smith. Etc. Next", "[In the U.S. Army, e.g. Smith.][Etc. Next]",
		  "words with inner dots and etc. are abbreviations" },
		{ "Wait... What? (Quoted.) Next one.", "[Wait...][What?][(Quoted.)][Next one.]",
		  "runs of terminators, brackets" },
		{ "Ends with 3. 4 is next. \xc2\xab" "Bien\xc2\xbb dit-il.",
		  "[Ends with 3.][4 is next.][\xc2\xab" "Bien\xc2\xbb dit-il.]",
		  "digits and opening quotes start sentences" },
		{ "no break.here or. lower case", "[no break.here or. lower case]",
		  "no space or no capital: no break" },
		{ "No terminal punctuation", "[No terminal punctuation]",
		  "a text without a terminator is one sentence" },
		{ "  Hello.  \xc2\xa0", "[Hello.]", "sentences are trimmed" },
		{ "", "", "an empty text has no sentence" },
		{ " \t \xc2\xa0 ", "", "white space has no sentence" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		is_string(sentences(cases[i][0]), cases[i][1], "sentences: %s", cases[i][2]);
}

/* --- training ---------------------------------------------------------------------- */

/* The charset policy of train-ncleaner --method perplexity. */
static const struct charset_policy any_charset = { NULL, 0 };

/* Count `text` as the text of a page named `name`. */
static int add_text(struct perplexity_counts *counts, const char *name, const char *text,
		    struct nc_error *err)
{
	struct page page = { .name = xstrdup(name), .kind = PAGE_TEXT };
	struct strbuf data = STRBUF_INIT;
	strbuf_addstr(&data, text);
	page_set_memory(&page, &data);
	int ret = perplexity_training_add_page(counts, &page, &any_charset, err);
	page_release(&page);
	return ret;
}

static void test_training(void)
{
	struct nc_error err = { 0 };
	char *bigram = train_text(2, "The cat sat. The cat ran.", &err);
	char *want = fixture("t3200/tiny-bigram.model");
	is_string(bigram, want, "a bigram model of two sentences, by hand (tests/t3200)");
	free(want);
	char *trigram = train_text(3, "The cat sat. The cat ran.", &err);
	want = fixture("t3200/tiny-trigram.model");
	is_string(trigram, want, "the trigram model, by hand");
	free(want);
	free(trigram);

	/* Counts are sums: the order of the texts does not matter, and writing
	 * twice gives the same bytes. */
	struct perplexity_counts *counts = perplexity_counts_new(2, &err);
	char *buf[2] = { NULL, NULL };
	size_t size[2];
	perplexity_counts_add_text(counts, "The cat ran.", 12, &err);
	perplexity_counts_add_text(counts, "The cat sat.", 12, &err);
	for (int i = 0; i < 2; i++) {
		FILE *out = open_memstream(&buf[i], &size[i]);
		perplexity_counts_write(counts, out, "mem.model", 8000, "The cat sat. The cat ran.",
					&err);
		fclose(out);
	}
	is_string(buf[0], bigram, "texts in another order give the same file");
	is_string(buf[1], bigram, "writing again gives the same bytes");
	ok(perplexity_counts_add_text(counts, "More.", 5, &err) < 0 && err.code == NC_ERR_USAGE,
	   "written counts take no more text");
	is_int(perplexity_counts_sentences(counts), 2, "two sentences counted");
	is_int(perplexity_counts_tokens(counts), 8, "eight tokens counted");
	is_int(perplexity_counts_distinct(counts, 1), 6, "six words, the boundary included");
	perplexity_counts_free(counts);
	free(buf[0]);
	free(buf[1]);

	/* Files: a CLEANEVAL gold file reads as the same text. */
	counts = perplexity_counts_new(2, &err);
	ok(perplexity_training_add_file(counts, fixture_path("t3200/gold.txt"), &any_charset,
					&err) == 0,
	   "a CLEANEVAL gold file is read: %s", err.message);
	char *from_gold = NULL;
	size_t gold_size;
	FILE *out = open_memstream(&from_gold, &gold_size);
	perplexity_counts_write(counts, out, "gold.model", 8000, "The cat sat. The cat ran.", &err);
	fclose(out);
	is_string(from_gold, bigram, "...its URL line and tags ignored, lines joined");
	perplexity_counts_free(counts);
	free(from_gold);
	free(bigram);
}

/* The model `text` trains when read as a text page. */
static char *train_page(const char *text, struct nc_error *err)
{
	struct perplexity_counts *counts = perplexity_counts_new(2, err);
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);
	if (counts && add_text(counts, "page", text, err) == 0)
		perplexity_counts_write(counts, out, "mem.model", 8000, NULL, err);
	fclose(out);
	perplexity_counts_free(counts);
	return buf;
}

static void test_training_texts(void)
{
	struct nc_error err = { 0 };
	struct perplexity_counts *counts = perplexity_counts_new(2, &err);
	char *model = NULL;
	size_t size;
	FILE *out = open_memstream(&model, &size);
	ok(add_text(counts, "latin1", "Caf\xe9 au lait.\n", &err) == 0 &&
	   perplexity_counts_write(counts, out, "mem", 8000, NULL, &err) == 0 && fflush(out) == 0 &&
	   strstr(model, "1\tcaf\xc3\xa9\t"), "a windows-1252 line is read as such");
	fclose(out);
	free(model);
	perplexity_counts_free(counts);

	/* Segment tags as stage 1 reads them (normalise/text.h): {p} too. */
	char *tagged = train_page("URL: u\nOne two{p}three four <H>five six\n", &err);
	char *broken = train_page("One two\n\nthree four\n\nfive six\n", &err);
	ok(tagged && broken && !strcmp(tagged, broken),
	   "the {p} of one CLEANEVAL gold file ends a paragraph, as <p> does");
	free(tagged);
	free(broken);

	ok(train_text(2, "", &err) == NULL && err.code == NC_ERR_USAGE &&
	   strstr(err.message, "no sentences"), "an empty text trains no model: %s", err.message);
	ok(train_text(2, " \n\t ", &err) == NULL, "nor does white space");
	ok(perplexity_counts_new(4, &err) == NULL && err.code == NC_ERR_USAGE, "order 4 is refused");
	counts = perplexity_counts_new(2, &err);
	ok(perplexity_training_add_file(counts, "/nonexistent/x.txt", &any_charset, &err) < 0 &&
	   err.code == NC_ERR_IO && strstr(err.message, "/nonexistent/x.txt"),
	   "a missing file names itself");
	perplexity_counts_free(counts);

	/* A 3 MB line streams through in parts. */
	struct strbuf big = STRBUF_INIT;
	for (int i = 0; i < 600000; i++)
		strbuf_addstr(&big, "word ");
	counts = perplexity_counts_new(2, &err);
	ok(add_text(counts, "big", big.buf, &err) == 0, "a 3 MB line is read");
	uint64_t n = perplexity_counts_tokens(counts);
	ok(n >= 600000 && n <= 600004, "...in parts, a cut splitting at most a word each (%llu)", (unsigned long long)n);
	perplexity_counts_free(counts);
	strbuf_release(&big);
}

/* --- perplexities by hand ------------------------------------------------------- */

/* The tiny model (tests/t3200): P(<s>) = P(the) = P(cat) = P(.) = 0.2,
 * P(sat) = P(ran) = 0.1; P(the|<s>) = P(cat|the) = P(.|sat) = P(.|ran) = 1,
 * P(sat|cat) = P(ran|cat) = 0.5; P(cat|<s> the) = 1, P(sat|the cat) = 0.5,
 * P(.|cat sat) = 1. Floats: tolerances of 1e-6 bits. */
static void test_bigram_by_hand(void)
{
	struct method *method = fixture_method("t3200/tiny-bigram.model", 0);
	struct segment_score s = score_text(method, "The cat sat.");
	/* (<s> the) (the cat) (cat sat) (sat .), each 0.8 P(w2|w1) + 0.2 P(w1) + 1e-6 */
	double want = -(log2(0.8 * 1 + 0.2 * 0.2 + 1e-6) + log2(0.8 * 1 + 0.2 * 0.2 + 1e-6) +
			log2(0.8 * 0.5 + 0.2 * 0.2 + 1e-6) + log2(0.8 * 1 + 0.2 * 0.1 + 1e-6)) / 4;
	is_double(s.cost_clean, want, 1e-6, "bigram: log2 perplexity of 'The cat sat.' (%.4f)", want);
	is_int(s.units, 4, "...over its 4 tokens");
	is_double(s.cost_dirty, log2(8000), 1e-12, "cost_dirty is log2 of the model's cut-off");

	/* Unseen words: the first window keeps 0.2 P(<s>), the unigram of its
	 * FIRST word (the quirk), although 'dog' was never seen; the others
	 * are the floor alone. */
	s = score_text(method, "Dog dog.");
	want = -(log2(0.2 * 0.2 + 1e-6) + 2 * log2(1e-6)) / 3;
	is_double(s.cost_clean, want, 1e-6, "bigram: the first-word quirk and the floor (%.4f)", want);

	s = score_text(method, "Cat");
	want = -log2(0.8 * 0 + 0.2 * 0.2 + 1e-6);
	is_double(s.cost_clean, want, 1e-6, "bigram: a one-token sentence is one window");

	s = score_text(method, "");
	is_double(s.cost_clean, -log2(1e-6), 1e-9, "a text without tokens costs the floor");
	is_int(s.units, 0, "...over 0 units");
	method_free(method);

	method = fixture_method("t3200/tiny-bigram.model", 2.5);
	s = score_text(method, "The cat sat.");
	is_double(s.cost_dirty, log2(2.5), 1e-12, "the cut-off is the method's parameter");
	method_free(method);
	struct nc_error err = { 0 };
	ok(perplexity_method_load(fixture_path("t3200/tiny-bigram.model"), 0.5, &err) == NULL &&
	   err.code == NC_ERR_USAGE, "a cut-off below 1 is refused: %s", err.message);
}

static void test_trigram_by_hand(void)
{
	struct method *method = fixture_method("t3200/tiny-trigram.model", 0);
	struct segment_score s = score_text(method, "The cat sat.");
	/* N - 1 = 3 windows, each 0.6 P(w3|w1 w2) + 0.3 P(w2|w1) + 0.1 P(w1)
	 * + 1e-6, the sum divided by N = 4 (released code):
	 * (<s> the cat) (the cat sat) (cat sat .) */
	double want = -(log2(0.6 * 1 + 0.3 * 1 + 0.1 * 0.2 + 1e-6) +
			log2(0.6 * 0.5 + 0.3 * 1 + 0.1 * 0.2 + 1e-6) +
			log2(0.6 * 1 + 0.3 * 0.5 + 0.1 * 0.2 + 1e-6)) / 4;
	is_double(s.cost_clean, want, 1e-6, "trigram: log2 perplexity of 'The cat sat.' (%.4f)", want);
	is_int(s.units, 4, "...divided by its 4 tokens");

	s = score_text(method, "The dog.");
	/* (<s> the dog): 0.3 P(the|<s>) + 0.1 P(<s>); (the dog .): 0.1 P(the) */
	want = -(log2(0.6 * 0 + 0.3 * 1 + 0.1 * 0.2 + 1e-6) + log2(0.1 * 0.2 + 1e-6)) / 3;
	is_double(s.cost_clean, want, 1e-6, "trigram: terms of the window's first words (quirk)");

	s = score_text(method, "Cat");
	want = -log2(0.3 * 0 + 0.1 * 0.2 + 1e-6);
	is_double(s.cost_clean, want, 1e-6, "trigram: a one-token sentence is (<s> t1 -), not 1");

	uint64_t words[2] = { perplexity_token_key("dog", 3), perplexity_token_key("dog", 3) };
	want = -(log2(0.1 * 0.2 + 1e-6)) / 2;
	is_double(perplexity_log2(perplexity_method_model(method), words, 2), want, 1e-6,
		  "trigram: unseen words keep only P(<s>) and the floor");
	method_free(method);
}

/* split(): the method's pieces are the sentences. */
static void test_split(void)
{
	struct method *method = fixture_method("t3200/tiny-bigram.model", 0);
	struct method_scorer *scorer = method_scorer_new(method);
	static const struct { const char *text; size_t pieces; } cases[] = {
		{ "", 0 }, { " \xc2\xa0 ", 0 }, { "No full stop here", 1 }, { "...", 1 },
		{ "One. Two! Three?", 3 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct segment segment = { .type = SEGMENT_PARAGRAPH, .text = cases[i].text,
					   .len = strlen(cases[i].text) };
		const struct segment_piece *pieces;
		struct segment_piece whole;
		is_int(method_split(scorer, &segment, &pieces, &whole), cases[i].pieces,
		       "split '%s' into %zu pieces", cases[i].text, cases[i].pieces);
	}
	method_scorer_free(scorer);
	method_free(method);
}

/* The threshold with bias 0 keeps exactly perplexity <= cut-off. */
static void test_threshold(void)
{
	struct method *probe = fixture_method("t3200/tiny-bigram.model", 0);
	double ppl = exp2(score_text(probe, "The cat sat.").cost_clean);
	method_free(probe);
	struct decider *threshold = threshold_decider_new(0);
	struct scored_segment s[2];
	struct method *above = fixture_method("t3200/tiny-bigram.model", ppl * 1.0001);
	struct method *below = fixture_method("t3200/tiny-bigram.model", ppl * 0.9999);
	s[0].score = score_text(above, "The cat sat.");
	s[1].score = score_text(below, "The cat sat.");
	decider_decide(threshold, NULL, s, 2, NULL);
	ok(s[0].keep && !s[1].keep, "bias 0 keeps perplexity %.4f under a cut-off just above, "
	   "drops it just below", ppl);
	method_free(above);
	method_free(below);
	decider_free(threshold);
}

/* --- model files --------------------------------------------------------------------- */

static void expect_parse_error(const char *text, enum nc_error_code code, const char *where,
			       const char *what, const char *label)
{
	struct perplexity_model model;
	struct nc_error err = { 0 };
	int ret = perplexity_model_parse(&model, "tiny.model", text, strlen(text), &err);
	ok(ret < 0 && err.code == code && strstr(err.message, where) && strstr(err.message, what),
	   "%s: %s", label, err.message);
}

/* The fixture with line `line` (1-based) replaced by `with` (NULL: removed). */
static char *edited(const char *text, int line, const char *with)
{
	struct strbuf out = STRBUF_INIT;
	int n = 1;
	for (const char *p = text; *p; n++) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p + 1) : strlen(p);
		if (n != line)
			strbuf_add(&out, p, len);
		else if (with)
			strbuf_addstr(&out, with);
		p += len;
	}
	return strbuf_detach(&out, NULL);
}

static void test_round_trip(void)
{
	struct perplexity_model model;
	struct nc_error err = { 0 };
	char *text = fixture("t3200/tiny-trigram.model");
	ok(perplexity_model_parse(&model, "tiny.model", text, strlen(text), &err) == 0,
	   "the trigram model loads: %s", err.message);
	is_int(model.order, 3, "order survives");
	is_double(model.max_perplexity, 8000, 0, "max_perplexity survives");
	is_string(model.description, "The cat sat. The cat ran.", "description survives");
	ok(model.sentences == 2 && model.tokens == 8, "counts survive");
	uint64_t the = perplexity_token_key("the", 3), cat = perplexity_token_key("cat", 3);
	uint64_t sat = perplexity_token_key("sat", 3);
	is_double(perplexity_table_find(&model.table[1], sat), 0.1, 1e-8, "P(sat) is found");
	is_double(perplexity_table_find(&model.table[3],
					perplexity_ngram_key(perplexity_ngram_key(the, cat), sat)),
		  0.5, 0, "P(sat | the cat) is found by its key");
	is_double(perplexity_table_find(&model.table[2], perplexity_ngram_key(cat, the)), 0, 0,
		  "an unlisted n-gram has probability 0");
	perplexity_model_release(&model);
	free(text);
}

static void test_corrupt_files(void)
{
	char *text = fixture("t3200/tiny-bigram.model"), *bad;
	size_t len = strlen(text);

	bad = edited(text, 22, NULL);
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model", "no end line", "truncated before the end line");
	free(bad);
	bad = xmemdup(text, len - 30);
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:", "truncated", "cut in the middle of a line");
	free(bad);
	bad = edited(text, 20, NULL);
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:21:", "fewer entries", "an entry missing");
	free(bad);
	bad = edited(text, 22, "end\t13\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:22:", "end line", "a wrong end count");
	free(bad);
	bad = edited(text, 12, "1\tcat\t1.5\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:12:", "probability", "a probability above 1");
	free(bad);
	bad = edited(text, 13, "1\tran\t0\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:13:", "probability", "a probability of 0");
	free(bad);
	bad = edited(text, 17, "2\tcat  ran\t0.5\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:17:", "as many words", "a double space");
	free(bad);
	bad = edited(text, 17, "2\tcat\t0.5\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:17:", "as many words", "one word for two");
	free(bad);
	bad = edited(text, 17, "2\tcat sat\t0.5\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:18:", "listed twice", "a duplicate entry");
	free(bad);
	bad = edited(text, 17, "1\tthe\t0.2\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:17:", "out of order", "a unigram among bigrams");
	free(bad);
	bad = edited(text, 3, "order\t4\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:3:", "order must be 2 or 3", "order 4");
	free(bad);
	bad = edited(text, 4, "max_perplexity\tlots\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:4:", "max_perplexity", "a bad cut-off");
	free(bad);
	bad = edited(text, 5, "colour\tblue\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:5:", "unknown header field", "an unknown field");
	free(bad);
	bad = edited(text, 7, "description\ta\ndescription\tb\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:8:", "given twice", "a field given twice");
	free(bad);
	bad = edited(text, 9, NULL);
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:9:", "header incomplete", "an ngrams line missing");
	free(bad);
	bad = edited(text, 8, "ngrams\t1\t99999999999999\n");
	expect_parse_error(bad, NC_ERR_FORMAT, "tiny.model:10:", "more entries than the file",
			   "a count larger than the file could hold");
	free(bad);
	struct strbuf after = STRBUF_INIT;
	strbuf_addstr(&after, text);
	strbuf_addstr(&after, "1\tmore\t0.1\n");
	expect_parse_error(after.buf, NC_ERR_FORMAT, "tiny.model:23:", "after the end", "data after the end line");
	strbuf_release(&after);
	expect_parse_error("", NC_ERR_FORMAT, "tiny.model", "empty", "an empty file");
	expect_parse_error("\x7f" "ELF\x02\x01\x01", NC_ERR_FORMAT, "tiny.model", "not an ncleaner model",
			   "a binary file");
	expect_parse_error("ncleaner-model\t3\nmethod\tperplexity\n", NC_ERR_FORMAT, "tiny.model",
			   "version 3", "a newer version");
	bad = edited(text, 2, "method\tncleaner\n");
	expect_parse_error(bad, NC_ERR_METHOD, "tiny.model",
			   "built for the method 'ncleaner', asked for 'perplexity'",
			   "a model built for another method");
	free(bad);
	expect_parse_error("ncleaner-model\t1\norder\t3\nq\t0.5\n", NC_ERR_METHOD, "tiny.model",
			   "built for the method 'ncleaner'", "a version 1 (ncleaner) model");
	free(text);
}

static void test_model_limits(void)
{
	struct perplexity_model model;
	struct nc_error err = { 0 };
	char path[] = "/tmp/t3200-huge-XXXXXX";
	int fd = mkstemp(path);

	/* A sparse file just past the limit: refused before a byte is read. */
	if (fd < 0 || ftruncate(fd, (off_t)PERPLEXITY_MODEL_MAX_BYTES + 1) != 0) {
		skip("no sparse file");
	} else {
		ok(perplexity_model_load(&model, path, &err) < 0 && err.code == NC_ERR_LIMIT &&
		   strstr(err.message, path), "a model file over the size limit: %s", err.message);
	}
	if (fd >= 0)
		close(fd);
	unlink(path);
	ok(perplexity_model_load(&model, "/nonexistent.model", &err) < 0 && err.code == NC_ERR_IO &&
	   strstr(err.message, "/nonexistent.model"), "a missing model file is an I/O error");
	ok(perplexity_method_load(fixture_path("t3200"), 0, &err) == NULL && err.code == NC_ERR_IO,
	   "a directory is not a model: %s", err.message);
}

/* --- through the pipeline --------------------------------------------------------- */

static char *clean_text(const struct method *method, int scores, const char *text)
{
	char html_rules[4096], dump_rules[4096], path[] = "/tmp/t3200-XXXXXX";
	const char *top = getenv("top_srcdir");
	struct lynx_config lynx = { "lynx", 10 };
	struct nc_error err = { 0 };
	struct decider *threshold = threshold_decider_new(0);
	char *buf = NULL;
	size_t size = 0;

	snprintf(html_rules, sizeof(html_rules), "%s/regex/html.rules", top && *top ? top : ".");
	snprintf(dump_rules, sizeof(dump_rules), "%s/regex/dump.rules", top && *top ? top : ".");
	struct pipeline_config config = {
		.html_rules_path = html_rules, .dump_rules_path = dump_rules,
		.renderer = &lynx_renderer_class, .renderer_config = &lynx,
		.method = method, .decider = threshold,
	};
	struct pipeline *pipeline = pipeline_new(&config, &err);
	FILE *stream = open_memstream(&buf, &size);
	struct sink_config sink = { .format = &format_cleaneval, .scores = scores };
	struct worker *worker = pipeline ? worker_new(pipeline, page_sink_new(&sink,
						stream_output_new(stream)), &err) : NULL;
	int fd = mkstemp(path);
	struct page page;
	if (!worker || fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		bail("cannot set up the pipeline");
	close(fd);
	if (page_open_file(&page, path, "x", PAGE_TEXT, PAGE_OPEN_ANY, &err) < 0 ||
	    worker_clean_page(worker, &page, NULL, &err) < 0)
		bail(err.message);
	page_release(&page);
	worker_free(worker);
	pipeline_free(pipeline);
	decider_free(threshold);
	fclose(stream);
	unlink(path);
	return buf;
}

static void test_pipeline(void)
{
	/* 'The cat sat.' has perplexity about 1.5; 'Dog dog.' about 3e4 and
	 * 'Dog dog dog.' about 7e4 (two and three floors). */
	struct method *method = fixture_method("t3200/tiny-bigram.model", 0);
	const char *dump = "URL: u\n\nThe cat sat. Dog dog dog. The cat ran.\n\n"
			   "Dog dog. Dog dog dog.\n\nThe cat ran\n";
	char *got = clean_text(method, 0, dump);
	is_string(got, "URL: u\n<p>The cat sat. The cat ran.\n<p>The cat ran\n",
		  "kept sentences share their segment's line; a segment of dropped ones vanishes");
	free(got);
	got = clean_text(method, 1, dump);
	ok(got && strstr(got, "keep\t<p>The cat sat.\n") && strstr(got, "drop\t+Dog dog dog.\n") &&
	   strstr(got, "keep\t+The cat ran.\n") && strstr(got, "\t12.9658\tdrop\t<p>Dog dog.\n"),
	   "the scores show each sentence, cost_dirty log2(8000) = 12.97");
	free(got);
	method_free(method);

	method = fixture_method("t3200/tiny-bigram.model", 1e9);
	got = clean_text(method, 0, dump);
	is_string(got, "URL: u\n<p>The cat sat. Dog dog dog. The cat ran.\n<p>Dog dog. Dog dog dog.\n"
		  "<p>The cat ran\n", "a cut-off of 1e9 keeps every sentence");
	free(got);
	method_free(method);
}

int main(void)
{
	test_tokens();
	test_sentences();
	test_training();
	test_training_texts();
	test_bigram_by_hand();
	test_trigram_by_hand();
	test_split();
	test_threshold();
	test_round_trip();
	test_corrupt_files();
	test_model_limits();
	test_pipeline();
	return done_testing();
}
