/* t3530-ncleaner-image: the ncleaner method's image, MODEL.img (issue 33,
 * item 12; ncleaner-method.h). The shipped images are used and are what
 * their models' text makes now, byte for byte; a method loaded from its
 * image scores every line of a page as the one built from the text, bit
 * for bit; an image is used only for the model's own order and q; one
 * that is stale (the text edited), truncated, longer, damaged, of another
 * version, byte order, kind or table layout, or forged to be unsafe, is
 * ignored, and the method is then the text's, with the same scores. */
#include "method/ncleaner-method.h"
#include "method/model-numbers.h"
#include "method/model-sidecar.h"
#include "method/method.h"
#include "base/file.h"
#include "sidecar-test.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The models shipped with an image (models/Makefile.models). */
static const char *const imaged[] = { "english.model", "nonlex.model", "logistic-ngram.model" };

/* Where the parts of an image lie (ncleaner-image.c): the head after the
 * sidecar's 48 bytes, the unigrams after its 144, then the tables. */
#define HEAD_AT 48
#define HEAD_ORDER (HEAD_AT + 0)
#define HEAD_MODE (HEAD_AT + 4)
#define HEAD_SLOT_BYTES (HEAD_AT + 40)
#define HEAD_PROBE (HEAD_AT + 48)
#define HEAD_SIZE(k) (HEAD_AT + 56 + 8 * (k))
#define HEAD_ARITHMETIC (HEAD_AT + 128)
#define TABLES_AT (HEAD_AT + 144 + 4096)

static const char *model_path(const char *name)
{
	static char path[4096];
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof(path), "%s/models/%s", top && *top ? top : ".", name);
	return path;
}


static void read_or_bail(const char *path, struct strbuf *out)
{
	struct nc_error err;
	strbuf_reset(out);
	if (read_file(path, 0, out, &err) < 0)
		bail(err.message);
}

/* The lines scores are compared on: every line of the example page
 * (tags, text, boilerplate) and of README.md (prose, tables, code), and a
 * few short ones, whose first symbols take the short-history path. */
static struct strbuf page;

static void load_page(void)
{
	struct strbuf more = STRBUF_INIT;
	read_or_bail(fixture_path("t5000/page.html"), &page);
	read_or_bail(fixture_path("../README.md"), &more);
	strbuf_add(&page, more.buf, more.len);
	strbuf_addstr(&page, "\na\n\nab\nabc\n\xc3\xa9t\xc3\xa9\n0 9\n");
	strbuf_release(&more);
}

/* How many lines of the page `a` and `b` score differently (costs and
 * units, bit for bit); *lines counts them. */
static size_t compare_scores(const struct method *a, const struct method *b, size_t *lines)
{
	*lines = 0;
	if (!a || !b)
		return 1;
	struct method_scorer *sa = method_scorer_new(a), *sb = method_scorer_new(b);
	struct nc_error err;
	size_t differ = 0;
	for (const char *p = page.buf, *end = page.buf + page.len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		struct segment segment = { .type = SEGMENT_PARAGRAPH, .text = p, .len = len };
		struct segment_score x, y;
		memset(&x, 0, sizeof(x));
		memset(&y, 0, sizeof(y));
		if (method_score(sa, &segment, &x, &err) < 0 || method_score(sb, &segment, &y, &err) < 0 ||
		    memcmp(&x.cost_clean, &y.cost_clean, sizeof(double)) ||
		    memcmp(&x.cost_dirty, &y.cost_dirty, sizeof(double)) || x.units != y.units)
			differ++;
		(*lines)++;
		p += len + 1;
	}
	method_scorer_free(sa);
	method_scorer_free(sb);
	return differ;
}

/* The same method as far as a caller sees: settings and scores. */
static int same_method(const struct method *a, const struct method *b, size_t *lines)
{
	*lines = 0;
	return a && b && !memcmp(&a->default_bias, &b->default_bias, sizeof(double)) &&
	       !strcmp(ncleaner_method_language(a), ncleaner_method_language(b)) &&
	       compare_scores(a, b, lines) == 0;
}

static void test_shipped_images(void)
{
	struct strbuf text = STRBUF_INIT, shipped = STRBUF_INIT, made = STRBUF_INIT;
	struct nc_error err;
	for (size_t i = 0; i < sizeof(imaged) / sizeof(imaged[0]); i++) {
		const char *path = model_path(imaged[i]);
		struct method *with = ncleaner_method_load(path, 0, 0, &err);
		ok(with && ncleaner_method_image_unused(with) == NULL, "%s loads from its image (%s)",
		   imaged[i], with ? ncleaner_method_image_unused(with) ? ncleaner_method_image_unused(with)
			: "in use" : err.message);
		/* The text alone, in a directory of its own. */
		read_or_bail(path, &text);
		write_bytes(work_path("copy.model"), text.buf, text.len);
		unlink(work_path("copy.model.img"));
		struct method *without = ncleaner_method_load(work_path("copy.model"), 0, 0, &err);
		ok(without && ncleaner_method_image_unused(without) &&
		   !strcmp(ncleaner_method_image_unused(without), "none"),
		   "...and from its text without one");
		size_t lines;
		int same = same_method(with, without, &lines);
		ok(same, "...the same method: %zu lines scored bit for bit", lines);
		/* Fresh: what the text makes now (the build, the layout). */
		ok(ncleaner_method_write_image(work_path("copy.model"), &err) == 0,
		   "...ncleaner_method_write_image() makes one from the text");
		struct strbuf image_path = STRBUF_INIT;
		strbuf_addf(&image_path, "%s%s", path, NCLEANER_IMAGE_SUFFIX);
		read_or_bail(image_path.buf, &shipped);
		read_or_bail(work_path("copy.model.img"), &made);
		ok(shipped.len == made.len && !memcmp(shipped.buf, made.buf, made.len),
		   "...and the shipped image is that, byte for byte (%zu bytes; `make model-sidecars` "
		   "makes it again)", made.len);
		strbuf_release(&image_path);
		method_free(with);
		method_free(without);
	}
	unlink(work_path("copy.model"));
	unlink(work_path("copy.model.img"));
	strbuf_release(&text);
	strbuf_release(&shipped);
	strbuf_release(&made);
}

/* A model beside an image: its text (m.model) and the image made from it
 * (good), and the method from the text alone (reference). */
static struct strbuf text, good;
static struct method *reference;

/* Load m.model (with `model_text`) beside `image` (NULL: none): whether
 * the image is ignored for `why` (NULL: used), and the method the same
 * as the text's. */
static void try_image(const struct strbuf *model_text, const struct method *expected,
		      const void *image, size_t len, int order, const char *why, const char *title)
{
	struct nc_error err;
	write_bytes(work_path("m.model"), model_text->buf, model_text->len);
	if (image)
		write_bytes(work_path("m.model.img"), image, len);
	else
		unlink(work_path("m.model.img"));
	struct method *method = ncleaner_method_load(work_path("m.model"), order, 0, &err);
	const char *unused = method ? ncleaner_method_image_unused(method) : err.message;
	if (why)
		ok(method && unused && strstr(unused, why), "%s: ignored (%s)", title,
		   unused ? unused : "used");
	else
		ok(method && !unused, "%s: used", title);
	size_t lines;
	int same = same_method(method, expected, &lines);
	ok(same, "...the text's method all the same (%zu lines)", lines);
	method_free(method);
}

static void try_good(const struct strbuf *image, const char *why, const char *title)
{
	try_image(&text, reference, image->buf, image->len, 0, why, title);
}

/* A copy of the good image, changed by the caller. */
static struct strbuf *fresh(struct strbuf *bad)
{
	strbuf_reset(bad);
	strbuf_add(bad, good.buf, good.len);
	return bad;
}

static void test_stale_and_cut(void)
{
	struct strbuf bad = STRBUF_INIT, edited = STRBUF_INIT;
	struct nc_error err;

	try_good(&good, NULL, "its image");
	try_image(&text, reference, NULL, 0, 0, "none", "no image");

	/* Stale: the text edited by one digit after the image was made, of
	 * the boundary's unigram probability (every line's first symbol). */
	strbuf_add(&edited, text.buf, text.len);
	char *digit = strstr(edited.buf, "\n1\t\\b\t") + 9;
	*digit = *digit == '7' ? '8' : '7';
	write_bytes(work_path("e.model"), edited.buf, edited.len);
	struct method *edited_method = ncleaner_method_load(work_path("e.model"), 0, 0, &err);
	unlink(work_path("e.model"));
	size_t lines;
	size_t differ = compare_scores(edited_method, reference, &lines);
	ok(edited_method && differ == lines, "the text edited by a digit scores differently: "
	   "%zu lines of %zu", differ, lines);
	try_image(&edited, edited_method, good.buf, good.len, 0, "another text",
		  "a stale image (a digit edited)");
	/* Stale too when what changed is no number: the description, one
	 * byte of it, then one more byte. */
	strbuf_reset(&edited);
	strbuf_add(&edited, text.buf, text.len);
	char *description = strstr(edited.buf, "\ndescription\t") + 13;
	*description = *description == 'x' ? 'y' : 'x';
	try_image(&edited, reference, good.buf, good.len, 0, "another text",
		  "...the description edited (the same size)");
	struct strbuf longer = STRBUF_INIT;
	size_t at = (size_t)(description - edited.buf);
	strbuf_add(&longer, edited.buf, at);
	strbuf_addstr(&longer, "z");
	strbuf_add(&longer, edited.buf + at, edited.len - at);
	try_image(&longer, reference, good.buf, good.len, 0, "another text", "...a byte longer");
	strbuf_release(&longer);
	method_free(edited_method);

	try_good(&(struct strbuf){ .buf = good.buf, .len = good.len - 1 }, "truncated",
		 "truncated by a byte");
	try_good(&(struct strbuf){ .buf = good.buf, .len = good.len - 4096 }, "truncated",
		 "...by a page");
	try_good(&(struct strbuf){ .buf = good.buf, .len = TABLES_AT }, "truncated",
		 "...to its settings");
	try_good(&(struct strbuf){ .buf = good.buf, .len = 30 }, "not an ncleaner image",
		 "...inside the header");
	try_good(&(struct strbuf){ .buf = (char *)"", .len = 0 }, "not an ncleaner image",
		 "empty");
	strbuf_addstr(fresh(&bad), "12345678");
	try_good(&bad, "too long", "longer by a few bytes");
	strbuf_release(&bad);
	strbuf_release(&edited);
}

static void test_damaged(void)
{
	struct strbuf bad = STRBUF_INIT;
	size_t at_slot = TABLES_AT + 16 * 5 + 3, at_p = (size_t)(good.len - 5);

	fresh(&bad)->buf[at_slot] ^= 0x10;
	try_good(&bad, "damaged", "a bit of a slot flipped");
	fresh(&bad)->buf[at_p] ^= 0x01;
	try_good(&bad, "damaged", "a bit of a probability flipped");
	fresh(&bad)->buf[HEAD_AT + 8] ^= 0x01;
	try_good(&bad, "damaged", "a bit of q flipped");
	fresh(&bad)->buf[TABLES_AT - 100] ^= 0x40;
	try_good(&bad, "damaged", "a bit of a unigram flipped");

	swap_header_order(fresh(&bad));
	try_good(&bad, "byte order", "the other byte order");
	fresh(&bad)->buf[8]++;
	try_good(&bad, "version", "another version");
	fresh(&bad)->buf[2] = 'X';
	try_good(&bad, "not an ncleaner image", "another magic");

	/* A number sidecar where the image should be. */
	struct strbuf numbers = STRBUF_INIT;
	size_t count;
	model_numbers_build(text.buf, text.len, &numbers, &count);
	try_good(&numbers, "not an ncleaner image", "a number sidecar in its place");
	strbuf_release(&numbers);
	strbuf_release(&bad);
}

/* Forgeries: the hashes made right, the contents unsafe or of another
 * layout. The loader must neither read out of bounds nor loop for ever. */
static void test_forged(void)
{
	struct strbuf bad = STRBUF_INIT;

	set32(fresh(&bad), HEAD_SLOT_BYTES, 24);
	rehash(&bad);
	try_good(&bad, "another table layout", "slots of another size");
	set64(fresh(&bad), HEAD_PROBE, get64(&good, HEAD_PROBE) + 1);
	rehash(&bad);
	try_good(&bad, "another table layout", "another hash function");
	set64(fresh(&bad), HEAD_ARITHMETIC, get64(&good, HEAD_ARITHMETIC) ^ 1);
	rehash(&bad);
	try_good(&bad, "log2() or pow()", "made where log2() or pow() round otherwise");
	set32(fresh(&bad), HEAD_ORDER, 9);
	rehash(&bad);
	try_good(&bad, "damaged (the settings)", "order 9");
	set32(fresh(&bad), HEAD_MODE, 4);
	rehash(&bad);
	try_good(&bad, "damaged (the settings)", "mode 4");
	memset(fresh(&bad)->buf + HEAD_AT + 24, 'x', 16);   /* the language, no NUL */
	rehash(&bad);
	try_good(&bad, "damaged (the settings)", "a language without its end");
	set64(fresh(&bad), HEAD_SIZE(2), get64(&good, HEAD_SIZE(2)) + 1);
	rehash(&bad);
	try_good(&bad, "damaged (a table's size)", "a table of a size not a power of two");
	set64(fresh(&bad), HEAD_SIZE(2), get64(&good, HEAD_SIZE(2)) * 2);
	rehash(&bad);
	try_good(&bad, "truncated or too long", "a table larger than the file holds");
	set64(fresh(&bad), HEAD_SIZE(7), 16);
	rehash(&bad);
	try_good(&bad, "damaged (a table's size)", "a table past the order");
	/* Order 2's table with no empty slot: lookups would never end. */
	fresh(&bad);
	for (uint64_t i = 0, size = get64(&good, HEAD_SIZE(2)); i < size; i++)
		set64(&bad, TABLES_AT + 16 * i, i);
	rehash(&bad);
	try_good(&bad, "damaged (a full table)", "a table without an empty slot");
	strbuf_release(&bad);
}

/* Made for the model's order and q: another order is built from the text. */
static void test_order(void)
{
	struct nc_error err;
	struct method *order2 = ncleaner_method_load(work_path("m.model"), 2, 0, &err);
	ok(order2 != NULL, "the model loads at order 2 too");
	try_image(&text, reference, good.buf, good.len, 3, NULL, "asked for the model's order, 3");
	try_image(&text, order2, good.buf, good.len, 2, "another order", "asked for order 2");
	struct method *q = ncleaner_method_load(work_path("m.model"), 0, 0.25, &err);
	ok(q && ncleaner_method_image_unused(q) && strstr(ncleaner_method_image_unused(q), "q"),
	   "...and for q 0.25: built from the text (%s)",
	   q ? ncleaner_method_image_unused(q) : err.message);
	method_free(q);
	struct method *too_long = ncleaner_method_load(work_path("m.model"), 4, 0, &err);
	ok(!too_long && strstr(err.message, "larger than the model's order"),
	   "...and order 4 is refused as without an image: %s", err.message);
	method_free(order2);
}

int main(void)
{
	struct nc_error err;
	if (!mkdtemp(work_dir))
		bail("cannot make a temporary directory");
	load_page();
	test_shipped_images();

	/* english.model (order 3) is the sample of the rest. */
	read_or_bail(model_path("english.model"), &text);
	write_bytes(work_path("m.model"), text.buf, text.len);
	unlink(work_path("m.model.img"));
	reference = ncleaner_method_load(work_path("m.model"), 0, 0, &err);
	if (!reference)
		bail(err.message);
	if (ncleaner_method_write_image(work_path("m.model"), &err) < 0)
		bail(err.message);
	read_or_bail(work_path("m.model.img"), &good);
	test_stale_and_cut();
	test_damaged();
	test_forged();
	test_order();

	write_bytes(work_path("not.model"), "hello\n", 6);
	ok(ncleaner_method_write_image(work_path("not.model"), &err) < 0 &&
	   access(work_path("not.model.img"), F_OK) != 0,
	   "no image is written for a file that is no model: %s", err.message);
	unlink(work_path("not.model"));
	unlink(work_path("m.model"));
	unlink(work_path("m.model.img"));
	rmdir(work_dir);
	method_free(reference);
	strbuf_release(&text);
	strbuf_release(&good);
	strbuf_release(&page);
	return done_testing();
}
