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

#ifdef __cplusplus
}
#endif

#endif
