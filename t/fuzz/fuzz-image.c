/* fuzz-image.c: the ncleaner method's image (ncleaner-method.h) as a
 * forger would make it. The input is the image's body; the harness puts
 * it behind a header whose hashes match it and a sample model's text, so
 * that every check after the hashes sees it (damage, which changes the
 * hash, never gets that far). Whatever the body, loading must end in a
 * method, from the image or the text, that scores text without reading
 * outside what it holds or looking up for ever. */
#include "fuzz.h"
#include "base/file.h"
#include "method/model-sidecar.h"
#include "method/ncleaner-method.h"

#include <string.h>
#include <unistd.h>

/* The image's kind as ncleaner-image.c writes it. */
static const struct model_sidecar_kind image_kind = {
	.magic = "NCIMAGE", .version = NCLEANER_IMAGE_VERSION,
	.suffix = NCLEANER_IMAGE_SUFFIX, .not_one = "",
};

/* A directory of the harness's own, made once (harnesses run
 * single-threaded) and removed at exit. */
static char work_dir[] = "/tmp/fuzz-image-XXXXXX", model_path[sizeof(work_dir) + 16];

static void remove_dir(void)
{
	char image[sizeof(model_path) + sizeof(NCLEANER_IMAGE_SUFFIX)];
	snprintf(image, sizeof(image), "%s%s", model_path, NCLEANER_IMAGE_SUFFIX);
	unlink(image);
	unlink(model_path);
	rmdir(work_dir);
}

/* The sample model's text, read and written into the directory: its path. */
static const char *sample_model(struct strbuf *text)
{
	struct nc_error err;
	if (!model_path[0]) {
		if (!mkdtemp(work_dir))
			abort();
		snprintf(model_path, sizeof(model_path), "%s/m.model", work_dir);
		atexit(remove_dir);
	}
	strbuf_reset(text);
	if (read_file(NC_SOURCE_DIR "/tests/fuzz/model/mode3-n3.model", 0, text, &err) < 0) {
		fprintf(stderr, "fuzz: %s\n", err.message);
		abort();
	}
	FILE *f = fopen(model_path, "wb");
	if (!f || fwrite(text->buf, 1, text->len, f) != text->len || fclose(f))
		abort();
	return model_path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const texts[] = {
		"The harbour was quiet that morning.", "Home | News | Contact", "x", "",
	};
	struct strbuf text = STRBUF_INIT, body = STRBUF_INIT, image = STRBUF_INIT;
	struct nc_error err;
	const char *path = sample_model(&text);

	strbuf_add(&body, data, size);
	model_sidecar_build(&image, &image_kind, text.buf, text.len, (uint64_t)body.len, &body);
	if (model_sidecar_write(path, &image_kind, &image, &err) < 0)
		abort();
	struct method *method = ncleaner_method_load(path, 0, 0, &err);
	if (!method)
		abort();   /* the text is a good model: the image can only be ignored */
	struct method_scorer *scorer = method_scorer_new(method);
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct segment segment = { .type = SEGMENT_PARAGRAPH, .text = texts[i],
					   .len = strlen(texts[i]) };
		struct segment_score score;
		method_score(scorer, &segment, &score, &err);
	}
	method_scorer_free(scorer);
	method_free(method);
	strbuf_release(&text);
	strbuf_release(&body);
	strbuf_release(&image);
	return 0;
}
