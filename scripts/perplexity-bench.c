/* perplexity-bench.c: the helper of scripts/bench-perplexity.sh (built on
 * demand: make scripts/perplexity-bench). Three commands:
 *
 *   perplexity-bench corpus TOKENS FILES SEED DIR
 *       write a synthetic English-like corpus of about TOKENS tokens (as the
 *       perplexity tokenizer counts them) into FILES files DIR/part-NNNN.txt,
 *       streamed: memory does not grow with TOKENS
 *   perplexity-bench train ORDER OUT.model INPUT...
 *       count the clean texts (files or directories) and write the model
 *   perplexity-bench score MODEL INPUT...
 *       load the model, then split every paragraph of the inputs into
 *       sentences and score each: sentences per second, share kept
 *
 * The corpus. A vocabulary of 10^6 word types with Zipf's law (exponent
 * 1.0: rank r has probability proportional to 1/r), spelt as syllables so
 * that frequent words are short. Text is not independent draws: half the
 * time the next word is one of 64 fixed successors of the previous word
 * (chosen with Zipf's law too, and themselves Zipf-distributed ranks), which
 * gives bigrams and trigrams the skew of real text. Sentences have 3 to 35
 * words, a capital first letter, a comma now and then, and end in '.' (or
 * '?'); paragraphs have 4 to 8 sentences.
 */
#include "base/error.h"
#include "base/file.h"
#include "base/strbuf.h"
#include "decide/decider.h"
#include "method/perplexity-method.h"
#include "source/page-source.h"
#include "train/perplexity-counts.h"
#include "train/perplexity-training.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define VOCABULARY 1000000
#define SUCCESSORS 64

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(const char *message)
{
	fprintf(stderr, "perplexity-bench: %s\n", message);
	exit(1);
}

/* --- the corpus ------------------------------------------------------------------ */

struct generator {
	uint64_t state;
	double *cdf;            /* Zipf over the vocabulary */
	double successor_cdf[SUCCESSORS];
};

static uint64_t splitmix(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static double uniform(uint64_t bits)
{
	return (double)(bits >> 11) / 9007199254740992.0;
}

static void zipf_cdf(double *cdf, size_t n)
{
	double sum = 0;
	for (size_t r = 0; r < n; r++)
		cdf[r] = sum += 1.0 / (double)(r + 1);
	for (size_t r = 0; r < n; r++)
		cdf[r] /= sum;
}

/* The first index whose cumulative probability reaches u. */
static size_t inverse(const double *cdf, size_t n, double u)
{
	size_t lo = 0, hi = n - 1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cdf[mid] < u)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static size_t next_word(struct generator *g, size_t previous)
{
	uint64_t bits = splitmix(&g->state);
	if ((bits & 1) && previous != SIZE_MAX) {
		size_t j = inverse(g->successor_cdf, SUCCESSORS, uniform(splitmix(&g->state)));
		uint64_t pair = ((uint64_t)previous << 8) ^ j ^ 0x5DEECE66Dull;
		return inverse(g->cdf, VOCABULARY, uniform(splitmix(&pair)));
	}
	return inverse(g->cdf, VOCABULARY, uniform(splitmix(&g->state)));
}

/* Rank r spelt as consonant-vowel syllables, digits of r in base 105. */
static void spell(struct strbuf *out, size_t rank, int capital)
{
	static const char consonants[] = "bcdfghjklmnpqrstvwxyz", vowels[] = "aeiou";
	size_t start = out->len;
	do {
		size_t syllable = rank % 105;
		strbuf_addch(out, consonants[syllable / 5]);
		strbuf_addch(out, vowels[syllable % 5]);
		rank /= 105;
	} while (rank);
	if (capital)
		out->buf[start] = (char)(out->buf[start] - 32);
}

/* One paragraph; returns its tokens. */
static uint64_t paragraph(struct generator *g, struct strbuf *out)
{
	uint64_t tokens = 0;
	int sentences = 4 + (int)(splitmix(&g->state) % 5);

	for (int s = 0; s < sentences; s++) {
		int words = 3 + (int)(splitmix(&g->state) % 33);
		size_t previous = SIZE_MAX;
		for (int w = 0; w < words; w++) {
			previous = next_word(g, previous);
			if (w)
				strbuf_addch(out, ' ');
			spell(out, previous, w == 0);
			tokens++;
			if (w + 1 < words && splitmix(&g->state) % 10 == 0) {
				strbuf_addch(out, ',');
				tokens++;
			}
		}
		strbuf_addstr(out, splitmix(&g->state) % 20 ? "." : "?");
		strbuf_addch(out, s + 1 < sentences ? ' ' : '\n');
		tokens++;
	}
	strbuf_addch(out, '\n');
	return tokens;
}

static int corpus(uint64_t tokens, int files, uint64_t seed, const char *dir)
{
	struct generator g = { .state = seed };
	struct strbuf text = STRBUF_INIT;

	g.cdf = malloc(VOCABULARY * sizeof(*g.cdf));
	if (!g.cdf)
		die("out of memory");
	zipf_cdf(g.cdf, VOCABULARY);
	zipf_cdf(g.successor_cdf, SUCCESSORS);
	mkdir(dir, 0777);
	for (int f = 0; f < files; f++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/part-%04d.txt", dir, f + 1);
		FILE *out = fopen(path, "w");
		if (!out)
			die(strerror(errno));
		uint64_t written = 0, share = tokens / (uint64_t)files;
		while (written < share) {
			strbuf_reset(&text);
			written += paragraph(&g, &text);
			fwrite(text.buf, 1, text.len, out);
		}
		if (fclose(out) != 0)
			die(strerror(errno));
	}
	strbuf_release(&text);
	free(g.cdf);
	return 0;
}

/* --- training ---------------------------------------------------------------------- */

static void report(void *data, int is_error, const char *message)
{
	(void)data;
	fprintf(stderr, "perplexity-bench: %s%s\n", is_error ? "" : "warning: ", message);
}

static int train_perplexity_model(int order, const char *out_path, char **inputs, int count)
{
	struct nc_error err = { 0 };
	struct file_source *source = file_source_new(FILE_KIND_TEXT, FILE_SOURCE_DEFAULT, report, NULL);
	struct perplexity_counts *counts = perplexity_counts_new(order, &err);
	struct atomic_file file = { 0 };
	double start = now();

	if (!counts)
		die(err.message);
	for (int i = 0; i < count; i++)
		if (file_source_add(source, inputs[i]) < 0)
			die("cannot read the inputs");
	const struct charset_policy policy = { NULL, 0 };   /* as train-ncleaner */
	if (perplexity_training_add_files(counts, source, &policy, &err) < 0)
		die(err.message);
	double counted = now();
	if (atomic_file_open(&file, out_path, &err) < 0 ||
	    perplexity_counts_write(counts, file.stream, out_path, PERPLEXITY_DEFAULT_MAX,
				    "synthetic Zipfian corpus (scripts/bench-perplexity.sh)", &err) < 0 ||
	    atomic_file_commit(&file, &err) < 0) {
		atomic_file_abort(&file);
		die(err.message);
	}
	printf("files %zu sentences %llu tokens %llu unigrams %llu bigrams %llu trigrams %llu "
	       "count_s %.1f write_s %.1f\n", file_source_count(source),
	       (unsigned long long)perplexity_counts_sentences(counts),
	       (unsigned long long)perplexity_counts_tokens(counts),
	       (unsigned long long)perplexity_counts_distinct(counts, 1),
	       (unsigned long long)perplexity_counts_distinct(counts, 2),
	       (unsigned long long)perplexity_counts_distinct(counts, 3), counted - start,
	       now() - counted);
	perplexity_counts_free(counts);
	file_source_free(source);
	return 0;
}

/* --- scoring ---------------------------------------------------------------------- */

struct tally {
	uint64_t sentences, kept, tokens;
	double seconds;
};

/* Score every sentence of every paragraph (blank-line separated) of `text`. */
static void score_text(struct method_scorer *scorer, char *text, size_t len, struct tally *t)
{
	double start = now();
	char *p = text, *end = text + len;

	while (p < end) {
		char *stop = strstr(p, "\n\n");
		if (!stop)
			stop = end;
		struct segment segment = { .type = SEGMENT_PARAGRAPH, .text = p, .len = (size_t)(stop - p) };
		const struct segment_piece *pieces;
		struct segment_piece whole;
		struct nc_error err;
		size_t n = method_split(scorer, &segment, &pieces, &whole);
		for (size_t i = 0; i < n; i++) {
			struct segment piece = { .type = segment.type, .text = p + pieces[i].offset,
						.len = pieces[i].len };
			struct segment_score score;
			if (method_score(scorer, &piece, &score, &err) < 0)
				die(err.message);
			t->sentences++;
			t->tokens += score.units;
			t->kept += score.cost_dirty - score.cost_clean >= 0;
		}
		p = stop + (stop < end ? 2 : 0);
	}
	t->seconds += now() - start;
}

static int score(const char *model_path, char **inputs, int count)
{
	struct nc_error err = { 0 };
	struct file_source *source = file_source_new(FILE_KIND_TEXT, FILE_SOURCE_DEFAULT, report, NULL);
	double start = now();
	struct method *method = perplexity_method_load(model_path, 0, &err);
	struct tally tally = { 0 };

	if (!method)
		die(err.message);
	double loaded = now();
	struct method_scorer *scorer = method_scorer_new(method);
	for (int i = 0; i < count; i++)
		if (file_source_add(source, inputs[i]) < 0)
			die("cannot read the inputs");
	for (size_t i = 0; i < file_source_count(source); i++) {
		struct strbuf text = STRBUF_INIT;
		if (read_file(file_source_input(source, i)->path, 0, &text, &err) < 0)
			die(err.message);
		score_text(scorer, text.buf, text.len, &tally);
		strbuf_release(&text);
	}
	printf("load_s %.1f sentences %llu tokens %llu kept %.1f%% score_s %.2f "
	       "sentences_per_s %.0f\n", loaded - start, (unsigned long long)tally.sentences,
	       (unsigned long long)tally.tokens,
	       tally.sentences ? 100.0 * (double)tally.kept / (double)tally.sentences : 0,
	       tally.seconds, tally.seconds > 0 ? (double)tally.sentences / tally.seconds : 0);
	method_scorer_free(scorer);
	method_free(method);
	file_source_free(source);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 6 && !strcmp(argv[1], "corpus"))
		return corpus(strtoull(argv[2], NULL, 10), atoi(argv[3]), strtoull(argv[4], NULL, 10),
			      argv[5]);
	if (argc >= 5 && !strcmp(argv[1], "train"))
		return train_perplexity_model(atoi(argv[2]), argv[3], argv + 4, argc - 4);
	if (argc >= 4 && !strcmp(argv[1], "score"))
		return score(argv[2], argv + 3, argc - 3);
	fprintf(stderr, "usage: perplexity-bench corpus TOKENS FILES SEED DIR\n"
			"       perplexity-bench train ORDER OUT.model INPUT...\n"
			"       perplexity-bench score MODEL INPUT...\n");
	return 2;
}
