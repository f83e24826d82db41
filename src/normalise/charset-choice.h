/* charset-choice.h: the one place where a page's charset is decided.
 *
 * Every page, HTML or text, gets its charset here and nowhere else; later
 * stages read the decision (struct charset_choice) and never look at the
 * page's declarations again. Two policies.
 *
 * As browsers read pages (the default; HTML's encoding sniffing, with the
 * labels of the Encoding Standard: charset-labels.h):
 *
 *   forced     the user's --encoding: every page is in that charset;
 *   BOM        a byte order mark (UTF-8, UTF-16, UTF-32);
 *   bytes      valid UTF-8 with non-ASCII characters is UTF-8, whatever a
 *              label says (no legacy text is valid UTF-8 by chance: a label
 *              that says otherwise is stale);
 *   hint       the transport's charset: an HTTP Content-Type of an archive
 *              record, a CLEANEVAL wrapper's encoding attribute;
 *   declared   the charset a <meta> element declares (UTF-16 there means
 *              UTF-8, x-user-defined windows-1252, as in HTML's prescan);
 *   sniffed    what the bytes say of an undeclared page (charset-sniff.h:
 *              UTF-8 with a few stray bytes, else uchardet's guess weighed
 *              against windows-1252).
 *   A label of UTF-8 on bytes that are not (mostly) UTF-8 lies and is
 *   passed over, as is a label the Standard does not list. Stage 1 then
 *   converts the page to UTF-8 itself (html.c) and makes its <meta>
 *   declarations say so, so that every renderer reads it in the charset
 *   chosen here: Lynx would otherwise prefer the <meta>.
 *
 * The 2008 policy (--paper, kept as it was). Forced, then a UTF-16 or
 * UTF-32 byte order mark (stage 1 converts those). A hint "utf-8" is trusted
 * only when the bytes are valid UTF-8 (else windows-1252); without a usable
 * hint, valid UTF-8 bytes are UTF-8; a hint iso-8859-1, latin1 or us-ascii
 * means windows-1252; any other hint is taken; otherwise windows-1252, the
 * superset of Latin-1 that pages labelled iso-8859-1 actually use. That is
 * the charset Lynx is told to assume (`assume`); Lynx itself then prefers a
 * <meta> declaration it knows, which is part of the paper's behaviour. An
 * in-process renderer reads the page in `name`: the declared charset when a
 * converter knows it and it does not claim UTF-8 for bytes that are not,
 * else `assume`.
 *
 * Labels that are no declaration. A hint or a <meta> label that no
 * converter knows (unknown-8bit, x-user-defined, none, 0, ...: all seen in
 * real crawls) is passed over as if it were absent, on every path, and the
 * choice says so (`passed_over`; --stats counts such pages as
 * charset_fallbacks). "unset" and "unknown" (CLEANEVAL's wrapper words for
 * "no charset") are simply absent.
 *
 * Text dumps. A dump has no declarations: forced, BOM, else decided by its
 * first block that is not all ASCII (an ASCII start says nothing of what
 * follows): valid UTF-8 (a sequence cut by the block's end aside) is UTF-8,
 * else what the bytes say (charset-sniff.h), or windows-1252 with the 2008
 * policy.
 *
 * `reported` is what outputs (JSONL, --stats) say the page was read in, in
 * the Encoding Standard's spelling ("windows-1252", "UTF-8", "GBK"), or as
 * given when the Standard has no name for it; `label` is the declaration
 * as the page or its transport wrote it ("iso-8859-1", "utf8"), when there
 * was one: the one taken, else the first passed over.
 */
#ifndef NC_CHARSET_CHOICE_H
#define NC_CHARSET_CHOICE_H

#include <stddef.h>

#include "normalise/charset.h"

/* How charsets are chosen for a run. */
struct charset_policy {
	const char *forced;   /* --encoding NAME: every page is in NAME; or NULL */
	int paper;            /* the 2008 policy: windows-1252 instead of a guess */
};

enum charset_reason {
	CHARSET_REASON_NONE = 0,
	CHARSET_REASON_FORCED,     /* --encoding */
	CHARSET_REASON_BOM,        /* a byte order mark */
	CHARSET_REASON_HINT,       /* the source's hint (wrapper, HTTP) */
	CHARSET_REASON_DECLARED,   /* the page's <meta> */
	CHARSET_REASON_UTF8,       /* the bytes are valid UTF-8 (or ASCII) */
	CHARSET_REASON_GUESS,      /* what the bytes say (uchardet's guess, weighed) */
	CHARSET_REASON_DEFAULT     /* windows-1252, for want of anything better */
};

struct charset_choice {
	char name[CHARSET_NAME_MAX];       /* the charset the page is read in (iconv's name) */
	char assume[CHARSET_NAME_MAX];     /* for a renderer that reads <meta> itself */
	char reported[CHARSET_NAME_MAX];   /* what outputs say */
	char label[CHARSET_NAME_MAX];      /* the declaration as written, or "" */
	enum charset_reason reason;        /* why `name` */
	int converted;                     /* stage 1 converted the page to UTF-8 */
	int passed_over;                   /* a label no converter knows was ignored */
};

/* The charset a page must be converted from before anything else (the
 * forced one, or UTF-16/UTF-32 named by a byte order mark in `hint`), or
 * NULL. */
const char *charset_convert_first(const struct charset_policy *policy, const char *hint);

/* The choice for a page that was converted to UTF-8 from `from` first. */
void charset_choose_converted(const struct charset_policy *policy, const char *from,
			      struct charset_choice *choice);

/* The choice for an HTML page (its wrapper removed): `hint` from its
 * wrapper, else its source (for a page converted first: its wrapper's, else
 * "utf-8"), and `declared` from its <meta> (either may be NULL), `html` its
 * bytes. A page converted first keeps what charset_choose_converted() said
 * but `assume` and `name`, which follow from its (now UTF-8) bytes. `choice`
 * is what charset_convert_first() left (zeroed when it converted nothing). */
void charset_choose_html(const struct charset_policy *policy, const char *hint,
			 const char *declared, const char *html, size_t len,
			 struct charset_choice *choice);

/* The choice for a text dump from its first block that is not all ASCII. */
void charset_choose_text(const struct charset_policy *policy, const char *block, size_t len,
			 struct charset_choice *choice);

/* Does `name` (a label or an iconv name) mean UTF-8? */
int charset_is_utf8(const char *name);

/* Is `label` usable as a hint: a plausible charset name that some
 * converter knows (UTF-8 in any spelling included)? */
int charset_label_usable(const char *label);

#endif
