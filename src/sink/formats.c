/* formats.c: the table of output formats, looking them up, and what several
 * formats write (see format.h). A new format is a line here. */
#include "sink/format.h"
#include "base/utf8.h"

#include <string.h>

static const struct output_format *const formats[] = {
	&format_cleaneval,   /* the default: first */
	&format_text,
	&format_jsonl,
	&format_wet,
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const struct output_format *const *output_formats(size_t *count)
{
	*count = COUNT(formats);
	return formats;
}

void output_format_names(struct strbuf *out, unsigned capabilities, const char *first_note)
{
	size_t total = 0, written = 0;
	for (size_t i = 0; i < COUNT(formats); i++)
		total += (formats[i]->capabilities & capabilities) == capabilities;
	for (size_t i = 0; i < COUNT(formats); i++) {
		if ((formats[i]->capabilities & capabilities) != capabilities)
			continue;
		if (written)
			strbuf_addstr(out, written + 1 == total ? " or " : ", ");
		strbuf_addstr(out, formats[i]->name);
		if (!written && first_note)
			strbuf_addstr(out, first_note);
		written++;
	}
}

void output_format_extensions(struct strbuf *out, const char *also)
{
	const char *names[COUNT(formats) + 1];
	size_t n = 0;
	for (size_t i = 0; i < COUNT(formats); i++) {
		size_t seen = 0;
		while (seen < n && strcmp(names[seen], formats[i]->extension))
			seen++;
		if (seen == n)
			names[n++] = formats[i]->extension;
	}
	if (also)
		names[n++] = also;
	for (size_t i = 0; i < n; i++) {
		if (i)
			strbuf_addstr(out, i + 1 == n ? " or " : ", ");
		strbuf_addstr(out, names[i]);
	}
}

const struct output_format *output_format_find(const char *name, struct nc_error *err)
{
	for (size_t i = 0; i < COUNT(formats); i++)
		if (!strcmp(name, formats[i]->name))
			return formats[i];
	struct strbuf names = STRBUF_INIT;
	output_format_names(&names, 0, NULL);
	nc_error_set(err, NC_ERR_USAGE, "--format expects %s, not '%s'", names.buf, name);
	strbuf_release(&names);
	return NULL;
}

/* The option that needs `capability`, and the formats that have it. */
static int refuse(const char *option, unsigned capability, struct nc_error *err)
{
	struct strbuf names = STRBUF_INIT;
	output_format_names(&names, capability, NULL);
	nc_error_set(err, NC_ERR_USAGE, "%s goes with --format %s", option, names.buf);
	strbuf_release(&names);
	return -1;
}

int output_format_check(const struct output_format *format, int scores, int dump,
			struct nc_error *err)
{
	if (scores && !(format->capabilities & FORMAT_SCORES))
		return refuse("--scores", FORMAT_SCORES, err);
	if (dump && !(format->capabilities & FORMAT_DUMP))
		return refuse("--dump", FORMAT_DUMP, err);
	return 0;
}

int output_format_extension_ends(const char *name)
{
	size_t len = strlen(name);
	for (size_t i = 0; i < COUNT(formats); i++) {
		size_t n = strlen(formats[i]->extension);
		if (len > n && !strcmp(name + len - n, formats[i]->extension) &&
		    name[len - n - 1] != '/')
			return 1;
	}
	return 0;
}

/* --- what several formats write ------------------------------------------------------ */

void format_add_url(struct strbuf *out, const char *url)
{
	utf8_escape_controls(url, strlen(url), "%%%02X", out);
}

void format_add_tag(struct strbuf *out, enum segment_type type)
{
	strbuf_addch(out, '<');
	strbuf_addch(out, (char)type);
	strbuf_addch(out, '>');
}

void format_add_lines(struct strbuf *out, const struct scored_segment *segments, size_t count,
		      int tagged, const char *after)
{
	int line_open = 0;

	for (size_t i = 0; i < count; i++) {
		const struct scored_segment *s = &segments[i];
		if (line_open && !s->continues) {
			strbuf_addstr(out, after);
			line_open = 0;
		}
		if (!s->keep)
			continue;
		if (line_open)
			strbuf_addch(out, ' ');
		else if (tagged)
			format_add_tag(out, s->segment.type);
		line_open = 1;
		strbuf_add(out, s->segment.text, s->segment.len);
	}
	if (line_open)
		strbuf_addstr(out, after);
}
