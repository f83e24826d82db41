/* t3520-model-numbers: reading a model's numbers without strtod (issue 33,
 * item 12). model_parse_double()'s fast path gives strtod's bits for every
 * number of every shipped model and for random ones; the number sidecar
 * (model-numbers.h) gives them too, through the shipped sidecars, which
 * must be fresh; a sidecar made from another text, truncated, damaged, of
 * the other byte order or forged is not used, and the numbers are then
 * read from the text, the same; the logistic model loads the same with
 * and without its sidecar. */
#include "method/logistic.h"
#include "method/model-file.h"
#include "method/model-numbers.h"
#include "method/model-sidecar.h"
#include "sidecar-test.h"
#include "base/file.h"
#include "tap.h"

#include <errno.h>
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const shipped[] = {
	"english.model", "nonlex.model", "perplexity.model", "ice-dt.model", "ice-lm.model",
	"logistic.model", "logistic-ngram.model", "article.model",
};
/* The shipped models with a sidecar (models/Makefile.models). */
static const char *const with_sidecar[] = { "logistic.model", "article.model" };

static const char *model_path(const char *name)
{
	static char path[4096];
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof(path), "%s/models/%s", top && *top ? top : ".", name);
	return path;
}

/* strtod(3) of the field as model_parse_double() documents it: 0 with the
 * value, or -1. */
static int reference(const char *text, size_t len, double *value)
{
	char buf[MODEL_NUMBER_MAX_BYTES + 1], *stop;
	if (len == 0 || len > MODEL_NUMBER_MAX_BYTES)
		return -1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	errno = 0;
	*value = strtod(buf, &stop);
	return *stop || errno || !isfinite(*value) ? -1 : 0;
}

static int same_bits(double a, double b)
{
	return !memcmp(&a, &b, sizeof(a));
}

/* Every field of `text` (between TABs and newlines) read by `numbers`
 * (NULL: model_parse_double()) and by strtod: how many differ, in value
 * bits or in refusal; *read counts the numbers. */
static size_t compare_fields(const char *text, size_t len, struct model_numbers *numbers,
			     size_t *read)
{
	size_t wrong = 0;
	*read = 0;
	for (size_t start = 0, end; start < len; start = end + 1) {
		for (end = start; end < len && text[end] != '\t' && text[end] != '\n'; end++)
			;
		double got = 0, want = 0;
		int got_ok = numbers ? model_numbers_parse(numbers, text + start, end - start, &got)
				     : model_parse_double(text + start, end - start, &got);
		int want_ok = reference(text + start, end - start, &want);
		if (got_ok != want_ok || (want_ok == 0 && !same_bits(got, want))) {
			if (wrong++ < 3)
				diag("  offset %zu '%.*s': %d %.17g, strtod %d %.17g", start,
				     (int)(end - start), text + start, got_ok, got, want_ok, want);
		}
		*read += want_ok == 0;
	}
	return wrong;
}

static void test_shipped_fast_path(void)
{
	for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
		struct strbuf text = STRBUF_INIT;
		struct nc_error err;
		size_t read = 0;
		if (read_file(model_path(shipped[i]), 0, &text, &err) < 0) {
			skip("%s: %s", shipped[i], err.message);
			continue;
		}
		size_t wrong = compare_fields(text.buf, text.len, NULL, &read);
		is_int(wrong, 0, "%s: its %zu numbers read without the sidecar are strtod's, bit "
		       "for bit", shipped[i], read);
		strbuf_release(&text);
	}
}

/* A random decimal of the shapes model files hold, and of others. */
static void random_decimal(unsigned long *seed, char *buf, size_t size)
{
	double x;
	unsigned long r = tap_random(seed);
	switch (r % 4) {
	case 0:   /* a shortest round-trip double */
		x = ldexp((double)(tap_random(seed) % 1000000007) / 1000000007.0,
			  (int)(tap_random(seed) % 80) - 60);
		snprintf(buf, size, "%.*g", 1 + (int)(tap_random(seed) % 17), r & 16 ? -x : x);
		break;
	case 1: { /* digits, a point somewhere, an exponent */
		int digits = 1 + (int)(tap_random(seed) % 21), point = (int)(tap_random(seed) % 22);
		size_t n = 0;
		if (r & 32)
			buf[n++] = '-';
		for (int d = 0; d < digits && n + 8 < size; d++) {
			if (d == point)
				buf[n++] = '.';
			buf[n++] = (char)('0' + tap_random(seed) % 10);
		}
		if (r & 64)
			n += (size_t)snprintf(buf + n, size - n, "e%d", (int)(tap_random(seed) % 61) - 30);
		buf[n] = '\0';
		break;
	}
	case 2:   /* a whole number */
		snprintf(buf, size, "%lu", tap_random(seed) % (r & 8 ? 100000UL : 0xffffffffUL));
		break;
	default: { /* odd syntax strtod reads or refuses */
		static const char *const odd[] = {
			"", ".", "-", "+", "e5", "1e", "1e+", ".5", "5.", "-0", "+0.0", "0x10",
			" 1", "1 ", "1..2", "inf", "nan", "1e999", "1e-999", "00000000000000000000001",
			"9007199254740993", "9007199254740992", "1.7976931348623157e308",
			"4.9e-324", "1e22", "1e23", "123456789012345678901234567890", "--1", "1e-22",
			"-0.0007454256386524327", "0.00000000000000000001234567890123456789",
			"0.000000000000000000012345678901234567891", "000000000000000000009007199254740993",
		};
		snprintf(buf, size, "%s", odd[tap_random(seed) % (sizeof(odd) / sizeof(odd[0]))]);
	}
	}
}

/* `count` random numbers read by model_parse_double() and by strtod: how
 * many differ (a value or its bits, or one refused); in *fast how many the
 * fast path read alone. */
static size_t random_differ(unsigned long *seed, int count, size_t *fast)
{
	size_t wrong = 0;
	for (int i = 0; i < count; i++) {
		char buf[64];
		double got = 0, want = 0;
		random_decimal(seed, buf, sizeof(buf));
		size_t len = strlen(buf);
		int got_ok = model_parse_double(buf, len, &got), want_ok = reference(buf, len, &want);
		*fast += model_parse_exact_decimal(buf, len, &got) && want_ok == 0;
		if (got_ok != want_ok || (want_ok == 0 && !same_bits(got, want))) {
			if (wrong++ < 3)
				diag("  '%s': %d %.17g, strtod %d %.17g", buf, got_ok, got, want_ok, want);
		}
	}
	return wrong;
}

static void test_random_fast_path(void)
{
	unsigned long seed = 33;
	size_t fast = 0;
	is_int(random_differ(&seed, 200000, &fast), 0,
	       "200,000 random numbers read as strtod reads them, bit for bit");
	ok(fast > 50000, "...%zu of them without strtod", fast);

	/* In a directed rounding mode strtod rounds the signed value: so must
	 * the fast path (an embedding program may have set one). */
	static const int modes[] = { FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO };
	for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
		if (fesetround(modes[m]) != 0) {
			skip("this machine cannot set rounding mode %zu", m);
			continue;
		}
		size_t wrong = random_differ(&seed, 20000, &fast);
		fesetround(FE_TONEAREST);
		is_int(wrong, 0, "...and 20,000 more in directed rounding mode %zu", m);
	}
}

static void test_shipped_sidecars(void)
{
	for (size_t i = 0; i < sizeof(with_sidecar) / sizeof(with_sidecar[0]); i++) {
		struct strbuf text = STRBUF_INIT;
		struct model_numbers numbers;
		struct nc_error err;
		size_t read = 0;
		const char *path = model_path(with_sidecar[i]);
		if (read_file(path, 0, &text, &err) < 0) {
			skip("%s: %s", with_sidecar[i], err.message);
			skip("%s", with_sidecar[i]);
			skip("%s", with_sidecar[i]);
			skip("%s", with_sidecar[i]);
			continue;
		}
		int used = model_numbers_open(&numbers, path, text.buf, text.len);
		ok(used && numbers.count > 1000, "%s's sidecar is fresh (%s): %zu numbers",
		   with_sidecar[i], used ? "in use" : numbers.unused, numbers.count);
		size_t wrong = compare_fields(text.buf, text.len, &numbers, &read);
		is_int(wrong, 0, "...its %zu numbers read through it are strtod's, bit for bit",
		       read);
		is_int(numbers.next, numbers.count, "...and every number it holds was read from it");
		/* Fresh is not enough: a sidecar made before the fast path
		 * took more numbers holds those too, and one made before it
		 * took fewer lacks some (strtod reads them: slower, as right). */
		struct strbuf sidecar = STRBUF_INIT, rebuilt = STRBUF_INIT;
		struct strbuf num_path = STRBUF_INIT;
		size_t count;
		strbuf_addf(&num_path, "%s.num", path);
		model_numbers_build(text.buf, text.len, &rebuilt, &count);
		ok(read_file(num_path.buf, 0, &sidecar, &err) == 0 && sidecar.len == rebuilt.len &&
		   !memcmp(sidecar.buf, rebuilt.buf, rebuilt.len),
		   "...and it is what the model's text makes now, byte for byte (%zu numbers; "
		   "`make model-sidecars` makes it again)", count);
		strbuf_release(&num_path);
		strbuf_release(&sidecar);
		strbuf_release(&rebuilt);
		model_numbers_release(&numbers);
		strbuf_release(&text);
	}
}

/* A model whose text has numbers only strtod reads (17 digits). */
static void sample_model(struct strbuf *out)
{
	struct logistic_model model;
	memset(&model, 0, sizeof(model));
	model.bias = -0.21571748747992323;
	model.plain_bias = 1.0 / 3;
	for (int f = 0; f < LOGISTIC_FEATURES; f++) {
		model.weights[f] = f == LF_NGRAM_LLR || f == LF_NGRAM_EVIDENCE ? 0 : sin(f + 1) / 7;
		model.plain_weights[f] = f == LF_NGRAM_LLR || f == LF_NGRAM_EVIDENCE ? 0 : cos(f + 1) / 3;
	}
	logistic_model_write(&model, out);
}


/* Open `sidecar` (bytes) as the sidecar of `text`: whether it is used, and
 * whether every number still reads as strtod reads it. */
static int try_sidecar(const struct strbuf *text, const void *sidecar, size_t len,
		       const char *why, const char *title)
{
	struct model_numbers numbers;
	size_t read;
	write_bytes(work_path("m.model.num"), sidecar, len);
	int used = model_numbers_open(&numbers, work_path("m.model"), text->buf, text->len);
	if (why) {
		ok(!used && numbers.unused && strstr(numbers.unused, why),
		   "%s: not used (%s)", title, numbers.unused ? numbers.unused : "used");
	} else {
		ok(used, "%s: used", title);
	}
	is_int(compare_fields(text->buf, text->len, &numbers, &read), 0,
	       "...the numbers are strtod's all the same");
	model_numbers_release(&numbers);
	return used;
}

static void test_bad_sidecars(void)
{
	struct strbuf text = STRBUF_INIT, good = STRBUF_INIT, bad = STRBUF_INIT;
	size_t count;
	sample_model(&text);
	write_bytes(work_path("m.model"), text.buf, text.len);
	model_numbers_build(text.buf, text.len, &good, &count);
	ok(count > 40, "a sample model's sidecar holds its %zu 17-digit numbers", count);
	try_sidecar(&text, good.buf, good.len, NULL, "its sidecar");

	/* The text edited by one digit of a number the sidecar holds. */
	struct strbuf edited = STRBUF_INIT;
	strbuf_add(&edited, text.buf, text.len);
	char *digit = strstr(edited.buf, "bias\t-0.2157") + 11;
	*digit = *digit == '7' ? '8' : '7';
	write_bytes(work_path("m.model"), edited.buf, edited.len);
	try_sidecar(&edited, good.buf, good.len, "another text", "a stale sidecar (a digit edited)");
	strbuf_setlen(&edited, edited.len - 1);   /* and of another size */
	try_sidecar(&edited, good.buf, good.len, "another text", "...a byte shorter");
	write_bytes(work_path("m.model"), text.buf, text.len);

	try_sidecar(&text, good.buf, good.len - 1, "truncated", "truncated by a byte");
	try_sidecar(&text, good.buf, good.len - 12, "truncated", "...by a number");
	try_sidecar(&text, good.buf, 20, "not a number sidecar", "...inside the header");
	try_sidecar(&text, "", 0, "not a number sidecar", "empty");
	strbuf_add(&bad, good.buf, good.len);
	strbuf_addstr(&bad, "12345678");
	try_sidecar(&text, bad.buf, bad.len, "too long", "longer by a few bytes");

	strbuf_reset(&bad);
	strbuf_add(&bad, good.buf, good.len);
	bad.buf[48 + 8 * 3 + 2] ^= 0x10;   /* a bit of a value */
	try_sidecar(&text, bad.buf, bad.len, "damaged", "a bit of a value flipped");
	bad.buf[48 + 8 * 3 + 2] ^= 0x10;
	bad.buf[bad.len - 3] ^= 0x01;     /* a bit of a place */
	try_sidecar(&text, bad.buf, bad.len, "damaged", "a bit of a place flipped");

	/* The other byte order. */
	strbuf_reset(&bad);
	strbuf_add(&bad, good.buf, good.len);
	swap_header_order(&bad);
	try_sidecar(&text, bad.buf, bad.len, "byte order", "the other byte order");

	strbuf_reset(&bad);
	strbuf_add(&bad, good.buf, good.len);
	bad.buf[8]++;
	try_sidecar(&text, bad.buf, bad.len, "version", "another version");
	bad.buf[8]--;
	bad.buf[0] = 'X';
	try_sidecar(&text, bad.buf, bad.len, "not a number sidecar", "another magic");

	/* Forgeries: the hashes made right, the contents wrong. */
	strbuf_reset(&bad);
	strbuf_add(&bad, good.buf, good.len);
	double nan_value = NAN;
	memcpy(bad.buf + 48, &nan_value, 8);
	rehash(&bad);
	try_sidecar(&text, bad.buf, bad.len, "damaged", "a NaN among the values");
	strbuf_reset(&bad);
	strbuf_add(&bad, good.buf, good.len);
	uint64_t n = get64(&good, 32);
	size_t places = 48 + 8 * n;
	memcpy(bad.buf + places, good.buf + places + 4, 4);   /* two places swapped */
	memcpy(bad.buf + places + 4, good.buf + places, 4);
	rehash(&bad);
	try_sidecar(&text, bad.buf, bad.len, "damaged", "places out of order");
	strbuf_reset(&bad);
	strbuf_add(&bad, good.buf, good.len);
	uint32_t outside = (uint32_t)(text.len + 5) << MODEL_NUMBERS_LENGTH_BITS | 3;
	memcpy(bad.buf + places + 4 * (n - 1), &outside, 4);
	rehash(&bad);
	try_sidecar(&text, bad.buf, bad.len, "damaged", "a place past the text");

	/* A forged value at a place the text holds no plain number: read from the text. */
	strbuf_reset(&bad);
	strbuf_add(&bad, good.buf, good.len);
	const char *word = strstr(text.buf, "\nend\n") + 1;
	uint32_t at_word = (uint32_t)(word - text.buf) << MODEL_NUMBERS_LENGTH_BITS | 3;
	memcpy(bad.buf + places + 4 * (n - 1), &at_word, 4);   /* the last place is before it */
	rehash(&bad);
	try_sidecar(&text, bad.buf, bad.len, NULL, "a place on the word 'end'");
	struct model_numbers numbers;
	double v;
	model_numbers_open(&numbers, work_path("m.model"), text.buf, text.len);
	ok(model_numbers_parse(&numbers, word, 3, &v) < 0, "...where no number is read");
	model_numbers_release(&numbers);

	unlink(work_path("m.model.num"));
	struct nc_error err;
	ok(model_numbers_open(&numbers, work_path("m.model"), text.buf, text.len) == 0 &&
	   !strcmp(numbers.unused, "none"), "no sidecar: none used");
	model_numbers_release(&numbers);
	unlink(work_path("m.model.num"));
	ok(model_numbers_write(work_path("m.model"), &count, &err) == 0,
	   "model_numbers_write() writes one beside the model");
	struct strbuf written = STRBUF_INIT;
	read_file(work_path("m.model.num"), 0, &written, &err);
	ok(written.len == good.len && !memcmp(written.buf, good.buf, good.len),
	   "...the same bytes as model_numbers_build()");
	write_bytes(work_path("not.model"), "hello\n", 6);
	ok(model_numbers_write(work_path("not.model"), &count, &err) < 0 &&
	   access(work_path("not.model.num"), F_OK) != 0, "...and none for a file that is no model");
	unlink(work_path("not.model"));
	unlink(work_path("m.model.num"));
	unlink(work_path("m.model"));
	strbuf_release(&written);
	strbuf_release(&edited);
	strbuf_release(&text);
	strbuf_release(&good);
	strbuf_release(&bad);
}

/* The same model, loaded with its sidecar and without. */
static void test_logistic_load(void)
{
	const char *path = model_path("logistic.model");
	struct strbuf text = STRBUF_INIT, with = STRBUF_INIT, without = STRBUF_INIT;
	struct logistic_model a, b;
	struct model_numbers numbers;
	struct nc_error err;
	if (read_file(path, 0, &text, &err) < 0) {
		skip("%s", err.message);
		return;
	}
	model_numbers_open(&numbers, path, text.buf, text.len);
	int ret = logistic_model_parse_numbers(&a, path, text.buf, text.len, &numbers, &err);
	ok(ret == 0 && numbers.count && numbers.next == numbers.count,
	   "the logistic model loads through its sidecar, every number of it read");
	ok(logistic_model_parse(&b, path, text.buf, text.len, &err) == 0, "...and without");
	logistic_model_write(&a, &with);
	logistic_model_write(&b, &without);
	ok(with.len == without.len && !memcmp(with.buf, without.buf, with.len) &&
	   same_bits(a.bias, b.bias) && !memcmp(a.weights, b.weights, sizeof(a.weights)),
	   "...the same model");
	logistic_model_release(&a);
	logistic_model_release(&b);
	model_numbers_release(&numbers);
	strbuf_release(&text);
	strbuf_release(&with);
	strbuf_release(&without);
}

int main(void)
{
	if (!mkdtemp(work_dir))
		bail("cannot make a temporary directory");
	test_shipped_fast_path();
	test_random_fast_path();
	test_shipped_sidecars();
	test_bad_sidecars();
	test_logistic_load();
	rmdir(work_dir);
	return done_testing();
}
