#!/bin/sh
# bench.sh: speed and memory figures of ncleaner (printed, never asserted).
#
#   scripts/bench.sh BUILD_DIR SOURCE_DIR
#
# 1. Text mode with the ncleaner method's standard model, end to end, on a
#    dump of >= 100 MB (the CLEANEVAL development set's Lynx dumps
#    repeated, or the test fixtures when ../shared is absent): MB/s and
#    peak resident memory. Beside it, `wc -w` on the same file: text mode's
#    time as a multiple of the time it takes only to read the file and
#    count its words (the best of three runs of each). Then the default
#    (logistic) method, which holds the
#    dump whole (one page), and the heuristics alone.
# 2. HTML mode on the development set (Lynx included): pages/s, without
#    and with site repetition (the default in a batch); then the
#    builtin renderer (--renderer builtin, in process) end to end at -j 1
#    and -j 2 with the logistic and ncleaner methods on both development
#    sets, each page cleaned 4 times (the
#    pages listed 4 times), with peak memory; and the renderer alone
#    against libxml2's parse alone (scripts/renderer-dumps --time).
# 3. Training time of the standard model on the development set.
# 4. Instruction counts, which the machine's noise does not move (issue
#    33), under callgrind where valgrind is installed, at -j 1 on the 100
#    first pages of the development set: libxml2's SAX parse alone with
#    the project's options and empty callbacks (scripts/parse-alone), the
#    reference; --renderer builtin --dump; --renderer builtin (the default
#    method, site repetition on: a batch); each in instructions a page and
#    as a multiple of the parse alone. Then text mode (the ncleaner
#    method's standard model) on the development set's dumps, once, in
#    instructions a byte beside `wc -w`'s. A process's fixed costs (the
#    models' load) are in every figure; the last line is that load alone,
#    near enough: one process cleaning one small page (tests/t5000), what
#    a run per page (GNU parallel, Slurm) pays for each page.
# 5. The scorer on the oracle (58 files).
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
best_of_3() {  # measure()'s figures of the fastest of three runs (the ratios
	       # of text mode against wc -w compare the best of each)
	for run in 1 2 3; do measure "$@"; done | sort -n | head -n 1
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
set -- $(best_of_3 "$bin/ncleaner" --method ncleaner --text "$work/big.txt")
echo "text mode, the ncleaner method's standard model (best of 3 runs): $mb MB in $1 s = $(echo "$bytes $1" | awk '{ printf "%.1f", $1 / 1048576 / $2 }') MB/s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
text_seconds=$1
set -- $(best_of_3 wc -w "$work/big.txt")
echo "wc -w on the same file (best of 3, locale ${LC_ALL:-${LC_CTYPE:-${LANG:-POSIX}}}): $1 s; text mode takes $(echo "$text_seconds $1" | awk '{ printf "%.2f", $1 / ($2 > 0 ? $2 : 0.001) }') times as long"
set -- $(measure "$bin/ncleaner" --text "$work/big.txt")
echo "text mode, the default (logistic: the whole dump one page, held): $mb MB in $1 s = $(echo "$bytes $1" | awk '{ printf "%.1f", $1 / 1048576 / $2 }') MB/s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
set -- $(measure "$bin/ncleaner" --no-lm --text "$work/big.txt")
echo "text mode, heuristics only: $mb MB in $1 s = $(echo "$bytes $1" | awk '{ printf "%.1f", $1 / 1048576 / $2 }') MB/s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
if [ -d "$data/orig" ]; then
	pages=$(ls "$data/orig" | wc -l)
	rm -rf "$work/html-out"
	set -- $(measure "$bin/ncleaner" --no-site-repetition -o "$work/html-out" "$data/orig")
	echo "HTML mode (Lynx included): $pages pages in $1 s = $(echo "$pages $1" | awk '{ printf "%.1f", $1 / $2 }') pages/s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
	rm -rf "$work/html-out"
	set -- $(measure "$bin/ncleaner" -o "$work/html-out" "$data/orig")
	echo "HTML mode, the default in a batch (site repetition: a survey first, its dumps kept): $pages pages in $1 s = $(echo "$pages $1" | awk '{ printf "%.1f", $1 / $2 }') pages/s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
	dragnet=${DRAGNET:-$src/../shared/data/dragnet-dev}
	set -- "$data/orig"/*
	[ -d "$dragnet/orig" ] && set -- "$@" "$dragnet/orig"/*
	n=$#
	set -- "$@" "$@" "$@" "$@"   # each page 4 times: long enough to time
	for method in logistic ncleaner; do
		for jobs in 1 2; do
			t=$( /usr/bin/time -f '%e %M' -o "$work/time" "$bin/ncleaner" --method $method --no-site-repetition \
				--renderer builtin -j $jobs -f jsonl "$@" > /dev/null; cat "$work/time")
			echo "HTML mode, builtin renderer, $method method, -j $jobs: $((n * 4)) pages in ${t% *} s = $(echo "$((n * 4)) ${t% *}" | awk '{ printf "%.0f", $1 / $2 }') pages/s, peak memory $(echo "${t#* }" | awk '{ printf "%.1f", $1 / 1024 }') MB"
		done
	done
	set -- "$data/orig"/*
	[ -d "$dragnet/orig" ] && set -- "$@" "$dragnet/orig"/*
	for r in builtin parse; do
		printf 'renderer alone (stage 1 excluded): '
		"$build/scripts/renderer-dumps" --time --data "$src" $r "$work/renderer-$r" "$@" |
			awk -F '\t' '{ print $1 ": " $2 ", " $3 ", " $4 }'
	done
	set -- $(measure "$bin/train-ncleaner" --diff -m 1 -n 3 -q 0.5 "$data/gold" "$data/orig" "$work/bench.model")
	echo "training the standard model on $pages pages (Lynx included): $1 s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
fi
instructions() {  # instructions a command runs, under callgrind (output discarded)
	valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" \
		> /dev/null 2> "$work/callgrind.err" || { echo 0; return; }
	sed -n 's/^summary: *//p' "$work/callgrind.out"
}
if ! command -v valgrind > /dev/null 2>&1; then
	echo "instruction counts: valgrind is not installed (none measured)"
elif [ -d "$data/orig" ]; then
	set -- $(ls "$data/orig" | head -n 100 | sed "s#^#$data/orig/#")
	n=$#
	label="callgrind, the $n first pages of $(basename "$data"), -j 1"
	parse=$(instructions "$build/scripts/parse-alone" "$@")
	echo "instructions ($label): libxml2's SAX parse alone, empty callbacks: $(echo "$parse $n" | awk '{ printf "%.2f", $1 / $2 / 1e6 }') M a page (1.00)"
	for run in "--renderer builtin --dump" "--renderer builtin"; do
		rm -rf "$work/ir-out"
		ir=$(instructions "$bin/ncleaner" -j 1 $run -o "$work/ir-out" "$@")
		what=$run; [ "$run" = "--renderer builtin" ] && what="$run (the default method, site repetition on)"
		echo "instructions ($label): $what: $(echo "$ir $n" | awk '{ printf "%.2f", $1 / $2 / 1e6 }') M a page, $(echo "$ir $parse" | awk '{ printf "%.2f", $1 / ($2 > 0 ? $2 : 1) }') times the parse alone"
	done
	rm -rf "$work/ir-out"
	text_bytes=$(wc -c < "$work/one.txt")
	ir=$(instructions "$bin/ncleaner" --method ncleaner --text "$work/one.txt")
	wc_ir=$(instructions wc -w "$work/one.txt")
	echo "instructions (callgrind): text mode, the ncleaner method's standard model, $(echo "$text_bytes" | awk '{ printf "%.1f", $1 / 1048576 }') MB of dumps: $(echo "$ir $text_bytes" | awk '{ printf "%.1f", $1 / $2 }') a byte; wc -w: $(echo "$wc_ir $text_bytes" | awk '{ printf "%.1f", $1 / $2 }') a byte; $(echo "$ir $wc_ir" | awk '{ printf "%.2f", $1 / ($2 > 0 ? $2 : 1) }') times wc -w"
else
	echo "instruction counts: no development set at $data (none measured)"
fi
if command -v valgrind > /dev/null 2>&1; then
	ir=$(instructions "$bin/ncleaner" --renderer builtin "$src/tests/t5000/page.html")
	echo "instructions (callgrind): a process cleaning one small page (--renderer builtin, the default method; the models' load nearly all of it): $(echo "$ir" | awk '{ printf "%.1f", $1 / 1e6 }') M"
fi
if [ -d "$oracle" ]; then
	set -- $(measure "$bin/ncleaner-eval" "$oracle/lynx" "$oracle/gold")
	echo "scorer on the oracle (58 files): $1 s, peak memory $(echo "$2" | awk '{ printf "%.1f", $1 / 1024 }') MB"
fi
