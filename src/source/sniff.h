/* sniff.h: what an input is, decided from its first bytes, whatever its name.
 *
 * sniff_bytes() looks at a buffer holding the start of an input (the first
 * SNIFF_BLOCK bytes, or all of a shorter input) and returns its kind. It is
 * a pure function: no state, no allocation. The rules, in the order they are
 * tried (the first that matches wins):
 *
 *   1. SNIFF_GZIP     the gzip magic 1f 8b 08 (a byte_stream decodes it; sniff
 *                     the decoded bytes again to learn what is inside).
 *   2. SNIFF_UTF32LE/BE, SNIFF_UTF16LE/BE
 *                     a byte order mark: FF FE 00 00, 00 00 FE FF (UTF-32,
 *                     tried first because FF FE also starts UTF-16LE),
 *                     FF FE, FE FF. FF FE 00 00 is UTF-32LE only when the
 *                     4-byte units after it are UTF-32LE code points (at most
 *                     10FFFF); otherwise it is what browsers take it for
 *                     (the WHATWG Encoding Standard, which has no UTF-32):
 *                     UTF-16LE, whose first character is NUL. Such text may
 *                     be HTML or a dump; the caller converts it before it
 *                     can tell.
 *   3. SNIFF_WARC     a version line "WARC/" DIGITS "." DIGITS ended by
 *                     CR LF or LF, at the start or after a UTF-8 BOM and
 *                     empty lines (warc.h says which versions it reads; an
 *                     archive of another is its error, not a page).
 *   4. SNIFF_BINARY   more than one byte in SNIFF_CONTROL_SHARE being a
 *                     control byte (NUL and the others below 0x20 but TAB,
 *                     LF, VT, FF, CR and ESC; or DEL). A stray NUL in a page
 *                     does not make it binary.
 *   5. SNIFF_HTML     after an optional UTF-8 BOM, white space, comments
 *                     (<!-- -->), XML declarations and processing
 *                     instructions (<? ?>): a doctype (<!DOCTYPE html...), a
 *                     CLEANEVAL wrapper (<text id=...>), or a
 *                     tag named in the block-tag table of sniff.c (html, head,
 *                     body, p, div, table, title, meta, h1...); or, anywhere in
 *                     the block, a tag <html, <head or <body, or at least
 *                     SNIFF_MIN_BLOCK_TAGS tags of the table (opening or
 *                     closing). A tag name must end with white space, '>' or
 *                     '/'; case does not matter.
 *   6. SNIFF_TEXT     anything else, the empty input included: a text dump.
 */
#ifndef NC_SNIFF_H
#define NC_SNIFF_H

#include <stddef.h>

/* How much of an input the rules look at. */
#define SNIFF_BLOCK 4096
/* A block with more than 1 control byte in this many is binary: text has
 * hardly any, compressed or executable data about one byte in eight. */
#define SNIFF_CONTROL_SHARE 20
/* Block tags needed anywhere in the block when the input does not begin
 * with one: a dump may quote one tag, hardly three. */
#define SNIFF_MIN_BLOCK_TAGS 3

enum sniff_kind {
	SNIFF_TEXT,
	SNIFF_HTML,
	SNIFF_WARC,
	SNIFF_GZIP,
	SNIFF_UTF16LE,
	SNIFF_UTF16BE,
	SNIFF_UTF32LE,
	SNIFF_UTF32BE,
	SNIFF_BINARY
};

/* The kind of an input that begins with `data` (`len` bytes; only the first
 * SNIFF_BLOCK are looked at). */
enum sniff_kind sniff_bytes(const char *data, size_t len);

/* A short lower-case name for messages: "text", "html", "warc", "gzip",
 * "utf-16le", ... "binary". */
const char *sniff_kind_name(enum sniff_kind kind);

/* The charset a byte order mark names ("UTF-16LE", ...), or NULL for kinds
 * without one. */
const char *sniff_kind_charset(enum sniff_kind kind);

#endif
