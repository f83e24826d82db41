#!/bin/sh
# t5050-cli-habits: the command line users expect (issue 19): standard
# input when no input is named, --url, -o FILE and -o -, a closing line
# saying where one page went, --quiet. Every check here failed on the build
# before the change (top_builddir=OLD sh t/t5050-cli-habits.sh).
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi

ok "a page on standard input, no input named" sh -c "ncleaner --no-lm < '$F/page.html'"
grep_ok "...is cleaned" "^<h>The Harbour Story" "$TMP/out"
ok "...piped, as with cat" sh -c "cat '$F/page.html' | ncleaner --no-lm"
grep_ok "...is cleaned" "^<h>The Harbour Story" "$TMP/out"
# A terminal is no input: script(1) gives ncleaner one.
if command -v script > /dev/null; then
	script -qec "$BUILD/src/ncleaner --no-lm; echo status=\$?" /dev/null < /dev/null > "$TMP/tty" 2>&1 || true
	grep_ok "with a terminal and no input: an error that mentions -" "no input given.*- for standard input" "$TMP/tty"
	grep_ok "...exit 2" "status=2" "$TMP/tty"
else
	skip "script(1) is not installed (Debian package bsdutils)"
	skip "script(1) is not installed"
fi

ok "--url names the page read from standard input" sh -c "ncleaner --no-lm --url http://example.org/x < '$F/page.html'"
grep_ok "...on its URL line" "^URL: http://example.org/x$" "$TMP/out"
ok "...in JSONL" sh -c "ncleaner --no-lm -f jsonl --url http://example.org/x - < '$F/page.html'"
grep_ok "...too" '"url":"http://example.org/x"' "$TMP/out"
fails 2 "--url with two inputs is a usage error" ncleaner --no-lm -f jsonl --url x "$F/page.html" "$F/dump.txt"
grep_ok "...saying why" "names one page" "$TMP/err"

cd "$TMP"
ok "-o out.txt with one page" ncleaner --no-lm -o out.txt "$F/page.html"
grep_ok "...says so" "wrote out.txt" "$TMP/err"
ok "...writes the file out.txt" test -f out.txt
grep_ok "...holding the page" "^<h>The Harbour Story" out.txt
ok "-o - is standard output" ncleaner --no-lm -o - "$F/page.html"
grep_ok "...the page is there" "^<h>The Harbour Story" "$TMP/out"
ok "...and no directory named - is made" test ! -e ./-
fails 2 "-o out2.txt with two inputs" ncleaner --no-lm -o out2.txt "$F/page.html" "$F/dump.txt"
grep_ok "...is refused, saying what -o FILE takes" "names a file" "$TMP/err"
ok "...and makes nothing" test ! -e out2.txt
printf 'keep me\n' > kept.txt
fails 1 "-o FILE when the page fails" ncleaner --no-lm --lynx "$F/fake-lynx-fail.sh" -o kept.txt "$F/page.html"
is "$(cat kept.txt)" "keep me" "...leaves the file as it was"
grep_ok "...and says so" "nothing written to kept.txt" "$TMP/err"
ok "-o DIR with one page" ncleaner --no-lm -o outdir "$F/page.html"
grep_ok "...says where the output went" "wrote outdir/page.txt" "$TMP/err"
ok "--quiet" ncleaner --no-lm --quiet -o outdir2 "$F/page.html"
is "$(cat "$TMP/err")" "" "...prints nothing"
printf '\000\001\002binary' > bin.dat
ok "--quiet with a binary input passed over" ncleaner --no-lm --quiet -o outdir3 "$F/page.html" bin.dat
is "$(cat "$TMP/err")" "" "...prints no warning"

# Messages begin with the program's name, getopt's too.
for prog in ncleaner train-ncleaner ncleaner-eval; do
	fails 2 "$prog: an unknown option" $prog --no-such-option
	grep_ok "...begins with the program's name, not its path" "^$prog: unrecognized option" "$TMP/err"
done
fails 2 "--lynx naming a path that does not exist" ncleaner --no-lm --lynx /nonexistent/lynx "$F/page.html"
grep_ok "...says there is no such program (not 'not found in PATH')" "/nonexistent/lynx: no such program" "$TMP/err"
for page in ncleaner train-ncleaner ncleaner-eval; do
	# the line after the -h/-V entry's tag is its description, not a macro
	after=$(awk 'found { print; exit } /^\.BR \\-h/ { found = 1 }' "$SRC/doc/$page.1")
	case $after in
	.*|"") fail "$page(1): the -h, --help, -V, --version entry has a description" ;;
	*) pass "$page(1): the -h, --help, -V, --version entry has a description" ;;
	esac
done
done_testing
