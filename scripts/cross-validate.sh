#!/bin/sh
# cross-validate.sh: the shipped logistic models' recipe, cross-validated on
# the three development sets at once (issue 32).
#
#   scripts/cross-validate.sh BUILD_DIR WORK_DIR [MODEL...]
#
# MODEL is logistic (the default's model, learnt from every set: the
# CLEANEVAL gold, Dragnet's gold/ and trafilatura-dev's snippets) or article
# (--article's: Dragnet's gold-article/ and trafilatura-dev's snippets);
# both without a MODEL. Each set's pages are cut into FOLDS folds (default
# 10; page n of the set, in the C locale's order of names, in fold n %
# FOLDS); for each fold, a model is learnt as models/Makefile.models learns
# the shipped one, from the other sets whole and the other folds of this
# set, and the fold's pages are cleaned with it (one worker, no site
# repetition: page by page), so that no page is cleaned by a model that saw
# it. Then each set is scored as its gold is read: CLEANEVAL by
# ncleaner-eval (micro F, P, R, labelled segmentation F), Dragnet with the
# tags dropped (-M), trafilatura-dev by the benchmark's snippet rule, by
# language (ncleaner-eval --by-language).
#
# The sets: CLEANEVAL, DRAGNET and TRAFILATURA (directories; default
# ../shared/data/{cleaneval,dragnet,trafilatura}-dev beside the source
# tree); a set that is absent is left out, and so is a model with nothing
# to learn from. RENDERER=builtin: pages read through the builtin renderer
# when learning and cleaning (some ten times faster than through Lynx, and
# about as accurate; the shipped models learn through Lynx). PARALLEL=N:
# N folds at once. CLEAN_ARGS: more options of the cleaning (such as -b
# 0.5), whose outputs go apart (the models are the same: a run with
# another CLEAN_ARGS only cleans and scores). LOGISTIC_ARGS
# and ARTICLE_ARGS: train-ncleaner's options
# (default: models/Makefile.models' recipes, with --ngram-model in the
# fold's directory). A fold's model is kept in WORK_DIR and reused by a
# later run (delete WORK_DIR after a change of code or options).
#
# Writes WORK_DIR/figures.tsv and a Markdown table on standard output; and
# WORK_DIR/empty.tsv, the pages that kept nothing (with CLEAN_ARGS, their
# names end in the options, spelt as a file name may be), with their gold's words
# (snippet pages: the words of their "with" snippets).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 BUILD_DIR WORK_DIR [logistic|article...]" >&2; exit 2; }
build=$1 work=$2
shift 2
[ $# -gt 0 ] || set -- logistic article
bin=$build/src
src=$(cd "$(dirname "$0")/.." && pwd)
shared=$src/../shared/data
CLEANEVAL=${CLEANEVAL:-$shared/cleaneval-dev}
DRAGNET=${DRAGNET:-$shared/dragnet-dev}
TRAFILATURA=${TRAFILATURA:-$shared/trafilatura-dev}
folds=${FOLDS:-10}
CLEAN_ARGS=${CLEAN_ARGS:-}
tag=$(printf '%s' "$CLEAN_ARGS" | tr -c 'A-Za-z0-9.-' '_')
# models/Makefile.models' recipes (keep the two in step).
LOGISTIC_ARGS=${LOGISTIC_ARGS:-"--method logistic --ngram-folds 10 --trees 300 --tree-depth 5 --snippet-weight 80 -b -0.9"}
ARTICLE_ARGS=${ARTICLE_ARGS:-"--method logistic --trees 300 --tree-depth 5 --snippet-weight 80 --stack-folds 10 --stack-snippet-weight 40 -b -1.5"}
[ -x "$bin/ncleaner" ] || { echo "cross-validate: no $bin/ncleaner; run make first" >&2; exit 2; }
mkdir -p "$work"
work=$(cd "$work" && pwd)
progress() { printf '%s\n' "cross-validate: $*" >&2; }

# sets MODEL: the sets MODEL learns from and is scored on, a line each:
# NAME KIND DIR GOLD (KIND: typed, plain or snippets; GOLD a directory, or
# the annotations' file).
sets() {
	if [ -d "$CLEANEVAL/orig" ] && [ "$1" = logistic ]; then
		echo "cleaneval typed $CLEANEVAL $CLEANEVAL/gold"
	fi
	if [ -d "$DRAGNET/orig" ]; then
		if [ "$1" = logistic ]; then echo "dragnet plain $DRAGNET $DRAGNET/gold"
		else echo "dragnet plain $DRAGNET $DRAGNET/gold-article"; fi
	fi
	if [ -f "$TRAFILATURA/evaldata.json" ]; then
		echo "trafilatura snippets $TRAFILATURA $TRAFILATURA/evaldata.json"
	fi
}

# gold_file GOLD PAGE: the gold text of the page file PAGE in the directory GOLD.
gold_file() {
	id=${2%.*}
	if [ -f "$1/$id-cleaned.txt" ]; then echo "$1/$id-cleaned.txt"; else echo "$1/$id.txt"; fi
}

# make_fold MODEL NAME DIR GOLD K: the fold's directory, with train/orig,
# train/gold (symbolic links to the other folds' pages and gold texts; for
# snippets, the annotations whole: entries without their page are passed
# over) and test/ (the fold's pages). Its path on standard output.
make_fold() {
	fd=$work/$1/$2/fold$5
	if [ ! -d "$fd/test" ]; then
		rm -rf "$fd"
		mkdir -p "$fd/train/orig" "$fd/train/gold" "$fd/test"
		n=0
		ls -1 "$3/orig" | LC_ALL=C sort | while IFS= read -r page; do
			if [ $((n % folds)) -eq "$5" ]; then
				ln -s "$3/orig/$page" "$fd/test/$page"
			else
				ln -s "$3/orig/$page" "$fd/train/orig/$page"
				[ -d "$4" ] && ln -s "$(gold_file "$4" "$page")" "$fd/train/gold/"
			fi
			n=$((n + 1))
		done
	fi
	echo "$fd"
}

# train_fold MODEL NAME K FD: the fold's model, FD/model, from the other
# sets whole and the fold's training pages.
train_fold() {
	[ -f "$4/model" ] && return 0
	set -- "$1" "$2" "$3" "$4"
	pairs=$4/pairs   # the fold's own: folds train side by side (PARALLEL)
	: > "$pairs"
	sets "$1" | while read -r name kind dir gold; do
		if [ "$name" = "$2" ]; then
			if [ "$kind" = snippets ]; then printf '%s\n%s\n' "$gold" "$4/train/orig"
			else printf '%s\n%s\n' "$4/train/gold" "$4/train/orig"; fi
		else
			printf '%s\n%s\n' "$gold" "$dir/orig"
		fi
	done > "$pairs"
	if [ "$1" = logistic ]; then args=$LOGISTIC_ARGS; else args=$ARTICLE_ARGS; fi
	case " $args " in
	*" --ngram-folds "*) args="$args --ngram-model $4/ngram.model" ;;
	esac
	# The pairs' paths may hold spaces: every argument on a line of its own.
	# shellcheck disable=SC2086 # args are options, split at spaces
	{ printf '%s\n' $args ${RENDERER:+--renderer "$RENDERER"}; cat "$pairs"
	  printf '%s\n' "$4/model.new"; } > "$pairs.args"
	(
		IFS='
'
		set -f
		exec "$bin/train-ncleaner" $(cat "$pairs.args")
	) > "$4/train.log" 2>&1 || { progress "training failed: see $4/train.log"; rm -f "$pairs" "$pairs.args"; return 1; }
	rm -f "$pairs.args"
	rm -f "$pairs"
	mv "$4/model.new" "$4/model"
}

# clean_fold MODEL FD OUT: the fold's pages cleaned with its model.
clean_fold() {
	set -- "$1" "$2" "$3" ""
	[ "$1" = article ] && set -- "$1" "$2" "$3" --article
	# shellcheck disable=SC2086
	"$bin/ncleaner" -j 1 --quiet --no-site-repetition ${RENDERER:+--renderer "$RENDERER"} \
		-m "$2/model" $4 $CLEAN_ARGS -o "$3" "$2/test" \
		2>> "$2/clean.log" || true
}

# score NAME KIND DIR GOLD OUT: one row, name F P R segF
score() {
	case $2 in
	typed) "$bin/ncleaner-eval" -t -n "$5" "$4" | awk -F '\t' -v OFS='\t' -v n="$1" \
		'{ print n, "all", $2, $3, $4, $5 }' ;;
	plain) "$bin/ncleaner-eval" -t -n -M "$5" "$4" | awk -F '\t' -v OFS='\t' -v n="$1" \
		'{ print n, "all", $2, $3, $4, "-" }' ;;
	snippets) "$bin/ncleaner-eval" --by-language -n "$5" "$4" | awk -F '\t' -v OFS='\t' \
		-v n="$1" '{ print n, ($1 == "total" ? "all" : $1), $2, $3, $4, "-" }' ;;
	esac
}

# empty_pages NAME KIND DIR GOLD OUT: the pages that kept nothing, with
# their gold's words.
empty_pages() {
	ls -1 "$3/orig" | LC_ALL=C sort | while IFS= read -r page; do
		out=$5/${page%.*}.txt
		[ -s "$out" ] && grep -qv '^URL: ' "$out" && continue
		if [ "$2" = snippets ]; then words=-; else words=$(wc -w < "$(gold_file "$4" "$page")"); fi
		printf '%s\t%s\t%s\n' "$1" "$page" "$words"
	done
}

printf 'model\tset\tlanguage\tF\tP\tR\tsegF\n' > "$work/figures$tag.tsv.new"
: > "$work/empty$tag.tsv.new"
for model in "$@"; do
	sets "$model" > "$work/sets.$model"
	while read -r name kind dir gold; do
		out=$work/$model/$name/out$tag
		if [ ! -f "$work/$model/$name.done$tag" ]; then
			rm -rf "$out"
			k=0 running=0
			rm -f "$work/$model/$name.failed"
			while [ $k -lt "$folds" ]; do
				progress "$model: $name, fold $((k + 1))/$folds"
				fd=$(make_fold "$model" "$name" "$dir" "$gold" $k)
				(
					train_fold "$model" "$name" $k "$fd" &&
						clean_fold "$model" "$fd" "$out" ||
						touch "$work/$model/$name.failed"
				) < /dev/null &
				running=$((running + 1))
				if [ "$running" -ge "${PARALLEL:-1}" ]; then wait; running=0; fi
				k=$((k + 1))
			done
			wait
			[ -f "$work/$model/$name.failed" ] && exit 1
			touch "$work/$model/$name.done$tag"
		fi
		score "$name" "$kind" "$dir" "$gold" "$out" < /dev/null |
			sed "s/^/$model	/" >> "$work/figures$tag.tsv.new"
		empty_pages "$name" "$kind" "$dir" "$gold" "$out" < /dev/null |
			sed "s/^/$model	/" >> "$work/empty$tag.tsv.new"
	done < "$work/sets.$model"
done
mv "$work/figures$tag.tsv.new" "$work/figures$tag.tsv"
mv "$work/empty$tag.tsv.new" "$work/empty$tag.tsv"

echo "| model | set | language | F | P | R | seg F |"
echo "|---|---|---|---|---|---|---|"
tail -n +2 "$work/figures$tag.tsv" | awk -F '\t' '{ printf "|"; for (i = 1; i <= NF; i++) printf " %s |", $i; printf "\n" }'
echo
echo "Pages that kept nothing: $(wc -l < "$work/empty$tag.tsv") (WORK_DIR/empty.tsv)$(
	awk -F '\t' 'NR == 1 { printf ":" } { printf "%s %s %s %s (%s)", (NR > 1 ? ";" : ""), $1, $2, $3, ($4 == "-" ? "snippets" : $4 " words of gold") }' \
		"$work/empty$tag.tsv")"
