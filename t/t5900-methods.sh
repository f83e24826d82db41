#!/bin/sh
# t5900-methods: choosing a method (issue 12) from the command line: by
# --method, by the model file's method line, or the default; options of one
# method refused with another; a model built for another method refused by
# name; the perplexity method trained by train-ncleaner and used by ncleaner,
# its cut-off, its jsonl description, and bad models.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi

ok "--help-methods" ncleaner --help-methods
grep_ok "...lists ncleaner" "^  ncleaner .*\[english\]" "$TMP/out"
grep_ok "...and perplexity, with its default model" "^  perplexity .*\[perplexity\]" "$TMP/out"
fails 2 "an unknown --method" ncleaner --method nosuch "$F/page.html"
grep_ok "...is named" "no method 'nosuch'" "$TMP/err"

# --- The composition tables (issue 16) -----------------------------------------------------

ok "--help-renderers" ncleaner --help-renderers
grep_ok "...lists lynx, writing a dump" "^  lynx .*writes dump" "$TMP/out"
grep_ok "...and the block reader" "^  blocks .*writes blocks" "$TMP/out"
ok "--help-deciders" ncleaner --help-deciders
grep_ok "...lists threshold, reading --bias and its presets" "^  threshold .*(--bias, --precision, --recall)" "$TMP/out"
fails 2 "an unknown --renderer" ncleaner --renderer nosuch "$F/page.html"
grep_ok "...is named" "no renderer 'nosuch'" "$TMP/err"
fails 2 "an unknown --decider" ncleaner --decider threshold,nosuch "$F/page.html"
grep_ok "...is named" "no decider 'nosuch'" "$TMP/err"
fails 2 "a renderer that writes another layout than the method reads" \
	ncleaner --method ice-dt --renderer lynx "$F/page.html"
grep_ok "...says both" "the ice-dt method reads a blocks layout, and the lynx renderer writes dump" "$TMP/err"
fails 2 "an option of a renderer not chosen" ncleaner --method ice-bl --lynx lynx "$F/page.html"
grep_ok "...is refused, naming the renderer" "lynx does not apply to the blocks renderer" "$TMP/err"
fails 2 "a decider's option without a method" ncleaner --no-lm -b 1 "$F/page.html"
fails 2 "--paper with another renderer" ncleaner --paper --renderer blocks "$F/page.html"
ok "jsonl names the renderer and the decider that ran" ncleaner --method ncleaner -f jsonl "$F/page.html"
grep_ok "..." '"method":{"name":"ncleaner","model":"english",.*"bias":0,"decider":"threshold","renderer":"lynx"}' "$TMP/out"
ok "two deciders in turn" ncleaner --method ncleaner -f jsonl --decider threshold,threshold "$F/page.html"
grep_ok "...described apart" '"deciders":\[{"name":"threshold","bias":0},{"name":"threshold","bias":0}\],"decider":"threshold,threshold"' "$TMP/out"
ncleaner "$F/page.html" > "$TMP/one"
ok "...keep what one keeps (the same threshold twice)" sh -c 'ncleaner --decider threshold,threshold "$1" | cmp - "$2"' sh "$F/page.html" "$TMP/one"
ok "--renderer builtin cleans the page in process" \
	env NCLEANER_LYNX=/nonexistent/lynx ncleaner --renderer builtin -f jsonl "$F/page.html"
grep_ok "...named in jsonl" '"renderer":"builtin"' "$TMP/out"
grep_ok "...keeping the running text" "The harbour was quiet that morning" "$TMP/out"
ok "...with the Lynx model and no warning (it reproduces Lynx's dump)" test ! -s "$TMP/err"
ok "--method ice-dt --renderer blocks, named" ncleaner --method ice-dt --renderer blocks -f jsonl "$F/page.html"
grep_ok "...in jsonl" '"renderer":"blocks"' "$TMP/out"

# --- Training a perplexity model ----------------------------------------------------------

ok "train-ncleaner --method perplexity on gold texts" \
	train-ncleaner --method perplexity "$FIXTURES/t6000/gold" "$TMP/bi.model"
grep_ok "...says what it counted" "wrote .*bi.model: order 2, [0-9]* sentences" "$TMP/err"
grep_ok "...the file names its method" "^method	perplexity$" "$TMP/bi.model"
grep_ok "...and the published cut-off" "^max_perplexity	8000$" "$TMP/bi.model"
mkdir -p "$TMP/texts/b" "$TMP/texts/a"
cp "$FIXTURES"/t6000/gold/1-cleaned.txt "$FIXTURES"/t6000/gold/2-cleaned.txt "$TMP/texts/b/"
cp "$FIXTURES"/t6000/gold/3-cleaned.txt "$FIXTURES"/t6000/gold/4-cleaned.txt "$TMP/texts/a/"
ok "several inputs, files and directories" train-ncleaner --method perplexity \
	"$TMP/texts/a" "$TMP/texts/b" "$TMP/bi2.model"
ok "...give the same model as one directory of the same texts" cmp "$TMP/bi.model" "$TMP/bi2.model"
ok "a trigram model" train-ncleaner --method perplexity -n 3 --max-perplexity 500 \
	"$FIXTURES/t6000/gold" "$TMP/tri.model"
grep_ok "...of order 3" "^order	3$" "$TMP/tri.model"
grep_ok "...with the cut-off asked for" "^max_perplexity	500$" "$TMP/tri.model"
fails 2 "order 4" train-ncleaner --method perplexity -n 4 "$FIXTURES/t6000/gold" "$TMP/x.model"
fails 2 "an ncleaner option with --method perplexity" \
	train-ncleaner --method perplexity --diff "$FIXTURES/t6000/gold" "$TMP/x.model"
fails 2 "--max-perplexity below 1" \
	train-ncleaner --method perplexity --max-perplexity 0.5 "$FIXTURES/t6000/gold" "$TMP/x.model"
fails 2 "--max-perplexity when training ncleaner" \
	train-ncleaner --diff --max-perplexity 9 "$FIXTURES/t6000/gold" "$FIXTURES/t6000/raw" "$TMP/x.model"
fails 2 "a method train-ncleaner does not train" \
	train-ncleaner --method nosuch "$FIXTURES/t6000/gold" "$TMP/x.model"
mkdir -p "$TMP/empty"
fails 2 "no text to train on" train-ncleaner --method perplexity "$TMP/empty" "$TMP/x.model"
is "$(ls "$TMP" | grep -c '^x.model')" 0 "...and no model is left behind by any of them"

# --- Choosing the method ----------------------------------------------------------------------

ok "a perplexity model given with -m" ncleaner -m "$TMP/bi.model" -f jsonl "$F/page.html"
grep_ok "...is used with its method" '"method":{"name":"perplexity","model":"[^"]*bi.model","order":2,"max_perplexity":8000,' "$TMP/out"
ok "--method perplexity -m MODEL" ncleaner --method perplexity -m "$TMP/tri.model" -f jsonl "$F/page.html"
grep_ok "...the model's own cut-off" '"order":3,"max_perplexity":500,' "$TMP/out"
ok "the default method" ncleaner -f jsonl "$F/page.html"
grep_ok "...is logistic, with its shipped model (issue 20)" \
	'"method":{"name":"logistic","model":"logistic","features":[0-9]*,"ngram_model":"logistic-ngram.model","deciders":\[{"name":"threshold","bias":0},{"name":"fallback"}\]' "$TMP/out"
ok "--method ncleaner" ncleaner --method ncleaner -f jsonl "$F/page.html"
grep_ok "...with the english model and its settings" \
	'"method":{"name":"ncleaner","model":"english","order":3,"q":0.5,"bias":0,' "$TMP/out"
fails 2 "-n without --method" ncleaner -n 2 "$F/page.html"
grep_ok "...is not the default method's option, and says so" \
	"-n does not apply to the logistic method (the default one; --method NAME chooses another" "$TMP/err"
ok "-n with --nonlex" ncleaner --nonlex -n 2 "$F/page.html"
fails 2 "--method ncleaner with a perplexity model" ncleaner --method ncleaner -m "$TMP/bi.model" "$F/page.html"
grep_ok "...names both methods" "built for the method 'perplexity', asked for 'ncleaner'" "$TMP/err"
fails 2 "--method perplexity with the english model" ncleaner --method perplexity -m english "$F/page.html"
grep_ok "...names both methods" "built for the method 'ncleaner', asked for 'perplexity'" "$TMP/err"
fails 2 "--paper with a perplexity model" ncleaner --paper -m "$TMP/bi.model" "$F/page.html"
fails 2 "--paper --method perplexity" ncleaner --paper --method perplexity "$F/page.html"
fails 2 "-q with the perplexity method" ncleaner -m "$TMP/bi.model" -q 0.3 "$F/page.html"
grep_ok "...does not apply" "\-q does not apply to the perplexity method" "$TMP/err"
fails 2 "--max-perplexity with the ncleaner method" ncleaner --max-perplexity 10 "$F/page.html"
printf 'ncleaner-model\t2\nmethod\tsomething-new\n' > "$TMP/new.model"
fails 2 "a model of a method this ncleaner does not know" ncleaner -m "$TMP/new.model" "$F/page.html"
grep_ok "...says so" "built for the method 'something-new', which this ncleaner does not know" "$TMP/err"
# A logistic model with finite but huge weights loaded, and its log-odds
# overflowed: JSON lines held "cost_dirty":inf and -nan (issue 36).
sed 's/^\(weight\tintercept\t\).*/\1-1e308/; s/^\(weight\tlog_chars\t\).*/\11e308/' \
	"$SRC/models/logistic.model" > "$TMP/huge.model"
cp "$SRC/models/logistic-ngram.model" "$TMP/"
fails 2 "a logistic model with weights of 1e308" ncleaner -m "$TMP/huge.model" --scores -f jsonl "$F/page.html"
grep_ok "...is refused, naming the line and the weight" \
	"huge.model:[0-9]*: the weight of intercept, -1e308, is larger in size than 1e+09" "$TMP/err"
is "$(wc -c < "$TMP/out")" 0 "...before any output"
head -c 200 "$TMP/bi.model" > "$TMP/cut.model"
fails 2 "a truncated perplexity model" ncleaner -m "$TMP/cut.model" "$F/page.html"
grep_ok "...names the file" "cut.model" "$TMP/err"

# --- The perplexity method at work ----------------------------------------------------------------

ok "perplexity with --scores" ncleaner -m "$TMP/bi.model" --scores "$F/page.html"
mv "$TMP/out" "$TMP/scores"
grep_ok "...a line per sentence, log2 of the cut-off beside it" "	12.9658	\(keep\|drop\)	" "$TMP/scores"
ok "--max-perplexity 1 keeps no sentence" ncleaner -m "$TMP/bi.model" --max-perplexity 1 "$F/page.html"
is "$(cat "$TMP/out")" "URL: http://example.org/story.html" "...only the URL line is left"
ok "--max-perplexity 1e9 keeps every sentence" ncleaner -m "$TMP/bi.model" --max-perplexity 1e9 -f jsonl "$F/page.html"
grep_ok "...every segment kept" '"counts":{"segments":\([0-9]*\),"kept":\1,' "$TMP/out"
printf '\n\n   \n' > "$TMP/blank.txt"
ok "a page without sentences" ncleaner -m "$TMP/bi.model" --text "$TMP/blank.txt"
printf '' > "$TMP/empty.html"
ok "an empty page" ncleaner -m "$TMP/bi.model" --html "$TMP/empty.html"
if [ -f "$SRC/models/perplexity.model" ]; then
	ok "the shipped perplexity model" ncleaner --method perplexity "$F/page.html"
	grep_ok "...keeps the story" "^<p>The harbour was quiet" "$TMP/out"
else
	skip "models/perplexity.model is not in the source tree"
	skip "models/perplexity.model is not in the source tree"
fi

done_testing
