#!/bin/sh
# t6100-train-snippets: train-ncleaner --method logistic learns from pages
# labelled by snippets (a benchmark's evaldata.json in place of a GOLD_DIR,
# tests/t6100) beside pages with gold texts (tests/t5950): only the
# segments the snippets label, what the labelling found and lost, the
# pages paired by the entries' files; --instances writes every instance;
# what is refused. With ../shared, the command of issue 32 on the three
# development sets' two annotated ones.
. "$(dirname "$0")/test-lib.sh"
S=$FIXTURES/t6100
G=$FIXTURES/t5950
command -v lynx > /dev/null || skip_all "no lynx (Debian package lynx)"

ok "pages with gold texts and pages labelled by snippets" train-ncleaner --method logistic \
	--instances "$TMP/i.tsv" "$G/gold" "$G/orig" "$S/evaldata.json" "$S/orig" "$TMP/a.model"
cp "$TMP/err" "$TMP/a.err"
grep_ok "...what labelling by snippets found, and the snippets found nowhere" \
	'snippets of 2 pages: 4 of 5 "with" and 5 of 6 "without" found in the segments (1 and 1 found nowhere: lost in rendering or segmentation; 0 found more than once); segments labelled 4 text, 5 boilerplate, 9 neither (0 of them both, left out too)' \
	"$TMP/a.err"
grep_ok "...an entry whose page is not there is named and skipped" \
	"warning: .*evaldata.json: the page of gone.html is not in .*(skipped)" "$TMP/a.err"
grep_ok "...and so is a page without an entry" "warning: .*unannotated.html has no entry in .*evaldata.json (skipped)" "$TMP/a.err"
grep_ok "...the model's description says so" "2 of the pages labelled by snippets" "$TMP/a.model"
grep_ok "...6 pages learnt from" "wrote .*a.model: .* of 6 pages" "$TMP/a.err"

# The instances: a header, then a row each, with every feature by name.
header=$(head -n 1 "$TMP/i.tsv")
is "$(echo "$header" | cut -f 1-6)" "file	segment	label	words	matched	intercept" "--instances: a header naming the columns"
is "$(echo "$header" | awk -F '\t' '{ print $NF }')" "text" "...the segment's text last"
grep_ok "...every feature by its name" "	ngram_llr	" "$TMP/i.tsv"
is "$(awk -F '\t' -v n="$(echo "$header" | awk -F '\t' '{ print NF }')" 'NF != n' "$TMP/i.tsv" | wc -l)" "0" \
	"...every row has every column"
rows=$(($(wc -l < "$TMP/i.tsv") - 1))
grep_ok "...a row per instance learnt from" "wrote .*i.tsv: $rows instances of 6 pages" "$TMP/a.err"
is "$(awk -F '\t' '$1 ~ /flut.html$/ { printf "%s:%s ", $2, $3 }' "$TMP/i.tsv")" "0:0 4:1 5:1 6:0 " \
	"...of a page labelled by snippets, only the labelled segments: the menu, two paragraphs, the related list's heading (not the share button Teilen, which merely occurs in a with snippet)"
is "$(awk -F '\t' '$1 ~ /flut.html$/ && $2 == 5 { print $NF }' "$TMP/i.tsv")" \
	"Die Menschen trugen ihre Möbel nach oben und warteten darauf, dass der Regen endlich aufhört. Teilen wollten sie an diesem Tag nur ihre Sorgen." \
	"...with its text"
is "$(awk -F '\t' '$1 ~ /t6100/ && !(($3 == 1 && $5 == $4 && $4 > 0) || ($3 == 0 && $5 == 0))' "$TMP/i.tsv" | wc -l)" "0" \
	"...text counted as all its words matched, boilerplate as none (provisional)"
is "$(awk -F '\t' '$1 ~ /t6100/ { n[$3]++ } END { print n[1], n[0] }' "$TMP/i.tsv")" "4 5" \
	"...4 text and 5 boilerplate instances"
ok "the gold pages alone" train-ncleaner --method logistic --instances "$TMP/g.tsv" "$G/gold" "$G/orig" "$TMP/g.model"
is "$(grep -c 't5950' "$TMP/i.tsv")" "$(($(wc -l < "$TMP/g.tsv") - 1))" \
	"...every segment of a page with a gold text is an instance, as before"
ok "--instances changes nothing the model learns" train-ncleaner --method logistic \
	"$G/gold" "$G/orig" "$S/evaldata.json" "$S/orig" "$TMP/b.model"
ok "...byte for byte" cmp "$TMP/a.model" "$TMP/b.model"
cp "$TMP/i.tsv" "$TMP/i1.tsv"
ok "an earlier instances file is replaced" train-ncleaner --method logistic --instances "$TMP/i.tsv" \
	"$G/gold" "$G/orig" "$S/evaldata.json" "$S/orig" "$TMP/a.model"
ok "...with the same rows: reproducible" cmp "$TMP/i1.tsv" "$TMP/i.tsv"
ok "--ngram-folds with pages labelled by snippets" train-ncleaner --method logistic --ngram-folds 2 \
	--ngram-model "$TMP/n.model" "$G/gold" "$G/orig" "$S/evaldata.json" "$S/orig" "$TMP/c.model"
grep_ok "...the character models count the gold texts alone" "n-gram model of ngram_llr, .* of 4 pages" "$TMP/err"
fails 2 "--ngram-folds with snippet pages alone" train-ncleaner --method logistic --ngram-folds 2 \
	--ngram-model "$TMP/n2.model" "$S/evaldata.json" "$S/orig" "$TMP/x.model"
grep_ok "...no gold text for the character models, and says why" \
	"0 pages read, and each fold .* (pages labelled by snippets, without a gold text, do not count)" "$TMP/err"
ok "snippet pages alone" train-ncleaner --method logistic "$S/evaldata.json" "$S/orig" "$TMP/d.model"
grep_ok "...9 instances of 2 pages" "9 segments of 2 pages, 4 in the gold texts" "$TMP/err"

# Trees, and what a snippet-labelled segment weighs.
ok "--trees 5 --tree-depth 2" train-ncleaner --method logistic --trees 5 --tree-depth 2 \
	"$G/gold" "$G/orig" "$S/evaldata.json" "$S/orig" "$TMP/t.model"
grep_ok "...the model holds 5 trees" '^trees	5$' "$TMP/t.model"
is "$(grep -c '^tree	' "$TMP/t.model")" 5 "...each written"
ok "...it cleans" ncleaner -m "$TMP/t.model" "$G/orig/1.html"
ok "--snippet-weight 80" train-ncleaner --method logistic --snippet-weight 80 \
	"$G/gold" "$G/orig" "$S/evaldata.json" "$S/orig" "$TMP/w.model"
ok "...learns other weights than by words" sh -c '! cmp -s "$1" "$2"' - "$TMP/a.model" "$TMP/w.model"

# --article's stacked decision, learnt on the margins of fold models.
ok "--stack-folds 2 --stack-snippet-weight 40" train-ncleaner --method logistic --trees 5 \
	--tree-depth 2 --stack-folds 2 --stack-snippet-weight 40 "$G/gold" "$G/orig" \
	"$S/evaldata.json" "$S/orig" "$TMP/s.model"
grep_ok "...the model holds the stacked weights" '^article-stack	19$' "$TMP/s.model"
is "$(grep -c '^article-weight	' "$TMP/s.model")" 19 "...each written"
ok "...the rest as without them" sh -c 'grep -v "^article-\|^description	" "$1" > "$3" &&
	grep -v "^description	" "$2" | cmp -s - "$3"' - "$TMP/s.model" "$TMP/t.model" "$TMP/s.rest"
ok "...--article decides by them" ncleaner -f jsonl --article -m "$TMP/s.model" "$G/orig/1.html"
grep_ok "...and says so" '"name":"article","bias":0,"stacked":true' "$TMP/out"
ok "...the default's deciders do not use them" ncleaner -f jsonl -m "$TMP/s.model" "$G/orig/1.html"
grep_fails "...nor say so" 'stacked' "$TMP/out"
fails 2 "--stack-folds above the pages' number" train-ncleaner --method logistic --stack-folds 50 \
	"$G/gold" "$G/orig" "$TMP/x.model"
grep_ok "...says so" "stack-folds 50: only .* pages" "$TMP/err"
fails 2 "--stack-folds 1" train-ncleaner --method logistic --stack-folds 1 \
	"$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "--stack-folds is for the logistic method" train-ncleaner --method ice-dt --stack-folds 2 \
	"$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "--stack-snippet-weight without --stack-folds" train-ncleaner --method logistic \
	--stack-snippet-weight 40 "$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "--stack-snippet-weight 0" train-ncleaner --method logistic --stack-folds 2 \
	--stack-snippet-weight 0 "$G/gold" "$G/orig" "$TMP/x.model"

# Refused before any page is read.
fails 2 "--tree-depth is for the logistic method" train-ncleaner --method ice-dt --tree-depth 3 \
	"$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "--tree-depth without --trees" train-ncleaner --method logistic --tree-depth 3 \
	"$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "--snippet-weight is for the logistic method" train-ncleaner --method ice-dt \
	--snippet-weight 80 "$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "--snippet-weight below 0" train-ncleaner --method logistic --snippet-weight -1 \
	"$G/gold" "$G/orig" "$TMP/x.model"
printf 'not instances\n' > "$TMP/other.tsv"
fails 2 "--instances over a file of another kind" train-ncleaner --method logistic --instances "$TMP/other.tsv" \
	"$G/gold" "$G/orig" "$TMP/x.model"
grep_ok "...says so" "exists and is not an instances file: not replaced" "$TMP/err"
is "$(cat "$TMP/other.tsv")" "not instances" "...and leaves it"
fails 2 "--instances naming the model written" train-ncleaner --method logistic --instances "$TMP/x.model" \
	"$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "--instances naming a training page" train-ncleaner --method logistic --instances "$G/orig/1.html" \
	"$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "--instances naming a directory" train-ncleaner --method logistic --instances "$TMP" \
	"$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "--instances is for the logistic method" train-ncleaner --method ice-dt --instances "$TMP/y.tsv" \
	"$G/gold" "$G/orig" "$TMP/x.model"
fails 2 "snippet annotations do not train ICE" train-ncleaner --method ice-dt "$S/evaldata.json" "$S/orig" "$TMP/x.model"
grep_ok "...says so" "label segments for --method logistic only" "$TMP/err"
printf '{"u": {"file": "flut.html",\n "with": [1], "without": []}}' > "$TMP/bad.json"
fails 2 "bad annotations" train-ncleaner --method logistic "$TMP/bad.json" "$S/orig" "$TMP/x.model"
grep_ok "...named with file, line and column" "bad.json:2:11: \"with\" must be an array of strings" "$TMP/err"
ok "...and no model written" test ! -e "$TMP/x.model"

D=$SHARED/data
if [ ! -d "$D/trafilatura-dev" ] || [ ! -d "$D/cleaneval-dev" ]; then
	skip "$D/trafilatura-dev or cleaneval-dev not present (CI has them)"
	done_testing
	exit $?
fi
ok "CLEANEVAL's gold texts and trafilatura's snippets" train-ncleaner --method logistic \
	"$D/cleaneval-dev/gold" "$D/cleaneval-dev/orig" "$D/trafilatura-dev/evaldata.json" \
	"$D/trafilatura-dev/orig" "$TMP/dev.model"
grep_ok "...every page of trafilatura-dev labelled" "snippets of 312 pages: [0-9]* of 938 \"with\" and [0-9]* of 932 \"without\"" "$TMP/err"
grep_fails "...with no page skipped" "skipped" "$TMP/err"
done_testing
