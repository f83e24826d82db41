#!/bin/sh
# t5980-structure: the page's structure carried into the dump (issue 20),
# from the command line: JSONL's link_density and cues per segment with
# both renderers, --no-structure and --paper without them, the same kept
# text either way, text a page writes like a marker kept as text, no marker
# ever in an output (the development pages when ../shared is there).
. "$(dirname "$0")/test-lib.sh"
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi
P=$FIXTURES/t5980/page.html

for renderer in lynx builtin; do
	ok "$renderer: JSONL with scores" ncleaner --renderer $renderer -f jsonl --scores "$P"
	mv "$TMP/out" "$TMP/$renderer.jsonl"
	grep_ok "...a menu item is all link, in a nav, a list and a menu" \
		'"link_density":1.00,"cues":{"nav":1.00,"list":1.00,"w_nav":1.00},[^}]*"text":"Home"' \
		"$TMP/$renderer.jsonl"
	grep_ok "...the paragraph has its link's share" \
		'"link_density":0.1[0-9],"cues":{"para":1.00,"w_content":1.00,"main":1.00},[^}]*"text":"The harbour' \
		"$TMP/$renderer.jsonl"
	grep_ok "...the footer's line is in the footer" \
		'"link_density":0.00,"cues":{"footer":1.00,"para":1.00},[^}]*"text":"Copyright' \
		"$TMP/$renderer.jsonl"
	grep_ok "...text written like a marker is the page's text" \
		'"text":"A page may write @@NC-S-00000001@@ and @@NC-S-0000000000000000ffffffff@@ as text: they stay."' \
		"$TMP/$renderer.jsonl"
	ok "$renderer: JSONL without scores" ncleaner --renderer $renderer -f jsonl "$P"
	grep_ok "...kept segments carry them too" '"link_density":0.1[0-9],"cues":{"para"' "$TMP/out"
	# The ncleaner method's scores do not read the structure: the output
	# is the same but for it (the logistic method's do: see below).
	ok "$renderer: --no-structure" ncleaner --method ncleaner --renderer $renderer --no-structure -f jsonl --scores "$P"
	mv "$TMP/out" "$TMP/plain.jsonl"
	grep_fails "...no link_density" 'link_density' "$TMP/plain.jsonl"
	ok "$renderer: the same with structure" ncleaner --method ncleaner --renderer $renderer -f jsonl --scores "$P"
	sed 's/"link_density":[0-9.]*,"cues":{[^}]*},//g' "$TMP/out" > "$TMP/stripped"
	ok "...otherwise the same output" cmp "$TMP/plain.jsonl" "$TMP/stripped"
done
ok "--paper: JSONL with scores" ncleaner --paper -f jsonl --scores "$P"
grep_fails "...no structure under --paper" 'link_density' "$TMP/out"
ok "--dump" ncleaner --dump "$P"
is "$(grep -o '@@NC-S-' "$TMP/out" | wc -l)" 2 "...writes no marker (but the page's two)"
ok "--method ice-dt (the blocks renderer reads the structure itself)" \
	ncleaner --method ice-dt -f jsonl --scores "$P"
grep_fails "...and has no cues" 'link_density' "$TMP/out"
ncleaner --dump "$P" > "$TMP/dump.txt"
ok "a text dump" ncleaner --text -f jsonl --scores "$TMP/dump.txt"
grep_fails "...has no structure" 'link_density' "$TMP/out"

# Lynx cuts lines over 1,024 columns, inside a word or a marker: a cut
# marker is joined, never written.
awk 'BEGIN { printf "<p>"; for (i = 0; i < 300; i++) printf "w%d <b>x%d</b> <a href=l%d>y</a> ", i, i, i; print "</p>" }' > "$TMP/long.html"
ok "a long line of many states" ncleaner -f jsonl --scores "$TMP/long.html"
grep_fails "...no marker or piece of one in the output" 'NC-S-\|@@' "$TMP/out"

# The logistic method (issue 20, item 2) decides from them.
ok "--method logistic with its shipped model" ncleaner --method logistic -f jsonl "$P"
grep_ok "...names the method" '"method":{"name":"logistic","model":"logistic"' "$TMP/out"
grep_ok "...keeps the story" '"text":"The harbour was quiet' "$TMP/out"
grep_fails "...drops the menu" '"text":"Home"' "$TMP/out"
T=$FIXTURES/t5950
ok "train-ncleaner --method logistic" train-ncleaner --method logistic "$T/gold" "$T/orig" "$TMP/lr.model"
grep_ok "...says what it learnt" "wrote .*lr.model: .* segments of 4 pages" "$TMP/err"
ok "...again" train-ncleaner --method logistic "$T/gold" "$T/orig" "$TMP/lr2.model"
ok "...byte for byte the same" cmp "$TMP/lr.model" "$TMP/lr2.model"
ok "ncleaner with the model learnt" ncleaner --method logistic -m "$TMP/lr.model" "$P"
sed 's/^weight\tcue_nav\t/weight\tcue_navy\t/' "$TMP/lr.model" > "$TMP/bad.model"
fails 2 "a model of other features" ncleaner --method logistic -m "$TMP/bad.model" "$P"
grep_ok "...is refused, naming the line" "bad.model:[0-9]*: the weight of cue_navy, a feature this program does not compute" "$TMP/err"
fails 2 "train-ncleaner --method logistic without pairs" train-ncleaner --method logistic "$T/gold" "$TMP/x.model"
ok "train-ncleaner --method logistic -b 1.5" train-ncleaner --method logistic -b 1.5 "$T/gold" "$T/orig" "$TMP/lr3.model"
bias() { awk -F '\t' -v k="$1" '$1 == k { print $2 }' "$2"; }
ok "...moves both biases by 1.5" awk -v a="$(bias bias "$TMP/lr.model")" -v b="$(bias bias "$TMP/lr3.model")" \
	-v c="$(bias plain-bias "$TMP/lr.model")" -v d="$(bias plain-bias "$TMP/lr3.model")" \
	'BEGIN { exit !(b - a > 1.5 - 1e-9 && b - a < 1.5 + 1e-9 && d - c > 1.5 - 1e-9 && d - c < 1.5 + 1e-9) }'
fails 2 "train-ncleaner --method logistic -q" train-ncleaner --method logistic -q 0.5 "$T/gold" "$T/orig" "$TMP/x.model"

# ngram_llr: the character models' evidence as a feature (issue 20, item 2).
grep_ok "the shipped model names its n-gram model" '^ngram-model	logistic-ngram.model$' "$top_srcdir/models/logistic.model"
ok "train-ncleaner --ngram-folds 2 --ngram-model" train-ncleaner --method logistic --ngram-folds 2 \
	--ngram-model "$TMP/lr-ngram.model" "$T/gold" "$T/orig" "$TMP/lr4.model"
grep_ok "...writes the n-gram model" '^method	ncleaner$' "$TMP/lr-ngram.model"
grep_ok "...which the logistic model names beside it" '^ngram-model	lr-ngram.model$' "$TMP/lr4.model"
grep_ok "...with a weight for ngram_llr" '^weight	ngram_llr	' "$TMP/lr4.model"
grep_ok "...and says what it wrote" "wrote .*lr-ngram.model: .* 4 pages, 2 folds" "$TMP/err"
ok "...the pair cleans" ncleaner -m "$TMP/lr4.model" -f jsonl "$P"
grep_ok "...naming the n-gram model" '"ngram_model":"lr-ngram.model"' "$TMP/out"
grep_ok "...keeping the story" '"text":"The harbour was quiet' "$TMP/out"
ok "...again" train-ncleaner --method logistic --ngram-folds 2 \
	--ngram-model "$TMP/lr-ngram2.model" "$T/gold" "$T/orig" "$TMP/lr5.model"
sed 's/lr-ngram2/lr-ngram/' "$TMP/lr5.model" > "$TMP/lr5-renamed.model"
ok "...byte for byte the same models" sh -c 'cmp "$1" "$2" && cmp "$3" "$4"' - "$TMP/lr-ngram.model" \
	"$TMP/lr-ngram2.model" "$TMP/lr4.model" "$TMP/lr5-renamed.model"
mkdir -p "$TMP/moved"
cp "$TMP/lr4.model" "$TMP/moved/"
fails 2 "a model whose n-gram model is not beside it" ncleaner -m "$TMP/moved/lr4.model" "$P"
grep_ok "...is refused, naming both files" "moved/lr4.model: .*moved/lr-ngram.model" "$TMP/err"
ok "train-ncleaner --ngram-model FILE (a model read, not written)" train-ncleaner --method logistic \
	--ngram-model "$TMP/lr-ngram.model" "$T/gold" "$T/orig" "$TMP/moved/lr6.model"
grep_ok "...named by its absolute path from another directory" "^ngram-model	/.*/lr-ngram.model$" "$TMP/moved/lr6.model"
ok "...which cleans from there" ncleaner -m "$TMP/moved/lr6.model" "$P"
fails 2 "--ngram-folds without --ngram-model" train-ncleaner --method logistic --ngram-folds 2 "$T/gold" "$T/orig" "$TMP/x.model"
grep_ok "...says so" "name the file to write with --ngram-model" "$TMP/err"
fails 2 "--ngram-model for another method" train-ncleaner --method ice-dt --ngram-model "$TMP/lr-ngram.model" "$T/gold" "$T/orig" "$TMP/x.model"
fails 2 "--ngram-folds writing over a training page" train-ncleaner --method logistic --ngram-folds 2 \
	--ngram-model "$(ls "$T"/orig/* | head -n 1)" "$T/gold" "$T/orig" "$TMP/x.model"
fails 2 "--ngram-model the same file as the output" train-ncleaner --method logistic --ngram-folds 2 \
	--ngram-model "$TMP/x.model" "$T/gold" "$T/orig" "$TMP/x.model"
fails 2 "...spelt another way" sh -c 'cd "$1" && shift && exec "$@"' - "$TMP" train-ncleaner --method logistic \
	--ngram-folds 2 --ngram-model ./x.model "$T/gold" "$T/orig" x.model
grep_ok "...says they are one file" "are one file" "$TMP/err"
ok "...and writes neither" test ! -e "$TMP/x.model"
cp "$TMP/lr-ngram.model" "$TMP/read.model"
fails 2 "--ngram-model FILE read and written over" train-ncleaner --method logistic \
	--ngram-model "$TMP/read.model" "$T/gold" "$T/orig" "$TMP/../$(basename "$TMP")/read.model"
ok "...the n-gram model left as it was" cmp "$TMP/lr-ngram.model" "$TMP/read.model"
nl_name="$TMP/n
l.model"
fails 2 "an n-gram model's path with a line break" train-ncleaner --method logistic --ngram-folds 2 \
	--ngram-model "$nl_name" "$T/gold" "$T/orig" "$TMP/x.model"
grep_ok "...cannot be named in a model file" "holds a line break" "$TMP/err"
ok "...nothing written" test ! -e "$nl_name" -a ! -e "$TMP/x.model"
fails 2 "--ngram-folds 5 with 4 pages" train-ncleaner --method logistic --ngram-folds 5 \
	--ngram-model "$TMP/five.model" "$T/gold" "$T/orig" "$TMP/x.model"
grep_ok "...says each fold needs a page" "4 pages read, and each fold" "$TMP/err"
ok "...and writes no model" test ! -e "$TMP/five.model" -a ! -e "$TMP/x.model"
fails 2 "a missing output directory" train-ncleaner --method logistic --ngram-folds 2 \
	--ngram-model "$TMP/early.model" "$T/gold" "$T/orig" "$TMP/nonexistent/x.model"
grep_ok "...named" "nonexistent/x.model: its directory" "$TMP/err"
ok "...before the n-gram model is written" test ! -e "$TMP/early.model"
fails 2 "--ngram-model FILE that is not a model" train-ncleaner --method logistic \
	--ngram-model "$P" "$T/gold" "$T/orig" "$TMP/x.model"
sed '/^ngram-model/d' "$TMP/lr4.model" > "$TMP/no-ngram.model"
fails 2 "a model listing ngram_llr without its n-gram model" ncleaner -m "$TMP/no-ngram.model" "$P"
grep_ok "...is refused, saying why" "lists ngram_llr but names no ngram-model" "$TMP/err"
# The n-gram model says its language, so that the method sets its ratio
# aside on pages in others (issue 32).
ok "train-ncleaner --ngram-folds 2 --language en" train-ncleaner --method logistic --ngram-folds 2 \
	--language en --ngram-model "$TMP/lr-ngram-en.model" "$T/gold" "$T/orig" "$TMP/lr7.model"
grep_ok "...the n-gram model says it is English" '^language	en$' "$TMP/lr-ngram-en.model"
grep_fails "...which it did not say without --language" '^language	' "$TMP/lr-ngram.model"
fails 2 "--language without --ngram-folds" train-ncleaner --method logistic --language en \
	"$T/gold" "$T/orig" "$TMP/x.model"
grep_ok "...says what it names" "language of the character models that --ngram-folds trains" "$TMP/err"
fails 2 "--language that is no language code" train-ncleaner --method logistic --ngram-folds 2 \
	--language 'e n' --ngram-model "$TMP/x-ngram.model" "$T/gold" "$T/orig" "$TMP/x.model"

# A text dump has no structure: the plain weights score it, with their bias.
ok "the default method on a text dump" ncleaner --text --scores "$TMP/dump.txt"
is "$(awk -F '\t' 'NF >= 4 { print $1; exit }' "$TMP/out")" \
	"$(awk -F '\t' '$1 == "plain-bias" { printf "%.4f", $2 }' "$top_srcdir/models/logistic.model")" \
	"...weighed against the plain bias"
grep_ok "...keeps the story" "$(printf 'keep\t<p>The harbour was quiet')" "$TMP/out"
ok "the same page as HTML" ncleaner --scores "$P"
is "$(awk -F '\t' 'NF >= 4 { print $1; exit }' "$TMP/out")" \
	"$(awk -F '\t' '$1 == "bias" { printf "%.4f", $2 }' "$top_srcdir/models/logistic.model")" \
	"...against the structured weights' bias"

# A <noscript> of a few hundred characters of text is the page's own (a
# blog's posts written there for readers without scripts): kept, but under
# --paper; a short one ("enable JavaScript") is removed as before.
ok "a page whose post is in a <noscript>" ncleaner --no-lm "$FIXTURES/t5980/noscript.html"
grep_ok "...its post is read" "The winter of that year" "$TMP/out"
grep_fails "...not the plea to enable scripts" "enable JavaScript" "$TMP/out"
ok "...under --paper" ncleaner --paper --no-lm "$FIXTURES/t5980/noscript.html"
grep_fails "...removed, as in 2008" "The winter of that year" "$TMP/out"

# --article: the main article alone (issue 20, item 5).
ok "--article" ncleaner --article -f jsonl "$P"
grep_ok "...the article model, the threshold, the article rule, the fallback" \
	'"method":{"name":"logistic","model":"article",.*"decider":"threshold,article,fallback"' "$TMP/out"
grep_ok "...keeps the story" '"text":"The harbour was quiet' "$TMP/out"
grep_fails "...not the menu or the footer" '"text":"\(Home\|Copyright\)' "$TMP/out"
ok "--article with the ncleaner method" ncleaner --article --method ncleaner -f jsonl "$P"
grep_ok "...its own model, the rule after it" '"model":"english",.*"decider":"threshold,article"' "$TMP/out"
ok "--decider threshold,article -m article is --article" ncleaner --decider threshold,article -m article "$P"
cp "$TMP/out" "$TMP/rule.out"
ok "..." ncleaner --article "$P"
cp "$TMP/out" "$TMP/article.out"
ok "...the same output" cmp "$TMP/article.out" "$TMP/rule.out"
# A text dump longer than a whole-page window (4 MiB, base/limits.h) is
# scored and decided a window at a time: all of it, in bounded memory.
awk 'BEGIN {
	print "URL: http://example.org/long"
	for (i = 0; i < 20000; i++) {
		printf "\n   Home | News | Sport | Weather | Contact\n\n"
		printf "   Paragraph %d of a long dump: the harbour was quiet that morning, and the fishermen\n", i
		printf "   sat mending their nets while the gulls argued over what the night had left.\n"
		printf "   They said little, as they always did, and the tide came in slowly.\n"
	}
}' > "$TMP/long.txt"
is "$(awk -v n="$(wc -c < "$TMP/long.txt")" 'BEGIN { print (n > 4 * 1048576) }')" 1 \
	"a text dump of more than 4 MiB"
ok "...cleaned with the default (whole-page) method" ncleaner --text "$TMP/long.txt"
grep_ok "...its first paragraph kept" "^<p>Paragraph 0 of a long dump" "$TMP/out"
grep_ok "...and its end" "^<p>Paragraph 19998 of a long dump" "$TMP/out"
# (the very last is a page's end to the model, as a footer would be)
n=$(grep -c '^<p>Paragraph' "$TMP/out")
ok "...all its paragraphs but a few at the windows' ends ($n of 20000)" test "$n" -ge 19990
is "$(grep '^<p>Paragraph' "$TMP/out" | sort | uniq -d | wc -l)" 0 "...none twice"

# Page quality (issue 20, item 6): the kept words' mean probability of
# being text, from the logistic method's log-odds.
ok "JSONL has the page's quality" ncleaner -f jsonl "$P"
q=$(grep -o '"quality":[0-9.]*' "$TMP/out" | cut -d: -f2)
ok "...a probability ($q)" awk -v q="$q" 'BEGIN { exit !(q > 0 && q <= 1) }'
ok "...as the scores say" ncleaner --scores "$P"
want=$(awk -F '\t' 'NF >= 4 && $3 == "keep" { w = split($4, a, " "); s += w / (1 + 2 ^ -$2); n += w }
	END { printf "%.3f", s / n }' "$TMP/out")
ok "...the kept words' mean P(text) ($want)" awk -v a="$q" -v b="$want" 'BEGIN { d = a - b; exit !(d < 0.002 && d > -0.002) }'
ok "the ncleaner method" ncleaner --method ncleaner -f jsonl "$P"
grep_ok "...has no quality" '"quality":null,' "$TMP/out"
ok "--min-quality above the page's" ncleaner --min-quality 0.99 --stats "$TMP/q.stats" "$P"
is "$(wc -c < "$TMP/out")" 0 "...writes nothing of it"
grep_ok "...and counts it" '"pages_low_quality":1,' "$TMP/q.stats"
ok "--min-quality below it" ncleaner --min-quality 0.5 "$P"
grep_ok "...writes it" "The harbour was quiet" "$TMP/out"
fails 2 "--min-quality with the ncleaner method" ncleaner --method ncleaner --min-quality 0.5 "$P"
grep_ok "...says why" "says nothing of a page's quality" "$TMP/err"
fails 2 "--min-quality 0" ncleaner --min-quality 0 "$P"
fails 2 "--min-quality 1.5" ncleaner --min-quality 1.5 "$P"

# --decider viterbi: the whole page's sequence (issue 20, item 3).
ok "--decider viterbi" ncleaner --decider viterbi -f jsonl "$P"
grep_ok "...with the logistic method's measured switch cost" '"bias":0,"switch_cost":0.25,"decider":"viterbi"' "$TMP/out"
grep_ok "...keeps the story" '"text":"The harbour was quiet' "$TMP/out"
ok "...with the ncleaner method" ncleaner --method ncleaner --decider viterbi -f jsonl "$P"
grep_ok "...its own" '"switch_cost":32,' "$TMP/out"
ok "--switch-cost 0 is the threshold" ncleaner --decider viterbi --switch-cost 0 "$P"
cp "$TMP/out" "$TMP/v0.out"
ok "..." ncleaner "$P"
cp "$TMP/out" "$TMP/t.out"
ok "...the same output" cmp "$TMP/v0.out" "$TMP/t.out"
fails 2 "--switch-cost without viterbi" ncleaner --switch-cost 3 "$P"
grep_ok "...does not apply" "switch-cost does not apply to the decider" "$TMP/err"
fails 2 "--switch-cost -1" ncleaner --decider viterbi --switch-cost -1 "$P"
fails 2 "viterbi with a method of no measured cost" ncleaner --method perplexity --decider viterbi "$P"
grep_ok "...says to give one" "no switch cost is measured for the perplexity method" "$TMP/err"
ok "viterbi, then article" ncleaner --decider viterbi,article -f jsonl "$P"
grep_ok "...both named" '"decider":"viterbi,article"' "$TMP/out"
fails 2 "--article --paper" ncleaner --article --paper "$P"
grep_ok "...refused, saying why" "paper cleans all the running text" "$TMP/err"

shared=${NCLEANER_SHARED:-$top_srcdir/../shared}
if [ -d "$shared/data/dragnet-dev/orig" ]; then
	ok "the development pages (Dragnet)" ncleaner --quiet -j 2 -f jsonl --scores -o "$TMP/dn" \
		"$shared/data/dragnet-dev/orig"
	cat "$TMP"/dn/* > "$TMP/dn.jsonl"
	grep_fails "...no marker in any output" 'NC-S-[0-9a-f]\{16\}' "$TMP/dn.jsonl"
	is "$(grep -c link_density "$TMP/dn.jsonl")" "$(grep -c '"segments":\[{' "$TMP/dn.jsonl")" \
		"...every page with segments has link densities"
else
	skip "../shared/data/dragnet-dev is not here"
	skip "../shared/data/dragnet-dev is not here"
	skip "../shared/data/dragnet-dev is not here"
fi
done_testing
