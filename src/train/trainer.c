/* trainer.c: what every trainer borrows from its host, and the checks
 * several trainers share (trainer.h). */
#include "train/trainer.h"

#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>

#include "base/language.h"

void train_say(const struct train_host *host, const char *fmt, ...)
{
	struct strbuf line = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&line, fmt, ap);
	va_end(ap);
	host->say(host->data, 0, line.buf);
	strbuf_release(&line);
}

int train_output_open(const struct train_host *host, struct atomic_file *file, const char *path,
		      struct nc_error *err)
{
	atomic_file_init(file);
	host->guard(host->data, file, 1);
	if (atomic_file_open(file, path, err) < 0) {
		host->guard(host->data, file, 0);
		return -1;
	}
	if (file->leftovers) {   /* a killed earlier run's: the user should know */
		struct nc_error notice;
		atomic_file_leftovers_notice(file->leftovers, file->display, &notice);
		train_say(host, "%s", notice.message);
	}
	return 0;
}

int train_output_close(const struct train_host *host, struct atomic_file *file, int ok,
		       struct nc_error *err)
{
	int ret = -1;
	if (ok)
		ret = atomic_file_commit(file, err);
	else
		atomic_file_abort(file);
	host->guard(host->data, file, 0);
	return ret;
}

int train_save_text(const struct train_host *host, const struct strbuf *text, const char *path,
		    struct nc_error *err)
{
	struct atomic_file file;

	if (train_output_open(host, &file, path, err) < 0)
		return -1;
	if (fwrite(text->buf, 1, text->len, file.stream) != text->len) {
		nc_error_set(err, NC_ERR_IO, "%s: write error", path);
		return train_output_close(host, &file, 0, err);
	}
	return train_output_close(host, &file, 1, err);
}

/* The trainers that choose a threshold or a bias by the best F on their
 * training pages (ice-lm, logistic) print that P, R and F: figures on the
 * pages the model learnt from, above what it scores on pages it has not
 * seen (in every case measured).
 * Measured on the CLEANEVAL pages (the logistic method without trees,
 * through the builtin renderer; the first or the last 18 pages held out,
 * models learnt from 4 to 40 of the others): 2.5 to 8.8 points of F above,
 * most from 4 pages (99.49 and 98.75 on them, 90.68 and 92.04 on the pages
 * held out). Under TRAIN_FEW_PAGES pages a warning says so. 20 is a
 * judgement, not an edge those figures show: a model wants pages of many
 * sites (a site's pages share a template, which it learns), and fewer
 * than 20 are few sites. Only cross-validation measures a model:
 * train-ncleaner(1), EXAMPLES. */
#define TRAIN_FEW_PAGES 20

void train_warn_few_pages(const struct train_host *host, size_t pages)
{
	if (pages >= TRAIN_FEW_PAGES)
		return;
	train_say(host, "warning: learnt from %zu page%s, fewer than %d: the P, R and F above "
		  "are on the pages it learnt from and say little of other pages; learn from "
		  "more pages of many sites, and measure by cross-validation "
		  "(train-ncleaner(1), EXAMPLES)", pages, pages == 1 ? "" : "s", TRAIN_FEW_PAGES);
}

int train_check_language(const struct train_host *host, const char *language)
{
	struct nc_error err = { 0 };
	if (strchr(language, ',')) {
		train_say(host, "--language: one language code (such as en), not '%s'", language);
		return 2;
	}
	if (language_list_check(language, &err) < 0) {
		train_say(host, "--language: %s", err.message);
		return 2;
	}
	return 0;
}

int train_ncleaner_options_given(const struct train_settings *s)
{
	return s->diff || s->standard || s->mode != 1 || s->tune || s->direct || s->paper ||
	       s->language || s->q_given || s->bias_given;
}

int train_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}
