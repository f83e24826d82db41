/* ncleaner-model.h: the model of the ncleaner method, a pair of character
 * n-gram models (clean and dirty), and its file.
 *
 * File format, version 2 (text, one record a line, fields separated by TAB):
 *
 *     ncleaner-model	2     the header of every model file (model-file.h)
 *     method	ncleaner
 *     order	3            n: the longest n-gram
 *     q	0.5             interpolation parameter
 *     mode	1             normalisation mode (0-3, see ngram.h)
 *     bias	0             default bias in bits
 *     description	...   free text: what the model was trained on, and how
 *     model	clean        then one "k<TAB>KEY<TAB>P" line per probability
 *     1	e	0.0912        (order 1 lists every symbol of the alphabet)
 *     2	th	0.31
 *     ...
 *     model	dirty
 *     ...
 *     end	ENTRIES        the number of probability lines: detects truncation
 *
 * KEY spells the k symbols: printable ASCII stands for itself, except that
 * a backslash is written "\\", a space "\s", the boundary "\b", and any
 * other byte "\xHH". Probabilities are written with 9 significant digits.
 * The loader checks the magic line, the version, every field, that each key
 * has k symbols and each P is in (0, 1], and the trailer; an error names
 * the file and the line. Version 1 files (no method line) still load.
 */
#ifndef NC_MODEL_H
#define NC_MODEL_H

#include <stdio.h>

#include "base/error.h"
#include "method/model-file.h"
#include "method/ngram.h"
#include "base/limits.h"

#define NCLEANER_MODEL_VERSION MODEL_FILE_VERSION
#define NCLEANER_METHOD_NAME "ncleaner"

struct ncleaner_model {
	int order;
	double q;
	enum ngram_mode mode;
	double bias;
	char language[16];   /* the language of the clean text it learned, as CLD2
				names it ("en"), or "" (not said: older files) */
	char *description;
	struct model_provenance built;   /* written to the file; not owned */
	struct ngram_model clean;
	struct ngram_model dirty;
};

void ncleaner_model_init(struct ncleaner_model *model, int order, double q, enum ngram_mode mode);
void ncleaner_model_release(struct ncleaner_model *model);

int ncleaner_model_load(struct ncleaner_model *model, const char *path, struct nc_error *err);

/* The same from memory; `name` is used in error messages. */
int ncleaner_model_parse(struct ncleaner_model *model, const char *name, const char *data,
			 size_t len, struct nc_error *err);

/* Reading a model file into tables of the caller's own, so that the file
 * is never held in two forms at once (the method compiles it straight from
 * the lines, at a third of the memory of the ngram_model tables). The
 * header, the unigrams, every check and every error are as with
 * ncleaner_model_load(), but each probability of order 2 or more goes to
 * store() instead of model->clean and model->dirty, which stay empty.
 * begin() is called once, when the header is complete (at the first
 * 'model' line), with an upper bound of the k-gram lines of each order k in
 * the file (both halves together); it may refuse the model. */
struct ncleaner_model_reader {
	int (*begin)(void *data, const struct ncleaner_model *header,
		     const size_t lines[NGRAM_MAX_ORDER + 1], struct nc_error *err);
	void (*store)(void *data, int half, int k, uint64_t key, double p);   /* half: 0 clean, 1 dirty */
	void *data;
};

int ncleaner_model_read(struct ncleaner_model *model, const char *path,
			const struct ncleaner_model_reader *reader, struct nc_error *err);

/* The same from the file's bytes, already read into `text` (by a caller
 * that needs them for more than the parse); the parse cuts its lines in
 * place, so `text` holds no model file afterwards. */
int ncleaner_model_read_buffer(struct ncleaner_model *model, const char *path,
			       struct strbuf *text, const struct ncleaner_model_reader *reader,
			       struct nc_error *err);

/* Write the model; the output is byte-for-byte reproducible (keys sorted).
 * To write a file whole or not at all, write to an atomic_file
 * (base/file.h), as train-ncleaner does. */
int ncleaner_model_write(const struct ncleaner_model *model, FILE *out, const char *name,
			 struct nc_error *err);

#endif
