/* ascii.h: byte classes of ASCII text, written once.
 *
 * Two kinds of white space, because the standards the code follows differ
 * by one byte: C's isspace() in the "C" locale counts the vertical tab
 * (\v), HTML and the WHATWG Encoding Standard ("ASCII whitespace") do not.
 * Both are locale-free, unlike <ctype.h>, and take a byte (cast a char
 * to unsigned char first, as for <ctype.h>).
 */
#ifndef NC_ASCII_H
#define NC_ASCII_H

/* Space, \t, \n, \v, \f or \r: isspace() in the "C" locale. */
static inline int ascii_is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Space, \t, \n, \f or \r: HTML's and the Encoding Standard's ASCII
 * whitespace (no \v). */
static inline int ascii_is_html_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

#endif
