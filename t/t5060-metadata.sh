#!/bin/sh
# t5060-metadata: what a page says of itself, in the outputs (issue 35,
# item 2): JSONL's "metadata" object, the URL a local file goes by (its
# canonical URL, but its path under --paper), WET's target, and hostile
# heads: still valid JSON, read in bounded time. The checks of a field, of
# the URL a page goes by and of the time bound failed on the build before
# the change (top_builddir=OLD sh t/t5060-metadata.sh: 11 of 26); the
# others guard what stays (--paper's URL line, --url, valid JSON).
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5060
RUN="ncleaner --renderer builtin --no-lm"

ok "a page with metadata, in JSONL" $RUN -f jsonl "$F/story.html"
grep_ok "...every field, from <meta>, JSON-LD and the canonical link" \
	'"metadata":{"title":"Cheese wins the county fair","author":"Jane Roe; John Doe","date":"2021-03-04T18:30:00+01:00","site_name":"The Daily Cheese","description":"A cheddar from the hills took the first prize\.","canonical_url":"https://cheese\.example/2021/03/county-fair","language":"en-GB"}' "$TMP/out"
grep_ok "...after the page-level fields, before the method" \
	'"truncated":false,"metadata":{.*},"method":' "$TMP/out"
grep_ok "...the <title> stays JSONL's title" '"title":"Cheese wins the county fair | The Daily Cheese"' "$TMP/out"
grep_ok "...its url is its canonical URL, its source the file" \
	"\"url\":\"https://cheese.example/2021/03/county-fair\",\"source\":\"$F/story.html\"" "$TMP/out"

ok "a page that says little" $RUN -f jsonl "$F/plain.html"
grep_ok "...has every field, null where it is silent, the title from <title>" \
	'"metadata":{"title":"A page that says little","author":null,"date":null,"site_name":null,"description":null,"canonical_url":null,"language":null}' "$TMP/out"
grep_ok "...and goes by its file name" "\"url\":\"$F/plain.html\"" "$TMP/out"

ok "a page that gives no date, named by a blog's URL" \
	sh -c "$RUN -f jsonl --url https://blog.example/2012/06/25/x < '$F/plain.html'"
grep_ok "...takes the date in the URL's path" '"date":"2012-06-25"' "$TMP/out"

ok "CLEANEVAL format" $RUN "$F/story.html"
grep_ok "...the URL line is the canonical URL" '^URL: https://cheese.example/2021/03/county-fair$' "$TMP/out"
ok "...but under --paper" ncleaner --paper --no-lm "$F/story.html"
grep_ok "...the file's path, as in 2008" "^URL: $F/story.html$" "$TMP/out"
ok "...and --url beats the canonical URL" sh -c "$RUN --url http://given.example/x < '$F/story.html'"
grep_ok "...the URL given" '^URL: http://given.example/x$' "$TMP/out"
ok "--paper's JSONL still has the metadata" ncleaner --paper --no-lm -f jsonl "$F/story.html"
grep_ok "...its canonical URL too" '"canonical_url":"https://cheese.example/2021/03/county-fair"' "$TMP/out"

ok "WET" $RUN -f wet "$F/story.html"
grep_ok "...WARC-Target-URI is the canonical URL" '^WARC-Target-URI: https://cheese.example/2021/03/county-fair' "$TMP/out"

# A hostile head: control characters and invalid UTF-8 in values, broken and
# huge JSON-LD, hundreds of <meta> tags.
{
	printf '<html lang="en"><head><meta charset="utf-8"><title>Hostile</title>\n'
	printf '<meta name="author" content="Eve\033[2J\001 \200\377Mallory">\n'
	printf '<meta name="description" content="line\nbreak &#0; &#x1b;[31m red &#55296; \\ \\u0000 &quot;q&quot;">\n'
	printf '<link rel="canonical" href="https://evil.example/a\tb\001c">\n'
	printf '<script type="application/ld+json">{"@type":"Article","headline":"x",,}</script>\n'
	printf '<script type="application/ld+json">{"@type":"Article","headline":"\\u0007\\ud800 bad"}</script>\n'
	printf '<script type="application/ld+json">'
	i=0; while [ $i -lt 3000 ]; do printf '['; i=$((i + 1)); done
	printf '</script>\n'
	i=0; while [ $i -lt 500 ]; do printf '<meta name="keywords" content="k%d"><meta property="og:title" content="T%d">\n' $i $i; i=$((i + 1)); done
	printf '</head><body><p>A paragraph of running text long enough to be kept as the text of this page, whatever its head holds.</p></body></html>\n'
} > "$TMP/hostile.html"
ok "a hostile head" $RUN -f jsonl "$TMP/hostile.html"
cp "$TMP/out" "$TMP/hostile.jsonl"
if have_json_reader; then
	ok "...still a line of valid JSON" json_lines "$TMP/hostile.jsonl"
else
	skip "neither python3 nor node is installed to read JSON"
fi
grep_ok "...without its control characters (its bytes read as the page's charset)" '"author":"Eve\[2J [^"]*Mallory"' "$TMP/hostile.jsonl"
grep_ok "...the first of 500 titles" '"metadata":{"title":"T0"' "$TMP/hostile.jsonl"
if LC_ALL=C grep -q "$(printf '[\001-\010\016-\037\177]')" "$TMP/hostile.jsonl"; then
	fail "...no raw control character in the line"
else
	pass "...no raw control character in the line"
fi

# One tag holding 52,000 "<meta" (and as many "<link"): the head's readers
# took 15 s for these 520 kB, searching the rest of the tag again for each.
{
	printf '<html><head>'
	i=0; while [ $i -lt 52000 ]; do printf '<meta'; i=$((i + 1)); done
	printf '>'
	i=0; while [ $i -lt 52000 ]; do printf '<link'; i=$((i + 1)); done
	printf '></head><body><p>A paragraph of running text long enough to be kept as the text of this page.</p></body></html>\n'
} > "$TMP/flood.html"
ok "a tag of 52,000 \"<meta\" is read in bounded time (10 s at most; 0.02 s here)" \
	timeout 10 $RUN -f jsonl "$TMP/flood.html"
done_testing
