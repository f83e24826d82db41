#!/bin/sh
# t5800-crawl: ncleaner on crawls (issue 11). Every kind of input is told by
# its bytes, not its name: HTML, gzip'd HTML (one member or many), a text
# dump, UTF-16 with a byte order mark, binary junk, WARC plain and gzip'd,
# standard input. The formats other tools read (jsonl, wet) are read back by
# other tools; the output is byte for byte the same for -j1 and -j2; a
# resumed run (--skip-existing) redoes nothing; --stats and the progress
# line are what a log wants.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000
W=$FIXTURES/t1500
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi
SOURCE_DATE_EPOCH=1700000000   # WET records of pages that are not archive records
export SOURCE_DATE_EPOCH


# --- Inputs by content -----------------------------------------------------------------

mkdir -p "$TMP/in"
cp "$F/page.html" "$TMP/in/plain.html"
gzip -c "$F/page.html" > "$TMP/in/zipped.html.gz"
{ gzip -c "$F/page.html"; gzip -c "$F/latin1.html"; } > "$TMP/in/members.gz"
cp "$F/page.html" "$TMP/in/index.php"
cp "$F/dump.txt" "$TMP/in/dump.html"          # a text dump, whatever the name says
{ printf '\377\376'; iconv -f UTF-8 -t UTF-16LE "$F/page.html"; } > "$TMP/in/utf16.html"
head -c 4096 "$BUILD/src/ncleaner" > "$TMP/in/junk.html"
ncleaner --no-lm "$F/page.html" > "$TMP/want-page.txt"
ncleaner --no-lm "$F/dump.txt" > "$TMP/want-dump.txt"

ok "a directory of every kind of input" ncleaner --no-lm -o "$TMP/kinds" "$TMP/in"
grep_ok "...says it skips the binary file" "junk.html: skipped (binary data" "$TMP/err"
is "$(ls "$TMP/kinds" | tr '\n' ' ')" "dump.txt index.txt members.txt plain.txt utf16.txt zipped.html.txt " \
	"...one output per page, none for the binary file"
is "$(cat "$TMP/kinds/zipped.html.txt")" "$(cat "$TMP/want-page.txt")" "...a gzip'd page is the page"
is "$(cat "$TMP/kinds/index.txt")" "$(cat "$TMP/want-page.txt")" "...index.php is HTML by its bytes"
is "$(cat "$TMP/kinds/utf16.txt")" "$(cat "$TMP/want-page.txt")" "...UTF-16 with a BOM is the same page"
is "$(cat "$TMP/kinds/dump.txt")" "$(cat "$TMP/want-dump.txt")" "...a dump called .html is read as a dump"
grep_ok "...gzip members one after another: the first page" "^<h>The Harbour Story" "$TMP/kinds/members.txt"
grep_ok "...and the second, in its own charset" "Café crème" "$TMP/kinds/members.txt"
is "$(ncleaner --no-lm - < "$F/page.html")" "$(cat "$TMP/want-page.txt")" "standard input is sniffed too"
is "$(gzip -c "$F/page.html" | ncleaner --no-lm -)" "$(cat "$TMP/want-page.txt")" \
	"...and gunzipped"
fails 1 "only binary inputs: nothing was a page, exit 1" ncleaner --no-lm "$TMP/in/junk.html"

# --- Charsets ---------------------------------------------------------------------------

printf 'Caf\351 cr\350me, se\361or, voil\340 une phrase assez longue.\n' > "$TMP/latin1.txt"
ok "a Latin-1 text dump" ncleaner --no-lm "$TMP/latin1.txt"
grep_ok "...keeps its accents, in UTF-8" "^<p>Café crème, señor, voilà" "$TMP/out"
ok "--encoding names the charset of every page" ncleaner --no-lm --encoding ISO-8859-15 "$TMP/latin1.txt"
grep_ok "...and it is used" "^<p>Café crème, señor, voilà" "$TMP/out"
fails 2 "--encoding with a charset iconv does not know" ncleaner --no-lm --encoding no-such "$TMP/latin1.txt"
grep_ok "...says so" "no-such is not a charset" "$TMP/err"
ok "jsonl says which charset a page was read in" ncleaner --no-lm -f jsonl "$TMP/in/utf16.html"
grep_ok "...UTF-16LE, by its BOM" '"charset":"UTF-16LE"' "$TMP/out"

# --- WARC -------------------------------------------------------------------------------

ok "a WARC file to jsonl" ncleaner --no-lm -f jsonl "$W/good.warc"
mv "$TMP/out" "$TMP/plain.jsonl"
is "$(wc -l < "$TMP/plain.jsonl")" 11 "...one line per page record (11 of 17 records)"
grep_ok "...with the record's id" '"record_id":"<urn:uuid:' "$TMP/plain.jsonl"
grep_ok "...its date" '"date":"20' "$TMP/plain.jsonl"
grep_ok "...and where it is: FILE@OFFSET" '"source":"[^"]*good.warc@747"' "$TMP/plain.jsonl"
if have_json_reader; then
	ok "...every line is a JSON object" json_lines "$TMP/plain.jsonl"
else
	skip "neither python3 nor node is installed to read JSON"
fi
ok "the same WARC file gzip'd" ncleaner --no-lm -f jsonl "$W/good.warc.gz"
is "$(sed 's/"source":"[^"]*",//' "$TMP/out")" "$(sed 's/"source":"[^"]*",//' "$TMP/plain.jsonl")" \
	"...gives the same pages"
ok "a WARC file to a directory" ncleaner --no-lm -o "$TMP/warc-out" "$W/good.warc.gz"
is "$(ls "$TMP/warc-out")" "good.warc.txt" "...all its pages in one output file"
is "$(grep -c '^URL: ' "$TMP/warc-out/good.warc.txt")" 11 "...one URL line per page"
fails 1 "a truncated gzip'd WARC file" ncleaner --no-lm -o "$TMP/trunc-out" "$W/truncated.warc.gz"
grep_ok "...names the file and the offset where it breaks" \
	"truncated.warc.gz: truncated gzip data: the member at offset [0-9]* is cut off" "$TMP/err"
fails 1 "a WARC file cut inside a record" ncleaner --no-lm -f jsonl "$W/truncated-block.warc"
grep_ok "...names the record's offset" "truncated-block.warc: record at offset [0-9]*:" "$TMP/err"
is "$(wc -l < "$TMP/out")" 3 "...and the pages before it are cleaned all the same"
head -c 3000 "$W/good.warc.gz" > "$TMP/cut.warc.gz"   # inside the member of the page at 2519
fails 1 "a gzip'd WARC file cut inside a page" ncleaner --no-lm -f jsonl "$TMP/cut.warc.gz"
grep_ok "...fails that page, named once" "cut.warc.gz@2519: truncated gzip data" "$TMP/err"

ok "gzip content of several members" ncleaner --no-lm -f text "$FIXTURES/t5800/gzip-members.warc"
is "$(grep -c '^The second member holds' "$TMP/out")" 2 \
	"...gives every member's text, a chunk ending between two magic bytes or not"
is "$(grep -c '^The first member holds' "$TMP/out")" 3 "...and junk after a member is ignored"
fails 1 "gzip content whose second member is cut short" ncleaner --no-lm \
	"$FIXTURES/t5800/gzip-member-cut.warc"
grep_ok "...fails the page" "gzip-member-cut.warc@0: truncated gzip content" "$TMP/err"
ok "deflate content whose first chunk is one byte" ncleaner --no-lm "$FIXTURES/t5800/deflate-first1.warc"
grep_ok "...is inflated all the same" "^<p>This is the running text of page number 7" "$TMP/out"

# --- WET, read back by warcio -------------------------------------------------------------

ok "WET from a WARC file and a page" ncleaner --no-lm -f wet "$W/good.warc" "$F/page.html"
mv "$TMP/out" "$TMP/out.wet"
grep_ok "...a conversion record per page" "^WARC-Type: conversion" "$TMP/out.wet"
is "$(grep -c '^WARC-Refers-To: ' "$TMP/out.wet")" 11 "...referring to each record of the archive"
grep_ok "...the page's URL as its target" "^WARC-Target-URI: http://example.org/story.html" "$TMP/out.wet"
if command -v node > /dev/null && [ -f "$W/node_modules/warcio/package.json" ]; then
	node "$W/read-wet.mjs" "$TMP/out.wet" > "$TMP/warcio.out" 2> "$TMP/warcio.err" &&
		pass "warcio reads our WET file" || fail "warcio reads our WET file"
	is "$(grep -c '"type":"conversion"' "$TMP/warcio.out")" 12 "...and finds the 12 pages in it"
	is "$(cat "$TMP/warcio.err")" "" "...with no warning"
else
	skip "node or warcio (npm ci in tests/t1500) is not installed"
	skip "node or warcio is not installed"
	skip "node or warcio is not installed"
fi
ok "WET gzip'd, a member per record" ncleaner --no-lm -f wet --gzip "$W/good.warc" "$F/page.html"
is "$(gzip -dc < "$TMP/out")" "$(cat "$TMP/out.wet")" "...is the same WET file"

# --- The same output whatever the number of workers --------------------------------------------

cp "$W/good.warc.gz" "$TMP/in/"
for j in 1 2; do
	ncleaner --no-lm -j $j -o "$TMP/dir-j$j" "$TMP/in" 2> /dev/null || true
	ncleaner --no-lm -j $j -f jsonl "$TMP/in" > "$TMP/stdout-j$j.jsonl" 2> /dev/null || true
	ncleaner --no-lm -j $j -f wet --gzip "$TMP/in" "$F/page.html" > "$TMP/stdout-j$j.wet.gz" 2> /dev/null || true
	ncleaner --no-lm -j $j -f text -o "$TMP/text-j$j" --gzip "$TMP/in" 2> /dev/null || true
done
if diff -r "$TMP/dir-j1" "$TMP/dir-j2" > "$TMP/diff"; then pass "-o DIR: -j1 and -j2 write the same files"
else fail "-o DIR: -j1 and -j2 write the same files"; sed 's/^/# /' "$TMP/diff" | head; fi
is "$(ls "$TMP/dir-j1" | wc -l)" 7 "...one per input that is a page or an archive"
ok "jsonl to standard output: -j1 and -j2 agree" cmp "$TMP/stdout-j1.jsonl" "$TMP/stdout-j2.jsonl"
is "$(wc -l < "$TMP/stdout-j1.jsonl")" 17 "...6 pages and 11 archived pages"
ok "gzip'd WET to standard output: -j1 and -j2 agree" cmp "$TMP/stdout-j1.wet.gz" "$TMP/stdout-j2.wet.gz"
if diff -r "$TMP/text-j1" "$TMP/text-j2" > "$TMP/diff"; then pass "gzip'd text files: -j1 and -j2 agree"
else fail "gzip'd text files: -j1 and -j2 agree"; sed 's/^/# /' "$TMP/diff" | head; fi

# --- Failing pages leave nothing, whatever -j ------------------------------------------------

mkdir -p "$TMP/flaky"
for i in 1 2 3 4; do cp "$F/page.html" "$TMP/flaky/p$i.html"; done
printf '<html><body><p>FAILME: this page makes the Lynx fail</p></body></html>' > "$TMP/flaky/p1.html"
printf '<html><body><p>FAILME: and this one too</p></body></html>' > "$TMP/flaky/p3.html"
for j in 1 2; do
	for format in jsonl wet; do
		set +e
		ncleaner --no-lm -j $j --lynx "$FIXTURES/t5800/lynx-fails-on-failme.sh" -f $format --gzip \
			"$TMP/flaky" > "$TMP/flaky-j$j.$format.gz" 2> /dev/null
		echo $? > "$TMP/flaky-j$j.$format.status"
		set -e
	done
done
is "$(cat "$TMP/flaky-j1.jsonl.status")" 1 "pages failing among good ones: exit 1"
is "$(gzip -dc < "$TMP/flaky-j1.jsonl.gz" | wc -l)" 2 "...-j1 to standard output: the two good pages, nothing of the others"
if have_json_reader; then
	gzip -dc < "$TMP/flaky-j1.jsonl.gz" > "$TMP/flaky-j1.jsonl"
	ok "...each a whole JSON object" json_lines "$TMP/flaky-j1.jsonl"
else
	skip "neither python3 nor node is installed to read JSON"
fi
ok "...the same bytes with -j1 and -j2 (jsonl)" cmp "$TMP/flaky-j1.jsonl.gz" "$TMP/flaky-j2.jsonl.gz"
ok "...and (WET)" cmp "$TMP/flaky-j1.wet.gz" "$TMP/flaky-j2.wet.gz"
is "$(gzip -dc < "$TMP/flaky-j1.wet.gz" | grep -c '^WARC-Type: warcinfo')" 1 \
	"...the WET file keeps its warcinfo record though its first page failed"
mkdir -p "$TMP/ordered"
printf '<html><body><p>FAILME now</p></body></html>\n' > "$TMP/ordered/p1.html"
head -c 2000 "$BUILD/src/ncleaner" > "$TMP/ordered/p2.bin"
cp "$F/page.html" "$TMP/ordered/p3.html"
for j in 1 4; do
	ncleaner --no-lm -j $j --lynx "$FIXTURES/t5800/lynx-fails-on-failme.sh" -f jsonl "$TMP/ordered" \
		> /dev/null 2> "$TMP/ordered-j$j.err" || :
	# (the closing summary says how long the run took: not compared)
	grep -v -e '^lynx' -e ' words kept; ' "$TMP/ordered-j$j.err" > "$TMP/ordered-j$j.msgs"
done
grep_ok "a page failing before a binary input is skipped" "p1.html: lynx failed" "$TMP/ordered-j1.msgs"
ok "...the messages come in input order with -j4 too" cmp "$TMP/ordered-j1.msgs" "$TMP/ordered-j4.msgs"
mkdir -p "$TMP/allbad"
cp "$TMP/flaky/p1.html" "$TMP/allbad/"
fails 1 "an input whose only page fails" ncleaner --no-lm -j 1 --lynx "$FIXTURES/t5800/lynx-fails-on-failme.sh" \
	-o "$TMP/allbad-out" "$TMP/allbad"
is "$(ls -A "$TMP/allbad-out")" "" "...leaves no output file (so --skip-existing will try it again)"

# --- Charsets read in blocks --------------------------------------------------------------------

awk 'BEGIN { for (i = 0; i < 1200; i++) printf "A plain ASCII paragraph number %d with some words of text.\n\n", i }' \
	> "$TMP/late-latin1.txt"
printf 'Caf\351 cr\350me \340 la fran\347aise, \347a co\373te tr\350s cher.\n' >> "$TMP/late-latin1.txt"
ok "a Latin-1 dump whose first 64 KiB are ASCII" ncleaner --no-lm "$TMP/late-latin1.txt"
grep_ok "...keeps the accents that come later" "^<p>Café crème à la française" "$TMP/out"
{ printf '\377\376'; printf '<p>Before the bad unit, a paragraph of text.</p>' | iconv -f UTF-8 -t UTF-16LE
  printf '\000\330'   # a lone high surrogate
  printf '<p>After the bad unit, another paragraph of text.</p>' | iconv -f UTF-8 -t UTF-16LE; } > "$TMP/bad16.html"
ok "UTF-16 with one bad code unit" ncleaner --no-lm --html "$TMP/bad16.html"
grep_ok "...the text after it stays readable" "^<p>After the bad unit, another paragraph of text." "$TMP/out"

# --- Archives without pages ------------------------------------------------------------------------

printf 'WARC/1.0\r\nWARC-Type: warcinfo\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000001>\r\nWARC-Date: 2024-01-01T00:00:00Z\r\nContent-Length: 0\r\n\r\n\r\n\r\n' \
	> "$TMP/nopages.warc"
fails 1 "an archive without a page" ncleaner --no-lm -o "$TMP/nopages-out" "$TMP/nopages.warc"
grep_ok "...says so" "nopages.warc: no pages in this archive (1 records skipped" "$TMP/err"

# --- Resuming, figures, progress ------------------------------------------------------------------

mkdir -p "$TMP/resume-in"
for i in 1 2 3; do cp "$F/page.html" "$TMP/resume-in/p$i.html"; done
ncleaner --no-lm -o "$TMP/resume" "$TMP/resume-in" 2> /dev/null
touch -d 2001-01-01 "$TMP/resume/p1.txt"
rm "$TMP/resume/p2.txt"
ok "--skip-existing: a run resumed" ncleaner --no-lm -o "$TMP/resume" --skip-existing \
	--stats "$TMP/stats.json" "$TMP/resume-in"
is "$(ls "$TMP/resume")" "$(printf 'p1.txt\np2.txt\np3.txt')" "...writes what is missing"
is "$(find "$TMP/resume/p1.txt" -newermt 2002-01-01)" "" "...and leaves what exists alone"
grep_ok "...--stats counts the pages done" '"pages":1,' "$TMP/stats.json"
grep_ok "...and those skipped" '"existing_skipped":2,' "$TMP/stats.json"
if command -v taskset > /dev/null; then
	first_cpu=$(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')
	ok "pinned to one processor" taskset -c "$first_cpu" ncleaner --no-lm -o "$TMP/one-cpu" \
		--stats "$TMP/stats1.json" "$TMP/resume-in"
	grep_ok "...-j by default: the processors the affinity mask allows" '"jobs":1,' "$TMP/stats1.json"
else
	skip "taskset (util-linux) is not installed"
fi
ok "--skip-existing when all is done: success" ncleaner --no-lm -o "$TMP/resume" --skip-existing "$TMP/resume-in"
if have_json_reader; then
	ok "--stats writes one JSON object" json_lines "$TMP/stats.json"
else
	skip "neither python3 nor node is installed to read JSON"
fi
ok "--progress to a file" ncleaner --no-lm -o "$TMP/progress" --progress "$TMP/resume-in"
if tr -d '\n' < "$TMP/err" | grep -q "$(printf '\r')"; then fail "...writes no carriage return"
else pass "...writes no carriage return"; fi
grep_ok "...but whole lines with the rate and ETA" "pages/s, .* ETA " "$TMP/err"
grep_ok "...and a summary" "^ncleaner: 3 pages, 0 failed; 100.0% of [0-9]* words kept" "$TMP/err"
ok "--dump with --progress" ncleaner --dump -o "$TMP/dumped" --progress "$F/page.html"
grep_ok "...sums up without a share of words it never segmented" \
	"^ncleaner: 1 page, 0 failed; [0-9.]* s$" "$TMP/err"

done_testing
