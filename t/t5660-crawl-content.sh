#!/bin/sh
# t5660-crawl-content: the right text from real crawls (issue 18): charsets
# as browsers read them (the transport before <meta>, bytes that are UTF-8
# before stale labels, undeclared pages read as their bytes say, labels
# reported in the Encoding Standard's spelling). Every check here failed
# before the change it tests (run with top_builddir set to an older build).
. "$(dirname "$0")/test-lib.sh"
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi

# http_record URI CONTENT_TYPE BODY_FILE: a WARC response record whose HTTP
# header says CONTENT_TYPE (empty: none) and whose payload is BODY_FILE.
http_record() {
	{ printf 'HTTP/1.1 200 OK\r\n'
	  [ -n "$2" ] && printf 'Content-Type: %s\r\n' "$2"
	  printf 'Content-Length: %d\r\n\r\n' "$(wc -c < "$3")"
	  cat "$3"; } > "$TMP/http-block"
	printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\n' "$1"
	printf 'WARC-Record-ID: <urn:uuid:%s>\r\n' "$(printf '%s' "$1" | sha1sum | cut -c1-32)"
	printf 'WARC-Date: 2024-01-02T03:04:05Z\r\nContent-Type: application/http; msgtype=response\r\n'
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

done_testing
