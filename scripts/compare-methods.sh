#!/bin/sh
# compare-methods.sh: every method of ncleaner side by side on data sets in
# CLEANEVAL layout (issue 12's table).
#
#   scripts/compare-methods.sh BUILD_DIR WORK_DIR DATA_DIR...
#
# For each data set: 10-fold cross-validation (FOLDS=K to change) wherever
# a method learns anything (a model, a cut-off): it learns on nine folds'
# pages and cleans the tenth, so no page is scored by a method that saw it.
# Rows: the Lynx dump, the heuristics alone, the ncleaner method (standard
# and non-lexical models, the paper's settings), perplexity filtering
# (bigram and trigram models of the training folds' gold texts at the
# published cut-off 8000, and the bigram model at the cut-off that gives
# the best micro F on the training folds, see choose_cutoff), and the ICE
# methods (ice-dt's tree and ice-lm's threshold learnt on the training
# folds), and the logistic method (its regression and bias learnt on the
# training folds, its ngram_llr from character models of the training
# folds, nested: train-ncleaner --ngram-folds); METHODS=logistic-no-ngram:
# the logistic method without ngram_llr (as before it); METHODS=article: --article with a logistic model learnt
# on the training folds (against a set whose gold is the article alone,
# such as Dragnet's gold-article/, this is the article mode);
# RENDERER=builtin: the test pages cleaned through the builtin renderer (the
# models learnt through Lynx, as the shipped ones are; not the -sites rows);
# METHODS=logistic-plain: the logistic models on pages read without their
# structure (--no-structure: the plain weights);
# METHODS=ncleaner-viterbi or logistic-viterbi: those models with the viterbi
# decider (SWITCH_COST=S to try another switch cost); METHODS=logistic-sites:
# the logistic models with --site-repetition, whose survey reads every page
# of the set (it learns nothing from the gold), the fold's test pages
# scored (each fold cleans the whole set: its time is scaled to the fold's
# pages); METHODS=article-sites: --article so. A model a fold has
# already learnt is reused. Each row: micro P/R/F and labelled segmentation F of ncleaner-eval,
# pages/s and peak memory of the cleaning runs (one worker, Lynx included in
# the time, not in the memory; model loading included).
#
# Work is kept in WORK_DIR (an interrupted run picks up finished folds).
# Writes WORK_DIR/methods.tsv and a Markdown table on standard output.
set -eu
build=$1 work=$2
shift 2
bin=$build/src
folds=${FOLDS:-10}
cutoffs=${CUTOFFS:-"500 1000 2000 3000 4000 5000 6000 8000 10000 12000 14000 20000 30000 50000 100000"}
STANDARD=${STANDARD:-"-m 1 -n 3 -q 0.5"}
NONLEX=${NONLEX:-"-m 3 -n 6 -q 0.4"}
# The logistic models' biases, from their best F's, and their trees, as make
# models learns them (NO_NGRAM_BIAS: that of the logistic model without
# ngram_llr, as shipped before it).
LOGISTIC_BIAS=${LOGISTIC_BIAS:-0.1}
ARTICLE_BIAS=${ARTICLE_BIAS:--2}
NO_NGRAM_BIAS=${NO_NGRAM_BIAS:-1.1}
TREES=${TREES:-"--trees 300 --tree-depth 5"}
mkdir -p "$work"
[ -x "$bin/ncleaner" ] || { echo "compare-methods: no $bin/ncleaner; run make first" >&2; exit 2; }
progress() { printf '%s\n' "compare-methods: $*" >&2; }

if [ -z "${METHODS:-}" ]; then
	METHODS="dump heuristics ncleaner ncleaner-nonlex perplexity-2 perplexity-2-cv perplexity-3"
	for ice in ice-bl ice-hr ice-dt ice-lm logistic; do
		if "$bin/ncleaner" --help-methods | grep -q "^  $ice "; then METHODS="$METHODS $ice"; fi
	done
fi
methods=$METHODS

# train METHOD FOLD_DIR: whatever METHOD learns from FOLD_DIR/gold, FOLD_DIR/orig.
train() {
	fd=$2
	case $1 in
	ncleaner|ncleaner-viterbi) [ -f "$fd/standard.model" ] || "$bin/train-ncleaner" --paper --diff $STANDARD "$fd/gold" "$fd/orig" "$fd/standard.model" 2> /dev/null ;;
	ncleaner-nonlex) "$bin/train-ncleaner" --paper --diff $NONLEX "$fd/gold" "$fd/orig" "$fd/nonlex.model" 2> /dev/null ;;
	perplexity-2) "$bin/train-ncleaner" --method perplexity -n 2 "$fd/gold" "$fd/perplexity-2.model" 2> /dev/null ;;
	perplexity-3) "$bin/train-ncleaner" --method perplexity -n 3 "$fd/gold" "$fd/perplexity-3.model" 2> /dev/null ;;
	perplexity-2-cv) choose_cutoff "$fd" ;;
	ice-dt) "$bin/train-ncleaner" --method ice-dt "$fd/gold" "$fd/orig" "$fd/ice-dt.model" 2> /dev/null ;;
	ice-lm) "$bin/train-ncleaner" --method ice-lm "$fd/gold" "$fd/orig" "$fd/ice-lm.model" 2> /dev/null ;;
	logistic|logistic-viterbi|logistic-plain|logistic-sites) [ -f "$fd/logistic.model" ] || "$bin/train-ncleaner" --method logistic $TREES -b "$LOGISTIC_BIAS" --ngram-folds 10 --ngram-model "$fd/logistic-ngram.model" "$fd/gold" "$fd/orig" "$fd/logistic.model" 2> /dev/null ;;
	logistic-no-ngram) "$bin/train-ncleaner" --method logistic -b "$NO_NGRAM_BIAS" "$fd/gold" "$fd/orig" "$fd/logistic-no-ngram.model" 2> /dev/null ;;
	article|article-sites) [ -f "$fd/article.model" ] || "$bin/train-ncleaner" --method logistic $TREES -b "$ARTICLE_BIAS" "$fd/gold" "$fd/orig" "$fd/article.model" 2> /dev/null ;;
	*) ;;
	esac
}

# clean METHOD FOLD_DIR OUT_DIR: clean FOLD_DIR/test (pages) into OUT_DIR.
clean() {
	m=$1 fd=$2 out=$3
	case $m in
	dump) set -- --dump ;;
	heuristics) set -- --no-lm ;;
	ncleaner) set -- -m "$fd/standard.model" ;;
	ncleaner-nonlex) set -- -m "$fd/nonlex.model" ;;
	perplexity-2) set -- -m "$fd/perplexity-2.model" ;;
	perplexity-3) set -- -m "$fd/perplexity-3.model" ;;
	perplexity-2-cv) set -- -m "$fd/perplexity-2.model" --max-perplexity "$(cat "$fd/cutoff")" ;;
	ice-dt) set -- --method ice-dt -m "$fd/ice-dt.model" ;;
	ice-lm) set -- --method ice-lm -m "$fd/ice-lm.model" ;;
	logistic) set -- --method logistic -m "$fd/logistic.model" ;;
	logistic-no-ngram) set -- --method logistic -m "$fd/logistic-no-ngram.model" ;;
	article) set -- --article -m "$fd/article.model" ;;
	ncleaner-viterbi) set -- -m "$fd/standard.model" --decider viterbi ${SWITCH_COST:+--switch-cost "$SWITCH_COST"} ;;
	logistic-plain) set -- -m "$fd/logistic.model" --no-structure ;;
	logistic-viterbi) set -- -m "$fd/logistic.model" --decider viterbi ${SWITCH_COST:+--switch-cost "$SWITCH_COST"} ;;
	ice-*) set -- --method "$m" ;;
	logistic-sites) clean_with_survey "$fd" "$out" --method logistic -m "$fd/logistic.model"; return ;;
	article-sites) clean_with_survey "$fd" "$out" --article -m "$fd/article.model"; return ;;
	esac
	/usr/bin/time -f '%e %M' -a -o "$fd/../time.$m" \
		"$bin/ncleaner" -j 1 --no-site-repetition ${RENDERER:+--renderer "$RENDERER"} "$@" \
		-o "$out" "$fd/test" 2> /dev/null || true
}

# clean_with_survey FOLD_DIR OUT_DIR OPTION...: the fold's model (OPTIONs)
# with --site-repetition over every page of the set ($data), its test
# pages' outputs into OUT_DIR; the time, scaled to the test pages, to
# time.$m.
clean_with_survey() {
	fd=$1 out=$2
	shift 2
	rm -rf "$fd/sites"
	/usr/bin/time -f '%e %M' -o "$fd/sites.time" "$bin/ncleaner" -j 1 "$@" \
		--site-repetition -o "$fd/sites" "$data/orig" 2> /dev/null || true
	mkdir -p "$out"
	n=0
	for page in "$fd"/test/*; do
		id=$(basename "$page"); id=${id%.*}
		[ -f "$fd/sites/$id.txt" ] && cp "$fd/sites/$id.txt" "$out/"
		n=$((n + 1))
	done
	awk -v n="$n" -v all="$(ls "$data/orig" | wc -l)" '{ printf "%.3f %s\n", $1 * n / all, $2 }' \
		"$fd/sites.time" >> "$fd/../time.$m"
	rm -rf "$fd/sites" "$fd/sites.time"
}

# scores_to_cleaneval LOG2_CUTOFF < SCORES > CLEANEVAL: what the perplexity
# method would have kept at another cut-off, from its --scores output (the
# pieces of a segment kept are joined by a space, as the sink joins them).
scores_to_cleaneval() {
	awk -F '\t' -v cut="$1" '
		function flush() { if (kept != "") print tag kept; kept = "" }
		/^URL: / && NF == 1 { flush(); print; next }
		{
			text = $4
			if (substr(text, 1, 1) == "+") text = substr(text, 2)
			else { flush(); tag = substr(text, 1, 3); text = substr(text, 4) }
			if ($1 + 0 <= cut + 0) kept = kept == "" ? text : kept " " text
		}
		END { flush() }'
}

# choose_cutoff FOLD_DIR: the cut-off of the bigram model with the best micro
# F on the fold's training pages (the first of equals), into FOLD_DIR/cutoff.
# Each training page is scored by a model that did not see it (an inner
# cross-validation of INNER folds over the training pages): a model scores
# the text it learned far too well, and would choose far too low a cut-off.
choose_cutoff() {
	fd=$1 inner=${INNER:-5}
	rm -rf "$fd/train-scores" "$fd/inner"
	j=0
	while [ $j -lt "$inner" ]; do
		id_dir=$fd/inner/$j
		mkdir -p "$id_dir/gold" "$id_dir/test"
		awk -v k=$j -v f="$inner" '(NR - 1) % f == k' "$fd/train-ids" > "$id_dir/test-ids"
		awk -v k=$j -v f="$inner" '(NR - 1) % f != k' "$fd/train-ids" > "$id_dir/train-ids"
		for id in $(cat "$id_dir/train-ids"); do ln -s "$(abs "$(gold_of "$id")")" "$id_dir/gold/"; done
		for id in $(cat "$id_dir/test-ids"); do ln -s "$(abs "$(orig_of "$id")")" "$id_dir/test/"; done
		"$bin/train-ncleaner" --method perplexity -n 2 "$id_dir/gold" "$id_dir/model" 2> /dev/null
		"$bin/ncleaner" -m "$id_dir/model" --no-site-repetition --scores -o "$fd/train-scores" "$id_dir/test" 2> /dev/null || true
		j=$((j + 1))
	done
	best_f=-1 best=8000
	for cut in $cutoffs; do
		log2=$(awk -v c="$cut" 'BEGIN { printf "%.6f", log(c) / log(2) }')
		rm -rf "$fd/train-cut"
		mkdir -p "$fd/train-cut"
		for f in "$fd/train-scores"/*.txt; do
			scores_to_cleaneval "$log2" < "$f" > "$fd/train-cut/$(basename "$f")"
		done
		f1=$("$bin/ncleaner-eval" -t -n $eval_flags "$fd/train-cut" "$fd/gold" | cut -f 2)
		if awk -v a="$f1" -v b="$best_f" 'BEGIN { exit !(a > b) }'; then best_f=$f1 best=$cut; fi
	done
	echo "$best" > "$fd/cutoff"
	rm -rf "$fd/train-scores" "$fd/train-cut" "$fd/inner"
}

printf 'data\tmethod\tmicroF\tmicroP\tmicroR\tsegF\tpages_per_s\tpeak_MB\tnote\n' > "$work/methods.tsv.new"
for data in "$@"; do
	name=$(basename "$data")
	set_dir=$work/$name
	mkdir -p "$set_dir"
	. "$(dirname "$0")/corpus-lib.sh"
	ls "$data/orig" | sed -n 's/\.html*$//p' | sort -n > "$set_dir/ids"
	pages=$(wc -l < "$set_dir/ids")
	# Gold texts without segment tags (Dragnet's) are scored with the tags
	# dropped on both sides, else every tag we write is a false positive.
	eval_flags=
	grep -qs '^<[phlPHL]>' "$data"/gold/* || eval_flags=-M
	for method in $methods; do
		if [ ! -f "$set_dir/$method.done" ]; then
			rm -f "$set_dir/time.$method"
			rm -rf "$set_dir/out.$method"
			k=0
			while [ $k -lt "$folds" ]; do
				fd=$set_dir/fold$k
				make_fold "$fd" $k "$folds" "$set_dir/ids"
				progress "$name: $method, fold $((k + 1))/$folds"
				train "$method" "$fd"
				clean "$method" "$fd" "$set_dir/out.$method"
				k=$((k + 1))
			done
			touch "$set_dir/$method.done"
		fi
		total=$("$bin/ncleaner-eval" -t -n $eval_flags "$set_dir/out.$method" "$data/gold")
		speed=$(awk -v p="$pages" '{ s += $1; if ($2 > m) m = $2 } END { printf "%.1f\t%.1f", p / s, m / 1024 }' "$set_dir/time.$method")
		note=${eval_flags:+"scored without tags (-M)"}
		[ "$method" = perplexity-2-cv ] && note="${note:+$note; }cut-offs chosen: $(cat "$set_dir"/fold*/cutoff | sort -n | uniq -c | awk '{ printf "%s%s x%s", (NR > 1 ? ", " : ""), $2, $1 }')"
		echo "$total" | awk -F '\t' -v OFS='\t' -v d="$name" -v m="$method" -v s="$speed" -v n="$note" \
			-v tags="${eval_flags:-yes}" '{ print d, m, $2, $3, $4, tags == "-M" ? "-" : $5, s, n }' \
			>> "$work/methods.tsv.new"
	done
done
mv "$work/methods.tsv.new" "$work/methods.tsv"

echo "| data | method | micro F | micro P | micro R | seg F | pages/s | peak MB | note |"
echo "|---|---|---|---|---|---|---|---|---|"
tail -n +2 "$work/methods.tsv" | awk -F '\t' '{ printf "|"; for (i = 1; i <= NF; i++) printf " %s |", $i; printf "\n" }'
