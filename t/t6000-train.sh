#!/bin/sh
# t6000-train: train-ncleaner on small gold and raw texts written for the test.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t6000

ok "--help works" train-ncleaner --help
ok "differential training" train-ncleaner --diff -n 3 -q 0.5 -m 1 "$F/gold" "$F/raw" "$TMP/a.model"
grep_ok "the model has the magic line" "^ncleaner-model	3$" "$TMP/a.model"
grep_ok "...and names the renderer it was built through" "^renderer	lynx$" "$TMP/a.model"
grep_ok "...and the rules" "^rules	html:[0-9a-f]\{12\},dump:[0-9a-f]\{12\}$" "$TMP/a.model"
grep_ok "the model names its method" "^method	ncleaner$" "$TMP/a.model"
grep_ok "the model records n" "^order	3$" "$TMP/a.model"
grep_ok "the model has an end line" "^end	[0-9]*$" "$TMP/a.model"
ok "training again" train-ncleaner --diff -n 3 -q 0.5 -m 1 "$F/gold" "$F/raw" "$TMP/b.model"
ok "the model is rebuilt byte for byte" cmp "$TMP/a.model" "$TMP/b.model"
ok "the trained model cleans" ncleaner -m "$TMP/a.model" "$F/raw/1.txt"
grep_ok "...keeping the story" "The river rose slowly" "$TMP/out"
if grep -q "Privacy policy" "$TMP/out"; then fail "...dropping the footer"; else pass "...dropping the footer"; fi
ok "the non-lexical mode trains" train-ncleaner --diff -n 6 -q 0.4 -m 3 "$F/gold" "$F/raw" "$TMP/nl.model"
grep_ok "...with mode 3" "^mode	3$" "$TMP/nl.model"
ok "standard (non-differential) training" train-ncleaner -n 2 "$F/gold" "$F/raw" "$TMP/s.model"
ok "--paper trains as the default does" \
	train-ncleaner --paper --diff -n 3 -q 0.5 -m 1 "$F/gold" "$F/raw" "$TMP/p.model"
ok "...to the same model" cmp "$TMP/a.model" "$TMP/p.model"
fails 2 "--paper with --direct-segments is refused" \
	train-ncleaner --paper --direct-segments --diff "$F/gold" "$F/raw" "$TMP/x.model"
ok "training on the segments as the cleaner sees them" \
	train-ncleaner --diff --direct-segments -n 3 -q 0.5 -m 1 "$F/gold" "$F/raw" "$TMP/d.model"
# raw/2.txt has a centred "Login | Register": the two-field rule of
# dump.rules misses it on the indented dump line, and the second,
# 2008-compatible reading of the trimmed segment removes it.
if cmp -s "$TMP/a.model" "$TMP/d.model"; then fail "...which differs from the 2008-compatible reading"
else pass "...which differs from the 2008-compatible reading"; fi
ok "tuning by cross-validation" train-ncleaner --tune --folds 2 "$F/raw"
grep_ok "the tuning table has a row per q" "^0.50	" "$TMP/out"
grep_ok "...and names the best setting" "^# lowest: n = " "$TMP/out"
fails 2 "a missing directory is an error" train-ncleaner --diff "$TMP/none" "$F/raw" "$TMP/c.model"
fails 2 "-n 9 is refused" train-ncleaner -n 9 "$F/gold" "$F/raw" "$TMP/c.model"
fails 2 "an unwritable output is an error" train-ncleaner --diff "$F/gold" "$F/raw" "$TMP/none/x.model"

# A file whose raw page fails (here: Lynx fails on it) leaves no trace: the
# model equals one trained without that file, and the status says so.
mkdir -p "$TMP/fgold" "$TMP/fraw" "$TMP/fgold2" "$TMP/fraw2"
for i in 1 2 3; do
	cp "$F/gold/$i-cleaned.txt" "$TMP/fgold/"
	{ echo "<html><body><pre>"; cat "$F/raw/$i.txt"; echo "</pre></body></html>"; } > "$TMP/fraw/$i.html"
done
cp "$TMP/fgold/1-cleaned.txt" "$TMP/fgold/2-cleaned.txt" "$TMP/fgold2/"
cp "$TMP/fraw/1.html" "$TMP/fraw/2.html" "$TMP/fraw2/"
echo "FAILME" >> "$TMP/fraw/3.html"
cat > "$TMP/picky-lynx" <<'SCRIPT'
#!/bin/sh
page=$(cat)
case $page in *FAILME*) exit 3 ;; esac
printf '%s\n' "$page" | exec lynx "$@"
SCRIPT
chmod +x "$TMP/picky-lynx"
fails 1 "a raw page that fails makes training report failure" \
	train-ncleaner --lynx "$TMP/picky-lynx" --diff -n 3 "$TMP/fgold" "$TMP/fraw" "$TMP/f.model"
grep_ok "...naming the page" "3.html.*exit status 3" "$TMP/err"
ok "...and still write the model" test -s "$TMP/f.model"
ok "training on the good pages alone" train-ncleaner --lynx "$TMP/picky-lynx" --diff -n 3 "$TMP/fgold2" "$TMP/fraw2" "$TMP/f2.model"
ok "...gives the same model: the failed page left no trace" cmp "$TMP/f.model" "$TMP/f2.model"
# Raw pages are opened as ncleaner opens its inputs (issue 16): a gzip'd
# page trains as the page itself; an archive is refused by name.
mkdir -p "$TMP/rawgz"
cp "$F/raw/"* "$TMP/rawgz/"
first=$(ls "$TMP/rawgz" | head -n 1)
gzip "$TMP/rawgz/$first"
ok "differential training with a gzip'd raw page" \
	train-ncleaner --diff -n 3 -q 0.5 -m 1 "$F/gold" "$TMP/rawgz" "$TMP/gz.model"
ok "...gives the model of the plain pages" cmp "$TMP/a.model" "$TMP/gz.model"
# The output may replace only an earlier model (issue 17, item 3).
mkdir -p "$TMP/texts"
cp "$F/gold/"* "$TMP/texts/"
last=$(ls "$TMP/texts" | tail -n 1)
cp "$TMP/texts/$last" "$TMP/last.copy"
fails 2 "an output that is one of the inputs is refused" \
	train-ncleaner --method perplexity "$TMP/texts"/* 
grep_ok "...saying so" "is not a model file: not replaced (the output comes last" "$TMP/err"
ok "...and the input is untouched" cmp "$TMP/texts/$last" "$TMP/last.copy"
fails 2 "an output inside an input directory is refused" \
	train-ncleaner --method perplexity "$TMP/texts" "$TMP/texts/$last"
grep_ok "...saying so" "is one of the training inputs" "$TMP/err"
ok "...and the input is untouched" cmp "$TMP/texts/$last" "$TMP/last.copy"
echo "notes" > "$TMP/notes.txt"
fails 2 "an existing file that is not a model is refused" \
	train-ncleaner --diff "$F/gold" "$F/raw" "$TMP/notes.txt"
grep_ok "...and kept" "^notes$" "$TMP/notes.txt"
fails 2 "a directory as the output is refused" train-ncleaner --diff "$F/gold" "$F/raw" "$TMP/texts"
ok "an earlier model is replaced" train-ncleaner --diff "$F/gold" "$F/raw" "$TMP/a.model"
fails 2 "--diff with the clean texts as the raw pages is refused" \
	train-ncleaner --diff "$F/gold" "$F/gold" "$TMP/same.model"
grep_ok "...saying they are the same" "are the same" "$TMP/err"
head -c 4096 /dev/urandom > "$TMP/texts/zz-binary.txt"
printf '\0\0\0binary' >> "$TMP/texts/zz-binary.txt"
fails 1 "a binary training text is refused by name" \
	train-ncleaner --method perplexity "$TMP/texts" "$TMP/bin.model"
grep_ok "...naming it" "zz-binary.txt: binary data, not a text" "$TMP/err"
# Gold texts are read by stage 1's text reader, as the cleaner reads a dump
# (issue 16): a gzip'd one as its text, and the URL line by the reading's
# rule. A byte order mark before "URL:" hid the line from the 2008 rule,
# which the compatible reading keeps (the shipped models were built so);
# the direct reading takes it as the page's URL, as the cleaner does.
mkdir -p "$TMP/ggz" "$TMP/gurl" "$TMP/gnourl"
cp "$F/gold/"* "$TMP/ggz/"
gzip "$TMP/ggz/1-cleaned.txt"
ok "a gzip'd gold text is read" \
	train-ncleaner --diff -n 3 -q 0.5 -m 1 "$TMP/ggz" "$F/raw" "$TMP/gz.model"
ok "...as the text itself" cmp "$TMP/a.model" "$TMP/gz.model"
cp "$F/gold/"* "$TMP/gurl/"
cp "$F/gold/"* "$TMP/gnourl/"
{ printf '\357\273\277URL: http://zq.example/zqxv\n'; grep -v '^URL' "$F/gold/1-cleaned.txt"; } \
	> "$TMP/gurl/1-cleaned.txt"
{ printf '\357\273\277'; grep -v '^URL' "$F/gold/1-cleaned.txt"; } > "$TMP/gnourl/1-cleaned.txt"
for d in gurl gnourl; do
	train-ncleaner --diff -n 3 -q 0.5 -m 1 "$TMP/$d" "$F/raw" "$TMP/$d-c.model" 2> /dev/null
	train-ncleaner --diff --direct-segments -n 3 -q 0.5 -m 1 "$TMP/$d" "$F/raw" \
		"$TMP/$d-d.model" 2> /dev/null
done
ok "the direct reading takes a gold text's URL line after a byte order mark as its URL" \
	cmp "$TMP/gurl-d.model" "$TMP/gnourl-d.model"
if cmp -s "$TMP/gurl-c.model" "$TMP/gnourl-c.model"; then
	fail "...the compatible reading counts it as text, as 2008 did"
else
	pass "...the compatible reading counts it as text, as 2008 did"
fi
# --language: what the clean texts are in, stored in the model's header.
ok "--language en" train-ncleaner --diff --language en "$F/gold" "$F/raw" "$TMP/lang.model"
grep_ok "...is a header line of the model" "^language	en$" "$TMP/lang.model"
ok "...which ncleaner loads" ncleaner -m "$TMP/lang.model" --text "$F/gold/1-cleaned.txt"
grep_ok "...and the shipped english model says it learned English" "^language	en$" \
	"$SRC/models/english.model"
fails 2 "--language with a bad code is refused" \
	train-ncleaner --diff --language 'e n' "$F/gold" "$F/raw" "$TMP/bad.model"
grep_ok "...saying so" "not a language code" "$TMP/err"
fails 2 "--language does not train perplexity" \
	train-ncleaner --method perplexity --language en "$F/gold" "$TMP/bad.model"

# --help's --method NAME line names every method the trainer takes (as the
# message for an unknown one lists them, from the trainers' table).
fails 2 "an unknown --method is refused" train-ncleaner --method nosuch "$F/gold" "$F/raw" "$TMP/x.model"
methods=$(sed -n 's/.*is not a method this program trains (\(.*\))$/\1/p' "$TMP/err" |
	sed 's/, / /g; s/ or / /')
is "$methods" "ncleaner perplexity ice-dt ice-lm logistic" "...listing the methods it trains"
train-ncleaner --help | awk '/^      --method NAME/ { on = 1; print; next }
	on && (/^      --/ || /^  -/) { exit } on' | tr '\n,()' '    ' > "$TMP/method-help"
missing=
for m in $methods; do
	case " $(cat "$TMP/method-help") " in *" $m "*) ;; *) missing="$missing $m" ;; esac
done
is "$missing" "" "--help's --method NAME line lists every method the trainer takes"

# Figures on the training pages: from fewer than 20 pages, a warning that
# they say little (train-ncleaner(1), --method logistic).
T=$FIXTURES/t5950
ok "logistic from 4 pages" train-ncleaner --method logistic --renderer builtin "$T/gold" "$T/orig" \
	"$TMP/few.model"
grep_ok "...warns on standard error that its figures are on too few pages" \
	"warning: learnt from 4 pages, fewer than 20: the P, R and F above are on the pages it learnt from" \
	"$TMP/err"
grep_ok "...suggesting cross-validation" "measure by cross-validation" "$TMP/err"
grep_fails "...not on standard output" "warning" "$TMP/out"
ok "...and writes the model all the same" test -s "$TMP/few.model"
set --
for i in 1 2 3 4 5; do set -- "$@" "$T/gold" "$T/orig"; done
ok "logistic from 20 pages" train-ncleaner --method logistic --renderer builtin "$@" "$TMP/twenty.model"
grep_ok "...(20 of them)" "segments of 20 pages" "$TMP/err"
grep_fails "...does not warn" "warning: learnt from" "$TMP/err"
ok "ice-lm from 4 pages" train-ncleaner --method ice-lm "$T/gold" "$T/orig" "$TMP/few-lm.model"
grep_ok "...warns too" "warning: learnt from 4 pages, fewer than 20" "$TMP/err"
ok "ice-dt from 4 pages" train-ncleaner --method ice-dt "$T/gold" "$T/orig" "$TMP/few-dt.model"
grep_fails "...prints no F, and so no warning" "warning: learnt from" "$TMP/err"

done_testing
