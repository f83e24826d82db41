/* snippets.c: a benchmark's snippet annotations and its scoring rule (see
 * snippets.h). */
#include "eval/snippets.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/json-value.h"
#include "base/utf8.h"
#include "source/file-names.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- normalisation ---------------------------------------------------------------- */

/* White space as Python's str.isspace() has it (see snippets.h). */
static int is_python_space(uint32_t cp)
{
	if (cp <= 0x20)
		return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x1F) || cp == 0x20;
	if (cp < 0x85)
		return 0;
	return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
	       cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

void snippet_normalise(const char *text, size_t len, struct strbuf *out)
{
	const unsigned char *p = (const unsigned char *)text, *end = p + len;
	size_t start = out->len;
	int space = 0;

	strbuf_grow(out, len);
	while (p < end) {
		uint32_t cp;
		size_t n = *p < 0x80 ? (cp = *p, 1) : utf8_decode(p, (size_t)(end - p), &cp);
		if (n && is_python_space(cp)) {
			space = 1;
			p += n;
			continue;
		}
		if (!n)
			n = 1;   /* an invalid byte, kept */
		if (space && out->len > start)
			strbuf_addch(out, ' ');
		space = 0;
		strbuf_add(out, p, n);
		p += n;
	}
}

/* --- reading the file ---------------------------------------------------------------- */

/* A page's file name that stays inside the pages' directory: relative, no
 * "." or ".." component, no empty one, no NUL. NULL, or what is wrong. */
static const char *bad_file_name(const struct json_value *file)
{
	if (file->length == 0)
		return "is empty";
	if (memchr(file->string, '\0', file->length))
		return "holds a NUL character";
	if (file->string[0] == '/')
		return "is absolute (it must be relative to the directory of pages)";
	for (const char *p = file->string; *p;) {
		size_t n = strcspn(p, "/");
		if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			return "has an empty, '.' or '..' component (it must stay inside the directory "
			       "of pages)";
		p += n;
		if (*p == '/')
			p++;
	}
	return NULL;
}

static int read_snippets(struct snippet_set *set, struct snippet_list *list,
			 const struct json_value *array, const char *member, const char *name,
			 const char *url, struct nc_error *err)
{
	if (!array)
		return nc_error_set(err, NC_ERR_FORMAT, "%s: the entry of %s has no \"%s\"", name,
				    url, member);
	if (array->type != JSON_ARRAY)
		return json_value_error(err, NC_ERR_FORMAT, name, array, "\"%s\" must be an array of "
					"strings, not %s", member, json_type_name(array->type));
	list->text = xcalloc(array->count ? array->count : 1, sizeof(*list->text));
	list->len = xcalloc(array->count ? array->count : 1, sizeof(*list->len));
	for (size_t i = 0; i < array->count; i++) {
		const struct json_value *item = &array->items[i];
		if (item->type != JSON_STRING)
			return json_value_error(err, NC_ERR_FORMAT, name, item, "\"%s\" must be an "
						"array of strings; this is %s", member,
						json_type_name(item->type));
		struct strbuf text = STRBUF_INIT;
		snippet_normalise(item->string, item->length, &text);
		set->empty += text.len == 0;
		list->text[list->count] = strbuf_detach(&text, &list->len[list->count]);
		list->count++;
	}
	return 0;
}

static int read_entry(struct snippet_set *set, const struct json_member *member,
		      const char *name, struct nc_error *err)
{
	struct snippet_entry *entry = &set->entries[set->count++];
	const struct json_value *value = &member->value;

	memset(entry, 0, sizeof(*entry));
	entry->url = xstrdup(member->name);
	if (value->type != JSON_OBJECT)
		return json_value_error(err, NC_ERR_FORMAT, name, value, "the entry of %s must be an "
					"object, not %s", entry->url, json_type_name(value->type));
	const struct json_value *file = json_value_member(value, "file");
	if (!file)
		return json_value_error(err, NC_ERR_FORMAT, name, value, "the entry of %s has no "
					"\"file\"", entry->url);
	if (file->type != JSON_STRING)
		return json_value_error(err, NC_ERR_FORMAT, name, file, "\"file\" must be a string, "
					"not %s", json_type_name(file->type));
	const char *wrong = bad_file_name(file);
	if (wrong)
		return json_value_error(err, NC_ERR_FORMAT, name, file, "the file name \"%s\" %s",
					file->string, wrong);
	entry->file = xstrdup(file->string);
	if (read_snippets(set, &entry->with, json_value_member(value, "with"), "with", name,
			  entry->url, err) < 0 ||
	    read_snippets(set, &entry->without, json_value_member(value, "without"), "without",
			  name, entry->url, err) < 0)
		return -1;
	return 0;
}

static int by_file(const void *a, const void *b)
{
	const struct snippet_entry *x = a, *y = b;
	int c = file_name_compare(x->file, y->file);
	return c ? c : strcmp(x->file, y->file);
}

/* The entries of the JSON text `root` into `set`. */
static int read_set(struct snippet_set *set, const struct json_value *root, const char *name,
		    struct nc_error *err)
{
	if (root->type != JSON_OBJECT)
		return json_value_error(err, NC_ERR_FORMAT, name, root, "expected an object of "
					"entries ({URL: {\"file\": ..., \"with\": [...], \"without\": "
					"[...]}}), found %s", json_type_name(root->type));
	set->entries = xcalloc(root->count ? root->count : 1, sizeof(*set->entries));
	for (size_t i = 0; i < root->count; i++)
		if (read_entry(set, &root->members[i], name, err) < 0)
			return -1;
	qsort(set->entries, set->count, sizeof(*set->entries), by_file);
	for (size_t i = 1; i < set->count; i++)
		if (!strcmp(set->entries[i - 1].file, set->entries[i].file))
			return nc_error_set(err, NC_ERR_FORMAT, "%s: the page %s is named by two "
					    "entries, %s and %s", name, set->entries[i].file,
					    set->entries[i - 1].url, set->entries[i].url);
	return 0;
}

int snippet_file_named(const char *path)
{
	size_t n = strlen(path);
	return n > 5 && !strcmp(path + n - 5, ".json") && !is_directory(path);
}

int snippet_set_parse(struct snippet_set *set, const char *text, size_t len, const char *name,
		      struct nc_error *err)
{
	struct json_value root;
	int ret = json_value_parse(text, len, name, &root, err);

	memset(set, 0, sizeof(*set));
	if (ret == 0)
		ret = read_set(set, &root, name, err);
	json_value_release(&root);
	return ret;
}

int snippet_set_load(struct snippet_set *set, const char *path, struct nc_error *err)
{
	struct json_value root;
	int ret = json_value_read_file(path, &root, err);

	memset(set, 0, sizeof(*set));
	if (ret == 0)
		ret = read_set(set, &root, path, err);
	json_value_release(&root);
	return ret;
}

static void snippet_list_release(struct snippet_list *list)
{
	for (size_t i = 0; i < list->count; i++)
		free(list->text[i]);
	free(list->text);
	free(list->len);
}

void snippet_set_release(struct snippet_set *set)
{
	for (size_t i = 0; i < set->count; i++) {
		free(set->entries[i].url);
		free(set->entries[i].file);
		snippet_list_release(&set->entries[i].with);
		snippet_list_release(&set->entries[i].without);
	}
	free(set->entries);
	memset(set, 0, sizeof(*set));
}

const struct snippet_entry *snippet_set_find(const struct snippet_set *set, const char *file)
{
	struct snippet_entry key = { .file = (char *)file };
	return set->count ? bsearch(&key, set->entries, set->count, sizeof(*set->entries), by_file)
			  : NULL;
}

/* --- scoring ---------------------------------------------------------------------- */

/* How many of `list` occur in `text` (an empty snippet occurs in any). */
static long count_found(const struct snippet_list *list, const char *text, size_t len)
{
	long found = 0;
	for (size_t i = 0; i < list->count; i++)
		found += memmem(text, len, list->text[i], list->len[i]) != NULL ||
			 list->len[i] == 0;
	return found;
}

void snippet_score_normalised(const struct snippet_entry *entry, const char *text, size_t len,
			      struct snippet_counts *counts)
{
	long with = (long)entry->with.count, without = (long)entry->without.count;
	if (!text) {
		counts->fn += with;
		counts->tn += without;
		return;
	}
	long tp = count_found(&entry->with, text, len), fp = count_found(&entry->without, text, len);
	counts->tp += tp;
	counts->fn += with - tp;
	counts->fp += fp;
	counts->tn += without - fp;
}

void snippet_score(const struct snippet_entry *entry, const char *text, size_t len,
		   struct snippet_counts *counts)
{
	struct strbuf normalised = STRBUF_INIT;
	if (text)
		snippet_normalise(text, len, &normalised);
	snippet_score_normalised(entry, text ? normalised.buf : NULL, normalised.len, counts);
	strbuf_release(&normalised);
}

static double percent(long part, long whole)
{
	return 100.0 * (double)part / (double)(whole ? whole : 1);
}

void snippet_compute(const struct snippet_counts *c, struct snippet_result *result)
{
	result->p = percent(c->tp, c->tp + c->fp);
	result->r = percent(c->tp, c->tp + c->fn);
	result->f = percent(2 * c->tp, 2 * c->tp + c->fp + c->fn);
	result->accuracy = percent(c->tp + c->tn, c->tp + c->fn + c->fp + c->tn);
}

/* --- the files an entry names ------------------------------------------------------ */

static int by_relative(const void *a, const void *b)
{
	return strcmp((*(const struct file_input *const *)a)->relative,
		      (*(const struct file_input *const *)b)->relative);
}

void snippet_files_index(struct snippet_files *files, const struct file_source *source)
{
	size_t n = file_source_count(source);
	files->sorted = xcalloc(n ? n : 1, sizeof(*files->sorted));
	files->used = xcalloc(n ? n : 1, 1);
	for (size_t i = 0; i < n; i++)
		files->sorted[i] = file_source_input(source, i);
	qsort(files->sorted, n, sizeof(*files->sorted), by_relative);
	files->count = n;
}

void snippet_files_release(struct snippet_files *files)
{
	free(files->sorted);
	free(files->used);
	memset(files, 0, sizeof(*files));
}

const struct file_input *snippet_files_find(struct snippet_files *files, const char *relative)
{
	struct file_input key = { .relative = (char *)relative };
	const struct file_input *k = &key;
	const struct file_input **hit = files->count ? bsearch(&k, files->sorted, files->count,
							       sizeof(*files->sorted), by_relative)
						     : NULL;
	if (!hit)
		return NULL;
	files->used[hit - files->sorted] = 1;
	return *hit;
}

/* --- languages ---------------------------------------------------------------------- */

void snippet_entry_language(const struct snippet_entry *entry, struct language *language)
{
	struct strbuf text = STRBUF_INIT;
	for (size_t i = 0; i < entry->with.count; i++) {
		if (text.len)
			strbuf_addch(&text, '\n');
		strbuf_add(&text, entry->with.text[i], entry->with.len[i]);
	}
	language_identify(text.buf, text.len, language);
	strbuf_release(&text);
}
