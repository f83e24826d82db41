/* model-numbers.c: the number sidecar of a model file (see model-numbers.h):
 * making it, checking it against the text, and reading numbers through it. */
#include "method/model-numbers.h"
#include "method/model-file.h"
#include "base/file.h"
#include "base/limits.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_BYTES 48
#define BYTE_ORDER_MARK UINT32_C(0x01020304)
static const char magic[8] = "NCNUMS\0";   /* with the string's NUL, 8 bytes */

/* --- the hash ---------------------------------------------------------------- */

#define HASH_SEED UINT64_C(0x6e636c65616e6572)       /* "ncleaner" */
#define HASH_MULTIPLIER UINT64_C(0x9e3779b97f4a7c15)  /* odd: x * it is a bijection */

/* One step: the word is mixed in by xor, then the state goes through a
 * bijection (an odd multiplier, then an xor-shift); so, given the rest,
 * a change of one word always changes the state, and what follows keeps
 * it changed. Three dependent instructions a word: about one instruction
 * a byte. */
static inline uint64_t hash_step(uint64_t h, uint64_t word)
{
	h = (h ^ word) * HASH_MULTIPLIER;
	return h ^ (h >> 29);
}

uint64_t model_numbers_hash(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = HASH_SEED, word;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		memcpy(&word, p + i, 8);
		h = hash_step(h, word);
	}
	word = 0;
	memcpy(&word, p + i, len - i);
	h = hash_step(hash_step(h, word), (uint64_t)len);
	/* A last mixing so that every bit of the state reaches every bit. */
	h ^= h >> 33;
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	return h;
}

/* --- the layout ------------------------------------------------------------ */

static uint32_t load32(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static uint64_t load64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static double load_double(const unsigned char *p)
{
	double v;
	memcpy(&v, p, 8);
	return v;
}

static void add32(struct strbuf *out, uint32_t v)
{
	strbuf_add(out, &v, 4);
}

static void add64(struct strbuf *out, uint64_t v)
{
	strbuf_add(out, &v, 8);
}

/* A field's place, or 0 when it cannot have one (offset 0 is the magic
 * line's, never a number). */
static uint32_t place_of(size_t offset, size_t len)
{
	if (offset == 0 || offset > MODEL_NUMBERS_MAX_OFFSET || len == 0 ||
	    len > MODEL_NUMBER_MAX_BYTES)
		return 0;
	return (uint32_t)offset << MODEL_NUMBERS_LENGTH_BITS | (uint32_t)len;
}

void model_numbers_build(const char *text, size_t len, struct strbuf *out, size_t *count)
{
	struct strbuf values = STRBUF_INIT, places = STRBUF_INIT;
	size_t held = 0;
	for (size_t start = 0, end; start < len; start = end + 1) {
		for (end = start; end < len && text[end] != '\t' && text[end] != '\n'; end++)
			;
		double value;
		uint32_t place = place_of(start, end - start);
		if (place && !model_parse_exact_decimal(text + start, end - start, &value) &&
		    model_parse_double(text + start, end - start, &value) == 0) {
			strbuf_add(&values, &value, sizeof(value));
			add32(&places, place);
			held++;
		}
	}
	struct strbuf body = STRBUF_INIT;
	strbuf_add(&body, values.buf, values.len);
	strbuf_add(&body, places.buf, places.len);
	strbuf_add(out, magic, sizeof(magic));
	add32(out, MODEL_NUMBERS_VERSION);
	add32(out, BYTE_ORDER_MARK);
	add64(out, (uint64_t)len);
	add64(out, model_numbers_hash(text, len));
	add64(out, (uint64_t)held);
	add64(out, model_numbers_hash(body.buf, body.len));
	strbuf_add(out, body.buf, body.len);
	strbuf_release(&body);
	strbuf_release(&values);
	strbuf_release(&places);
	if (count)
		*count = held;
}

int model_numbers_write(const char *model_path, size_t *count, struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT, out = STRBUF_INIT, path = STRBUF_INIT;
	struct model_file_header header;
	struct atomic_file file;
	int ret = -1;

	atomic_file_init(&file);
	if (read_file(model_path, MODEL_MAX_BYTES, &text, err) < 0 ||
	    model_file_read_header(model_path, text.buf, text.len, MODEL_FILE_VERSION, &header,
				   err) < 0)
		goto done;
	model_numbers_build(text.buf, text.len, &out, count);
	strbuf_addf(&path, "%s%s", model_path, MODEL_NUMBERS_SUFFIX);
	if (atomic_file_open(&file, path.buf, err) < 0)
		goto done;
	if (fwrite(out.buf, 1, out.len, file.stream) != out.len) {
		atomic_file_abort(&file);
		nc_error_set(err, NC_ERR_IO, "%s: cannot write", path.buf);
		goto done;
	}
	ret = atomic_file_commit(&file, err);
done:
	strbuf_release(&text);
	strbuf_release(&out);
	strbuf_release(&path);
	return ret;
}

/* --- using one ------------------------------------------------------------- */

void model_numbers_init(struct model_numbers *numbers)
{
	memset(numbers, 0, sizeof(*numbers));
	strbuf_init(&numbers->file);
}

void model_numbers_release(struct model_numbers *numbers)
{
	strbuf_release(&numbers->file);
	model_numbers_init(numbers);
}

/* Why the sidecar in `numbers->file` cannot serve `text`, or NULL. */
static const char *check(struct model_numbers *numbers, const char *text, size_t len)
{
	const unsigned char *p = (const unsigned char *)numbers->file.buf;
	size_t size = numbers->file.len;
	if (size < HEADER_BYTES || memcmp(p, magic, sizeof(magic)))
		return "not a number sidecar";
	if (load32(p + 8) != MODEL_NUMBERS_VERSION)
		return "another version";
	if (load32(p + 12) != BYTE_ORDER_MARK)
		return "another byte order";
	if (load64(p + 16) != (uint64_t)len || load64(p + 24) != model_numbers_hash(text, len))
		return "made from another text (the model was changed)";
	uint64_t count = load64(p + 32);
	if (count > (size - HEADER_BYTES) / 12 || HEADER_BYTES + count * 12 != size)
		return "truncated or too long";
	if (load64(p + 40) != model_numbers_hash(p + HEADER_BYTES, size - HEADER_BYTES))
		return "damaged";
	const unsigned char *values = p + HEADER_BYTES, *places = values + count * 8;
	uint32_t last = 0;
	for (size_t i = 0; i < count; i++) {
		uint32_t place = load32(places + 4 * i);
		size_t offset = place >> MODEL_NUMBERS_LENGTH_BITS;
		size_t length = place & ((1u << MODEL_NUMBERS_LENGTH_BITS) - 1);
		if (place <= last || length == 0 || offset + length > len ||
		    !isfinite(load_double(values + 8 * i)))
			return "damaged (a place or a value)";
		last = place;
	}
	numbers->count = (size_t)count;
	numbers->values = values;
	numbers->places = places;
	return NULL;
}

int model_numbers_open(struct model_numbers *numbers, const char *model_path, const char *text,
		       size_t len)
{
	struct strbuf path = STRBUF_INIT;
	struct nc_error err;

	model_numbers_init(numbers);
	strbuf_addf(&path, "%s%s", model_path, MODEL_NUMBERS_SUFFIX);
	/* At most a number in every second byte of the text. */
	size_t max = HEADER_BYTES + 12 * (len / 2 + 1);
	if (read_file(path.buf, max, &numbers->file, &err) < 0)
		numbers->unused = err.code == NC_ERR_LIMIT ? "too long" : "none";
	else
		numbers->unused = check(numbers, text, len);
	strbuf_release(&path);
	if (numbers->unused) {
		const char *why = numbers->unused;
		model_numbers_release(numbers);
		numbers->unused = why;
		return 0;
	}
	numbers->text = text;
	numbers->text_len = len;
	return 1;
}

/* The bytes a number of the sidecar's may be made of: a cheap check that
 * the text holds a number where the sidecar says (strtod, which made the
 * sidecar, read all of these; a field in its other syntax, such as hex,
 * is read by strtod again). */
static int plain_number_bytes(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' ||
		      c == 'E'))
			return 0;
	}
	return 1;
}

/* The index of `place` among the sidecar's, or count. */
static size_t find_place(const struct model_numbers *numbers, uint32_t place)
{
	size_t low = 0, high = numbers->count;
	if (numbers->next < high && load32(numbers->places + 4 * numbers->next) == place)
		return numbers->next;
	while (low < high) {
		size_t mid = low + (high - low) / 2;
		uint32_t at = load32(numbers->places + 4 * mid);
		if (at == place)
			return mid;
		if (at < place)
			low = mid + 1;
		else
			high = mid;
	}
	return numbers->count;
}

int model_numbers_parse(struct model_numbers *numbers, const char *text, size_t len,
			double *value)
{
	if (len == 0 || len > MODEL_NUMBER_MAX_BYTES)
		return -1;
	if (model_parse_exact_decimal(text, len, value))
		return 0;
	if (numbers && numbers->count) {
		uintptr_t at = (uintptr_t)text, base = (uintptr_t)numbers->text;
		uint32_t place = at >= base && at - base <= numbers->text_len - len ?
			place_of(at - base, len) : 0;
		size_t i = place ? find_place(numbers, place) : numbers->count;
		if (i < numbers->count && plain_number_bytes(text, len)) {
			*value = load_double(numbers->values + 8 * i);
			numbers->next = i + 1;
			return 0;
		}
	}
	return model_parse_double(text, len, value);
}
