#!/bin/sh
# t5000-cli: the ncleaner command line on small pages written for the tests.
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000

ok "--help works" ncleaner --help
grep_ok "--help names the options" "--no-lm" "$TMP/out"
ok "--version works" ncleaner --version

# Stage 1-3 on a wrapped page.
ok "a page cleans with --no-lm" ncleaner --no-lm "$F/page.html"
cp "$TMP/out" "$TMP/page.out"
is "$(head -n 1 "$TMP/page.out")" "URL: http://example.org/story.html" "the URL line comes from the wrapper"
grep_ok "the heading is a <h> segment" "^<h>The Harbour Story$" "$TMP/page.out"
grep_ok "paragraph lines are joined" "^<p>The harbour was quiet that morning, and the fishermen sat mending their nets while" "$TMP/page.out"
grep_ok "<br> breaks a paragraph" "^<p>It came at noon.$" "$TMP/page.out"
grep_ok "list items are <l> segments" "^<l>Boats lost: three$" "$TMP/page.out"
grep_ok "entities become UTF-8" "Café owners said business was slow. Müller agreed." "$TMP/page.out"
if grep -q -e "scripted" -e "hidden text" -e "color: black" -e "LOGO" -e "Home | News" "$TMP/page.out"; then
	fail "scripts, styles, comments, images and the navigation bar are gone"
else
	pass "scripts, styles, comments, images and the navigation bar are gone"
fi
if grep -v -e '^URL: ' -e '^<[phl]>' "$TMP/page.out" | grep -q .; then
	fail "every line is a segment in CLEANEVAL format"
else
	pass "every line is a segment in CLEANEVAL format"
fi

ok "the default configuration" ncleaner "$F/page.html"
cp "$TMP/out" "$TMP/default.out"
ok "--paper, the 2008 configuration" ncleaner --paper "$F/page.html"
cp "$TMP/out" "$TMP/paper.out"
ok "the ncleaner method of today" ncleaner --method ncleaner "$F/page.html"
cp "$TMP/out" "$TMP/ncleaner.out"
ok "...is the paper's on this page" cmp "$TMP/paper.out" "$TMP/ncleaner.out"

ok "the Lynx dump" ncleaner --dump "$F/page.html"
grep_ok "--dump keeps the navigation bar (it is the baseline)" "Home | News" "$TMP/out"

ok "a Latin-1 page without charset" ncleaner --no-lm "$F/latin1.html"
grep_ok "Latin-1 bytes are read as windows-1252" "Café crème, señor." "$TMP/out"

# Text dumps.
ok "a text dump cleans" ncleaner --no-lm "$F/dump.txt"
is "$(head -n 1 "$TMP/out")" "URL: http://example.org/dump" "a dump's URL line is kept"
grep_ok "dump paragraphs are joined" "^<p>A plain text dump enters at the segmentation stage, and its paragraphs are joined across wrapped lines.$" "$TMP/out"
grep_ok "dump bullets are list items" "^<l>a list item$" "$TMP/out"
ok "standard input" sh -c "ncleaner --no-lm --text - < '$F/dump.txt'"
grep_ok "standard input is read as a dump" "^<l>a list item$" "$TMP/out"

# Batch mode.
mkdir -p "$TMP/in/sub"
cp "$F/page.html" "$TMP/in/a.html"
cp "$F/dump.txt" "$TMP/in/sub/b.txt"
ok "a directory cleans into -o DIR" ncleaner --no-lm -o "$TMP/outdir" "$TMP/in"
ok "pages become NAME.txt" test -s "$TMP/outdir/a.txt"
ok "subdirectories are mirrored" test -s "$TMP/outdir/sub/b.txt"
is "$(ls -a "$TMP/outdir" | grep -c tmp || true)" "0" "no temporary files are left"
# Several inputs without -o: one after another on standard output, in input
# order, as cat would join each one's output (issue 35; they were refused).
{ ncleaner --no-lm "$F/page.html"; ncleaner --no-lm "$F/dump.txt"; } > "$TMP/cat.out"
ok "two inputs without -o go to standard output" ncleaner --no-lm "$F/page.html" "$F/dump.txt"
cp "$TMP/out" "$TMP/two.out"
ok "...one after another, as cat joins each one's output" cmp "$TMP/two.out" "$TMP/cat.out"
{ cat "$TMP/cat.out"; ncleaner --no-lm "$F/page.html"; } > "$TMP/cat3.out"
ok "three with -j 2" ncleaner --no-lm -j 2 "$F/page.html" "$F/dump.txt" "$F/page.html"
cp "$TMP/out" "$TMP/three.out"
ok "...in input order" cmp "$TMP/three.out" "$TMP/cat3.out"
ok "a directory of two to standard output" ncleaner --no-lm -j 2 "$TMP/in"
is "$(grep -c '^URL: ' "$TMP/out")" 2 "...a URL line each"
ok "-o - takes several inputs too" ncleaner --no-lm -o - "$F/page.html" "$F/dump.txt"
cp "$TMP/out" "$TMP/two.out"
ok "...the same" cmp "$TMP/two.out" "$TMP/cat.out"
ok "--format text" ncleaner --no-lm -f text "$F/page.html" "$F/dump.txt"
is "$(grep -c "$(printf '^\f$')" "$TMP/out")" 2 "...ends each page with a form feed line, as in an archive"
ncleaner --no-lm -f text "$F/page.html" > "$TMP/one.out"
is "$(grep -c "$(printf '^\f$')" "$TMP/one.out" || true)" 0 "...which one page alone does without"

# Failure paths.
fails 1 "a missing file fails" ncleaner --no-lm "$TMP/nonexistent.html"
grep_ok "...naming the file" "nonexistent.html" "$TMP/err"
mkdir "$TMP/emptydir"
fails 1 "a directory without pages fails" ncleaner --no-lm "$TMP/emptydir"
grep_ok "...saying so" "no files to clean" "$TMP/err"
if [ "$(id -u)" != 0 ]; then
	cp "$F/page.html" "$TMP/unreadable.html"; chmod 000 "$TMP/unreadable.html"
	fails 1 "an unreadable file fails" ncleaner --no-lm "$TMP/unreadable.html"
else
	skip "unreadable file: running as root"
fi
ok "an empty page gives just the URL line" ncleaner --no-lm "$F/empty.html"
is "$(cat "$TMP/out")" "URL: $F/empty.html" "an empty page's output"
fails 1 "binary junk is skipped, whatever its name" ncleaner --no-lm "$F/binary.html"
grep_ok "...with a warning naming it" "binary.html: skipped (binary data" "$TMP/err"
mkdir -p "$TMP/mixed"
cp "$F/page.html" "$TMP/mixed/good.html"
printf 'x' > "$TMP/mixed/zz.html"
fails 1 "a batch with one bad input reports failure" ncleaner --no-lm -o "$TMP/mixedout" "$TMP/mixed" "$TMP/nonexistent.html"
ok "...and still cleans the others" test -s "$TMP/mixedout/good.txt"
fails 2 "an unknown option is a usage error" ncleaner --frobnicate x
fails 2 "a bad -q is a usage error" ncleaner -q 1.5 "$F/page.html"
# No input named: standard input is read when it is not a terminal (t5050
# has the terminal), and an empty one is an error.
fails 1 "no input and an empty standard input is an error" sh -c 'ncleaner < /dev/null'
grep_ok "...saying so" "standard input is empty" "$TMP/err"
fails 1 "--dump of a text dump fails" ncleaner --dump "$F/dump.txt"
grep_ok "...saying why" "dump.txt: a text dump has no HTML to render" "$TMP/err"
fails 2 "--dump with --text is a usage error" ncleaner --dump --text "$F/dump.txt"
# The formats are named from their table (sink/formats.c).
fails 2 "an unknown --format is a usage error" ncleaner -f xml "$F/page.html"
is "$(cat "$TMP/err")" "ncleaner: --format expects cleaneval, text, jsonl or wet, not 'xml'" \
	"...naming the formats"
fails 2 "--scores with a format that holds no scores is a usage error" ncleaner --scores -f wet "$F/page.html"
is "$(cat "$TMP/err")" "ncleaner: --scores goes with --format cleaneval or jsonl" "...naming those that do"
fails 2 "--dump with a format that holds no dump is a usage error" ncleaner --dump -f jsonl "$F/page.html"
is "$(cat "$TMP/err")" "ncleaner: --dump goes with --format cleaneval or text" "...naming those that do"
ncleaner --help > "$TMP/help"
grep_ok "--help names the formats, the default first" \
	'^  -f, --format FORMAT   cleaneval (default), text, jsonl or wet$' "$TMP/help"

# Full cleaning needs the shipped model.
if [ -f "$SRC/models/english.model" ] && [ -s "$SRC/models/english.model" ]; then
	ok "full cleaning with the shipped model" ncleaner "$F/page.html"
	cp "$TMP/out" "$TMP/full1"
	grep_ok "running text is kept" "fishermen sat mending" "$TMP/full1"
	ok "full cleaning again" ncleaner "$F/page.html"
	is "$(cmp "$TMP/full1" "$TMP/out" && echo same)" "same" "identical output across runs"
	ok "--scores prints scores" ncleaner --scores -b 1 "$F/page.html"
	grep_ok "--scores has two costs and the decision" "^[0-9.-]*	[0-9.-]*	\(keep\|drop\)	<[phl]>" "$TMP/out"
	# ncleaner(1), --scores: the default method's first cost is its
	# model's bias, on every segment, not moved by -b.
	bias=$(awk -F '	' '$1 == "bias" { printf "%.4f", $2 }' "$SRC/models/logistic.model")
	is "$(tail -n +2 "$TMP/out" | cut -f 1 | sort -u)" "$bias" \
		"...the default's first cost is the logistic model's bias, not moved by -b"
	ok "--nonlex uses the non-lexical model" ncleaner --nonlex "$F/page.html"
	ncleaner --no-lm "$F/page.html" | grep -c '^<' > "$TMP/n_nolm"
	ncleaner -b 5 "$F/page.html" | grep -c '^<' > "$TMP/n_bias" || true
	ncleaner "$F/page.html" | grep -c '^<' > "$TMP/n_full" || true
	ok "a positive bias never keeps more segments" test "$(cat "$TMP/n_bias")" -le "$(cat "$TMP/n_full")"
	fails 2 "-n above the model's order is refused" ncleaner -n 8 "$F/page.html"
	printf 'ncleaner-model\t1\norder\t3\n' > "$TMP/broken.model"
	fails 2 "a corrupt model is a set-up error" ncleaner -m "$TMP/broken.model" "$F/page.html"
	grep_ok "...naming the model file" "broken.model" "$TMP/err"
else
	skip "full cleaning: models/english.model not built (make models)"
fi
# The dump rules measure lines with markers as long as the 2008 ones
# (issue 16): a list item "|   Contact" and a heading of two short fields
# are navigation, as the 2008 tool found, however long the run's markers.
ok "--paper --no-lm on lines whose fields the markers would lengthen" \
	ncleaner --paper --no-lm "$F/marker-lengths.html"
grep_fails "...a list item of one field after a bar is removed" "Contact" "$TMP/out"
grep_fails "...a heading of two short fields is removed" "Printer friendly" "$TMP/out"
grep_ok "...the running text stays" "^<p>This is a paragraph of running text" "$TMP/out"
# A declared charset no converter knows is no declaration (issue 16): the
# page is read by the fallback on every path, and --stats counts it.
for method in ice-bl ice-hr; do
	ok "$method: a page declaring unknown-iso-1252 is cleaned" \
		ncleaner --method $method --stats "$TMP/stats.json" "$F/unknown-label.html"
	grep_ok "...read as windows-1252 by the fallback" "Café au lait" "$TMP/out"
	grep_ok "...and counted in --stats" '"charset_fallbacks":1,' "$TMP/stats.json"
done
done_testing
