/* charset-labels.c: the Encoding Standard's labels (see charset-labels.h).
 *
 * How the iconv names were chosen (glibc 2.36, every code of the
 * Standard's indexes decoded by iconv and compared with the index):
 *   windows-125x, ISO-8859-x, IBM866, KOI8-R: identical, but for the bytes
 *     the Standard maps to C1 controls (windows-1252's 0x81, 0x8D, 0x8F,
 *     0x90, 0x9D ...), which iconv rejects: U+FFFD here, U+0081 in a
 *     browser, neither of them text;
 *   windows-1255: 0xCA (U+05BA) rejected;
 *   windows-874 is CP874 (TIS-620 lacks the euro sign, quotes and dashes);
 *   KOI8-U: glibc's KOI8-U lacks ў and Ў (0xAE, 0xBE: box drawing
 *     instead); KOI8-RU has them but differs on 9 signs, so KOI8-U;
 *   x-mac-cyrillic: 0xFF is ¤, not €; macintosh: 0xC6, 0xF0 differ;
 *   Shift_JIS is CP932 (identical; glibc's SHIFT_JIS rejects 2,725 of
 *     9,669 codes and reads 0x5C as ¥), EUC-KR is CP949 (identical),
 *   GBK and gb18030 are GB18030 (2 of 23,941 two-byte codes differ
 *     (PUA in the Standard), 2 of 6,684 four-byte codes sampled rejected),
 *   Big5 is BIG5-HKSCS (131 of 18,594 rejected, 11 differ; BIG5 rejects
 *     4,726), EUC-JP is EUC-JP (457 of 13,466 rejected: the NEC/IBM rows).
 */
#include "normalise/charset-labels.h"
#include "base/ascii.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct charset_label labels[] = {
#include "normalise/charset-labels-table.h"
};

#define LABEL_MAX 40   /* longer than any label: no label */

static int compare_label(const void *key, const void *entry)
{
	return strcmp(key, ((const struct charset_label *)entry)->label);
}

const struct charset_label *charset_label_lookup(const char *label, size_t len)
{
	char key[LABEL_MAX + 1];

	while (len && ascii_is_html_space(*label))
		label++, len--;
	while (len && ascii_is_html_space(label[len - 1]))
		len--;
	if (!len || len > LABEL_MAX)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		char c = label[i];
		if (!c)
			return NULL;
		key[i] = c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;   /* ASCII only */
	}
	key[len] = '\0';
	return bsearch(key, labels, sizeof(labels) / sizeof(labels[0]), sizeof(labels[0]),
		       compare_label);
}

const struct charset_label *charset_label_of_encoding(const char *encoding)
{
	for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
		if (!strcasecmp(labels[i].encoding, encoding))
			return &labels[i];
	return NULL;
}

const struct charset_label *charset_label_for_meta(const char *label, size_t len)
{
	const struct charset_label *found = charset_label_lookup(label, len);
	if (!found)
		return NULL;
	if (!strcmp(found->encoding, "UTF-16BE") || !strcmp(found->encoding, "UTF-16LE"))
		return charset_label_of_encoding("UTF-8");
	if (!strcmp(found->encoding, "x-user-defined"))
		return charset_label_of_encoding("windows-1252");
	return found;
}
