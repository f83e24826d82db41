/* json.h: JSON string literals and numbers, for the output formats that
 * write JSON (JSON lines) and anything else that must write JSON.
 *
 * json_add_string() appends one complete string literal, quotes included, to
 * a strbuf the caller owns. The input is taken as UTF-8 and the output is
 * always valid UTF-8 and valid JSON (RFC 8259), whatever the input holds:
 *   - '"' and '\\' are escaped, and so is every control character: below
 *     U+0020 (\b \f \n \r \t by name, the others as \u00XX), DEL and the
 *     C1 controls U+0080 to U+009F (as \u00XX, which JSON allows and
 *     terminals do not act on: no raw control reaches a terminal that
 *     shows a line);
 *   - U+2028 and U+2029 are written as \u2028 and \u2029, so that a line of
 *     JSON is also a line of JavaScript;
 *   - every byte that does not begin a valid UTF-8 sequence (utf8_decode())
 *     becomes one U+FFFD, so a page in a wrong charset still yields a
 *     record that every JSON parser accepts;
 *   - NUL bytes are characters like any other (\u0000): `len` is the length.
 */
#ifndef NC_JSON_H
#define NC_JSON_H

#include <stddef.h>

#include "base/strbuf.h"

/* Append `s` (`len` bytes) to `out` as a JSON string literal. */
void json_add_string(struct strbuf *out, const char *s, size_t len);

/* The same for a NUL-terminated string; NULL is written as `null`. */
void json_add_cstring(struct strbuf *out, const char *s);

/* Append `value` with `decimals` digits after the point. JSON has no
 * infinity and no NaN ("inf" or "-nan" would make the whole line
 * unreadable): a value that is not finite is written as `null`. */
void json_add_number(struct strbuf *out, double value, int decimals);

#endif
