#!/bin/sh
# behaviour-snapshot.sh: every output mode of one build on the development
# sets, for comparing two builds byte for byte (see compare-behaviour.sh).
#
#   scripts/behaviour-snapshot.sh BIN_DIR DATA_DIR... OUT_DIR
#
# BIN_DIR holds ncleaner; each DATA_DIR has orig/ pages. For every data set
# it writes OUT_DIR/NAME/MODE/ (one file per page, through -o) and
# OUT_DIR/NAME/MODE.status (exit status and standard error), for the modes
# --dump, --no-lm, the default, --nonlex and --scores on the pages, and the
# default, --no-lm, --nonlex and --scores with --text on the --dump output;
# then --paper, --lines, JSONL with scores, and every other method (ICE,
# perplexity), which builds before the methods (issue 12) refuse. Options
# are given in their oldest spelling, so that any build since the first can
# be snapshotted.
set -eu
bin=$1; shift
[ $# -ge 2 ] || { echo "usage: $0 BIN_DIR DATA_DIR... OUT_DIR" >&2; exit 2; }
eval "out=\${$#}"
mkdir -p "$out"
run() {  # $1 = set dir in $out, $2 = mode name, rest = ncleaner arguments
	dir=$1 mode=$2; shift 2
	rm -rf "$dir/$mode"
	set +e
	"$bin/ncleaner" "$@" -o "$dir/$mode" > "$dir/$mode.stdout" 2> "$dir/$mode.stderr"
	echo "exit $?" > "$dir/$mode.status"
	set -e
	cat "$dir/$mode.stdout" "$dir/$mode.stderr" >> "$dir/$mode.status"
	rm -f "$dir/$mode.stdout" "$dir/$mode.stderr"
}
while [ $# -gt 1 ]; do
	data=$1; shift
	dir=$out/$(basename "$data")
	mkdir -p "$dir"
	run "$dir" dump --dump "$data/orig"
	run "$dir" no-lm --no-lm "$data/orig"
	run "$dir" default "$data/orig"
	run "$dir" nonlex --nonlex "$data/orig"
	run "$dir" scores --scores "$data/orig"
	run "$dir" text --text "$dir/dump"
	run "$dir" text-no-lm --text --no-lm "$dir/dump"
	run "$dir" text-nonlex --text --nonlex "$dir/dump"
	run "$dir" text-scores --text --scores "$dir/dump"
	run "$dir" paper --paper "$data/orig"
	run "$dir" lines --lines "$data/orig"
	run "$dir" jsonl-scores --format jsonl --scores "$data/orig"
	for method in perplexity ice-bl ice-hr ice-dt ice-lm; do
		run "$dir" "$method" --method "$method" "$data/orig"
	done
	run "$dir" ice-dt-jsonl --method ice-dt --format jsonl --scores "$data/orig"
	echo "snapshot: $(basename "$data"): $(find "$dir" -type f | wc -l) files" >&2
done
