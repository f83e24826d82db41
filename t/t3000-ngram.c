/* t3000-ngram: normalisation modes, counting, estimation, interpolation
 * (checked against values worked out by hand), the model file round trip
 * and its validation. */
#include "classify.h"
#include "model.h"
#include "ngram.h"
#include "util.h"
#include "tap.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

static const char *normalised(enum ngram_mode mode, const char *text)
{
	static struct strbuf out = STRBUF_INIT;
	strbuf_reset(&out);
	ngram_normalise(mode, text, strlen(text), &out);
	return out.buf;
}

/* A model whose clean and dirty halves are both trained on `text`. */
static void build(struct ncleaner_model *model, int order, double q, const char *text)
{
	struct ngram_counts counts;
	struct strbuf sym = STRBUF_INIT;

	ngram_normalise(NGRAM_MODE_ASCII, text, strlen(text), &sym);
	ngram_counts_init(&counts, order);
	ngram_counts_add(&counts, (unsigned char *)sym.buf, sym.len, 1);
	ncleaner_model_init(model, order, q, NGRAM_MODE_ASCII);
	ngram_model_estimate(&model->clean, &counts, NGRAM_MODE_ASCII);
	ngram_model_estimate(&model->dirty, &counts, NGRAM_MODE_ASCII);
	ngram_counts_release(&counts);
	strbuf_release(&sym);
}

static double logprob_of(const struct ncleaner_model *model, int order, double q, const char *s)
{
	struct nc_error err;
	struct ngram_classifier *c = ngram_classifier_new(model, order, q, &err);
	double lp[2];
	ngram_classifier_logprob(c, (const unsigned char *)s, strlen(s), lp);
	ngram_classifier_free(c);
	return lp[0];
}

static char *write_temp(const char *content)
{
	static char path[64];
	strcpy(path, "/tmp/t3000-XXXXXX");
	int fd = mkstemp(path);
	if (fd < 0 || write(fd, content, strlen(content)) != (ssize_t)strlen(content))
		bail("cannot write a temporary file");
	close(fd);
	return path;
}

static void expect_load_error(const char *content, const char *what, const char *label)
{
	struct ncleaner_model model;
	struct nc_error err = { 0 };
	char *path = write_temp(content);
	int ret = ncleaner_model_load(&model, path, &err);
	ok(ret < 0 && strstr(err.message, path) && strstr(err.message, what),
	   "%s is refused with a message naming the file: %s", label, err.message);
	unlink(path);
}

int main(void)
{
	/* Modes. */
	is_string(normalised(NGRAM_MODE_MINIMAL, "Caf\xc3\xa9\t 1"), "Caf\xc3\xa9 1", "mode 0 keeps bytes, folds white space");
	is_string(normalised(NGRAM_MODE_ASCII, "Caf\xc3\xa9 \xe2\x82\xac" "1"), "Caf~ ~1", "mode 1: one ~ per non-ASCII character");
	is_string(normalised(NGRAM_MODE_SHAPE, "Home Page 42!"), "tata tata 00!", "mode 2: vowels a, consonants t, digits 0");
	is_string(normalised(NGRAM_MODE_NONLEXICAL, "Home Page 42!"), "aaaa aaaa 00!", "mode 3: letters a, digits 0");
	is_int(ngram_alphabet_size(NGRAM_MODE_ASCII), 96, "mode 1 alphabet: 95 printable ASCII + boundary");
	is_int(ngram_alphabet_size(NGRAM_MODE_NONLEXICAL), 36, "mode 3 alphabet: 33 symbols + a + 0 + boundary");

	/* Weights. */
	is_double(ngram_weight(0.5, 2, 2), 2.0 / 3, 1e-12, "w(q=.5, n=2, j=2) = 2/3");
	is_double(ngram_weight(0.5, 3, 1), 1.0 / 7, 1e-12, "w(q=.5, n=3, j=1) = 1/7");
	double sum = 0;
	for (int j = 1; j <= 6; j++)
		sum += ngram_weight(0.4, 6, j);
	is_double(sum, 1, 1e-12, "weights sum to 1");

	/* Hand-computed probabilities: "ab" padded is B a b B. Unigrams
	 * B:2 a:1 b:1, add-one over 96 symbols: p(a) = 2/100, p(B) = 3/100.
	 * Bigrams Ba, ab, bB each have conditional probability 1. */
	struct ncleaner_model m2;
	build(&m2, 2, 0.5, "ab");
	is_double(m2.clean.unigram['a'], 0.02, 1e-12, "add-one unigram p(a) = 2/100");
	is_double(m2.clean.unigram[NGRAM_BOUNDARY], 0.03, 1e-12, "add-one unigram p(B) = 3/100");
	is_double(ngram_model_prob(&m2.clean, 2, ('a' << 8) | 'b'), 1, 1e-12, "p(b | a) = 1");
	double want = log2(0.03) + 2 * log2(2.0 / 3 + 0.02 / 3) + log2(2.0 / 3 + 0.03 / 3);
	is_double(logprob_of(&m2, 2, 0.5, "ab"), want, 1e-5, "log2 P(ab), n = 2, q = 0.5");
	want = log2(0.03) + 2 * log2(0.02 / 3) + log2(0.03 / 3);
	is_double(logprob_of(&m2, 2, 0.5, "ba"), want, 1e-5, "log2 P(ba): unseen bigrams fall back to weighted unigrams");
	is_double(logprob_of(&m2, 1, 0.5, "ab"), log2(0.03) * 2 + log2(0.02) * 2, 1e-5, "n = 1 is the unigram model");

	/* Shrinking history with n = 3: position 1 uses order-2 weights (2/3,
	 * 1/3), position 2 on full order-3 weights (4/7, 2/7, 1/7). */
	struct ncleaner_model m3;
	build(&m3, 3, 0.5, "ab");
	want = log2(0.03) + log2(2.0 / 3 + 0.02 / 3) + log2(4.0 / 7 + 2.0 / 7 + 0.02 / 7) +
	       log2(4.0 / 7 + 2.0 / 7 + 0.03 / 7);
	is_double(logprob_of(&m3, 3, 0.5, "ab"), want, 1e-5, "log2 P(ab), n = 3: shrinking history");

	/* Round trip. */
	m3.description = xstrdup("test model");
	char path[] = "/tmp/t3000-model-XXXXXX";
	close(mkstemp(path));
	struct nc_error err = { 0 };
	ok(ncleaner_model_save(&m3, path, &err) == 0, "model saves");
	struct ncleaner_model loaded;
	ok(ncleaner_model_load(&loaded, path, &err) == 0, "model loads back: %s", err.message);
	is_int(loaded.order, 3, "order survives");
	is_double(loaded.q, 0.5, 0, "q survives");
	is_string(loaded.description, "test model", "description survives");
	is_double(logprob_of(&loaded, 3, 0.5, "ab"), logprob_of(&m3, 3, 0.5, "ab"), 1e-6, "scores survive the round trip");

	/* Corrupt files: truncated, wrong version, bad values, garbage. */
	struct strbuf text = STRBUF_INIT;
	read_file(path, 0, &text, &err);
	char *last = strstr(text.buf, "end\t");
	*last = '\0';
	expect_load_error(text.buf, "truncated", "a model without its end line");
	text.buf[text.len / 2] = '\0';
	expect_load_error(text.buf, "", "a model cut in the middle");
	expect_load_error("ncleaner-model\t2\n", "version 2", "a newer version");
	expect_load_error("\x7f" "ELF\x01\x02binary junk", "not an ncleaner model", "a binary file");
	expect_load_error("", "no end line", "an empty file");
	expect_load_error("ncleaner-model\t1\norder\t9\n", "order must be", "order 9");
	expect_load_error("ncleaner-model\t1\norder\t2\nq\t0.5\nmode\t1\nbias\t0\nmodel\tclean\n1\ta\t1.5\n",
			  "probability must be", "a probability above 1");
	expect_load_error("ncleaner-model\t1\norder\t2\nq\t0.5\nmode\t1\nbias\t0\nmodel\tclean\n2\tabc\t0.5\n",
			  "as many symbols", "a key of the wrong length");
	strbuf_release(&text);
	unlink(path);
	struct ncleaner_model missing;
	ok(ncleaner_model_load(&missing, "/nonexistent.model", &err) < 0 && err.code == NC_ERR_IO,
	   "a missing model file is an I/O error");

	/* The decision rule and the bias. */
	struct ngram_score score = { 3.0, 3.0, 10 };
	ok(ngram_decide(&score, 0), "ties keep");
	ok(!ngram_decide(&score, 0.01), "a positive bias drops a tie");
	score.h_dirty = 3.5;
	ok(ngram_decide(&score, 0.5) && !ngram_decide(&score, 0.6), "bias is in bits");

	struct nc_error e2;
	ok(ngram_classifier_new(&m3, 4, 0.5, &e2) == NULL && strstr(e2.message, "larger"),
	   "n larger than trained is refused");

	ncleaner_model_release(&m2);
	ncleaner_model_release(&m3);
	ncleaner_model_release(&loaded);
	return done_testing();
}
