#!/bin/sh
# bench-crawl.sh: figures of ncleaner on many pages (issue 11), printed,
# never asserted.
#
#   scripts/bench-crawl.sh BUILD_DIR SOURCE_DIR
#
# On the development pages (CLEANEVAL and Dragnet, HTML, Lynx included):
# 1. pages/s with -j 1 and -j N for N = 2 .. the number of processors, and
#    the speed-up (the issue's target on 2 cores: -j 2 at least 1.8x -j 1);
#    beside it, how process creation scales here (each page execs a Lynx)
#    and the speed-up of the same pages without Lynx (--method ice-dt);
# 2. the same pages as one WARC.gz file (a gzip member per record, as Common
#    Crawl ships them) against the pages as files: MB/s of HTML read (target:
#    within 5%);
# 3. peak resident memory with -j 1, 2 and 4, and what each worker adds
#    (target: under 15 MB a worker, the shared models apart).
# Every run is without site repetition (--no-site-repetition: one archive
# is one input, the directory of pages a batch, and the figures compare the
# same work). Each run is done RUNS times (default 3) and the fastest kept, which is
# what the machine can do when nothing else runs. Lynx's processes are
# not in the memory figures (they come and go, one per page).
set -eu
build=$1 src=$2
bin=$build/src
shared=${NCLEANER_SHARED:-$src/../shared}
runs=${RUNS:-3}
work=$build/bench-data/crawl
cores=$(nproc)

if [ ! -d "$shared/data/cleaneval-dev/orig" ] || [ ! -d "$shared/data/dragnet-dev/orig" ]; then
	echo "bench-crawl: skipped: the development pages ($shared/data) are not there"
	exit 0
fi
rm -rf "$work"
mkdir -p "$work/pages"
# The pages under one directory, with names that say which set they are from.
for set in cleaneval-dev dragnet-dev; do
	for f in "$shared/data/$set/orig"/*; do
		cp "$f" "$work/pages/$set-$(basename "$f")"
	done
done
pages=$(ls "$work/pages" | wc -l)
bytes=$(cat "$work/pages"/* | wc -c)

# warc_record FILE: FILE as a WARC/1.0 response record with an HTTP header
# (a CLEANEVAL page keeps its <text> wrapper: it is HTML all the same).
warc_record() {
	name=$(basename "$1")
	http_header=$(printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %s\r\n\r\n' \
		"$(wc -c < "$1")")
	length=$(( ${#http_header} + 4 + $(wc -c < "$1") ))
	printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%s>\r\n' \
		"$(printf '%s' "$name" | sha1sum | sed 's/^\(........\)\(....\)\(....\)\(....\)\(............\).*/\1-\2-\3-\4-\5/')"
	printf 'WARC-Date: 2012-01-01T00:00:00Z\r\nWARC-Target-URI: http://bench.example/%s\r\n' "$name"
	printf 'Content-Type: application/http; msgtype=response\r\nContent-Length: %s\r\n\r\n' "$length"
	printf '%s\r\n\r\n' "$http_header"
	cat "$1"
	printf '\r\n\r\n'
}
for f in "$work/pages"/*; do
	warc_record "$f" | gzip -6
done > "$work/pages.warc.gz"

# best CMD...: "seconds peak_kB" of the fastest of RUNS runs of CMD.
best() {
	i=0
	: > "$work/times"
	while [ $i -lt "$runs" ]; do
		rm -rf "$work/out"
		/usr/bin/time -f '%e %M' -o "$work/time" "$@" > /dev/null 2> "$work/err" || {
			echo "bench-crawl: failed: $*" >&2
			sed 's/^/  /' "$work/err" | tail -n 5 >&2
			exit 1
		}
		cat "$work/time" >> "$work/times"
		i=$((i + 1))
	done
	sort -n "$work/times" | head -n 1
}
rate() { echo "$1 $2" | awk '{ printf "%.1f", $1 / $2 }'; }
mb() { echo "$1" | awk '{ printf "%.1f", $1 / 1048576 }'; }

echo "ncleaner crawl benchmark ($(uname -m), $cores cores; $pages development pages, $(mb "$bytes") MB of HTML; best of $runs runs)"
set -- $(best "$bin/ncleaner" --no-site-repetition -j 1 -o "$work/out" "$work/pages")
t1=$1
echo "files, -j 1: $(rate "$pages" "$t1") pages/s ($t1 s), $(rate "$(mb "$bytes")" "$t1") MB/s"
j=2
while [ $j -le "$cores" ] || [ $j -eq 2 ]; do
	set -- $(best "$bin/ncleaner" --no-site-repetition -j $j -o "$work/out" "$work/pages")
	echo "files, -j $j: $(rate "$pages" "$1") pages/s ($1 s), $(rate "$(mb "$bytes")" "$1") MB/s, speed-up $(rate "$t1" "$1")x over -j 1"
	[ $j -eq 2 ] && t2=$1
	j=$((j * 2))
done
# What limits -j with Lynx: every page starts a Lynx (vfork and exec). How process
# creation scales on this machine: 200 runs of /bin/true, one after the
# other, then as two such loops at once.
loop='i=0; while [ $i -lt 200 ]; do /bin/true; i=$((i + 1)); done'
t_one=$( { /usr/bin/time -f '%e' sh -c "$loop"; } 2>&1 )
t_two=$( { /usr/bin/time -f '%e' sh -c "$loop & $loop; wait"; } 2>&1 )
echo "process creation: 200 runs of /bin/true in $t_one s; 2 x 200 at once in $t_two s (speed-up $(echo "$t_one $t_two" | awk '{ printf "%.2f", 2 * $1 / $2 }')x on $cores cores)"
# The same pages without Lynx: an in-process renderer (libxml2) and method.
if "$bin/ncleaner" --help-methods | grep -q '^  ice-dt '; then
	set -- $(best "$bin/ncleaner" --no-site-repetition -j 1 --method ice-dt -o "$work/out" "$work/pages")
	i1=$1
	set -- $(best "$bin/ncleaner" --no-site-repetition -j 2 --method ice-dt -o "$work/out" "$work/pages")
	echo "no Lynx (--method ice-dt, libxml2 in process): -j 1 $(rate "$pages" "$i1") pages/s, -j 2 $(rate "$pages" "$1") pages/s, speed-up $(rate "$i1" "$1")x"
fi
set -- $(best "$bin/ncleaner" --no-site-repetition -j 1 -o "$work/out" "$work/pages.warc.gz")
echo "WARC.gz, -j 1: $(rate "$pages" "$1") pages/s ($1 s), $(rate "$(mb "$bytes")" "$1") MB/s of HTML, $(echo "$t1 $1" | awk '{ printf "%+.1f", ($1 / $2 - 1) * 100 }')% against the files"
set -- $(best "$bin/ncleaner" --no-site-repetition -j 2 -o "$work/out" "$work/pages.warc.gz")
echo "WARC.gz, -j 2: $(rate "$pages" "$1") pages/s ($1 s), $(rate "$(mb "$bytes")" "$1") MB/s of HTML, $(echo "$t2 $1" | awk '{ printf "%+.1f", ($1 / $2 - 1) * 100 }')% against the files"

# Memory: the standard model is shared; each worker adds its own buffers.
for j in 1 2 4; do
	set -- $(best "$bin/ncleaner" --no-site-repetition -j $j -o "$work/out" "$work/pages.warc.gz")
	eval "rss$j=$2"
done
echo "peak memory, WARC.gz: -j 1 $(mb $((rss1 * 1024))) MB, -j 2 $(mb $((rss2 * 1024))) MB, -j 4 $(mb $((rss4 * 1024))) MB; each worker adds $(echo "$rss1 $rss4" | awk '{ printf "%.1f", ($2 - $1) / 3 / 1024 }') MB"
set -- $(best "$bin/ncleaner" --no-site-repetition -j 1 --no-lm -o "$work/out" "$work/pages.warc.gz")
echo "peak memory without a model, -j 1: $(mb $(($2 * 1024))) MB (the standard model adds $(mb $(((rss1 - $2) * 1024))) MB, shared by the workers)"
