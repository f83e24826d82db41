#!/bin/sh
# t7100-eval-snippets: ncleaner-eval scores a benchmark annotated with
# snippets (trafilatura's evaldata.json) by its rule, from outputs in every
# format, by page and by language (tests/t7100, counts worked out by hand);
# bad annotations and outputs; with ../shared, trafilatura-dev scored from
# ncleaner's outputs in three formats, which agree.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t7100

ok "outputs scored against snippet annotations" ncleaner-eval "$F/out" "$F/evaldata.json"
is "$(head -n 1 "$TMP/out")" "file	F	P	R	TP	FN	FP	TN	language	pages" "...a header"
grep_ok "...CLEANEVAL: URL lines and tags dropped (a snippet across two <p> lines found)" \
	"^a.html	80.00	66.67	100.00	2	0	1	1	en	1$" "$TMP/out"
grep_ok "...JSON lines: the text, its newlines white space" \
	"^b.html	100.00	100.00	100.00	1	0	0	1	de	1$" "$TMP/out"
grep_ok "...text format: paragraphs joined, a <p> in the text kept, the form feed white space" \
	"^c.html	100.00	100.00	100.00	2	0	0	1	en	1$" "$TMP/out"
grep_ok "...a page without an output: its with snippets missed, its without ones not found" \
	"^d.html	0.00	0.00	0.00	0	2	0	1	en	1$" "$TMP/out"
grep_ok "...an output named with the page's extension (a clash of names)" \
	"^e.html	66.67	50.00	100.00	1	0	1	0	fr	1$" "$TMP/out"
grep_ok "...a page in a subdirectory" "^sub/f.html	66.67	50.00	100.00	1	0	1	0	en	1$" "$TMP/out"
is "$(tail -n 1 "$TMP/out")" "total	73.68	70.00	77.78	7	2	3	4	all	6" \
	"...the total from the sums: P 7/10, R 7/9, F 14/19"
grep_ok "...the page without an output is named" "warning: d.html: no output in .*scored as empty" "$TMP/err"
grep_ok "...and counted" "^Warning: 1 pages without an output" "$TMP/err"
grep_ok "...an output of no page is named" "warning: .*out/zzz.txt: no page of the annotations" "$TMP/err"
ok "-t: the total row alone" ncleaner-eval -t -n "$F/out" "$F/evaldata.json"
is "$(cat "$TMP/out")" "total	73.68	70.00	77.78	7	2	3	4	all	6" "...without the header (-n)"
ok "--by-language" ncleaner-eval --by-language "$F/out" "$F/evaldata.json"
is "$(cat "$TMP/out")" "language	F	P	R	TP	FN	FP	TN	language	pages
de	100.00	100.00	100.00	1	0	0	1	de	1
en	71.43	71.43	71.43	5	2	2	3	en	4
fr	66.67	50.00	100.00	1	0	1	0	fr	1
other	66.67	50.00	100.00	1	0	1	0	other	1
total	73.68	70.00	77.78	7	2	3	4	all	6" "...a row per language (de, en, then by pages), other (all but de and en), the total"
ok "-s: the summary" ncleaner-eval -s -t "$F/out" "$F/evaldata.json"
grep_ok "...the benchmark's F1 as 0.xxx and as a percentage" "^  F1:        0.737 (73.68%)$" "$TMP/err"
grep_ok "...on every page" "^Evaluation report on 6 pages (1 without an output" "$TMP/err"
ok "-e is what snippet scoring does anyway" ncleaner-eval -e -t -n "$F/out" "$F/evaldata.json"
is "$(cut -f 2 "$TMP/out")" "73.68" "...the same total"

# Refused: options of the CLEANEVAL scorer, --by-language without snippets,
# a system file, bad annotations, bad and ambiguous outputs.
fails 2 "-u is for CLEANEVAL gold" ncleaner-eval -u "$F/out" "$F/evaldata.json"
grep_ok "...and says so" "are for CLEANEVAL gold texts" "$TMP/err"
fails 2 "ALIGN_DIR too" ncleaner-eval "$F/out" "$F/evaldata.json" "$TMP/align"
mkdir -p "$TMP/gold" "$TMP/sys"
fails 2 "--by-language needs snippet annotations" ncleaner-eval --by-language "$TMP/sys" "$TMP/gold"
fails 2 "the outputs must be a directory" ncleaner-eval "$F/out/a.txt" "$F/evaldata.json"
printf '{"u": {"file": "a.html", "with": ["x"],\n "without": "y"}}' > "$TMP/bad.json"
fails 2 "annotations of the wrong shape" ncleaner-eval "$F/out" "$TMP/bad.json"
grep_ok "...named with file, line and column" "bad.json:2:13: \"without\" must be an array of strings" "$TMP/err"
printf '{"u": {"file": "a.html", "with": ["x"], "without": []},}' > "$TMP/bad.json"
fails 2 "annotations that are not JSON" ncleaner-eval "$F/out" "$TMP/bad.json"
grep_ok "...named with file, line and column" "bad.json:1:56: expected a member name" "$TMP/err"
fails 2 "annotations that are not there" ncleaner-eval "$F/out" "$TMP/none.json"
cp -r "$F/out" "$TMP/broken"
printf '{"url":"x","text":"a"}\n{"url":"y","text":3}\n' > "$TMP/broken/b.jsonl"
cp "$F/out/a.txt" "$TMP/broken/a.jsonl"
fails 1 "an output that cannot be read fails that page" ncleaner-eval "$TMP/broken" "$F/evaldata.json"
grep_ok "...a JSON line's error names file, line and column" "b.jsonl:2:19: \"text\" must be a string, not a number" "$TMP/err"
grep_ok "...two outputs of one page are named" "a.html: two outputs in .*, a.txt and a.jsonl" "$TMP/err"
grep_ok "...the others are scored" "^c.html	100.00" "$TMP/out"
grep_fails "...the pages not scored have no row" "^[ab].html	" "$TMP/out"
is "$(tail -n 1 "$TMP/out" | cut -f 1,10)" "total	4" "...nor a place in the total"

D=$SHARED/data/trafilatura-dev
if [ ! -d "$D" ]; then
	skip "trafilatura-dev: $D not present (CI has it)"
	done_testing
	exit $?
fi
if ! command -v lynx > /dev/null; then
	skip "trafilatura-dev: no lynx (Debian package lynx)"
	done_testing
	exit $?
fi
for format in jsonl cleaneval text; do
	ok "trafilatura-dev cleaned to $format" ncleaner -f "$format" -o "$TMP/$format" "$D/orig"
	ok "...scored" ncleaner-eval -n "$TMP/$format" "$D/evaldata.json"
	mv "$TMP/out" "$TMP/$format.tsv"
	grep_fails "...every page has its output" "no output in" "$TMP/err"
done
total=$(tail -n 1 "$TMP/jsonl.tsv")
is "$(echo "$total" | awk -F '\t' '{ print $5 + $6, $7 + $8, $10 }')" "938 932 312" \
	"...the 938 with and 932 without snippets of the 312 pages counted"
is "$(awk -F '\t' '$1 != "total" { tp += $5; fn += $6; fp += $7; tn += $8 } END { print tp, fn, fp, tn }' "$TMP/jsonl.tsv")" \
	"$(echo "$total" | cut -f 5-8 | tr '\t' ' ')" "...the total is the sum of the pages' counts"
ok "...JSON lines and CLEANEVAL give the same rows" cmp "$TMP/jsonl.tsv" "$TMP/cleaneval.tsv"
ok "...and so does text" cmp "$TMP/jsonl.tsv" "$TMP/text.tsv"
ok "--by-language on the set" ncleaner-eval -l -t -n "$TMP/jsonl" "$D/evaldata.json"
is "$(cut -f 1 "$TMP/out" | head -n 2 | tr '\n' ' ')" "de en " "...de and en first (the most pages)"
is "$(awk -F '\t' '$1 != "other" && $1 != "total" { n += $10 } END { print n }' "$TMP/out")" "312" \
	"...every page in one language's row"
done_testing
