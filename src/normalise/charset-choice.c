/* charset-choice.c: deciding a page's charset (see charset-choice.h). */
#include "normalise/charset-choice.h"
#include "normalise/charset-labels.h"
#include "normalise/charset-sniff.h"
#include "base/utf8.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static void set_name(char dst[CHARSET_NAME_MAX], const char *src)
{
	snprintf(dst, CHARSET_NAME_MAX, "%s", src);
}

static int is_utf8_name(const char *name)
{
	return !strcasecmp(name, "utf8") || !strcasecmp(name, "utf-8");
}

int charset_is_utf8(const char *name)
{
	return is_utf8_name(name);
}

/* The Standard's spelling of `name`, or `name` when it lists no such label. */
static void set_reported(char dst[CHARSET_NAME_MAX], const char *name)
{
	const struct charset_label *known = charset_label_lookup(name, strlen(name));
	set_name(dst, known ? known->encoding : name);
}

/* A declaration as written, for outputs: printable ASCII only. */
static void set_label(char dst[CHARSET_NAME_MAX], const char *label)
{
	size_t n = 0;
	for (; label[n] && n + 1 < CHARSET_NAME_MAX; n++)
		dst[n] = label[n] > ' ' && label[n] < 0x7F ? label[n] : '?';
	dst[n] = '\0';
}

/* A charset name as IANA registers them: letters, digits and a few
 * punctuation marks, at most 40 characters. Anything else in a wrapper's
 * encoding attribute is junk and must not reach Lynx's command line. */
static int is_charset_name(const char *name)
{
	size_t n = 0;
	for (; name[n]; n++)
		if (!isalnum((unsigned char)name[n]) && !strchr("-_.:+()", name[n]))
			return 0;
	return n > 0 && n <= 40;
}

/* CLEANEVAL's wrapper words for "no charset": absent, not passed over. */
static int means_none(const char *label)
{
	return !strcasecmp(label, "unset") || !strcasecmp(label, "unknown");
}

int charset_label_usable(const char *label)
{
	return label && is_charset_name(label) && !means_none(label) &&
	       (is_utf8_name(label) || charset_known(label));
}

/* A label that is there, is not CLEANEVAL's "none", but no converter knows. */
static int passed_over(const char *label)
{
	return label && *label && !means_none(label) && !charset_label_usable(label);
}

const char *charset_convert_first(const struct charset_policy *policy, const char *hint)
{
	if (policy->forced)
		return policy->forced;
	if (hint && (!strncasecmp(hint, "UTF-16", 6) || !strncasecmp(hint, "UTF-32", 6)))
		return hint;
	return NULL;
}

void charset_choose_converted(const struct charset_policy *policy, const char *from,
			      struct charset_choice *choice)
{
	memset(choice, 0, sizeof(*choice));
	set_name(choice->name, "utf-8");
	set_name(choice->assume, "utf-8");
	set_reported(choice->reported, from);
	choice->reason = policy->forced ? CHARSET_REASON_FORCED : CHARSET_REASON_BOM;
	choice->converted = 1;
}

/* The charset to assume when the page's own declaration is not read: the
 * 2008 order (see charset-choice.h). */
static enum charset_reason pick_assumed(const char *hint, const char *html, size_t len,
					char name[CHARSET_NAME_MAX])
{
	int has_hint = charset_label_usable(hint);
	int non_ascii = utf8_has_non_ascii(html, len);
	int valid_utf8 = non_ascii && utf8_is_valid(html, len);

	if (has_hint && is_utf8_name(hint)) {
		set_name(name, valid_utf8 || !non_ascii ? "utf-8" : "windows-1252");
		return valid_utf8 || !non_ascii ? CHARSET_REASON_HINT : CHARSET_REASON_DEFAULT;
	}
	if (valid_utf8) {
		set_name(name, "utf-8");
		return CHARSET_REASON_UTF8;
	}
	if (has_hint && strcasecmp(hint, "iso-8859-1") && strcasecmp(hint, "latin1") &&
	    strcasecmp(hint, "us-ascii")) {
		set_name(name, hint);
		return CHARSET_REASON_HINT;
	}
	set_name(name, "windows-1252");
	if (has_hint)
		return CHARSET_REASON_HINT;   /* Latin-1 read as its superset */
	return non_ascii ? CHARSET_REASON_DEFAULT : CHARSET_REASON_UTF8;
}

/* The 2008 policy (see charset-choice.h). */
static void choose_as_in_2008(const char *hint, const char *declared, const char *html,
			      size_t len, struct charset_choice *choice)
{
	enum charset_reason reason = pick_assumed(hint, html, len, choice->assume);
	int declared_usable = charset_label_usable(declared);
	choice->passed_over |= passed_over(hint) || passed_over(declared);
	if (declared_usable && !(is_utf8_name(declared) && !utf8_is_valid(html, len))) {
		set_name(choice->name, declared);
		reason = CHARSET_REASON_DECLARED;
	} else {
		set_name(choice->name, choice->assume);
	}
	if (choice->converted)
		return;
	choice->reason = reason;
	const char *used = declared && *declared ? declared : choice->assume;
	set_reported(choice->reported, used);
	if (strcasecmp(choice->reported, used))
		set_label(choice->label, used);
}

/* A label of the Standard that a converter reads, and that does not claim
 * UTF-8 for bytes that are not mostly UTF-8: the encoding, else NULL. */
static const struct charset_label *usable_label(const struct charset_label *known,
						int mostly_utf8)
{
	if (!known || !known->iconv)
		return NULL;
	if (!strcmp(known->encoding, "UTF-8") && !mostly_utf8)
		return NULL;
	return known;
}

static void take(struct charset_choice *choice, const struct charset_label *encoding,
		 enum charset_reason reason)
{
	set_name(choice->name, encoding->iconv);
	set_name(choice->reported, encoding->encoding);
	choice->reason = reason;
}

/* As browsers read pages (see charset-choice.h). */
static void choose_as_browsers(const char *hint, const char *declared, const char *html,
			       size_t len, struct charset_choice *choice)
{
	const char *labels[2] = { hint, declared };
	const struct charset_label *known[2] = {
		hint ? charset_label_lookup(hint, strlen(hint)) : NULL,
		declared ? charset_label_for_meta(declared, strlen(declared)) : NULL,
	};
	const enum charset_reason reasons[2] = { CHARSET_REASON_HINT, CHARSET_REASON_DECLARED };
	enum charset_sniff_reason utf8 = charset_sniff_utf8(html, len);
	int mostly_utf8 = utf8 != CHARSET_SNIFF_NO_GUESS;

	if (len >= 3 && !memcmp(html, "\xEF\xBB\xBF", 3)) {
		take(choice, charset_label_of_encoding("UTF-8"), CHARSET_REASON_BOM);
	} else if (utf8 == CHARSET_SNIFF_UTF8) {
		take(choice, charset_label_of_encoding("UTF-8"), CHARSET_REASON_UTF8);
	} else {
		for (int i = 0; i < 2 && !choice->reason; i++)
			if (usable_label(known[i], mostly_utf8))
				take(choice, known[i], reasons[i]);
	}
	if (!choice->reason && utf8 == CHARSET_SNIFF_ASCII) {
		take(choice, charset_label_of_encoding("UTF-8"), CHARSET_REASON_UTF8);
	} else if (!choice->reason) {
		struct charset_sniffed sniffed;
		charset_sniff(html, len, &sniffed);
		take(choice, sniffed.encoding, CHARSET_REASON_GUESS);
	}
	/* The declaration taken; else the first that disagrees with what the
	 * bytes said (a stale or lying one is worth seeing). */
	for (int i = 0; i < 2; i++) {
		if (!labels[i] || !*labels[i] || means_none(labels[i]))
			continue;
		if (!usable_label(known[i], mostly_utf8))
			choice->passed_over = 1;
		int taken = choice->reason == reasons[i];
		int disagrees = !known[i] || strcmp(known[i]->encoding, choice->reported);
		if (taken || (!choice->label[0] && disagrees))
			set_label(choice->label, labels[i]);
	}
	if (!strcasecmp(choice->label, choice->reported))
		choice->label[0] = '\0';
	set_name(choice->assume, choice->name);
}

void charset_choose_html(const struct charset_policy *policy, const char *hint,
			 const char *declared, const char *html, size_t len,
			 struct charset_choice *choice)
{
	if (!choice->converted)
		memset(choice, 0, sizeof(*choice));
	if (policy->paper || choice->converted) {
		choose_as_in_2008(hint, declared, html, len, choice);
		return;
	}
	choose_as_browsers(hint, declared, html, len, choice);
}

void charset_choose_text(const struct charset_policy *policy, const char *block, size_t len,
			 struct charset_choice *choice)
{
	memset(choice, 0, sizeof(*choice));
	size_t valid = len;
	while (valid > 0 && len - valid < 4 && ((unsigned char)block[valid - 1] & 0xC0) == 0x80)
		valid--;
	if (valid > 0 && (unsigned char)block[valid - 1] >= 0xC0)
		valid--;   /* the lead byte of a cut sequence */
	if (len - valid > 3 || utf8_is_valid(block, valid)) {
		set_name(choice->name, "utf-8");
		choice->reason = CHARSET_REASON_UTF8;
	} else if (!policy->paper) {
		struct charset_sniffed sniffed;
		charset_sniff(block, len, &sniffed);
		set_name(choice->name, sniffed.encoding->iconv);
		choice->reason = CHARSET_REASON_GUESS;
	} else {
		set_name(choice->name, "windows-1252");
		choice->reason = CHARSET_REASON_DEFAULT;
	}
	set_name(choice->assume, choice->name);
	set_reported(choice->reported, choice->name);
}
