/* t3000-ngram: normalisation modes, counting, estimation, interpolation
 * (checked against values worked out by hand), the model file round trip
 * and its validation, the method's header check, and the threshold
 * decider. */
#include "base/alloc.h"
#include "base/file.h"
#include "decide/decider.h"
#include "method/ncleaner-method.h"
#include "method/model-file.h"
#include "method/ncleaner-model.h"
#include "method/ngram.h"
#include "tap.h"

#include <ctype.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

static const char *normalised(enum ngram_mode mode, const char *text)
{
	static struct strbuf out = STRBUF_INIT;
	struct ngram_alphabet alphabet;
	ngram_alphabet_init(&alphabet, mode);
	strbuf_reset(&out);
	ngram_normalise(&alphabet, text, strlen(text), &out);
	return out.buf;
}

/* A model whose clean and dirty halves are both trained on `text`. */
static void build(struct ncleaner_model *model, int order, double q, const char *text)
{
	struct ngram_counts counts;
	struct strbuf sym = STRBUF_INIT;
	struct ngram_alphabet alphabet;

	ngram_alphabet_init(&alphabet, NGRAM_MODE_ASCII);
	ngram_normalise(&alphabet, text, strlen(text), &sym);
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
	struct method *m = ncleaner_method_new(model, order, q, &err);
	double lp[2];
	ncleaner_method_logprob(m, (const unsigned char *)s, strlen(s), lp);
	method_free(m);
	return lp[0];
}

static char *write_temp_len(const char *content, size_t len)
{
	static char path[64];
	strcpy(path, "/tmp/t3000-XXXXXX");
	int fd = mkstemp(path);
	if (fd < 0 || write(fd, content, len) != (ssize_t)len)
		bail("cannot write a temporary file");
	close(fd);
	return path;
}

static char *write_temp(const char *content)
{
	return write_temp_len(content, strlen(content));
}

/* The same for `len` bytes that may hold NULs. */
static void expect_load_error_len(const char *content, size_t len, const char *what,
				  const char *label)
{
	struct ncleaner_model model;
	struct nc_error err = { 0 };
	char *path = write_temp_len(content, len);
	int ret = ncleaner_model_load(&model, path, &err);
	ok(ret < 0 && strstr(err.message, path) && strstr(err.message, what),
	   "%s is refused with a message naming the file: %s", label, err.message);
	if (ret == 0)
		ncleaner_model_release(&model);
	/* The method reads the file its own way (ncleaner_model_read()):
	 * the same refusal, the same message. */
	struct nc_error method_err = { 0 };
	struct method *method = ncleaner_method_load(path, 0, 0, &method_err);
	ok(!method && !strcmp(method_err.message, err.message),
	   "...and by the method, as the same error: %s", method_err.message);
	method_free(method);
	unlink(path);
}

static void expect_load_error(const char *content, const char *what, const char *label)
{
	expect_load_error_len(content, strlen(content), what, label);
}

/* ngram_normalise() one byte at a time, as ngram.h defines the modes. */
static void normalise_by_bytes(enum ngram_mode mode, const char *text, size_t len,
			       struct strbuf *out)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i], s;
		if (c >= 0x80 && mode != NGRAM_MODE_MINIMAL) {
			while (i + 1 < len && ((unsigned char)text[i + 1] & 0xC0) == 0x80)
				i++;
			s = '~';
		} else if (c < 0x20 || c == 0x7F) {
			s = ' ';
		} else if (mode == NGRAM_MODE_SHAPE && isalpha(c)) {
			s = strchr("aeiouAEIOU", c) ? 'a' : 't';
		} else if ((mode == NGRAM_MODE_SHAPE || mode == NGRAM_MODE_NONLEXICAL) && isdigit(c)) {
			s = '0';
		} else if (mode == NGRAM_MODE_NONLEXICAL && isalpha(c)) {
			s = 'a';
		} else {
			s = c;
		}
		if (s == ' ' && out->len && out->buf[out->len - 1] == ' ')
			continue;
		strbuf_addch(out, (char)s);
	}
}

/* Random text whose pieces meet every branch of the eight-bytes-at-a-time
 * path: runs of plain words, single and double spaces, controls, DEL,
 * UTF-8; after a prefix that ends in a space or not. */
static void check_normalise_by_words(void)
{
	static const char *const piece[] = {
		"a", "Word", "plain ascii run", " ", "  ", "\t", "\x01", "\x7f", "\xc3\xa9",
		"\xe2\x82\xac", "~", "0123456789", "AEIOU xyz", "\x80",
	};
	unsigned long seed = 7;
	int same = 1;
	for (int mode = 0; mode <= NGRAM_MODE_MAX; mode++) {
		struct ngram_alphabet alphabet;
		ngram_alphabet_init(&alphabet, (enum ngram_mode)mode);
		for (int round = 0; round < 2000 && same; round++) {
			struct strbuf text = STRBUF_INIT, fast = STRBUF_INIT, slow = STRBUF_INIT;
			size_t pieces = tap_random(&seed) % 30;
			for (size_t i = 0; i < pieces; i++) {
				strbuf_addstr(&text, piece[tap_random(&seed) % (sizeof(piece) / sizeof(*piece))]);
			}
			const char *prefix = round % 2 ? "x " : "x";
			strbuf_addstr(&fast, prefix);
			strbuf_addstr(&slow, prefix);
			ngram_normalise(&alphabet, text.buf, text.len, &fast);
			normalise_by_bytes((enum ngram_mode)mode, text.buf, text.len, &slow);
			if (strcmp(fast.buf, slow.buf)) {
				same = 0;
				diag("mode %d, round %d: '%s' against '%s'", mode, round, fast.buf, slow.buf);
			}
			strbuf_release(&text);
			strbuf_release(&fast);
			strbuf_release(&slow);
		}
	}
	ok(same, "normalisation eight bytes at a time = one at a time, every mode, 8000 random texts");
}

/* The method read straight from the file (ncleaner_method_load()) scores
 * as the method compiled from the model in memory, bit for bit. */
static void check_file_method(const struct ncleaner_model *model, const char *path, int order,
			      const char *label)
{
	static const char *const texts[] = { "", "a", "ab", "ba", "abab b", "Home | News | About",
					     "the quick brown fox \xc3\xa9t\xc3\xa9" };
	struct nc_error err = { 0 };
	struct method *from_memory = ncleaner_method_new(model, order, 0, &err);
	struct method *from_file = ncleaner_method_load(path, order, 0, &err);
	int same = from_memory && from_file;
	struct ngram_alphabet alphabet;
	ngram_alphabet_init(&alphabet, model->mode);
	for (size_t i = 0; same && i < sizeof(texts) / sizeof(*texts); i++) {
		struct strbuf symbols = STRBUF_INIT;
		double a[2], b[2];
		ngram_normalise(&alphabet, texts[i], strlen(texts[i]), &symbols);
		ncleaner_method_logprob(from_memory, (const unsigned char *)symbols.buf, symbols.len, a);
		ncleaner_method_logprob(from_file, (const unsigned char *)symbols.buf, symbols.len, b);
		same = a[0] == b[0] && a[1] == b[1];
		strbuf_release(&symbols);
	}
	ok(same, "%s: the method read from the file scores as the one built in memory (n = %d)%s%s",
	   label, order, err.message[0] ? ": " : "", err.message);
	method_free(from_memory);
	method_free(from_file);
}

/* log2 P(text) by the definition, position by position of the padded
 * string, the history cut to the order and the weights renormalised for a
 * shorter one: what the compiled method must give, up to its floats. */
static double logprob_by_definition(const struct ngram_model *model, int n, double q,
				    const char *text)
{
	ngram_weights w;
	struct ngram_cursor c;
	double sum = 0;
	ngram_weights_init(w, q, n);
	for (ngram_cursor_start(&c, (const unsigned char *)text, strlen(text)); ngram_cursor_next(&c);) {
		int m = c.seen < (size_t)n ? (int)c.seen : n;
		double p[NGRAM_MAX_ORDER + 1];
		for (int j = 1; j <= m; j++)
			p[j] = ngram_model_prob(model, j, c.key & ngram_key_mask(j));
		sum += log2(ngram_interpolate(w[m], p, m));
	}
	return sum;
}

static void check_logprob_by_definition(void)
{
	struct ncleaner_model m;
	build(&m, 5, 0.5, "abcab bca cab abcabc");
	int close = 1;
	for (int n = 1; n <= 5 && close; n++) {
		const char *text = "abcabcbca";
		for (size_t len = 0; len <= strlen(text) && close; len++) {
			char cut[16];
			memcpy(cut, text, len);
			cut[len] = '\0';
			double want = logprob_by_definition(&m.clean, n, 0.5, cut);
			double got = logprob_of(&m, n, 0.5, cut);
			if (fabs(got - want) > 1e-4 * (double)(len + 2)) {
				close = 0;
				diag("n = %d, '%s': %g, by the definition %g", n, cut, got, want);
			}
		}
	}
	ok(close, "log-probabilities as defined, n = 1 to 5, texts shorter and longer than n");
	ncleaner_model_release(&m);
}

/* The one reader of numbers of every model file (model-file.h). */
static void check_model_numbers(void)
{
	double v = 0;
	char long_field[MODEL_NUMBER_MAX_BYTES + 2];
	ok(model_parse_double("0.25", 4, &v) == 0 && v == 0.25, "a number is read");
	ok(model_parse_double("0.25\t7", 4, &v) == 0 && v == 0.25,
	   "...to the field's end, whatever follows");
	ok(model_parse_double("-2.2250738585072014e-308", 24, &v) == 0,
	   "...the longest model_file_add_double() writes");
	static const char *const refused[] = { "", "1.5x", " ", "1e999", "inf", "nan", "0x" };
	int wrong = 0;
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		wrong += model_parse_double(refused[i], strlen(refused[i]), &v) == 0;
	is_int(wrong, 0, "empty, junk after, overflow, infinity, NaN: refused");
	memset(long_field, '0', sizeof(long_field));
	ok(model_parse_double(long_field, MODEL_NUMBER_MAX_BYTES, &v) == 0 && v == 0,
	   "a field of MODEL_NUMBER_MAX_BYTES is read");
	ok(model_parse_double(long_field, MODEL_NUMBER_MAX_BYTES + 1, &v) < 0,
	   "...one byte more is refused");
	struct nc_error err;
	is_int(model_line_error(&err, "m.model", 7, "the %s is wrong", "bias"), -1,
	       "a model line's error is -1");
	ok(err.code == NC_ERR_FORMAT && !strcmp(err.message, "m.model:7: the bias is wrong"),
	   "...names the file and the line: %s", err.message);
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

	check_normalise_by_words();
	check_logprob_by_definition();

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
	FILE *saved = fopen(path, "w");
	ok(saved && ncleaner_model_write(&m3, saved, path, &err) == 0 && fclose(saved) == 0,
	   "model saves");
	struct ncleaner_model loaded;
	ok(ncleaner_model_load(&loaded, path, &err) == 0, "model loads back: %s", err.message);
	is_int(loaded.order, 3, "order survives");
	is_double(loaded.q, 0.5, 0, "q survives");
	is_string(loaded.description, "test model", "description survives");
	is_double(logprob_of(&loaded, 3, 0.5, "ab"), logprob_of(&m3, 3, 0.5, "ab"), 1e-6, "scores survive the round trip");
	check_file_method(&loaded, path, 0, "the round trip's file");
	check_file_method(&loaded, path, 2, "the round trip's file, fewer orders");
	check_file_method(&loaded, path, 1, "the round trip's file, unigrams only");
	{
		/* A k-gram listed twice: the later line counts, either way. */
		struct strbuf twice = STRBUF_INIT;
		struct nc_error e = { 0 };
		read_file(path, 0, &twice, &e);
		char *dirty = strstr(twice.buf, "model\tdirty\n");
		char *line = strstr(twice.buf, "\n2\t") + 1;   /* the clean half's first bigram */
		char *eol = strchr(line, '\n');
		struct strbuf edited = STRBUF_INIT;
		strbuf_add(&edited, twice.buf, (size_t)(dirty - twice.buf));
		strbuf_add(&edited, line, (size_t)(eol - line) - 1);   /* its probability cut short */
		strbuf_addstr(&edited, "5e-05\n");
		strbuf_addstr(&edited, dirty);
		char *end = strstr(edited.buf, "end\t");
		unsigned long entries = strtoul(end + 4, NULL, 10);
		strbuf_setlen(&edited, (size_t)(end - edited.buf));
		strbuf_addf(&edited, "end\t%lu\n", entries + 1);
		char *twice_path = write_temp(edited.buf);
		struct ncleaner_model reloaded;
		ok(ncleaner_model_load(&reloaded, twice_path, &e) == 0, "a k-gram listed twice loads: %s",
		   e.message);
		check_file_method(&reloaded, twice_path, 0, "a k-gram listed twice");
		ncleaner_model_release(&reloaded);
		unlink(twice_path);
		strbuf_release(&twice);
		strbuf_release(&edited);
	}

	/* Corrupt files: truncated, wrong version, bad values, garbage. */
	struct strbuf text = STRBUF_INIT;
	read_file(path, 0, &text, &err);
	{
		/* A NUL inside a number ("end\t12\0junk"): the other loaders
		 * refuse it; so must this one, not read the number before it. */
		struct strbuf nul = STRBUF_INIT;
		strbuf_add(&nul, text.buf, text.len - 1);   /* without the last newline */
		strbuf_add(&nul, "\0junk\n", 6);
		expect_load_error_len(nul.buf, nul.len, "NUL", "a NUL inside the end line's count");
		strbuf_reset(&nul);
		const char *prob = strstr(text.buf, "\n1\t") + 1;
		const char *eol = strchr(prob, '\n');
		strbuf_add(&nul, text.buf, (size_t)(eol - text.buf));   /* up to "1\tKEY\tP" */
		strbuf_add(&nul, "\0", 1);
		strbuf_add(&nul, eol, text.len - (size_t)(eol - text.buf));
		expect_load_error_len(nul.buf, nul.len, "NUL", "a NUL inside a probability");
		strbuf_release(&nul);
	}
	char *last = strstr(text.buf, "end\t");
	*last = '\0';
	expect_load_error(text.buf, "truncated", "a model without its end line");
	text.buf[text.len / 2] = '\0';
	expect_load_error(text.buf, "", "a model cut in the middle");
	expect_load_error("ncleaner-model\t3\nmethod\tncleaner\n", "version 3", "a newer version");
	expect_load_error("ncleaner-model\t2\norder\t3\n", "no method line", "a version 2 file without its method");
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

	/* A model built for another method is refused by name. */
	{
		struct ncleaner_model other;
		struct nc_error e = { 0 };
		const char *other_text = "ncleaner-model\t2\nmethod\tperplexity\norder\t2\n";
		ok(ncleaner_model_parse(&other, "other.model", other_text, strlen(other_text), &e) < 0 &&
		   e.code == NC_ERR_METHOD && strstr(e.message, "built for the method 'perplexity'") &&
		   strstr(e.message, "asked for 'ncleaner'") && strstr(e.message, "other.model"),
		   "a model for another method: %s", e.message);
	}
	/* Version 1 files (no method line) still load, as ncleaner models. */
	{
		char *buf = NULL;
		size_t size = 0;
		FILE *mem = open_memstream(&buf, &size);
		struct ncleaner_model old;
		struct nc_error e = { 0 };
		ncleaner_model_write(&m3, mem, "mem", &e);
		fclose(mem);
		const char *header = "ncleaner-model\t2\nmethod\tncleaner\n";
		ok(!strncmp(buf, header, strlen(header)), "a model file names its method");
		struct strbuf v1 = STRBUF_INIT;
		strbuf_addstr(&v1, "ncleaner-model\t1\n");
		strbuf_addstr(&v1, buf + strlen(header));
		ok(ncleaner_model_parse(&old, "v1.model", v1.buf, v1.len, &e) == 0 && old.order == 3,
		   "a version 1 model (no method line) loads: %s", e.message);
		ncleaner_model_release(&old);
		strbuf_release(&v1);
		free(buf);
	}

	/* The decision rule and the bias (the threshold decider). */
	struct scored_segment seg = { .score = { .cost_clean = 3.0, .cost_dirty = 3.0, .units = 10 } };
	struct decider *d0 = threshold_decider_new(0), *d1 = threshold_decider_new(0.01);
	struct decider *d5 = threshold_decider_new(0.5), *d6 = threshold_decider_new(0.6);
	decider_decide(d0, NULL, &seg, 1, NULL);
	ok(seg.keep, "ties keep");
	decider_decide(d1, NULL, &seg, 1, NULL);
	ok(!seg.keep, "a positive bias drops a tie");
	seg.score.cost_dirty = 3.5;
	decider_decide(d5, NULL, &seg, 1, NULL);
	int keep5 = seg.keep;
	decider_decide(d6, NULL, &seg, 1, NULL);
	ok(keep5 && !seg.keep, "bias is in bits");
	decider_free(d0);
	decider_free(d1);
	decider_free(d5);
	decider_free(d6);

	struct nc_error e2;
	ok(ncleaner_method_new(&m3, 4, 0.5, &e2) == NULL && strstr(e2.message, "larger"),
	   "n larger than trained is refused");

	/* The shipped model, when the source tree is at hand. */
	const char *top = getenv("top_srcdir");
	char shipped[4096];
	snprintf(shipped, sizeof(shipped), "%s/models/english.model", top && *top ? top : ".");
	struct ncleaner_model english;
	struct nc_error e3 = { 0 };
	if (access(shipped, R_OK) == 0 && ncleaner_model_load(&english, shipped, &e3) == 0) {
		check_file_method(&english, shipped, 0, "models/english.model");
		ncleaner_model_release(&english);
	} else {
		skip("models/english.model not found (top_srcdir unset)");
	}

	check_model_numbers();
	ncleaner_model_release(&m2);
	ncleaner_model_release(&m3);
	ncleaner_model_release(&loaded);
	return done_testing();
}
