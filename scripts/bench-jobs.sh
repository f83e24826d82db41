#!/bin/sh
# bench-jobs.sh: how many workers each renderer wants a processor, the
# measurement behind the default -j (the processors, for every renderer:
# default_jobs() in src/cli/main-ncleaner.c). Printed, never asserted.
#
#   scripts/bench-jobs.sh BUILD_DIR SOURCE_DIR
#
# On the development pages (CLEANEVAL and Dragnet, HTML, with -o DIR as
# a batch is run, without site repetition): pages/s of each renderer with -j = the processors times
# 1, 1.5, 2, 3 and 4, the best of RUNS runs (default 3) each, and which multiple was
# fastest. A Lynx worker spends most of a page waiting for its Lynx, so
# more workers than processors keep the processors busy; an in-process
# renderer's worker computes, and more only queue.
set -eu
build=$1 src=$2
bin=$build/src
shared=${NCLEANER_SHARED:-$src/../shared}
runs=${RUNS:-3}
work=$build/bench-data/jobs
cores=$(nproc)
sets="$shared/data/cleaneval-dev/orig $shared/data/dragnet-dev/orig"

for d in $sets; do
	[ -d "$d" ] || { echo "bench-jobs: skipped: the development pages ($d) are not there"; exit 0; }
done
rm -rf "$work"
mkdir -p "$work"
pages=$(ls $sets | grep -c '\.htm')

# seconds J RENDERER: the fastest of RUNS runs with -j J.
seconds() {
	i=0 best=
	while [ $i -lt "$runs" ]; do
		rm -rf "$work/out"
		# shellcheck disable=SC2086
		/usr/bin/time -f '%e' -o "$work/time" "$bin/ncleaner" --quiet --no-site-repetition -j "$1" --renderer "$2" \
			-o "$work/out" $sets 2> "$work/err" || {
			echo "bench-jobs: failed: -j $1 --renderer $2" >&2
			tail -n 5 "$work/err" >&2
			exit 1
		}
		t=$(cat "$work/time")
		best=$(awk -v best="$best" -v t="$t" 'BEGIN { print (best == "" || t + 0 < best + 0) ? t : best }')
		i=$((i + 1))
	done
	echo "$best"
}

echo "ncleaner workers per processor ($(uname -m), $cores processors; $pages development pages; best of $runs runs)"
for renderer in lynx builtin; do
	top_rate=0 top=
	for multiple in 1 1.5 2 3 4; do
		j=$(echo "$cores $multiple" | awk '{ j = int($1 * $2 + 0.5); print j < 1 ? 1 : j }')
		t=$(seconds "$j" "$renderer")
		rate=$(echo "$pages $t" | awk '{ printf "%.1f", $1 / $2 }')
		echo "$renderer, -j $j ($multiple a processor): $rate pages/s ($t s)"
		if awk -v a="$rate" -v b="$top_rate" 'BEGIN { exit !(a > b * 1.03) }'; then
			top_rate=$rate top=$multiple
		fi
	done
	echo "$renderer: fastest at $top workers a processor (a multiple counts as faster when over 3% ahead of the fewer workers before it)"
done
rm -rf "$work"
