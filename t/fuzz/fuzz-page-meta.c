/* fuzz-page-meta.c: a page's metadata (normalise/page-meta.h) read from
 * any bytes, in one of three charsets: every value is valid UTF-8 without
 * control characters, within META_VALUE_MAX_BYTES; a date is one that
 * page_meta_date() reads back as itself; a language holds letters, digits
 * and '-' only. The input is also taken as a URL for its date. */
#include "fuzz.h"
#include "normalise/page-meta.h"
#include "base/limits.h"
#include "base/utf8.h"

#include <ctype.h>
#include <string.h>

static void check(const struct page_info *info)
{
	for (int f = 0; f < META_FIELDS; f++) {
		const char *v = info->meta[f];
		if (!v)
			continue;
		size_t len = strlen(v);
		if (!len || len > META_VALUE_MAX_BYTES || !utf8_is_valid(v, len))
			abort();
		for (size_t i = 0; i < len; i++)
			if ((unsigned char)v[i] < 0x20 || v[i] == 0x7F)
				abort();
		if (f == META_PUBLISHED || f == META_MODIFIED) {
			struct strbuf again = STRBUF_INIT;
			if (page_meta_date(v, len, &again) < 0 || strcmp(again.buf, v))
				abort();   /* a date's output is a date, read as itself */
			strbuf_release(&again);
		}
		if (f == META_LANGUAGE)
			for (size_t i = 0; i < len; i++)
				if (!isalnum((unsigned char)v[i]) && v[i] != '-')
					abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const charsets[] = { "utf-8", "windows-1252", "shift_jis" };
	const char *charset = charsets[size ? data[0] % 3 : 0];
	struct page_info info = { 0 };

	page_meta_read((const char *)data, size, charset, &info);
	check(&info);
	page_info_release(&info);

	char *url = malloc(size + 1);
	if (!url)
		return 0;
	memcpy(url, data, size);
	url[size] = '\0';
	page_meta_url_date(&info, url);
	check(&info);
	page_info_release(&info);
	free(url);
	return 0;
}
