/* charset-choice.h: the one place where a page's charset is decided.
 *
 * Every page, HTML or text, gets its charset here and nowhere else; later
 * stages read the decision (struct charset_choice) and never look at the
 * page's declarations again. What is weighed, in order:
 *
 *   forced     the user's --encoding: every page is in that charset;
 *   BOM        a UTF-16 or UTF-32 byte order mark;
 *              (for both, stage 1 converts the bytes to UTF-8 first, and an
 *              HTML page's <meta> declarations are made to say utf-8)
 *   hint       what the source says: a CLEANEVAL wrapper's encoding
 *              attribute, an HTTP Content-Type charset;
 *   declared   the charset a <meta> element of the page declares;
 *   bytes      valid UTF-8 with non-ASCII characters is UTF-8;
 *   guess      uchardet's guess for a page that is not (charset.h), or with
 *              the 2008 policy (--paper) windows-1252, the superset of
 *              Latin-1 that pages labelled iso-8859-1 actually use.
 *
 * The 2008 order (kept as it was). A hint "utf-8" is trusted only when the
 * bytes are valid UTF-8 (else windows-1252); without a usable hint, valid
 * UTF-8 bytes are UTF-8; a hint iso-8859-1, latin1 or us-ascii means
 * windows-1252; any other hint is taken; otherwise the guess. That is the
 * charset Lynx is told to assume (`assume`); Lynx itself then prefers a
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
 * else the guess (windows-1252 when uchardet cannot tell, or with the 2008
 * policy).
 *
 * `reported` is what outputs (JSONL, --stats) say the page was read in: the
 * charset stage 1 converted from, else the <meta> label as the page wrote
 * it, else `assume`.
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
	CHARSET_REASON_GUESS,      /* uchardet's guess */
	CHARSET_REASON_DEFAULT     /* windows-1252, for want of anything better */
};

struct charset_choice {
	char name[CHARSET_NAME_MAX];       /* the charset the page is read in */
	char assume[CHARSET_NAME_MAX];     /* for a renderer that reads <meta> itself */
	char reported[CHARSET_NAME_MAX];   /* what outputs say */
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

/* Is `label` usable as a hint: a plausible charset name that some
 * converter knows (UTF-8 in any spelling included)? */
int charset_label_usable(const char *label);

#endif
