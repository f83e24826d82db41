/* batch.c: t5970's user of ncleaner_clean_batch(), built against the
 * installed library. batch OUT_DIR FILE... [-- OPTION...]: cleans the
 * FILEs as one batch and writes each page's output to OUT_DIR/NAME.txt
 * (NAME: the file's name without its directory and extension), as
 * ncleaner -o OUT_DIR FILE... names its outputs; a page that fails is
 * reported on standard error. */
#include <ncleaner.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct run {
	const char *dir;
	char **files;
	int failed;
};

static int write_page(void *data, ncleaner *cleaner, size_t index, const ncleaner_error *error)
{
	struct run *run = data;
	if (error) {
		fprintf(stderr, "batch: %s\n", error->message);
		run->failed = 1;
		return 0;
	}
	const char *base = strrchr(run->files[index], '/');
	base = base ? base + 1 : run->files[index];
	char path[4096];
	snprintf(path, sizeof(path), "%s/%.*s.txt", run->dir, (int)strcspn(base, "."), base);
	size_t length;
	const char *output = ncleaner_page_output(cleaner, &length);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(output, 1, length, f) != length || fclose(f) != 0) {
		fprintf(stderr, "batch: cannot write %s\n", path);
		run->failed = 1;
		return 1;   /* no use cleaning the rest */
	}
	return 0;
}

/* The whole of `path`, in *length bytes (malloc'd). */
static char *slurp(const char *path, size_t *length)
{
	FILE *f = fopen(path, "rb");
	char *bytes = NULL;
	long size;
	if (f && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (bytes = malloc((size_t)size + 1)) && fread(bytes, 1, (size_t)size, f) == (size_t)size)
		*length = (size_t)size;
	else {
		free(bytes);
		bytes = NULL;
	}
	if (f)
		fclose(f);
	return bytes;
}

int main(int argc, char **argv)
{
	int nfiles = 0;
	while (2 + nfiles < argc && strcmp(argv[2 + nfiles], "--"))
		nfiles++;
	if (argc < 3 || nfiles == 0) {
		fprintf(stderr, "usage: batch OUT_DIR FILE... [-- OPTION...]\n");
		return 2;
	}
	struct run run = { argv[1], argv + 2, 0 };
	const void **pages = calloc((size_t)nfiles, sizeof(*pages));
	size_t *lengths = calloc((size_t)nfiles, sizeof(*lengths));
	for (int i = 0; i < nfiles; i++)
		if (!(pages[i] = slurp(argv[2 + i], &lengths[i]))) {
			fprintf(stderr, "batch: cannot read %s\n", argv[2 + i]);
			return 2;
		}
	int first_option = 2 + nfiles + 1;
	ncleaner_error error;
	ncleaner *cleaner = ncleaner_open(argc > first_option ? argc - first_option : 0,
					  (const char *const *)argv + first_option, &error);
	if (!cleaner || ncleaner_clean_batch(cleaner, (size_t)nfiles, pages, lengths, NULL,
					     write_page, &run, &error) < 0) {
		fprintf(stderr, "batch: %s\n", error.message);
		return 2;
	}
	ncleaner_close(cleaner);
	for (int i = 0; i < nfiles; i++)
		free((void *)pages[i]);
	free(pages);
	free(lengths);
	return run.failed;
}
