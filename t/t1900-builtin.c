/* t1900-builtin: the builtin renderer (render/builtin.h).
 *
 *   - the blocks of tests/t1900/cases.txt ("=== name", the HTML, "---", the
 *     dump): each is the builtin renderer's dump, and Lynx's when Lynx is
 *     installed (the cases are what `lynx -dump` writes, so that the table
 *     cannot drift from the reference).
 */
#include "base/file.h"
#include "render/builtin.h"
#include "render/lynx.h"
#include "tap.h"

#include <string.h>

static const struct charset_choice utf8 = { .name = "utf-8", .assume = "utf-8" };

/* The dump of `html` by `renderer` into `out`; -1 (err filled) on failure. */
static int render(struct renderer *renderer, const char *html, size_t len, struct strbuf *out,
		  struct nc_error *err)
{
	struct render_request request = { .html = html, .len = len, .charset = &utf8,
					  .max_output = 1 << 24 };
	strbuf_reset(out);
	return renderer_render(renderer, &request, out, err);
}

/* --- the table ------------------------------------------------------------------- */

static void run_cases(struct renderer *builtin, struct renderer *lynx)
{
	struct strbuf file = STRBUF_INIT, got = STRBUF_INIT;
	struct nc_error err = { 0 };

	if (read_file(fixture_path("t1900/cases.txt"), 0, &file, &err) < 0)
		bail(err.message);
	for (char *p = file.buf; (p = strstr(p, "=== "));) {
		char *name_end = strchr(p, '\n');
		char *sep = name_end ? strstr(name_end, "\n---\n") : NULL;
		if (!sep)
			bail("tests/t1900/cases.txt: a block has no ---");
		char *next = strstr(sep + 1, "\n=== ");
		*name_end = '\0';
		*sep = '\0';
		if (next)
			*next = '\0';
		const char *name = p + 4, *html = name_end + 1;
		struct strbuf want = STRBUF_INIT;
		strbuf_addstr(&want, sep + 5);
		if (want.len && want.buf[want.len - 1] != '\n')
			strbuf_addch(&want, '\n');

		if (render(builtin, html, strlen(html), &got, &err) < 0)
			strbuf_addf(&got, "error: %s", err.message);
		is_string(got.buf, want.buf, "%s", name);
		if (!lynx) {
			skip("%s: as Lynx writes it (Lynx is not installed)", name);
		} else {
			if (render(lynx, html, strlen(html), &got, &err) < 0)
				strbuf_addf(&got, "error: %s", err.message);
			is_string(got.buf, want.buf, "%s: as Lynx writes it", name);
		}
		strbuf_release(&want);
		if (!next)
			break;
		p = next + 1;
	}
	strbuf_release(&got);
	strbuf_release(&file);
}

int main(void)
{
	struct nc_error err;
	struct builtin_config config = { 10.0 };
	struct lynx_config lynx_config = { "lynx", 10.0 };
	struct renderer *builtin = builtin_renderer_class.create(&config, &err);
	struct renderer *lynx = NULL;
	if (!builtin)
		bail(err.message);
	if (lynx_renderer_class.check(&lynx_config, &err) == 0)
		lynx = lynx_renderer_class.create(&lynx_config, &err);

	run_cases(builtin, lynx);

	renderer_free(lynx);
	renderer_free(builtin);
	return done_testing();
}
