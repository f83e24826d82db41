#!/bin/sh
# A Lynx that fails on pages holding the word FAILME and runs the real one
# on the others: a run where some pages fail between good ones.
page=$(mktemp)
cat > "$page"
if grep -q FAILME "$page"; then
	rm -f "$page"
	echo "lynx: cannot render this page" >&2
	exit 3
fi
lynx "$@" < "$page"
status=$?
rm -f "$page"
exit $status
