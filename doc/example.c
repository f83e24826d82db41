/* example.c: clean one page with libncleaner and print its running text.
 *
 *   cc -o example example.c $(pkg-config --cflags --libs ncleaner)
 *   ./example page.html [OPTION...]     e.g. ./example page.html --model nonlex
 *
 * Prints the kept segments as ncleaner(1) does in CLEANEVAL format, without
 * the URL line ("<p>", "<h>" or "<l>", then the text).
 */
#include <ncleaner.h>
#include <stdio.h>
#include <stdlib.h>

static char *read_file(const char *path, size_t *length)
{
	FILE *f = fopen(path, "rb");
	char *bytes = NULL;
	size_t size = 0;

	*length = 0;
	if (!f)
		return NULL;
	for (;;) {
		char *grown = realloc(bytes, size + 65536);
		if (!grown) {
			free(bytes);
			fclose(f);
			return NULL;
		}
		bytes = grown;
		size_t n = fread(bytes + size, 1, 65536, f);
		size += n;
		if (n < 65536)
			break;
	}
	*length = size;
	fclose(f);
	return bytes;
}

int main(int argc, char **argv)
{
	ncleaner_error error;
	const ncleaner_segment *segments;
	size_t count, length;

	if (argc < 2) {
		fprintf(stderr, "usage: %s PAGE [OPTION...]\n", argv[0]);
		return 2;
	}
	char *page = read_file(argv[1], &length);
	if (!page) {
		perror(argv[1]);
		return 1;
	}
	/* The options after the page, as ncleaner(1) reads them. */
	ncleaner *cleaner = ncleaner_open(argc - 2, (const char *const *)argv + 2, &error);
	if (!cleaner) {
		fprintf(stderr, "%s: %s\n", argv[0], error.message);
		free(page);
		return 2;
	}
	int status = 0;
	if (ncleaner_clean(cleaner, page, length, NULL, &segments, &count, &error) < 0) {
		fprintf(stderr, "%s: %s\n", argv[0], error.message);
		status = 1;
	}
	/* A kept segment a line; the kept pieces of one segment (sentences,
	 * for --method perplexity) share its line. */
	int line_open = 0;
	for (size_t i = 0; status == 0 && i < count; i++) {
		const ncleaner_segment *s = ncleaner_segment_at(segments, i);
		if (line_open && !ncleaner_segment_continues(s)) {
			putchar('\n');
			line_open = 0;
		}
		if (!ncleaner_segment_kept(s))
			continue;
		const char *text = ncleaner_segment_text(s, NULL);
		if (line_open)
			printf(" %s", text);
		else
			printf("<%c>%s", ncleaner_segment_type(s), text);
		line_open = 1;
	}
	if (line_open)
		putchar('\n');
	ncleaner_close(cleaner);
	free(page);
	return status;
}
