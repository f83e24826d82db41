/* options.c: reading and showing the options declared in compose.c (see
 * options.h). */
#include "compose/options.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *compose_option_label(const struct compose_option *option, char *buf)
{
	if (option->name)
		snprintf(buf, COMPOSE_LABEL_SIZE, "--%s", option->name);
	else
		snprintf(buf, COMPOSE_LABEL_SIZE, "-%c", option->letter);
	return buf;
}

/* The range of a COMPOSE_NUMBER in words, for messages. */
static void describe_range(const struct compose_option *option, char *buf, size_t size)
{
	switch (option->range) {
	case RANGE_ANY: snprintf(buf, size, "a finite number"); break;
	case RANGE_MIN: snprintf(buf, size, "a number >= %g", option->min); break;
	case RANGE_ABOVE_MIN: snprintf(buf, size, "a number > %g", option->min); break;
	case RANGE_ABOVE_MIN_TO_MAX:
		snprintf(buf, size, "a number in (%g, %g]", option->min, option->max);
		break;
	}
}

static int in_range(const struct compose_option *option, double v)
{
	switch (option->range) {
	case RANGE_ANY: return 1;
	case RANGE_MIN: return v >= option->min;
	case RANGE_ABOVE_MIN: return v > option->min;
	case RANGE_ABOVE_MIN_TO_MAX: return v > option->min && v <= option->max;
	}
	return 0;
}

int compose_option_read(const struct compose_option *option, void *values, const char *text,
			struct nc_error *err)
{
	char label[COMPOSE_LABEL_SIZE], range[64];
	char *at = (char *)values + option->offset, *end;

	compose_option_label(option, label);
	if (option->read)
		return option->read(option, values, text, err);
	switch (option->kind) {
	case COMPOSE_FLAG:
		*(int *)at = 1;
		return 0;
	case COMPOSE_CHOICE:
		*(int *)at = (int)option->min;
		return 0;
	case COMPOSE_STRING:
		if (!*text && !(option->flags & COMPOSE_EMPTY_ARGUMENT))
			return nc_error_set(err, NC_ERR_USAGE, "%s expects %s, not an empty string",
					    label, option->argument);
		*(const char **)at = text;
		return 0;
	case COMPOSE_LONG: {
		errno = 0;
		long v = strtol(text, &end, 10);
		if (end == text || *end || errno || v < (long)option->min || v > (long)option->max)
			return nc_error_set(err, NC_ERR_USAGE, "%s expects a whole number from %ld "
					    "to %ld, not '%s'", label, (long)option->min,
					    (long)option->max, text);
		*(long *)at = v;
		return 0;
	}
	case COMPOSE_NUMBER: {
		errno = 0;
		double v = strtod(text, &end);
		describe_range(option, range, sizeof(range));
		if (end == text || *end || errno || !isfinite(v) || !in_range(option, v))
			return nc_error_set(err, NC_ERR_USAGE, "%s expects %s, not '%s'", label,
					    range, text);
		*(double *)at = v;
		return 0;
	}
	}
	return nc_error_set(err, NC_ERR_USAGE, "%s: unknown kind of option", label);
}

int compose_option_check(const struct compose_option *option, const void *values,
			 struct nc_error *err)
{
	return option->check ? option->check(option, values, err) : 0;
}

/* "  -f, --format FORMAT", "  -n N", "      --site-repetition[=N]". */
static void print_head(const struct compose_option *option, char *head, size_t size)
{
	char argument[40] = "";

	if (option->argument)
		snprintf(argument, sizeof(argument), option->flags & COMPOSE_OPTIONAL_ARGUMENT
			 ? "[=%s]" : " %s", option->argument);
	if (option->letter && option->name)
		snprintf(head, size, "  -%c, --%s%s", option->letter, option->name, argument);
	else if (option->letter)
		snprintf(head, size, "  -%c%s", option->letter, argument);
	else
		snprintf(head, size, "      --%s%s", option->name, argument);
}

void compose_option_print(const struct compose_option *option, FILE *out)
{
	char head[64];
	struct strbuf described = STRBUF_INIT;
	const char *help = option->help;

	if (option->describe) {
		option->describe(&described);
		help = described.buf;
	}
	print_head(option, head, sizeof(head));
	/* The help starts in its column, as in the programs' own --help; a
	 * longer head takes a line of its own, or two spaces. */
	if (strlen(head) < OPTION_HELP_COLUMN - 1)
		fprintf(out, "%-*s", OPTION_HELP_COLUMN, head);
	else if (option->flags & COMPOSE_HELP_BESIDE)
		fprintf(out, "%s  ", head);
	else
		fprintf(out, "%s\n%*s", head, OPTION_HELP_COLUMN, "");
	for (const char *line = help; *line; ) {
		size_t n = strcspn(line, "\n");
		fprintf(out, "%.*s\n", (int)n, line);
		line += n;
		if (*line == '\n' && *++line)
			fprintf(out, "%*s", OPTION_HELP_COLUMN, "");
	}
	strbuf_release(&described);
}
