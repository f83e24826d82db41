/* cleaner.c: the pipeline of stages 1-4 and the CLEANEVAL writer (see cleaner.h). */
#include "cleaner.h"
#include "classify.h"
#include "html.h"
#include "lynx.h"
#include "rules.h"
#include "utf8.h"
#include "util.h"

#include <errno.h>
#include <string.h>

struct cleaner {
	struct cleaner_options options;
	struct rule_set *html_rules;
	struct rule_set *dump_rules;
	struct segmenter *segmenter;
	/* Where segments go: set per input before feeding the segmenter. */
	struct strbuf *out;
};

/* CLEANEVAL output: the tag, the text, a newline. */
static void write_segment(struct strbuf *out, const struct segment *segment)
{
	strbuf_addch(out, '<');
	strbuf_addch(out, (char)segment->type);
	strbuf_addch(out, '>');
	strbuf_add(out, segment->text, segment->len);
	strbuf_addch(out, '\n');
}

static int on_segment(const struct segment *segment, void *data, struct nc_error *err)
{
	struct cleaner *cleaner = data;
	const struct cleaner_options *o = &cleaner->options;
	struct ngram_score score;

	if (o->stage == CLEAN_HEURISTICS) {
		write_segment(cleaner->out, segment);
		return 0;
	}
	if (ngram_classifier_score(o->classifier, segment->text, segment->len, &score, err) < 0)
		return -1;
	int keep = ngram_decide(&score, o->bias);
	if (o->stage == CLEAN_SCORES) {
		strbuf_addf(cleaner->out, "%.4f\t%.4f\t%s\t<%c>", score.h_clean, score.h_dirty,
			    keep ? "keep" : "drop", (char)segment->type);
		strbuf_add(cleaner->out, segment->text, segment->len);
		strbuf_addch(cleaner->out, '\n');
	} else if (keep) {
		write_segment(cleaner->out, segment);
	}
	return 0;
}

struct cleaner *cleaner_new(const struct cleaner_options *options, struct nc_error *err)
{
	struct cleaner *cleaner = xcalloc(1, sizeof(*cleaner));

	cleaner->options = *options;
	if ((options->stage == CLEAN_FULL || options->stage == CLEAN_SCORES) && !options->classifier) {
		nc_error_set(err, NC_ERR_USAGE, "no model loaded for classification");
		goto fail;
	}
	cleaner->html_rules = rule_set_load(options->html_rules_path, RULES_BYTES, err);
	if (!cleaner->html_rules)
		goto fail;
	cleaner->dump_rules = rule_set_load(options->dump_rules_path, RULES_UTF, err);
	if (!cleaner->dump_rules)
		goto fail;
	cleaner->segmenter = segmenter_new(cleaner->dump_rules, options->segment_flags,
					   on_segment, cleaner);
	return cleaner;
fail:
	cleaner_free(cleaner);
	return NULL;
}

void cleaner_free(struct cleaner *cleaner)
{
	if (!cleaner)
		return;
	segmenter_free(cleaner->segmenter);
	rule_set_free(cleaner->html_rules);
	rule_set_free(cleaner->dump_rules);
	free(cleaner);
	lynx_sandbox_remove();  /* the cleaner is the one user of Lynx */
}

/* The URL comes from the wrapper's id or from the file name, so it may hold
 * anything. The output must stay one line of valid UTF-8: control bytes and
 * invalid UTF-8 are percent-encoded, as they would be in a URL. */
static void write_url_line(struct strbuf *out, const char *url)
{
	const unsigned char *p = (const unsigned char *)url;
	size_t len = strlen(url);

	strbuf_addstr(out, "URL: ");
	while (len) {
		uint32_t cp;
		size_t n = utf8_decode(p, len, &cp);
		if (n == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
			n = n ? n : 1;
			for (size_t i = 0; i < n; i++)
				strbuf_addf(out, "%%%02X", p[i]);
		} else {
			strbuf_add(out, (const char *)p, n);
		}
		p += n;
		len -= n;
	}
	strbuf_addch(out, '\n');
}

int cleaner_clean_html(struct cleaner *cleaner, const char *name, const char *html, size_t len,
		       struct strbuf *out, struct nc_error *err)
{
	struct strbuf normalised = STRBUF_INIT, dump = STRBUF_INIT;
	struct html_page page;
	size_t start = out->len;
	int ret = -1;

	/* The baseline dump is Lynx on the page as it is: no rules, no markers. */
	struct rule_set *rules = cleaner->options.stage == CLEAN_DUMP ? NULL : cleaner->html_rules;
	if (html_normalise(rules, html, len, &normalised, &page, err) < 0)
		goto out;
	struct lynx_options lynx = cleaner->options.lynx;
	lynx.charset = page.charset;
	lynx.max_output = CLEANER_MAX_DUMP_BYTES;
	if (lynx_dump(&lynx, normalised.buf, normalised.len, &dump, err) < 0)
		goto out_page;

	write_url_line(out, page.url ? page.url : name);
	if (cleaner->options.stage == CLEAN_DUMP) {
		strbuf_add(out, dump.buf, dump.len);
		ret = 0;
		goto out_page;
	}
	cleaner->out = out;
	ret = segmenter_feed(cleaner->segmenter, dump.buf, dump.len, err);
	if (ret == 0)
		ret = segmenter_finish(cleaner->segmenter, err);
	else
		segmenter_reset(cleaner->segmenter);
	cleaner->out = NULL;
out_page:
	html_page_release(&page);
out:
	if (ret < 0)
		strbuf_setlen(out, start);
	strbuf_release(&normalised);
	strbuf_release(&dump);
	return ret;
}

static int flush_output(struct strbuf *buf, FILE *out, const char *name, struct nc_error *err)
{
	if (buf->len && fwrite(buf->buf, 1, buf->len, out) != buf->len)
		return nc_error_set(err, NC_ERR_IO, "%s: cannot write output: %s", name,
				    strerror(errno));
	strbuf_reset(buf);
	return 0;
}

/* If `line` (without its newline) is "URL: something", return the URL part. */
static const char *url_of_line(const char *line, size_t len, size_t *url_len)
{
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (len - i < 4 || memcmp(line + i, "URL:", 4))
		return NULL;
	i += 4;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	while (len > i && (line[len - 1] == ' ' || line[len - 1] == '\r'))
		len--;
	*url_len = len - i;
	return line + i;
}

int cleaner_clean_text(struct cleaner *cleaner, const char *name, FILE *in, FILE *out,
		       struct nc_error *err)
{
	enum { CHUNK = 1 << 16 };
	struct strbuf pending = STRBUF_INIT;
	char *chunk = xmalloc(CHUNK);
	int ret = -1, first = 1;
	size_t got;

	cleaner->out = &pending;
	while ((got = fread(chunk, 1, CHUNK, in)) > 0) {
		const char *p = chunk;
		size_t n = got;
		if (first) {
			/* The URL line, when there is one, must lie in the first chunk. */
			size_t skip = n >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3) ? 3 : 0;
			const char *nl = memchr(p + skip, '\n', n - skip);
			size_t url_len = 0;
			const char *url = nl ? url_of_line(p + skip, (size_t)(nl - p - skip), &url_len) : NULL;
			if (url) {
				strbuf_addstr(&pending, "URL: ");
				strbuf_add(&pending, url, url_len);
				strbuf_addch(&pending, '\n');
				n -= (size_t)(nl + 1 - p);
				p = nl + 1;
			} else {
				write_url_line(&pending, name);
			}
			first = 0;
		}
		if (segmenter_feed(cleaner->segmenter, p, n, err) < 0)
			goto out;
		if (pending.len >= CHUNK && flush_output(&pending, out, name, err) < 0)
			goto out;
	}
	if (ferror(in)) {
		nc_error_set(err, NC_ERR_IO, "%s: read error: %s", name, strerror(errno));
		goto out;
	}
	if (first)
		write_url_line(&pending, name);
	if (segmenter_finish(cleaner->segmenter, err) < 0)
		goto out;
	if (flush_output(&pending, out, name, err) < 0)
		goto out;
	ret = 0;
out:
	if (ret < 0)
		segmenter_reset(cleaner->segmenter);
	cleaner->out = NULL;
	strbuf_release(&pending);
	free(chunk);
	return ret;
}
