#!/bin/sh
# t5985-site-repetition: --site-repetition (issue 20, item 4) from the
# command line: a segment kept on several pages of one site, with different
# main texts, is dropped as site furniture; a second copy of a page does not
# count against the first; the site is the host of the archive's URL, the
# page's wrapper or URL line, or its canonical URL (any case, port, user,
# "www."); pages of other sites and pages without a URL keep it; the
# threshold; the same output for any number of jobs; a page's own article
# is never dropped from it, even when another page quotes it; with
# --method perplexity, which splits segments into sentences, a recurring
# segment is still dropped; a page that fails in the survey is reported and
# left as it is; segments past the survey's limits are reported; what it
# refuses (standard input, a FIFO, /dev/stdin on a pipe); on the
# development pages (when ../shared is there) no loss of F.
. "$(dirname "$0")/test-lib.sh"
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi

# The line every page of the site carries reads as prose, so that the default
# model keeps it on a page alone: only its recurrence drops it (shorter than
# each article: a page's main text is its longest segment).
furniture="The harbour museum was founded by the fishermen in 1952 and is still open every day."
# page FILE CANONICAL_DECLARATION ARTICLE: a page of the harbour site.
page() {
	printf '<html><head><title>t</title>%s</head><body><p>%s</p><p>%s</p><p>Read our privacy policy and the terms of this site before you comment.</p></body></html>\n' \
		"$2" "$furniture" "$3" > "$1"
}
d=$TMP/site
mkdir -p "$d"
page "$d/a.html" '<link rel="canonical" href="http://harbour.example/a">' "The ferry to the island left at dawn with forty passengers and a cargo of apples from the farms of the valley."
page "$d/a-copy.html" '<link rel="canonical" href="http://harbour.example/a?print=1">' "The ferry to the island left at dawn with forty passengers and a cargo of apples from the farms of the valley."
page "$d/b.html" '<link rel="Canonical" href="https://WWW.Harbour.example:8443/b">' "The lighthouse keeper wrote a book about the storms of the last winter season and the ships they wrecked."
page "$d/c.html" '<meta property="og:url" content="http://reader@harbour.example/c#top">' "Fishermen sold their catch on the quay before the market opened in the town, as their fathers had done."
page "$d/other-site.html" '<link rel="canonical" href="http://elsewhere.example/x">' "A page of another site that happens to carry the same museum line."
page "$d/no-site.html" '' "A page that names no URL of its own, with the same museum line."

ok "without --site-repetition" ncleaner --no-lm --no-site-repetition -o "$TMP/plain" "$d"
is "$(grep -l "$furniture" "$TMP"/plain/*.txt | wc -l)" 6 "...every page keeps the museum line"
ok "--site-repetition" ncleaner --no-lm --site-repetition --stats "$TMP/stats" -o "$TMP/sites" "$d"
for p in a a-copy b c; do
	grep_fails "...$p: the museum line is dropped" "$furniture" "$TMP/sites/$p.txt"
	grep_fails "...$p: so is the privacy line" "privacy policy" "$TMP/sites/$p.txt"
done
grep_ok "...a: its article stays" "cargo of apples" "$TMP/sites/a.txt"
grep_ok "...a-copy: so does the copy's (the same main text counts once)" "cargo of apples" \
	"$TMP/sites/a-copy.txt"
grep_ok "...b: its article stays" "storms of the last winter" "$TMP/sites/b.txt"
grep_ok "...another site keeps the line" "$furniture" "$TMP/sites/other-site.txt"
grep_ok "...a page without a URL keeps it" "$furniture" "$TMP/sites/no-site.txt"
grep_ok "...--stats counts the 8 segments dropped" '"site_dropped_segments":8,' "$TMP/stats"
grep_ok "...the survey is reported" "site survey: 5 pages of 2 sites" "$TMP/err"
grep_ok "...and the drops in the summary" "8 segments dropped as site furniture" "$TMP/err"
ok "-j 1" ncleaner --no-lm --site-repetition -j 1 -o "$TMP/j1" "$d"
ok "-j 2" ncleaner --no-lm --site-repetition -j 2 -o "$TMP/j2" "$d"
ok "...write the same" diff -r "$TMP/j1" "$TMP/j2"
ok "...as the run before" diff -r "$TMP/j1" "$TMP/sites"

# The threshold: the lines are on a, b and c (a-copy is a's main text again;
# a page's main text is its longest segment, each page's article here).
ok "--site-repetition=3" ncleaner --no-lm --site-repetition=3 -o "$TMP/three" "$d"
grep_fails "...three pages of different main texts are enough" "$furniture" "$TMP/three/b.txt"
ok "--site-repetition=4" ncleaner --no-lm --site-repetition=4 -o "$TMP/four" "$d"
grep_ok "...four are not there: the line stays" "$furniture" "$TMP/four/b.txt"

# The same line in one file of one page is not repetition across pages.
printf '<html><body><p>%s</p><p>%s</p></body></html>\n' "$furniture" "$furniture" > "$TMP/twice.html"
ok "one page with a line twice" ncleaner --no-lm --site-repetition --url http://one.example/ "$TMP/twice.html"
is "$(grep -c "$furniture" "$TMP/out")" 2 "...keeps both"

# Sites from an archive's URLs, and from text dumps' URL lines.
record() {   # URI BODY_FILE: a WARC response record
	{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n' \
		"$(wc -c < "$2")"; cat "$2"; } > "$TMP/http-block"
	printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\n' "$1"
	printf 'WARC-Record-ID: <urn:uuid:%s>\r\n' "$(printf '%s' "$1" | sha1sum | cut -c1-32)"
	printf 'WARC-Date: 2024-01-02T03:04:05Z\r\nContent-Type: application/http; msgtype=response\r\n'
	printf 'Content-Length: %d\r\n\r\n' "$(wc -c < "$TMP/http-block")"
	cat "$TMP/http-block"
	printf '\r\n\r\n'
}
{ record http://news.example/1 "$d/a.html"; record http://news.example/2 "$d/b.html"
  record http://paper.example/3 "$d/c.html"; } > "$TMP/crawl.warc"
ok "a WARC file" ncleaner --no-lm --site-repetition -f jsonl "$TMP/crawl.warc"
is "$(grep -c 'museum' "$TMP/out")" 1 "...its records' URLs make the sites: the line stays on the third only"
grep_ok "...which is of another host" '"url":"http://paper.example/3".*museum' "$TMP/out"
# On by default with a method in a batch: an archive, even one alone, or
# two files or more; not with --no-site-repetition, nor for one page. (The
# default method at -b -30 keeps every segment, whatever its model thinks
# of the museum line: what goes, site repetition takes.)
ok "an archive alone, the default method" ncleaner -b -30 -f jsonl "$TMP/crawl.warc"
is "$(grep -c 'museum' "$TMP/out")" 1 "...site repetition is on by default"
gzip -c "$TMP/crawl.warc" > "$TMP/crawl.warc.gz"
ok "...gzip'd" ncleaner -b -30 -f jsonl "$TMP/crawl.warc.gz"
is "$(grep -c 'museum' "$TMP/out")" 1 "...on as well"
ok "...with --no-site-repetition" ncleaner -b -30 --no-site-repetition -f jsonl "$TMP/crawl.warc"
is "$(grep -c 'museum' "$TMP/out")" 3 "...off: every page keeps the line"
mkdir -p "$TMP/one-archive"
cp "$TMP/crawl.warc.gz" "$TMP/one-archive/"
ok "a directory holding one archive, the default method" ncleaner -b -30 -f jsonl "$TMP/one-archive"
is "$(grep -c 'museum' "$TMP/out")" 1 "...is a batch too: on by default"
ok "a directory, the default method" ncleaner -b -30 -o "$TMP/default-dir" "$d"
grep_fails "...on by default: b loses the museum line" "$furniture" "$TMP/default-dir/b.txt"
ok "one page, the default method" ncleaner -b -30 "$d/b.html"
grep_ok "...off: one page is no batch" "$furniture" "$TMP/out"
for n in 1 2; do
	printf 'URL: http://dumps.example/%s\n\n%s\n\nText dump number %s of the site, with its own words, more of them than the museum line has.\n' \
		$n "$furniture" $n > "$TMP/dump$n.txt"
done
ok "text dumps" ncleaner --no-lm --site-repetition -o "$TMP/dumps" "$TMP/dump1.txt" "$TMP/dump2.txt"
grep_fails "...their URL lines make the site" "$furniture" "$TMP/dumps/dump1.txt"
grep_ok "...their own text stays" "Text dump number 1" "$TMP/dumps/dump1.txt"

# A page's own article is never dropped from it: a page that quotes it
# whole (whatever canonical URL either names) makes it recur on the site,
# and loses the quote, but the article's own page keeps it.
q=$TMP/quote
mkdir -p "$q"
article="The ferry to the island left at dawn with forty passengers and a cargo of apples from the farms of the valley."
page "$q/a.html" '<link rel="canonical" href="http://harbour.example/a">' "$article"
printf '<html><head><link rel="canonical" href="http://harbour.example/q"></head><body><p>%s</p><p>%s</p></body></html>\n' \
	"A reader wrote to us about the morning ferry, and about the long story we printed last week, which she quoted to us whole, word for word." \
	"$article" > "$q/q.html"
ok "a page quoting another's article" ncleaner --no-lm --site-repetition --stats "$TMP/q.stats" -o "$TMP/q-out" "$q"
grep_ok "...the article's page keeps it (its own longest segment)" "cargo of apples" "$TMP/q-out/a.txt"
grep_fails "...the quoting page loses the quote" "cargo of apples" "$TMP/q-out/q.txt"
grep_ok "...and keeps its own text" "A reader wrote to us" "$TMP/q-out/q.txt"
grep_ok "...one segment dropped" '"site_dropped_segments":1,' "$TMP/q.stats"

# --method perplexity splits a segment into sentences: the survey counts
# whole segments, and the cleaning asks about the whole segment too.
shared="Our harbour office is open from nine to five on weekdays. Call us before you come to the quay with a boat."
p3=$TMP/perplexity
mkdir -p "$p3"
n=0
for text in "The ferry to the island left at dawn with forty passengers. It carried a cargo of apples from the farms of the valley, and the sea was calm all the way." \
	    "The lighthouse keeper wrote a book about the storms of the last winter. He told of the ships they wrecked and of the men who came home from the sea." \
	    "Fishermen sold their catch on the quay before the market opened in the town. Their fathers had done the same, and their grandfathers before them."; do
	n=$((n + 1))
	printf '<html><head><link rel="canonical" href="http://harbour.example/p%s"></head><body><p>%s</p><p>%s</p></body></html>\n' \
		$n "$text" "$shared" > "$p3/p$n.html"
done
if ncleaner --method perplexity --no-site-repetition -o "$TMP/p-plain" "$p3" > /dev/null 2> "$TMP/p-err"; then
	grep_ok "--method perplexity: the shared paragraph is kept without --site-repetition" \
		"Call us before you come" "$TMP/p-plain/p2.txt"
	ok "--method perplexity --site-repetition" ncleaner --method perplexity --site-repetition \
		--stats "$TMP/p.stats" -o "$TMP/p-sites" "$p3"
	dropped=$(sed 's/.*"site_dropped_segments":\([0-9]*\).*/\1/' "$TMP/p.stats")
	if [ "$dropped" -gt 0 ]; then pass "...drops the shared two-sentence paragraph ($dropped segments)"
	else fail "...drops the shared two-sentence paragraph ($dropped segments)"; fi
	for i in 1 2 3; do
		grep_fails "...p$i: neither of its sentences is left" "nine to five\|Call us before" "$TMP/p-sites/p$i.txt"
	done
	grep_ok "...the articles stay" "lighthouse keeper" "$TMP/p-sites/p2.txt"
else
	skip "--method perplexity does not run here ($(head -n 1 "$TMP/p-err"))"
fi

# A page that fails in the survey (a Lynx that fails once) is not counted,
# and says so; the run goes on, and the page is left as it is.
lynx=$(command -v lynx)
cat > "$TMP/flaky-lynx" <<FLAKY
#!/bin/sh
# Fails the first time it is run, then is Lynx.
n=\$(cat "$TMP/lynx-calls" 2> /dev/null || echo 0)
echo \$((n + 1)) > "$TMP/lynx-calls"
if [ "\$n" = 0 ]; then echo "flaky lynx: the first call fails" >&2; exit 3; fi
exec "$lynx" "\$@"
FLAKY
chmod +x "$TMP/flaky-lynx"
f=$TMP/flaky
mkdir -p "$f"
cp "$d/a.html" "$d/b.html" "$d/c.html" "$f/"
rm -f "$TMP/lynx-calls"
ok "a page fails in the survey only" ncleaner --no-lm --site-repetition -j 1 --lynx "$TMP/flaky-lynx" \
	--stats "$TMP/flaky.stats" -o "$TMP/flaky-out" "$f"
grep_ok "...the survey says so" "site survey: 1 page failed and was not counted" "$TMP/err"
grep_ok "...--stats counts it" '"site_survey_failed":1,' "$TMP/flaky.stats"
grep_ok "...the page failed is left as it is (it keeps the line)" "$furniture" "$TMP/flaky-out/a.txt"
grep_fails "...the others lose it" "$furniture" "$TMP/flaky-out/b.txt"
grep_ok "...none failed in the first run" '"site_survey_failed":0,' "$TMP/stats"

# Each page is rendered once: the survey keeps the dumps and the cleaning
# takes them back (pipeline/dump-cache.h); without a place to keep them
# the pages are rendered twice, and the output is the same.
cat > "$TMP/counting-lynx" <<COUNTING
#!/bin/sh
echo run >> "$TMP/lynx-count"   # a line a run: appends do not race
exec "$lynx" "\$@"
COUNTING
chmod +x "$TMP/counting-lynx"
rm -f "$TMP/lynx-count"
ok "a page is rendered once in two passes" ncleaner --no-lm --site-repetition -j 2 \
	--lynx "$TMP/counting-lynx" -o "$TMP/once" "$d"
is "$(wc -l < "$TMP/lynx-count" | tr -d ' ')" 6 "...Lynx ran 6 times for the 6 pages"
ok "...the output is that of the run above" diff -r "$TMP/sites" "$TMP/once"
ok "builtin renderer, with the survey's dumps kept" ncleaner --renderer builtin -f jsonl \
	--scores --site-repetition "$d"
cp "$TMP/out" "$TMP/kept.jsonl"
ok "...and with no temporary file to keep them in" env TMPDIR=/nonexistent/ncleaner-t5985 \
	ncleaner --renderer builtin -f jsonl --scores --site-repetition "$d"
grep_ok "...which it says" "every page is rendered twice" "$TMP/err"
cp "$TMP/out" "$TMP/twice.jsonl"
ok "...the same JSONL, titles and charsets included" cmp "$TMP/kept.jsonl" "$TMP/twice.jsonl"
grep_ok "...JSONL with titles" '"title":"t"' "$TMP/twice.jsonl"

# A file size limit (ulimit -f) the dumps would pass: the cache stops
# keeping them (a write past it would raise SIGXFSZ, which stops the run),
# says so, and the output is the same.
big=$TMP/big-site
mkdir -p "$big"
for i in 1 2 3 4 5 6; do
	awk -v i=$i 'BEGIN { print "<html><head><link rel=canonical href=\"http://big.example/" i "\"></head><body>"; for (k = 0; k < 900; k++) printf "<p>Page %d, paragraph %d: the harbour master counted the boats that came in before the storm.</p>\n", i, k; print "</body></html>" }' > "$big/p$i.html"
done
ok "six big pages of one site" ncleaner --renderer builtin -j 1 -f jsonl "$big"
cp "$TMP/out" "$TMP/big-unlimited.jsonl"
ok "...under ulimit -f 256 (the dumps pass it; the output, through a pipe, is not limited)" \
	sh -c '(ulimit -f 256 && exec "$@") | cat' sh ncleaner --renderer builtin -j 1 -f jsonl "$big"
grep_ok "...it says the others are rendered again" "rendered again" "$TMP/err"
cp "$TMP/out" "$TMP/big-limited.jsonl"
ok "...the same output" cmp "$TMP/big-unlimited.jsonl" "$TMP/big-limited.jsonl"

# A file may have the name of an archive's record (FILE@OFFSET): the two are
# different pages to the survey's dumps too.
cp "$TMP/crawl.warc" "$TMP/x.warc"
cp "$d/b.html" "$TMP/x.warc@0"
ok "an archive and a file named as its first record" ncleaner --renderer builtin -f jsonl \
	"$TMP/x.warc" "$TMP/x.warc@0"
cp "$TMP/out" "$TMP/named-kept.jsonl"
ok "...and with no temporary file for the dumps" env TMPDIR=/nonexistent/ncleaner-t5985 \
	ncleaner --renderer builtin -f jsonl "$TMP/x.warc" "$TMP/x.warc@0"
cp "$TMP/out" "$TMP/named-twice.jsonl"
ok "...the same output: neither page took the other's dump" cmp "$TMP/named-kept.jsonl" \
	"$TMP/named-twice.jsonl"
grep_ok "...the file keeps its own article" "lighthouse keeper" "$TMP/named-kept.jsonl"

# The survey's limits: a page's segments past 65,536 are not counted, and
# the survey says so on standard error, also when the output is standard
# output and there is no progress.
awk 'BEGIN { print "URL: http://big.example/\n"; for (i = 1; i <= 65546; i++) printf "Line %d\n\n", i }' > "$TMP/big.txt"
ok "a page of 65,546 segments" ncleaner --no-lm --site-repetition --stats "$TMP/big.stats" "$TMP/big.txt"
grep_ok "...the survey says 10 were not counted" "site survey: 10 segments past the survey's limits were not counted" "$TMP/err"
grep_ok "...--stats counts them" '"site_survey_not_counted":10,' "$TMP/big.stats"
ok "...--quiet" ncleaner --no-lm --site-repetition --quiet "$TMP/big.txt"
is "$(wc -c < "$TMP/err")" 0 "...says nothing"

# What it refuses.
fails 2 "standard input: refused (it is read twice)" sh -c "ncleaner --no-lm --site-repetition - < '$d/a.html'"
grep_ok "...saying why" "reads its inputs twice" "$TMP/err"
fails 2 "/dev/stdin on a pipe: refused" sh -c "cat '$d/a.html' | ncleaner --no-lm --site-repetition /dev/stdin"
grep_ok "...naming it" "/dev/stdin is not a regular file or directory" "$TMP/err"
if mkfifo "$TMP/fifo" 2> /dev/null; then
	# (timeout: a run that opened a FIFO with no writer would wait for ever.)
	fails 2 "a FIFO: refused" timeout 60 ncleaner --no-lm --site-repetition "$TMP/fifo"
	grep_ok "...naming it" "$TMP/fifo is not a regular file or directory" "$TMP/err"
else
	skip "mkfifo failed"; skip "as above"
fi
fails 2 "with --paper: refused" ncleaner --paper --site-repetition "$d/a.html"
fails 2 "with --dump: refused" ncleaner --dump --site-repetition "$d/a.html"
fails 2 "--site-repetition=1: refused" ncleaner --no-lm --site-repetition=1 "$d/a.html"
fails 2 "--site-repetition=5: refused" ncleaner --no-lm --site-repetition=5 "$d/a.html"

# The development pages: the default method, with the builtin renderer (in
# process: the test is about what is kept, not about Lynx).
dn=$SHARED/data/dragnet-dev
if [ -d "$dn/orig" ]; then
	ok "Dragnet development pages" ncleaner --renderer builtin -j 2 -o "$TMP/dn" "$dn/orig"
	ok "...with --site-repetition" ncleaner --renderer builtin -j 2 --site-repetition \
		--stats "$TMP/dn.stats" -o "$TMP/dn-sites" "$dn/orig"
	ok "...with -j 1" ncleaner --renderer builtin -j 1 --site-repetition -o "$TMP/dn-j1" "$dn/orig"
	ok "...the same output" diff -r "$TMP/dn-sites" "$TMP/dn-j1"
	dropped=$(sed 's/.*"site_dropped_segments":\([0-9]*\).*/\1/' "$TMP/dn.stats")
	if [ "$dropped" -gt 50 ]; then pass "...drops site furniture ($dropped segments)"
	else fail "...drops site furniture ($dropped segments, want more than 50)"; fi
	f0=$(ncleaner-eval -t -n -M "$TMP/dn" "$dn/gold" | cut -f2)
	f1=$(ncleaner-eval -t -n -M "$TMP/dn-sites" "$dn/gold" | cut -f2)
	if awk -v a="$f0" -v b="$f1" 'BEGIN { exit !(b >= a) }'; then
		pass "...F does not fall ($f0 -> $f1)"
	else
		fail "...F does not fall ($f0 -> $f1)"
	fi
else
	skip "no $dn (../shared): the development pages are not here"
fi
done_testing
