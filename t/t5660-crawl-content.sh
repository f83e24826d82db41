#!/bin/sh
# t5660-crawl-content: the right text from real crawls (issue 18): charsets
# as browsers read them (the transport before <meta>, bytes that are UTF-8
# before stale labels, undeclared pages read as their bytes say, labels
# reported in the Encoding Standard's spelling); records as their headers
# and bytes say (HTML served as text/plain, records without text,
# WARC-Truncated, HTTP status and type in JSONL); WET read line by line;
# WET ids that do not depend on how the input was named; page boundaries
# in text output and a JSONL text field; each page's language (CLD2) in
# JSONL and WET, and --language. Every check here failed
# before the change it tests (run with top_builddir set to an older build).
. "$(dirname "$0")/test-lib.sh"
C=$FIXTURES/t5660
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi

# http_record URI CONTENT_TYPE BODY_FILE [WARC_HEADER]: a WARC response
# record whose HTTP header says CONTENT_TYPE (empty: none), whose payload is
# BODY_FILE, with WARC_HEADER ("Name: value") added to its WARC header.
http_record() {
	{ printf 'HTTP/1.1 200 OK\r\n'
	  [ -n "$2" ] && printf 'Content-Type: %s\r\n' "$2"
	  printf 'Content-Length: %d\r\n\r\n' "$(wc -c < "$3")"
	  cat "$3"; } > "$TMP/http-block"
	printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\n' "$1"
	printf 'WARC-Record-ID: <urn:uuid:%s>\r\n' "$(printf '%s' "$1" | sha1sum | cut -c1-32)"
	printf 'WARC-Date: 2024-01-02T03:04:05Z\r\nContent-Type: application/http; msgtype=response\r\n'
	[ -n "${4:-}" ] && printf '%s\r\n' "$4"
	printf 'Content-Length: %d\r\n\r\n' "$(wc -c < "$TMP/http-block")"
	cat "$TMP/http-block"
	printf '\r\n\r\n'
}
para="This paragraph of running text is long enough to be kept by the cleaner, with more words"

# --- charsets --------------------------------------------------------------------
# UTF-8 served as UTF-8 with a stale <meta charset=gb2312>: the transport wins
# (and the bytes are UTF-8 anyway).
printf '<html><head><meta charset="gb2312"><title>caf\303\251 \344\270\255\346\226\207</title></head><body><p>%s: caf\303\251 \344\270\255\346\226\207.</p></body></html>' "$para" > "$TMP/stale.html"
http_record http://example.com/stale 'text/html; charset=UTF-8' "$TMP/stale.html" > "$TMP/stale.warc"
ok "a UTF-8 page served as UTF-8 with a stale <meta> gb2312" ncleaner --no-lm -f jsonl "$TMP/stale.warc"
grep_ok "...is read as UTF-8" "kept by the cleaner, with more words: café 中文" "$TMP/out"
grep_ok "...title included" '"title":"café 中文"' "$TMP/out"
grep_ok "...reported in the Encoding Standard's spelling, the stale label beside it" \
	'"charset":"UTF-8","declared_charset":"gb2312"' "$TMP/out"

# Served as iso-8859-1: read (and reported) as windows-1252, its superset.
printf '<html><body><p>%s: it\222s caf\351 cr\350me \226 \223quoted\224.</p></body></html>' "$para" > "$TMP/latin1.html"
http_record http://example.com/latin1 'text/html; charset=ISO-8859-1' "$TMP/latin1.html" > "$TMP/latin1.warc"
ok "a page served as ISO-8859-1" ncleaner --no-lm -f jsonl "$TMP/latin1.warc"
grep_ok "...is read as windows-1252" 'it’s café crème – “quoted”' "$TMP/out"
grep_ok "...and says so, with the label as served" \
	'"charset":"windows-1252","declared_charset":"ISO-8859-1"' "$TMP/out"

# The transport beats <meta>, as in browsers.
printf '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body><p>%s: \317\360\350\342\345\362 \354\350\360.</p></body></html>' "$para" > "$TMP/cp1251.html"
http_record http://example.com/ru 'text/html; charset=windows-1251' "$TMP/cp1251.html" > "$TMP/ru.warc"
ok "a windows-1251 page served so, whose <meta> claims UTF-8" ncleaner --no-lm -f jsonl "$TMP/ru.warc"
grep_ok "...is read as the transport says" "with more words: Привет мир." "$TMP/out"

# Undeclared pages: read as their bytes say.
printf '<html><body><p>Welcome to our site. It\222s fine, isn\222t it? We don\222t know. %s.</p></body></html>' "$para" > "$TMP/english.html"
ok "an undeclared English page with curly apostrophes" ncleaner --no-lm -f jsonl "$TMP/english.html"
grep_ok "...keeps its apostrophes (uchardet alone says MAC-CENTRALEUROPE)" \
	"It’s fine, isn’t it? We don’t know." "$TMP/out"
grep_ok "...read as windows-1252" '"charset":"windows-1252"' "$TMP/out"
cat > "$TMP/russian.html" <<'HTML'
<html><body><p>
HTML
printf '\317\360\350\342\345\362, \354\350\360! \335\362\356 \360\363\361\361\352\350\351 \362\345\352\361\362 \342 \352\356\344\350\360\356\342\352\345 windows-1251, \352\356\362\356\360\373\351 \355\340\344\356 \363\343\340\344\340\362\374 \357\360\340\342\350\353\374\355\356.</p></body></html>\n' >> "$TMP/russian.html"
ok "an undeclared Russian windows-1251 page" ncleaner --no-lm -f jsonl "$TMP/russian.html"
grep_ok "...is read as windows-1251" "Привет, мир! Это русский текст" "$TMP/out"
ok "...with --paper" ncleaner --paper --no-lm -f jsonl "$TMP/russian.html"
grep_fails "...as in 2008, as windows-1252" "Привет" "$TMP/out"

# A text dump that declares nothing: the same rule.
printf 'Welcome to our site. It\222s fine, isn\222t it? We don\222t know. %s.\n' "$para" > "$TMP/english.txt"
ok "an undeclared English text dump" ncleaner --no-lm --text -f jsonl "$TMP/english.txt"
grep_ok "...keeps its apostrophes" "It’s fine, isn’t it?" "$TMP/out"

# --- records --------------------------------------------------------------------
# One short paragraph a page: the ncleaner method keeps it as text; the
# logistic method (the default) weighs its place too, and a lone paragraph
# at a page's top is a coin toss to it.
printf '<!DOCTYPE html><html><head><title>T</title><script>var hidden = 1;</script></head><body><!-- a comment --><p>%s, served as text/plain.</p></body></html>' "$para" > "$TMP/plain-html.html"
printf 'User-agent: *\nDisallow: /private/\n' > "$TMP/robots.txt"
printf '<html><body><p>%s, cut short by the crawler' "$para" > "$TMP/cut.html"
{ http_record http://example.com/plain 'text/plain' "$TMP/plain-html.html"
  http_record http://example.com/robots.txt 'text/plain' "$TMP/robots.txt"
  http_record http://example.com/cut 'text/html' "$TMP/cut.html" 'WARC-Truncated: length'
} > "$TMP/records.warc"
ok "records: HTML served as text/plain, a robots.txt, a truncated record" \
	ncleaner --method ncleaner -f jsonl --stats "$TMP/records.stats" "$TMP/records.warc"
grep_ok "...HTML served as text/plain is cleaned as HTML" "served as text/plain.\"" "$TMP/out"
grep_fails "...its script and comment are not text" "var hidden\|a comment" "$TMP/out"
grep_ok "...JSONL has the HTTP status and content type" \
	'"content_type":"text/plain","http_status":200,"truncated":false' "$TMP/out"
grep_fails "...a robots.txt, which yields no text, gets no JSONL line" "robots.txt" "$TMP/out"
grep_ok "...a truncated record says so" '"url":"http://example.com/cut".*"truncated":true' "$TMP/out"
grep_ok "...--stats counts both" '"truncated_records":1,"pages_without_text":1' "$TMP/records.stats"
ok "...in WET" ncleaner --method ncleaner -f wet "$TMP/records.warc"
is "$(grep -c '^WARC-Type: conversion' "$TMP/out")" 2 "...no empty WET record"

# A NUL byte in a record's page cut the rest of its line in Lynx (issue 36):
# a NUL in the <title> of a one-line page made it a page without text, one
# in the middle of the body kept the words before it.
body=$(awk -v p="$para" 'BEGIN { for (i = 1; i <= 6; i++) printf "<p>Paragraph %d. %s.</p>", i, p }')
printf '<html><head><title>Nul\000title</title></head><body>%s</body></html>' "$body" > "$TMP/nul-title.html"
printf '<html><head><title>T</title></head><body>%s<p>In the middle\000 of it.</p>%s</body></html>' \
	"$body" "$body" > "$TMP/nul-body.html"
{ http_record http://example.com/nul-title 'text/html' "$TMP/nul-title.html"
  http_record http://example.com/nul-body 'text/html' "$TMP/nul-body.html"
} > "$TMP/nul.warc"
ok "records with a NUL in the title and in the body" \
	ncleaner --no-lm -f jsonl --stats "$TMP/nul.stats" "$TMP/nul.warc"
grep_ok "...neither is a page without text" '"pages_without_text":0' "$TMP/nul.stats"
# (A segment's "text" follows its cues; the page's follows the segments.)
is "$(grep '"url":"http://example.com/nul-title"' "$TMP/out" | grep -o '},"text":"Paragraph [0-9]' |
	cut -d '"' -f 4 | tr '\n' ' ')" \
	"Paragraph 1 Paragraph 2 Paragraph 3 Paragraph 4 Paragraph 5 Paragraph 6 " \
	"...the first keeps its six paragraphs"
grep_ok "...and its title, without the NUL" '"title":"Nultitle"' "$TMP/out"
is "$(grep '"url":"http://example.com/nul-body"' "$TMP/out" | grep -o '},"text":"Paragraph [0-9]' | wc -l)" 12 \
	"...the second keeps the paragraphs after the NUL too"
grep_ok "...and the words on both sides of it" '"text":"In the middle of it."' "$TMP/out"

# Codings that lie: a named error for that record, nothing written for it.
raw_http_record() {   # URI HTTP_HEADER_LINES (printf escapes) BODY_FILE
	{ printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n$2\r\n"; cat "$3"; } > "$TMP/http-block"
	printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\n' "$1"
	printf 'WARC-Record-ID: <urn:uuid:lie>\r\nContent-Type: application/http; msgtype=response\r\n'
	printf 'Content-Length: %d\r\n\r\n' "$(wc -c < "$TMP/http-block")"
	cat "$TMP/http-block"; printf '\r\n\r\n'
}
raw_http_record http://example.com/gz 'Content-Encoding: gzip\r\n' "$TMP/latin1.html" > "$TMP/lie-gzip.warc"
fails 1 "a body served as gzip that is not" ncleaner --no-lm -f jsonl "$TMP/lie-gzip.warc"
grep_ok "...is an error naming the record" "lie-gzip.warc@0: corrupt gzip content" "$TMP/err"
is "$(wc -c < "$TMP/out")" 0 "...and writes nothing for it"
raw_http_record http://example.com/chunked 'Transfer-Encoding: chunked\r\n' "$TMP/latin1.html" > "$TMP/lie-chunked.warc"
fails 1 "a body served as chunked that is not" ncleaner --no-lm -f jsonl "$TMP/lie-chunked.warc"
grep_ok "...is an error naming the record" "lie-chunked.warc@0: bad chunked encoding" "$TMP/err"
# ...and bodies whose headers say too little: the bytes decide.
gzip -c "$TMP/latin1.html" > "$TMP/body.gz"
raw_http_record http://example.com/silent-gzip '' "$TMP/body.gz" > "$TMP/silent-gzip.warc"
ok "a gzip'd body served without Content-Encoding" ncleaner --no-lm -f jsonl "$TMP/silent-gzip.warc"
grep_ok "...is inflated, as its bytes say, and cleaned" '"segments":\[{"type":"[ph]","link_density":[0-9.]*,"cues":{[^}]*},"text":"[A-Z]' "$TMP/out"
awk 'BEGIN { srand(7); for (i = 0; i < 3000; i++) printf "%c", int(rand() * 256) }' > "$TMP/binary-body"
raw_http_record http://example.com/image '' "$TMP/binary-body" > "$TMP/image.warc"
fails 1 "binary data served as text/html" ncleaner --no-lm -f jsonl "$TMP/image.warc"
is "$(wc -c < "$TMP/out")" 0 "...is no page: nothing written for it"

# --- WET in: a conversion record's lines are its blocks -----------------------------
{ printf 'WARC/1.0\r\nWARC-Type: conversion\r\nWARC-Target-URI: http://example.com/wet\r\n'
  printf 'WARC-Record-ID: <urn:uuid:wet>\r\nContent-Type: text/plain\r\n'
  body="Home\nNews\nSport\n$para, the article's first paragraph.\n$para, and its second one.\nContact us\n"
  printf 'Content-Length: %d\r\n\r\n' "$(printf "$body" | wc -c)"
  printf "$body"; printf '\r\n\r\n'; } > "$TMP/in.wet"
ok "a WET file's conversion record" ncleaner -f jsonl --scores "$TMP/in.wet"
grep_ok "...is read line by line: every line a segment" '"counts":{"segments":6,' "$TMP/out"

# --- ids, boundaries, text -----------------------------------------------------------
cp "$TMP/records.warc" "$TMP/x.warc"
ids() { grep -A3 '^WARC-Type: conversion' | grep '^WARC-Record-ID'; }
(cd "$TMP" && ncleaner --method ncleaner -f wet x.warc 2> /dev/null) | ids > "$TMP/ids.1"
(cd "$TMP" && ncleaner --method ncleaner -f wet ./x.warc 2> /dev/null) | ids > "$TMP/ids.2"
ncleaner --method ncleaner -f wet "$TMP/x.warc" 2> /dev/null | ids > "$TMP/ids.3"
ncleaner --method ncleaner -f wet - < "$TMP/x.warc" 2> /dev/null | ids > "$TMP/ids.4"
ok "WET record ids: x.warc and ./x.warc" cmp "$TMP/ids.1" "$TMP/ids.2"
ok "...an absolute path" cmp "$TMP/ids.1" "$TMP/ids.3"
ok "...standard input" cmp "$TMP/ids.1" "$TMP/ids.4"
is "$(sort -u "$TMP/ids.1" | wc -l)" 2 "...one id a record"
ok "--format text on an archive" ncleaner --no-lm -f text "$TMP/records.warc"
is "$(grep -c "$(printf '^\f$')" "$TMP/out")" 3 "...ends each page with a form feed line"
ok "JSONL" ncleaner --no-lm -f jsonl "$TMP/latin1.warc"
grep_ok "...has the kept text in one field" \
	'\],"text":"This paragraph of running text is long enough' "$TMP/out"

# --- language --------------------------------------------------------------------
printf '<html><body><p>Der Hund des Nachbarn bellt jeden Morgen, wenn die Zeitung gebracht wird, und die ganze Stra\303\237e wacht davon auf. Niemand wei\303\237, warum er das tut.</p></body></html>' > "$TMP/de.html"
{ http_record http://example.com/de 'text/html; charset=utf-8' "$TMP/de.html"
  http_record http://example.com/en 'text/html; charset=ISO-8859-1' "$TMP/latin1.html"
} > "$TMP/lang.warc"
ok "pages in German and English" ncleaner --no-lm -f jsonl "$TMP/lang.warc"
grep_ok "...JSONL names the German page's language" '"url":"http://example.com/de".*"language":"de"' "$TMP/out"
grep_ok "...and the English one's" '"url":"http://example.com/en".*"language":"en"' "$TMP/out"
ok "...in WET" ncleaner --no-lm -f wet "$TMP/lang.warc"
grep_ok "...as Common Crawl does (ISO 639-3)" "^WARC-Identified-Content-Language: deu" "$TMP/out"
ok "--language de" ncleaner --no-lm -f jsonl --language de --stats "$TMP/lang.stats" "$TMP/lang.warc"
is "$(grep -c . "$TMP/out")" 1 "...writes one page"
grep_ok "...the German one" '"language":"de"' "$TMP/out"
grep_ok "...and counts the other" '"pages_other_language":1' "$TMP/lang.stats"
ok "--language deu,fra (ISO 639-3), cleaneval format" ncleaner --no-lm --language deu,fra "$TMP/lang.warc"
is "$(grep -c '^URL:' "$TMP/out")" 1 "...writes the German page only"
fails 2 "--language with a bad list is a usage error" ncleaner --language 'en,' "$TMP/de.html"
grep_ok "...saying so" "not a language code or a list of them" "$TMP/err"
# A code of no language CLD2 tells is a usage error, not a run that writes
# nothing with exit 0 (issue 35); the message names it and what is taken.
for code in zz german und de,zz; do
	fails 2 "--language $code is a usage error" ncleaner --no-lm --language "$code" "$TMP/lang.warc"
	grep_ok "...naming the code" "^ncleaner: --language: '${code#de,}' " "$TMP/err"
done
ncleaner --no-lm --language zz "$TMP/lang.warc" 2> "$TMP/err" || :
grep_ok "...saying what is taken" "give its codes (ISO 639-1 .*) or ISO 639-3 codes" "$TMP/err"
ncleaner --no-lm --language german "$TMP/lang.warc" 2> "$TMP/err" || :
grep_ok "...and for a language's name, its codes" "'german' is not how CLD2 names a language: give de or deu" "$TMP/err"
ncleaner --no-lm --language und "$TMP/lang.warc" 2> "$TMP/err" || :
grep_ok "...and for und, that an unknown language is in no list" "cannot be told is in no list" "$TMP/err"
fails 2 "train-ncleaner --language german too" train-ncleaner --diff --language german a b "$TMP/c.model"
grep_ok "...the same message" "'german' is not how CLD2 names a language" "$TMP/err"
# CLD2 names Hebrew iw, an ISO 639-1 code since replaced by he: heb (ISO
# 639-3) takes its pages, and WET names their language.
printf '<html><body><p>%s</p></body></html>' "הכלב של השכנים נובח כל בוקר כשמביאים את העיתון, וכל הרחוב מתעורר מהרעש. אף אחד לא יודע למה הוא עושה את זה, אבל כולם כבר התרגלו." \
	> "$TMP/he.html"
{ cat "$TMP/lang.warc"; http_record http://example.com/he 'text/html; charset=utf-8' "$TMP/he.html"
} > "$TMP/lang-he.warc"
ok "--language heb -f wet" ncleaner --no-lm --language heb -f wet "$TMP/lang-he.warc"
is "$(grep -c '^WARC-Type: conversion' "$TMP/out")" 1 "...writes one page"
grep_ok "...the Hebrew one, named heb" "^WARC-Identified-Content-Language: heb" "$TMP/out"
ok "--language iw, CLD2's code" ncleaner --no-lm --language iw -f jsonl "$TMP/lang-he.warc"
grep_ok "...takes it too" '"url":"http://example.com/he".*"language":"iw"' "$TMP/out"

# --- the same, in an archive warcio wrote (tests/t1500/make-content-fixtures.mjs) ------
ok "a crawl written by warcio" ncleaner --method ncleaner -f jsonl --stats "$TMP/crawl.stats" "$C/crawl.warc.gz"
line() { grep "\"url\":\"http://example.com/$1\"" "$TMP/out"; }
line stale-meta > "$TMP/l"; grep_ok "...a stale <meta> under HTTP UTF-8: UTF-8" \
	'"charset":"UTF-8","declared_charset":"gb2312".*more words: café 中文\.' "$TMP/l"
line ru > "$TMP/l"; grep_ok "...HTTP windows-1251 over <meta> utf-8" \
	'"charset":"windows-1251".*more words: Привет мир\.' "$TMP/l"
line undeclared > "$TMP/l"; grep_ok "...an undeclared windows-1252 page" \
	'"charset":"windows-1252".*It’s fine, isn’t it?' "$TMP/l"
line plain-html > "$TMP/l"; grep_ok "...HTML served as text/plain" '"content_type":"text/plain".*served as text/plain\.' "$TMP/l"
grep_fails "...its script is not text" "var hidden" "$TMP/out"
line cut > "$TMP/l"; grep_ok "...the truncated record" '"truncated":true' "$TMP/l"
line de > "$TMP/l"; grep_ok "...the German page" '"language":"de"' "$TMP/l"
grep_fails "...no line for the robots.txt, the 404 or the image" "robots.txt\|missing\|logo.png" "$TMP/out"
grep_ok "...counted" '"records_skipped":3,.*"truncated_records":1,"pages_without_text":2' "$TMP/crawl.stats"

done_testing
