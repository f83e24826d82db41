#!/bin/sh
# t0200-man-pages: every man page formats without a warning (a line that
# starts with "." or "'" is a request to roff and loses its text), names
# every long option its program accepts, and describes no option the
# program does not take. ncleaner's --help is built from the option
# tables (compose/compose.c, compose/session.c), so a row without its
# paragraph in ncleaner(1) fails here, and so does a paragraph whose row
# has gone.
. "$(dirname "$0")/test-lib.sh"
command -v groff > /dev/null || skip_all "groff is not installed (Debian package groff-base)"
for page in "$SRC"/doc/*.1; do
	name=$(basename "$page")
	groff -ww -z -man "$page" > "$TMP/warnings" 2>&1 || true
	if [ -s "$TMP/warnings" ]; then fail "$name formats without warnings"; sed 's/^/# /' "$TMP/warnings"
	else pass "$name formats without warnings"; fi
	prog=${name%.1}
	# Every --option of the program's --help is in its man page.
	"$BUILD/src/$prog" --help | grep -o -e '--[a-z][a-z-]*' | sort -u > "$TMP/options"
	missing=
	for option in $(cat "$TMP/options"); do
		roff=$(printf '%s' "$option" | sed 's/-/\\\\-/g')
		grep -q -e "$roff" "$page" || missing="$missing $option"
	done
	is "$missing" "" "$name documents every long option of $prog --help"
	# Every --option heading an item (.TP) is one the program takes:
	# shown by its --help, or at least not refused by getopt (train-ncleaner
	# takes --version without showing it). getopt takes an abbreviation of
	# a long option too, so an item that begins one --help shows (a
	# paragraph left behind by a rename to a longer name) is stale as well.
	awk '/^\.TP/ { getline; if ($0 ~ /^\.B/) print }' "$page" |
		grep -o -e '\\-\\-[a-z][a-z\\-]*' | sed 's/\\//g' | sort -u > "$TMP/items"
	stale=
	for option in $(cat "$TMP/items"); do
		grep -qxF -e "$option" "$TMP/options" && continue
		if grep -q -e "^$option" "$TMP/options"; then stale="$stale $option"; continue; fi
		(cd "$TMP" && "$BUILD/src/$prog" "$option" < /dev/null > /dev/null 2> "$TMP/refused") || true
		grep -q "unrecognized option" "$TMP/refused" && stale="$stale $option"
	done
	is "$stale" "" "$name describes no option $prog does not take"
done
done_testing
