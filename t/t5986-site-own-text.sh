#!/bin/sh
# t5986-site-own-text: site repetition never takes a page's own text from it
# (issue 36, item 2), on small hand-made sites (tests/t5986/):
#   copies/     the same article at two URLs, one with a long reader comment:
#               near copies count as one page, so the article's paragraphs
#               do not recur (while the newsletter line does);
#   teaser/     a front page repeats an article's headline and lede as a
#               teaser, and another article links to it with its headline:
#               the article keeps its headline, byline and lede (the top of
#               its article), the front page loses the teasers (but its
#               longest segment, its own main text as far as the survey
#               can tell);
#   notice/     a long cookie notice on every page, each page's longest
#               segment: the pages are still different pages, so the
#               newsletter line recurs, and the notice is no page's own text;
#   canonical/  canonical URLs that are protocol-relative, relative to the
#               page's <base>, or written with character references name
#               the site.
# --no-lm keeps every segment: what goes, site repetition drops.
. "$(dirname "$0")/test-lib.sh"
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi
sites=$FIXTURES/t5986
newsletter="Sign up to the Harbour News newsletter"

ok "copies: --site-repetition" ncleaner --no-lm --site-repetition --stats "$TMP/copies.stats" \
	-o "$TMP/copies" "$sites/copies"
for p in budget budget-comments; do
	for words in "first cut in twenty years" "music lessons of the primary" \
		     "pay for the new harbour wall" "signed by four hundred"; do
		grep_ok "...$p keeps its article: $words" "$words" "$TMP/copies/$p.txt"
	done
	grep_fails "...$p loses the newsletter line" "$newsletter" "$TMP/copies/$p.txt"
done
grep_ok "...the comment stays on its page" "taught at the harbour school" "$TMP/copies/budget-comments.txt"
for p in ferry lighthouse; do
	grep_fails "...$p loses the newsletter line" "$newsletter" "$TMP/copies/$p.txt"
done
grep_ok "...--stats: 4 segments dropped (the newsletter line of 4 pages; the rules drop the menu)" \
	'"site_dropped_segments":4,' "$TMP/copies.stats"

ok "teaser: --site-repetition" ncleaner --no-lm --site-repetition -o "$TMP/teaser" "$sites/teaser"
grep_ok "...the article keeps its headline, which the front page and another article link to" \
	"^<h>Budget cuts hit the schools" "$TMP/teaser/budget.txt"
grep_ok "...its byline (the top of its article)" "By Anna Fisher" "$TMP/teaser/budget.txt"
grep_ok "...and its lede, the front page's teaser" "cut the budget of the town schools" \
	"$TMP/teaser/budget.txt"
grep_ok "...so does the other article" "kept the morning ferry in port" "$TMP/teaser/ferry.txt"
grep_fails "...which loses the link to the first" "Budget cuts hit" "$TMP/teaser/ferry.txt"
grep_fails "...the front page loses the teasers' headlines" "Budget cuts hit\|Fog keeps" \
	"$TMP/teaser/index.txt"
grep_fails "...and a lede (it keeps the other, its longest segment: its main text as far as the survey can tell)" \
	"kept the morning ferry in port" "$TMP/teaser/index.txt"
for p in index budget ferry; do
	grep_fails "...$p loses the newsletter line" "$newsletter" "$TMP/teaser/$p.txt"
done

ok "notice: --site-repetition" ncleaner --no-lm --site-repetition -o "$TMP/notice" "$sites/notice"
grep_ok "...the survey counts what recurs" "site survey: 3 pages of 1 site, 2 of their 8 segments" "$TMP/err"
for p in budget ferry lighthouse; do
	grep_fails "...$p loses the newsletter line" "$newsletter" "$TMP/notice/$p.txt"
	grep_fails "...and the cookie notice, its longest segment" "We use cookies" "$TMP/notice/$p.txt"
done
grep_ok "...the articles stay" "cut the budget of the town schools" "$TMP/notice/budget.txt"
grep_ok "..." "post and its bread" "$TMP/notice/ferry.txt"

ok "canonical: --site-repetition" ncleaner --no-lm --site-repetition -o "$TMP/canonical" "$sites/canonical"
grep_ok "...protocol-relative, relative and escaped canonical URLs name the site" \
	"site survey: 3 pages of 1 site, 1 of their 4 segments" "$TMP/err"
for p in protocol-relative relative references; do
	grep_fails "...$p loses the newsletter line" "$newsletter" "$TMP/canonical/$p.txt"
done
grep_ok "...and keeps its text" "morning ferry" "$TMP/canonical/relative.txt"

# The default method, in a batch (site repetition on by default).
ok "copies: the default method in a batch" ncleaner -o "$TMP/default" "$sites/copies"
for words in "first cut in twenty years" "music lessons of the primary" \
	     "pay for the new harbour wall" "signed by four hundred"; do
	grep_ok "...budget keeps its article: $words" "$words" "$TMP/default/budget.txt"
done
done_testing
