/* ncleaner-image.c: the image of a compiled ncleaner method, MODEL.img
 * beside its model (see ncleaner-method.h): saving the built tables, and
 * checking and using them instead of parsing and building. */
#include "method/ncleaner-compiled.h"
#include "method/ncleaner-method.h"
#include "method/model-sidecar.h"

#include <math.h>
#include <string.h>

static const struct model_sidecar_kind image_kind = {
	.magic = "NCIMAGE",   /* with the string's NUL, 8 bytes */
	.version = NCLEANER_IMAGE_VERSION,
	.suffix = NCLEANER_IMAGE_SUFFIX,
	.not_one = "not an ncleaner image",
};

/* A key whose hash_key() the image records, so that tables placed by
 * another hash function are not read as ours. */
#define LAYOUT_PROBE_KEY UINT64_C(0x0102030405060708)

/* What the image says of the method, after the sidecar's header (offset
 * 48): fixed-size fields, naturally aligned, no padding. */
struct image_head {
	uint32_t order, mode;
	double q, bias;
	char language[16];
	uint32_t slot_bytes;        /* sizeof(struct slot) */
	uint32_t unused32;          /* 0: room to grow */
	uint64_t probe;             /* hash_key(LAYOUT_PROBE_KEY, 0) */
	uint64_t size[NGRAM_MAX_ORDER + 1];   /* slots of order k's table, 0 unused */
	uint64_t arithmetic;        /* arithmetic_probe() where it was made */
	uint64_t unused64;          /* 0 */
};
_Static_assert(sizeof(struct image_head) == 144, "the image's head has no padding");

/* The unigrams follow the head; then, for k = 2..order, table k's slots
 * and its p. Every part is a multiple of 16 bytes long and the header 48,
 * so in a buffer from malloc each lies aligned for what it holds. */
#define UNIGRAM_BYTES (2 * sizeof(float[2][NGRAM_SYMBOLS]))
#define TABLES_AT (MODEL_SIDECAR_HEADER_BYTES + sizeof(struct image_head) + UNIGRAM_BYTES)
#define BYTES_PER_SLOT (sizeof(struct slot) + sizeof(float[2]))
_Static_assert(TABLES_AT % 16 == 0, "the tables begin aligned");

/* The sums of an image were computed with the log2() and pow() (the
 * weights) of the machine that made it; the text read here would give
 * this machine's. C libraries may round these last bits otherwise, so the
 * image records a hash of the weights at its order and q and of log2() at
 * probe points across (0, 1], and one made with other results there is
 * ignored. The probes catch a library that computes otherwise, not a
 * difference at a single value (models/README.md). */
#define ARITHMETIC_PROBES 64

static uint64_t arithmetic_probe(int order, double q)
{
	struct {
		ngram_weights weight;
		double log2[ARITHMETIC_PROBES];
	} probe;
	memset(&probe, 0, sizeof(probe));
	ngram_weights_init(probe.weight, q, order);
	for (unsigned i = 0; i < ARITHMETIC_PROBES; i++) {
		/* Spread over six decades, not round numbers: 0.97^(7i) * 0.9137 */
		double x = 0.9137 * pow(0.97, 7.0 * i) * probe.weight[order][1 + i % order];
		probe.log2[i] = log2(x);
	}
	return model_sidecar_hash(&probe, sizeof(probe));
}

/* The longest image a text of `len` bytes can have: a line of order k
 * ("2<TAB>ab<TAB>0.1\n", 9 bytes or more) takes at most 8/3 slots (a table
 * is at most 3/4 full and doubles), every table at least 16. */
static size_t image_max_bytes(size_t len)
{
	return TABLES_AT + NGRAM_MAX_ORDER * 16 * BYTES_PER_SLOT + len / 9 * 3 * BYTES_PER_SLOT;
}

/* --- making one ---------------------------------------------------------- */

void ncleaner_image_build(const struct ncleaner_method *c, const char *text, size_t len,
			  struct strbuf *out)
{
	struct image_head head;
	struct strbuf body = STRBUF_INIT;

	memset(&head, 0, sizeof(head));
	head.order = (uint32_t)c->order;
	head.mode = (uint32_t)c->alphabet.mode;
	head.q = c->q;
	head.bias = c->base.default_bias;
	/* Up to its NUL only: the image's bytes are the same on every run. */
	memcpy(head.language, c->language, strnlen(c->language, sizeof(head.language) - 1));
	head.slot_bytes = sizeof(struct slot);
	head.probe = hash_key(LAYOUT_PROBE_KEY, 0);
	head.arithmetic = arithmetic_probe(c->order, c->q);
	for (int k = 2; k <= c->order; k++)
		head.size[k] = c->table[k].mask + 1;
	strbuf_add(&body, &head, sizeof(head));
	strbuf_add(&body, c->unigram_p, sizeof(c->unigram_p));
	strbuf_add(&body, c->unigram_log_s, sizeof(c->unigram_log_s));
	for (int k = 2; k <= c->order; k++) {
		const struct table *t = &c->table[k];
		strbuf_add(&body, t->slots, (t->mask + 1) * sizeof(*t->slots));
		strbuf_add(&body, t->p, (t->mask + 1) * sizeof(*t->p));
	}
	model_sidecar_build(out, &image_kind, text, len, (uint64_t)body.len, &body);
	strbuf_release(&body);
}

int ncleaner_image_write(const struct ncleaner_method *c, const char *model_path,
			 const char *text, size_t len, struct nc_error *err)
{
	struct strbuf image = STRBUF_INIT;
	ncleaner_image_build(c, text, len, &image);
	int ret = model_sidecar_write(model_path, &image_kind, &image, err);
	strbuf_release(&image);
	return ret;
}

/* --- using one ------------------------------------------------------------- */

/* Why the head cannot describe tables we read, or NULL; the bytes its
 * tables take into *tables (64 bits, also where size_t has 32: a forged
 * size must not wrap the sum to the file's length). */
static const char *check_head(const struct image_head *head, uint64_t *tables)
{
	if (head->slot_bytes != sizeof(struct slot) ||
	    head->probe != hash_key(LAYOUT_PROBE_KEY, 0))
		return "another table layout";
	if (head->order < 1 || head->order > NGRAM_MAX_ORDER || head->mode > NGRAM_MODE_MAX ||
	    !(head->q > 0 && head->q <= 1) || !isfinite(head->bias) ||
	    memchr(head->language, '\0', sizeof(head->language)) == NULL)
		return "damaged (the settings)";
	*tables = 0;
	for (unsigned k = 0; k <= NGRAM_MAX_ORDER; k++) {
		uint64_t size = head->size[k];
		int used = k >= 2 && k <= head->order;
		/* A power of two of at least 16, as table_init() makes them;
		 * the bound keeps the sum from overflowing. */
		if (used ? size < 16 || (size & (size - 1)) || size > ((uint64_t)1 << 40) : size)
			return "damaged (a table's size)";
		*tables += size * BYTES_PER_SLOT;
	}
	return NULL;
}

/* Lookups end at an empty slot: a table without one (forged, since its
 * hash matched) would make them run for ever. */
static int has_empty_slot(const struct slot *slots, size_t size)
{
	for (size_t i = 0; i < size; i++)
		if (slots[i].key == EMPTY_KEY)
			return 1;
	return 0;
}

/* Why the image in c->image cannot serve the text, or NULL; the head into
 * *head. */
static const char *check_image(struct ncleaner_method *c, const char *text, size_t len,
			       struct image_head *head)
{
	const unsigned char *p = (const unsigned char *)c->image.buf;
	size_t size = c->image.len;
	uint64_t body_bytes, tables;
	const char *why = model_sidecar_check_header(p, size, &image_kind, text, len, &body_bytes);
	if (why)
		return why;
	if (size < TABLES_AT || body_bytes != size - MODEL_SIDECAR_HEADER_BYTES)
		return "truncated or too long";
	if ((why = model_sidecar_check_body(p, size)))
		return why;
	memcpy(head, p + MODEL_SIDECAR_HEADER_BYTES, sizeof(*head));
	if ((why = check_head(head, &tables)))
		return why;
	if (tables != (uint64_t)(size - TABLES_AT))
		return "truncated or too long";
	return NULL;
}

/* Point c's tables into its image, whose head is `head`: 0, or -1 when a
 * table has no empty slot. */
static int map_tables(struct ncleaner_method *c, const struct image_head *head)
{
	char *at = c->image.buf + TABLES_AT;
	for (int k = 2; k <= (int)head->order; k++) {
		struct table *t = &c->table[k];
		size_t size = (size_t)head->size[k];
		t->slots = (struct slot *)(void *)at;
		t->p = (float(*)[2])(void *)(at + size * sizeof(*t->slots));
		t->mask = size - 1;
		t->shift = table_shift(size);
		t->count = 0;   /* counted only while building */
		at += size * BYTES_PER_SLOT;
		if (!has_empty_slot(t->slots, size))
			return -1;
	}
	return 0;
}

const char *ncleaner_image_open(struct ncleaner_method *c, const char *model_path,
				const char *text, size_t len, int order, double q)
{
	struct image_head head;
	const char *why = model_sidecar_read(model_path, &image_kind, image_max_bytes(len),
					     &c->image);
	if (!why)
		why = check_image(c, text, len, &head);
	if (why)
		return why;
	/* The order and q decide every sum of the tables. */
	if ((order > 0 && (unsigned)order != head.order) || (q > 0 && q != head.q))
		return "built for another order or q";
	if (head.arithmetic != arithmetic_probe((int)head.order, head.q))
		return "made where log2() or pow() round otherwise";
	if (map_tables(c, &head) < 0) {
		memset(c->table, 0, sizeof(c->table));
		return "damaged (a full table)";
	}
	c->order = (int)head.order;
	c->q = head.q;
	c->base.default_bias = head.bias;
	memcpy(c->language, head.language, sizeof(c->language));
	ngram_alphabet_init(&c->alphabet, (enum ngram_mode)head.mode);
	ngram_weights_init(c->weight, c->q, c->order);
	const unsigned char *unigrams = (const unsigned char *)c->image.buf + TABLES_AT - UNIGRAM_BYTES;
	memcpy(c->unigram_p, unigrams, sizeof(c->unigram_p));
	memcpy(c->unigram_log_s, unigrams + sizeof(c->unigram_p), sizeof(c->unigram_log_s));
	return NULL;
}
