#!/bin/sh
# ablation.sh: the parts of issue 20 on and off, cross-validated, beside
# the peers measured on the same pages.
#
#   scripts/ablation.sh BUILD_DIR WORK_DIR CLEANEVAL_DIR DRAGNET_DIR
#
# Every row is a composition of ncleaner, 10-fold cross-validated by
# compare-methods.sh (FOLDS=K to change) on each set: whatever it learns
# (n-gram models, logistic weights and biases) it learns on the nine
# training folds. The parts:
#   structure  the page's structure carried into the dump (on for the
#              logistic rows but logistic-plain, which reads pages without
#              it and decides with the plain weights)
#   n-gram     the character models' log-likelihood ratio (the ncleaner
#              method's evidence; in the logistic rows its ngram_llr
#              feature, but for logistic-no-ngram)
#   learned    one learned decision from all the evidence (the logistic
#              method) rather than the character models (ncleaner)
#   sequence   the viterbi decider over the page rather than the threshold
#   article    --article against DRAGNET_DIR's gold-article/ (its own rows)
#   site       --site-repetition (the survey over every page of the set)
# The peers' figures are those of DRAGNET_DIR/README.md (the same pages, the
# same scorer, markers ignored), copied from its table by their names.
#
# Work is kept in WORK_DIR (an interrupted run picks up where it stopped).
# Writes a Markdown table on standard output.
set -eu
build=$1 work=$2 cleaneval=$3 dragnet=$4
here=$(dirname "$0")
for d in "$cleaneval" "$dragnet"; do
	[ -d "$d/orig" ] && [ -d "$d/gold" ] ||
		{ echo "ablation: $d has no orig/ and gold/" >&2; exit 2; }
done
[ -d "$dragnet/gold-article" ] || { echo "ablation: $dragnet has no gold-article/" >&2; exit 2; }
mkdir -p "$work/dragnet-article"
ln -sfn "$(cd "$dragnet" && pwd)/orig" "$work/dragnet-article/orig"
ln -sfn "$(cd "$dragnet" && pwd)/gold-article" "$work/dragnet-article/gold"

rows="ncleaner ncleaner-viterbi logistic-plain logistic-no-ngram logistic logistic-viterbi logistic-sites"
METHODS=$rows sh "$here/compare-methods.sh" "$build" "$work/all" "$cleaneval" "$dragnet" > /dev/null
METHODS="logistic article article-sites" sh "$here/compare-methods.sh" "$build" "$work/article" \
	"$work/dragnet-article" > /dev/null

# parts METHOD: the structure, n-gram, learned, sequence, site and article
# columns.
parts() {
	case $1 in
	ncleaner) echo "- | on | - | - | - | -" ;;
	ncleaner-viterbi) echo "- | on | - | on | - | -" ;;
	logistic-plain) echo "- | on | on | - | - | -" ;;
	logistic-no-ngram) echo "on | - | on | - | - | -" ;;
	logistic) echo "on | on | on | - | - | -" ;;
	logistic-viterbi) echo "on | on | on | on | - | -" ;;
	logistic-sites) echo "on | on | on | - | on | -" ;;
	article) echo "on | - | on | - | - | on" ;;
	article-sites) echo "on | - | on | - | on | on" ;;
	esac
}
# figure SET METHOD: "F (P / R)" of compare-methods' table.
figure() {
	awk -F '\t' -v d="$1" -v m="$2" '$1 == d && $2 == m { printf "%s (%s / %s)", $3, $4, $5 }' \
		"$3"
}
# peer NAME COLUMN: a peer's "P / R / F" from the Dragnet README, as "F (P / R)".
peer() {
	grep -F "| $1 |" "$dragnet/README.md" | awk -F '|' -v c="$2" '{
		n = split($c, f, "/"); if (n < 3) { print "-"; exit }
		for (i = 1; i <= 3; i++) gsub(/ /, "", f[i]); printf "%s (%s / %s)", f[3], f[1], f[2] }'
}

echo "| configuration | structure | n-gram | learned | sequence | site | article | CLEANEVAL F (P / R) | Dragnet F (P / R) | Dragnet articles F (P / R) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for m in $rows; do
	echo "| $m | $(parts "$m") | $(figure "$(basename "$cleaneval")" "$m" "$work/all/methods.tsv") |" \
	     "$(figure "$(basename "$dragnet")" "$m" "$work/all/methods.tsv") |" \
	     "$( [ "$m" = logistic ] && figure dragnet-article logistic "$work/article/methods.tsv" || echo -) |"
done
echo "| article (--article) | $(parts article) | - | - | $(figure dragnet-article article "$work/article/methods.tsv") |"
echo "| article-sites (--article --site-repetition) | $(parts article-sites) | - | - | $(figure dragnet-article article-sites "$work/article/methods.tsv") |"
for p in "jusText 3.0.2, English stoplist" "boilerpipe 1.2 DefaultExtractor" \
	 "boilerpipe 1.2 ArticleExtractor" "Mozilla Readability 0.6" "trafilatura 2.2"; do
	echo "| $p (peer) | | | | | | | - | $(peer "$p" 3) | $(peer "$p" 4) |"
done
echo
echo "The default is logistic-sites in a batch (two input files or more, or an archive: the survey over every page of the set) and logistic for a page alone; --article is article-sites in a batch."
