/* segments.c: t5970's reader of segments, built against the installed
 * header and library with the access ncleaner.h sanctions alone
 * (ncleaner_segment_at() and the getters; the struct's layout is not
 * public). segments PAGE [OPTION...]: cleans PAGE with the OPTIONs and
 * prints every segment as ncleaner --scores prints it in CLEANEVAL format,
 * without the URL line ("cost_clean<TAB>cost_dirty<TAB>keep|drop<TAB>",
 * then "<t>" or "+" for a later piece, then the text), so that each getter
 * is compared with what the program writes. Exit 1 when a text's length is
 * not the getter's. */
#include <ncleaner.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_page(const char *path, size_t *length)
{
	FILE *f = fopen(path, "rb");
	char *bytes = NULL;
	size_t size = 0, n;

	if (!f)
		return NULL;
	do {
		char *grown = realloc(bytes, size + 65536);
		if (!grown) {
			free(bytes);
			fclose(f);
			return NULL;
		}
		bytes = grown;
		n = fread(bytes + size, 1, 65536, f);
		size += n;
	} while (n == 65536);
	fclose(f);
	*length = size;
	return bytes;
}

int main(int argc, char **argv)
{
	ncleaner_error error;
	const ncleaner_segment *segments;
	size_t count, length;

	if (argc < 2) {
		fprintf(stderr, "usage: segments PAGE [OPTION...]\n");
		return 2;
	}
	char *page = read_page(argv[1], &length);
	if (!page) {
		perror(argv[1]);
		return 2;
	}
	ncleaner *cleaner = ncleaner_open(argc - 2, (const char *const *)argv + 2, &error);
	if (!cleaner || ncleaner_clean(cleaner, page, length, NULL, &segments, &count, &error) < 0) {
		fprintf(stderr, "segments: %s\n", error.message);
		ncleaner_close(cleaner);
		free(page);
		return 2;
	}
	int status = 0;
	for (size_t i = 0; i < count; i++) {
		const ncleaner_segment *s = ncleaner_segment_at(segments, i);
		size_t text_length;
		const char *text = ncleaner_segment_text(s, &text_length);
		if (strlen(text) != text_length)
			status = 1;
		printf("%.4f\t%.4f\t%s\t", ncleaner_segment_cost_clean(s),
		       ncleaner_segment_cost_dirty(s), ncleaner_segment_kept(s) ? "keep" : "drop");
		if (ncleaner_segment_continues(s))
			putchar('+');
		else
			printf("<%c>", ncleaner_segment_type(s));
		printf("%s\n", text);
	}
	ncleaner_close(cleaner);
	free(page);
	return status;
}
