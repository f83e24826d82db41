/* t1900-builtin: the builtin renderer (render/builtin.h).
 *
 *   - the blocks of tests/t1900/cases.txt ("=== name", the HTML, "---", the
 *     dump): each is the builtin renderer's dump, and Lynx's when Lynx is
 *     installed (the cases are what `lynx -dump` writes, so that the table
 *     cannot drift from the reference);
 *   - lines wrapped inside a character's bytes: the dump is valid UTF-8
 *     and keeps every character of text set in a field, an alt text, a
 *     textarea, wherever the wrap falls;
 *   - too little memory for a page: under every address-space limit from
 *     none to enough, a child renders the page or fails it with
 *     NC_ERR_MEMORY, and neither aborts nor prints.
 */
#include "base/file.h"
#include "base/utf8.h"
#include "render/builtin.h"
#include "render/lynx.h"
#include "tap.h"

#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* --- characters cut by a wrap --------------------------------------------------------- */

static size_t count(const char *text, size_t len, const char *what)
{
	size_t n = 0, what_len = strlen(what);
	for (const char *p = text; (p = memmem(p, len - (size_t)(p - text), what, what_len));
	     p += what_len)
		n++;
	return n;
}

#define UMLAUT "\xc3\x84"   /* Ä: two bytes */

/* A page whose `container` holds a long line: `lead` ASCII characters, a
 * space, `odd` more and then `umlauts` two-byte characters, so that some
 * wrap of the line falls at every byte offset as `lead` and `odd` vary.
 * `container` is printf'd with the text. */
static void wrapped_page(struct strbuf *page, const char *container, size_t lead, size_t odd,
			 size_t umlauts)
{
	struct strbuf text = STRBUF_INIT;
	for (size_t i = 0; i < lead; i++)
		strbuf_addch(&text, 'x');
	strbuf_addch(&text, ' ');
	for (size_t i = 0; i < odd; i++)
		strbuf_addch(&text, 'y');
	for (size_t i = 0; i < umlauts; i++)
		strbuf_addstr(&text, UMLAUT);
	strbuf_reset(page);
	strbuf_addf(page, container, text.buf);
	strbuf_release(&text);
}

static void check_wraps(struct renderer *builtin)
{
	/* Where the renderer puts text of the page into a line itself
	 * rather than word by word: a textarea's text (its own lines), an
	 * alt text and a field's value (through Lynx's HTML_put_string()),
	 * the option shown for a <select>, a <math> element's text. */
	static const struct {
		const char *name, *page;
	} containers[] = {
		{ "a textarea", "<textarea>%s" },
		{ "an alt text", "<p>x<img alt=\"%s\">" },
		{ "a field's value", "<p>y<input value=\"%s\">" },
		{ "a selected option", "<select><option>%s</select>" },
		{ "a math element", "<p>z<math>%s</math>" },
	};
	struct strbuf page = STRBUF_INIT, dump = STRBUF_INIT;
	struct nc_error err;

	for (size_t c = 0; c < sizeof(containers) / sizeof(containers[0]); c++) {
		size_t bad = 0, lost = 0, cases = 0;
		for (size_t lead = 880; lead < 1010; lead += 13)
			for (size_t odd = 0; odd < 3; odd++, cases++) {
				wrapped_page(&page, containers[c].page, lead, odd, 1400);
				if (render(builtin, page.buf, page.len, &dump, &err) < 0)
					bail(err.message);
				bad += !utf8_is_valid(dump.buf, dump.len);
				lost += count(dump.buf, dump.len, UMLAUT) != 1400;
			}
		is_int(bad, 0, "%s: the dump is valid UTF-8 wherever a wrap falls (%zu pages)",
		       containers[c].name, cases);
		is_int(lost, 0, "%s: ...and keeps every character", containers[c].name);
	}
	strbuf_release(&page);
	strbuf_release(&dump);
}

/* --- too little memory --------------------------------------------------------------- */

/* AddressSanitizer reserves terabytes of address space for itself and
 * aborts when an allocation fails: no address-space limit can be tried
 * under it. */
#if defined(__SANITIZE_ADDRESS__)
#define ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ADDRESS_SANITIZER 1
#endif
#endif

#ifndef ADDRESS_SANITIZER
/* The address space the process takes now, from /proc/self/statm. */
static size_t address_space(void)
{
	unsigned long pages = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (!f || fscanf(f, "%lu", &pages) != 1)
		bail("cannot read /proc/self/statm");
	fclose(f);
	return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

enum { RENDERED = 0, OUT_OF_MEMORY = 1, OTHER_ERROR = 2 };

/* In a child whose standard error goes to `err_fd`: render `page` with
 * `room` bytes of address space beyond what the child has taken. */
static int render_in_child(const struct strbuf *page, size_t room, int err_fd)
{
	pid_t pid = fork();
	if (pid < 0)
		bail("fork failed");
	if (pid == 0) {
		struct nc_error err;
		struct builtin_config config = { 0 };
		struct strbuf dump = STRBUF_INIT;
		struct renderer *builtin = builtin_renderer_class.create(&config, &err);
		dup2(err_fd, 2);
		struct rlimit limit = { address_space() + room, RLIM_INFINITY };
		limit.rlim_max = limit.rlim_cur;
		if (setrlimit(RLIMIT_AS, &limit) < 0)
			_exit(OTHER_ERROR);
		int ret = render(builtin, page->buf, page->len, &dump, &err);
		_exit(ret == 0 ? RENDERED : err.code == NC_ERR_MEMORY ? OUT_OF_MEMORY : OTHER_ERROR);
	}
	int status;
	if (waitpid(pid, &status, 0) < 0)
		bail("waitpid failed");
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* `page` under limits from `step` bytes of room up, `step` at a time, to
 * the first that renders it: every child renders the page or fails it for
 * memory, and nothing is written to standard error. */
static void check_memory(const char *name, const struct strbuf *page, size_t step)
{
	char path[] = "/tmp/t1900-stderr-XXXXXX";
	int err_fd = mkstemp(path);
	size_t limits = 0, failed = 0, other = 0, room;
	int status = OUT_OF_MEMORY;
	if (err_fd < 0)
		bail("cannot make a temporary file");
	unlink(path);
	for (room = step; status == OUT_OF_MEMORY && limits < 400; room += step, limits++) {
		status = render_in_child(page, room, err_fd);
		failed += status == OUT_OF_MEMORY;
		other += status != OUT_OF_MEMORY && status != RENDERED;
	}
	struct stat st;
	fstat(err_fd, &st);
	close(err_fd);
	is_int(other, 0, "%s: under %zu limits of address space, each child rendered the page or "
	       "failed it for memory (%zu failed; last status %d)", name, limits, failed, status);
	ok(failed > 0 && status == RENDERED, "%s: ...the smallest limits failed it, a larger one "
	   "rendered it (%zu kB)", name, (room - step) >> 10);
	is_int(st.st_size, 0, "%s: ...and nothing was printed (libxml2's messages included)", name);
}

#endif

/* The pages of the memory checks: each needs megabytes for something of
 * its own. */
static void paragraphs(struct strbuf *page)
{
	/* the dump, libxml2's copy of the page and its parse */
	strbuf_addstr(page, "<html><body>");
	for (int i = 0; page->len < (1u << 20); i++)
		strbuf_addf(page, "<p>Paragraph %d of a long page, with words enough to wrap.\n", i);
}

static void textarea(struct strbuf *page)
{
	/* a textarea's text, held whole until its end */
	strbuf_addstr(page, "<form><textarea>");
	while (page->len < (1u << 20))
		strbuf_addstr(page, "a line of text in a text area, long enough\n");
}

static void entities(struct strbuf *page)
{
	/* entities without ';': the page is copied with them completed */
	strbuf_addstr(page, "<p>");
	while (page->len < (1u << 20))
		strbuf_addstr(page, "a&nbsp b&copy c &amp d ");
}

static void check_memory_limits(void)
{
	static const struct {
		const char *name;
		void (*make)(struct strbuf *page);
	} pages[] = {
		{ "1 MB of paragraphs", paragraphs },
		{ "1 MB of a textarea", textarea },
		{ "1 MB of entities without ';'", entities },
	};
	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++) {
#ifdef ADDRESS_SANITIZER
		for (int k = 0; k < 3; k++)
			skip("%s: not under AddressSanitizer", pages[i].name);
#else
		struct strbuf page = STRBUF_INIT;
		pages[i].make(&page);
		check_memory(pages[i].name, &page, 64u << 10);
		strbuf_release(&page);
#endif
	}
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
	check_wraps(builtin);
	check_memory_limits();

	renderer_free(lynx);
	renderer_free(builtin);
	return done_testing();
}
