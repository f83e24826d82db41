#!/bin/sh
# t5050-cli-habits: the command line users expect (issue 19): standard
# input when no input is named, --url, -o FILE and -o -, a closing line
# saying where one page went, --quiet; and (issue 35) directories named
# with a slash, the closing summary of a stream on standard output. Every
# check here failed on the build before the change (top_builddir=OLD sh
# t/t5050-cli-habits.sh).
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

# The progress line fits the terminal: 60 columns here.
if command -v script > /dev/null && command -v stty > /dev/null; then
	mkdir -p "$TMP/many"
	for i in 1 2 3 4 5 6; do cp "$F/page.html" "$TMP/many/p$i.html"; done
	script -qec "stty cols 60; $BUILD/src/ncleaner --no-lm --progress -o '$TMP/many-out' '$TMP/many'" \
		/dev/null < /dev/null > "$TMP/tty" 2>&1 || true
	longest=$(tr '\r' '\n' < "$TMP/tty" | awk '/% [0-9]+ page/ { if (length($0) > n) n = length($0) } END { print n + 0 }')
	ok "the progress line fits 60 columns (longest: $longest)" test "$longest" -gt 0 -a "$longest" -lt 60
else
	skip "script(1) or stty is not installed"
fi

# --skip-existing with nothing left to do says so.
ok "--skip-existing when every output exists" ncleaner --no-lm --skip-existing -o outdir "$F/page.html"
grep_ok "...says there is nothing to do" "nothing to do: the output of every input exists" "$TMP/err"

# A run that keeps almost nothing is warned about (the bias falls off a cliff;
# the default's fallback would keep the pages' prose: the threshold alone).
mkdir -p "$TMP/low"
for i in $(seq 1 24); do cp "$F/page.html" "$TMP/low/p$i.html"; done
if [ -f "$SRC/models/english.model" ]; then
	ok "-b 40 and the threshold alone" ncleaner --decider threshold -b 40 -o "$TMP/low-out" "$TMP/low"
	grep_ok "...warns that it kept almost nothing, naming the bias" \
		"warning: only [0-9.]*% of the words were kept: a bias above 0" "$TMP/err"
	ok "the default bias" ncleaner -o "$TMP/low-out2" "$TMP/low"
	grep_fails "...does not" "warning: only" "$TMP/err"
else
	skip "models/english.model is not built"; skip "models/english.model is not built"
	skip "models/english.model is not built"; skip "models/english.model is not built"
fi

# --precision and --recall: presets of the bias, as offsets to the model's.
if [ -f "$SRC/models/english.model" ]; then
	# a page of prose and furniture, its segments spread around the threshold
	# (-1: the run failed)
	words() {
		ncleaner "$@" "$FIXTURES/t5050/mixed.html" > "$TMP/words" 2> /dev/null || { echo -1; return; }
		grep -v '^URL: ' "$TMP/words" | wc -w
	}
	def=$(words) prec=$(words --precision) rec=$(words --recall)
	ok "--precision keeps fewer words than the default ($prec < $def)" test "$prec" -ge 0 -a "$prec" -lt "$def"
	ok "--recall keeps no fewer ($rec >= $def), and more than --precision" \
		test "$rec" -ge "$def" -a "$rec" -gt "$prec"
	bias=$(ncleaner --recall -f jsonl "$F/page.html" | sed -n 's/.*"bias":\([-0-9.e]*\).*/\1/p')
	ok "...--recall is -b $bias (the bias JSONL names)" sh -c \
		"ncleaner --recall '$F/page.html' > '$TMP/r1' && ncleaner -b '$bias' '$F/page.html' > '$TMP/r2' && cmp '$TMP/r1' '$TMP/r2'"
	bias=$(ncleaner --precision -f jsonl "$F/page.html" | sed -n 's/.*"bias":\([-0-9.e]*\).*/\1/p')
	ok "...--precision is -b $bias (the bias JSONL names)" sh -c \
		"ncleaner --precision '$F/page.html' > '$TMP/p1' && ncleaner -b '$bias' '$F/page.html' > '$TMP/p2' && cmp '$TMP/p1' '$TMP/p2'"
else
	for i in 1 2 3; do skip "models/english.model is not built"; done
fi
fails 2 "--precision with -b" ncleaner --precision -b 0.1 "$F/page.html"
grep_ok "...is refused: both set the bias" "each set the bias: give one" "$TMP/err"
fails 2 "--precision with --recall" ncleaner --precision --recall "$F/page.html"
fails 2 "--recall with a method that has no presets" ncleaner --method ice-bl --recall "$F/page.html"
grep_ok "...says so" "the ice-bl method has no presets" "$TMP/err"

# -m: the model in ncleaner, the normalisation mode in train-ncleaner (as
# in 2008); a value meant for the other says so.
fails 2 "ncleaner -m 1 (a mode, not a model)" ncleaner -m 1 "$F/page.html"
grep_ok "...says -m is the model here" "-m is the model here; the normalisation mode is train-ncleaner's -m" "$TMP/err"
fails 2 "train-ncleaner -m english (a model, not a mode)" train-ncleaner -m english a b c.model
grep_ok "...says -m is the mode there" "is the normalisation mode here, 0 to 3, not 'english' (in ncleaner -m is the model" "$TMP/err"

# Ctrl-C says what it leaves and how to resume (once the page is being
# rendered: slow_lynx).
lynx=$(slow_lynx "$TMP/lynx-started")
mkdir -p "$TMP/sigin" && cp "$F/page.html" "$TMP/sigin/a.html"
set +e
env --default-signal ncleaner --no-lm --lynx "$lynx" -o "$TMP/sigout" "$TMP/sigin" \
	> "$TMP/out" 2> "$TMP/err" &
job=$!
wait_for "$TMP/lynx-started"
kill -INT $job
wait $job
status=$?
set -e
is "$status" 130 "SIGINT: exit 130"
grep_ok "...saying that --skip-existing resumes" "stopped: the output files written are complete; the same command with --skip-existing resumes" "$TMP/err"

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

# Issue 35. A directory named with a slash names its pages as without one:
# no doubled slash on the URL line, nor in the output's name.
cd "$TMP"
mkdir -p pages && cp "$F/empty.html" pages/
ok "-o out pages" ncleaner --no-lm -o out-plain pages
ok "-o out/ pages/" ncleaner --no-lm -o out-slash/ pages/
grep_ok "...says where the output went, with one slash" "wrote out-slash/empty.txt" "$TMP/err"
is "$(cat out-slash/empty.txt)" "URL: pages/empty.html" "...the URL line has one slash"
ok "...as without the slashes" cmp out-plain/empty.txt out-slash/empty.txt
ok "pages// to standard output" ncleaner --no-lm pages//
is "$(cat "$TMP/out")" "URL: pages/empty.html" "...one slash too"

# A stream of pages on standard output closes with the summary other runs
# print, on standard error, never on standard output. (What must not print
# it, --quiet and one page, held before too.)
for format in jsonl wet; do
	ok "--format $format, two pages to standard output" ncleaner --no-lm -f $format \
		"$F/page.html" "$F/dump.txt"
	grep_ok "...the summary on standard error" "^ncleaner: 2 pages, 0 failed; " "$TMP/err"
	grep_fails "...and not on standard output" "pages, 0 failed" "$TMP/out"
done
ok "--format jsonl, with --quiet" ncleaner --no-lm --quiet -f jsonl "$F/page.html" "$F/dump.txt"
is "$(cat "$TMP/err")" "" "...prints no summary"
ok "one page to standard output" ncleaner --no-lm -f jsonl "$F/page.html"
is "$(cat "$TMP/err")" "" "...prints no summary either"
done_testing
