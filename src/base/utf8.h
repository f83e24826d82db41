/* utf8.h: UTF-8 validation and the removal of invalid characters.
 *
 * Lynx is asked for UTF-8 but a broken page can still yield invalid bytes,
 * and plain-text dumps come in any state. Everything after the dump assumes
 * valid UTF-8 without control characters, which utf8_clean() guarantees.
 */
#ifndef NC_UTF8_H
#define NC_UTF8_H

#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"

/* Length of the valid UTF-8 sequence starting at `s` (1-4), or 0 when the
 * bytes there are not a complete, shortest-form, non-surrogate sequence.
 * Stores the code point in `*cp`. */
size_t utf8_decode(const unsigned char *s, size_t len, uint32_t *cp);

/* True when all of `s` is valid UTF-8. */
int utf8_is_valid(const char *s, size_t len);

/* True when `s` holds a byte >= 0x80. */
int utf8_has_non_ascii(const char *s, size_t len);

/* Append `s` to `out` without invalid sequences and control characters:
 * tabs, form feeds, vertical tabs and carriage returns become spaces,
 * newlines are kept, other C0/C1 controls, DEL, U+FEFF and U+FFFD vanish. */
void utf8_clean(const char *s, size_t len, struct strbuf *out);

/* Append `s` to `out` with every byte of a control character (C0, DEL, C1)
 * or of an invalid sequence written as `escape` formats it (a printf format
 * of one unsigned int, e.g. "\\x%02X" for messages, "%%%02X" for URLs):
 * what could move a terminal's cursor or break a line becomes visible. */
void utf8_escape_controls(const char *s, size_t len, const char *escape, struct strbuf *out);

/* Append `s`, read as windows-1252 (a superset of Latin-1 for printable
 * characters), to `out` as UTF-8. For text files that are not valid UTF-8. */
void utf8_from_cp1252(const char *s, size_t len, struct strbuf *out);

/* The character windows-1252 has at `byte` (0x80-0x9F), or 0 where the
 * code page has none (0x81, 0x8D, 0x8F, 0x90, 0x9D). */
uint32_t utf8_cp1252_char(unsigned char byte);

/* Write the code point `cp` (at most 0x10FFFF, no surrogate) as UTF-8 at
 * `out` (room for 4 bytes); returns the number of bytes. */
size_t utf8_encode(uint32_t cp, char *out);
#endif
