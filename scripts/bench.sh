#!/bin/sh
# bench.sh: speed and memory figures of ncleaner (printed, never asserted).
#
#   scripts/bench.sh BUILD_DIR SOURCE_DIR
#
# 1. Text mode with the standard model, end to end, on a dump of >= 100 MB
#    (the CLEANEVAL development set's Lynx dumps repeated, or the test
#    fixtures when ../shared is absent): MB/s and peak resident memory.
# 2. HTML mode on the development set (Lynx included): pages/s.
# 3. Training time of the standard model on the development set.
# 4. The scorer on the oracle (58 files).
set -eu
build=$1 src=$2
bin=$build/src
data=${CORPUS:-$src/../shared/data/cleaneval-dev}
oracle=$src/../shared/data/scorer-oracle
work=$build/bench-data
mkdir -p "$work"
measure() {  # prints "seconds peak_kB" of a command, output discarded
	/usr/bin/time -f '%e %M' -o "$work/time" "$@" > /dev/null
	cat "$work/time"
}

if [ ! -s "$work/big.txt" ]; then
	if [ -d "$data/orig" ]; then
		"$bin/ncleaner" --dump -o "$work/dumps" "$data/orig"
		cat "$work"/dumps/*.txt > "$work/one.txt"
	else
		cat "$src"/tests/t5000/dump.txt "$src"/tests/t6000/raw/*.txt > "$work/one.txt"
	fi
	: > "$work/big.txt"
	while [ "$(wc -c < "$work/big.txt")" -lt 104857600 ]; do
		cat "$work/one.txt" "$work/one.txt" "$work/one.txt" "$work/one.txt" >> "$work/big.txt"
	done
fi
bytes=$(wc -c < "$work/big.txt")
mb=$(echo "$bytes" | awk '{ printf "%.1f", $1 / 1048576 }')
echo "ncleaner benchmark ($(uname -m), $(nproc) cores)"
set -- $(measure "$bin/ncleaner" --text "$work/big.txt")
echo "text mode, standard model: $mb MB in $1 s = $(echo "$bytes $1" | awk '{ printf "%.1f", $1 / 1048576 / $2 }') MB/s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
set -- $(measure "$bin/ncleaner" --no-lm --text "$work/big.txt")
echo "text mode, heuristics only: $mb MB in $1 s = $(echo "$bytes $1" | awk '{ printf "%.1f", $1 / 1048576 / $2 }') MB/s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
if [ -d "$data/orig" ]; then
	pages=$(ls "$data/orig" | wc -l)
	rm -rf "$work/html-out"
	set -- $(measure "$bin/ncleaner" -o "$work/html-out" "$data/orig")
	echo "HTML mode (Lynx included): $pages pages in $1 s = $(echo "$pages $1" | awk '{ printf "%.1f", $1 / $2 }') pages/s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
	set -- $(measure "$bin/train-ncleaner" --diff -m 1 -n 3 -q 0.5 "$data/gold" "$data/orig" "$work/bench.model")
	echo "training the standard model on $pages pages (Lynx included): $1 s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
fi
if [ -d "$oracle" ]; then
	set -- $(measure "$bin/ncleaner-eval" "$oracle/lynx" "$oracle/gold")
	echo "scorer on the oracle (58 files): $1 s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
fi
