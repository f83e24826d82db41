#!/bin/sh
# t5070-figures: the figures a user reads are pinned by golden files (issue
# 34, item 5): JSONL whole (its "counts", "quality", "language", "text"),
# --stats, the closing summary and the low-kept warning, for nine hand-made
# pages of other tests, gathered under names of their own (English blog,
# news and prose, German news, Russian, Chinese, Greek, Arabic, Latin-1).
# Every other test checks a figure by a pattern; a change to how words are
# counted (sink.c dropping each segment's first word) passed them all, and
# fails here.
#
# The runs: the builtin renderer (in process, no Lynx) by default, with
# --min-quality (pages left out and counted) and with a bias high enough
# for the low-kept warning; then Lynx and --paper, when Lynx is installed
# and is the version the goldens were made with (tests/t5070/lynx-version;
# another Lynx dumps other bytes, and is skipped with a reason). The
# development data of ../shared is not used: no licence lets us ship it.
#
# Five development pages of ../shared (CLEANEVAL 11, 29, 47; two of
# trafilatura-dev), when it is there, are pinned by their figures alone
# (each page's language, quality, fallback and counts; --stats; the
# summary), not their text: skipped with a reason without ../shared.
#
# The time a run took is masked ("seconds":S, "; S s"); every other byte is
# compared. Goldens: tests/t5070/<run>.jsonl, .stats, .stderr.
#
# A deliberate change of a figure: regenerate, read the diff, commit it:
#   NCLEANER_REGENERATE_GOLDEN=1 make check TESTS=t/t5070-figures.sh
#   git diff tests/t5070
. "$(dirname "$0")/test-lib.sh"

F=$FIXTURES/t5070
REGENERATE=${NCLEANER_REGENERATE_GOLDEN:-}

# The pages, by the names the goldens know them by.
mkdir "$TMP/pages"
for pair in ar.html:t1720/ar.html el.html:t1720/el.html ru.html:t1720/ru.html \
	zh.html:t1720/zh.html blog-en.html:t5050/mixed.html news-en.html:t5060/story.html \
	prose-en.html:t5995/prose.html news-de.html:t6100/orig/flut.html \
	latin1.html:t5000/latin1.html; do
	cp "$FIXTURES/${pair#*:}" "$TMP/pages/${pair%%:*}"
done

mask_times() { sed 's/"seconds":[0-9.]*/"seconds":S/; s/; [0-9.]* s$/; S s/' "$1"; }

# compare RUN PART: $TMP/RUN.PART against the golden $F/RUN.PART (or write
# the golden when regenerating).
compare() {
	if [ "$REGENERATE" = 1 ]; then
		cp "$TMP/$1.$2" "$F/$1.$2"
		pass "$1.$2: golden written"
	elif cmp -s "$TMP/$1.$2" "$F/$1.$2"; then
		pass "$1.$2: as the golden"
	else
		fail "$1.$2: as the golden ($F/$1.$2)"
		diff "$F/$1.$2" "$TMP/$1.$2" | head -n 20 | sed 's/^/# /'
	fi
}

# figures RUN ARGS...: clean the pages (by their names, so that JSONL's
# url and source are the same wherever the tree is) with ARGS, and compare
# the JSONL, the --stats file and standard error with the goldens of RUN.
figures() {
	run=$1; shift
	set +e
	(cd "$TMP/pages" && ncleaner -j 1 -f jsonl --stats "$TMP/$run.stats-raw" "$@" *.html) \
		> "$TMP/$run.jsonl" 2> "$TMP/$run.stderr-raw"
	status=$?
	set -e
	is "$status" 0 "$run: cleans the pages ($*)"
	mask_times "$TMP/$run.stats-raw" > "$TMP/$run.stats"
	mask_times "$TMP/$run.stderr-raw" > "$TMP/$run.stderr"
	for part in jsonl stats stderr; do compare "$run" "$part"; done
}

# dev_figures RUN ARGS...: the development pages with ARGS; their figures
# only (the source, then JSONL from "language" on), --stats, the summary.
dev_pages="cleaneval-dev/orig/11.html cleaneval-dev/orig/29.html cleaneval-dev/orig/47.html
	trafilatura-dev/orig/guenter-pilger.de.mailaktion.html trafilatura-dev/orig/wordsmith.org.maudlin.html"
dev_figures() {
	run=$1; shift
	set +e
	(cd "$SHARED/data" && ncleaner -j 1 -f jsonl --stats "$TMP/$run.stats-raw" "$@" $dev_pages) \
		> "$TMP/$run.jsonl" 2> "$TMP/$run.stderr-raw"
	status=$?
	set -e
	is "$status" 0 "$run: cleans the development pages ($*)"
	sed 's/^.*"source":\("[^"]*"\).*\("language":.*\)$/\1 \2/' "$TMP/$run.jsonl" > "$TMP/$run.figures"
	mask_times "$TMP/$run.stats-raw" > "$TMP/$run.stats"
	mask_times "$TMP/$run.stderr-raw" > "$TMP/$run.stderr"
	for part in figures stats stderr; do compare "$run" "$part"; done
}

figures builtin --renderer builtin
grep_ok "...the goldens hold the counts" '"counts":{"segments":23,"kept":23,"words":231,' \
	"$F/builtin.jsonl"
figures builtin-min-quality --renderer builtin --min-quality 0.95
grep_ok "...pages below --min-quality counted" '"pages_low_quality":[1-9][0-9]*,' "$F/builtin-min-quality.stats"
figures builtin-low-kept --renderer builtin --decider threshold -b 15
grep_ok "...the low-kept warning" 'warning: only [0-9.]*% of the words were kept' "$F/builtin-low-kept.stderr"

have_dev=1
for page in $dev_pages; do [ -f "$SHARED/data/$page" ] || have_dev=; done
if [ -n "$have_dev" ]; then
	dev_figures dev-builtin --renderer builtin
else
	skip "no development pages in $SHARED/data: their figures are not compared"
fi

version=$(lynx -version 2> /dev/null | head -n 1) || version=
if [ "$REGENERATE" = 1 ] && [ -n "$version" ]; then
	printf '%s\n' "$version" > "$F/lynx-version"
fi
if [ -z "$version" ]; then
	skip "lynx is not installed (Debian package lynx): its figures are not compared"
elif [ "$version" != "$(cat "$F/lynx-version")" ]; then
	skip "the Lynx goldens were made with $(cat "$F/lynx-version"), this is $version"
else
	figures lynx --renderer lynx
	figures lynx-paper --paper
	if [ -n "$have_dev" ]; then dev_figures dev-lynx --renderer lynx
	else skip "no development pages in $SHARED/data: their Lynx figures are not compared"; fi
fi
done_testing
