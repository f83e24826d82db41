#!/bin/sh
# t0210-man-examples: the commands of the EXAMPLES of ncleaner(1) and
# train-ncleaner(1) run, in order, each exiting 0, on pages of the test
# fixtures named as the examples name them (page.html, crawl/, x.warc.gz;
# orig/ and gold/, the gold texts that step 2 says to clean by hand put in
# place after it). Lines of jq(1) are skipped without it.
. "$(dirname "$0")/test-lib.sh"
command -v lynx > /dev/null || skip_all "lynx is not installed (Debian package lynx)"

# examples PAGE: the commands of PAGE's EXAMPLES (its .nf blocks), one a
# line, roff's escapes undone and lines continued with a backslash joined.
examples() {
	awk '/^\.SH / { on = ($2 == "EXAMPLES"); next }
	     on && /^\.nf/ { nf = 1; next }
	     on && /^\.fi/ { nf = 0; next }
	     on && nf && !/^\./ { print }' "$1" |
		sed 's/\\-/-/g; s/\\e/\\/g' |
		awk '{ if (sub(/\\$/, "")) { joined = joined $0; next } print joined $0; joined = "" }'
}

# run_examples PAGE DIR: each command of PAGE in DIR, a test each.
run_examples() {
	examples "$1" > "$TMP/commands"
	[ -s "$TMP/commands" ] || { fail "$(basename "$1") has examples"; return; }
	while IFS= read -r command; do
		case $command in
		jq*) command -v jq > /dev/null || { skip "jq is not installed: $command"; continue; } ;;
		esac
		command=$(printf '%s' "$command" | sed "s|SRC/|$SRC/|; s| BUILD | $BUILD |")
		ok "$(basename "$1"): $command" sh -c "cd \"\$1\" && $command" - "$2" < /dev/null
		after_example "$command" "$2"
	done < "$TMP/commands"
}

# What a person does between the examples: train-ncleaner(1)'s step 2
# cleans by hand the gold texts that ncleaner --no-lm wrote.
after_example() {
	case $1 in
	"ncleaner --no-lm -o gold orig") place_pages gold "$2/gold" ;;
	esac
}

# place_pages gold|orig DIR: the 4 pages of tests/t5950 (or their gold
# texts) 6 times over, as ids 11-14, 21-24, ... 61-64.
place_pages() {
	mkdir -p "$2"
	for k in 1 2 3 4 5 6; do
		for i in 1 2 3 4; do
			if [ "$1" = gold ]; then cp "$FIXTURES/t5950/gold/$i-cleaned.txt" "$2/$k$i.txt"
			else cp "$FIXTURES/t5950/orig/$i.html" "$2/$k$i.html"; fi
		done
	done
}

D=$TMP/ncleaner
mkdir -p "$D/crawl/a"
cp "$FIXTURES/t5000/page.html" "$D/"
cp "$FIXTURES/t5000/page.html" "$FIXTURES/t5950/orig/"*.html "$D/crawl/a/"
cp "$FIXTURES/t1500/good.warc.gz" "$D/x.warc.gz"
run_examples "$SRC/doc/ncleaner.1" "$D"
ok "...the WET file is where it says" test -s "$D/wet/x.warc.wet.gz"

D=$TMP/train
place_pages orig "$D/orig"
mkdir -p "$D/gold2" "$D/orig2" "$D/test/gold" "$D/test/orig" "$D/crawl"
for i in 1 2 3 4; do
	cp "$FIXTURES/t5950/gold/$i-cleaned.txt" "$D/gold2/"
	cp "$FIXTURES/t5950/gold/$i-cleaned.txt" "$D/test/gold/"
done
cp "$FIXTURES/t5950/orig/"*.html "$D/orig2/"
cp "$FIXTURES/t5950/orig/"*.html "$D/test/orig/"
cp "$FIXTURES/t5950/orig/"*.html "$D/crawl/"
cp "$FIXTURES/t5000/page.html" "$D/"
# Two folds instead of ten (the fixtures' pages are few, and the test quick).
FOLDS=2
export FOLDS
run_examples "$SRC/doc/train-ncleaner.1" "$D"
grep_ok "...the cross-validation scored the pages" "^logistic	cleaneval	all	[0-9]" "$D/cv/figures.tsv"
done_testing
