/* language.c: the language of a page's kept text (see language.h). */
#include "base/language.h"
#include "base/cld2.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct code_pair {
	const char *two, *three;
};

static const struct code_pair codes[] = {
#include "base/language-codes.h"
};

static int compare_two(const void *key, const void *entry)
{
	return strcmp(key, ((const struct code_pair *)entry)->two);
}

/* `out` names the language CLD2 calls `code`, in both namings (the
 * reliability is left as it is). */
static void language_from_code(const char *code, struct language *out)
{
	out->code[0] = out->iso639_3[0] = '\0';
	if (strlen(code) >= sizeof(out->code))
		return;
	snprintf(out->code, sizeof(out->code), "%s", code);
	char two[3] = { 0 };
	if (strlen(code) == 2 || (strlen(code) > 2 && code[2] == '-')) {
		memcpy(two, code, 2);
		const struct code_pair *pair = bsearch(two, codes, sizeof(codes) / sizeof(codes[0]),
						       sizeof(codes[0]), compare_two);
		if (pair)
			snprintf(out->iso639_3, sizeof(out->iso639_3), "%s", pair->three);
	} else if (strlen(code) == 3) {
		snprintf(out->iso639_3, sizeof(out->iso639_3), "%s", code);
	}
}

void language_identify(const char *utf8, size_t len, struct language *out)
{
	memset(out, 0, sizeof(*out));
	if (len > LANGUAGE_MAX_BYTES) {
		len = LANGUAGE_MAX_BYTES;
		while (len > 0 && ((unsigned char)utf8[len] & 0xC0) == 0x80)
			len--;   /* not inside a character */
	}
	const char *code = len ? cld2_detect(utf8, (int)len, &out->reliable) : NULL;
	if (code)
		language_from_code(code, out);
}

/* Does the `len` bytes at `item` name `language`? */
static int names(const struct language *language, const char *item, size_t len)
{
	if (!len || !language->code[0])
		return 0;
	if (strlen(language->code) == len && !strncasecmp(language->code, item, len))
		return 1;
	if (len == 2 && !strncasecmp(language->code, item, 2) && language->code[2] == '-')
		return 1;   /* "zh" takes "zh-Hant" */
	return len == 3 && language->iso639_3[0] && !strncasecmp(language->iso639_3, item, 3);
}

/* Is `list` a comma-separated list of codes (letters and '-', 2 to 15
 * characters each)? */
static int is_code_list(const char *list)
{
	if (!*list)
		return 0;
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");
		if (len < 2 || len > 15)
			return 0;
		for (size_t i = 0; i < len; i++)
			if (!isalpha((unsigned char)p[i]) && p[i] != '-')
				return 0;
		p += len;
		if (*p == ',' && !*++p)
			return 0;   /* a trailing comma */
	}
	return 1;
}

/* Does the `len` bytes at `item` name a language cld2_detect() may return?
 * A language is named as names() takes it, so what passes here can select
 * pages. */
static int names_a_detected_language(const char *item, size_t len)
{
	const char *code;
	for (int number = 0; (code = cld2_language_code(number)); number++) {
		struct language language;
		if (!*code)
			continue;
		language_from_code(code, &language);
		if (names(&language, item, len))
			return 1;
	}
	return 0;
}

/* `code` names no language CLD2 tells: say so, with the code of the
 * language it may have meant. */
static int unknown_code(const char *code, struct nc_error *err)
{
	if (!strcasecmp(code, "und") || !strcasecmp(code, "un"))
		return nc_error_set(err, NC_ERR_USAGE, "'%s' names no language: a page whose "
				    "language cannot be told is in no list", code);
	const char *meant = cld2_code_for_name(code);
	if (meant) {
		struct language language;
		language_from_code(meant, &language);
		return nc_error_set(err, NC_ERR_USAGE, "'%s' is not how CLD2 names a language: "
				    "give %s%s%s", code, meant, language.iso639_3[0] ? " or " : "",
				    language.iso639_3);
	}
	return nc_error_set(err, NC_ERR_USAGE, "'%s' is no language CLD2 tells: give its "
			    "codes (ISO 639-1 where there is one: en, de, zh-Hant, iw for Hebrew; "
			    "zh takes zh-Hant too) or ISO 639-3 codes (eng, deu)", code);
}

int language_list_check(const char *list, struct nc_error *err)
{
	if (!is_code_list(list))
		return nc_error_set(err, NC_ERR_USAGE, "'%s' is not a language code or a list of "
				    "them (such as en,de or eng,deu)", list);
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");
		if (!names_a_detected_language(p, len)) {
			char code[16];   /* is_code_list(): at most 15 characters */
			snprintf(code, sizeof(code), "%.*s", (int)len, p);
			return unknown_code(code, err);
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

int language_in_list(const struct language *language, const char *list)
{
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");
		if (names(language, p, len))
			return 1;
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}
