/* cld2.h: CLD2 (Compact Language Detector 2) from C; see language.h. */
#ifndef NC_CLD2_H
#define NC_CLD2_H

#ifdef __cplusplus
extern "C" {
#endif

/* The language of `len` bytes of UTF-8 plain text, as CLD2 names it ("en",
 * "zh-Hant", "sr-ME": ISO 639-1 where there is a code), or NULL when it
 * cannot tell; *reliable: CLD2 is sure. Thread-safe (CLD2 keeps no state). */
const char *cld2_detect(const char *utf8, int len, int *reliable);

/* The code cld2_detect() returns for CLD2's language number `number` (0,
 * 1, ...): "" for a number it never returns (no language, or CLD2's
 * "unknown"), NULL past the last. So a caller can list the codes there are. */
const char *cld2_language_code(int number);

/* The code of the language CLD2 knows by `name`, its English name in any
 * case ("german", "Chinese") or a code of its own for it ("he" for "iw"),
 * or NULL: a hint for a user who named a language so. */
const char *cld2_code_for_name(const char *name);

#ifdef __cplusplus
}
#endif

#endif
