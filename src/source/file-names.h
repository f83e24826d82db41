/* file-names.h: the naming conventions of the data sets, in one place.
 *
 * Files of a data set are ordered by file_name_compare() (version order, so
 * that 2.html comes before 10.html) everywhere: in directory walks, in
 * training, in cross-validation folds and in the scorer's tables. A file's id
 * is its name without directory, extension and a "-cleaned" suffix: the
 * page 12.html, its dump 12.txt and its gold text 12-cleaned.txt share the id
 * 12, which is how training pairs them; a gzip'd file has the id of the file
 * inside (12.html.gz: 12). The scorer pairs within one kind of
 * file: its key keeps the relative path and the extension and drops only the
 * "-cleaned" suffix, so that out/12.txt pairs with gold/12-cleaned.txt (or
 * gold/12.txt) and nothing else.
 */
#ifndef NC_FILE_NAMES_H
#define NC_FILE_NAMES_H

/* strverscmp(3) order. */
int file_name_compare(const char *a, const char *b);

/* The id of `path` (caller frees). */
char *file_name_id(const char *path);

/* `relative` without a "-cleaned" suffix before its extension (caller frees). */
char *file_name_without_cleaned(const char *relative);

/* `relative` without the extension of its last component (caller frees). */
char *file_name_strip_extension(const char *relative);

/* True for .html, .htm and .xhtml (case-insensitive). */
int file_name_is_html(const char *path);

#endif
