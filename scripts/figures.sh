#!/bin/sh
# figures.sh: the pictures of the paper's Figures 3 and 4, drawn with gnuplot.
#
#   scripts/figures.sh BUILD_DIR DATA_DIR WORK_DIR OUT_DIR
#
# Figure 3: per-file precision of the standard model (HTML mode, from the
# cross-validation in WORK_DIR/out) minus the precision of the Lynx dump
# baseline, as a histogram in 5-point bins. Figure 4: the learning curve in
# WORK_DIR/curve.tsv (see learning-curve.sh), mean and range over the draws.
# The data behind each picture is written next to it as .tsv, so the figures
# can be checked or redrawn without gnuplot.
set -eu

build=$1 data=$2 work=$3 out=$4
bin=$build/src
mkdir -p "$out"

# --- Figure 3 data: file, baseline P, standard P, difference ------------------
per_file() {  # $1 = system: per-file precision, sorted by file name
	"$bin/ncleaner-eval" -n "$work/out/$1" "$data/gold" | awk -F '\t' '{ print $1 "\t" $3 }' | sort
}
per_file baseline > "$work/p-baseline.tsv"
per_file standard-html > "$work/p-standard.tsv"
{
	printf 'file\tbaselineP\tstandardP\tdiff\n'
	join -t "$(printf '\t')" "$work/p-baseline.tsv" "$work/p-standard.tsv" |
		awk -F '\t' -v OFS='\t' '{ print $1, $2, $3, sprintf("%.2f", $3 - $2) }'
} > "$out/precision-diff.tsv"

if ! command -v gnuplot > /dev/null 2>&1; then
	echo "figures: gnuplot not found (Debian package gnuplot-nox): data written to $out, no pictures" >&2
	exit 0
fi

gnuplot <<EOF
set terminal pngcairo size 800,500 font ",11"
set output "$out/figure3-precision-diff.png"
set title "Per-file precision: standard model minus Lynx dump baseline (10-fold CV)"
set xlabel "precision difference (percentage points)"
set ylabel "number of files"
set style fill solid 0.6 border -1
set boxwidth 4.5
set xtics 10
set grid ytics
binwidth = 5
bin(x) = binwidth * floor(x / binwidth) + binwidth / 2.0
plot "$out/precision-diff.tsv" skip 1 using (bin(\$4)):(1.0) smooth frequency with boxes notitle
EOF

if [ -f "$work/curve.tsv" ]; then
	cp "$work/curve.tsv" "$out/learning-curve.tsv"
	gnuplot <<EOF
set terminal pngcairo size 800,500 font ",11"
set output "$out/figure4-learning-curve.png"
set title "Learning curve: standard model, HTML mode (mean and range of the random draws)"
set xlabel "training pages"
set ylabel "micro-averaged score (%)"
set key bottom right
set grid
set xrange [0:55]
set yrange [80:100]
plot "$out/learning-curve.tsv" skip 1 using 1:3:4:5 with yerrorlines lw 2 title "precision", \
     "" skip 1 using 1:6:7:8 with yerrorlines lw 2 title "recall", \
     "" skip 1 using 1:9:10:11 with yerrorlines lw 2 title "F"
EOF
fi
echo "figures: wrote pictures to $out" >&2
