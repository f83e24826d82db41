#!/bin/sh
# t5300-bad-input: hostile bytes and names. Binary junk, NUL bytes, invalid
# UTF-8, a 100 MB line, deep nesting, megabytes of <br>, regex bait, and file
# names with spaces, leading dashes or non-UTF-8 bytes: each is cleaned or
# refused with a message, never a crash, and the output is valid UTF-8.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000

# utf8_without_nul FILE: FILE is valid UTF-8 without NUL bytes. (Not grep
# -P '\x00': grep takes a file with a NUL for binary and finds no match.)
utf8_without_nul() {
	iconv -f UTF-8 -t UTF-8 "$1" > /dev/null 2>&1 && [ "$(tr -d -c '\000' < "$1" | wc -c)" = 0 ]
}
# valid_utf8 TITLE FILE: the same as a check.
valid_utf8() {
	if utf8_without_nul "$2"; then
		pass "$1"
	else
		fail "$1"
	fi
}

# --- bytes -------------------------------------------------------------------
printf '<p>before\000after</p>\n<p>caf\351 \303\251t\303\251 \377\376 bad \300\200 bytes</p>\n' > "$TMP/nul.html"
ok "NUL bytes and invalid UTF-8 in a page" ncleaner --no-lm "$TMP/nul.html"
valid_utf8 "...give valid UTF-8 without NUL" "$TMP/out"
grep_ok "...and keep the text around them" "^<p>beforeafter$" "$TMP/out"
printf 'x\000y' > "$TMP/has-nul"
fails 1 "(the check finds a NUL byte)" utf8_without_nul "$TMP/has-nul"

# Lynx reads its standard input as C strings, a line (or 8 KB of one) at a
# time: a NUL byte lost the rest of its line, on a minified page the rest
# of the page, with status 0 (issue 36). Stage 1 removes NUL bytes for it.
prose=$(awk 'BEGIN { for (i = 0; i < 20; i++) printf "Second paragraph of real prose. " }')
printf '<html><body><p>Before\000 after.</p><p>%s</p></body></html>' "$prose" > "$TMP/minified.html"
ok "a NUL in a minified page (one line)" ncleaner "$TMP/minified.html"
grep_ok "...the text after it is kept" "^<p>Second paragraph of real prose. Second" "$TMP/out"
ok "...by the 2008 configuration (--paper) too" ncleaner --paper "$TMP/minified.html"
grep_ok "...which keeps it as well" "Second paragraph of real prose. Second" "$TMP/out"
ok "...and in Lynx's dump (--dump)" ncleaner --dump "$TMP/minified.html"
grep_ok "...the words on both sides of the NUL" "Before after\." "$TMP/out"
{ printf '<p>start\000 '; awk 'BEGIN { for (i = 0; i < 3000; i++) printf "w%d ", i; print "</p>" }'; } \
	> "$TMP/long-line.html"
ok "a NUL at the start of a 20 KB line" ncleaner --dump "$TMP/long-line.html"
is "$(tr ' ' '\n' < "$TMP/out" | grep -c '^w[0-9]')" 3000 "...loses none of its 3000 words (Lynx read 8 KB pieces)"
printf '<html><head><title>A\000title</title></head><body><p>%s</p></body></html>' "$prose" > "$TMP/title.html"
ok "a NUL in the <title> of a one-line page" ncleaner --no-lm -f jsonl "$TMP/title.html"
grep_ok "...the body is not taken for the title" '"text":"Second paragraph of real prose' "$TMP/out"
grep_ok "...and the title loses only the NUL" '"title":"Atitle"' "$TMP/out"
printf '<p>one\000<scr\000ipt>hidden();</script> two</p>' > "$TMP/script.html"
ok "a NUL inside a tag name" ncleaner --no-lm "$TMP/script.html"
is "$(tail -n 1 "$TMP/out")" "<p>one two" "...the rules see the tag Lynx sees (the script goes)"
printf 'URL: x\n\nbefore\000after \377\376 \355\240\200 surrogate \364\220\200\200 too big\n\n\033[31m escape \r\n' > "$TMP/nul.txt"
ok "NUL bytes, surrogates and escapes in a dump" ncleaner --no-lm "$TMP/nul.txt"
valid_utf8 "...give valid UTF-8 without NUL" "$TMP/out"
head -c 200000 /dev/urandom > "$TMP/random.html" 2>/dev/null || dd if=/dev/urandom of="$TMP/random.html" bs=1000 count=200 2>/dev/null
set +e; ncleaner --no-lm "$TMP/random.html" > "$TMP/out" 2> "$TMP/err"; status=$?; set -e
is "$([ $status -le 1 ] && echo clean-exit)" "clean-exit" "random bytes as HTML: cleaned or refused, no crash (status $status)"
valid_utf8 "...and any output is valid UTF-8" "$TMP/out"
cp "$TMP/random.html" "$TMP/random.txt"
fails 1 "random bytes named as a dump are skipped as binary" ncleaner "$TMP/random.txt"
grep_ok "...with a warning" "random.txt: skipped (binary data" "$TMP/err"
ok "random bytes forced as a dump (--text)" ncleaner --text "$TMP/random.txt"
valid_utf8 "...give valid UTF-8" "$TMP/out"

# The wrapper's id ends up in the URL line: it must stay one line.
printf '<text id="http://x/\nevil\r\001\377" title="t" encoding="\001\377junk"><p>Body text.</p></text>' > "$TMP/wrapper.html"
ok "a wrapper with control bytes in its attributes" ncleaner --no-lm "$TMP/wrapper.html"
is "$(head -n 1 "$TMP/out")" "URL: http://x/%0Aevil%0D%01%FF" "...gives one percent-encoded URL line"
valid_utf8 "...in valid UTF-8" "$TMP/out"

# The builtin renderer wraps a textarea's long line where Lynx does; the
# cut once fell between the two bytes of a character, and the segmenter
# dropped them without a word (1399 of 1400 Ä came through).
awk 'BEGIN { printf "<html><body><textarea>"; for (i = 0; i < 900; i++) printf "x"; printf " y"; for (i = 0; i < 1400; i++) printf "\303\204"; print "" }' > "$TMP/wrap.html"
ok "a textarea's line wrapped by the builtin renderer" ncleaner --renderer builtin --dump "$TMP/wrap.html"
valid_utf8 "...gives valid UTF-8" "$TMP/out"
is "$(grep -o "$(printf '\303\204')" "$TMP/out" | wc -l)" 1400 "...and keeps every character"

# Numeric references to 128-159 are windows-1252's characters, as browsers
# and the HTML standard read them (Lynx and libxml2 read C1 controls there,
# which vanished: "don&#146;t" was "dont"); the five numbers windows-1252
# has no character for stay controls, and vanish.
printf '<html><body><p>I don&#146;t say &#147;no&#148; &#x96 &#0151; &#128;5, &#129;.</p>\n<p><img alt="don&#146;t"></p></body></html>' > "$TMP/c1.html"
want=$(printf 'I don\342\200\231t say \342\200\234no\342\200\235 \342\200\223 \342\200\224 \342\202\2545, .')
for renderer in lynx builtin; do
	ok "numeric references to 128-159 ($renderer)" ncleaner --renderer "$renderer" --no-lm -f text "$TMP/c1.html"
	is "$(head -n 1 "$TMP/out")" "$want" "...are windows-1252's characters"
	ok "...also in an alt text (--dump, $renderer)" ncleaner --renderer "$renderer" --dump "$TMP/c1.html"
	grep_ok "...which is kept too" "$(printf 'don\342\200\231t$')" "$TMP/out"
done
ok "...and under --paper" ncleaner --paper -f text "$TMP/c1.html"
is "$(head -n 1 "$TMP/out")" "I dont say no 5, ." "...they vanish, as they did in 2008"

# --- sizes ---------------------------------------------------------------------
# A 100 MB line: a dump streams (segments are cut at 1 MiB); a page is over
# the 64 MiB limit and is refused before Lynx runs.
yes 'abcdef' | tr '\n' ' ' | head -c 99999998 > "$TMP/line.txt"
echo >> "$TMP/line.txt"
ok "a 100 MB line in a dump is cleaned" ncleaner --no-lm "$TMP/line.txt"
is "$(awk 'length($0) > 1048576 + 3' "$TMP/out" | wc -l)" "0" "...cut into segments of at most 1 MiB"
segments=$(grep -c '^<p>' "$TMP/out")
is "$([ "$segments" -ge 96 ] && echo enough)" "enough" "...all of it, in at least 100 MB / 1 MiB segments ($segments)"
is "$(sed 's/^<p>//' "$TMP/out" | tr ' ' '\n' | grep -c '^abcdef$')" "14285714" "...with no word lost or split"
mv "$TMP/line.txt" "$TMP/line.html"
fails 1 "a 100 MB page is refused" ncleaner --no-lm --html "$TMP/line.html"
grep_ok "...naming the limit" "line.html: larger than the limit of 67108864 bytes" "$TMP/err"
rm -f "$TMP/line.html"

# Deep nesting and unclosed tags, and 4 MB of <br>.
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "<div><table><tr><td><ul><li><b><i>"; print "deep text" }' > "$TMP/deep.html"
set +e; ncleaner --no-lm --timeout 60 "$TMP/deep.html" > "$TMP/out" 2> "$TMP/err"; status=$?; set -e
is "$([ $status -le 1 ] && echo clean-exit)" "clean-exit" "20000 levels of unclosed tags: cleaned or refused, no crash (status $status)"
awk 'BEGIN { printf "<p>start"; for (i = 0; i < 1000000; i++) printf "<br>"; print "end</p>" }' > "$TMP/br.html"
ok "4 MB of <br> is cleaned" ncleaner --no-lm --timeout 60 "$TMP/br.html"
grep_ok "...keeping the text" "^<p>end" "$TMP/out"

# Bait for the regex rules: long runs that a careless pattern backtracks on.
awk 'BEGIN {
	printf "<!--"; for (i = 0; i < 200000; i++) printf "-- x "; print ""
	printf "<script"; for (i = 0; i < 200000; i++) printf " a=\"<\""; print ""
	printf "<p "; for (i = 0; i < 200000; i++) printf "x=y "; print ">text</p>"
	for (i = 0; i < 100000; i++) printf "<h1>"; print ""
}' > "$TMP/bait.html"
set +e; ncleaner --no-lm --timeout 60 "$TMP/bait.html" > "$TMP/out" 2> "$TMP/err"; status=$?; set -e
is "$([ $status -le 1 ] && echo clean-exit)" "clean-exit" "regex bait: cleaned or refused within the match limits (status $status)"
awk 'BEGIN { for (i = 0; i < 300000; i++) printf "| a "; print ""; for (i = 0; i < 300000; i++) printf "* "; print "" }' > "$TMP/bait.txt"
ok "regex bait in a dump is cleaned" ncleaner --no-lm "$TMP/bait.txt"

# --- names ---------------------------------------------------------------------
mkdir -p "$TMP/names"
cp "$F/page.html" "$TMP/names/my page.html"
cp "$F/page.html" "$TMP/names/-n 3.html"
cp "$F/page.html" "$TMP/names/$(printf 'caf\351.html')"
ok "a directory of awkward names is cleaned" ncleaner --no-lm -o "$TMP/names out" "$TMP/names"
ok "...a name with a space" test -s "$TMP/names out/my page.txt"
ok "...a name with a leading dash" test -s "$TMP/names out/-n 3.txt"
ok "...a name that is not UTF-8" test -s "$TMP/names out/$(printf 'caf\351.txt')"
(cd "$TMP/names" && ncleaner --no-lm -- "-n 3.html") > "$TMP/out" 2> "$TMP/err"
grep_ok "a leading-dash name after -- is a file" "^<h>The Harbour Story" "$TMP/out"
fails 2 "a leading-dash name without -- is an option" sh -c "cd '$TMP/names' && ncleaner --no-lm '-n 3.html'"
ok "a non-UTF-8 name as a single input" ncleaner --no-lm "$TMP/names/$(printf 'caf\351.html')"
is "$(head -n 1 "$TMP/out")" "URL: http://example.org/story.html" "...uses the wrapper's URL"
printf '<p>No wrapper here.</p>' > "$TMP/names/$(printf 'x\351 y.html')"
ok "a page without a wrapper, named in Latin-1" ncleaner --no-lm "$TMP/names/$(printf 'x\351 y.html')"
is "$(head -n 1 "$TMP/out")" "URL: $TMP/names/x%E9 y.html" "...gets its name, percent-encoded, as the URL"
fails 1 "a missing file with a non-UTF-8 name" ncleaner --no-lm "$TMP/$(printf 'gone\351.html')"
grep_ok "...is named" "gone" "$TMP/err"
done_testing
