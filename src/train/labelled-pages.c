/* labelled-pages.c: walking the pages of GOLD_DIR RAW_DIR pairs (or of
 * snippet annotations and their RAW_DIR) for the trainers that label
 * pages (labelled-pages.h). */
#include "train/labelled-pages.h"

#include "source/file-pairs.h"

/* The pages of RAW_DIR that `annotations` names, in the annotations'
 * order (eval/snippets.h): RAW_DIR/FILE for each entry's FILE. An entry
 * whose page is not there is skipped (a fold's directory holds some of
 * the pages), and so is a page without an entry; with `warn`, each named. */
static int walk_snippet_pages(const struct train_host *host, const char *annotations,
			      const char *raw_dir, int warn, visit_page_fn visit, void *data)
{
	struct snippet_set set;
	struct nc_error err = { 0 };
	struct file_source *raw = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT,
						  host->say, host->data);
	struct snippet_files pages = { 0 };
	int status = 0;

	if (snippet_set_load(&set, annotations, &err) < 0) {
		train_say(host, "%s", err.message);
		status = 2;
	} else if (file_source_add(raw, raw_dir) < 0) {
		status = 2;
	} else {
		snippet_files_index(&pages, raw);
		for (size_t i = 0; i < set.count && status != 2; i++) {
			struct page_labels labels = { NULL, &set.entries[i] };
			const struct file_input *page = snippet_files_find(&pages, set.entries[i].file);
			if (!page) {
				if (warn)
					train_say(host, "warning: %s: the page of %s is not in %s "
						  "(skipped)", annotations, set.entries[i].file, raw_dir);
				continue;
			}
			int ret = visit(data, page, &labels);
			status = ret > status ? ret : status;
		}
		for (size_t i = 0; warn && i < pages.count; i++)
			if (!pages.used[i])
				train_say(host, "warning: %s has no entry in %s (skipped)",
					  pages.sorted[i]->path, annotations);
	}
	snippet_files_release(&pages);
	file_source_free(raw);
	snippet_set_release(&set);
	return status;
}

/* The pages of RAW_DIR with a gold text in GOLD_DIR, paired by id. */
static int walk_gold_pages(const struct train_host *host, const char *gold_dir,
			   const char *raw_dir, int warn, visit_page_fn visit, void *data)
{
	struct file_source *gold = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT,
						   host->say, host->data);
	struct file_source *raw = file_source_new(FILE_KIND_BY_NAME, FILE_SOURCE_DEFAULT,
						  host->say, host->data);
	struct file_pairs pairs = { 0 };
	int status = 0;

	if (file_source_add(gold, gold_dir) < 0 || file_source_add(raw, raw_dir) < 0) {
		status = 2;
	} else {
		file_pairs_build(&pairs, PAIR_BY_ID, gold, raw, host->say, host->data);
		for (size_t i = 0; i < pairs.count && status != 2; i++) {
			const struct file_input *g = pairs.items[i].first;
			const struct file_input *r = pairs.items[i].second;
			if (!g || !r) {
				if (warn)
					train_say(host, "warning: %s has no %s file (skipped)",
						  g ? g->path : r->path, g ? "raw" : "gold");
				continue;
			}
			struct page_labels labels = { g, NULL };
			int ret = visit(data, r, &labels);
			status = ret > status ? ret : status;
		}
	}
	file_pairs_release(&pairs);
	file_source_free(raw);
	file_source_free(gold);
	return status;
}

int labelled_pages_walk(const struct train_host *host, int ndirs, char **dirs, int warn,
			visit_page_fn visit, void *data)
{
	int status = 0;
	for (int d = 0; d + 1 < ndirs && status != 2; d += 2) {
		int ret = snippet_file_named(dirs[d])
			? walk_snippet_pages(host, dirs[d], dirs[d + 1], warn, visit, data)
			: walk_gold_pages(host, dirs[d], dirs[d + 1], warn, visit, data);
		status = ret > status ? ret : status;
	}
	return status;
}

/* Read every labelled page into a trainer through `worker`. */
struct reading {
	const struct train_host *host;
	add_page_fn add;
	void *training;
	struct worker *worker;
};

static int read_page(void *data, const struct file_input *raw, const struct page_labels *labels)
{
	struct reading *r = data;
	struct nc_error err = { 0 };
	if (r->add(r->training, r->worker, raw, labels, &err) < 0) {
		train_say(r->host, "%s", err.message);
		return 1;
	}
	return 0;
}

int labelled_pages_read(const struct train_host *host, add_page_fn add, void *training,
			struct worker *worker, int ndirs, char **dirs)
{
	struct reading reading = { host, add, training, worker };
	return labelled_pages_walk(host, ndirs, dirs, 1, read_page, &reading);
}
