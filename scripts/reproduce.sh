#!/bin/sh
# reproduce.sh: the paper's experiments on a data set in CLEANEVAL layout.
#
#   scripts/reproduce.sh BUILD_DIR DATA_DIR WORK_DIR [--shipped]
#
# DATA_DIR has orig/<id>.html pages and gold/<id>-cleaned.txt (or <id>.txt).
# Default: 10-fold cross-validation (models trained on nine folds clean the
# tenth; no page is scored by a model that saw it) of the rows of Tables 2
# and 4 of Evert (2008): Lynx dump baseline, heuristics only, standard and
# non-lexical models, in HTML mode and text mode (text mode starts from the
# Lynx dumps). With --shipped: the shipped models on DATA_DIR without
# cross-validation (how Table 3 was made).
#
# In cross-validation mode it then runs learning-curve.sh (Figure 4) and,
# when FIGURES=DIR is set, figures.sh (the pictures of Figures 3 and 4).
#
# Work is kept in WORK_DIR: a run that is interrupted picks up where it
# stopped (finished folds and curve points are not redone). Results go to
# WORK_DIR/results.tsv and a Markdown table on standard output.
set -eu

build=$1 data=$2 work=$3 mode=${4:-cv}
folds=${FOLDS:-10}
bin=$build/src
[ -x "$bin/ncleaner" ] || { echo "reproduce: no $bin/ncleaner; run make first" >&2; exit 2; }
[ -d "$data/orig" ] && [ -d "$data/gold" ] || {
	echo "reproduce: $data has no orig/ and gold/ (CLEANEVAL layout)" >&2; exit 2; }
mkdir -p "$work"

# Model settings: the paper's (standard: mode 1, n 3, q 0.5; non-lexical:
# mode 3, n 6, q 0.4), overridable for experiments.
STANDARD=${STANDARD:-"-m 1 -n 3 -q 0.5"}
NONLEX=${NONLEX:-"-m 3 -n 6 -q 0.4"}

progress() { printf '%s\n' "reproduce: $*" >&2; }

# Page ids in a fixed order; fold k holds every folds-th id from k.
ls "$data/orig" | sed -n 's/\.html*$//p' | sort -n > "$work/ids"
n_pages=$(wc -l < "$work/ids")

# Lynx dumps of every page, once: the baseline and the text-mode input.
if [ ! -f "$work/dump/.done" ]; then
	progress "dumping $n_pages pages with Lynx"
	rm -rf "$work/dump"
	"$bin/ncleaner" --paper --dump -o "$work/dump" "$data/orig"
	touch "$work/dump/.done"
fi

. "$(dirname "$0")/corpus-lib.sh"

systems="baseline heuristics-html standard-html nonlex-html heuristics-text standard-text nonlex-text"
for s in $systems; do mkdir -p "$work/out/$s"; done

clean_fold() {  # $1 = fold dir with test ids, models; writes into out/
	fd=$1
	for id in $(cat "$fd/test"); do
		page=$(orig_of "$id") dump=$work/dump/$id.txt
		cp "$dump" "$work/out/baseline/$id.txt"
		"$bin/ncleaner" --paper --no-lm "$page" > "$work/out/heuristics-html/$id.txt" || true
		"$bin/ncleaner" --paper -m "$fd/standard-html.model" "$page" > "$work/out/standard-html/$id.txt" || true
		"$bin/ncleaner" --paper -m "$fd/nonlex-html.model" "$page" > "$work/out/nonlex-html/$id.txt" || true
		"$bin/ncleaner" --paper --no-lm --text "$dump" > "$work/out/heuristics-text/$id.txt" || true
		"$bin/ncleaner" --paper -m "$fd/standard-text.model" --text "$dump" > "$work/out/standard-text/$id.txt" || true
		"$bin/ncleaner" --paper -m "$fd/nonlex-text.model" --text "$dump" > "$work/out/nonlex-text/$id.txt" || true
	done
}

train_fold() {  # $1 = fold dir with train ids
	fd=$1
	rm -rf "$fd/gold" "$fd/orig" "$fd/dump"
	mkdir -p "$fd/gold" "$fd/orig" "$fd/dump"
	for id in $(cat "$fd/train"); do
		ln -s "$(abs "$(gold_of "$id")")" "$fd/gold/"
		ln -s "$(abs "$(orig_of "$id")")" "$fd/orig/"
		ln -s "$(abs "$work/dump/$id.txt")" "$fd/dump/"
	done
	"$bin/train-ncleaner" --paper --diff $STANDARD "$fd/gold" "$fd/orig" "$fd/standard-html.model" 2>/dev/null
	"$bin/train-ncleaner" --paper --diff $NONLEX "$fd/gold" "$fd/orig" "$fd/nonlex-html.model" 2>/dev/null
	"$bin/train-ncleaner" --paper --diff $STANDARD "$fd/gold" "$fd/dump" "$fd/standard-text.model" 2>/dev/null
	"$bin/train-ncleaner" --paper --diff $NONLEX "$fd/gold" "$fd/dump" "$fd/nonlex-text.model" 2>/dev/null
}

if [ "$mode" = --shipped ]; then
	fd=$work/shipped
	mkdir -p "$fd"
	cp "$work/ids" "$fd/test"
	datadir=${NCLEANER_DATA_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
	cp "$datadir/models/english.model" "$fd/standard-html.model"
	cp "$datadir/models/nonlex.model" "$fd/nonlex-html.model"
	cp "$datadir/models/english.model" "$fd/standard-text.model"
	cp "$datadir/models/nonlex.model" "$fd/nonlex-text.model"
	clean_fold "$fd"
else
	k=0
	while [ $k -lt "$folds" ]; do
		fd=$work/fold$k
		if [ ! -f "$fd/.done" ]; then
			progress "fold $((k + 1))/$folds: training and cleaning"
			mkdir -p "$fd"
			awk -v k=$k -v f="$folds" '(NR - 1) % f == k' "$work/ids" > "$fd/test"
			awk -v k=$k -v f="$folds" '(NR - 1) % f != k' "$work/ids" > "$fd/train"
			train_fold "$fd"
			clean_fold "$fd"
			touch "$fd/.done"
		fi
		k=$((k + 1))
	done
fi

# Score every system: micro and macro F/P/R, labelled segmentation.
printf 'system\tmicroF\tmicroP\tmicroR\tmacroF\tmacroP\tmacroR\tsegF\tsegP\tsegR\n' > "$work/results.tsv"
for s in $systems; do
	total=$("$bin/ncleaner-eval" -t -n "$work/out/$s" "$data/gold")
	macro=$("$bin/ncleaner-eval" -n -s "$work/out/$s" "$data/gold" 2>&1 >/dev/null |
		awk '/macro-averaged/ { m = 1; next } m && /F-score/ { f = $2 } m && /Precision/ { p = $2 }
		     m && /Recall/ { r = $2; print f "\t" p "\t" r; exit }' | tr -d '%')
	echo "$total" | awk -v s="$s" -v macro="$macro" -F '\t' \
		'{ print s "\t" $3 "\t" $4 "\t" $2 "\t" macro "\t" $5 "\t" $6 "\t" $7 }' |
		awk -F '\t' -v OFS='\t' '{ print $1, $4, $2, $3, $5, $6, $7, $8, $9, $10 }' >> "$work/results.tsv"
done

table() {
	echo "| system | micro F | micro P | micro R | macro F | macro P | macro R | seg F | seg P | seg R |"
	echo "|---|---|---|---|---|---|---|---|---|---|"
	tail -n +2 "$work/results.tsv" | awk -F '\t' '{ printf "| %s |", $1; for (i = 2; i <= NF; i++) printf " %s |", $i; printf "\n" }'
}
table

if [ "$mode" != --shipped ]; then
	FOLDS=$folds STANDARD=$STANDARD sh "$(dirname "$0")/learning-curve.sh" "$build" "$data" "$work"
	if [ -n "${FIGURES:-}" ]; then
		sh "$(dirname "$0")/figures.sh" "$build" "$data" "$work" "$FIGURES"
	fi
fi

# Every method side by side on every data set of COMPARE_CORPORA (issue 12).
if [ "$mode" != --shipped ] && [ -n "${COMPARE_CORPORA:-}" ]; then
	progress "comparing the methods on $COMPARE_CORPORA"
	FOLDS=$folds sh "$(dirname "$0")/compare-methods.sh" "$build" "$work/methods" $COMPARE_CORPORA \
		> "$work/methods.md"
fi

# The parts of issue 20 on and off (ABLATION="CLEANEVAL_DIR DRAGNET_DIR").
if [ "$mode" != --shipped ] && [ -n "${ABLATION:-}" ]; then
	progress "the ablation table on $ABLATION"
	# shellcheck disable=SC2086
	FOLDS=$folds sh "$(dirname "$0")/ablation.sh" "$build" "$work/ablation" $ABLATION \
		> "$work/ablation.md"
fi

# The shipped logistic models' recipe on the three development sets at once
# (issue 32; CROSS_VALIDATE=yes).
if [ "$mode" != --shipped ] && [ -n "${CROSS_VALIDATE:-}" ]; then
	progress "the three development sets, cross-validated"
	FOLDS=$folds sh "$(dirname "$0")/cross-validate.sh" "$build" "$work/cross-validate" \
		> "$work/cross-validate.md"
fi

# cross_validate_section TABLE FOLDS: RESULTS.md's section of the three sets.
cross_validate_section() {
	echo "## Three development sets at once (issue 32)"
	echo
	echo "Made by \`scripts/cross-validate.sh\` (also \`make cross-validate\`): the shipped logistic models'"
	echo "recipe (models/Makefile.models: the regression and 300 boosted trees of depth 5, the character"
	echo "models nested), $2-fold cross-validated on CLEANEVAL, Dragnet and trafilatura-dev at once: each"
	echo "fold's model learnt from the other two sets whole and the other folds of its own set, through"
	echo "Lynx, and its pages cleaned page by page. logistic: the default's model, scored against"
	echo "CLEANEVAL's gold (micro word F, P, R, labelled segmentation F), Dragnet's gold/ (tags dropped)"
	echo "and trafilatura-dev's snippets by the benchmark's rule (F1, P, R in percent, by the CLD2 language"
	echo "of each page's text snippets; other: all but German and English); article: --article's, against"
	echo "Dragnet's gold-article/ and the same snippets. The sections above were made before issue 32 and"
	echo "show the logistic models of then."
	echo
	cat "$1"
}

# RESULTS.md: our table beside the paper's figures.
if [ -n "${RESULTS:-}" ]; then
	{
		echo "# Results"
		echo
		echo "Generated by \`make reproduce\` (scripts/reproduce.sh) on $n_pages pages of \`$(basename "$data")\`;"
		if [ "$mode" = --shipped ]; then
			echo "shipped models, no cross-validation. Do not edit by hand."
		else
			echo "$folds-fold cross-validation: no page is scored by a model trained on it. Do not edit by hand."
		fi
		echo "Scores are those of \`ncleaner-eval\` (the 2008 scorer, exact): word-level micro and macro"
		echo "averages, and labelled segmentation (tags <p>, <h>, <l>). HTML mode starts from the pages, text"
		echo "mode from their plain Lynx dumps. Models: standard $STANDARD, non-lexical $NONLEX, differential."
		echo
		table
		echo
		echo "## The paper's figures (Evert 2008)"
		echo
		echo "| row | micro F | micro P | micro R | macro F |"
		echo "|---|---|---|---|---|"
		echo "| StupidOS, CLEANEVAL dev set: baseline | | 86.70 | 99.93 | |"
		echo "| StupidOS, CLEANEVAL dev set: heuristics only | | 87.32 | 96.47 | |"
		echo "| StupidOS, CLEANEVAL dev set: standard | | 93.58 | 90.92 | |"
		echo "| StupidOS, CLEANEVAL dev set: non-lexical | | 91.72 | 91.74 | |"
		echo "| Table 2 (FIASCO, 10-fold CV): baseline | 91.23 | 84.16 | 99.58 | 85.32 |"
		echo "| Table 2: heuristics only | 89.39 | 85.12 | 94.11 | 84.06 |"
		echo "| Table 2: NCLEANER | 91.60 | 91.95 | 91.25 | 87.63 |"
		echo "| Table 2: non-lexical | 89.99 | 90.17 | 89.82 | 85.60 |"
		echo "| Table 3 (CLEANEVAL test): NCLEANER HTML | 92.73 | 94.70 | 90.83 | |"
		echo "| Table 3: NCLEANER text | 90.18 | 90.30 | 90.05 | |"
		echo "| Table 3: non-lexical HTML | 92.31 | 91.65 | 92.97 | |"
		echo "| Table 3: non-lexical text | 89.86 | 89.88 | 89.85 | |"
		echo "| Table 4 (segmentation): HTML | 60.85 | 69.30 | 54.24 | |"
		echo "| Table 4 (segmentation): text | 34.04 | 28.98 | 41.25 | |"
		echo
		echo "The paper's development-set rows are the closest comparison; Table 2 is on"
		echo "FIASCO, which is not public, and Table 3 on the CLEANEVAL test set."
		if [ "$mode" != --shipped ] && [ -f "$work/curve.tsv" ]; then
			echo
			echo "## Learning curve (the paper's Figure 4)"
			echo
			echo "Standard model, HTML mode. For each size, every fold's model is trained on that many"
			echo "pages drawn at random from the fold's training pages, and all $n_pages pages are scored;"
			echo "mean over $(awk 'NR == 2 { print $2 }' "$work/curve.tsv") draws, range in brackets. The paper: 10 pages already give"
			echo "precision above 94% and recall about 90%; 50 pages suffice."
			echo
			echo "| training pages | micro P | micro R | micro F |"
			echo "|---|---|---|---|"
			tail -n +2 "$work/curve.tsv" | awk -F '\t' '{ printf "| %s | %s [%s, %s] | %s [%s, %s] | %s [%s, %s] |\n", $1, $3, $4, $5, $6, $7, $8, $9, $10, $11 }'
			[ -z "${FIGURES:-}" ] || echo "
![learning curve](doc/figures/figure4-learning-curve.png)"
		fi
		if [ "$mode" != --shipped ] && [ -f "${FIGURES:-/nonexistent}/precision-diff.tsv" ]; then
			echo
			echo "## Per-file precision difference (the paper's Figure 3)"
			echo
			echo "Precision of the standard model (HTML mode, 10-fold CV) minus that of the Lynx dump, per file:"
			tail -n +2 "$FIGURES/precision-diff.tsv" | cut -f 4 | sort -g | awk '
				{ d[NR] = $1; if ($1 > 0) up++; else if ($1 < 0) down++; else same++ }
				END {
					median = NR % 2 ? d[(NR + 1) / 2] : (d[NR / 2] + d[NR / 2 + 1]) / 2
					printf "%d files gain precision, %d lose, %d are unchanged; median difference %+.2f points,\n", up, down, same, median
					printf "smallest %+.2f, largest %+.2f. Data: `doc/figures/precision-diff.tsv`.\n", d[1], d[NR]
				}'
			echo
			echo "![precision difference](doc/figures/figure3-precision-diff.png)"
		fi
		if [ "$mode" != --shipped ] && [ -n "${COMPARE_CORPORA:-}" ] && [ -s "$work/methods.md" ]; then
			echo
			echo "## The methods side by side"
			echo
			echo "Made by \`scripts/compare-methods.sh\` (also \`make compare-methods\`), today's defaults (not \`--paper\`),"
			echo "one worker. $folds-fold cross-validation wherever a method learns: the ncleaner models (differential,"
			echo "standard $STANDARD, non-lexical $NONLEX) and the perplexity models learn the nine training folds' pages"
			echo "and gold texts; perplexity-2-cv also chooses its cut-off there (each training page scored by a model"
			echo "of an inner 5-fold split, so that no model scores text it learned). perplexity-2 and -3 use the"
			echo "published cut-off 8000. The ICE methods read the HTML with libxml2 (an in-process renderer, no Lynx):"
			echo "ice-bl and ice-hr learn nothing; ice-dt's C4.5 tree and ice-lm's KL threshold learn the training folds."
			echo "Speed: pages/s of cleaning, Lynx and model loading included; peak MB: the ncleaner process (Lynx not"
			echo "counted). Scores: \`ncleaner-eval\`, micro-averaged, labelled segmentation; Dragnet's gold has no tags,"
			echo "so it is scored with \`-M\` (tags dropped on both sides) and has no segmentation figure."
			echo
			cat "$work/methods.md"
			echo
			echo "Published figures of the sibling systems (reference.md §10; the official CLEANEVAL scorer, mean over"
			echo "the CLEANEVAL test pages, text-only / with markup): ice_bl 73.7 / 50.7, ice_hr 78.3 / 58.7, ice_dt"
			echo "57.3 / 47.6, ice_lm 69.9 / 51.4; perplexity filtering, bigram BNC model, cut-off 8000: 79.76 (10000:"
			echo "79.80; jusText 76.20). They are not comparable with the table: the official scorer is a Levenshtein"
			echo "edit distance over the whole text (order and every token count, a page weighs the same whatever its"
			echo "length), ours aligns words (micro: a page weighs by its words) and reports precision and recall"
			echo "apart; the pages differ (test set there, development sets here), and so do the models (the BNC's"
			echo "100 M words there, some 0.4 M words of gold text here)."
		fi
		if [ "$mode" != --shipped ] && [ -s "$work/ablation.md" ]; then
			echo
			echo "## Today's parts, on and off (issue 20)"
			echo
			echo "Made by \`scripts/ablation.sh\` (also \`make ablation\`): each row a composition, $folds-fold"
			echo "cross-validated on each set (its models learnt on the training folds). structure: the page's"
			echo "structure carried into the dump; n-gram: the character models' log-likelihood ratio (in the"
			echo "logistic rows the feature ngram_llr, its models nested in the training folds); learned: the"
			echo "logistic method rather than the character models; site: --site-repetition;"
			echo "sequence: the viterbi decider rather than the threshold; article: --article, scored against"
			echo "Dragnet's gold-article/ (the logistic row's figure there is its model learnt on the articles,"
			echo "without the article rule). Peers: Dragnet's README, the same pages and scorer."
			echo
			cat "$work/ablation.md"
		fi
		if [ "$mode" != --shipped ] && [ -s "$work/cross-validate.md" ]; then
			echo
			cross_validate_section "$work/cross-validate.md" "$folds"
		fi
		if [ -f "${NOTES:-/nonexistent}" ]; then echo; cat "$NOTES"; fi
	} > "$RESULTS"
	progress "wrote $RESULTS"
fi
