#!/bin/sh
# t0220-format-lists: the lists of output formats written by hand name the
# formats of the table (sink/formats.c), which ncleaner reads: ncleaner.h's
# -f/--format for ncleaner_format(), the Python binding's OUTPUT_FORMATS
# (less "json" and "dict", which it makes from JSONL itself) and
# ncleaner(1)'s --format paragraph. A format added to the table, or one
# gone, fails here until each list says so. (--help and the program's
# messages are made from the table and need no check.)
. "$(dirname "$0")/test-lib.sh"

[ -x "$BUILD/src/ncleaner" ] || skip_all "no ncleaner built in $BUILD/src"

# words FILE: FILE's "a, b or c" (or "a, b, c"), a word a line; line FILE:
# FILE's words on one line, for a message that shows them all.
words() { sed -e 's/,/ /g' -e 's/ or / /g' "$1" | tr -s ' \n' '\n\n' | sed '/^$/d'; }
line() { echo $(cat "$1"); }

# The table, as the program names it for a format it does not know.
set +e
"$BUILD/src/ncleaner" --format no-such-format < /dev/null > /dev/null 2> "$TMP/refused"
set -e
sed -n "s/.*--format expects \(.*\), not 'no-such-format'.*/\1/p" "$TMP/refused" > "$TMP/list"
words "$TMP/list" > "$TMP/table"
ok "ncleaner names the table's formats for one it does not know" test -s "$TMP/table"
grep_ok "...cleaneval among them (the default)" '^cleaneval$' "$TMP/table"

# ncleaner.h: "-f/--format for ncleaner_format(): cleaneval (default), ...,"
# up to the next option of the list (--language).
sed -n '/-f\/--format for/,/--language/p' "$SRC/src/ncleaner.h" | tr '\n' ' ' |
	sed -e 's/.*ncleaner_format(): //' -e 's/ \* *--language.*//' -e 's/ *\* */ /g' \
	    -e 's/ (default)//' -e 's/, *$//' > "$TMP/list"
words "$TMP/list" > "$TMP/header"
is "$(line "$TMP/header")" "$(line "$TMP/table")" \
	"ncleaner.h's formats for ncleaner_format() are the table's, in its order"
grep_ok "...the first the default" 'ncleaner_format(): [a-z]* (default)' "$SRC/src/ncleaner.h"

# The Python binding: OUTPUT_FORMATS (its own order: compared as sets).
sed -n 's/^OUTPUT_FORMATS = (\(.*\))$/\1/p' "$SRC/python/ncleaner/__init__.py" | tr -d '"' \
	> "$TMP/list"
words "$TMP/list" | grep -v -x -e json -e dict | sort > "$TMP/binding"
sort "$TMP/table" > "$TMP/table-sorted"
is "$(line "$TMP/binding")" "$(line "$TMP/table-sorted")" \
	"the Python binding's OUTPUT_FORMATS are the table's, and json and dict"

# ncleaner(1): the paragraph of -f, --format.
awk '/^\.BR \\-f ", " \\-\\-format/ { on = 1; next } on && /^\./ { exit } on' \
	"$SRC/doc/ncleaner.1" | tr '\n' ' ' |
	sed -e 's/\\f[BR]//g' -e 's/ (the default)//' -e 's/;.*//' > "$TMP/list"
words "$TMP/list" > "$TMP/man"
is "$(line "$TMP/man")" "$(line "$TMP/table")" "ncleaner(1)'s --format names the table's formats"
done_testing
