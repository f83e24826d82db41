#!/bin/sh
# learning-curve.sh: the learning curve of the paper's Figure 4.
#
#   scripts/learning-curve.sh BUILD_DIR DATA_DIR WORK_DIR
#
# Called by reproduce.sh after its folds exist (WORK_DIR/ids, dump/,
# foldK/test and foldK/train). For each training size N (SIZES, default
# 5 10 20 30 40 50) and each random draw d (DRAWS, default 5): in every fold,
# a standard model (HTML mode, differential) is trained on N pages drawn from
# that fold's training pages and cleans the fold's test pages. So every page
# of the data set is scored once per (N, d) by a model that never saw it, and
# all points of the curve are measured on the same pages.
#
# Restartable: each finished (N, d) leaves WORK_DIR/curve/N-d.tsv. Writes
# WORK_DIR/curve.tsv: size, draws, then mean and min/max of micro P, R, F.
set -eu

build=$1 data=$2 work=$3
bin=$build/src
sizes=${SIZES:-5 10 20 30 40 50}
draws=${DRAWS:-5}
folds=${FOLDS:-10}
STANDARD=${STANDARD:-"-m 1 -n 3 -q 0.5"}
curve=$work/curve

progress() { printf '%s\n' "learning curve: $*" >&2; }
. "$(dirname "$0")/corpus-lib.sh"

# draw_ids FILE N SEED: N ids from FILE, drawn without replacement.
draw_ids() {
	awk -v seed="$3" 'BEGIN { srand(seed) } { print rand() "\t" $0 }' "$1" |
		sort -k1,1g | head -n "$2" | cut -f 2
}

mkdir -p "$curve"
for size in $sizes; do
	d=1
	while [ $d -le "$draws" ]; do
		point=$curve/$size-$d
		if [ -f "$point.tsv" ]; then d=$((d + 1)); continue; fi
		progress "$size training pages, draw $d/$draws"
		rm -rf "$point"
		mkdir -p "$point/out"
		k=0
		while [ $k -lt "$folds" ]; do
			fd=$work/fold$k
			[ -f "$fd/train" ] || { echo "learning-curve: $fd/train missing; run reproduce.sh first" >&2; exit 2; }
			[ "$(wc -l < "$fd/train")" -ge "$size" ] ||
				{ echo "learning-curve: fold $k has fewer than $size training pages" >&2; exit 2; }
			sub=$point/fold$k
			mkdir -p "$sub/gold" "$sub/orig"
			draw_ids "$fd/train" "$size" "$((size * 1000 + d * 100 + k))" > "$sub/train"
			for id in $(cat "$sub/train"); do
				ln -s "$(abs "$(gold_of "$id")")" "$sub/gold/"
				ln -s "$(abs "$(orig_of "$id")")" "$sub/orig/"
			done
			"$bin/train-ncleaner" --paper --diff $STANDARD "$sub/gold" "$sub/orig" "$sub/model" 2>/dev/null
			for id in $(cat "$fd/test"); do
				"$bin/ncleaner" --paper -m "$sub/model" "$(orig_of "$id")" > "$point/out/$id.txt" || true
			done
			rm -rf "$sub"
			k=$((k + 1))
		done
		# Micro P, R, F over all pages of this draw.
		"$bin/ncleaner-eval" -t -n "$point/out" "$data/gold" |
			awk -F '\t' -v n="$size" -v d="$d" -v OFS='\t' '{ print n, d, $3, $4, $2 }' > "$point.tmp"
		mv "$point.tmp" "$point.tsv"
		rm -rf "$point"
		d=$((d + 1))
	done
done

# One row per size: mean, minimum and maximum over the draws.
{
	printf 'size\tdraws\tP\tPmin\tPmax\tR\tRmin\tRmax\tF\tFmin\tFmax\n'
	for size in $sizes; do cat "$curve/$size"-*.tsv; done |
		awk -F '\t' -v OFS='\t' '
		!($1 in n) { order[++sizes] = $1 }
		{
			s = $1; n[s]++
			for (i = 3; i <= 5; i++) {
				sum[s, i] += $i
				if (n[s] == 1 || $i < lo[s, i]) lo[s, i] = $i
				if (n[s] == 1 || $i > hi[s, i]) hi[s, i] = $i
			}
		}
		END {
			for (j = 1; j <= sizes; j++) {
				s = order[j]; line = s OFS n[s]
				for (i = 3; i <= 5; i++)
					line = line OFS sprintf("%.2f", sum[s, i] / n[s]) OFS lo[s, i] OFS hi[s, i]
				print line
			}
		}'
} > "$work/curve.tsv"
progress "wrote $work/curve.tsv"
