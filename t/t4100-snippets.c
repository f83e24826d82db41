/* t4100-snippets: a benchmark annotated with snippets (eval/snippets.h):
 * the annotation file and its errors, the benchmark's normalisation and
 * scoring rule on hand-made cases, a page's language; and the labels of a
 * page's segments from its snippets (eval/snippet-labels.h). With
 * ../shared, the trafilatura-dev annotations are read whole. */
#include "tap.h"
#include "eval/snippet-labels.h"
#include "eval/snippets.h"

static int parse(struct snippet_set *set, const char *text, struct nc_error *err)
{
	return snippet_set_parse(set, text, strlen(text), "t.json", err);
}

/* The message `text` fails with ("" when it is read). */
static const char *failure(const char *text)
{
	static struct nc_error err;
	struct snippet_set set;
	memset(&err, 0, sizeof(err));
	int ret = parse(&set, text, &err);
	snippet_set_release(&set);
	return ret == 0 ? "" : err.message;
}

static char *normalised(const char *text)
{
	struct strbuf out = STRBUF_INIT;
	snippet_normalise(text, strlen(text), &out);
	return strbuf_detach(&out, NULL);
}

static void test_normalise(void)
{
	char *n;
	is_string(n = normalised("  a \t\n b\r\n\nc  "), "a b c", "runs of ASCII white space, trimmed");
	free(n);
	is_string(n = normalised("a\xc2\xa0\xe2\x80\x89" "b\xe3\x80\x80" "c\x1c" "d\xc2\x85" "e"),
		  "a b c d e", "NBSP, thin space, ideographic space, U+001C, NEL: Python's white space");
	free(n);
	is_string(n = normalised("a\xe2\x80\x8b" "b\xef\xbb\xbf" "c"), "a\xe2\x80\x8b" "b\xef\xbb\xbf" "c",
		  "U+200B and U+FEFF are not white space to Python");
	free(n);
	is_string(n = normalised("\xff a \xc3"), "\xff a \xc3", "invalid bytes are kept");
	free(n);
	is_string(n = normalised(" \xc2\xa0 "), "", "white space alone is empty");
	free(n);
}

static const char *annotations =
	"{\n"
	" \"http://b/\": {\"file\": \"10.html\", \"with\": [\"w1\"], \"without\": [\"o1\"],\n"
	"   \"title\": \"T\", \"comments\": [\"x\", 3], \"date\": null},\n"
	" \"http://a/\": {\"file\": \"2.html\", \"with\": [\"first  snippet\\n here\", \" \"],\n"
	"   \"without\": []}\n"
	"}\n";

static void test_file(void)
{
	struct snippet_set set;
	struct nc_error err = { 0 };

	ok(parse(&set, annotations, &err) == 0, "an annotation file is read");
	is_int(set.count, 2, "...two entries");
	is_string(set.entries[0].file, "2.html", "...in file_name_compare() order of their files");
	is_string(set.entries[0].url, "http://a/", "...each with its URL");
	is_int(set.entries[0].with.count, 2, "...its with snippets");
	is_string(set.entries[0].with.text[0], "first snippet here", "...normalised");
	is_int(set.entries[0].with.len[1], 0, "...a snippet of white space is empty");
	is_int(set.empty, 1, "...and counted");
	is_int(set.entries[0].without.count, 0, "...an empty without list");
	ok(snippet_set_find(&set, "10.html") == &set.entries[1], "an entry is found by its file");
	ok(snippet_set_find(&set, "3.html") == NULL, "...and one not there is not");
	snippet_set_release(&set);

	is_string(failure("[]"), "t.json:1:1: expected an object of entries ({URL: {\"file\": ..., "
		  "\"with\": [...], \"without\": [...]}}), found an array", "the root must be an object");
	is_string(failure("{\"u\": [1]}"), "t.json:1:7: the entry of u must be an object, not an array",
		  "an entry must be an object");
	is_string(failure("{\"u\": {\"with\": [], \"without\": []}}"),
		  "t.json:1:7: the entry of u has no \"file\"", "an entry without its file");
	is_string(failure("{\"u\": {\"file\": 1, \"with\": [], \"without\": []}}"),
		  "t.json:1:16: \"file\" must be a string, not a number", "a file that is not a string");
	is_string(failure("{\"u\": {\"file\": \"a\", \"without\": []}}"),
		  "t.json: the entry of u has no \"with\"", "an entry without with");
	is_string(failure("{\"u\": {\"file\": \"a\", \"with\": [],\n \"without\": \"x\"}}"),
		  "t.json:2:13: \"without\" must be an array of strings, not a string",
		  "without that is not an array");
	is_string(failure("{\"u\": {\"file\": \"a\", \"with\": [\"x\", null], \"without\": []}}"),
		  "t.json:1:35: \"with\" must be an array of strings; this is null",
		  "a snippet that is not a string");
	const char *bad[] = { "", "/etc/passwd", "../x.html", "a/../../x", "a//b", "./a", "a/.",
			      "a\\u0000b" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char text[256];
		snprintf(text, sizeof(text), "{\"u\": {\"file\": \"%s\", \"with\": [], \"without\": []}}",
			 bad[i]);
		ok(strstr(failure(text), "t.json:1:16: the file name") != NULL,
		   "the file name '%s' is refused", bad[i]);
	}
	is_string(failure("{\"u\": {\"file\": \"sub/a.html\", \"with\": [], \"without\": []}}"), "",
		  "a file in a subdirectory is fine");
	is_string(failure("{\"u\": {\"file\": \"a\", \"with\": [], \"without\": []},"
			  " \"v\": {\"file\": \"a\", \"with\": [], \"without\": []}}"),
		  "t.json: the page a is named by two entries, u and v", "a page named by two entries");
	is_string(failure("{\"u\": {\"file\": \"a\", \"with\": [], \"without\": []},"
			  " \"u\": {\"file\": \"b\", \"with\": [], \"without\": []}}"),
		  "t.json:1:49: the member \"u\" a second time in one object", "a URL twice");
	is_string(failure("{\"u\": {\"file\": \"a\", \"with\": [\"x\",]}}"),
		  "t.json:1:34: expected a value, found ']'", "JSON errors come with line and column");
	ok(snippet_set_load(&(struct snippet_set){ 0 }, "/nonexistent.json", &(struct nc_error){ 0 }) < 0,
	   "a file that is not there is an error");
}

/* An entry of hand-made snippets (normalised here, as the loader does). */
static void make_entry(struct snippet_entry *entry, const char **with, size_t nwith,
		       const char **without, size_t nwithout)
{
	struct snippet_list *lists[2] = { &entry->with, &entry->without };
	const char **texts[2] = { with, without };
	size_t counts[2] = { nwith, nwithout };
	memset(entry, 0, sizeof(*entry));
	for (int l = 0; l < 2; l++) {
		lists[l]->count = counts[l];
		lists[l]->text = calloc(counts[l] + 1, sizeof(char *));
		lists[l]->len = calloc(counts[l] + 1, sizeof(size_t));
		for (size_t i = 0; i < counts[l]; i++) {
			lists[l]->text[i] = normalised(texts[l][i]);
			lists[l]->len[i] = strlen(lists[l]->text[i]);
		}
	}
}

static void free_entry(struct snippet_entry *entry)
{
	struct snippet_list *lists[2] = { &entry->with, &entry->without };
	for (int l = 0; l < 2; l++) {
		for (size_t i = 0; i < lists[l]->count; i++)
			free(lists[l]->text[i]);
		free(lists[l]->text);
		free(lists[l]->len);
	}
}

static void test_score(void)
{
	const char *with[] = { "alpha beta", "gamma\n delta", "missing text" };
	const char *without[] = { "Share", "Cookies ok", "Imprint" };
	struct snippet_entry e;
	struct snippet_counts c = { 0 };
	struct snippet_result r;

	make_entry(&e, with, 3, without, 3);
	const char *text = "alpha\tbeta and gamma\xc2\xa0 delta\n\nShare";
	snippet_score(&e, text, strlen(text), &c);
	ok(c.tp == 2 && c.fn == 1 && c.fp == 1 && c.tn == 2,
	   "two with found, one missed; one without found: tp 2, fn 1, fp 1, tn 2 (got %ld %ld %ld %ld)",
	   c.tp, c.fn, c.fp, c.tn);
	snippet_score(&e, NULL, 0, &c);
	ok(c.tp == 2 && c.fn == 4 && c.fp == 1 && c.tn == 5,
	   "no output: every with a false negative, every without a true negative");
	snippet_compute(&c, &r);
	is_double(r.p, 100.0 * 2 / 3, 1e-9, "P = tp / (tp + fp)");
	is_double(r.r, 100.0 * 2 / 6, 1e-9, "R = tp / (tp + fn)");
	is_double(r.f, 100.0 * 4 / 9, 1e-9, "F = 2 tp / (2 tp + fp + fn), the harmonic mean");
	is_double(r.accuracy, 100.0 * 7 / 12, 1e-9, "accuracy = (tp + tn) / all");
	memset(&c, 0, sizeof(c));
	snippet_score(&e, "alphabeta", 9, &c);
	is_int(c.tp, 0, "a snippet is matched with its white space (alpha beta is not alphabeta)");
	struct snippet_counts none = { 0 };
	snippet_compute(&none, &r);
	ok(r.p == 0 && r.r == 0 && r.f == 0, "no counts: 0, not a division by zero");
	free_entry(&e);

	const char *empty[] = { " " };
	make_entry(&e, empty, 1, empty, 1);
	memset(&c, 0, sizeof(c));
	snippet_score(&e, "", 0, &c);
	ok(c.tp == 1 && c.fp == 1, "an empty snippet is found in an empty output (the benchmark's rule)");
	snippet_score(&e, NULL, 0, &c);
	ok(c.fn == 1 && c.tn == 1, "...but not when there is no output");
	free_entry(&e);
}

static void test_language(void)
{
	const char *de[] = { "Die Bundesregierung hat am Mittwoch beschlossen, dass die neuen Regeln "
			     "für alle Unternehmen gelten sollen.", "Kritiker halten das für zu spät." };
	const char *en[] = { "The government decided on Wednesday that the new rules should apply "
			     "to every company in the country.", "Critics say this comes too late." };
	struct snippet_entry e;
	struct language l;

	make_entry(&e, de, 2, NULL, 0);
	snippet_entry_language(&e, &l);
	is_string(l.code, "de", "a page's language is CLD2's of its with snippets: de");
	free_entry(&e);
	make_entry(&e, en, 2, NULL, 0);
	snippet_entry_language(&e, &l);
	is_string(l.code, "en", "...en");
	free_entry(&e);
	make_entry(&e, NULL, 0, en, 2);
	snippet_entry_language(&e, &l);
	is_string(l.code, "", "...not from its without snippets: none without with snippets");
	free_entry(&e);
}

/* Label the segments `texts` (NULL-terminated) by the snippets; the labels
 * as a string, one character a segment: t, b or ?. */
static const char *labels_of(const char **texts, const char **with, size_t nwith,
			     const char **without, size_t nwithout,
			     struct snippet_label_counts *counts, size_t *words)
{
	static char result[64];
	struct segment segments[32];
	struct snippet_segment_label labels[32];
	struct snippet_entry e;
	size_t n = 0;

	for (; texts[n]; n++)
		segments[n] = (struct segment){ .type = SEGMENT_PARAGRAPH, .text = texts[n],
						 .len = strlen(texts[n]) };
	make_entry(&e, with, nwith, without, nwithout);
	memset(counts, 0, sizeof(*counts));
	snippet_label_segments(&e, segments, n, labels, counts);
	for (size_t i = 0; i < n; i++) {
		result[i] = labels[i].label == SNIPPET_TEXT ? 't' :
			    labels[i].label == SNIPPET_BOILERPLATE ? 'b' : '?';
		if (words)
			words[i] = labels[i].words;
	}
	result[n] = '\0';
	free_entry(&e);
	return result;
}

static void test_labels(void)
{
	struct snippet_label_counts c;
	size_t words[32];

	const char *page[] = { "Home", "Share", "The quick brown fox jumps. Share this with friends.",
			       "Related: other story", "Comments (3)", NULL };
	const char *with[] = { "The quick brown fox jumps. Share this" };
	const char *without[] = { "Related: other story", "Comments" };
	is_string(labels_of(page, with, 1, without, 2, &c, words), "??tbb",
		  "a snippet labels the segments it lies in; \"Share\", inside the with snippet's "
		  "text, is not labelled by accident");
	ok(c.with_found == 1 && c.without_found == 2 && c.with_missed == 0 && c.without_missed == 0,
	   "...every snippet found");
	ok(c.text == 1 && c.boilerplate == 2 && c.unknown == 2 && c.conflicts == 0,
	   "...segments counted by label");
	ok(words[0] == 1 && words[2] == 9 && words[4] == 2, "...each segment's words");

	const char *spans[] = { "a b end of first.", "Start of second c", "x", NULL };
	const char *across[] = { "end of\nfirst.  Start of" };
	is_string(labels_of(spans, across, 1, NULL, 0, &c, NULL), "tt?",
		  "a snippet across two segments labels both (joined with one space)");
	const char *edge[] = { "first. Start" };
	is_string(labels_of(spans, edge, 1, NULL, 0, &c, NULL), "tt?",
		  "...also when it holds a single character of one of them");
	const char *glued[] = { "first.Start" };
	is_string(labels_of(spans, glued, 1, NULL, 0, &c, NULL), "???",
		  "...but not without the space between them");
	is_int(c.with_missed, 1, "...that snippet is found nowhere, and counted so");

	const char *spaced[] = { "foo", "\xc2\xa0 ", "bar\xc2\xa0\xc2\xa0" "baz", NULL };
	const char *foobar[] = { "foo bar baz" };
	is_string(labels_of(spaced, foobar, 1, NULL, 0, &c, words), "t?t",
		  "a segment of white space alone takes no room in the joined text");
	ok(words[1] == 0 && words[2] == 2, "...and has no words; NBSP separates words");

	const char *both[] = { "Posted by Anna: the council met today", "Next", NULL };
	const char *with_part[] = { "the council met today" };
	const char *without_part[] = { "Posted by Anna" };
	is_string(labels_of(both, with_part, 1, without_part, 1, &c, NULL), "??",
		  "a segment holding both a with and a without snippet is unknown");
	is_int(c.conflicts, 1, "...counted as a conflict");

	const char *repeated[] = { "Teilen", "Der Text.", "Teilen", NULL };
	const char *teilen[] = { "Teilen" };
	const char *text[] = { "Der Text." };
	is_string(labels_of(repeated, text, 1, teilen, 1, &c, NULL), "btb",
		  "every occurrence of a snippet labels");
	is_int(c.repeated, 1, "...a snippet found twice is counted");

	const char *lost[] = { "Menu", NULL };
	const char *nowhere[] = { "a sentence the renderer lost" };
	is_string(labels_of(lost, nowhere, 1, nowhere, 1, &c, NULL), "?",
		  "a snippet found nowhere labels nothing");
	ok(c.with_missed == 1 && c.without_missed == 1, "...and is counted, with or without");
	const char *blank[] = { " " };
	is_string(labels_of(lost, blank, 1, NULL, 0, &c, NULL), "?",
		  "an empty snippet labels nothing");
	ok(c.with_found == 0 && c.with_missed == 0, "...and is neither found nor missed");
	const char *none[] = { NULL };
	is_string(labels_of(none, with, 1, without, 2, &c, NULL), "", "a page without segments");
	is_int(c.with_missed, 1, "...misses its snippets");
}

/* The development set's annotations, read whole. */
static void test_shared(void)
{
	const char *shared = getenv("NCLEANER_SHARED");
	char path[4096];
	struct snippet_set set;
	struct nc_error err = { 0 };

	snprintf(path, sizeof(path), "%s/data/trafilatura-dev/evaldata.json",
		 shared && *shared ? shared : "../shared");
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("ok %d # SKIP %s not present (CI has it)\n", ++tap_count, path);
		return;
	}
	fclose(f);
	ok(snippet_set_load(&set, path, &err) == 0, "trafilatura-dev's evaldata.json is read");
	size_t with = 0, without = 0;
	for (size_t i = 0; i < set.count; i++) {
		with += set.entries[i].with.count;
		without += set.entries[i].without.count;
	}
	ok(set.count == 312 && with == 938 && without == 932 && set.empty == 0,
	   "...312 pages, 938 with and 932 without snippets (as Python's json reads them), "
	   "none empty (got %zu, %zu, %zu, %zu)", set.count, with, without, set.empty);
	snippet_set_release(&set);
}

int main(void)
{
	test_normalise();
	test_file();
	test_score();
	test_language();
	test_labels();
	test_shared();
	return done_testing();
}
