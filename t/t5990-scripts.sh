#!/bin/sh
# t5990-scripts: pages in six scripts (the hand-made pages of tests/t1720/:
# Chinese, Japanese, Thai, Arabic, Russian, Greek) through the default
# method, as a user sees them: the page's language, its words counted in
# its script (JSONL counts: a Chinese paragraph of 300 characters is not 30
# words); the logistic method's character models set aside on a page not
# in their language; the stop-word lists of the data directory, and what
# happens when they are missing or damaged.
. "$(dirname "$0")/test-lib.sh"

P=$FIXTURES/t1720

# Letters (not space, not punctuation) of the article's paragraphs, and the
# page's words: a page in an unspaced script has at least a word per 2.2 of
# its article's letters (Chinese, Japanese; Thai per 6), whatever else it
# counts. Python reads the JSON; without it these checks skip.
letters() {
	python3 -c 'import re, sys, unicodedata
s = open(sys.argv[1], encoding="utf-8").read()
a = s[s.index("<article>"):s.index("</article>")]
t = "".join(re.findall(r"<p>(.*?)</p>", a))
print(sum(1 for c in t if not c.isspace() and not unicodedata.category(c).startswith("P")))' "$1"
}
words() {
	python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["counts"]["words"])' "$1"
}

for page in zh:2.2 ja:2.2 th:6 ar ru el; do
	l=${page%%:*}
	ok "$l.html cleaned (JSONL)" ncleaner -f jsonl "$P/$l.html"
	cp "$TMP/out" "$TMP/$l.jsonl"
	grep_ok "...in $l" "\"language\":\"$l\"" "$TMP/$l.jsonl"
	case $page in *:*) ;; *) continue ;; esac
	if ! command -v python3 > /dev/null; then
		skip "no python3 to read the counts"
		continue
	fi
	per=${page#*:}
	n=$(letters "$P/$l.html")
	w=$(words "$TMP/$l.jsonl")
	ok "...its $w words are at least one per $per of the article's $n letters" \
		awk -v w="$w" -v n="$n" -v per="$per" 'BEGIN { exit !(w * per >= n) }'
done

# What the default keeps of each page (issue 32's target): its headline
# and every paragraph of its article, and none of its menu, cookie line,
# related links or footer. Python reads the page's parts and the segments
# the default kept and dropped (JSONL --scores): it prints the headline and
# the paragraphs of the article no kept segment begins with, and the pieces
# of the menu, cookie line, related links and footer a kept segment begins
# with.
wrong() {   # PAGE JSONL
	python3 -c 'import json, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
segments = json.loads(open(sys.argv[2], encoding="utf-8").read())["segments"]
def text(h): return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", h)).strip()
kept = [g["text"] for g in segments if g["kept"]]
a = s[s.index("<article>"):s.index("</article>")]
for t in re.findall(r"<h1>(.*?)</h1>|<p>(.*?)</p>", a, re.S):
    t = "".join(t)
    if not any(k.startswith(text(t)[:12]) for k in kept): print("dropped:", text(t)[:12])
for pat in (r"<nav\b.*?</nav>", r"<div class=\"cookie[^\"]*\">.*?</div>",
            r"<aside\b.*?</aside>", r"<footer\b.*?</footer>"):
    for m in re.findall(pat, s, re.S):
        for t in re.findall(r">([^<>]+)<", m):
            t = text(t)
            if len(t) >= 2 and any(k.startswith(t) for k in kept): print("kept:", t)' "$1" "$2"
}
if command -v python3 > /dev/null; then
	for l in zh ja th ar ru el; do
		ok "$l.html cleaned (JSONL, scores)" ncleaner -f jsonl --scores "$P/$l.html"
		cp "$TMP/out" "$TMP/$l-scores.jsonl"
		wrong "$P/$l.html" "$TMP/$l-scores.jsonl" > "$TMP/$l-wrong"
		grep_fails "...its headline and every paragraph kept" "^dropped" "$TMP/$l-wrong"
		grep_fails "...nothing of its menu, cookie line, related links or footer" "^kept" \
			"$TMP/$l-wrong"
	done
else
	skip "no python3 to read the pages"
fi

# The character models of the logistic model learnt English, but the
# shipped n-gram model names no language: their "not English" still tells
# text from boilerplate on other pages (measured: models/Makefile.models),
# so it counts on every page. A model that names its language (train-ncleaner
# --language) has it set aside on a page in another: the Russian page then
# scores otherwise, an English one as before.
grep_fails "the shipped n-gram model names no language" '^language	' \
	"$SRC/models/logistic-ngram.model"
mkdir -p "$TMP/data"
cp -R "$SRC/regex" "$SRC/models" "$TMP/data/"
ok "with the data directory's models" ncleaner --data-dir "$TMP/data" -f jsonl --scores "$P/ru.html"
grep -o '"cost_dirty":[-0-9.]*' "$TMP/out" > "$TMP/ru-unsaid"
ok "...an English page" ncleaner --data-dir "$TMP/data" --scores "$FIXTURES/t5000/page.html"
cp "$TMP/out" "$TMP/page-unsaid"
sed -i 's/^mode\t/language\ten\nmode\t/' "$TMP/data/models/logistic-ngram.model"
grep_ok "...a copy that says English" '^language	en$' "$TMP/data/models/logistic-ngram.model"
ok "with an n-gram model that says it is English" \
	ncleaner --data-dir "$TMP/data" -f jsonl --scores "$P/ru.html"
grep -o '"cost_dirty":[-0-9.]*' "$TMP/out" > "$TMP/ru-en"
ok "...the Russian page scores otherwise (its ratio set aside)" \
	sh -c '! cmp -s "$1" "$2"' - "$TMP/ru-en" "$TMP/ru-unsaid"
ok "...the English page" ncleaner --data-dir "$TMP/data" --scores "$FIXTURES/t5000/page.html"
cp "$TMP/out" "$TMP/page-en"
ok "...scores as before" cmp "$TMP/page-en" "$TMP/page-unsaid"
sed -i 's/^language\ten$/language\teng/' "$TMP/data/models/logistic-ngram.model"
ok "with a model that names English by its ISO 639-3 code, eng" \
	ncleaner --data-dir "$TMP/data" --scores "$FIXTURES/t5000/page.html"
cp "$TMP/out" "$TMP/page-eng"
ok "...the English page scores as before" cmp "$TMP/page-eng" "$TMP/page-unsaid"

# The stop-word lists: missing, or a damaged one, and the method refuses to
# load (a silent English list would score the pages otherwise).
mv "$TMP/data/models/stopwords" "$TMP/stopwords"
fails 2 "a data directory without its stop-word lists" \
	ncleaner --data-dir "$TMP/data" "$FIXTURES/t5000/page.html"
grep_ok "...names the directory" "models/stopwords: cannot read the stop-word lists" "$TMP/err"
mv "$TMP/stopwords" "$TMP/data/models/stopwords"
printf 'two words\n' >> "$TMP/data/models/stopwords/de.txt"
fails 2 "a stop-word list with two words on a line" \
	ncleaner --data-dir "$TMP/data" "$FIXTURES/t5000/page.html"
grep_ok "...names the file and line" "stopwords/de.txt:[0-9]*: expected one word" "$TMP/err"
ok "--paper reads no stop-word list" ncleaner --data-dir "$TMP/data" --paper \
	"$FIXTURES/t5000/page.html"
done_testing
