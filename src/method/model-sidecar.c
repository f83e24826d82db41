/* model-sidecar.c: the header, hash and files every sidecar of a model
 * shares (see model-sidecar.h). */
#include "method/model-sidecar.h"
#include "method/model-file.h"
#include "base/file.h"
#include "base/limits.h"

#define BYTE_ORDER_MARK UINT32_C(0x01020304)

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

uint64_t model_sidecar_hash(const void *data, size_t len)
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

/* --- making one ------------------------------------------------------------ */

static void add32(struct strbuf *out, uint32_t v)
{
	strbuf_add(out, &v, 4);
}

static void add64(struct strbuf *out, uint64_t v)
{
	strbuf_add(out, &v, 8);
}

void model_sidecar_build(struct strbuf *out, const struct model_sidecar_kind *kind,
			 const char *text, size_t len, uint64_t field, const struct strbuf *body)
{
	strbuf_add(out, kind->magic, MODEL_SIDECAR_MAGIC_BYTES);
	add32(out, kind->version);
	add32(out, BYTE_ORDER_MARK);
	add64(out, (uint64_t)len);
	add64(out, model_sidecar_hash(text, len));
	add64(out, field);
	add64(out, model_sidecar_hash(body->buf, body->len));
	strbuf_add(out, body->buf, body->len);
}

int model_sidecar_read_model(const char *model_path, struct strbuf *text, struct nc_error *err)
{
	struct model_file_header header;
	if (read_file(model_path, MODEL_MAX_BYTES, text, err) < 0)
		return -1;
	return model_file_read_header(model_path, text->buf, text->len, MODEL_FILE_VERSION,
				      &header, err);
}

int model_sidecar_write(const char *model_path, const struct model_sidecar_kind *kind,
			const struct strbuf *bytes, struct nc_error *err)
{
	struct strbuf path = STRBUF_INIT;
	struct atomic_file file;
	int ret = -1;

	atomic_file_init(&file);
	strbuf_addf(&path, "%s%s", model_path, kind->suffix);
	if (atomic_file_open(&file, path.buf, err) < 0)
		goto done;
	if (fwrite(bytes->buf, 1, bytes->len, file.stream) != bytes->len) {
		atomic_file_abort(&file);
		nc_error_set(err, NC_ERR_IO, "%s: cannot write", path.buf);
		goto done;
	}
	ret = atomic_file_commit(&file, err);
done:
	strbuf_release(&path);
	return ret;
}

/* --- using one ------------------------------------------------------------- */

const char *model_sidecar_read(const char *model_path, const struct model_sidecar_kind *kind,
			       size_t max_bytes, struct strbuf *file)
{
	struct strbuf path = STRBUF_INIT;
	struct nc_error err;
	const char *unused = NULL;

	strbuf_addf(&path, "%s%s", model_path, kind->suffix);
	if (read_file(path.buf, max_bytes, file, &err) < 0)
		unused = err.code == NC_ERR_LIMIT ? "too long" : "none";
	strbuf_release(&path);
	return unused;
}

const char *model_sidecar_check_header(const unsigned char *file, size_t size,
				       const struct model_sidecar_kind *kind, const char *text,
				       size_t len, uint64_t *field)
{
	if (size < MODEL_SIDECAR_HEADER_BYTES ||
	    memcmp(file, kind->magic, MODEL_SIDECAR_MAGIC_BYTES))
		return kind->not_one;
	if (model_sidecar_load32(file + 8) != kind->version)
		return "another version";
	if (model_sidecar_load32(file + 12) != BYTE_ORDER_MARK)
		return "another byte order";
	if (model_sidecar_load64(file + 16) != (uint64_t)len ||
	    model_sidecar_load64(file + 24) != model_sidecar_hash(text, len))
		return "made from another text (the model was changed)";
	*field = model_sidecar_load64(file + 32);
	return NULL;
}

const char *model_sidecar_check_body(const unsigned char *file, size_t size)
{
	const size_t header = MODEL_SIDECAR_HEADER_BYTES;
	if (model_sidecar_load64(file + 40) != model_sidecar_hash(file + header, size - header))
		return "damaged";
	return NULL;
}
