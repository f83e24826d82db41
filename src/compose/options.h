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
 * Every value read is marked given (compose_values.given), so that a front
 * end can refuse an option the chosen entries would ignore.
 */
#ifndef NC_COMPOSE_OPTIONS_H
#define NC_COMPOSE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "base/error.h"

enum compose_kind { COMPOSE_FLAG, COMPOSE_STRING, COMPOSE_LONG, COMPOSE_NUMBER };

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
};

/* How messages name an option: "--max-kl", or "-n" for a letter alone.
 * `buf` needs COMPOSE_LABEL_SIZE bytes. */
#define COMPOSE_LABEL_SIZE 48
const char *compose_option_label(const struct compose_option *option, char *buf);

/* Read `text` as `option`'s value into `values` (a struct compose_values)
 * and mark it given; NC_ERR_USAGE naming the option and the range. */
int compose_option_read(const struct compose_option *option, void *values, const char *text,
			struct nc_error *err);

/* Print the --help lines of `option` ("  -n N   ...", aligned as the
 * programs' own help). */
void compose_option_print(const struct compose_option *option, FILE *out);

#endif
