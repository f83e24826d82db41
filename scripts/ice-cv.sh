#!/bin/sh
# ice-cv.sh: the four ICE methods cross-validated on data sets in CLEANEVAL
# layout (orig/ pages, gold/ texts).
#
#   scripts/ice-cv.sh BUILD_DIR WORK_DIR DATA_DIR...
#
# For each data set, 10-fold cross-validation (FOLDS=K to change; fold k
# holds every K-th page id from the k-th, ids in numeric order, as in
# reproduce.sh and compare-methods.sh). Per fold:
#   ice-bl, ice-hr  learn nothing:
#       ncleaner -j 1 --method ice-bl -o OUT FOLD/test
#   ice-dt          the tree of the nine training folds:
#       train-ncleaner --method ice-dt FOLD/gold FOLD/orig FOLD/ice-dt.model
#       ncleaner -j 1 --method ice-dt -m FOLD/ice-dt.model -o OUT FOLD/test
#   ice-lm          the threshold with the best F on the nine training folds:
#       train-ncleaner --method ice-lm FOLD/gold FOLD/orig FOLD/ice-lm.model
#       ncleaner -j 1 --method ice-lm -m FOLD/ice-lm.model -o OUT FOLD/test
# FOLD/gold and FOLD/orig hold symbolic links to the training pages and
# their gold texts, FOLD/test to the test pages. Every page is cleaned once,
# by a method that never saw it; the outputs of all folds are scored
# together with ncleaner-eval -t (micro P/R/F and labelled segmentation F);
# a data set whose gold texts have no tags (Dragnet) is scored with -M (the
# tags dropped on both sides; no segmentation F), as compare-methods.sh
# does. pages/s: the data set's pages over the summed wall-clock time of
# the cleaning runs (one worker, model loading included).
#
# Work is kept in WORK_DIR (an interrupted run picks up finished methods).
# Writes WORK_DIR/ice.tsv and a Markdown table on standard output, and the
# ice-lm thresholds chosen per fold.
set -eu
build=$1 work=$2
shift 2
bin=$build/src
folds=${FOLDS:-10}
methods=${METHODS:-"ice-bl ice-hr ice-dt ice-lm"}
[ -x "$bin/ncleaner" ] || { echo "ice-cv: no $bin/ncleaner; run make first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "ice-cv: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
mkdir -p "$work"
progress() { printf '%s\n' "ice-cv: $*" >&2; }

printf 'data\tmethod\tmicroF\tmicroP\tmicroR\tsegF\tpages_per_s\tnote\n' > "$work/ice.tsv.new"
for data in "$@"; do
	[ -d "$data/orig" ] && [ -d "$data/gold" ] || {
		echo "ice-cv: $data has no orig/ and gold/ (CLEANEVAL layout)" >&2; exit 2; }
	name=$(basename "$data")
	set_dir=$work/$name
	mkdir -p "$set_dir"
	. "$(dirname "$0")/corpus-lib.sh"
	ls "$data/orig" | sed -n 's/\.html*$//p' | sort -n > "$set_dir/ids"
	pages=$(wc -l < "$set_dir/ids")
	eval_flags=
	grep -qs '^<[phlPHL]>' "$data"/gold/* || eval_flags=-M
	k=0
	while [ $k -lt "$folds" ]; do
		fd=$set_dir/fold$k
		if [ ! -f "$fd/.ready" ]; then
			rm -rf "$fd"
			mkdir -p "$fd/gold" "$fd/orig" "$fd/test"
			awk -v k=$k -v f="$folds" '(NR - 1) % f == k' "$set_dir/ids" > "$fd/test-ids"
			awk -v k=$k -v f="$folds" '(NR - 1) % f != k' "$set_dir/ids" > "$fd/train-ids"
			for id in $(cat "$fd/train-ids"); do
				ln -s "$(abs "$(gold_of "$id")")" "$fd/gold/"
				ln -s "$(abs "$(orig_of "$id")")" "$fd/orig/"
			done
			for id in $(cat "$fd/test-ids"); do ln -s "$(abs "$(orig_of "$id")")" "$fd/test/"; done
			touch "$fd/.ready"
		fi
		k=$((k + 1))
	done
	for method in $methods; do
		if [ ! -f "$set_dir/$method.done" ]; then
			rm -rf "$set_dir/out.$method"
			rm -f "$set_dir/time.$method"
			k=0
			while [ $k -lt "$folds" ]; do
				fd=$set_dir/fold$k
				progress "$name: $method, fold $((k + 1))/$folds"
				case $method in
				ice-dt|ice-lm)
					"$bin/train-ncleaner" --method "$method" "$fd/gold" "$fd/orig" \
						"$fd/$method.model" 2> "$fd/$method.log"
					set -- --method "$method" -m "$fd/$method.model" ;;
				*) set -- --method "$method" ;;
				esac
				/usr/bin/time -f '%e' -a -o "$set_dir/time.$method" \
					"$bin/ncleaner" -j 1 "$@" -o "$set_dir/out.$method" "$fd/test" 2> /dev/null || true
				k=$((k + 1))
			done
			touch "$set_dir/$method.done"
		fi
		total=$("$bin/ncleaner-eval" -t -n $eval_flags "$set_dir/out.$method" "$data/gold")
		speed=$(awk -v p="$pages" '{ s += $1 } END { printf "%.1f", (s > 0 ? p / s : 0) }' "$set_dir/time.$method")
		note=${eval_flags:+"scored without tags (-M); "}
		if [ "$method" = ice-lm ]; then
			note="${note}max_kl per fold: $(for f in "$set_dir"/fold*/ice-lm.model; do
				sed -n 's/^max_kl\t//p' "$f"; done | awk '{ printf "%s%.2f", (NR > 1 ? " " : ""), $1 }')"
		elif [ "$method" = ice-dt ]; then
			note="${note}nodes per fold: $(for f in "$set_dir"/fold*/ice-dt.model; do
				sed -n 's/^nodes\t//p' "$f"; done | tr '\n' ' ' | sed 's/ $//')"
		fi
		note=${note%; }
		echo "$total" | awk -F '\t' -v OFS='\t' -v d="$name" -v m="$method" -v s="$speed" \
			-v tags="${eval_flags:-yes}" -v n="$note" \
			'{ print d, m, $2, $3, $4, (tags == "-M" ? "-" : $5), s, n }' >> "$work/ice.tsv.new"
	done
done
mv "$work/ice.tsv.new" "$work/ice.tsv"

echo "| data | method | micro F | micro P | micro R | seg F | pages/s | note |"
echo "|---|---|---|---|---|---|---|---|"
tail -n +2 "$work/ice.tsv" | awk -F '\t' '{ printf "|"; for (i = 1; i <= NF; i++) printf " %s |", $i; printf "\n" }'
