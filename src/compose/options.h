/* options.h: options declared once, as data.
 *
 * An option of a renderer, method or decider (and the few that choose
 * them) is one `struct compose_option`: its long name, short letter,
 * argument, help line, and where and how its value is stored. Both front
 * ends build their getopt tables and their --help from these entries, and
 * one function reads every value, so an option's name, range and message
 * are written once.
 *
 * Values land in `struct compose_values` (compose.h) at `offset`; the kind
 * says how the text is read and what range is allowed:
 *   COMPOSE_FLAG     no argument; the int at `offset` becomes 1
 *   COMPOSE_STRING   the argument as it is (a const char *)
 *   COMPOSE_LONG     a whole number in [min, max] (a long)
 *   COMPOSE_NUMBER   a finite number (a double), with the bounds `range`
 *                    names (an open end is exclusive, a closed one not)
 *   COMPOSE_CHOICE   no argument; the int at `offset` becomes `min` (one of
 *                    several options that set one field, as --dump and
 *                    --scores do: the last one given wins)
 * Every value read is marked given (compose_values.given), so that a front
 * end can refuse an option the chosen entries would ignore.
 *
 * The session's options (session.h) are rows of the same kind, with values
 * in struct session; a few of them need more than a kind says, and say so
 * in `flags` and the three hooks: a value read another way (a format found
 * in its table), a check of the value that a front end runs when it checks
 * (a charset iconv knows), a help line written by another table.
 */
#ifndef NC_COMPOSE_OPTIONS_H
#define NC_COMPOSE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "base/error.h"
#include "base/strbuf.h"

enum compose_kind { COMPOSE_FLAG, COMPOSE_STRING, COMPOSE_LONG, COMPOSE_NUMBER, COMPOSE_CHOICE };

/* What a row says beside its kind. */
enum compose_flags {
	/* The argument may be left out, and is given inline only
	 * (--site-repetition=N); `read` gets NULL without it. */
	COMPOSE_OPTIONAL_ARGUMENT = 1 << 0,
	/* A COMPOSE_STRING may be empty: its `check`, if any, judges it (the
	 * program always took "--encoding=" and "--url=" as values). */
	COMPOSE_EMPTY_ARGUMENT = 1 << 1,
	/* A head too long for column 24 is followed by its help on the same
	 * line, after two spaces, rather than by a line of its own (the
	 * layout ncleaner --help always had for these rows). */
	COMPOSE_HELP_BESIDE = 1 << 2,
	/* The ncleaner program reads it, the library does not (ncleaner.h
	 * lists what the library takes). */
	COMPOSE_PROGRAM_ONLY = 1 << 3,
};

/* Which bounds a COMPOSE_NUMBER has; min and max as given. */
enum compose_range {
	RANGE_ANY,         /* any finite number */
	RANGE_MIN,         /* >= min */
	RANGE_ABOVE_MIN,   /* > min */
	RANGE_ABOVE_MIN_TO_MAX,   /* min < x <= max */
};

struct compose_option {
	const char *name;       /* long name, without "--"; NULL for a letter alone */
	int letter;             /* short option, or 0 */
	const char *argument;   /* as --help shows it ("N", "BITS"); NULL for a flag */
	const char *help;       /* one line, or several separated by '\n' */
	enum compose_kind kind;
	enum compose_range range;
	double min, max;
	size_t offset;          /* of the value in struct compose_values */
	int id;                 /* bit index in compose_values.given */
	unsigned flags;         /* enum compose_flags */
	/* Reads the value instead of the kind (`text` NULL: an optional
	 * argument left out), or NULL. */
	int (*read)(const struct compose_option *option, void *values, const char *text,
		    struct nc_error *err);
	/* Checks the value read, when the front end checks its options (a
	 * usage error), or NULL. */
	int (*check)(const struct compose_option *option, const void *values,
		     struct nc_error *err);
	/* Writes the help instead of `help` (a list of another table's names),
	 * or NULL. */
	void (*describe)(struct strbuf *help);
};

/* How messages name an option: "--max-kl", or "-n" for a letter alone.
 * `buf` needs COMPOSE_LABEL_SIZE bytes. */
#define COMPOSE_LABEL_SIZE 48

/* The column where an option's help starts in --help (the programs' own
 * lines and the tables' rows alike). */
#define OPTION_HELP_COLUMN 24
const char *compose_option_label(const struct compose_option *option, char *buf);

/* Read `text` as `option`'s value into `values` (a struct compose_values)
 * and mark it given; NC_ERR_USAGE naming the option and the range. */
int compose_option_read(const struct compose_option *option, void *values, const char *text,
			struct nc_error *err);

/* Run `option`'s check of its value in `values`, if it has one. */
int compose_option_check(const struct compose_option *option, const void *values,
			 struct nc_error *err);

/* Print the --help lines of `option` ("  -n N   ...", aligned as the
 * programs' own help). */
void compose_option_print(const struct compose_option *option, FILE *out);

#endif
