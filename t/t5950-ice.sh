#!/bin/sh
# t5950-ice: the ICE methods (issue 12) from the command line. Each --method
# on the test page (the HTML's blocks, without Lynx); ice-hr on a text dump;
# the jsonl description; --max-kl; the shipped models; train-ncleaner
# --method ice-dt and ice-lm on tests/t5950 (four pages and their gold),
# byte for byte reproducible, used by ncleaner; bad trees and settings,
# options of other methods, bad pages: clear errors, never a crash.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000
P=$FIXTURES/t5950

ok "--help-methods lists the ICE methods" ncleaner --help-methods
grep_ok "...ice-bl, without a model" "^  ice-bl .*\[no model\]" "$TMP/out"
grep_ok "...ice-hr, without a model" "^  ice-hr .*\[no model\]" "$TMP/out"
grep_ok "...ice-dt, with its shipped tree" "^  ice-dt .*\[ice-dt\]" "$TMP/out"
grep_ok "...ice-lm, with its shipped settings" "^  ice-lm .*\[ice-lm\]" "$TMP/out"

# --- each method on the test page -----------------------------------------------------------

# No Lynx is run: a Lynx that does not exist does not matter.
ok "ice-bl on the test page (no Lynx needed)" env NCLEANER_LYNX=/nonexistent/lynx ncleaner --method ice-bl "$F/page.html"
cat > "$TMP/want" <<'EOF'
URL: http://example.org/story.html
<p>Home | News | Sport | Weather | Contact
<p>The Harbour Story
<p>The harbour was quiet that morning, and the fishermen sat mending their nets while the gulls argued over what the night had left on the quay.
<p>Nobody expected the storm. It came at noon.
<p>Boats lost: three
<p>Boats saved: eleven
<p>Café owners said business was slow. Müller agreed.
EOF
mv "$TMP/out" "$TMP/got"
ok "...every block as <p>: one <br> is a space, script, style and comment are gone" cmp "$TMP/got" "$TMP/want"

ok "ice-hr on the test page" ncleaner --method ice-hr "$F/page.html"
cat > "$TMP/want" <<'EOF'
URL: http://example.org/story.html
<h>The Harbour Story
<p>The harbour was quiet that morning, and the fishermen sat mending their
<p>nets while the gulls argued over what the night had left on the quay.
EOF
mv "$TMP/out" "$TMP/got"
ok "...the title before the long lines as a heading, the page's own line breaks kept" cmp "$TMP/got" "$TMP/want"
ok "ice-hr with --scores" ncleaner --method ice-hr --scores "$F/page.html"
grep_ok "...a kept line costs 0 and 1" "^0.0000	1.0000	keep	<h>The Harbour Story$" "$TMP/out"
grep_ok "...a dropped one 1 and 0" "^1.0000	0.0000	drop	<p>Boats lost: three Boats saved: eleven$" "$TMP/out"

ok "ice-hr on a text dump (--text): its lines" ncleaner --method ice-hr --text "$F/dump.txt"
mv "$TMP/out" "$TMP/got"
cat > "$TMP/want" <<'EOF'
URL: http://example.org/dump
<h>Home | News | Sport | Weather
<p>A plain text dump enters at the segmentation stage, and its paragraphs
EOF
ok "...each dump line is a line: the long one a paragraph, the title two blank lines before it a heading" cmp "$TMP/got" "$TMP/want"

ok "ice-dt with the shipped tree" ncleaner --method ice-dt -f jsonl "$F/page.html"
grep_ok "...names its model and its size" '"method":{"name":"ice-dt","model":"ice-dt","nodes":[0-9]*,"bias":0,' "$TMP/out"
ok "ice-lm with the shipped settings" ncleaner --method ice-lm -f jsonl "$F/page.html"
grep_ok "...names its discount and threshold" '"method":{"name":"ice-lm","model":"ice-lm","discount":0.7,"max_kl":[0-9.]*,' "$TMP/out"
ok "ice-bl in jsonl" ncleaner --method ice-bl -f jsonl "$F/page.html"
grep_ok "...has no model" '"method":{"name":"ice-bl","model":null,"bias":0,' "$TMP/out"
ok "ice-lm --max-kl 1e9 keeps every block" ncleaner --method ice-lm --max-kl 1e9 -f jsonl "$F/page.html"
grep_ok "...all seven" '"counts":{"segments":7,"kept":7,' "$TMP/out"
ok "ice-lm --max-kl 1e-9 keeps only blocks at 0" ncleaner --method ice-lm --max-kl 1e-9 -f jsonl --scores "$F/page.html"
grep_ok "...none here" '"counts":{"segments":7,"kept":0,' "$TMP/out"

# -j 2 gives what -j 1 gives.
mkdir -p "$TMP/pages"
cp "$F/page.html" "$P"/orig/*.html "$TMP/pages/"
for m in ice-bl ice-hr ice-dt ice-lm; do
	ncleaner -j 1 --method $m -o "$TMP/j1-$m" "$TMP/pages" 2> /dev/null
	ncleaner -j 2 --method $m -o "$TMP/j2-$m" "$TMP/pages" 2> /dev/null
	ok "$m: -j 2 writes what -j 1 writes" diff -r "$TMP/j1-$m" "$TMP/j2-$m"
done

# --- options ------------------------------------------------------------------------------

fails 2 "ice-bl takes no model" ncleaner --method ice-bl -m english "$F/page.html"
grep_ok "...says so" "the ice-bl method takes no model" "$TMP/err"
fails 2 "--max-kl with the ncleaner method" ncleaner --method ncleaner --max-kl 3 "$F/page.html"
grep_ok "...does not apply" "\-\-max-kl does not apply to the ncleaner method" "$TMP/err"
fails 2 "--max-kl 0" ncleaner --method ice-lm --max-kl 0 "$F/page.html"
fails 2 "-q with ice-dt" ncleaner --method ice-dt -q 0.5 "$F/page.html"
fails 2 "--method ice-dt with the english model" ncleaner --method ice-dt -m english "$F/page.html"
grep_ok "...names both methods" "built for the method 'ncleaner', asked for 'ice-dt'" "$TMP/err"

# --- training -------------------------------------------------------------------------------

ok "train-ncleaner --method ice-dt" train-ncleaner --method ice-dt "$P/gold" "$P/orig" "$TMP/dt.model"
grep_ok "...says what it learnt from" "wrote .*dt.model: [0-9]* nodes; 36 blocks of 4 pages: 4 h, 0 l, 8 p, 24 n" "$TMP/err"
grep_ok "...a tree file of the ice-dt method" "^method	ice-dt$" "$TMP/dt.model"
grep_ok "...with its classes" "^classes	h l p n$" "$TMP/dt.model"
ok "...again" train-ncleaner --method ice-dt "$P/gold" "$P/orig" "$TMP/dt2.model"
ok "...byte for byte the same" cmp "$TMP/dt.model" "$TMP/dt2.model"
ok "the tree given with -m chooses its method" ncleaner -m "$TMP/dt.model" "$P/orig/2.html"
cat > "$TMP/want" <<'EOF'
URL: ../tests/t5950/orig/2.html
<h>A quiet harbour
<p>The harbour was quiet that morning, and the fishermen sat mending their nets while the gulls argued over what the night had left on the quay.
<p>Nobody expected the storm that came at noon, though the oldest sailors had watched the clouds gather over the headland since dawn.
EOF
is "$(tail -n +2 "$TMP/out")" "$(tail -n +2 "$TMP/want")" "...and keeps the story, its title a heading"
ok "a pruning confidence" train-ncleaner --method ice-dt --confidence 0.1 "$P/gold" "$P/orig" "$TMP/dt3.model"
ok "two pairs of directories" train-ncleaner --method ice-dt "$P/gold" "$P/orig" "$P/gold" "$P/orig" "$TMP/dt4.model"
grep_ok "...read both" "72 blocks of 8 pages" "$TMP/err"

ok "train-ncleaner --method ice-lm" train-ncleaner --method ice-lm --discount 0.5 "$P/gold" "$P/orig" "$TMP/lm.model"
grep_ok "...says what it chose" "wrote .*lm.model: max_kl [0-9.]* (P [0-9.]*, R [0-9.]*, F [0-9.]* in words" "$TMP/err"
grep_ok "...a settings file of the ice-lm method" "^method	ice-lm$" "$TMP/lm.model"
grep_ok "...with the discount asked for" "^discount	0.5$" "$TMP/lm.model"
ok "...used with -m" ncleaner -m "$TMP/lm.model" "$P/orig/1.html"

fails 2 "--confidence with ice-lm" train-ncleaner --method ice-lm --confidence 0.2 "$P/gold" "$P/orig" "$TMP/x.model"
fails 2 "--discount with ice-dt" train-ncleaner --method ice-dt --discount 0.2 "$P/gold" "$P/orig" "$TMP/x.model"
fails 2 "--discount 1" train-ncleaner --method ice-lm --discount 1 "$P/gold" "$P/orig" "$TMP/x.model"
fails 2 "--diff with ice-dt" train-ncleaner --method ice-dt --diff "$P/gold" "$P/orig" "$TMP/x.model"
fails 2 "a gold directory without its raw one" train-ncleaner --method ice-dt "$P/gold" "$P/orig" "$P/gold" "$TMP/x.model"
mkdir -p "$TMP/empty" "$TMP/unpaired"
cp "$P/gold/1-cleaned.txt" "$TMP/unpaired/9-cleaned.txt"
fails 2 "an empty gold directory" train-ncleaner --method ice-dt "$TMP/empty" "$P/orig" "$TMP/x.model"
grep_ok "...says so" "empty: directory holds no files" "$TMP/err"
fails 2 "no page with a gold text" train-ncleaner --method ice-dt "$TMP/unpaired" "$P/orig" "$TMP/x.model"
grep_ok "...says so" "no page with a gold text to learn from" "$TMP/err"
is "$(ls "$TMP" | grep -c '^x.model')" "0" "...and no model is left behind by any of them"
mkdir -p "$TMP/train/gold" "$TMP/train/orig"
cp "$P"/gold/* "$TMP/train/gold/"
cp "$P"/orig/* "$TMP/train/orig/"
cp "$P/gold/1-cleaned.txt" "$TMP/train/gold/5-cleaned.txt"
truncate -s 65M "$TMP/train/orig/5.html"
fails 1 "a page over the size limit" train-ncleaner --method ice-dt "$TMP/train/gold" "$TMP/train/orig" "$TMP/dt5.model"
ok "...the tree is still written from the others" cmp "$TMP/dt.model" "$TMP/dt5.model"

# --- bad trees and settings -----------------------------------------------------------------

head -c 150 "$TMP/dt.model" > "$TMP/cut.model"
fails 2 "a truncated tree" ncleaner -m "$TMP/cut.model" "$F/page.html"
grep_ok "...names the file and the line" "cut.model:[0-9]*: " "$TMP/err"
sed 's/^1	\([a-z]*\)<=/1	length<=/' "$TMP/dt.model" > "$TMP/feature.model"
fails 2 "a tree with an unknown feature" ncleaner -m "$TMP/feature.model" "$F/page.html"
grep_ok "...names it, the file and the line" "feature.model:9: unknown feature 'length'" "$TMP/err"
sed 's/^classes	h l p n$/classes	h l p x/' "$TMP/dt.model" > "$TMP/class.model"
fails 2 "a tree with an unknown class" ncleaner -m "$TMP/class.model" "$F/page.html"
grep_ok "...names the file and the line" "class.model:6: the classes must be 'h l p n'" "$TMP/err"
fails 2 "--method ice-lm with a tree" ncleaner --method ice-lm -m "$TMP/dt.model" "$F/page.html"
grep_ok "...names both methods" "built for the method 'ice-dt', asked for 'ice-lm'" "$TMP/err"
sed '/^end$/d' "$TMP/lm.model" > "$TMP/lm-cut.model"
fails 2 "ice-lm settings without their end line" ncleaner -m "$TMP/lm-cut.model" "$F/page.html"
grep_ok "...are truncated" "lm-cut.model:[0-9]*: the file ends without the end line" "$TMP/err"

# --- bad pages ----------------------------------------------------------------------------------

for m in ice-bl ice-hr ice-dt ice-lm; do
	ok "$m: an empty page" ncleaner --method $m "$F/empty.html"
	is "$(cat "$TMP/out")" "URL: $F/empty.html" "...gives only its URL line"
	set +e; ncleaner --method $m --html "$F/binary.html" > "$TMP/out" 2> "$TMP/err"; status=$?; set -e
	is "$([ $status -le 1 ] && echo clean-exit)" "clean-exit" "$m: binary junk as HTML: cleaned or refused, no crash"
done
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "<div><table><tr><td><ul><li><b><i>"; print "deep text" }' > "$TMP/deep.html"
ok "20000 levels of unclosed tags" ncleaner --method ice-bl "$TMP/deep.html"
grep_ok "...keep their text" "deep text" "$TMP/out"
# A title, and a first block without a word: ice-lm once sorted no words
# from a null pointer (undefined behaviour; the sanitizer build aborted).
printf '<html><head><title>Harbour news today</title></head><body><p>-- * --</p><p>The harbour was quiet that morning.</p></body></html>' > "$TMP/wordless.html"
ok "ice-lm: a titled page whose first block has no word" ncleaner --method ice-lm "$TMP/wordless.html"
grep_ok "...is cleaned" "^URL: " "$TMP/out"
printf '<p>before\000after</p><p>caf\351 \303\251t\303\251 \377 bad</p>' > "$TMP/nul.html"
ok "NUL bytes and invalid UTF-8" ncleaner --method ice-bl "$TMP/nul.html"
grep_ok "...keep the text around them" "before after" "$TMP/out"
done_testing
