#!/bin/sh
# t5650-crawl-trust: nothing lost in a crawl (issue 17), each hole of the
# second hostile run staged for real: a write error inside an archive's
# output, --stats over an input, a truncated archive taken as done by
# --skip-existing, damaged records whose page was kept, archives that do not
# begin exactly with WARC/1.x, Heritrix dns: records, a closed standard
# output with SIGPIPE ignored, signals to several workers, the leftovers of
# a run killed with SIGKILL, and the smaller ones (control bytes in JSON, NUL in a WARC header, standard input named
# twice or empty, whole-file gzip'd archives, gzip padding, binary
# conversion records, FF FE 00 00, text dumps without a limit). Every check
# here failed before the fix it tests (run this file with top_builddir set
# to an older build to see which).
. "$(dirname "$0")/test-lib.sh"
F=$FIXTURES/t5000
W=$FIXTURES/t1500
if ! command -v lynx > /dev/null; then skip_all "lynx is not installed (Debian package lynx)"; fi

# text_warc N FILE: a WARC of N conversion records, text pages that need no
# Lynx, each a paragraph the rules keep.
text_warc() {
	awk -v n="$1" 'BEGIN {
		for (i = 1; i <= n; i++) {
			body = sprintf("Page %d of the archive holds a paragraph of running text, long enough to be kept by the rules of the cleaner.\n", i)
			printf "WARC/1.0\r\nWARC-Type: conversion\r\nWARC-Target-URI: http://example.com/%d\r\n", i
			printf "WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\n", i
			printf "WARC-Date: 2024-01-02T03:04:05Z\r\nContent-Type: text/plain\r\n"
			printf "Content-Length: %d\r\n\r\n%s\r\n\r\n", length(body), body
		}
	}' > "$2"
}
# no_temp_files DIR TITLE: no temporary output file is left in DIR.
no_temp_files() {
	if find "$1" -name '*.tmp.*' | grep -q .; then fail "$2"; find "$1" -name '*.tmp.*' | sed 's/^/# /'
	else pass "$2"; fi
}
# size_limited BLOCKS CMD...: CMD under `ulimit -f BLOCKS` with SIGXFSZ
# ignored, so that a write past the limit fails (EFBIG) as on a full disk;
# its messages go through a pipe, which the limit does not cut. CMD's status.
size_limited() {
	blocks=$1; shift
	( sh -c 'trap "" XFSZ; ulimit -f "$1"; shift; exec "$@"' sh "$blocks" "$@" 2>&1 >&3 3>&-
	  echo $? > "$TMP/limited.status" ) 3>&1 | cat >&2
	return "$(cat "$TMP/limited.status")"
}
# pages_in FILE: how many pages a cleaneval output holds.
pages_in() { grep -c '^URL: ' "$1" || true; }
# warc_record TYPE URI ID TEXT: one WARC record whose block is TEXT (URI and
# ID may hold printf escapes).
warc_record() {
	printf '%s\n' "$4" > "$TMP/block"
	printf "WARC/1.0\r\nWARC-Type: $1\r\nWARC-Target-URI: $2\r\nWARC-Record-ID: $3\r\n"
	printf 'Content-Length: %d\r\n\r\n' "$(wc -c < "$TMP/block")"
	cat "$TMP/block"
	printf '\r\n\r\n'
}
# good_record N: the Nth record (from 0) of tests/t1500/good.warc, as warcio wrote it.
good_record() {
	from=$(sed -n "$(($1 + 1))p" "$W/good.expect" | cut -d ' ' -f 1)
	to=$(sed -n "$(($1 + 2))p" "$W/good.expect" | cut -d ' ' -f 1)
	tail -c +$((from + 1)) "$W/good.warc" | head -c $((to - from))
}

text_warc 150 "$TMP/a150.warc"

# --- 1. A write error inside an archive's output ------------------------------------
# A file-size limit makes every write past it fail (SIGXFSZ ignored, so
# write() returns EFBIG), as a full disk would, half-way through the archive.
# (Messages go through a pipe, which the limit does not cut.)
fails 1 "a write error half-way through an archive's output" \
	size_limited 20 ncleaner --no-lm -o "$TMP/full" "$TMP/a150.warc"
grep_ok "...says that the pages written before are lost with it" \
	"a150.txt: .*the [0-9]* pages written to it before are lost" "$TMP/err"
grep_ok "...and counts the whole archive as failed" "^ncleaner: 150 pages, 150 failed" "$TMP/err"
ok "...leaves no output file under the archive's name" test ! -e "$TMP/full/a150.txt"
is "$(find "$TMP/full" -type f | wc -l)" 0 "...nor any other file"
for j in 1 3; do
	set +e
	size_limited 20 ncleaner --no-lm -j $j --stats "$TMP/full-j$j.json" \
		-o "$TMP/full-j$j" "$TMP/a150.warc" > /dev/null 2>&1
	set -e
	grep_ok "...-j $j: --stats counts 150 pages failed" '"pages":150,"failed":150,' "$TMP/full-j$j.json"
done
ok "...and --skip-existing then does the archive again" \
	ncleaner --no-lm --skip-existing -o "$TMP/full" "$TMP/a150.warc"
is "$(pages_in "$TMP/full/a150.txt")" 150 "...whole"

# --- 2. --stats over an input or an output ---------------------------------------------
cp "$W/good.warc.gz" "$TMP/a.warc.gz"
cp "$W/good.warc.gz" "$TMP/b.warc.gz"
fails 2 "--stats a.warc.gz b.warc.gz (the name forgotten)" \
	ncleaner --no-lm -o "$TMP/st" --stats "$TMP/a.warc.gz" "$TMP/b.warc.gz"
grep_ok "...saying it is not a stats file" "a.warc.gz: exists and is not a --stats file" "$TMP/err"
ok "...leaves the archive it names alone" cmp "$TMP/a.warc.gz" "$W/good.warc.gz"
ok "...before any work" test ! -e "$TMP/st/b.warc.txt"
fails 2 "--stats naming an input" ncleaner --no-lm -o "$TMP/st" --stats "$TMP/b.warc.gz" "$TMP/a.warc.gz" "$TMP/b.warc.gz"
grep_ok "...is refused" "b.warc.gz: is an input" "$TMP/err"
ok "...and the input is left alone" cmp "$TMP/b.warc.gz" "$W/good.warc.gz"
ncleaner --no-lm -o "$TMP/st" "$TMP/b.warc.gz" 2> /dev/null
cp "$TMP/st/b.warc.txt" "$TMP/b-before.txt"
fails 2 "--stats naming an output" ncleaner --no-lm -o "$TMP/st" --stats "$TMP/st/b.warc.txt" "$TMP/b.warc.gz"
grep_ok "...is refused" "b.warc.txt: is the output of .*b.warc.gz" "$TMP/err"
ok "...and the output is left alone" cmp "$TMP/st/b.warc.txt" "$TMP/b-before.txt"
fails 2 "--stats naming an output yet to be written, through another path" \
	ncleaner --no-lm -o "$TMP/st" --stats "$TMP/st/../st/a.warc.txt" "$TMP/a.warc.gz"
ok "...is refused before it exists" test ! -e "$TMP/st/a.warc.txt"
fails 2 "--stats in a directory that does not exist" \
	ncleaner --no-lm -o "$TMP/st2" --stats "$TMP/nowhere/stats.json" "$TMP/a.warc.gz"
grep_ok "...is refused" "nowhere/stats.json" "$TMP/err"
ok "...before any work" test ! -e "$TMP/st2/a.warc.txt"
fails 2 "--stats naming a directory" ncleaner --no-lm -o "$TMP/st2" --stats "$TMP" "$TMP/a.warc.gz"
ok "...is refused before any work" test ! -e "$TMP/st2/a.warc.txt"
ok "--stats over the stats of an earlier run" ncleaner --no-lm -o "$TMP/st3" --stats "$TMP/full-j1.json" "$TMP/a.warc.gz"
grep_ok "...replaces them" '"pages":11,"failed":0,' "$TMP/full-j1.json"
ok "--stats to a character device" ncleaner --no-lm -o "$TMP/st4" --stats /dev/null "$TMP/a.warc.gz"
no_temp_files "$TMP" "...leaves no temporary file anywhere"

# --- 4. Resuming after a truncated archive -----------------------------------------------
mkdir -p "$TMP/cut"
text_warc 1 "$TMP/one.warc"
text_warc 99 "$TMP/cut/x.warc"
head -c 150 "$TMP/one.warc" >> "$TMP/cut/x.warc"
fails 1 "an archive cut inside a record" ncleaner --no-lm -o "$TMP/res" "$TMP/cut/x.warc"
grep_ok "...says where its pages are" "x.warc: could not be read to its end: its 99 pages .* in .*res/x.txt.partial" "$TMP/err"
ok "...leaves no output under the final name" test ! -e "$TMP/res/x.txt"
ok "...but its pages under a marked one" test -s "$TMP/res/x.txt.partial"
is "$(pages_in "$TMP/res/x.txt.partial")" 99 "...the 99 pages before the cut, whole"
cp "$TMP/a150.warc" "$TMP/cut/x.warc"
ok "when the whole archive arrives, --skip-existing cleans it" \
	ncleaner --no-lm --skip-existing -o "$TMP/res" "$TMP/cut/x.warc"
is "$(pages_in "$TMP/res/x.txt")" 150 "...all of it"
ok "...and the marked file of the cut one is gone" test ! -e "$TMP/res/x.txt.partial"
# The resume loop of the GNU parallel recipe (ncleaner(1)) passes on the
# archives whose output is not there under its final name.
mkdir -p "$TMP/recipe/crawl" "$TMP/recipe/out"
gzip -c "$TMP/a150.warc" > "$TMP/recipe/crawl/whole.warc.gz"
gzip -c "$TMP/a150.warc" | head -c 1000 > "$TMP/recipe/crawl/cut.warc.gz"
(cd "$TMP/recipe" && ncleaner --no-lm -o out --format wet --gzip crawl/*.warc.gz > /dev/null 2>&1 || :)
is "$(cd "$TMP/recipe" && for f in crawl/*.warc.gz; do
	b=${f##*/}; [ -e "out/${b%.gz}.wet.gz" ] || echo "$f"
done)" "crawl/cut.warc.gz" "the recipe's resume loop passes on the cut archive again, and only it"

# --- 5. A damaged record's page ----------------------------------------------------------
for damage in crc isize; do
	fails 1 "a record whose gzip member has a bad $damage" ncleaner --no-lm -f jsonl "$W/bad-$damage.warc.gz"
	grep_ok "...fails its page, naming the member" "bad-$damage.warc.gz@[0-9]*: .*gzip" "$TMP/err"
	n=$(wc -l < "$TMP/out")
	case $damage in crc) want=1 ;; isize) want=2 ;; esac
	is "$n" "$want" "...and keeps only the pages before it"
done
fails 1 "a Content-Length 5 bytes short" ncleaner --no-lm -f jsonl "$W/bad-length-short.warc"
is "$(wc -l < "$TMP/out")" 0 "...its page is not written"
grep_ok "...the error names it" "bad-length-short.warc@[0-9]*: .*CR LF CR LF" "$TMP/err"
fails 1 "a Content-Length 7 bytes long" ncleaner --no-lm -f jsonl "$W/bad-length-long.warc"
is "$(wc -l < "$TMP/out")" 0 "...its page is not written"

# --- 6. Archives that do not begin exactly with WARC/1.x -------------------------------------
{ printf '\r\n'; cat "$W/good.warc"; } > "$TMP/crlf.warc"
{ printf '\357\273\277'; cat "$W/good.warc"; } > "$TMP/bom.warc"
{ printf '' | gzip -c; cat "$W/good.warc.gz"; } > "$TMP/empty-member.warc.gz"
sed 's#^WARC/1\.1\r$#WARC/0.17\r#' "$W/good.warc" > "$TMP/v017.warc"
sed 's#^WARC/1\.1\r$#WARC/0.18\r#' "$W/good.warc" > "$TMP/v018.warc"
for kind in crlf bom v017 v018; do
	ok "an archive beginning with $kind" ncleaner --no-lm -f jsonl "$TMP/$kind.warc"
	is "$(wc -l < "$TMP/out")" 11 "...is read as an archive: 11 pages"
done
ok "an archive whose first gzip member is empty" ncleaner --no-lm -f jsonl "$TMP/empty-member.warc.gz"
is "$(wc -l < "$TMP/out")" 11 "...is read as an archive: 11 pages"
sed 's#^WARC/1\.1\r$#WARC/0.9\r#' "$W/good.warc" > "$TMP/v09.warc"
fails 1 "a WARC version this reader does not know" ncleaner --no-lm -f jsonl "$TMP/v09.warc"
grep_ok "...is an error naming the version" "v09.warc: record at offset 0: WARC/0.9 is not a version" "$TMP/err"
is "$(wc -l < "$TMP/out")" 0 "...not one page of WARC headers"

# --- 8. Heritrix dns: records --------------------------------------------------------------
ok "a Heritrix crawl with dns: records" ncleaner --no-lm -f jsonl --stats "$TMP/heritrix.json" "$W/heritrix.warc"
is "$(wc -l < "$TMP/out")" 1 "...its one page"
grep_ok "...the dns records skipped and counted" '"records_skipped":4,' "$TMP/heritrix.json"

# --- 10. A closed standard output with SIGPIPE ignored -----------------------------------------
text_warc 400 "$TMP/a400.warc"
set +e
sh -c "trap '' PIPE; ncleaner --no-lm -j 1 -f jsonl --stats '$TMP/pipe.json' '$TMP/a400.warc' 2> '$TMP/pipe.err'; echo \$? > '$TMP/pipe.status'" | head -c 100 > /dev/null
set -e
is "$(cat "$TMP/pipe.status")" 1 "SIGPIPE ignored, standard output closed: exit 1"
is "$(grep -c 'Broken pipe' "$TMP/pipe.err")" 1 "...saying so once"
pages=$(sed -n 's/.*"pages":\([0-9]*\),.*/\1/p' "$TMP/pipe.json")
ok "...and stopping, not cleaning every page ($pages of 400)" test "$pages" -lt 400
for j in 3; do
	set +e
	sh -c "trap '' PIPE; ncleaner --no-lm -j $j -f jsonl '$TMP/a400.warc' 2> '$TMP/pipe.err'; echo \$? > '$TMP/pipe.status'" | head -c 100 > /dev/null
	set -e
	is "$(grep -c 'Broken pipe' "$TMP/pipe.err")" 1 "...-j $j: once too"
done

# --- 11. Signals to several workers ---------------------------------------------------------
# 20 runs, a signal at a random moment each: the Lynx sandboxes are created
# by worker threads, and none may outlive a signal. (env --default-signal:
# a background job of a script starts with SIGINT ignored.)
mkdir -p "$TMP/sigin"
for i in $(seq 1 24); do cp "$F/page.html" "$TMP/sigin/p$i.html"; done
left=0 statuses=ok
for run in $(seq 1 20); do
	set -- INT TERM HUP USR1 PIPE
	shift $((run % 5))
	sig=$1
	delay=$(awk -v r="$run" 'BEGIN { srand(r * 7919); printf "%.3f", 0.02 + rand() * 0.5 }')
	rm -rf "$TMP/sigtmp" "$TMP/sigout"
	mkdir -p "$TMP/sigtmp"
	TMPDIR=$TMP/sigtmp env --default-signal ncleaner --no-lm -j 4 -o "$TMP/sigout" "$TMP/sigin" \
		> /dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	kill -"$sig" "$pid" 2> /dev/null || :
	set +e; wait "$pid"; status=$?; set -e
	[ "$status" -gt 128 ] || [ "$status" = 0 ] || statuses="run $run: SIG$sig gave $status"
	# (valgrind keeps files of its own in TMPDIR, which a signal leaves too)
	leftovers=$(ls -A "$TMP/sigtmp" | grep -v -e '^valgrind_' -e '^vgdb-' || :)
	if [ -n "$leftovers" ]; then
		left=$((left + 1)); echo "# run $run: SIG$sig after $delay s left $leftovers"
	fi
	no_leftover=$(find "$TMP/sigout" -name '*.tmp.*' 2> /dev/null | wc -l)
	[ "$no_leftover" = 0 ] || { left=$((left + 1)); echo "# run $run: a temporary output file left"; }
done
is "$left" 0 "20 signals at random moments to -j 4: no run leaves a sandbox or a temporary file"
is "$statuses" ok "...and each ends with 128 + the signal (or had finished)"

# --- 12. What a run killed with SIGKILL leaves (issue 36) --------------------------------------
# kill -9 runs no handler: the half-written output stays, a hidden temporary
# file (a multi-GB WET file on a long run). A later run removes, where it
# writes, the temporary files whose writer is gone (it holds no lock on
# them any more), and says so; a running writer's file, and files of other
# names, stay.
K=$TMP/k9
mkdir -p "$K/out" "$K/in/sub"
text_warc 400 "$K/a400.warc"   # more than the 64 KB a pipe's reader takes at once
mkfifo "$K/stream.warc"
# stalled OUTPUT: ncleaner -o OUTPUT cleans the FIFO, which gives it 400
# records and then nothing, held open on fd 3: the run waits for more with
# its output file open. Its pid in $stalled once that file exists.
stalled() {
	exec 3<> "$K/stream.warc"
	ncleaner --no-lm --quiet -o "$1" "$K/stream.warc" > /dev/null 2>&1 3>&- &
	stalled=$!
	timeout 20 cat "$K/a400.warc" >&3 || :   # (blocks for good if the run is gone)
	for i in $(seq 1 100); do
		find "$(dirname "$1")" -name '.*.tmp.*' | grep -q . && break
		sleep 0.1
	done
}
# ours DIR: the temporary files of our naming in DIR (regular files), sorted.
ours() { find "$1" -maxdepth 1 -type f | sed 's|.*/||' | grep -E '^\..*\.tmp\.[0-9a-f]{12}$' | sort || :; }

stalled "$K/out"
live=$(ours "$K/out")
is "$(echo "$live" | grep -c '^\.stream\.txt\.tmp\.')" 1 "a run stalled in an archive has its output file open"
printf '<p>Another page, cleaned by another run into the same directory.</p>' > "$K/other.html"
ok "...a second run writes into the same directory meanwhile" ncleaner --no-lm -o "$K/out" "$K/other.html"
is "$(ours "$K/out")" "$live" "...and leaves the running writer's file alone"
grep_fails "...saying nothing of it" "removed" "$TMP/err"
kill -9 "$stalled"
set +e; wait "$stalled"; set -e
exec 3>&-
is "$(ours "$K/out")" "$live" "kill -9 leaves the temporary file"
# Files that are not leftovers of ours: other names, a symlink, a directory.
touch "$K/out/.notes.tmp.txt" "$K/out/x.txt.tmp.0123456789ab" "$K/out/.y.txt.tmp.0123456789ab.bak"
echo precious > "$K/victim"
ln -s "$K/victim" "$K/out/.z.txt.tmp.0123456789ab"
mkdir "$K/out/.d.txt.tmp.0123456789ab"
ok "a later run over the same output" ncleaner --no-lm -o "$K/out" "$K/a400.warc"
is "$(ours "$K/out")" "" "...removes the leftover"
grep_ok "...and says so, naming the directory" \
	"^ncleaner: $K/out: removed 1 temporary file that an earlier run, stopped before it finished (killed with SIGKILL, a crash), left behind" "$TMP/err"
is "$(pages_in "$K/out/a400.txt")" 400 "...its own output whole"
ok "...files of other names stay" test -e "$K/out/.notes.tmp.txt" -a -e "$K/out/x.txt.tmp.0123456789ab" \
	-a -e "$K/out/.y.txt.tmp.0123456789ab.bak"
ok "...so do a symlink and a directory named like one" \
	test -L "$K/out/.z.txt.tmp.0123456789ab" -a -d "$K/out/.d.txt.tmp.0123456789ab"
is "$(cat "$K/victim")" "precious" "...and what the symlink points to"
rm -rf "$K/out/.notes.tmp.txt" "$K/out/x.txt.tmp.0123456789ab" "$K/out/.y.txt.tmp.0123456789ab.bak" \
	"$K/out/.z.txt.tmp.0123456789ab" "$K/out/.d.txt.tmp.0123456789ab"

# In every directory the run writes in (once a run), not in others. An
# unlocked file of our naming is a leftover (an older version's holds no
# lock either).
mkdir -p "$K/out/sub" "$K/out/elsewhere"
touch "$K/out/sub/.a.txt.tmp.0123456789ab" "$K/out/sub/.b.txt.tmp.00000000abcd" \
	"$K/out/elsewhere/.c.txt.tmp.0123456789ab"
cp "$F/page.html" "$K/in/sub/a.html"
cp "$F/page.html" "$K/in/sub/b.html"
ok "a run writing into a subdirectory" ncleaner --no-lm -o "$K/out" "$K/in"
is "$(ours "$K/out/sub")" "" "...removes the leftovers there"
grep_ok "...naming it" "^ncleaner: $K/out/sub: removed 2 temporary files that earlier runs" "$TMP/err"
is "$(grep -c 'removed' "$TMP/err")" 1 "...once"
is "$(ours "$K/out/elsewhere")" ".c.txt.tmp.0123456789ab" "...and not where it does not write"

# -o FILE: the leftovers of that file, not of others beside it.
stalled "$K/whole.txt"
kill -9 "$stalled"
set +e; wait "$stalled"; set -e
exec 3>&-
is "$(ours "$K" | sed 's/[0-9a-f]*$//')" ".whole.txt.tmp." "-o FILE killed with -9 leaves its temporary file"
touch "$K/.another.txt.tmp.0123456789ab"
ok "...a later run to the same file" ncleaner --no-lm -o "$K/whole.txt" "$K/a400.warc"
is "$(ours "$K")" ".another.txt.tmp.0123456789ab" "...removes it, and not another file's"
grep_ok "...saying so" "^ncleaner: $K/whole.txt: removed 1 temporary file" "$TMP/err"
is "$(pages_in "$K/whole.txt")" 400 "...and writes the file whole"

# --- Smaller ----------------------------------------------------------------------------------
# JSON lines: no raw DEL or C1 control in url and record_id.
warc_record conversion 'http://example.com/a\177b\302\205c\302\233[31m' '<urn:uuid:del\177\302\237>' \
	"A paragraph of text in a conversion record, long enough to be kept." > "$TMP/controls.warc"
ok "a record whose URL and id hold DEL and C1 controls" ncleaner --no-lm -f jsonl "$TMP/controls.warc"
if LC_ALL=C grep -q -e "$(printf '\177')" -e "$(printf '\302[\200-\237]')" "$TMP/out"; then
	fail "...JSON lines carry none of them raw"; sed 's/^/# /' "$TMP/out" | cat -v
else pass "...JSON lines carry none of them raw"; fi
grep_ok "...the URL is percent-encoded as on the URL line" '"url":"http://example.com/a%7Fb%C2%85c%C2%9B\[31m"' "$TMP/out"
grep_ok "...the record id escaped" '"record_id":"<urn:uuid:del\\u007f\\u009f>"' "$TMP/out"

# A NUL in a WARC header cuts nothing silently.
warc_record conversion 'http://example.com/\000evil' '<urn:uuid:nul>' \
	"A paragraph of text in a conversion record, long enough to be kept." > "$TMP/nul.warc"
fails 1 "a NUL in a WARC header" ncleaner --no-lm -f jsonl "$TMP/nul.warc"
grep_ok "...is an error naming the record" "nul.warc: record at offset 0: .*NUL" "$TMP/err"
is "$(wc -l < "$TMP/out")" 0 "...and no page with a cut URL"

# Standard input named twice, or empty.
fails 2 "standard input named twice" sh -c "echo 'Some words of text.' | ncleaner --no-lm -f jsonl - -"
grep_ok "...is a usage error" "standard input" "$TMP/err"
is "$(wc -c < "$TMP/out")" 0 "...cleaned not even once"
fails 1 "empty standard input" sh -c ": | ncleaner --no-lm -"
grep_ok "...is an error, not an empty page" "standard input is empty" "$TMP/err"
is "$(wc -c < "$TMP/out")" 0 "...and writes nothing"

# A WARC gzip'd as a whole: every page has a name of its own.
gzip -c "$W/good.warc" > "$TMP/whole.warc.gz"
ok "a WARC gzip'd whole" ncleaner --no-lm -f jsonl "$TMP/whole.warc.gz"
is "$(sed 's/.*"source":"\([^"]*\)".*/\1/' "$TMP/out" | sort -u | wc -l)" 11 "...names its 11 pages apart"
grep_ok "...as FILE@MEMBER+SKIP" '"source":"[^"]*whole.warc.gz@0+747"' "$TMP/out"
# Two identical records in one member: two WET records with two ids.
{ good_record 2; good_record 2; } > "$TMP/twins.warc"
gzip -c "$TMP/twins.warc" > "$TMP/twins.warc.gz"
ok "two identical records gzip'd in one member" ncleaner --no-lm -f wet "$TMP/twins.warc.gz"
is "$(grep '^WARC-Record-ID' "$TMP/out" | sort -u | wc -l)" 3 "...get two WET records with ids of their own"

# x.html.gz: named once; zero padding after the last member is ignored.
gzip -c "$F/page.html" | head -c 300 > "$TMP/cut.html.gz"
fails 1 "a gzip'd page cut short" ncleaner --no-lm "$TMP/cut.html.gz"
is "$(grep -o 'cut.html.gz' "$TMP/err" | wc -l)" 1 "...names the file once"
{ gzip -c "$F/page.html"; head -c 1024 /dev/zero; } > "$TMP/padded.html.gz"
ok "a gzip'd page followed by zero padding (as gzip(1) accepts)" ncleaner --no-lm "$TMP/padded.html.gz"
grep_ok "...is cleaned" "^<h>The Harbour Story" "$TMP/out"
{ gzip -c "$F/page.html"; head -c 100 /dev/zero; printf 'junk'; } > "$TMP/junk.html.gz"
fails 1 "zero padding followed by junk" ncleaner --no-lm "$TMP/junk.html.gz"
grep_ok "...is an error" "after a gzip member are not gzip" "$TMP/err"

# A conversion record of binary data is no page.
{ printf 'WARC/1.0\r\nWARC-Type: conversion\r\nWARC-Target-URI: http://example.com/bin\r\nContent-Length: 4096\r\n\r\n'
  head -c 4096 "$BUILD/src/ncleaner"; printf '\r\n\r\n'
  warc_record conversion http://example.com/text '<urn:uuid:text>' "A paragraph of text in a conversion record, long enough to be kept."
} > "$TMP/binconv.warc"
ok "a conversion record of binary data" ncleaner --no-lm -f jsonl --stats "$TMP/binconv.json" "$TMP/binconv.warc"
is "$(wc -l < "$TMP/out")" 1 "...is skipped, the text record is cleaned"
grep_ok "...and counted" '"records_skipped":1,' "$TMP/binconv.json"

# FF FE 00 00: a UTF-16LE byte order mark and a NUL character, as browsers read it.
{ printf '\377\376\000\000'; iconv -f UTF-8 -t UTF-16LE "$F/page.html"; } > "$TMP/ff-fe-00-00.html"
ok "FF FE 00 00 followed by UTF-16LE" ncleaner --no-lm -f jsonl "$TMP/ff-fe-00-00.html"
grep_ok "...is read as UTF-16LE" '"charset":"UTF-16LE"' "$TMP/out"
grep_ok "...and its text comes out" "The Harbour Story" "$TMP/out"

# Text dumps have a size limit, as pages have (256 MiB).
if [ "${VALGRIND:-}" = 1 ]; then
	skip "the text dump limit takes 256 MiB of text: not under valgrind"
	skip "the text dump limit"
else
	set +e
	yes 'Some words of a text dump that never ends, line after line after line.' |
		head -c 270000000 | gzip -1 > "$TMP/huge.txt.gz"
	set -e
	fails 1 "a text dump of more than 256 MiB" ncleaner --no-lm -f cleaneval "$TMP/huge.txt.gz"
	grep_ok "...fails, naming the limit" "huge.txt.gz: larger than the limit of 268435456 bytes" "$TMP/err"
	rm -f "$TMP/huge.txt.gz"
fi

# --- 9. The in-process renderers' deadline -------------------------------------------
# One element of 200,000 attributes was quadratic in libxml2 (75 s); the
# attribute list is cut before parsing, and --timeout bounds every renderer.
awk 'BEGIN { printf "<html><body><p"; for (i = 0; i < 200000; i++) printf " a%d=\"x\"", i;
	printf ">A paragraph of running text long enough to be kept.</p></body></html>\n" }' > "$TMP/attrs.html"
for r in blocks builtin; do
	ok "$r: an element of 200,000 attributes is cleaned within --timeout 30" \
		ncleaner --renderer $r --no-lm --timeout 30 "$TMP/attrs.html"
	grep_ok "...keeping its text" "A paragraph of running text" "$TMP/out"
done
awk 'BEGIN { printf "<html><body>"; for (i = 0; i < 200000; i++) printf "<p>Some running text, long enough to keep.</p>";
	printf "</body></html>\n" }' > "$TMP/long.html"
fails 1 "an in-process parse past --timeout fails the page" \
	ncleaner --method ice-bl --timeout 0.001 "$TMP/long.html"
grep_ok "...saying so" "took longer than 0.001 seconds" "$TMP/err"
done_testing
