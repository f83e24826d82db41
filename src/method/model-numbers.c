/* model-numbers.c: the number sidecar of a model file (see model-numbers.h):
 * making it, checking it against the text, and reading numbers through it. */
#include "method/model-numbers.h"
#include "method/model-file.h"
#include "method/model-sidecar.h"

#include <math.h>
#include <string.h>

#define HEADER_BYTES MODEL_SIDECAR_HEADER_BYTES

static const struct model_sidecar_kind numbers_kind = {
	.magic = "NCNUMS\0",   /* with the string's NUL, 8 bytes */
	.version = MODEL_NUMBERS_VERSION,
	.suffix = MODEL_NUMBERS_SUFFIX,
	.not_one = "not a number sidecar",
};

static double load_double(const unsigned char *p)
{
	double v;
	memcpy(&v, p, 8);
	return v;
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
			strbuf_add(&places, &place, sizeof(place));
			held++;
		}
	}
	struct strbuf body = STRBUF_INIT;
	strbuf_add(&body, values.buf, values.len);
	strbuf_add(&body, places.buf, places.len);
	model_sidecar_build(out, &numbers_kind, text, len, (uint64_t)held, &body);
	strbuf_release(&body);
	strbuf_release(&values);
	strbuf_release(&places);
	if (count)
		*count = held;
}

int model_numbers_write(const char *model_path, size_t *count, struct nc_error *err)
{
	struct strbuf text = STRBUF_INIT, out = STRBUF_INIT;
	int ret = model_sidecar_read_model(model_path, &text, err);
	if (ret == 0) {
		model_numbers_build(text.buf, text.len, &out, count);
		ret = model_sidecar_write(model_path, &numbers_kind, &out, err);
	}
	strbuf_release(&text);
	strbuf_release(&out);
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
	uint64_t count;
	const char *why = model_sidecar_check_header(p, size, &numbers_kind, text, len, &count);
	if (why)
		return why;
	if (count > (size - HEADER_BYTES) / 12 || HEADER_BYTES + count * 12 != size)
		return "truncated or too long";
	if ((why = model_sidecar_check_body(p, size)))
		return why;
	const unsigned char *values = p + HEADER_BYTES, *places = values + count * 8;
	uint32_t last = 0;
	for (size_t i = 0; i < count; i++) {
		uint32_t place = model_sidecar_load32(places + 4 * i);
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
	model_numbers_init(numbers);
	/* At most a number in every second byte of the text. */
	size_t max = HEADER_BYTES + 12 * (len / 2 + 1);
	numbers->unused = model_sidecar_read(model_path, &numbers_kind, max, &numbers->file);
	if (!numbers->unused)
		numbers->unused = check(numbers, text, len);
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
	if (numbers->next < high && model_sidecar_load32(numbers->places + 4 * numbers->next) == place)
		return numbers->next;
	while (low < high) {
		size_t mid = low + (high - low) / 2;
		uint32_t at = model_sidecar_load32(numbers->places + 4 * mid);
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
