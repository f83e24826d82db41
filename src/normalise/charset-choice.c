/* charset-choice.c: deciding a page's charset (see charset-choice.h). */
#include "normalise/charset-choice.h"
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
	set_name(choice->reported, from);
	choice->reason = policy->forced ? CHARSET_REASON_FORCED : CHARSET_REASON_BOM;
	choice->converted = 1;
}

/* The charset to assume when the page's own declaration is not read: the
 * 2008 order (see charset-choice.h). */
static enum charset_reason pick_assumed(const struct charset_policy *policy, const char *hint,
					const char *html, size_t len,
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
	/* No usable hint and not UTF-8: rather than windows-1252 blindly (the
	 * 2008 way), what uchardet makes of the bytes. */
	if (non_ascii && !policy->paper && charset_guess(html, len, name) == 0)
		return CHARSET_REASON_GUESS;
	return non_ascii ? CHARSET_REASON_DEFAULT : CHARSET_REASON_UTF8;
}

void charset_choose_html(const struct charset_policy *policy, const char *hint,
			 const char *declared, const char *html, size_t len,
			 struct charset_choice *choice)
{
	if (!choice->converted)
		memset(choice, 0, sizeof(*choice));
	enum charset_reason reason = pick_assumed(policy, hint, html, len, choice->assume);
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
	set_name(choice->reported, declared && *declared ? declared : choice->assume);
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
	} else if (!policy->paper && charset_guess(block, len, choice->name) == 0) {
		choice->reason = CHARSET_REASON_GUESS;
	} else {
		set_name(choice->name, "windows-1252");
		choice->reason = CHARSET_REASON_DEFAULT;
	}
	set_name(choice->assume, choice->name);
	set_name(choice->reported, choice->name);
}
