/* charset-labels.h: charset labels as pages write them, read the way
 * browsers read them (the WHATWG Encoding Standard).
 *
 * A page, an HTTP header or a CLEANEVAL wrapper names its charset with a
 * label: "utf8", "UTF-8", "latin1", "x-sjis", "gb2312". The Encoding
 * Standard lists 228 labels of 40 encodings, and what a browser does with
 * each: "iso-8859-1", "latin1" and "us-ascii" all mean windows-1252,
 * "gb2312" means GBK, "ks_c_5601-1987" EUC-KR (windows-949). A label not in
 * the list ("unknown-8bit", "none", "0", "iso-1252", "euc_kr") names no
 * encoding: browsers treat the declaration as absent, and so do we.
 *
 * Each encoding comes with the glibc iconv name that converts it as the
 * Standard does (checked byte for byte against the Standard's indexes; the
 * few differences are listed in charset-labels.c). Two encodings have no
 * iconv name: "replacement" (ISO-2022-KR/CN and HZ, which browsers refuse
 * to decode) and "x-user-defined".
 *
 * The table is static and read-only: any thread may use it.
 */
#ifndef NC_CHARSET_LABELS_H
#define NC_CHARSET_LABELS_H

#include <stddef.h>

struct charset_label {
	const char *label;      /* as the Standard lists it: lower case */
	const char *encoding;   /* the Standard's name: "windows-1252", "Shift_JIS", "UTF-8" */
	const char *iconv;      /* glibc iconv name to convert from, or NULL (see above) */
};

/* The encoding `label` (`len` bytes, not NUL-terminated) names, after the
 * Standard's "get an encoding": ASCII white space around it ignored, ASCII
 * case ignored. NULL when it names none. */
const struct charset_label *charset_label_lookup(const char *label, size_t len);

/* The encoding a <meta> declaration `label` gives a page, after HTML's
 * prescan: as charset_label_lookup(), but UTF-16 (which a page whose <meta>
 * can be read cannot be in) means UTF-8, and x-user-defined windows-1252. */
const struct charset_label *charset_label_for_meta(const char *label, size_t len);

/* The entry whose encoding is `encoding` (the Standard's name, any case). */
const struct charset_label *charset_label_of_encoding(const char *encoding);

#endif
