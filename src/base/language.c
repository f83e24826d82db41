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

void language_identify(const char *utf8, size_t len, struct language *out)
{
	memset(out, 0, sizeof(*out));
	if (len > LANGUAGE_MAX_BYTES) {
		len = LANGUAGE_MAX_BYTES;
		while (len > 0 && ((unsigned char)utf8[len] & 0xC0) == 0x80)
			len--;   /* not inside a character */
	}
	const char *code = len ? cld2_detect(utf8, (int)len, &out->reliable) : NULL;
	if (!code || strlen(code) >= sizeof(out->code))
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

int language_list_valid(const char *list)
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
