/* replay.c: run a fuzz harness over files, without libFuzzer.
 *
 *   fuzz-NAME-replay FILE|DIR...
 *
 * Feeds each file (each regular file of a directory) to
 * LLVMFuzzerTestOneInput() once and prints one TAP line per argument. A crash
 * or sanitizer report ends the program, which the TAP driver reports.
 */
#include "fuzz.h"
#include "base/file.h"
#include "base/strbuf.h"

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

static int replay_file(const char *path)
{
	struct strbuf data = STRBUF_INIT;
	struct nc_error err;
	if (read_file(path, 64u << 20, &data, &err) < 0) {
		fprintf(stderr, "%s\n", err.message);
		return -1;
	}
	LLVMFuzzerTestOneInput((const uint8_t *)data.buf, data.len);
	strbuf_release(&data);
	return 0;
}

static int replay(const char *path, size_t *files)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		(*files)++;
		return replay_file(path);
	}
	DIR *dir = opendir(path);
	struct dirent *entry;
	int ret = 0;
	if (!dir) {
		perror(path);
		return -1;
	}
	while ((entry = readdir(dir))) {
		if (entry->d_name[0] == '.')
			continue;
		struct strbuf child = STRBUF_INIT;
		strbuf_addf(&child, "%s/%s", path, entry->d_name);
		if (replay(child.buf, files) < 0)
			ret = -1;
		strbuf_release(&child);
	}
	closedir(dir);
	return ret;
}

int main(int argc, char **argv)
{
	int failed = 0;
	printf("1..%d\n", argc - 1);
	for (int i = 1; i < argc; i++) {
		size_t files = 0;
		int ret = replay(argv[i], &files);
		printf("%sok %d - %zu inputs from %s replayed without a crash\n",
		       ret < 0 || files == 0 ? "not " : "", i, files, argv[i]);
		failed |= ret < 0 || files == 0;
	}
	return failed;
}
