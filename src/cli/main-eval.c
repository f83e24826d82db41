/* main-eval.c: ncleaner-eval, the 2008 CLEANEVAL scorer's command line.
 *
 * Same options and output as cleaneval.py v1.0. Deliberate differences
 * (see ncleaner-eval(1)): SYSTEM_DIR/NAME pairs with GOLD_DIR/NAME or
 * GOLD_DIR/<stem>-cleaned.<ext> (source/file-pairs.h); directories are walked
 * as ncleaner walks them (recursively; hidden files, FIFOs and devices
 * skipped); files missing from
 * the gold directory are named in the warning, and so are gold files without
 * a system file (which the original ignored silently: every page a system
 * failed on raised its score), which --missing-as-empty scores as empty
 * outputs; macro averages divide by the
 * number of files scored, not by the number of entries in the system
 * directory; a single file or an empty directory is an error or a warning
 * instead of a Python traceback.
 *
 * A GOLD operand that is a JSON file (NAME.json) is a benchmark annotated
 * with snippets (trafilatura's evaldata.json, eval/snippets.h): every page
 * it names is scored by that benchmark's rule from ncleaner's output for
 * it in SYSTEM_DIR (.txt or .jsonl, eval/output-text.h), by page and by
 * language.
 */
#include "config.h"
#include "base/alloc.h"
#include "base/file.h"
#include "cli/cli.h"
#include "eval/output-text.h"
#include "eval/score.h"
#include "eval/snippets.h"
#include "sink/output.h"
#include "source/file-names.h"
#include "source/file-pairs.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *program = "ncleaner-eval";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: ncleaner-eval [OPTIONS] SYSTEM_DIR GOLD_DIR [ALIGN_DIR]\n"
"       ncleaner-eval [-t] [-n] [-s] [--by-language] SYSTEM_DIR SNIPPETS.json\n"
"Score cleaned texts against a gold standard, exactly as the 2008 script\n"
"cleaneval.py v1.0: word-level precision, recall and F-score, and the\n"
"accuracy of the segment tags <p>, <h>, <l>.\n"
"\n"
"SYSTEM_DIR/NAME is scored against GOLD_DIR/NAME, or against\n"
"GOLD_DIR/ID-cleaned.txt when NAME is ID.txt. SYSTEM_DIR and GOLD_DIR may\n"
"also be two single files.\n"
"\n"
"  -t, --total        print only the total row (micro-averaged over all files)\n"
"  -n, --no-header    omit the table header\n"
"  -s, --summary      print summary statistics (macro and micro averages) on stderr\n"
"  -a, --ascii        remove non-ASCII bytes before comparing\n"
"  -u, --unlabelled   unlabelled segmentation: <p>, <h> and <l> all count as <p>\n"
"  -M, --no-markers   drop the tags <p>, <h>, <l> on both sides before comparing\n"
"                     (for gold texts without them; not in the 2008 script)\n"
"  -e, --missing-as-empty  score a gold file without a system file as an empty\n"
"                     system file (its words false negatives); by default it\n"
"                     is skipped with a warning, as the 2008 script skips it\n"
"  -h, --help         show this help\n"
"  -V, --version      show the version\n"
"ALIGN_DIR receives one NAME.align file per scored file.\n"
"\n"
"SNIPPETS.json: a benchmark annotated with snippets, as trafilatura's\n"
"evaldata.json ({URL: {\"file\": FILE, \"with\": [...], \"without\": [...]}}).\n"
"Each page FILE is scored from its output in SYSTEM_DIR, named as ncleaner -o\n"
"names it: FILE without its extension (or with it), then .txt (CLEANEVAL or\n"
"text format) or .jsonl. White space normalised, a \"with\" snippet found in\n"
"the text is a true positive (else a false negative), a \"without\" snippet\n"
"found a false positive (else a true negative); P, R and F1 from the sums.\n"
"A page without an output file is scored as empty, as the benchmark scores a\n"
"tool that returned nothing: its \"with\" snippets are misses. Rows: file, F,\n"
"P, R, TP, FN, FP, TN, the page's language (CLD2's, of its \"with\" snippets)\n"
"and 1, then a total row (-t: that alone).\n"
"  -l, --by-language  a row per language, then \"other\" (all but de and en)\n"
"                     and the total, instead of a row per page\n"
"  -s                 the totals also as the benchmark prints them (0.xxx)\n");
}

struct pair {
	char *name;     /* the system file's name below SYSTEM_DIR */
	char *system;   /* NULL: none (--missing-as-empty), scored as empty */
	char *gold;
};

/* The files to score: `pairs` gets every system file that has a gold file
 * (and, with `missing_as_empty`, every gold file without a system file);
 * `entries` counts the system files, `missing` the gold files without one.
 * Returns 2 on a usage error. */
static int collect_pairs(const char *system_dir, const char *gold_dir, int missing_as_empty,
			 struct pair **pairs, size_t *npairs, size_t *entries, size_t *missing)
{
	if (!is_directory(system_dir)) {
		/* Two single files. */
		if (is_directory(gold_dir)) {
			cli_print(program, "%s is a file but %s a directory", system_dir,
				gold_dir);
			return 2;
		}
		const char *base = strrchr(system_dir, '/');
		*pairs = xmalloc(sizeof(**pairs));
		(*pairs)[0].name = xstrdup(base ? base + 1 : system_dir);
		(*pairs)[0].system = xstrdup(system_dir);
		(*pairs)[0].gold = xstrdup(gold_dir);
		*npairs = *entries = 1;
		return 0;
	}
	if (!is_directory(gold_dir)) {
		cli_print(program, "%s: not a directory", gold_dir);
		return 2;
	}
	struct file_source *system = file_source_new(FILE_KIND_TEXT, FILE_SOURCE_DEFAULT, cli_print_report, (void *)program);
	struct file_source *gold = file_source_new(FILE_KIND_TEXT, FILE_SOURCE_DEFAULT, cli_print_report, (void *)program);
	struct file_pairs matched = { 0 };
	int status = 2;
	if (file_source_add(system, system_dir) < 0 || file_source_add(gold, gold_dir) < 0)
		goto out;
	file_pairs_build(&matched, PAIR_BY_NAME, system, gold, cli_print_report, (void *)program);
	*pairs = xcalloc(matched.count, sizeof(**pairs));
	for (size_t i = 0; i < matched.count; i++) {
		const struct file_pair *m = &matched.items[i];
		if (!m->first) {
			/* A page the system failed on leaves no output: skipping
			 * its gold would raise the score. */
			++*missing;
			cli_print(program, "warning: %s: no system file in %s (%s)", m->second->relative,
				  system_dir, missing_as_empty ? "scored as an empty output"
							       : "not scored; -e scores it as empty");
			if (!missing_as_empty)
				continue;
			struct pair *p = &(*pairs)[(*npairs)++];
			p->name = xstrdup(m->key);
			p->system = NULL;
			p->gold = xstrdup(m->second->path);
			continue;
		}
		++*entries;
		if (!m->second) {
			cli_print(program, "warning: %s: no gold file in %s (skipped)",
				m->first->relative, gold_dir);
			continue;
		}
		struct pair *p = &(*pairs)[(*npairs)++];
		p->name = xstrdup(m->first->relative);
		p->system = xstrdup(m->first->path);
		p->gold = xstrdup(m->second->path);
	}
	status = 0;
out:
	file_pairs_release(&matched);
	file_source_free(system);
	file_source_free(gold);
	return status;
}

static void pairs_free(struct pair *pairs, size_t npairs)
{
	for (size_t n = 0; n < npairs; n++) {
		free(pairs[n].name);
		free(pairs[n].system);
		free(pairs[n].gold);
	}
	free(pairs);
}

static void print_row(const char *name, const struct score_result *r)
{
	printf("%s\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\n", name, r->f,
	       r->p, r->r, r->tag_f, r->tag_p, r->tag_r, r->counts.tp, r->counts.fp, r->counts.fn,
	       r->counts.tag_tp, r->counts.tag_fp, r->counts.tag_fn);
}

/* Sums over the scored files, for the averages. */
struct totals {
	struct score_counts counts;   /* micro */
	double sum[6], sumsq[6];      /* macro: F, P, R, F.tag, P.tag, R.tag */
	size_t scored;
};

static void totals_add(struct totals *t, const struct score_counts *c, const struct score_result *r)
{
	t->counts.tp += c->tp, t->counts.fp += c->fp, t->counts.fn += c->fn;
	t->counts.tag_tp += c->tag_tp, t->counts.tag_fp += c->tag_fp;
	t->counts.tag_fn += c->tag_fn;
	double v[6] = { r->f, r->p, r->r, r->tag_f, r->tag_p, r->tag_r };
	for (int i = 0; i < 6; i++) {
		t->sum[i] += v[i];
		t->sumsq[i] += v[i] * v[i];
	}
	t->scored++;
}

/* ALIGN_DIR/NAME without its extension, plus .align (subfolders made). */
static int write_alignment(const char *align_dir, const char *name, const struct strbuf *align)
{
	struct strbuf path = STRBUF_INIT;
	struct nc_error err = { 0 };
	char *stem = file_name_strip_extension(name);
	int ret = 0;

	strbuf_addf(&path, "%s/%s.align", align_dir, stem);
	char *slash = strrchr(path.buf, '/');
	*slash = '\0';
	if (output_make_directories(path.buf, &err) < 0) {
		cli_print(program, "%s", err.message);
		ret = -1;
	}
	*slash = '/';
	FILE *f = ret ? NULL : fopen(path.buf, "w");
	if (f) {
		int written = fwrite(align->buf, 1, align->len, f) == align->len;
		if (fclose(f) != 0 || !written)
			f = NULL;
	}
	if (!ret && !f) {
		cli_print(program, "%s: cannot write: %s", path.buf, strerror(errno));
		ret = -1;
	}
	strbuf_release(&path);
	free(stem);
	return ret;
}

/* Score one pair: print its row (unless total_only), add it to the totals,
 * write its alignment. Returns -1 when a file could not be read or written. */
static int score_pair(const struct pair *pair, enum score_flags flags, int total_only,
		      const char *align_dir, struct totals *totals)
{
	struct strbuf sys = STRBUF_INIT, gold = STRBUF_INIT, align = STRBUF_INIT;
	struct nc_error err = { 0 };
	struct score_counts counts = { 0 };
	struct score_result r;
	int ret = 0;

	if ((pair->system && read_file(pair->system, 0, &sys, &err) < 0) ||
	    read_file(pair->gold, 0, &gold, &err) < 0) {
		cli_print(program, "%s", err.message);
		ret = -1;
		goto out;
	}
	score_texts(sys.buf, sys.len, gold.buf, gold.len, flags, &counts, align_dir ? &align : NULL);
	score_compute(&counts, &r);
	if (!total_only)
		print_row(pair->name, &r);
	totals_add(totals, &counts, &r);
	if (align_dir)
		ret = write_alignment(align_dir, pair->name, &align);
out:
	strbuf_release(&sys);
	strbuf_release(&gold);
	strbuf_release(&align);
	return ret;
}

static void print_summary(const struct totals *t, const struct score_result *micro,
			  enum score_flags flags, size_t entries)
{
	double mean[6], sd[6];
	for (int i = 0; i < 6; i++) {
		mean[i] = t->sum[i] / (double)t->scored;
		/* The original divides by n - 1 and fails for one file. */
		double var = t->scored > 1 ? (t->sumsq[i] - t->scored * mean[i] * mean[i]) /
						     (t->scored - 1) : 0;
		sd[i] = var > 0 ? sqrt(var) : 0;
	}
	const char *kind = flags & SCORE_UNLABELLED ? "unlabelled" : "labelled";
	if (t->scored < entries)
		fprintf(stderr, "Evaluation report on %zu out of %zu files:\n", t->scored, entries);
	else
		fprintf(stderr, "Evaluation report on %zu files:\n", t->scored);
	fprintf(stderr, "Word-level accuracy (macro-averaged):\n");
	fprintf(stderr, "  F-score:   %6.2f%% +/- %.2f%%\n", mean[0], sd[0]);
	fprintf(stderr, "  Precision: %6.2f%% +/- %.2f%%\n", mean[1], sd[1]);
	fprintf(stderr, "  Recall:    %6.2f%% +/- %.2f%%\n", mean[2], sd[2]);
	fprintf(stderr, "Segmentation accuracy (%s):\n", kind);
	fprintf(stderr, "  F-score:   %6.2f%% +/- %.2f%%\n", mean[3], sd[3]);
	fprintf(stderr, "  Precision: %6.2f%% +/- %.2f%%\n", mean[4], sd[4]);
	fprintf(stderr, "  Recall:    %6.2f%% +/- %.2f%%\n", mean[5], sd[5]);
	fprintf(stderr, "Word-level accuracy (micro-averaged):\n");
	fprintf(stderr, "  F-score:   %6.2f%%\n", micro->f);
	fprintf(stderr, "  Precision: %6.2f%%\n", micro->p);
	fprintf(stderr, "  Recall:    %6.2f%%\n", micro->r);
	fprintf(stderr, "Segmentation accuracy (%s, micro-averaged):\n", kind);
	fprintf(stderr, "  F-score:   %6.2f%%\n", micro->tag_f);
	fprintf(stderr, "  Precision: %6.2f%%\n", micro->tag_p);
	fprintf(stderr, "  Recall:    %6.2f%%\n", micro->tag_r);
}

/* --- a benchmark annotated with snippets (eval/snippets.h) ------------------------------ */

/* The output ncleaner -o wrote for the page `file` in `outputs`: FILE
 * without its extension, or with it (when two inputs' names clashed),
 * then .txt or .jsonl. NULL: none; *ambiguous: more than one (said so). */
static const struct file_input *output_of(struct snippet_files *outputs, const char *file,
					  const char *system_dir, int *ambiguous)
{
	static const char *const extensions[] = { ".txt", ".jsonl" };
	char *stem = file_name_strip_extension(file);
	const char *names[2] = { stem, file };
	const struct file_input *found = NULL;

	*ambiguous = 0;
	for (int n = 0; n < (strcmp(stem, file) ? 2 : 1); n++) {
		for (int e = 0; e < 2; e++) {
			struct strbuf name = STRBUF_INIT;
			strbuf_addf(&name, "%s%s", names[n], extensions[e]);
			const struct file_input *output = snippet_files_find(outputs, name.buf);
			strbuf_release(&name);
			if (!output)
				continue;
			if (found) {
				cli_print(program, "%s: two outputs in %s, %s and %s: which is it? (not "
					  "scored)", file, system_dir, found->relative,
					  output->relative);
				*ambiguous = 1;
			}
			found = output;
		}
	}
	free(stem);
	return found;
}

struct snippet_page {
	const struct snippet_entry *entry;
	struct snippet_counts counts;
	char language[16];   /* CLD2's code, or "unknown" */
	int scored;          /* 0: its output could not be read (not in the totals) */
};

/* Score every page of `set` from its output; pages[i] for entries[i].
 * *missing counts the pages without an output. 0, or 1 when an output
 * could not be read. */
static int score_snippet_pages(const struct snippet_set *set, const char *system_dir,
			       struct snippet_page *pages, size_t *missing)
{
	struct file_source *source = file_source_new(FILE_KIND_TEXT, FILE_SOURCE_DEFAULT,
						     cli_print_report, (void *)program);
	struct snippet_files outputs;
	int status = 0;

	if (file_source_add(source, system_dir) < 0 && file_source_count(source) == 0) {
		file_source_free(source);
		return 2;
	}
	snippet_files_index(&outputs, source);
	for (size_t i = 0; i < set->count; i++) {
		const struct snippet_entry *entry = &set->entries[i];
		struct snippet_page *page = &pages[i];
		struct language language;
		int ambiguous;
		page->entry = entry;
		snippet_entry_language(entry, &language);
		snprintf(page->language, sizeof(page->language), "%s",
			 language.code[0] ? language.code : "unknown");
		const struct file_input *output = output_of(&outputs, entry->file, system_dir,
							    &ambiguous);
		if (ambiguous) {
			status = 1;
			continue;
		}
		if (!output) {
			cli_print(program, "warning: %s: no output in %s (scored as empty: its \"with\" "
				  "snippets are misses)", entry->file, system_dir);
			++*missing;
			snippet_score(entry, NULL, 0, &page->counts);
			page->scored = 1;
			continue;
		}
		struct strbuf text = STRBUF_INIT;
		struct nc_error err = { 0 };
		if (output_text_read(output->path, &text, &err) < 0) {
			cli_print(program, "%s (not scored)", err.message);
			status = 1;
		} else {
			snippet_score(entry, text.buf, text.len, &page->counts);
			page->scored = 1;
		}
		strbuf_release(&text);
	}
	for (size_t i = 0; i < outputs.count; i++)
		if (!outputs.used[i])
			cli_print(program, "warning: %s: no page of the annotations has this output "
				  "(skipped)", outputs.sorted[i]->path);
	snippet_files_release(&outputs);
	file_source_free(source);
	return status;
}

static void print_snippet_row(const char *name, const struct snippet_counts *c,
			      const char *language, size_t pages)
{
	struct snippet_result r;
	snippet_compute(c, &r);
	printf("%s\t%.2f\t%.2f\t%.2f\t%ld\t%ld\t%ld\t%ld\t%s\t%zu\n", name, r.f, r.p, r.r, c->tp,
	       c->fn, c->fp, c->tn, language, pages);
}

static void add_counts(struct snippet_counts *sum, const struct snippet_counts *c)
{
	sum->tp += c->tp, sum->fn += c->fn, sum->fp += c->fp, sum->tn += c->tn;
}

/* A language's pages and counts. */
struct language_row {
	const char *code;
	struct snippet_counts counts;
	size_t pages;
};

/* de and en first (the set is mostly German and English), then by pages. */
static int by_language_order(const void *a, const void *b)
{
	const struct language_row *x = a, *y = b;
	int rank_x = !strcmp(x->code, "de") ? 0 : !strcmp(x->code, "en") ? 1 : 2;
	int rank_y = !strcmp(y->code, "de") ? 0 : !strcmp(y->code, "en") ? 1 : 2;
	if (rank_x != rank_y)
		return rank_x - rank_y;
	if (x->pages != y->pages)
		return x->pages > y->pages ? -1 : 1;
	return strcmp(x->code, y->code);
}

static void print_language_rows(const struct snippet_page *pages, size_t count)
{
	struct language_row *rows = xcalloc(count ? count : 1, sizeof(*rows));
	struct snippet_counts other = { 0 };
	size_t nrows = 0, other_pages = 0;

	for (size_t i = 0; i < count; i++) {
		if (!pages[i].scored)
			continue;
		size_t r = 0;
		while (r < nrows && strcmp(rows[r].code, pages[i].language))
			r++;
		if (r == nrows)
			rows[nrows++].code = pages[i].language;
		add_counts(&rows[r].counts, &pages[i].counts);
		rows[r].pages++;
		if (strcmp(pages[i].language, "de") && strcmp(pages[i].language, "en")) {
			add_counts(&other, &pages[i].counts);
			other_pages++;
		}
	}
	qsort(rows, nrows, sizeof(*rows), by_language_order);
	for (size_t r = 0; r < nrows; r++)
		print_snippet_row(rows[r].code, &rows[r].counts, rows[r].code, rows[r].pages);
	print_snippet_row("other", &other, "other", other_pages);
	free(rows);
}

static void print_snippet_summary(const struct snippet_counts *c, size_t pages, size_t missing)
{
	struct snippet_result r;
	snippet_compute(c, &r);
	fprintf(stderr, "Evaluation report on %zu pages (%zu without an output, scored as empty):\n",
		pages, missing);
	fprintf(stderr, "Snippets found (the benchmark's sums: %ld with, %ld without):\n",
		c->tp + c->fn, c->fp + c->tn);
	fprintf(stderr, "  F1:        %.3f (%.2f%%)\n", r.f / 100, r.f);
	fprintf(stderr, "  Precision: %.3f (%.2f%%)\n", r.p / 100, r.p);
	fprintf(stderr, "  Recall:    %.3f (%.2f%%)\n", r.r / 100, r.r);
	fprintf(stderr, "  Accuracy:  %.3f (%.2f%%)\n", r.accuracy / 100, r.accuracy);
}

struct snippet_options {
	int total_only, no_header, summary, by_language;
};

static int run_snippets(const char *system_dir, const char *annotations,
			const struct snippet_options *o)
{
	struct snippet_set set;
	struct nc_error err = { 0 };

	if (!is_directory(system_dir)) {
		cli_print(program, "%s: not a directory (the outputs to score against %s)",
			  system_dir, annotations);
		return 2;
	}
	if (snippet_set_load(&set, annotations, &err) < 0) {
		cli_print(program, "%s", err.message);
		snippet_set_release(&set);
		return 2;
	}
	if (set.empty)
		cli_print(program, "warning: %s: %zu snippets are empty after white space is "
			  "normalised: scored as the benchmark scores them (found in every output)",
			  annotations, set.empty);
	struct snippet_page *pages = xcalloc(set.count ? set.count : 1, sizeof(*pages));
	size_t missing = 0, scored = 0;
	int status = score_snippet_pages(&set, system_dir, pages, &missing);
	if (status != 2) {
		struct snippet_counts total = { 0 };
		for (size_t i = 0; i < set.count; i++) {
			if (pages[i].scored) {
				add_counts(&total, &pages[i].counts);
				scored++;
			}
		}
		if (missing)
			fprintf(stderr, "Warning: %zu pages without an output (scored as empty, as the "
				"benchmark scores a tool that returned nothing)\n", missing);
		/* The rows of either table have the same ten columns. */
		if (!o->no_header)
			printf("%s\tF\tP\tR\tTP\tFN\tFP\tTN\tlanguage\tpages\n",
			       o->by_language ? "language" : "file");
		for (size_t i = 0; i < set.count && !o->total_only && !o->by_language; i++)
			if (pages[i].scored)
				print_snippet_row(pages[i].entry->file, &pages[i].counts,
						  pages[i].language, 1);
		if (o->by_language)
			print_language_rows(pages, set.count);
		print_snippet_row("total", &total, "all", scored);
		fflush(stdout);
		if (o->summary)
			print_snippet_summary(&total, scored, missing);
	}
	free(pages);
	snippet_set_release(&set);
	return status;
}

int main(int argc, char **argv)
{
	int total_only = 0, no_header = 0, summary = 0, missing_as_empty = 0, by_language = 0, c;
	enum score_flags flags = SCORE_DEFAULT;
	struct pair *pairs = NULL;
	size_t npairs = 0, entries = 0, missing = 0;
	int status = 0;

	static const struct option long_options[] = {
		{ "total", no_argument, NULL, 't' },
		{ "no-header", no_argument, NULL, 'n' },
		{ "summary", no_argument, NULL, 's' },
		{ "ascii", no_argument, NULL, 'a' },
		{ "unlabelled", no_argument, NULL, 'u' },
		{ "no-markers", no_argument, NULL, 'M' },
		{ "missing-as-empty", no_argument, NULL, 'e' },
		{ "by-language", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	argv[0] = (char *)program;   /* getopt's messages begin with it, as ours do */
	while ((c = getopt_long(argc, argv, "tnsauMelhV", long_options, NULL)) != -1) {
		switch (c) {
		case 't': total_only = 1; break;
		case 'n': no_header = 1; break;
		case 's': summary = 1; break;
		case 'a': flags |= SCORE_ASCII; break;
		case 'u': flags |= SCORE_UNLABELLED; break;
		case 'M': flags |= SCORE_NO_MARKERS; break;
		case 'e': missing_as_empty = 1; break;
		case 'l': by_language = 1; break;
		case 'h': usage(stdout); return 0;
		case 'V': cli_print_version(program); return 0;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n", program);
			return 2;
		}
	}
	if (argc - optind < 2 || argc - optind > 3) {
		cli_print(program, "expects SYSTEM_DIR GOLD_DIR [ALIGN_DIR]");
		fprintf(stderr, "Try '%s --help' for more information.\n", program);
		return 2;
	}
	const char *system_dir = argv[optind], *gold_dir = argv[optind + 1];
	const char *align_dir = argc - optind == 3 ? argv[optind + 2] : NULL;

	if (snippet_file_named(gold_dir)) {
		/* A page without output is always scored as empty there. */
		if (flags != SCORE_DEFAULT || align_dir) {
			cli_print(program, "-a, -u, -M and ALIGN_DIR are for CLEANEVAL gold texts, not "
				  "for %s", gold_dir);
			return 2;
		}
		struct snippet_options o = { total_only, no_header, summary, by_language };
		return run_snippets(system_dir, gold_dir, &o);
	}
	if (by_language) {
		cli_print(program, "--by-language is for snippet annotations (a GOLD file NAME.json)");
		return 2;
	}

	if (collect_pairs(system_dir, gold_dir, missing_as_empty, &pairs, &npairs, &entries,
			  &missing) != 0)
		return 2;
	if (!npairs) {
		cli_print(program, "%s: no files to score", system_dir);
		pairs_free(pairs, npairs);
		return 2;
	}
	if (npairs - (missing_as_empty ? missing : 0) < entries)
		fprintf(stderr, "Warning: %zu files not found in gold standard (skipped)\n",
			entries - (npairs - (missing_as_empty ? missing : 0)));
	if (missing)
		fprintf(stderr, "Warning: %zu gold files without a system file (%s)\n", missing,
			missing_as_empty ? "scored as empty outputs"
					 : "not scored, as in the 2008 script; -e scores them as empty");

	if (!no_header)
		printf("file\tF\tP\tR\tF.tag\tP.tag\tR.tag\tTP\tFP\tFN\tTP.tag\tFP.tag\tFN.tag\n");
	struct totals totals = { 0 };
	for (size_t n = 0; n < npairs; n++)
		if (score_pair(&pairs[n], flags, total_only, align_dir, &totals) < 0)
			status = 1;
	struct score_result micro;
	score_compute(&totals.counts, &micro);
	if (total_only)
		print_row("total", &micro);
	fflush(stdout);
	if (summary && totals.scored)
		print_summary(&totals, &micro, flags, entries + (missing_as_empty ? missing : 0));
	pairs_free(pairs, npairs);
	return status;
}
