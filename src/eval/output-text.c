/* output-text.c: the text of ncleaner's output files (see output-text.h). */
#include "eval/output-text.h"
#include "base/file.h"
#include "base/json-value.h"
#include "base/limits.h"

#include <string.h>

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcmp(s + n - m, suffix);
}

int output_text_known(const char *path)
{
	return ends_with(path, ".txt") || ends_with(path, ".jsonl");
}

static int starts_with(const char *line, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	return len >= n && !memcmp(line, prefix, n);
}

void output_text_from_txt(const char *bytes, size_t len, struct strbuf *text)
{
	const char *p = bytes, *end = bytes + len;
	int cleaneval = starts_with(bytes, len, "URL: ");

	while (p < end) {
		const char *newline = memchr(p, '\n', (size_t)(end - p));
		const char *line_end = newline ? newline : end;
		size_t n = (size_t)(line_end - p);
		if (cleaneval && starts_with(p, n, "URL: ")) {
			p = newline ? newline + 1 : end;
			continue;
		}
		if (cleaneval && n >= 3 && p[0] == '<' && p[2] == '>' &&
		    (p[1] == 'p' || p[1] == 'h' || p[1] == 'l')) {
			p += 3;
			n -= 3;
		}
		strbuf_add(text, p, n);
		strbuf_addch(text, '\n');
		p = newline ? newline + 1 : end;
	}
}

int output_text_from_jsonl(const char *bytes, size_t len, const char *name, struct strbuf *text,
			   struct nc_error *err)
{
	const char *p = bytes, *end = bytes + len;
	unsigned line = 0;

	while (p < end) {
		const char *newline = memchr(p, '\n', (size_t)(end - p));
		const char *line_end = newline ? newline : end;
		struct json_value record;
		line++;
		if (line_end == p) {   /* an empty line (ncleaner writes none) */
			p = newline ? newline + 1 : end;
			continue;
		}
		if (json_value_parse_line(p, (size_t)(line_end - p), name, line, &record, err) < 0)
			return -1;
		const struct json_value *page_text = json_value_member(&record, "text");
		int ret = 0;
		if (record.type != JSON_OBJECT)
			ret = json_value_error(err, NC_ERR_FORMAT, name, &record, "a JSON line must be "
					       "a record (an object), not %s", json_type_name(record.type));
		else if (!page_text)
			ret = json_value_error(err, NC_ERR_FORMAT, name, &record, "a record without "
					       "\"text\"");
		else if (page_text->type != JSON_STRING)
			ret = json_value_error(err, NC_ERR_FORMAT, name, page_text, "\"text\" must be "
					       "a string, not %s", json_type_name(page_text->type));
		if (ret == 0) {
			if (text->len)
				strbuf_addch(text, '\n');
			strbuf_add(text, page_text->string, page_text->length);
		}
		json_value_release(&record);
		if (ret < 0)
			return -1;
		p = newline ? newline + 1 : end;
	}
	return 0;
}

int output_text_read(const char *path, struct strbuf *text, struct nc_error *err)
{
	struct strbuf bytes = STRBUF_INIT;
	int ret;

	if (!output_text_known(path))
		return nc_error_set(err, NC_ERR_USAGE, "%s: not an output of ncleaner's that can be "
				    "scored as text (.txt or .jsonl)", path);
	ret = read_file(path, PIPELINE_MAX_DUMP_BYTES, &bytes, err);
	if (ret == 0 && ends_with(path, ".jsonl"))
		ret = output_text_from_jsonl(bytes.buf, bytes.len, path, text, err);
	else if (ret == 0)
		output_text_from_txt(bytes.buf, bytes.len, text);
	strbuf_release(&bytes);
	return ret;
}
