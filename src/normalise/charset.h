/* charset.h: what character set a page is in, and turning it into UTF-8.
 *
 * Which charset a page is in is decided in charset-choice.h; this module
 * converts. With the default policy stage 1 converts every page that is
 * not UTF-8; with the 2008 policy (--paper) Lynx converts 8-bit pages
 * itself (-assume_charset), and what is converted here is pages and dumps
 * in UTF-16 or UTF-32 (Lynx cannot read them), pages whose charset the user
 * forces (--encoding), and text dumps that are not UTF-8 (the segmenter
 * would drop their non-ASCII bytes). Conversion is iconv's (glibc).
 *
 * Invalid input never fails a conversion: each invalid sequence becomes
 * U+FFFD (which the segmenter then drops), so a page with a few bad bytes
 * keeps the rest of its text. Nothing here keeps state between calls but
 * the decoder the caller owns; any thread may use it.
 */
#ifndef NC_CHARSET_H
#define NC_CHARSET_H

#include <stddef.h>

#include "base/error.h"
#include "base/strbuf.h"

#define CHARSET_NAME_MAX 48

/* Does iconv know `name` (as a charset to convert from)? */
int charset_known(const char *name);

/* The charset a byte order mark at `data` announces ("UTF-8", "UTF-16LE",
 * "UTF-16BE", "UTF-32LE", "UTF-32BE"), or NULL; *bom_len gets its length. */
const char *charset_of_bom(const char *data, size_t len, size_t *bom_len);

/* A streaming converter to UTF-8. */
struct charset_decoder;

/* NC_ERR_FORMAT naming the charset when iconv does not know it. */
struct charset_decoder *charset_decoder_new(const char *from, struct nc_error *err);
void charset_decoder_free(struct charset_decoder *decoder);

/* Convert the next `len` bytes, appending UTF-8 to `out`; a sequence cut
 * at the end waits for the next call. An invalid code unit becomes U+FFFD.
 * NC_ERR_MEMORY when `out` cannot grow (the page fails, not the run). */
int charset_decoder_feed(struct charset_decoder *decoder, const char *in, size_t len,
			 struct strbuf *out, struct nc_error *err);

/* End of input: what still waits is invalid, and becomes U+FFFD. */
void charset_decoder_finish(struct charset_decoder *decoder, struct strbuf *out);

/* Convert all of `in` from `from` (a byte order mark is dropped). */
int charset_to_utf8(const char *from, const char *in, size_t len, struct strbuf *out,
		    struct nc_error *err);

/* A single-byte charset converts long texts by a table of what each byte
 * becomes, and the table costs 256 iconv calls (about 100,000
 * instructions, more than converting a page of 20 KB by it). A worker
 * keeps the tables it built, for up to 64 charset names, in one of these
 * (not shared between threads), and converts its pages with it. */
struct charset_tables;
struct charset_tables *charset_tables_new(void);
void charset_tables_free(struct charset_tables *tables);

/* charset_to_utf8() with the tables of `tables` (NULL: none kept). */
int charset_to_utf8_kept(struct charset_tables *tables, const char *from, const char *in,
			 size_t len, struct strbuf *out, struct nc_error *err);

#endif
