#!/bin/sh
# t0200-man-pages: every man page formats without a warning (a line that
# starts with "." or "'" is a request to roff and loses its text), and names
# every long option its program accepts.
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
done
done_testing
