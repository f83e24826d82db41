#!/bin/sh
# t5995-fallback: a page with paragraphs of prose that keeps nothing is
# decided again on its own scale (the fallback decider, the
# default's last; issue 32): what it keeps, how JSONL, --stats and the
# closing summary say so, and the warning of a run that kept little naming
# its likely cause. A bias of 20 bits makes the threshold keep nothing of
# any page, whatever the shipped model says of it.
. "$(dirname "$0")/test-lib.sh"

P=$FIXTURES/t5995/prose.html

ok "-b 20" ncleaner -b 20 -f jsonl "$P"
cp "$TMP/out" "$TMP/b20.jsonl"
grep_ok "...the page fell back" '"fallback":true' "$TMP/b20.jsonl"
grep_ok "...and kept its prose" '"text":"[^"]*The harbour was quiet that morning' "$TMP/b20.jsonl"
grep_ok "...to its end" '"text":"[^"]*it is from that notebook' "$TMP/b20.jsonl"
grep_fails "...not its menu or footer" '"text":"[^"]*\(Contact\|Privacy\)' "$TMP/b20.jsonl"
grep_ok "...the decider chain says it" '"decider":"threshold,fallback"' "$TMP/b20.jsonl"

ok "the default" ncleaner -f jsonl "$P"
grep_ok "...keeps the prose without falling back" '"fallback":false' "$TMP/out"

ok "--decider threshold -b 20" ncleaner --decider threshold -b 20 -f jsonl "$P"
is "$(wc -c < "$TMP/out")" 0 "...keeps nothing (JSONL writes no line)"

# A run of pages that all fall back: counted in --stats and the summary.
mkdir -p "$TMP/pages"
for i in 1 2 3; do cp "$P" "$TMP/pages/p$i.html"; done
ok "a run with -b 20" ncleaner -b 20 --stats "$TMP/stats.json" -o "$TMP/run" "$TMP/pages"
grep_ok "...--stats counts the pages that fell back" '"pages_fallback":3' "$TMP/stats.json"
grep_ok "...and so does the summary" "3 decided by the fallback" "$TMP/err"
ok "the default run" ncleaner --stats "$TMP/stats2.json" -o "$TMP/run2" "$TMP/pages"
grep_ok "...--stats: none fell back" '"pages_fallback":0' "$TMP/stats2.json"

# Little kept: the warning names the likeliest cause.
mkdir -p "$TMP/many"
for i in $(seq 1 24); do cp "$P" "$TMP/many/p$i.html"; done
ok "--decider threshold -b 20, many pages" ncleaner --decider threshold -b 20 -o "$TMP/m1" "$TMP/many"
grep_ok "...warns, naming the bias" "warning: only [0-9.]*% of the words were kept: a bias above 0" "$TMP/err"
ok "--decider threshold, many pages of prose" \
	ncleaner --decider threshold -o "$TMP/m2" "$TMP/many"
grep_fails "...keeps the prose: no warning" "warning: only" "$TMP/err"

# Pages of links alone (nothing to fall back to): the warning names the
# chain without the fallback when --decider leaves it out, else the pages.
mkdir -p "$TMP/nav"
for i in $(seq 1 24); do
	{ echo "<html><head><title>Links $i</title></head><body><ul>"
	  for j in $(seq 1 30); do echo "<li><a href=\"/a$j\">Section number $j of the site</a></li>"; done
	  echo "</ul></body></html>"; } > "$TMP/nav/p$i.html"
done
ok "--decider threshold, pages of links" ncleaner --decider threshold -o "$TMP/m3" "$TMP/nav"
grep_ok "...warns, naming the chain without the fallback" \
	"warning: only [0-9.]*% of the words were kept: --decider without the fallback" "$TMP/err"
ok "the default, pages of links" ncleaner -o "$TMP/m4" "$TMP/nav"
grep_ok "...warns, naming the pages" \
	"warning: only [0-9.]*% of the words were kept: the pages hold little running text" "$TMP/err"
# A model whose own bias keeps nothing (no -b given): the page of prose
# falls back, and among 40 pages of links the run keeps little.
mkdir -p "$TMP/data" "$TMP/mix"
cp -R "$SRC/regex" "$SRC/models" "$TMP/data/"
sed 's/^bias	.*/bias	20/' "$SRC/models/logistic.model" > "$TMP/data/models/logistic.model"
for i in $(seq 1 40); do cp "$TMP/nav/p1.html" "$TMP/mix/n$i.html"; done
cp "$P" "$TMP/mix/prose.html"
ok "a model that keeps nothing, pages of links and one of prose" \
	ncleaner --data-dir "$TMP/data" -o "$TMP/m5" "$TMP/mix"
grep_ok "...warns, naming the pages that fell back" \
	"warning: only [0-9.]*% of the words were kept: 1 of 41 pages kept almost nothing and fell back" \
	"$TMP/err"

# The 2008 way has no fallback, and its JSONL says nothing of one.
ok "--paper, JSONL" ncleaner --paper -f jsonl "$P"
grep_fails "...has no fallback field" '"fallback"' "$TMP/out"

done_testing
